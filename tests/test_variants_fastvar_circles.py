"""Counting circles in ``fast`` for variants (``varclues._circles``): values the sums force.

A value every choice of held values uses is held, so when only ``v`` of the circles' groups
(cells that all differ) have a place for ``v``, each group holds it: a group with one place
puts it there, and a group that must hold as many values as it has cells holds only those.
Checked for soundness against grids the circles hold (nothing such a grid uses is lost),
for strength on a staircase of circles, and against ``sat`` on whole puzzles.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine, program  # noqa: E402
from sudoku_cp.variants.fastvar.program import compile_puzzle  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402

from test_variants_fastvar import _agrees_with_sat, _grid  # noqa: E402

#: A staircase (the shape of ISS's "Bubble Tornado"): rows 1 and 2 whole, then rows of 7,
#: 6, 5, 4, 3, 2 and 1 circles, 45 in all: the values held sum to 45, so every value
#: 1..9 is held, ``v`` times, and the one circle of the last row can only hold 9.
STAIRCASE = (tuple(range(9)) + tuple(range(9, 17)) + tuple(range(19, 26))
             + tuple(range(28, 34)) + tuple(range(40, 45)) + tuple(range(45, 49))
             + (58, 59, 60, 65, 66, 73))


#: ISS's "Bubble Tornado" (sigh/Interactive-Sudoku-Solver, data/collections.js, MIT): 45
#: circles, in rows of 9, 8, 7, ... 1 cells, and its solution (its white dots left out).
BUBBLE = ((0, 1, 2, 3, 4, 5, 6, 7, 8, 25, 16, 15, 24, 14, 13, 12, 11, 10, 9, 19, 20, 21, 22,
           23, 28, 29, 30, 31, 32, 33, 42, 43, 44, 41, 40, 45, 46, 47, 48, 65, 73, 66, 58,
           59, 60),
          (8, 5, 3, 1, 9, 2, 4, 6, 7, 9, 4, 2, 7, 8, 6, 3, 5, 1, 1, 7, 6, 4, 3, 5, 8, 9, 2,
           2, 6, 5, 8, 4, 9, 7, 1, 3, 3, 1, 4, 2, 5, 7, 6, 8, 9, 7, 8, 9, 6, 1, 3, 5, 2, 4,
           4, 2, 1, 5, 7, 8, 9, 3, 6, 6, 3, 8, 9, 2, 4, 1, 7, 5, 5, 9, 7, 3, 6, 1, 2, 4, 8))


def _bubble(rng):
    """``BUBBLE``'s circles and grid moved by a random symmetry of the 9x9 (bands, rows in
    them, stacks, columns in them, a transposition): the circles still hold the grid."""
    rows = [b * 3 + r for b in rng.sample(range(3), 3) for r in rng.sample(range(3), 3)]
    cols = [b * 3 + c for b in rng.sample(range(3), 3) for c in rng.sample(range(3), 3)]
    flip = rng.random() < 0.5
    to = [0] * 81
    for x in range(81):
        r, c = rows.index(x // 9), cols.index(x % 9)
        to[x] = c * 9 + r if flip else r * 9 + c
    grid = [0] * 81
    for x in range(81):
        grid[to[x]] = BUBBLE[1][x]
    return tuple(to[x] for x in BUBBLE[0]), tuple(grid)


def _circles_prop(prog):
    """The index of the one ``CIRCLES`` propagator of ``prog``."""
    (p,) = [p for p in range(len(prog.kinds)) if prog.kinds[p] == program.CIRCLES]
    return p


def _held_by(rng, n, grid, lo):
    """Circles a full grid holds: for a few values ``v``, ``v`` of the cells holding it."""
    out = []
    for v in rng.sample(range(max(lo, 1), lo + n), rng.randint(1, n - max(0, 1 - lo))):
        out += rng.sample([x for x in range(n * n) if grid[x] == v], v)
    return tuple(out)


@pytest.mark.parametrize("n, box", [(6, (2, 3)), (9, (3, 3))])
def test_counting_circles_never_remove_a_value_a_grid_they_hold_uses(n, box):
    """Random candidates around a grid the circles hold (a few values v, on v cells each, or
    ``BUBBLE`` moved): the propagator, run once alone, keeps each cell's value of the grid
    and never fails."""
    rng = random.Random(f"circles-sound-{n}")
    narrowed = 0
    for trial in range(300):
        lo = rng.choice([1, 1, 0])
        grid = _grid(rng, n, box, lo)
        circles = _held_by(rng, n, grid, lo)
        if n == 9 and rng.random() < 0.3:
            lo = 1
            circles, grid = _bubble(rng)
        puzzle = m.VariantPuzzle(n, box=box, values=(lo, lo + n - 1),
                                 constraints=(m.CountingCircles(circles),))
        assert not check_solution(puzzle, grid)
        prog = compile_puzzle(puzzle)
        dom = prog.dom.copy()
        wide = rng.choice([1, 2, 3])
        for x in range(n * n):
            extra = 0
            for _ in range(wide):
                extra |= rng.randrange(1 << n)
            dom[x] = (1 << (grid[x] - lo)) | (extra if rng.random() < 0.8 else 0)
        before = dom.copy()
        ok = engine.propagate_once(prog, dom, [_circles_prop(prog)], watch=False)
        where = (trial, puzzle.to_json(), grid)
        assert ok, where
        for x in range(n * n):
            assert dom[x] >> (grid[x] - lo) & 1, (where, x)
        narrowed += int((dom != before).sum())
    assert narrowed > 100  # (the propagator does act on these)


def test_a_staircase_of_circles_places_the_values_every_choice_holds():
    """With no candidate gone, the sums force every value 1..9: the last row's one circle
    holds 9, the two of row 8 hold 8 and 9, and so on: the row of k circles holds 10-k..9
    (the circles woken again by their own narrowing, and the houses by theirs)."""
    prog = compile_puzzle(m.VariantPuzzle(9, constraints=(m.CountingCircles(STAIRCASE),)))
    dom = prog.dom.copy()
    assert engine.propagate_once(prog, dom, [_circles_prop(prog)])  # (to the fixpoint)
    assert dom[73] == 1 << 8
    for row in range(2, 9):
        cells = [x for x in STAIRCASE if x // 9 == row]
        top = sum(1 << (v - 1) for v in range(10 - len(cells), 10))
        for x in cells:
            assert dom[x] & ~top == 0, (row, x, bin(dom[x]))


def test_counting_circles_puzzles_agree_with_sat():
    """6x6 puzzles of circles a grid holds (and a few givens): ``fast`` finds what ``sat``
    finds, up to two solutions."""
    rng = random.Random("circles-vs-sat")
    for trial in range(25):
        lo = rng.choice([1, 1, 0])
        grid = _grid(rng, 6, (2, 3), lo)
        rules = [m.CountingCircles(_held_by(rng, 6, grid, lo))]
        if rng.random() < 0.5:
            x = rng.choice([x for x in range(36) if x % 6 < 5])
            rules.append(m.DifferenceDot((x, x + 1), abs(grid[x] - grid[x + 1])))
        givens = tuple((x, grid[x]) for x in rng.sample(range(36), rng.randint(0, 6)))
        p = m.VariantPuzzle(6, box=(2, 3), values=(lo, lo + 5), givens=givens,
                            constraints=tuple(rules))
        _agrees_with_sat(p, grid, trial)
