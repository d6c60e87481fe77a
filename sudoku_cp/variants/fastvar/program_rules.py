"""One builder per constraint type: how each rule of a ``VariantPuzzle`` becomes
``fast``'s propagators (``BUILDERS``, by the type's tag; ``program.compile_puzzle`` runs
them and declines by name a type with none). The rules between cell pairs, the lines and
groups, and the chaos construction have modules of their own (``program_pairs``,
``program_lines``, ``program_chaos``), whose builders join this table.
"""

from __future__ import annotations

from dataclasses import fields
from itertools import chain
from math import comb

from ..paradigms import UnsupportedConstraint
from .implied import equal_sum
from .program import (BETWEEN, CAGE, CIRCLES, COUNT, EITHER, HIDDENSKY, INDEX, LINEAR,
                      LOCKOUT, MAX_COMBOS, MAX_VALUES, QUAD, RELLIK, RENBAN, SANDWICH,
                      SKYSCRAPER, SUMLINE, VINDEX, XSUM)
from .program_chaos import BUILDERS as _CHAOS  # (the unknown regions)
from .program_lines import BUILDERS as _LINES  # (lines, groups)
from .program_pairs import BUILDERS as _PAIRS  # (rules between cell pairs)


def _killer(prog, p, c):
    if c.total is None:
        prog.house(c.cells)
    else:
        prog.cage(c.cells, c.total)


#: The longest bulb whose number (and sums of it) fit the kernel's 64-bit integers.
LONGEST_BULB = 15


def _arrow(prog, p, c):
    k = len(c.bulb)
    if k > LONGEST_BULB:
        raise UnsupportedConstraint("arrow", f"fast: a bulb of {k} cells overflows 64-bit sums")
    terms = [(x, 1) for x in c.shaft] + [(x, -10 ** (k - 1 - i)) for i, x in enumerate(c.bulb)]
    prog.linear(terms, 0)


def _double_arrow(prog, p, c):
    ends = (c.cells[0], c.cells[-1])
    prog.linear([(x, 1) for x in ends] + [(x, -1) for x in c.cells[1:-1]], 0)


def _chain(rule):
    """Each step along the line keeps ``rule(c)``, a predicate on two values."""
    def build(prog, p, c):
        ok, key = rule(c), (c.TYPE, _params(c))  # (``rule`` reads no cells)
        for a, b in zip(c.cells, c.cells[1:]):
            prog.relation(a, b, ok, key)
    return build


def _equal(a, b):
    return a == b


