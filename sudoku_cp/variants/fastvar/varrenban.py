"""Propagators of ``fast`` for variants over renban lines: the line's values are one window
of consecutive values.

- ``_renban``: a window stays when every cell can hold one of its values and each of its
  values has a cell that can hold it; a value every window left holds is on the line.
- ``_in_window``: ``_renban`` where a cell meets a window in one value (singles taken
  within each window, the others lose them), in scratch.
- ``_in_short_window``: the same masks out for a line of two or three cells, in locals.

Each narrows through ``varbase._narrow``, fails when a mask empties, and is exact on a full
assignment (``varkernel``'s docstring). Listed in ``compiled_cache.SHARED_SOURCES``: its
functions are compiled into ``varkernel.propagate``.
"""

from __future__ import annotations

from numba import njit

from .varbase import _cttz, _narrow
from .varsums import _place_needed

@njit(cache=True, nogil=True)
def _renban(dom, d, o, nv, wstart, wlist, queue, inq, state, nprops, work):
    """The values are one window of ``k`` consecutive values (the house makes them
    differ): a window stays when every cell can hold one of its values and every one of
    its values has a cell that can hold it (after ``_in_window``, when a cell can hold
    one value of it only); a value every window left holds is on the line."""
    k = d[o]
    if k > nv:
        return False
    run = (1 << k) - 1
    allowed = 0
    needed = -1
    windows = 0  # bit ``s``: the window from value ``s`` is left
    single = False  # a window left where a cell holds one of its values only
    for s in range(nv - k + 1):
        w = run << s
        ok = True
        one = False
        covered = 0
        for j in range(k):
            x = d[o + 1 + j]
            m = dom[x] & w
            if m == 0:
                ok = False
                break
            covered |= m
            one = one or (m & (m - 1) == 0 and m != dom[x])  # (not a fixed cell)
        if ok and covered == w:
            allowed |= w
            needed &= w
            windows |= 1 << s
            single = single or one
    if single:
        if 2 <= k <= 3:
            return _in_short_window(dom, d, o, windows, wstart, wlist, queue, inq, state,
                                    nprops)
        return _in_window(dom, d, o, nv, wstart, wlist, queue, inq, state, nprops, work)
    if allowed == 0:
        return False
    for j in range(k):
        if not _narrow(dom, d[o + 1 + j], allowed, wstart, wlist, queue, inq, state, nprops):
            return False
    # a value in every window left is on the line
    return _place_needed(dom, d, o + 1, k, needed, wstart, wlist, queue, inq, state, nprops)


@njit(cache=True, nogil=True)
def _in_window(dom, d, o, nv, wstart, wlist, queue, inq, state, nprops, work):
    """``_renban`` where a cell meets a window in one value: within each window, a cell
    holding one of its values only takes it, and the others lose it (until none moves);
    the window stays when no cell is left without a value of it, no value is taken twice
    and its values are all covered. Each cell keeps what it holds in the windows left.
    ``work``: scratch of ``2 * k`` or more (``prepare`` sizes it)."""
    k = d[o]
    run = (1 << k) - 1
    keep = work[:k]
    ms = work[k:2 * k]
    keep[:] = 0
    allowed = 0
    needed = -1
    for s in range(nv - k + 1):
        w = run << s
        for j in range(k):
            ms[j] = dom[d[o + 1 + j]] & w
        ok = True
        while ok:
            fixed = 0
            for j in range(k):
                m = ms[j]
                if m & (m - 1) == 0:
                    if m == 0 or fixed & m:
                        ok = False
                    fixed |= m
            moved = False
            for j in range(k):
                m = ms[j]
                if ok and m & (m - 1) and m & fixed:
                    ms[j] = m & ~fixed
                    moved = True
            if not moved:
                break
        covered = 0
        for j in range(k):
            covered |= ms[j]
        if ok and covered == w:
            allowed |= w
            needed &= w
            for j in range(k):
                keep[j] |= ms[j]
    if allowed == 0:
        return False
    for j in range(k):
        if not _narrow(dom, d[o + 1 + j], keep[j], wstart, wlist, queue, inq, state, nprops):
            return False
    return _place_needed(dom, d, o + 1, k, needed, wstart, wlist, queue, inq, state, nprops)


@njit(cache=True, nogil=True)
def _in_short_window(dom, d, o, windows, wstart, wlist, queue, inq, state, nprops):
    """``_in_window`` for a line of two or three cells, the same masks out: only the
    ``windows`` ``_renban`` left are visited (a window it drops, a cell missing it or a
    value of it held by none, ``_in_window`` drops too: its singles only take values
    away), and the cells' masks are held in locals, not in scratch (Hard renban 1's
    lines are all of two or three cells; docs/variants_speed.md, round 25, renban6)."""
    k = d[o]
    run = (1 << k) - 1
    x0, x1 = d[o + 1], d[o + 2]
    m0, m1 = dom[x0], dom[x1]
    x2 = d[o + 3] if k == 3 else x1
    m2 = dom[x2] if k == 3 else 0
    keep0 = keep1 = keep2 = 0
    allowed = 0
    needed = -1
    while windows:
        s = _cttz(windows)
        windows &= windows - 1
        w = run << s
        a, b = m0 & w, m1 & w
        c = m2 & w if k == 3 else 0
        ok = True
        while True:  # within the window: a single is taken, the others lose it
            fixed = 0
            if a & (a - 1) == 0:
                fixed = a
            if b & (b - 1) == 0:
                if b == 0 or fixed & b:
                    ok = False
                fixed |= b
            if k == 3 and c & (c - 1) == 0:
                if c == 0 or fixed & c:
                    ok = False
                fixed |= c
            if a == 0 or not ok:
                ok = False
                break
            na = a if a & (a - 1) == 0 else a & ~fixed
            nb = b if b & (b - 1) == 0 else b & ~fixed
            nc = c if c & (c - 1) == 0 else c & ~fixed
            if na == a and nb == b and nc == c:
                break
            a, b, c = na, nb, nc
        if ok and a | b | c == w:
            allowed |= w
            needed &= w
            keep0 |= a
            keep1 |= b
            keep2 |= c
    if allowed == 0:
        return False
    if not _narrow(dom, x0, keep0, wstart, wlist, queue, inq, state, nprops):
        return False
    if not _narrow(dom, x1, keep1, wstart, wlist, queue, inq, state, nprops):
        return False
    if k == 3 and not _narrow(dom, x2, keep2, wstart, wlist, queue, inq, state, nprops):
        return False
    return _place_needed(dom, d, o + 1, k, needed, wstart, wlist, queue, inq, state, nprops)
