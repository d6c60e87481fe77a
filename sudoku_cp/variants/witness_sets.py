"""Witness propagators of ISS's set, connection, rank and doppelganger rules
(``witness_build.BUILDERS`` takes the builders in).

Written from the model's rules, sharing nothing with the encoders or the checker. Each
propagator narrows what it can and, once its cells are all fixed, holds exactly when the
rule does (so the search stays complete):

- ``SameCounts``: per value, the sets' possible counts must overlap; a value no set can
  hold leaves every set; a set that needs every open cell for it gets them;
- ``SameHolds``: a value one house surely holds must fit in each; one a house cannot
  hold leaves the others;
- ``Connected``: the cells that surely hold a value lie in one group of cells that may;
  the others of those values leave cells outside it; sizes bound the group;
- ``Missing``: the houses of a kind miss the values one each (a value only one house may
  miss is missed there; a house left one value to miss misses it); a house holds every
  value it may not miss; a 0 keeps the value one of its houses surely misses from its
  other houses, and a cell whose houses surely miss one value twice holds no 0;
- ``Ranked``: a clued line's first value is set by its rank; lines surely smaller are
  counted against the rank, with the lines that may still be; ties as the rule says.
"""

from __future__ import annotations

from .witness_counting import CountIn
from .witness_props import Restrict, between, values


def _single(m):
    return m and not m & (m - 1)


class SameCounts:
    """The groups of cells hold the same values, each as many times."""

    def __init__(self, groups, full) -> None:
        self.groups = [tuple(g) for g in groups]
        self.cells = tuple(x for g in self.groups for x in g)
        self.full = full

    def run(self, masks, changed) -> bool:
        for v in values(self.full):
            bit = 1 << v
            least = most = None
            spans = []
            for g in self.groups:
                sure = sum(1 for x in g if masks[x] == bit)
                may = sum(1 for x in g if masks[x] & bit)
                spans.append((sure, may))
                least = sure if least is None else max(least, sure)
                most = may if most is None else min(most, may)
            if least > most:
                return False
            for g, (sure, may) in zip(self.groups, spans):
                for x in g:
                    m = masks[x]
                    if most == 0 and m & bit:
                        masks[x] = m & ~bit
                    elif may == least and sure < may and m & bit and m != bit:
                        masks[x] = bit
                    else:
                        continue
                    if not masks[x]:
                        return False
                    changed.append(x)
        return True


class SameHolds:
    """Every house of ``houses`` holds the same set of values."""

    def __init__(self, houses, full) -> None:
        self.houses = [tuple(h) for h in houses]
        self.cells = tuple(sorted({x for h in self.houses for x in h}))
        self.full = full

    def run(self, masks, changed) -> bool:
        for v in values(self.full):
            bit = 1 << v
            sure = any(masks[x] == bit for h in self.houses for x in h)
            never = any(not any(masks[x] & bit for x in h) for h in self.houses)
            if sure and never:
                return False
            for h in self.houses:
                may = [x for x in h if masks[x] & bit]
                if never:
                    for x in may:
                        masks[x] &= ~bit
                        if not masks[x]:
                            return False
                        changed.append(x)
                elif sure and len(may) == 1 and masks[may[0]] != bit:
                    masks[may[0]] = bit
                    changed.append(may[0])
        return True


class Connected:
    """The cells holding a value of ``mask`` form one non-empty orthogonal group (of
    ``size`` cells when size is not 0)."""

    def __init__(self, n, mask, size) -> None:
        self.n, self.mask, self.size = n, mask, size
        self.cells = tuple(range(n * n))

    def _group(self, start, may):
        n, seen, todo = self.n, {start}, [start]
        while todo:
            r, col = divmod(todo.pop(), n)
            for rr, cc in ((r - 1, col), (r + 1, col), (r, col - 1), (r, col + 1)):
                y = rr * n + cc
                if 0 <= rr < n and 0 <= cc < n and y in may and y not in seen:
                    seen.add(y)
                    todo.append(y)
        return seen

    def run(self, masks, changed) -> bool:
        may = {x for x in self.cells if masks[x] & self.mask}
        sure = [x for x in self.cells if masks[x] and not masks[x] & ~self.mask]
        if not may or (self.size and (len(sure) > self.size or len(may) < self.size)):
            return False
        if not sure:
            return True
        group = self._group(sure[0], may)
        if any(x not in group for x in sure) or (self.size and len(group) < self.size):
            return False
        for x in may - group:
            masks[x] &= ~self.mask
            if not masks[x]:
                return False
            changed.append(x)
        return True


