"""Witness propagators for rules over a line's values taken together: sum lines, lunchboxes,
counting circles.

Each has ``cells`` and ``run(masks, changed) -> bool`` as in ``witness_props`` and is
written from its rule's own definition (no implied constraint, no code shared with the
encoders or the checker). Each removes only values that no assignment of its own cells
satisfying its rule can use, given the other cells' candidates:

- ``SumLine``: the runs that reset at the total, walked forwards and backwards over the
  candidates (the sets of running sums reachable before each cell, and those from which
  the line can still end on a boundary), so a value stays only when some walk through it
  divides the whole line; a loop tries each partial run it may start with.
- ``Lunchbox``: each choice of the cells holding the smallest and largest value and of
  those two values, with the cells between them needing distinct values strictly between
  that sum to the total, and every other cell a value strictly between.
- ``CountingCircles``: per value, the circles that hold it and may hold it; a value used
  at all fills exactly that many circles, and the values used fill all the circles.
"""

from __future__ import annotations

from .witness_props import between, distinct_sum_keeps, values


#: A memo of ``keeps`` holds at most this many sets of masks (then starts afresh).
_MEMO_SIZE = 50_000


def _memo_run(prop, masks, changed) -> bool:
    """Run ``prop`` (whose ``keeps(ms)`` depends on its cells' masks ``ms`` alone, and is
    dear: scans over cases): its answer for masks met before is looked up (the search
    meets the same masks again and again), then the cells are narrowed to it."""
    ms = tuple([masks[x] for x in prop.cells])
    memo = prop.memo
    keeps = memo.get(ms, memo)  # (the memo itself stands for "not met yet")
    if keeps is memo:
        if len(memo) >= _MEMO_SIZE:
            memo.clear()
        keeps = memo[ms] = prop.keeps(ms)
    return keeps is not None and _narrow_to(masks, prop.cells, keeps, changed)


def _narrow_to(masks, cells, keeps, changed) -> bool:
    """Intersect each cell's mask with its keep (a cell listed twice keeps both)."""
    for x, keep in zip(cells, keeps):
        old = masks[x]
        new = old & keep
        if new != old:
            if not new:
                return False
            masks[x] = new
            changed.append(x)
    return True


class SumLine:
    """The values of ``cells`` in order divide into runs that each sum to ``total`` (a run
    resets the moment its sum reaches the total; the line ends on a reset or empty); with
    ``loop`` the walk may start at any cell. Values must be 0 or more.

    >>> masks = [0b1110, 0b1110, 0b0110]  # 1..3, 1..3, 1..2: runs of 3
    >>> SumLine((0, 1, 2), 3).run(masks, []), [sorted(values(m)) for m in masks]
    (True, [[1, 3], [1, 2], [1, 2]])
    """

    slow = True

    def __init__(self, cells, total: int, loop: bool = False) -> None:
        self.cells, self.total, self.loop = tuple(cells), total, loop
        self.below = (1 << total) - 1  # running sums a run may hold before its total

    def _step(self, runs: int, v: int) -> int:
        """The running sums after adding ``v`` to each of ``runs`` (a bit per sum)."""
        s = runs << v
        return (s & self.below) | ((s >> self.total) & 1)

    def _keeps(self, ms, start: int):
        """Per position, the values some walk from running sum ``start`` back to ``start``
        at the end can give it; None when no walk exists."""
        step, total = self._step, self.total
        forward = [1 << start]
        for m in ms:
            runs, nxt = forward[-1], 0
            for v in values(m):
                nxt |= step(runs, v)
            if not nxt:
                return None
            forward.append(nxt)
        if not forward[-1] >> start & 1:
            return None
        back = 1 << start  # running sums at the next position from which the end is reached
        keeps = [0] * len(ms)
        for i in range(len(ms) - 1, -1, -1):
            runs, prev, keep = forward[i], 0, 0
            for v in values(ms[i]):
                if step(runs, v) & back:
                    keep |= 1 << v
                    # the sums r with r + v still short of the total, or landing on it
                    prev |= (back >> v) & self.below
                    if back & 1 and (0 < v <= total or v == total == 0):
                        prev |= 1 << (total - v)
            keeps[i] = keep
            back = prev & runs
        return keeps

    def run(self, masks, changed) -> bool:
        ms = [masks[x] for x in self.cells]
        keeps = None
        for start in range(max(self.total, 1)) if self.loop else (0,):
            got = self._keeps(ms, start)
            if got is not None:
                keeps = got if keeps is None else [a | b for a, b in zip(keeps, got)]
        if keeps is None:
            return False
        return _narrow_to(masks, self.cells, keeps, changed)


