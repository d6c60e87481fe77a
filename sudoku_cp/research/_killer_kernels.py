"""Compiled kernels for the minimal-killer search (numba, nopython mode, cached on disk).

Imported through ``_compiled.load``. A cage is an int64 cell mask (bit ``r * n + c``); a
configuration is ``k`` disjoint cages; grids hold values 0..n-1, one row per grid.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _labels(cages, k, ncell, lab):
    """``lab[cell]``: the index of the cage holding ``cell``, or -1."""
    for cell in range(ncell):
        lab[cell] = -1
    for j in range(k):
        m = cages[j]
        for cell in range(ncell):
            if (m >> cell) & 1:
                lab[cell] = j


@njit(cache=True)
def _twins_in(lab, n, group, across, along):
    """True when two lines of one group have the same label at every step: the lines are
    ``a * across + k * along`` (rows of a band: ``across`` n, ``along`` 1; columns of a
    stack: 1 and n), grouped ``group`` at a time."""
    for first in range(0, n, group):
        for a in range(first, first + group):
            for b in range(a + 1, first + group):
                same = True
                for k in range(n):
                    if lab[a * across + k * along] != lab[b * across + k * along]:
                        same = False
                        break
                if same:
                    return True
    return False


@njit(cache=True)
def _twin_lines(lab, n, box_rows, box_cols):
    """True when two rows of a band, or two columns of a stack, meet the same cages in the
    same places: swapping them keeps every cage's values, so no sum tuple is unique."""
    return _twins_in(lab, n, box_rows, n, 1) or _twins_in(lab, n, box_cols, 1, n)


@njit(cache=True)
def _smallest_maps(inv, maps, n, best_maps):
    """The line maps (rows of ``maps``: line i goes to ``maps[m, i]``) whose image of the
    per-line invariants ``inv`` is lexicographically smallest; their count."""
    best = np.empty(n, np.int64)
    img = np.empty(n, np.int64)
    count = 0
    for m in range(maps.shape[0]):
        for i in range(n):
            img[maps[m, i]] = inv[i]
        cmp = 0
        if count:
            for i in range(n):
                if img[i] != best[i]:
                    cmp = -1 if img[i] < best[i] else 1
                    break
        if count == 0 or cmp < 0:
            best[:] = img
            best_maps[0] = m
            count = 1
        elif cmp == 0:
            best_maps[count] = m
            count += 1
    return count