class Missing:
    """Doppelganger: each house of a kind misses a different value of 1..n; at a 0 its
    houses (``seen[cell]``: their indices in ``houses``) miss different values.

    A house may miss a value none of its cells is fixed to (only the value its cells cannot
    hold, when there is one). The n houses of a kind miss the n values one each: a house
    left one value to miss misses it, and the others may not; a value only one house may
    miss is missed there. A house misses its value (it leaves every cell of the house), and
    holds every value it may not miss (a value one cell alone can take goes there).
    """

    slow = True

    def __init__(self, houses, kinds, seen, n) -> None:
        self.houses = [tuple(h) for h in houses]
        self.kinds, self.seen, self.n = kinds, seen, n  # kinds: lists of house indices
        self.cells = tuple(range(n * n))
        self.every = between(1, n)

    def _may_miss(self, masks):
        """Per house, the values of 1..n it may miss; None when one misses two."""
        out = []
        for h in self.houses:
            can = fixed = 0
            for x in h:
                m = masks[x]
                can |= m
                if not m & (m - 1):
                    fixed |= m
            gone = self.every & ~can
            if gone & (gone - 1):
                return None
            out.append(gone if gone else self.every & ~fixed)
        return out

    def _match(self, may):
        """Narrow ``may`` by the houses of each kind missing the values one each; False
        when a kind cannot."""
        for kind in self.kinds:
            moved = True
            while moved:
                moved = False
                for v in values(self.every):
                    bit = 1 << v
                    takers = [i for i in kind if may[i] & bit]
                    if not takers:
                        return False
                    if len(takers) == 1 and may[takers[0]] != bit:
                        may[takers[0]] = bit
                        moved = True
                for i in kind:
                    m = may[i]
                    if not m:
                        return False
                    if not m & (m - 1):
                        for j in kind:
                            if j != i and may[j] & m:
                                may[j] &= ~m
                                moved = True
        return True

    def run(self, masks, changed) -> bool:
        may = self._may_miss(masks)
        if may is None or not self._match(may):
            return False
        # At a 0 its houses miss different values: a 0 decided there keeps a value a house
        # surely misses from the others; two of them surely missing one value keep a 0 out.
        narrowed = False
        for x, mine in self.seen.items():
            m = masks[x]
            if not m & 1:
                continue
            known = [may[i] for i in mine if not may[i] & (may[i] - 1)]
            if len(known) == len(set(known)):
                if m == 1 and known:
                    for i in mine:
                        for v in known:
                            if may[i] != v and may[i] & v:
                                may[i] &= ~v
                                narrowed = True
            elif m == 1:
                return False
            else:
                masks[x] = m & ~1
                changed.append(x)
        if narrowed and not self._match(may):
            return False
        for h, m in zip(self.houses, may):
            if not m & (m - 1):  # the house misses m
                for x in h:
                    if masks[x] & m:
                        masks[x] &= ~m
                        if not masks[x]:
                            return False
                        changed.append(x)
            for v in values(self.every & ~m):  # values it holds
                bit = 1 << v
                at = [x for x in h if masks[x] & bit]
                if not at:
                    return False
                if len(at) == 1 and masks[at[0]] != bit:
                    masks[at[0]] = bit
                    changed.append(at[0])
        return True


class Ranked:
    """The line ``mine`` ranks ``rank``-th among ``lines`` read as numbers: ``rank - 1``
    others are smaller; ``tied``: whether another line may read the same. It compares the
    line with every other on each run, so it waits until the cheap propagators and the
    houses are quiet (``slow``)."""

    slow = True

    def __init__(self, mine, rank, lines, tied) -> None:
        self.mine, self.rank, self.tied = tuple(mine), rank, tied
        self.others = [tuple(line) for line in lines if tuple(line) != self.mine]
        self.cells = tuple(sorted({x for line in lines for x in line}))

    def _order(self, masks, a, b):
        """-1 / 1 when line a surely reads smaller / larger than b, 0 when they surely
        read the same, None when it is still open."""
        seen = 0  # values both lines hold before here: a row or column holds each once
        for x, y in zip(a, b):
            ma, mb = masks[x] & ~seen, masks[y] & ~seen
            if _single(ma) and ma == mb:
                seen |= ma
                continue
            if ma.bit_length() - 1 < (mb & -mb).bit_length() - 1:
                return -1
            if (ma & -ma).bit_length() - 1 > mb.bit_length() - 1:
                return 1
            return None
        return 0

    def run(self, masks, changed) -> bool:
        smaller, maybe = 0, []
        first = masks[self.mine[0]]
        low, high = (first & -first).bit_length() - 1, first.bit_length() - 1
        for line in self.others:
            m = masks[line[0]]  # (what _order finds at the first cell, without the call)
            if m.bit_length() - 1 < low:
                smaller += 1
                continue
            if (m & -m).bit_length() - 1 > high:
                continue
            order = self._order(masks, line, self.mine)
            if order == -1:
                smaller += 1
            elif order is None:
                maybe.append(line)
            elif order == 0 and not self.tied:
                return False
        if not smaller <= self.rank - 1 <= smaller + len(maybe):
            return False
        if smaller == self.rank - 1:  # the open lines read no smaller than the clued one
            return all(_no_larger(masks, changed, self.mine, line) for line in maybe)
        if smaller + len(maybe) == self.rank - 1:  # they all read smaller
            return all(_no_larger(masks, changed, line, self.mine) for line in maybe)
        return True


