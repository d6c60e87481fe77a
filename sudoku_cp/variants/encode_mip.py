"""The 0-1 model of a variant puzzle: binaries x[cell, value], linear rows; built, never solved.

``sudoku_cp.variants.mip`` solves it with HiGHS. The model:

- **variables**: x[cell, v] = 1 when ``cell`` holds ``v`` (column ``cell * m + v - lo`` for
  the puzzle's ``m`` values ``lo..hi``); the value of a cell is the linear term
  ``sum_v v * x[cell, v]``;
- **cells**: one value each (``= 1``); **houses** (rows, columns, boxes or regions, and the
  houses a constraint adds: diagonals, extra regions, disjoint groups, a killer cage) hold
  each value once (``= 1`` when the house has as many cells as there are values, else
  ``<= 1``); **givens** fix a variable to 1 by its bounds, and single-cell rules (odd,
  even, candidates) fix the others to 0;
- **sums** are one equality over value terms (killer cage total, little killer, arrow with
  a bulb of any length read as a decimal number, double arrow, zipper, region-sum line);
  **orderings** one inequality (thermometer ``value(a) + 1 <= value(b)``, slow thermometer,
  greater-than, minimum / maximum cells);
- **binary relations** (kropki dots, XV, whispers, palindromes, clones, anti-knight / king,
  non-consecutive, negative dots / XV) as *support rows*: for each value ``va`` of ``a``,
  ``x[a, va] <= sum of x[b, vb]`` over the ``vb`` the relation allows with ``va``, and the
  same from ``b``. With one value per cell this forbids exactly the pairs
  ``x[a, va] + x[b, vb] <= 1`` would forbid, in 2m rows instead of up to m², and each of
  those pair rows follows from it, so the LP relaxation is no weaker;
- **windows** (entropic, modular): each class of values (a third of the range, a remainder)
  at most once in every window of the line; **quadruple**: each listed value at least as
  often as listed among its cells.

Types whose rule depends on positions or on a comparison with other cells' values
(sandwich, X-sum, skyscraper, renban, between, lockout) are declined by name
(``UnsupportedConstraint``): they need indicator variables, and the other paradigms
take them.

>>> from sudoku_cp.variants.model import VariantPuzzle, Thermometer
>>> m = encode(VariantPuzzle(4, constraints=(Thermometer((0, 1)),)))
>>> m.ncols, len(m.rows), m.rows[-1]
(64, 65, Row(columns=(0, 1, 2, 3, 4, 5, 6, 7), coefficients=(1, 2, 3, 4, -1, -2, -3, -4), lower=-inf, upper=-1))
"""

from __future__ import annotations

from dataclasses import dataclass
from .model import KING, KNIGHT, ORTHO, VariantPuzzle, leaper_steps, line_segments, neighbours, shown_ratios
from .paradigms import UnsupportedConstraint

INF = float("inf")


@dataclass(frozen=True)
class Row:
    """``lower <= sum(coefficients * x[columns]) <= upper``."""

    columns: tuple
    coefficients: tuple
    lower: float
    upper: float


class MipRows:
    """The rows and column bounds of one puzzle's 0-1 model."""

    def __init__(self, puzzle: VariantPuzzle):
        self.puzzle = puzzle
        self.lo, self.hi = puzzle.values
        self.values = list(puzzle.value_range)
        self.m = len(self.values)
        self.ncells = puzzle.num_cells
        self.ncols = self.ncells * self.m
        self.lower = [0] * self.ncols
        self.upper = [1] * self.ncols
        self.rows: list[Row] = []

    def x(self, cell: int, value: int) -> int:
        return cell * self.m + value - self.lo

    def add(self, terms, lower=-INF, upper=INF):
        """One row over ``(column, coefficient)`` terms (like columns merged)."""
        merged: dict[int, int] = {}
        for col, coef in terms:
            merged[col] = merged.get(col, 0) + coef
        cols = tuple(c for c, k in merged.items() if k)
        self.rows.append(Row(cols, tuple(merged[c] for c in cols), lower, upper))

    def value(self, cell: int, weight: int = 1):
        """The terms of ``weight * value(cell)``."""
        return [(self.x(cell, v), weight * v) for v in self.values]

    def total(self, cells, weight: int = 1):
        return [t for cell in cells for t in self.value(cell, weight)]

    def house(self, cells):
        """Each value at most once among ``cells`` (exactly once when they are as many)."""
        cells = tuple(cells)
        exact = len(set(cells)) == self.m
        for v in self.values:
            self.add([(self.x(c, v), 1) for c in cells], 1 if exact else -INF, 1)

    def only(self, cell: int, ok):
        """The cell's value is one ``ok`` accepts: the others' variables are fixed to 0."""
        for v in self.values:
            if not ok(v):
                self.upper[self.x(cell, v)] = 0

    def relation(self, a: int, b: int, ok):
        """``ok(value(a), value(b))``, as support rows from both ends."""
        for va in self.values:
            self.add([(self.x(a, va), 1)] + [(self.x(b, vb), -1) for vb in self.values
                                             if ok(va, vb)], upper=0)
        for vb in self.values:
            self.add([(self.x(b, vb), 1)] + [(self.x(a, va), -1) for va in self.values
                                             if ok(va, vb)], upper=0)

    def less(self, a: int, b: int, strict: bool = True):
        """``value(a) < value(b)`` (``<=`` when not strict)."""
        self.add(self.value(a) + self.value(b, -1), upper=-1 if strict else 0)

    def equal_sums(self, groups):
        """Every group of cells sums to the same as the first."""
        for g in groups[1:]:
            self.add(self.total(groups[0]) + self.total(g, -1), 0, 0)

    def windows(self, cells, width, klass):
        """In every ``width`` consecutive cells (all of a shorter line), each class of values
        at most once."""
        classes = {}
        for v in self.values:
            classes.setdefault(klass(v), []).append(v)
        for i in range(max(1, len(cells) - width + 1)):
            for vs in classes.values():
                self.add([(self.x(c, v), 1) for c in cells[i:i + width] for v in vs], upper=1)


