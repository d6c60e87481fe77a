"""Propagators of ``fast`` for variants over whole lines and small groups: full rank,
automata (regular expressions and NFAs), every class in a group, flatmates, equal sets.

- ``_full_rank``: a clued row or column, read from its clue, ranks ``rank``-th among the
  ``4n`` readings of rows and columns (each read both ways). With ``n`` values on an
  ``n x n`` grid each value starts exactly four readings (the first and last row and
  column each hold it once), so the clue fixes the reading's first value and how many of
  the three other readings that start with it are smaller (``program`` does that part);
  this counts, over the readings that can start with that value, which can still be
  smaller or greater (a lexicographic scan of the masks), fails when too few or too many,
  and forces or rules out a reading's first value, or orders two readings, when the count
  is tight (the reasoning of ISS's handler, restated).
- ``_full_ranks``: every clue of a puzzle in one (ISS's handler's way): clues that start
  with one value ordered by their ranks, each counting only the readings with no clue.
- ``_no_ties``: no two readings that are fixed read the same.
- ``_automaton``: the line's values are a path of an automaton unrolled along the line
  (``program`` numbers each step's states): a value stays at a cell when some move reading
  it joins a state reachable from a start to one that reaches an accepting end.
- ``_classes``: each class (a mask of values) is held by some cell of the group (with
  hidden singles and pairs of classes, and a class's last value placed).
- ``_flatmate``: a middle value has the lowest value above it or the highest below it.
- ``_same_values``: groups of cells hold each value equally often;
- ``_either``: an ``or`` whose branches each only restrict cells' values (ISS's
  givens or candidates inside ``Or``);
- ``_zero_differ``: where a cell holds a value, two cells differ (doppelganger).

Each narrows through ``varbase._narrow``, fails when a mask empties, and is exact on a full
assignment (``varkernel``'s docstring). Listed in ``compiled_cache.SHARED_SOURCES``: its
functions are compiled into ``varkernel.propagate``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .varbase import _above, _below, _ctpop, _cttz, _high, _narrow
from .varsums import _place_needed

# flags of one reading against the clued one
_IN, _SET, _LESS, _GREATER, _NE = 1, 2, 4, 8, 16


@njit(cache=True, nogil=True)
def _compare(dom, d, line, other, n, first):
    """Flags of reading ``other`` against ``line`` (both ``n`` cells at ``d[line:]``,
    ``d[other:]``), both assumed to start with the value bit ``first``: whether it can be
    smaller, greater, or must differ, scanning while the two could still be equal (values
    equal earlier cannot recur: each reading is a house)."""
    flags = 0
    eq = ~first
    for j in range(1, n):
        ev = dom[d[other + j]] & eq
        lv = dom[d[line + j]] & eq
        if ev == 0 or lv == 0:  # equal so far is impossible
            return flags | _NE
        mine, maxe, minl, maxl = _cttz(ev), _high(ev), _cttz(lv), _high(lv)
        if maxe > minl:
            flags |= _GREATER
        if mine < maxl:
            flags |= _LESS
        if ev & lv == 0:
            return flags | _NE
        if flags & (_LESS | _GREATER) == _LESS | _GREATER or mine > maxl or maxe < minl:
            return flags
        eq &= ~(ev & lv)
    return flags


@njit(cache=True, nogil=True)
def _ordered(dom, d, low, high, n, wstart, wlist, queue, inq, state, nprops):
    """Reading ``low`` is strictly smaller than ``high`` (both start with one value): at
    the first place they may differ, ``low`` keeps values up to ``high``'s largest and
    ``high`` values from ``low``'s smallest; fails when they are equal throughout."""
    eq = ~(dom[d[low]] & dom[d[high]])
    for j in range(1, n):
        a, b = d[low + j], d[high + j]
        lv = dom[a] & eq
        hv = dom[b] & eq
        if lv == 0 or hv == 0:
            return False
        if lv == hv and lv & (lv - 1) == 0:
            eq &= ~lv
            continue
        lv &= _below(_high(hv) + 1)
        if lv == 0:
            return False
        hv &= _above(_cttz(lv) - 1)
        if not _narrow(dom, a, lv, wstart, wlist, queue, inq, state, nprops):
            return False
        if not _narrow(dom, b, hv, wstart, wlist, queue, inq, state, nprops):
            return False
        if not (lv == hv and lv & (lv - 1) == 0):
            return True
        eq &= ~lv
    return False


