"""Read and write f-puzzles strings: LZString-compressed base64 JSON, as in ``?load=`` links.

The JSON fields are those of dclamage/SudokuSolver's ``FPuzzlesBoard``: ``size``, ``grid``
(rows of ``{"value", "given", "region", "givenPencilMarks"}``), global flags
(``diagonal+``, ``antiknight``, ``nonconsecutive``, ``negative``...) and one list per
constraint type (``killercage``, ``thermometer``, ``arrow``, ``ratio``...). Cells are
``R<row>C<col>``, 1-based; outside clues sit on row or column 0 or ``size + 1``.

A field naming a rule this module does not read is refused with
``unsupported constraint NAME``; purely cosmetic fields (``line``, ``text``, ``circle``,
``rectangle``, ``cage`` without a value) are listed in ``ignored`` by ``read_fpuzzles``.

>>> from sudoku_cp.variants.model import VariantPuzzle, KillerCage
>>> p = VariantPuzzle(4, constraints=(KillerCage((0, 1), 3),))
>>> parse_fpuzzles(write_fpuzzles(p)) == p
True
"""

from __future__ import annotations

import json
import re

from ..errors import MissingDependencyError, PuzzleError
from . import model as m
from .paradigms import UnsupportedConstraint

#: Fields that describe the puzzle or the editor, not a rule.
METADATA = {"size", "grid", "title", "author", "ruleset", "solution", "disabledlogic",
            "truecandidatesoptions", "highlightConflicts", "darkmode", "version"}
#: Cosmetic elements: drawn, never a rule (``cage`` only when it carries no value).
COSMETIC = {"line", "text", "circle", "rectangle"}

_CELL = re.compile(r"^[Rr](\d+)[Cc](\d+)$")
_LK_STEP = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}


def _lz():
    try:
        import lzstring
    except ImportError:  # pragma: no cover - lzstring is a declared dependency of the extra
        raise MissingDependencyError(
            'f-puzzles strings need lzstring: pip install "sudoku-cp[variants]"') from None
    return lzstring.LZString()


def looks_like_fpuzzles(text: str) -> bool:
    """True for an f-puzzles URL or a bare LZString base64 string: compressed JSON starts
    ``N4`` (the code of ``{``), and a grid line never does."""
    t = text.strip()
    if "?load=" in t or t.startswith("N4Ig"):
        return True
    return t.startswith("N4") and re.fullmatch(r"[A-Za-z0-9+/=\-_$]+", t) is not None


def decode(text: str) -> dict:
    """The JSON object inside an f-puzzles string or URL."""
    t = text.strip()
    if "?load=" in t:
        t = t.split("?load=", 1)[1].split("&", 1)[0]
    t = t.replace("%2B", "+").replace("%2F", "/").replace("%3D", "=").replace(" ", "+")
    if not t:
        raise PuzzleError("f-puzzles: the link holds no puzzle after '?load='")
    if not re.fullmatch(r"[A-Za-z0-9+/=\-_$]+", t or "!"):
        raise PuzzleError("f-puzzles: not LZString base64 (bad character)")
    try:
        raw = _lz().decompressFromBase64(t)
    except Exception:
        raw = None
    if not raw:
        raise PuzzleError("f-puzzles: the base64 string does not decompress (is it cut short?)")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise PuzzleError(f"f-puzzles: bad JSON inside the string ({exc.msg})") from None
    if not isinstance(data, dict):
        raise PuzzleError("f-puzzles: the JSON is not an object")
    return data


def encode(data: dict) -> str:
    """The f-puzzles string for a JSON object."""
    return _lz().compressToBase64(json.dumps(data, separators=(",", ":")))


class _Reader:
    def __init__(self, n):
        self.n = n

    def cell(self, text, inside=True):
        match = _CELL.match(str(text))
        if not match:
            raise PuzzleError(f"f-puzzles: bad cell {text!r}")
        r, c = int(match.group(1)) - 1, int(match.group(2)) - 1
        if inside and not (0 <= r < self.n and 0 <= c < self.n):
            raise PuzzleError(f"f-puzzles: cell {text} is outside the {self.n}x{self.n} grid")
        return r, c

    def idx(self, text):
        r, c = self.cell(text)
        return r * self.n + c

    def cells(self, seq):
        return tuple(self.idx(x) for x in seq or ())

    def outside_line(self, text):
        """The row or column an outside clue looks along, read from the clue."""
        n = self.n
        r, c = self.cell(text, inside=False)
        if r in (-1, n) and 0 <= c < n:
            line = tuple(i * n + c for i in range(n))
            return line if r == -1 else line[::-1]
        if c in (-1, n) and 0 <= r < n:
            line = tuple(r * n + j for j in range(n))
            return line if c == -1 else line[::-1]
        raise PuzzleError(f"f-puzzles: outside clue at {text} is not beside a row or column")


