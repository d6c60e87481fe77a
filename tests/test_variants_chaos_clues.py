"""ISS's clues on a chaos construction's regions (issue 37): ``ChaosArrow`` (the run of
each arm from its start inside the start's region) and ``ChaosCount`` (the counted cells
in the region of the first one).

Each paradigm against plain enumeration over every 4x4 Latin square and every split of
it (the splits found from the definition, the clues read here on their own), and the ISS
strings read as ISS's builder reads them and written back.
"""

from __future__ import annotations

import importlib.util
import random

import pytest

from sudoku_cp.errors import PuzzleError
from sudoku_cp.variants import model as m
from sudoku_cp.variants.iss import parse_iss
from sudoku_cp.variants.iss_write import write_iss
from sudoku_cp.variants.paradigms import PARADIGMS, UnsupportedConstraint, solve
from sudoku_cp.variants.rules import check_solution
from test_variants_chaos import _latin_squares_4x4, _splits_by_enumeration

PRESENT = [name for name, module in PARADIGMS.items() if importlib.util.find_spec(module)] + \
    (["fast"] if importlib.util.find_spec("numba") else [])


def _region_of(split):
    return {x: i for i, part in enumerate(split) for x in part}


def _arrow_total(c, region):
    total, at = 1, 0
    for length in c.lengths:
        arm = c.cells[at:at + length]
        at += length
        for k in range(1, len(arm)):
            if any(region[y] != region[arm[0]] for y in arm[:k + 1]):
                break
            total += 1
    return total


def _holds(c, grid, region):
    if c.TYPE == "chaos_arrow":
        got = _arrow_total(c, region)
    else:
        got = sum(1 for x in c.cells if region[x] == region[c.cells[0]])
    return got == grid[c.cell] + c.offset


def _random_clue(rng, kind):
    cell = rng.randrange(16)
    offset = rng.randrange(2)
    if kind == "count":
        cells = tuple(rng.sample(range(16), rng.randint(2, 6)))
        return m.ChaosCount(cell, cells, offset)
    start = rng.randrange(16)
    arms = []
    for _ in range(rng.randint(1, 3)):
        r, c = divmod(start, 4)
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1)))
        arm = []
        while 0 <= r < 4 and 0 <= c < 4:
            arm.append(r * 4 + c)
            r, c = r + dr, c + dc
        arms.append(tuple(arm))
    return m.ChaosArrow(cell, sum(arms, ()), tuple(len(a) for a in arms), offset)


def _fitting_clue(rng, kind, grid, region):
    """A random clue that holds on ``grid`` with the split ``region`` (its control cell
    one whose value is the count less the offset)."""
    while True:
        c = _random_clue(rng, kind)
        got = _arrow_total(c, region) if kind == "arrow" else \
            sum(1 for x in c.cells if region[x] == region[c.cells[0]])
        fits = [x for x in range(16) if grid[x] + c.offset == got]
        if fits:
            return c.__class__(**{**c.__dict__, "cell": rng.choice(fits)})


@pytest.mark.parametrize("seed", range(8))
def test_each_paradigm_counts_grid_and_split_pairs_as_enumeration_does(seed):
    rng = random.Random(seed)
    squares = _latin_squares_4x4()
    grid = rng.choice(squares)
    givens = tuple((x, grid[x]) for x in sorted(rng.sample(range(16), 5)))
    region = _region_of(rng.choice(_splits_by_enumeration(4, grid)))
    clues = [_fitting_clue(rng, kind, grid, region)
             for kind in ("arrow", "count", rng.choice(("arrow", "count")))]
    p = m.VariantPuzzle(4, box=None, givens=givens,
                        constraints=(m.ChaosConstruction(), *clues))
    truth = {}
    for g in squares:
        if all(g[x] == v for x, v in givens):
            n = sum(1 for s in _splits_by_enumeration(4, g)
                    if all(_holds(c, g, _region_of(s)) for c in clues))
            if n:
                truth[g] = n
    assert grid in truth  # (the clues hold on its split: the test has a solution)
    for g in list(truth)[:3]:
        assert check_solution(p, g) == []
    total = sum(truth.values())
    for paradigm in PRESENT:
        r = solve(p, paradigm, limit=total + 1, time_limit=120)
        assert r.exhausted, paradigm
        got = {g: r.solutions.count(g) for g in set(r.solutions)}
        assert got == truth, paradigm


def test_the_checker_refuses_a_grid_whose_clue_fits_no_split():
    grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    # R1C1 holds 1; a run of 1 from R1C1 rightwards would need R1C2 in another region
    row = m.ChaosArrow(0, (0, 1, 2, 3), (4,))
    p = m.VariantPuzzle(4, box=None, constraints=(m.ChaosConstruction(), row))
    splits_ok = [s for s in _splits_by_enumeration(4, grid) if _holds(row, grid, _region_of(s))]
    assert bool(check_solution(p, grid)) == (not splits_ok)
    count = m.ChaosCount(3, (0, 1, 2, 3, 4, 5, 6, 7), 0)  # R1C4 holds 4: four counted
    q = m.VariantPuzzle(4, box=None, constraints=(m.ChaosConstruction(), count))
    assert check_solution(q, grid) == []  # (the rows: R1 is R1C1's region, four cells)


def test_the_iss_strings_read_as_its_builder_and_write_back():
    p = parse_iss(".Shape~4x4.NoBoxes.ChaosConstruction.ChaosArrow~R2C2"
                  ".ChaosCount~R1C1~1.ChaosArrow~R4C4~~CC16~CC15~-~CC16~CC12~CC8")
    arrow, count, arms = p.constraints[1:]
    assert arrow.lengths == (2, 3, 2, 3) and arrow.cells[:2] == (5, 4) and arrow.offset == 0
    assert count.cells == (0, 4, 1, 5) and count.offset == 1
    assert arms.cells == (15, 14, 15, 11, 7) and arms.lengths == (2, 3)
    assert parse_iss(write_iss(p)) == p


@pytest.mark.parametrize("text, words", [
    (".Shape~4x4.ChaosArrow~R1C1", "needs a chaos construction"),
    (".Shape~4x4.ChaosConstruction.ChaosCount~R1C1~2~CC1~CC2", "neither 0 nor 1"),
    (".Shape~4x4.ChaosConstruction.ChaosCount~R1C1~0~R1C1~R1C2", "no chaos region cell"),
    (".Shape~4x4.ChaosConstruction.ChaosArrow~R1C1~0~CC1~CC2~-~CC3", "do not share"),
    (".Shape~4x4.ChaosConstruction.ChaosArrow~R1C1~0~CC1~CC2~~CC3", "no chaos region cell"),
])
def test_bad_clues_are_refused_in_one_line(text, words):
    with pytest.raises(PuzzleError) as info:
        parse_iss(text)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_mip_declines_them_by_name():
    p = m.VariantPuzzle(4, box=None, constraints=(m.ChaosConstruction(),
                                                  m.ChaosCount(0, (1, 2), 0)))
    with pytest.raises(UnsupportedConstraint, match="chaos"):
        solve(p, "mip", limit=2, time_limit=10)
