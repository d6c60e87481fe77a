"""The CNF encoding: one Boolean variable per (row, col, value), clauses per house.

Builds a ``pysat.formula.CNF`` and never solves it (``backends.sat`` does). The
variable "cell (row, col) holds value" comes from an ``IDPool`` keyed by
``(row, col, value)`` (0-based row and column, value 1..n). The n³ cell-value
variables are allocated first, row-major and then by value, so their ids are
``1 .. n³`` and the same for every run: id = (row*n + col)*n + value.

Two encodings, both iterating ``geometry.houses`` so the extra houses of a variant
are constrained like any other:

- ``minimal``: each cell holds at least one value; each value at most once per
  house (pairwise). Enough to define the solutions, weak for propagation.
- ``extended``: minimal + each cell holds at most one value (pairwise) + each value
  at least once per house of n cells (an extra house with fewer cells than values
  cannot hold every value, so it gets no such clause). The redundant clauses let
  unit propagation find hidden singles, which makes the search far shorter
  (a 25×25 uniqueness check ~6 s against ~125 s).

Pairs of cells that share two houses (a row and a box) get their "at most once"
clause once per house: duplicates are kept, so clause counts are per house.

Givens are not part of the base formula: a backend passes ``givens_literals`` as
assumptions so one formula serves every puzzle of a shape; ``to_dimacs`` writes
them as unit clauses for an external solver.

>>> from sudoku_cp.board import geometry
>>> enc = encode(geometry(3, 3))
>>> enc.nv, len(enc.cnf.clauses), len(encode(geometry(3, 3), "minimal").cnf.clauses)
(729, 11988, 8829)
"""

from __future__ import annotations

from ..errors import UsageError

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, Sequence

from ..board import Board, Geometry

#: The encodings ``encode`` knows; the first is the default.
ENCODINGS = ("extended", "minimal")


@dataclass(frozen=True, eq=False)
class Encoding:
    """A CNF formula for an empty board of ``geometry``, with its variable pool.

    ``x[cell][value]`` is the variable id of "cell holds value" (``x[cell][0]`` is
    unused), read from ``pool``; ``nv`` = n³ is the number of cell-value variables,
    the highest id the formula uses.
    """

    geometry: Geometry
    encoding: str
    cnf: Any  # pysat.formula.CNF
    pool: Any  # pysat.formula.IDPool keyed by (row, col, value)
    x: tuple[tuple[int, ...], ...] = field(repr=False)

    @property
    def nv(self) -> int:
        return self.geometry.n ** 3

    @cached_property
    def value_of(self) -> tuple[int, ...]:
        """``value_of[id]``: the value a cell-value variable stands for (index 0 unused)."""
        table = [0] * (self.nv + 1)
        for lits in self.x:
            for value, lit in enumerate(lits):
                if value:
                    table[lit] = value
        return tuple(table)

    def describe(self) -> str:
        g = self.geometry
        return f"{g.n}x{g.n} board, box {g.box_rows}x{g.box_cols}, encoding {self.encoding}"


def new_pool(geometry: Geometry):
    """An ``IDPool`` holding the n³ cell-value variables with ids 1..n³, in order.

    >>> from sudoku_cp.board import geometry
    >>> pool = new_pool(geometry(2, 2))
    >>> pool.id((0, 0, 1)), pool.id((0, 1, 1)), pool.id((3, 3, 4)), pool.top
    (1, 5, 64, 64)
    """
    from pysat.formula import IDPool

    n = geometry.n
    pool = IDPool()
    for row in range(n):
        for col in range(n):
            for value in range(1, n + 1):
                pool.id((row, col, value))
    return pool


def var(pool_or_encoding, row: int, col: int, value: int) -> int:
    """The variable id of "cell (row, col) holds value" (0-based row/col, value 1..n).

    Reads the pool and never adds to it: a key off the board is a ``KeyError``.

    >>> from sudoku_cp.board import geometry
    >>> enc = encode(geometry(3, 3))
    >>> var(enc, 0, 0, 1), var(enc, 0, 1, 1), var(enc.pool, 8, 8, 9)
    (1, 10, 729)
    """
    pool = getattr(pool_or_encoding, "pool", pool_or_encoding)
    k = (row, col, value)
    if k not in pool.obj2id:  # obj2id is a defaultdict: a plain lookup would add the key
        raise KeyError(f"no variable for row {row}, col {col}, value {value}")
    return pool.obj2id[k]


