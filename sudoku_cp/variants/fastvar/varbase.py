"""What every propagator of ``fast`` for variants calls: mask bits and the queue.

Masks are int64, bit ``i`` the value ``lo + i`` (``_high``, ``_below``, ``_above`` and the
bit-counting intrinsics); ``_narrow`` keeps some values of a cell and queues the
propagators watching it (those that read only a cell's lowest and highest values when
one of them goes); ``_pop`` and ``_clear`` run the three rings of the queue (the
fast propagators, houses and pairs, first; then the middling ones; the costly ones
last, once the others have settled). A watcher list entry is ``512 * propagator + 8 *
few + 4 * bounds + ring`` (``varkernel.prepare`` writes it; ``bounds`` 1 for a watcher
woken only when the cell's lowest or highest value goes; ``few`` above 0 for a pair woken
only when the cell is left with ``few`` values or fewer; ``few`` = ``HOUSED`` for a house).
A house counts its places per value (how many of its cells can take each value) in the
queue's tail, after the three rings: first one slot per propagator, its counts' start
(0 for none), then per house three masks and ``nv`` counts: ``fixed`` (the values of its
fixed cells), ``held`` (the values with a place) and ``once`` (those with one place), at
the counts' start less 3, 2 and 1. ``_narrow`` takes one off for each value a
cell loses and queues the house only when the cell is fixed or a value is left in one
place or none: a house is at its own fixpoint after a run, and only those can give it
a new single, a hidden single or a failure (``count_places`` counts again from the
masks: ``varkernel.search`` at its start and at each frame it restores). A house so
queued often has nothing left to do (another house took the value from its cells
first): ``_settled`` tells that from the three masks and ``propagate`` skips the run,
still counting it, so the queue's order and every count are as before. The kind
numbers and the state slots are here too, so that ``varkernel``, ``varclues`` and
``engine`` read one list.

numba caches each function with its own file's timestamp only: the functions here are
compiled into their callers in ``varkernel`` and ``varclues``, so this file is listed in
``compiled_cache.SHARED_SOURCES`` (a change here is a new cache folder, everything
compiled again).

Import this module only after ``compiled_cache.prepare()`` (``engine`` does).
"""


import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

(HOUSE, PAIR, LINEAR, CAGE, RENBAN, BETWEEN, LOCKOUT, QUAD, CROSS, SMALLSUM, SANDWICH, XSUM,
 SKYSCRAPER, COUNT, INDEX, VINDEX, RELLIK, CIRCLES, GROUPSUM, SUMLINE, FULLRANK, NOTIES,
 AUTOMATON, CLASSES, FLATMATE, SAMEVALUES, EITHER, ZERODIFF, CHAOS, CHAOSCOUNT,
 CHAOSARROW, HIDDENSKY, FULLRANKS, OR, CROSSES) = range(35)  # as in ``program``
# state slots: counters, then each ring's head, tail and size (ring r at QHEAD + 3 * r)
DEPTH, FOUND, NODES, FAILS, BACK, RUNS, QHEAD, QTAIL, QSIZE = range(9)
RINGS = 3
FIRST, INORDER = 15, 16  # cells branched on first (from FIRST on), and in order
LAST = 17  # one more than the cell of the last choice (0: none), kept across calls
CROSSED = 18  # the crossing of a failed ``CROSSES`` (its cells are weighed, as a ``CROSS``'s)
STATE = 24  # slots in all
HOUSED = 63  # a watcher list entry's ``few`` for a house, which counts its places per value


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
    """``dom[x] &= keep``, queueing ``x``'s watchers on a change (a house only when it can
    narrow: see above); False when it empties."""
    old = dom[x]
    new = old & keep
    if new == old:
        return True
    dom[x] = new
    if new == 0:
        return False
    gone = old ^ new
    moved = gone > new or gone & ((new & -new) - 1) != 0  # the lowest or highest value left
    left = _ctpop(new)
    for k in range(wstart[x], wstart[x + 1]):
        e = wlist[k]
        if e & 4 and not moved:
            continue  # a watcher of the bounds only
        few = (e >> 3) & 63
        p = e >> 9
        if few == HOUSED:  # a house: one place fewer for each value gone
            c = queue[RINGS * nprops + p]
            low = left == 1  # (a cell fixed wakes it)
            if low:
                queue[c - 3] |= new
            while gone:
                v = _cttz(gone)
                gone &= gone - 1
                n = queue[c + v] - 1
                queue[c + v] = n
                if n <= 1:
                    low = True
                    if n == 1:
                        queue[c - 1] |= 1 << v
                    elif n == 0:
                        queue[c - 1] &= ~(1 << v)
                        queue[c - 2] &= ~(1 << v)
            gone = old ^ new
            if not low:
                continue  # no value left in one place or none, no new single
        elif few and left > few:
            continue  # a pair that removes nothing while the cell holds more than ``few``
        if not inq[p]:
            inq[p] = True
            r = e & 3
            s = QHEAD + 3 * r
            t = state[s + 1]
            queue[r * nprops + t] = p
            state[s + 1] = t + 1 if t + 1 < nprops else 0
            state[s + 2] += 1
    return True


@njit(cache=True, nogil=True)
def count_places(dom, queue, nprops, nv, wstart, wlist):
    """Each house's places per value (``queue``'s tail: see ``varkernel.prepare``) counted
    again from ``dom``; each cell counts in the houses that watch it."""
    for p in range(nprops):
        c = queue[RINGS * nprops + p]
        if c:
            queue[c - 3:c + nv] = 0
    for x in range(wstart.shape[0] - 1):
        for k in range(wstart[x], wstart[x + 1]):
            e = wlist[k]
            if (e >> 3) & 63 == HOUSED:
                c = queue[RINGS * nprops + (e >> 9)]
                m = dom[x]
                if m & (m - 1) == 0:
                    queue[c - 3] |= m
                queue[c - 1] |= queue[c - 2] & m  # (twice, until the loop below)
                queue[c - 2] |= m
                while m:
                    queue[c + _cttz(m)] += 1
                    m &= m - 1
    for p in range(nprops):
        c = queue[RINGS * nprops + p]
        if c:
            queue[c - 1] = queue[c - 2] & ~queue[c - 1]


@njit(cache=True, nogil=True)
def _settled(queue, c, k):
    """True when the house of ``k`` cells whose counts start at ``queue[c]`` is at its
    fixpoint, read from its three masks (see above): a run would narrow nothing and not
    fail. It would when a fixed value has another place, when fewer values than cells
    have one, or when as many as cells do and a value with one place is not fixed there;
    not counted yet (``held`` 0), never settled."""
    fixed = queue[c - 3]
    held = queue[c - 2]
    once = queue[c - 1]
    have = _ctpop(held)
    if fixed & ~once or have < k:
        return False
    return have > k or once & ~fixed == 0


@njit(cache=True, nogil=True)
def _pop(queue, inq, state, nprops):
    """The next queued propagator from the first ring that holds one; -1 when none."""
    for r in range(RINGS):
        s = QHEAD + 3 * r
        if state[s + 2] > 0:
            h = state[s]
            p = queue[r * nprops + h]
            state[s] = h + 1 if h + 1 < nprops else 0
            state[s + 2] -= 1
            inq[p] = False
            return p
    return -1


@njit(cache=True, nogil=True)
def _clear(queue, inq, state, nprops):
    while _pop(queue, inq, state, nprops) >= 0:
        pass
