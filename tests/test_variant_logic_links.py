"""The links the constraints supply beyond two-cell rules (``variants.logic.weak``), two
rules on the same cells walked together (``overlaps``), value forcing through a place's
own cell, a thermometer's far cells, and forcing chains on all these links
(``forcing_chains``).

On 4x4 the judge is exhaustive: every link, and every step of every path, is checked
against all the puzzle's solutions among the 288 grids (the independent checker
``variants.rules`` filters them). The 9x9 positions are small enough to enumerate by
hand in the test (the rules written out here, not taken from the engine).
"""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from sudoku_cp.variants import model as m
from sudoku_cp.variants.logic import solve_path
from sudoku_cp.variants.logic.engine import start
from sudoku_cp.variants.logic.implications import pair_links, value_forcing
from sudoku_cp.variants.logic.overlaps import overlaps
from sudoku_cp.variants.logic.pieces import build_pieces
from sudoku_cp.variants.logic.weak import table
from sudoku_cp.variants.rules import is_solution

from test_variant_logic import GRIDS4
from test_variant_logic_sums import _cages


def _small(seed):
    """A 4x4 puzzle around a random grid: three cages, a white dot and a thermometer of
    two cells where the grid allows, and its solutions."""
    rng = random.Random(seed)
    grid = rng.choice(GRIDS4)
    cons = list(_cages(grid, 4, rng, 3))
    a, b = rng.sample(range(16), 2)
    if abs(grid[a] - grid[b]) == 1:
        cons.append(m.DifferenceDot((a, b), 1))
    if grid[a] < grid[b]:
        cons.append(m.Thermometer((a, b)))
    puzzle = m.VariantPuzzle(4, constraints=tuple(cons))
    return puzzle, [s for s in GRIDS4 if is_solution(puzzle, s)]


@pytest.mark.parametrize("seed", range(16))
def test_rule_links_hold_in_every_solution_on_4x4(seed):
    """No solution holds two candidates ``weak.table`` links, at the start and after
    each step of the path."""
    puzzle, sols = _small(seed)
    state = start(puzzle)
    pieces, _ = build_pieces(puzzle)
    pieces += overlaps(pieces)
    memo = {}
    path = solve_path(puzzle, trials=False, classic=False)
    from sudoku_cp.variants.logic.engine import apply

    for step in [None] + path.steps:
        if step is not None:
            apply(state, step)
        for (x, a), row in table(state, pieces, memo).items():
            for y, mask in row.items():
                for b in state.g.values(mask):
                    assert not any(s[x] == a and s[y] == b for s in sols), (x, a, y, b)


def test_rule_links_are_found():
    """A 10 cage over two cells that are not otherwise related: 3 in one leaves only 7 in
    the other, so 3 is linked with every other value there."""
    puzzle = m.VariantPuzzle(9, constraints=(m.KillerCage((0, 80), 10),))
    state = start(puzzle)
    links = table(state, build_pieces(puzzle)[0], {})
    assert state.g.values(links[(0, 3)][80]) == [1, 2, 4, 6, 8, 9]  # (3 and 5: no partner)
    assert (0, 5) not in links  # 5 makes no 10 with another value: no link, it goes
    assert table(start(m.VariantPuzzle(9)), [], {}) == {}


def test_path_steps_are_sound_on_4x4():
    """Every step of the paths (the new steps among them) against every solution; the
    paths take overlap and forcing-chain steps somewhere among the seeds."""
    seen = set()
    for seed in range(40):
        puzzle, sols = _small(seed)
        path = solve_path(puzzle, trials=False, classic=False)
        for step in path.steps:
            seen.add(step.technique)
            for cell, value in step.eliminations:
                assert not any(s[cell] == value for s in sols), step.text
            for cell, value in step.placements:
                assert all(s[cell] == value for s in sols), step.text
    assert {"overlapping rules", "forcing chain"} <= seen


# --- two rules on the same cells ---------------------------------------------------------

