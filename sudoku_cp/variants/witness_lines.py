"""Propagators for lines and outside clues in the witness search.

Same contract as ``witness_props``: ``run(masks, changed) -> bool`` removes only
candidates its rule excludes, and is exact once every cell it watches is fixed.
Most of them work by *support*: for each way the rule can be met at the level of a
few choices (a window of values, an orientation, a pair of end values, the places of
the lowest and highest value), keep the candidates that choice allows, and narrow
every cell to the union over the choices that survive.
"""

from __future__ import annotations

from itertools import permutations

from .witness_props import (_narrow, between, distinct_bounds, distinct_sum_keeps, highest,
                            lowest, one_each, values)


def _narrow_all(masks, cells, keeps, changed) -> bool:
    for c, keep in zip(cells, keeps):
        if not _narrow(masks, c, keep, changed):
            return False
    return True


class Renban:
    """Distinct values forming a run of consecutive values, in any order.

    (An ``AllDifferent`` stands beside it for the houses' sake.) Exact for the line: per
    window of ``k`` consecutive values, a cell keeps a value when the other cells can take
    the window's other values one each (matchings walked as sets of used values, forwards
    and backwards along the cells).
    """

    def __init__(self, cells, full: int) -> None:
        self.cells = tuple(cells)
        k = len(self.cells)
        self.windows = [w for w in (between(v, v + k - 1) for v in values(full))
                        if w & full == w and w.bit_count() == k]
        self.cache: dict = {}  # the cells' candidates -> what each keeps

    def run(self, masks, changed) -> bool:
        cells = self.cells
        key = tuple([masks[c] for c in cells])
        keeps = self.cache.get(key)
        if keeps is None:
            keeps = self._keeps(masks)
            if len(self.cache) >= 4096:
                self.cache.clear()
            self.cache[key] = keeps
        if not any(keeps):
            return False
        return _narrow_all(masks, cells, keeps, changed)

    def _keeps(self, masks):
        cells = self.cells
        k = len(cells)
        keeps = [0] * k
        for w in self.windows:
            ms = []
            union = 0
            for c in cells:
                m = masks[c] & w
                if not m:
                    break
                ms.append(m)
                union |= m
            else:
                if union != w or all(m & ~kc == 0 for m, kc in zip(ms, keeps)):
                    continue  # no cell could gain a value from this window
                # What each cell takes in the window depends on its masks alone (their
                # union is the window): worked out once for every line and search.
                key = tuple(ms)
                part = _MATCHINGS.get(key)
                if part is None:
                    part = _MATCHINGS[key] = self._window(ms, w)
                    if len(_MATCHINGS) >= _MATCHINGS_SIZE:
                        _MATCHINGS.clear()
                for i, got in enumerate(part):
                    keeps[i] |= got
        return tuple(keeps)

    def _window(self, ms, w):
        """Per cell, the values of window ``w`` it takes when the cells (candidates
        ``ms`` within ``w``) take the window's values one each."""
        k = len(ms)
        keeps = [0] * k
        if k <= 4:  # each order of the window's values written out (at most 24)
            for order in permutations([1 << v for v in values(w)]):
                for m, b in zip(ms, order):
                    if not m & b:
                        break
                else:
                    for i, b in enumerate(order):
                        keeps[i] |= b
        elif all(m == w for m in ms[1:]):  # the first cell's values, the rest after
            first = ms[0]
            keeps[0] |= first
            rest = w ^ first if first & (first - 1) == 0 else w
            for i in range(1, k):
                keeps[i] |= rest
        else:
            one_each(ms, w, keeps)
        return tuple(keeps)


#: What a window's cells take, per tuple of their masks within it (``Renban._window``),
#: shared by every renban line; cleared when it holds this many.
_MATCHINGS: dict = {}
_MATCHINGS_SIZE = 50000


