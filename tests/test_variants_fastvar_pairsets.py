"""``fast`` for variants: the sets of values a rule over every two cells allows.

A symmetric rule of values that differ, over every two cells of a group (a Nabner line:
``PairX``), holds exactly when the group's values are a set of ``len(cells)`` values that
go together pairwise. ``program_rules._pair_sets`` states those sets as a ``CAGE`` beside
the pairs (ISS's exact combinations). Checked here: the sets against a brute force, a
deduction only the sets make, and random puzzles of such rules against ``sat``'s
solutions and the independent checker.
"""

from __future__ import annotations

import itertools
import random

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.fastvar.program import CAGE, compile_puzzle  # noqa: E402
from sudoku_cp.variants.paradigms import solve  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402


def _nabner(cells, n):
    """Every two cells differ by more than one (flat ``allowed`` pairs of 1..n)."""
    return m.Pair(tuple(cells), tuple(v for a in range(1, n + 1) for b in range(1, n + 1)
                                      if abs(a - b) > 1 for v in (a, b)), all_pairs=True)


def _cage_sets(prog):
    got = []
    for i, kind in enumerate(prog.kinds.tolist()):
        if kind == CAGE:
            o = int(prog.pstart[i])
            k, start, count = (int(v) for v in prog.data[o:o + 3])
            got.append((k, sorted(int(t) for t in prog.tab[start:start + count])))
    return got


def test_the_sets_are_every_set_of_values_that_go_together():
    prog = compile_puzzle(m.VariantPuzzle(9, constraints=(_nabner((0, 10, 20, 30), 9),)))
    want = sorted(sum(1 << (v - 1) for v in s) for s in itertools.combinations(range(1, 10), 4)
                  if all(abs(a - b) > 1 for a, b in itertools.combinations(s, 2)))
    assert len(want) == 15
    assert (4, want) in _cage_sets(prog)


def test_no_sets_for_a_rule_that_is_not_symmetric_or_allows_equal_values():
    more = m.Pair((0, 5, 10), tuple(v for a in range(1, 5) for b in range(1, a)
                                    for v in (a, b)), all_pairs=True)  # decreasing
    same = m.Pair((0, 5, 10), tuple(v for a in range(1, 5) for b in range(1, 5)
                                    if abs(a - b) != 1 for v in (a, b)), all_pairs=True)
    for rule in (more, same):
        assert _cage_sets(compile_puzzle(m.VariantPuzzle(4, constraints=(rule,)))) == []


def test_three_cells_of_1_to_4_apart_fail_at_the_root():
    # every value has a partner two apart, so the pairs alone remove nothing: only the
    # sets see that no three values of 1..4 are pairwise apart
    puzzle = m.VariantPuzzle(4, constraints=(_nabner((0, 5, 10), 4),))
    got = engine.solve(puzzle, limit=2)
    assert got.solutions == [] and got.status != "timeout"
    assert dict(got.stats)["nodes"] == 1


def _grid6(rng):
    """A solved 6x6 (boxes 2 rows by 3 columns) drawn from ``rng`` alone: a pattern grid
    with its bands, the rows in each band, the columns in each stack and the values
    shuffled (the same grid for a seed on every run, whatever a solver returns first)."""
    bands = rng.sample(range(3), 3)
    rows = [2 * b + r for b in bands for r in rng.sample(range(2), 2)]
    stacks = rng.sample(range(2), 2)
    cols = [3 * t + c for t in stacks for c in rng.sample(range(3), 3)]
    values = rng.sample(range(1, 7), 6)
    return tuple(values[((r % 2) * 3 + r // 2 + c) % 6] for r in rows for c in cols)


def _puzzles(seed):
    """6x6 puzzles with two random symmetric rules of differing values over every two
    cells of a random group, each holding on a solved grid, and a few of its givens."""
    rng = random.Random(seed)
    grid = _grid6(rng)
    for _ in range(3):
        rules = []
        for _ in range(2):
            cells = rng.sample(range(36), rng.randint(3, 4))
            if len({grid[x] for x in cells}) < len(cells):
                continue  # (the rule makes them differ)
            need = {frozenset((grid[a], grid[b])) for a, b in itertools.combinations(cells, 2)}
            ok = {frozenset(p) for p in itertools.combinations(range(1, 7), 2)
                  if frozenset(p) in need or rng.random() < 0.5}
            rules.append(m.Pair(tuple(cells), tuple(v for a, b in itertools.permutations(
                range(1, 7), 2) if frozenset((a, b)) in ok for v in (a, b)), all_pairs=True))
        givens = tuple((x, grid[x]) for x in rng.sample(range(36), 8))
        yield m.VariantPuzzle(6, givens=givens, constraints=tuple(rules))


@pytest.mark.parametrize("seed", range(6))
def test_puzzles_of_pair_sets_keep_every_solution(seed):
    stated = 0
    for puzzle in _puzzles(seed):
        stated += len(_cage_sets(compile_puzzle(puzzle)))
        got = engine.solve(puzzle, limit=500)
        want = solve(puzzle, "sat", limit=500)
        assert len(want.solutions) < 500  # (every solution: the lists compare whole)
        assert got.status == "solved"
        assert sorted(got.solutions) == sorted(tuple(s) for s in want.solutions)
        for s in got.solutions:
            assert check_solution(puzzle, s) == []
    assert stated  # (some rule was stated as sets)
