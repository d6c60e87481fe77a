"""The witness's chaos construction: the regions as unknowns of its search.

A chaos construction's regions are unknowns, and a solution is a grid with one split into
regions (``model.ChaosConstruction``): each region ``size`` orthogonally connected cells
holding every value once, a grid with two splits counting twice. The witness gives each
cell a second unknown, its region's *label* (``labels_at(puzzle)`` says where they sit in
the masks: after the cells, one per cell, bit ``q`` for region ``q``), and searches values
and labels together, each leaf one grid and one split:

- ``Split`` (the rule): a region holds at most ``size`` cells and can still reach
  ``size``; its decided values leave its other cells, and a value with one place left in
  a region goes there (both the label and the value); a region is one connected part,
  no cell farther from its decided cells than the cells it still lacks, and a part of
  its decided cells with one cell next to it that may join takes that cell. Labels are
  canonical, so each split is one labelling: regions numbered by their first cell in
  reading order (region ``q``'s first cell comes after region ``q - 1``'s).
- ``ArrowRun`` (``chaos_arrow``): bounds on each arm's run from the labels, the arrow
  cell's value inside them, and the arms' labels from the value.

The other clues on the regions (``chaos_count``, ``chaos_same``, ``chaos_regions``) are
checked on each leaf's labels (``times``), sound but blind. ``count_splits`` counts the
splits of a finished grid on its own (the road before the labels: it wandered over grids
with no split, iss-examples-49 unknown at 10 s). Written from the rule, apart from the
checker's search (``rules_chaos``) and the encoders.

>>> count_splits(2, (1, 2, 2, 1), 9)  # rows or columns
2
>>> count_splits(2, (1, 2, 1, 2), 9)  # rows only
1
"""

from __future__ import annotations


def labels_at(puzzle) -> int:
    """Where the labels start in the masks (after the cells), 0 without a chaos construction."""
    if any(c.TYPE == "chaos_construction" for c in puzzle.constraints):
        return puzzle.num_cells
    return 0


def times(puzzle, grid, label=None) -> int:
    """How many solutions a leaf of the search is: one, or for a chaos construction one
    when every clue on the regions holds on its ``label`` (one per cell), else none."""
    if label is None:
        return 1
    return int(all(_CLUES[c.TYPE](c, grid, label) for c in puzzle.constraints
                   if c.TYPE in _CLUES))


def _run(c, grid, label):
    """The arrow's runs: on each arm, the cells from its start before the first one of
    another region; the start once."""
    total, at = 1, 0
    for length in c.lengths:
        arm, at = c.cells[at:at + length], at + length
        j = 1
        while j < len(arm) and label[arm[j]] == label[arm[0]]:
            j += 1
        total += j - 1
    return total == grid[c.cell] + c.offset


def _count(c, grid, label):
    return [label[x] for x in c.cells].count(label[c.cells[0]]) == grid[c.cell] + c.offset


def _same(c, grid, label):
    """The sets of ``size`` cells hold the same labels, counts included."""
    k = c.size
    return len({tuple(sorted(label[x] for x in c.cells[i:i + k]))
                for i in range(0, len(c.cells), k)}) == 1


def _regions(c, grid, label):
    return len({label[x] for x in c.cells}) == grid[c.cell]


_CLUES = {"chaos_arrow": _run, "chaos_count": _count, "chaos_same": _same, "chaos_regions": _regions}


def chaos_construction(c, ctx):
    """The split as labels (``Split``); needs a square grid, as the rule does."""
    if ctx.cols != ctx.n or ctx.full.bit_count() != ctx.n:
        from .paradigms import UnsupportedConstraint
        raise UnsupportedConstraint(c.TYPE, "witness: on a grid that is not square")
    return [Split(ctx.n, ctx.lo, ctx.full)]


def chaos_arrow(c, ctx):
    """The arrow's runs read from the labels (``ArrowRun``); checked again at each leaf."""
    return [ArrowRun(c, ctx.n * ctx.n, ctx.lo, ctx.hi)]