def encode(puzzle: VariantPuzzle) -> MipRows:
    """The 0-1 model of ``puzzle`` (givens fixed); a type it cannot state is declined by name."""
    mip = MipRows(puzzle)
    for cell in range(mip.ncells):
        mip.add([(mip.x(cell, v), 1) for v in mip.values], 1, 1)
    for house in puzzle.houses():
        mip.house(house)
    for cell, value in puzzle.givens:
        mip.lower[mip.x(cell, value)] = 1
    for c in puzzle.constraints:
        encoder = ENCODERS.get(c.TYPE)
        if encoder is None:
            raise UnsupportedConstraint(c.TYPE, WHY_NOT.get(c.TYPE, WHY))
        encoder(mip, c)
    return mip


WHY = ("mip: its rule depends on positions or compares a cell with a range of others; "
       "only sums, orderings, binary relations and houses are written as 0-1 rows")
#: Types declined for a reason of their own (issue 37's composites and sequences).
WHY_NOT = {
    "or": "mip: an or would need an indicator per branch and big-M rows for every rule "
          "inside it",
    "and": "mip: an and is declined with the or it serves (its parts alone are rows)",
    "regex": "mip: a regex would need 0-1 flow rows over the automaton unrolled along its line",
    "nfa": "mip: an NFA would need 0-1 flow rows over the automaton unrolled along its line",
    "chaos_arrow": "mip: it reads the chaos construction's regions, which mip declines",
    "chaos_count": "mip: it reads the chaos construction's regions, which mip declines",
    "chaos_same": "mip: it reads the chaos construction's regions, which mip declines",
    "chaos_regions": "mip: it reads the chaos construction's regions, which mip declines",
    "chaos_construction": "mip: the regions are unknowns; their connectedness would need "
                          "0-1 flow rows per region and a second split counted as a solution",
}


# -- one encoder per constraint type ------------------------------------------------------

def _killer_cage(mip, c):
    mip.house(c.cells)
    if c.total is not None:
        mip.add(mip.total(c.cells), c.total, c.total)


def _little_killer(mip, c):
    mip.add(mip.total(c.cells), c.total, c.total)


def _arrow(mip, c):
    k = len(c.bulb)
    bulb = [t for i, cell in enumerate(c.bulb) for t in mip.value(cell, -(10 ** (k - 1 - i)))]
    mip.add(mip.total(c.shaft) + bulb, 0, 0)


def _double_arrow(mip, c):
    ends = (c.cells[0], c.cells[-1])
    mip.add(mip.total(ends) + mip.total(c.cells[1:-1], -1), 0, 0)


def _chain(strict):
    def encode_line(mip, c):
        for a, b in zip(c.cells, c.cells[1:]):
            mip.less(a, b, strict)
    return encode_line


def _greater_than(mip, c):
    a, b = c.cells
    mip.less(b, a)


def _extreme(sign):
    def encode_group(mip, c):
        inside = set(c.cells)
        for x in c.cells:
            for y in neighbours(mip.puzzle, x, ORTHO):
                if y not in inside:
                    small, big = (x, y) if sign < 0 else (y, x)
                    mip.less(small, big)
    return encode_group


