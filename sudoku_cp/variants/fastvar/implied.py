"""Constraints ``fast`` derives from a puzzle's own, stated beside them (as ISS's optimizer
adds implied sums): each is a consequence of the rules, so no solution is lost, and the
search meets a contradiction sooner.

- ``implied_cages``: innies, outies and mixed sums (outies less innies) of killer cages
  and plain sums (``_pieces``) over each full house and each band of two to four
  adjacent rows or columns; and (``_crossing``, ISS's sum intersection) the cells
  sticking out of a full house that sums and other full houses cover (a diagonal's
  parallel little killers);
- ``equal_sum`` (the builder of the type): where some segments cut a full house, their
  common sum is that house's total over their count;
- ``sums_in_houses``: a sum of +1 terms inside one house is a cage (distinct values).

Each takes the ``Program`` being built (``program.Program``) and adds to it through its
``cage`` and ``linear`` (``sums_in_houses`` rewrites sums already stated); nothing here
reads the encoders, the witness or the checker.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from .program_peers import _geometry_peers


#: An implied sum over more cells than this is left out (weak, and costly to propagate;
#: nine: a killer's nodes halve against five, docs/variants_speed.md, issue 38).
IMPLIED_CELLS = 9
#: A mixed sum (outies less innies) over more cells than this is left out (ISS keeps six).
MIXED_CELLS = 6
#: The widest band of rows or columns taken as one area (6 or 8: more nodes on a killer).
BAND = 4


def implied_cages(prog, puzzle) -> None:
    """Sums the cages imply in each full house (a house holding every value once), and in
    each band of two to four adjacent rows or columns (holding every value that many times):

    - *innies*: the cells of the area outside the cages inside it sum to the area's
      total minus those cages' (a hidden cage: distinct where its cells share a house);
    - *outies*: when the cages touching the area cover it, their cells outside the area
      sum to those cages' totals minus the area's;
    - *mixed* (``_mixed``): for the cages mostly inside the area, and for those inside
      it with one cage that sticks out by a cell, their cells outside the area less the
      area's cells outside them;
    - *crossing* (``_crossing``): the cells sticking out of a full house that sums
      (little killers too) and other full houses cover.
    """
    cages, plain, sums = _unit_sums(puzzle)
    if not cages and not sums:  # (little killers alone: crossing sums)
        return
    every = cages + sums
    cages = _pieces(cages, plain)
    whole = sum(range(prog.lo, prog.hi + 1))
    touching: list = [()] * len(prog.dom)  # cell -> the cages holding it
    for i, (cells, _) in enumerate(cages):
        for x in cells:
            touching[x] += (i,)
    sizes = [len(cells) for cells, _ in cages]
    # every full house stated (rows, columns, boxes, extra regions, diagonals): a row of
    # seven cells over values 1..9 is no full house and holds no known total
    houses, holding, areas, bits = _areas(prog.distinct_full(), puzzle.size, puzzle.cols)
    stated = set(cages)  # (cells, total): each sum once (two areas often imply the same)

    def implied(cells, total):
        key = (frozenset(cells), total)
        if key not in stated:
            stated.add(key)
            _implied_sum(prog, holding.get(cells[0], ()), cells, total)

    for area, times, ordered in areas:
        near, inn = set(), [0] * len(cages)  # the cages touching the area; their cells in it
        for x in area:  # (in the set's order: ``near``'s order orders the sums stated)
            for i in touching[x]:
                near.add(i)
                inn[i] += 1
        if not near:
            continue
        # one pass over them; the counts read as if no two cages overlap (each rule below
        # checks that before it states a sum, so they only skip what it would leave out)
        inside, most = [], []  # the cages wholly inside; mostly inside
        out = held = inner = most_out = most_in = 0
        for i in near:
            k, size = inn[i], sizes[i]
            out += size - k
            held += k
            if k == size:
                inside.append(i)
                inner += k
            if 2 * k > size:
                most.append(i)
                most_out += size - k
                most_in += k
        total = times * whole
        if inside and 0 < len(area) - inner <= IMPLIED_CELLS:  # innies
            covered = frozenset().union(*(cages[i][0] for i in inside))
            rest = [x for x in ordered if x not in covered]
            if (0 < len(rest) <= IMPLIED_CELLS and inner == len(covered)):
                implied(rest, total - sum(cages[i][1] for i in inside))
        if 0 < out <= IMPLIED_CELLS and held == len(area):  # outies
            union = frozenset().union(*(cages[i][0] for i in near))
            outside = sorted(union - area)
            if (area <= union and 0 < len(outside) <= IMPLIED_CELLS
                    and sum(sizes[i] for i in near) == len(union)):
                implied(outside, sum(cages[i][1] for i in near) - total)
        # mixed: the cages mostly inside, and each cage sticking out by one cell
        minus = len(area) - most_in
        if most_out and minus and most_out + minus <= MIXED_CELLS:
            _mixed(prog, area, total, [cages[i] for i in most], stated)
        left = len(area) - inner
        for i in near:
            if sizes[i] - inn[i] == 1 and 0 < left - inn[i] < MIXED_CELLS:
                _mixed(prog, area, total, [cages[j] for j in inside + [i]], stated)
    _crossing(prog, every, houses, holding, whole, implied, bits)


def implying(puzzle) -> int:
    """How many sums ``implied_cages`` reads in ``puzzle`` (its killer cages with a total,
    its sums of +1 terms and little killers): none, and it adds nothing."""
    cages, _, sums = _unit_sums(puzzle)
    return len(cages) + len(sums)


@lru_cache(maxsize=64)
def _areas(full_houses: tuple, n: int, w: int) -> tuple:
    """The distinct full houses (as sets of cells), cell -> the full houses holding it, the
    areas with how many times each holds every value and their cells in order (the houses,
    then the bands), and cell -> the full houses holding it as bits of their indices
    (kept per set of full houses: most puzzles share one)."""
    houses = list(dict.fromkeys(frozenset(h) for h in full_houses))
    holding: dict[int, list[frozenset]] = {}
    bits: dict[int, int] = {}
    for i, h in enumerate(houses):
        for x in h:
            holding.setdefault(x, []).append(h)
            bits[x] = bits.get(x, 0) | 1 << i
    areas = [(h, 1) for h in houses] + list(_bands(n, w, set(houses)))
    return houses, holding, [(area, k, sorted(area)) for area, k in areas], bits


def _unit_sums(puzzle) -> tuple[list, list, list]:
    """The killer cages with a total, the plain sums of +1 terms (a ``sum`` without
    weights), and those with the little killers (values may repeat), each as (cells,
    total), in one pass. A repeated value changes nothing here: the rules read only the
    totals."""
    cages, plain, sums = [], [], []
    for c in puzzle.constraints:
        kind = c.TYPE
        if kind == "killer_cage":
            if c.total is not None:
                cages.append((frozenset(c.cells), c.total))
        elif (kind == "sum" or kind == "little_killer") and c.cells \
                and all(w == 1 for w in getattr(c, "weights", ())) \
                and len(set(c.cells)) == len(c.cells):
            sums.append((frozenset(c.cells), c.total))
            if kind == "sum":
                plain.append(sums[-1])
    return cages, plain, sums


def _disjoint(sums, taken=frozenset()) -> list:
    """Of ``sums``, greedily in their order, those sharing no cell with ``taken`` nor with
    one taken before. (Meant as ISS picks its pieces, fewest overlaps first; but the sort
    that said so read the list it sorted, which ``list.sort`` empties while it runs, so it
    never moved a sum: dropped, the programs unchanged. Sorting for real changes three
    puzzles' programs of the wider set: left for a measured round.)"""
    taken = set(taken)
    out = []
    for cells, total in sums:
        if cells.isdisjoint(taken):
            out.append((cells, total))
            taken |= cells
    return out


def _pieces(cages, plain) -> list[tuple[frozenset, int]]:
    """The sums the areas are cut by: every killer cage, then the plain sums of +1 terms
    that share no cell with a cage or a sum taken before them (``_unit_sums``' first
    two). Not the little killers: taken too, "Little killer, slow" went 22,379 -> 36,671
    nodes for 16,493 -> 12,787 on iss-examples-35 (docs/variants_speed.md, Twelfth round,
    second pass)."""
    return cages + _disjoint(plain, frozenset().union(*(cells for cells, _ in cages)))


def _crossing(prog, every, houses, holding, whole, implied, bits) -> None:
    """ISS's sum intersection (``_addSumIntersectionHandler``), over each full house: the
    sums touching it (none sharing a cell, chosen for this house), with full houses
    filling what they leave of it, cover it; then their cells outside the house, less
    any full house lying wholly among those, sum to their totals less the houses'.
    Kept where it narrows (ISS's test: the range of the cells' sum, read by groups of
    cells sharing a house, over four times the slack of the total). ``every``: the
    killer cages, then the sums and little killers (``_unit_sums``)."""
    touched: dict[frozenset, list] = {}  # full house -> the sums touching it, in order
    for s in every:
        for x in s[0]:
            for h in holding.get(x, ()):
                got = touched.setdefault(h, [])
                if not got or got[-1] is not s:
                    got.append(s)
    place = {h: i for i, h in enumerate(houses)}
    for base in houses:
        if base not in touched:
            continue
        chosen = _disjoint(touched[base])
        cells = frozenset().union(*(c for c, _ in chosen))
        total = sum(t for _, t in chosen)
        gap = base - cells
        for i in sorted({place[h] for x in gap for h in holding.get(x, ())}):
            if not gap:  # (the houses holding none of ``gap`` fill none of it)
                break
            h = houses[i]
            if h is base or not h.isdisjoint(cells):
                continue
            k = len(gap & h)
            if k >= 2 and k == len(base & h):
                cells, total, gap = cells | h, total + whole, gap - h
        if gap:
            continue
        out, total = cells - base, total - whole
        for h in houses:
            if h <= out:
                out, total = out - h, total - whole
        if not out:
            continue
        lo, hi = _bounds(prog, sorted(out), bits)
        slack = min(total - lo, hi - total)
        if hi - lo > 4 * slack:
            implied(sorted(out), total)


def _bounds(prog, cells, bits) -> tuple[int, int]:
    """The least and the most ``cells`` can sum to, read by groups of cells sharing a
    full house (taken greedily: values differ inside a group; ``bits``: cell -> the full
    houses holding it, as bits)."""
    groups: list[list[int]] = []
    for x in cells:
        hx = bits.get(x, 0)
        for g in groups:
            if all(hx & bits.get(y, 0) for y in g):
                g.append(x)
                break
        else:
            groups.append([x])
    lo = sum(sum(range(prog.lo, prog.lo + len(g))) for g in groups)
    hi = sum(sum(range(prog.hi - len(g) + 1, prog.hi + 1)) for g in groups)
    return lo, hi


def _mixed(prog, area, total, chosen, stated) -> None:
    """Cages ``chosen`` (no two sharing a cell) against an ``area`` holding ``total``: the
    cells of the cages outside the area, less the area's cells outside the cages, sum to
    the cages' totals less the area's (one side empty: outies or innies, stated above)."""
    union = frozenset().union(*(cells for cells, _ in chosen))
    if sum(len(cells) for cells, _ in chosen) != len(union):
        return
    plus, minus = sorted(union - area), sorted(area - union)
    if not plus or not minus or len(plus) + len(minus) > MIXED_CELLS:
        return
    value = sum(t for _, t in chosen) - total
    key = (frozenset(plus), frozenset(minus), value)
    if key not in stated:
        stated.add(key)
        prog.linear([(x, 1) for x in plus] + [(x, -1) for x in minus], value)


def sums_in_houses(prog, holding) -> None:
    """A sum of coefficient +1 whose cells all lie in one house (a little killer along a
    box's diagonal, an arrow's shaft in a row...) is a cage: its values differ, so it
    keeps only the combinations of distinct values (a ``SMALLSUM`` or ``GROUPSUM`` lets
    values repeat across their groups). Run by ``Program.freeze``, every house known
    (``holding``: cell -> the houses holding it, as bits)."""
    from .program import CAGE, GROUPSUM, LINEAR, MAX_COMBOS, SMALLSUM, _combos

    for i, (kind, cells, data) in enumerate(prog.props):
        if kind == LINEAR or kind == SMALLSUM:
            total, coefs = data[1], data[3:2 + 2 * data[0]:2]
        elif kind == GROUPSUM and isinstance(data, tuple):
            total, coefs = data[0], list(data[1].values())
        else:
            continue
        k = len(cells)
        if k < 2 or any(c != 1 for c in coefs) or comb(prog.nv, k) > MAX_COMBOS:
            continue
        shared = -1
        for x in cells:
            shared &= holding[x]
        if not shared:
            continue
        combos = _combos(prog.nv, k, total - k * prog.lo) if total >= k * prog.lo else ()
        start = len(prog.tables)
        prog.tables.extend(combos)
        prog.props[i] = (CAGE, list(cells), [k, start, len(combos)] + list(cells))


def linear_groups(prog, holding) -> None:
    """Each ``LINEAR``'s terms in groups of one coefficient whose cells all differ (cells
    sharing a house pairwise: ``_distinct_groups``), the group sizes after the terms
    (``Program.linear`` leaves a 0 there: no groups), so that the kernel bounds each
    group's sum as distinct values (a long arrow's shaft winding through rows and boxes).
    Run by ``Program.freeze`` after the steps that add sums, every house known; a program
    frozen again keeps its groups."""
    from .program import LINEAR

    for i, (kind, cells, data) in enumerate(prog.props):
        if kind != LINEAR or data[0] < 2 or data[2 + 2 * data[0]]:
            continue
        k = data[0]
        groups = _distinct_groups([(data[2 + 2 * j], data[3 + 2 * j]) for j in range(k)],
                                  holding)
        if all(len(g) == 2 for g in groups):
            continue
        terms = [v for g in groups for x in g[1:] for v in (x, g[0])]
        prog.props[i] = (kind, cells, [k, data[1]] + terms + [len(groups)]
                         + [len(g) - 1 for g in groups])


def circle_groups(prog, holding) -> None:
    """Each ``CIRCLES``'s cells in groups that all differ (``_distinct_groups``), the group
    sizes after the cells (the builder leaves a 0 there: no groups), then per group the
    cells outside it that share a house with all of it: a value ``v`` needs ``v`` circles
    in ``v`` groups. Run by ``Program.freeze``; kept when frozen again."""
    from .program import CIRCLES

    near = None
    for i, (kind, cells, data) in enumerate(prog.props):
        if kind != CIRCLES or data[1 + data[0]]:
            continue
        if near is None:  # (the geometry's houses come first: their peers kept per shape)
            near = _geometry_peers(prog._shape) if prog._stated else ()
        groups = _distinct_groups([(x, 1) for x in data[1:1 + data[0]]], holding)
        if all(len(g) == 2 for g in groups):
            continue
        seeing = []  # per group: the cells outside it that share a house with all of it
        for g in groups:
            common = -1  # (as bits: the cells sharing a house with each cell of the group)
            for y in g[1:]:
                common &= _peers(prog, holding, y, near)
            for y in g[1:]:
                common &= ~(1 << y)
            out = _cells(common)
            seeing += [len(out)] + out
        prog.props[i] = (kind, cells, [data[0]] + [x for g in groups for x in g[1:]]
                         + [len(groups)] + [len(g) - 1 for g in groups] + seeing)


def _peers(prog, holding, x: int, near=()) -> int:
    """The cells sharing a house (a ``HOUSE`` of ``prog``, as ``holding`` names them) with
    ``x``, ``x`` among them when any house holds it, as bits. ``near``: cell -> the same
    through the geometry's houses (``program_peers._geometry_peers``), the first
    ``prog._stated`` of ``props``, when they are there (a 9x9's 23 circles walked their
    27 houses' cells afresh: a third of iss-examples-29's build)."""
    out, bits = 0, holding[x]
    if near:
        out = near[x] if x < len(near) else 0
        bits = bits >> prog._stated << prog._stated
    while bits:
        low = bits & -bits
        bits ^= low
        for y in prog.props[low.bit_length() - 1][1]:
            out |= 1 << y
    return out


def _cells(bits: int) -> list[int]:
    """The cells of ``bits``, in order."""
    out = []
    while bits:
        low = bits & -bits
        bits ^= low
        out.append(low.bit_length() - 1)
    return out


#: The fewest cells of one coefficient for which ``_distinct_groups`` tries cliques beside
#: the split by house: over the wider set the cliques did better only on a 32-cell arrow's
#: shaft (Long sums 2) and 23 counting circles (Santorini), and they cost about 0.1 ms
#: a sum of 30 cells at the build.
LONG = 10


def _distinct_groups(terms, holding) -> tuple[tuple[int, ...], ...]:
    """``_grouped_apart(terms, holding)``, kept by the terms and the houses holding each
    of their cells (all it reads): a puzzle's circles or long sums, solved again or
    checked by several paradigms, grouped once (0.15 ms for iss-examples-29's 23
    circles). A cache: emptied when it fills."""
    terms = tuple(terms)
    key = (terms, tuple([holding[x] for x, _ in terms]))
    got = _GROUPS.get(key)
    if got is None:
        if len(_GROUPS) >= MAX_GROUPS:
            _GROUPS.clear()
        got = _GROUPS[key] = tuple(tuple(g) for g in _grouped_apart(terms, holding))
    return got


_GROUPS: dict[tuple, tuple] = {}
#: Groupings kept by ``_distinct_groups``.
MAX_GROUPS = 1024


def _grouped_apart(terms, holding) -> list[list[int]]:
    """``terms`` (cell, coefficient) as groups ``[coefficient, cell, ...]`` whose cells all
    differ: per coefficient, again and again the cells left that the house holding most of
    them holds (ties: the first house), down to single cells; or, for ``LONG`` cells or
    more, the cliques of ``_cliques`` when their least sum of distinct values is higher
    (``_least``). (Greedy in the line's order grouped a long arrow winding through a column
    and its boxes in runs of two to four cells: weak bounds.)"""
    out: list[list[int]] = []
    for coef in dict.fromkeys(c for _, c in terms):
        cells = [x for x, c in terms if c == coef]
        groups = _by_house(cells, holding)
        if len(cells) >= LONG and len(groups) > 2:
            cliques = _cliques(cells, holding)
            if _least(cliques) > _least(groups):
                groups = cliques
        out.extend([coef] + g for g in groups)
    return out


def _least(groups) -> int:
    """The least sum of the groups' distinct values over 1, 2, ...: ``s (s + 1) / 2`` each."""
    return sum(len(g) * (len(g) + 1) // 2 for g in groups)


def _by_house(left, holding) -> list[list[int]]:
    out = []
    while left:
        count: dict[int, int] = {}
        for x in left:
            bits = holding[x]
            while bits:
                low = bits & -bits
                count[low] = count.get(low, 0) + 1
                bits ^= low
        house = max(count, key=count.get) if count else 0
        if not house or count[house] < 2:
            out.extend([x] for x in left)
            break
        out.append([x for x in left if holding[x] & house])
        left = [x for x in left if not holding[x] & house]
    return out


def _cliques(cells, holding) -> list[list[int]]:
    """``cells`` in groups sharing a house pairwise, each grown from the cells left: the
    cell sharing one with most of the candidates first (ties: the lowest cell), the
    candidates then cut to its peers (ISS's exclusion groups are grown so: learnt, not
    copied). On Long sums 2 the shaft's 32 cells split by house as 8, 6, 4, 4, 4, 3, 2, 1
    (least sum 97), as cliques 8, 6, 5, 4, 3, 3, 2, 1 (98), which settles its pill at the
    root. (Then moving a cell to a group no smaller than its own, while one could, won
    nothing more over the wider set and cost a third of the time.)"""
    cells = sorted(cells)  # (bit i is the i-th lowest cell: ties go to the lowest)
    k = len(cells)
    within: dict[int, int] = {}  # house bit -> the indices of ``cells`` it holds
    for i, x in enumerate(cells):
        bits = holding[x]
        while bits:
            low = bits & -bits
            within[low] = within.get(low, 0) | 1 << i
            bits ^= low
    peers = []
    for i, x in enumerate(cells):
        seen, bits = 0, holding[x]
        while bits:
            low = bits & -bits
            seen |= within[low]
            bits ^= low
        peers.append(seen & ~(1 << i))
    left, out = (1 << k) - 1, []
    while left:
        cand, group = left, []
        while cand:
            best, score, bits = -1, -1, cand
            while bits:
                i = (bits & -bits).bit_length() - 1
                bits &= bits - 1
                n = (peers[i] & cand).bit_count()
                if n > score:
                    best, score = i, n
            group.append(best)
            cand &= peers[best]
        out.append([cells[i] for i in group])
        for i in group:
            left &= ~(1 << i)
    return out


def _bands(n: int, w: int, full: set):
    """Each run of two to four adjacent rows, and of columns (short of the whole grid), of
    ``n`` rows by ``w`` columns, with how many times it holds each value: only runs of
    ``full`` houses (a row of six cells over values 1..9 holds no value surely, and no
    total)."""
    rows = [frozenset(r * w + c for c in range(w)) for r in range(n)]
    cols = [frozenset(r * w + c for r in range(n)) for c in range(w)]
    for lines in (rows, cols):
        for k in range(2, min(BAND, len(lines) - 1) + 1):
            for first in range(len(lines) - k + 1):
                run = lines[first:first + k]
                if all(line in full for line in run):
                    yield frozenset().union(*run), k


def _implied_sum(prog, houses, cells, total) -> None:
    """``cells`` sum to ``total``: a cage when they share one of ``houses`` (the full
    houses holding the first of them), else a sum."""
    if any(h.issuperset(cells) for h in houses):
        prog.cage(cells, total, house=False)
    else:
        prog.linear([(x, 1) for x in cells], total)


def equal_sum(prog, p, c):
    """Each non-empty segment sums to what the first one does (one linear row each). When
    some segments cut a full house (every value once) into parts, the common sum is the
    house's total over their count, and each segment is stated with that total (a cage
    where its cells share a house): a magic square's lines each sum to 15."""
    segments, at = [], 0
    for k in c.lengths:
        if k:
            segments.append(tuple(c.cells[at:at + k]))
        at += k
    total = _common_sum(prog, segments)
    if total is None:
        for seg in segments[1:]:
            prog.linear([(x, 1) for x in seg] + [(x, -1) for x in segments[0]], 0)
        return
    houses = [set(h) for h in prog.full_houses]
    for seg in segments:
        if len(set(seg)) == len(seg) and any(set(seg) <= h for h in houses):
            prog.cage(list(seg), total, house=False)
        else:
            prog.linear([(x, 1) for x in seg], total)


def _common_sum(prog, segments):
    """The sum every segment must have when some of them (distinct cells, no two
    sharing a cell) make up a full house exactly; None when none do, or when the house's
    total does not divide (then no grid meets the rule: left to the rows to find)."""
    whole = sum(range(prog.lo, prog.hi + 1))
    for house in prog.full_houses:
        h = frozenset(house)
        parts = [frozenset(seg) for seg in segments if len(set(seg)) == len(seg) and set(seg) <= h]
        count = _partition(h, parts)
        if count and whole % count == 0:
            return whole // count
    return None


def _partition(cells: frozenset, parts: list) -> int:
    """How many of ``parts`` cut ``cells`` exactly (an exact cover; 0 when none does)."""
    if not cells:
        return 0
    first = min(cells)
    for part in parts:
        if first in part and part <= cells:
            rest = cells - part
            if not rest:
                return 1
            more = _partition(rest, parts)
            if more:
                return more + 1
    return 0
