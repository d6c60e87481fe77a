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
from . import iss_chaos, iss_sets, iss_vars
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


def _line_name(p, cells) -> tuple[str, bool] | None:
    """``("R3", forward)`` for a whole row or column of ``p`` read one way or the other."""
    cells, n, w = tuple(cells), p.size, p.cols
    for r in range(n):
        row = tuple(range(r * w, r * w + w))
        if cells in (row, row[::-1]):
            return f"R{r + 1}", cells == row
    for k in range(w):
        col = tuple(range(k, n * w, w))
        if cells in (col, col[::-1]):
            return f"C{k + 1}", cells == col
    return None


def write_iss(p: m.VariantPuzzle) -> str:
    """The ISS string of ``p``; raises ``IssWriteError`` naming what ISS cannot carry."""
    n = p.size
    if max(n, p.cols) > 16:
        raise IssWriteError(f"ISS strings name cells up to 16x16, not {p.shape_name}")
    grid = p.grid_cells
    cell = lambda c: p.extra[c - grid] if c >= grid else _cell(p.cols, c)  # noqa: E731
    cells = lambda cs: "~".join(cell(c) for c in cs)  # noqa: E731
    lo, hi = p.values
    if p.raw:  # ISS's Raw grid type: no houses, no boxes (an empty range slot before it)
        side = max(n, p.cols)
        items = [f"Shape~{n}x{p.cols}~" + ("" if (lo, hi) == (1, side) else f"{lo}-{hi}") + "~Raw"]
    elif p.cols != n:  # a non-square grid: its boxes are regions (iss_shape)
        from .iss_shape import shape_items

        items = shape_items(p, _REGION_CHARS, IssWriteError)
    else:
        items = [f"Shape~{n}x{n}" + ("" if (lo, hi) == (1, n) else f"~{lo}-{hi}")]
    if p.raw:
        pass  # (nothing more: no boxes, no regions)
    elif p.cols == n and p.regions is not None:
        items.append(iss_sets.regions_item(p))  # (None when the regions have n cells)
        where = {c: i for i, r in enumerate(p.regions) for c in r}
        items.append("Jigsaw~" + "".join(_REGION_CHARS[where[c]] for c in range(n * n)))
        if m.DEFAULT_BOXES.get(n):  # ISS adds a jigsaw's regions to the boxes unless NoBoxes
            items.append("NoBoxes")
    elif p.cols == n and (p.box is None or (p.box != m.DEFAULT_BOXES.get(n))):
        if p.box is not None:
            raise IssWriteError(f"ISS takes the default boxes of a {n}x{n} grid, not {p.box[0]}x{p.box[1]}")
        items.append("NoBoxes")
    items += iss_vars.var_items(p)  # (before any item names their cells)
    ties, tied = iss_vars.doppelganger_ties(p)  # (implied by Doppelganger: not written)
    given = [f"{cell(c)}_{v}" for c, v in p.givens if (c, v) not in tied]
    given += [f"{cell(x.cell)}_" + "_".join(map(str, x.values))
              for x in p.constraints if x.TYPE == "candidates"]
    if given:
        items.append("~" + "~".join(given))
    outside: dict[tuple, list] = {}  # x-sum and skyscraper clues share one item per line
    for x in (x for x in p.constraints if x not in ties):
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
            if t == "greater_than" and a > b and a < grid:  # (extra cells: in the order written)
                raise IssWriteError("ISS reads a greater-than sign's earlier cell as the greater")
            items.append(f"{name}~{cell(a)}~{cell(b)}")
        elif t == "little_killer":
            if p.cols != n or not _diagonal_start(n, x.cells):
                raise IssWriteError(f"ISS keys no little killer diagonal that starts at "
                                    f"{p.cell_name(x.cells[0])} that way")
            items.append(f"LittleKiller~{x.total}~{cell(x.cells[0])}")
        elif t in ("sandwich", "x_sum", "skyscraper"):
            line = _line_name(p, x.cells)
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
        elif t in _ISSUE_37:
            items.append(_ISSUE_37[t](p, x, cell, cells, outside))
        elif t == "negative_dots" and x.white and x.black:
            items.append("StrictKropki")
        elif t == "negative_xv" and x.x and x.v:
            items.append("StrictXV")
        else:
            raise IssWriteError(f"ISS strings cannot carry {t.replace('_', ' ')} constraints "
                                f"as this project reads them")
    items = [item for item in items if item is not None]  # (outside clues gathered below)
    for (t, line), (front, back) in outside.items():
        name = {"x_sum": "XSum", "skyscraper": "Skyscraper", "hidden_skyscraper": "HiddenSkyscraper",
                "numbered_room": "NumberedRoom", "full_rank": "FullRank"}[t]
        items.append(f"{name}~{line}~{front}~{back}".rstrip("~"))
    return "." + ".".join(items)


