"""Sukaku (pencil-mark) lines read as variant puzzles: 9×9 with a candidate set per cell.

A sukaku line gives each of the 81 cells as 9 characters, the k-th being the digit k when
k is a candidate of that cell and ``.`` or ``0`` when it is not (the form tdoku and Sudoku
Explainer read). A cell with one candidate is a given; a cell with several, but not all
nine, carries a ``candidates`` constraint; a cell with all nine is free; a cell with none
makes the line not a puzzle (the message names the cell). ``text.looks_like_sukaku``
tells such a line from a 27×27 puzzle of the same length.

>>> p = read_sukaku("1........" + "123456789" * 78 + ".2.4....." + "123456789")
>>> p.givens, p.constraints
(((0, 1),), (Candidates(cell=79, values=(2, 4)),))
"""

from __future__ import annotations

from ..errors import PuzzleError
from ..geometry import cell_name
from ..text import looks_like_sukaku
from .model import Candidates, VariantPuzzle

SIZE = 9


def read_sukaku(text: str) -> VariantPuzzle:
    """The variant puzzle of a 729-character pencil-mark line."""
    text = text.strip()
    if not looks_like_sukaku(list(text)):
        raise PuzzleError("not a sukaku line: 81 cells of 9 candidate marks each, the k-th "
                          "mark the digit k or '.'")
    givens, constraints = [], []
    for cell in range(SIZE * SIZE):
        marks = text[cell * SIZE:(cell + 1) * SIZE]
        values = tuple(k + 1 for k, ch in enumerate(marks) if ch == str(k + 1))
        if not values:
            raise PuzzleError(f"{cell_name(cell, SIZE)} has no candidate")
        if len(values) == 1:
            givens.append((cell, values[0]))
        elif len(values) < SIZE:
            constraints.append(Candidates(cell, values))
    return VariantPuzzle(SIZE, givens=tuple(givens), constraints=tuple(constraints),
                         title="sukaku")


def pencil_marks(puzzle: VariantPuzzle):
    """``(board, candidates)`` of a sukaku read by ``read_sukaku``: the board of its
    single-mark cells (the givens) and each cell's marks as a bitmask (bit ``v - 1``),
    what the logic engine starts from (``logic.api.explain``, ``grade.grade``)."""
    from ..board import Board

    values = [0] * (SIZE * SIZE)
    for cell, v in puzzle.givens:
        values[cell] = v
    full = (1 << SIZE) - 1
    cand = [full] * (SIZE * SIZE)
    for c in puzzle.constraints:
        cand[c.cell] = sum(1 << (v - 1) for v in c.values)
    return Board.from_values(values, (3, 3)), cand


def proven_solution(puzzle: VariantPuzzle, time_limit: float | None = None):
    """The one solution of a sukaku, proved by the variant cross-check (every paradigm
    agreeing, each solution checked by the rules); the logic engine's errors otherwise:
    ``SeveralSolutionsError``, ``NoSolutionError``, or ``PuzzleError`` when a time limit
    left it unsettled. A disagreement between paradigms is a bug: RuntimeError."""
    from ..logic.api import NoSolutionError, SeveralSolutionsError
    from ..verdicts import Verdict
    from .crosscheck import crosscheck

    report = crosscheck(puzzle, time_limit=time_limit)
    if report.verdict is Verdict.UNIQUE:
        return tuple(report.solution)
    if report.verdict is Verdict.MULTIPLE:
        a, b = report.solutions[:2]
        raise SeveralSolutionsError("the sukaku has several solutions; a rating or an "
                                    "explanation assumes exactly one",
                                    [c for c in range(len(a)) if a[c] != b[c]])
    if report.verdict is Verdict.NONE:
        raise NoSolutionError("the sukaku has no solution")
    if report.verdict is Verdict.DISAGREE:
        raise RuntimeError(f"the cross-check disagrees on a sukaku: {report.evidence}")
    raise PuzzleError(f"the sukaku's uniqueness is not settled: {'; '.join(report.evidence)}")