def _entropic_cage_values(total):
    """The values three cells may take: distinct, adding up to ``total``, one in each of
    1-3, 4-6, 7-9 (written out here from the two rules)."""
    return {v for t in permutations(range(1, 10), 3) if sum(t) == total
            and len({(x - 1) // 3 for x in t}) == 3 for v in t}


def test_cage_and_entropic_line_on_the_same_cells():
    """A 12 cage on an entropic line's three cells: only 1+4+7, which neither rule alone
    says (the cage alone allows 1+2+9, the line alone any low, middle and high)."""
    assert _entropic_cage_values(12) == {1, 4, 7}
    cells = (0, 1, 2)
    puzzle = m.VariantPuzzle(9, constraints=(m.KillerCage(cells, 12), m.Entropic(cells)))
    path = solve_path(puzzle, trials=False, classic=False, max_steps=10)
    joined = [s for s in path.steps if s.technique == "overlapping rules"]
    assert joined, [s.text for s in path.steps]
    gone = {e for s in path.steps for e in s.eliminations if e[0] in cells}
    assert gone == {(x, v) for x in cells for v in range(1, 10) if v not in (1, 4, 7)}
    assert "1+4+7" in joined[0].text and joined[0].sources == (0, 1)


def test_cage_and_entropic_line_that_say_nothing_more():
    """A 15 cage on the same line: every value stays possible in every cell (some low,
    middle and high add up to 15 with it), so no joined step is taken."""
    assert _entropic_cage_values(15) == set(range(1, 10))
    cells = (0, 1, 2)
    puzzle = m.VariantPuzzle(9, constraints=(m.KillerCage(cells, 15), m.Entropic(cells)))
    path = solve_path(puzzle, trials=False, classic=False, max_steps=10)
    assert not any(s.technique == "overlapping rules" for s in path.steps)


# --- value forcing through the place itself ------------------------------------------------

def _entropic_row(places):
    """Row 1 with an entropic line on R1C2-R1C6, and 4 left only at ``places`` (columns,
    from 0) in it: the state and the value-forcing step found there."""
    puzzle = m.VariantPuzzle(9, constraints=(m.Entropic((1, 2, 3, 4, 5)),))
    state = start(puzzle)
    for x in range(9):
        if x not in places:
            state.remove(x, 4)
    pieces, _ = build_pieces(puzzle)
    return value_forcing(pair_links(pieces), pieces)(state)


def test_value_forcing_counts_the_place_itself():
    """4 is at R1C2-R1C5: wherever it is, R1C3 and R1C4 are within two cells of it on the
    line (so not 4-6), or are the 4 itself; either way neither is 5 or 6."""
    step = _entropic_row((1, 2, 3, 4))
    assert step is not None and step.technique == "value forcing"
    assert set(step.eliminations) == {(2, 5), (2, 6), (3, 5), (3, 6)}
    assert "holds nothing else" in step.text


def test_value_forcing_stops_where_a_place_is_too_far():
    """With R1C6 a place too, a 4 there is three cells from R1C3: R1C3 keeps 5 and 6
    (R1C4, within two of every place, still loses them)."""
    step = _entropic_row((1, 2, 3, 4, 5))
    assert step is not None
    assert (2, 5) not in step.eliminations and (2, 6) not in step.eliminations
    assert {(3, 5), (3, 6)} <= set(step.eliminations)


# --- a thermometer's far cells ---------------------------------------------------------------

def test_thermometer_links_cells_two_apart():
    """On a 4x4 thermometer R1C1-R2C2-R3C3 the bulb and the tip differ by at least two:
    the two-cell link says so, and every solution agrees."""
    puzzle = m.VariantPuzzle(4, constraints=(m.Thermometer((0, 5, 10)),))
    links = pair_links(build_pieces(puzzle)[0])
    (far,) = links[(0, 10)]
    assert far(1, 3) and not far(2, 3)
    for s in (s for s in GRIDS4 if is_solution(puzzle, s)):
        assert far(s[0], s[10])


def test_rule_links_of_pieces_of_cases_hold_on_4x4():
    """Pieces of cases (an x-sum, an index, a sandwich) link through their cases: every
    link against every solution, at the start and after each step, on 30 puzzles whose
    clues are read off a random grid."""
    from sudoku_cp.variants.logic.engine import apply

    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        grid = rng.choice(GRIDS4)
        r = rng.randrange(4)
        row = tuple(range(4 * r, 4 * r + 4))
        first = grid[row[0]]
        col = tuple(range(rng.randrange(4), 16, 4))
        ends = sorted(i for i, x in enumerate(col) if grid[x] in (1, 4))
        cons = (m.XSum(row, sum(grid[x] for x in row[:first])),
                m.Indexing(row[0], row, grid[row[first - 1]]),
                m.Sandwich(col, sum(grid[x] for x in col[ends[0] + 1:ends[1]])))
        puzzle = m.VariantPuzzle(4, constraints=cons)
        sols = [s for s in GRIDS4 if is_solution(puzzle, s)]
        assert grid in sols
        state, pieces, memo = start(puzzle), build_pieces(puzzle)[0], {}
        for step in [None] + solve_path(puzzle, trials=False, classic=False).steps:
            if step is not None:
                apply(state, step)
            for (x, a), links in table(state, pieces, memo).items():
                for y, mask in links.items():
                    for b in state.g.values(mask):
                        checked += 1
                        assert not any(s[x] == a and s[y] == b for s in sols), (seed, x, a, y, b)
    assert checked > 1000
