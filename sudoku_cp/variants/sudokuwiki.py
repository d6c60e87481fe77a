"""SudokuWiki's packed killer strings: ``3x3::k:`` (``3x3:d:k:`` for killer X), then one
number per cell of the 9x9 grid, row by row, each followed by ``:``.

Each number is ``sum * 256 + cage``: the cells with the same ``cage`` (0..255) form one
killer cage whose total is ``sum``; a number below 256 (sum 0) is a cell in no cage.
``d`` adds both main diagonals. This is the form SudokuWiki's killer solver exports and
ISS reads (``js/sudoku_parser.js``, ``_parseLongKillerFormatToAst``; the format's
definition: sudocue.net forum, topic 519): read here as ISS reads it, except that what
ISS would silently pass over (a cell that is no number, a cage given two sums, a flag
other than ``d``, a cell too many) is refused in one line naming the problem.

>>> p = read_packed_killer("3x3::k:" + "2817:2817:" + "0:" * 79)
>>> p.constraints
(KillerCage(cells=(0, 1), total=11),)
>>> read_packed_killer("3x3::k:1:2:")
Traceback (most recent call last):
...
sudoku_cp.errors.PuzzleError: SudokuWiki killer string: 81 cells expected after '3x3::k:', found 2
"""

from __future__ import annotations

import re

from ..errors import PuzzleError
from . import model as m

PREFIX = re.compile(r"3x3:([^:]*):([^:]*):")
CELLS = 81


def looks_like_packed_killer(text: str) -> bool:
    """Whether ``text`` starts as a SudokuWiki packed string (``3x3:...:...:``)."""
    return PREFIX.match(re.sub(r"\s+", "", text)) is not None


def read_packed_killer(text: str) -> m.VariantPuzzle:
    """The killer (or killer X) puzzle a SudokuWiki packed string describes."""
    t = re.sub(r"\s+", "", text)  # (ISS drops whitespace before it reads any form)
    head = PREFIX.match(t)
    if head is None:
        raise PuzzleError("SudokuWiki string: it starts '3x3:<flags>:k:'")
    flags, kind = head.groups()
    if kind != "k":
        raise PuzzleError(f"SudokuWiki string: only killer strings ('k') are read, not {kind!r}")
    if flags not in ("", "d"):
        raise PuzzleError(f"SudokuWiki killer string: unknown flag {flags!r} (read: '' or 'd')")
    parts = t[head.end():].split(":")
    if parts and parts[-1] == "":
        parts.pop()  # (the last cell's own ':')
    if len(parts) != CELLS:
        raise PuzzleError(f"SudokuWiki killer string: {CELLS} cells expected after "
                          f"'{head.group(0)}', found {len(parts)}")
    cages: dict[int, tuple[int, list]] = {}
    for cell, part in enumerate(parts):
        if not part.isdigit():
            raise PuzzleError(f"SudokuWiki killer string: R{cell // 9 + 1}C{cell % 9 + 1} holds "
                              f"{part[:12]!r}, not a number")
        total, cage = divmod(int(part), 256)
        if not total:
            continue
        first, cells = cages.setdefault(cage, (total, []))
        if first != total:
            raise PuzzleError(f"SudokuWiki killer string: cage {cage} has sum {first} and, at "
                              f"R{cell // 9 + 1}C{cell % 9 + 1}, sum {total}")
        cells.append(cell)
    constraints = [m.Diagonal(1), m.Diagonal(-1)] if flags == "d" else []
    constraints += [m.KillerCage(tuple(cells), total) for total, cells in cages.values()]
    return m.VariantPuzzle(9, constraints=tuple(constraints))
