"""The all-different CP model: one integer variable per cell, one constraint per house.

Builds an OR-Tools CP-SAT model and never solves it (``backends.cpsat`` does).
Givens are domains, not constraints, so a base model built once per board shape can
be reused for every puzzle of that shape by narrowing the given cells' domains.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..board import Board, Geometry


@dataclass
class CpEncoding:
    """A CP-SAT model of a geometry: ``x[cell]`` is the value of that cell."""

    geometry: Geometry
    model: Any  # ortools.sat.python.cp_model.CpModel
    x: list  # IntVar per cell, named x[r,c]

    def set_givens(self, board: Board) -> None:
        """Narrow each given cell's domain to its value; empty cells get 1..n back."""
        n = self.geometry.n
        variables = self.model.proto.variables
        for cell, value in enumerate(board.givens):
            domain = variables[cell].domain
            lo, hi = (value, value) if value else (1, n)
            if domain[0] != lo or domain[1] != hi:
                domain[0] = lo
                domain[1] = hi


def encode(geometry: Geometry) -> CpEncoding:
    """The all-different model of an empty board of this geometry.

    >>> from sudoku_cp.board import geometry
    >>> enc = encode(geometry(2, 2))
    >>> len(enc.x), len(enc.model.proto.constraints)
    (16, 12)
    """
    from ..cp_import import cp_model as load_cp_model  # (without pandas)

    cp_model = load_cp_model()

    n = geometry.n
    model = cp_model.CpModel()
    model.name = f"sudoku {geometry.box_rows}x{geometry.box_cols}"
    # Cells: each takes a value 1..n.
    x = [model.new_int_var(1, n, f"x[{r},{c}]") for r in range(n) for c in range(n)]
    # Houses: the values of every row, column, box and extra house all differ.
    for house in geometry.houses:
        model.add_all_different([x[cell] for cell in house])
    return CpEncoding(geometry, model, x)


def build(board: Board) -> CpEncoding:
    """A fresh model of this puzzle with its givens fixed (for export and teaching)."""
    enc = encode(board.geometry)
    enc.set_givens(board)
    return enc
