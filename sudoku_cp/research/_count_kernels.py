"""Compiled kernels for counting and estimating (numba, nopython mode, cached on disk).

Imported through ``_compiled.load``. Masks are int64 with bit ``v - 1`` for value ``v``
(n <= 62, so no mask reaches the sign bit).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def popcount(x):
    """Bits set in the non-negative int64 ``x``."""
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit(cache=True)
def bit_index(bit):
    """The index of the single set bit ``bit``."""
    i = 0
    while bit > 1:
        bit >>= 1
        i += 1
    return i


@njit(cache=True)
def count_completions(grid, n, box_rows, box_cols):
    """Completions of ``grid`` (first band filled, the rest 0) whose first column is in
    canonical order below the first band: increasing within each band, and the bands
    ordered by their first value. Every completion is one such completion moved by a
    unique permutation of rows within bands 2.. and of those bands, so the caller
    multiplies by (box_rows!)^(bands-1) * (bands-1)!.
    """
    ncell = n * n
    rows = np.zeros(n, np.int64)
    cols = np.zeros(n, np.int64)
    boxes = np.zeros(n, np.int64)
    box_of = np.zeros(ncell, np.int64)
    stacks = n // box_cols
    for cell in range(ncell):
        r = cell // n
        c = cell % n
        box_of[cell] = (r // box_rows) * stacks + c // box_cols
    val = np.zeros(ncell, np.int64)
    cand = np.zeros(ncell, np.int64)
    start = box_rows * n
    for cell in range(start):
        bit = np.int64(1) << (grid[cell] - 1)
        rows[cell // n] |= bit
        cols[cell % n] |= bit
        boxes[box_of[cell]] |= bit
        val[cell] = grid[cell]
    full = (np.int64(1) << n) - 1
    last_row = ncell - n
    count = np.int64(0)
    cell = start
    cand[cell] = full & ~(rows[0 + start // n] | cols[0] | boxes[box_of[start]])
    while cell >= start:
        r = cell // n
        c = cell % n
        b = box_of[cell]
        if val[cell] != 0:  # take back the value placed on an earlier visit
            bit = np.int64(1) << (val[cell] - 1)
            rows[r] &= ~bit
            cols[c] &= ~bit
            boxes[b] &= ~bit
            val[cell] = 0
        m = cand[cell]
        if c == 0 and r >= box_rows:  # canonical order of the first column
            if r % box_rows != 0:
                low = val[cell - n]
            elif r >= 2 * box_rows:
                low = val[cell - box_rows * n]
            else:
                low = 0
            m &= ~((np.int64(1) << low) - 1)
        if m == 0:
            cell -= 1
            continue
        bit = m & -m
        cand[cell] = m ^ bit
        v = bit_index(bit) + 1
        rows[r] |= bit
        cols[c] |= bit
        boxes[b] |= bit
        val[cell] = v
        if cell + 1 == last_row:  # the last row is forced: one value left per column
            ok = True
            seen = np.int64(0)
            for cc in range(n):
                rest = full & ~cols[cc]
                if rest & seen or rest & boxes[box_of[last_row + cc]]:
                    ok = False
                    break
                seen |= rest
            if ok:  # the canonical order holds for the last row's first cell too
                r = n - 1
                if r % box_rows != 0:
                    low = val[last_row - n]
                else:
                    low = val[last_row - box_rows * n]
                if (full & ~cols[0]) >> low:
                    count += 1
            continue
        cell += 1
        rr = cell // n
        cand[cell] = full & ~(rows[rr] | cols[cell % n] | boxes[box_of[cell]])
    return count


@njit(cache=True)
def _place(cell, bit, mask, filled, peers, npeers):
    filled[cell] = True
    mask[cell] = bit
    for k in range(npeers[cell]):
        mask[peers[cell, k]] &= ~bit


@njit(cache=True)
def _hidden_singles(mask, filled, houses, peers, npeers, full):
    """Place every value that has one cell left in a full house, to a fixed point;
    False when a full house has a value with no cell left (a dead end)."""
    changed = True
    while changed:
        changed = False
        for h in range(houses.shape[0]):
            placed = np.int64(0)
            once = np.int64(0)
            twice = np.int64(0)
            for k in range(houses.shape[1]):
                m = mask[houses[h, k]]
                if filled[houses[h, k]]:
                    placed |= m
                else:
                    twice |= once & m
                    once |= m
            if (placed | once) != full:
                return False
            singles = once & ~twice & ~placed
            while singles:
                bit = singles & -singles
                singles ^= bit
                for k in range(houses.shape[1]):
                    cell = houses[h, k]
                    if not filled[cell] and mask[cell] & bit:
                        _place(cell, bit, mask, filled, peers, npeers)
                        changed = True
                        break
    return True


@njit(cache=True)
def knuth_samples(givens, peers, npeers, houses, n, samples, seed):
    """``samples`` independent Knuth random-path estimates, as natural logarithms.

    Each path fills the cell with the fewest candidates (forward checking over the peer
    table) with one candidate chosen uniformly; the score is the product of the
    candidate counts met, and 0 (``-inf`` here) at a dead end. The mean score over
    paths is exactly the number of solutions. When ``houses`` has rows (full houses, n
    cells each), hidden singles in them are placed before every choice: a forced move
    keeps every solution, so the mean is unchanged and far fewer paths die.
    """
    np.random.seed(seed)
    ncell = givens.shape[0]
    full = (np.int64(1) << n) - 1
    start = np.full(ncell, full, np.int64)
    dead = False
    for cell in range(ncell):
        v = givens[cell]
        if v:
            bit = np.int64(1) << (v - 1)
            if not start[cell] & bit:
                dead = True
            start[cell] = bit
            for k in range(npeers[cell]):
                start[peers[cell, k]] &= ~bit
    for cell in range(ncell):
        if givens[cell] and start[cell] == 0:
            dead = True
    out = np.empty(samples, np.float64)
    mask = np.empty(ncell, np.int64)
    filled = np.empty(ncell, np.bool_)
    for s in range(samples):
        if dead:
            out[s] = -np.inf
            continue
        for cell in range(ncell):
            mask[cell] = start[cell]
            filled[cell] = givens[cell] != 0
        logw = 0.0
        while True:
            if houses.shape[0] and not _hidden_singles(mask, filled, houses, peers,
                                                       npeers, full):
                logw = -np.inf
                break
            best = -1
            fewest = n + 1
            for cell in range(ncell):
                if not filled[cell]:
                    k = popcount(mask[cell])
                    if k < fewest:
                        fewest = k
                        best = cell
                        if k <= 1:
                            break
            if best < 0:
                break
            if fewest == 0:
                logw = -np.inf
                break
            logw += np.log(fewest)
            pick = np.random.randint(fewest)
            m = mask[best]
            for _ in range(pick):
                m &= m - 1
            _place(best, m & -m, mask, filled, peers, npeers)
        out[s] = logw
    return out
