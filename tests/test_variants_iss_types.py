"""ISS's cage-like sets and global rules (issue 37): each paradigm against plain
enumeration on 4x4 grids, against each other on 9x9 grids read off random full grids,
and the ISS strings that carry them.

The constraints are read off a random full grid, so the grid keeps them; the global
rules are taken as they come (a 4x4 grid may break them: then the count is 0 for all).
"""

from __future__ import annotations

import importlib.util
import random
from dataclasses import fields
from itertools import combinations, product

import pytest

from sudoku_cp.errors import PuzzleError
from sudoku_cp.variants import model as m
from sudoku_cp.variants.iss import parse_iss
from sudoku_cp.variants.paradigms import PARADIGMS, solve
from sudoku_cp.variants.rules import check_solution, is_solution
from test_variants_properties import _all_grids_4x4, random_grid

PRESENT = [name for name, module in PARADIGMS.items() if importlib.util.find_spec(module)]
NEW = ("sum", "rellik_cage", "equality_cage", "contain_exact", "anti_taxicab",
       "global_mod", "global_entropy", "dutch_flatmates", "lunchbox", "indexing",
       "value_indexing", "hidden_skyscraper", "counting_circles", "sum_line", "equal_sum",
       "count_distinct", "pair")


def _line(rng, n, length):
    """A random orthogonal path of up to ``length`` distinct cells."""
    path = [rng.randrange(n * n)]
    while len(path) < length:
        r, c = divmod(path[-1], n)
        nxt = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
               if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc not in path]
        if not nxt:
            break
        path.append(rng.choice(nxt))
    return tuple(path)


def _houses(n):
    return [tuple(range(r * n, r * n + n)) for r in range(n)] + [
        tuple(range(c, n * n, n)) for c in range(n)]


def _cage(rng, grid, n, size):
    """``size`` cells of one box, in a random order."""
    box = rng.choice(m.VariantPuzzle(n).boxes())
    return tuple(rng.sample(box, size))


