"""Read (and write) the constraint strings of sigh's Interactive Sudoku Solver (ISS).

An ISS string is a list of items ``.Type~arg~arg...``; an item with an empty type holds
givens (``R1C1_5``, or ``R1C1_2_4_6`` for a cell restricted to several values). Cells are
``R<row>C<col>`` with row and column one base-17 digit each (``a`` is 10, ``g`` 16): ISS
reads no ``R10C1``. Besides the ``.`` form, ISS
reads plain text: a line of givens (81 characters for 9x9, any square size), a jigsaw
(givens then a region layout), the short killer format, SudokuWiki's packed killer
strings (``sudokuwiki``) and 729-character pencilmarks.

Types read as ISS's parser reads them (its ``js/sudoku_parser.js`` and
``js/sudoku_constraint.js``): multi-cell dots, X, V and GreaterThan apply to every
orthogonally adjacent pair of their cells; an ``Arrow``'s first cell is its bulb, a
``PillArrow``'s first *k* cells its pill (read left to right, top to bottom); outside
clues name their row/column (``XSum~C2~front~back``, ``Sandwich~sum~R1``) or the first
cell of their diagonal (``LittleKiller~sum~R1C2``). Every other type is refused by name,
all of a puzzle's at once: ``unsupported constraints: SameValues, Var``. The composites
``Or``, ``And`` and ``Replicate`` nest their items until ``End`` (``iss_nested``).

>>> p = parse_iss(".Thermo~R1C1~R1C2.~R2C2_3.Shape~4x4")
>>> p.size, p.givens, p.constraints[0]
(4, ((5, 3),), Thermometer(cells=(0, 1)))
"""

from __future__ import annotations

import re

from ..errors import PuzzleError
from . import iss_chaos, iss_sets, iss_shape, iss_vars
from . import model as m
from .paradigms import UnsupportedConstraint
from .reading import Reading, Said
from . import iss_nested
from .iss_plain import parse_plain  # noqa: F401  (the plain-text forms: iss_plain)

_CELL = re.compile(r"^[Rr]([0-9a-gA-G])[Cc]([0-9a-gA-G])$")
_DECIMAL_CELL = re.compile(r"^[Rr](\d+)[Cc](\d+)$")
_SHAPE = re.compile(r"^(\d+)x(\d+)$")
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))


def looks_like_iss(text: str) -> bool:
    """True for the ``.Type~...`` form (the plain-text forms are detected by the caller)."""
    t = text.strip()
    return t.startswith(".") and ("~" in t or re.match(r"^\.[A-Z][A-Za-z]*", t) is not None)


class _Grid:
    """The shape being read: size and value range, for cell and value parsing."""

    def __init__(self, size=9, lo=1, hi=None, cols=None):
        self.size, self.lo = size, lo  # (size: the rows)
        self.cols = cols or size
        self.region = None  # RegionSize, when given
        self.var = {}  # an extra cell's name (VA1, DGC3) -> its cell
        self.place = {}  # an extra cell -> (its group, row, col) in the group's layout
        self.raw = False  # ISS's Raw grid type: no row, column or box houses
        self.hi = hi if hi is not None else lo + max(size, self.cols) - 1

    def cell(self, text):
        match = _CELL.match(text)
        if not match and text in self.var:
            return self.var[text]
        if not match and re.fullmatch(r"CC\d+", text):  # (the reader names the type)
            raise UnsupportedConstraint("", CHAOS_CELLS)
        if not match and re.fullmatch(r"[A-Z]+\d*", text):
            raise PuzzleError(f"no cell {text}: no Var (or Doppelganger) cell has that name")
        if not match:
            raise PuzzleError(_bad_cell(text, max(self.size, self.cols)))
        r, c = (int(g, 17) - 1 for g in match.groups())
        if not (0 <= r < self.size and 0 <= c < self.cols):
            raise PuzzleError(f"cell {text} is outside the {self.size}x{self.cols} grid")
        return r * self.cols + c

    def cells(self, args):
        return tuple(self.cell(a) for a in args if a != "")

    def on_grid(self, cells):
        """``cells``, refused when one is beyond the grid (steps and lines are read on the
        grid only; the reader names the type)."""
        if any(x >= self.size * self.cols for x in cells):
            raise UnsupportedConstraint("", "on cells beyond the grid (ISS's Var): its cells "
                                            "must be neighbours or a line of the grid")
        return cells


#: Why a type on a chaos construction's region cells (``CC19``) is refused.
CHAOS_CELLS = "on a chaos construction's region cells (CC1...): only ChaosArrow and ChaosCount read them"


