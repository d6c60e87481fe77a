"""Propagators of ``fast`` for variants over a chaos construction's unknown regions.

The regions are cells of their own (``program_chaos`` appends one *label cell* per grid
cell, its bit ``q`` "this cell lies in region ``q``"), so the search branches on them as
on any cell and a (grid, split) pair is one solution.

- ``_chaos``: the split. Labels come in order of first appearance (reading order), so
  each split has one labelling; each region has ``n`` cells (no more fixed to it, no fewer
  that may carry it) holding every value once (a value fixed twice in one region fails;
  a cell loses a region whose fixed cells already hold all its values; a value only one
  cell of a region can hold goes there, and that cell into the region); each region is
  connected (from a cell fixed to it, the cells that may carry it within ``n - 1`` steps
  over such cells keep it, the others lose it; with no fixed cell, a connected part of
  fewer than ``n`` such cells loses it); each part of a region's fixed cells smaller
  than a region grows through its one way out, if it has one (``_doors``); the open
  cells between fixed ones hold whole new regions and the room of the regions beside
  them (``_pockets``).
- ``_chaos_count``: the counted cells sharing the first one's region number the control
  cell's value plus the offset (counts of cells sure to share it and perhaps sharing it
  bound the value; a tight value makes the undecided ones share it or not; while the
  first one's region is open, each region it may be keeps it only if the value can be
  that region's count, as ISS's handler reasons); with ``program_chaos.COUNT_BY_REGION``
  (on), ``_count_by_region`` instead: for each region the first may be, the counts it
  allows and what each counted cell may then be, and a first cell whose neighbours are
  all counted counts one of them while none is fixed to its region.
- ``_chaos_arrow``: the runs of the arms from the start in its region, the start once,
  number the value plus the offset (each arm's run between its sure and its possible
  prefix; a tight value extends a run or ends it; the start's regions as for a count).

Two cells *share* a region for sure when both labels are one and the same (or they are
one cell), *differ* when their labels have no bit in common. Each narrows through
``varbase._narrow``, fails when a mask empties, and is exact on a full assignment
(``varkernel``'s docstring). Listed in ``compiled_cache.SHARED_SOURCES``: its functions
are compiled into ``varkernel.propagate``. Written from the model's docstrings and ISS's
handler notes (``handler_docs/chaos_construction.md``), sharing no code with the
witness, the encoders or the checker.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .varbase import _above, _below, _cttz, _narrow

_SAME, _DIFFER, _OPEN = 0, 1, 2
#: The rules of the second round, each a switch to measure it by (read when the kernel
#: compiles: a change is a change of this source, so a new compile).
DOORS, POCKETS = True, True


@njit(cache=True, nogil=True)
def _order(dom, d, lab, cells, full, seed, wstart, wlist, queue, inq, state, nprops):
    """Region ``q`` first appears after region ``q - 1`` in reading order, but for the
    regions of ``seed`` (bits), each pinned to a cell of its own (``program_chaos``)."""
    allowed = ((seed << 1) | 1) & full
    for i in range(cells):
        if allowed == full:
            break
        x = d[lab + i]
        if dom[x] & ~allowed and not _narrow(dom, x, allowed, wstart, wlist, queue, inq,
                                             state, nprops):
            return False
        allowed |= (dom[x] << 1) & full
    return True


@njit(cache=True, nogil=True)
def _note(lm, i, fixed, first):
    """Cell ``i``, its label ``lm`` just narrowed from two or more regions, counted in
    ``fixed`` and ``first`` if it is now fixed."""
    if lm & (lm - 1) == 0:
        q = _cttz(lm)
        fixed[q] += 1
        if first[q] < 0 or first[q] > i:
            first[q] = i


@njit(cache=True, nogil=True)
def _connected(dom, d, n, cells, lab, nb, fixed, first, wstart, wlist, queue, inq, state,
               nprops):
    """Each region connected, over the cells that may carry it. From a fixed cell (the
    first, ``first[q]``, of the ``fixed[q]`` cells fixed to region ``q``, or -1): a
    cell's *cost* is the fewest cells not fixed to the region on a path to it (fixed ones
    free), and the region has room for ``n`` less its fixed cells; the seed's fixed part
    with one way out (a *door*) grows through it. With no fixed cell: parts of fewer
    than ``n`` cells lose the region."""
    dist = np.empty(cells, dtype=np.int64)
    todo = np.empty(cells, dtype=np.int64)
    bucket = np.empty((n + 1) * cells, dtype=np.int64)
    filled = np.empty(n + 1, dtype=np.int64)
    for q in range(n):
        b = 1 << q
        seed = first[q]
        if seed >= 0:
            room = n - fixed[q]
            far = n + 1
            for i in range(cells):
                dist[i] = far
            for t in range(room + 1):
                filled[t] = 0
            dist[seed] = 0
            bucket[0] = seed
            filled[0] = 1
            for t in range(room + 1):
                k = 0
                while k < filled[t]:
                    u = bucket[t * cells + k]
                    k += 1
                    if dist[u] != t:
                        continue
                    for e in range(4):
                        w = d[nb + 4 * u + e]
                        if w < 0:
                            continue
                        wm = dom[d[lab + w]]
                        if wm & b == 0:
                            continue
                        c = t + (0 if wm == b else 1)
                        if c < dist[w] and c <= room:
                            dist[w] = c
                            bucket[c * cells + filled[c]] = w
                            filled[c] += 1
            reached = 0
            core = 0
            doors = 0
            door = -1
            for i in range(cells):
                x = d[lab + i]
                if dist[i] < far:
                    reached += 1
                    if dist[i] == 0:
                        core += 1
                    elif dist[i] == 1 and dom[x] != b:
                        doors += 1
                        door = i
                elif dom[x] & b:
                    if not _narrow(dom, x, ~b, wstart, wlist, queue, inq, state, nprops):
                        return False  # (a fixed cell out of reach)
                    _note(dom[x], i, fixed, first)
            if reached < n:
                return False
            if reached == n:  # exactly n cells can: they are the region
                for i in range(cells):
                    if dist[i] < far and not _narrow(dom, d[lab + i], b, wstart, wlist, queue,
                                                     inq, state, nprops):
                        return False
            elif core < n and doors == 1:
                if not _narrow(dom, d[lab + door], b, wstart, wlist, queue, inq, state, nprops):
                    return False
            continue
        for i in range(cells):
            dist[i] = -1
        big = False  # no fixed cell: parts of fewer than n cells lose the region
        for s in range(cells):
            if dist[s] >= 0 or dom[d[lab + s]] & b == 0:
                continue
            dist[s] = 0
            todo[0] = s
            head, tail = 0, 1
            while head < tail:
                u = todo[head]
                head += 1
                for k in range(4):
                    w = d[nb + 4 * u + k]
                    if w >= 0 and dist[w] < 0 and dom[d[lab + w]] & b:
                        dist[w] = 0
                        todo[tail] = w
                        tail += 1
            if tail >= n:
                big = True
                continue
            for j in range(tail):
                if not _narrow(dom, d[lab + todo[j]], ~b, wstart, wlist, queue, inq, state,
                               nprops):
                    return False
                _note(dom[d[lab + todo[j]]], todo[j], fixed, first)
        if not big:
            return False
    return True


@njit(cache=True, nogil=True)
def _doors(dom, d, n, cells, lab, nb, wstart, wlist, queue, inq, state, nprops):
    """Each part of a region's fixed cells (connected over cells fixed to it) with fewer
    than ``n`` cells grows through a cell that may carry the region beside it (a *door*):
    none, fail; one, it joins the region."""
    seen = np.zeros(cells, dtype=np.int64)
    todo = np.empty(cells, dtype=np.int64)
    for q in range(n):
        b = 1 << q
        for s in range(cells):
            if seen[s] > q or dom[d[lab + s]] != b:
                continue
            seen[s] = q + 1
            todo[0] = s
            head, tail = 0, 1
            door = -1
            doors = 0
            while head < tail:
                u = todo[head]
                head += 1
                for e in range(4):
                    w = d[nb + 4 * u + e]
                    if w < 0:
                        continue
                    wm = dom[d[lab + w]]
                    if wm == b:
                        if seen[w] <= q:
                            seen[w] = q + 1
                            todo[tail] = w
                            tail += 1
                    elif wm & b and w != door:
                        doors += 1
                        door = w
            if tail >= n:
                continue
            if doors == 0:
                return False
            if doors == 1:  # (the door joins two parts: the marks are stale, so the
                # region waits for the next run, which the narrowing queues)
                if not _narrow(dom, d[lab + door], b, wstart, wlist, queue, inq, state,
                               nprops):
                    return False
                break
    return True


@njit(cache=True, nogil=True)
def _pockets(dom, d, n, cells, lab, nb, wstart, wlist, queue, inq, state, nprops):
    """The cells whose region is open fall into *pockets* (connected over such cells).
    A region with no fixed cell lies inside one pocket, ``n`` of its cells; a region with
    fixed cells takes its room (``n`` less its fixed cells) from the pockets beside them,
    all of it from one pocket when it touches only that one. So a pocket of ``size`` cells
    holds ``k`` whole new regions where ``size - k n`` is between what the regions touching
    only it must put there and what all regions touching it can; the ``k``s add up to the
    regions with no fixed cell; a pocket with room for none loses their labels."""
    fixed = np.zeros(n, dtype=np.int64)
    for i in range(cells):
        lm = dom[d[lab + i]]
        if lm & (lm - 1) == 0:
            fixed[_cttz(lm)] += 1
    empty = 0
    for q in range(n):
        if fixed[q] == 0:
            empty |= 1 << q
    pocket = np.full(cells, -1, dtype=np.int64)
    todo = np.empty(cells, dtype=np.int64)
    size = np.zeros(cells, dtype=np.int64)
    touch = np.zeros(cells, dtype=np.int64)   # regions with fixed cells beside the pocket
    new = np.zeros(cells, dtype=np.int64)     # regions with none that its cells may carry
    touches = np.zeros(n, dtype=np.int64)     # pockets beside each region's fixed cells
    npk = 0
    for s in range(cells):
        sm = dom[d[lab + s]]
        if pocket[s] >= 0 or sm & (sm - 1) == 0:
            continue
        pocket[s] = npk
        todo[0] = s
        head, tail = 0, 1
        t = 0
        nw = 0
        while head < tail:
            u = todo[head]
            head += 1
            um = dom[d[lab + u]]
            nw |= um & empty
            for e in range(4):
                w = d[nb + 4 * u + e]
                if w < 0:
                    continue
                wm = dom[d[lab + w]]
                if wm & (wm - 1):
                    if pocket[w] < 0:
                        pocket[w] = npk
                        todo[tail] = w
                        tail += 1
                elif wm & um:
                    t |= wm
        size[npk] = tail
        touch[npk] = t
        new[npk] = nw
        m = t
        while m:
            touches[_cttz(m)] += 1
            m &= m - 1
        npk += 1
    for q in range(n):
        if 0 < fixed[q] < n and touches[q] == 0:
            return False  # (room left and no open cell beside it)
    kmin = 0
    kmax = 0
    for p in range(npk):
        lo = 0
        hi = 0
        m = touch[p]
        while m:
            q = _cttz(m)
            m &= m - 1
            hi += n - fixed[q]
            if touches[q] == 1:
                lo += n - fixed[q]
        if lo > size[p]:
            return False
        least = max(0, -((hi - size[p]) // n))  # ceil((size - hi) / n), at least 0
        most = (size[p] - lo) // n if new[p] else 0
        if least > most:
            return False
        kmin += least
        kmax += most
    z = 0
    for q in range(n):
        if fixed[q] == 0:
            z += 1
    if kmin > z or kmax < z:
        return False
    for p in range(npk):  # a pocket with room for no new region loses their labels
        if new[p] == 0:
            continue
        lo = 0
        m = touch[p]
        while m:
            q = _cttz(m)
            m &= m - 1
            if touches[q] == 1:
                lo += n - fixed[q]
        if size[p] - lo >= n:
            continue
        for i in range(cells):
            if pocket[i] == p and not _narrow(dom, d[lab + i], ~empty, wstart, wlist, queue,
                                              inq, state, nprops):
                return False
    return True


@njit(cache=True, nogil=True)
def _chaos(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """The split: order, size, every value once a region, connected (module docstring).

    ``d[o]`` is ``n``, ``d[o + 1]`` the number of grid cells, then the grid cells, their
    label cells, four neighbours (grid indices, -1 at the edge) a grid cell, and the
    bits of the regions pinned to anchor cells."""
    n, cells = d[o], d[o + 1]
    val = o + 2
    lab = val + cells
    nb = lab + cells
    full = (1 << n) - 1
    if not _order(dom, d, lab, cells, full, d[nb + 4 * cells], wstart, wlist, queue, inq,
                  state, nprops):
        return False
    may = np.zeros(n, dtype=np.int64)      # cells that may carry each region
    fixed = np.zeros(n, dtype=np.int64)    # cells fixed to it
    first = np.full(n, -1, dtype=np.int64)  # the first of them, -1: none
    held = np.zeros(n, dtype=np.int64)     # values fixed in it
    once = np.zeros(n, dtype=np.int64)     # values some cell that may carry it can take
    twice = np.zeros(n, dtype=np.int64)    # ... two or more such cells
    for i in range(cells):
        lm = dom[d[lab + i]]
        vm = dom[d[val + i]]
        m = lm
        while m:
            q = _cttz(m)
            m &= m - 1
            may[q] += 1
            twice[q] |= once[q] & vm
            once[q] |= vm
        if lm & (lm - 1) == 0:
            q = _cttz(lm)
            fixed[q] += 1
            if first[q] < 0:
                first[q] = i
            if vm & (vm - 1) == 0:
                if held[q] & vm:
                    return False
                held[q] |= vm
    for q in range(n):
        if may[q] < n or fixed[q] > n or once[q] != full:
            return False
    for i in range(cells):
        x, y = d[lab + i], d[val + i]
        lm, vm = dom[x], dom[y]
        if lm & (lm - 1) == 0:  # in region q: not its held values; its hidden single here
            q = _cttz(lm)
            if vm & (vm - 1):
                keep = ~held[q]
                only = once[q] & ~twice[q] & vm
                if only & (only - 1):
                    return False  # two values only this cell of region q can hold
                if only:
                    keep = only
                if vm & ~keep and not _narrow(dom, y, keep, wstart, wlist, queue, inq, state,
                                              nprops):
                    return False
            continue
        drop = 0
        must = lm
        only = 0
        m = lm
        while m:
            q = _cttz(m)
            m &= m - 1
            b = 1 << q
            if fixed[q] == n or vm & ~held[q] == 0:
                drop |= b
            elif may[q] == n:
                must &= b
            else:
                s = once[q] & ~twice[q] & vm
                if s & (s - 1):
                    return False  # region q needs two values of this one cell
                if s:  # the one cell of region q that can hold the value s
                    must &= b
                    only |= s
        if lm & (drop | ~must):
            if not _narrow(dom, x, must & ~drop, wstart, wlist, queue, inq, state, nprops):
                return False
            _note(dom[x], i, fixed, first)  # (for the connectivity below)
        if only and vm & ~only and not _narrow(dom, y, only, wstart, wlist, queue, inq, state,
                                               nprops):
            return False
    if not _connected(dom, d, n, cells, lab, nb, fixed, first, wstart, wlist, queue, inq,
                      state, nprops):
        return False
    if DOORS and not _doors(dom, d, n, cells, lab, nb, wstart, wlist, queue, inq, state,
                            nprops):
        return False
    return not POCKETS or _pockets(dom, d, n, cells, lab, nb, wstart, wlist, queue, inq,
                                   state, nprops)


@njit(cache=True, nogil=True)
def _relation(dom, f, x):
    """Whether cell labels ``f`` and ``x`` share a region for sure, differ, or are open."""
    if x == f:
        return _SAME
    fm, xm = dom[f], dom[x]
    if fm & xm == 0:
        return _DIFFER
    if fm == xm and fm & (fm - 1) == 0:
        return _SAME
    return _OPEN


@njit(cache=True, nogil=True)
def _share(dom, f, x, wstart, wlist, queue, inq, state, nprops):
    """Labels ``f`` and ``x`` one region: each keeps what the other may be."""
    if not _narrow(dom, x, dom[f], wstart, wlist, queue, inq, state, nprops):
        return False
    return _narrow(dom, f, dom[x], wstart, wlist, queue, inq, state, nprops)


@njit(cache=True, nogil=True)
def _differ(dom, f, x, wstart, wlist, queue, inq, state, nprops):
    """Labels ``f`` and ``x`` two regions: a fixed one's region leaves the other."""
    if x == f:
        return False
    fm, xm = dom[f], dom[x]
    if fm & (fm - 1) == 0:
        return _narrow(dom, x, ~fm, wstart, wlist, queue, inq, state, nprops)
    if xm & (xm - 1) == 0:
        return _narrow(dom, f, ~xm, wstart, wlist, queue, inq, state, nprops)
    return True


