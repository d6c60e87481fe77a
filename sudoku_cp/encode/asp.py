"""The answer set program: Sudoku of any box shape in clingo's language, puzzles as facts.

``MODEL`` is the text of ``models/sudoku.lp``: a choice rule per cell (each cell
holds exactly one value), the houses defined by rules from the box shape, and one
integrity constraint per house and value ("at most once", and "at least once" for
a house of n cells, which lets the solver find hidden singles). A puzzle is an
*instance*: the constants ``box_rows`` and ``box_cols`` and one ``given(R,C,V)``
fact per given (``to_asp``); an extra house is ``extra(H,R,C)`` facts. This module
only writes text; it never grounds or solves (``backends.asp`` does)::

    python3 -m clingo models/sudoku.lp puzzle.lp 2       # up to 2 answer sets

>>> print(to_asp(Board.parse("1..." "...." "...." "...4")), end="")
% sudoku_cp ASP instance for models/sudoku.lp: 4x4 board, box 2x2, 2 givens
% puzzle: 1..............4
#const box_rows = 2.
#const box_cols = 2.
given(1,1,1).
given(4,4,4).
"""

from __future__ import annotations

from ..board import Board, Geometry

MODEL = """\
% Sudoku of any box shape as an answer set program (sudoku_cp.encode.asp.MODEL).
% Instance (a file of facts, e.g. from `sudoku-cp export --format asp PUZZLE`):
%   #const box_rows = R.  #const box_cols = C.   the box shape; the board is n x n
%   given(Row, Col, Value).                     one fact per given (all 1-based)
%   extra(H, Row, Col).                         the cells of extra house H, if any
% Run: python3 -m clingo sudoku.lp puzzle.lp 2   (two answer sets: is it unique?)
#defined given/3.
#defined extra/3.
#const n = box_rows * box_cols.
val(1..n).

% Cells: each cell holds exactly one value (a choice rule with bounds 1..1).
1 { x(R, C, V) : val(V) } 1 :- val(R), val(C).

% Givens: a given cell holds its given value.
:- given(R, C, V), not x(R, C, V).

% Houses: rows r(I), columns c(I), boxes b(I) from the box shape, extra houses e(H).
in(r(R), R, C) :- val(R), val(C).
in(c(C), R, C) :- val(R), val(C).
in(b((R - 1) / box_rows * box_rows + (C - 1) / box_cols + 1), R, C) :- val(R), val(C).
in(e(H), R, C) :- extra(H, R, C).
size(H, K) :- in(H, _, _), K = #count { R, C : in(H, R, C) }.

% Each value at most once in every house.
:- size(H, _), val(V), #count { R, C : in(H, R, C), x(R, C, V) } > 1.

% Each value at least once in a house of n cells (implied, but it propagates hidden singles).
:- size(H, n), val(V), #count { R, C : in(H, R, C), x(R, C, V) } = 0.

#show x/3.
"""


def facts(board_or_geometry: Board | Geometry, givens: bool = True) -> list[str]:
    """The instance's lines after the header: constants, extra houses, givens."""
    if isinstance(board_or_geometry, Board):
        board, g = board_or_geometry, board_or_geometry.geometry
    else:
        board, g = None, board_or_geometry
    n = g.n
    lines = [f"#const box_rows = {g.box_rows}.", f"#const box_cols = {g.box_cols}."]
    for h, house in enumerate(g.extra, 1):
        lines.append(" ".join(f"extra({h},{c // n + 1},{c % n + 1})." for c in house))
    if board is not None and givens:
        for r in range(n):
            row = [f"given({r + 1},{c + 1},{board.givens[r * n + c]})."
                   for c in range(n) if board.givens[r * n + c]]
            if row:
                lines.append(" ".join(row))
    return lines


def to_asp(board_or_geometry: Board | Geometry) -> str:
    """A puzzle (or an empty board) as an instance file for ``models/sudoku.lp``."""
    if isinstance(board_or_geometry, Board):
        board = board_or_geometry
    else:
        board = Board(board_or_geometry, (0,) * board_or_geometry.ncells)
    g = board.geometry
    head = [f"% sudoku_cp ASP instance for models/sudoku.lp: {g.n}x{g.n} board, "
            f"box {g.box_rows}x{g.box_cols}, {board.clues} givens"]
    if g.extra:
        head.append(f"% {len(g.extra)} extra houses: extra(H,R,C) facts")
    head.append(f"% puzzle: {board.to_text()}")
    return "\n".join(head + facts(board)) + "\n"


def read_answer(symbols, n: int) -> list[int]:
    """A solution grid from the ``x(R,C,V)`` atoms of one answer set."""
    grid = [0] * (n * n)
    for sym in symbols:
        if sym.name == "x" and len(sym.arguments) == 3:
            r, c, v = (a.number for a in sym.arguments)
            grid[(r - 1) * n + c - 1] = v
    return grid
