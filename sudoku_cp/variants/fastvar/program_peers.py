"""The peers of a cage or a renban line, for ``fast``'s required-value exclusion.

A value every way left of filling a cage (or of placing a renban's window) needs is in
the cage; when the cage's cells that can still hold it all lie in houses with a cell
outside the cage, that cell cannot hold it (it would repeat in one of those houses).
ISS applies the same rule to its cages and renbans (``enforceRequiredValueExclusions``
over its cells' exclusions).

``peer_tails`` writes, after the cells in each ``CAGE`` and ``RENBAN`` propagator's data,
the cells outside it that share a house with two or more of its cells: ``npeers`` and
then, for each, the cell and which of the propagator's cells it sees (bit ``j`` for its
``j``-th cell). ``varsums._place_needed`` reads them. A cell seeing one cell of the cage
only is left out: a value held by one cell is placed there, and its house clears it.

A ``CAGE``'s tail goes on with the rest of a full house holding it (ISS's complement
cells): the full mask (0 when there is none) and the count and cells of the rest.
``varsums._cage`` keeps only the combinations whose missing values the rest can hold.

>>> from sudoku_cp.variants.fastvar.program_peers import seen_by
>>> seen_by([0, 1], {0: 0b111, 1: 0b111}.__getitem__)  # (cells; cell -> its peers as bits)
{2: 3}
"""

from __future__ import annotations

import weakref


