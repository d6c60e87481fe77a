"""``fast`` for variants: the cell pairs of a rule between cells some steps apart.

``program_pairs._steps`` (anti-knight, anti-king, non-consecutive, negative dots, chess
leapers...) is kept per geometry and steps. Checked here against the rule's own definition
(every two cells of the grid whose rows and columns differ by one of the steps), on square
and oblong grids, and that a second puzzle of the same geometry reads the same pairs.
"""

from __future__ import annotations

import pytest

from sudoku_cp.variants.fastvar.program_pairs import KING, KNIGHT, ORTHO, _steps
from sudoku_cp.variants.model import leaper_steps


class _Grid:
    """Just what ``_steps`` reads of a puzzle: its rows and columns."""

    def __init__(self, rows, cols):
        self.size, self.cols = rows, cols


def _by_definition(rows, cols, steps) -> list:
    """Each (a, b), ``a`` the first cell, ``b`` one of ``steps`` from it, on the grid."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return [(r * cols + c, r2 * cols + c2) for r, c in cells for dr, dc in steps
            for r2, c2 in [(r + dr, c + dc)] if 0 <= r2 < rows and 0 <= c2 < cols]


@pytest.mark.parametrize("rows, cols", [(4, 4), (6, 6), (9, 9), (4, 6), (6, 4), (1, 5)])
@pytest.mark.parametrize("steps", [ORTHO, KING, KNIGHT, leaper_steps((1, 3))])
def test_the_pairs_are_every_two_cells_the_steps_apart(rows, cols, steps):
    got = _steps(_Grid(rows, cols), steps)
    assert list(got) == _by_definition(rows, cols, steps)
    assert len(set(got)) == len(got)


def test_a_second_puzzle_of_the_geometry_reads_the_same_pairs():
    first = _steps(_Grid(9, 9), KNIGHT)
    assert _steps(_Grid(9, 9), KNIGHT) is first  # (kept, not walked again)
    assert _steps(_Grid(6, 6), KNIGHT) != first  # (per geometry, not the first one asked)
    assert _steps(_Grid(9, 9), KING) != first  # (per steps)
