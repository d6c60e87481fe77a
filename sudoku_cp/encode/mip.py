"""The 0-1 integer programming model: binary x[r,c,v], one linear constraint per family.

The standard operations-research model of Sudoku (as in PuLP's documentation):

- **variables**: x[r,c,v] = 1 when the cell in row r, column c holds value v
  (n³ binaries; column ``cell * n + v - 1`` of the matrix);
- **cells**: each cell holds exactly one value, ``sum_v x[r,c,v] = 1``;
- **houses**: each value is in each row, column and box exactly once,
  ``sum_{cell in house} x[cell,v] = 1``; an extra house of fewer than n cells cannot
  hold every value, so its rows say *at most once* (``<= 1``).
- **givens** fix variables (lower bound 1), so one model serves every puzzle of a
  shape; **objective**: none (zero), any feasible point is a solution.

The constraint names follow the exact-cover columns (``encode.exact_cover``): ``p15``
is the cell in row 1, column 5; ``r17``, ``c17``, ``b17`` value 7 in row, column,
box 1; the variable ``x157`` is "row 1, column 5 holds 7". This module builds the
rows and writes them as CPLEX LP or MPS text for any MIP solver; it never solves
(``backends.mip`` does).

>>> from sudoku_cp.board import geometry
>>> m = encode(geometry(3, 3))
>>> m.ncols, len(m.rows), sum(1 for r in m.rows if r.sense == "=")
(729, 324, 324)
"""

from __future__ import annotations

from ..errors import UsageError

from dataclasses import dataclass

from ..board import SYMBOLS, Board, Geometry
from .exact_cover import column_label, encode as exact_cover


@dataclass(frozen=True)
class Row:
    """One linear constraint: the sum of ``columns`` is ``= 1`` or ``<= 1``."""

    name: str
    columns: tuple[int, ...]
    sense: str  # "=" or "<="


@dataclass(frozen=True)
class MipModel:
    """The constraint rows of a geometry; column ``cell * n + v - 1`` is x[cell, v]."""

    geometry: Geometry
    rows: tuple[Row, ...]

    @property
    def ncols(self) -> int:
        return self.geometry.n ** 3

    def column(self, cell: int, value: int) -> int:
        return cell * self.geometry.n + value - 1

    def variable_name(self, col: int) -> str:
        """``x157``: row 1, column 5, value 7 (1-based, one symbol each)."""
        n = self.geometry.n
        cell, v = divmod(col, n)
        r, c = divmod(cell, n)
        return f"x{SYMBOLS[r]}{SYMBOLS[c]}{SYMBOLS[v]}"

    def fixed_columns(self, board: Board) -> list[int]:
        """The columns a puzzle's givens fix to 1."""
        return [self.column(cell, v) for cell, v in enumerate(board.givens) if v]


def encode(geometry: Geometry) -> MipModel:
    """The constraint rows of an empty board: the exact-cover columns, read as sums.

    Every exact-cover column (a cell, or a value in a house) becomes one row over the
    variables of the (cell, value) choices that cover it: ``= 1`` for a primary
    column, ``<= 1`` for a secondary one (an extra house of fewer than n cells).
    """
    n = geometry.n
    cover = exact_cover(geometry)
    members: list[list[int]] = [[] for _ in cover.columns]
    for (cell, v), cols in zip(cover.rows, cover.row_columns):
        for c in cols:
            members[c].append(cell * n + v - 1)
    rows = tuple(
        Row(_row_name(geometry, name), tuple(cols), "=" if i < cover.primary else "<=")
        for i, (name, cols) in enumerate(zip(cover.columns, members)))
    return MipModel(geometry, rows)


def _row_name(geometry: Geometry, column: tuple) -> str:
    if geometry.n <= len(SYMBOLS):
        return column_label(geometry, column)
    if column[0] == "cell":
        return f"p_{column[1]}"
    return f"h{column[1]}_{column[2]}"


def _header(board: Board, comment: str) -> list[str]:
    g = board.geometry
    n = g.n
    lines = [
        f"{comment} sudoku_cp 0-1 model: {n}x{n} board, box {g.box_rows}x{g.box_cols}, "
        f"{len(g.extra)} extra houses, {board.clues} givens",
        f"{comment} xRCV = 1: row R, column C holds value V (1-based, symbols 1-9 then A-Z)",
        f"{comment} pRC: cell RC holds one value; rRV, cCV, bBV: value V once in row R, "
        "column C, box B",
    ]
    for i, house in enumerate(g.extra, 1):
        cells = " ".join(f"r{c // n + 1}c{c % n + 1}" for c in house)
        lines.append(f"{comment} x{i}.V: value V in extra house {i}: {cells}")
    lines.append(f"{comment} objective: none (feasibility); givens: variables fixed to 1")
    return lines


