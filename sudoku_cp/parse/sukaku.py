"""Sukaku (pencil-mark) lines: recognised, and refused by name until candidates are input.

A sukaku line gives every cell of a 9×9 board as 9 characters: the k-th is the digit k
when k is a candidate of that cell, else ``.`` or ``0`` (the form tdoku and Sudoku
Explainer read). 729 characters is also the length of a 27×27 puzzle, so such a line
would otherwise be read as one, wrongly. A board has no candidate restrictions yet
(only givens and houses), so the line is refused with a message that says so.
"""

from __future__ import annotations

#: Characters per cell and cells of the one board size sukaku lines are written for.
WIDTH, CELLS = 9, 81


def looks_like_sukaku(cells: list[str]) -> bool:
    """Whether one-character cells are a 729-character pencil-mark line: each block of 9
    holds, at position k, the digit k + 1 or an empty mark, and some cell has two or more
    candidates (a line of only empty marks is an empty 27×27 board).

    >>> looks_like_sukaku(list("123456789" * 81))
    True
    >>> looks_like_sukaku(list("." * 729))
    False
    """
    if len(cells) != WIDTH * CELLS:
        return False
    several = False
    for start in range(0, len(cells), WIDTH):
        marks = 0
        for k, ch in enumerate(cells[start:start + WIDTH]):
            if ch == str(k + 1):
                marks += 1
            elif ch not in ".0":
                return False
        several = several or marks > 1
    return several


MESSAGE = ("this 729-character line is a sukaku (pencil-mark) line, 9 candidate marks per "
           "cell: candidate input is not supported yet (a board holds givens only)")
