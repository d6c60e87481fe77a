"""The compiled sum propagators of ``fast`` for variants: linear sums (bounds), small sums
of up to three cells (exact, over masks), exact sums of many cells taken in groups of one
house (``_group_sum``: the sums each group can reach, walked both ways), and killer cages
by their tables of combinations; ``_place_needed`` (a value every combination needs, with
one place left, goes there) is shared with renban.

Split from ``varkernel`` (which dispatches to them) to keep each module small; same
conventions: masks are int64, bit ``i`` the value ``lo + i``; a propagator narrows
``dom`` through ``_narrow`` (which queues the watchers) and returns False on a wipe-out.
"""

from __future__ import annotations

from numba import njit

from .varbase import _above, _below, _ctpop, _cttz, _high, _narrow


@njit(cache=True, nogil=True)
def _linear(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops):
    """``sum(coef * value) == total`` by bounds: each term within what the others leave
    (``_linear_groups`` when the terms come in groups of cells that all differ)."""
    k, total = d[o], d[o + 1]
    if k == 0:
        return total == 0
    if d[o + 2 + 2 * k]:
        return _linear_groups(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops)
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
def _group_ends(dom, d, c0, size):
    """The ``size`` cells at ``d[c0], d[c0 + 2], ...`` all differ: the least sum of their
    value indices (each cell given the least index free at or above its own least: that
    set lies, index by index, at or below any set of distinct values within their bounds)
    and the greatest (from the top, likewise), with the top index of the least set and the
    bottom index of the greatest. ``ok`` False when they cannot all differ within the
    bounds they reach together."""
    seen_lo = 0
    seen_hi = 0
    sum_lo = 0
    sum_hi = 0
    span = 0
    for t in range(size):
        span |= dom[d[c0 + 2 * t]]
    first, last = _cttz(span), _high(span)
    for t in range(size):
        m = dom[d[c0 + 2 * t]]
        free = ~seen_lo & _above(_cttz(m) - 1)
        if free == 0:
            return False, 0, 0, 0, 0
        b = _cttz(free)
        if b > last:
            return False, 0, 0, 0, 0
        seen_lo |= 1 << b
        sum_lo += b
        free = ~seen_hi & _below(_high(m) + 1)
        if free == 0:
            return False, 0, 0, 0, 0
        b = _high(free)
        if b < first:
            return False, 0, 0, 0, 0
        seen_hi |= 1 << b
        sum_hi += b
    return True, sum_lo, sum_hi, _high(seen_lo), _cttz(seen_hi)