def _bad_cell(text, n):
    """Why ``text`` is not an ISS cell: a row or column past the grid, or over 9 written in
    decimal (ISS writes one base-17 digit: 10 is ``a``), or no cell at all."""
    decimal = _DECIMAL_CELL.match(text)
    if decimal is None:
        return f"bad cell {text!r}"
    if max(int(decimal.group(1)), int(decimal.group(2))) > n:
        return f"cell {text} is outside the {n}x{n} grid"
    return (f"bad cell {text!r}: ISS writes a row or column over 9 as one letter "
            f"(10 is 'a', 16 is 'g')")


def _int(text, what):
    try:
        return int(text)
    except (TypeError, ValueError):
        raise PuzzleError(f"bad {what} {text!r}") from None


def _shape(items):
    """Size and value range from a ``Shape`` item (ISS reads it before everything else)."""
    for name, args in items:
        if name != "Shape":
            continue
        spec = "Shape~" + "~".join(args)
        if len(args) > 2 and args[2] not in ("", "Sudoku", "Raw"):
            raise PuzzleError(f"bad grid type {args[2]!r} in {spec!r} (ISS takes Sudoku or Raw)")
        dims = _SHAPE.match(args[0] if args else "")
        if not dims:
            raise PuzzleError(f"bad grid shape {spec!r} (ISS writes Shape~9x9)")
        n, cols = int(dims.group(1)), int(dims.group(2))
        if not (1 <= n <= 16 and 1 <= cols <= 16):
            raise PuzzleError(f"bad grid shape {spec!r} (ISS takes 1 to 16 rows and columns)")
        lo, hi = 1, max(n, cols)
        if len(args) > 1 and args[1]:
            rng = re.match(r"^(\d+)(?:-(\d+))?$", args[1])
            if not rng:
                raise PuzzleError(f"bad value range {args[1]!r}")
            if rng.group(2) is not None:
                lo, hi = int(rng.group(1)), int(rng.group(2))
            else:
                hi = int(rng.group(1))
        g = _Grid(n, lo, hi, cols)
        g.raw = len(args) > 2 and args[2] == "Raw"
        return g
    return _Grid()


def _split(text):
    body = re.sub(r"\s+", "", text)
    if not body.startswith("."):
        raise PuzzleError("an ISS constraint string starts with '.'")
    items = []
    for item in body.split(".")[1:]:
        if item == "":
            continue
        name, *args = item.split("~")
        items.append((name, args))
    return items


