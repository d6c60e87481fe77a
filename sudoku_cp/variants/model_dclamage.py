"""dclamage's rules (issue 37): the constraint types his SudokuSolver (``--list-constraints``)
and SudokuVariantSolverJS have that the model lacked. Part of ``model`` (which imports
this module and re-exports every name); split off to keep each module under ~800 lines.
"""

from __future__ import annotations

from .model import Cells, constraint


@constraint("nabner")
class Nabner:
    """No two cells on the line hold equal or consecutive values."""

    cells: Cells


@constraint("knightmare")
class Knightmare:
    """No two cells a chess knight's move apart hold values summing to one of ``sums``."""

    sums: tuple = (5, 15)


@constraint("chess")
class Chess:
    """Two cells a leaper's move apart never hold the same value: each move ``(a, b)`` of
    ``moves`` (flat: a1, b1, a2, b2...) is taken in every direction, rows and columns either
    way round; only the values in ``values`` when any are given, only pairs with a cell in
    ``cells`` when any are given (dclamage's ``chess``; its ``taxi:d`` is every move
    ``(i, d - i)``)."""

    moves: tuple
    values: tuple = ()
    cells: Cells = ()


@constraint("diagonal_non_consecutive")
class DiagonalNonConsecutive:
    """Diagonally touching cells never hold consecutive values (dclamage's ``dnc``)."""


def leaper_steps(moves) -> tuple:
    """Every ``(row, col)`` step of the leaper ``moves`` (flat pairs), each once.

    >>> leaper_steps((1, 1))
    ((-1, -1), (-1, 1), (1, -1), (1, 1))
    """
    steps = set()
    for a, b in zip(moves[::2], moves[1::2]):
        for sa in (-1, 1):
            for sb in (-1, 1):
                steps |= {(sa * a, sb * b), (sb * b, sa * a)}
    return tuple(sorted(steps - {(0, 0)}))