def chaos_count(c, ctx):
    """The count read from the labels (``RegionCount``); checked again at each leaf."""
    return [RegionCount(c, ctx.n * ctx.n)]


def chaos_clue(c, ctx):
    """No propagator for ``chaos_same``, ``chaos_regions``: each leaf
    counts only when every clue holds on its labels (``times``). Sound but blind: the
    search does not prune on them, so the witness is slow where they decide much."""
    return []


def _bits(x: int):
    """The set bits of ``x``, lowest first (read from ``_BITS`` below 1 << 10)."""
    if x < 1024:
        return _BITS[x]
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


_BITS = [tuple(i for i in range(10) if m >> i & 1) for m in range(1024)]


def _by_mask(masks) -> dict[int, int]:
    """Each mask met in ``masks``, with the positions holding it as a bitset (many cells
    share a mask, so the planes are built per mask, not per cell).

    >>> _by_mask([3, 1, 3]) == {3: 0b101, 1: 0b10}
    True
    """
    out: dict[int, int] = {}
    get = out.get
    for x, m in enumerate(masks):
        out[m] = get(m, 0) | 1 << x
    return out


#: Pin regions 0, 1 and 2 to three cells far apart (``anchors``), as ISS does. Off:
#: measured, iss-examples-49 381 -> 9,654 nodes, cell count [harder] 4,107 -> 965
#: (docs/variants_speed.md, fifteenth round); on, the enumeration tests count alike.
ANCHORS = False

#: A part of a region's decided cells with one way out (one cell next to it that may
#: join the region) takes that cell. On, measured: iss-examples-49 381 -> 500 nodes,
#: cell count [harder] 4,107 -> 1,831 (docs/variants_speed.md, twenty-seventh round,
#: witness6).
DOORS = True


