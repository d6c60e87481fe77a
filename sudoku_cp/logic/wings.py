"""Wings and uniqueness: XY-wing, XYZ-wing, unique rectangles (types 1, 2, 4), BUG+1.

The uniqueness techniques are valid only if the puzzle has one solution; the solver
offers them only when the caller allows that assumption, and their steps say so
(``assumes_uniqueness``). They are used on boards without extra houses only, where
swapping two values in a rectangle over two boxes keeps every house valid.
"""

from __future__ import annotations

from .basic import make, removes
from .state import State, bits, cname, hname


def xy_wing(s: State) -> list[Step]:
    """Pivot {x,y} sees pincers {x,z} and {y,z}: z leaves every cell seeing both pincers."""
    t, cand, n = s.t, s.cand, s.n
    two = [c for c in range(t.ncells) if cand[c].bit_count() == 2]
    for pivot in two:
        pm = cand[pivot]
        wings = [c for c in t.peers[pivot] if cand[c].bit_count() == 2
                 and cand[c] != pm and (cand[c] & pm).bit_count() == 1]
        for i, a in enumerate(wings):
            for b in wings[i + 1:]:
                z = cand[a] & cand[b] & ~pm
                if not z or (cand[a] | cand[b]) & pm != pm or (cand[a] & cand[b]).bit_count() != 1:
                    continue
                elims = [(c, z.bit_length()) for c in t.peer_set[a] & t.peer_set[b]
                         if cand[c] & z and c != pivot]
                if elims:
                    return [make("xy_wing", (), elims, [pivot, a, b], (), (),
                                 f"XY-wing: {cname(pivot, n)} ({_vs(pm)}) sees {cname(a, n)} "
                                 f"({_vs(cand[a])}) and {cname(b, n)} ({_vs(cand[b])}); one of "
                                 f"those is {z.bit_length()}, so that {removes(elims, n)}")]
    return []


def xyz_wing(s: State) -> list[Step]:
    """Pivot {x,y,z} sees pincers {x,z} and {y,z}: z leaves cells seeing all three."""
    t, cand, n = s.t, s.cand, s.n
    for pivot in range(t.ncells):
        pm = cand[pivot]
        if pm.bit_count() != 3:
            continue
        wings = [c for c in t.peers[pivot] if cand[c].bit_count() == 2 and cand[c] & pm == cand[c]]
        for i, a in enumerate(wings):
            for b in wings[i + 1:]:
                z = cand[a] & cand[b]
                if z.bit_count() != 1 or cand[a] | cand[b] != pm:
                    continue
                seeing = t.peer_set[a] & t.peer_set[b] & t.peer_set[pivot]
                elims = [(c, z.bit_length()) for c in seeing if cand[c] & z]
                if elims:
                    return [make("xyz_wing", (), elims, [pivot, a, b], (), (),
                                 f"XYZ-wing: {cname(pivot, n)} ({_vs(pm)}) sees {cname(a, n)} "
                                 f"({_vs(cand[a])}) and {cname(b, n)} ({_vs(cand[b])}); one of "
                                 f"the three is {z.bit_length()}, so that {removes(elims, n)}")]
    return []


def _vs(mask: int) -> str:
    return "".join(map(str, bits(mask))) if max(bits(mask) or [0]) < 10 else \
        ",".join(map(str, bits(mask)))


# -- uniqueness ---------------------------------------------------------------------------
def _rectangles(s: State):
    """Rectangles of four open cells over two rows, two columns and two boxes, with
    the two values ``pair`` (a bitmask) candidates in all four."""
    t, cand, n = s.t, s.cand, s.n
    box_of = [t.houses_of[c][2] for c in range(t.ncells)]
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                a, b = r1 * n + c1, r2 * n + c1
                if cand[a].bit_count() < 2 or cand[b].bit_count() < 2:
                    continue
                for c2 in range(c1 + 1, n):
                    c, d = r1 * n + c2, r2 * n + c2
                    common = cand[a] & cand[b] & cand[c] & cand[d]
                    if common.bit_count() < 2:
                        continue
                    if len({box_of[a], box_of[b], box_of[c], box_of[d]}) != 2:
                        continue
                    for pair in _pairs(common):
                        yield (a, c, b, d), pair