class BetweenLine:
    """The middle cells lie strictly between the two end cells' values."""

    def __init__(self, a: int, b: int, middle) -> None:
        self.ends = (a, b)
        self.middle = tuple(middle)
        self.cells = (a, b) + self.middle

    def run(self, masks, changed) -> bool:
        if not self.middle:
            return True
        a, b = self.ends
        top_of_mins = max(lowest(masks[c]) for c in self.middle)
        bottom_of_maxs = min(highest(masks[c]) for c in self.middle)
        keep = {a: 0, b: 0}
        keep_mid = 0
        for low_end, high_end in ((a, b), (b, a)):
            lo = masks[low_end] & between(0, bottom_of_maxs - 1)
            hi = masks[high_end] & between(top_of_mins + 1, highest(masks[high_end]))
            if not lo or not hi:
                continue
            lo &= between(0, highest(hi) - 2)
            if not lo:
                continue
            hi &= between(lowest(lo) + 2, highest(hi))
            keep[low_end] |= lo
            keep[high_end] |= hi
            keep_mid |= between(lowest(lo) + 1, highest(hi) - 1)
        if not keep_mid:
            return False
        return (_narrow(masks, a, keep[a], changed) and _narrow(masks, b, keep[b], changed)
                and _narrow_all(masks, self.middle, [keep_mid] * len(self.middle), changed))


class LockoutLine:
    """The ends differ by at least ``gap``; the middle cells lie outside their range."""

    def __init__(self, a: int, b: int, middle, gap: int, full: int) -> None:
        self.ends = (a, b)
        self.middle = tuple(middle)
        self.cells = (a, b) + self.middle
        self.gap, self.full = gap, full

    def run(self, masks, changed) -> bool:
        a, b = self.ends
        keep_a = keep_b = keep_mid = 0
        for x in values(masks[a]):
            for y in values(masks[b]):
                if abs(x - y) < self.gap:
                    continue
                outside = self.full & ~between(min(x, y), max(x, y))
                if all(masks[c] & outside for c in self.middle):
                    keep_a |= 1 << x
                    keep_b |= 1 << y
                    keep_mid |= outside
        if not keep_a:
            return False
        return (_narrow(masks, a, keep_a, changed) and _narrow(masks, b, keep_b, changed)
                and _narrow_all(masks, self.middle, [keep_mid] * len(self.middle), changed))


class Zipper:
    """Cells at the same distance from the centre sum to one value, the centre's if any."""

    slow = True

    def __init__(self, pairs, centre: int | None, top: int) -> None:
        self.pairs = tuple(pairs)
        self.centre = centre
        self.top = top
        self.cells = tuple(c for p in self.pairs for c in p) + (
            () if centre is None else (centre,))

    @staticmethod
    def _sums(ma: int, mb: int) -> int:
        """The sums of a value of ``ma`` and one of ``mb``, as a mask (bit v + w)."""
        out = 0
        while ma:
            low = ma & -ma
            out |= mb << (low.bit_length() - 1)
            ma ^= low
        return out

    @staticmethod
    def _partners(ma: int, mb: int, sums: int) -> int:
        """The values of ``ma`` that some value of ``mb`` brings to one of ``sums``."""
        keep = 0
        m = ma
        while m:
            low = m & -m
            if (mb << (low.bit_length() - 1)) & sums:
                keep |= low
            m ^= low
        return keep

    def run(self, masks, changed) -> bool:
        # the sums every pair can make (and the centre hold); both scans of a pair's bits
        # are looked up first in tables filled as masks come (the same masks recur)
        sums = -1 if self.centre is None else masks[self.centre]
        sums_of, pair_sums = _PAIR_SUMS, self._sums
        for a, b in self.pairs:
            key = masks[a] << 32 | masks[b]
            s = sums_of.get(key)
            if s is None:
                if len(sums_of) > _CACHE:
                    sums_of.clear()
                s = sums_of[key] = pair_sums(masks[a], masks[b])
            sums &= s
            if not sums:
                return False
        if self.centre is not None and not _narrow(masks, self.centre, sums, changed):
            return False
        partners_of, partners = _PARTNERS, self._partners
        for a, b in self.pairs:
            ma, mb = masks[a], masks[b]
            key = (ma << 32 | mb) << 64 | sums
            keep = partners_of.get(key)
            if keep is None:
                if len(partners_of) > _CACHE:
                    partners_of.clear()
                keep = partners_of[key] = (partners(ma, mb, sums), partners(mb, ma, sums))
            if not (_narrow(masks, a, keep[0], changed) and _narrow(masks, b, keep[1], changed)):
                return False
        return True


