"""The variant puzzle model: a geometry, givens and a list of typed constraints.

Glossary (the project's vocabulary, extended):

- *cell*: an index ``0 .. size*size - 1``, row-major, as in ``sudoku_cp.board``;
- *value*: an integer in ``values`` (``1..size`` unless the puzzle says otherwise);
- *house*: a row, a column, a box or irregular region, or an extra region; its cells differ;
- *constraint*: one instance of a variant rule (a cage, a thermometer, a dot...), a small
  frozen dataclass whose docstring states its rule in one sentence.

The model only describes; it never solves. ``sudoku_cp.variants.rules`` checks a
solution against each rule from its definition; the encoders (``sat``, ``cpsat``)
translate each constraint type on their own.

>>> p = VariantPuzzle(4, constraints=(Thermometer((0, 1, 2)),))
>>> VariantPuzzle.from_json(p.to_json()) == p
True
>>> p.houses()[0]
(0, 1, 2, 3)

Roads not taken: one generic ``Constraint(type, cells, params)`` record (every reader of
it would re-validate the params by hand); constraints as dicts (no docstring to state
the rule, no type to dispatch on).
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import ClassVar

from ..errors import PuzzleError
from .frozen import record
from .model_checks import (DISTINCT_CELLS, FEWEST, LARGEST, MAX_VALUES, PAIRS,  # noqa: F401
                           ConstraintError, _check_fields, _check_repeats, _check_shape,
                           _check_values, _integer, unreachable_cage)

#: Constraint classes by their JSON ``type`` tag; filled by ``@constraint``.
TYPES: dict[str, type] = {}

Cells = tuple  # a tuple of 0-based row-major cell indices
#: The integer fields that are a constraint's number (its sum, count, difference...), in
#: the order they are looked for: the page's value box, a constraint named in words.
NUMBER_FIELDS = ("total", "count", "value", "difference", "modulus", "ratio", "rank")


#: Steps to a cell's orthogonal neighbours, a knight's move away, a king's diagonal step
#: (the encoders share these; the checker ``rules`` keeps its own, on purpose).
ORTHO = ((0, 1), (1, 0), (0, -1), (-1, 0))
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
KING = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def neighbours(puzzle, cell: int, steps):
    """The cells ``steps`` away from ``cell`` that are on the board.

    >>> list(neighbours(VariantPuzzle(size=4), 0, ORTHO))
    [1, 4]
    """
    rows, cols = puzzle.size, getattr(puzzle, "cols", None) or puzzle.size
    if cell >= rows * cols:  # an extra cell: off the board, no neighbours
        return
    r, col = divmod(cell, cols)
    for dr, dc in steps:
        if 0 <= r + dr < rows and 0 <= col + dc < cols:
            yield (r + dr) * cols + col + dc


def line_segments(puzzle, cells) -> list[list[int]]:
    """A line's cells cut where it passes from one region (box) to the next, in order
    (a region-sum line's segments)."""
    region = {}
    for r, house in enumerate(puzzle.boxes()):
        for x in house:
            region[x] = r
    segments, last = [], object()
    for x in cells:
        if region.get(x) != last:
            segments.append([])
            last = region.get(x)
        segments[-1].append(x)
    return segments


def constraint(tag: str):
    """Register a frozen dataclass (``frozen.record``) as the constraint type named
    ``tag`` in JSON."""

    def register(cls):
        cls = record(cls)
        cls.TYPE = tag
        TYPES[tag] = cls
        return cls

    return register


# --- cages and sums ---------------------------------------------------------------------

@constraint("killer_cage")
class KillerCage:
    """The values in the cage differ and, when ``total`` is given, sum to ``total``."""

    cells: Cells
    total: int | None = None


@constraint("little_killer")
class LittleKiller:
    """The values along the diagonal ``cells`` (which may repeat) sum to ``total``."""

    cells: Cells
    total: int


@constraint("sandwich")
class Sandwich:
    """In the row or column ``cells``, the values strictly between its smallest and its largest
    value sum to ``total`` (the ends of the value range when the line holds every value)."""

    cells: Cells
    total: int


@constraint("x_sum")
class XSum:
    """The first ``x`` values of ``cells`` (read from the clue), where ``x`` is the value of
    the first cell (1 to the length of the line), sum to ``total``."""

    cells: Cells
    total: int


@constraint("skyscraper")
class Skyscraper:
    """Seen from the clue, ``count`` values of ``cells`` are larger than every value before them
    and than 0 (a building of height 0 is not seen, as in ISS)."""

    cells: Cells
    count: int


@constraint("arrow")
class Arrow:
    """The values of the ``shaft`` (which may repeat) sum to the number the ``bulb`` cells'
    values form read in order as decimal digits (a one-cell bulb: its value)."""

    bulb: Cells
    shaft: Cells


@constraint("double_arrow")
class DoubleArrow:
    """The two end cells of ``cells`` sum to the sum of the cells between them."""

    cells: Cells


@constraint("sum")
class Sum:
    """The values of ``cells`` (which may repeat), each times its weight in ``weights``
    (all 1 when ``weights`` is empty), sum to ``total``."""

    cells: Cells
    total: int
    weights: tuple = ()


@constraint("rellik_cage")
class RellikCage:
    """The values in the cage differ and no one or more of them sum to ``total``."""

    cells: Cells
    total: int


@constraint("equality_cage")
class EqualityCage:
    """The values in the cage differ; as many are even as odd, and as many lie in the low
    half of the value range as in the high half (an odd range's middle value in neither)."""

    cells: Cells


@constraint("contain_exact")
class ContainExact:
    """Each listed value appears among ``cells`` exactly as often as it is listed."""

    cells: Cells
    values: tuple


@constraint("lunchbox")
class Lunchbox:
    """The values in ``cells`` differ, and those strictly between (in the order of
    ``cells``) the cells holding the smallest and the largest of them sum to ``total``."""

    cells: Cells
    total: int


@constraint("indexing")
class Indexing:
    """The value ``k`` of ``cell`` lies in 1..len(cells), and the ``k``-th of ``cells`` holds
    ``value`` (ISS's numbered rooms and row/column indexing)."""

    cell: int
    cells: Cells
    value: int


@constraint("value_indexing")
class ValueIndexing:
    """The second cell's value ``k`` lies in 1..len(cells) - 2, and the ``k``-th cell after
    it holds the first cell's value."""

    cells: Cells


@constraint("hidden_skyscraper")
class HiddenSkyscraper:
    """Seen from the clue, some value of ``cells`` is lower than a value before it, and
    the first such (the first hidden skyscraper) is ``value``."""

    cells: Cells
    value: int


@constraint("counting_circles")
class CountingCircles:
    """Each of ``cells`` holds the number of ``cells`` that hold its value."""

    cells: Cells


@constraint("equal_sum")
class EqualSum:
    """``cells`` cut in order into consecutive segments of ``lengths`` cells: every
    non-empty segment has the same sum."""

    cells: Cells
    lengths: tuple


@constraint("count_distinct")
class CountDistinct:
    """The value of ``cell`` is the number of distinct values among ``cells``."""

    cell: int
    cells: Cells


@constraint("pair")
class Pair:
    """Every two consecutive cells of ``cells`` (every two cells, in order, when
    ``all_pairs``) hold values ``(a, b)`` that ``allowed`` lists (flat: a1, b1, a2, b2...)."""

    cells: Cells
    allowed: tuple
    all_pairs: bool = False


# --- lines ------------------------------------------------------------------------------

@constraint("thermometer")
class Thermometer:
    """The values strictly increase from the bulb (the first cell) along ``cells``."""

    cells: Cells


@constraint("slow_thermometer")
class SlowThermometer:
    """The values never decrease from the bulb (the first cell) along ``cells``."""

    cells: Cells


@constraint("whisper")
class Whisper:
    """Neighbouring cells along the line differ by at least ``difference``."""

    cells: Cells
    difference: int = 5


@constraint("renban")
class Renban:
    """The values on the line are distinct and form a set of consecutive integers."""

    cells: Cells


@constraint("palindrome")
class Palindrome:
    """The line reads the same from either end."""

    cells: Cells


@constraint("between")
class Between:
    """Every cell strictly inside the line has a value strictly between its two end values."""

    cells: Cells


@constraint("lockout")
class Lockout:
    """The two ends differ by at least ``difference`` and every inner cell lies strictly
    outside the closed range between the ends' values."""

    cells: Cells
    difference: int = 4


@constraint("region_sum_line")
class RegionSumLine:
    """Every segment of the line inside one box or region has the same sum."""

    cells: Cells


@constraint("zipper")
class Zipper:
    """Cells at equal distance from the line's centre sum to the same value (the centre
    cell's value when the line has odd length)."""

    cells: Cells


@constraint("sum_line")
class SumLine:
    """The line (closed on itself when ``loop``) divides into runs of consecutive cells
    that each sum to ``total``."""

    cells: Cells
    total: int
    loop: bool = False


@constraint("entropic")
class Entropic:
    """Every three consecutive cells on the line (all of a shorter line) hold different ones of
    a low, a middle and a high value (the value range split into three equal thirds)."""

    cells: Cells


@constraint("modular")
class Modular:
    """Every ``modulus`` consecutive cells on the line (all of a shorter line) have distinct
    remainders mod ``modulus``."""

    cells: Cells
    modulus: int = 3


# --- pairs and single cells ---------------------------------------------------------------

@constraint("difference_dot")
class DifferenceDot:
    """The two cells differ by exactly ``difference`` (a white kropki dot when 1)."""

    cells: Cells
    difference: int = 1


@constraint("ratio_dot")
class RatioDot:
    """One of the two cells is ``ratio`` times the other (a black kropki dot when 2)."""

    cells: Cells
    ratio: int = 2


@constraint("xv")
class XV:
    """The two cells sum to ``total`` (X: 10, V: 5)."""

    cells: Cells
    total: int


@constraint("greater_than")
class GreaterThan:
    """The first cell's value is larger than the second's."""

    cells: Cells


@constraint("odd")
class Odd:
    """The cell's value is odd."""

    cell: int


@constraint("even")
class Even:
    """The cell's value is even."""

    cell: int


@constraint("minimum")
class Minimum:
    """Each cell's value is smaller than every orthogonal neighbour's outside ``cells``
    (all of a puzzle's minimum cells form one group, as in f-puzzles)."""

    cells: Cells


@constraint("maximum")
class Maximum:
    """Each cell's value is larger than every orthogonal neighbour's outside ``cells``
    (all of a puzzle's maximum cells form one group, as in f-puzzles)."""

    cells: Cells


@constraint("quadruple")
class Quadruple:
    """Each listed value (with multiplicity) appears among the ``cells``."""

    cells: Cells
    values: tuple


@constraint("clone")
class Clone:
    """Each cell of ``cells`` has the value of the cell at the same position in ``copy``."""

    cells: Cells
    copy: Cells


@constraint("candidates")
class Candidates:
    """The cell's value is one of ``values`` (a given pencilmark restriction)."""

    cell: int
    values: tuple


@constraint("extra_region")
class ExtraRegion:
    """The values in ``cells`` differ (an extra house: windoku window, diagonal part...)."""

    cells: Cells


def shown_ratios(puzzle) -> tuple:
    """The ratios black negative dots forbid between neighbours joined by no dot: 2 and every
    ratio a ratio dot of ``puzzle`` shows, as f-puzzles and dclamage's solvers read
    "all black dots are given" (SVSJS ``KropkiConstraint.ts``).

    >>> shown_ratios(VariantPuzzle(4, constraints=(RatioDot((0, 1), 3), NegativeDots())))
    (2, 3)
    """
    return tuple(sorted({2} | {c.ratio for c in puzzle.constraints if c.TYPE == "ratio_dot"}))


# --- the puzzle -------------------------------------------------------------------------------

#: The rules over the whole grid a non-square grid takes (every encoder and the checker
#: step over its rows and columns); the others, and the types of ``SQUARE_ONLY``, are
#: refused on it by name.
NON_SQUARE_GLOBALS = frozenset({"anti_knight", "anti_king", "non_consecutive"})
#: Types that name cells but read the grid as square (chaos regions, doppelganger, ranks).
SQUARE_ONLY = frozenset({"chaos_arrow", "chaos_count", "chaos_same", "chaos_regions", "full_rank"})

#: Types whose rule reads the rows, columns or boxes as houses: refused on a raw grid.
HOUSES_NEEDED = frozenset({"sandwich", "x_sum", "skyscraper", "hidden_skyscraper", "full_rank",
                           "full_rank_ties", "disjoint_groups", "region_same_values", "doppelganger",
                           "chaos_construction", "chaos_arrow", "chaos_count", "chaos_same",
                           "chaos_regions"})

#: Box shapes (rows, cols) used when a puzzle does not give one; sizes absent have no boxes.
DEFAULT_BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4),
                 14: (2, 7), 15: (3, 5), 16: (4, 4), 20: (4, 5), 25: (5, 5)}


