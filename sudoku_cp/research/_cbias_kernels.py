"""Compiled kernel of controlled-bias generation: a whole chunk of tries in one call.

Imported through ``_compiled.load``. The uniqueness checks are the ``fast`` engine's
own search (``fast.kernels.run``, counting up to 2 solutions); what is added here is
the try loop around it, so no try goes back to Python.

**Unavoidable sets, learned.** A set of cells is *unavoidable* in a grid when a
puzzle that keeps no clue in it has several solutions. Whenever a check finds a
second solution, the cells where it differs from the grid form such a set, and the
kernel keeps it (``sets``, one bit per cell, ``words`` int64s a set; forgotten when
the grid changes). Before any later check on the same grid, a puzzle that keeps no
clue of a known set is answered "several solutions" without a search. The answer is
the one the search would give, so the tries, and the law of the puzzles drawn, are
exactly those of the search alone: this only skips searches whose answer is known.
A set that answers moves one place to the front, so the sets that answer most are
tried first.

**Randomness.** One SplitMix64 stream (``fast.kernels._below``) draws the grids (the
``fast`` random fill) and each try's deletion order (Fisher-Yates), so a chunk is
reproduced exactly from its seed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..backends.fast.kernels import (DEPTH, _below, _int64s_at, _split, _zero, fill, run,
                                     tables)

#: ``stats`` of a chunk: tries, grids, searches, searches skipped by a known set, sets kept,
#: then the searches at the cut, while deleting on, and for minimality, and the tries that
#: were unique at the cut.
TRIES, GRIDS, SEARCHES, SKIPPED, SETS, AT_CUT, DESCENT, MINIMALITY, PASSED = range(9)


@njit(cache=True, nogil=True)
def _count2(puzzle, frames, work, dirty, out, tb):
    """Solutions of ``puzzle`` counted up to 2 (the first two written to ``out``)."""
    flat, npeers, n, full, lk = tb
    state, cells, rems, todo, chg, seg = _split(work, puzzle.shape[0], flat[1])
    _zero(state)
    state[DEPTH] = -1
    found = run(puzzle, frames, cells, rems, state, out, 2, np.int64(1) << 62, todo,
                   dirty, chg, flat, npeers, n, full, lk, seg)
    return found


@njit(cache=True, nogil=True)
def _known(present, sets, nsets):
    """True when some known unavoidable set has no cell in ``present`` (the clues kept);
    that set moves one place towards the front."""
    words = present.shape[0]
    for i in range(nsets):
        hit = True
        for w in range(words):
            if sets[i, w] & present[w]:
                hit = False
                break
        if hit:
            if i > 0:
                for w in range(words):
                    t = sets[i, w]
                    sets[i, w] = sets[i - 1, w]
                    sets[i - 1, w] = t
            return True
    return False


@njit(cache=True, nogil=True)
def _learn(grid, out, sets, nsets):
    """Keep the smaller of the sets where the two solutions in ``out`` differ from
    ``grid`` (when there is room); returns the new number of sets."""
    if nsets >= sets.shape[0]:
        return nsets
    best, size = -1, grid.shape[0] + 1
    for k in range(2):
        d = 0
        for c in range(grid.shape[0]):
            if out[k, c] != grid[c]:
                d += 1
        if 0 < d < size:
            best, size = k, d
    if best < 0:
        return nsets
    for w in range(sets.shape[1]):
        sets[nsets, w] = 0
    for c in range(grid.shape[0]):
        if out[best, c] != grid[c]:
            sets[nsets, c >> 6] |= np.int64(1) << np.int64(c & 63)
    return nsets + 1


@njit(cache=True, nogil=True, inline="always")
def _drop(puzzle, present, c):
    puzzle[c] = 0
    present[c >> 6] &= ~(np.int64(1) << np.int64(c & 63))


@njit(cache=True, nogil=True, inline="always")
def _keep(puzzle, present, grid, c):
    puzzle[c] = grid[c]
    present[c >> 6] |= np.int64(1) << np.int64(c & 63)


@njit(cache=True, nogil=True)
def _unique(puzzle, present, grid, sets, nsets, frames, work, dirty, out, tb, stats):
    """Whether ``puzzle`` has one solution: a known set first, else a search (which
    may teach a new set). Returns ``(unique, nsets)``."""
    if _known(present, sets, nsets):
        stats[SKIPPED] += 1
        return False, nsets
    stats[SEARCHES] += 1
    if _count2(puzzle, frames, work, dirty, out, tb) == 1:
        return True, nsets
    return False, _learn(grid, out, sets, nsets)


@njit(cache=True, nogil=True)
def chunk(stream, grids, tries_per_grid, cut, fixed, tab_address, fill_budget, frames, work,
          dirty, out, sets, found, stats):
    """Run ``grids`` x ``tries_per_grid`` tries; the minimal puzzles go into the rows of
    ``found`` in try order (the kernel stops early when ``found`` is full). A grid is
    drawn by the ``fast`` fill unless ``fixed`` is non-zero (then every try uses it).
    Returns the number of puzzles written; ``stats`` counts what it took.

    One try (Berthier's): delete the clues in a random order, the first ``ncells - cut``
    without a check; the puzzle with ``cut`` clues must be unique, or the try is thrown
    away; then delete on, each deletion checked, and put back the first one that loses
    uniqueness; the puzzle reached is kept if every clue after that one in the order is
    needed too (it is minimal), and thrown away otherwise."""
    tb = tables(_int64s_at(tab_address))
    ncells = frames.shape[1]
    grid = np.zeros(ncells, np.int64)
    puzzle = np.zeros(ncells, np.int64)
    order = np.arange(ncells)
    present = np.zeros(sets.shape[1], np.int64)
    use_fixed = fixed[0] != 0
    nfound = 0
    for _ in range(grids):
        if use_fixed:
            for c in range(ncells):
                grid[c] = fixed[c]
        else:
            fill(stream, fill_budget, grid, frames, work, dirty, out, tb)
            stats[GRIDS] += 1
        nsets = 0
        for _t in range(tries_per_grid):
            stats[TRIES] += 1
            # Fisher-Yates from the back, stopped at the cut: order[unchecked:] is then a
            # uniformly drawn ordered sample of ``cut`` cells, the clues deleted one check
            # at a time in that order; order[:unchecked] are the cells deleted unchecked,
            # whose order changes nothing (so it is not drawn)
            for i in range(ncells - 1, ncells - cut - 1 if ncells > cut else 0, -1):
                j = _below(stream, i + 1)
                t = order[i]
                order[i] = order[j]
                order[j] = t
            for c in range(ncells):
                puzzle[c] = grid[c]
            for w in range(present.shape[0]):
                present[w] = 0
            for c in range(ncells):
                present[c >> 6] |= np.int64(1) << np.int64(c & 63)
            unchecked = ncells - cut
            for k in range(unchecked):
                _drop(puzzle, present, order[k])
            before = stats[SEARCHES]
            ok, nsets = _unique(puzzle, present, grid, sets, nsets, frames, work, dirty, out,
                                tb, stats)
            stats[AT_CUT] += stats[SEARCHES] - before
            if not ok:
                continue
            stats[PASSED] += 1
            before = stats[SEARCHES]
            pos = unchecked
            while pos < ncells:
                c = order[pos]
                _drop(puzzle, present, c)
                ok, nsets = _unique(puzzle, present, grid, sets, nsets, frames, work, dirty,
                                    out, tb, stats)
                if not ok:
                    _keep(puzzle, present, grid, c)
                    break
                pos += 1
            stats[DESCENT] += stats[SEARCHES] - before
            before = stats[SEARCHES]
            minimal = True
            for k in range(pos + 1, ncells):
                c = order[k]
                _drop(puzzle, present, c)
                ok, nsets = _unique(puzzle, present, grid, sets, nsets, frames, work, dirty,
                                    out, tb, stats)
                _keep(puzzle, present, grid, c)
                if ok:
                    minimal = False
                    break
            stats[MINIMALITY] += stats[SEARCHES] - before
            if minimal:
                for c in range(ncells):
                    found[nfound, c] = puzzle[c]
                nfound += 1
                if nfound >= found.shape[0]:
                    stats[SETS] = nsets
                    return nfound
        stats[SETS] = max(stats[SETS], nsets)
    return nfound
