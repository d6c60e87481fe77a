"""Human-style solving: a candidate state, a ladder of techniques, steps, a rating.

>>> from sudoku_cp import Board
>>> steps = explain(Board.parse("1..." "...2" "..4." ".3.."))
>>> steps[0].text
'Hidden single: in box 1, 2 fits only r1c2'
"""

from __future__ import annotations

from .api import (Grade, NoSolutionError, SeveralSolutionsError, WrongValueError, explain,
                  rate_board)
from .ratings import BANDS, LEVELS, TECHNIQUES, length_bonus, level_of
from .state import Contradiction, State
from .step import Step

__all__ = ["BANDS", "LEVELS", "TECHNIQUES", "Contradiction", "Grade", "NoSolutionError",
           "SeveralSolutionsError", "State", "Step", "WrongValueError", "explain", "length_bonus",
           "level_of", "rate_board"]
