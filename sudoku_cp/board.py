"""Boards: the geometry of a box shape and a puzzle's givens on it.

Glossary (the same words are used everywhere in sudoku_cp):

- **board**: an n×n grid of *cells* with a box shape ``(box_rows, box_cols)``,
  ``n = box_rows * box_cols``, and the *givens* of one puzzle.
- **cell**: an index ``0 .. n*n-1`` in row-major order; ``divmod(cell, n)`` is
  ``(row, col)``.
- **value**: an integer ``1 .. n``; ``0`` marks an empty cell.
- **house**: a group of cells whose values must all differ (a row, a column, a
  box, or any extra group a variant adds).
- **peers** of a cell: every other cell that shares a house with it.
- **given**: a value fixed by the puzzle. **candidate**: a value a cell may
  still take. **solution**: a full assignment in which every house differs.

Everything follows from the box shape: the numbers 9, 3 and 81 never appear in
library logic. Geometry is computed once per shape and cached.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

from .errors import PuzzleError
from .geometry import (MAX_COMPACT_N, MAX_SIZE, MIN_N, SYMBOLS, Geometry, _INT, _box_pair,
                       _integer, cell_name, default_box, format_grid, format_line, geometry,
                       parse_box)

__all__ = ["MAX_COMPACT_N", "MAX_SIZE", "MIN_N", "SYMBOLS", "Board", "Geometry", "PuzzleError",
           "cell_name", "default_box", "format_grid", "format_line", "geometry", "parse_box"]


@dataclass(frozen=True)
class Board:
    """A puzzle: a geometry and the givens (``0`` for an empty cell), row-major.

    >>> b = Board.parse("1.3." "3..." "...." "..1.")
    >>> b.box, b.n, b.givens[:4]
    ((2, 2), 4, (1, 0, 3, 0))
    """

    geometry: Geometry
    givens: tuple[int, ...]

    def __post_init__(self) -> None:
        n = self.geometry.n
        if len(self.givens) != self.geometry.ncells:
            raise PuzzleError(
                f"a {n}x{n} board has {self.geometry.ncells} cells, not {len(self.givens)}"
            )
        if self.givens and not (0 <= min(self.givens) and max(self.givens) <= n):
            cell, v = next((c, v) for c, v in enumerate(self.givens) if not 0 <= v <= n)
            raise PuzzleError(f"value {v} at {cell_name(cell, n)} is outside 1..{n}")

    # -- construction -----------------------------------------------------------------
    @classmethod
    def empty(cls, box: tuple[int, int] = (3, 3)) -> "Board":
        g = geometry(*box)
        return cls(g, (0,) * g.ncells)

    @classmethod
    def from_values(cls, values: Sequence[int], box: tuple[int, int] | None = None,
                    houses: Iterable[Sequence[int]] = ()) -> "Board":
        """A board from n*n integers (0 empty); the box shape follows from n unless given.

        Values must be integers (``True``, ``1.9`` and ``'1'`` are refused, not rounded).

        >>> Board.from_values([1, 0, 0, 0] * 4, box=(2, 2)).clues
        4
        >>> Board.from_values([1.5] * 16)
        Traceback (most recent call last):
        ...
        sudoku_cp.errors.PuzzleError: value 1.5 at r1c1 is not an integer
        """
        count = len(values)
        n = math.isqrt(count)
        if n * n != count or n == 0:
            raise PuzzleError(f"{count} cells is not a square board (n*n cells)")
        br, bc = _box_pair(box) if box is not None else default_box(n)
        if br * bc != n:
            raise PuzzleError(f"box {br}x{bc} does not fit a {n}x{n} board ({br}*{bc} != {n})")
        g = geometry(br, bc)
        extra = tuple(tuple(_integer(c, "cell", i, n) for c in h) for i, h in enumerate(houses))
        if extra:
            g = g.with_houses(extra)
        givens = tuple(values)
        if not {*map(type, givens)} <= _INT:  # checked one by one only when some is not an int
            givens = tuple(_integer(v, "value", i, n) for i, v in enumerate(givens))
        return cls(g, givens)

    @classmethod
    def parse(cls, text: str, box: tuple[int, int] | str | None = None) -> "Board":
        """Read one puzzle in any of the accepted text forms (see ``sudoku_cp.parse``).

        A plain line of n*n symbols (n >= 6) takes a short road (``text.plain_values``,
        the same board); anything else, and any line with a problem, the general reader,
        which names the problem."""
        plain_values, read_puzzle = _READERS or _readers()

        if isinstance(box, str):
            box = parse_box(box)
        if type(text) is str:
            plain = plain_values(text, box)
            if plain is not None:
                return cls._trusted(*plain)  # the values are checked by plain_values
        values, box = read_puzzle(text, box=box)
        return cls.from_values(values, box)

    @classmethod
    def _trusted(cls, g: Geometry, givens: tuple[int, ...]) -> "Board":
        """A board whose givens the caller has already checked (n*n integers in 0..n):
        no second check. For the parser's short road only."""
        board = object.__new__(cls)
        object.__setattr__(board, "geometry", g)
        object.__setattr__(board, "givens", givens)
        return board

    # -- geometry shortcuts -------------------------------------------------------------
    @property
    def n(self) -> int:
        return self.geometry.n

    @property
    def box(self) -> tuple[int, int]:
        return self.geometry.box

    @property
    def houses(self) -> tuple[tuple[int, ...], ...]:
        return self.geometry.houses

    @property
    def clues(self) -> int:
        """Number of givens."""
        return sum(1 for v in self.givens if v)

    def with_givens(self, givens: Sequence[int]) -> "Board":
        """The same geometry with other givens."""
        return Board(self.geometry, tuple(givens))

    # -- text -----------------------------------------------------------------------------
    def to_text(self, values: Sequence[int] | None = None) -> str:
        """One-line text: compact symbols up to n=35, comma-separated integers beyond.

        >>> Board.parse("1.3.3.........1.").to_text()
        '1.3.3.........1.'
        """
        values = self.givens if values is None else values
        return format_line(values, self.n)

    def grid(self, values: Sequence[int] | None = None) -> str:
        """A readable multi-line grid with box separators (what the CLI prints)."""
        return format_grid(values if values is not None else self.givens, self.geometry)

    def __str__(self) -> str:
        return self.grid()

    # -- pictures (Jupyter shows these; see sudoku_cp.display) ---------------------------
    def _repr_svg_(self) -> str:
        from .display import to_svg

        return to_svg(self)

    def _repr_html_(self) -> str:
        from .display import to_html

        return to_html(self)


_READERS: tuple = ()


def _readers() -> tuple:
    """``text.plain_values`` and ``text.read_puzzle`` (text to values: the reader below the
    board), imported on the first ``Board.parse`` and kept: ``import sudoku_cp`` does not
    load the reader, and an import statement per call cost a third of a plain line's parse."""
    global _READERS
    from .text import plain_values, read_puzzle

    _READERS = (plain_values, read_puzzle)
    return _READERS