#: Zipper's tables: the sums of two masks, and what each keeps of the other for given sums
#: (keyed by the masks, which stay far below 2**32 and sums below 2**64; cleared when full).
_PAIR_SUMS: dict[int, int] = {}
_PARTNERS: dict[int, tuple[int, int]] = {}
_CACHE = 100_000


class EqualSums:
    """Every segment of cells has the same sum (region-sum lines: one segment per region).

    The cells of one segment share a region, so they differ: for each common sum the
    bounds allow, every segment must have a fitting set of distinct values.
    """

    slow = True

    def __init__(self, segments, full: int) -> None:
        self.segments = [tuple(s) for s in segments]
        self.cells = tuple(c for s in self.segments for c in s)
        self.full = full

    def run(self, masks, changed) -> bool:
        low, high = -10**9, 10**9
        lines = []
        for seg in self.segments:
            ms = [masks[c] for c in seg]
            bounds = distinct_bounds(ms)
            if bounds is None:
                return False
            low, high = max(low, bounds[0]), min(high, bounds[1])
            lines.append(ms)
        keeps = [[0] * len(seg) for seg in self.segments]
        found = False
        for total in range(low, high + 1):
            fits = []
            for ms in lines:
                fit = distinct_sum_keeps(ms, total, self.full)
                if fit is None:
                    break
                fits.append(fit)
            else:
                found = True
                for keep, fit in zip(keeps, fits):
                    for i, f in enumerate(fit):
                        keep[i] |= f
        if not found:
            return False
        for seg, keep in zip(self.segments, keeps):
            if not _narrow_all(masks, seg, keep, changed):
                return False
        return True


class Quadruple:
    """Each listed value (as often as listed) appears among the cells."""

    def __init__(self, cells, required) -> None:
        self.cells = tuple(cells)
        self.need: dict[int, int] = {}
        for v in required:
            self.need[v] = self.need.get(v, 0) + 1
        self.all_of = 0
        for v in self.need:
            self.all_of |= 1 << v

    def run(self, masks, changed) -> bool:
        cells = self.cells
        if sum(self.need.values()) > len(cells):
            return False
        if sum(self.need.values()) == len(cells):
            if not _narrow_all(masks, cells, [self.all_of] * len(cells), changed):
                return False
        for v, count in self.need.items():
            bit = 1 << v
            able = [c for c in cells if masks[c] & bit]
            if len(able) < count:
                return False
            if len(able) == count:
                for c in able:
                    if not _narrow(masks, c, bit, changed):
                        return False
        return True


def _sum_keeps(cell_masks, total: int, allowed: int, distinct: bool):
    """Per cell, values allowed by a sum of the cells equal to ``total`` (None: impossible):
    fitting value sets when the cells must differ, else bounds."""
    cell_masks = [m & allowed for m in cell_masks]
    if not all(cell_masks):
        return None
    if distinct:
        return distinct_sum_keeps(cell_masks, total, allowed)
    if not cell_masks:
        return [] if total == 0 else None
    mins = [lowest(m) for m in cell_masks]
    maxs = [highest(m) for m in cell_masks]
    smin, smax = sum(mins), sum(maxs)
    if not smin <= total <= smax:
        return None
    out = [m & between(total - (smax - b), total - (smin - a))
           for m, a, b in zip(cell_masks, mins, maxs)]
    return out if all(out) else None