@njit(cache=True, nogil=True)
def _side(dom, d, line, base, n, m, flags, want, one, other, strict, first,
          wstart, wlist, queue, inq, state, nprops):
    """Exactly ``want`` readings (of ``m`` at ``d[base:]``) that start with ``first`` are on
    the ``one`` side (``_LESS`` or ``_GREATER``) of ``line``, or at most ``want`` when ties
    are allowed (``strict`` 0) and this is the greater side."""
    maybe = 0
    fixed = 0
    for i in range(m):
        f = flags[i]
        if f & one:
            maybe += 1
            if not f & other and f & _SET and (strict or f & _NE):
                fixed += 1
    if fixed > want:
        return False
    exact = strict or one == _LESS
    if exact and maybe < want:
        return False
    if exact and maybe == want and fixed < want:  # every one that can be there is
        for i in range(m):
            if flags[i] & one:
                if not _narrow(dom, d[base + i * n], first, wstart, wlist, queue, inq, state,
                               nprops):
                    return False
    elif fixed == want and maybe > want:  # the side is full: the rest are not there
        for i in range(m):
            f = flags[i]
            e = base + i * n
            if f & (_SET | one | other) == one and (strict or f & _NE):
                if not _narrow(dom, d[e], ~first, wstart, wlist, queue, inq, state, nprops):
                    return False
            elif f & (_SET | one | other) == _SET | one | other and (strict or f & _NE):
                low, high = (line, e) if one == _LESS else (e, line)
                if not _ordered(dom, d, low, high, n, wstart, wlist, queue, inq, state,
                                nprops):
                    return False
    return True


