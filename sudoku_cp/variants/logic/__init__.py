"""Human-style solving for variant puzzles: steps in words, each with a score.

The engine works on ``VariantPuzzle`` (any size, value range, irregular regions): the
classic ladder on every group (``houses``), and each constraint family's deductions
(``pieces`` -> ``families``), always the easiest step first (``engine.solve_path``).
The rating: ``scores`` (set by judgement; compared with SudokuVariantSolverJS in
docs/logic.md).

>>> from sudoku_cp.variants.model import VariantPuzzle, XV
>>> path = solve_path(VariantPuzzle(4, givens=((0, 1),), constraints=(XV((0, 1), 5),)))
>>> path.steps[0].text
'V R1C1-R1C2 (the two cells add up to the mark); so R1C2 cannot be 2 or 3.'
"""

from .engine import Path, solve_path
from .scores import SCORES, level_of
from .step import VStep

__all__ = ["Path", "solve_path", "SCORES", "level_of", "VStep"]
