"""Compiled minlex canonical forms (numba, nopython mode, cached on disk).

Imported through ``_compiled.load``; the tables come from ``canon.Tables``.

The search is exact and row by row. A *candidate* is a partial transformation: the
transposition ``t``, the column map ``tau`` (an index into the table of column
permutations that keep the stacks), the source rows chosen for the output rows so far,
and the relabelling built so far (values numbered in order of first appearance). At
each output row every candidate is extended by every source row the band structure
allows; only the extensions whose output row is the smallest seen survive. Row 0 is
special: its smallest form depends only on where its givens are, so the column maps
that achieve it come from a table (``minpat``, ``tstart``, ``tlist``) instead of a scan.

Candidate layout (one int64 row): ``T, TAU, USED, BAND, NEXT``, then n source rows,
then n + 1 labels (index: the source value; 0 stays 0).
"""

from __future__ import annotations

import numpy as np
from numba import njit

T, TAU, USED, BAND, NEXT, ROWS = 0, 1, 2, 3, 4, 5


@njit(cache=True)
def _row_code(cand, c, p, n, r, taus, labels, bound):
    """The output row's code (digits base n+1) if candidate ``c`` takes source row ``r``;
    ``labels`` receives the relabelling extended by that row, and the next label is
    returned through ``labels[n + 1]``. Stops early, returning a code above ``bound``,
    as soon as the row is sure to exceed ``bound``."""
    lab0 = ROWS + n
    for v in range(n + 1):
        labels[v] = cand[c, lab0 + v]
    nxt = cand[c, NEXT]
    t = cand[c, T]
    tau = cand[c, TAU]
    code = np.int64(0)
    scale = np.int64(1)
    for j in range(n):
        scale *= n + 1
    for j in range(n):
        v = p[t, r * n + taus[tau, j]]
        if v != 0 and labels[v] == 0:
            labels[v] = nxt
            nxt += 1
        code = code * (n + 1) + labels[v]
        scale //= n + 1
        if code * scale > bound:  # even all zeros after this would not be smaller
            return np.int64(1) << 62
    labels[n + 1] = nxt
    return code


@njit(cache=True)
def _grown(buf, rows):
    if buf.shape[0] >= rows:
        return buf
    return np.zeros((max(rows, 2 * buf.shape[0]), buf.shape[1]), np.int64)


@njit(cache=True)
def _row_mask(p, t, r, n):
    m = 0
    for c in range(n):
        if p[t, r * n + c] != 0:
            m |= 1 << c
    return m


@njit(cache=True)
def _allowed(cand, c, s, n, box_rows, first_of_band):
    """The source row that candidate ``c``'s ``s``-th choice names, or -1 when the band
    structure forbids it: a new band's first row may be any row of an unused band; the
    other rows of a band are its unused rows."""
    used = cand[c, USED]
    if first_of_band:
        start = s // box_rows * box_rows
        for rr in range(start, start + box_rows):
            if (used >> rr) & 1:
                return -1
        return s
    r = cand[c, BAND] * box_rows + s
    if (used >> r) & 1:
        return -1
    return r