def _no_larger(masks, changed, low, high) -> bool:
    """Narrow so that line ``low`` reads no larger than ``high``: past the positions where
    both hold one same value, the first other position keeps low <= high there (ISS's
    ``_enforceOrderedEntryPair``); False when a cell is left empty."""
    seen = 0  # values both hold before here (each line holds a value once)
    for x, y in zip(low, high):
        ml, mh = masks[x] & ~seen, masks[y] & ~seen
        if _single(ml) and ml == mh:
            seen |= ml
            continue
        keep_low = ml & ((1 << (mh.bit_length())) - 1)  # values <= the largest of high
        keep_high = mh & ~((ml & -ml) - 1)  # values >= the smallest of low
        for cell, old, new in ((x, masks[x], keep_low), (y, masks[y], keep_high)):
            if new != old:
                if not new:
                    return False
                masks[cell] = new
                changed.append(cell)
        if not (_single(keep_low) and keep_low == keep_high):
            return True
        seen |= keep_low
    return True


class Distinct:
    """No two of ``lines`` read the same (checked once both are fixed)."""

    def __init__(self, lines) -> None:
        self.lines = [tuple(line) for line in lines]
        self.cells = tuple(sorted({x for line in lines for x in line}))

    def run(self, masks, changed) -> bool:
        seen = set()
        for line in self.lines:
            ms = tuple(masks[x] for x in line)
            if all(_single(m) for m in ms):
                if ms in seen:
                    return False
                seen.add(ms)
        return True


# -- builders: constraint -> propagators ----------------------------------------------------------

def same_values(c, ctx):
    size = len(c.cells) // c.sets
    return [SameCounts([c.cells[i * size:(i + 1) * size] for i in range(c.sets)], ctx.full)]


def region_same_values(c, ctx):
    most = max(len(h) for h in ctx.houses)
    houses = [h for h in ctx.houses if len(h) == most]
    return [] if ctx.full.bit_count() == most else [SameHolds(houses, ctx.full)]


def connected_values(c, ctx):
    mask = 0
    for v in c.values:
        mask |= 1 << v
    return [Connected(ctx.n, mask, c.size)]


def doppelganger(c, ctx):
    n = ctx.n
    rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
    cols = [tuple(range(col, n * n, n)) for col in range(n)]
    boxes = [tuple(b) for b in ctx.puzzle.boxes()]
    houses = rows + cols + boxes
    kinds = [list(range(n)), list(range(n, 2 * n)), list(range(2 * n, len(houses)))]
    box_of = {x: 2 * n + i for i, b in enumerate(boxes) for x in b}
    seen = {x: [x // n, n + x % n] + ([box_of[x]] if x in box_of else []) for x in range(n * n)}
    out = [Restrict(x, between(0, n)) for x in range(n * n)]  # values 0..n only
    out += [CountIn(h, 1, 1, 1) for h in houses]  # a 0 in every house
    return out + [Missing(houses, kinds, seen, n)]


def lines_of(n):
    out = []
    for r in range(n):
        row = tuple(range(r * n, r * n + n))
        out += [row, row[::-1]]
    for col in range(n):
        column = tuple(range(col, n * n, n))
        out += [column, column[::-1]]
    return out


def full_rank(c, ctx):
    said = {x.ties for x in ctx.puzzle.constraints if x.TYPE == "full_rank_ties"}
    first = ctx.lo + (c.rank + 3) // 4 - 1  # rank 4k-3..4k: the k-th value starts the line
    return [Restrict(c.cells[0], 1 << first if ctx.lo <= first <= ctx.hi else 0),
            Ranked(c.cells, c.rank, lines_of(ctx.n), said == {"any"})]


def full_rank_ties(c, ctx):
    return [Distinct(lines_of(ctx.n))] if c.ties == "none" else []


BUILDERS = {
    "same_values": same_values, "region_same_values": region_same_values,
    "connected_values": connected_values, "doppelganger": doppelganger,
    "full_rank": full_rank, "full_rank_ties": full_rank_ties,
}