def key(pool_or_encoding, vid: int) -> tuple[int, int, int]:
    """The ``(row, col, value)`` of a variable id (the inverse of ``var``)."""
    pool = getattr(pool_or_encoding, "pool", pool_or_encoding)
    return pool.obj(vid)


def encode(geometry: Geometry, encoding: str = "extended", amo: str = "pairwise") -> Encoding:
    """The CNF of an empty board of ``geometry`` (no givens).

    ``amo`` names the at-most-one encoding of both "at most" families (see
    ``encode.amo``). Any other than ``pairwise`` adds auxiliary variables after the
    n³ cell-value ones: ``pool.top``, not ``nv``, is then the highest id.

    >>> from sudoku_cp.board import geometry
    >>> enc = encode(geometry(2, 2), "minimal")
    >>> enc.nv, len(enc.cnf.clauses), enc.cnf.clauses[0]
    (64, 304, [1, 2, 3, 4])
    """
    from pysat.formula import CNF

    from .amo import at_most_one, check_encoding

    if encoding not in ENCODINGS:
        raise UsageError(f"unknown encoding {encoding!r}; choose from: {', '.join(ENCODINGS)}")
    check_encoding(amo)
    n = geometry.n
    pool = new_pool(geometry)
    x = tuple(
        (0,) + tuple(pool.id((row, col, value)) for value in range(1, n + 1))
        for row in range(n) for col in range(n)
    )
    values = range(1, n + 1)
    extended = encoding == "extended"
    clauses: list[list[int]] = []

    # Cells, at least one value: x[c][1] or ... or x[c][n].
    for cell in range(geometry.ncells):
        clauses.append([x[cell][v] for v in values])

    # Cells, at most one value (extended): not both x[c][v] and x[c][w].
    if extended:
        for cell in range(geometry.ncells):
            clauses.extend(at_most_one([x[cell][v] for v in values], pool, amo))

    # Houses, each value at most once: not both x[a][v] and x[b][v] for cells a, b;
    # houses of n cells, each value at least once (extended).
    clauses.extend(house_clauses(x, n, geometry.houses, extended, pool, amo))

    return Encoding(geometry, encoding, CNF(from_clauses=clauses, by_ref=True), pool, x)


def house_clauses(x, n: int, houses, extended: bool = True, pool: Any = None,
                  amo: str = "pairwise") -> list[list[int]]:
    """The clauses of ``houses`` over the cell-value variables ``x`` (``Encoding.x``).

    Each value at most once per house; with ``extended``, each value at least once in
    every house of n cells (a smaller house holds distinct values, not every value).
    ``encode`` writes every house with it; the ``sat`` backend also writes a one-off
    variant's extra houses with it, on top of the classic formula of the same shape.

    >>> from sudoku_cp.board import geometry
    >>> x = encode(geometry(2, 2)).x
    >>> house_clauses(x, 4, [(0, 5)])[:2], len(house_clauses(x, 4, [(0, 5, 10, 15)]))
    ([[-1, -21], [-2, -22]], 28)
    """
    from .amo import at_most_one

    values = range(1, n + 1)
    clauses: list[list[int]] = []
    for house in houses:
        for v in values:
            clauses.extend(at_most_one([x[cell][v] for cell in house], pool, amo))
    if extended:
        for house in houses:
            if len(house) == n:
                for v in values:
                    clauses.append([x[cell][v] for cell in house])
    return clauses


def givens_literals(encoding: Encoding, board: Board) -> list[int]:
    """Positive literals fixing the givens of ``board`` (a backend's assumptions).

    >>> b = Board.from_values([1,0,0,0, 0,0,1,0, 0,1,0,0, 0,0,0,1])
    >>> givens_literals(encode(b.geometry), b)
    [1, 25, 37, 61]
    """
    x = encoding.x
    return [x[cell][v] for cell, v in enumerate(board.givens) if v]