def _board(board_or_geometry: Board | Geometry) -> Board:
    if isinstance(board_or_geometry, Board):
        board = board_or_geometry
    else:
        board = Board(board_or_geometry, (0,) * board_or_geometry.ncells)
    if board.n > len(SYMBOLS):
        raise UsageError(f"LP and MPS names use one symbol per number, so n is at most "
                         f"{len(SYMBOLS)}, not {board.n}")
    return board


def to_lp(board_or_geometry: Board | Geometry) -> str:
    """The model in CPLEX LP format (read by HiGHS, CBC, GLPK, Gurobi, CPLEX, SCIP).

    >>> text = to_lp(Board.parse("1..." "...." "...." "...."))
    >>> [line for line in text.splitlines() if line.startswith((" p11:", " x111 "))][:2]
    [' p11: x111 + x112 + x113 + x114 = 1', ' x111 = 1']
    """
    board = _board(board_or_geometry)
    m = encode(board.geometry)
    name = m.variable_name
    lines = _header(board, "\\")
    lines += ["Minimize", " obj: 0 " + name(0), "Subject To"]
    for row in m.rows:
        lines.append(f" {row.name}: " + " + ".join(name(c) for c in row.columns)
                     + f" {row.sense} 1")
    fixed = m.fixed_columns(board)
    if fixed:
        lines.append("Bounds")
        lines += [f" {name(c)} = 1" for c in fixed]
    lines.append("Binary")
    for start in range(0, m.ncols, 10):
        lines.append(" " + " ".join(name(c) for c in range(start, min(start + 10, m.ncols))))
    lines.append("End")
    return "\n".join(lines) + "\n"


def to_mps(board_or_geometry: Board | Geometry) -> str:
    """The model in fixed-format MPS (names of at most 8 characters, so any reader).

    >>> text = to_mps(Board.parse("1..." "...." "...." "...."))
    >>> for line in text.splitlines():
    ...     if "x111" in line: print(line)
        x111      p11       1              r11       1
        x111      c11       1              b11       1
     FX BND       x111      1
    """
    board = _board(board_or_geometry)
    m = encode(board.geometry)
    name = m.variable_name
    lines = _header(board, "*")
    lines += [f"NAME          SUDOKU{board.n}", "ROWS", " N  obj"]
    lines += [f" {'E' if row.sense == '=' else 'L'}  {row.name}" for row in m.rows]
    entries: list[list[str]] = [[] for _ in range(m.ncols)]
    for row in m.rows:
        for c in row.columns:
            entries[c].append(row.name)
    lines.append("COLUMNS")
    lines.append(_fields("", "MARKER", "'MARKER'", "", "'INTORG'"))
    for c in range(m.ncols):
        names = entries[c]
        for i in range(0, len(names), 2):
            lines.append(_fields("", name(c), *_pairs(names[i:i + 2])))
    lines.append(_fields("", "MARKER", "'MARKER'", "", "'INTEND'"))
    lines.append("RHS")
    for i in range(0, len(m.rows), 2):
        lines.append(_fields("", "RHS", *_pairs([row.name for row in m.rows[i:i + 2]])))
    lines.append("BOUNDS")
    fixed = set(m.fixed_columns(board))
    for c in range(m.ncols):
        lines.append(_fields("FX" if c in fixed else "UP", "BND", name(c), "1"))
    lines.append("ENDATA")
    return "\n".join(lines) + "\n"


def _pairs(names: list[str]) -> list[str]:
    """Fields 3-6 of an MPS line: one or two (name, coefficient 1) pairs."""
    out = []
    for n in names:
        out += [n, "1"]
    return out


def _fields(*fields: str) -> str:
    """One fixed-format MPS line: fields start in columns 2, 5, 15, 25, 40 and 50."""
    starts = (1, 4, 14, 24, 39, 49)
    line = ""
    for start, text in zip(starts, fields):
        line = line.ljust(start) + text
    return line.rstrip()
