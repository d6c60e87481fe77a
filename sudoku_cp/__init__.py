"""sudoku_cp: Sudoku as a constraint problem three ways, cross-checked.

The same puzzle is encoded as CNF for SAT solvers (python-sat), as an all-different
model for OR-Tools CP-SAT, and solved by a handwritten reference backtracker; the
cross-checker confirms that they agree and that the solution is unique.

>>> from sudoku_cp import Board, crosscheck
>>> report = crosscheck(Board.parse("1..." "..1." ".1.." "...1"), backends=["backtrack"])
>>> report.verdict.value
'unique'

Heavy solver packages are imported only when a backend is first used.
"""

from __future__ import annotations

from importlib import import_module

from .board import Board, Geometry, PuzzleError, default_box, geometry
from .check import clashes, is_solution
from .result import Result, Status

__version__ = "0.1.0"

_LAZY = {
    "solve": ("sudoku_cp.backends", "solve"),
    "get_backend": ("sudoku_cp.backends", "get_backend"),
    "BACKENDS": ("sudoku_cp.backends", "BACKENDS"),
    "crosscheck": ("sudoku_cp.crosscheck", "crosscheck"),
    "Report": ("sudoku_cp.crosscheck", "Report"),
    "Verdict": ("sudoku_cp.crosscheck", "Verdict"),
}

__all__ = [
    "Board", "Geometry", "PuzzleError", "Result", "Status", "clashes", "default_box",
    "geometry", "is_solution", *_LAZY,
]


def __getattr__(name: str):
    if name in _LAZY:
        module, attr = _LAZY[name]
        value = getattr(import_module(module), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'sudoku_cp' has no attribute {name!r}")
