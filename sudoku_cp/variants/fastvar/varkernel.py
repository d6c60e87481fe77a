"""The compiled search of ``fast`` for variants (numba, nopython, cached on disk).

Masks are int64, bit ``i`` the value ``lo + i``. ``propagate`` empties a queue of
propagators (each queued once; narrowing a cell queues the propagators watching it) and
says whether every mask is still non-empty. ``search`` is a depth-first search with one
frame of masks per level: it branches on the cell with the fewest candidates per past
conflict (dom/wdeg: each failure adds one to the weight of the failing propagator's
cells), tries its lowest value, and on failure removes that value one level up. It stops
after ``budget`` nodes and resumes from ``state``, so the caller keeps a time limit.

Every propagator is exact on a full assignment (it fails exactly when its rule is broken),
so a node where every cell is fixed and propagation succeeded is a solution.

Import this module only after ``compiled_cache.prepare()`` (``engine`` does).
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

(HOUSE, PAIR, LINEAR, CAGE, RENBAN, BETWEEN, LOCKOUT, QUAD, CROSS, SMALLSUM, SANDWICH, XSUM,
 SKYSCRAPER, COUNT, INDEX, VINDEX, RELLIK, CIRCLES) = range(18)  # as in ``program``
# state slots
DEPTH, FOUND, NODES, FAILS, BACK, RUNS, QHEAD, QTAIL, QSIZE, SHEAD, STAIL, SSIZE = range(12)
SLOW = SHEAD - QHEAD  # the slow ring's slots, after the fast ring's


@intrinsic
def _ctpop(typingctx, x):
    def codegen(context, builder, sig, args):
        return builder.ctpop(args[0])
    return types.int64(types.int64), codegen


@intrinsic
def _cttz(typingctx, x):
    def codegen(context, builder, sig, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))
    return types.int64(types.int64), codegen


@intrinsic
def _ctlz(typingctx, x):
    def codegen(context, builder, sig, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 1))
    return types.int64(types.int64), codegen


@njit(cache=True, nogil=True)
def _high(m):
    """Index of the highest bit of the nonzero mask ``m``."""
    return 63 - _ctlz(m)


@njit(cache=True, nogil=True)
def _below(i):
    """Bits strictly below bit ``i`` (``i`` may be out of 0..62)."""
    if i <= 0:
        return 0
    if i >= 63:
        return (1 << 63) - 1
    return (1 << i) - 1


@njit(cache=True, nogil=True)
def _above(i):
    """Bits strictly above bit ``i``."""
    if i < 0:
        return (1 << 63) - 1
    if i >= 62:
        return 0
    return ((1 << 63) - 1) & ~((2 << i) - 1)


@njit(cache=True, nogil=True)
def _narrow(dom, x, keep, wstart, wlist, queue, inq, state, nprops):
    """``dom[x] &= keep``, queueing ``x``'s watchers on a change; False when it empties."""
    old = dom[x]
    new = old & keep
    if new == old:
        return True
    dom[x] = new
    if new == 0:
        return False
    for k in range(wstart[x], wstart[x + 1]):
        p = wlist[k]
        r = 0
        if p < 0:  # a slow propagator: it waits until the fast ones are done
            p = ~p
            r = SLOW
        if not inq[p]:
            inq[p] = True
            t = state[QTAIL + r]
            queue[t + (nprops if r else 0)] = p
            state[QTAIL + r] = t + 1 if t + 1 < nprops else 0
            state[QSIZE + r] += 1
    return True


@njit(cache=True, nogil=True)
def _pop(queue, inq, state, nprops):
    """The next queued propagator, fast ones (houses, pairs) first; -1 when none."""
    if state[QSIZE] > 0:
        r = 0
    elif state[SSIZE] > 0:
        r = SLOW
    else:
        return -1
    h = state[QHEAD + r]
    p = queue[h + (nprops if r else 0)]
    state[QHEAD + r] = h + 1 if h + 1 < nprops else 0
    state[QSIZE + r] -= 1
    inq[p] = False
    return p


@njit(cache=True, nogil=True)
def _clear(queue, inq, state, nprops):
    while _pop(queue, inq, state, nprops) >= 0:
        pass