@record
class VariantPuzzle:
    """A grid of ``size`` rows and ``cols`` columns (square unless ``cols`` is given), its
    values ``lo..hi``, its houses and its constraints.

    Houses: every row and column; then the boxes of shape ``box`` (rows, cols), or the
    irregular ``regions`` (a tuple of cell tuples), or neither (a Latin square) when
    both are None. ``givens`` is a tuple of ``(cell, value)`` pairs, kept sorted by cell.
    A non-square grid (ISS's ``Shape~6x8``) has values ``1..max(rows, cols)`` unless
    given, no default boxes (its boxes are given as ``regions``), and takes the types
    that name their cells and the global rules of ``NON_SQUARE_GLOBALS``.
    ``extra`` names cells beyond the grid (ISS's ``Var`` cells, ``VA1``...): cells
    ``grid_cells ..`` in that order, holding values of the range, in no house and with
    no neighbour; constraints may name them, and a solution gives them values too.
    ``raw`` (ISS's ``Raw`` grid type): rows and columns are no houses and there are no
    boxes; only the constraints rule (then any number of values will do).
    """

    size: int
    box: tuple | None = "default"
    regions: tuple | None = None
    values: tuple = ()
    givens: tuple = ()
    constraints: tuple = ()
    title: str = ""
    cols: int | None = None
    extra: tuple = ()
    raw: bool = False

    KIND: ClassVar[str] = "variant"

    def __post_init__(self):
        if self.cols is None:
            object.__setattr__(self, "cols", self.size)
        object.__setattr__(self, "extra", tuple(self.extra))
        if not all(isinstance(x, str) and x for x in self.extra) or len(set(self.extra)) != len(self.extra):
            raise PuzzleError("extra cells need distinct names")
        for side in (self.size, self.cols):
            if not isinstance(side, int) or not 1 <= side <= 36:
                raise PuzzleError(f"grid size {side!r} is not between 1 and 36")
        n = max(self.size, self.cols)  # (the values a house may need)
        if not isinstance(self.raw, bool):
            raise PuzzleError(f"'raw' is true or false, not {self.raw!r}")
        if self.raw and (self.box not in (None, "default") or self.regions is not None):
            raise PuzzleError("a raw grid has no boxes or regions (its constraints are its rules)")
        if self.box == "default":
            square = self.size == self.cols and not self.raw
            object.__setattr__(self, "box", DEFAULT_BOXES.get(n) if square and not self.regions else None)
        if self.box is not None:
            r, c = self.box
            object.__setattr__(self, "box", (r, c))
            if r * c != n or self.size != self.cols:
                raise PuzzleError(f"box {r}x{c} does not tile a {self.shape_name} grid"
                                  + ("" if self.size == self.cols else " (give a non-square grid's boxes as regions)"))
        if not self.values:
            object.__setattr__(self, "values", (1, n))
        lo, hi = (_integer(v, "a value bound") for v in self.values)
        object.__setattr__(self, "values", (lo, hi))
        if hi - lo + 1 < (1 if self.raw else n):
            raise PuzzleError(f"values {lo}..{hi} are too few for a {self.shape_name} grid")
        if hi - lo + 1 > MAX_VALUES or max(abs(lo), abs(hi)) > LARGEST:
            raise PuzzleError(f"values {lo}..{hi} are more than {MAX_VALUES}, or beyond ±{LARGEST}")
        if self.regions is not None:
            regions = tuple(tuple(r) for r in self.regions)
            object.__setattr__(self, "regions", regions)
            seen = sorted(c for r in regions for c in r)
            if seen != list(range(self.grid_cells)) or any(len(r) > hi - lo + 1 for r in regions):
                raise PuzzleError("the regions do not cover every cell exactly once")
        givens = sorted(set((_integer(c, "a given's cell"), _integer(v, "a given's value"))
                            for c, v in self.givens))
        if len({c for c, _ in givens}) != len(givens):
            twice = next(c for (c, _), (d, _) in zip(givens, givens[1:]) if c == d)
            raise PuzzleError(f"two different givens at {self.cell_name(twice)}")
        object.__setattr__(self, "givens", tuple(givens))
        object.__setattr__(self, "constraints", tuple(self.constraints))
        for cell, value in self.givens:
            self._check_cell(cell)
            if not lo <= value <= hi:
                raise PuzzleError(f"given {value} at {self.cell_name(cell)} is outside {lo}..{hi}")
        for c in self.constraints:
            self._check_constraint(c)

    def _check_constraint(self, c) -> None:
        if getattr(c, "TYPE", None) not in TYPES:
            raise PuzzleError(f"unsupported constraint {type(c).__name__}")
        _check_fields(c)
        if self.size != self.cols and not (constraint_cells(c) or c.TYPE in NON_SQUARE_GLOBALS):
            raise ConstraintError(c.TYPE, f": a rule over the whole grid, on square grids only "
                                          f"(not {self.shape_name})")
        if self.size != self.cols and c.TYPE in SQUARE_ONLY:
            raise ConstraintError(c.TYPE, f": on square grids only (not {self.shape_name})")
        if self.raw and c.TYPE in HOUSES_NEEDED:
            raise ConstraintError(c.TYPE, ": on a raw grid (its rule reads rows, columns or boxes as houses)")
        if c.TYPE in PARTS:  # a composite: each of its parts as a constraint
            for part in parts(c):
                if getattr(part, "TYPE", None) in CHAOS:  # (ISS refuses them too)
                    raise ConstraintError(c.TYPE, ": a chaos construction cannot be a part of it")
                self._check_constraint(part)
            return
        for cell in constraint_cells(c):
            self._check_cell(cell)
        _check_shape(c)
        _check_repeats(self, c)
        _check_values(self, c)
        if c.TYPE in ("regex", "nfa"):
            check_sequence(self, c)

    # -- geometry ------------------------------------------------------------------------

    @property
    def num_cells(self) -> int:
        """The cells a solution gives values to: the grid's, then the extra cells."""
        return self.size * self.cols + len(self.extra)

    @property
    def grid_cells(self) -> int:
        return self.size * self.cols

    @property
    def shape_name(self) -> str:
        """``9x9``, ``6x8``: rows by columns."""
        return f"{self.size}x{self.cols}"

    @property
    def value_range(self) -> range:
        return range(self.values[0], self.values[1] + 1)

    def cell_name(self, cell: int) -> str:
        """``R1C1`` style name of a cell (1-based), or an extra cell's name, for messages."""
        if cell >= self.grid_cells:
            return self.extra[cell - self.grid_cells]
        return f"R{cell // self.cols + 1}C{cell % self.cols + 1}"

    def _check_cell(self, cell) -> None:
        if not isinstance(cell, int) or not 0 <= cell < self.num_cells:
            raise PuzzleError(f"cell {cell!r} is outside the {self.shape_name} grid")

    def boxes(self) -> tuple:
        """The boxes or irregular regions as cell tuples (empty for a Latin square)."""
        n = self.size
        if self.regions is not None:
            return self.regions
        if self.box is None:
            return ()
        br, bc = self.box
        return tuple(
            tuple((r0 + i) * n + c0 + j for i in range(br) for j in range(bc))
            for r0 in range(0, n, br) for c0 in range(0, n, bc))

    def houses(self) -> tuple:
        """Rows, columns, then boxes or regions: the geometry's houses (not extra regions)."""
        n, w = self.size, self.cols
        if self.raw:
            return ()
        rows = tuple(tuple(range(r * w, r * w + w)) for r in range(n))
        cols = tuple(tuple(range(c, n * w, w)) for c in range(w))
        return rows + cols + self.boxes()

    def _repr_svg_(self) -> str:
        """Jupyter shows a puzzle as its picture (``sudoku_cp.variants.display``)."""
        from .picture import to_svg

        return to_svg(self)

    # -- JSON --------------------------------------------------------------------------------

    def to_dict(self) -> dict:
        """A plain dict (lists, ints, strings) for JSON; see docs/variants.md."""
        d = {"size": self.size, "values": list(self.values),
             "box": list(self.box) if self.box else None,
             "regions": [list(r) for r in self.regions] if self.regions is not None else None,
             "givens": [[c, v] for c, v in self.givens],
             "constraints": [constraint_to_dict(c) for c in self.constraints]}
        if self.title:
            d["title"] = self.title
        if self.cols != self.size:
            d["cols"] = self.cols
        if self.extra:
            d["extra"] = list(self.extra)
        if self.raw:
            d["raw"] = True
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, d: dict) -> "VariantPuzzle":
        if not isinstance(d, dict) or "size" not in d:
            raise PuzzleError("a variant puzzle needs an object with a 'size'")
        known = {"size", "values", "box", "regions", "givens", "constraints", "title", "cols", "extra", "raw"}
        extra = set(d) - known
        if extra:
            raise PuzzleError(f"unknown field {sorted(extra)[0]!r} in a variant puzzle")
        try:
            return cls(size=d["size"], box=d.get("box", "default"), regions=d.get("regions"),
                       values=tuple(d.get("values") or ()), givens=tuple(map(tuple, d.get("givens", ()))),
                       constraints=tuple(constraint_from_dict(c) for c in d.get("constraints", ())),
                       title=d.get("title", ""), cols=d.get("cols"),
                       extra=tuple(d.get("extra") or ()), raw=d.get("raw", False))
        except (TypeError, ValueError) as exc:
            if isinstance(exc, PuzzleError):
                raise
            raise PuzzleError(f"bad variant puzzle: {exc}") from None

    @classmethod
    def from_json(cls, text: str) -> "VariantPuzzle":
        try:
            d = json.loads(text)
        except json.JSONDecodeError as exc:
            raise PuzzleError(f"bad JSON: {exc.msg} at character {exc.pos}") from None
        return cls.from_dict(d)


