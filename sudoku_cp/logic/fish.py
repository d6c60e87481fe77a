"""Finned and sashimi fish: an X-wing, swordfish or jellyfish with fins in one box.

A value's candidates in k base lines (rows, or columns) would make a fish if they all
lay in k cover lines. When the only ones outside the cover lines (the *fins*) lie in one
box, either a fin is true or the fish holds: any candidate that lies in a cover line,
outside the base lines and in the fins' box sees every fin and is ruled out by the fish,
so it goes either way. The fish is *sashimi* when a base line keeps at most one
candidate in the cover lines once the fins are set aside (without its fin it would not
be a fish at all). Boxes are read from the geometry, so any box shape works.
"""

from __future__ import annotations

from itertools import combinations

from .basic import make, removes
from .ratings import title
from .state import State, hname

SIZES = {2: "x_wing", 3: "swordfish", 4: "jellyfish"}


def finned_fish(s: State, k: int, sashimi: bool) -> list:
    """The first finned (or sashimi) fish of size ``k`` that removes something."""
    found = s.memo.get("finned_fish")
    if found is None:
        found = s.memo["finned_fish"] = _all_finned(s)
    tech = ("sashimi_" if sashimi else "finned_") + SIZES[k]
    return found.get(tech, [])[:1]


def _all_finned(s: State) -> dict[str, list]:
    """Every kind's first finned or sashimi fish at this position (one search for all)."""
    t, n, cand = s.t, s.n, s.cand
    found: dict[str, list] = {}
    width = max(len({c % n for c in t.houses[b]}) for b in t.boxes)  # a box's columns
    height = max(len({c // n for c in t.houses[b]}) for b in t.boxes)
    box_of = [t.houses_of[c][2] for c in range(t.ncells)]
    for v in range(1, n + 1):
        bit = 1 << (v - 1)
        for base_kind, cover_kind in ((t.rows, t.cols), (t.cols, t.rows)):
            # per base line: positions (index along the line) of the value
            pos = {}
            for i, h in enumerate(base_kind):
                p = [j for j, c in enumerate(t.houses[h]) if cand[c] & bit]
                if p:
                    pos[i] = p
            span = width if base_kind is t.rows else height
            for k in SIZES:
                if len(pos) >= k:
                    _search(s, v, k, pos, base_kind, cover_kind, span, box_of, found)
    return found


def _search(s: State, v: int, k: int, pos, base_kind, cover_kind, span, box_of, found):
    t, n, cand = s.t, s.n, s.cand
    bit = 1 << (v - 1)
    for group in combinations(sorted(pos), k):
        union = sorted({j for i in group for j in pos[i]})
        if len(union) <= k or len(union) > k + span:
            continue  # a basic fish, or fins in more than one box
        cells_of = {(i, j): t.houses[base_kind[i]][j] for i in group for j in pos[i]}
        for box in sorted({box_of[c] for c in cells_of.values()}):
            # the cover lines must take every candidate outside this box
            need = {j for (i, j), c in cells_of.items() if box_of[c] != box}
            if len(need) > k:
                continue
            spare = [j for j in union if j not in need]
            for extra in combinations(spare, k - len(need)):
                cover = need | set(extra)
                fins = [c for (i, j), c in cells_of.items() if j not in cover]
                if not fins:
                    continue
                body = {i: [j for j in pos[i] if j in cover] for i in group}
                sashimi = any(len(b) <= 1 for b in body.values())
                tech = ("sashimi_" if sashimi else "finned_") + SIZES[k]
                if tech in found:
                    continue
                base_cells = set(cells_of.values())
                elims = [(c, v) for j in sorted(cover)
                         for c in t.houses[cover_kind[j]]
                         if cand[c] & bit and c not in base_cells and box_of[c] == box]
                if elims:
                    bases = [base_kind[i] for i in group]
                    covers = [cover_kind[j] for j in sorted(cover)]
                    where = sorted(base_cells)
                    found[tech] = [make(tech, (), elims, where, bases + covers + [box], (),
                                 f"{title(tech)}: in {', '.join(hname(t, h) for h in bases)}, "
                                 f"{v} lies only in {', '.join(hname(t, h) for h in covers)} "
                                 f"or in the fin{'s' if len(fins) > 1 else ''} in "
                                 f"{hname(t, box)}, so it {removes(elims, n)}")]


def finned_x_wing(s):
    return finned_fish(s, 2, False)


def sashimi_x_wing(s):
    return finned_fish(s, 2, True)


def finned_swordfish(s):
    return finned_fish(s, 3, False)


def sashimi_swordfish(s):
    return finned_fish(s, 3, True)


def finned_jellyfish(s):
    return finned_fish(s, 4, False)


def sashimi_jellyfish(s):
    return finned_fish(s, 4, True)