@njit(cache=True)
def canon_one(p, ntrans, n, box_rows, taus, minpat, tstart, tlist, out, trans, bufa, bufb,
              codes):
    """The minlex form of the puzzle ``p`` (``p[t]``: the puzzle, transposed when t = 1)
    into ``out``; the transformation that gives it into ``trans`` (t, tau, rows, labels).

    Returns ``(automorphisms, bufa, bufb, codes)``: the number of transformations that
    give the form (a check), and the work buffers, grown when they were too small.

    Phase 1: while every output row so far is empty, no column map is chosen yet (any
    map keeps an empty row empty), and the next row's smallest form depends only on
    where its givens are: the tables answer it. Phase 2, from the first row that has a
    given on: every candidate carries its column map and its labels.
    """
    width = ROWS + n + n + 1
    lab0 = ROWS + n
    none = np.int64(1) << 62
    # phase 1: candidates without a column map yet (TAU = -1)
    ncand = 0
    for t in range(ntrans):
        bufa[ncand, :] = 0
        bufa[ncand, T] = t
        bufa[ncand, TAU] = -1
        ncand += 1
    cand = bufa
    other = bufb
    i = 0
    while i < n:
        first_of_band = i % box_rows == 0
        per = n if first_of_band else box_rows
        best = none
        for c in range(ncand):
            for s in range(per):
                r = _allowed(cand, c, s, n, box_rows, first_of_band)
                if r >= 0 and minpat[_row_mask(p, cand[c, T], r, n)] < best:
                    best = minpat[_row_mask(p, cand[c, T], r, n)]
        count = 0
        for c in range(ncand):
            for s in range(per):
                r = _allowed(cand, c, s, n, box_rows, first_of_band)
                if r >= 0:
                    m = _row_mask(p, cand[c, T], r, n)
                    if minpat[m] == best:
                        count += 1 if best == 0 else tstart[m + 1] - tstart[m]
        other = _grown(other, count)
        k = 0
        for c in range(ncand):
            for s in range(per):
                r = _allowed(cand, c, s, n, box_rows, first_of_band)
                if r < 0:
                    continue
                m = _row_mask(p, cand[c, T], r, n)
                if minpat[m] != best:
                    continue
                lo = tstart[m] if best != 0 else 0
                hi = tstart[m + 1] if best != 0 else 1
                for q in range(lo, hi):
                    for f in range(width):
                        other[k, f] = cand[c, f]
                    other[k, USED] |= 1 << r
                    other[k, BAND] = r // box_rows
                    other[k, ROWS + i] = r
                    if best != 0:
                        tau = tlist[q]
                        other[k, TAU] = tau
                        nxt = 1
                        for j in range(n):
                            v = p[cand[c, T], r * n + taus[tau, j]]
                            if v != 0 and other[k, lab0 + v] == 0:
                                other[k, lab0 + v] = nxt
                                nxt += 1
                        other[k, NEXT] = nxt
                    k += 1
        cand, other = other, cand
        ncand = count
        i += 1
        if best != 0:
            break
    if i == n and cand[0, TAU] == -1:  # every row empty: the empty board
        for cell in range(n * n):
            out[cell] = 0
        for f in range(width):
            trans[f] = cand[0, f]
        trans[TAU] = 0
        for v in range(n + 1):
            trans[lab0 + v] = v
        return ncand * taus.shape[0], cand, other, codes
    # phase 2: rows with labels
    labels = np.zeros(n + 2, np.int64)
    while i < n:
        first_of_band = i % box_rows == 0
        per = n if first_of_band else box_rows
        if codes.shape[0] < ncand * per:
            codes = np.zeros(max(ncand * per, 2 * codes.shape[0]), np.int64)
        best = none
        for c in range(ncand):
            for s in range(per):
                codes[c * per + s] = none
                r = _allowed(cand, c, s, n, box_rows, first_of_band)
                if r < 0:
                    continue
                code = _row_code(cand, c, p, n, r, taus, labels, best)
                codes[c * per + s] = code
                if code < best:
                    best = code
        count = 0
        for q in range(ncand * per):
            if codes[q] == best:
                count += 1
        other = _grown(other, count)
        k = 0
        for c in range(ncand):
            for s in range(per):
                if codes[c * per + s] != best:
                    continue
                r = _allowed(cand, c, s, n, box_rows, first_of_band)
                _row_code(cand, c, p, n, r, taus, labels, none - 1)
                for f in range(width):
                    other[k, f] = cand[c, f]
                other[k, USED] |= 1 << r
                other[k, BAND] = r // box_rows
                other[k, ROWS + i] = r
                for v in range(n + 1):
                    other[k, lab0 + v] = labels[v]
                other[k, NEXT] = labels[n + 1]
                k += 1
        cand, other = other, cand
        ncand = count
        i += 1
    t = cand[0, T]
    tau = cand[0, TAU]
    for i in range(n):  # every surviving candidate writes the same form
        r = cand[0, ROWS + i]
        for j in range(n):
            out[i * n + j] = cand[0, lab0 + p[t, r * n + taus[tau, j]]]
    for f in range(width):
        trans[f] = cand[0, f]
    return ncand, cand, other, codes


@njit(cache=True)
def canon_many(puzzles, ntrans, n, box_rows, taus, minpat, tstart, tlist):
    """``canon_one`` for each row of ``puzzles`` (row-major values, 0 empty)."""
    count = puzzles.shape[0]
    width = ROWS + n + n + 1
    out = np.zeros((count, n * n), np.int64)
    p = np.zeros((2, n * n), np.int64)
    trans = np.zeros(width, np.int64)
    bufa = np.zeros((4096, width), np.int64)
    bufb = np.zeros((4096, width), np.int64)
    codes = np.zeros(4096, np.int64)
    for k in range(count):
        for cell in range(n * n):
            v = puzzles[k, cell]
            p[0, cell] = v
            p[1, (cell % n) * n + cell // n] = v
        _, bufa, bufb, codes = canon_one(p, ntrans, n, box_rows, taus, minpat, tstart, tlist,
                                         out[k], trans, bufa, bufb, codes)
    return out