def _palindrome(prog, p, c):
    k = len(c.cells)
    for i in range(k // 2):
        prog.relation(c.cells[i], c.cells[k - 1 - i], _equal, "equal")


def _renban(prog, p, c):
    prog.house(c.cells)
    if len(c.cells) > 1:
        k = len(c.cells)
        prog.props.append((RENBAN, list(c.cells), [k] + list(c.cells)))


def _ends_and_inner(kind):
    def build(prog, p, c):
        a, b = c.cells[0], c.cells[-1]
        if kind == LOCKOUT:
            prog.relation(a, b, lambda x, y: abs(x - y) >= c.difference, ("lockout", c.difference))
        inner = list(c.cells[1:-1])
        if inner:
            prog.props.append((kind, [a, b] + inner, [len(inner), a, b] + inner))
    return build


def _segments(p, cells):
    region = {x: k for k, house in enumerate(p.boxes()) for x in house}
    segs, last = [], object()
    for x in cells:
        if region.get(x) != last:
            segs.append([])
            last = region.get(x)
        segs[-1].append(x)
    return segs


def _region_sum_line(prog, p, c):
    """Every two segments sum alike (not only each against the first: a sum's bounds pass
    on no more than bounds, and a one-cell segment is then held to another's sum of
    distinct values directly, as ISS's root candidates have it). A segment's cells share
    a box, so that its sum is one of distinct values (``distinct``: even against a
    one-cell segment; iss-examples-11 2,367 -> 1,101 nodes); a segment longer than an
    exact sum's groups is bounded as one run of distinct values too (``Program.bounds``)."""
    segs = _segments(p, c.cells)
    for i, a in enumerate(segs):
        for b in segs[i + 1:]:
            terms = [(x, 1) for x in a] + [(x, -1) for x in b]
            prog.linear(terms, 0, distinct=max(len(a), len(b)) > 1)
            if max(len(a), len(b)) > (LONGEST_GROUP if prog.nv <= 12 else 2):
                prog.bounds(terms, 0)


#: The most cells of one sign an exact sum (``GROUPSUM``) takes as one group of distinct
#: values (two past 12 values: ``Program._group_sums``); a longer segment is bounded as
#: one beside it (``Program.bounds``).
LONGEST_GROUP = 3


def _zipper(prog, p, c):
    cells, k = c.cells, len(c.cells)
    pairs = [(cells[i], cells[k - 1 - i]) for i in range(k // 2)]
    if k % 2:
        for a, b in pairs:
            prog.linear([(a, 1), (b, 1), (cells[k // 2], -1)], 0)
    for (a, b), (x, y) in zip(pairs, pairs[1:]):
        prog.linear([(a, 1), (b, 1), (x, -1), (y, -1)], 0)


def _window(distinct):
    """Every ``width`` consecutive cells differ in ``key``: pairs closer than ``width`` (on a
    shorter line, every pair: ISS's reading)."""
    def build(prog, p, c):
        width, key = distinct(prog, c)
        cells = c.cells
        differ = lambda a, b: key(a) != key(b)  # noqa: E731
        rule = (c.TYPE, _params(c))  # (``key`` reads the values and these, no cells)
        for i in range(len(cells)):
            for j in range(i + 1, min(i + width, len(cells))):
                prog.relation(cells[i], cells[j], differ, rule)
    return build


def _entropic_key(prog, c):
    third = prog.nv // 3
    if third == 0:
        raise UnsupportedConstraint("entropic", f"fast: {prog.nv} values make no thirds")
    return 3, lambda v: (v - prog.lo) // third


def _modular_key(prog, c):
    m = c.modulus
    return m, lambda v: v % m


def _dot(ok):
    def build(prog, p, c):
        prog.relation(c.cells[0], c.cells[1], lambda a, b: ok(c, a, b), (c.TYPE, _params(c)))
    return build


def _params(c) -> tuple:
    """A constraint's numbers without its cells (rules of one kind and numbers share their
    tables): its fields but ``cells`` and ``cell``, their names read once per class (a
    puzzle of 33 inequality signs read them 33 times: ~1 us each).

    >>> from sudoku_cp.variants.model import DifferenceDot, GreaterThan
    >>> _params(DifferenceDot((0, 1), 3)), _params(GreaterThan((0, 1)))
    ((3,), ())
    """
    names = _PARAM_NAMES.get(c.__class__)
    if names is None:
        names = _PARAM_NAMES[c.__class__] = tuple(
            f.name for f in fields(c) if f.name not in ("cells", "cell"))
    return tuple([getattr(c, k) for k in names]) if names else ()


_PARAM_NAMES: dict[type, tuple] = {}  # a constraint class -> ``_params``' field names


def _unary(ok):
    def build(prog, p, c):
        prog.restrict(c.cell, lambda v: ok(c, v))
    return build


def _candidates(prog, p, c):
    """The cell keeps ``c.values`` (those among the puzzle's: ``mask`` leaves the others
    out), as ``restrict`` would keep them, without a predicate per value."""
    prog.dom[c.cell] &= prog.mask(c.values)


def _extreme(smaller):
    def build(prog, p, c):
        group = set(c.cells)
        ok = (lambda a, b: a < b) if smaller else (lambda a, b: a > b)
        key = "less" if smaller else "more"
        n, w = p.size, p.cols  # (rows, columns)
        for x in c.cells:
            if x >= n * w:  # (an extra cell: no neighbours)
                continue
            r, col = divmod(x, w)
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                if 0 <= r + dr < n and 0 <= col + dc < w:
                    y = (r + dr) * w + col + dc
                    if y not in group:
                        prog.relation(x, y, ok, key)
    return build


def _quadruple(prog, p, c):
    counts: dict[int, int] = {}
    for v in c.values:
        counts[v] = counts.get(v, 0) + 1
    data = [len(c.cells), len(counts)] + list(c.cells)
    for v, k in counts.items():
        data += [v - prog.lo, k]
    prog.props.append((QUAD, list(c.cells), data))


def _clone(prog, p, c):
    for a, b in zip(c.cells, c.copy):
        prog.relation(a, b, _equal, "equal")


def _diagonal(prog, p, c):
    n = p.size
    prog.house(r * n + (n - 1 - r if c.slope == 1 else r) for r in range(n))


def _disjoint(prog, p, c):
    boxes = p.boxes()
    if boxes:
        for k in range(max(len(b) for b in boxes)):
            prog.house(box[k] for box in boxes if k < len(box))


def _sandwich(prog, p, c):
    if frozenset(c.cells) not in prog.geometry_sets:
        raise UnsupportedConstraint("sandwich", "fast: a sandwich on cells that are not a house")
    prog.props.append((SANDWICH, list(c.cells), [len(c.cells), c.total] + list(c.cells)))


def _lunchbox(prog, p, c):
    """The cells differ, so the sandwich's propagator holds on any line: its smallest and
    largest values are ``len - 1`` or more apart and every other value between them (the
    model holds a lunchbox to two cells or more)."""
    prog.house(c.cells)
    prog.props.append((SANDWICH, list(c.cells), [len(c.cells), c.total] + list(c.cells)))


def _sum_line(prog, p, c):
    if prog.lo < 0 or not 0 <= c.total <= MAX_VALUES - prog.hi:
        raise UnsupportedConstraint("sum_line", f"fast: a sum line of total {c.total} over "
                                    f"values {prog.lo}..{prog.hi}")
    prog.props.append((SUMLINE, list(c.cells), [len(c.cells), c.total, int(c.loop)]
                       + list(c.cells)))


def _distinct(prog, cells) -> bool:
    """Whether ``cells`` are different cells of one of the geometry's houses: for two or
    more, a house holding each (the geometry's houses holding a cell kept as bits, per
    shape: 27 sets asked of each of 27 indexing clues cost 60 us)."""
    if len(set(cells)) != len(cells):
        return False
    if len(cells) < 2:  # (a house of one cell holds no propagator: asked of the sets)
        return any(h.issuperset(cells) for h in prog.geometry_sets)
    holding, common = prog._shape.holding, -1
    for x in cells:
        if x >= len(holding):  # (a cell outside the geometry's houses)
            return False
        common &= holding[x]
    return common != 0


def _x_sum(prog, p, c):
    distinct = _distinct(prog, c.cells)
    prog.restrict(c.cells[0], lambda v: 1 <= v <= len(c.cells))
    prog.props.append((XSUM, list(c.cells), [len(c.cells), c.total, int(distinct)]
                       + list(c.cells)))


def _skyscraper(prog, p, c):
    if prog.lo < 0 or prog.hi > MAX_VALUES:
        raise UnsupportedConstraint("skyscraper", f"fast: heights {prog.lo}..{prog.hi} "
                                    f"(it takes 0..{MAX_VALUES})")
    prog.props.append((SKYSCRAPER, list(c.cells),
                       [len(c.cells), c.count, int(_distinct(prog, c.cells))] + list(c.cells)))


def _hidden_skyscraper(prog, p, c):
    if not prog.lo <= c.value <= prog.hi or len(c.cells) < 2:
        prog.props.append((LINEAR, [], [0, 1]))  # no value to hide, or no cell to hide in: fails
        return
    prog.props.append((HIDDENSKY, list(c.cells), [len(c.cells), c.value - prog.lo,
                                                  int(_distinct(prog, c.cells))] + list(c.cells)))


def _count(prog, cells, classes) -> None:
    """Exactly ``want`` of ``cells`` hold a value of each ``(values, want)`` of ``classes``."""
    data = [len(cells), len(classes)] + list(cells)
    for values, want in classes:
        data += [prog.mask(values), want]
    prog.props.append((COUNT, list(cells), data))


def _contain_exact(prog, p, c):
    _count(prog, c.cells, [((v,), c.values.count(v)) for v in sorted(set(c.values))])


def _equality_cage(prog, p, c):
    prog.house(c.cells)
    k = len(c.cells)
    if k % 2:
        prog.props.append((LINEAR, [], [0, 1]))  # an odd cage never splits evenly: fails
        return
    half = prog.nv // 2
    values = range(prog.lo, prog.hi + 1)
    _count(prog, c.cells, [([v for v in values if v % 2 == 0], k // 2),
                           ([v for v in values if v < prog.lo + half], k // 2),
                           ([v for v in values if v > prog.hi - half], k // 2)])


def _indexing(prog, p, c):
    # (cells of one house, none listed twice: the value is held once among them. A list
    # with a repeat whose set is a house does not qualify: one cell stands at two places)
    distinct = _distinct(prog, c.cells)
    prog.props.append((INDEX, [c.cell] + list(c.cells),
                       [c.cell, prog.mask((c.value,)), len(c.cells)] + list(c.cells)
                       + [int(distinct)]))


def _value_indexing(prog, p, c):
    src, at, rest = c.cells[0], c.cells[1], list(c.cells[2:])
    prog.props.append((VINDEX, [src, at] + rest, [src, at, len(rest)] + rest))


def _rellik(prog, p, c):
    if prog.lo < 0 or prog.hi > MAX_VALUES or not 0 <= c.total <= MAX_VALUES:
        raise UnsupportedConstraint("rellik_cage", f"fast: values {prog.lo}..{prog.hi} and a "
                                    f"total of {c.total} (it takes 0..{MAX_VALUES})")
    prog.house(c.cells)
    cage = set(c.cells)
    outside = []  # each full house the cage crosses with two cells or more: its other cells
    for h in prog.full_houses:
        if cage.isdisjoint(h):  # (most of them: walked no further; each was counted whole)
            continue
        out = [x for x in h if x not in cage]
        if 1 < len(h) - len(out) < len(h):
            outside.append(out)
    watched = list(dict.fromkeys(chain(c.cells, chain.from_iterable(outside))))
    prog.props.append((RELLIK, watched, [len(c.cells), c.total] + list(c.cells) + [len(outside)]
                       + [v for h in outside for v in chain((len(h),), h)]))


def _count_distinct(prog, p, c):
    """The value of ``c.cell`` is the number of distinct values among ``c.cells``: per
    value ``v`` a helper cell of two values (``lo``: ``v`` is absent, ``lo + 1``: held),
    an ``EITHER`` (absent and no cell holds ``v``, or held and this cell holds it), and
    the helpers' sum (less ``lo`` each) equal to the cell's value. A solution fixes every
    helper, so the helpers add no solution (and are left out of them)."""
    if prog.nv < 2:
        raise UnsupportedConstraint("count_distinct", "fast: one value, no helper cell")
    cells = sorted(set(c.cells))
    lo, full = prog.lo, prog.full
    terms = [(c.cell, -1)]
    for v in range(lo, prog.hi + 1):
        held = prog.aux(lambda h: h in (lo, lo + 1))
        bit = 1 << (v - lo)
        order = [held] + cells
        index = {x: i for i, x in enumerate(order)}
        branches = [[(index[held], 1)] + [(index[x], full & ~bit) for x in cells]]
        branches += [[(index[held], 2), (index[x], bit)] for x in cells]
        data = [len(branches), len(order)] + order
        for b in branches:
            data += [len(b)] + [n for pair in b for n in pair]
        prog.props.append((EITHER, order, data))
        terms.append((held, 1))
    prog.linear(terms, prog.nv * lo)


def _pair_rule(prog, p, c):
    allowed = frozenset(zip(c.allowed[::2], c.allowed[1::2]))
    ok, key = (lambda a, b: (a, b) in allowed), ("pair", allowed)
    cells = c.cells
    pairs = ((cells[i], cells[j]) for i in range(len(cells)) for j in range(i + 1, len(cells))) \
        if c.all_pairs else zip(cells, cells[1:])
    for a, b in pairs:
        prog.relation(a, b, ok, key)
    if c.all_pairs and not any(a == b for a, b in allowed):
        prog.house(cells)  # every two differ: implied, for its pigeonhole and hidden singles
        _pair_sets(prog, cells, allowed)


def _pair_sets(prog, cells, allowed):
    """A symmetric rule of values that differ, over every two of ``cells``: their values
    are one of the sets of ``len(cells)`` values that all go together pairwise, kept as a
    ``CAGE`` of those sets (ISS's exact combinations: a value no such set within the cells'
    values uses goes, one every such set uses is placed; the pairs alone see neither)."""
    k, lo, nv = len(set(cells)), prog.lo, prog.nv
    if k != len(cells) or k < 3 or k > nv or comb(nv, k) > MAX_COMBOS \
            or any((b, a) not in allowed for a, b in allowed):
        return
    fits = [sum(1 << (b - lo) for a, b in allowed if a == v and lo <= b <= prog.hi)
            for v in range(lo, prog.hi + 1)]  # bit index -> the bits it goes with
    sets = []

    def walk(first, left, mask, may):
        if left == 0:
            sets.append(mask)
            return
        for i in range(first, nv - left + 1):
            if may >> i & 1:
                walk(i + 1, left - 1, mask | 1 << i, may & fits[i])

    walk(0, k, 0, prog.full)
    if len(sets) == comb(nv, k):
        return  # (every set goes: the house says it all)
    start = len(prog.tables)
    prog.tables.extend(sets)
    prog.props.append((CAGE, list(cells), [k, start, len(sets)] + list(cells)))


BUILDERS = {
    "killer_cage": _killer,
    "sum": lambda prog, p, c: prog.linear(zip(c.cells, c.weights or (1,) * len(c.cells)),
                                          c.total),
    "contain_exact": _contain_exact,
    "equality_cage": _equality_cage,
    "indexing": _indexing,
    "value_indexing": _value_indexing,
    "rellik_cage": _rellik,
    "counting_circles": lambda prog, p, c: prog.props.append(
        (CIRCLES, list(c.cells), [len(c.cells)] + list(c.cells) + [0])),
    "pair": _pair_rule,
    "count_distinct": _count_distinct,
    "sandwich": _sandwich,
    "lunchbox": _lunchbox,
    "sum_line": _sum_line,
    "x_sum": _x_sum,
    "skyscraper": _skyscraper,
    "hidden_skyscraper": _hidden_skyscraper,
    "little_killer": lambda prog, p, c: prog.linear([(x, 1) for x in c.cells], c.total),
    "arrow": _arrow,
    "double_arrow": _double_arrow,
    "thermometer": _chain(lambda c: lambda a, b: a < b),
    "slow_thermometer": _chain(lambda c: lambda a, b: a <= b),
    "whisper": _chain(lambda c: lambda a, b: abs(a - b) >= c.difference),
    "renban": _renban,
    "palindrome": _palindrome,
    "between": _ends_and_inner(BETWEEN),
    "lockout": _ends_and_inner(LOCKOUT),
    "region_sum_line": _region_sum_line,
    "zipper": _zipper,
    "entropic": _window(_entropic_key),
    "modular": _window(_modular_key),
    "difference_dot": _dot(lambda c, a, b: abs(a - b) == c.difference),
    "ratio_dot": _dot(lambda c, a, b: a == c.ratio * b or b == c.ratio * a),
    "xv": _dot(lambda c, a, b: a + b == c.total),
    "greater_than": _dot(lambda c, a, b: a > b),
    "odd": _unary(lambda c, v: v % 2 == 1),
    "even": _unary(lambda c, v: v % 2 == 0),
    "candidates": _candidates,
    "minimum": _extreme(True),
    "maximum": _extreme(False),
    "quadruple": _quadruple,
    "clone": _clone,
    "extra_region": lambda prog, p, c: prog.house(c.cells),
    "diagonal": _diagonal,
    "disjoint_groups": _disjoint,
}


BUILDERS["equal_sum"] = equal_sum
BUILDERS.update(_PAIRS)
BUILDERS.update(_LINES)
BUILDERS.update(_CHAOS)