def _value(x, what, default=None):
    """An integer field (f-puzzles writes numbers and numeric strings); a bool or a
    fraction is refused, never rounded."""
    if x is None or x == "":
        return default
    if isinstance(x, bool) or (isinstance(x, float) and not x.is_integer()):
        raise PuzzleError(f"f-puzzles: bad {what} {x!r}")
    try:
        return int(x)
    except (TypeError, ValueError):
        raise PuzzleError(f"f-puzzles: bad {what} {x!r}") from None


def _lines(entries):
    for e in entries or ():
        for line in e.get("lines") or ():
            yield e, line


def read_fpuzzles(text: str):
    """``(puzzle, ignored)``: the ``VariantPuzzle`` and the cosmetic fields skipped."""
    data = decode(text)
    n = data.get("size")
    grid = data.get("grid")
    if not isinstance(n, int) or not isinstance(grid, list) or len(grid) != n:
        raise PuzzleError("f-puzzles: 'size' and 'grid' do not describe a square grid")
    ignored = []
    for key in data:
        if key in METADATA or key in SUPPORTED:
            continue
        if key in COSMETIC or (key == "cage" and not _has_value(data[key])):
            ignored.append(key)
            continue
        raise UnsupportedConstraint(key)
    where = ["grid"]  # the field being read, for the message when its shape is wrong
    try:
        puzzle = _build(data, n, where)
    except (TypeError, AttributeError, KeyError, IndexError):
        raise PuzzleError(f"f-puzzles: malformed '{where[0]}' field") from None
    return puzzle, ignored


def _has_value(entries) -> bool:
    return isinstance(entries, list) and any(isinstance(e, dict) and e.get("value") for e in entries)


def _build(data, n, where):
    rd = _Reader(n)
    givens, out = [], []
    regions = _regions(data, n)
    for r, row in enumerate(data["grid"]):
        if not isinstance(row, list) or len(row) != n:
            raise PuzzleError(f"f-puzzles: grid row {r + 1} does not have {n} cells")
        for c, entry in enumerate(row):
            entry = entry or {}
            if entry.get("given") and entry.get("value"):
                v = _value(entry["value"], "value")
                if not 1 <= v <= n:
                    raise PuzzleError(f"f-puzzles: given {v} at R{r + 1}C{c + 1} is outside 1..{n}")
                givens.append((r * n + c, v))
            elif entry.get("givenPencilMarks"):
                marks = tuple(sorted(_value(v, "pencilmark") for v in entry["givenPencilMarks"]))
                out.append(m.Candidates(r * n + c, marks))
    for flag, make in _FLAGS.items():
        if data.get(flag):
            out.append(make())
    where[0] = "negative"
    if not isinstance(data.get("negative") or [], list):  # (a string would read as letters)
        raise PuzzleError("f-puzzles: malformed 'negative' field")
    negative = set(data.get("negative") or ())
    if negative - {"ratio", "xv"}:
        raise UnsupportedConstraint("negative " + str(sorted(map(str, negative - {"ratio", "xv"}))[0]))
    if data.get("nonconsecutive") or "ratio" in negative:
        out.append(m.NegativeDots(white=bool(data.get("nonconsecutive")), black="ratio" in negative))
    if "xv" in negative:
        out.append(m.NegativeXV(True, True))
    for key, make in (("minimum", m.Minimum), ("maximum", m.Maximum)):
        where[0] = key
        if data.get(key):
            out.append(make(tuple(rd.idx(e.get("cell")) for e in data[key])))
    for key, read in _FIELDS.items():
        where[0] = key
        if key in _LINE_FIELDS:
            for entry, line in _lines(data.get(key)):
                out.extend(read(rd, entry, rd.cells(line)))
        else:
            for entry in data.get(key) or ():
                out.extend(read(rd, entry))
    return m.VariantPuzzle(n, box=None if regions is not None else "default",
                           regions=regions, givens=tuple(givens), constraints=tuple(out),
                           title=str(data.get("title") or ""))