def _pairs(mask: int):
    vs = [1 << (v - 1) for v in bits(mask)]
    for i, x in enumerate(vs):
        for y in vs[i + 1:]:
            yield x | y


def unique_rectangle(s: State) -> list[Step]:
    """Four cells in two rows, two columns and two boxes cannot end as the same two
    values (swapping them would give a second solution). Type 1: three cells hold only
    {a,b}: a and b leave the fourth. Type 2: two hold only {a,b} and the other two
    only {a,b,c}: c leaves every cell that sees both. Type 4: two hold only {a,b} and
    a house holds a only in the other two: b leaves those two."""
    t, cand, n = s.t, s.cand, s.n
    if t.g.extra:
        return []
    for cells, pair in _rectangles(s):
        exact = [c for c in cells if cand[c] == pair]
        extra = [c for c in cells if cand[c] != pair]
        names = ", ".join(cname(c, n) for c in cells)
        ab = "/".join(map(str, bits(pair)))
        if len(exact) == 3:
            c = extra[0]
            elims = [(c, v) for v in bits(pair)]
            return [make("unique_rectangle", (), elims, exact, (), (),
                         f"Unique rectangle type 1: {names} would be a deadly {ab} pattern, so "
                         f"{cname(c, n)} is not {ab}: that {removes(elims, n)}", 4.5, True)]
        if len(exact) != 2 or not t.peer_set[extra[0]].__contains__(extra[1]):
            continue
        x, y = extra
        more = (cand[x] | cand[y]) & ~pair
        if cand[x] == cand[y] and more.bit_count() == 1:
            seeing = t.peer_set[x] & t.peer_set[y]
            elims = [(c, more.bit_length()) for c in seeing if cand[c] & more]
            if elims:
                return [make("unique_rectangle", (), elims, cells, (), (),
                             f"Unique rectangle type 2: {names} would be a deadly {ab} pattern "
                             f"unless {more.bit_length()} is in {cname(x, n)} or {cname(y, n)}, "
                             f"so that {removes(elims, n)}", 4.5, True)]
        for h in set(t.houses_of[x]) & set(t.houses_of[y]):
            if not t.is_full[h]:
                continue
            for v in bits(pair):
                bit = 1 << (v - 1)
                if all(not cand[c] & bit for c in t.houses[h] if c not in (x, y)):
                    other = (pair & ~bit).bit_length()
                    elims = [(x, other), (y, other)]
                    return [make("unique_rectangle", (), elims, cells, [h], (),
                                 f"Unique rectangle type 4: in {hname(t, h)}, {v} must be in "
                                 f"{cname(x, n)} or {cname(y, n)}, so {other} there would make "
                                 f"{names} deadly: that {removes(elims, n)}", 4.5, True)]
    return []


def bug_plus_one(s: State) -> list[Step]:
    """Every open cell has two candidates but one, which has three: the value that
    appears three times in that cell's houses must go there (else the candidates would
    form a deadly pattern with two solutions or none)."""
    t, cand, n = s.t, s.cand, s.n
    if t.g.extra:
        return []
    odd = None
    for c, m in enumerate(cand):
        k = m.bit_count()
        if k > 2:
            if k > 3 or odd is not None:
                return []
            odd = c
    if odd is None:
        return []
    for h in range(3 * n):
        counts = [0] * (n + 1)
        for c in t.houses[h]:
            for v in bits(cand[c]):
                counts[v] += 1
        if any(k not in (0, 2) for k in counts) and odd not in t.houses[h]:
            return []
    for v in bits(cand[odd]):
        bit = 1 << (v - 1)
        if all(sum(1 for c in t.houses[h] if cand[c] & bit) == 3 for h in t.houses_of[odd]):
            return [make("bug_plus_one", [(odd, v)], (), [odd], (), (),
                         f"BUG+1: every open cell but {cname(odd, n)} has two candidates, and "
                         f"{v} appears three times in its houses, so {cname(odd, n)} is {v}",
                         uniqueness=True)]
    return []


from .step import Step  # noqa: E402  (for annotations)
