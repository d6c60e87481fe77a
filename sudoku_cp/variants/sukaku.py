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
