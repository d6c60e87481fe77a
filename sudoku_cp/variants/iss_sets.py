"""ISS's set, connection, rank and doppelganger types and its ``RegionSize`` and
``SearchPriority`` items, read (``iss`` takes the readers) and written (``iss_write``).

As ISS's builder (``js/solver/sudoku_builder.js``) reads them:

- ``SameValues~sets~cells``: the cells cut in order into ``sets`` equal sets;
- ``RegionSameValues``: the largest of the rows, columns, boxes and jigsaw pieces hold
  one set of values;
- ``ConnectedValues~group~values~size``: on the grid (an empty group; a var-cell group
  is refused by name), values ``1_2`` joined by ``_``, the size optional;
- ``Doppelganger``: values 0..N on an NxN grid whose boxes have N cells;
- ``FullRank~R1~front~back`` as the other outside clues; ``FullRankTies~none|only-unclued|any``
  (the last one given wins);
- ``RegionSize~k``: the boxes have k cells, of the shape ISS picks (``box_shape``): none
  when no shape tiles the grid; a jigsaw's pieces must have k cells;
- ``SearchPriority~priority~cells``: a hint for ISS's search order, no rule: read and
  noted, never refused.

>>> box_shape(6, 9), box_shape(9, 9), box_shape(7, 9)
((3, 3), (3, 3), None)
"""

from __future__ import annotations

from ..errors import PuzzleError
from . import model as m
from .paradigms import UnsupportedConstraint

#: The items that set the geometry or say nothing about the solution (not model types).
OPTIONS = frozenset({"RegionSize", "SearchPriority"})


def box_shape(n: int, k: int):
    """(rows, cols) of the k-cell boxes ISS tiles an n x n grid with, or None (ISS's
    ``boxDimsForSize``: the most square shape, the fewer rows first)."""
    small = int(k ** 0.5)
    while small >= 2:
        if k % small == 0:
            large = k // small
            if n % small == 0 and n % large == 0:
                return small, large
        small -= 1
    return None


def tiling(n: int, shape) -> tuple:
    """The boxes of ``shape`` over an n x n grid, row by row, as cell tuples."""
    br, bc = shape
    return tuple(tuple((r0 + i) * n + c0 + j for i in range(br) for j in range(bc))
                 for r0 in range(0, n, br) for c0 in range(0, n, bc))


def windows(n: int, k: int) -> list:
    """ISS's Windoku windows (``Windoku.regions``): k-cell boxes of its shape, one cell in
    from the edge and one cell apart; none when no box shape of k cells fits the grid."""
    shape = box_shape(n, k)
    if shape is None:
        return []
    br, bc = shape
    return [m.ExtraRegion(tuple((r0 + i) * n + c0 + j for i in range(br) for j in range(bc)))
            for r0 in range(1, n - br, br + 1) for c0 in range(1, n - bc, bc + 1)]


def positions(n: int, k: int) -> list:
    """ISS's disjoint sets (``disjointSetRegions``): a house per position within the
    k-cell boxes of its shape, boxes or not; none when no shape fits."""
    shape = box_shape(n, k)
    if shape is None:
        return []
    boxes = tiling(n, shape)
    return [m.ExtraRegion(tuple(box[i] for box in boxes)) for i in range(k)]


def _int(text, what):
    try:
        return int(text)
    except (TypeError, ValueError):
        raise PuzzleError(f"bad {what} {text!r}") from None


def _same_values(g, a):
    from . import iss_chaos

    if iss_chaos.on_regions(a[1:]):  # (over a chaos construction's region cells)
        return iss_chaos.same_region(g, a)
    sets, cells = _int(a[0], "number of sets"), g.cells(a[1:])
    if sets < 1 or len(cells) % sets:
        raise PuzzleError(f"{len(cells)} cells do not cut into {sets} sets of one size")
    return [m.SameValues(cells, sets)]


def _connected_values(g, a):
    if a and a[0]:
        raise UnsupportedConstraint("ConnectedValues", f"on the var-cell group {a[0]} "
                                                       f"(only grid cells are modelled)")
    text = a[1] if len(a) > 1 else ""
    values = tuple(_int(v, "value") for v in text.replace(",", "_").split("_"))
    size = a[2] if len(a) > 2 else ""
    if size != "" and _int(size, "size") < 1:
        raise PuzzleError(f"ConnectedValues size must be a positive integer: {size}")
    return [m.ConnectedValues(values, _int(size, "size") if size != "" else 0)]


def _full_rank_ties(g, a):
    ties = a[0] if a else ""
    if ties not in m.TIES:
        raise PuzzleError(f"Invalid FullRankTies: {ties!r} (ISS takes {', '.join(m.TIES)})")
    return [m.FullRankTies(ties)]


