"""Propagators for the witness search: each narrows candidate masks from one rule.

A **mask** is an int whose bit ``v`` is set when value ``v`` is still a candidate
(so values need not start at 1: ISS's ``0-8`` boards work unchanged). A propagator
holds the cells it watches and one method::

    run(masks, changed) -> bool

which removes candidates that no solution of *its own rule* can use, appends every
cell it narrowed to ``changed``, and returns False when its rule cannot hold. A
propagator may be weaker than perfect (a removed candidate must be impossible, a kept
one need not be possible): completeness comes from the search, which checks every
full assignment against the independent checker anyway.

These building blocks know nothing of the variant model: ``witness.py`` turns each
constraint type into one of them (or declines it by name). They share no code with the
SAT and CP-SAT encoders, so a bug in one is caught by the others.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations


def values(mask: int):
    """The values in ``mask``, lowest first.

    >>> list(values(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def lowest(mask: int) -> int:
    """The smallest value in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """The largest value in a non-empty mask."""
    return mask.bit_length() - 1


def between(lo: int, hi: int) -> int:
    """The mask of values lo..hi inclusive (empty when lo > hi).

    >>> bin(between(2, 4)), between(5, 4)
    ('0b11100', 0)
    """
    if lo > hi:
        return 0
    lo = max(lo, 0)
    return ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1) if hi >= 0 else 0


@lru_cache(maxsize=None)
def value_sets(k: int, total: int, allowed: int) -> tuple:
    """Masks of the sets of ``k`` distinct values of ``allowed`` that sum to ``total``.

    >>> [bin(m) for m in value_sets(2, 5, 0b1111110)]
    ['0b10010', '0b1100']
    """
    out = []
    for combo in combinations(list(values(allowed)), k):
        if sum(combo) == total:
            mask = 0
            for v in combo:
                mask |= 1 << v
            out.append(mask)
    return tuple(out)


def distinct_sum_keeps(cell_masks, total: int, allowed: int):
    """Per cell, its values that some set of distinct values of ``allowed``, one per
    cell and summing to ``total``, can give it; None when no set fits.

    (A cell keeps a value of a fitting set; which cell takes which value of the set is
    left to the houses, so this can keep a little more than a perfect propagator.)
    """
    k = len(cell_masks)
    if k == 0:
        return [] if total == 0 else None
    union = 0
    for m in cell_masks:
        union |= m
    keep = 0
    for s in value_sets(k, total, allowed):
        if s & ~union:
            continue
        for m in cell_masks:
            if not m & s:
                break
        else:
            keep |= s
    if not keep:
        return None
    return [m & keep for m in cell_masks]


def one_each(ms, w: int, keeps: list[int]) -> bool:
    """Cells of candidates ``ms`` (already within ``w``) taking the values of ``w`` one
    each, as many cells as values: add to ``keeps[i]`` each value cell ``i`` takes in
    some such assignment; False when there is none. (The sets of values the first cells
    can take, walked forwards, met by those the last cells can take, walked backwards.)
    """
    k = len(ms)
    ahead = [{0}]
    for m in ms[:-1]:
        nxt = set()
        for used in ahead[-1]:
            free = m & ~used
            while free:
                b = free & -free
                nxt.add(used | b)
                free ^= b
        if not nxt:
            return False
        ahead.append(nxt)
    found = False
    behind = {0}  # the sets cells i+1..k-1 can take
    for i in range(k - 1, -1, -1):
        m = ms[i]
        for used in ahead[i]:
            free = m & ~used
            while free:
                b = free & -free
                if w ^ used ^ b in behind:
                    keeps[i] |= b
                    found = True
                free ^= b
        if i:
            nxt = set()
            for used in behind:
                free = m & ~used
                while free:
                    b = free & -free
                    nxt.add(used | b)
                    free ^= b
            behind = nxt
    return found


def _narrow(masks: list[int], cell: int, keep: int, changed: list[int]) -> bool:
    """Intersect one cell's mask with ``keep``; False if nothing is left."""
    old = masks[cell]
    new = old & keep
    if new != old:
        if not new:
            return False
        masks[cell] = new
        changed.append(cell)
    return True


class AllDifferent:
    """A house: its cells all differ; naked and (when it holds every value) hidden singles.

    The grid's full houses are gathered into one ``witness_houses.Houses`` by the
    builder; this one serves the others (a killer cage, a renban line, a house with
    fewer cells than values).
    """

    def __init__(self, cells, full: int) -> None:
        self.cells = tuple(cells)
        # Hidden singles hold only where the house must contain every value.
        self.full = full if len(self.cells) == full.bit_count() else 0

    def run(self, masks: list[int], changed: list[int]) -> bool:
        cells, full = self.cells, self.full
        while True:
            fixed = once = twice = 0
            for c in cells:
                m = masks[c]
                twice |= once & m
                once |= m
                if not m & (m - 1):
                    if m & fixed:
                        return False
                    fixed |= m
            if once.bit_count() < len(cells):
                return False
            again = False
            if fixed & twice:  # a decided value is still a candidate elsewhere: remove it
                for c in cells:
                    m = masks[c]
                    if m & (m - 1) and m & fixed:
                        m &= ~fixed
                        if not m:
                            return False
                        masks[c] = m
                        changed.append(c)
                        again = True
            elif full:  # hidden singles: a value with one place left goes there
                if once & full != full:
                    return False
                hidden = once & ~twice & ~fixed
                if hidden:
                    for c in cells:
                        h = masks[c] & hidden
                        if h:
                            if h & (h - 1):
                                return False  # two values that only this cell can hold
                            masks[c] = h
                            changed.append(c)
                    again = True
            if not again:
                return True


class Restrict:
    """One cell's value is in a fixed mask (odd, even, listed candidates)."""

    def __init__(self, cell: int, keep: int) -> None:
        self.cells = (cell,)
        self.keep = keep

    def run(self, masks: list[int], changed: list[int]) -> bool:
        return _narrow(masks, self.cells[0], self.keep, changed)


class NotEqual:
    """Two cells that must differ (anti-knight, anti-king pairs): acts once one is fixed."""

    def __init__(self, a: int, b: int) -> None:
        self.cells = (a, b)

    def run(self, masks: list[int], changed: list[int]) -> bool:
        a, b = self.cells
        ma, mb = masks[a], masks[b]
        if not ma & (ma - 1):
            return _narrow(masks, b, ~ma, changed)
        if not mb & (mb - 1):
            return _narrow(masks, a, ~mb, changed)
        return True


class Relation:
    """Two cells whose values must satisfy a binary rule, kept arc consistent.

    ``support[v]`` is the mask of values the second cell may take when the first is v,
    and ``back[w]`` the mask the first may take when the second is w.
    """

    def __init__(self, a: int, b: int, allowed, top: int, tables=None) -> None:
        """``tables``: the ``RelationTables`` of ``allowed`` made already for another pair
        (one rule over many pairs: its tables and their caches are shared)."""
        self.cells = (a, b)
        t = tables if tables is not None else RelationTables(allowed, top)
        self.support, self.back = t.support, t.back
        self.forward, self.backward = t.forward, t.backward

    def run(self, masks: list[int], changed: list[int]) -> bool:
        # (``_narrow`` written out twice: a pair's rule runs more often than any other)
        a, b = self.cells
        ma = masks[a]
        keep = self.forward.get(ma)
        if keep is None:  # the union of supports, cached per mask
            keep = self.forward[ma] = _union(self.support, ma)
        mb = masks[b]
        if mb & ~keep:
            mb &= keep
            if not mb:
                return False
            masks[b] = mb
            changed.append(b)
        keep = self.backward.get(mb)
        if keep is None:
            keep = self.backward[mb] = _union(self.back, mb)
        ma = masks[a]  # (read again: a and b may be one cell)
        if ma & ~keep:
            ma &= keep
            if not ma:
                return False
            masks[a] = ma
            changed.append(a)
        return True


class RelationTables:
    """A binary rule's tables over values ``0 .. top``: ``support[v]``, the mask of values
    the second cell may take when the first is v, ``back[w]`` the converse, and the
    unions of supports met so far per mask (``forward``, ``backward``). They depend on
    the rule alone, so every pair of cells under one rule can share them."""

    def __init__(self, allowed, top: int) -> None:
        self.support = [0] * (top + 1)
        self.back = [0] * (top + 1)
        for v in range(top + 1):
            for w in range(top + 1):
                if allowed(v, w):
                    self.support[v] |= 1 << w
                    self.back[w] |= 1 << v
        self.forward: dict[int, int] = {}
        self.backward: dict[int, int] = {}


def _union(table, mask: int) -> int:
    out = 0
    for v in values(mask):
        out |= table[v]
    return out


class Order:
    """A chain of cells, each greater than the one before (``strict``) or not smaller."""

    def __init__(self, cells, strict: bool) -> None:
        self.cells = tuple(cells)
        self.step = 1 if strict else 0

    def run(self, masks: list[int], changed: list[int]) -> bool:
        cells, step = self.cells, self.step
        floor = -1
        for c in cells:  # each cell at least the previous cell's lowest + step
            if floor >= 0 and not _narrow(masks, c, ~((1 << floor) - 1), changed):
                return False
            floor = lowest(masks[c]) + step
        ceiling = None
        for c in reversed(cells):  # each cell at most the next cell's highest - step
            if ceiling is not None and not _narrow(masks, c, between(0, ceiling), changed):
                return False
            ceiling = highest(masks[c]) - step
        return True


def _ends(union: int, k: int):
    """Sums of the k-1 and k smallest, and of the k-1 and k largest values of ``union``."""
    small = large = small1 = large1 = 0
    rest = union
    for i in range(k):
        bit = rest & -rest
        small1, small = small, small + bit.bit_length() - 1
        rest ^= bit
    rest = union
    for i in range(k):
        top = rest.bit_length() - 1
        large1, large = large, large + top
        rest ^= 1 << top
    return small1, small, large1, large


#: The lowest and the highest value of each mask of values 0..9 (-1 for the empty mask).
_LOWEST = [(m & -m).bit_length() - 1 for m in range(1 << 10)]
_HIGHEST = [m.bit_length() - 1 for m in range(1 << 10)]

#: _ends of (union, k), keyed ``union << 6 | k``: sums over distinct values recur often.
_ENDS: dict[int, tuple[int, int, int, int]] = {}


def _ends_cached(union: int, k: int):
    if len(_ENDS) > 200_000:
        _ENDS.clear()
    ends = _ENDS[union << 6 | k] = _ends(union, k)
    return ends


def distinct_bounds(cell_masks):
    """(lowest, highest) sum of values, one per cell, all distinct; None if they cannot differ.

    Bounded both by each cell's own extremes and by the smallest / largest values of the
    union (k cells that differ take at least the k smallest values there are).

    >>> distinct_bounds([0b1110, 0b1110]), distinct_bounds([0b10, 0b10])
    ((3, 5), None)
    """
    k = len(cell_masks)
    union = low = high = 0
    for m in cell_masks:
        union |= m
        low += lowest(m)
        high += highest(m)
    if union.bit_count() < k:
        return None
    _, small, _, large = _ends(union, k)
    return max(low, small), min(high, large)


class Linear:
    """sum(coef * value) over the cells lies in [low, high]; bounds kept consistent.

    Covers cage and little-killer sums (all coefficients 1), arrows (bulb -1, or
    -10 and -1 for a two-digit pill) and double arrows. ``groups`` (lists of positions in
    ``cells`` with one coefficient) name cells that must differ because they share a
    house: their sum is bounded as a sum of distinct values, which is much tighter
    (a little killer's three cells in one box sum to at least 1 + 2 + 3, not 3).
    """

    def __init__(self, cells, coefs, low: int, high: int, groups=None) -> None:
        self.cells = tuple(cells)
        self.coefs = tuple(coefs)
        self.low, self.high = low, high
        self.slow = len(self.cells) > 4
        if groups is None:
            groups = [[i] for i in range(len(self.cells))]
        self.groups = [(self.coefs[g[0]], tuple(self.cells[i] for i in g)) for g in groups]
        if any(self.coefs[i] != self.coefs[g[0]] for g in groups for i in g):
            raise ValueError("a group of distinct cells needs one coefficient")
        # every coefficient 1 (cages, little killers, innie / outie sums): a pass without
        # the coefficients' signs and products (``_run_unit``)
        self.unit = all(k == 1 for k in self.coefs)
        self.unit_groups = [cells for _, cells in self.groups]

    def run(self, masks: list[int], changed: list[int]) -> bool:
        # One pass: a propagator that narrows a cell is woken again by the engine.
        try:
            if self.unit:
                return self._run_unit(masks, changed)
            return self._run_tables(masks, changed)
        except IndexError:  # a mask past the tables (values above 9): the same, by hand
            return self._run_plain(masks, changed)

    def _run_unit(self, masks: list[int], changed: list[int]) -> bool:
        """``_run_tables`` when every coefficient is 1."""
        low, high = self.low, self.high
        lo_of, hi_of, ends_of = _LOWEST, _HIGHEST, _ENDS
        info = []
        smin = smax = 0
        for group in self.unit_groups:
            if len(group) == 1:
                m = masks[group[0]]
                glo = lo_of[m]
                ghi = hi_of[m]
                info.append((glo, ghi, 0, 0, 0, 0, ghi - glo))
            else:
                union = ind_lo = ind_hi = 0
                for c in group:
                    m = masks[c]
                    union |= m
                    ind_lo += lo_of[m]
                    ind_hi += hi_of[m]
                size = len(group)
                ends = ends_of.get(union << 6 | size)
                if ends is None:
                    if union.bit_count() < size:
                        return False
                    ends = _ends_cached(union, size)
                small1, small, large1, large = ends
                glo = ind_lo if ind_lo > small else small
                ghi = ind_hi if ind_hi < large else large
                info.append((glo, ghi, ind_lo, ind_hi, small1, large1, hi_of[union] - lo_of[union]))
            smin += glo
            smax += ghi
        if smax < low or smin > high:
            return False
        slack = smax - low if smax - low < high - smin else high - smin
        for group, (gmin, gmax, ind_lo, ind_hi, small1, large1, reach) in zip(self.unit_groups, info):
            if reach <= slack:
                continue
            single = len(group) == 1
            for c in group:
                m = masks[c]
                lo_c, hi_c = lo_of[m], hi_of[m]
                if single:
                    lo_t = low - (smax - gmax)
                    hi_t = high - (smin - gmin)
                else:  # the rest of the group: distinct values of the group's union
                    olo = ind_lo - lo_c
                    if olo < small1:
                        olo = small1
                    ohi = ind_hi - hi_c
                    if ohi > large1:
                        ohi = large1
                    lo_t = low - (smax - gmax + ohi)
                    hi_t = high - (smin - gmin + olo)
                if lo_t <= lo_c and hi_t >= hi_c:
                    continue
                if not _narrow(masks, c, between(lo_t, hi_t), changed):
                    return False
        return True

    def _run_tables(self, masks: list[int], changed: list[int]) -> bool:
        """``_run_plain`` with each mask's lowest and highest value read from tables."""
        low, high = self.low, self.high
        lo_of, hi_of, ends_of = _LOWEST, _HIGHEST, _ENDS
        info = []
        smin = smax = 0
        for k, group in self.groups:
            if len(group) == 1:
                union = masks[group[0]]
                glo = ind_lo = lo_of[union]
                ghi = ind_hi = hi_of[union]
                small1 = large1 = 0
            else:
                union = ind_lo = ind_hi = 0
                for c in group:
                    m = masks[c]
                    union |= m
                    ind_lo += lo_of[m]
                    ind_hi += hi_of[m]
                size = len(group)
                ends = ends_of.get(union << 6 | size)
                if ends is None:
                    if union.bit_count() < size:
                        return False
                    ends = _ends_cached(union, size)
                small1, small, large1, large = ends
                glo = ind_lo if ind_lo > small else small
                ghi = ind_hi if ind_hi < large else large
            if k > 0:
                a, b = k * glo, k * ghi
                reach = (hi_of[union] - lo_of[union]) * k
            else:
                a, b = k * ghi, k * glo
                reach = (lo_of[union] - hi_of[union]) * k
            info.append((a, b, ind_lo, ind_hi, small1, large1, reach))
            smin += a
            smax += b
        if smax < low or smin > high:
            return False
        slack = smax - low if smax - low < high - smin else high - smin
        for (k, group), (gmin, gmax, ind_lo, ind_hi, small1, large1, reach) in zip(self.groups, info):
            if reach <= slack:
                continue
            single = len(group) == 1
            for c in group:
                m = masks[c]
                lo_c, hi_c = lo_of[m], hi_of[m]
                if single:
                    omin = omax = 0
                else:
                    olo = ind_lo - lo_c
                    if olo < small1:
                        olo = small1
                    ohi = ind_hi - hi_c
                    if ohi > large1:
                        ohi = large1
                    omin, omax = (k * olo, k * ohi) if k > 0 else (k * ohi, k * olo)
                lo_t = low - (smax - gmax + omax)
                hi_t = high - (smin - gmin + omin)
                a, b = (k * lo_c, k * hi_c) if k > 0 else (k * hi_c, k * lo_c)
                if lo_t <= a and hi_t >= b:
                    continue
                if k > 0:
                    keep = between(-(-lo_t // k), hi_t // k)
                else:
                    keep = between(-(-hi_t // k), lo_t // k)
                if not _narrow(masks, c, keep, changed):
                    return False
        return True

    def _run_plain(self, masks: list[int], changed: list[int]) -> bool:
        """One pass of bounds over the groups (``_run_tables`` does the same faster)."""
        low, high = self.low, self.high
        info = []
        smin = smax = 0
        for k, group in self.groups:
            union = ind_lo = ind_hi = 0
            for c in group:
                m = masks[c]
                union |= m
                ind_lo += (m & -m).bit_length()
                ind_hi += m.bit_length()
            size = len(group)
            ind_lo -= size  # bit_length() is one more than the value
            ind_hi -= size
            if size == 1:
                small1 = large1 = 0
                small, large = ind_lo, ind_hi
            else:
                ends = _ENDS.get(union << 6 | size)
                if ends is None:
                    if union.bit_count() < size:
                        return False
                    ends = _ends_cached(union, size)
                small1, small, large1, large = ends
            glo, ghi = max(ind_lo, small), min(ind_hi, large)
            a, b = (k * glo, k * ghi) if k > 0 else (k * ghi, k * glo)
            # How far one cell's term can reach within the group: |k| times the span of
            # the group's values. A group whose reach fits both slacks narrows nothing.
            reach = (union.bit_length() - (union & -union).bit_length()) * (k if k > 0 else -k)
            info.append((a, b, ind_lo, ind_hi, small1, large1, reach))
            smin += a
            smax += b
        if smax < low or smin > high:
            return False
        slack = min(smax - low, high - smin)
        for (k, group), (gmin, gmax, ind_lo, ind_hi, small1, large1, reach) in zip(self.groups, info):
            if reach <= slack:
                continue
            single = len(group) == 1
            for c in group:
                m = masks[c]
                lo_c, hi_c = (m & -m).bit_length() - 1, m.bit_length() - 1
                if single:  # the rest of the group: nothing
                    omin = omax = 0
                else:  # the rest of the group: distinct values of the group's union
                    olo = max(ind_lo - lo_c, small1)
                    ohi = min(ind_hi - hi_c, large1)
                    omin, omax = (k * olo, k * ohi) if k > 0 else (k * ohi, k * olo)
                lo_t = low - (smax - gmax + omax)  # k * value must be >= lo_t
                hi_t = high - (smin - gmin + omin)  # and <= hi_t
                a, b = (k * lo_c, k * hi_c) if k > 0 else (k * hi_c, k * lo_c)
                if lo_t <= a and hi_t >= b:
                    continue
                if k > 0:
                    keep = between(-(-lo_t // k), hi_t // k)
                else:
                    keep = between(-(-hi_t // k), lo_t // k)
                if not _narrow(masks, c, keep, changed):
                    return False
        return True


class DistinctSum:
    """Distinct values summing to ``total`` (a killer cage): only values of a fitting set.

    A value in every fitting set must be in the cage: it goes to the one cell that can
    hold it, and leaves ``outside`` (the other cells of the houses holding the whole
    cage). With more than ``cap`` possible sets (large cages on large boards) it keeps to
    bounds.
    """

    def __init__(self, cells, total: int, full: int, outside=(), cap: int = 2000) -> None:
        self.cells = tuple(cells)
        self.total, self.full = total, full
        self.outside = tuple(outside)
        self.linear = Linear(self.cells, [1] * len(self.cells), total, total,
                             [list(range(len(self.cells)))])
        self.sets = value_sets(len(self.cells), total, full)
        self.use_sets = len(self.sets) <= cap

    def run(self, masks: list[int], changed: list[int]) -> bool:
        if not self.use_sets:
            return self.linear.run(masks, changed)
        cells = self.cells
        ms = [masks[c] for c in cells]
        union = 0
        for m in ms:
            union |= m
        outside_union = ~union
        keep, needed = 0, -1
        for s in self.sets:
            if s & outside_union:
                continue
            for m in ms:
                if not m & s:
                    break
            else:
                keep |= s
                needed &= s
        if not keep:
            return False
        for c in cells:
            m = masks[c]
            if m & ~keep:
                m &= keep
                if not m:
                    return False
                masks[c] = m
                changed.append(c)
        if needed:
            rest = needed
            while rest:  # a value every fitting set holds: its only place takes it
                bit = rest & -rest
                rest ^= bit
                places = [c for c in cells if masks[c] & bit]
                if not places:
                    return False
                if len(places) == 1:
                    c = places[0]
                    if masks[c] != bit:
                        masks[c] = bit
                        changed.append(c)
            for c in self.outside:  # and leaves the rest of the houses holding the cage
                m = masks[c]
                if m & needed:
                    m &= ~needed
                    if not m:
                        return False
                    masks[c] = m
                    changed.append(c)
        return True