@njit(cache=True, nogil=True)
def _linear_groups(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops):
    """``_linear`` with its terms in groups (sizes after the terms) of one coefficient whose
    cells all differ (they share a house): a group's sum is bounded by ``_group_ends``, and
    a cell of a group at value ``v`` above the top ``t`` of the least set makes the group's
    sum at least the least sum - ``t`` + ``v`` (likewise from the top), which bounds ``v``
    by what the other terms leave."""
    k, total = d[o], d[o + 1]
    g0 = o + 2 + 2 * k
    ng = d[g0]
    smin = 0
    smax = 0
    j = 0
    for gi in range(ng):
        size = d[g0 + 1 + gi]
        c = d[o + 3 + 2 * j]
        ok, a, b, _, _ = _group_ends(dom, d, o + 2 + 2 * j, size)
        if not ok:
            return False
        a += size * lo
        b += size * lo
        if c > 0:
            smin += c * a
            smax += c * b
        else:
            smin += c * b
            smax += c * a
        j += size
    if total < smin or total > smax:
        return False
    up = total - smin  # how far the terms may rise above their least, together
    down = smax - total
    j = 0
    for gi in range(ng):
        size = d[g0 + 1 + gi]
        c = d[o + 3 + 2 * j]
        # (the group's cells are untouched so far in this pass: the same ends as above)
        ok, _, _, top, bottom = _group_ends(dom, d, o + 2 + 2 * j, size)
        if not ok:
            return False
        if c > 0:
            high, low = top + up // c, bottom - down // c
        else:
            high, low = top + down // (-c), bottom - up // (-c)
        keep = _above(low - 1) & _below(high + 1)
        for t in range(size):
            x = d[o + 2 + 2 * (j + t)]
            if dom[x] & ~keep:
                if not _narrow(dom, x, keep, wstart, wlist, queue, inq, state, nprops):
                    return False
        j += size
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
def _group_walk(m0, m1, m2, g, rev, target, check):
    """Each choice of distinct bits, one from each of the ``g`` (1 to 3) masks ``m0``,
    ``m1``, ``m2``: the mask of their sums of bit indices up to ``target`` or, with
    ``check``, the bits of each mask in a choice whose ``sum`` has bit ``sum`` of ``rev``
    set (the others make up the rest); (sums, kept0, kept1, kept2).

    The last mask is taken whole at each choice of the others (a shift), so a group of
    three costs the pairs of its first two masks, not the triples."""
    out = 0
    k0 = 0
    k1 = 0
    k2 = 0
    while m0:
        a = _cttz(m0)
        m0 &= m0 - 1
        if a > target:
            break
        if g == 1:
            if not check:
                out |= 1 << a
            elif rev >> a & 1:
                k0 |= 1 << a
            continue
        n1 = m1 & ~(1 << a)
        if g == 2:
            if not check:
                out |= n1 << a
            else:
                ok = n1 & (rev >> a)
                if ok:
                    k0 |= 1 << a
                    k1 |= ok
            continue
        while n1:
            b = _cttz(n1)
            n1 &= n1 - 1
            if a + b > target:
                break
            n2 = m2 & ~(1 << a) & ~(1 << b)
            if not check:
                out |= n2 << (a + b)
            else:
                ok = n2 & (rev >> (a + b))
                if ok:
                    k0 |= 1 << a
                    k1 |= 1 << b
                    k2 |= ok
    return out & _below(target + 1), k0, k1, k2


@njit(cache=True, nogil=True)
def _down(a, b):
    """The union of ``a >> j`` over the bits ``j`` of ``b``: with bit ``s`` of ``a``
    meaning "a sum of ``target - s``", the sums of ``a``'s plus ``b``'s, within ``target``."""
    out = 0
    while b:
        out |= a >> _cttz(b)
        b &= b - 1
    return out


@njit(cache=True, nogil=True)
def _completed(rpre, rsuf, target):
    """Bit ``s`` set when a sum before a group (reversed: bit ``target - i`` of ``rpre``)
    and one after it (``rsuf``) make ``target - s``; walks the side with fewer sums."""
    if _ctpop(rpre) > _ctpop(rsuf):
        rpre, rsuf = rsuf, rpre
    out = 0
    while rpre:
        out |= rsuf >> (target - _cttz(rpre))
        rpre &= rpre - 1
    return out


@njit(cache=True, nogil=True)
def _group_masks(dom, d, c, g, sign, nv):
    """The (up to three) masks of a group's cells, mirrored for coef -1; 0 past ``g``."""
    m0 = dom[d[c]]
    m1 = dom[d[c + 1]] if g > 1 else 0
    m2 = dom[d[c + 2]] if g > 2 else 0
    if sign < 0:
        m0 = _mirror(m0, nv)
        m1 = _mirror(m1, nv) if g > 1 else 0
        m2 = _mirror(m2, nv) if g > 2 else 0
    return m0, m1, m2


