"""Chaos construction (issue 37): the regions are unknowns, a solution is a grid with one
split into regions, and a grid with two splits is two solutions (as ISS counts).

The splits of a grid are counted four ways that share no code: plain enumeration here
(every connected set of cells with distinct values, then every exact cover by them), the
checker's own search (``rules_chaos.splits``), the witness's labelling
(``witness_chaos.count_splits``) and the sat and cpsat encodings (a solution per split, the
grid given). Then whole puzzles: each paradigm against enumeration over every 4x4 Latin
square, and the cross-check's verdicts on random full grids.
"""

from __future__ import annotations

import importlib.util
import random
from itertools import combinations, permutations

import pytest

from sudoku_cp.errors import PuzzleError
from sudoku_cp.variants import model as m
from sudoku_cp.variants.crosscheck import crosscheck
from sudoku_cp.variants.iss import parse_iss
from sudoku_cp.variants.iss_write import write_iss
from sudoku_cp.variants.paradigms import PARADIGMS, UnsupportedConstraint, solve
from sudoku_cp.variants.rules import check_solution
from sudoku_cp.variants.rules_chaos import splits
from sudoku_cp.variants.witness_chaos import count_splits
from test_variants_properties import random_grid

PRESENT = [name for name, module in PARADIGMS.items() if importlib.util.find_spec(module)] + \
    (["fast"] if importlib.util.find_spec("numba") else [])
CHAOS = (m.ChaosConstruction(),)