@njit(cache=True)
def canonical(cages, k, n, row_maps, col_maps, out):
    """The smallest image of the configuration under the row maps times the column maps,
    written to ``out`` as its ``k`` cage masks in increasing order.

    Only the maps that make the per-row and per-column invariants (how many cells of each
    cage size a line holds) smallest are tried: the set of images they give is the same
    for every member of an orbit, so its smallest member is a canonical form.
    """
    ncell = n * n
    lab = np.empty(ncell, np.int64)
    _labels(cages, k, ncell, lab)
    size = np.zeros(k, np.int64)
    for cell in range(ncell):
        if lab[cell] >= 0:
            size[lab[cell]] += 1
    rinv = np.zeros(n, np.int64)
    cinv = np.zeros(n, np.int64)
    for cell in range(ncell):
        if lab[cell] >= 0:
            w = np.int64(1) << (4 * (size[lab[cell]] - 1))
            rinv[cell // n] += w
            cinv[cell % n] += w
    rbest = np.empty(row_maps.shape[0], np.int64)
    cbest = np.empty(col_maps.shape[0], np.int64)
    nr = _smallest_maps(rinv, row_maps, n, rbest)
    nc = _smallest_maps(cinv, col_maps, n, cbest)
    img = np.empty(k, np.int64)
    first = True
    for a in range(nr):
        rm = row_maps[rbest[a]]
        for b in range(nc):
            cm = col_maps[cbest[b]]
            for j in range(k):
                img[j] = 0
            for cell in range(ncell):
                if lab[cell] >= 0:
                    img[lab[cell]] |= np.int64(1) << (rm[cell // n] * n + cm[cell % n])
            img.sort()
            smaller = first
            if not first:
                for j in range(k):
                    if img[j] != out[j]:
                        smaller = img[j] < out[j]
                        break
            if smaller:
                out[:k] = img
                first = False


@njit(cache=True)
def configurations(masks, starts, sizes, n, box_rows, box_cols, row_maps, col_maps,
                   canon_out, orig_out):
    """Every configuration of disjoint cages with the cage sizes ``sizes`` (non-increasing;
    cages of size s are ``masks[starts[s]:starts[s + 1]]``), taken in increasing index
    among cages of one size, that has no twin lines; each one's canonical form and
    itself are written to the outputs while they have room. Returns (configurations
    without twin lines, configurations in all).
    """
    k = sizes.shape[0]
    ncell = n * n
    lab = np.empty(ncell, np.int64)
    idx = np.zeros(k, np.int64)
    used = np.zeros(k + 1, np.int64)
    chosen = np.zeros(k, np.int64)
    cap = canon_out.shape[0]
    kept = 0
    total = 0
    d = 0
    idx[0] = starts[sizes[0]] - 1
    while d >= 0:
        idx[d] += 1
        s = sizes[d]
        if idx[d] >= starts[s + 1]:
            d -= 1
            continue
        m = masks[idx[d]]
        if m & used[d]:
            continue
        chosen[d] = m
        used[d + 1] = used[d] | m
        if d + 1 < k:
            d += 1
            if sizes[d] == s:
                idx[d] = idx[d - 1]
            else:
                idx[d] = starts[sizes[d]] - 1
            continue
        total += 1
        _labels(chosen, k, ncell, lab)
        if _twin_lines(lab, n, box_rows, box_cols):
            continue
        if kept < cap:
            canonical(chosen, k, n, row_maps, col_maps, canon_out[kept])
            orig_out[kept, :k] = chosen
        kept += 1
    return kept, total


@njit(cache=True)
def _codes(grid, cells, cage, nc, n, codes):
    """``codes[v]``: the cages holding value v (bit j for cage j); False when a cage
    repeats a value (the grid is no solution of the configuration)."""
    for v in range(n):
        codes[v] = 0
    for t in range(nc):
        v = grid[cells[t]]
        bit = np.int64(1) << cage[t]
        if codes[v] & bit:
            return False
        codes[v] |= bit
    return True


@njit(cache=True)
def symbolic_singles(labs, grids, n):
    """Per configuration (``labs[i, cell]``: its cage, or -1), how many patterns of cage
    membership (which cages each value is in, values unnamed) exactly one grid has, all
    values' memberships differing. ``grids`` holds one grid per relabelling class.

    A unique sum tuple needs one: two values in the same cages can be swapped, and two
    grids (not relabellings of each other) with the same pattern relabel to grids with the
    same values in every cage.
    """
    ncell = n * n
    out = np.zeros(labs.shape[0], np.int64)
    cells = np.empty(ncell, np.int64)
    cage = np.empty(ncell, np.int64)
    codes = np.empty(n, np.int64)
    for i in range(labs.shape[0]):
        nc = 0
        k = 0
        for cell in range(ncell):
            if labs[i, cell] >= 0:
                cells[nc] = cell
                cage[nc] = labs[i, cell]
                k = max(k, labs[i, cell] + 1)
                nc += 1
        seen = np.zeros(np.int64(1) << (np.int64(1) << k), np.int64)
        for g in range(grids.shape[0]):
            if not _codes(grids[g], cells, cage, nc, n, codes):
                continue
            pattern = np.int64(0)
            ok = True
            for v in range(n):
                bit = np.int64(1) << codes[v]
                if pattern & bit:
                    ok = False
                    break
                pattern |= bit
            if ok:
                seen[pattern] += 1
        singles = 0
        for p in range(seen.shape[0]):
            if seen[p] == 1:
                singles += 1
        out[i] = singles
    return out


@njit(cache=True)
def unique_sums(lab, grids, n, perm_sums, bits):
    """The sum tuples of the configuration ``lab`` that exactly one grid realises, over
    every grid: each row of ``grids`` relabelled by each row of ``perm_sums``
    (``perm_sums[p, m]``: the sum of the relabelled values of the value set ``m``).

    Returns (keys, grid rows, relabellings, valid grids): a key packs the cage sums,
    ``bits`` bits each, cage 0 lowest; valid grids counts the grids (relabellings
    included) whose cages repeat no value.
    """
    ncell = n * n
    cells = np.empty(ncell, np.int64)
    cage = np.empty(ncell, np.int64)
    nc = 0
    k = 0
    for cell in range(ncell):
        if lab[cell] >= 0:
            cells[nc] = cell
            cage[nc] = lab[cell]
            k = max(k, lab[cell] + 1)
            nc += 1
    count = np.zeros(np.int64(1) << (bits * k), np.int32)
    codes = np.empty(n, np.int64)
    sets = np.empty(k, np.int64)
    valid = 0
    for g in range(grids.shape[0]):
        if not _cage_sets(grids[g], cells, cage, nc, n, k, codes, sets):
            continue
        valid += perm_sums.shape[0]
        for p in range(perm_sums.shape[0]):
            count[_key(perm_sums, p, sets, k, bits)] += 1
    nunique = 0
    for key in range(count.shape[0]):
        if count[key] == 1:
            nunique += 1
    found_key = np.empty(nunique, np.int64)
    found_grid = np.empty(nunique, np.int64)
    found_perm = np.empty(nunique, np.int64)
    nfound = 0
    for g in range(grids.shape[0]):
        if not _cage_sets(grids[g], cells, cage, nc, n, k, codes, sets):
            continue
        for p in range(perm_sums.shape[0]):
            key = _key(perm_sums, p, sets, k, bits)
            if count[key] == 1:
                found_key[nfound] = key
                found_grid[nfound] = g
                found_perm[nfound] = p
                nfound += 1
    return found_key, found_grid, found_perm, valid


@njit(cache=True)
def _cage_sets(grid, cells, cage, nc, n, k, codes, sets):
    """``sets[j]``: the value set of cage j in ``grid`` (False when a cage repeats one)."""
    if not _codes(grid, cells, cage, nc, n, codes):
        return False
    for j in range(k):
        sets[j] = 0
    for v in range(n):
        for j in range(k):
            if (codes[v] >> j) & 1:
                sets[j] |= np.int64(1) << v
    return True


@njit(cache=True)
def _key(perm_sums, p, sets, k, bits):
    """The cage sums under relabelling ``p``, packed ``bits`` bits each."""
    key = np.int64(0)
    for j in range(k):
        key |= np.int64(perm_sums[p, sets[j]]) << (bits * j)
    return key
