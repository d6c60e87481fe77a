"""Aligned pair exclusion (SE 6.2): two cells whose value pairs are ruled out one by one.

Take two open cells and the bivalue cells that see both (their *excluders*). A pair of
values (a for the first cell, b for the second) is impossible when the two cells see
each other and a = b, or when an excluder holds exactly {a, b} (it would be left
empty). A value of either cell that appears in no possible pair goes. As in Sudoku
Explainer, the two cells need at least two excluders in common, need not see each
other, and a cell that sees a naked single is not used (the single comes first).
"""

from __future__ import annotations

from itertools import combinations

from .basic import make, removes
from .state import State, bits, cname


def aligned_pair_exclusion(s: State) -> list:
    """The first aligned pair exclusion that removes something, or []."""
    t, cand, n = s.t, s.cand, s.n
    excluders: dict[int, set[int]] = {}
    for c in range(t.ncells):
        if cand[c].bit_count() < 2:
            continue
        seen = [p for p in t.peers[c] if cand[p]]
        if any(cand[p].bit_count() == 1 for p in seen):
            continue
        two = {p for p in seen if cand[p].bit_count() == 2}
        if two:
            excluders[c] = two
    for a, b in combinations(sorted(excluders), 2):
        common = excluders[a] & excluders[b]
        if len(common) < 2:
            continue
        pairs = {cand[e] for e in common}
        aligned = b in t.peer_set[a]
        ok_a = ok_b = 0
        for x in bits(cand[a]):
            for y in bits(cand[b]):
                if x == y and aligned:
                    continue
                if (1 << (x - 1)) | (1 << (y - 1)) in pairs:
                    continue
                ok_a |= 1 << (x - 1)
                ok_b |= 1 << (y - 1)
        elims = [(a, v) for v in bits(cand[a] & ~ok_a)] + [(b, v) for v in bits(cand[b] & ~ok_b)]
        if elims:
            names = ", ".join(cname(e, n) for e in sorted(common))
            return [make("aligned_pair_exclusion", (), elims, [a, b, *sorted(common)], (), (),
                         f"Aligned pair exclusion: {cname(a, n)} and {cname(b, n)} cannot take "
                         f"two values that would empty one of the bivalue cells seeing both "
                         f"({names}){' or repeat a value' if aligned else ''}; no allowed "
                         f"pair keeps the rest, so that {removes(elims, n)}")]
    return []
