"""Grading: how hard a puzzle is for a person, on Sudoku Explainer's scale.

The grader walks the puzzle with the logic engine (``sudoku_cp.logic``): always the
easiest technique that makes progress, starting again from the easiest after each
step, from singles through locked candidates, subsets, fish, wings, uniqueness, chains
and forcing chains to real trial and error (a counted guess, undone when wrong). Each
technique has a score on the SE scale (``sudoku_cp.logic.TECHNIQUES``, docs/logic.md);
the puzzle's **rating** is its hardest step's score (SE's rule) and its **level** the
band the rating falls in (``LEVELS``, ``BANDS``). The search effort of the reference
backtracker (``nodes``, to find a solution and prove there is no second) is reported
beside it. All houses come from ``board.geometry``, so any box shape is graded the
same way.

>>> from sudoku_cp import Board
>>> g = grade(Board.from_values([0, 4, 0, 3,  3, 0, 0, 0,  0, 2, 0, 0,  0, 0, 0, 4]))
>>> g.level, g.rating, g.hardest, g.solved_by_logic, g.unique
('beginner', 1.2, 'hidden_single', True, True)
"""

from __future__ import annotations

from dataclasses import replace

from .board import Board
from .logic.api import Grade
from .logic.ratings import BANDS, LEVELS, TECHNIQUES, band, level_of

__all__ = ["BANDS", "LEVELS", "TECHNIQUES", "Grade", "band", "grade", "level_of"]


def grade(board: Board, *, time_limit: float | None = None,
          assume_unique: bool = True, progress=None, hodoku: bool = False,
          candidates=None, solution=None) -> Grade:
    """Grade a puzzle: the techniques a person needs, the rating, the level.

    The uniqueness techniques are used (``assume_unique``) once the backtracker has
    proved the solution unique. With ``time_limit`` (seconds) a long solve path stops
    early and the rating found so far is reported as a lower bound (``complete`` False).
    ``progress(stage, placed)`` is told each stage ("unique?" while the backtracker
    proves one solution, then "rating") and the number of cells filled after each
    round of steps (a 16x16 can take half a minute). Raises ``PuzzleError`` when the
    puzzle has no solution or several. ``hodoku`` adds HoDoKu's score and level from
    HoDoKu's own path (``rate_board``).

    ``candidates`` (a bitmask per cell: a sukaku's pencil marks) starts the open cells
    from those marks; the caller then passes the ``solution`` it proved unique under them
    (the backtracker reads givens only), and ``nodes`` is 0.
    """
    from .logic.api import rate_board, unique_solution

    if (candidates is None) != (solution is None):
        raise ValueError("grade takes pencil marks together with their proven solution")
    tell = progress or (lambda stage, placed: None)
    tell("unique?", board.clues)
    if candidates is None:
        solution, result = unique_solution(board)
        nodes = int(result.stats.get("nodes", 0))
    else:
        solution, nodes = tuple(solution), 0
    tell("rating", board.clues)
    r = rate_board(board, assume_unique=assume_unique, time_limit=time_limit,
                   on_step=(lambda s: tell("rating", len(s.values) - s.values.count(0)))
                   if progress else None, hodoku=hodoku, candidates=candidates)
    if r.complete and r.values != solution:  # logic is sound: it ends at the solution
        raise RuntimeError(f"the logical solver went wrong on {board.to_text()}")
    return replace(r, nodes=nodes, unique=True, solution=tuple(solution))
