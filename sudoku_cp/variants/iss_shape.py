"""ISS's non-square grids (``Shape~6x8``, ``Shape~4x7~0-6``), read as ISS builds them.

As ISS's ``CellGeometry`` (``js/cell_geometry.js``) and builder (``js/solver/sudoku_builder.js``)
make them:

- values ``1..max(rows, cols)`` unless the shape gives a range;
- every row and every column is a house (the shorter ones hold some of the values);
- boxes of ``max(rows, cols)`` cells (or ``RegionSize`` cells), of the most square shape
  that tiles the grid, either way round (``boxDimsForSize``); none when no shape tiles
  it (4x7, 9x8) or under ``NoBoxes``; the model takes them as ``regions``;
- a ``Jigsaw``'s pieces are houses beside the boxes (as on a square grid).

The types that name their cells are read as on a square grid; of the rules over the
whole grid the model takes those of ``model.NON_SQUARE_GLOBALS``; the rest, and the
items whose cells are worked out from a square grid here (``SQUARE_ITEMS``), are
refused by name.

>>> boxes(6, 8, 8)[0], boxes(5, 10, 10)[0], boxes(4, 7, 7), boxes(9, 8, 9)
((0, 1, 2, 3, 8, 9, 10, 11), (0, 1, 10, 11, 20, 21, 30, 31, 40, 41), (), ())
"""

from __future__ import annotations

from . import model as m
from .paradigms import UnsupportedConstraint

#: ISS items refused on a non-square grid, and why (ISS refuses the first three itself).
SQUARE_ITEMS = {
    "Windoku": "ISS takes it on square grids only",
    "DisjointSets": "ISS takes it on square grids only",
    "Doppelganger": "ISS takes it on square grids only",
    "LittleKiller": "its diagonals are worked out for square grids only",
    "ChaosConstruction": "its regions are worked out for square grids only",
    "ChaosArrow": "its regions are worked out for square grids only",
    "ChaosCount": "its regions are worked out for square grids only",
}


def box_shape(rows: int, cols: int, k: int):
    """(height, width) of the k-cell boxes ISS tiles a rows x cols grid with, or None
    (ISS's ``boxDimsForSize``: the most square shape, fewer rows first, then turned).

    >>> box_shape(6, 8, 8), box_shape(5, 10, 10), box_shape(6, 9, 9), box_shape(4, 7, 7)
    ((2, 4), (5, 2), (3, 3), None)
    """
    small = int(k ** 0.5)
    while small >= 2:
        if k % small == 0:
            large = k // small
            if rows % small == 0 and cols % large == 0:
                return small, large
            if large != small and rows % large == 0 and cols % small == 0:
                return large, small
        small -= 1
    return None


def boxes(rows: int, cols: int, k: int) -> tuple:
    """The k-cell boxes of a rows x cols grid, row by row, as cell tuples (none when no
    box shape tiles it)."""
    shape = box_shape(rows, cols, k)
    if shape is None:
        return ()
    br, bc = shape
    return tuple(tuple((r0 + i) * cols + c0 + j for i in range(br) for j in range(bc))
                 for r0 in range(0, rows, br) for c0 in range(0, cols, bc))


#: ISS items ISS takes on its Sudoku grid type only (``REQUIRES_SUDOKU_GRID``, and every
#: outside clue): refused on a ``Raw`` grid, as ISS refuses them.
RAW_ITEMS = frozenset({
    "Jigsaw", "NoBoxes", "RegionSize", "ChaosConstruction", "ChaosArrow", "ChaosCount",
    "RegionSameValues", "Windoku", "DisjointSets", "AntiKnight", "Doppelganger", "AntiKing",
    "FullRankTies", "Diagonal", "Indexing", "LittleKiller", "Sandwich", "XSum", "Skyscraper",
    "NumberedRoom", "HiddenSkyscraper", "FullRank"})


def refuse_on_raw(g, items) -> None:
    """Refuse, by name and all at once, the items ISS takes on Sudoku grids only."""
    if not getattr(g, "raw", False):
        return
    refused = [(name, "on a Raw grid: ISS takes it on Sudoku grids only")
               for name in dict.fromkeys(name for name, _ in items) if name in RAW_ITEMS]
    if refused:
        raise UnsupportedConstraint.of(refused)


def refuse_items(g, items) -> None:
    """Refuse, by name and all at once, the items read from a square grid only."""
    if g.cols == g.size:
        return
    where = f"on a non-square {g.size}x{g.cols} grid"
    refused = [(name, f"{where}: {SQUARE_ITEMS[name]}") for name, _ in items if name in SQUARE_ITEMS]
    if refused:
        raise UnsupportedConstraint.of(refused)


def settle(g, items, out, boxes_wanted, regions, partial, size, names):
    """The reading of a non-square (or raw) grid finished: (constraints, regions, notes).

    ``boxes_wanted``: False under NoBoxes; ``regions``: a jigsaw's pieces or None (with
    ``partial`` when a region of the layout was left out); ``size``: the RegionSize or
    None; ``names``: model type -> the ISS name read (for the refusals)."""
    where = f"on a non-square {g.size}x{g.cols} grid"
    refused = [(names.get(c.TYPE, c.TYPE), where) for c in out if g.cols != g.size and (
               c.TYPE in m.SQUARE_ONLY
               or not (m.constraint_cells(c) or c.TYPE in m.NON_SQUARE_GLOBALS))]
    if refused:
        raise UnsupportedConstraint.of(refused)
    k = size if size is not None else max(g.size, g.cols)
    if regions is not None and any(len(r) != k for r in regions):
        from ..errors import PuzzleError

        raise PuzzleError(f"Jigsaw pieces must have {k} cells for the current geometry")
    tiles = boxes(g.size, g.cols, k) if boxes_wanted else ()
    if regions is not None and (tiles or partial):  # the pieces beside the boxes
        out = out + [m.ExtraRegion(r) for r in regions]
        regions = None
    if regions is None and tiles:
        regions = tiles
    notes = [f"SearchPriority~{'~'.join(args)}: a hint for ISS's search order, not a rule; "
             f"left out" for name, args in items if name == "SearchPriority"]
    return out, regions, notes


def shape_items(p, region_chars, error) -> list:
    """The ``Shape``, ``RegionSize``, ``Jigsaw`` and ``NoBoxes`` items of a non-square
    ``p`` (``iss_write``'s first items); ``error`` is raised for regions ISS cannot carry."""
    rows, cols, (lo, hi) = p.size, p.cols, p.values
    side = max(rows, cols)
    items = [f"Shape~{rows}x{cols}" + ("" if (lo, hi) == (1, side) else f"~{lo}-{hi}")]
    if p.regions is None:
        return items + (["NoBoxes"] if boxes(rows, cols, side) else [])
    sizes = {len(r) for r in p.regions}
    if len(sizes) != 1:
        raise error("ISS takes regions of one size only")
    k = sizes.pop()
    if sorted(p.regions) == sorted(boxes(rows, cols, k)):
        return items + ([] if k == side else [f"RegionSize~{k}"])
    if len(p.regions) > len(region_chars):
        raise error(f"ISS's jigsaw layout names at most {len(region_chars)} regions")
    where = {c: i for i, r in enumerate(p.regions) for c in r}
    items += [f"RegionSize~{k}"] if k != side else []
    items.append("Jigsaw~" + "".join(region_chars[where[c]] for c in range(p.num_cells)))
    return items + (["NoBoxes"] if boxes(rows, cols, k) else [])