def decode(encoding: Encoding, model: Sequence[int]) -> tuple[int, ...]:
    """The solution (n*n values, row-major) that a model of the formula describes.

    Reads only the first n³ literals; in every model each cell has exactly one true
    cell-value variable (an n-cell house holds n distinct values), so the true
    literals come one per cell, in cell order.
    """
    value_of = encoding.value_of
    nv = encoding.nv
    values = tuple([value_of[lit] for lit in model[:nv] if lit > 0])
    if len(values) != encoding.geometry.ncells:
        raise UsageError(f"model sets {len(values)} cell values, not {encoding.geometry.ncells}")
    return values


def to_dimacs(board_or_geometry: Board | Geometry, encoding: str = "extended",
              givens: bool = True, blocking: Sequence[int] | None = None) -> str:
    """DIMACS text of a board (givens as unit clauses) or of an empty geometry.

    The header comments name the box shape, encoding and extra houses, and map
    every variable to its cell and value, 1-based (``c var 10 = r1c2#1``). The
    output depends only on the board and the encoding (and ``blocking``: one more
    clause written last, e.g. the clause that rules out a known solution, which a
    uniqueness certificate refutes; see ``sudoku_cp.certify``).

    >>> text = to_dimacs(Board.from_values([1,0,0,0, 0,0,1,0, 0,1,0,0, 0,0,0,1]))
    >>> [line for line in text.splitlines() if line.startswith(("p ", "c var 64"))]
    ['c var 64 = r4c4#4', 'p cnf 64 452']
    """
    if isinstance(board_or_geometry, Board):
        board, geometry = board_or_geometry, board_or_geometry.geometry
    else:
        board, geometry = None, board_or_geometry
    enc = cached_encode(geometry, encoding)
    n = geometry.n
    clauses = enc.cnf.clauses
    units = givens_literals(enc, board) if (board is not None and givens) else []
    extra = [list(blocking)] if blocking is not None else []
    lines = [
        f"c sudoku_cp CNF: {enc.describe()}",
        f"c houses: {n} rows, {n} columns, {n} boxes, {len(geometry.extra)} extra",
    ]
    for i, house in enumerate(geometry.extra, 1):
        cells = " ".join(f"r{c // n + 1}c{c % n + 1}" for c in house)
        lines.append(f"c extra house {i}: {cells}")
    lines.append(f"c givens: {len(units)} unit clauses at the end")
    if extra:
        lines.append("c blocking: 1 clause after the givens, ruling out a known solution")
    legend, body = _dimacs_blocks(geometry, encoding)
    lines.append(legend)
    lines.append(f"p cnf {enc.pool.top} {len(clauses) + len(units) + len(extra)}")
    lines.append(body)
    lines.extend(f"{lit} 0" for lit in units)
    lines.extend(" ".join(map(str, clause + [0])) for clause in extra)
    return "\n".join(lines) + "\n"


@lru_cache(maxsize=8)
def _dimacs_blocks(geometry: Geometry, encoding: str) -> tuple[str, str]:
    """The variable legend and the clause lines of a shape's formula, as text (the same
    for every puzzle of the shape, so ``to_dimacs`` writes them once per shape)."""
    enc = cached_encode(geometry, encoding)
    n = geometry.n
    legend = ["c variable ids: ((row-1)*n + (col-1))*n + value, with row, col, value 1-based"]
    for row in range(n):
        for col in range(n):
            for value in range(1, n + 1):
                legend.append(f"c var {enc.x[row * n + col][value]} = r{row + 1}c{col + 1}#{value}")
    body = "\n".join(" ".join(map(str, clause)) + " 0" for clause in enc.cnf.clauses)
    return "\n".join(legend), body


@lru_cache(maxsize=8)
def cached_encode(geometry: Geometry, encoding: str = "extended") -> Encoding:
    """``encode(geometry, encoding)``, kept for the next call with the same shape.

    Callers must not change the clauses of the encoding they get back.
    """
    return encode(geometry, encoding)
