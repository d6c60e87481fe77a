"""Almost locked sets: ALS-XZ and ALS-XY-wing.

An **almost locked set** (ALS) is k open cells of one house holding k + 1 values (a
single cell with two candidates is the smallest). Take one value away and the rest
are locked: each of the others must then be in it.

- **ALS-XZ**: two ALSs A and B share a *restricted common* value x (every x of A sees
  every x of B, so x is in at most one of them). Then one of them is locked without x,
  and a value z they both hold is in A or B: z leaves every cell that sees all z's of
  both.
- **ALS-XY-wing**: A and C share a restricted common x, B and C one y (x != y). If z is
  in neither A nor B, A holds x, so C loses x and holds y, so B loses y and holds z, a
  contradiction: z is in A or B and leaves every cell that sees all their z's.

Sets never overlap here (HoDoKu's default). Any geometry works: sets come from houses.
"""

from __future__ import annotations

from itertools import combinations

from .basic import make, removes, values_text
from .state import State, bits, cname, hname

MAX_CELLS = 6  # larger sets are seldom needed and cost time


class Als:
    __slots__ = ("cells", "bits", "mask", "house", "where", "seen")

    def __init__(self, s: State, cells, house: int, mask: int, pb: list[int]) -> None:
        self.cells, self.house, self.mask = cells, house, mask
        self.bits = 0
        for c in cells:
            self.bits |= 1 << c
        self.where = {}
        for v in bits(mask):
            b = 1 << (v - 1)
            w = 0
            for c in cells:
                if s.cand[c] & b:
                    w |= 1 << c
            self.where[v] = w
        # value -> the cells that see every cell of this set holding it
        self.seen = {v: _seen_by_all(pb, w) for v, w in self.where.items()}


def _peers_bits(s: State) -> list[int]:
    got = s.memo.get("peer_bits")
    if got is None:
        got = []
        for c in range(s.t.ncells):
            m = 0
            for p in s.t.peers[c]:
                m |= 1 << p
            got.append(m)
        s.memo["peer_bits"] = got
    return got


def _seen_by_all(pb: list[int], cellbits: int) -> int:
    out = -1
    while cellbits:
        b = cellbits & -cellbits
        cellbits ^= b
        out &= pb[b.bit_length() - 1]
    return out


def all_als(s: State) -> list[Als]:
    got = s.memo.get("als")
    if got is not None:
        return got
    t, cand = s.t, s.cand
    pb = _peers_bits(s)
    seen, out = set(), []
    for h, house in enumerate(t.houses):
        open_ = [c for c in house if cand[c]]
        for k in range(1, min(MAX_CELLS, len(open_) - 1) + 1):
            for group in combinations(open_, k):
                m = 0
                for c in group:
                    m |= cand[c]
                if m.bit_count() == k + 1:
                    key = frozenset(group)
                    if key not in seen:
                        seen.add(key)
                        out.append(Als(s, group, h, m, pb))
    s.memo["als"] = out
    return out


def _rcc(a: Als, b: Als) -> list[int]:
    """The restricted common values of two sets that do not overlap."""
    return [v for v in bits(a.mask & b.mask) if b.where[v] & ~a.seen[v] == 0]


def links(s: State) -> dict[int, list[tuple[int, int]]]:
    """Set index -> [(other set's index, restricted common value)], for sets that do not
    overlap; found once per position."""
    got = s.memo.get("als_links")
    if got is not None:
        return got
    sets = all_als(s)
    n = s.n
    by_value: list[list[int]] = [[] for _ in range(n + 1)]
    for i, a in enumerate(sets):
        for v in a.where:
            by_value[v].append(i)
    got = {}
    for v in range(1, n + 1):
        group = by_value[v]
        for x, i in enumerate(group):
            a = sets[i]
            sa = a.seen[v]
            for j in group[x + 1:]:
                b = sets[j]
                if b.where[v] & ~sa == 0 and not a.bits & b.bits:
                    got.setdefault(i, []).append((j, v))
                    got.setdefault(j, []).append((i, v))
    s.memo["als_links"] = got
    return got


def _z_elims(s, a: Als, b: Als, skip) -> list:
    elims = []
    used = a.bits | b.bits
    for z in bits(a.mask & b.mask):
        if z in skip:
            continue
        target = a.seen[z] & b.seen[z] & ~used
        bit = 1 << (z - 1)
        while target:
            tb = target & -target
            target ^= tb
            c = tb.bit_length() - 1
            if c < s.t.ncells and s.cand[c] & bit:
                elims.append((c, z))
    return elims


def _name(s, x: Als) -> str:
    return f"{{{', '.join(cname(c, s.n) for c in x.cells)}}} ({values_text(x.mask)})"


def als_xz(s: State) -> list:
    """The ALS-XZ that removes the most candidates (HoDoKu's choice)."""
    sets = all_als(s)
    around = links(s)
    best: list = []
    for i, a in enumerate(sets):
        done = set()
        for j, x in around.get(i, []):
            if j < i or j in done:
                continue
            done.add(j)
            b = sets[j]
            elims = _z_elims(s, a, b, {x})
            if len(elims) > len(best[0].eliminations if best else ()):
                best = [make("als_xz", (), elims, a.cells + b.cells, [a.house, b.house], (),
                             f"ALS-XZ: sets A = {_name(s, a)} in {hname(s.t, a.house)} and "
                             f"B = {_name(s, b)} in {hname(s.t, b.house)} share {x}, held by at "
                             f"most one of them, so the other is locked on its other values: "
                             f"each other value they share is in A or B, and that "
                             f"{removes(elims, s.n)}")]
    return best


def als_xy_wing(s: State) -> list:
    """The ALS-XY-wing that removes the most candidates (HoDoKu's choice)."""
    sets = all_als(s)
    around = links(s)
    best: list = []
    for ci, c in enumerate(sets):
        for (ai, x), (bi, y) in combinations(around.get(ci, []), 2):
            if x == y or ai == bi:
                continue
            a, b = sets[ai], sets[bi]
            if a.bits & b.bits or (a.mask & b.mask).bit_count() < 1:
                continue
            elims = [(cell, z) for cell, z in _z_elims(s, a, b, {x, y})
                     if not c.bits >> cell & 1]
            if len(elims) > len(best[0].eliminations if best else ()):
                best = [make("als_xy_wing", (), elims, a.cells + b.cells + c.cells,
                             [a.house, b.house, c.house], (),
                             f"ALS-XY-wing: sets A = {_name(s, a)}, B = {_name(s, b)} and "
                             f"C = {_name(s, c)}; A and C share {x}, B and C share {y}, each held "
                             f"by at most one set of its pair. If A lacked a value z it shares "
                             f"with B, A would hold {x}, C {y} and B z: so z is in A or B, and "
                             f"that {removes(elims, s.n)}")]
    return best
