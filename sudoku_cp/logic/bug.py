"""BUG types 2 and 4: the bivalue universal grave with more than one cell left over.

A **BUG** (bivalue universal grave) is a position where every open cell has two
candidates and every value has zero or two places in every house: such a position has
no solution or two, so a puzzle with one solution never reaches it. When the position
would be a BUG without a few *extra* candidates, one of those extras must be true.
BUG+1 (one cell with one extra, ``wings.bug_plus_one``) places it; here:

- **type 2**: all the extras are the same value v (in several cells): one of those
  cells holds v, so v leaves every cell that sees all of them (SE: 5.7);
- **type 4**: two cells of one house hold the extras, and a value x of both cells'
  pairs has no other place in that house: if one cell is not its extra the other is,
  and x goes to the first. So each of the two cells is its extra or x, and its other
  pair value goes (SE: 5.7).

The extras are found as SE finds them: a value with neither zero nor two places in a
house must owe that to exactly one cell of three or more candidates; removing those
candidates must leave a BUG. Like every uniqueness technique, used only when the caller
assumes one solution, and only on boards without extra houses.
"""

from __future__ import annotations

from .basic import make, removes
from .state import State, bits, cname, hname


def extras(s: State) -> dict[int, int] | None:
    """cell -> bitmask of its extra candidates, when removing them leaves a BUG; else None."""
    t, cand = s.t, s.cand
    found: dict[int, int] = {}
    for h in t.full:
        for v in range(1, s.n + 1):
            bit = 1 << (v - 1)
            where = [c for c in t.houses[h] if cand[c] & bit]
            if len(where) in (0, 2):
                continue
            big = [c for c in where if cand[c].bit_count() >= 3]
            if not big:
                return None
            if len(big) == 1:
                found[big[0]] = found.get(big[0], 0) | bit
    if not found:
        return None
    left = [cand[c] & ~found.get(c, 0) for c in range(t.ncells)]
    if any(m and m.bit_count() != 2 for m in left):
        return None
    for h in t.full:
        for v in range(s.n):
            k = sum(1 for c in t.houses[h] if left[c] >> v & 1)
            if k not in (0, 2):
                return None
    return found


def bug_types(s: State) -> list:
    """BUG type 2 or type 4 (module docstring), or []."""
    t, n = s.t, s.n
    if t.g.extra:
        return []
    found = extras(s)
    if not found or len(found) < 2:
        return []  # one cell: BUG+1
    cells = sorted(found)
    values = 0
    for m in found.values():
        values |= m
    if values.bit_count() == 1 and all(m == values for m in found.values()):
        v = values.bit_length()
        seeing = set.intersection(*(set(t.peer_set[c]) for c in cells)) - set(cells)
        elims = [(c, v) for c in sorted(seeing) if s.cand[c] & values]
        if elims:
            names = ", ".join(cname(c, n) for c in cells)
            return [make("bug_type_2", (), elims, cells, (), (),
                         f"BUG type 2: without the extra {v} in {names} every open cell would "
                         f"have two candidates (a deadly pattern), so one of them is {v} and "
                         f"that {removes(elims, n)}", uniqueness=True)]
    if len(cells) == 2:
        a, b = cells
        pa, pb = s.cand[a] & ~found[a], s.cand[b] & ~found[b]
        for h in set(t.houses_of[a]) & set(t.houses_of[b]):
            if not t.is_full[h]:
                continue
            for x in bits(pa & pb):
                bit = 1 << (x - 1)
                if any(s.cand[c] & bit for c in t.houses[h] if c not in (a, b)):
                    continue
                elims = [(a, (pa & ~bit).bit_length()), (b, (pb & ~bit).bit_length())]
                return [make("bug_type_4", (), elims, cells, [h], (),
                             f"BUG type 4: {cname(a, n)} or {cname(b, n)} holds its extra "
                             f"candidate (else a deadly pattern), and in {hname(t, h)} {x} "
                             f"fits only those two, so each is its extra or {x}: that "
                             f"{removes(elims, n)}", uniqueness=True)]
    return []
