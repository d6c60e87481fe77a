"""The crossings of ``fast`` for variants: two full houses that share cells (``CROSS``:
pointing and claiming), and a house's crossings with several others as one propagator
(``CROSSES``, ``program._grouped_crossings``: a box's six box-line crossings).

Import this module only after ``compiled_cache.prepare()`` (``engine`` does); it is listed
in ``compiled_cache.SHARED_SOURCES`` (compiled into ``varkernel``'s functions).
"""

from __future__ import annotations

from numba import njit

from .varbase import CROSSED, _narrow


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
def _crosses(dom, d, o, wstart, wlist, queue, inq, state, nprops, work):
    """A house ``H`` and its crossings with other houses (``program._grouped_crossings``),
    each as ``_cross``: ``H``'s masks read once into ``work`` for all of them, until none
    narrows (``propagate`` does not queue it for its own changes). On a failure
    ``state[CROSSED]`` says which crossing failed (``propagate`` weighs its cells)."""
    k, g = d[o], d[o + 1]
    hc = o + 2
    ms = work[:k]
    for j in range(k):
        ms[j] = dom[d[hc + j]]
    again = True
    while again:
        again = False
        at = hc + k
        for i in range(g):
            bits, nb = d[at], d[at + 1]
            oc = at + 2
            at = oc + nb
            shared = 0
            rest_h = 0
            for j in range(k):
                if (bits >> j) & 1:
                    shared |= ms[j]
                else:
                    rest_h |= ms[j]
            rest_l = 0
            for j in range(nb):
                rest_l |= dom[d[oc + j]]
            only_h = shared & ~rest_h  # H's values with no place but the shared cells
            if only_h & rest_l:
                for j in range(nb):
                    if not _narrow(dom, d[oc + j], ~only_h, wstart, wlist, queue, inq, state,
                                   nprops):
                        state[CROSSED] = i
                        return False
                rest_l &= ~only_h
                again = True  # (another crossing's outer cells may be these)
            only_l = shared & ~rest_l
            if only_l & rest_h:
                for j in range(k):
                    if not (bits >> j) & 1 and ms[j] & only_l:
                        if not _narrow(dom, d[hc + j], ~only_l, wstart, wlist, queue, inq,
                                       state, nprops):
                            state[CROSSED] = i
                            return False
                        ms[j] = dom[d[hc + j]]
                again = True  # (H's rest narrowed: another crossing may narrow again)
    return True


@njit(cache=True, nogil=True)
def _weigh_crossing(d, o, i, weight):
    """One more conflict on the cells of crossing ``i`` of the ``CROSSES`` at ``d[o:]``:
    its house's cells and the other house's outside it (a ``CROSS``'s cells)."""
    k = d[o]
    for j in range(k):
        weight[d[o + 2 + j]] += 1
    at = o + 2 + k
    for _ in range(i):
        at += 2 + d[at + 1]
    for j in range(d[at + 1]):
        weight[d[at + 2 + j]] += 1
