"""Propagators of ``fast`` for variants for clues outside the grid, counting and indexing.

Sandwiches, X-sums and skyscrapers (with ``_run_sum``, the bounds of a run's sum), sum
lines, counting and distinct-count rules, indexing of rows and values, rellik cages and
counting circles: each narrows its cells' masks through ``varbase._narrow`` and fails
when one empties, and is exact on a full assignment (``varkernel``'s docstring).

Listed in ``compiled_cache.SHARED_SOURCES``: its functions are compiled into
``varkernel.propagate``, which numba would not recompile when only this file changed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .varbase import _above, _below, _ctpop, _cttz, _high, _narrow


@njit(cache=True, nogil=True)
def _lowest_k(m, k):
    """The sum of the indices of the ``k`` lowest bits of ``m`` (it has at least ``k``)."""
    out = 0
    for _ in range(k):
        out += _cttz(m)
        m &= m - 1
    return out


@njit(cache=True, nogil=True)
def _highest_k(m, k):
    """The sum of the indices of the ``k`` highest bits of ``m`` (it has at least ``k``)."""
    out = 0
    for _ in range(k):
        h = _high(m)
        out += h
        m &= ~(1 << h)
    return out


@njit(cache=True, nogil=True)
def _run_sum(dom, d, c0, s, e, inner, need, distinct, keep):
    """Whether the cells ``d[c0 + s:c0 + e]``, each held to the values ``inner``, can sum
    to ``need`` by bounds (in bit indices: a value counts ``value - lo``); when they can,
    each cell's values within what the others leave go into ``keep[t]``. With ``distinct``
    the values differ, so ``k`` of them sum at least the ``k`` lowest bits of their union
    and at most its ``k`` highest."""
    k = e - s
    smin = 0
    smax = 0
    union = 0
    for t in range(s, e):
        m = dom[d[c0 + t]] & inner
        if m == 0:
            return False
        smin += _cttz(m)
        smax += _high(m)
        union |= m
    low = smin  # the bounds of the whole sum
    high = smax
    low1 = 0  # and of any k - 1 of the cells
    high1 = 1 << 40
    if distinct and k > 0:
        if _ctpop(union) < k:
            return False
        low = max(low, _lowest_k(union, k))
        high = min(high, _highest_k(union, k))
        low1 = _lowest_k(union, k - 1)
        high1 = _highest_k(union, k - 1)
    if need < low or need > high:
        return False
    for t in range(s, e):
        m = dom[d[c0 + t]] & inner
        omin = max(smin - _cttz(m), low1)  # what the other cells sum at least, at most
        omax = min(smax - _high(m), high1)
        keep[t] |= m & _above(need - omax - 1) & _below(need - omin + 1)
    return True


@njit(cache=True, nogil=True)
def _narrow_all(dom, d, c0, k, keep, wstart, wlist, queue, inq, state, nprops):
    """Each cell ``d[c0 + t]`` keeps only ``keep[t]``."""
    for t in range(k):
        if not _narrow(dom, d[c0 + t], keep[t], wstart, wlist, queue, inq, state, nprops):
            return False
    return True


@njit(cache=True, nogil=True)
def _sandwich(dom, d, o, lo, nv, wstart, wlist, queue, inq, state, nprops):
    """The values strictly between the line's smallest and its largest value sum to the
    total. The line is a house (``program`` builds it on no other), so its smallest value
    ``a`` and largest ``b`` are ``len - 1`` or more apart and every other value lies
    strictly between them: each choice of ``a``, ``b`` and the two cells holding them
    whose cells between can reach the total (by bounds) supports the values it uses."""
    k, total = d[o], d[o + 1]
    c0 = o + 2
    keep = np.zeros(k, dtype=np.int64)
    for a in range(nv):
        for b in range(a + k - 1, nv):
            abit = 1 << a
            bbit = 1 << b
            inner = _above(a) & _below(b)
            for i in range(k):
                if dom[d[c0 + i]] & abit == 0:
                    continue
                for j in range(k):
                    if j == i or dom[d[c0 + j]] & bbit == 0:
                        continue
                    ok = True
                    for t in range(k):
                        if t != i and t != j and dom[d[c0 + t]] & inner == 0:
                            ok = False
                            break
                    if not ok:
                        continue
                    s, e = min(i, j) + 1, max(i, j)
                    if not _run_sum(dom, d, c0, s, e, inner, total - (e - s) * lo, True, keep):
                        continue
                    keep[i] |= abit
                    keep[j] |= bbit
                    for t in range(k):
                        if t != i and t != j and (t < s or t >= e):
                            keep[t] |= dom[d[c0 + t]] & inner
    return _narrow_all(dom, d, c0, k, keep, wstart, wlist, queue, inq, state, nprops)


@njit(cache=True, nogil=True)
def _x_sum(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops):
    """The first ``x`` values sum to the total, ``x`` the first cell's value: each ``x``
    the first cell may hold (1 to the length) whose next ``x - 1`` cells can reach
    ``total - x`` (by bounds; values differing when the line is a house) supports its
    values, and leaves the cells after them free."""
    k, total, distinct = d[o], d[o + 1], d[o + 2]
    c0 = o + 3
    keep = np.zeros(k, dtype=np.int64)
    m = dom[d[c0]]
    while m:
        i = _cttz(m)
        m &= m - 1
        x = lo + i
        if x < 1 or x > k:
            continue
        inner = ~(1 << i) if distinct else -1
        if not _run_sum(dom, d, c0, 1, x, inner, total - x - (x - 1) * lo, distinct != 0, keep):
            continue
        keep[0] |= 1 << i
        for t in range(x, k):
            keep[t] = -1
    return _narrow_all(dom, d, c0, k, keep, wstart, wlist, queue, inq, state, nprops)


@njit(cache=True, nogil=True)
def _tallest_at_least(lo, j):
    """The heights the tallest of ``j`` (at least 1) different values from ``lo`` on can
    be: ``lo + j - 1`` and above."""
    return _above(lo + j - 2)


@njit(cache=True, nogil=True)
def _hides(vmin, distinct):
    """The tallest heights so far behind which a cell whose lowest height is ``vmin`` can
    stand unseen: those no lower than it, strictly taller when the line's values differ
    (the ground, height 0, is no cell of the line: it hides a 0 either way)."""
    if distinct and vmin > 0:
        return _above(vmin)
    return _above(vmin - 1)


@njit(cache=True, nogil=True)
def _skyscraper(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops):
    """Seen from the clue, ``count`` values are taller than all before them and than the
    ground (height 0). Heights are values (``lo >= 0``, ``program`` checks); ``ahead[j, s]``
    is the mask of the tallest heights so far after ``j`` cells with ``s`` seen, ``behind``
    the same states from which the rest of the line can still end with ``count`` seen; a
    value of cell ``j`` stays when it joins a state of one to a state of the other. When
    the line's values differ (``distinct``), ``j`` cells' tallest is at least ``lo + j - 1``
    (``_tallest_at_least``): read at the end, the tallest is the highest value on a full
    house; and a cell unseen stands strictly lower than the tallest before it (``_hides``)."""
    k, count, distinct = d[o], d[o + 1], d[o + 2]
    c0 = o + 3
    if count < 0 or count > k:
        return False
    ahead = np.zeros((k + 1, count + 1), dtype=np.int64)
    behind = np.zeros((k + 1, count + 1), dtype=np.int64)
    ahead[0, 0] = 1  # the ground
    for j in range(k):
        v = dom[d[c0 + j]] << lo
        hid = _hides(_cttz(v), distinct)
        for s in range(count + 1):
            h = ahead[j, s]
            if h == 0:
                continue
            ahead[j + 1, s] |= h & hid  # a value hidden: the tallest stays
            if s < count:
                ahead[j + 1, s + 1] |= v & _above(_cttz(h))  # a taller one is seen
        if distinct:
            for s in range(count + 1):
                ahead[j + 1, s] &= _tallest_at_least(lo, j + 1)
    if ahead[k, count] == 0:
        return False
    behind[k, count] = _tallest_at_least(lo, k) if distinct and k else (1 << 63) - 1
    for j in range(k - 1, -1, -1):
        v = dom[d[c0 + j]] << lo
        hid = _hides(_cttz(v), distinct)
        for s in range(count + 1):
            good = behind[j + 1, s] & hid
            if s < count:
                w = v & behind[j + 1, s + 1]
                if w:
                    good |= _below(_high(w))
            behind[j, s] = good & _tallest_at_least(lo, j) if distinct and j else good
    for j in range(k):
        keep = 0
        for s in range(count + 1):
            h = ahead[j, s]
            if h == 0:
                continue
            if s < count:
                keep |= behind[j + 1, s + 1] & _above(_cttz(h))
            stay = h & behind[j + 1, s]
            if stay:
                keep |= _below(_high(stay) + 1 - distinct) | (stay & 1)
        if not _narrow(dom, d[c0 + j], keep >> lo, wstart, wlist, queue, inq, state, nprops):
            return False
    return True


@njit(cache=True, nogil=True)
def _hidden_skyscraper(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """Seen from the clue, the first value lower than one before it (the first hidden
    skyscraper) is the value of bit ``t``: the values rise until it (each one taller than
    all before, ``strict``ly when the line's values differ, else at least as tall), it
    stands lower than the tallest before it, and the cells after it are free. In bit
    indices: ``rise[j]`` the tallest after ``j`` rising cells, ``ends[j]`` those tallest
    from which the line can still rise to a hidden ``t``; a value stays when it joins the
    two, ``t`` where a tallest above it may stand before, any value after the first
    cell ``t`` may hide in."""
    k, t, strict = d[o], d[o + 1], d[o + 2]
    c0 = o + 3
    tbit = 1 << t
    step = 0 if strict else 1  # a rising value is above the tallest (or equal: not strict)
    rise = np.zeros(k + 1, dtype=np.int64)
    ends = np.zeros(k + 1, dtype=np.int64)
    rise[1] = dom[d[c0]]
    for j in range(1, k):
        if rise[j] == 0:
            break
        rise[j + 1] = dom[d[c0 + j]] & _above(_cttz(rise[j]) - step)
    for j in range(k - 1, 0, -1):
        m = dom[d[c0 + j]]
        good = _above(t) if m & tbit else 0  # t hides here below any taller
        w = m & ends[j + 1]
        if w:
            good |= _below(_high(w) + step)  # or the cell rises to a tallest that ends
        ends[j] = good
    hidden = False  # t may already have hidden before the cell
    for j in range(k):
        if hidden:
            break
        keep = rise[j + 1] & ends[j + 1] if j + 1 < k else 0
        if j > 0 and dom[d[c0 + j]] & tbit and rise[j] & _above(t):
            keep |= tbit
            hidden = True
        if not _narrow(dom, d[c0 + j], keep, wstart, wlist, queue, inq, state, nprops):
            return False
    return hidden


@njit(cache=True, nogil=True)
def _count(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """For each class (a mask of values) exactly ``want`` of the cells hold one of its
    values: more already do, or fewer can, fails; as many already do, the rest lose the
    class; as many can, they take it."""
    k, nclass = d[o], d[o + 1]
    for t in range(nclass):
        cls, want = d[o + 2 + k + 2 * t], d[o + 3 + k + 2 * t]
        must = 0
        can = 0
        for j in range(k):
            m = dom[d[o + 2 + j]]
            if m & cls:
                can += 1
                if m & ~cls == 0:
                    must += 1
        if must > want or can < want:
            return False
        if must == can:
            continue
        for j in range(k):
            x = d[o + 2 + j]
            m = dom[x]
            if must == want and m & ~cls:
                keep = ~cls
            elif can == want and m & cls:
                keep = cls
            else:
                continue
            if not _narrow(dom, x, keep, wstart, wlist, queue, inq, state, nprops):
                return False
    return True


@njit(cache=True, nogil=True)
def _index(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops):
    """The value ``i`` of the index cell picks the ``i``-th of the cells (from 1), which
    holds the value ``bit``: the index keeps the places that can hold it; decided, its
    place takes it. When the cells differ (the flag after them), ``bit`` is held once
    among them, at the place the index names: a place the index cannot name loses it."""
    at, bit, k = d[o], d[o + 1], d[o + 2]
    m = dom[at]
    keep = 0
    while m:
        i = _cttz(m)
        m &= m - 1
        place = lo + i - 1
        if 0 <= place < k and dom[d[o + 3 + place]] & bit:
            keep |= 1 << i
    if not _narrow(dom, at, keep, wstart, wlist, queue, inq, state, nprops):
        return False
    m = dom[at]
    if m & (m - 1) == 0:
        return _narrow(dom, d[o + 3 + lo + _cttz(m) - 1], bit, wstart, wlist, queue, inq,
                       state, nprops)
    if d[o + 3 + k]:
        for place in range(k):
            i = place + 1 - lo
            if (i < 0 or i > 62 or m >> i & 1 == 0) and dom[d[o + 3 + place]] & bit:
                if not _narrow(dom, d[o + 3 + place], ~bit, wstart, wlist, queue, inq, state,
                               nprops):
                    return False
    return True


@njit(cache=True, nogil=True)
def _value_index(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops):
    """The value ``i`` of the index cell picks the ``i``-th of the cells (from 1), which
    holds the source cell's value: each side keeps what the other supports."""
    src, at, k = d[o], d[o + 1], d[o + 2]
    m = dom[at]
    keep = 0
    reach = 0
    while m:
        i = _cttz(m)
        m &= m - 1
        place = lo + i - 1
        if 0 <= place < k:
            both = dom[d[o + 3 + place]] & dom[src]
            if both:
                keep |= 1 << i
                reach |= both
    if not _narrow(dom, at, keep, wstart, wlist, queue, inq, state, nprops):
        return False
    if not _narrow(dom, src, reach, wstart, wlist, queue, inq, state, nprops):
        return False
    m = dom[at]
    if m & (m - 1) == 0:
        return _narrow(dom, d[o + 3 + lo + _cttz(m) - 1], dom[src], wstart, wlist, queue, inq,
                       state, nprops)
    return True


@njit(cache=True, nogil=True)
def _rellik(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops):
    """No one or more of the cells' values sum to the total (values 0 and up, total at most
    62, ``program`` checks; the cells differ). The values the cage surely holds: the decided
    ones, those of a naked subset (``m`` cells whose candidates are ``m`` values), and a
    value a crossing full house has nowhere else (its cells outside the cage, listed after
    the cage's: ``d[o + 2 + k]`` houses, each its count then its cells). Their sums (bit
    ``s`` of ``made``: some non-empty set of them sums to ``s``) must miss the total, and an
    open cell loses each value, not one of them, that would complete one."""
    k, total = d[o], d[o + 1]
    upto = _below(total + 1)
    held = 0
    seen = 0
    for j in range(k):
        m = dom[d[o + 2 + j]]
        seen |= m
        if m & (m - 1) == 0 or m & ~held == 0:
            held |= m
            continue
        size = _ctpop(m)
        if size > k:
            continue
        inside = 0
        for t in range(k):
            if dom[d[o + 2 + t]] & ~m == 0:
                inside += 1
        if inside == size:
            held |= m
    c = o + 3 + k
    for h in range(d[o + 2 + k]):
        size = d[c]
        out = 0
        for t in range(size):
            out |= dom[d[c + 1 + t]]
        held |= seen & ~out  # (a value no cell of the cage has: the house fails elsewhere)
        c += 1 + size
    made = 0
    rest = held
    while rest:
        i = _cttz(rest)
        rest &= rest - 1
        made |= ((made | 1) << (lo + i)) & upto
    if made >> total & 1:
        return False
    reach = made | 1  # with the empty set
    for j in range(k):
        x = d[o + 2 + j]
        m = dom[x] & ~held
        bad = 0
        while m:
            i = _cttz(m)
            m &= m - 1
            need = total - lo - i
            if need >= 0 and reach >> need & 1:
                bad |= 1 << i
        if bad and not _narrow(dom, x, ~bad, wstart, wlist, queue, inq, state, nprops):
            return False
    return True


@njit(cache=True, nogil=True)
def _groups_with(dom, d, o, k, ng, bit):
    """How many of the ``ng`` groups of ``_circles``' constraint at ``d[o]`` have a place
    for the value ``bit``."""
    groups = 0
    j = 0
    for g in range(ng):
        size = d[o + 2 + k + g]
        for t in range(size):
            if dom[d[o + 1 + j + t]] & bit:
                groups += 1
                break
        j += size
    return groups


@njit(cache=True, nogil=True)
def _circle_groups_hold(dom, d, o, k, ng, v, bit, wstart, wlist, queue, inq, state, nprops):
    """The value ``v`` (as ``bit``) is held by ``v`` circles of ``_circles``' constraint at
    ``d[o]``, at most once in each of its ``ng`` groups: fewer than ``v`` groups with a place
    for it fail; exactly ``v``: each holds it, so a group with one place puts it there and
    the cells that see a whole group (listed after the sizes) lose it."""
    groups = _groups_with(dom, d, o, k, ng, bit)
    if groups < v:
        return False
    if groups > v:
        return True
    j = 0
    c = o + 2 + k + ng
    for g in range(ng):
        size = d[o + 2 + k + g]
        at = -1
        for t in range(size):
            if dom[d[o + 1 + j + t]] & bit:
                at = -2 if at != -1 else d[o + 1 + j + t]
        if at >= 0 and dom[at] != bit:
            if not _narrow(dom, at, bit, wstart, wlist, queue, inq, state, nprops):
                return False
        elif at == -2:
            for t in range(d[c]):
                x = d[c + 1 + t]
                if dom[x] & bit and not _narrow(dom, x, ~bit, wstart, wlist, queue, inq, state,
                                                nprops):
                    return False
        c += 1 + d[c]
        j += size
    return True


@njit(cache=True, nogil=True)
def _circle_groups_fill(dom, d, o, k, ng, lo, held, wstart, wlist, queue, inq, state,
                        nprops):
    """Each value ``v`` of ``held`` (as bits) that only ``v`` groups of ``_circles``'
    constraint at ``d[o]`` have a place for is in each of them: a group that must hold more
    values than it has cells fails, and one that must hold as many holds only those."""
    must = np.zeros(ng, dtype=np.int64)  # per group: the values it must hold
    m = held
    while m:
        i = _cttz(m)
        m &= m - 1
        bit = 1 << i
        groups = _groups_with(dom, d, o, k, ng, bit)
        if groups < lo + i:
            return False
        if groups > lo + i:
            continue
        j = 0
        for g in range(ng):
            size = d[o + 2 + k + g]
            for t in range(size):
                if dom[d[o + 1 + j + t]] & bit:
                    must[g] |= bit
                    break
            j += size
    j = 0
    for g in range(ng):
        size = d[o + 2 + k + g]
        count = _ctpop(must[g])
        if count > size:
            return False
        if count == size and count > 0:
            for t in range(size):
                if not _narrow(dom, d[o + 1 + j + t], must[g], wstart, wlist, queue, inq,
                               state, nprops):
                    return False
        j += size
    return True


@njit(cache=True, nogil=True)
def _circles(dom, d, o, lo, nv, wstart, wlist, queue, inq, state, nprops):
    """Each cell holds the number of cells holding its value: a value ``v`` is held by
    ``v`` cells or by none, so more than ``v`` already holding it fails, fewer than ``v``
    able to leaves it nowhere, and once it is held and only ``v`` cells can, they take it.
    Cells in one group (they share a house: ``implied.circle_groups``) hold ``v`` at most
    once between them, so ``v`` needs ``v`` groups with a place for it, and once it is held
    and only ``v`` groups can, a group with one place for it puts it there, and a cell
    sharing a house with every cell of a group (listed after the sizes) loses it.
    The values held, each ``v`` times, fill the ``k`` cells: a value no such choice of
    values uses is nowhere, one every choice uses is held (sums of values as bits, when
    ``k`` is at most 62)."""
    k = d[o]
    ng = d[o + 1 + k]  # groups of cells that all differ (sizes after the cells; 0: none)
    held = 0  # values some cell holds
    maybe = 0  # values that may be held, not yet
    for i in range(nv):
        v = lo + i
        bit = 1 << i
        must = 0
        can = 0
        for j in range(k):
            m = dom[d[o + 1 + j]]
            if m & bit:
                can += 1
                if m == bit:
                    must += 1
        if must > v:
            return False
        if can == 0:
            continue
        groups = can  # the groups with a place for v: each holds it at most once
        if ng:
            groups = _groups_with(dom, d, o, k, ng, bit)
        if v <= 0 or groups < v:  # (0 and below: held by none)
            keep = ~bit
        elif can == v and must > 0:
            keep = bit
        else:
            keep = -1
        if keep != -1:
            for j in range(k):
                x = d[o + 1 + j]
                if dom[x] & bit and not _narrow(dom, x, keep, wstart, wlist, queue, inq, state,
                                                nprops):
                    return False
        elif ng and groups == v and must > 0:  # held: once in each of those groups
            if not _circle_groups_hold(dom, d, o, k, ng, v, bit, wstart, wlist, queue,
                                       inq, state, nprops):
                return False
        if v > 0 and groups >= v:
            if must > 0:
                held |= bit
            else:
                maybe |= bit
    need = k
    m = held
    while m:
        need -= lo + _cttz(m)
        m &= m - 1
    if need < 0:
        return False
    if need > 62:
        return True
    upto = _below(need + 1)
    count = _ctpop(maybe)
    pre = np.zeros(count + 1, dtype=np.int64)  # sums of the first t values that may be held
    suf = np.zeros(count + 1, dtype=np.int64)  # and of the values from t on
    vals = np.zeros(count, dtype=np.int64)
    m = maybe
    for t in range(count):
        vals[t] = lo + _cttz(m)
        m &= m - 1
    pre[0] = 1
    for t in range(count):
        pre[t + 1] = (pre[t] | (pre[t] << vals[t])) & upto
    suf[count] = 1
    for t in range(count - 1, -1, -1):
        suf[t] = (suf[t + 1] | (suf[t + 1] << vals[t])) & upto
    if pre[count] >> need & 1 == 0:
        return False
    for t in range(count):
        v = vals[t]
        used = False
        unused = False
        a = pre[t]
        while a and not (used and unused):
            s = _cttz(a)
            a &= a - 1
            if need - s - v >= 0 and suf[t + 1] >> (need - s - v) & 1:
                used = True
            if suf[t + 1] >> (need - s) & 1:
                unused = True
        bit = 1 << (v - lo)
        if used and unused:
            continue
        if used:
            held |= bit
        can = 0
        for j in range(k):
            can += 1 if dom[d[o + 1 + j]] & bit else 0
        if used and can != v:  # held, but its places are not settled (v groups: in each)
            if ng and not _circle_groups_hold(dom, d, o, k, ng, v, bit, wstart, wlist,
                                              queue, inq, state, nprops):
                return False
            continue
        for j in range(k):  # unused: nowhere; used by every choice and v places: there
            x = d[o + 1 + j]
            if dom[x] & bit and not _narrow(dom, x, bit if used else ~bit, wstart, wlist,
                                            queue, inq, state, nprops):
                return False
    return ng == 0 or _circle_groups_fill(dom, d, o, k, ng, lo, held, wstart, wlist, queue,
                                          inq, state, nprops)


@njit(cache=True, nogil=True)
def _sum_line_before(after, v, total, states):
    """The running sums (as bits, below ``states``) from which the value ``v`` leads into
    one of ``after``: ``s + v`` below the total, or equal to it (back to 0)."""
    out = (after & _below(total)) >> v
    if after & 1 and 0 <= total - v < states:
        out |= 1 << (total - v)
    return out & _below(states)


@njit(cache=True, nogil=True)
def _sum_line(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops):
    """The line divides into runs summing to the total, read as the checker does: a
    running sum goes back to 0 each time it reaches the total, never passes it, and is 0
    at the end (values 0 and up, total plus the top value at most 62: ``program``
    checks); a loop may start at any of its cells. For each start, ``ahead[j]`` are the
    running sums possible before the ``j``-th cell from it, ``behind[j]`` those from
    which the rest ends at 0; a value stays when, for some start, it takes one of
    ``ahead[j]`` into ``behind[j + 1]``: exact. With values
    ``lo >= 1`` no run is longer than ``total // lo`` cells, so every filling of a loop
    starts a run within any that many cells in a row: the starts ``0 .. total // lo - 1``
    are enough (the others find no filling these miss)."""
    k, total, loop = d[o], d[o + 1], d[o + 2]
    c0 = o + 3
    states = max(total, 1)  # running sums 0..total - 1 (only 0 for a total of 0)
    ahead = np.zeros(k + 1, dtype=np.int64)
    behind = np.zeros(k + 1, dtype=np.int64)
    keep = np.zeros(k, dtype=np.int64)
    starts = 1
    if loop:
        starts = k if lo < 1 else max(1, min(k, total // lo))
    for r in range(starts):
        ahead[0] = 1
        for j in range(k):
            m = dom[d[c0 + (r + j) % k]]
            nxt = 0
            while m:
                v = lo + _cttz(m)
                m &= m - 1
                moved = ahead[j] << v
                nxt |= moved & _below(total)
                if moved >> total & 1:
                    nxt |= 1
            ahead[j + 1] = nxt
        if ahead[k] & 1 == 0:
            continue
        behind[k] = 1
        for j in range(k - 1, -1, -1):
            m = dom[d[c0 + (r + j) % k]]
            prev = 0
            while m:
                v = lo + _cttz(m)
                m &= m - 1
                prev |= _sum_line_before(behind[j + 1], v, total, states)
            behind[j] = prev
        for j in range(k):
            m = dom[d[c0 + (r + j) % k]]
            while m:
                i = _cttz(m)
                m &= m - 1
                if ahead[j] & _sum_line_before(behind[j + 1], lo + i, total, states):
                    keep[(r + j) % k] |= 1 << i
    return _narrow_all(dom, d, c0, k, keep, wstart, wlist, queue, inq, state, nprops)
