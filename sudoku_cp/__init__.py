"""sudoku_cp: Sudoku as a constraint problem in several paradigms, cross-checked.

The same puzzle is encoded as CNF for SAT solvers (python-sat), as an all-different
model for OR-Tools CP-SAT, and solved by a handwritten reference backtracker (the
default check); exact cover, 0-1 programming, answer set programming and a compiled
search can join. The cross-checker confirms that they agree and that the solution is
unique.

>>> from sudoku_cp import Board, crosscheck
>>> report = crosscheck(Board.parse("1..." "...2" "..4." ".3.."), backends=["backtrack"])
>>> report.verdict.value
'unique'

Solver packages (python-sat, ortools) are imported only when a backend is first used.
"""

from __future__ import annotations

from importlib import import_module

from .backends import BACKENDS, get_backend, solve
from .board import Board, Geometry, PuzzleError, default_box, geometry
from .check import clashes, is_solution
from .crosscheck import Report, Verdict, crosscheck
from .result import Result, Status

__version__ = "0.1.0"

#: Names imported on first use (the generator and grader pull in more code).
_LAZY = {
    "generate": ("sudoku_cp.generate", "generate"),
    "grade": ("sudoku_cp.grade", "grade"),
    "explain": ("sudoku_cp.logic.api", "explain"),
}

__all__ = [
    "BACKENDS", "Board", "Geometry", "PuzzleError", "Report", "Result", "Status", "Verdict",
    "clashes", "crosscheck", "default_box", "geometry", "get_backend", "is_solution", "solve",
    *_LAZY,
]


def __getattr__(name: str):
    if name in _LAZY:
        module, attr = _LAZY[name]
        value = getattr(import_module(module), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'sudoku_cp' has no attribute {name!r}")
