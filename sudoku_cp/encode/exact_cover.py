"""Sudoku as exact cover: rows are (cell, value) choices, columns are what must be covered.

An *exact cover* problem is a 0/1 matrix; a solution picks rows so that every
*primary* column has exactly one 1 in the picked rows, and every *secondary* column
at most one. Knuth's classic reading of Sudoku (Dancing Links, 2000):

- **rows**: one per cell and value, "this cell holds this value" (n³ rows);
- **cell columns**: one per cell, "the cell holds some value" (primary);
- **house-value columns**: one per house and value, "the value is somewhere in the
  house". For a row, a column and a box (n cells each) they are primary: n cells, n
  values, so each value exactly once. An extra house of fewer than n cells cannot
  hold every value: its columns are **secondary**, "the value at most once".

Row (cell, value) has a 1 in the cell's column and in the (house, value) column of
every house the cell is in: four 1s for a classic board. Givens are not part of the
matrix: a solver selects a given's row before it searches.

This module builds the matrix (``encode``) and writes it as text (``to_text``); it
never searches (``backends.dlx`` does).

>>> from sudoku_cp.board import geometry
>>> m = encode(geometry(3, 3))
>>> len(m.rows), m.primary, len(m.columns), len(m.row_columns[0])
(729, 324, 324, 4)
"""

from __future__ import annotations

from ..errors import UsageError

from dataclasses import dataclass

from ..board import SYMBOLS, Board, Geometry


@dataclass(frozen=True)
class ExactCover:
    """The exact-cover matrix of a geometry, stored sparsely.

    ``columns`` names every column, the ``primary`` ones first; ``rows[i]`` is the
    (cell, value) of row i and ``row_columns[i]`` the indices of its 1s, cell column
    first. ``row_of[cell][value]`` is the row index of a choice (``[cell][0]`` unused).
    """

    geometry: Geometry
    columns: tuple[tuple, ...]
    primary: int
    rows: tuple[tuple[int, int], ...]
    row_columns: tuple[tuple[int, ...], ...]
    row_of: tuple[tuple[int, ...], ...]

    def given_rows(self, board: Board) -> list[int]:
        """The rows a puzzle's givens select, in cell order."""
        return [self.row_of[cell][v] for cell, v in enumerate(board.givens) if v]


def encode(geometry: Geometry) -> ExactCover:
    """The exact-cover matrix of an empty board of this geometry.

    A column is named ``("cell", cell)`` or ``("house", h, value)``, with ``h`` an
    index into ``geometry.houses``.
    """
    n = geometry.n
    houses = geometry.houses
    full = [h for h, house in enumerate(houses) if len(house) == n]
    partial = [h for h, house in enumerate(houses) if len(house) != n]
    # Cells: every cell holds some value (primary).
    columns: list[tuple] = [("cell", cell) for cell in range(geometry.ncells)]
    # Houses of n cells: every value exactly once (primary).
    columns += [("house", h, v) for h in full for v in range(1, n + 1)]
    primary = len(columns)
    # Smaller (or larger) extra houses: every value at most once (secondary).
    columns += [("house", h, v) for h in partial for v in range(1, n + 1)]
    index = {name: i for i, name in enumerate(columns)}

    rows, row_columns = [], []
    row_of = [[0] * (n + 1) for _ in range(geometry.ncells)]
    for cell in range(geometry.ncells):
        for v in range(1, n + 1):
            row_of[cell][v] = len(rows)
            rows.append((cell, v))
            row_columns.append((index["cell", cell],
                                *(index["house", h, v] for h in geometry.houses_of[cell])))
    return ExactCover(geometry, tuple(columns), primary, tuple(rows), tuple(row_columns),
                      tuple(tuple(r) for r in row_of))


def column_label(geometry: Geometry, column: tuple) -> str:
    """A short name for a column, as in Knuth's sudoku inputs: ``p15`` is the cell in
    row 1, column 5; ``r17``, ``c17``, ``b17`` value 7 in row, column, box 1;
    ``x2.7`` value 7 in extra house 2 (1-based, one symbol per number, up to n = 35).

    >>> from sudoku_cp.board import geometry
    >>> g = geometry(3, 3)
    >>> [column_label(g, c) for c in [("cell", 4), ("house", 9, 7), ("house", 26, 9)]]
    ['p15', 'c17', 'b99']
    """
    n = geometry.n
    sym = SYMBOLS.__getitem__
    if column[0] == "cell":
        r, c = divmod(column[1], n)
        return f"p{sym(r)}{sym(c)}"
    _, h, v = column
    kind, i = divmod(h, n)
    if kind < 3:
        return f"{'rcb'[kind]}{sym(i)}{sym(v - 1)}"
    return f"x{h - 3 * n + 1}.{sym(v - 1)}"


def to_text(board_or_geometry: Board | Geometry) -> str:
    """The matrix as text in the input format of Knuth's DLX programs.

    Lines starting with ``|`` are comments. The first other line names the columns:
    primary ones, then ``|``, then secondary ones. Each following line is one row,
    naming the columns where it has a 1. A given keeps only its own row, so any
    exact-cover solver solves the puzzle as it reads it. Up to n = 35 (one symbol
    per number in a name).

    >>> text = to_text(Board.parse("1..." "...." "...." "...."))
    >>> lines = [line for line in text.splitlines() if not line.startswith("|")]
    >>> len(lines), lines[1], lines[2]
    (62, 'p11 r11 c11 b11', 'p12 r11 c21 b11')
    """
    if isinstance(board_or_geometry, Board):
        board, geometry = board_or_geometry, board_or_geometry.geometry
    else:
        geometry = board_or_geometry
        board = Board(geometry, (0,) * geometry.ncells)
    n = geometry.n
    if n > len(SYMBOLS):
        raise UsageError(f"the exact-cover text names cells with one symbol per number, "
                         f"so n is at most {len(SYMBOLS)}, not {n}")
    m = encode(geometry)
    label = [column_label(geometry, c) for c in m.columns]
    clues = sum(1 for v in board.givens if v)
    lines = [
        f"| sudoku_cp exact cover: {n}x{n} board, box {geometry.box_rows}x{geometry.box_cols}, "
        f"{len(geometry.extra)} extra houses, {clues} givens",
        "| rows: one per (cell, value) choice; a given keeps only its own row",
        "| numbers are 1-based, one symbol each (1-9, then A-Z)",
        "| pRC: the cell in row R, column C holds a value (primary: exactly once)",
        "| rRV, cCV, bBV: value V is in row R, column C, box B (primary: exactly once)",
    ]
    for i, house in enumerate(geometry.extra, 1):
        kind = "primary" if len(house) == n else "secondary: at most once"
        cells = " ".join(f"r{c // n + 1}c{c % n + 1}" for c in house)
        lines.append(f"| x{i}.V: value V in extra house {i} ({kind}): {cells}")
    secondary = label[m.primary:]
    lines.append(" ".join(label[:m.primary]) + (" | " + " ".join(secondary) if secondary else ""))
    for (cell, v), cols in zip(m.rows, m.row_columns):
        if board.givens[cell] in (0, v):
            lines.append(" ".join(label[c] for c in cols))
    return "\n".join(lines) + "\n"
