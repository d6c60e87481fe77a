"""The compiled search of ``fast`` for variants (numba, nopython, cached on disk).

Masks are int64, bit ``i`` the value ``lo + i``. ``propagate`` empties a queue of
propagators (each queued once; narrowing a cell queues the propagators watching it) and
says whether every mask is still non-empty. ``search`` is a depth-first search with one
frame of masks per level: it branches on the cell with the fewest candidates per past
conflict (dom/wdeg: each failure adds one to the weight of the failing propagator's
cells and, in the weighted orders, ``state[INORDER]`` >= 3, to the cell whose choice
failed: ``engine.WEIGHED``), tries its lowest value, and on failure removes that value
one level up. It stops after ``budget`` nodes and resumes from ``state``, so the caller
keeps a time limit.

Every propagator is exact on a full assignment (it fails exactly when its rule is broken),
so a node where every cell is fixed and propagation succeeded is a solution.

The propagators for clues outside the grid, counting and indexing are in ``varclues``;
those over whole lines and small groups (full rank, automata, classes, flatmates, equal
sets) in ``varlines``; those over a chaos construction's unknown regions in ``varchaos``;
the sums and cages in ``varsums``; the renban lines in ``varrenban``; the crossings of
houses in ``varcross``; what every propagator calls (mask bits, the queue, the kind
numbers and state slots) in ``varbase``.

Import this module only after ``compiled_cache.prepare()`` (``engine`` does).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .varbase import (AUTOMATON, BACK, BETWEEN, CAGE, CIRCLES, CLASSES, COUNT, CROSS, CROSSED,
                      CROSSES, DEPTH,
                      EITHER, FAILS, FLATMATE, FOUND, FULLRANK, GROUPSUM, HOUSE, INDEX, LINEAR,
                      LOCKOUT, NODES, NOTIES, PAIR, QUAD, RELLIK, RENBAN, RUNS, SAMEVALUES,
                      SANDWICH, SKYSCRAPER, SMALLSUM, SUMLINE, VINDEX, XSUM, _above, _below,
                      _clear, _ctpop, _cttz, _high, _narrow, _pop)
from .varbase import HIDDENSKY, HOUSED, _settled, count_places
from .varbase import FIRST, INORDER, QHEAD, RINGS, STATE  # noqa: F401  (engine reads them)
from .varbase import CHAOSARROW  # noqa: F401  (the last kind: propagate's final branch)
from .varbase import CHAOS, CHAOSCOUNT, FULLRANKS, LAST, OR, ZERODIFF
from .varchaos import _chaos, _chaos_arrow, _chaos_count
from .varcross import _cross, _crosses, _weigh_crossing
from .varclues import (_circles, _count, _hidden_skyscraper, _index, _rellik, _sandwich,
                       _skyscraper, _sum_line, _value_index, _x_sum)
from .varsums import _cage, _group_sum, _linear, _place_needed, _small_sum
from .varrenban import _renban
from .varlines import (_automaton, _classes, _either, _flatmate, _full_rank, _full_ranks,
                       _no_ties, _same_values, _zero_differ)


@njit(cache=True, nogil=True)
def _house(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """The cells differ: singles leave the others; a value only one cell can take, when
    the cells need every value they can hold, goes there; too few values fail.

    One run reaches the house's own fixpoint (it starts again after any narrowing: a new
    single's value leaves the others, a value placed can leave another value to one
    cell), so ``propagate`` does not queue it again for its own changes, and a narrowing
    queues it only when it can narrow again (``varbase._narrow``: a cell fixed, a value
    left in one place or none)."""
    k = d[o]
    while True:
        again = False
        fixed = 0
        loose = 0  # the values of the cells not fixed
        union = 0
        twice = 0
        for j in range(k):
            m = dom[d[o + 1 + j]]
            if m & (m - 1) == 0:
                if fixed & m:
                    return False
                fixed |= m
            else:
                loose |= m
            twice |= union & m
            union |= m
        if fixed & loose:  # (most runs have no single's value to clear: one pass for them)
            union = 0
            twice = 0
            for j in range(k):
                x = d[o + 1 + j]
                m = dom[x]
                if m & (m - 1) != 0 and m & fixed:
                    if not _narrow(dom, x, ~fixed, wstart, wlist, queue, inq, state, nprops):
                        return False
                    m = dom[x]
                    if m & (m - 1) == 0:
                        again = True  # a new single: its value leaves the others
                twice |= union & m
                union |= m
            if again:
                continue
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
                        again = True
        if not again:
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
def _run(kind, dom, d, o, tab, lo, nv, wstart, wlist, queue, inq, state, nprops, work):
    """One propagator of kind ``kind`` (any but ``OR``), its data at ``d[o:]``."""
    if kind == HOUSE:
        ok = _house(dom, d, o, wstart, wlist, queue, inq, state, nprops)
    elif kind == PAIR:
        ok = _pair(dom, d, o, tab, wstart, wlist, queue, inq, state, nprops)
    elif kind == LINEAR:
        ok = _linear(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops)
    elif kind == CAGE:
        ok = _cage(dom, d, o, tab, wstart, wlist, queue, inq, state, nprops)
    elif kind == RENBAN:
        ok = _renban(dom, d, o, nv, wstart, wlist, queue, inq, state, nprops, work)
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
    elif kind == CROSSES:
        ok = _crosses(dom, d, o, wstart, wlist, queue, inq, state, nprops, work)
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
    elif kind == CIRCLES:
        ok = _circles(dom, d, o, lo, nv, wstart, wlist, queue, inq, state, nprops)
    elif kind == GROUPSUM:
        ok = _group_sum(dom, d, o, nv, wstart, wlist, queue, inq, state, nprops, work)
    elif kind == SUMLINE:
        ok = _sum_line(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops)
    elif kind == FULLRANK:
        ok = _full_rank(dom, d, o, wstart, wlist, queue, inq, state, nprops)
    elif kind == NOTIES:
        ok = _no_ties(dom, d, o)
    elif kind == FULLRANKS:
        ok = _full_ranks(dom, d, o, wstart, wlist, queue, inq, state, nprops)
    elif kind == AUTOMATON:
        ok = _automaton(dom, d, o, wstart, wlist, queue, inq, state, nprops)
    elif kind == CLASSES:
        ok = _classes(dom, d, o, wstart, wlist, queue, inq, state, nprops)
    elif kind == FLATMATE:
        ok = _flatmate(dom, d, o, wstart, wlist, queue, inq, state, nprops)
    elif kind == SAMEVALUES:
        ok = _same_values(dom, d, o, nv, wstart, wlist, queue, inq, state, nprops)
    elif kind == EITHER:
        ok = _either(dom, d, o, wstart, wlist, queue, inq, state, nprops)
    elif kind == ZERODIFF:
        ok = _zero_differ(dom, d, o, wstart, wlist, queue, inq, state, nprops)
    elif kind == CHAOS:
        ok = _chaos(dom, d, o, wstart, wlist, queue, inq, state, nprops)
    elif kind == CHAOSCOUNT:
        ok = _chaos_count(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops,
                          work)
    elif kind == HIDDENSKY:
        ok = _hidden_skyscraper(dom, d, o, wstart, wlist, queue, inq, state, nprops)
    else:  # CHAOSARROW
        ok = _chaos_arrow(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops)
    return ok


@njit(cache=True, nogil=True)
def _or(dom, d, o, tab, lo, nv, wstart, wlist, queue, inq, state, nprops):
    """``d[o:]``: b branches, c cells, the scratch the branches need, the cells, then each
    branch (``program_or``): each branch's propagators run on a copy of ``dom`` to their
    fixpoint (each run in turn until none narrows: no watchers there); a branch that
    fails is dropped, and every cell keeps the union of what the others left."""
    nb, nc = d[o], d[o + 1]
    cells = o + 3
    work = np.zeros(max(d[o + 2], 1), dtype=np.int64)
    none = np.zeros(dom.shape[0] + 1, dtype=np.int64)  # (no cell watched in a branch)
    copy = dom.copy()
    before = np.zeros(nc, dtype=np.int64)
    union = np.zeros(nc, dtype=np.int64)
    live = 0
    at = cells + nc
    for _ in range(nb):
        end = at + d[at]
        copy[:] = dom
        ok = True
        changed = True
        while ok and changed:
            for i in range(nc):
                before[i] = copy[d[cells + i]]
            q = at + 1
            while q < end:
                if not _run(d[q], copy, d, q + 2, tab, lo, nv, none, wlist, queue, inq, state,
                            nprops, work):
                    ok = False
                    break
                q += 2 + d[q + 1]
            changed = False
            for i in range(nc):
                if copy[d[cells + i]] != before[i]:
                    changed = True
        if ok:
            live += 1
            for i in range(nc):
                union[i] |= copy[d[cells + i]]
        at = end
    if live == 0:
        return False
    for i in range(nc):
        if not _narrow(dom, d[cells + i], union[i], wstart, wlist, queue, inq, state, nprops):
            return False
    return True


@njit(cache=True, nogil=True)
def propagate(dom, kinds, pstart, d, tab, wstart, wlist, cstart, clist, weight, lo, nv,
              queue, inq, state, work):
    """Run queued propagators to a fixpoint; on a failure, weigh its cells and clear the queue."""
    nprops = kinds.shape[0]
    while True:
        p = _pop(queue, inq, state, nprops)
        if p < 0:
            return True
        state[RUNS] += 1
        kind = kinds[p]
        o = pstart[p]
        if kind <= PAIR:  # a house or a pair reaches its own fixpoint in one run: while
            inq[p] = True  # it runs, its own narrowings do not queue it again
            if kind == HOUSE:  # (one at its fixpoint is not run: ``varbase._settled``)
                ok = (_settled(queue, queue[RINGS * nprops + p], d[o])
                      or _house(dom, d, o, wstart, wlist, queue, inq, state, nprops))
            else:
                ok = _pair(dom, d, o, tab, wstart, wlist, queue, inq, state, nprops)
            inq[p] = False
        elif kind == CROSS:  # (called here, not through ``_run``: a run through it costs
            # about 170 ns more, whatever its kind; measured, docs/variants_speed.md round 23)
            ok = _cross(dom, d, o, wstart, wlist, queue, inq, state, nprops)
        elif kind == CROSSES:  # (reaches its own fixpoint: not queued by its own changes)
            inq[p] = True
            ok = _crosses(dom, d, o, wstart, wlist, queue, inq, state, nprops, work)
            inq[p] = False
        elif kind == RENBAN:
            ok = _renban(dom, d, o, nv, wstart, wlist, queue, inq, state, nprops, work)
        elif kind == CAGE:
            ok = _cage(dom, d, o, tab, wstart, wlist, queue, inq, state, nprops)
        elif kind == LINEAR:
            ok = _linear(dom, d, o, lo, wstart, wlist, queue, inq, state, nprops)
        elif kind == GROUPSUM:
            ok = _group_sum(dom, d, o, nv, wstart, wlist, queue, inq, state, nprops, work)
        elif kind == BETWEEN:
            ok = _between(dom, d, o, wstart, wlist, queue, inq, state, nprops)
        elif kind == OR:
            ok = _or(dom, d, o, tab, lo, nv, wstart, wlist, queue, inq, state, nprops)
        else:
            ok = _run(kind, dom, d, o, tab, lo, nv, wstart, wlist, queue, inq, state, nprops,
                      work)
        if not ok:
            if kind == CROSSES:  # (the crossing that failed, as its own ``CROSS`` would)
                _weigh_crossing(d, o, state[CROSSED], weight)
            elif kind != CHAOS or state[INORDER] < 3:  # (chaos by decisions: see search)
                for j in range(cstart[p], cstart[p + 1]):
                    weight[clist[j]] += 1
            _clear(queue, inq, state, nprops)
            return False


@njit(cache=True, nogil=True)
def _choose(dom, weight, mode, state, nv):
    """The unfixed cell with the fewest candidates per conflict weight (``mode`` 0), or
    the fewest candidates, ties to the heaviest (``mode`` 1); -1 when all are fixed.
    Cells from ``state[FIRST]`` on (when set: a chaos construction's labels) come first,
    the first unfixed of them in order when ``state[INORDER]`` is 1 or 2; at 3 and 4
    (``program_chaos.BRANCH``) every cell is chosen among, weighed by the choices on it
    that failed (``search``), at 4 with ISS's linked cells (``_choose_linked``)."""
    first = state[FIRST]
    if state[INORDER] >= 4:
        return _choose_linked(dom, weight, first, nv * nv)
    if first > 0 and state[INORDER] < 3:
        for x in range(first, dom.shape[0]):
            m = dom[x]
            if m & (m - 1):
                if state[INORDER] == 2:  # a value cell of two candidates before it
                    best = -1
                    bw = -1
                    for y in range(first):
                        if _ctpop(dom[y]) == 2 and weight[y] > bw:
                            best, bw = y, weight[y]
                    if best >= 0:
                        return best
                if state[INORDER]:
                    return x
                best = _choose_from(dom, weight, mode, first)
                if best >= 0:
                    return best
                break
    return _choose_from(dom, weight, mode, 0)


@njit(cache=True, nogil=True)
def _choose_linked(dom, weight, first, grid):
    """The fewest candidates per weight over every cell, a cell's weight doubled when the
    cell linked to it is fixed (grid cell ``x < grid`` and its label ``first + x``), as
    ISS's candidate selector weighs a chaos construction's linked cells (it multiplies
    by four: measured, twice settled more, docs/variants_speed.md)."""
    ncells = dom.shape[0]
    best = -1
    bp = 0
    bw = 0
    for x in range(ncells):
        m = dom[x]
        if m & (m - 1):
            pc = _ctpop(m)
            w = weight[x] + 1
            y = x + first if x < grid else (x - first if first <= x < first + grid else -1)
            if y >= 0 and dom[y] & (dom[y] - 1) == 0:
                w *= 2
            if best < 0 or pc * bw < bp * w:
                best, bp, bw = x, pc, w
    return best


@njit(cache=True, nogil=True)
def _choose_from(dom, weight, mode, first):
    best = -1
    bp = 0
    bw = 0
    for x in range(first, dom.shape[0]):
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
def _placed(dom, hstart, hcells, hbits):
    """A value to place first: among the hint groups (a value's bit that one of the
    group's cells must hold) whose value no cell holds yet, the one with the fewest cells
    that can take it; its first such cell and the bit, or -1 when every group is settled."""
    best = -1
    bit = 0
    fewest = 1 << 62
    for g in range(hstart.shape[0] - 1):
        b = hbits[g]
        can = 0
        cell = -1
        for j in range(hstart[g], hstart[g + 1]):
            m = dom[hcells[j]]
            if m & b:
                if m == b:
                    can = 0
                    break
                can += 1
                if cell < 0:
                    cell = hcells[j]
        if 0 < can < fewest:
            best, bit, fewest = cell, b, can
    return best, bit


@njit(cache=True, nogil=True)
def _few(tab, at, nv):
    """For a pair's table at ``at`` (for each value of one cell, the other's values it
    allows): the most values the cell can hold and still leave one of the other's values
    without support (the most values that all forbid one value), 0 when that is all of
    them. Holding more, the cell removes nothing from the other: its pair need not wake
    (an inequality: 1; non-consecutive beside it: 3)."""
    most = 0
    for w in range(nv):
        bit = 1 << w
        forbid = 0
        for i in range(nv):
            if tab[at + i] & bit == 0:
                forbid += 1
        most = max(most, forbid)
    return most if most < nv else 0


@njit(cache=True, nogil=True)
def watchers(pcells, cstart, kinds, ncells):
    """A program's watcher lists (``program.freeze``): for each cell ``x`` of ``ncells``,
    ``wlist[wstart[x]:wstart[x + 1]]`` the propagators naming it (``pcells`` from
    ``cstart``), each once, in order, ``~p`` for a slow one (a kind after ``PAIR``);
    ``wlist`` is ``[0]`` when none watches. A counting pass, then a filling pass: the
    dozen numpy calls of a sort by (cell, propagator) were ~35 us a puzzle. A cell outside
    ``0..ncells - 1`` is watched by none (the sort dropped it past the last start)."""
    nprops = kinds.shape[0]
    last = np.full(max(ncells, 1), -1, dtype=np.int64)  # the last propagator counted there
    wstart = np.zeros(ncells + 1, dtype=np.int64)
    for p in range(nprops):
        for i in range(cstart[p], cstart[p + 1]):
            x = pcells[i]
            if 0 <= x < ncells and last[x] != p:
                last[x] = p
                wstart[x + 1] += 1
    for x in range(ncells):
        wstart[x + 1] += wstart[x]
    at = wstart[:ncells].copy()
    wlist = np.zeros(max(wstart[ncells], 1), dtype=np.int64)
    last[:] = -1
    for p in range(nprops):
        entry = ~p if kinds[p] > PAIR else p  # (``program.slow``)
        for i in range(cstart[p], cstart[p + 1]):
            x = pcells[i]
            if 0 <= x < ncells and last[x] != p:
                last[x] = p
                wlist[at[x]] = entry
                at[x] += 1
    return wstart, wlist


@njit(cache=True, nogil=True)
def prepare(kinds, pstart, d, tab, nv, wstart, wlist_in, costly, bounds, everything):
    """One program's run, in one call (a numpy step each costs more at a 1-node root):
    each propagator's ring (0 houses and pairs, 1 the others, 2 the kinds ``costly``),
    the watcher list as ``512 * propagator + 8 * few + 4 * b + ring`` (``program`` writes
    ``~p`` for a slow one; ``b`` 1 for the kinds ``bounds``, woken only when a lowest or
    highest value goes; ``few`` for a pair, ``_few`` of its table from the watched cell,
    woken only when that cell holds ``few`` values or fewer; ``HOUSED`` for a house), the
    queue (its three rings, then each house's counts of places: ``varbase``; zero until
    ``count_places``, so a house wakes on every narrowing until then), with every
    propagator queued once in its ring when ``everything``,
    ``inq``, the state and the propagators' scratch, ``work``: ``_group_sum``'s (three per
    group of the longest), ``_in_window``'s (two per cell of the longest renban) and
    ``_count_by_region``'s (one per counted cell); one runs at a time, so they share it."""
    nprops = kinds.shape[0]
    ring = np.zeros(nprops, dtype=np.int64)
    size = 3
    for p in range(nprops):
        kind = kinds[p]
        if kind > PAIR:  # (``program.slow``)
            ring[p] = 1
            for c in costly:
                if kind == c:
                    ring[p] = 2
        if kind == GROUPSUM:
            size = max(size, 3 * (d[pstart[p] + 2] + 1))
        elif kind == RENBAN:
            size = max(size, 2 * d[pstart[p]])
        elif kind == CHAOSCOUNT or kind == CROSSES:
            size = max(size, d[pstart[p]])
    wlist = np.zeros(max(wlist_in.shape[0], 1), dtype=np.int64)
    if nprops:
        few = np.full(tab.shape[0] + 1, -1, dtype=np.int64)  # per table: ``_few``, once
        for x in range(wstart.shape[0] - 1):
            for i in range(wstart[x], wstart[x + 1]):
                w = wlist_in[i]
                q = ~w if w < 0 else w
                b = 0
                for c in bounds:
                    if kinds[q] == c:
                        b = 4
                f = 0
                if kinds[q] == HOUSE:
                    f = HOUSED
                elif kinds[q] == PAIR:
                    o = pstart[q]
                    at = d[o + 2] if d[o] == x else d[o + 3]
                    if few[at] < 0:
                        few[at] = _few(tab, at, nv)
                    f = few[at]
                wlist[i] = 512 * q + 8 * f + b + ring[q]
    houses = 0
    for p in range(nprops):
        if kinds[p] == HOUSE:
            houses += 1
    queue = np.zeros(RINGS * max(nprops, 1) + nprops + houses * (3 + nv), dtype=np.int64)
    at = RINGS * nprops + nprops
    for p in range(nprops):
        if kinds[p] == HOUSE:
            queue[RINGS * nprops + p] = at + 3  # (its three masks first: ``varbase``)
            at += 3 + nv
    inq = np.zeros(nprops, dtype=np.bool_)
    state = np.zeros(STATE, dtype=np.int64)
    if everything:
        for p in range(nprops):
            inq[p] = True
            s = QHEAD + 3 * ring[p]
            queue[ring[p] * nprops + state[s + 1]] = p
            state[s + 1] += 1
            state[s + 2] += 1
        for r in range(RINGS):
            if state[QHEAD + 3 * r + 1] == nprops:
                state[QHEAD + 3 * r + 1] = 0
    work = np.zeros(size, dtype=np.int64)
    return ring, wlist, queue, inq, state, work


@njit(cache=True, nogil=True)
def search(dom, kinds, pstart, d, tab, wstart, wlist, cstart, clist, weight, lo, nv,
           queue, inq, state, frames, bcell, bbit, out, limit, budget, mode,
           hstart, hcells, hbits, work):
    """Search on from ``state`` until ``limit`` solutions in ``out`` (``state[FOUND]``),
    exhaustion or ``budget`` nodes: returns 0 (budget spent, call again), 1 (``out`` is
    full: take them, reset ``state[FOUND]`` and call again to go on) or 2 (exhausted).
    The hint groups (``hstart``, ``hcells``, ``hbits``: see ``_placed``) are branched on
    first, value first (where does this value go), as ISS's candidate finders do.
    ``work``: scratch for the propagators (see ``engine.Run``). The houses' counts of
    places are counted from ``dom`` at the start and at each frame restored."""
    ncells = dom.shape[0]
    nprops = kinds.shape[0]
    spent = 0
    count_places(dom, queue, nprops, nv, wstart, wlist)
    while True:
        if spent >= budget:
            return 0
        if state[BACK]:  # resumed after a solution: back up from it first
            state[BACK] = 0
        else:
            spent += 1
            state[NODES] += 1
            ok = propagate(dom, kinds, pstart, d, tab, wstart, wlist, cstart, clist, weight,
                           lo, nv, queue, inq, state, work)
            if not ok and state[INORDER] >= 3 and state[LAST]:
                weight[state[LAST] - 1] += 1  # the cell whose choice failed, as ISS weighs
            if ok:
                x, bit = _placed(dom, hstart, hcells, hbits)
                if x < 0:
                    x = _choose(dom, weight, mode, state, nv)
                    bit = dom[x] & -dom[x] if x >= 0 else 0
                if x >= 0:
                    depth = state[DEPTH]
                    frames[depth, :] = dom
                    bcell[depth] = x
                    bbit[depth] = bit
                    state[DEPTH] = depth + 1
                    _narrow(dom, x, bit, wstart, wlist, queue, inq, state, nprops)
                    state[LAST] = x + 1
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
            count_places(dom, queue, nprops, nv, wstart, wlist)
            if _narrow(dom, bcell[depth], ~bbit[depth], wstart, wlist, queue, inq, state, nprops):
                state[LAST] = bcell[depth] + 1
                break
            _clear(queue, inq, state, nprops)