def read_off(rng, grid, n, tag):
    """One constraint of type ``tag`` that ``grid`` keeps (or a global rule as it is), or
    None when none was found quickly."""
    if tag == "sum":
        cells = tuple(rng.sample(range(n * n), rng.randint(2, 4)))
        weights = tuple(rng.choice((1, 1, 2, -1, 3)) for _ in cells)
        return m.Sum(cells, sum(w * grid[x] for w, x in zip(weights, cells)), weights)
    if tag == "rellik_cage":
        cells = _cage(rng, grid, n, rng.randint(2, 3))
        sums = {sum(grid[x] for x in s) for k in range(1, len(cells) + 1)
                for s in combinations(cells, k)}
        missing = [t for t in range(1, 2 * n) if t not in sums]
        return m.RellikCage(cells, rng.choice(missing))
    if tag == "equality_cage":
        for _ in range(200):
            cells = _cage(rng, grid, n, 2)
            c = m.EqualityCage(cells)
            if is_solution(m.VariantPuzzle(n, constraints=(c,)), grid):
                return c
        return None
    if tag == "contain_exact":
        cells = _cage(rng, grid, n, 3)
        return m.ContainExact(cells, tuple(grid[x] for x in cells[:2]))
    if tag == "lunchbox":  # (3 cells at least: on 2 the rule always holds with total 0)
        cells = _cage(rng, grid, n, rng.randint(3, n))
        held = [grid[x] for x in cells]
        i, j = sorted((held.index(min(held)), held.index(max(held))))
        return m.Lunchbox(cells, sum(held[i + 1:j]))
    if tag == "indexing":
        line = rng.choice(_houses(n))
        cell = rng.choice(line) if rng.random() < 0.5 else line[0]
        return m.Indexing(cell, line, grid[line[grid[cell] - 1]])
    if tag == "value_indexing":
        for _ in range(500):
            line = _line(rng, n, rng.randint(3, n))
            k = grid[line[1]]
            if len(line) >= 3 and k <= len(line) - 2 and grid[line[1 + k]] == grid[line[0]]:
                return m.ValueIndexing(line)
        return None
    if tag == "hidden_skyscraper":
        for _ in range(100):
            line = rng.choice(_houses(n))
            line = line if rng.random() < 0.5 else line[::-1]
            vals, top = [grid[x] for x in line], grid[line[0]]
            hidden = next((v for v in vals[1:] if v < max(vals[:vals.index(v)])), None)
            if hidden is not None:
                return m.HiddenSkyscraper(line, hidden)
    if tag == "counting_circles":
        for _ in range(500):
            cells = tuple(rng.sample(range(n * n), rng.randint(1, 4)))
            c = m.CountingCircles(cells)
            if is_solution(m.VariantPuzzle(n, constraints=(c,)), grid):
                return c
        return m.CountingCircles((grid.index(1),))
    if tag == "sum_line":
        line = _line(rng, n, rng.randint(2, 2 * n))
        loop = rng.random() < 0.3
        totals = [t for t in range(1, 3 * n) if is_solution(
            m.VariantPuzzle(n, constraints=(m.SumLine(line, t, loop),)), grid)]
        return m.SumLine(line, rng.choice(totals), loop) if totals else None
    if tag == "equal_sum":
        for _ in range(500):
            lengths = [rng.randint(1, 3) for _ in range(rng.randint(2, 3))]
            cells = tuple(rng.sample(range(n * n), sum(lengths)))
            c = m.EqualSum(cells, tuple(lengths))
            if is_solution(m.VariantPuzzle(n, constraints=(c,)), grid):
                return c
        return None
    if tag == "count_distinct":
        cells = tuple(rng.sample(range(n * n), rng.randint(2, 4)))
        distinct = len({grid[x] for x in cells})
        return m.CountDistinct(rng.choice([x for x in range(n * n) if grid[x] == distinct]), cells)
    if tag == "pair":  # a random relation that keeps the grid's pairs along a random line
        line = _line(rng, n, rng.randint(2, n))
        everyone = rng.random() < 0.5
        pairs = [(a, b) for i, a in enumerate(line) for b in line[i + 1:]] if everyone else \
            list(zip(line, line[1:]))
        ok = {(grid[a], grid[b]) for a, b in pairs} | {
            (u, v) for u in range(1, n + 1) for v in range(1, n + 1) if rng.random() < 0.3}
        return m.Pair(line, tuple(x for uv in sorted(ok) for x in uv), everyone)
    return m.TYPES[tag]()


def _solutions(puzzle, paradigm, limit):
    r = solve(puzzle, paradigm, limit=limit, time_limit=60)
    assert r.exhausted or r.count == limit, (paradigm, r.status)
    for s in r.solutions:
        assert check_solution(puzzle, s) == [], paradigm
    return {tuple(s) for s in r.solutions}


@pytest.mark.parametrize("tag", NEW)
@pytest.mark.parametrize("seed", range(3))
def test_each_paradigm_finds_the_grids_enumeration_finds_on_4x4(tag, seed):
    rng = random.Random(seed)
    grid = random_grid(rng, 2, 2)
    twice = bool(fields(m.TYPES[tag]))  # two cages; a global rule once
    constraints = [read_off(rng, grid, 4, tag) for _ in range(2 if twice else 1)]
    puzzle = m.VariantPuzzle(4, constraints=tuple(dict.fromkeys(c for c in constraints if c)))
    truth = {g for g in _all_grids_4x4() if is_solution(puzzle, g)}
    for paradigm in PRESENT:
        assert _solutions(puzzle, paradigm, 300) == truth, paradigm


