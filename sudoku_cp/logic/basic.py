"""The basic techniques: singles, locked candidates, naked and hidden subsets, fish.

Each technique is a function ``f(state) -> list[Step]`` that looks at the candidates
and changes nothing; the solver applies the step it picks. Hidden singles, hidden
subsets and fish reason about where a value must go, so they use full houses only
(a house of n cells holds every value); naked subsets and locked candidates only need
the values of a house to differ.
"""

from __future__ import annotations

from itertools import combinations

from .ratings import score, title
from .state import State, bits, cname, hname
from .step import Step


def make(tech, placements=(), eliminations=(), cells=(), houses=(), links=(), text="",
         rating=None, uniqueness=False) -> Step:
    """A Step with the technique's score unless ``rating`` is given."""
    return Step(tech, round(score(tech) if rating is None else rating, 1), tuple(placements),
                tuple(sorted(set(eliminations))), tuple(cells), tuple(houses), tuple(links),
                text, uniqueness)


def removes(elims, n: int) -> str:
    """'removes 5 from r1c4, r1c7 and 6 from r2c2' for a list of (cell, value)."""
    cells = {cell for cell, _ in elims}
    if len(cells) == 1 and len(set(elims)) > 1:
        values = sorted({v for _, v in elims})
        return f"removes {', '.join(map(str, values))} from {cname(cells.pop(), n)}"
    by_value: dict[int, list[int]] = {}
    for cell, v in sorted(set(elims), key=lambda e: (e[1], e[0])):
        by_value.setdefault(v, []).append(cell)
    parts = [f"{v} from {', '.join(cname(c, n) for c in cells)}" for v, cells in by_value.items()]
    return "removes " + " and ".join(parts)


def values_text(mask: int) -> str:
    return "/".join(map(str, bits(mask)))


# -- singles ------------------------------------------------------------------------------
def full_house(s: State) -> list[Step]:
    """A full house with one open cell: that cell takes the missing value."""
    t, out, count = s.t, [], s.open
    for h in t.full:
        if count[h] == 1:
            c = next(c for c in t.houses[h] if not s.values[c])
            v = (t.all & ~s.placed_in(h)).bit_length()
            if s.cand[c] >> (v - 1) & 1:
                out.append(make("full_house", [(c, v)], (), [c], [h], (),
                                f"Full house: {cname(c, s.n)} is the last open cell of "
                                f"{hname(t, h)}, so it takes {v}"))
    return out


def hidden_singles(s: State, houses) -> list[Step]:
    """A value with one possible cell in a full house goes there."""
    t, cand, out = s.t, s.cand, []
    for h in houses:
        if not t.is_full[h]:
            continue  # a short house need not hold every value
        once = twice = 0
        house = t.houses[h]
        for c in house:
            m = cand[c]
            twice |= once & m
            once |= m
        single = once & ~twice
        while single:
            bit = single & -single
            single ^= bit
            c = next(c for c in house if cand[c] & bit)
            v = bit.bit_length()
            rating = 1.2 if t.kind[h] == "box" else 1.5
            out.append(make("hidden_single", [(c, v)], (), [c], [h], (),
                            f"Hidden single: in {hname(t, h)}, {v} fits only {cname(c, s.n)}",
                            rating=rating))
    return out


def hidden_single_box(s: State) -> list[Step]:
    return hidden_singles(s, [h for h in s.t.full if s.t.kind[h] == "box"])


def hidden_single_line(s: State) -> list[Step]:
    return hidden_singles(s, [h for h in s.t.full if s.t.kind[h] != "box"])


def naked_single(s: State) -> list[Step]:
    """A cell with one candidate takes it."""
    out = []
    for c, m in enumerate(s.cand):
        if m and not m & (m - 1):
            out.append(make("naked_single", [(c, m.bit_length())], (), [c], (), (),
                            f"Naked single: {cname(c, s.n)} can only be {m.bit_length()}"))
    return out


def _direct(s: State, elims, where) -> tuple[int, int, int] | None:
    """The hidden single (cell, value, house) that these eliminations would make in one
    of the houses ``where``, if any."""
    t = s.t
    gone = set(elims)
    for h in where:
        if not t.is_full[h]:
            continue
        for v in sorted({v for _, v in gone}):
            bit = 1 << (v - 1)
            if s.placed_in(h) & bit:
                continue
            left = [c for c in t.houses[h] if s.cand[c] & bit and (c, v) not in gone]
            if len(left) == 1:
                return left[0], v, h
    return None


