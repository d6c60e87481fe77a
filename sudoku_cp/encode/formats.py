"""The model formats ``export`` writes: one table, one entry per format.

Each format is a function from a board (or an empty geometry) to text, living in its
encoder module; the command line only looks it up here, so a new format is one entry.
The first entry is the default.

>>> from sudoku_cp.board import Board
>>> export(Board.parse("1..." "...." "...." "..34"), "asp").splitlines()[-1]
'given(4,3,3). given(4,4,4).'
"""

from __future__ import annotations

from importlib import import_module

from ..errors import UsageError

from ..board import Board, Geometry

#: format name -> ("module:function", what the file is for, the options it takes)
EXPORTS: dict[str, tuple] = {
    "dimacs": ("sudoku_cp.encode.cnf:to_dimacs", "DIMACS CNF (the SAT encoding)", ("encoding",)),
    "minizinc": ("sudoku_cp.encode.minizinc:to_minizinc_data",
                 "MiniZinc data for models/sudoku.mzn (the CP model)"),
    "exact-cover": ("sudoku_cp.encode.exact_cover:to_text",
                    "exact-cover matrix in the input format of Knuth's DLX programs"),
    "lp": ("sudoku_cp.encode.mip:to_lp", "0-1 model in CPLEX LP format, for any MIP solver"),
    "mps": ("sudoku_cp.encode.mip:to_mps", "0-1 model in fixed MPS format, for any MIP solver"),
    "asp": ("sudoku_cp.encode.asp:to_asp", "facts for models/sudoku.lp, for clingo"),
}


def options_of(fmt: str) -> tuple[str, ...]:
    """The options format ``fmt`` takes (none for a format it does not know).

    >>> options_of("dimacs"), options_of("asp")
    (('encoding',), ())
    """
    entry = EXPORTS.get(fmt, ())
    return entry[2] if len(entry) > 2 else ()


def export(board: Board | Geometry, fmt: str, **options) -> str:
    """The text of ``board`` in format ``fmt``; options the format does not take are left
    out. A ``UsageError`` names what it cannot write (an unknown format, a board too large
    for one-symbol names, extra houses the MiniZinc model has no place for)."""
    if fmt not in EXPORTS:
        raise UsageError(f"unknown format {fmt!r}; choose from: {', '.join(EXPORTS)}")
    module, _, function = EXPORTS[fmt][0].partition(":")
    taken = {k: v for k, v in options.items() if k in options_of(fmt)}
    try:
        return getattr(import_module(module), function)(board, **taken)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