@njit(cache=True, nogil=True)
def _in_region(dom, d, at, k, f, b):
    """Of the ``k`` label cells listed from ``d[at]``, those surely in region ``b`` (fixed
    to it, or the first label ``f`` itself) and those that may be: (least, most)."""
    least = 0
    most = 0
    for j in range(k):
        x = d[at + j]
        xm = dom[x]
        if x == f or xm == b:
            least += 1
            most += 1
        elif xm & b:
            most += 1
    return least, most


@njit(cache=True, nogil=True)
def _chaos_count(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops, work):
    """``d[o]`` counted label cells (after the first), ``d[o + 1]`` the offset, then the
    control cell, the first label cell, the counted ones, whether to reason region by
    region (``program_chaos.COUNT_BY_REGION``) and the first's neighbours when all of them
    are counted (their number, then their label cells): the value plus the offset is one
    more than those sharing the first's region."""
    k, off, ctl, f = d[o], d[o + 1], d[o + 2], d[o + 3]
    if d[o + 4 + k]:
        return _count_by_region(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops,
                                work)
    fm = dom[f]
    if fm & (fm - 1):  # the first's region open: each region it may be supports a range
        support = 0
        keep = 0
        m = fm
        while m:
            b = m & -m
            m &= m - 1
            least, most = _in_region(dom, d, o + 4, k, f, b)
            low = least + 1 - off - lo
            s = dom[ctl] & _above(low - 1) & _below(most + 1 - off - lo + 1)
            if s:
                support |= s
                keep |= b
        if not _narrow(dom, ctl, support, wstart, wlist, queue, inq, state, nprops):
            return False
        if not _narrow(dom, f, keep, wstart, wlist, queue, inq, state, nprops):
            return False
    sure = 0
    open_ = 0
    for j in range(k):
        r = _relation(dom, f, d[o + 4 + j])
        if r == _SAME:
            sure += 1
        elif r == _OPEN:
            open_ += 1
    least = sure + 1 - off - lo  # the bit of the least value
    if not _narrow(dom, ctl, _above(least - 1) & _below(least + open_ + 1), wstart, wlist,
                   queue, inq, state, nprops):
        return False
    cm = dom[ctl]
    if open_ == 0 or cm & (cm - 1):
        return True
    t = _cttz(cm) - least  # how many of the open ones share the region
    if t != 0 and t != open_:
        return True
    for j in range(k):
        x = d[o + 4 + j]
        if _relation(dom, f, x) != _OPEN:
            continue
        if t == 0:
            if not _differ(dom, f, x, wstart, wlist, queue, inq, state, nprops):
                return False
        elif not _share(dom, f, x, wstart, wlist, queue, inq, state, nprops):
            return False
    return True


