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


def peer_tails(prog, holding: list[int]) -> None:
    """Append the peer tail to every ``CAGE`` and ``RENBAN`` of ``prog`` that lacks one
    (``holding``: cell -> the ``HOUSE`` propagators holding it, as bits of their index)."""
    from .program import CAGE, RENBAN

    masks: dict[int, int] = {}  # a house (its index) -> its cells, as bits

    def house(h: int) -> int:
        got = masks.get(h)
        if got is None:
            got = masks[h] = sum(1 << y for y in set(prog.props[h][1]))
        return got

    near: dict[int, int] = {}  # a cell -> the cells sharing a house with it, as bits

    def peers(x: int) -> int:
        got = near.get(x)
        if got is None:
            got = 0
            bits = holding[x] if x < len(holding) else 0
            while bits:
                low = bits & -bits
                got |= house(low.bit_length() - 1)
                bits ^= low
            near[x] = got
        return got

    for i, (kind, cells, data) in enumerate(prog.props):
        if kind == CAGE:
            base = 3 + data[0]
        elif kind == RENBAN:
            base = 1 + data[0]
        else:
            continue
        if len(data) != base:  # (a program frozen again: its tail is there)
            continue
        seen = seen_by(cells, peers)
        tail = [len(seen)]
        for y, mask in seen.items():
            tail += [y, mask]
        if kind == CAGE:
            rest = _rest_of_full_house(prog, cells)
            tail += [prog.full if rest else 0, len(rest)] + rest
        prog.props[i] = (kind, cells, list(data) + tail)


def _rest_of_full_house(prog, cells) -> list[int]:
    """The cells of the smallest full house holding ``cells`` outside them (none when no
    full house holds them): every value the cage leaves is on one of them."""
    inside = set(cells)
    best: list[int] = []
    for h in prog.full_houses:
        if len(h) > len(inside) and (not best or len(h) - len(inside) < len(best)) \
                and inside.issubset(h):
            best = [x for x in h if x not in inside]
    return best


def seen_by(cells, peers) -> dict[int, int]:
    """Each cell outside ``cells`` sharing a house with two or more of them -> which of
    them it sees (bit ``j``: ``cells[j]``), in cell order (``peers``: a cell -> the cells
    sharing a house with it, as bits)."""
    inside = sum(1 << x for x in set(cells))
    near = [peers(x) & ~inside for x in cells]
    once = twice = 0
    for m in near:
        twice |= once & m
        once |= m
    seen: dict[int, int] = {}
    if not twice:
        return seen
    for j, m in enumerate(near):
        m &= twice
        while m:
            low = m & -m
            m ^= low
            y = low.bit_length() - 1
            seen[y] = seen.get(y, 0) | 1 << j
    return dict(sorted(seen.items()))
