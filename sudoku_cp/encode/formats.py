"""The model formats of the paradigms added beside CNF and MiniZinc, for ``export``.

Each format is a function from a board (or an empty geometry) to text, living in its
encoder module; the command line only looks it up here, so a new format is one entry.

>>> from sudoku_cp.board import Board
>>> export(Board.parse("1..." "...." "...." "..34"), "asp").splitlines()[-1]
'given(4,3,3). given(4,4,4).'
"""

from __future__ import annotations

from ..errors import UsageError

from importlib import import_module

from ..board import Board, Geometry

#: format name -> ("module:function", what the file is for)
EXPORTS: dict[str, tuple[str, str]] = {
    "exact-cover": ("sudoku_cp.encode.exact_cover:to_text",
                    "exact-cover matrix in the input format of Knuth's DLX programs"),
    "lp": ("sudoku_cp.encode.mip:to_lp", "0-1 model in CPLEX LP format, for any MIP solver"),
    "mps": ("sudoku_cp.encode.mip:to_mps", "0-1 model in fixed MPS format, for any MIP solver"),
    "asp": ("sudoku_cp.encode.asp:to_asp", "facts for models/sudoku.lp, for clingo"),
}


def export(board: Board | Geometry, fmt: str) -> str:
    """The text of ``board`` in format ``fmt``; a ValueError names what it cannot write."""
    try:
        target = EXPORTS[fmt][0]
    except KeyError:
        raise UsageError(f"unknown format {fmt!r}; choose from: {', '.join(EXPORTS)}") from None
    module, _, function = target.partition(":")
    return getattr(import_module(module), function)(board)