@njit(cache=True, nogil=True)
def _house(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """The cells differ: singles leave the others; a value only one cell can take, when
    the cells need every value they can hold, goes there; too few values fail."""
    k = d[o]
    fixed = 0
    for j in range(k):
        m = dom[d[o + 1 + j]]
        if m & (m - 1) == 0:
            if fixed & m:
                return False
            fixed |= m
    union = 0
    twice = 0
    for j in range(k):
        x = d[o + 1 + j]
        m = dom[x]
        if m & (m - 1) != 0 and m & fixed:
            if not _narrow(dom, x, ~fixed, wstart, wlist, queue, inq, state, nprops):
                return False
            m = dom[x]
        twice |= union & m
        union |= m
    have = _ctpop(union)
    if have < k:
        return False
    if have == k:
        once = union & ~twice
        if once:
            for j in range(k):
                x = d[o + 1 + j]
                m = dom[x] & once
                if m and m != dom[x]:
                    if m & (m - 1):
                        return False  # two values only this cell can take
                    if not _narrow(dom, x, m, wstart, wlist, queue, inq, state, nprops):
                        return False
    return True


@njit(cache=True, nogil=True)
def _pair(dom, d, o, tab, wstart, wlist, queue, inq, state, nprops):
    """A binary relation: each cell keeps the values some value of the other supports."""
    a, b, ab, ba = d[o], d[o + 1], d[o + 2], d[o + 3]
    m = dom[a]
    sup = 0
    while m:
        i = _cttz(m)
        sup |= tab[ab + i]
        m &= m - 1
    if not _narrow(dom, b, sup, wstart, wlist, queue, inq, state, nprops):
        return False
    m = dom[b]
    sup = 0
    while m:
        i = _cttz(m)
        sup |= tab[ba + i]
        m &= m - 1
    return _narrow(dom, a, sup, wstart, wlist, queue, inq, state, nprops)


@njit(cache=True, nogil=True)
def _linear(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops):
    """``sum(coef * value) == total`` by bounds: each term within what the others leave."""
    k, total = d[o], d[o + 1]
    if k == 0:
        return total == 0
    smin = 0
    smax = 0
    for j in range(k):
        x, c = d[o + 2 + 2 * j], d[o + 3 + 2 * j]
        m = dom[x]
        vmin = lo + _cttz(m)
        vmax = lo + _high(m)
        if c > 0:
            smin += c * vmin
            smax += c * vmax
        else:
            smin += c * vmax
            smax += c * vmin
    if total < smin or total > smax:
        return False
    for j in range(k):
        x, c = d[o + 2 + 2 * j], d[o + 3 + 2 * j]
        m = dom[x]
        vmin = lo + _cttz(m)
        vmax = lo + _high(m)
        if c > 0:
            tmin, tmax = c * vmin, c * vmax
        else:
            tmin, tmax = c * vmax, c * vmin
        rmin = total - (smax - tmax)  # this term's least possible contribution
        rmax = total - (smin - tmin)
        if c > 0:
            low = -((-rmin) // c)
            high = rmax // c
        else:
            low = -((-rmax) // c)
            high = rmin // c
        if low > vmin or high < vmax:
            keep = _above(low - lo - 1) & _below(high - lo + 1)
            if not _narrow(dom, x, keep, wstart, wlist, queue, inq, state, nprops):
                return False
            m2 = dom[x]
            v2min = lo + _cttz(m2)
            v2max = lo + _high(m2)
            if c > 0:
                smin += c * (v2min - vmin)
                smax += c * (v2max - vmax)
            else:
                smin += c * (v2max - vmax)
                smax += c * (v2min - vmin)
    return True


@njit(cache=True, nogil=True)
def _mirror(m, nv):
    """``m`` with bit ``i`` moved to ``nv - 1 - i`` (values read from the top)."""
    out = 0
    while m:
        i = _cttz(m)
        out |= 1 << (nv - 1 - i)
        m &= m - 1
    return out


@njit(cache=True, nogil=True)
def _small_sum(dom, d, o, lo, nv, wstart, wlist, queue, inq, state, nprops):
    """``sum(±value) == total`` over at most three terms, exactly: each term keeps the
    values some values of the others complete (``program`` keeps it to few values).

    A term's *contributions* ``coef * value`` are a mask from its least contribution
    (``lo``, or ``-hi`` for coef -1, whose mask is mirrored); the others' sums are the
    shifted unions of their masks."""
    k, total = d[o], d[o + 1]
    hi = lo + nv - 1
    for j in range(k):
        base = 0
        sums = 1
        for t in range(k):
            if t == j:
                continue
            m = dom[d[o + 2 + 2 * t]]
            if d[o + 3 + 2 * t] > 0:
                base += lo
            else:
                base -= hi
                m = _mirror(m, nv)
            grown = 0
            while m:
                i = _cttz(m)
                grown |= sums << i
                m &= m - 1
            sums = grown
        coef = d[o + 3 + 2 * j]
        own = lo if coef > 0 else -hi
        reach = total - base - own  # contribution bit q of this term pairs with sum bit reach - q
        allowed = 0
        while sums:
            p = _cttz(sums)
            q = reach - p
            if 0 <= q < nv:
                allowed |= 1 << q
            sums &= sums - 1
        if coef < 0:
            allowed = _mirror(allowed, nv)
        if not _narrow(dom, d[o + 2 + 2 * j], allowed, wstart, wlist, queue, inq, state, nprops):
            return False
    return True


@njit(cache=True, nogil=True)
def _place_needed(dom, d, c0, k, needed, wstart, wlist, queue, inq, state, nprops):
    """Each value of ``needed`` is held by one of the ``k`` cells ``d[c0:c0 + k]``: none can
    take it, fail; one can, it goes there."""
    while needed:
        bit = needed & -needed
        needed &= needed - 1
        where = -1
        seen = 0
        for j in range(k):
            if dom[d[c0 + j]] & bit:
                seen += 1
                where = d[c0 + j]
        if seen == 0:
            return False
        if seen == 1 and dom[where] != bit:
            if not _narrow(dom, where, bit, wstart, wlist, queue, inq, state, nprops):
                return False
    return True


@njit(cache=True, nogil=True)
def _cage(dom, d, o, tab, wstart, wlist, queue, inq, state, nprops):
    """The cage's values are one of its combinations: each cell keeps the values of the
    combinations every cell can still meet; a value all of them need and one cell can take
    goes there."""
    k, start, count = d[o], d[o + 1], d[o + 2]
    union = 0
    for j in range(k):
        union |= dom[d[o + 3 + j]]
    allowed = 0
    needed = -1
    for t in range(count):
        c = tab[start + t]
        if union & c != c:
            continue
        ok = True
        for j in range(k):
            if dom[d[o + 3 + j]] & c == 0:
                ok = False
                break
        if ok:
            allowed |= c
            needed &= c
    if allowed == 0:
        return False
    for j in range(k):
        if not _narrow(dom, d[o + 3 + j], allowed, wstart, wlist, queue, inq, state, nprops):
            return False
    return _place_needed(dom, d, o + 3, k, needed, wstart, wlist, queue, inq, state, nprops)


@njit(cache=True, nogil=True)
def _renban(dom, d, o, nv, wstart, wlist, queue, inq, state, nprops):
    """The values lie in one window of ``k`` consecutive values (the house makes them
    differ); a value every window left holds is on the line."""
    k = d[o]
    if k > nv:
        return False
    run = (1 << k) - 1
    allowed = 0
    needed = -1
    for s in range(nv - k + 1):
        w = run << s
        ok = True
        for j in range(k):
            if dom[d[o + 1 + j]] & w == 0:
                ok = False
                break
        if ok:
            allowed |= w
            needed &= w
    if allowed == 0:
        return False
    for j in range(k):
        if not _narrow(dom, d[o + 1 + j], allowed, wstart, wlist, queue, inq, state, nprops):
            return False
    # a value in every window left is on the line
    return _place_needed(dom, d, o + 1, k, needed, wstart, wlist, queue, inq, state, nprops)


@njit(cache=True, nogil=True)
def _between(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """Inner cells strictly between the ends' values."""
    k, a, b = d[o], d[o + 1], d[o + 2]
    ma, mb = dom[a], dom[b]
    la, ha, lb, hb = _cttz(ma), _high(ma), _cttz(mb), _high(mb)
    inner = (_above(la) & _below(hb)) | (_above(lb) & _below(ha))
    lmax = -1
    hmin = 64
    for j in range(k):
        x = d[o + 3 + j]
        if not _narrow(dom, x, inner, wstart, wlist, queue, inq, state, nprops):
            return False
        m = dom[x]
        lmax = max(lmax, _cttz(m))
        hmin = min(hmin, _high(m))
    for end, other in ((a, b), (b, a)):
        mo = dom[other]
        keep = 0
        if _high(mo) > lmax:  # this end below every inner value, the other above
            keep |= _below(hmin)
        if _cttz(mo) < hmin:
            keep |= _above(lmax)
        if not _narrow(dom, end, keep, wstart, wlist, queue, inq, state, nprops):
            return False
    return True


@njit(cache=True, nogil=True)
def _lockout(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """Inner cells outside the closed range between the ends' values."""
    k, a, b = d[o], d[o + 1], d[o + 2]
    ma, mb = dom[a], dom[b]
    la, ha, lb, hb = _cttz(ma), _high(ma), _cttz(mb), _high(mb)
    inner = _below(min(ha, hb)) | _above(max(la, lb))
    for j in range(k):
        if not _narrow(dom, d[o + 3 + j], inner, wstart, wlist, queue, inq, state, nprops):
            return False
    for end, other in ((a, b), (b, a)):
        mo = dom[other]
        lo_, ho = _cttz(mo), _high(mo)
        keep = -1
        for j in range(k):
            m = dom[d[o + 3 + j]]
            lc, hc = _cttz(m), _high(m)
            s = 0
            if lc < ho:
                s |= _above(lc)  # an inner value below both ends
            if hc > lo_:
                s |= _below(hc)  # an inner value above both ends
            keep &= s
        if not _narrow(dom, end, keep, wstart, wlist, queue, inq, state, nprops):
            return False
    return True


@njit(cache=True, nogil=True)
def _quad(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """Each listed value appears among the cells as often as listed."""
    k, nvals = d[o], d[o + 1]
    listed = 0
    wanted = 0
    for t in range(nvals):
        listed |= 1 << d[o + 2 + k + 2 * t]
        wanted += d[o + 3 + k + 2 * t]
    if wanted == k:  # every cell holds a listed value
        for j in range(k):
            if not _narrow(dom, d[o + 2 + j], listed, wstart, wlist, queue, inq, state, nprops):
                return False
    for t in range(nvals):
        bit = 1 << d[o + 2 + k + 2 * t]
        want = d[o + 3 + k + 2 * t]
        can = 0
        for j in range(k):
            if dom[d[o + 2 + j]] & bit:
                can += 1
        if can < want:
            return False
        if can == want:
            for j in range(k):
                x = d[o + 2 + j]
                if dom[x] & bit and dom[x] != bit:
                    if not _narrow(dom, x, bit, wstart, wlist, queue, inq, state, nprops):
                        return False
    return True


@njit(cache=True, nogil=True)
def _cross(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """Two full houses ``A`` and ``B`` that share cells: a value ``A`` holds only in the
    shared cells is there, so the rest of ``B`` loses it (pointing and claiming), and
    the other way round."""
    ni, na, nb = d[o], d[o + 1], d[o + 2]
    shared = 0
    for j in range(ni):
        shared |= dom[d[o + 3 + j]]
    rest_a = 0
    for j in range(na):
        rest_a |= dom[d[o + 3 + ni + j]]
    rest_b = 0
    for j in range(nb):
        rest_b |= dom[d[o + 3 + ni + na + j]]
    only_a = shared & ~rest_a  # A's values with no place but the shared cells
    if only_a & rest_b:
        for j in range(nb):
            if not _narrow(dom, d[o + 3 + ni + na + j], ~only_a, wstart, wlist, queue, inq,
                           state, nprops):
                return False
    only_b = shared & ~rest_b
    if only_b & rest_a:
        for j in range(na):
            if not _narrow(dom, d[o + 3 + ni + j], ~only_b, wstart, wlist, queue, inq,
                           state, nprops):
                return False
    return True


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
def _skyscraper(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops):
    """Seen from the clue, ``count`` values are taller than all before them and than the
    ground (height 0). Heights are values (``lo >= 0``, ``program`` checks); ``ahead[j, s]``
    is the mask of the tallest heights so far after ``j`` cells with ``s`` seen, ``behind``
    the same states from which the rest of the line can still end with ``count`` seen; a
    value of cell ``j`` stays when it joins a state of one to a state of the other."""
    k, count = d[o], d[o + 1]
    c0 = o + 2
    if count < 0 or count > k:
        return False
    ahead = np.zeros((k + 1, count + 1), dtype=np.int64)
    behind = np.zeros((k + 1, count + 1), dtype=np.int64)
    ahead[0, 0] = 1  # the ground
    for j in range(k):
        v = dom[d[c0 + j]] << lo
        vmin = _cttz(v)
        for s in range(count + 1):
            h = ahead[j, s]
            if h == 0:
                continue
            ahead[j + 1, s] |= h & _above(vmin - 1)  # a value no taller: the tallest stays
            if s < count:
                ahead[j + 1, s + 1] |= v & _above(_cttz(h))  # a taller one is seen
    if ahead[k, count] == 0:
        return False
    behind[k, count] = (1 << 63) - 1
    for j in range(k - 1, -1, -1):
        v = dom[d[c0 + j]] << lo
        vmin = _cttz(v)
        for s in range(count + 1):
            good = behind[j + 1, s] & _above(vmin - 1)
            if s < count:
                w = v & behind[j + 1, s + 1]
                if w:
                    good |= _below(_high(w))
            behind[j, s] = good
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
                keep |= _below(_high(stay) + 1)
        if not _narrow(dom, d[c0 + j], keep >> lo, wstart, wlist, queue, inq, state, nprops):
            return False
    return True


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
    place takes it."""
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
    62, ``program`` checks): the sums of the decided values (bit ``s`` of ``made``: some
    non-empty set of them sums to ``s``) must miss it, and an open cell loses each value
    that would complete one."""
    k, total = d[o], d[o + 1]
    upto = _below(total + 1)
    made = 0
    for j in range(k):
        m = dom[d[o + 2 + j]]
        if m & (m - 1) == 0:
            made |= ((made | 1) << (lo + _cttz(m))) & upto
    if made >> total & 1:
        return False
    reach = made | 1  # with the empty set
    for j in range(k):
        x = d[o + 2 + j]
        m = dom[x]
        if m & (m - 1) == 0:
            continue
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
def _circles(dom, d, o, lo, nv, wstart, wlist, queue, inq, state, nprops):
    """Each cell holds the number of cells holding its value: a value ``v`` is held by
    ``v`` cells or by none, so more than ``v`` already holding it fails, fewer than ``v``
    able to leaves it nowhere, and once it is held and only ``v`` cells can, they take it.
    The values held, each ``v`` times, fill the ``k`` cells: a value no such choice of
    values uses is nowhere, one every choice uses is held (sums of values as bits, when
    ``k`` is at most 62)."""
    k = d[o]
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
        if v <= 0 or can < v:  # (0 and below: held by none)
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
        if v > 0 and can >= v:
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
        can = 0
        for j in range(k):
            can += 1 if dom[d[o + 1 + j]] & bit else 0
        if used and can != v:
            continue  # held, but its places are not settled
        for j in range(k):  # unused: nowhere; used by every choice and v places: there
            x = d[o + 1 + j]
            if dom[x] & bit and not _narrow(dom, x, bit if used else ~bit, wstart, wlist,
                                            queue, inq, state, nprops):
                return False
    return True

@njit(cache=True, nogil=True)
def propagate(dom, kinds, pstart, d, tab, wstart, wlist, cstart, clist, weight, lo, nv,
              queue, inq, state):
    """Run queued propagators to a fixpoint; on a failure, weigh its cells and clear the queue."""
    nprops = kinds.shape[0]
    while True:
        p = _pop(queue, inq, state, nprops)
        if p < 0:
            return True
        state[RUNS] += 1
        kind = kinds[p]
        o = pstart[p]
        if kind == HOUSE:
            ok = _house(dom, d, o, wstart, wlist, queue, inq, state, nprops)
        elif kind == PAIR:
            ok = _pair(dom, d, o, tab, wstart, wlist, queue, inq, state, nprops)
        elif kind == LINEAR:
            ok = _linear(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops)
        elif kind == CAGE:
            ok = _cage(dom, d, o, tab, wstart, wlist, queue, inq, state, nprops)
        elif kind == RENBAN:
            ok = _renban(dom, d, o, nv, wstart, wlist, queue, inq, state, nprops)
        elif kind == BETWEEN:
            ok = _between(dom, d, o, wstart, wlist, queue, inq, state, nprops)
        elif kind == LOCKOUT:
            ok = _lockout(dom, d, o, wstart, wlist, queue, inq, state, nprops)
        elif kind == SMALLSUM:
            ok = _small_sum(dom, d, o, lo, nv, wstart, wlist, queue, inq, state, nprops)
        elif kind == QUAD:
            ok = _quad(dom, d, o, wstart, wlist, queue, inq, state, nprops)
        elif kind == CROSS:
            ok = _cross(dom, d, o, wstart, wlist, queue, inq, state, nprops)
        elif kind == SANDWICH:
            ok = _sandwich(dom, d, o, lo, nv, wstart, wlist, queue, inq, state, nprops)
        elif kind == XSUM:
            ok = _x_sum(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops)
        elif kind == SKYSCRAPER:
            ok = _skyscraper(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops)
        elif kind == COUNT:
            ok = _count(dom, d, o, wstart, wlist, queue, inq, state, nprops)
        elif kind == INDEX:
            ok = _index(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops)
        elif kind == VINDEX:
            ok = _value_index(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops)
        elif kind == RELLIK:
            ok = _rellik(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops)
        else:
            ok = _circles(dom, d, o, lo, nv, wstart, wlist, queue, inq, state, nprops)
        if not ok:
            for j in range(cstart[p], cstart[p + 1]):
                weight[clist[j]] += 1
            _clear(queue, inq, state, nprops)
            return False


@njit(cache=True, nogil=True)
def _choose(dom, weight, mode):
    """The unfixed cell with the fewest candidates per conflict weight (``mode`` 0), or
    the fewest candidates, ties to the heaviest (``mode`` 1); -1 when all are fixed."""
    best = -1
    bp = 0
    bw = 0
    for x in range(dom.shape[0]):
        m = dom[x]
        if m & (m - 1):
            pc = _ctpop(m)
            w = weight[x] + 1
            if mode == 0:
                if best < 0 or pc * bw < bp * w:
                    best, bp, bw = x, pc, w
            elif best < 0 or pc < bp or (pc == bp and w > bw):
                best, bp, bw = x, pc, w
    return best


@njit(cache=True, nogil=True)
def search(dom, kinds, pstart, d, tab, wstart, wlist, cstart, clist, weight, lo, nv,
           queue, inq, state, frames, bcell, bbit, out, limit, budget, mode):
    """Search on from ``state`` until ``limit`` solutions in ``out`` (``state[FOUND]``),
    exhaustion or ``budget`` nodes: returns 0 (budget spent, call again), 1 (``out`` is
    full: take them, reset ``state[FOUND]`` and call again to go on) or 2 (exhausted)."""
    ncells = dom.shape[0]
    nprops = kinds.shape[0]
    spent = 0
    while True:
        if spent >= budget:
            return 0
        if state[BACK]:  # resumed after a solution: back up from it first
            state[BACK] = 0
        else:
            spent += 1
            state[NODES] += 1
            ok = propagate(dom, kinds, pstart, d, tab, wstart, wlist, cstart, clist, weight,
                           lo, nv, queue, inq, state)
            if ok:
                x = _choose(dom, weight, mode)
                if x >= 0:
                    depth = state[DEPTH]
                    frames[depth, :] = dom
                    bit = dom[x] & -dom[x]
                    bcell[depth] = x
                    bbit[depth] = bit
                    state[DEPTH] = depth + 1
                    _narrow(dom, x, bit, wstart, wlist, queue, inq, state, nprops)
                    continue
                f = state[FOUND]
                for c in range(ncells):
                    out[f, c] = lo + _cttz(dom[c])
                state[FOUND] = f + 1
                if f + 1 >= limit:
                    state[BACK] = 1
                    return 1
        # back up: the last choice's value is wrong here; remove it one level up
        state[FAILS] += 1
        while True:
            depth = state[DEPTH]
            if depth == 0:
                return 2
            depth -= 1
            state[DEPTH] = depth
            dom[:] = frames[depth, :]
            if _narrow(dom, bcell[depth], ~bbit[depth], wstart, wlist, queue, inq, state, nprops):
                break
            _clear(queue, inq, state, nprops)