@njit(cache=True, nogil=True)
def _count_by_region(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops, work):
    """A count reasoned region by region, as ISS's handler does: for each region ``b``
    the first cell may be, the counts it allows (between the counted cells fixed to ``b``
    and those that may be, one more than the least when the first's neighbours are all
    counted and none is fixed to ``b``: a region has two or more cells, so one of them
    joins) and what each counted cell may then be (``b`` only if a count above the least
    is allowed, another region only if one below the most is). The control, the first
    and each counted cell keep what some region supports. ``work``: scratch of ``k`` or
    more."""
    k, off, ctl, f = d[o], d[o + 1], d[o + 2], d[o + 3]
    ne = d[o + 5 + k]
    enc = o + 6 + k
    fm = dom[f]
    cm0 = dom[ctl]
    near = 0  # regions a neighbour of the first is fixed to
    for e in range(ne):
        em = dom[d[enc + e]]
        if em & (em - 1) == 0:
            near |= em
    sup = work[:k]
    sup[:] = 0
    support = 0
    keep = 0
    m = fm
    while m:
        b = m & -m
        m &= m - 1
        least, most = _in_region(dom, d, o + 4, k, f, b)
        lb = least + 1 - off - lo  # the bits of the least and the most count (the first
        mb = most + 1 - off - lo   # cell counts too)
        s = cm0 & _above(lb - 1) & _below(mb + 1)
        if ne and near & b == 0 and lb >= 0:
            s &= ~(1 << lb)
        if s == 0:
            continue
        support |= s
        keep |= b
        more = s & _above(lb)    # a count above the least: an open cell may be b
        fewer = s & _below(mb)   # one below the most: an open cell may be another
        for j in range(k):
            x = d[o + 4 + j]
            xm = dom[x]
            if x == f or xm == b:
                sup[j] |= xm
                continue
            if fewer or xm & b == 0:
                sup[j] |= xm & ~b
            if more and xm & b:
                sup[j] |= b
    if cm0 & ~support and not _narrow(dom, ctl, support, wstart, wlist, queue, inq, state,
                                      nprops):
        return False
    if fm & ~keep and not _narrow(dom, f, keep, wstart, wlist, queue, inq, state, nprops):
        return False
    for j in range(k):
        x = d[o + 4 + j]
        if dom[x] & ~sup[j] and not _narrow(dom, x, sup[j], wstart, wlist, queue, inq, state,
                                            nprops):
            return False
    return True