def readers(outside):
    """The readers of the new types, given ``iss``'s reader of outside clues."""
    return {
        "SameValues": _same_values,
        "RegionSameValues": lambda g, a: [m.RegionSameValues()],
        "ConnectedValues": _connected_values,
        "Doppelganger": lambda g, a: [m.Doppelganger()],
        "FullRank": outside(m.FullRank),
        "FullRankTies": _full_rank_ties,
    }


NAMES = {
    "same_values": ("SameValues",), "region_same_values": ("RegionSameValues",),
    "connected_values": ("ConnectedValues",), "doppelganger": ("Doppelganger",),
    "full_rank": ("FullRank",), "full_rank_ties": ("FullRankTies",),
}


def region_size(g, items) -> int | None:
    """The ``RegionSize`` of the items (the last one given), or None."""
    size = None
    for name, args in items:
        if name == "RegionSize":
            if len(args) != 1:
                raise PuzzleError(f"RegionSize accepts one argument: the region cell count; "
                                  f"got {len(args)}")
            size = _int(args[0], "region size")
            if size < 1:
                raise PuzzleError(f"bad region size {size}")
    return size


def settle(g, items, out, boxes, regions, size):
    """The reading finished as ISS builds it: (constraints, box, regions, notes).

    ``boxes`` is None under NoBoxes, else "default"; ``regions`` a jigsaw's pieces or
    None; ``size`` the RegionSize (None: the grid's side)."""
    n, notes = g.size, []
    names = {name for name, _ in items}
    k = size if size is not None else n
    if regions is not None and any(len(r) != k for r in regions):
        raise PuzzleError(f"Jigsaw pieces must have {k} cells for the current geometry")
    if size is not None and size != n and boxes is not None:
        shape = box_shape(n, size)
        if shape is None:
            boxes = None
        elif regions is None:
            boxes, regions = None, tiling(n, shape)
        else:  # ISS keeps the boxes beside a jigsaw's pieces: the pieces are extra houses
            out = out + [m.ExtraRegion(r) for r in regions]
            boxes, regions = None, tiling(n, shape)
    if "Doppelganger" in names:
        if (g.lo, g.hi) != (0, n) or (size is not None and size != n):
            raise PuzzleError(f"Doppelganger requires geometry with values 0-N "
                              f"(e.g. 9x9~0-9 for a 9x9 grid) and {n}-cell boxes")
        if boxes is None and regions is not None:
            raise UnsupportedConstraint("Doppelganger", "with a jigsaw and no boxes "
                                                        "(ISS leaves the pieces out of it)")
    if "RegionSameValues" in names and regions is not None and boxes is not None:
        raise UnsupportedConstraint("RegionSameValues", "with a jigsaw beside the boxes")
    ties = [c for c in out if c.TYPE == "full_rank_ties"]
    if len(ties) > 1:  # ISS keeps one per type: the last
        out = [c for c in out if c.TYPE != "full_rank_ties" or c is ties[-1]]
    for name, args in items:
        if name == "SearchPriority":
            notes.append(f"SearchPriority~{'~'.join(args)}: a hint for ISS's search order, "
                         f"not a rule; left out")
    return out, boxes, regions, notes


# -- writing --------------------------------------------------------------------------------------

def writers(outside_clue):
    """The writers of the new types, given ``iss_write``'s writer of outside clues."""
    return {
        "same_values": lambda p, x, cell, cells, outside: f"SameValues~{x.sets}~{cells(x.cells)}",
        "region_same_values": lambda p, x, cell, cells, outside: "RegionSameValues",
        "connected_values": lambda p, x, cell, cells, outside: (
            f"ConnectedValues~~{'_'.join(map(str, x.values))}" + (f"~{x.size}" if x.size else "")),
        "doppelganger": _doppelganger,
        "full_rank": lambda p, x, cell, cells, outside: outside_clue(
            "full_rank", p, x.cells, x.rank, outside),
        "full_rank_ties": lambda p, x, cell, cells, outside: f"FullRankTies~{x.ties}",
    }


def _doppelganger(p, x, cell, cells, outside):
    from .iss_write import IssWriteError

    if p.values != (0, p.size):
        raise IssWriteError(f"ISS takes Doppelganger only on values 0..{p.size}")
    return "Doppelganger"


def regions_item(p) -> str | None:
    """``RegionSize~k`` when ``p``'s regions have k cells, k not the side (else None)."""
    if p.regions is None:
        return None
    sizes = {len(r) for r in p.regions}
    if sizes == {p.size}:
        return None
    if len(sizes) > 1:
        from .iss_write import IssWriteError

        raise IssWriteError("ISS takes regions of one size only")
    return f"RegionSize~{sizes.pop()}"
