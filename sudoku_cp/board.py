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
        for i, house in enumerate(self.extra, 1):
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

        A plain line of n*n symbols (n >= 6) takes a short road (``parse.cells.plain_board``,
        the same board); anything else, and any line with a problem, the general parser,
        which names the problem."""
        from .parse.cells import parse_puzzle, plain_board

        if isinstance(box, str):
            box = parse_box(box)
        if type(text) is str:
            board = plain_board(text, box)
            if board is not None:
                return board
        return parse_puzzle(text, box=box)

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
