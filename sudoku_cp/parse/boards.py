"""Boards from text: the readers of ``cells`` (values and a box shape) made into boards.

``cells`` reads text into plain values and stands below the board; this module, above
it, makes the ``Board`` (and the solutions) the rest of the package works with.
"""

from __future__ import annotations

from ..board import Board
from ..errors import PuzzleError
from ..geometry import MAX_SIZE, cell_name
from ..text import plain_values, read_puzzle


def parse_puzzle(text: str, box: tuple[int, int] | None = None, *,
                 max_size: int = MAX_SIZE) -> Board:
    """Read one puzzle in any accepted form; ``box`` fixes the box shape.

    >>> parse_puzzle("1.3.3.........1.").givens[:4]
    (1, 0, 3, 0)
    >>> parse_puzzle("0,0,3,0, 3,0,0,0, 0,0,0,0, 0,0,1,0").to_text()
    '..3.3.........1.'
    """
    values, box = read_puzzle(text, box, max_size=max_size)
    return Board.from_values(values, box)


def plain_board(line: str, box: tuple[int, int] | None = None, *,
                max_size: int = MAX_SIZE) -> Board | None:
    """The board of a plain one-line puzzle (``cells.plain_values``), or None."""
    plain = plain_values(line, box, max_size=max_size)
    return None if plain is None else Board._trusted(*plain)  # values checked by the reader


def parse_solution(text: str, box: tuple[int, int] | None = None, *,
                   max_size: int = MAX_SIZE) -> tuple[int, ...]:
    """Read a full grid (no empty cell) in any form ``parse_puzzle`` accepts.

    >>> parse_solution("1234" "3412" "2143" "4321")[:4]
    (1, 2, 3, 4)
    """
    try:
        board = parse_puzzle(text, box, max_size=max_size)
    except PuzzleError as exc:
        message = str(exc).replace("puzzle has", "solution has").replace("empty puzzle",
                                                                         "empty solution")
        raise PuzzleError(message) from None
    if 0 in board.givens:
        cell = board.givens.index(0)
        raise PuzzleError(f"solution has an empty cell at {cell_name(cell, board.n)}")
    return board.givens
