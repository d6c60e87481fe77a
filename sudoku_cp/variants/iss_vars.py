"""ISS's extra cells: ``Var`` groups and Doppelganger's ``DGR``/``DGC``/``DGB`` cells,
read into the model's ``extra`` cells and written back.

As ISS makes them (``Var`` in ``js/sudoku_constraint.js``, ``VarCellRegistry`` in
``js/cell_geometry.js``, ``_doppelgangerHandlers`` in ``js/solver/sudoku_builder.js``):

- ``Var~A~label~size``: ``size`` cells (a count, or ``RxC``; anything else is 1) beyond
  the grid, named ``VA1``, ``VA2``... (``VA`` alone for one cell), holding values of the
  grid's range, in no house; the label and the RxC layout only show them;
- every group's cells follow the grid's, the groups ordered by their name;
- with ``Doppelganger``, cells ``DGC1..n`` hold the value each row misses, ``DGR1..n``
  the value each column misses, ``DGB1..n`` the value each box misses (0 without
  boxes), ``DGZ`` a 0: the model states them as extra houses (a row and its cell hold
  n+1 distinct values of 0..n) beside its ``doppelganger`` rule. They are made only when
  some item names one of them, so a puzzle without them keeps its cells.

>>> [name for name, _ in groups([("Var", ["B", "", "2"]), ("Var", ["A"])], False, 9, 9)]
['VA', 'VB1', 'VB2']
"""

from __future__ import annotations

import re

from ..errors import PuzzleError
from . import model as m

_SIZE = re.compile(r"^(?:([1-9]\d*)x)?([1-9]\d*)$")
_DG_CELL = re.compile(r"^DG[RCBZ]\d*$")


def _count(size: str) -> int:
    """ISS's cell count of a Var size: ``4``, ``2x3``; anything else is 1."""
    match = _SIZE.match(size or "")
    return (int(match.group(1) or 1) * int(match.group(2))) if match else 1


def groups(items, doppelganger_cells, rows, cols) -> list:
    """``(cell name, (group, row, col))`` for every extra cell, in ISS's order (groups by
    name); row and col place it in its group's layout (ISS's ``CellGraph``: a ``Var`` of
    ``RxC`` has C columns, the others as many as the grid; Doppelganger's box cells are
    laid out as the boxes), which says which extra cells are neighbours."""
    found, columns = {}, {}
    for name, args in items:
        if name != "Var":
            continue
        prefix = args[0] if args else ""
        if not re.fullmatch(r"[A-Z]+", prefix):
            raise PuzzleError(f"Var prefix must be upper-case letters A-Z, got: {prefix!r}")
        size = args[2] if len(args) > 2 else ""
        k = _count(size)
        found["V" + prefix] = k  # (ISS keeps one Var per prefix: the last)
        match = _SIZE.match(size or "")
        columns["V" + prefix] = int(match.group(2)) if match and match.group(1) else cols
    if doppelganger_cells:
        from .iss_shape import box_shape

        boxed = box_shape(rows, cols, max(rows, cols))  # (ISS counts them, NoBoxes or not)
        found.update({"DGZ": 1, "DGR": cols, "DGC": rows, "DGB": rows if boxed else 0})
        columns.update({"DGZ": cols, "DGR": cols, "DGC": cols, "DGB": boxed[1] if boxed else 0})
    out = []
    for group in sorted(found):
        k = found[group]
        if k == 0:
            continue
        w = columns[group]
        out += [(group if k == 1 else f"{group}{i + 1}", (group, i // w, i % w)) for i in range(k)]
    if rows * cols + len(out) > 1000:
        raise PuzzleError(f"{len(out)} extra cells exceed ISS's 1000-cell limit")
    return out


def names_doppelganger_cells(items) -> bool:
    """Whether some item names one of Doppelganger's cells (then they are made)."""
    return any(_DG_CELL.match(a.split("_")[0]) for _, args in items for a in args)


def doppelganger_ties(puzzle) -> tuple[list, list]:
    """(extra houses, givens) that tie Doppelganger's cells of ``puzzle`` to the grid."""
    where = {name: puzzle.grid_cells + i for i, name in enumerate(puzzle.extra)}
    if "DGZ" not in where:
        return [], []
    n, w = puzzle.size, puzzle.cols
    rows = [tuple(range(r * w, r * w + w)) for r in range(n)]
    columns = [tuple(range(c, n * w, w)) for c in range(w)]
    ties = [m.ExtraRegion(row + (where[f"DGC{i + 1}"],)) for i, row in enumerate(rows)]
    ties += [m.ExtraRegion(col + (where[f"DGR{i + 1}"],)) for i, col in enumerate(columns)]
    givens = [(where["DGZ"], 0)]
    boxes = puzzle.boxes()
    if boxes:
        ties += [m.ExtraRegion(tuple(box) + (where[f"DGB{i + 1}"],)) for i, box in enumerate(boxes)]
    else:  # (ISS: no boxes, the box cells are 0 and out of the search)
        givens += [(where[f"DGB{i + 1}"], 0) for i in range(n)]
    for kind in ("DGR", "DGC") + (("DGB",) if boxes else ()):
        ties.append(m.ExtraRegion(tuple(where[x] for x in puzzle.extra if x.startswith(kind))
                                  + (where["DGZ"],)))
    return ties, givens


def var_items(puzzle) -> list:
    """The ``Var`` items of ``puzzle``'s extra cells (Doppelganger's are implied by it)."""
    sizes: dict[str, int] = {}
    for name in puzzle.extra:
        if name.startswith("DG"):
            continue
        match = re.fullmatch(r"V([A-Z]+?)(\d*)", name)
        if match is None:
            from .iss_write import IssWriteError

            raise IssWriteError(f"ISS names extra cells VA1, VA2...; not {name!r}")
        sizes[match.group(1)] = sizes.get(match.group(1), 0) + 1
    return [f"Var~{prefix}" + (f"~~{k}" if k > 1 else "") for prefix, k in sorted(sizes.items())]