def _with_direct(s: State, step: Step, tech: str, where) -> Step | None:
    """The same step as its 'direct' form when it leaves a hidden single in one of the
    houses ``where`` (SE's rule: for locked candidates another house of the same kind
    as the first, crossing the second; for hidden subsets the subset's own house)."""
    found = _direct(s, step.eliminations, where)
    if found is None:
        return None
    c, v, h = found
    text = title(tech) + step.text[len(title(step.technique)):].replace(" removes ", " rules out ")
    # SE's rule: a direct step only places its single; the candidates it rules out stay
    # (its eliminations are not applied), which changes what later steps find.
    return make(tech, [(c, v)], (), step.cells, step.houses + (h,), (),
                f"{text}; then in {hname(s.t, h)}, {v} fits only {cname(c, s.n)}")


def _crossing(s: State, step: Step) -> list[int]:
    """Houses of the same kind as the step's first house that cross its second."""
    t = s.t
    a, b = step.houses[:2]
    inside = set(t.houses[b])
    return [h for h in range(3 * t.n) if h != a and t.kind[h] == t.kind[a]
            and inside & set(t.houses[h])]


# -- locked candidates ----------------------------------------------------------------------
def locked(s: State, box_first: bool) -> list[Step]:
    key = ("locked", box_first)
    if key not in s.memo:
        s.memo[key] = _locked(s, box_first)
    return s.memo[key]


def _locked(s: State, box_first: bool) -> list[Step]:
    """Pointing (``box_first``): a value confined to one line within a box leaves the rest
    of that line. Claiming: a value confined to one box within a line leaves the rest of
    the box. Any two houses that meet in two or more cells work the same way."""
    t, out = s.t, []
    for a, b, common in t.intersections:
        if (t.kind[a] == "box") != box_first or not t.is_full[a]:
            continue  # a short house need not hold the value: confinement proves nothing
        inside = 0
        for c in common:
            inside |= s.cand[c]
        outside = 0
        for c in t.houses[a]:
            if c not in common:
                outside |= s.cand[c]
        for v in bits(inside & ~outside):
            bit = 1 << (v - 1)
            elims = [(c, v) for c in t.houses[b] if c not in common and s.cand[c] & bit]
            if elims:
                tech = "pointing" if box_first else "claiming"
                where = [c for c in common if s.cand[c] & bit]
                out.append(make(tech, (), elims, where, [a, b], (),
                                f"{title(tech)}: in {hname(t, a)}, {v} lies only in "
                                f"{hname(t, b)}, so it {removes(elims, s.n)}"))
    return out


def direct_pointing(s):
    return [d for st in locked(s, True)
            if (d := _with_direct(s, st, "direct_pointing", _crossing(s, st)))]


def direct_claiming(s):
    return [d for st in locked(s, False)
            if (d := _with_direct(s, st, "direct_claiming", _crossing(s, st)))]


def pointing(s):
    return locked(s, True)[:1]


def claiming(s):
    return locked(s, False)[:1]


# -- subsets ------------------------------------------------------------------------------
NAMES = {2: "pair", 3: "triple", 4: "quad"}


def naked_subset(s: State, k: int, order=None) -> list[Step]:
    """k open cells of a house whose candidates together are k values: those values
    leave the house's other cells. Houses are searched in ``order`` (default: all, in
    the geometry's order)."""
    t = s.t
    for h in (range(len(t.houses)) if order is None else order):
        house = t.houses[h]
        open_ = [c for c in house if s.cand[c]]
        if len(open_) <= k:
            continue
        small = [c for c in open_ if s.cand[c].bit_count() <= k]
        for group in combinations(small, k):
            union = 0
            for c in group:
                union |= s.cand[c]
            if union.bit_count() != k:
                continue
            elims = [(c, v) for c in open_ if c not in group for v in bits(s.cand[c] & union)]
            if elims:
                tech = f"naked_{NAMES[k]}"
                cells = ", ".join(cname(c, s.n) for c in group)
                return [make(tech, (), elims, group, [h], (),
                             f"{title(tech)}: in {hname(t, h)}, {cells} hold only "
                             f"{values_text(union)}, so that {removes(elims, s.n)}")]
    return []


