"""Geometry: what follows from a box shape, before any puzzle is on it.

The glossary is in ``sudoku_cp.board``. Everything here follows from the box shape
``(box_rows, box_cols)``: the houses, the peers, the cell names and the text symbols.
Geometry is computed once per shape and cached. This module imports nothing of the
package but its errors: the board, the readers and the pictures stand on it.
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Iterable, Sequence

from .errors import PuzzleError

#: Symbols for values 1..35 in the compact one-character-per-cell text form.
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_DOT_SYMBOLS = "." + SYMBOLS
#: Largest n that the compact text form can write (larger boards use integers).
MAX_COMPACT_N = len(SYMBOLS)
#: Largest n that input is read for unless the caller raises it (``--max-size``): a
#: 64x64 board's extended CNF already has about 16 million clauses.
MAX_SIZE = 64


#: The smallest side a board may have without an explicit box shape.
MIN_N = 4


def default_box(n: int) -> tuple[int, int]:
    """The box shape for an n×n board: square when n is a square, else the
    largest divisor of n not above √n gives the box rows.

    Degenerate boards are refused here, so that nothing guesses them by accident: a
    board below 4×4, or one whose only box shape has a side of 1 (n prime). Asking for
    the box explicitly (``box=(1, 7)``, ``--box 1x7``: a Latin square) still works.

    >>> default_box(9), default_box(6), default_box(8), default_box(12)
    ((3, 3), (2, 3), (2, 4), (3, 4))
    >>> default_box(7)
    Traceback (most recent call last):
    ...
    sudoku_cp.errors.PuzzleError: a 7x7 board has no box shape with both sides above 1; give the box (e.g. --box 1x7) to check it as a Latin square
    """
    if n < 1:
        raise PuzzleError(f"a board needs at least one value, not n={n}")
    if n < MIN_N:
        raise PuzzleError(f"a {n}x{n} board is too small (boards start at {MIN_N}x{MIN_N}); "
                          f"give the box (e.g. --box 1x{n}) to check it anyway")
    rows = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
    if rows == 1:
        raise PuzzleError(f"a {n}x{n} board has no box shape with both sides above 1; give "
                          f"the box (e.g. --box 1x{n}) to check it as a Latin square")
    return rows, n // rows


def parse_box(text: str) -> tuple[int, int]:
    """Read a box shape written ``RxC`` (also ``R*C`` or ``R,C``).

    >>> parse_box("2x3")
    (2, 3)
    """
    for sep in ("x", "X", "*", ",", "×"):
        if sep in text:
            left, _, right = text.partition(sep)
            break
    else:
        raise PuzzleError(f"box shape {text!r} is not of the form RxC, e.g. 3x3 or 2x3")
    try:
        rows, cols = int(left), int(right)
    except ValueError:
        raise PuzzleError(f"box shape {text!r} is not of the form RxC, e.g. 3x3 or 2x3") from None
    if rows < 1 or cols < 1:
        raise PuzzleError(f"box shape {text!r} needs positive sides")
    return rows, cols


@dataclass(frozen=True)
class Geometry:
    """Cells and houses of an n×n board with ``box_rows × box_cols`` boxes.

    ``extra`` holds additional houses (a variant such as Sudoku-X adds its two
    diagonals); every backend reads ``houses`` and so supports them unchanged. A house
    of n cells holds every value; a smaller one only values that differ (so "each value
    somewhere in the house" holds for full houses only); a larger one cannot be filled
    (a pigeonhole: a hard unsatisfiable test case). An empty house is refused.

    >>> g = Geometry(3, 3)
    >>> g.n, g.ncells, len(g.houses), len(g.peers[0])
    (9, 81, 27, 20)
    """

    box_rows: int
    box_cols: int
    extra: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self) -> None:
        if self.box_rows < 1 or self.box_cols < 1:
            raise PuzzleError(f"box shape {self.box_rows}x{self.box_cols} needs positive sides")
        extra = self.extra
        if not extra:
            return
        cells = [c for house in extra for c in house]
        if (all(extra) and 0 <= min(cells) and max(cells) < self.ncells
                and sum(map(len, map(set, extra))) == len(cells)):
            return  # (all the houses at once: an anti-knight's 224 paid 0.4 ms house by house)
        for i, house in enumerate(extra, 1):  # which house, for the message
            if not house:
                raise PuzzleError(f"extra house {i} is empty")
            if len(house) != len(set(house)) or not all(0 <= c < self.ncells for c in house):
                raise PuzzleError(f"extra house {i} {house} names a cell twice or off the board")

    @property
    def n(self) -> int:
        """Side of the board, also the number of values."""
        return self.box_rows * self.box_cols

    @property
    def ncells(self) -> int:
        return self.n * self.n

    @property
    def box(self) -> tuple[int, int]:
        return (self.box_rows, self.box_cols)

    def cell(self, row: int, col: int) -> int:
        return row * self.n + col

    def rowcol(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.n)

    @cached_property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        n = self.n
        return tuple(tuple(r * n + c for c in range(n)) for r in range(n))

    @cached_property
    def cols(self) -> tuple[tuple[int, ...], ...]:
        n = self.n
        return tuple(tuple(r * n + c for r in range(n)) for c in range(n))

    @cached_property
    def boxes(self) -> tuple[tuple[int, ...], ...]:
        n, br, bc = self.n, self.box_rows, self.box_cols
        return tuple(
            tuple((r0 + r) * n + (c0 + c) for r in range(br) for c in range(bc))
            for r0 in range(0, n, br)
            for c0 in range(0, n, bc)
        )

    @cached_property
    def houses(self) -> tuple[tuple[int, ...], ...]:
        """Rows, then columns, then boxes, then any extra houses."""
        return self.rows + self.cols + self.boxes + tuple(self.extra)

    @cached_property
    def houses_of(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the indices (into ``houses``) of the houses it is in."""
        of: list[list[int]] = [[] for _ in range(self.ncells)]
        for h, house in enumerate(self.houses):
            for cell in house:
                of[cell].append(h)
        return tuple(tuple(hs) for hs in of)

    @cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the other cells that share a house with it (sorted)."""
        result = []
        for cell in range(self.ncells):
            ps = {p for h in self.houses_of[cell] for p in self.houses[h]}
            ps.discard(cell)
            result.append(tuple(sorted(ps)))
        return tuple(result)

    def house_name(self, h: int) -> str:
        """A readable name for house number h, e.g. 'row 3' (1-based, as people count)."""
        n = self.n
        kind, i = divmod(h, n)
        if kind < 3:
            return f"{('row', 'column', 'box')[kind]} {i + 1}"
        return f"extra house {h - 3 * n + 1}"

    def with_houses(self, houses: Iterable[Sequence[int]]) -> "Geometry":
        """A variant: this geometry with more houses."""
        return Geometry(self.box_rows, self.box_cols, self.extra + tuple(tuple(h) for h in houses))


#: The one type ``from_values`` takes without a check per value (bool is a subclass, not int).
_INT = {int}


def _integer(v, what: str, where: int, n: int) -> int:
    """``v`` as an int, or a PuzzleError: bools, floats and strings are not integers."""
    try:
        if isinstance(v, bool):
            raise TypeError
        return operator.index(v)
    except TypeError:
        place = cell_name(where, n) if what == "value" else f"extra house {where + 1}"
        raise PuzzleError(f"{what} {v!r} at {place} is not an integer") from None


def _box_pair(box) -> tuple[int, int]:
    """A box shape given by a caller, checked: two positive integers."""
    try:
        br, bc = box
        br, bc = operator.index(br), operator.index(bc)
    except (TypeError, ValueError):
        raise PuzzleError(f"box {box!r} is not two integers (rows, cols), e.g. (3, 3)") from None
    if br < 1 or bc < 1:
        raise PuzzleError(f"box {br}x{bc} needs positive sides")
    return br, bc


@lru_cache(maxsize=None)
def geometry(box_rows: int, box_cols: int) -> Geometry:
    """The (cached) classic geometry for a box shape."""
    return Geometry(box_rows, box_cols)


def cell_name(cell: int, n: int) -> str:
    """'r3c5' style name of a cell (1-based)."""
    r, c = divmod(cell, n)
    return f"r{r + 1}c{c + 1}"


def format_line(values: Sequence[int], n: int) -> str:
    if n <= MAX_COMPACT_N:  # one lookup per cell: "." for 0, then the symbols of 1..35
        return "".join(map(_DOT_SYMBOLS.__getitem__, values))
    return ",".join(str(v) for v in values)


def format_grid(values: Sequence[int], g: Geometry) -> str:
    n, br, bc = g.n, g.box_rows, g.box_cols
    width = 1 if n <= MAX_COMPACT_N else len(str(n))

    def sym(v: int) -> str:
        if not v:
            return ".".rjust(width)
        return (SYMBOLS[v - 1] if n <= MAX_COMPACT_N else str(v)).rjust(width)

    sep = "+".join("-" * (bc * (width + 1) + 1) for _ in range(n // bc))
    lines = []
    for r in range(n):
        if r and r % br == 0:
            lines.append(sep)
        row = values[r * n:(r + 1) * n]
        chunks = [" ".join(sym(v) for v in row[c:c + bc]) for c in range(0, n, bc)]
        lines.append(" " + " | ".join(chunks))
    return "\n".join(lines)