class Sandwich:
    """The values between the lowest and the highest value of a line sum to ``total``.

    For each place of the lowest and the highest value, the cells between them keep the
    values of a fitting sum (sets of distinct values when the line is a house).
    """

    def __init__(self, cells, total: int, low: int, high: int, full: int,
                 distinct: bool) -> None:
        self.cells = tuple(cells)
        self.total, self.low, self.high = total, low, high
        self.inner = full & ~(1 << low) & ~(1 << high)
        self.distinct = distinct

    def run(self, masks, changed) -> bool:
        cells = self.cells
        n = len(cells)
        lb, hb = 1 << self.low, 1 << self.high
        line = [masks[c] for c in cells]
        plain = [m & self.inner for m in line]
        ends = [k for k in range(n) if not plain[k]]  # cells that must hold low or high
        if len(ends) > 2:
            return False
        keeps = [0] * n
        sums: dict = {}  # per (a, b): the cells between them, whichever end is low
        for i in range(n):
            if not line[i] & lb:
                continue
            for j in range(n):
                if j == i or not line[j] & hb:
                    continue
                if any(k != i and k != j for k in ends):
                    continue
                a, b = (i, j) if i < j else (j, i)
                if (a, b) in sums:
                    inner = sums[a, b]
                else:
                    inner = sums[a, b] = _sum_keeps(line[a + 1:b], self.total, self.inner,
                                                    self.distinct)
                if inner is None:
                    continue
                keeps[i] |= lb
                keeps[j] |= hb
                for k in range(n):
                    if k != i and k != j:
                        keeps[k] |= inner[k - a - 1] if a < k < b else plain[k]
        if not any(keeps):
            return False
        return _narrow_all(masks, cells, keeps, changed)


class XSum:
    """The first X cells of the line sum to ``total``, X being the first cell's value.

    For each X the first cell can hold, the next X - 1 cells keep the values of a fitting
    sum (sets of distinct values when the line is a house).
    """

    def __init__(self, cells, total: int, full: int, distinct: bool) -> None:
        self.cells = tuple(cells)
        self.total, self.full, self.distinct = total, full, distinct

    def run(self, masks, changed) -> bool:
        cells = self.cells
        n = len(cells)
        line = [masks[c] for c in cells]
        keeps = [0] * n
        for x in values(line[0]):
            if not 1 <= x <= n:  # X counts 1..n cells of the line
                continue
            allowed = self.full & ~(1 << x) if self.distinct else self.full
            part = _sum_keeps(line[1:x], self.total - x, allowed, self.distinct)
            if part is None:
                continue
            keeps[0] |= 1 << x
            for k in range(1, n):
                keeps[k] |= part[k - 1] if k < x else line[k]
        if not keeps[0]:
            return False
        return _narrow_all(masks, cells, keeps, changed)


class Skyscraper:
    """Exactly ``count`` cells of the line are higher than every cell before them and than
    the ground (height 0: a 0 is never seen).

    A forward pass over the states (tallest so far, seen), then a backward pass keeping
    the moves that still reach ``count``: exact for the line (value by value). The states
    of one ``seen`` are a mask of tallest values, shifted up one bit so that bit 0 means
    "nothing yet", and each pass is a few mask operations per cell and count.
    """

    def __init__(self, cells, count: int) -> None:
        self.cells = tuple(cells)
        self.count = count

    def run(self, masks, changed) -> bool:
        cells, count = self.cells, self.count
        line = [masks[c] << 1 for c in cells]  # value v at bit v + 1
        # forward[i][s]: the tallest-so-far values reachable before cell i, having seen s
        forward = [[2] + [0] * count]  # before the first cell: the ground, height 0
        for m in line:
            prev = forward[-1]
            at_least = -(m & -m)  # bits >= the lowest value: a tallest that can stay
            nxt = [prev[0] & at_least]
            for s in range(1, count + 1):
                rise = 0
                below = prev[s - 1]
                if below:  # a value above the lowest tallest of s - 1 seen
                    rise = m & ~((below & -below) * 2 - 1)
                nxt.append((prev[s] & at_least) | rise)
            forward.append(nxt)
        if not forward[-1][count]:
            return False
        good = [0] * count + [-1]  # states after the last cell that end with count seen
        keeps = [0] * len(cells)
        for i in range(len(cells) - 1, -1, -1):
            m, here = line[i], forward[i]
            keep = 0
            back = []
            at_least = -(m & -m)
            for s in range(count + 1):
                up = m & good[s + 1] if s < count else 0  # rising to a good state
                stay = good[s] & at_least  # staying in a good state
                if up and here[s]:
                    keep |= up & ~((here[s] & -here[s]) * 2 - 1)
                reach = here[s] & good[s]
                if reach and m:
                    keep |= m & ((1 << reach.bit_length()) - 1)
                back.append(((1 << (up.bit_length() - 1)) - 1 if up else 0) | stay)
            good = back
            keeps[i] = keep >> 1
        return _narrow_all(masks, cells, keeps, changed)
