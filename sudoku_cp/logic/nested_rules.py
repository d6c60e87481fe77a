"""The basic rules a nested forcing chain of SE's level 1 and up may use on the position
it has reached (``nested.py``): locked candidates, hidden and naked pairs, X-wings.

Each takes the position as per-value cell masks (bit x set: cell x may hold the value)
and returns ``(cell, value, parents)`` per elimination. The parents are the candidates
the chain removed that the pattern needs gone (SE's "rule parents"); a pattern with none
was there before the chain, says nothing about it, and is left out (as SE does).
"""

from __future__ import annotations

from .state import bits


class Geo:
    """Cell masks of the houses of a geometry, and where pairs of houses meet."""

    def __init__(self, t) -> None:
        self.hmask = [sum(1 << x for x in house) for house in t.houses]
        self.meets = [[] for _ in t.houses]  # house a -> [(b, common mask)]
        for a, b, common in t.intersections:
            if t.is_full[a]:
                self.meets[a].append((b, sum(1 << x for x in common)))
        n = t.n
        self.lines = ((range(0, n), range(n, 2 * n)), (range(n, 2 * n), range(0, n)))


_GEO: dict = {}


def geo(t) -> Geo:
    g = _GEO.get(id(t))
    if g is None:
        g = _GEO[id(t)] = Geo(t)
    return g


def cells_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def value_masks(t, grid) -> list[int]:
    """Per value (index v - 1), the mask of cells that hold it as a candidate."""
    out = [0] * t.n
    for x, m in enumerate(grid):
        while m:
            low = m & -m
            out[low.bit_length() - 1] |= 1 << x
            m ^= low
    return out


def locking(t, g, src, now) -> list:
    """Locked candidates: a value confined to where house a meets house b leaves the
    rest of b; the parents are its places in a that the chain removed."""
    out = []
    for v in range(t.n):
        pos, gone = now[v], src[v] & ~now[v]
        if not gone:
            continue
        for a, meets in enumerate(g.meets):
            where = pos & g.hmask[a]
            if not where or not gone & g.hmask[a]:
                continue
            for b, common in meets:
                if where & ~common:
                    continue
                elim = pos & g.hmask[b] & ~common
                if elim:
                    par = [(x, v + 1, False) for x in cells_of(gone & g.hmask[a])]
                    out += [(x, v + 1, par) for x in cells_of(elim)]
    return out


def naked_pair(t, g, src, now, work, source) -> list:
    out = []
    for h, house in enumerate(t.houses):
        pairs: dict = {}
        for x in house:
            m = work[x]
            if m.bit_count() == 2:
                pairs.setdefault(m, []).append(x)
        for m, cells in pairs.items():
            if len(cells) != 2 or all(source[x] == work[x] for x in cells):
                continue
            elims = [(y, w) for y in house if y not in cells for w in bits(work[y] & m)]
            if elims:
                par = [(x, w, False) for x in cells for w in bits(source[x] & ~m)]
                out += [(y, w, par) for y, w in elims]
    return out


def hidden_pair(t, g, src, now, work, source) -> list:
    out = []
    for h in t.full:
        hm = g.hmask[h]
        where: dict = {}
        for v in range(t.n):
            w = now[v] & hm
            if w and w.bit_count() == 2:
                where.setdefault(w, []).append(v + 1)
        for w, vs in where.items():
            if len(vs) != 2 or not (src[vs[0] - 1] | src[vs[1] - 1]) & hm & ~w:
                continue
            cells = cells_of(w)
            m = (1 << (vs[0] - 1)) | (1 << (vs[1] - 1))
            elims = [(x, u) for x in cells for u in bits(work[x] & ~m)]
            if elims:
                par = [(y, v, False) for v in vs for y in cells_of(src[v - 1] & hm & ~w)]
                out += [(x, u, par) for x, u in elims]
    return out


def x_wing(t, g, src, now) -> list:
    out = []
    hmask = g.hmask
    for bases, covers in g.lines:
        for v in range(t.n):
            pos = now[v]
            spots: dict = {}
            for b in bases:
                where = pos & hmask[b]
                if where.bit_count() != 2:
                    continue
                key = tuple(k for k in covers if where & hmask[k])
                spots.setdefault(key, []).append(b)
            gone = src[v] & ~pos
            for key, rows in spots.items():
                if len(rows) != 2 or len(key) != 2 or \
                        not gone & (hmask[rows[0]] | hmask[rows[1]]):
                    continue
                inside = hmask[rows[0]] | hmask[rows[1]]
                cover = hmask[key[0]] | hmask[key[1]]
                elim = pos & cover & ~inside
                if elim:
                    par = [(x, v + 1, False) for x in cells_of(src[v] & ~pos & inside & ~cover)]
                    out += [(x, v + 1, par) for x in cells_of(elim)]
    return out


def basic_rules(t, source, work, src, now) -> list:
    """The first of SE's level-1 rules that removes something resting on the chain
    (``src`` and ``now``: the value masks of ``source`` and ``work``)."""
    g = geo(t)
    for found in (lambda: locking(t, g, src, now), lambda: hidden_pair(t, g, src, now, work, source),
                  lambda: naked_pair(t, g, src, now, work, source), lambda: x_wing(t, g, src, now)):
        got = [f for f in found() if f[2]]
        if got:
            return got
    return []