@pytest.mark.parametrize("seed", range(4))
def test_the_paradigms_agree_on_9x9_from_random_grids(seed):
    rng = random.Random(100 + seed)
    grid = random_grid(rng, 3, 3)
    cs = [read_off(rng, grid, 9, tag) for tag in ("sum", "rellik_cage", "equality_cage",
                                                  "contain_exact", "lunchbox", "indexing",
                                                  "value_indexing", "hidden_skyscraper",
                                                  "counting_circles", "sum_line", "equal_sum",
                                                  "count_distinct", "pair")
          for _ in range(2)]
    cs += [g for g in (m.AntiTaxicab(), m.GlobalMod(), m.GlobalEntropy(), m.DutchFlatmates())
           if is_solution(m.VariantPuzzle(9, constraints=(g,)), grid)]
    full = m.VariantPuzzle(9, givens=tuple(enumerate(grid)),
                           constraints=tuple(dict.fromkeys(c for c in cs if c)))
    keep = sorted(rng.sample(range(81), 40))
    puzzle = m.VariantPuzzle(9, givens=tuple((x, grid[x]) for x in keep), constraints=full.constraints)
    assert is_solution(full, grid)
    found = [_solutions(puzzle, paradigm, 2) for paradigm in PRESENT]
    assert all(len(f) == len(found[0]) for f in found) and found[0]


@pytest.mark.parametrize("tag, broken", [
    ("sum", m.Sum((0, 1), 4, (1, 2))),  # 1 + 2 * 2 is 5
    ("rellik_cage", m.RellikCage((0, 1), 3)),
    ("contain_exact", m.ContainExact((0, 1, 4), (1, 1))),
])
def test_the_checker_reports_a_broken_rule(tag, broken):
    grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    assert check_solution(m.VariantPuzzle(4, constraints=(broken,)), grid)[0].startswith(tag)


def test_global_rules_by_definition_on_a_4x4_grid():
    grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    # R1C1=1 and R2C2=4... the top-left square holds 1, 2, 3, 4: residues 1, 2, 0, 1
    assert is_solution(m.VariantPuzzle(4, constraints=(m.GlobalMod(),)), grid) == all(
        len({grid[r * 4 + c] % 3 for r, c in product((i, i + 1), (j, j + 1))}) == 3
        for i in range(3) for j in range(3))
    # the middle value of 1..4 is 2: each 2 needs a 1 above or a 4 below
    twos = [x for x in range(16) if grid[x] == 2]
    ok = all((x >= 4 and grid[x - 4] == 1) or (x + 4 < 16 and grid[x + 4] == 4) for x in twos)
    assert is_solution(m.VariantPuzzle(4, constraints=(m.DutchFlatmates(),)), grid) == ok


def test_iss_strings_carry_the_types():
    p = parse_iss(".Sum~10_=_1_2~R1C1~R1C2.Sum~7~R3C3~R4C4.RellikCage~5~R2C1~R2C2"
                  ".EqualityCage~R4C4~R4C5.ContainExact~1_2~R5C5~R5C6.ContainAtLeast~3~R6C6~R6C7"
                  ".AllDifferent~R1C1~R9C9.AntiTaxicab.DutchFlatmates.GlobalMod.GlobalEntropy")
    assert p.constraints[:4] == (m.Sum((0, 1), 10, (1, 2)), m.Sum((20, 30), 7),
                                 m.RellikCage((9, 10), 5), m.EqualityCage((30, 31)))
    assert p.constraints[4:7] == (m.ContainExact((40, 41), (1, 2)), m.Quadruple((50, 51), (3,)),
                                  m.ExtraRegion((0, 80)))
    assert [c.TYPE for c in p.constraints[7:]] == ["anti_taxicab", "dutch_flatmates",
                                                   "global_mod", "global_entropy"]


@pytest.mark.parametrize("text, words", [
    (".AntiTaxicab.Shape~9x9~0-8", "AntiTaxicab (values 0..8)"),
    (".GlobalEntropy.Shape~9x9~0-8", "GlobalEntropy"),
    (".DutchFlatmates.Shape~6x6", "DutchFlatmates"),
    (".EqualityCage~R1C1~R1C2~R1C3", "EqualityCage: needs an even number of cells"),
    (".Sum~5_=_1~R1C1~R1C2", "1 weights for 2 cells"),
    (".Sum~5_=_101_1~R1C1~R1C2", "a coefficient outside -100..100"),
])
def test_iss_refuses_what_iss_refuses(text, words):
    with pytest.raises(PuzzleError, match=words.replace("(", r"\(").replace(")", r"\)")):
        parse_iss(text)