# -- the types issue 37 added, each as ISS writes it (iss.py reads them back) --------------------

def _outside_clue(kind, p, line_cells, value, outside):
    line = _line_name(p, line_cells)
    if line is None:
        raise IssWriteError(f"a {kind.replace('_', ' ')} clue must run along a whole row or column")
    slot = outside.setdefault((kind, line[0]), ["", ""])
    slot[0 if line[1] else 1] = str(value)


def _indexing(p, x, cell, cells, outside):
    n, w = p.size, p.cols
    r, k = divmod(x.cell, w)
    if x.cells == tuple(range(k, n * w, w)) and x.value == r + 1:
        return f"Indexing~R~{cell(x.cell)}"
    if x.cells == tuple(range(r * w, r * w + w)) and x.value == k + 1:
        return f"Indexing~C~{cell(x.cell)}"
    if x.cells[0] == x.cell:
        return _outside_clue("numbered_room", p, x.cells, x.value, outside)
    raise IssWriteError("ISS indexes a cell's own row or column, or a numbered room's line")


def _global(name, values=None, first=None):
    def write(p, x, cell, cells, outside):
        lo, hi = p.values
        if (values and (lo, hi) != values) or (first is not None and lo != first):
            raise IssWriteError(f"ISS takes {name} only for values {values or (first, '...')}")
        return name
    return write


def _equal_sum(p, x, cell, cells, outside):
    parts, at = [], 0
    for k in x.lengths:
        parts.append(cells(x.cells[at:at + k]))
        at += k
    return "EqualSum~" + "~-~".join(parts)


def _sum(p, x, cell, cells, outside):
    head = str(x.total) + ("_=_" + "_".join(map(str, x.weights)) if x.weights else "")
    return f"Sum~{head}~{cells(x.cells)}"