class Lunchbox:
    """The values of ``cells`` differ, and those strictly between (along the line) the cells
    holding the smallest and the largest sum to ``total``.

    >>> masks = [0b1110, 0b1110, 0b1110]  # 1..3 each, total 2: the 2 in the middle
    >>> Lunchbox((0, 1, 2), 2).run(masks, []), [sorted(values(m)) for m in masks]
    (True, [[1, 3], [2], [1, 3]])
    """

    slow = True

    def __init__(self, cells, total: int) -> None:
        self.cells, self.total = tuple(cells), total
        self.memo: dict = {}  # masks -> keeps (``_memo_run``)

    def run(self, masks, changed) -> bool:
        return _memo_run(self, masks, changed)

    def keeps(self, ms):
        """Per cell, the values some filling within masks ``ms`` gives it; None: none."""
        total = self.total
        k = len(ms)
        if k < 2:
            return list(ms) if k == 0 or total == 0 and ms[0] else None
        # Each pair of places (a < b) holds the smallest and the largest value, either way
        # round; both ways share what lies between (the inner cells' sum) and outside, so
        # each pair of values (lo < hi) is tried once for the two.
        keeps = [0] * k
        for a in range(k):
            for b in range(a + 1, k):
                ma, mb = ms[a], ms[b]
                ends = ma | mb
                inner = range(a + 1, b)
                n = b - a - 1  # the inner cells: n distinct values above lo and below hi
                if n == 0 and total != 0:
                    continue
                least = n * (n + 1) // 2  # what they sum to at least, above lo
                outer = [p for p in range(k) if p != a and p != b and not a < p < b]
                for lo in values(ends):
                    if n * lo + least > total:
                        break  # (and more so for every larger lo)
                    for hi in values(ends & ~between(0, lo + k - 2)):
                        # (hi - lo - 1 >= k - 2: room between for the other cells)
                        if n * hi - least < total:
                            continue  # the inner cells cannot reach the total
                        forward = ma >> lo & 1 and mb >> hi & 1  # lo at a, hi at b
                        backward = mb >> lo & 1 and ma >> hi & 1  # lo at b, hi at a
                        if not (forward or backward):
                            continue
                        middle = between(lo + 1, hi - 1)
                        if any(not ms[p] & middle for p in outer):
                            continue
                        got = distinct_sum_keeps([ms[p] & middle for p in inner], total, middle)
                        if got is None:
                            continue
                        if forward:
                            keeps[a] |= 1 << lo
                            keeps[b] |= 1 << hi
                        if backward:
                            keeps[b] |= 1 << lo
                            keeps[a] |= 1 << hi
                        for p, keep in zip(inner, got):
                            keeps[p] |= keep
                        for p in outer:
                            keeps[p] |= ms[p] & middle
        return keeps if keeps[0] else None


class CountingCircles:
    """Each of ``cells`` holds the number of ``cells`` holding its value (values 1 up).

    Per value v: ``sure`` circles hold it, ``maybe`` may. More than v sure fails; fewer
    than v possible and v leaves every circle; a used v possible in exactly v circles fills
    them, and one v circles hold already leaves the others. The values used sum to the
    number of circles (each circle is counted once, by its own value): a value in no such
    set of usable values leaves every circle.

    >>> masks = [0b110, 0b110, 0b110]  # three circles, 1 or 2 each
    >>> CountingCircles((0, 1, 2)).run(masks, []), masks  # a 1 and two 2s: no 3 to add
    (True, [6, 6, 6])
    >>> masks = [0b010, 0b110, 0b100]
    >>> CountingCircles((0, 1, 2)).run(masks, []), masks  # 1 is used once: the 2s fill the rest
    (True, [2, 4, 4])
    >>> masks = [0b010, 0b110, 0b110]
    >>> CountingCircles((0, 1, 2)).run(masks, []), masks  # one 1 is all the 1s there are
    (True, [2, 4, 4])
    """

    slow = True

    def __init__(self, cells) -> None:
        self.cells = tuple(cells)
        self.memo: dict = {}  # masks -> keeps (``_memo_run``)

    def run(self, masks, changed) -> bool:
        return _memo_run(self, masks, changed)

    def keeps(self, ms):
        """Per cell, what it keeps of masks ``ms``; None when the rule cannot hold."""
        k = len(ms)
        sure: dict[int, int] = {}
        maybe: dict[int, int] = {}
        for m in ms:
            if not m:
                return None
            for v in values(m):
                maybe[v] = maybe.get(v, 0) + 1
            if not m & (m - 1):
                v = m.bit_length() - 1
                sure[v] = sure.get(v, 0) + 1
        used, need = [], k
        for v, n in sure.items():
            if n > v or maybe[v] < v:
                return None
            used.append(v)
            need -= v
        optional = [v for v, n in maybe.items() if v not in sure and 0 < v <= n]
        # which optional values belong to some set summing to ``need``: sums reachable
        # with the values before each one and after it
        reach = [1]
        for v in optional:
            reach.append(reach[-1] | (reach[-1] << v))
        if need < 0 or not reach[-1] >> need & 1:
            return None
        allowed = 0
        after = 1
        for idx in range(len(optional) - 1, -1, -1):
            v = optional[idx]
            before = reach[idx]
            rest = need - v
            # some sum s before and t after with s + t == rest
            if rest >= 0 and any(before >> s & 1 and after >> (rest - s) & 1
                                 for s in range(rest + 1)):
                allowed |= 1 << v
            after |= after << v
        for v in used:
            allowed |= 1 << v
        keeps = []
        for m in ms:
            m &= allowed
            if not m:
                return None
            keeps.append(m)
        # a used value possible in exactly as many circles as it is fills them; one held
        # by as many circles as it is leaves every other circle
        for v in used:
            bit = 1 << v
            if maybe[v] == v:
                keeps = [bit if keep & bit else keep for keep in keeps]
            elif sure[v] == v:
                keeps = [keep if m == bit else keep & ~bit for m, keep in zip(ms, keeps)]
                if not all(keeps):
                    return None
        return keeps