@njit(cache=True, nogil=True)
def _group_sum(dom, d, o, nv, wstart, wlist, queue, inq, state, nprops, work):
    """``sum(±value) == total`` exactly, repeats allowed except within a group (1 to 3
    cells that share a house): each cell keeps the values of the choices its group can
    make whose sum the other groups complete.

    In bit indices (``program`` turns the total): a term of coef +1 adds its bit index, of
    coef -1 its mirrored index, so every contribution is 0 or more and only sums up to the
    target (at most 62, ``program`` checks) matter, one bit each in a mask; ``pre[t]`` are
    the sums the groups before ``t`` make, ``suf[t]`` those from ``t`` on, both reversed
    (bit ``s`` the sum ``target - s``: a group's sums are then shifts down, and the
    sums it may make the other groups' complements, ``_completed``) (all three in
    ``work``, which ``engine`` sizes for the longest sum: no allocation per run)."""
    target, ngroups = d[o + 1], d[o + 2]
    if target < 0:
        return False
    gs = 0                   # work[gs + t]: group t's sums
    pre = ngroups            # work[pre + t], t in 0..ngroups
    suf = 2 * ngroups + 1    # work[suf + t], t in 0..ngroups
    c = o + 3 + 2 * ngroups
    for t in range(ngroups):
        g, sign = d[o + 3 + 2 * t], d[o + 4 + 2 * t]
        m0, m1, m2 = _group_masks(dom, d, c, g, sign, nv)
        work[gs + t] = _group_walk(m0, m1, m2, g, 0, target, False)[0]
        c += g
    work[pre] = 1 << target  # pre and suf reversed: bit s the sum target - s
    work[suf + ngroups] = 1 << target
    for t in range(ngroups):
        work[pre + t + 1] = _down(work[pre + t], work[gs + t])
        u = ngroups - 1 - t
        work[suf + u] = _down(work[suf + u + 1], work[gs + u])
    if work[pre + ngroups] & 1 == 0:
        return False
    c = o + 3 + 2 * ngroups
    for t in range(ngroups):
        g, sign = d[o + 3 + 2 * t], d[o + 4 + 2 * t]
        rev = _completed(work[pre + t], work[suf + t + 1], target)
        wide = work[gs + t] & ~rev == 0  # each sum the group makes is completed
        m0, m1, m2 = _group_masks(dom, d, c, g, sign, nv)
        top = _high(m0) + (_high(m1) if g > 1 else 0) + (_high(m2) if g > 2 else 0)
        for j in range(g):
            wide = wide and _ctpop(dom[d[c + j]]) >= g
        if wide and top <= target:  # and every choice makes one of them: each cell has
            c += g                  # g values or more, so each value is in a choice
            continue
        _, k0, k1, k2 = _group_walk(m0, m1, m2, g, rev, target, True)
        for j in range(g):
            kept = k0 if j == 0 else (k1 if j == 1 else k2)
            if sign < 0:
                kept = _mirror(kept, nv)
            if not _narrow(dom, d[c + j], kept, wstart, wlist, queue, inq, state, nprops):
                return False
        c += g
    return True


@njit(cache=True, nogil=True)
def _place_needed(dom, d, c0, k, needed, wstart, wlist, queue, inq, state, nprops):
    """Each value of ``needed`` is held by one of the ``k`` cells ``d[c0:c0 + k]``: none can
    take it, fail; one can, it goes there; several can, it leaves each peer seeing all of
    them (the tail after the cells, ``program_peers``: a count, then cell and seen bits)."""
    npeers = d[c0 + k]
    while needed:
        bit = needed & -needed
        needed &= needed - 1
        where = -1
        seen = 0
        holders = 0
        for j in range(k):
            if dom[d[c0 + j]] & bit:
                seen += 1
                where = d[c0 + j]
                holders |= 1 << j
        if seen == 0:
            return False
        if seen == 1:
            if dom[where] != bit and not _narrow(dom, where, bit, wstart, wlist, queue,
                                                 inq, state, nprops):
                return False
            continue
        for t in range(npeers):
            y, sees = d[c0 + k + 1 + 2 * t], d[c0 + k + 2 + 2 * t]
            if dom[y] & bit and holders & ~sees == 0:
                if not _narrow(dom, y, ~bit, wstart, wlist, queue, inq, state, nprops):
                    return False
    return True


@njit(cache=True, nogil=True)
def _cage(dom, d, o, tab, wstart, wlist, queue, inq, state, nprops):
    """The cage's values are one of its combinations: each cell keeps the values of the
    combinations every cell can still meet (and, when the cage lies in a full house, that
    leave to the rest of the house only values its cells can hold: ``program_peers``); a
    value all of them need and one cell can take goes there."""
    k, start, count = d[o], d[o + 1], d[o + 2]
    union = 0
    for j in range(k):
        union |= dom[d[o + 3 + j]]
    q = o + 4 + k + 2 * d[o + 3 + k]  # after the peers: the rest of a full house
    full, rest = d[q], 0
    for j in range(d[q + 1]):
        rest |= dom[d[q + 2 + j]]
    allowed = 0
    needed = -1
    for t in range(count):
        c = tab[start + t]
        if union & c != c or (c | rest) & full != full:
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
