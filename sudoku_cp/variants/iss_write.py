"""Write a ``VariantPuzzle`` as an ISS constraint string (the reader is ``variants.iss``).

Kept apart from ``iss.py`` (which reads) so that the two can change independently; the
contract is the round trip: ``parse_iss(write_iss(p))`` holds the same rules as ``p``
(tests/test_iss_write.py). A constraint ISS cannot state in a way our reader reads back
identically (a little killer along a diagonal ISS does not key, an odd/even cell, a dot
of another value...) is refused by name: ``IssWriteError``.

>>> from sudoku_cp.variants import model as m
>>> write_iss(m.VariantPuzzle(4, givens=((5, 3),), constraints=(m.Thermometer((0, 1)),)))
'.Shape~4x4.~R2C2_3.Thermo~R1C1~R1C2'
"""

from __future__ import annotations

from ..errors import PuzzleError
from . import model as m

_DIGITS = "0123456789abcdefg"
_REGION_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class IssWriteError(PuzzleError):
    """A puzzle (one of its constraints) that an ISS string cannot carry."""


def _cell(n: int, c: int) -> str:
    r, k = divmod(c, n)
    return f"R{_DIGITS[r + 1]}C{_DIGITS[k + 1]}"


def _diagonal_start(n: int, cells) -> bool:
    """Whether ``cells`` is the little-killer diagonal ISS keys by its first cell."""
    from .iss import _diagonal_from, _Grid

    try:
        return tuple(_diagonal_from(_Grid(n), cells[0])) == tuple(cells)
    except PuzzleError:
        return False


def _line_name(n: int, cells) -> tuple[str, bool] | None:
    """``("R3", forward)`` for a whole row or column read one way or the other."""
    cells = tuple(cells)
    for r in range(n):
        row = tuple(range(r * n, r * n + n))
        if cells in (row, row[::-1]):
            return f"R{r + 1}", cells == row
    for k in range(n):
        col = tuple(range(k, n * n, n))
        if cells in (col, col[::-1]):
            return f"C{k + 1}", cells == col
    return None


def write_iss(p: m.VariantPuzzle) -> str:
    """The ISS string of ``p``; raises ``IssWriteError`` naming what ISS cannot carry."""
    n = p.size
    if n > 16:
        raise IssWriteError(f"ISS strings name cells up to 16x16, not {n}x{n}")
    cell = lambda c: _cell(n, c)  # noqa: E731
    cells = lambda cs: "~".join(cell(c) for c in cs)  # noqa: E731
    lo, hi = p.values
    items = [f"Shape~{n}x{n}" + ("" if (lo, hi) == (1, n) else f"~{lo}-{hi}")]
    if p.regions is not None:
        where = {c: i for i, r in enumerate(p.regions) for c in r}
        items.append("Jigsaw~" + "".join(_REGION_CHARS[where[c]] for c in range(n * n)))
        if m.DEFAULT_BOXES.get(n):  # ISS adds a jigsaw's regions to the boxes unless NoBoxes
            items.append("NoBoxes")
    elif p.box is None or (p.box != m.DEFAULT_BOXES.get(n)):
        if p.box is not None:
            raise IssWriteError(f"ISS takes the default boxes of a {n}x{n} grid, not {p.box[0]}x{p.box[1]}")
        items.append("NoBoxes")
    given = [f"{cell(c)}_{v}" for c, v in p.givens]
    given += [f"{cell(x.cell)}_" + "_".join(map(str, x.values))
              for x in p.constraints if x.TYPE == "candidates"]
    if given:
        items.append("~" + "~".join(given))
    outside: dict[tuple, list] = {}  # x-sum and skyscraper clues share one item per line
    for x in p.constraints:
        t = x.TYPE
        if t == "candidates":
            continue
        if t == "killer_cage":
            items.append(f"Cage~{x.total if x.total is not None else ''}~{cells(x.cells)}")
        elif t in ("thermometer", "renban", "palindrome", "between", "region_sum_line",
                   "zipper", "entropic", "double_arrow"):
            name = {"thermometer": "Thermo", "renban": "Renban", "palindrome": "Palindrome",
                    "between": "Between", "region_sum_line": "RegionSumLine", "zipper": "Zipper",
                    "entropic": "Entropic", "double_arrow": "DoubleArrow"}[t]
            items.append(f"{name}~{cells(x.cells)}")
        elif t == "whisper":
            items.append(f"Whisper~{x.difference}~{cells(x.cells)}")
        elif t == "lockout":
            items.append(f"Lockout~{x.difference}~{cells(x.cells)}")
        elif t == "modular":
            items.append(f"Modular~{x.modulus}~{cells(x.cells)}")
        elif t == "arrow":
            if len(x.bulb) == 1:
                items.append(f"Arrow~{cell(x.bulb[0])}~{cells(x.shaft)}")
            else:
                items.append(f"PillArrow~{len(x.bulb)}~{cells(sorted(x.bulb))}~{cells(x.shaft)}")
        elif t in ("difference_dot", "ratio_dot", "xv", "greater_than"):
            a, b = x.cells
            name = {("difference_dot", 1): "WhiteDot", ("ratio_dot", 2): "BlackDot",
                    ("xv", 10): "X", ("xv", 5): "V", ("greater_than", None): "GreaterThan"}.get(
                (t, getattr(x, "difference", getattr(x, "ratio", getattr(x, "total", None)))))
            if name is None:
                raise IssWriteError(f"ISS has no {t.replace('_', ' ')} of that value")
            if t == "greater_than" and a > b:
                raise IssWriteError("ISS reads a greater-than sign's earlier cell as the greater")
            items.append(f"{name}~{cell(a)}~{cell(b)}")
        elif t == "little_killer":
            if not _diagonal_start(n, x.cells):
                raise IssWriteError(f"ISS keys no little killer diagonal that starts at "
                                    f"{p.cell_name(x.cells[0])} that way")
            items.append(f"LittleKiller~{x.total}~{cell(x.cells[0])}")
        elif t in ("sandwich", "x_sum", "skyscraper"):
            line = _line_name(n, x.cells)
            if line is None:
                raise IssWriteError(f"a {t.replace('_', ' ')} clue must run along a whole row or column")
            value = x.count if t == "skyscraper" else x.total
            if t == "sandwich":
                items.append(f"Sandwich~{value}~{line[0]}")
            else:
                slot = outside.setdefault((t, line[0]), ["", ""])
                slot[0 if line[1] else 1] = str(value)
        elif t == "quadruple":
            items.append(f"Quad~{cell(min(x.cells))}~" + "~".join(map(str, x.values)))
        elif t == "diagonal":
            items.append(f"Diagonal~{1 if x.slope > 0 else -1}")
        elif t in ("anti_knight", "anti_king", "non_consecutive", "disjoint_groups"):
            items.append({"anti_knight": "AntiKnight", "anti_king": "AntiKing",
                          "non_consecutive": "AntiConsecutive",
                          "disjoint_groups": "DisjointSets"}[t])
        elif t == "negative_dots" and x.white and x.black:
            items.append("StrictKropki")
        elif t == "negative_xv" and x.x and x.v:
            items.append("StrictXV")
        else:
            raise IssWriteError(f"ISS strings cannot carry {t.replace('_', ' ')} constraints "
                                f"as this project reads them")
    for (t, line), (front, back) in outside.items():
        name = "XSum" if t == "x_sum" else "Skyscraper"
        items.append(f"{name}~{line}~{front}~{back}".rstrip("~"))
    return "." + ".".join(items)