def _zipper(mip, c):
    k = len(c.cells)
    groups = [(c.cells[i], c.cells[k - 1 - i]) for i in range(k // 2)]
    if k % 2:
        groups.insert(0, (c.cells[k // 2],))
    mip.equal_sums(groups)


def _region_sum_line(mip, c):
    mip.equal_sums(line_segments(mip.puzzle, c.cells))


def _pairs_along(ok):
    def encode_line(mip, c):
        for a, b in zip(c.cells, c.cells[1:]):
            mip.relation(a, b, lambda u, v: ok(c, u, v))
    return encode_line


def _dot(ok):
    def encode_pair(mip, c):
        a, b = c.cells
        mip.relation(a, b, lambda u, v: ok(c, u, v))
    return encode_pair


def _palindrome(mip, c):
    k = len(c.cells)
    for i in range(k // 2):
        mip.relation(c.cells[i], c.cells[k - 1 - i], lambda u, v: u == v)


def _clone(mip, c):
    for a, b in zip(c.cells, c.copy):
        if a != b:
            mip.relation(a, b, lambda u, v: u == v)


def _cell(ok):
    def encode_cell(mip, c):
        mip.only(c.cell, lambda v: ok(c, v))
    return encode_cell


def _quadruple(mip, c):
    for want in set(c.values):
        times = c.values.count(want)
        terms = [(mip.x(x, want), 1) for x in c.cells] if want in mip.values else []
        mip.add(terms, times, INF)  # an empty row with a positive lower bound: infeasible


def _entropic(mip, c):
    if mip.m % 3:  # (as the witness: the rule names three equal thirds)
        raise UnsupportedConstraint("entropic", "mip: a value range that does not split into "
                                    "three equal thirds")
    third = mip.m // 3
    mip.windows(c.cells, 3, lambda v: (v - mip.lo) // third)


def _modular(mip, c):
    mip.windows(c.cells, c.modulus, lambda v: v % c.modulus)


def _extra_region(mip, c):
    mip.house(c.cells)


def _diagonal(mip, c):
    n = mip.puzzle.size
    mip.house(r * n + (n - 1 - r if c.slope == 1 else r) for r in range(n))


def _disjoint_groups(mip, c):
    boxes = mip.puzzle.boxes()
    groups: dict[int, list[int]] = {}
    for box in boxes:
        for k, x in enumerate(box):
            groups.setdefault(k, []).append(x)
    for cells in groups.values():
        mip.house(cells)


def _pairs(puzzle, steps):
    """Each pair of cells one of ``steps`` apart, once."""
    for a in range(puzzle.num_cells):
        for b in neighbours(puzzle, a, steps):
            if a < b:
                yield a, b


def _global(steps, ok):
    def encode_global(mip, c):
        for a, b in _pairs(mip.puzzle, steps):
            mip.relation(a, b, ok)
    return encode_global


def _negative(types, bad):
    def encode_negative(mip, c):
        marked = {frozenset(d.cells) for d in mip.puzzle.constraints if d.TYPE in types}
        for a, b in _pairs(mip.puzzle, ORTHO):
            if frozenset((a, b)) not in marked:
                mip.relation(a, b, lambda u, v: not bad(mip.puzzle, c, u, v))
    return encode_negative


def _no_dot(p, c, u, v):
    return (c.white and abs(u - v) == 1) or (
        c.black and any(u == r * v or v == r * u for r in shown_ratios(p)))


def _no_xv(p, c, u, v):
    return (c.x and u + v == 10) or (c.v and u + v == 5)


#: Constraint type -> encoder(mip, constraint); a type not here is declined by name.
ENCODERS = {
    "killer_cage": _killer_cage,
    "little_killer": _little_killer,
    "arrow": _arrow,
    "double_arrow": _double_arrow,
    "thermometer": _chain(True),
    "slow_thermometer": _chain(False),
    "greater_than": _greater_than,
    "minimum": _extreme(-1),
    "maximum": _extreme(+1),
    "zipper": _zipper,
    "region_sum_line": _region_sum_line,
    "whisper": _pairs_along(lambda c, u, v: abs(u - v) >= c.difference),
    "difference_dot": _dot(lambda c, u, v: abs(u - v) == c.difference),
    "ratio_dot": _dot(lambda c, u, v: u == c.ratio * v or v == c.ratio * u),
    "xv": _dot(lambda c, u, v: u + v == c.total),
    "palindrome": _palindrome,
    "clone": _clone,
    "odd": _cell(lambda c, v: v % 2 == 1),
    "even": _cell(lambda c, v: v % 2 == 0),
    "candidates": _cell(lambda c, v: v in c.values),
    "quadruple": _quadruple,
    "entropic": _entropic,
    "modular": _modular,
    "extra_region": _extra_region,
    "diagonal": _diagonal,
    "disjoint_groups": _disjoint_groups,
    "anti_knight": _global(KNIGHT, lambda u, v: u != v),
    "anti_king": _global(KING, lambda u, v: u != v),
    "non_consecutive": _global(ORTHO, lambda u, v: abs(u - v) != 1),
    "negative_dots": _negative(("difference_dot", "ratio_dot"), _no_dot),
    "negative_xv": _negative(("xv",), _no_xv),
}


def _chess(mip, c):
    ruled = set(c.cells)
    for a, b in _pairs(mip.puzzle, leaper_steps(c.moves)):
        if not ruled or a in ruled or b in ruled:
            mip.relation(a, b, lambda u, v: u != v or (c.values and u not in c.values))


ENCODERS.update({
    "chess": _chess,
    "diagonal_non_consecutive": _global(KING, lambda u, v: abs(u - v) != 1),
    "knightmare": lambda mip, c: _global(KNIGHT, lambda u, v: u + v not in c.sums)(mip, c),
    "nabner": lambda mip, c: [mip.relation(a, b, lambda u, v: abs(u - v) >= 2)
                              for i, a in enumerate(c.cells) for b in c.cells[i + 1:]],
})

#: The types this model declines (the model's others): see ``WHY``.
DECLINED = ("sandwich", "x_sum", "skyscraper", "renban", "between", "lockout")
