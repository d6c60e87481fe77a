"""ISS's clues on a chaos construction's regions, read and written (``iss`` and
``iss_write`` take them in).

ISS writes them over its region cells ``CC1 .. CC<n*n>`` (``CCk``: the region of grid cell
``k - 1`` in reading order), after a control cell and an offset (0: the first cell
counted, 1: left out), as its builder reads them (``js/solver/sudoku_builder.js``):

- ``ChaosArrow~R1C2~~CC2~CC3~-~CC2~CC11``: arms (split at a ``-`` item) sharing their
  first region cell; the control cell alone means four arms from its own region cell, to
  the left, right, up and down, each to the edge;
- ``ChaosCount~R9C7~0~CC79~CC69``: the counted region cells, the first one the region
  counted; the control cell alone means its 3x3 neighbourhood, itself first;
- ``SameValues~3~CC19~CC10~CC11`` (one region cell a set): the cells share one region
  (``chaos_same``); ``CountDistinct~R5C1~CC37~CC28...``: the control cell's value is the
  number of regions the cells meet (``chaos_regions``); ``SameValues~2~CC1~CC2~CC5~CC6``
  (sets of several region cells): the sets meet the regions alike, as many cells of each
  set in every region. Region cells mixed with grid cells are refused by name.

>>> from types import SimpleNamespace as G
>>> g = G(size=4, cell=lambda t: {"R1C1": 0, "R2C2": 5}[t])
>>> _arrow(g, ["R2C2"])[0].lengths
(2, 3, 2, 3)
>>> _count(g, ["R1C1", "1"])[0].cells
(0, 4, 1, 5)
"""

from __future__ import annotations

import re

from ..errors import PuzzleError
from . import model as m
from .paradigms import UnsupportedConstraint


def _offset(text):
    if text in (None, ""):
        return 0
    if text not in ("0", "1"):
        raise PuzzleError(f"offset {text!r} is neither 0 nor 1")
    return int(text)


def _region_cell(g, text):
    match = re.fullmatch(r"CC(\d+)", text)
    if not match or not 1 <= int(match.group(1)) <= g.size * g.size:
        raise PuzzleError(f"{text!r} is no chaos region cell (CC1..CC{g.size * g.size}), "
                          f"as ISS's builder asks after the control cell")
    return int(match.group(1)) - 1


def _walk(n, cell, dr, dc):
    r, c = divmod(cell, n)
    out = []
    while 0 <= r < n and 0 <= c < n:
        out.append(r * n + c)
        r, c = r + dr, c + dc
    return tuple(out)


def _arrow(g, a):
    cell = g.cell(a[0])
    arms = [[]]
    for item in a[2:]:
        if item == "-":  # (ISS's SEGMENT_SEPARATOR)
            arms.append([])
        else:
            arms[-1].append(_region_cell(g, item))
    arms = [tuple(arm) for arm in arms if arm] if len(a) > 2 else \
        [_walk(g.size, cell, dr, dc) for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0))]
    if not arms:
        raise PuzzleError("no arm")
    return [m.ChaosArrow(cell, sum(arms, ()), tuple(len(arm) for arm in arms),
                         _offset(a[1] if len(a) > 1 else None))]


def _count(g, a):
    cell = g.cell(a[0])
    cells = tuple(_region_cell(g, x) for x in a[2:] if x != "")
    if not cells:
        n, (r, c) = g.size, divmod(cell, g.size)
        steps = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))
        cells = tuple((r + dr) * n + c + dc for dr, dc in steps
                      if 0 <= r + dr < n and 0 <= c + dc < n)
    return [m.ChaosCount(cell, cells, _offset(a[1] if len(a) > 1 else None))]


def on_regions(args) -> bool:
    """Whether the items name region cells (``CC19``): then a chaos clue reads them."""
    return any(re.fullmatch(r"CC\d+", a) for a in args)


def _only_regions(g, args, name):
    if not all(re.fullmatch(r"CC\d+", a) for a in args if a != ""):
        raise UnsupportedConstraint(name, "over region cells and grid cells at once")
    return tuple(_region_cell(g, a) for a in args if a != "")


def same_region(g, a):
    """``SameValues~k~CC..``: the region cells cut into k sets, in order, hold the same
    region labels, counts included (k sets of one cell: they share a region)."""
    cells = _only_regions(g, a[1:], "SameValues")
    k = int(a[0]) if a and a[0].isdigit() else 0
    if k >= len(cells):  # (ISS: as many sets as cells or more, every cell alike)
        return [m.ChaosSame(cells)]
    if not k or len(cells) % k:  # (ISS's words)
        raise PuzzleError(f"the number of cells ({len(cells)}) must be a multiple of the number "
                          f"of sets ({a[0] if a else ''})")
    return [m.ChaosSame(cells, len(cells) // k)]


def regions_met(g, a):
    """``CountDistinct~R5C1~CC..``: the control cell counts the regions the cells meet."""
    return [m.ChaosRegions(g.cell(a[0]), _only_regions(g, a[1:], "CountDistinct"))]


READERS = {"ChaosArrow": _arrow, "ChaosCount": _count}
NAMES = {"chaos_arrow": ("ChaosArrow",), "chaos_count": ("ChaosCount",),
         "chaos_same": ("SameValues",), "chaos_regions": ("CountDistinct",)}


def _region_cells(cells):
    return "~".join(f"CC{x + 1}" for x in cells)


def _write_arrow(p, x, cell, cells, outside):
    arms, at = [], 0
    for length in x.lengths:
        arms.append(_region_cells(x.cells[at:at + length]))
        at += length
    return f"ChaosArrow~{cell(x.cell)}~{x.offset}~" + "~-~".join(arms)


WRITERS = {
    "chaos_arrow": _write_arrow,
    "chaos_count": lambda p, x, cell, cells, outside: (
        f"ChaosCount~{cell(x.cell)}~{x.offset}~{_region_cells(x.cells)}"),
    "chaos_same": lambda p, x, cell, cells, outside: (
        f"SameValues~{len(x.cells) // x.size}~{_region_cells(x.cells)}"),
    "chaos_regions": lambda p, x, cell, cells, outside: (
        f"CountDistinct~{cell(x.cell)}~{_region_cells(x.cells)}"),
}