def _adjacent_pairs(g, cells):
    """Orthogonally adjacent pairs among ``cells``, earlier cell first (ISS's order); extra
    cells are neighbours within their group's layout only."""
    w = g.cols
    where = lambda x: g.place.get(x) or ("", x // w, x % w)  # noqa: E731
    pairs = []
    rest = list(cells)
    for a in cells:
        rest.remove(a)
        for b in rest:
            (ga, ra, ca), (gb, rb, cb) = where(a), where(b)
            if ga == gb and abs(ra - rb) + abs(ca - cb) == 1:
                pairs.append((a, b))
    return pairs


def _line(g, name, cells):
    n, w = g.size, g.cols
    rows = {"R": [tuple(range(r * w, r * w + w)) for r in range(n)],
            "C": [tuple(range(c, n * w, w)) for c in range(w)]}
    match = re.match(r"^([RC])(\d+)$", name)
    if not match or not 1 <= int(match.group(2)) <= len(rows[match.group(1)]):
        raise PuzzleError(f"bad row or column {name!r}")
    return rows[match.group(1)][int(match.group(2)) - 1]


def _diagonal_from(g, first):
    """The little-killer diagonal ISS keys by its first cell (``cellMap`` in ISS)."""
    n = g.size
    r, c = divmod(first, n)
    if c == 0 and r < n - 1:
        dr, dc = 1, 1
    elif c == n - 1 and 0 < r < n - 1:
        dr, dc = -1, -1
    elif r == 0 and c >= 1:
        dr, dc = 1, -1
    elif r == n - 1 and 1 <= c < n - 1:
        dr, dc = -1, 1
    else:
        raise PuzzleError(f"no little killer diagonal starts at R{r + 1}C{c + 1}")
    cells = []
    while 0 <= r < n and 0 <= c < n:
        cells.append(r * n + c)
        r, c = r + dr, c + dc
    return tuple(cells)


def _givens(g, args, givens):
    """Read ``R1C1_5`` items into ``givens``; returns the cells given several values."""
    out = []
    for arg in args:
        cell_text, *values = arg.split("_")
        cell = g.cell(cell_text)
        if not values or not all(re.fullmatch(r"-?\d+", v) for v in values):
            raise PuzzleError(f"bad given {arg!r}")
        vals = tuple(int(v) for v in values)
        wrong = next((v for v in vals if not g.lo <= v <= g.hi), None)
        if wrong is not None:
            raise PuzzleError(f"given {wrong} at {cell_text.upper()} is outside {g.lo}..{g.hi}")
        if len(vals) == 1:
            givens.append((cell, vals[0]))
        else:
            out.append(m.Candidates(cell, vals))
    return out


def parse_iss(text: str) -> m.VariantPuzzle:
    """The ``VariantPuzzle`` an ISS string describes (any of ISS's text forms)."""
    return read_iss(text).puzzle


def read_iss(text: str) -> Reading:
    """The puzzle an ISS string describes, with the ISS name of each constraint type read.

    Every type this module does not read is refused at once, by the name ISS gives it."""
    plain = parse_plain(text)
    if plain is not None:
        return Reading(plain)
    items = _split(text)
    g = _shape(items)
    unknown = [(name, "") for name, _ in items if name not in SUPPORTED and name != ""]
    if any(name in _CONTAINERS for name, _ in unknown):  # (End closes them: not a rule)
        unknown = [(name, why) for name, why in unknown if name != "End"]
    if unknown:
        raise UnsupportedConstraint.of(unknown)
    iss_shape.refuse_items(g, items)
    iss_shape.refuse_on_raw(g, items)
    dg = "Doppelganger" in {name for name, _ in items} and iss_vars.names_doppelganger_cells(items)
    made = iss_vars.groups(items, dg, g.size, g.cols)
    extra = [name for name, _ in made]
    g.var = {name: g.size * g.cols + i for i, name in enumerate(extra)}
    g.place = {g.size * g.cols + i: place for i, (_, place) in enumerate(made)}
    givens, out, refused, said = [], [], [], Said()
    regions, boxes, partial = None, "default", False
    size = iss_sets.region_size(g, items)  # (RegionSize: the cells of a box or jigsaw piece)
    g.region = size
    for name, args, inside in iss_nested.tree(items):
        try:
            if inside is not None:  # Or, And, Replicate: their items read as they nest
                out += said.add(name, iss_nested.read(g, (name, args, inside), _read_item))
            elif name == "":
                out += said.add("Given", _givens(g, args, givens))
            elif name == "NoBoxes":
                boxes = None
            elif name == "Jigsaw":
                regions, partial = _layout(g, args[-1] if args else "")
            elif name not in ("Shape", "Var") and name not in iss_sets.OPTIONS:
                out += said.add(name, _READERS[name](g, args))
        except UnsupportedConstraint as exc:  # (refused with the others, once all are read)
            refused += [(kind or name or "Given", why) for kind, why in exc.items]
        except (IndexError, ValueError) as exc:
            if not name:
                raise
            if isinstance(exc, PuzzleError):
                raise PuzzleError(f"{name}: {exc}") from None
            raise PuzzleError(f"{name}: bad arguments {'~'.join(args)!r}") from None
    if refused:
        raise UnsupportedConstraint.of(refused)
    if g.cols != g.size or g.raw:  # a non-square or raw grid: its boxes as regions (iss_shape)
        out, regions, notes = iss_shape.settle(g, items, iss_nested.unconditional(_last_wins(out)),
                                               boxes is not None and not g.raw,
                                               regions, partial, size, said.names)
        return _made(g, None, regions, givens, out, said, items, notes, extra)
    if size not in (None, g.size) and any(c.TYPE == "chaos_construction" for c in out):
        raise UnsupportedConstraint("ChaosConstruction", f"regions of {size} cells (RegionSize)")
    out, boxes, regions, notes = iss_sets.settle(g, items, out, boxes, regions, size)
    if boxes is None and any(c.TYPE == "disjoint_groups" for c in out):
        # ISS's sets follow the box shape even under NoBoxes or a jigsaw's pieces
        out = [c for c in out if c.TYPE != "disjoint_groups"]
        out += said.add("DisjointSets", iss_sets.positions(g.size, size or g.size))
    out = iss_nested.unconditional(_last_wins(out))
    if regions is not None and (partial or boxes is not None and m.DEFAULT_BOXES.get(g.size)):
        # ISS *adds* a jigsaw's regions: the boxes stay unless NoBoxes is given
        # (sudoku_builder.js: boxRegions is empty only under NoBoxes), so the regions
        # are extra houses beside them. A layout with a region left out (a 7x7 grid of
        # 9-cell pieces) is no partition: its pieces are houses beside the rows too.
        out += said.add("Jigsaw", [m.ExtraRegion(r) for r in regions])
        regions = None
    # (the boxes also stay when the values are more than the cells of a house, as
    # "Shape~9x9~10": each box then holds distinct values, as each row does)
    return _made(g, boxes, regions, givens, out, said, items, notes, extra)


def _made(g, boxes, regions, givens, out, said, items, notes, extra) -> Reading:
    try:
        puzzle = m.VariantPuzzle(g.size, box=boxes, regions=regions, values=(g.lo, g.hi),
                                 givens=tuple(givens), constraints=tuple(out), cols=g.cols,
                                 extra=tuple(extra), raw=g.raw)
        ties, tied = iss_vars.doppelganger_ties(puzzle)  # (Doppelganger's cells, when named)
        if ties or tied:
            puzzle = m.VariantPuzzle(g.size, box=boxes, regions=regions, values=(g.lo, g.hi),
                                     givens=tuple(givens) + tuple(tied), cols=g.cols,
                                     constraints=tuple(out) + tuple(said.add("Doppelganger", ties)),
                                     extra=tuple(extra), raw=g.raw)
    except m.ConstraintError as exc:
        raise exc.spoken(said.names) from None
    return Reading(puzzle, names=said.names, notes=notes,
                   ignored=[name for name, _ in items if name == "SearchPriority"])


#: Types of which ISS keeps one per place (its UNIQUENESS_KEY_FIELD: an outside clue per
#: line and direction, a quadruple per 2x2 square): a later one replaces an earlier one.
_ONE_PER_PLACE = ("x_sum", "skyscraper", "sandwich", "little_killer", "quadruple", "full_rank")


def _last_wins(constraints):
    """``constraints`` with each clue ISS would replace dropped (``_mergeByUniqueness`` in
    its parser: the last of a type at one place wins).

    >>> [c.total for c in _last_wins([m.Sandwich((0, 1, 2, 3), 1), m.Sandwich((0, 1, 2, 3), 3)])]
    [3]
    """
    last = {}
    for i, c in enumerate(constraints):
        if c.TYPE in _ONE_PER_PLACE:
            last[c.TYPE, c.cells] = i
        elif c.TYPE == "chaos_construction":  # (one per puzzle: its key is its type)
            last[c.TYPE, ()] = i
    return [c for i, c in enumerate(constraints)
            if (c.TYPE not in _ONE_PER_PLACE and c.TYPE != "chaos_construction")
            or last[c.TYPE, getattr(c, "cells", ())] == i]


def _layout(g, layout):
    """The pieces of a jigsaw layout and whether one region of it was left out.

    As ISS reads it (``Jigsaw.makeFromArgs``): a region of side..values cells is a piece;
    one region of another size is the rest of a partly filled grid (a 7x7 grid of 9-value
    pieces) and no piece; a second one is an error. The pieces' size is checked against
    the region size afterwards (``iss_sets.settle``).

    >>> from types import SimpleNamespace as G
    >>> _layout(G(size=4, cols=4, lo=1, hi=4), "1122112233443344")[1]
    False
    >>> _layout(G(size=3, cols=3, lo=1, hi=4), "111122223")
    (((0, 1, 2, 3), (4, 5, 6, 7)), True)
    """
    if len(layout) != g.size * g.cols:
        raise PuzzleError(f"jigsaw layout has {len(layout)} cells, not {g.size * g.cols}")
    regions = {}
    for cell, ch in enumerate(layout):
        regions.setdefault(ch, []).append(cell)
    if len(regions) == 1:
        return None, False
    pieces, other = [], 0
    for r in regions.values():
        if max(g.size, g.cols) <= len(r) <= g.hi - g.lo + 1:
            pieces.append(tuple(r))
        elif other:
            raise PuzzleError("inconsistent region sizes in the jigsaw layout (ISS allows "
                              "one region of another size)")
        else:
            other = 1
    return tuple(pieces), bool(other)


# -- one reader per supported ISS type: args -> constraints --------------------------------

def _cage(g, a):
    """A killer cage. ISS takes a cell listed twice: its cells differ as a set, and its
    sum counts the cell as often as it is listed (then a cage with no sum beside a
    weighted ``Sum``)."""
    total = None if a[0].strip() in ("", "0") else _int(a[0], "sum")
    cells = g.cells(a[1:])
    once = tuple(dict.fromkeys(cells))
    if len(once) == len(cells) or total is None:
        return [m.KillerCage(once, total)]
    return [m.KillerCage(once, None), m.Sum(once, total, tuple(cells.count(x) for x in once))]


def _whisper(g, a):
    if a and re.fullmatch(r"-?\d+", a[0]):
        return [m.Whisper(g.cells(a[1:]), int(a[0]))]
    return [m.Whisper(g.cells(a), 5)]


def _pairs(make):
    def read(g, a):
        cells = g.cells(a)
        pairs = _adjacent_pairs(g, cells)
        if not pairs:  # (ISS's builder: "enforces nothing: no adjacent cell pairs")
            raise PuzzleError("no two of its cells are orthogonal neighbours: it enforces nothing")
        # A cell with no neighbour among them (a Var cell beside grid cells, a stray grid
        # cell) takes no pair and no rule, as ISS's builder reads it (_adjacentPairsOrThrow;
        # only ISS's editor refuses such a selection, _hasAdjacentCells).
        return [make(pair) for pair in pairs]
    return read


def _pill_arrow(g, a):
    """A pill of 2 or 3 cells read in reading order, as ISS refuses any other
    (sudoku_builder.js: "Pill size must be 2 or 3", and each sorted cell one step right,
    down or down-right of the one before)."""
    k = _int(a[0], "pill size")
    cells = g.cells(a[1:])
    g.on_grid(cells[:k])
    if k not in (2, 3):
        raise PuzzleError(f"pill size must be 2 or 3, not {k} (as ISS requires)")
    if not k < len(cells):
        raise PuzzleError(f"a pill of {k} cells needs a shaft after it; {len(cells)} cells given")
    pill = tuple(sorted(cells[:k]))
    steps = {(0, 1), (1, 0), (1, 1)}
    if any((b // g.cols - a // g.cols, b % g.cols - a % g.cols) not in steps
           for a, b in zip(pill, pill[1:])):
        raise PuzzleError("the pill's cells must be adjacent and in reading order when "
                          "sorted (as ISS requires)")
    return [m.Arrow(pill, cells[k:])]


def _outside(make, single=False):
    def read(g, a):
        if single:  # Sandwich~sum~R1
            return [make(_line(g, a[1], None), _int(a[0], "sum"))]
        line = _line(g, a[0], None)
        out = []
        if len(a) > 1 and a[1]:
            out.append(make(line, _int(a[1], "clue")))
        if len(a) > 2 and a[2]:
            out.append(make(line[::-1], _int(a[2], "clue")))
        return out
    return read


def _little_killer(g, a):
    return [m.LittleKiller(_diagonal_from(g, g.on_grid((g.cell(a[1]),))[0]),
                           _int(a[0], "sum"))]


def _quad(g, a):
    top = g.on_grid((g.cell(a[0]),))[0]
    n, w = g.size, g.cols
    if top % w == w - 1 or top // w == n - 1:
        raise PuzzleError(f"no 2x2 square starts at {a[0]}")
    return [m.Quadruple((top, top + 1, top + w, top + w + 1), tuple(_int(v, "value") for v in a[1:]))]


def _windoku(g, a):
    """ISS's windows for the region size, else the number of values (``iss_sets.windows``).

    >>> [len(w.cells) for w in _windoku(_Grid(16), [])], _windoku(_Grid(9, 1, 10), [])
    ([16, 16, 16, 16, 16, 16, 16, 16, 16], [])
    """
    return iss_sets.windows(g.size, g.region or (g.hi - g.lo + 1))


def _disjoint_sets(g, a):
    """The model's rule when the region size is the side (and the boxes stay: else
    ``iss_sets.positions``, in ``read_iss``); ISS's sets for another region size."""
    if not g.region or g.region == g.size:
        return [m.DisjointGroups()]
    return iss_sets.positions(g.size, g.region)


def _entropic(g, a):
    if (g.lo, g.hi) != (1, 9):
        raise UnsupportedConstraint("Entropic", "values other than 1..9")
    return [m.Entropic(g.cells(a))]


def _sum(g, a):
    """``Sum~total~cells`` or ``Sum~total_=_w1_w2...~cells`` (a weight per cell), as ISS's
    sum handler reads it: weights within -100..100, a cell listed twice counts twice (its
    weights added into one), and a cell whose weight is or comes to 0 is left out."""
    head, *rest = a[0].split("_")
    cells = g.cells(a[1:])
    total = _int(head, "sum")
    if not rest:
        weights = (1,) * len(cells)
    elif rest[0] != "=":
        raise PuzzleError(f"bad sum {a[0]!r}")
    else:
        weights = tuple(_int(w, "coefficient") for w in rest[1:])
        if any(abs(w) > 100 for w in weights):
            raise PuzzleError(f"sum {a[0]!r}: a coefficient outside -100..100 (ISS refuses it)")
    if len(weights) != len(cells):
        return [m.Sum(cells, total, weights if rest else ())]
    if len(set(cells)) == len(cells) and 0 not in weights:
        return [m.Sum(cells, total, weights if rest else ())]
    merged = {}
    for x, w in zip(cells, weights):
        merged[x] = merged.get(x, 0) + w
    merged = {x: w for x, w in merged.items() if w}
    if merged:
        return [m.Sum(tuple(merged), total, tuple(merged.values()))]
    if total == 0 or not cells:  # nothing left, and 0 = 0; (no cells: the model's own error)
        return [] if cells else [m.Sum(cells, total, ())]
    # nothing left and a total that is not 0: no grid meets it (ISS: no solution), said as
    # two sums its first cell cannot meet together
    return [m.Sum(cells[:1], g.lo, ()), m.Sum(cells[:1], g.hi, ())]


def _contain(make):
    def read(g, a):
        vals = tuple(_int(v, "value") for v in a[0].split("_") if v != "")
        return [make(g.cells(a[1:]), vals)]
    return read


def _needs_values(name, make, values=None):
    """A global rule ISS takes only for values from 1 (and only for ``values`` exactly,
    when given); the same limits refused here by name, as ISS refuses them."""
    def read(g, a):
        if values and (g.lo, g.hi) != values:
            raise UnsupportedConstraint(name, f"values other than {values[0]}..{values[1]}")
        if g.lo != 1:
            raise UnsupportedConstraint(name, f"values {g.lo}..{g.hi}")
        return [make()]
    return read


def _indexing(g, a):
    """``Indexing~C~cells``: a cell in column c holding k puts c in column k of its row
    (``R``: the same along its column), as ISS's builder reads it."""
    if not a or a[0] not in ("R", "C"):
        raise PuzzleError(f"bad indexing type {a[0] if a else ''!r} (ISS writes R or C)")
    n, w, out = g.size, g.cols, []
    for cell in g.on_grid(g.cells(a[1:])):
        r, col = divmod(cell, w)
        if a[0] == "R":
            out.append(m.Indexing(cell, tuple(range(col, n * w, w)), r + 1))
        else:
            out.append(m.Indexing(cell, tuple(range(r * w, r * w + w)), col + 1))
    return out


def _equal_sum(g, a):
    """``EqualSum~cells~-~cells...``: segments split at each ``-`` (empty ones kept)."""
    segments = [[]]
    for arg in a:
        if arg == "-":
            segments.append([])
        else:
            segments[-1].append(g.cell(arg))
    cells = tuple(x for seg in segments for x in seg)
    return [m.EqualSum(cells, tuple(len(seg) for seg in segments))]


def _look_and_say(g, a):
    """``LookAndSay~clue~cells``: digit pairs (count, value); a count of 0 keeps the value
    out of every cell, the others are counted exactly (ISS's builder)."""
    clue, cells = a[0], g.cells(a[1:])
    if not re.fullmatch(r"(\d\d)+", clue):
        raise PuzzleError(f"bad look-and-say clue {clue!r} (pairs of count and value digits)")
    wanted, banned = [], []
    for count, value in zip(clue[::2], clue[1::2]):
        if int(count) and int(value) in wanted:
            raise PuzzleError(f"look-and-say clue {clue} names {value} twice")
        (wanted.extend([int(value)] * int(count)) if int(count) else banned.append(int(value)))
    out = [m.ContainExact(cells, tuple(wanted))] if wanted else []
    if banned:
        keep = tuple(v for v in range(g.lo, g.hi + 1) if v not in banned)
        out += [m.Candidates(x, keep) for x in cells]
    return out


_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def binary_key(g, key):
    """The value pairs ISS's binary key allows: bit ``(i - 1) * count + (j - 1)`` (six to a
    base64url character, lowest first) for values ``lo - 1 + i``, ``lo - 1 + j``."""
    bits = []
    for ch in key:
        if ch not in _B64:
            raise PuzzleError(f"bad binary key {key!r}")
        bits += [(_B64.index(ch) >> b) & 1 for b in range(6)]
    count, off = g.hi - g.lo + 1, g.lo - 1
    return tuple(x for k, bit in enumerate(bits[:count * count]) if bit
                 for x in (k // count + 1 + off, k % count + 1 + off))


def _pair(all_pairs, legacy=False):
    """``Pair~key~cells`` (``PairX``: every two cells); cells in groups, each a constraint,
    split by an empty item or a ``_name``; ``Binary``/``BinaryX``: the key's - and _ swapped."""
    def read(g, a):
        key = a[0].translate(str.maketrans("-_", "_-")) if legacy else a[0]
        allowed, out, group = binary_key(g, key), [], []
        for item in a[1:] + [""]:
            if item == "" or item.startswith("_"):
                if group:
                    out.append(m.Pair(tuple(group), allowed, all_pairs))
                group = []
            else:
                group.append(g.cell(item))
        return out
    return read


def _sum_line(g, a):
    loop = bool(a) and a[-1] == "LOOP"
    return [m.SumLine(g.cells(a[1:-1] if loop else a[1:]), _int(a[0], "sum"), loop)]


_READERS = {
    "Cage": _cage,
    "Thermo": lambda g, a: [m.Thermometer(g.cells(a))],
    "Whisper": _whisper,
    "Renban": lambda g, a: [m.Renban(g.cells(a))],
    "Palindrome": lambda g, a: [m.Palindrome(g.cells(a))],
    "Between": lambda g, a: [m.Between(g.cells(a))],
    "Lockout": lambda g, a: [m.Lockout(g.cells(a[1:]), _int(a[0], "difference"))],
    "RegionSumLine": lambda g, a: [m.RegionSumLine(g.cells(a))],
    "Zipper": lambda g, a: [m.Zipper(g.cells(a))],
    "Entropic": _entropic,
    "Modular": lambda g, a: [m.Modular(g.cells(a[1:]), _int(a[0], "modulus"))],
    "Arrow": lambda g, a: [m.Arrow(g.cells(a[:1]), g.cells(a[1:]))],
    "PillArrow": _pill_arrow,
    "DoubleArrow": lambda g, a: [m.DoubleArrow(g.cells(a))],
    "WhiteDot": _pairs(lambda p: m.DifferenceDot(p, 1)),
    "BlackDot": _pairs(lambda p: m.RatioDot(p, 2)),
    "X": _pairs(lambda p: m.XV(p, 10)),
    "V": _pairs(lambda p: m.XV(p, 5)),
    "GreaterThan": _pairs(lambda p: m.GreaterThan(p)),
    "LittleKiller": _little_killer,
    "Sandwich": _outside(m.Sandwich, single=True),
    "XSum": _outside(m.XSum),
    "Skyscraper": _outside(m.Skyscraper),
    "Quad": _quad,
    "Diagonal": lambda g, a: [m.Diagonal(1 if _int(a[0], "direction") == 1 else -1)],
    "AntiKnight": lambda g, a: [m.AntiKnight()],
    "AntiKing": lambda g, a: [m.AntiKing()],
    "AntiConsecutive": lambda g, a: [m.NonConsecutive()],
    "DisjointSets": _disjoint_sets,
    "Windoku": _windoku,
    "StrictKropki": lambda g, a: [m.NegativeDots(True, True)],
    "StrictXV": lambda g, a: [m.NegativeXV(True, True)],
    "AllDifferent": lambda g, a: [m.ExtraRegion(g.cells(a))],
    "Sum": _sum,
    "RellikCage": lambda g, a: [m.RellikCage(g.cells(a[1:]), _int(a[0], "sum"))],
    "EqualityCage": lambda g, a: [m.EqualityCage(g.cells(a))],
    "ContainAtLeast": _contain(m.Quadruple),
    "ContainExact": _contain(m.ContainExact),
    "AntiTaxicab": _needs_values("AntiTaxicab", m.AntiTaxicab),
    "GlobalMod": lambda g, a: _global_mod(g),
    "ChaosConstruction": lambda g, a: [m.ChaosConstruction()],
    "GlobalEntropy": _needs_values("GlobalEntropy", m.GlobalEntropy, values=(1, 9)),
    "DutchFlatmates": _needs_values("DutchFlatmates", m.DutchFlatmates, values=(1, 9)),
    "Lunchbox": lambda g, a: [m.Lunchbox(g.cells(a[1:]), _int(a[0], "sum"))],
    "SumLine": _sum_line,
    "CountingCircles": lambda g, a: [m.CountingCircles(g.cells(a))],
    "ValueIndexing": lambda g, a: [m.ValueIndexing(g.cells(a))],
    "Indexing": _indexing,
    "NumberedRoom": _outside(lambda line, clue: m.Indexing(line[0], line, clue)),
    "HiddenSkyscraper": _outside(m.HiddenSkyscraper),
    "EqualSum": _equal_sum,
    "LookAndSay": _look_and_say,
    "CountDistinct": lambda g, a: (iss_chaos.regions_met(g, a) if iss_chaos.on_regions(a[1:])
                                   else [m.CountDistinct(g.cell(a[0]), g.cells(a[1:]))]),
    "Pair": _pair(False), "PairX": _pair(True),
    "Binary": _pair(False, legacy=True), "BinaryX": _pair(True, legacy=True),
}


def _read_item(g, name, args):
    """One plain item inside a composite: givens as ``Candidates`` (a rule of its branch)."""
    if name == "":
        return [c for arg in args for c in _given_rules(g, arg)]
    return _READERS[name](g, args)


def _given_rules(g, arg):
    givens = []
    out = _givens(g, [arg], givens)
    return [m.Candidates(cell, (v,)) for cell, v in givens] + out


def _regex(g, a):
    """``Regex~pattern~cells`` (an empty item starts another line with the same pattern);
    the pattern base64url, or URL-escaped when it holds a ``%`` (ISS's older form)."""
    from urllib.parse import unquote

    from .automaton import decode_text

    token = a[0] if a else ""
    pattern = unquote(token) if "%" in token else decode_text(token)
    pattern = re.sub(r"\s", "", pattern)
    out, line = [], []
    for item in a[1:] + [""]:
        if item:
            line.append(g.cell(item))
        elif line:
            out.append(m.Regex(tuple(line), pattern))
            line = []
    return out


def _nfa(g, a):
    """``NFA~encoded~cells``: groups split by an empty item or a ``_name``; in a group,
    ``-`` splits the line into segments (read with a break symbol between them)."""
    from .automaton import decode_nfa

    auto = decode_nfa(a[0] if a else "")
    count = g.hi - g.lo + 1
    flat = tuple(x for t in auto.moves for x in t)
    out, group = [], []
    for item in a[1:] + [""]:
        if item == "" or item.startswith("_"):
            if group:
                segments = [[]]
                for x in group:
                    if x == "-":
                        segments.append([])
                    else:
                        segments[-1].append(g.cell(x))
                if len(segments) > 1 and auto.symbols() < count + 1:
                    raise PuzzleError(f"a multi-segment NFA needs {count + 1} symbols (the "
                                      f"last a break); this one has {auto.symbols()}")
                cells = tuple(x for seg in segments for x in seg)
                lengths = tuple(map(len, segments)) if len(segments) > 1 else ()
                out.append(m.Nfa(cells, auto.states, auto.start, auto.accept, flat, lengths))
            group = []
        else:
            group.append(item)
    return out


_READERS.update({"Regex": _regex, "NFA": _nfa})
for _name in iss_nested.COMPOSITES:  # (read through iss_nested.tree, never one item alone)
    _READERS[_name] = None


def _global_mod(g):
    if g.hi - g.lo + 1 != 9:
        raise UnsupportedConstraint("GlobalMod", f"values {g.lo}..{g.hi} (ISS takes 9 values)")
    return [m.GlobalMod()]

_READERS.update(iss_sets.readers(_outside))  # (issue 37: sets, ranks, doppelganger)
_READERS.update(iss_chaos.READERS)  # (issue 37: clues on a chaos construction's regions)

#: Model type -> the ISS type names read as it (``Given`` is a cell given several values).
ISS_NAMES = {
    "killer_cage": ("Cage",), "thermometer": ("Thermo",), "whisper": ("Whisper",),
    "renban": ("Renban",), "palindrome": ("Palindrome",), "between": ("Between",),
    "lockout": ("Lockout",), "region_sum_line": ("RegionSumLine",), "zipper": ("Zipper",),
    "entropic": ("Entropic",), "modular": ("Modular",), "arrow": ("Arrow", "PillArrow"),
    "double_arrow": ("DoubleArrow",), "difference_dot": ("WhiteDot",),
    "ratio_dot": ("BlackDot",), "xv": ("X", "V"), "greater_than": ("GreaterThan",),
    "little_killer": ("LittleKiller",), "sandwich": ("Sandwich",), "x_sum": ("XSum",),
    "skyscraper": ("Skyscraper",), "quadruple": ("Quad", "ContainAtLeast"),
    "diagonal": ("Diagonal",), "anti_knight": ("AntiKnight",), "anti_king": ("AntiKing",),
    "non_consecutive": ("AntiConsecutive",), "disjoint_groups": ("DisjointSets",),
    "extra_region": ("Windoku", "AllDifferent"), "negative_dots": ("StrictKropki",),
    "negative_xv": ("StrictXV",), "candidates": ("Given",), "sum": ("Sum",),
    "rellik_cage": ("RellikCage",), "equality_cage": ("EqualityCage",),
    "anti_taxicab": ("AntiTaxicab",),
    "global_mod": ("GlobalMod",), "global_entropy": ("GlobalEntropy",),
    "dutch_flatmates": ("DutchFlatmates",), "lunchbox": ("Lunchbox",),
    "sum_line": ("SumLine",), "counting_circles": ("CountingCircles",),
    "value_indexing": ("ValueIndexing",), "indexing": ("Indexing", "NumberedRoom"),
    "hidden_skyscraper": ("HiddenSkyscraper",), "equal_sum": ("EqualSum",),
    "contain_exact": ("ContainExact", "LookAndSay"), "count_distinct": ("CountDistinct",),
    "pair": ("Pair", "PairX", "Binary", "BinaryX"),
    "chaos_construction": ("ChaosConstruction",),
}
ISS_NAMES.update({"or": ("Or",), "and": ("And", "Replicate"), "regex": ("Regex",),
                  "nfa": ("NFA",)})  # issue 37: composites (iss_nested) and sequences
ISS_NAMES.update(iss_sets.NAMES)
ISS_NAMES.update(iss_chaos.NAMES)
#: Model types ISS has no type for, and why.
NOT_IN_ISS = {t: "ISS has no such type" for t in (
    "slow_thermometer", "odd", "even", "minimum", "maximum", "clone")}
NOT_IN_ISS.update({t: "ISS has no such type (dclamage's SudokuSolver rule)"
                   for t in ("nabner", "knightmare", "chess", "diagonal_non_consecutive")})

#: The ISS type names this module reads (besides givens, Shape, NoBoxes and Jigsaw).
SUPPORTED = frozenset(_READERS) | {"Shape", "NoBoxes", "Jigsaw", "Var"} | iss_sets.OPTIONS
#: ISS's composite types, each closed by an ``End`` item (read by ``iss_nested``; End
#: closes them and is no rule).
_CONTAINERS = {"Or", "And", "Replicate", "Container"}
SUPPORTED |= {"End"}