def _pair(p, x, cell, cells, outside):
    lo, hi = p.values
    count, bits = hi - lo + 1, []
    ok = set(zip(x.allowed[::2], x.allowed[1::2]))
    for i in range(count):
        for j in range(count):
            bits.append(int((lo + i, lo + j) in ok))
    if len(ok) != sum(bits):
        raise IssWriteError("a pair rule names values outside the grid's")
    chars = [sum(b << k for k, b in enumerate(bits[s:s + 6])) for s in range(0, len(bits), 6)]
    while chars and not chars[-1]:
        chars.pop()
    key = "".join("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[v] for v in chars)
    return f"{'PairX' if x.all_pairs else 'Pair'}~{key}~{cells(x.cells)}"


def _inner(p, x, composite):
    """The items of ``x`` alone (no Shape, boxes or jigsaw), for a composite of ``p``."""
    from .iss_nested import INSIDE

    sub = m.VariantPuzzle(p.size, box=p.box, regions=p.regions, values=p.values, constraints=(x,),
                          cols=p.cols, extra=p.extra)
    items = [i for i in write_iss(sub).split(".")[1:]
             if not i.startswith(("Shape~", "NoBoxes", "Jigsaw~", "Var~"))]
    if any(i.split("~")[0] not in INSIDE | {"End"} for i in items):
        raise IssWriteError(f"ISS takes no {x.TYPE.replace('_', ' ')} inside {composite}")
    return items


def _or(p, x, cell, cells, outside):
    """``Or``, each branch one item or one composite (several items: an ``And`` of
    them), then ``End``."""
    from .iss_nested import tree

    parts = ["Or"]
    for b in x.branches:
        items = _inner(p, b, "Or")
        nodes = tree([(i.split("~")[0], i.split("~")[1:]) for i in items])
        parts += items if len(nodes) == 1 else ["And", *items, "End"]
    return ".".join(parts + ["End"])


def _and(p, x, cell, cells, outside):
    return ".".join(["And", *(i for part in x.parts for i in _inner(p, part, "And")), "End"])


def _regex(p, x, cell, cells, outside):
    from .automaton import encode_text

    try:
        token = encode_text(x.pattern)
    except UnicodeEncodeError:
        raise IssWriteError("ISS writes a regex of characters up to U+00FF") from None
    return f"Regex~{token}~{cells(x.cells)}"


def _nfa(p, x, cell, cells, outside):
    from .automaton import encode_nfa, trim

    lo, hi = p.values
    auto = trim(x.automaton())
    if x.lengths and len(x.lengths) > 1 and auto.symbols() < hi - lo + 2:
        raise IssWriteError("ISS reads a multi-segment NFA only with the break as its last symbol")
    items, at = [], 0
    for i, k in enumerate(x.lengths or (len(x.cells),)):
        items += (["-"] if i else []) + [cell(c) for c in x.cells[at:at + k]]
        at += k
    return f"NFA~{encode_nfa(auto)}~" + "~".join(items)


_ISSUE_37 = {
    "or": _or, "and": _and, "regex": _regex, "nfa": _nfa,
    "pair": _pair,
    "extra_region": lambda p, x, cell, cells, outside: f"AllDifferent~{cells(x.cells)}",
    "sum": _sum,
    "rellik_cage": lambda p, x, cell, cells, outside: f"RellikCage~{x.total}~{cells(x.cells)}",
    "equality_cage": lambda p, x, cell, cells, outside: f"EqualityCage~{cells(x.cells)}",
    "contain_exact": lambda p, x, cell, cells, outside: (
        f"ContainExact~{'_'.join(map(str, x.values))}~{cells(x.cells)}"),
    "lunchbox": lambda p, x, cell, cells, outside: f"Lunchbox~{x.total}~{cells(x.cells)}",
    "sum_line": lambda p, x, cell, cells, outside: (
        f"SumLine~{x.total}~{cells(x.cells)}" + ("~LOOP" if x.loop else "")),
    "counting_circles": lambda p, x, cell, cells, outside: f"CountingCircles~{cells(x.cells)}",
    "value_indexing": lambda p, x, cell, cells, outside: f"ValueIndexing~{cells(x.cells)}",
    "count_distinct": lambda p, x, cell, cells, outside: (
        f"CountDistinct~{cell(x.cell)}~{cells(x.cells)}"),
    "equal_sum": _equal_sum,
    "indexing": _indexing,
    "hidden_skyscraper": lambda p, x, cell, cells, outside: _outside_clue(
        "hidden_skyscraper", p, x.cells, x.value, outside),
    "anti_taxicab": _global("AntiTaxicab", first=1),
    "global_mod": lambda p, x, cell, cells, outside: _global_mod(p),
    "chaos_construction": lambda p, x, cell, cells, outside: "ChaosConstruction",
    "global_entropy": _global("GlobalEntropy", values=(1, 9)),
    "dutch_flatmates": _global("DutchFlatmates", values=(1, 9)),
}


def _global_mod(p):
    lo, hi = p.values
    if hi - lo + 1 != 9:
        raise IssWriteError("ISS takes GlobalMod only for 9 values")
    return "GlobalMod"


_ISSUE_37.update(iss_sets.writers(_outside_clue))  # (issue 37: sets, ranks, doppelganger)
_ISSUE_37.update(iss_chaos.WRITERS)
