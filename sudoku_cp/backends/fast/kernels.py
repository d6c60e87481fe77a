"""The compiled core of the ``fast`` backend: numba functions in nopython mode.

Imported only by ``sudoku_cp.backends.fast.backend``, which chooses the on-disk cache
directory before numba is imported. Nothing here knows about boards: a geometry
arrives as integer tables (see ``fast.Tables``) and a puzzle as an array of values.

Vocabulary (the words of ``sudoku_cp.board`` plus these):

- **mask**: one int64 per cell, bit ``v - 1`` set while value ``v`` is a candidate
  (n <= 64, so value 64 is the sign bit: every operation here is sign-safe).
- **frame**: one level of the search: the masks at a node, the branching cell and
  the candidates of that cell not yet tried. Frames live in a stack of arrays, so
  a search can stop after a node budget and resume later (that is how the Python
  side honours a time limit without reading a clock in compiled code).
- **state**: ``[depth, nodes, guesses, exhausted]``; depth -1 means not started.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import carray, cfunc, njit, types
from numba.extending import intrinsic

from .native import ENTRIES

DEPTH, NODES, GUESSES, EXHAUSTED = 0, 1, 2, 3


@intrinsic
def popcount(typingctx, x):
    """Bits set in the int64 ``x`` (LLVM's ctpop: one instruction where the CPU has it)."""
    def codegen(context, builder, sig, args):
        return builder.ctpop(args[0])
    return types.int64(types.int64), codegen


@intrinsic
def trailing_zeros(typingctx, x):
    """Zero bits below the lowest set bit of the nonzero int64 ``x`` (LLVM's cttz)."""
    def codegen(context, builder, sig, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))
    return types.int64(types.int64), codegen


@intrinsic
def leading_zeros(typingctx, x):
    """Zero bits above the highest set bit of the nonzero int64 ``x`` (LLVM's ctlz)."""
    def codegen(context, builder, sig, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 1))
    return types.int64(types.int64), codegen


@intrinsic
def _advance(typingctx, pointer, k):
    """``pointer + k`` elements (a GEP): views into one buffer without numba's runtime."""
    def codegen(context, builder, sig, args):
        return builder.gep(args[0], [args[1]])
    return pointer(pointer, types.int64), codegen


@intrinsic
def _int64s_at(typingctx, address):
    """The int64 array at ``address`` (an integer) as a pointer."""
    def codegen(context, builder, sig, args):
        return builder.inttoptr(args[0], context.get_value_type(sig.return_type))
    return types.CPointer(types.int64)(types.int64), codegen


@intrinsic
def _bytes_at(typingctx, address):
    """The uint8 array at ``address`` (an integer) as a pointer."""
    def codegen(context, builder, sig, args):
        return builder.inttoptr(args[0], context.get_value_type(sig.return_type))
    return types.CPointer(types.uint8)(types.int64), codegen


@njit(cache=True, nogil=True)
def _value_of(bit):
    """The value whose mask is the single bit ``bit``."""
    return trailing_zeros(bit) + 1


# Reference counting: numba's runtime (NRT) counts references to arrays, and every call
# of a compiled function increfs and decrefs each array it takes, through a call into the
# runtime per array, even for the views made by ``carray`` that own nothing. The search
# functions that are not inlined and return no array (``propagate``, ``locked``,
# ``choose``, ``run``) are compiled without it (``_nrt=False``): nothing here allocates.
# The functions that call ``_split`` (which returns views) keep it: the controlled-bias
# kernels, which pass arrays numpy owns, crashed when ``fill`` and the batch entry points
# were compiled without it.
# Indexing note: numba checks every signed index for a negative value (Python's
# wraparound); an index cast to np.uint64 skips that check. The 2-D tables are read
# through flat views (row * width + column) for the same reason: fewer instructions
# and fewer registers in the hot loops (together about 10% on 17-clue puzzles).


@njit(cache=True, nogil=True, inline="always")
def _mark(cell, dirty, hb, nw):
    """Mark the houses of ``cell`` for a hidden-single search: ``dirty`` is a bitset of
    houses in ``nw`` int64 words, ``hb`` the same bitset per cell (flat: the houses of
    exactly n cells that hold the cell). Views are made once per propagate, not here:
    each view costs a reference count."""
    if nw == 1:
        dirty[0] |= hb[np.uint64(cell)]
        return
    base = cell * nw
    for j in range(nw):
        dirty[np.uint64(j)] |= hb[np.uint64(base + j)]


@njit(cache=True, nogil=True, inline="always")
def _eliminate(m, pf, base, nb, chg, k):
    """Remove the value ``~nb`` from the ``k`` peers at ``pf[base:]``, without a branch:
    every peer is written and appended to ``chg``, whose length (returned) grows only
    when the mask changed. Inlined, so that ``k`` can be a literal (see ``propagate``)."""
    nchg = 0
    for i in range(k):
        p = pf[np.uint64(base + i)]
        x = m[np.uint64(p)]
        y = x & nb
        m[np.uint64(p)] = y
        chg[np.uint64(nchg)] = p
        nchg += np.int64(x != y)
    return nchg


@njit(cache=True, nogil=True, inline="always")
def _scan(m, hf, base, n):
    """The ``once``, ``twice`` and ``fixed`` masks of the ``n`` cells at ``hf[base:]``:
    values open in one cell, in two or more, and the values of fixed cells. Branch-free
    (a fixed cell folds in through a mask of all ones or all zeros)."""
    once = np.int64(0)
    twice = np.int64(0)
    fixed = np.int64(0)
    for i in range(n):
        x = m[np.uint64(hf[np.uint64(base + i)])]
        multi = -np.int64((x & (x - 1)) != 0)
        xm = x & multi
        twice |= once & xm
        once |= xm
        fixed |= x ^ xm
    return once, twice, fixed


@njit(cache=True, nogil=True, _nrt=False)
def propagate(m, todo, ntodo, dirty, chg, flat, npeers, n, full):
    """Naked and hidden singles to a fixed point; False on a contradiction.

    ``flat`` holds the tables of peers and houses as flat views with their widths,
    and the house bitsets (see ``tables``). ``todo[:ntodo]`` are fixed cells whose
    value is not yet removed from their peers; ``dirty`` is the bitset of houses to
    search for hidden singles; ``chg`` is scratch for one cell's changed peers (as
    many slots as the widest row of ``peers``). Hidden singles (and the check that
    every value still has a place) apply only to houses of exactly n cells, the only
    ones the bitsets hold: a smaller house needs distinct values, which peer
    elimination enforces, but not every value.

    The elimination loop has no branch that depends on the masks: every peer is
    written and appended to ``chg``, whose length grows only when the mask changed;
    a second, short loop over the changed peers finds the new singles and empty
    cells. A branch per peer mispredicts on about one peer in four, and this loop
    runs some 1,600 times per 17-clue puzzle (this saved about a fifth of the time).
    The house scan is branch-free the same way.

    The dirty houses are bits, so the scan jumps from one to the next (a byte per
    house, tested one by one, cost a tenth of the time), and when the bitset is one
    word or two (up to 128 houses: boards to 36x36) the changed peers' houses are
    gathered in registers and stored once per fixed cell. The highest dirty house is
    searched first (on the classic board: boxes, then columns, then rows), which
    finds the same fixed point with about a sixth fewer house scans.

    The classic 9x9 board gets loops of constant length: the twenty peers of a cell
    and the nine cells of a house are literals there, so LLVM unrolls both loops
    completely; every other board runs the same code with its own lengths.
    """
    pf, wp, hf, wh, hb, nw, _ = flat
    while True:
        while ntodo > 0:  # naked singles: a fixed value leaves every peer
            ntodo -= 1
            cell = todo[np.uint64(ntodo)]
            bit = m[np.uint64(cell)]
            base = cell * wp
            nb = ~bit
            count = npeers[np.uint64(cell)]
            if count == 20:  # a cell of the classic 9x9 board: a literal trip count
                nchg = _eliminate(m, pf, base, nb, chg, 20)
            else:
                nchg = _eliminate(m, pf, base, nb, chg, count)
            empty = False
            low = np.int64(0)  # the changed peers' houses 0..63 and 64..127
            high = np.int64(0)
            for i in range(nchg):
                p = chg[np.uint64(i)]
                y = m[np.uint64(p)]
                empty |= y == 0
                todo[np.uint64(ntodo)] = p
                ntodo += np.int64(y & (y - 1) == 0)
                if nw == 1:
                    low |= hb[np.uint64(p)]
                elif nw == 2:
                    low |= hb[np.uint64(2 * p)]
                    high |= hb[np.uint64(2 * p + 1)]
                else:
                    _mark(p, dirty, hb, nw)
            dirty[0] |= low
            if nw == 2:
                dirty[1] |= high
            if empty:
                return False
        j = nw - 1
        while j >= 0:  # hidden singles: a value with one place in a house
            bits = dirty[np.uint64(j)]
            if bits == 0:
                j -= 1
                continue
            top = 63 - leading_zeros(bits)  # the highest dirty house first
            dirty[np.uint64(j)] = bits ^ (np.int64(1) << top)
            base = (j * 64 + top) * wh
            if n == 9:  # the classic board: a literal trip count, fully unrolled
                once, twice, fixed = _scan(m, hf, base, 9)
            else:
                once, twice, fixed = _scan(m, hf, base, n)
            if (once | fixed) != full:
                return False  # some value has no place left in this house
            hidden = once & ~(twice | fixed)
            if hidden == 0:
                continue
            for i in range(n):
                c = hf[np.uint64(base + i)]
                x = m[np.uint64(c)]
                y = x & hidden
                if y != 0 and x & (x - 1):
                    if y & (y - 1):
                        return False  # two values need this one cell
                    m[np.uint64(c)] = y
                    _mark(c, dirty, hb, nw)
                    todo[np.uint64(ntodo)] = c
                    ntodo += 1
            if ntodo > 0:
                break  # eliminate first: later houses then see fresher masks (~10% faster)
        if ntodo == 0:
            return True