def peer_tails(prog, holding: list[int]) -> None:
    """Append the peer tail to every ``CAGE`` and ``RENBAN`` of ``prog`` that lacks one
    (``holding``: cell -> the ``HOUSE`` propagators holding it, as bits of their index)."""
    from .program import CAGE, CLASSES, RENBAN

    todo = []  # (a propagator's index, its cells as bits)
    for i, (kind, cells, data) in enumerate(prog.props):
        if kind == CAGE:
            base = 3 + data[0]
        elif kind == RENBAN:
            base = 1 + data[0]
        elif kind == CLASSES:
            base = 2 + data[0] + data[1]
        else:
            continue
        if len(data) != base:  # (a program frozen again: its tail is there)
            continue
        inside = sum(1 << x for x in set(cells))
        todo.append((i, inside))
    if not todo:
        return
    stated = prog._stated  # the geometry's houses come first: their peers kept per shape
    near = list(_geometry_peers(prog._shape)) if stated else []
    near += [0] * (len(prog.dom) - len(near))  # a cell -> the cells sharing a house with it
    houses = 0  # the other houses ``holding`` names (the cages', the extra regions...)
    for bits in holding:
        houses |= bits
    houses = houses >> stated << stated
    while houses:
        low = houses & -houses
        houses ^= low
        cells = prog.props[low.bit_length() - 1][1]
        mask = sum(1 << y for y in set(cells))
        for x in cells:
            near[x] |= mask
    nears = [[near[x] & ~inside for x in prog.props[i][1]] for i, inside in todo]
    # the full houses (each as (its cells as bits, its cells)) in ``full_houses``' order:
    # the geometry's first, kept per shape with the ones holding each cell, then the rest
    geo, holds = _geometry_full(prog._shape) if stated else ((), ())
    extra = [(sum(1 << x for x in set(h)), h) for h in prog.full_houses[len(geo):]]
    if sum(len(row) ** 2 for row in nears) >= MANY and max(map(len, nears)) <= 62:
        seens = _seen_many(nears)
    else:
        seens = [_seen(row) for row in nears]
    for (i, inside), seen in zip(todo, seens):
        kind, cells, data = prog.props[i]
        tail = [len(seen) // 2] + seen
        if kind == CAGE:
            x = cells[0] if cells else len(holds)
            rest = _rest_of_full_house(
                [geo[h] for h in holds[x]] + extra if x < len(holds) else list(geo) + extra,
                cells, inside)
            tail += [prog.full if rest else 0, len(rest)] + rest
        prog.props[i] = (kind, cells, list(data) + tail)


#: From this sum of (a cage's or renban's cells) squared, ``_seen_many`` (numpy, all at
#: once) beats ``_seen`` cage by cage (whose cost grows as each cage's cells times the
#: cells seeing two of them; ``_seen_many``'s fixed cost is ~60 us of numpy calls).
MANY = 150


_SHAPED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _geometry_peers(shape) -> tuple[int, ...]:
    """Cell -> the cells sharing one of the geometry's houses with it, as bits (kept per
    ``program_kept._Shape``: most puzzles share one)."""
    got = _SHAPED.get(shape)
    if got is None:
        out = [0] * len(shape.holding)
        for _, cells, _ in shape.props:
            mask = sum(1 << y for y in set(cells))
            for x in cells:
                out[x] |= mask
        got = _SHAPED[shape] = tuple(out)
    return got


_FULL: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _geometry_full(shape) -> tuple[tuple, tuple]:
    """The geometry's full houses, each as (its cells as bits, its cells), and cell ->
    the indices of those holding it, in order (kept per ``program_kept._Shape``)."""
    got = _FULL.get(shape)
    if got is None:
        holds: list[list[int]] = [[] for _ in shape.holding]
        for i, h in enumerate(shape.full):
            for x in dict.fromkeys(h):
                holds[x].append(i)
        got = _FULL[shape] = (tuple((sum(1 << x for x in set(h)), h) for h in shape.full),
                              tuple(map(tuple, holds)))
    return got


def _rest_of_full_house(full, cells, inside: int) -> list[int]:
    """The cells of the smallest of the ``full`` houses (each as (its cells as bits, its
    cells)) holding ``cells`` (``inside``, as bits) outside them; none when none holds
    them: every value the cage leaves is on one of them. (All hold every value once, so
    the first found: ``full`` need only hold, in order, the ones that may hold the cells.)"""
    best = None
    for mask, h in full:
        if inside & ~mask == 0 and mask != inside and (best is None or len(h) < len(best)):
            best = h
    return [] if best is None else [x for x in best if not inside >> x & 1]


def seen_by(cells, peers, inside: int | None = None) -> dict[int, int]:
    """Each cell outside ``cells`` sharing a house with two or more of them -> which of
    them it sees (bit ``j``: ``cells[j]``), in cell order (``peers``: a cell -> the cells
    sharing a house with it, as bits; ``inside``: ``cells`` as bits, when known)."""
    if inside is None:
        inside = sum(1 << x for x in set(cells))
    flat = _seen([peers(x) & ~inside for x in cells])
    return dict(zip(flat[::2], flat[1::2]))


def _seen(near: list[int]) -> list[int]:
    """``seen_by`` flat (cell, its bits, cell, ...) from ``near`` (each cell's peers
    outside the cells, as bits): the cells seen twice or more taken in order, each
    tested against every ``near`` (fewer Python steps than collecting per cell, then
    sorting: helper-49 measured 36% less on killers and renbans)."""
    once = twice = 0
    for m in near:
        twice |= once & m
        once |= m
    out: list[int] = []
    while twice:
        low = twice & -twice
        twice ^= low
        bits = 0
        b = 1
        for m in near:
            if m & low:
                bits |= b
            b <<= 1
        out += (low.bit_length() - 1, bits)
    return out


def _seen_many(nears: list[list[int]]) -> list[list[int]]:
    """``_seen`` of each of ``nears`` (each holding at most 62 masks), at once: every mask
    unpacked to one row of bits, the rows of one cage summed (weighted by ``1 << j`` for
    the bits; unweighted for the count of its cells seeing each cell)."""
    import numpy as np

    rows = [m for near in nears for m in near]
    if not rows:
        return [[] for _ in nears]
    width = max(1, (max(rows).bit_length() + 7) // 8)
    packed = np.frombuffer(b"".join(m.to_bytes(width, "little") for m in rows), np.uint8)
    bits = np.unpackbits(packed.reshape(len(rows), width), axis=1, bitorder="little")
    sizes = np.array([len(near) for near in nears], dtype=np.int64)
    starts = np.zeros(len(nears), dtype=np.int64)
    np.cumsum(sizes[:-1], out=starts[1:])
    j = np.arange(len(rows), dtype=np.int64) - np.repeat(starts, sizes)
    masks = np.add.reduceat(bits * np.left_shift(1, j)[:, None], starts, axis=0)
    count = np.add.reduceat(bits, starts, axis=0, dtype=np.int64)
    which, ys = np.nonzero(count >= 2)  # (row-major: cage by cage, cells in order)
    flat = np.empty(2 * len(ys), dtype=np.int64)
    flat[0::2] = ys
    flat[1::2] = masks[which, ys]
    flat = flat.tolist()
    out, at = [], 0
    for c in np.bincount(which, minlength=len(nears)).tolist():
        out.append(flat[at:at + 2 * c])
        at += 2 * c
    return out