@njit(cache=True, nogil=True)
def _full_rank(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """``d[o:]``: n, readings below, strict (no ties with the clued one), the clued
    reading's n cells, then the other ``4n - 1`` readings' cells."""
    n, below, strict = d[o], d[o + 1], d[o + 2]
    line = o + 3
    base = line + n
    m = 4 * n - 1
    first = dom[d[line]]
    if first & (first - 1):  # (``program`` fixes it; a given may not have yet)
        return True
    flags = np.zeros(m, dtype=np.int64)
    for i in range(m):
        e = base + i * n
        f0 = dom[d[e]]
        if f0 & first == 0:
            continue
        f = _IN | _compare(dom, d, line, e, n, first)
        if f0 == first:
            f |= _SET
            if strict and f == _IN | _SET:  # the same reading throughout: a tie
                return False
        flags[i] = f
    if not _side(dom, d, line, base, n, m, flags, below, _LESS, _GREATER, strict, first,
                 wstart, wlist, queue, inq, state, nprops):
        return False
    return _side(dom, d, line, base, n, m, flags, 3 - below, _GREATER, _LESS, strict, first,
                 wstart, wlist, queue, inq, state, nprops)


@njit(cache=True, nogil=True)
def _full_ranks(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """Every rank clue of a puzzle at once (no two share a rank or a line). ``d[o:]``: n,
    strict, u, the cells of the ``u`` readings with no clue, then per value that starts a
    clued reading: its bit, g clues, and per clue in the order of their ranks: how many
    of the readings with no clue are below it and above it, and its ``n`` cells.

    Of the readings that start with one value, clues of smaller rank read smaller (in
    every tie mode: a tie is the same rank), so each clue is ordered against the others;
    each clue then counts only the readings with no clue on either side of it (what
    ``_full_rank`` does against every reading, knowing here where the other clues lie)."""
    n, strict, u = d[o], d[o + 1], d[o + 2]
    base = o + 3
    at = base + u * n
    sets = d[at]
    at += 1
    flags = np.zeros(u, dtype=np.int64)
    for _ in range(sets):
        v, g = d[at], d[at + 1]
        at += 2
        for k in range(g):
            if not _narrow(dom, d[at + k * (n + 2) + 2], v, wstart, wlist, queue, inq, state,
                           nprops):
                return False
        for k in range(1, g):  # (every pair: an order read through a third is weaker)
            for j in range(k):
                if not _ordered(dom, d, at + j * (n + 2) + 2, at + k * (n + 2) + 2, n,
                                wstart, wlist, queue, inq, state, nprops):
                    return False
        if g < 4:
            viable = 0
            for i in range(u):
                if dom[d[base + i * n]] & v:
                    viable += 1
            if viable < 4 - g:
                return False
            for k in range(g):
                below, above = d[at + k * (n + 2)], d[at + k * (n + 2) + 1]
                line = at + k * (n + 2) + 2
                for i in range(u):
                    e = base + i * n
                    f0 = dom[d[e]]
                    f = 0
                    if f0 & v:
                        f = _IN | _compare(dom, d, line, e, n, v)
                        if f0 == v:
                            f |= _SET
                            if strict and f == _IN | _SET:  # the same reading: a tie
                                return False
                    flags[i] = f
                if not _side(dom, d, line, base, n, u, flags, below, _LESS, _GREATER,
                             strict, v, wstart, wlist, queue, inq, state, nprops):
                    return False
                if not _side(dom, d, line, base, n, u, flags, above, _GREATER, _LESS,
                             strict, v, wstart, wlist, queue, inq, state, nprops):
                    return False
        at += g * (n + 2)
    return True


@njit(cache=True, nogil=True)
def _fixed(dom, d, e, n):
    for j in range(n):
        m = dom[d[e + j]]
        if m & (m - 1):
            return False
    return True


@njit(cache=True, nogil=True)
def _no_ties(dom, d, o):
    """``d[o:]``: n, then the cells of the ``4n`` readings: no two fixed ones read the same."""
    n = d[o]
    m = 4 * n
    for a in range(m):
        ea = o + 1 + a * n
        if not _fixed(dom, d, ea, n):
            continue
        for b in range(a + 1, m):
            eb = o + 1 + b * n
            if dom[d[eb]] != dom[d[ea]] or dom[d[eb + n - 1]] != dom[d[ea + n - 1]]:
                continue
            same = True
            for j in range(1, n - 1):
                if dom[d[ea + j]] != dom[d[eb + j]] or dom[d[eb + j]] & (dom[d[eb + j]] - 1):
                    same = False
                    break
            if same:
                return False
    return True


@njit(cache=True, nogil=True)
def _automaton(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """``d[o:]``: steps, states (numbered per step by ``program``), the starts (a count
    and ids), the accepting ends (a count and ids), then per step its cell (-1: a segment
    break, read whatever the values) and its moves (a count, then (from, value bit, to)
    triples). Forward: the states some path reaches; backward: the moves on a path to an
    accepting end, whose values each cell keeps."""
    steps, states = d[o], d[o + 1]
    fwd = np.zeros(states, dtype=np.bool_)
    bwd = np.zeros(states, dtype=np.bool_)
    at = o + 2
    for i in range(d[at]):
        fwd[d[at + 1 + i]] = True
    at += 1 + d[at]
    for i in range(d[at]):
        bwd[d[at + 1 + i]] = True
    at += 1 + d[at]
    first = at
    for _ in range(steps):
        cell, k = d[at], d[at + 1]
        m = dom[cell] if cell >= 0 else -1
        for t in range(k):
            q = at + 2 + 3 * t
            if fwd[d[q]] and m & d[q + 1]:
                fwd[d[q + 2]] = True
        at += 2 + 3 * k
    # the steps again, last first: their offsets from a walk forward
    offs = np.empty(steps, dtype=np.int64)
    at = first
    for s in range(steps):
        offs[s] = at
        at += 2 + 3 * d[at + 1]
    for s in range(steps - 1, -1, -1):
        at = offs[s]
        cell, k = d[at], d[at + 1]
        m = dom[cell] if cell >= 0 else -1
        keep = 0
        for t in range(k):
            q = at + 2 + 3 * t
            if fwd[d[q]] and bwd[d[q + 2]] and m & d[q + 1]:
                bwd[d[q]] = True
                keep |= d[q + 1]
        if keep == 0:
            return False
        if cell >= 0 and not _narrow(dom, cell, keep, wstart, wlist, queue, inq, state,
                                     nprops):
            return False
    return True


@njit(cache=True, nogil=True)
def _classes(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """``d[o:]``: k cells, c classes, the classes' masks, the cells, their peer tail
    (``program_peers``): each class is held by some cell; a class only one cell can hold
    is there; two classes only the same two cells can hold take those two cells; a class
    left with one value among the cells holds it there (``_place_needed``: the peers
    seeing every cell that can hold it lose it)."""
    k, c = d[o], d[o + 1]
    c0 = o + 2 + c
    pairs = 0  # classes held by exactly two cells
    needed = 0
    for t in range(c):
        cls = d[o + 2 + t]
        where = -1
        seen = 0
        union = 0
        fixed = False
        for j in range(k):
            m = dom[d[c0 + j]]
            if m & cls:
                seen += 1
                where = j
                union |= m & cls
                fixed = fixed or (m & (m - 1) == 0)
        if seen == 0:
            return False
        if seen == 1:
            if not _narrow(dom, d[c0 + where], cls, wstart, wlist, queue, inq, state, nprops):
                return False
        elif seen == 2:
            pairs += 1
        if not fixed and union & (union - 1) == 0:
            needed |= union
    if pairs >= 2 and not _class_pairs(dom, d, o, wstart, wlist, queue, inq, state, nprops):
        return False
    if needed:
        return _place_needed(dom, d, c0, k, needed, wstart, wlist, queue, inq, state, nprops)
    return True


@njit(cache=True, nogil=True)
def _class_pairs(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """``_classes``' hidden pairs: two classes each held by the same two cells only."""
    k, c = d[o], d[o + 1]
    c0 = o + 2 + c
    for t in range(c):
        a = d[o + 2 + t]
        at = 0
        for j in range(k):
            if dom[d[c0 + j]] & a:
                at |= 1 << j
        if _ctpop(at) != 2:
            continue
        for u in range(t + 1, c):
            b = d[o + 2 + u]
            bt = 0
            for j in range(k):
                if dom[d[c0 + j]] & b:
                    bt |= 1 << j
            if bt != at:
                continue
            for j in range(k):
                if at >> j & 1 and not _narrow(dom, d[c0 + j], a | b, wstart, wlist, queue,
                                               inq, state, nprops):
                    return False
    return True


@njit(cache=True, nogil=True)
def _flatmate(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """``d[o:]``: the cell, the cell above (-1: none), below (-1: none), the bits of the
    middle, lowest and highest values: the middle value at the cell needs the lowest above
    or the highest below."""
    x, a, b, mid, low, high = d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5]
    can_a = a >= 0 and dom[a] & low != 0
    can_b = b >= 0 and dom[b] & high != 0
    if not can_a and not can_b:
        return _narrow(dom, x, ~mid, wstart, wlist, queue, inq, state, nprops)
    if dom[x] == mid:
        if not can_a:
            return _narrow(dom, b, high, wstart, wlist, queue, inq, state, nprops)
        if not can_b:
            return _narrow(dom, a, low, wstart, wlist, queue, inq, state, nprops)
    return True


@njit(cache=True, nogil=True)
def _same_values(dom, d, o, nv, wstart, wlist, queue, inq, state, nprops):
    """``d[o:]``: g groups of k cells, then the cells group by group: each value is held
    equally often in every group (between the most cells fixed to it in a group and the
    fewest that can hold it)."""
    g, k = d[o], d[o + 1]
    c0 = o + 2
    for v in range(nv):
        bit = 1 << v
        least = 0
        most = k
        for t in range(g):
            fixed = 0
            can = 0
            for j in range(k):
                m = dom[d[c0 + t * k + j]]
                if m & bit:
                    can += 1
                    if m == bit:
                        fixed += 1
            least = max(least, fixed)
            most = min(most, can)
        if least > most:
            return False
        for t in range(g):
            can = 0
            fixed = 0
            for j in range(k):
                m = dom[d[c0 + t * k + j]]
                if m & bit:
                    can += 1
                    if m == bit:
                        fixed += 1
            if can == least and fixed < least:  # every cell that can hold it does
                for j in range(k):
                    x = d[c0 + t * k + j]
                    if dom[x] & bit and not _narrow(dom, x, bit, wstart, wlist, queue, inq,
                                                    state, nprops):
                        return False
            elif fixed == most and can > most:  # held enough: the others lose it
                for j in range(k):
                    x = d[c0 + t * k + j]
                    if dom[x] & bit and dom[x] != bit and not _narrow(
                            dom, x, ~bit, wstart, wlist, queue, inq, state, nprops):
                        return False
    return True


@njit(cache=True, nogil=True)
def _either(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """``d[o:]``: b branches, c cells, the cells, then per branch a count and its (cell's
    index, mask) pairs: some branch has every one of its cells within its mask. No branch
    left fails; one left holds; a cell every branch left restricts keeps their union."""
    nb, nc = d[o], d[o + 1]
    cells = o + 2
    union = np.zeros(nc, dtype=np.int64)
    seen = np.zeros(nc, dtype=np.int64)
    live = 0
    only = -1
    at = cells + nc
    for _ in range(nb):
        k = d[at]
        ok = True
        for j in range(k):
            if dom[d[cells + d[at + 1 + 2 * j]]] & d[at + 2 + 2 * j] == 0:
                ok = False
                break
        if ok:
            live += 1
            only = at
            for j in range(k):
                i = d[at + 1 + 2 * j]
                union[i] |= d[at + 2 + 2 * j]
                seen[i] += 1
        at += 1 + 2 * k
    if live == 0:
        return False
    if live == 1:
        for j in range(d[only]):
            x = d[cells + d[only + 1 + 2 * j]]
            if not _narrow(dom, x, d[only + 2 + 2 * j], wstart, wlist, queue, inq, state,
                           nprops):
                return False
        return True
    for i in range(nc):
        if seen[i] == live and not _narrow(dom, d[cells + i], union[i], wstart, wlist, queue,
                                           inq, state, nprops):
            return False
    return True


@njit(cache=True, nogil=True)
def _zero_differ(dom, d, o, wstart, wlist, queue, inq, state, nprops):
    """``d[o:]``: a cell, a value's bit, two cells: when the cell holds that value, the two
    differ (a doppelganger's 0 and the values its houses miss)."""
    x, z, a, b = d[o], d[o + 1], d[o + 2], d[o + 3]
    if dom[x] & z == 0:
        return True
    ma, mb = dom[a], dom[b]
    if ma == mb and ma & (ma - 1) == 0:
        return _narrow(dom, x, ~z, wstart, wlist, queue, inq, state, nprops)
    if dom[x] == z:
        if ma & (ma - 1) == 0 and not _narrow(dom, b, ~ma, wstart, wlist, queue, inq, state,
                                              nprops):
            return False
        mb = dom[b]
        if mb & (mb - 1) == 0:
            return _narrow(dom, a, ~mb, wstart, wlist, queue, inq, state, nprops)
    return True
