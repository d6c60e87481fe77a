"""Human-style solving: a candidate state, a ladder of techniques, steps, a rating.

>>> from sudoku_cp import Board
>>> from sudoku_cp.logic import explain
>>> steps = explain(Board.parse("1..." "...2" "..4." ".3.."))
>>> steps[0].text
'Hidden single: in box 1, 2 fits only r1c2'
"""

from __future__ import annotations

from .ratings import BANDS, LEVELS, TECHNIQUES, length_bonus, level_of
from .state import Contradiction, State
from .step import Step

#: Loaded on first use: the techniques behind them take a tenth of a second to import,
#: and the command line reads ``LEVELS`` from here for every ``--help``.
_API = ("Grade", "NoSolutionError", "SeveralSolutionsError", "WrongValueError", "explain",
        "rate_board")


def __getattr__(name: str):
    if name in _API:
        from . import api

        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["BANDS", "LEVELS", "TECHNIQUES", "Contradiction", "Grade", "NoSolutionError",
           "SeveralSolutionsError", "State", "Step", "WrongValueError", "explain", "length_bonus",
           "level_of", "rate_board"]