def _tuples(x):
    return tuple(_tuples(i) for i in x) if isinstance(x, list) else x


def _lists(x):
    return [_lists(i) for i in x] if isinstance(x, tuple) else x


def constraint_to_dict(c) -> dict:
    """``{"type": tag, field: value...}`` for one constraint (a composite's parts nested)."""
    d = {"type": c.TYPE}
    for f in fields(c):
        v = getattr(c, f.name)
        d[f.name] = [constraint_to_dict(x) for x in v] if f.type == "Constraints" else _lists(v)
    return d


def constraint_from_dict(d: dict):
    """The constraint a ``{"type": ...}`` dict describes; an unknown type is refused by name."""
    if not isinstance(d, dict) or "type" not in d:
        raise PuzzleError("a constraint needs a 'type'")
    cls = TYPES.get(d["type"])
    if cls is None:
        raise PuzzleError(f"unsupported constraint {d['type']}")
    nested = {f.name for f in fields(cls) if f.type == "Constraints"}
    args = {k: tuple(constraint_from_dict(x) for x in v) if k in nested and isinstance(v, list)
            else _tuples(v) for k, v in d.items() if k != "type"}
    names = {f.name for f in fields(cls)}
    if set(args) - names:
        raise PuzzleError(f"{d['type']}: unknown field {sorted(set(args) - names)[0]!r}")
    try:
        return cls(**args)
    except TypeError as exc:
        raise PuzzleError(f"{d['type']}: {exc}") from None


