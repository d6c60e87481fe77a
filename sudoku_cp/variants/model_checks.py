"""What the variant model refuses: a constraint whose fields, cells or numbers cannot
carry its rule (``VariantPuzzle`` calls these on every constraint it is given).

Split from ``model`` (issue 37) to keep each module of the variant stack under ~800
lines; ``model`` re-exports every name here.
"""

from __future__ import annotations

import operator
from dataclasses import fields

from ..errors import PuzzleError


class ConstraintError(PuzzleError):
    """A constraint that cannot carry its rule; the message starts with its type, which a
    format's reader says in that format's own names (``spoken``).

    >>> str(ConstraintError("killer_cage", ": cell R1C1 is listed twice").spoken({"killer_cage": "Cage"}))
    'Cage: cell R1C1 is listed twice'
    """

    def __init__(self, kind: str, rest: str):
        self.kind, self.rest = kind, rest
        super().__init__(kind + rest)

    def spoken(self, names: dict) -> "ConstraintError":
        """The same error with the type named as ``names`` (type -> a format's name) says."""
        return ConstraintError(names.get(self.kind, self.kind), self.rest)


#: Constraint types over exactly two cells, and the fewest cells of the others.
PAIRS = {"difference_dot", "ratio_dot", "xv", "greater_than"}
FEWEST = {"between": 2, "lockout": 2, "double_arrow": 3, "sandwich": 2, "x_sum": 2,
          "skyscraper": 2, "value_indexing": 3, "hidden_skyscraper": 2, "lunchbox": 2}
FEWEST.update({"chess": 0})  # (no cells: the rule holds over every cell)


def _check_shape(c) -> None:
    """Refuse a constraint whose cells cannot carry its rule (an empty line, a 3-cell dot)."""
    cells = getattr(c, "cells", None)
    if cells is None:
        if c.TYPE == "arrow" and not c.bulb:
            raise ConstraintError("arrow", ": the bulb has no cell")
        if c.TYPE == "arrow" and not c.shaft:  # (it could only mean "no solution")
            raise ConstraintError("arrow", ": the shaft has no cell")
        return
    if c.TYPE in PAIRS and len(cells) != 2:
        raise ConstraintError(c.TYPE, f": joins two cells, not {len(cells)}")
    if len(cells) < FEWEST.get(c.TYPE, 1):
        raise ConstraintError(c.TYPE, f": needs at least {FEWEST.get(c.TYPE, 1)} cells, "
                                      f"has {len(cells)}")
    if c.TYPE == "clone" and len(c.copy) != len(cells):
        raise ConstraintError("clone", ": cells and copy differ in length")
    if c.TYPE == "sum" and c.weights and len(c.weights) != len(cells):
        raise ConstraintError("sum", f": {len(c.weights)} weights for {len(cells)} cells")
    if c.TYPE == "sum" and 0 in c.weights:  # (a cell of weight 0 says nothing: leave it out)
        raise ConstraintError("sum", ": a weight of 0 (leave that cell out)")
    if c.TYPE == "equal_sum" and (sum(c.lengths) != len(cells) or min(c.lengths, default=0) < 0):
        raise ConstraintError("equal_sum", f": segments of {list(c.lengths)} cells do not cut "
                                           f"{len(cells)} cells")
    if c.TYPE == "pair" and len(c.allowed) % 2:
        raise ConstraintError("pair", ": allowed lists value pairs, so an even count of values")
    if c.TYPE == "chess" and (len(c.moves) % 2 or not any(c.moves)):
        raise ConstraintError("chess", ": moves lists (row, column) pairs, not all 0, so an "
                                       "even count of numbers")
    if c.TYPE == "equality_cage" and len(cells) % 2:
        raise ConstraintError("equality_cage", f": needs an even number of cells, has {len(cells)}")


#: The most values a puzzle may use (as the board side is capped), and the largest number
#: any field may hold: a solver's integers are 64-bit, and a sum over every cell of the
#: largest grid must fit in them.
MAX_VALUES = 64
LARGEST = 10 ** 9


def _integer(x, what: str) -> int:
    """``x`` as an int; a bool, a float or a string is refused, never rounded or read.

    >>> _integer(3, "sum")
    3
    >>> _integer(2.5, "sum")
    Traceback (most recent call last):
    ...
    sudoku_cp.errors.PuzzleError: sum must be an integer, not 2.5
    """
    if isinstance(x, bool):
        raise PuzzleError(f"{what} must be an integer, not {x!r}")
    try:
        return operator.index(x)
    except TypeError:
        raise PuzzleError(f"{what} must be an integer, not {x!r}") from None


