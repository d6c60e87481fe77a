"""From a variant puzzle to the witness's propagators: one builder per constraint type.

``BUILDERS`` maps each constraint type's JSON tag to a function that returns the
propagators enforcing it; a type missing from the table is declined by name (see
``unsupported``) with ``UnsupportedConstraint``, never skipped. The rules are read from the model's docstrings and
implemented here on their own: nothing is shared with the SAT and CP-SAT encoders or
with the checker in ``rules.py``.
"""

from __future__ import annotations

from .model import KING, KNIGHT, leaper_steps, neighbours, shown_ratios
from .paradigms import UnsupportedConstraint
from .witness_lines import (BetweenLine, EqualSums, LockoutLine, Quadruple, Renban,
                            Sandwich, Skyscraper, XSum, Zipper)
from .witness_counting import CountIn, Flatmate, Index, Predicate, Rellik
from .witness_houses import Houses
from .witness_linesums import AllPairs, CountingCircles, Lunchbox, SumLine
from .witness_context import Context
from .witness_props import AllDifferent, DistinctSum, Linear, NotEqual, Order, Restrict, between


def _pairs(cells):
    return zip(cells, cells[1:])


def _band(ctx: Context, parts: int):
    span = ctx.hi - ctx.lo + 1
    return lambda v: (v - ctx.lo) * parts // span


def killer_cage(c, ctx):
    props = [AllDifferent(c.cells, ctx.full)]
    if c.total is not None:
        cage = set(c.cells)
        outside = {x for h in ctx.houses if cage <= set(h) for x in h} - cage
        props.append(DistinctSum(c.cells, c.total, ctx.full, sorted(outside)))
    return props


def little_killer(c, ctx):
    cells = tuple(c.cells)
    if len(cells) > 1 and ctx.is_house(cells):
        # All in one house, so all different: the sets of distinct values with the sum,
        # as for a killer cage (much tighter than bounds on three cells of a box).
        diagonal = set(cells)
        outside = {x for h in ctx.houses if diagonal <= set(h) for x in h} - diagonal
        return [DistinctSum(cells, c.total, ctx.full, sorted(outside))]
    props = [Linear(cells, [1] * len(cells), c.total, c.total,
                    ctx.cliques(range(len(cells)), cells))]
    # The same sum with the cells grouped by the extra houses (a long diagonal meets each
    # disjoint group in up to three cells): other distinct-value bounds, often tighter.
    groups = ctx.extra_cliques(cells)
    if groups is not None:
        props.append(Linear(cells, [1] * len(cells), c.total, c.total, groups))
    return props


def sandwich(c, ctx):
    if len(c.cells) != ctx.hi - ctx.lo + 1:
        raise UnsupportedConstraint("sandwich", "witness: a line with fewer cells than values, "
                                     "whose crusts are its own smallest and largest values")
    return [Sandwich(c.cells, c.total, ctx.lo, ctx.hi, ctx.full, ctx.is_house(c.cells))]


def x_sum(c, ctx):
    return [XSum(c.cells, c.total, ctx.full, ctx.is_house(c.cells))]


def skyscraper(c, ctx):
    return [Skyscraper(c.cells, c.count)]


def arrow(c, ctx):
    k = len(c.bulb)
    cells = tuple(c.bulb) + tuple(c.shaft)
    coefs = [-(10 ** (k - 1 - i)) for i in range(k)] + [1] * len(c.shaft)
    groups = [[i] for i in range(k)] + ctx.cliques(range(k, len(cells)), cells)
    return [Linear(cells, coefs, 0, 0, groups)]


def double_arrow(c, ctx):
    cells = tuple(c.cells)
    k = len(cells)
    coefs = [1] + [-1] * (k - 2) + [1]
    groups = ctx.cliques([0, k - 1], cells) + ctx.cliques(range(1, k - 1), cells)
    return [Linear(cells, coefs, 0, 0, groups)]


def thermometer(c, ctx):
    return [Order(c.cells, strict=True)]


def slow_thermometer(c, ctx):
    return [Order(c.cells, strict=False)]


