"""The all-different model in MiniZinc, for any box shape, and puzzles as ``.dzn`` data.

``MODEL`` is the text of ``models/sudoku.mzn``: the same formulation as
``encode.cp`` (one variable per cell, one ``alldifferent`` per row, column and
box), written for any MiniZinc solver. A puzzle is data: ``to_minizinc_data`` gives
``box_rows``, ``box_cols`` and the ``givens`` (0 = empty). This module only writes
text; it never runs MiniZinc::

    minizinc --solver gecode models/sudoku.mzn puzzle.dzn

>>> from sudoku_cp.board import Board
>>> print(to_minizinc_data(Board.parse("1..." "..1." ".1.." "...1")), end="")
% sudoku_cp MiniZinc data for models/sudoku.mzn: 4x4 board, box 2x2, 4 givens
% puzzle: 1.....1..1.....1
box_rows = 2;
box_cols = 2;
givens = [|
  1, 0, 0, 0 |
  0, 0, 1, 0 |
  0, 1, 0, 0 |
  0, 0, 0, 1 |];
"""

from __future__ import annotations

from ..errors import UsageError

import re

from ..board import Board

MODEL = """\
% Sudoku of any box shape as an all-different model (sudoku_cp.encode.minizinc.MODEL).
% Data (a .dzn file, e.g. from `sudoku-cp export --format minizinc PUZZLE`):
%   box_rows, box_cols: the box shape; the board is n x n with n = box_rows * box_cols
%   givens: an n x n array of the puzzle's values, 0 for an empty cell
% Run: minizinc --solver gecode sudoku.mzn puzzle.dzn   (add -a to prove the solution unique)
% `:: domain` asks for a solver's strongest all-different propagation (it makes a 16x16
% instant); a solver without it ignores the annotation.
include "alldifferent.mzn";

int: box_rows;
int: box_cols;
int: n = box_rows * box_cols;
set of int: N = 1..n;
array[N, N] of 0..n: givens;

% Cells: x[r, c] is the value of the cell in row r, column c; a given cell keeps its value.
array[N, N] of var N: x;
constraint forall(r, c in N where givens[r, c] > 0)(x[r, c] = givens[r, c]);

% Rows: the values of each row all differ.
constraint forall(r in N)(alldifferent([x[r, c] | c in N]) :: domain);

% Columns: the values of each column all differ.
constraint forall(c in N)(alldifferent([x[r, c] | r in N]) :: domain);

% Boxes: the values of each box_rows x box_cols box all differ.
constraint forall(top in 0..n div box_rows - 1, left in 0..n div box_cols - 1)(
  alldifferent([x[top * box_rows + i, left * box_cols + j] | i in 1..box_rows, j in 1..box_cols])
  :: domain);

solve satisfy;

% The solution grid: one row per line, values right-aligned, '|' between boxes.
int: width = string_length(show(n));
output [
  show_int(width, x[r, c])
  ++ if c = n then "\\n" elseif c mod box_cols = 0 then " | " else " " endif
  ++ if c = n /\\ r mod box_rows = 0 /\\ r < n then "\\n" else "" endif
  | r, c in N];
"""


def to_minizinc_data(board: Board) -> str:
    """The puzzle as MiniZinc data for ``MODEL``: the box shape and an n×n ``givens``.

    Only rows, columns and boxes are in the model: a board with extra houses (a
    variant) is refused rather than exported without them.
    """
    g = board.geometry
    if g.extra:
        raise UsageError(f"the MiniZinc model has rows, columns and boxes only; this board "
                         f"has {len(g.extra)} extra houses (export it as DIMACS instead)")
    n = g.n
    width = len(str(n))
    rows = [", ".join(str(v).rjust(width) for v in board.givens[r * n:(r + 1) * n])
            for r in range(n)]
    lines = [
        f"% sudoku_cp MiniZinc data for models/sudoku.mzn: {n}x{n} board, "
        f"box {g.box_rows}x{g.box_cols}, {board.clues} givens",
        f"% puzzle: {board.to_text()}",
        f"box_rows = {g.box_rows};",
        f"box_cols = {g.box_cols};",
        "givens = [|",
        *(f"  {row} |" for row in rows[:-1]),
        f"  {rows[-1]} |];",
    ]
    return "\n".join(lines) + "\n"


def read_grid(output: str, n: int) -> tuple[int, ...]:
    """The n*n values of the first solution in MiniZinc's output of ``MODEL``.

    >>> read_grid("1 2 | 3 4\\n3 4 | 1 2\\n\\n2 1 | 4 3\\n4 3 | 2 1\\n----------\\n", 4)
    (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    """
    first = output.split("----------")[0]
    values = tuple(int(v) for v in re.findall(r"\d+", first))
    if len(values) != n * n:
        raise UsageError(f"MiniZinc output has {len(values)} values, not {n * n}: {first!r}")
    return values
