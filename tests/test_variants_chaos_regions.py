"""ISS's ``SameValues`` and ``CountDistinct`` over a chaos construction's region cells
(issue 37): ``chaos_same`` (the cells share one region) and ``chaos_regions`` (a cell's
value is the number of regions the cells meet).

Each paradigm against plain enumeration over every 4x4 Latin square and every split of
it, ISS's three puzzles that use them (stated solutions), and the ISS strings read and
written back, with the refusals.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from sudoku_cp.errors import PuzzleError
from sudoku_cp.variants import model as m
from sudoku_cp.variants.iss import parse_iss, read_iss
from sudoku_cp.variants.iss_write import write_iss
from sudoku_cp.variants.paradigms import UnsupportedConstraint, solve
from sudoku_cp.variants.rules import check_solution
from test_variants_chaos import _latin_squares_4x4, _splits_by_enumeration
from test_variants_chaos_clues import PRESENT, _region_of

# Copied from ISS (sigh's Interactive Sudoku Solver), data/collections.js, with the
# solutions ISS states.
REAL = {d["name"]: d for d in map(json.loads, (Path(__file__).parent / "data" /
                                                "iss_chaos_regions.jsonl").read_text().splitlines())}


def _holds(c, grid, region):
    if c.TYPE == "chaos_same":
        return len({region[x] for x in c.cells}) == 1
    return len({region[x] for x in c.cells}) == grid[c.cell]


def _clues(rng, grid, region):
    """A same-region clue on two or three cells of one region, and a regions clue whose
    control cell holds the number of regions its cells meet."""
    home = region[rng.randrange(16)]
    part = [x for x in range(16) if region[x] == home]
    same = m.ChaosSame(tuple(rng.sample(part, rng.randint(2, 3))))
    while True:
        cells = tuple(rng.sample(range(16), rng.randint(2, 6)))
        met = len({region[x] for x in cells})
        fits = [x for x in range(16) if grid[x] == met]
        if fits:
            return [same, m.ChaosRegions(rng.choice(fits), cells)]


@pytest.mark.parametrize("seed", range(6))
def test_each_paradigm_counts_grid_and_split_pairs_as_enumeration_does(seed):
    rng = random.Random(seed)
    squares = _latin_squares_4x4()
    grid = rng.choice(squares)
    givens = tuple((x, grid[x]) for x in sorted(rng.sample(range(16), 5)))
    region = _region_of(rng.choice(_splits_by_enumeration(4, grid)))
    clues = _clues(rng, grid, region)
    p = m.VariantPuzzle(4, box=None, givens=givens, constraints=(m.ChaosConstruction(), *clues))
    _counts_as_enumeration(p, squares, grid,
                           lambda g, region: all(_holds(c, g, region) for c in clues))


def _counts_as_enumeration(p, squares, grid, keeps):
    """Enumeration's (grid, split) pairs of ``p`` (the splits of each square with its
    givens that ``keeps(grid, region)``) include ``grid``; the checker keeps exactly the
    grids with a pair, and each paradigm counts every pair."""
    truth = {}
    for g in squares:
        if all(g[x] == v for x, v in p.givens):
            n = sum(1 for s in _splits_by_enumeration(4, g) if keeps(g, _region_of(s)))
            if n:
                truth[g] = n
    assert grid in truth
    for g in squares:
        assert (check_solution(p, g) == []) == (g in truth)
    total = sum(truth.values())
    for paradigm in PRESENT:
        if paradigm == "fast":  # (it declines these clues by name: chaos_regions, and
            with pytest.raises(UnsupportedConstraint, match=r"chaos_(regions|same) \(fast:"):
                solve(p, paradigm, limit=total + 1, time_limit=120)  # chaos_same over sets)
            continue
        r = solve(p, paradigm, limit=total + 1, time_limit=120)
        assert r.exhausted, paradigm
        assert {g: r.solutions.count(g) for g in set(r.solutions)} == truth, paradigm


def _alike(c, region):
    """The sets of ``c`` meet the regions alike (as many cells of each in every region)."""
    from collections import Counter

    sets = [Counter(region[x] for x in c.cells[i:i + c.size])
            for i in range(0, len(c.cells), c.size)]
    return all(s == sets[0] for s in sets)


@pytest.mark.parametrize("seed", range(5))
def test_same_value_sets_of_region_cells_count_as_enumeration_does(seed):
    """ISS's ``SameValues~k`` over sets of several region cells (``chaos_same`` of ``size``
    above 1): two or three sets built to meet one split's regions alike; each paradigm
    counts every (grid, split) pair that enumeration counts."""
    rng = random.Random(100 + seed)
    squares = _latin_squares_4x4()
    grid = rng.choice(squares)
    givens = tuple((x, grid[x]) for x in sorted(rng.sample(range(16), 6)))
    region = _region_of(rng.choice(_splits_by_enumeration(4, grid)))
    size = rng.choice((2, 3))
    first = rng.sample(range(16), size)
    cells = list(first)
    for _ in range(rng.choice((1, 2))):  # each other set: a cell of the same region for each
        cells += [rng.choice([y for y in range(16) if region[y] == region[x]]) for x in first]
    clue = m.ChaosSame(tuple(cells), size)
    assert _alike(clue, region)
    p = m.VariantPuzzle(4, box=None, givens=givens, constraints=(m.ChaosConstruction(), clue))
    _counts_as_enumeration(p, squares, grid, lambda g, region: _alike(clue, region))
    assert parse_iss(write_iss(p)) == p  # written back as SameValues~k over region cells


def test_iss_s_puzzles_hold_on_their_stated_solutions_and_sat_finds_one():
    for name, d in REAL.items():
        p = read_iss(d["puzzle"]).puzzle
        assert {"chaos_same", "chaos_regions"} & {c.TYPE for c in p.constraints}, name
        if name != "The Fountain":  # (its check searches splits for half a minute: read only)
            assert check_solution(p, tuple(int(ch) for ch in d["solution"])) == [], name
    p = read_iss(REAL["Chaos Construction: Sack Lunch"]["puzzle"]).puzzle
    r = solve(p, "sat", limit=2, time_limit=120)
    want = tuple(int(ch) for ch in REAL["Chaos Construction: Sack Lunch"]["solution"])
    assert r.exhausted and r.solutions == [want]


def test_the_iss_strings_read_and_write_back():
    text = (".Shape~4x4.NoBoxes.ChaosConstruction.SameValues~3~CC1~CC2~CC5"
            ".CountDistinct~R1C1~CC1~CC6~CC11~CC16")
    p = parse_iss(text)
    assert p.constraints[1:] == (m.ChaosSame((0, 1, 4)), m.ChaosRegions(0, (0, 5, 10, 15)))
    assert parse_iss(write_iss(p)) == p


@pytest.mark.parametrize("text, error, words", [
    (".Shape~4x4.ChaosConstruction.SameValues~3~CC1~CC2~CC3~CC4", PuzzleError,
     "must be a multiple of the number of sets (3)"),
    (".Shape~4x4.ChaosConstruction.CountDistinct~R1C1~CC1~R1C2", UnsupportedConstraint, "at once"),
    (".Shape~4x4.SameValues~2~CC1~CC2", PuzzleError, "needs a chaos construction"),
    (".Shape~4x4.ChaosConstruction.SameValues~2~CC1~CC99", PuzzleError, "no chaos region cell"),
])
def test_bad_region_clues_are_refused_in_one_line(text, error, words):
    with pytest.raises(error) as info:
        parse_iss(text)
    assert words in str(info.value) and "\n" not in str(info.value)