def hidden_subsets(s: State, k: int) -> list[Step]:
    key = ("hidden", k)
    if key not in s.memo:
        s.memo[key] = _hidden_subsets(s, k)
    return s.memo[key]


def _hidden_subsets(s: State, k: int) -> list[Step]:
    """k values of a full house that fit in only k cells: those cells keep only them."""
    t, out = s.t, []
    for h, where in positions(s).items():
        house = t.houses[h]
        few = [bit for bit, w in where.items() if w.bit_count() <= k]
        if len(where) <= k:
            continue
        for group in combinations(few, k):
            pos = keep = 0
            for bit in group:
                pos |= where[bit]
                keep |= bit
            if pos.bit_count() != k:
                continue
            cells = [house[i] for i in range(len(house)) if pos >> i & 1]
            elims = [(c, v) for c in cells for v in bits(s.cand[c] & ~keep)]
            if elims:
                tech = f"hidden_{NAMES[k]}"
                out.append(make(tech, (), elims, cells, [h], (),
                                f"{title(tech)}: in {hname(t, h)}, {values_text(keep)} fit only "
                                f"{', '.join(cname(c, s.n) for c in cells)}, so that "
                                f"{removes(elims, s.n)}"))
                if k > 3:
                    return out
    return out


def positions(s: State) -> dict[int, dict[int, int]]:
    """For each full house, value bit -> bitmask of the positions (in the house) where
    it is a candidate; shared by the techniques at one position."""
    got = s.memo.get("positions")
    if got is None:
        got = {}
        for h in s.t.full:
            where: dict[int, int] = {}
            for i, c in enumerate(s.t.houses[h]):
                m = s.cand[c]
                while m:
                    bit = m & -m
                    m ^= bit
                    where[bit] = where.get(bit, 0) | 1 << i
            got[h] = where
        s.memo["positions"] = got
    return got


def naked_pair(s):
    return naked_subset(s, 2)


def naked_triple(s):
    return naked_subset(s, 3)


def naked_quad(s):
    return naked_subset(s, 4)


def hidden_pair(s):
    return hidden_subsets(s, 2)[:1]


def hidden_triple(s):
    return hidden_subsets(s, 3)[:1]


def hidden_quad(s):
    return hidden_subsets(s, 4)[:1]


def direct_hidden_pair(s):
    return [d for st in hidden_subsets(s, 2)
            if (d := _with_direct(s, st, "direct_hidden_pair", st.houses))]


def direct_hidden_triple(s):
    return [d for st in hidden_subsets(s, 3)
            if (d := _with_direct(s, st, "direct_hidden_triple", st.houses))]


# -- fish -------------------------------------------------------------------------------
FISH = {2: "x_wing", 3: "swordfish", 4: "jellyfish"}


def fish(s: State, k: int) -> list[Step]:
    """A value whose candidates in k rows all lie in k columns leaves the rest of those
    columns (and with rows and columns swapped)."""
    t, n = s.t, s.n
    for v in range(1, n + 1):
        bit = 1 << (v - 1)
        where = positions(s)
        for base, cover in ((t.rows, t.cols), (t.cols, t.rows)):
            pos = {}
            for i, h in enumerate(base):
                p = where[h].get(bit, 0)
                if 2 <= p.bit_count() <= k:
                    pos[i] = p
            if len(pos) < k:
                continue
            for group in combinations(pos, k):
                union = 0
                for i in group:
                    union |= pos[i]
                if union.bit_count() != k:
                    continue
                covers = [j for j in range(n) if union >> j & 1]
                elims = [(c, v) for j in covers for i, c in enumerate(t.houses[cover[j]])
                         if i not in group and s.cand[c] & bit]
                if elims:
                    tech = FISH[k]
                    cells = [c for i in group for c in t.houses[base[i]] if s.cand[c] & bit]
                    names = ", ".join(hname(t, base[i]) for i in group)
                    return [make(tech, (), elims, cells,
                                 [base[i] for i in group] + [cover[j] for j in covers], (),
                                 f"{title(tech)}: in {names}, {v} lies only in "
                                 f"{', '.join(hname(t, cover[j]) for j in covers)}, so it "
                                 f"{removes(elims, n)}")]
    return []


def x_wing(s):
    return fish(s, 2)


def swordfish(s):
    return fish(s, 3)


def jellyfish(s):
    return fish(s, 4)