def _check_fields(c) -> None:
    """Refuse a field of the wrong type (the JSON can say anything): cells and numbers are
    integers, flags are booleans, so no encoder meets a string where it adds numbers."""
    for f in fields(c):
        v = getattr(c, f.name)
        what = f"{c.TYPE}: {f.name}"
        if f.type == "bool":
            if not isinstance(v, bool):
                raise PuzzleError(f"{what} must be true or false, not {v!r}")
        elif f.type == "Constraints":
            if not isinstance(v, tuple) or not all(hasattr(x, "TYPE") for x in v):
                raise PuzzleError(f"{what} must be a list of constraints, not {v!r}")
        elif f.type in ("Cells", "tuple"):
            if not isinstance(v, tuple):
                raise PuzzleError(f"{what} must be a list, not {v!r}")
            for x in v:
                _integer(x, f"{what} (each of them)")
        elif f.type == "int" or (f.type == "int | None" and v is not None):
            if abs(_integer(v, what)) > LARGEST:
                raise PuzzleError(f"{what} {v} is beyond ±{LARGEST}")


#: Types whose cells are a set: a cell listed twice is a drawing mistake (a cage or a
#: region over R1C1 twice would only ever say "no solution"). Lines that may cross or
#: close on themselves (whispers, region-sum lines...) are not among them.
DISTINCT_CELLS = {"killer_cage", "extra_region", "thermometer", "renban", "quadruple", "sum",
                  "rellik_cage", "equality_cage", "contain_exact", "lunchbox",
                  "counting_circles", "nabner"} | PAIRS


def _check_repeats(p, c) -> None:
    """Refuse a cell listed twice in a constraint whose cells are a set."""
    if c.TYPE in DISTINCT_CELLS and len(set(c.cells)) != len(c.cells):
        twice = next(x for i, x in enumerate(c.cells) if x in c.cells[:i])
        raise ConstraintError(c.TYPE, f": cell {p.cell_name(twice)} is listed twice")


def _check_values(p, c) -> None:
    """Refuse a number the rule cannot use on this grid (a quadruple value outside the
    values, a skyscraper count no row can show, a modulus below 1)."""
    lo, hi = p.values
    if c.TYPE in ("quadruple", "candidates", "contain_exact"):
        where = f" at {p.cell_name(c.cell if c.TYPE == 'candidates' else c.cells[0])}"
        for v in c.values:
            if not lo <= v <= hi:
                raise ConstraintError(c.TYPE, f"{where}: value {v} is outside {lo}..{hi}")
        if c.TYPE != "candidates" and len(c.values) > len(c.cells):
            raise ConstraintError(c.TYPE, f"{where}: {len(c.values)} values for {len(c.cells)} cells")
    elif c.TYPE == "skyscraper" and not 1 <= c.count <= len(c.cells):
        raise ConstraintError("skyscraper", f" clue {c.count} (read from {p.cell_name(c.cells[0])}) "
                                            f"is outside 1..{len(c.cells)}")
    elif c.TYPE == "modular" and c.modulus < 1:
        raise ConstraintError("modular", f": modulus {c.modulus} is below 1")
    elif c.TYPE == "chess" and any(not lo <= v <= hi for v in c.values):
        raise ConstraintError("chess", f": value {next(v for v in c.values if not lo <= v <= hi)} "
                                       f"is outside {lo}..{hi}")
    elif c.TYPE == "diagonal" and c.slope not in (1, -1):
        raise ConstraintError("diagonal", f": slope {c.slope} is neither 1 nor -1")
    elif c.TYPE in _SETS_CHECKS:
        _SETS_CHECKS[c.TYPE](p, c)


def _same_values(p, c):
    if c.sets < 1 or len(c.cells) % c.sets:
        raise ConstraintError("same_values", f": {len(c.cells)} cells do not cut into {c.sets} "
                                             f"sets of one size")


def _connected_values(p, c):
    lo, hi = p.values
    if not c.values or any(not lo <= v <= hi for v in c.values):
        raise ConstraintError("connected_values", f": values {list(c.values)} are not values "
                                                  f"of {lo}..{hi}")
    if c.size < 0:
        raise ConstraintError("connected_values", f": size {c.size} is below 0")