class AllPairs:
    """Every two of ``cells`` (in order) hold values their pair's rule allows: ``allowed(v,
    w)`` for the earlier cell's v and the later's w (a Nabner line: no two values equal or
    consecutive); with ``edges`` (pairs of positions, earlier first), only those pairs (a
    whisper that closes into a loop). Arc consistency on each pair misses what the group
    rules out together (four cells of a Nabner line need four values two apart; three
    cells of a whisper loop of 4 on 0..9 only 0, 1, 4, 5, 8 and 9); this keeps exactly the
    values some filling of the whole group uses, found by a search over its cells that
    narrows the later cells at each choice, stopped after ``budget`` choices (then it keeps
    all: sound).

    >>> masks = [0b11110, 0b11110, 0b11110]  # 1..4 each, no two equal or consecutive:
    >>> AllPairs((0, 1, 2), lambda v, w: abs(v - w) > 1, 4).run(masks, []), masks
    (False, [30, 30, 30])
    >>> masks = [0b1111111111] * 3  # a loop of three on 0..9, neighbours 4 or more apart
    >>> AllPairs((0, 1, 2), lambda v, w: abs(v - w) >= 4, 9, ((0, 1), (1, 2), (0, 2))).run(
    ...     masks, []), sorted(values(masks[0]))
    (True, [0, 1, 4, 5, 8, 9])
    """

    slow = True

    def __init__(self, cells, allowed, top: int, edges=None, budget: int = 4000) -> None:
        self.cells = tuple(cells)
        k = len(self.cells)
        if edges is None:
            edges = [(i, j) for i in range(k) for j in range(i + 1, k)]
        # support[i][j][v]: the values cell j may take when cell i holds v (i < j; None:
        # no rule between them)
        self.support = [[None] * k for _ in range(k)]
        for i, j in edges:
            self.support[i][j] = [sum(1 << w for w in range(top + 1) if allowed(v, w))
                                  for v in range(top + 1)]
        self.later = [[j for j in range(i + 1, k) if self.support[i][j] is not None]
                      for i in range(k)]
        self.budget = budget
        self.seen: dict[tuple, tuple | None] = {}

    def _keeps(self, ms):
        """Per cell, the values some filling uses; None when none; ms when over budget."""
        k, support, later = len(ms), self.support, self.later
        keeps = [0] * k
        left = [self.budget]

        def walk(i, doms):
            if i == k:
                for p in range(k):
                    keeps[p] |= doms[p]
                return
            m = doms[i]
            while m:
                low = m & -m
                m ^= low
                left[0] -= 1
                if left[0] < 0:
                    return
                v = low.bit_length() - 1
                row = support[i]
                nxt = list(doms)
                nxt[i] = low
                for j in later[i]:
                    nxt[j] &= row[j][v]
                    if not nxt[j]:
                        break
                else:
                    walk(i + 1, nxt)

        walk(0, list(ms))
        if left[0] < 0:
            return ms
        return keeps if keeps[0] else None

    def run(self, masks, changed) -> bool:
        ms = tuple(masks[x] for x in self.cells)
        keeps = self.seen.get(ms, False)
        if keeps is False:
            keeps = self._keeps(list(ms))
            if len(self.seen) > 4096:  # (bounded: a grid may hold many groups)
                self.seen.clear()
            self.seen[ms] = keeps
        if keeps is None:
            return False
        return _narrow_to(masks, self.cells, keeps, changed)