def anchors(n: int) -> list[int]:
    """Cells that lie in distinct regions of any split, their regions labelled 0, 1, ...:
    the first cell, then in reading order each cell ``n`` or more steps from those taken
    (a region of ``n`` cells spans at most ``n - 1``), up to three.

    >>> anchors(9), anchors(4), anchors(2)
    ([0, 17, 57], [0, 7, 13], [0, 3])
    """
    taken = [0]
    for x in range(n * n):
        if len(taken) == 3:
            break
        if all(abs(x // n - a // n) + abs(x % n - a % n) >= n for a in taken):
            taken.append(x)
    return taken


class Split:
    """The chaos construction's rule on values and labels together (see the module's
    docstring). Cells ``0 .. N-1`` hold values, ``N .. 2N-1`` their labels."""

    slow = True  # a scan over every cell: once the cheap propagators are quiet
    failed = ()  # its failure blames no cell (it watches them all): a failed guess does

    def __init__(self, n: int, lo: int, full: int) -> None:
        self.n, self.N, self.lo, self.full = n, n * n, lo, full
        self.cells = tuple(range(2 * n * n))
        self.links = [(x, n * n + x) for x in range(n * n)]  # a cell and its label
        self.anchors = anchors(n) if ANCHORS else [0]
        self.every = (1 << n * n) - 1
        col0 = sum(1 << (r * n) for r in range(n))
        self.not_first = self.every & ~col0  # cells with a neighbour on their left
        self.not_last = self.every & ~(col0 << (n - 1))

    def _reach(self, start: int, inside: int, steps: int = -1) -> int:
        """The cells of ``inside`` joined to ``start`` (within ``steps`` moves if >= 0).
        Each step adds the cells of ``inside`` orthogonally next to the part (written
        out here: a method call per step was a third of the flood's time)."""
        n, not_first, not_last = self.n, self.not_first, self.not_last
        part = start
        while steps:
            grown = part | (((part << n) | (part >> n) | ((part << 1) & not_first)
                             | ((part >> 1) & not_last)) & inside)
            if grown == part:
                break
            part, steps = grown, steps - 1
        return part

    def run(self, masks: list[int], changed: list[int]) -> bool:
        n, N, lo = self.n, self.N, self.lo
        vals, labs = masks[:N], masks[N:N + N]
        keep_lab = [~0] * n  # per region: the cells that may keep it (as a bitset)
        fix_lab = [0] * n  # per region: the cells it must take
        drop_val = [0] * N  # per cell: values it loses
        fix_val = {}  # cell -> the one value it must take
        planes = [0] * (n + lo)  # per value: the cells that may hold it
        decided = [0] * (n + lo)  # per value: the cells holding it
        for m, where in _by_mask(vals).items():  # (cells of one mask taken together)
            if not m & (m - 1):
                decided[m.bit_length() - 1] |= where
            for v in _bits(m):
                planes[v] |= where
        poss, fixed = [0] * n, [0] * n  # per region: the cells that may take it, that took it
        for m, where in _by_mask(labs).items():
            if not m & (m - 1):
                if not m:
                    return False
                fixed[m.bit_length() - 1] |= where
            for q in _bits(m):
                poss[q] |= where
        for q in range(n):
            F, P = fixed[q], poss[q]
            nf = F.bit_count()
            if nf > n or P.bit_count() < n:
                return False
            # values: each once in the region, each with a place in it
            held = 0
            for x in _bits(F):
                m = vals[x]
                if not m & (m - 1):
                    if held & m:
                        return False
                    held |= m
            if held:
                for x in _bits(F):
                    if vals[x] & (vals[x] - 1):
                        drop_val[x] |= held
                for v in _bits(held):
                    keep_lab[q] &= ~(decided[v] & ~F)  # another cell holding v stays out
            for v in range(lo, lo + n):
                places = planes[v] & P
                if not places:
                    return False
                if not places & (places - 1):
                    x = places.bit_length() - 1
                    fix_lab[q] |= places
                    if fix_val.setdefault(x, v) != v:
                        return False
            # size: full, or just enough cells left
            if nf == n:
                keep_lab[q] &= F
            elif P.bit_count() == n:
                fix_lab[q] |= P
            # connected: one part around the decided cells, none beyond reach
            if F:
                first = F & -F
                whole = self._reach(first, P)
                if F & ~whole or whole.bit_count() < n:
                    return False
                keep_lab[q] &= self._reach(F, whole, n - nf)
                if DOORS and nf < n:
                    # each part of its decided cells (joined among themselves) grows
                    # through a door, a cell next to it that may join: with one, it joins
                    left = F
                    while left:
                        part = self._reach(left & -left, F)
                        left &= ~part
                        doors = self._reach(part, P, 1) & ~F
                        if not doors:
                            return False
                        if not doors & (doors - 1):
                            fix_lab[q] |= doors
            else:
                left, ok = P, 0
                while left:
                    part = self._reach(left & -left, P)
                    left &= ~part
                    if part.bit_count() >= n:
                        ok |= part
                keep_lab[q] &= ok
        # canonical labels: the anchors' regions first, each other region q's first
        # cell after region q-1's
        pinned = len(self.anchors)
        for q, a in enumerate(self.anchors):
            fix_lab[q] |= 1 << a
        low = [(P & -P).bit_length() - 1 for P in poss]
        high = [(F & -F).bit_length() - 1 if F else N for F in fixed]
        for q in range(pinned + 1, n):
            low[q] = max(low[q], low[q - 1] + 1)
        for q in range(n - 2, pinned - 1, -1):
            high[q] = min(high[q], high[q + 1] - 1)
        for q in range(pinned, n):
            if low[q] > high[q]:
                return False
            keep_lab[q] &= ~((1 << low[q]) - 1)
            first = poss[q] & keep_lab[q] & ((2 << high[q]) - 1)
            if not first:
                return False
            if not first & (first - 1):
                fix_lab[q] |= first
        # write back, touching only the cells that lose something
        touched = set()
        for q in range(n):
            lose, bit = poss[q] & ~keep_lab[q], 1 << q
            if lose:
                for x in _bits(lose):
                    masks[N + x] &= ~bit
                    touched.add(N + x)
            only = fix_lab[q] & ~fixed[q]
            if only:
                for x in _bits(only):
                    masks[N + x] &= bit
                    touched.add(N + x)
        for x, v in fix_val.items():
            drop_val[x] |= ~(1 << v)
        for x, drop in enumerate(drop_val):
            if drop and vals[x] & drop:
                masks[x] &= ~drop
                touched.add(x)
        for x in touched:
            if not masks[x]:
                return False
            changed.append(x)
        return True


class RegionCount:
    """``chaos_count`` on values and labels: the counted cells in the first one's region
    (itself too) number the value of ``cell`` plus the offset. For each region the first
    cell may lie in, the cells sure to be in it and those that may be bound the count: a
    region no allowed count fits leaves the first cell, a value no region fits leaves
    ``cell``; with the first cell's region known, a count at its least keeps the others
    out, at its most takes them all in."""

    def __init__(self, c, N: int) -> None:
        self.cell, self.offset = c.cell, c.offset
        self.counted = tuple(N + x for x in c.cells)
        self.cells = (c.cell,) + tuple(dict.fromkeys(self.counted))
        # the first counted cell is in its own region: it counts (each time it is listed)
        # whatever its label; the others count by theirs
        self.firsts = self.counted.count(self.counted[0])
        self.others = tuple(x for x in self.counted if x != self.counted[0])

    def run(self, masks: list[int], changed: list[int]) -> bool:
        counted, offset = self.counted, self.offset
        first = counted[0]
        s, m = masks[first], masks[self.cell]
        region_keep = value_keep = 0
        bounds = {}
        # per region q: the counted cells sure to be in it, that may be (the first always)
        sure, may = [self.firsts] * s.bit_length(), [self.firsts] * s.bit_length()
        for x in self.others:
            mx = masks[x]
            if mx & s:
                if not mx & (mx - 1):
                    q = mx.bit_length() - 1
                    sure[q] += 1
                    may[q] += 1
                else:
                    for q in _bits(mx & s):
                        may[q] += 1
        for q in _bits(s):
            bit = 1 << q
            fits = 0
            for v in _bits(m):
                if sure[q] <= v + offset <= may[q]:
                    fits |= 1 << v
            if fits:
                region_keep |= bit
                value_keep |= fits
                bounds[bit] = sure[q], may[q]
        if not region_keep:
            return False
        for x, keep in ((first, region_keep), (self.cell, value_keep)):
            if masks[x] != keep:
                masks[x] = keep
                changed.append(x)
        if region_keep & (region_keep - 1):
            return True
        sure, may = bounds[region_keep]
        if sure == may:
            return True
        t_low = (value_keep & -value_keep).bit_length() - 1 + offset
        t_high = value_keep.bit_length() - 1 + offset
        bit = region_keep
        if t_low == may or t_high == sure:  # all the open ones in, or all out
            for x in counted:
                old = masks[x]
                if x != first and old & bit and old != bit:
                    masks[x] = bit if t_low == may else old & ~bit
                    changed.append(x)
        return True


class ArrowRun:
    """``chaos_arrow`` on values and labels: the arrow cell's value plus the offset is
    one plus each arm's run beyond its start (the cells sharing the start's region, up
    to the first that does not). Bounds on each run come from the labels; the value
    keeps the totals within them, and the totals bound each run back: a run that must
    reach past its sure part shares the start's label, one that must stop does not."""

    def __init__(self, c, N: int, lo: int, hi: int) -> None:
        self.cell, self.offset, self.N, self.lo, self.hi = c.cell, c.offset, N, lo, hi
        arms, at = [], 0
        for length in c.lengths:
            arms.append(tuple(N + x for x in c.cells[at:at + length]))
            at += length
        self.arms = [a for a in arms if len(a) > 1]  # an arm of its start alone adds nothing
        self.start = N + c.cells[0] if c.cells else None
        self.cells = (c.cell,) + tuple(dict.fromkeys(x for a in self.arms for x in a))

    def run(self, masks: list[int], changed: list[int]) -> bool:
        arms, offset = self.arms, self.offset
        sure, most = [], []  # per arm: cells beyond the start certainly / possibly in its run
        for arm in arms:
            s = masks[arm[0]]
            single = not s & (s - 1)
            j = 1
            while single and j < len(arm) and masks[arm[j]] == s:
                j += 1
            k, common = j, s  # the cells sharing the start's label share one label
            while k < len(arm) and masks[arm[k]] & common:
                common &= masks[arm[k]]
                k += 1
            sure.append(j - 1)
            most.append(k - 1)
        low, high = 1 + sum(sure), 1 + sum(most)
        m = masks[self.cell]
        keep = 0
        for v in _bits(m):
            if low <= v + offset <= high:
                keep |= 1 << v
        if not keep:
            return False
        if keep != m:
            masks[self.cell] = keep
            changed.append(self.cell)
        t_low = (keep & -keep).bit_length() - 1 + offset
        t_high = keep.bit_length() - 1 + offset
        for i, arm in enumerate(arms):
            need = t_low - (high - most[i])  # extras this arm must have
            room = t_high - (low - sure[i])  # extras it may have
            s = masks[arm[0]]
            if need > sure[i]:
                both = s
                for x in arm[1:need + 1]:
                    both &= masks[x]
                if not both:
                    return False
                for x in arm[:need + 1]:
                    if masks[x] != both:
                        masks[x] = both
                        changed.append(x)
                s = both
            if room == sure[i] and room + 1 < len(arm) and not s & (s - 1):
                x = arm[room + 1]  # the run stops before it
                if masks[x] & s:
                    rest = masks[x] & ~s
                    if not rest:
                        return False
                    masks[x] = rest
                    changed.append(x)
        return True


def count_splits(n: int, grid, cap: int, keep=None, deadline=None) -> int:
    """How many splits of ``grid`` (row-major, ``n`` x ``n``) into chaos regions, up to
    ``cap`` (only those whose labels ``keep`` accepts, when given). ``TimeUp`` past
    ``deadline`` (a ``time.perf_counter()`` value): a 9x9 grid has very many splits."""
    import time

    from .witness_search import TimeUp

    steps = [0]
    label = [-1] * (n * n)
    size, held = [0] * n, [0] * n
    found, low = 0, min(grid)

    def shut(cell):
        """The labelled part of ``cell``'s region around it, if no cell of it borders an
        unlabelled cell (else None)."""
        q, part, todo = label[cell], {cell}, [cell]
        while todo:
            u = todo.pop()
            r, c = divmod(u, n)
            for w, ok in ((u - n, r > 0), (u + n, r < n - 1), (u - 1, c > 0), (u + 1, c < n - 1)):
                if not ok:
                    continue
                if label[w] == -1:
                    return None
                if label[w] == q and w not in part:
                    part.add(w)
                    todo.append(w)
        return part

    def place(x, top):
        nonlocal found
        steps[0] += 1
        if deadline is not None and not steps[0] % 4096 and time.perf_counter() > deadline:
            raise TimeUp
        if x == n * n:
            if all(len(shut(u)) == n for u in range(n * n - n, n * n)) and (
                    keep is None or keep(label)):
                found += 1
            return
        bit = 1 << (grid[x] - low)
        for q in range(min(top + 2, n)):
            if size[q] == n or held[q] & bit:
                continue
            label[x], size[q], held[q] = q, size[q] + 1, held[q] | bit
            ok = True
            for u in (x - n, x) if x >= n else (x,):
                part = shut(u) if u >= 0 else None
                if part is not None and len(part) != n:
                    ok = False
                    break
            if ok:
                place(x + 1, max(top, q))
            label[x], size[q], held[q] = -1, size[q] - 1, held[q] & ~bit
            if found >= cap:
                return

    place(0, -1)
    return found