def _full_rank(p, c):
    n = p.size
    lines = [tuple(range(r * n, r * n + n)) for r in range(n)]
    lines += [tuple(range(k, n * n, n)) for k in range(n)]
    if c.cells not in lines + [line[::-1] for line in lines]:
        raise ConstraintError("full_rank", ": cells are not a whole row or column")
    if p.values[1] - p.values[0] + 1 != n or c.rank < 1:
        raise ConstraintError("full_rank", f": rank {c.rank} on a {n}x{n} grid needs "
                                           f"{n} values and a rank from 1")


def _full_rank_ties(p, c):
    from .model import TIES

    if c.ties not in TIES:
        raise ConstraintError("full_rank_ties", f": ties {c.ties!r} is none of {', '.join(TIES)}")
    if p.values[1] - p.values[0] + 1 != p.size:
        raise ConstraintError("full_rank_ties", f": needs {p.size} values on a {p.size}x{p.size} grid")


def _chaos_construction(p, c):
    if p.values[1] - p.values[0] + 1 != p.size:
        raise ConstraintError("chaos_construction", f": needs {p.size} values on a "
                                                    f"{p.size}x{p.size} grid (regions of {p.size} cells)")


def _chaos_clue(p, c):
    if not any(x.TYPE == "chaos_construction" for x in p.constraints):
        raise ConstraintError(c.TYPE, ": needs a chaos construction (its regions)")
    if c.offset not in (0, 1):
        raise ConstraintError(c.TYPE, f": offset {c.offset} is neither 0 nor 1")
    if not c.cells:
        raise ConstraintError(c.TYPE, ": no cells")
    if c.TYPE == "chaos_arrow":
        if sum(c.lengths) != len(c.cells) or any(n < 1 for n in c.lengths):
            raise ConstraintError(c.TYPE, f": arms of {list(c.lengths)} cells for {len(c.cells)} cells")
        starts = {c.cells[sum(c.lengths[:i])] for i in range(len(c.lengths))}
        if len(starts) != 1:
            raise ConstraintError(c.TYPE, ": its arms do not share their first cell")


def _chaos_cells(p, c):
    if not any(x.TYPE == "chaos_construction" for x in p.constraints):
        raise ConstraintError(c.TYPE, ": needs a chaos construction (its regions)")
    if not c.cells:
        raise ConstraintError(c.TYPE, ": no cells")


def _chaos_sets(p, c):
    _chaos_cells(p, c)
    if not (isinstance(c.size, int) and c.size >= 1 and len(c.cells) % c.size == 0):
        raise ConstraintError(c.TYPE, f": {len(c.cells)} cells do not cut into sets of {c.size!r}")


_SETS_CHECKS = {"same_values": _same_values, "chaos_construction": _chaos_construction,
                "chaos_same": _chaos_sets, "chaos_regions": _chaos_cells,
                "chaos_arrow": _chaos_clue, "chaos_count": _chaos_clue,
                "connected_values": _connected_values,
                "full_rank": _full_rank,
                "full_rank_ties": _full_rank_ties}


def unreachable_cage(p) -> str | None:
    """Why a killer cage of ``p`` has a sum no distinct values of the grid reach, or None.

    The model takes such a cage (its answer is "no solution"); the readers of setters'
    input refuse it, as a slip in the drawing (``formats.read_entry``).

    >>> from sudoku_cp.variants.model import KillerCage, VariantPuzzle
    >>> unreachable_cage(VariantPuzzle(4, constraints=(KillerCage((0, 1), 8),)))
    'killer cage sum 8 over 2 cells at R1C1 cannot be made of distinct values 1..4 (3..7)'
    """
    lo, hi = p.values
    for c in p.constraints:
        if c.TYPE != "killer_cage" or c.total is None:
            continue
        k = len(c.cells)
        least, most = k * (2 * lo + k - 1) // 2, k * (2 * hi - k + 1) // 2
        if k > hi - lo + 1 or not least <= c.total <= most:
            return (f"killer cage sum {c.total} over {k} cells at {p.cell_name(c.cells[0])} "
                    f"cannot be made of distinct values {lo}..{hi} ({least}..{most})")
    return None