def whisper(c, ctx):
    d = c.difference
    props = [ctx.relation(a, b, lambda v, w: abs(v - w) >= d) for a, b in _pairs(c.cells)]
    return props + _loop(c.cells, lambda v, w: abs(v - w) >= d, ctx)


def _loop(cells, allowed, ctx):
    """For a line that comes back to a cell (its pairs close a cycle, where arc consistency
    on each pair is not enough), the propagator of the whole line's cells."""
    distinct = list(dict.fromkeys(cells))
    if len(distinct) == len(cells) or len(distinct) < 3 or ctx.lo < 0:
        return []
    at = {x: i for i, x in enumerate(distinct)}
    edges = {tuple(sorted((at[a], at[b]))) for a, b in _pairs(cells) if a != b}
    # (the rule is symmetric, so each pair once, earlier cell first)
    return [AllPairs(distinct, allowed, ctx.hi, sorted(edges))]


def renban(c, ctx):
    return [AllDifferent(c.cells, ctx.full), Renban(c.cells, ctx.full)]


def palindrome(c, ctx):
    cells = c.cells
    return [ctx.relation(cells[i], cells[-1 - i], lambda v, w: v == w)
            for i in range(len(cells) // 2)]


def between_line(c, ctx):
    return [BetweenLine(c.cells[0], c.cells[-1], c.cells[1:-1])]


def lockout(c, ctx):
    return [LockoutLine(c.cells[0], c.cells[-1], c.cells[1:-1], c.difference, ctx.full)]


def region_sum_line(c, ctx):
    segments, last = [], None
    for cell in c.cells:
        region = ctx.box_of.get(cell)
        if region is None:
            raise UnsupportedConstraint("region_sum_line", "witness: a grid without boxes or regions")
        if region != last:
            segments.append([])
            last = region
        segments[-1].append(cell)
    return [EqualSums(segments, ctx.full)]


def zipper(c, ctx):
    cells, k = c.cells, len(c.cells)
    pairs = [(cells[i], cells[k - 1 - i]) for i in range(k // 2)]
    return [Zipper(pairs, cells[k // 2] if k % 2 else None, ctx.hi)]


def _windowed(cells, width, ctx, key):
    """Every ``width`` consecutive cells (all of a shorter line) have distinct ``key`` values:
    cells fewer than ``width`` apart differ."""
    return [ctx.relation(cells[i], cells[j], lambda v, w: key(v) != key(w))
            for i in range(len(cells)) for j in range(i + 1, min(i + width, len(cells)))]


def entropic(c, ctx):
    if (ctx.hi - ctx.lo + 1) % 3:
        raise UnsupportedConstraint("entropic", "witness: a value range that does not split "
                                    "into three equal thirds")
    return _windowed(c.cells, 3, ctx, _band(ctx, 3))


def modular(c, ctx):
    m = c.modulus
    return _windowed(c.cells, m, ctx, lambda v: v % m)


def difference_dot(c, ctx):
    d = c.difference
    return [ctx.relation(*c.cells, lambda v, w: abs(v - w) == d)]


def ratio_dot(c, ctx):
    k = c.ratio
    return [ctx.relation(*c.cells, lambda v, w: v == k * w or w == k * v)]


def xv(c, ctx):
    t = c.total
    return [ctx.relation(*c.cells, lambda v, w: v + w == t)]


def greater_than(c, ctx):
    return [Order(tuple(reversed(c.cells)), strict=True)]


def _unary(cell, ctx, ok):
    keep = 0
    for v in range(ctx.lo, ctx.hi + 1):
        if ok(v):
            keep |= 1 << v
    return [Restrict(cell, keep)]


def odd(c, ctx):
    return _unary(c.cell, ctx, lambda v: v % 2 == 1)


def even(c, ctx):
    return _unary(c.cell, ctx, lambda v: v % 2 == 0)


def candidates(c, ctx):
    allowed = set(c.values)
    return _unary(c.cell, ctx, lambda v: v in allowed)


def _orthogonal(cell, ctx):
    n, w = ctx.n, ctx.cols
    if cell >= n * w:  # an extra cell has no neighbour
        return
    r, col = divmod(cell, w)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < n and 0 <= col + dc < w:
            yield (r + dr) * w + col + dc


def minimum(c, ctx):
    group = set(c.cells)
    return [Order((x, o), strict=True) for x in c.cells for o in _orthogonal(x, ctx)
            if o not in group]


def maximum(c, ctx):
    group = set(c.cells)
    return [Order((o, x), strict=True) for x in c.cells for o in _orthogonal(x, ctx)
            if o not in group]


def quadruple(c, ctx):
    return [Quadruple(c.cells, c.values)]


def clone(c, ctx):
    return [ctx.relation(a, b, lambda v, w: v == w) for a, b in zip(c.cells, c.copy)]


def extra_region(c, ctx):
    return [AllDifferent(c.cells, ctx.full)]


def diagonal(c, ctx):
    n = ctx.n
    cells = [r * n + (r if c.slope == -1 else n - 1 - r) for r in range(n)]
    return [AllDifferent(cells, ctx.full)]


def anti_knight(c, ctx):
    moves = [(1, 2), (2, 1), (1, -2), (2, -1)]
    return [NotEqual(a, b) for a, b in ctx.offsets(moves)]


def anti_king(c, ctx):
    return [NotEqual(a, b) for a, b in ctx.offsets([(1, 1), (1, -1)])]


def non_consecutive(c, ctx):
    return [ctx.relation(a, b, lambda v, w: abs(v - w) != 1) for a, b in ctx.neighbours()]


def disjoint_groups(c, ctx):
    boxes = ctx.puzzle.boxes()
    if ctx.puzzle.box is None:
        raise UnsupportedConstraint("disjoint_groups", "witness: a grid without regular boxes")
    return [AllDifferent([box[i] for box in boxes], ctx.full) for i in range(len(boxes[0]))]


def negative_dots(c, ctx):
    ratios = shown_ratios(ctx.puzzle) if c.black else ()

    def allowed(v, w):
        if c.white and abs(v - w) == 1:
            return False
        return not any(v == r * w or w == r * v for r in ratios)
    return [ctx.relation(a, b, allowed) for a, b in ctx.neighbours()
            if frozenset((a, b)) not in ctx.dotted]


def negative_xv(c, ctx):
    banned = ({10} if c.x else set()) | ({5} if c.v else set())
    return [ctx.relation(a, b, lambda v, w: v + w not in banned) for a, b in ctx.neighbours()
            if frozenset((a, b)) not in ctx.xv]


def weighted_sum(c, ctx):
    cells = tuple(c.cells)
    weights = c.weights or (1,) * len(cells)
    ones = [i for i, w in enumerate(weights) if w == 1]
    groups = ctx.cliques(ones, cells) + [[i] for i, w in enumerate(weights) if w != 1]
    return [Linear(cells, weights, c.total, c.total, groups)]


def rellik_cage(c, ctx):
    return [AllDifferent(c.cells, ctx.full), Rellik(c.cells, c.total, ctx.full)]


def _mask(vs):
    out = 0
    for v in vs:
        out |= 1 << v
    return out


def equality_cage(c, ctx):
    span = list(range(ctx.lo, ctx.hi + 1))
    half, size = len(span) // 2, len(c.cells) // 2
    low, high = _mask(span[:half]), _mask(span[len(span) - half:])
    props = [AllDifferent(c.cells, ctx.full)]
    props += [Restrict(x, low | high) for x in c.cells]
    for group in (_mask(v for v in span if v % 2 == 0), low, high):
        props.append(CountIn(c.cells, group, size, size))
    return props


def contain_exact(c, ctx):
    return [CountIn(c.cells, 1 << v, c.values.count(v), c.values.count(v))
            for v in sorted(set(c.values))]


def anti_taxicab(c, ctx):
    n = ctx.n
    props = []
    for a in range(n * n):
        for b in range(a + 1, n * n):
            d = abs(a // n - b // n) + abs(a % n - b % n)
            if ctx.lo <= d <= ctx.hi:
                props.append(ctx.relation(a, b, lambda v, w, d=d: not v == w == d))
    return props


def _squares_with_every(ctx, key):
    """Every 2x2 square holds a value of each class ``key`` sorts the values into."""
    classes = {}
    for v in range(ctx.lo, ctx.hi + 1):
        classes[key(v)] = classes.get(key(v), 0) | 1 << v
    n, props = ctx.n, []
    for r in range(n - 1):
        for col in range(n - 1):
            square = (r * n + col, r * n + col + 1, (r + 1) * n + col, (r + 1) * n + col + 1)
            props += [CountIn(square, group, 1, 4) for group in classes.values()]
    return props


def global_mod(c, ctx):
    return _squares_with_every(ctx, lambda v: v % 3)


def global_entropy(c, ctx):
    return _squares_with_every(ctx, _band(ctx, 3))


def dutch_flatmates(c, ctx):
    n, middle = ctx.n, ctx.lo + (ctx.hi - ctx.lo + 2) // 2 - 1
    return [Flatmate(x, x - n if x >= n else None, x + n if x + n < n * n else None,
                     middle, ctx.lo, ctx.hi) for x in range(n * n)]


def indexing(c, ctx):
    return [Index(c.cell, c.cells, value=c.value)]


def value_indexing(c, ctx):
    return [Index(c.cells[1], c.cells[2:], target=c.cells[0])]


def _first_hidden(t):
    def ok(vs):
        top = vs[0]
        for v in vs[1:]:
            if v < top:
                return v == t
            top = v
        return False
    return ok


def hidden_skyscraper(c, ctx):
    return [Restrict(c.cells[0], ctx.full & ~(1 << c.value)) if ctx.lo <= c.value <= ctx.hi
            else Restrict(c.cells[0], ctx.full), Predicate(c.cells, _first_hidden(c.value))]


def _runs(total, loop):
    def divides(vs):
        for start in range(len(vs)) if loop else (0,):
            run = 0
            for v in vs[start:] + vs[:start]:
                run += v
                if run > total:
                    break
                if run == total:
                    run = 0
            else:
                if run == 0:
                    return True
        return False
    return divides


def sum_line(c, ctx):
    if ctx.lo < 0:  # (the walk over running sums takes values of 0 or more)
        return [Predicate(c.cells, _runs(c.total, c.loop))]
    return [SumLine(c.cells, c.total, c.loop)]


def _lunch(total):
    def ok(vs):
        i, j = sorted((vs.index(min(vs)), vs.index(max(vs))))
        return sum(vs[i + 1:j]) == total
    return ok


def lunchbox(c, ctx):
    if ctx.lo < 0:
        return [AllDifferent(c.cells, ctx.full), Predicate(c.cells, _lunch(c.total))]
    return [AllDifferent(c.cells, ctx.full), Lunchbox(c.cells, c.total)]


def counting_circles(c, ctx):
    k = len(c.cells)
    return [Restrict(x, between(max(ctx.lo, 1), min(ctx.hi, k))) for x in c.cells] + [
        CountingCircles(c.cells)]


def equal_sum(c, ctx):
    segments, at = [], 0
    for n in c.lengths:
        if n:
            segments.append(list(c.cells[at:at + n]))
        at += n
    # (the cells of a segment need not differ, so not EqualSums: each against the first)
    return [signed_sum(ctx, seg, segments[0], 0) for seg in segments[1:]]


def count_distinct(c, ctx):
    k = len(c.cells)
    return [Restrict(c.cell, between(max(ctx.lo, 1), min(ctx.hi, k))),
            Predicate((c.cell, *c.cells), lambda vs: vs[0] == len(set(vs[1:])))]


def pair(c, ctx):
    ok = set(zip(c.allowed[::2], c.allowed[1::2]))
    cells = c.cells
    pairs = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]] if c.all_pairs else \
        list(zip(cells, cells[1:]))
    return [ctx.relation(a, b, lambda v, w: (v, w) in ok) for a, b in pairs] + (
        _all_pairs(cells, lambda v, w: (v, w) in ok, ctx) if c.all_pairs else [])


#: constraint type tag -> why the witness declines every puzzle with it (none today; a
#: type whose builder declines only some puzzles raises ``UnsupportedConstraint`` itself).
DECLINED: dict[str, str] = {}

#: constraint type tag -> builder(constraint, context) -> list of propagators
BUILDERS = {
    "killer_cage": killer_cage, "little_killer": little_killer, "sandwich": sandwich,
    "x_sum": x_sum, "skyscraper": skyscraper, "arrow": arrow, "double_arrow": double_arrow,
    "thermometer": thermometer, "slow_thermometer": slow_thermometer, "whisper": whisper,
    "renban": renban, "palindrome": palindrome, "between": between_line, "lockout": lockout,
    "region_sum_line": region_sum_line, "zipper": zipper, "entropic": entropic,
    "modular": modular, "difference_dot": difference_dot, "ratio_dot": ratio_dot, "xv": xv,
    "greater_than": greater_than, "odd": odd, "even": even, "minimum": minimum,
    "maximum": maximum, "quadruple": quadruple, "clone": clone, "candidates": candidates,
    "extra_region": extra_region, "diagonal": diagonal, "anti_knight": anti_knight,
    "anti_king": anti_king, "non_consecutive": non_consecutive,
    "disjoint_groups": disjoint_groups, "negative_dots": negative_dots,
    "negative_xv": negative_xv, "sum": weighted_sum, "rellik_cage": rellik_cage,
    "equality_cage": equality_cage, "contain_exact": contain_exact,
    "anti_taxicab": anti_taxicab, "global_mod": global_mod, "global_entropy": global_entropy,
    "dutch_flatmates": dutch_flatmates, "indexing": indexing, "value_indexing": value_indexing,
    "hidden_skyscraper": hidden_skyscraper, "sum_line": sum_line, "lunchbox": lunchbox,
    "counting_circles": counting_circles, "equal_sum": equal_sum,
    "count_distinct": count_distinct, "pair": pair,
}


def chess(c, ctx):
    ruled = set(c.cells)
    pairs = [(a, b) for a, b in ctx.offsets(leaper_steps(c.moves))
             if not ruled or a in ruled or b in ruled]
    if not c.values:
        return [NotEqual(a, b) for a, b in pairs]
    return [ctx.relation(a, b, lambda v, w: v != w or v not in c.values) for a, b in pairs]


def knightmare(c, ctx):
    p = ctx.puzzle
    return [ctx.relation(a, b, lambda v, w: v + w not in c.sums)
            for a in range(p.num_cells) for b in neighbours(p, a, KNIGHT) if a < b]


def nabner(c, ctx):
    return [ctx.relation(a, b, lambda v, w: abs(v - w) >= 2)
            for i, a in enumerate(c.cells) for b in c.cells[i + 1:]] + _all_pairs(
        c.cells, lambda v, w: abs(v - w) >= 2, ctx)


def _all_pairs(cells, allowed, ctx):
    """The whole group's propagator beside its pairs', for three cells or more."""
    return [AllPairs(cells, allowed, ctx.hi)] if len(cells) >= 3 and ctx.lo >= 0 else []


def diagonal_non_consecutive(c, ctx):
    p = ctx.puzzle
    return [ctx.relation(a, b, lambda v, w: abs(v - w) != 1)
            for a in range(p.num_cells) for b in neighbours(p, a, KING) if a < b]


BUILDERS.update({"chess": chess, "knightmare": knightmare, "nabner": nabner,
                 "diagonal_non_consecutive": diagonal_non_consecutive})


#: Longer innie / outie sums cost a scan at every node. Up to 12 cells: the givens-less
#: killer iss-examples-18 is settled in about 13 s instead of not within 30 s (up to 5
#: cells), at 2-2.5x the time on the other killers (all under 0.25 s); 16 and more cost more
#: per node than they save.
MAX_DERIVED = 12

#: Mixed sums (innies minus outies, from cages that reach out of a union of houses) are
#: kept up to this many cells: short ones are strong (two cells: "r2c1 = r3c8 + 1").
#: On iss-examples-18 (CPU seconds): none 14.8, up to 4 cells 6.9, 6 cells 4.0, 8 cells
#: 6.9, 12 cells over 14 (841 propagators: more cost per node than they save).
MAX_MIXED = 6

#: A region touched by more partial cages than this gets no mixed sums (2^k subsets).
MAX_PARTIAL = 12


def innies_outies(puzzle, ctx):
    """Sums that killer cages imply for the cells in or just outside a union of houses.

    k full houses that do not overlap (one to four neighbouring rows or columns, or a
    box) hold k times the sum of all values. Take away the cages inside: the cells left
    ("innies") sum to the rest. Add the cages reaching out: the cells outside ("outies")
    sum to the excess. Mixed: for any choice of the cages that reach out, the cells of
    the region no cage covers minus the cells of the chosen cages outside the region sum
    to k times the house sum less the totals of the cages used. Only cages with a total,
    and only when no two cages overlap. A little killer whose cells share a house counts
    as a cage (its values differ) where it overlaps no cage taken before it. A whole
    house left with no cage inside gives no sum: its values are all the values already.
    """
    cages = [c for c in puzzle.constraints if c.TYPE == "killer_cage" and c.total is not None]
    covered = [x for c in cages for x in c.cells]
    if len(covered) != len(set(covered)):
        return []
    taken = set(covered)
    for c in puzzle.constraints:  # a little killer within one house is a cage without lines
        if (c.TYPE == "little_killer" and len(c.cells) > 1 and taken.isdisjoint(c.cells)
                and ctx.is_house(tuple(c.cells))):
            cages.append(c)
            taken.update(c.cells)
    if not cages:
        return []
    n, per_house = ctx.n, sum(range(ctx.lo, ctx.hi + 1))
    if n != ctx.full.bit_count() or ctx.cols != n or puzzle.raw:  # (full square houses only)
        return []
    rows = [set(range(r * n, r * n + n)) for r in range(n)]
    cols = [set(range(c, n * n, n)) for c in range(n)]
    regions = [(set(b), 1) for b in puzzle.boxes()]
    for lines in (rows, cols):
        for k in range(1, min(4, n - 1) + 1):
            for i in range(n - k + 1):
                regions.append((set().union(*lines[i:i + k]), k))
    props, seen = [], set()
    cage_sets = {frozenset(c.cells) for c in cages}
    house_sets = {frozenset(h) for h in ctx.houses}

    def add(innies, outies, total):
        key = (frozenset(innies), frozenset(outies), total)
        size = len(innies) + len(outies)
        if key in seen or size == 0 or (not outies and frozenset(innies) in cage_sets):
            return
        if size > (MAX_DERIVED if not (innies and outies) else MAX_MIXED):
            return
        if not innies and frozenset(outies) in cage_sets:
            return
        if not outies and frozenset(innies) in house_sets:
            return  # a whole house: its values are all of them, its sum says nothing more
        seen.add(key)
        if not innies:  # outies only: -sum(outies) == total
            innies, outies, total = outies, (), -total
        props.append(signed_sum(ctx, sorted(innies), sorted(outies), total))

    for region, k in regions:
        inside = [c for c in cages if set(c.cells) <= region]
        touching = [c for c in cages if set(c.cells) & region]
        partial = [c for c in touching if not set(c.cells) <= region]
        rest = region - {x for c in inside for x in c.cells}
        base = k * per_house - sum(c.total for c in inside)
        add(rest, (), base)
        if len(partial) > MAX_PARTIAL:  # outies only, when the cages cover the region
            reach = {x for c in partial for x in c.cells}
            if not rest - reach:
                add((), reach - region, base - sum(c.total for c in partial))
        else:
            # cages do not overlap, so a choice's size is |rest| - cells in + cells out:
            # sets are built only for the choices short enough to keep.
            ins = [len(set(c.cells) & region) for c in partial]
            grow = [len(c.cells) - 2 * k for c, k in zip(partial, ins)]  # out - in
            size_of, in_of = [len(rest)] * (1 << len(partial)), [0] * (1 << len(partial))
            for pick in range(1, 1 << len(partial)):
                low = pick & -pick  # each choice from the one without its lowest cage
                i = low.bit_length() - 1
                size = size_of[pick] = size_of[pick ^ low] + grow[i]
                in_of[pick] = in_of[pick ^ low] + ins[i]
                if size > MAX_DERIVED or (size > MAX_MIXED and len(rest) > in_of[pick]):
                    continue  # too long (every chosen cage reaches out: mixed unless no innie)
                chosen = [c for j, c in enumerate(partial) if pick >> j & 1]
                cells = {x for c in chosen for x in c.cells}
                add(rest - cells, cells - region, base - sum(c.total for c in chosen))
    return props


def signed_sum(ctx, plus, minus, total):
    """The propagator for sum(plus) - sum(minus) == total: arc consistency on one or two
    cells, else bounds with the cells that share a house grouped as distinct values."""
    cells = list(plus) + list(minus)
    coefs = [1] * len(plus) + [-1] * len(minus)
    if len(cells) == 1:
        v = total * coefs[0]
        return Restrict(cells[0], 1 << v if ctx.lo <= v <= ctx.hi else 0)
    if len(cells) == 2:
        (a, b), (ca, cb) = cells, coefs
        return ctx.relation(a, b, lambda v, w: ca * v + cb * w == total
                            and (v != w or not ctx.is_house((a, b))))
    groups = ctx.cliques(range(len(plus)), cells) + ctx.cliques(
        range(len(plus), len(cells)), cells)
    return Linear(cells, coefs, total, total, groups)


from .witness_composite import BUILDERS as _COMPOSITE  # noqa: E402  (issue 37: or, and, regex, nfa)

BUILDERS.update(_COMPOSITE)


def unsupported(puzzle) -> list[str]:
    """The constraint type tags of ``puzzle`` the witness has no builder for."""
    return sorted({c.TYPE for c in puzzle.constraints if c.TYPE not in BUILDERS})


def build(puzzle):
    """(initial masks, propagators) for ``puzzle``; raises ``UnsupportedConstraint`` naming a type."""
    missing = unsupported(puzzle)
    if missing:
        raise UnsupportedConstraint(missing[0], "witness")
    ctx = Context(puzzle)
    size = ctx.full.bit_count()
    geometry = set(ctx.houses)
    early = {}  # the extra full houses' propagators, built first: sums group cells by them
    for i, c in enumerate(puzzle.constraints):
        if c.TYPE in ("diagonal", "disjoint_groups", "extra_region"):
            early[i] = BUILDERS[c.TYPE](c, ctx)
            ctx.extra_houses += [p.cells for p in early[i] if p.full and p.cells not in geometry]
    houses = [h for h in ctx.houses if len(h) == size]
    props = [AllDifferent(h, ctx.full) for h in ctx.houses if len(h) != size]
    for i, c in enumerate(puzzle.constraints):
        for p in early[i] if i in early else BUILDERS[c.TYPE](c, ctx):
            if isinstance(p, AllDifferent) and p.full:  # a full house (diagonal, group...)
                houses.append(p.cells)
            else:
                props.append(p)
    houses = list(dict.fromkeys(houses))  # an extra region may repeat a box
    props.extend(innies_outies(puzzle, ctx))
    # a chaos construction's labels follow the cells (``witness_chaos.labels_at``)
    labels = puzzle.num_cells if labels_at(puzzle) else 0
    if houses:
        props.insert(0, Houses(houses, ctx.full, puzzle.num_cells + labels))
    masks = [ctx.full] * puzzle.num_cells + [(1 << ctx.n) - 1] * labels
    for cell, value in puzzle.givens:
        masks[cell] &= 1 << value
    return masks, props

from .witness_sets import BUILDERS as _SETS  # noqa: E402  (issue 37: sets, ranks, doppelganger)

BUILDERS.update(_SETS)

from .witness_chaos import (chaos_arrow, chaos_clue, chaos_construction,  # noqa: E402
                            chaos_count, labels_at)  # (issue 37: chaos construction)

BUILDERS["chaos_construction"] = chaos_construction
BUILDERS["chaos_arrow"] = chaos_arrow
BUILDERS["chaos_count"] = chaos_count
BUILDERS["chaos_same"] = BUILDERS["chaos_regions"] = chaos_clue
