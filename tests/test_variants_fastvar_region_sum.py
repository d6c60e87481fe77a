"""``fast`` for variants: region sum lines, every two segments stated equal.

A region sum line's segments (its runs of cells in one box or region) all sum alike; the
builder states each pair of segments as a sum (before: each against the first only, and a
sum's bounds pass on no more than bounds). Checked here: lines of three segments or more
that a grid holds, with a few givens, against ``sat`` (up to two solutions), and the
pairs the builder states.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar.program import Program  # noqa: E402
from sudoku_cp.variants.fastvar.program_rules import _region_sum_line, _segments  # noqa: E402

from test_variants_fastvar import _agrees_with_sat, _grid, _line  # noqa: E402


def _held_line(rng, p, grid):
    """A random line of three segments or more whose segments ``grid`` sums alike."""
    for _ in range(3000):
        cells = _line(rng, p.size, rng.randint(3, 8))
        segs = _segments(p, cells)
        if len(segs) >= 3 and len({sum(grid[x] for x in s) for s in segs}) == 1:
            return m.RegionSumLine(cells)
    return None


def test_every_two_segments_are_stated():
    p = m.VariantPuzzle(6, box=(2, 3))
    line = m.RegionSumLine((0, 6, 12, 13, 14, 15))  # segments (0, 6), (12, 13, 14), (15,)
    assert [list(s) for s in _segments(p, line.cells)] == [[0, 6], [12, 13, 14], [15]]
    prog = Program(p)
    _region_sum_line(prog, p, line)
    stated = {frozenset(cells) for _, cells, _ in prog.props}
    assert stated == {frozenset((0, 6, 12, 13, 14)), frozenset((0, 6, 15)),
                      frozenset((12, 13, 14, 15))}


def test_region_sum_lines_of_several_segments_agree_with_sat():
    """6x6 puzzles of one to three lines a grid holds (and a few givens): ``fast`` finds
    what ``sat`` finds, up to two solutions, and no more."""
    rng = random.Random("region-sum-vs-sat")
    checked = 0
    for trial in range(30):
        lo = rng.choice([1, 1, 0])
        grid = _grid(rng, 6, (2, 3), lo)
        p = m.VariantPuzzle(6, box=(2, 3), values=(lo, lo + 5))
        rules = [r for r in (_held_line(rng, p, grid) for _ in range(rng.randint(1, 3)))
                 if r is not None]
        if not rules:
            continue
        givens = tuple((x, grid[x]) for x in rng.sample(range(36), rng.randint(4, 12)))
        p = m.VariantPuzzle(6, box=(2, 3), values=(lo, lo + 5), givens=givens,
                            constraints=tuple(rules))
        _agrees_with_sat(p, grid, trial)
        checked += 1
    assert checked >= 20