@njit(cache=True, nogil=True, inline="always")
def _union(m, lf, base, k):
    """The candidates of the ``k`` cells at ``lf[base:]``, ORed."""
    u = np.int64(0)
    for i in range(k):
        u |= m[np.uint64(lf[np.uint64(base + i)])]
    return u


@njit(cache=True, nogil=True, inline="always")
def _strip(m, lf, base, k, drop, todo, ntodo, dirty, hb, nw):
    """Remove the values ``drop`` from the ``k`` cells at ``lf[base:]``: a cell left with
    one value goes on ``todo``, and the houses of every changed cell are marked. Returns
    the new length of ``todo`` and whether some cell was emptied."""
    keep = ~drop
    empty = False
    for i in range(k):
        c = lf[np.uint64(base + i)]
        x = m[np.uint64(c)]
        y = x & keep
        if x != y:
            m[np.uint64(c)] = y
            empty |= y == 0
            if y & (y - 1) == 0:
                todo[np.uint64(ntodo)] = c
                ntodo += 1
            _mark(c, dirty, hb, nw)
    return ntodo, empty


@njit(cache=True, nogil=True, inline="always")
def _two_or_more(seg, start, step, k):
    """The values found in two or more of the ``k`` masks ``seg[start::step]``."""
    once = np.int64(0)
    twice = np.int64(0)
    for i in range(k):
        x = seg[np.uint64(start + i * step)]
        twice |= once & x
        once |= x
    return twice


@njit(cache=True, nogil=True, inline="always")
def _held(u, others, length):
    """The values a segment of ``length`` cells whose candidates are ``u`` must hold:
    those no other segment of the house has (``others``: values in two or more of the
    house's segments), and all of ``u`` when it has exactly ``length`` values (the
    segment's cells then hold exactly these: a triad)."""
    return (u & ~others) | (u & -np.int64(popcount(u) == length))