@njit(cache=True, nogil=True)
def _chaos_arrow(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops):
    """``d[o]`` arms, ``d[o + 1]`` the offset, the control cell, the start's label cell,
    each arm's length (its cells after the start), then their label cells: the value plus
    the offset is one more than the runs (each arm's cells from the start while they
    share its region)."""
    arms, off, ctl, f = d[o], d[o + 1], d[o + 2], d[o + 3]
    first = o + 4 + arms
    fm = dom[f]
    if fm & (fm - 1):  # the start's region open: each region it may be supports a range
        support = 0
        keep = 0
        m = fm
        while m:
            b = m & -m
            m &= m - 1
            low = 0
            high = 0
            c = first
            for a in range(arms):
                length = d[o + 4 + a]
                sure = True
                for j in range(length):
                    x = d[c + j]
                    xm = dom[x]
                    if x != f and xm & b == 0:
                        break
                    high += 1
                    if sure and (x == f or xm == b):
                        low += 1
                    else:
                        sure = False
                c += length
            s = dom[ctl] & _above(low + 1 - off - lo - 1) & _below(high + 1 - off - lo + 1)
            if s:
                support |= s
                keep |= b
        if not _narrow(dom, ctl, support, wstart, wlist, queue, inq, state, nprops):
            return False
        if not _narrow(dom, f, keep, wstart, wlist, queue, inq, state, nprops):
            return False
    least = np.zeros(arms, dtype=np.int64)  # each run's sure prefix
    most = np.zeros(arms, dtype=np.int64)   # and its possible one
    lsum = 0
    msum = 0
    c = first
    for a in range(arms):
        length = d[o + 4 + a]
        sure = True
        for j in range(length):
            r = _relation(dom, f, d[c + j])
            if r == _DIFFER:
                break
            most[a] += 1
            if sure and r == _SAME:
                least[a] += 1
            else:
                sure = False
        lsum += least[a]
        msum += most[a]
        c += length
    low = lsum + 1 - off - lo  # the bit of the least value
    if not _narrow(dom, ctl, _above(low - 1) & _below(msum + 1 - off - lo + 1), wstart, wlist,
                   queue, inq, state, nprops):
        return False
    cm = dom[ctl]
    if cm & (cm - 1) or lsum == msum:
        return True
    t = _cttz(cm) + lo + off - 1  # the runs' total
    c = first
    for a in range(arms):
        length = d[o + 4 + a]
        lb = t - (msum - most[a])
        ub = t - (lsum - least[a])
        for j in range(least[a], lb):
            if not _share(dom, f, d[c + j], wstart, wlist, queue, inq, state, nprops):
                return False
        if ub < most[a] and max(least[a], lb) >= ub:  # the run ends before cell ub
            if not _differ(dom, f, d[c + ub], wstart, wlist, queue, inq, state, nprops):
                return False
        c += length
    return True