def _connected(n, cells):
    cells = set(cells)
    todo, seen = [min(cells)], {min(cells)}
    while todo:
        r, c = divmod(todo.pop(), n)
        for w in ((r - 1) * n + c, (r + 1) * n + c, r * n + c - 1, r * n + c + 1):
            if w in cells and w not in seen and abs(w // n - r) + abs(w % n - c) == 1:
                seen.add(w)
                todo.append(w)
    return seen == cells


def _splits_by_enumeration(n, grid):
    """Every split, from the definition: the connected n-sets of distinct values, then
    every way to cover the grid by n of them, disjoint."""
    pieces = [s for s in combinations(range(n * n), n)
              if len({grid[x] for x in s}) == n and _connected(n, s)]
    found = []

    def cover(free, made):
        if not free:
            found.append(tuple(sorted(made)))
            return
        first = min(free)
        for s in pieces:
            if s[0] == first and free.issuperset(s):
                cover(free - set(s), made + [s])

    cover(frozenset(range(n * n)), [])
    return found


def _latin_squares_4x4():
    rows = list(permutations(range(1, 5)))
    out = []
    for a in rows:
        for b in rows:
            if any(x == y for x, y in zip(a, b)):
                continue
            for c in rows:
                if any(x in (y, z) for x, y, z in zip(c, a, b)):
                    continue
                d = tuple(10 - x - y - z for x, y, z in zip(a, b, c))
                out.append(a + b + c + d)
    return out


@pytest.mark.parametrize("seed", range(6))
def test_the_splits_of_a_4x4_grid_four_ways(seed):
    rng = random.Random(seed)
    grid = tuple(random_grid(rng, 2, 2))
    truth = sorted(_splits_by_enumeration(4, grid))
    p = m.VariantPuzzle(4, box=None, constraints=CHAOS)
    assert sorted(splits(p, grid)) == truth
    assert count_splits(4, grid, 10_000) == len(truth)
    given = m.VariantPuzzle(4, box=None, givens=tuple(enumerate(grid)), constraints=CHAOS)
    for paradigm in PRESENT:
        r = solve(given, paradigm, limit=len(truth) + 1, time_limit=60)
        assert r.exhausted and r.solutions == [grid] * len(truth), paradigm


@pytest.mark.parametrize("seed", range(2))
def test_the_splits_of_a_6x6_grid_agree_up_to_a_cap(seed):
    rng = random.Random(seed)
    grid = tuple(random_grid(rng, 2, 3))
    cap = 8  # (cpsat takes about a second a split here: a re-solve per solution)
    p = m.VariantPuzzle(6, box=None, constraints=CHAOS)
    mine = sum(1 for _, _ in zip(range(cap), splits(p, grid)))
    assert mine >= 2  # rows and columns at least
    assert count_splits(6, grid, cap) == mine
    given = m.VariantPuzzle(6, box=None, givens=tuple(enumerate(grid)), constraints=CHAOS)
    for paradigm in PRESENT:
        r = solve(given, paradigm, limit=cap, time_limit=120)
        assert len(r.solutions) == mine and set(r.solutions) == {grid}, paradigm
        assert r.exhausted == (mine < cap), paradigm


@pytest.mark.parametrize("seed", range(3))
def test_each_paradigm_counts_grid_and_split_pairs_as_enumeration_does(seed):
    rng = random.Random(seed)
    squares = _latin_squares_4x4()
    grid = rng.choice(squares)
    givens = tuple((x, grid[x]) for x in sorted(rng.sample(range(16), 9)))
    p = m.VariantPuzzle(4, box=None, givens=givens, constraints=CHAOS)
    truth = {}
    for g in squares:
        if all(g[x] == v for x, v in givens):
            truth[g] = len(_splits_by_enumeration(4, g))
    total = sum(truth.values())
    for paradigm in PRESENT:
        r = solve(p, paradigm, limit=total + 1, time_limit=120)
        assert r.exhausted, paradigm
        got = {g: r.solutions.count(g) for g in set(r.solutions)}
        assert got == truth, paradigm


@pytest.mark.parametrize("seed", range(4))
def test_a_full_grid_under_chaos_is_two_solutions_rows_and_columns_at_least(seed):
    rng = random.Random(seed)
    n, (br, bc) = rng.choice(((4, (2, 2)), (6, (2, 3))))
    grid = tuple(random_grid(rng, br, bc))
    p = m.VariantPuzzle(n, givens=tuple(enumerate(grid)), constraints=CHAOS)
    assert check_solution(p, grid) == []
    r = crosscheck(p, time_limit=60)
    assert r.verdict.value == "multiple" and r.solutions == (grid, grid), r.evidence


def test_a_grid_with_no_split_is_reported_by_the_chaos_rule():
    from sudoku_cp.variants.rules_chaos import CHECKS

    p = m.VariantPuzzle(4, box=None, constraints=CHAOS)
    assert list(CHECKS["chaos_construction"](p, (1, 1, 2, 2) * 4, CHAOS[0]))
    # (rows of 1 1 2 2: no region can hold four values); rows 1 2 3 4: the rows are a split
    assert list(CHECKS["chaos_construction"](p, (1, 2, 3, 4) * 4, CHAOS[0])) == []


def test_the_iss_string_reads_and_writes_back():
    p = parse_iss(".Shape~4x4.NoBoxes.ChaosConstruction.~R1C1_1")
    assert p.box is None and p.constraints == CHAOS
    back = parse_iss(write_iss(p))
    assert back == p
    twice = parse_iss(".Shape~4x4.ChaosConstruction.ChaosConstruction")
    assert twice.constraints == CHAOS  # (ISS keeps one per puzzle)


@pytest.mark.parametrize("text, words", [
    (".Shape~6x6.RegionSize~4.ChaosConstruction",
     "unsupported constraint ChaosConstruction (regions of 4 cells"),
    (".Shape~4x4.ChaosConstruction.SameValues~3~CC1~CC2~CC3~CC4", "multiple of the number of sets"),
    (".Shape~4x4~5.ChaosConstruction", "needs 4 values"),
])
def test_what_is_not_read_is_refused_in_one_line(text, words):
    with pytest.raises(PuzzleError) as info:
        parse_iss(text)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_a_chaos_construction_is_no_part_of_an_or():
    with pytest.raises(PuzzleError, match="cannot be a part"):
        m.VariantPuzzle(4, constraints=(m.Or((m.ChaosConstruction(), m.Odd(0))),))


def test_mip_declines_it_by_name():
    p = m.VariantPuzzle(4, box=None, constraints=CHAOS)
    with pytest.raises(UnsupportedConstraint, match="chaos_construction"):
        solve(p, "mip", limit=2, time_limit=10)