@njit(cache=True, nogil=True, inline="always")
def _family(m, sf, first, nlines, blocks, length, seg, todo, ntodo, dirty, hb, nw):
    """Locked candidates between the boxes and one family of lines (rows or columns),
    band by band.

    ``sf[first:]`` lists the family's segments, line by line: line l's segment j (the
    j-th box it crosses, ``length`` cells) is segment ``l * blocks + j``; a box spans
    ``blocks`` lines (true of rows and columns alike), so a band is a ``blocks`` x
    ``blocks`` square of segments: line i of the band, box j. ``seg`` is scratch.

    A segment *holds* a value for its line when no other segment of the line has it, for
    its box likewise, and for both when its cells have exactly ``length`` values between
    them (a triad: those values fill the segment). A value a segment holds for its box
    leaves the other segments of its line (pointing), one it holds for its line leaves
    the other segments of its box (claiming); a triad does both. Everything is worked
    out from the band's masks as they were at the start of the band, then applied.
    Returns (ntodo, changed, emptied)."""
    if length < 2:
        return ntodo, False, False  # one cell per segment: singles already do this
    bb = blocks * blocks
    tl = bb  # per line of the band: values in two or more of its segments
    tb = bb + blocks  # per box: the same
    cl = bb + 2 * blocks  # per box: values some segment holds for its line, and in 2+
    cl2 = bb + 3 * blocks
    pb = bb + 4 * blocks  # per line: values some segment holds for its box, and in 2+
    pb2 = bb + 5 * blocks
    changed = False
    for band in range(nlines // blocks):
        s0 = band * bb
        for s in range(bb):
            u = _union(m, sf, first + (s0 + s) * length, length)
            if popcount(u) < length:
                return ntodo, changed, True  # too few values for the segment's cells
            seg[np.uint64(s)] = u
        for i in range(blocks):
            seg[np.uint64(tl + i)] = _two_or_more(seg, i * blocks, 1, blocks)
            seg[np.uint64(tb + i)] = _two_or_more(seg, i, blocks, blocks)
        for j in range(blocks):  # box j: what its segments hold for their lines
            once = np.int64(0)
            twice = np.int64(0)
            for i in range(blocks):
                x = _held(seg[np.uint64(i * blocks + j)], seg[np.uint64(tl + i)], length)
                twice |= once & x
                once |= x
            seg[np.uint64(cl + j)] = once
            seg[np.uint64(cl2 + j)] = twice
        for i in range(blocks):  # line i: what its segments hold for their boxes
            once = np.int64(0)
            twice = np.int64(0)
            for j in range(blocks):
                x = _held(seg[np.uint64(i * blocks + j)], seg[np.uint64(tb + j)], length)
                twice |= once & x
                once |= x
            seg[np.uint64(pb + i)] = once
            seg[np.uint64(pb2 + i)] = twice
        for i in range(blocks):
            for j in range(blocks):
                u = seg[np.uint64(i * blocks + j)]
                c = _held(u, seg[np.uint64(tl + i)], length)
                p = _held(u, seg[np.uint64(tb + j)], length)
                # held by another segment of the box for its line, or of the line for its box
                drop = u & ((seg[np.uint64(cl + j)] & ~c) | seg[np.uint64(cl2 + j)]
                            | (seg[np.uint64(pb + i)] & ~p) | seg[np.uint64(pb2 + i)])
                if drop == 0:
                    continue
                changed = True
                ntodo, e = _strip(m, sf, first + (s0 + i * blocks + j) * length, length,
                                  drop, todo, ntodo, dirty, hb, nw)
                if e:
                    return ntodo, changed, True
    return ntodo, changed, False


@njit(cache=True, nogil=True, _nrt=False)
def locked(m, lk, seg, todo, dirty, hb, nw):
    """Locked candidates (pointing and claiming) and triads (a box-line segment whose
    candidates are as few as its cells keeps them), one pass, band by band, over every
    box's meeting with a row or a column: returns -1 on a contradiction (a cell emptied),
    else the number of cells put on ``todo`` plus one when something changed (the changed
    cells' houses are marked in ``dirty``), or 0. ``lk`` is ``(segments, n, box rows, box
    columns)`` (see ``fast._segments``); ``seg`` scratch of 2 n * n. The classic board gets
    literal trip counts, like ``propagate``."""
    sf, n, br, bc, _, _ = lk
    half = n * n
    if br == 3 and bc == 3:
        ntodo, ch1, e = _family(m, sf, 0, 9, 3, 3, seg, todo, 0, dirty, hb, nw)
        if e:
            return -1
        ntodo, ch2, e = _family(m, sf, half, 9, 3, 3, seg, todo, ntodo, dirty, hb, nw)
    else:
        ntodo, ch1, e = _family(m, sf, 0, n, br, bc, seg, todo, 0, dirty, hb, nw)
        if e:
            return -1
        ntodo, ch2, e = _family(m, sf, half, n, bc, br, seg, todo, ntodo, dirty, hb, nw)
    if e:
        return -1
    return ntodo + 1 if ch1 or ch2 else 0


@njit(cache=True, nogil=True, inline="always")
def settle(m, todo, ntodo, dirty, chg, flat, npeers, n, full, lk, seg, passes):
    """Singles (``propagate``) and then at most ``passes`` passes of locked candidates
    (``locked``), each followed by singles, stopping early at a fixed point: False on a
    contradiction. Locked candidates run only once singles are exhausted."""
    while True:
        if not propagate(m, todo, ntodo, dirty, chg, flat, npeers, n, full):
            return False
        if passes <= 0:
            return True
        passes -= 1
        r = locked(m, lk, seg, todo, dirty, flat[4], flat[5])
        if r < 0:
            return False
        if r == 0:
            return True
        ntodo = r - 1


@njit(cache=True, nogil=True, inline="always")
def _shared(m, pf, base, x, k):
    """How many of the ``k`` (at most 64) peers at ``pf[base:]`` share a value with ``x``.
    The peers' answers are shifted into one word and counted at the end: a recurrence
    LLVM does not vectorize, where a running sum became gathers of eight masks at a
    time, which cost more than the loads they replace."""
    acc = np.int64(0)
    for j in range(k):
        acc = (acc << 1) | np.int64((m[np.uint64(pf[np.uint64(base + j)])] & x) != 0)
    return popcount(acc)


@njit(cache=True, nogil=True, _nrt=False)
def choose(m, n, pf, wp, npeers, ties):
    """The cell to branch on, or -1 when every cell is fixed (the masks are a solution).

    Fewest candidates first; among those, the cell whose candidates appear in most
    peers, so that each guess removes the most candidates (this halves the nodes on
    the hardest puzzles compared with taking the first such cell). ``pf`` is the peer
    table, flat, ``wp`` its width; ``ties`` is scratch of one slot per cell.

    Both passes over the cells are branch-free: the first takes the least count of an
    open cell (a fixed cell's count is pushed out of reach), the second lists the cells
    with that count in ``ties`` (every cell is written, the length grows only on a
    match), and only the tie-break loops over that list. Testing each cell's count with
    a branch mispredicted on about every tied cell.
    """
    ncells = m.shape[0]
    fewest = n + 1
    for c in range(ncells):  # first pass: the fewest candidates of an open cell
        k = popcount(m[np.uint64(c)])
        k += np.int64(k <= 1) << 32
        fewest = min(fewest, k)
    if fewest > n:
        return -1
    nt = 0
    for c in range(ncells):  # second pass: the cells with that many
        ties[np.uint64(nt)] = c
        nt += np.int64(popcount(m[np.uint64(c)]) == fewest)
    best = ties[0]
    if nt == 1:
        return best
    most = -1
    for i in range(nt):  # the tie-break: the first with most shared peers
        c = ties[np.uint64(i)]
        x = m[np.uint64(c)]
        base = c * wp
        count = npeers[np.uint64(c)]
        if count == 20:  # a cell of the classic 9x9 board: a literal trip count
            shared = _shared(m, pf, base, x, 20)
        else:
            shared = 0
            for j in range(count):
                shared += np.int64((m[np.uint64(pf[np.uint64(base + j)])] & x) != 0)  # no branch
        if shared > most:
            best = c
            most = shared
    return best


@njit(cache=True, nogil=True, inline="always")
def _try_locked(child, cell, bit, todo, dirty, chg, flat, npeers, n, full, lk, seg):
    """``_try`` with locked candidates after singles (``settle``): the counting search's
    step. The fill keeps ``_try``, so that it draws what the Python fill draws."""
    child[np.uint64(cell)] = bit
    todo[0] = cell
    _mark(cell, dirty, flat[4], flat[5])
    if settle(child, todo, 1, dirty, chg, flat, npeers, n, full, lk, seg, lk[5]):
        return True
    for h in range(dirty.shape[0]):
        dirty[h] = 0
    return False


@njit(cache=True, nogil=True, inline="always")  # numba's own inlining: no call on the hot path
def _try(child, cell, bit, todo, dirty, chg, flat, npeers, n, full):
    """Fix ``cell`` to the value ``bit`` in the frame ``child`` and propagate singles:
    False on a contradiction (the house flags are then cleared for the next try). The
    one step of every search here, the counting one and the fill."""
    child[np.uint64(cell)] = bit
    todo[0] = cell
    _mark(cell, dirty, flat[4], flat[5])
    if propagate(child, todo, 1, dirty, chg, flat, npeers, n, full):
        return True
    for h in range(dirty.shape[0]):
        dirty[h] = 0
    return False


@njit(cache=True, nogil=True, _nrt=False)
def run(givens, frames, cells, rems, state, out, want, budget, todo, dirty, chg,
        flat, npeers, n, full, lk, seg):
    """Search on from ``state`` until ``want`` more solutions, exhaustion or ``budget``
    nodes; returns how many solutions it found (the first ``len(out)`` are written).

    ``frames`` has a row per cell plus one (the deepest a search can go). Row d holds the
    node whose cell ``cells[d]`` is being tried; the last value of that cell is tried in
    row d itself (the parent is not needed any more), which saves a copy per such guess.
    Scratch: ``todo`` (ncells), ``dirty`` (the house bitset), ``chg`` (the width of
    ``peers``).
    """
    ncells = givens.shape[0]
    pf, wp = flat[0], flat[1]
    found = 0
    spent = 0
    depth = state[DEPTH]
    if depth == -1:  # the root: givens, then singles
        root = frames[0]
        for c in range(ncells):
            root[c] = full
        ntodo = 0
        for c in range(ncells):
            v = givens[c]
            if v:
                root[c] = np.int64(1) << (v - 1)
                todo[ntodo] = c
                ntodo += 1
        for j in range(dirty.shape[0]):
            dirty[j] = flat[6][j]  # every house of n cells
        depth = 0
        if settle(root, todo, ntodo, dirty, chg, flat, npeers, n, full, lk, seg, lk[4]):
            state[NODES] += 1
            spent += 1
            c = choose(root, n, pf, wp, npeers, todo)
            if c < 0:
                _write(root, out, found)
                found += 1
            else:
                cells[0] = c
                rems[0] = root[c]
                depth = 1
    while depth > 0:
        if found >= want or spent >= budget:
            state[DEPTH] = depth
            return found
        d = depth - 1
        rem = rems[np.uint64(d)]
        if rem == 0:
            depth -= 1
            continue
        bit = rem & -rem
        rem ^= bit
        rems[np.uint64(d)] = rem
        if rem == 0:  # the cell's last value: the child takes over its parent's frame
            at = d    # (no copy; a contradiction or a solution then pops this level)
        else:
            at = depth
            if depth >= frames.shape[0]:
                return -2  # cannot happen: every caller gives ncells + 1 frames
            _copy(frames[np.uint64(depth)], frames[np.uint64(d)])
        child = frames[np.uint64(at)]
        state[GUESSES] += 1
        if not _try_locked(child, cells[np.uint64(d)], bit, todo, dirty, chg, flat, npeers, n,
                           full, lk, seg):
            continue
        state[NODES] += 1
        spent += 1
        c = choose(child, n, pf, wp, npeers, todo)
        if c < 0:
            _write(child, out, found)
            found += 1
            continue
        if at >= cells.shape[0]:
            return -1  # cannot happen: depth is bounded by the number of cells
        cells[np.uint64(at)] = c
        rems[np.uint64(at)] = child[np.uint64(c)]
        depth = at + 1
    state[DEPTH] = 0
    state[EXHAUSTED] = 1
    return found


@njit(cache=True, nogil=True)
def tables(tab):
    """The tables packed by ``fast.Tables.packed`` (``tab`` points at them), as the
    tuple every search takes: ``(flat, npeers, n, full)``, where ``flat`` is ``(peers,
    peer width, houses, house width, house bits, words, full houses)``: the two 2-D
    tables as flat views (row * width + column), then per cell the bitset of its
    houses of exactly n cells (``words`` int64 words per cell) and the bitset of all
    such houses; the last element is what locked candidates read (see ``locked``):
    ``(segments, n, box rows, box columns)``. Header: n, full, cells, houses, the two
    widths, the words and the box shape; then the arrays.
    (``carray`` views: no reshape, so no numba runtime call.)"""
    head = carray(tab, (11,))
    n, full, ncells, nhouses, wp, wh, nw = head[0], head[1], head[2], head[3], head[4], \
        head[5], head[6]
    box_rows, box_cols, root_passes, node_passes = head[7], head[8], head[9], head[10]
    a = 11
    peers = carray(_advance(tab, a), (ncells * wp,))
    a += ncells * wp
    npeers = carray(_advance(tab, a), (ncells,))
    a += ncells
    houses = carray(_advance(tab, a), (nhouses * wh,))
    a += nhouses * wh
    house_bits = carray(_advance(tab, a), (ncells * nw,))
    a += ncells * nw
    full_houses = carray(_advance(tab, a), (nw,))
    a += nw
    segments = carray(_advance(tab, a), (2 * ncells,))
    return ((peers, wp, houses, wh, house_bits, nw, full_houses), npeers, n, full,
            (segments, n, box_rows, box_cols, root_passes, node_passes))


@njit(cache=True, nogil=True)
def _split(work, ncells, wp):
    """The scratch of one search, as views of ``work`` (5 * ncells + 6 + wp int64s):
    state (4), branching cells and untried candidates (ncells + 1 each), todo (ncells),
    one cell's changed peers (``wp``, the widest row of peers) and the candidates of
    the box-line segments (2 * ncells)."""
    state = work[:4]
    cells = work[4:ncells + 5]
    rems = work[ncells + 5:2 * ncells + 6]
    todo = work[2 * ncells + 6:3 * ncells + 6]
    chg = work[3 * ncells + 6:3 * ncells + 6 + wp]
    seg = work[3 * ncells + 6 + wp:5 * ncells + 6 + wp]
    return state, cells, rems, todo, chg, seg


@njit(cache=True, nogil=True)
def solve_one(givens, frames, work, dirty, out, want, budget, fresh, tb):
    """``run`` for ``FastBackend.solve``: the search whose state is in ``work`` (a new
    one when ``fresh`` is 1), on the tables ``tb``. Returns how many solutions it found."""
    flat, npeers, n, full, lk = tb
    state, cells, rems, todo, chg, seg = _split(work, givens.shape[0], flat[1])
    if fresh:
        _zero(state)
        state[DEPTH] = -1
    if _is_classic(flat, npeers, n, lk):
        return classic_run(givens, frames, cells, rems, state, out, want, budget, lk[4], lk[5])
    found = run(givens, frames, cells, rems, state, out, want, budget, todo, dirty, chg,
                   flat, npeers, n, full, lk, seg)
    return found


@njit(cache=True, nogil=True)
def _copy(target, source):
    """``target[:] = source`` as a loop: a slice assignment may call numba's runtime
    (a temporary copy when the two might overlap), which the stored object cannot."""
    for i in range(source.shape[0]):
        target[np.uint64(i)] = source[np.uint64(i)]


@njit(cache=True, nogil=True)
def _zero(target):
    for i in range(target.shape[0]):
        target[i] = 0


@njit(cache=True, nogil=True)
def _write(m, out, k):
    if k < out.shape[0]:
        for c in range(m.shape[0]):
            out[k, c] = _value_of(m[c])


# -- the classic 9x9 board: a kernel of its own (issue 24) -----------------------------------------
# The general search above keeps a mask of values per cell. On the classic board (boxes of 3x3,
# no extra houses) ``check_many`` runs this one instead, which keeps the transpose: per value v
# and band b (three rows of boxes) a 27-bit mask of the band's cells where v is still possible,
# ``F[3 v + b]``, bit ``9 r + c`` for row r of the band and column c. A frame is those 27 masks
# and, per band, the cells already placed (``F[27 + b]``): 30 words, copied per guess instead
# of 81. Naked singles are a bit count over nine masks per band, hidden singles a few tests per
# value and house, and locked candidates one table look-up per value and band (and per stack):
# where a value can go in a band is a 3x3 pattern of box-row segments, each row and each box of
# the band needing exactly one, and ``_C_MATCH`` keeps the segments of the patterns that can
# still give each its one (pointing and claiming, and more). At the root, triads as well (three
# cells of a box and a line with three values between them: ``_c_triads``). The branching rule
# is ``choose``'s. Same verdicts as the general kernel, a different search (other nodes).
def _classic_tables():
    peer = np.zeros(27, dtype=np.int64)  # per cell of a band: its row and box, itself excluded
    for i in range(27):
        r, c = divmod(i, 9)
        m = 0
        for j in range(27):
            rj, cj = divmod(j, 9)
            if j != i and (rj == r or cj // 3 == c // 3):
                m |= 1 << j
        peer[i] = m
    col = np.array([(1 << c) | (1 << (c + 9)) | (1 << (c + 18)) for c in range(9)], dtype=np.int64)
    seg = np.zeros(512, dtype=np.int64)  # a row's nine bits -> the boxes it has a cell in
    for x in range(512):
        seg[x] = sum(1 << k for k in range(3) if (x >> (3 * k)) & 7)
    spread = np.array([sum(7 << (3 * k) for k in range(3) if (t >> k) & 1) for t in range(8)],
                      dtype=np.int64)  # boxes -> their cells of one row
    match = np.zeros(512, dtype=np.int64)  # bit 3 r + k: row r meets box k
    perms = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    for p in range(512):
        u = 0
        for s in perms:
            e = sum(1 << (3 * r + s[r]) for r in range(3))
            if p & e == e:
                u |= e
        match[p] = u
    return peer, col, seg, spread, match


_C_PEER, _C_COL, _C_SEG, _C_SPREAD, _C_MATCH = _classic_tables()
_C_ALL = (1 << 27) - 1
# per cell of a band, its column in all three bands: one read where ``_C_COL[i % 9]`` was a
# division and a read (1.02x-1.03x on the 9x9 sets, measured side by side)
_C_COL_OF = np.array([_C_COL[i % 9] for i in range(27)], dtype=np.int64)


@njit(cache=True, nogil=True, inline="always")
def _c_place(F, v, b, i):
    """Place value v at cell i of band b: v leaves the cell's peers, the other values leave
    the cell. Returns the masks that may have changed, as bits ``3 w + b`` (value w, band
    b): v's in every band, the other values' that the cell still had in band b."""
    bit = np.int64(1) << i
    had = np.int64(0)
    for w in range(9):
        x = F[np.uint64(3 * w + b)]
        had |= ((x >> i) & 1) << (3 * w)
        F[np.uint64(3 * w + b)] = x & ~bit
    k = np.uint64(3 * v + b)
    F[k] = (F[k] & ~_C_PEER[np.uint64(i)]) | bit
    cm = ~_C_COL_OF[np.uint64(i)]
    for bb in range(3):
        if bb != b:
            F[np.uint64(3 * v + bb)] &= cm
    F[np.uint64(27 + b)] |= bit
    return (had << b) | (np.int64(7) << (3 * v))


@njit(cache=True, nogil=True, inline="always")
def _c_place_single(F, v, b, i):
    """``_c_place`` for a cell whose only candidate is already v (a naked single): the
    other values' masks need no change."""
    k = np.uint64(3 * v + b)
    F[k] &= ~_C_PEER[np.uint64(i)]
    cm = ~_C_COL_OF[np.uint64(i)]
    for bb in range(3):
        if bb != b:
            F[np.uint64(3 * v + bb)] &= cm
    F[np.uint64(27 + b)] |= np.int64(1) << i
    return np.int64(7) << (3 * v)


@njit(cache=True, nogil=True, inline="always")
def _c_locked(F, v):
    """Locked candidates of value v in every band and stack; -1 on a contradiction, else
    1 when something was removed, 0 when nothing was."""
    k = 3 * v
    x0, x1, x2 = F[np.uint64(k)], F[np.uint64(k + 1)], F[np.uint64(k + 2)]
    y = (x0, x1, x2)
    changed = 0
    out0 = x0
    out1 = x1
    out2 = x2
    for b in range(3):
        x = y[b]
        p = _C_SEG[np.uint64(x & 511)] | (_C_SEG[np.uint64((x >> 9) & 511)] << 3) | \
            (_C_SEG[np.uint64(x >> 18)] << 6)
        a = _C_MATCH[np.uint64(p)]
        if a != p:
            x &= _C_SPREAD[np.uint64(a & 7)] | (_C_SPREAD[np.uint64((a >> 3) & 7)] << 9) | \
                (_C_SPREAD[np.uint64(a >> 6)] << 18)
            if b == 0:
                out0 = x
            elif b == 1:
                out1 = x
            else:
                out2 = x
    # the columns where v can go, band b's nine at bits 9 b; a stack's pattern is then
    # three shifts away with its bands as rows (bit 3 b + j, column j of the stack),
    # the transpose of a band's: _C_MATCH is the same for both, as a way of giving each
    # row and each box its one is still one when rows and boxes trade places
    g = ((out0 | (out0 >> 9) | (out0 >> 18)) & 511) | \
        (((out1 | (out1 >> 9) | (out1 >> 18)) & 511) << 9) | \
        (((out2 | (out2 >> 9) | (out2 >> 18)) & 511) << 18)
    keep0 = np.int64(0)
    keep1 = np.int64(0)
    keep2 = np.int64(0)
    for s in range(3):
        sh = 3 * s
        a = _C_MATCH[np.uint64(((g >> sh) & 7) | ((g >> (sh + 6)) & 0x38) |
                                ((g >> (sh + 12)) & 0x1C0))]
        keep0 |= (a & 7) << sh
        keep1 |= ((a >> 3) & 7) << sh
        keep2 |= ((a >> 6) & 7) << sh
    out0 &= keep0 | (keep0 << 9) | (keep0 << 18)
    out1 &= keep1 | (keep1 << 9) | (keep1 << 18)
    out2 &= keep2 | (keep2 << 9) | (keep2 << 18)
    if out0 == 0 or out1 == 0 or out2 == 0:
        return -1
    if out0 != x0 or out1 != x1 or out2 != x2:
        F[np.uint64(k)] = out0
        F[np.uint64(k + 1)] = out1
        F[np.uint64(k + 2)] = out2
        changed = 1
    return changed


@njit(cache=True, nogil=True, inline="always")
def _c_presence(F, w):
    """Where value w can still go, by segment: ``rows`` has bit ``3 m + b`` when the
    segment m (cells 3 m to 3 m + 2: row m // 3 of band b, box m % 3) has a cell for w,
    ``cols`` bit ``9 b + c`` when column c has one in band b."""
    k = 3 * w
    x0, x1, x2 = F[np.uint64(k)], F[np.uint64(k + 1)], F[np.uint64(k + 2)]
    y0 = (x0 | (x0 >> 1) | (x0 >> 2)) & 0x1249249
    y1 = (x1 | (x1 >> 1) | (x1 >> 2)) & 0x1249249
    y2 = (x2 | (x2 >> 1) | (x2 >> 2)) & 0x1249249
    rows = y0 | (y1 << 1) | (y2 << 2)
    cols = (((x0 | (x0 >> 9) | (x0 >> 18)) & 511) | (((x1 | (x1 >> 9) | (x1 >> 18)) & 511) << 9)
            | (((x2 | (x2 >> 9) | (x2 >> 18)) & 511) << 18))
    return rows, cols


@njit(cache=True, nogil=True, inline="always")
def _c_triads(F):
    """Triads: three cells where a box meets a row (or a column) whose candidates are
    three values between them hold those values, which leave the rest of the row (the
    column) and of the box. Returns -1 on a contradiction (such three cells with fewer
    than three values), else the values that lost a candidate (nine bits)."""
    r1 = np.int64(0)  # per segment of a row (``_c_presence``): values in 1+, 2+, 3+, 4+
    r2 = np.int64(0)
    r3 = np.int64(0)
    r4 = np.int64(0)
    c1 = np.int64(0)  # per segment of a column, the same
    c2 = np.int64(0)
    c3 = np.int64(0)
    c4 = np.int64(0)
    for w in range(9):
        pr, pc = _c_presence(F, w)
        r4 |= r3 & pr
        r3 |= r2 & pr
        r2 |= r1 & pr
        r1 |= pr
        c4 |= c3 & pc
        c3 |= c2 & pc
        c2 |= c1 & pc
        c1 |= pc
    if (r3 & c3) != _C_ALL:
        return -1
    tr = r3 & ~r4
    tc = c3 & ~c4
    changed = np.int64(0)
    if tr == 0 and tc == 0:
        return 0
    for w in range(9):
        pr, pc = _c_presence(F, w)
        s = pr & tr
        t = pc & tc
        if s == 0 and t == 0:
            continue
        k = 3 * w
        x0, x1, x2 = F[np.uint64(k)], F[np.uint64(k + 1)], F[np.uint64(k + 2)]
        y0, y1, y2 = x0, x1, x2
        while s != 0:
            j = trailing_zeros(s)
            s &= s - 1
            m = j // 3
            b = j - 3 * m
            r = m // 3
            q = m - 3 * r
            drop = ((np.int64(511) << (9 * r)) | (np.int64(0x1C0E07) << (3 * q))) & \
                ~(np.int64(7) << (3 * m))
            if b == 0:
                y0 &= ~drop
            elif b == 1:
                y1 &= ~drop
            else:
                y2 &= ~drop
        while t != 0:
            j = trailing_zeros(t)
            t &= t - 1
            b = j // 9
            c = j - 9 * b
            col = _C_COL[np.uint64(c)]
            inbox = (np.int64(0x1C0E07) << (3 * (c // 3))) & ~col
            if b == 0:
                y0 &= ~inbox
                y1 &= ~col
                y2 &= ~col
            elif b == 1:
                y0 &= ~col
                y1 &= ~inbox
                y2 &= ~col
            else:
                y0 &= ~col
                y1 &= ~col
                y2 &= ~inbox
        if y0 != x0 or y1 != x1 or y2 != x2:
            F[np.uint64(k)] = y0
            F[np.uint64(k + 1)] = y1
            F[np.uint64(k + 2)] = y2
            changed |= np.int64(1) << w
    return changed


@njit(cache=True, nogil=True, _nrt=False)
def _c_settle(F, hv, lv, passes, tri):
    """Naked and hidden singles to a fixed point, then locked candidates (at most ``passes``
    rounds over the values changed since the last, and triads when ``tri`` and the round
    found nothing else), singles again after each: False on a contradiction. The search
    runs triads at the root only: at every node they saved a tenth of the nodes on the
    hard sets and cost more than that (docs/fast_kernel.md). ``hv`` and ``lv``: the masks to search for hidden singles and for
    locked candidates (bits ``3 w + b``, as ``_c_place`` returns them)."""
    while True:
        placed = np.int64(0)
        for b in range(3):  # naked singles and empty cells, band by band
            once = np.int64(0)
            twice = np.int64(0)
            for w in range(9):
                x = F[np.uint64(3 * w + b)]
                twice |= once & x
                once |= x
            open_ = ~F[np.uint64(27 + b)] & _C_ALL
            if open_ & ~once:
                return False
            ns = open_ & ~twice
            if ns == 0:
                continue
            present = np.int64(0)  # the singles' values first, without a branch per value
            for w in range(9):
                present |= np.int64((ns & F[np.uint64(3 * w + b)]) != 0) << w
            while present != 0:
                w = trailing_zeros(present)
                present &= present - 1
                s = ns & F[np.uint64(3 * w + b)]
                while s != 0:
                    i = trailing_zeros(s)
                    s &= s - 1
                    if (F[np.uint64(3 * w + b)] >> i) & 1 == 0:
                        return False
                    placed |= _c_place_single(F, w, b, i)
        if placed:
            hv |= placed
            lv |= placed
            continue
        while hv != 0:  # hidden singles of each value that changed, in every house
            j = trailing_zeros(hv)
            v = j // 3
            k = 3 * v
            hv &= ~(np.int64(7) << k)
            once = np.int64(0)
            twice = np.int64(0)
            for b in range(3):
                x = F[np.uint64(k + b)]
                for r in range(3):
                    s = (x >> (9 * r)) & 511
                    twice |= once & s
                    once |= s
            if once != 511:
                return False  # v has no place in some column
            cs = once & ~twice
            cs |= (cs << 9) | (cs << 18)
            for b in range(3):
                x = F[np.uint64(k + b)]
                single = x & cs  # rows and boxes of every band, without a branch per band
                bad = False
                for r in range(3):
                    s = x & (np.int64(511) << (9 * r))
                    bad |= s == 0
                    single |= s & -np.int64(s & (s - 1) == 0)
                for q in range(3):
                    s = x & (np.int64(0x1C0E07) << (3 * q))
                    bad |= s == 0
                    single |= s & -np.int64(s & (s - 1) == 0)
                if bad:
                    return False  # v has no place in some row or box
                single &= ~F[np.uint64(27 + b)]
                while single != 0:
                    i = trailing_zeros(single)
                    single &= single - 1
                    if (F[np.uint64(k + b)] >> i) & 1 == 0:
                        return False
                    placed |= _c_place(F, v, b, i)
        if placed:
            hv |= placed
            lv |= placed
            continue
        if passes <= 0:
            return True
        passes -= 1
        changed = np.int64(0)
        while lv != 0:
            v = trailing_zeros(lv) // 3
            lv &= ~(np.int64(7) << (3 * v))
            r = _c_locked(F, v)
            if r < 0:
                return False
            changed |= (7 * r) << (3 * v)
        if tri and changed == 0:  # triads last: they cost more than the rest
            t = _c_triads(F)
            if t < 0:
                return False
            while t != 0:
                w = trailing_zeros(t)
                t &= t - 1
                changed |= np.int64(7) << (3 * w)
        if changed == 0:
            return True
        hv |= changed
        lv |= changed


@njit(cache=True, nogil=True, _nrt=False)
def _c_choose(F):
    """The cell to branch on as ``27 b + i`` (band, cell of the band), or -1 when every
    cell is placed: the fewest candidates, ties broken by the most peers that share a
    candidate with the cell (as ``choose``)."""
    best = -1
    fewest = 10
    most = -1
    for b in range(3):
        one = np.int64(0)
        two = np.int64(0)
        three = np.int64(0)
        for w in range(9):
            x = F[np.uint64(3 * w + b)]
            three |= two & x
            two |= one & x
            one |= x
        open_ = ~F[np.uint64(27 + b)] & _C_ALL
        if open_ == 0:
            continue
        pairs = open_ & two & ~three
        if fewest > 2:
            if pairs == 0:
                # no pair in this band: the cells with the fewest candidates by counting
                s = open_
                while s != 0:
                    i = trailing_zeros(s)
                    s &= s - 1
                    k = 0
                    for w in range(9):
                        k += (F[np.uint64(3 * w + b)] >> i) & 1
                    if k < fewest:
                        fewest = k
                        best = 27 * b + i
                        most = -1
                continue
            fewest = 2
            most = -1
            best = 27 * b + trailing_zeros(pairs)
        s = pairs
        while s != 0:  # the tie-break among this band's pairs
            i = trailing_zeros(s)
            s &= s - 1
            col = _C_COL_OF[np.uint64(i)]
            inband = _C_PEER[np.uint64(i)]
            vals = np.int64(0)  # the cell's two values, then the union of their masks
            for w in range(9):
                vals |= ((F[np.uint64(3 * w + b)] >> i) & 1) << w
            k1 = np.uint64(3 * trailing_zeros(vals))
            k2 = np.uint64(3 * trailing_zeros(vals & (vals - 1)))
            u0 = F[k1] | F[k2]
            u1 = F[k1 + np.uint64(1)] | F[k2 + np.uint64(1)]
            u2 = F[k1 + np.uint64(2)] | F[k2 + np.uint64(2)]
            if b == 0:
                shared = popcount(u0 & inband) + popcount(u1 & col) + popcount(u2 & col)
            elif b == 1:
                shared = popcount(u0 & col) + popcount(u1 & inband) + popcount(u2 & col)
            else:
                shared = popcount(u0 & col) + popcount(u1 & col) + popcount(u2 & inband)
            if shared > most:
                most = shared
                best = 27 * b + i
    return best


@njit(cache=True, nogil=True, _nrt=False)
def _c_write(F, out, k):
    """The solution in frame ``F`` as values into ``out[k]`` (when there is such a row)."""
    if k < out.shape[0]:
        for w in range(9):
            for b in range(3):
                s = F[np.uint64(3 * w + b)]
                while s != 0:
                    i = trailing_zeros(s)
                    s &= s - 1
                    out[k, 27 * b + i] = w + 1


@njit(cache=True, nogil=True, inline="always")
def _c_values(F, c):
    """The candidates of cell ``c`` (``27 b + i``) as a mask of values."""
    b = c // 27
    i = c - 27 * b
    rem = np.int64(0)
    for w in range(9):
        rem |= ((F[np.uint64(3 * w + b)] >> i) & 1) << w
    return rem


@njit(cache=True, nogil=True, _nrt=False)
def classic_run(givens, frames, cells, rems, state, out, want, budget, root_passes,
                node_passes):
    """``run`` for the classic board in its own representation (above): search on from
    ``state`` until ``want`` more solutions, exhaustion or ``budget`` nodes; returns how
    many solutions it found (the first ``len(out)`` are written). ``frames``: 82 rows of
    30 words or more; a cell in ``cells`` is ``27 b + i``, its untried values in ``rems``."""
    found = 0
    spent = 0
    depth = state[DEPTH]
    if depth == -1:  # the root: givens, then singles and locked candidates
        depth = 0
        root = frames[0]
        for j in range(27):
            root[j] = _C_ALL
        for b in range(3):
            root[27 + b] = 0
        ok = True
        for c in range(81):
            v = givens[c]
            if v:
                b = c // 27
                i = c - 27 * b
                if (root[3 * (v - 1) + b] >> i) & 1 == 0:
                    ok = False  # a given its peers' givens rule out
                    break
                _c_place(root, v - 1, b, i)
        if ok and _c_settle(root, _C_ALL, _C_ALL, root_passes, True):
            state[NODES] += 1
            spent += 1
            c = _c_choose(root)
            if c < 0:
                _c_write(root, out, found)
                found += 1
            else:
                cells[0] = c
                rems[0] = _c_values(root, c)
                depth = 1
    while depth > 0:
        if found >= want or spent >= budget:
            state[DEPTH] = depth
            return found
        d = depth - 1
        rem = rems[np.uint64(d)]
        if rem == 0:
            depth -= 1
            continue
        v = trailing_zeros(rem)
        rem &= rem - 1
        rems[np.uint64(d)] = rem
        if rem == 0:  # the cell's last value: the child takes over its parent's frame
            at = d
        else:
            at = depth
            src = frames[np.uint64(d)]
            dst = frames[np.uint64(depth)]
            for j in range(30):
                dst[np.uint64(j)] = src[np.uint64(j)]
        child = frames[np.uint64(at)]
        state[GUESSES] += 1
        c = cells[np.uint64(d)]
        b = c // 27
        i = c - 27 * b
        if (child[np.uint64(3 * v + b)] >> i) & 1 == 0:
            continue  # cannot happen: the cell's values are taken from its frame
        changed = _c_place(child, v, b, i)
        if not _c_settle(child, changed, changed, node_passes, False):
            continue
        state[NODES] += 1
        spent += 1
        c = _c_choose(child)
        if c < 0:
            _c_write(child, out, found)
            found += 1
            continue
        cells[np.uint64(at)] = c
        rems[np.uint64(at)] = _c_values(child, c)
        depth = at + 1
    state[DEPTH] = 0
    state[EXHAUSTED] = 1
    return found

@njit(cache=True, nogil=True)
def _is_classic(flat, npeers, n, lk):
    """True on the classic board: 9x9, boxes of 3x3, the 27 houses of nine cells and no
    others, every cell with its 20 peers (an extra house would add peers or a house)."""
    if n != 9 or lk[2] != 3 or lk[3] != 3 or flat[5] != 1 or popcount(flat[6][0]) != 27:
        return False
    for c in range(npeers.shape[0]):
        if npeers[c] != 20:
            return False
    return True

@njit(cache=True, nogil=True)
def check_many(puzzles, limit, counts, first, stats, frames, work, dirty, out, tb):
    """Count the solutions of every row of ``puzzles`` up to ``limit``.

    Writes ``counts[i]`` (how many found, at most ``limit``), the first solution into
    ``first[i]`` (zeros when there is none) and ``stats[i] = (nodes, guesses,
    exhausted)``. ``frames``, ``work``, ``dirty`` and ``out`` are scratch.
    """
    flat, npeers, n, full, lk = tb
    ncells = puzzles.shape[1]
    state, cells, rems, todo, chg, seg = _split(work, ncells, flat[1])
    classic = _is_classic(flat, npeers, n, lk)
    for i in range(puzzles.shape[0]):
        _zero(state)
        state[DEPTH] = -1
        _zero(out[0])
        if classic:
            found = classic_run(puzzles[i], frames, cells, rems, state, out, limit,
                                np.int64(1) << 62, lk[4], lk[5])
        else:
            found = run(puzzles[i], frames, cells, rems, state, out, limit,
                        np.int64(1) << 62, todo, dirty, chg, flat, npeers, n, full, lk, seg)
        counts[i] = found
        _copy(first[i], out[0])
        stats[i, 0] = state[NODES]
        stats[i, 1] = state[GUESSES]
        stats[i, 2] = state[EXHAUSTED]
    return 0


# -- the generator's dig (issue 24): removal tests without counting to two ------------------------
# The puzzle being dug always has exactly one solution, the grid. So a puzzle with the
# clues of cells X removed stays unique exactly when no solution differs from the grid
# in X: either some removed cell is forced by the clues left (a naked or a hidden single
# read off the clues, ``_forced``), or searches with one removed cell barred from its
# grid value find nothing (``_other``). A search that finds a solution finds a
# *witness* S: a solution that differs from the grid in X only. When it differs in one
# cell x alone, x can never be removed from this puzzle or from any puzzle dug out of it
# that keeps the rest of X (S solves that puzzle without x too): x is *certified*, and
# the clue-by-clue minimality question need not ask about it again.


@njit(cache=True, nogil=True)
def _seen_init(givens, seen, pf, wp, npeers, n, full):
    """``seen[(v - 1) * ncells + c]``: how many peers of cell c hold the clue v; and after
    those n rows, per cell the values no peer holds as a clue (its *open* mask)."""
    ncells = givens.shape[0]
    _zero(seen)
    for c in range(ncells):
        v = givens[c]
        if v:
            base = (v - 1) * ncells
            for j in range(npeers[c]):
                seen[base + pf[c * wp + j]] += 1
    for c in range(ncells):
        m = np.int64(0)
        for w in range(n):
            if seen[w * ncells + c] == 0:
                m |= np.int64(1) << w
        seen[n * ncells + c] = m & full


@njit(cache=True, nogil=True, inline="always")
def _set_clue(givens, seen, c, v, delta, pf, wp, npeers, n):
    """Give cell ``c`` the clue ``v`` (``delta`` 1) or take it away (``delta`` -1),
    keeping ``seen`` and the open masks in step."""
    ncells = givens.shape[0]
    givens[c] = v if delta > 0 else 0
    base = (v - 1) * ncells
    bit = np.int64(1) << (v - 1)
    opened = n * ncells
    for j in range(npeers[c]):
        p = pf[c * wp + j]
        k = seen[base + p] + delta
        seen[base + p] = k
        if k == 0:
            seen[opened + p] |= bit
        else:
            seen[opened + p] &= ~bit


@njit(cache=True, nogil=True)
def _forced(x, v, givens, seen, flat, n):
    """True when the open cell ``x`` must hold ``v`` in every solution, read off the
    clues alone: every other value is a clue among its peers (a naked single), or in
    some house of ``x`` every other cell is a clue or sees a clue ``v`` (a hidden single)."""
    hf, wh, hb, nw = flat[2], flat[3], flat[4], flat[5]
    ncells = givens.shape[0]
    opened = n * ncells
    m = seen[opened + x]
    if m & (m - 1) == 0:
        return True
    bit = np.int64(1) << (v - 1)
    for j in range(nw):
        bits = hb[x * nw + j]
        while bits != 0:
            h = j * 64 + trailing_zeros(bits)
            bits &= bits - 1
            base = h * wh
            alone = True
            for i in range(n):
                d = hf[base + i]
                if d != x and givens[d] == 0 and seen[opened + d] & bit:
                    alone = False
                    break
            if alone:
                return True
    return False


@njit(cache=True, nogil=True)
def _other(givens, grid, x, bit, seen, frames, cells, rems, state, out, todo, dirty, chg, flat,
           npeers, n, full, lk, seg, light):
    """1 when ``givens`` (``x`` open) has a solution with a value other than ``bit`` in
    ``x`` (written into ``out[0]``), else 0: one search from a root where ``x`` has lost
    ``bit``, with the counting search's propagation (``settle``, with the dig's passes
    of locked candidates: none) and then ``_hunt``. The root starts from the open masks
    kept in ``seen`` (the clues' values already gone from their peers), so only cells
    left with one value are propagated at first."""
    ncells = givens.shape[0]
    opened = n * ncells
    root = frames[0]
    ntodo = 0
    for c in range(ncells):
        v = givens[c]
        if v:
            root[c] = np.int64(1) << (v - 1)
        else:
            m = seen[opened + c]
            if c == x:
                m &= ~bit
            if m == 0:
                return 0
            root[c] = m
            if m & (m - 1) == 0:
                todo[ntodo] = c
                ntodo += 1
    for j in range(dirty.shape[0]):
        dirty[j] = flat[6][j]  # every house of n cells
    _zero(state)
    if not settle(root, todo, ntodo, dirty, chg, flat, npeers, n, full, lk, seg, lk[4]):
        return 0
    state[NODES] = 1
    c = _first_fewest(root, n) if light else choose(root, n, flat[0], flat[1], npeers, todo)
    if c < 0:
        _write(root, out, 0)
        return 1
    return _hunt(c, grid, frames, cells, rems, state, out, todo, dirty, chg, flat, npeers, n,
                 full, lk, seg, light)


@njit(cache=True, nogil=True)
def _first_fewest(m, n):
    """The first open cell with the fewest candidates, or -1 when every cell is fixed
    (``choose`` without its tie-break: the dig's light searches)."""
    fewest = n + 1
    best = -1
    for c in range(m.shape[0]):
        k = popcount(m[np.uint64(c)])
        if 1 < k < fewest:
            fewest = k
            best = c
            if k == 2:
                break
    return best


@njit(cache=True, nogil=True)
def _hunt(cell, grid, frames, cells, rems, state, out, todo, dirty, chg, flat, npeers, n, full,
          lk, seg, light):
    """1 when the node ``frames[0]`` (propagated, ``cell`` open) has a solution,
    written into ``out[0]``, else 0: depth first, after each guess the counting search's
    step (``_try_locked``, with ``lk``'s passes of locked candidates), branching on
    ``choose``'s cell (``_first_fewest``'s when ``light``), and at each branching cell
    the grid's value first (a second solution differs from the grid in few cells: most
    guesses that keep the grid's value are right)."""
    pf, wp = flat[0], flat[1]
    cells[0] = cell
    rems[0] = frames[0][cell]
    depth = 1
    while depth > 0:
        d = depth - 1
        rem = rems[d]
        if rem == 0:
            depth -= 1
            continue
        c = cells[d]
        mine = np.int64(1) << (grid[c] - 1)
        bit = mine if rem & mine else rem & -rem
        rems[d] = rem ^ bit
        child = frames[depth]
        _copy(child, frames[d])
        state[NODES] += 1
        if not _try_locked(child, c, bit, todo, dirty, chg, flat, npeers, n, full, lk, seg):
            continue
        c = _first_fewest(child, n) if light else choose(child, n, pf, wp, npeers, todo)
        if c < 0:
            _write(child, out, 0)
            return 1
        cells[depth] = c
        rems[depth] = child[c]
        depth += 1
    return 0


@njit(cache=True, nogil=True)
def _keep_witness(aux, kept, nwc, room, solution, grid):
    """Keep the cells where ``solution`` differs from ``grid`` (a set of ``nwc`` words)
    in the witness store at ``aux[kept]`` (count) and after, while there is room."""
    w = aux[kept]
    if w >= room:
        return
    base = kept + 1 + w * nwc
    for j in range(nwc):
        aux[base + j] = 0
    for c in range(grid.shape[0]):
        if solution[c] != grid[c]:
            aux[base + (c >> 6)] |= np.int64(1) << (c & 63)
    aux[kept] = w + 1


@njit(cache=True, nogil=True)
def _witness_within(aux, kept, nwc, rest):
    """The first kept witness that differs from the grid in none of the cells ``rest``
    (so it solves the puzzle of those clues: a second solution), or -1."""
    for w in range(aux[kept]):
        base = kept + 1 + w * nwc
        clear = True
        for j in range(nwc):
            if aux[base + j] & rest[j]:
                clear = False
                break
        if clear:
            return w
    return -1


@njit(cache=True, nogil=True)
def dig(grid, orders, orbit_cells, orbit_start, target, minimal, givens, result, frames, work,
        dirty, out, aux, tb):
    """Remove orbits of clues from ``grid`` in the order of the first row of ``orders``
    (orbit numbers) while the puzzle stays unique (``dig_order``); with ``minimal`` 1,
    ask whether some single clue could still go, and when one can, dig again in the
    order of the next row, and so on: stop at the first minimal puzzle (a search for a
    minimal symmetric puzzle tries several orders on one grid).

    Writes the last puzzle dug into ``givens`` and ``(tried_all, searches, wrong,
    minimal, forced, row, nodes of searches that found nothing, nodes of searches that
    found a witness, searches of each kind, removals refused by a kept witness)`` into
    ``result`` (see ``dig_order``; ``row``: the order used; the counts are over every
    order tried, the last five over the removals, not the minimality question).

    Witnesses found while digging one grid are kept (as sets of cells, in ``aux`` after
    the dig's scratch, as many as fit): a removal in a later order that would leave no
    clue in one of them fails without a search (that witness solves the puzzle too),
    and one that differs in a single clue of the final puzzle certifies that clue.
    """
    result[1] = 0
    result[2] = 0
    result[4] = 0
    for j in range(6, result.shape[0]):
        result[j] = 0
    ncells, n = grid.shape[0], tb[2]
    aux[(n + 3) * ncells + 2 * n + 2 * ((ncells + 63) // 64)] = 0  # no witness kept yet
    for r in range(orders.shape[0]):
        dig_order(grid, orders[r], orbit_cells, orbit_start, target, minimal, givens, result,
                  frames, work, dirty, out, aux, tb)
        result[5] = r
        if result[3] != 0:  # minimal, or not asked
            break
    return 0


@njit(cache=True, nogil=True)
def dig_order(grid, order, orbit_cells, orbit_start, target, minimal, givens, result, frames,
              work, dirty, out, aux, tb):
    """Remove orbits of clues from ``grid`` in ``order`` while the puzzle stays unique;
    with ``minimal`` 1, then ask whether some single clue could still go.

    An orbit whose removal would leave fewer than ``target`` clues is skipped. An
    orbit goes when each of its cells is forced by the clues left (``_forced``, one
    cell after another, each forced one put back) or, for the cells not forced, when
    no search finds a solution with the first of them changed, then with it kept and
    the second changed, and so on (``_other``). Writes the puzzle into ``givens``,
    ``tried_all`` and ``minimal`` into ``result[0]`` and ``result[3]``, and adds the
    searches and the forced cells to ``result[1]`` and ``result[4]``; sets ``result[2]``
    (wrong) to 1 if some witness disagreed with a clue (a bug the caller must report).
    ``minimal`` is -1 when not asked (or not every orbit was tried), else 1 when no
    single clue can be removed, checked clue by clue, the certified ones skipped, the
    clues of the most frequent values first (they are removable most often), stopping
    at the first removable one. ``aux`` is scratch: (n + 3) * ncells + 2 * n int64s, two
    sets of cells, then the witness store (see ``dig``).
    """
    flat, npeers, n, full, lk = tb
    # up to 16x16, singles only, no locked candidates, at the root and at every node, and
    # up to 9x9 the first cell with fewest candidates to branch on (``_first_fewest``):
    # the puzzles dug there have many clues, and locked candidates and ``choose``'s
    # tie-break cost more than they save on them; larger boards keep the counting
    # search's passes and ``choose``, which their deep digs need (docs/generator.md,
    # Measured)
    light = n <= 9
    if n <= 16:
        lk = (lk[0], lk[1], lk[2], lk[3], np.int64(0), np.int64(0))
    pf, wp = flat[0], flat[1]
    ncells = grid.shape[0]
    state, cells, rems, todo, chg, seg = _split(work, ncells, wp)
    seen = aux[:(n + 1) * ncells]
    certified = aux[(n + 1) * ncells:(n + 2) * ncells]
    pend = aux[(n + 2) * ncells:(n + 3) * ncells]
    tally = aux[(n + 3) * ncells:(n + 3) * ncells + n]
    nwc = (ncells + 63) // 64  # words of a set of cells
    a = (n + 3) * ncells + 2 * n
    clues = aux[a:a + nwc]  # the cells that hold a clue
    rest = aux[a + nwc:a + 2 * nwc]  # scratch: the clues an orbit's removal would leave
    kept = a + 2 * nwc  # aux[kept]: how many witnesses are kept, from aux[kept + 1] on
    room = (aux.shape[0] - kept - 1) // nwc
    _copy(givens, grid)
    _seen_init(givens, seen, pf, wp, npeers, n, full)
    _zero(certified)
    _zero(clues)
    for c in range(ncells):
        clues[c >> 6] |= np.int64(1) << (c & 63)
    count = ncells
    tried_all = 1
    searches = 0
    wrong = 0
    forced = 0
    for k in range(order.shape[0]):
        o = order[k]
        lo, hi = orbit_start[o], orbit_start[o + 1]
        size = hi - lo
        if count - size < target:
            tried_all = 0
            continue
        for j in range(lo, hi):
            x = orbit_cells[j]
            _set_clue(givens, seen, x, grid[x], -1, pf, wp, npeers, n)
        nr = 0
        for j in range(lo, hi):
            pend[nr] = orbit_cells[j]
            nr += 1
        progress = True
        while progress and nr > 0:  # put back every cell the clues force
            progress = False
            i = 0
            while i < nr:
                x = pend[i]
                if _forced(x, grid[x], givens, seen, flat, n):
                    _set_clue(givens, seen, x, grid[x], 1, pf, wp, npeers, n)
                    forced += 1
                    nr -= 1
                    pend[i] = pend[nr]
                    progress = True
                else:
                    i += 1
        unique = True
        if nr > 0:  # a witness kept from an earlier order of this grid may settle it
            _copy(rest, clues)
            for j in range(lo, hi):
                c = orbit_cells[j]
                rest[c >> 6] &= ~(np.int64(1) << (c & 63))
            w = _witness_within(aux, kept, nwc, rest)
            if w >= 0:
                unique = False
                nr = 0
                result[10] += 1
                differ = 0
                last = -1
                for j in range(lo, hi):
                    c = orbit_cells[j]
                    if aux[kept + 1 + w * nwc + (c >> 6)] & (np.int64(1) << (c & 63)):
                        differ += 1
                        last = c
                if differ == 1:
                    certified[last] = 1
        for i in range(nr):  # then one search per cell left: a solution with it changed?
            x = pend[i]
            searches += 1
            hit = _other(givens, grid, x, np.int64(1) << (grid[x] - 1), seen, frames, cells,
                         rems, state, out, todo, dirty, chg, flat, npeers, n, full, lk, seg,
                         light)
            result[6 + hit] += state[NODES]
            result[8 + hit] += 1
            if hit:
                unique = False
                differ = 0
                last = -1
                for c in range(ncells):
                    if givens[c] and out[0, c] != givens[c]:
                        wrong = 1
                for j in range(lo, hi):
                    c = orbit_cells[j]
                    if out[0, c] != grid[c]:
                        differ += 1
                        last = c
                if differ == 1:
                    certified[last] = 1
                _keep_witness(aux, kept, nwc, room, out[0], grid)
                break
            _set_clue(givens, seen, x, grid[x], 1, pf, wp, npeers, n)
        if unique:
            for j in range(lo, hi):
                x = orbit_cells[j]
                clues[x >> 6] &= ~(np.int64(1) << (x & 63))
                if givens[x]:
                    _set_clue(givens, seen, x, grid[x], -1, pf, wp, npeers, n)
            count -= size
        else:
            for j in range(lo, hi):
                x = orbit_cells[j]
                if givens[x] == 0:
                    _set_clue(givens, seen, x, grid[x], 1, pf, wp, npeers, n)
    verdict = -1
    if minimal and tried_all:
        verdict = 1
        for w in range(aux[kept]):  # a witness that differs in one clue alone certifies it
            one = -1
            for j in range(nwc):
                both = aux[kept + 1 + w * nwc + j] & clues[j]
                if both == 0:
                    continue
                if one >= 0 or both & (both - 1):
                    one = -2
                    break
                one = j * 64 + trailing_zeros(both)
            if one >= 0:
                certified[one] = 1
        _zero(tally)
        for c in range(ncells):
            if givens[c]:
                tally[givens[c] - 1] += 1
        for _ in range(n):  # the values, the most frequent first
            v = 0
            for w in range(1, n):
                if tally[w] > tally[v]:
                    v = w
            if tally[v] < 0:
                break
            tally[v] = -1
            for c in range(ncells):
                if givens[c] != v + 1 or certified[c]:
                    continue
                _set_clue(givens, seen, c, v + 1, -1, pf, wp, npeers, n)
                if _forced(c, v + 1, givens, seen, flat, n):
                    forced += 1
                    verdict = 0
                else:
                    searches += 1
                    if _other(givens, grid, c, np.int64(1) << v, seen, frames, cells, rems,
                              state, out, todo, dirty, chg, flat, npeers, n, full, lk, seg,
                              light):
                        certified[c] = 1
                        _keep_witness(aux, kept, nwc, room, out[0], grid)
                        for d in range(ncells):
                            if givens[d] and out[0, d] != givens[d]:
                                wrong = 1
                    else:
                        verdict = 0
                _set_clue(givens, seen, c, v + 1, 1, pf, wp, npeers, n)
                if verdict == 0:
                    break
            if verdict == 0:
                break
    result[0] = tried_all
    result[1] += searches
    result[2] |= wrong
    result[3] = verdict
    result[4] += forced
    return 0


# -- the generator's fill (issue 12): the same choices as sudoku_cp.fill.fill ----------------
@njit(cache=True, nogil=True)
def _below(stream, k):
    """The next SplitMix64 number of ``stream`` (a one-element uint64 array), reduced
    to 0..k-1 exactly as ``sudoku_cp.fill.Stream.below`` does."""
    x = stream[0] + np.uint64(0x9E3779B97F4A7C15)
    stream[0] = x
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    x = x ^ (x >> np.uint64(31))
    return np.int64(x >> np.uint64(1)) % k


@njit(cache=True, nogil=True)
def _pick_cell(m, n, stream):
    """A cell drawn among the unfixed cells with the fewest candidates (-1: none)."""
    fewest = n + 1
    ties = 0
    for c in range(m.shape[0]):
        k = popcount(m[c])
        if k > 1:
            if k < fewest:
                fewest = k
                ties = 1
            elif k == fewest:
                ties += 1
    if ties == 0:
        return -1
    r = _below(stream, ties)
    for c in range(m.shape[0]):
        if popcount(m[c]) == fewest:
            if r == 0:
                return c
            r -= 1
    return -1


@njit(cache=True, nogil=True)
def _pick_bit(rem, stream):
    """A set bit of ``rem`` drawn from the stream (the r-th lowest)."""
    r = _below(stream, popcount(rem))
    for _ in range(r):
        rem &= rem - 1
    return rem & -rem


@njit(cache=True, nogil=True)
def fill(seed, budget, values, frames, work, dirty, out, tb):
    """The values of a random solution of the empty board, drawn by the SplitMix64
    stream from ``seed`` (a one-element uint64 array, advanced in place): depth-first,
    the cell and then the value drawn at each choice, singles after each; a fill over
    ``budget`` nodes restarts. Writes ``values`` (all zero when the board has no
    solution) and returns the number of restarts."""
    ncells = values.shape[0]
    flat, npeers, n, full, lk = tb
    _, cells, rems, todo, chg, _ = _split(work, ncells, flat[1])
    _zero(values)
    restarts = 0
    while True:
        root = frames[0]
        for c in range(ncells):
            root[c] = full
        c = _pick_cell(root, n, seed)
        if c < 0:
            _write(root, out, 0)
            _copy(values, out[0])
            return restarts
        cells[0] = c
        rems[0] = root[c]
        depth = 1
        nodes = 1
        while depth > 0:
            d = depth - 1
            rem = rems[d]
            if rem == 0:
                depth -= 1
                continue
            bit = _pick_bit(rem, seed)
            rems[d] = rem ^ bit
            child = frames[depth]  # depth <= ncells: the caller gives ncells + 1 frames
            _copy(child, frames[d])
            if not _try(child, cells[np.uint64(d)], bit, todo, dirty, chg, flat, npeers, n, full):
                continue
            nodes += 1
            if nodes > budget:
                break
            c = _pick_cell(child, n, seed)
            if c < 0:
                _write(child, out, 0)
                _copy(values, out[0])
                return restarts
            cells[depth] = c
            rems[depth] = child[c]
            depth += 1
        if depth == 0:
            return restarts  # exhausted: no solution (zeros)
        restarts += 1


# -- the C entry points: what Python calls, through ctypes --------------------------------------
# Each takes pointers to buffers the caller owns (nothing here allocates, so the object code
# needs no numba runtime) and returns an int64. Their argument kinds are
# ``fast.native.ENTRIES``; ``fast.native`` caches their object code so that a later
# process loads it without importing numba.
def _signature(kinds: str):
    pointer = {"p": types.int64, "b": types.uint8, "u": types.uint64}
    return types.int64(*[types.int64 if k == "i" else types.CPointer(pointer[k])
                         for k in kinds])


def compile_entries(cache: bool = True) -> dict:
    """The entry points compiled as C functions, by name. ``cache=True`` uses numba's
    on-disk cache (what a process without the stored object code calls); ``cache=False``
    compiles afresh, which ``fast.native`` needs to read each one's LLVM module (numba
    cannot show the module of code it loaded from its cache)."""
    return {name: cfunc(_signature(ENTRIES[name]), cache=cache, error_model="numpy")(f)
            for name, f in _PYTHON_ENTRIES.items()}


def c_solve(block):
    # block: the addresses of givens (bytes), frames, work, dirty, out (bytes) and the
    # tables, then ncells and the rows of out (fixed per geometry), then want, budget
    # and fresh (set by the caller when they change): one pointer per call, because
    # ctypes converts each argument (one pointer: a quarter of a microsecond; four
    # integers: eight tenths)
    b = carray(block, (11,))
    ncells, nout = b[6], b[7]
    tb = tables(_int64s_at(b[5]))
    nwork, nw = 5 * ncells + 6 + tb[0][1], tb[0][5]
    return solve_one(carray(_bytes_at(b[0]), (ncells,)),
                     carray(_int64s_at(b[1]), (ncells + 1, ncells)),
                     carray(_int64s_at(b[2]), (nwork,)), carray(_int64s_at(b[3]), (nw,)),
                     carray(_bytes_at(b[4]), (nout, ncells)), b[8], b[9], b[10], tb)


def c_check_many(puzzles, count, ncells, limit, counts, first, stats, frames, work, dirty, out,
                 tab):
    tb = tables(tab)
    nwork, nw = 5 * ncells + 6 + tb[0][1], tb[0][5]
    return check_many(carray(puzzles, (count, ncells)), limit, carray(counts, (count,)),
                      carray(first, (count, ncells)), carray(stats, (count, 3)),
                      carray(frames, (ncells + 1, ncells)), carray(work, (nwork,)),
                      carray(dirty, (nw,)), carray(out, (1, ncells)), tb)


def c_dig(grid, ncells, orders, norders, norbits, orbit_cells, norbit_cells, orbit_start,
          target, minimal, givens, result, frames, work, dirty, out, aux, naux, tab):
    tb = tables(tab)
    nwork, nw = 5 * ncells + 6 + tb[0][1], tb[0][5]
    return dig(carray(grid, (ncells,)), carray(orders, (norders, norbits)),
               carray(orbit_cells, (norbit_cells,)), carray(orbit_start, (norbits + 1,)),
               target, minimal, carray(givens, (ncells,)), carray(result, (11,)),
               carray(frames, (ncells + 1, ncells)), carray(work, (nwork,)),
               carray(dirty, (nw,)), carray(out, (1, ncells)),
               carray(aux, (naux,)), tb)


def c_fill(seed, budget, values, ncells, frames, work, dirty, out, tab):
    tb = tables(tab)
    nwork, nw = 5 * ncells + 6 + tb[0][1], tb[0][5]
    return fill(carray(seed, (1,)), budget, carray(values, (ncells,)),
                carray(frames, (ncells + 1, ncells)), carray(work, (nwork,)),
                carray(dirty, (nw,)), carray(out, (1, ncells)), tb)


_PYTHON_ENTRIES = {"solve": c_solve, "check_many": c_check_many, "dig": c_dig, "fill": c_fill}