def constraint_cells(c) -> tuple:
    """Every cell a constraint names (for validation and display)."""
    out = []
    for f in fields(c):
        v = getattr(c, f.name)
        if f.name in ("cell",):
            out.append(v)
        elif f.name in ("cells", "bulb", "shaft", "copy"):
            out.extend(v)
        elif f.type == "Constraints":
            out.extend(x for part in v for x in constraint_cells(part))
    return tuple(out)


# issue 37: dclamage's rules (nabner, knightmare, chess, diagonal non-consecutive), in their
# own module to keep this one short; registered in TYPES all the same.
from .model_dclamage import (Chess, DiagonalNonConsecutive, Knightmare, Nabner,  # noqa: E402,F401
                             leaper_steps)

# the global rules (no cells named): in model_globals, to keep this module under ~800 lines
from .model_globals import (AntiKing, AntiKnight, AntiTaxicab, Diagonal,  # noqa: E402,F401
                            DisjointGroups, DutchFlatmates, GlobalEntropy, GlobalMod,
                            NegativeDots, NegativeXV, NonConsecutive)
# the chaos construction and the clues on its regions: in model_chaos (model's 800 lines)
from .model_chaos import (CHAOS, ChaosArrow, ChaosConstruction, ChaosCount,  # noqa: E402,F401
                          ChaosRegions, ChaosSame)
from .model_composite import PARTS, And, Nfa, Or, Regex, check_sequence, parts  # noqa: E402,F401
# ISS's set, connection, rank and doppelganger rules (issue 37): in model_sets, to keep this
# module under ~800 lines; registered in TYPES like the others, and re-exported here.
from .model_sets import (TIES, ConnectedValues, Doppelganger, FullRank, FullRankTies,  # noqa: E402,F401
                         RegionSameValues, SameValues)
