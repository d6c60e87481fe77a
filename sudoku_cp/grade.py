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

from dataclasses import dataclass

from .board import Board
from .logic.ratings import BANDS, LEVELS, TECHNIQUES, band, level_of

__all__ = ["BANDS", "LEVELS", "TECHNIQUES", "Grade", "band", "grade", "level_of"]


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is: its level, its rating and the evidence for them."""

    level: str
    techniques: dict[str, int]  # technique -> steps that used it, easiest first
    nodes: int  # backtracker search nodes to solve and prove uniqueness
    solved_by_logic: bool  # no guess was needed
    unique: bool  # the backtracker found exactly one solution
    rating: float = 0.0  # the hardest step's score on SE's scale
    hardest: str | None = None  # the technique of the hardest step
    guesses: int = 0  # trial-and-error steps on the solve path
    steps: int = 0  # steps on the solve path
    complete: bool = True  # False: the time limit stopped the path; rating is a lower bound
    ep: float = 0.0  # SE's EP: the hardest step up to the first placement
    ed: float = 0.0  # SE's ED: the first step's score
    hodoku_score: int = 0  # the HoDoKu-style score and level (sudoku_cp.logic.scales)
    hodoku_level: str = ""

    @property
    def serate(self) -> str:
        """ER/EP/ED as Sudoku Explainer's serate prints them, e.g. ``7.1/1.2/1.2``."""
        return f"{self.rating:.1f}/{self.ep:.1f}/{self.ed:.1f}"

    def to_dict(self) -> dict:
        return {"level": self.level, "rating": self.rating, "ep": self.ep, "ed": self.ed,
                "hodoku_score": self.hodoku_score, "hodoku_level": self.hodoku_level,
                "hardest": self.hardest,
                "techniques": self.techniques, "steps": self.steps, "guesses": self.guesses,
                "nodes": self.nodes, "solved_by_logic": self.solved_by_logic,
                "unique": self.unique, "complete": self.complete}


def grade(board: Board, *, time_limit: float | None = None,
          assume_unique: bool = True) -> Grade:
    """Grade a puzzle: the techniques a person needs, the rating, the level.

    The uniqueness techniques are used (``assume_unique``) once the backtracker has
    proved the solution unique. With ``time_limit`` (seconds) a long solve path stops
    early and the rating found so far is reported as a lower bound (``complete`` False).
    Raises ``PuzzleError`` when the puzzle has no solution or several.
    """
    from .logic.api import rate_board, unique_solution

    solution, result = unique_solution(board)
    r = rate_board(board, assume_unique=assume_unique, time_limit=time_limit)
    if r.complete and r.values != solution:  # logic is sound: it ends at the solution
        raise RuntimeError(f"the logical solver went wrong on {board.to_text()}")
    order = list(TECHNIQUES)
    techniques = {t: r.counts[t] for t in sorted(r.counts, key=order.index)}
    return Grade(r.level, techniques, int(result.stats.get("nodes", 0)), r.guesses == 0,
                 True, r.rating, r.hardest, r.guesses, len(r.steps), r.complete, r.ep, r.ed,
                 r.hodoku_score, r.hodoku_level)