def parse_fpuzzles(text: str) -> m.VariantPuzzle:
    """The ``VariantPuzzle`` an f-puzzles string or URL describes."""
    return read_fpuzzles(text)[0]


def _regions(data, n):
    """Irregular regions when the grid overrides f-puzzles' default regions, else None."""
    box = m.DEFAULT_BOXES.get(n)
    ids = []
    overridden = False
    for r, row in enumerate(data["grid"]):
        for c, entry in enumerate(row if isinstance(row, list) else ()):
            default = (r // box[0]) * (n // box[1]) + c // box[1] if box else r
            if isinstance(entry, dict) and "region" in entry:
                if entry["region"] is None:
                    raise UnsupportedConstraint("region", f"R{r + 1}C{c + 1} has none")
                overridden = True
                ids.append(_value(entry["region"], "region"))
            else:
                ids.append(default)
    if not overridden and box:
        return None
    groups = {}
    for cell, k in enumerate(ids):
        groups.setdefault(k, []).append(cell)
    if any(len(g) != n for g in groups.values()):
        raise PuzzleError(f"f-puzzles: a region does not have {n} cells")
    return tuple(tuple(g) for _, g in sorted(groups.items()))


# -- readers: one per f-puzzles field ----------------------------------------------------------

def _killer(rd, e):
    return [m.KillerCage(rd.cells(e.get("cells")), _value(e.get("value"), "cage sum"))]


def _little_killer(rd, e):
    total = _value(e.get("value"), "little killer sum")
    if total is None:
        return []
    step = _LK_STEP.get(e.get("direction"))
    if step is None:
        raise PuzzleError(f"f-puzzles: bad little killer direction {e.get('direction')!r}")
    r, c = rd.cell(e.get("cell"), inside=False)
    if 0 <= r < rd.n and 0 <= c < rd.n:
        raise PuzzleError(f"f-puzzles: little killer clue at {e.get('cell')} is inside the grid")
    cells = []
    r, c = r + step[0], c + step[1]
    while 0 <= r < rd.n and 0 <= c < rd.n:
        cells.append(r * rd.n + c)
        r, c = r + step[0], c + step[1]
    if not cells:
        raise PuzzleError(f"f-puzzles: little killer at {e.get('cell')} points at no cell")
    return [m.LittleKiller(tuple(cells), total)]


def _outside(make):
    def read(rd, e):
        v = _value(e.get("value"), "clue")
        return [] if v is None else [make(rd.outside_line(e.get("cell")), v)]
    return read


def _single(make):
    return lambda rd, e: [make(rd.idx(e.get("cell")))]


def _dot(make, default):
    def read(rd, e):
        cells = rd.cells(e.get("cells"))
        if len(cells) != 2:
            raise PuzzleError("f-puzzles: a dot joins two cells")
        return [make(cells, _value(e.get("value"), "dot value", default))]
    return read


def _xv(rd, e):
    cells = rd.cells(e.get("cells"))
    v = str(e.get("value") or "").upper()
    if v not in ("X", "V") or len(cells) != 2:
        raise PuzzleError(f"f-puzzles: bad xv entry {e!r}")
    return [m.XV(cells, 10 if v == "X" else 5)]


def _arrow(rd, e, line):
    bulb = rd.cells(e.get("cells"))
    if not bulb or not line or line[0] not in bulb:
        raise PuzzleError("f-puzzles: an arrow line must start in its bulb")
    return [m.Arrow(bulb, line[1:])]


def _whisper(rd, e, line):
    # without a value the difference is half the size, rounded up (5 on 9x9, 3 on 6x6), as in
    # dclamage's solvers (SVSJS's WhispersConstraint.ts, the C# WhispersConstraint)
    return [m.Whisper(line, _value(e.get("value"), "whisper difference", (rd.n + 1) // 2))]


def _entropic(rd, e, line):
    if rd.n % 3:  # SVSJS splits 1..4 as 1 / 2-3 / 4; ISS and dclamage's C# solver take 1..9 only
        raise UnsupportedConstraint("entropicline", f"values 1..{rd.n} have no three equal thirds")
    return [m.Entropic(line)]


def _modular(rd, e, line):
    return [m.Modular(line, _value(e.get("value"), "modulus", 3))]


def _quad(rd, e):
    return [m.Quadruple(rd.cells(e.get("cells")), tuple(_value(v, "value") for v in e.get("values") or ()))]


def _clone(rd, e):
    a, b = rd.cells(e.get("cells")), rd.cells(e.get("cloneCells"))
    if len(a) != len(b):
        raise PuzzleError("f-puzzles: clone cells and cloneCells differ in length")
    return [m.Clone(a, b)]


_LINE_FIELDS = {
    "thermometer": lambda rd, e, line: [m.Thermometer(line)],
    "slowthermometer": lambda rd, e, line: [m.SlowThermometer(line)],
    "arrow": _arrow,
    "palindrome": lambda rd, e, line: [m.Palindrome(line)],
    "renban": lambda rd, e, line: [m.Renban(line)],
    "whispers": _whisper,
    "regionsumline": lambda rd, e, line: [m.RegionSumLine(line)],
    "betweenline": lambda rd, e, line: [m.Between(line)],
    "entropicline": _entropic,
    "modularline": _modular,
    "doublearrow": lambda rd, e, line: [m.DoubleArrow(line)],
    "zipperline": lambda rd, e, line: [m.Zipper(line)],
}

_FIELDS = {
    "killercage": _killer,
    "littlekillersum": _little_killer,
    "sandwichsum": _outside(m.Sandwich),
    "xsum": _outside(m.XSum),
    "skyscraper": _outside(m.Skyscraper),
    "odd": _single(m.Odd),
    "even": _single(m.Even),
    "difference": _dot(m.DifferenceDot, 1),
    "ratio": _dot(m.RatioDot, 2),
    "xv": _xv,
    "quadruple": _quad,
    "clone": _clone,
    "extraregion": lambda rd, e: [m.ExtraRegion(rd.cells(e.get("cells")))],
    **_LINE_FIELDS,
}

_FLAGS = {
    "diagonal+": lambda: m.Diagonal(1),
    "diagonal-": lambda: m.Diagonal(-1),
    "antiknight": m.AntiKnight,
    "antiking": m.AntiKing,
    "disjointgroups": m.DisjointGroups,
}

#: The f-puzzles fields this module reads as rules.
SUPPORTED = frozenset(_FIELDS) | frozenset(_FLAGS) | {"negative", "nonconsecutive",
                                                      "minimum", "maximum"}


# -- writing ------------------------------------------------------------------------------------

def _name(n, cell):
    return f"R{cell // n + 1}C{cell % n + 1}"


def _outside_cell(n, line):
    """The f-puzzles clue cell in front of a row or column read from ``line[0]``."""
    first, second = line[0], line[1]
    r, c = divmod(first, n)
    if second - first == 1:
        return f"R{r + 1}C0"
    if second - first == -1:
        return f"R{r + 1}C{n + 1}"
    if second - first == n:
        return f"R0C{c + 1}"
    return f"R{n + 1}C{c + 1}"


def _little_killer_entry(n, c):
    cells = c.cells
    r0, c0 = divmod(cells[0], n)
    if len(cells) > 1:
        r1, c1 = divmod(cells[1], n)
        dr, dc = r1 - r0, c1 - c0
    else:  # a one-cell diagonal sits in a corner; point at it from outside
        dr = 1 if r0 == 0 else -1
        dc = 1 if c0 == 0 else -1
    direction = {(-1, 1): "UR", (-1, -1): "UL", (1, 1): "DR", (1, -1): "DL"}.get((dr, dc))
    if direction is None:
        raise UnsupportedConstraint("little_killer", "cells are not a diagonal")
    return {"cell": f"R{r0 - dr + 1}C{c0 - dc + 1}", "direction": direction,
            "value": str(c.total), "cells": [_name(n, x) for x in cells]}


def to_fpuzzles_dict(p: m.VariantPuzzle) -> dict:
    """The f-puzzles JSON object of ``p``; a rule f-puzzles cannot carry is refused by name."""
    n = p.size
    if p.values != (1, n):
        raise UnsupportedConstraint(f"values {p.values[0]}..{p.values[1]}", "f-puzzles")
    if p.regions is None and p.box != m.DEFAULT_BOXES.get(n):
        raise UnsupportedConstraint("no boxes" if p.box is None else f"box {p.box}", "f-puzzles")
    grid = [[{} for _ in range(n)] for _ in range(n)]
    for cell, v in p.givens:
        grid[cell // n][cell % n] = {"value": v, "given": True}
    if p.regions is not None:
        for k, region in enumerate(p.regions):
            for cell in region:
                grid[cell // n][cell % n]["region"] = k
    data = {"size": n, "grid": grid}
    if p.title:
        data["title"] = p.title
    names = lambda cells: [_name(n, x) for x in cells]  # noqa: E731
    add = lambda key, entry: data.setdefault(key, []).append(entry)  # noqa: E731
    line = lambda cells: {"lines": [names(cells)]}  # noqa: E731
    negative = []
    for c in p.constraints:
        t = c.TYPE
        if t == "killer_cage":
            total = {} if c.total is None else {"value": str(c.total)}
            add("killercage", {"cells": names(c.cells), **total})
        elif t == "little_killer":
            add("littlekillersum", _little_killer_entry(n, c))
        elif t in ("sandwich", "x_sum", "skyscraper"):
            key = {"sandwich": "sandwichsum", "x_sum": "xsum", "skyscraper": "skyscraper"}[t]
            clue = c.count if t == "skyscraper" else c.total
            add(key, {"cell": _outside_cell(n, c.cells), "value": str(clue)})
        elif t == "arrow":
            add("arrow", {"cells": names(c.bulb), "lines": [names(c.bulb[:1] + c.shaft)]})
        elif t in _LINE_KEYS:
            entry = line(c.cells)
            if t == "whisper" and c.difference != (n + 1) // 2:
                entry["value"] = str(c.difference)
            if t == "modular" and c.modulus != 3:
                raise UnsupportedConstraint("modular", f"modulus {c.modulus} in f-puzzles")
            add(_LINE_KEYS[t], entry)
        elif t == "difference_dot":
            other = {"value": str(c.difference)} if c.difference != 1 else {}
            add("difference", {"cells": names(c.cells), **other})
        elif t == "ratio_dot":
            other = {"value": str(c.ratio)} if c.ratio != 2 else {}
            add("ratio", {"cells": names(c.cells), **other})
        elif t == "xv":
            if c.total not in (5, 10):
                raise UnsupportedConstraint("xv", f"sum {c.total}")
            add("xv", {"cells": names(c.cells), "value": "X" if c.total == 10 else "V"})
        elif t in ("odd", "even"):
            add(t, {"cell": _name(n, c.cell)})
        elif t in ("minimum", "maximum"):
            for x in c.cells:
                add(t, {"cell": _name(n, x)})
        elif t == "quadruple":
            add("quadruple", {"cells": names(c.cells), "values": list(c.values)})
        elif t == "clone":
            add("clone", {"cells": names(c.cells), "cloneCells": names(c.copy)})
        elif t == "candidates":
            grid[c.cell // n][c.cell % n]["givenPencilMarks"] = list(c.values)
        elif t == "extra_region":
            add("extraregion", {"cells": names(c.cells)})
        elif t == "diagonal":
            data["diagonal+" if c.slope == 1 else "diagonal-"] = True
        elif t in ("anti_knight", "anti_king", "disjoint_groups"):
            data[t.replace("_", "")] = True
        elif t == "negative_dots":
            if c.white:
                data["nonconsecutive"] = True
            if c.black:
                negative.append("ratio")
        elif t == "negative_xv":
            if not (c.x and c.v):
                raise UnsupportedConstraint("negative_xv", "X or V alone in f-puzzles")
            negative.append("xv")
        elif t == "non_consecutive":
            if any(o.TYPE in ("difference_dot", "ratio_dot") for o in p.constraints):
                raise UnsupportedConstraint("non_consecutive", "beside kropki dots in f-puzzles")
            data["nonconsecutive"] = True
        else:
            raise UnsupportedConstraint(t, "f-puzzles")
    if negative:
        data["negative"] = negative
    return data


_LINE_KEYS = {"thermometer": "thermometer", "slow_thermometer": "slowthermometer",
              "palindrome": "palindrome", "renban": "renban", "whisper": "whispers",
              "region_sum_line": "regionsumline", "between": "betweenline",
              "entropic": "entropicline", "modular": "modularline",
              "double_arrow": "doublearrow", "zipper": "zipperline"}


def write_fpuzzles(p: m.VariantPuzzle) -> str:
    """The f-puzzles string (the part after ``?load=``) for ``p``."""
    return encode(to_fpuzzles_dict(p))
