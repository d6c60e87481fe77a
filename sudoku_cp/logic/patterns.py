"""Named patterns HoDoKu tries before its chains: locked pairs and triples, the remote
pair, the empty rectangle, the W-wing and Sue de Coq.

- **Locked pair / triple**: k cells where a box meets a line hold only k values: those
  values leave the rest of both houses (a naked subset in two houses at once; HoDoKu
  calls it locked only when it removes something from each house).
- **Remote pair**: a chain of four or more cells holding only {a,b}, each seeing the
  next, alternates a and b; a cell that sees two cells an odd number of links apart
  sees both values: a and b leave it.
- **Empty rectangle**: in a box, a value lies only in one row and one column of it (the
  box's cross); a line elsewhere with two places for the value, one of them in line with
  the cross, puts the value in the cross's other line or in its own other end, so the
  cell where those two meet loses it.
- **W-wing**: two cells holding only {a,b} that do not see each other, and a house
  where a has two places, one seen by each: one of the two cells is b, so b leaves
  every cell that sees both.
- **Sue de Coq**: the open cells where a box meets a line hold more values than cells;
  with cells of the line and cells of the box holding disjoint sets of values, all
  together holding as many values as cells, each value is locked: the line's values
  leave the line, the box's the box, and values only in the meeting cells both.
"""

from __future__ import annotations

from itertools import combinations

from .basic import NAMES, make, removes, values_text
from .ratings import title
from .state import State, bits, cname, hname


# -- locked subsets ------------------------------------------------------------------------
def locked_subset(s: State, k: int) -> list:
    t, cand, n = s.t, s.cand, s.n
    for a, b, common in t.intersections:
        if t.kind[a] != "box" or t.kind[b] not in ("row", "column"):
            continue
        open_ = [c for c in common if cand[c]]
        if len(open_) < k:
            continue
        for group in combinations(open_, k):
            union = 0
            for c in group:
                union |= cand[c]
            if union.bit_count() != k:
                continue
            in_box = [(c, v) for c in t.houses[a] if c not in group
                      for v in bits(cand[c] & union)]
            in_line = [(c, v) for c in t.houses[b] if c not in common
                       for v in bits(cand[c] & union)]
            if in_box and in_line:  # HoDoKu's rule: it removes from both houses
                elims = in_box + in_line
                tech = f"locked_{NAMES[k]}"
                return [make(tech, (), elims, group, [a, b], (),
                             f"{title(tech)}: {', '.join(cname(c, n) for c in group)} hold only "
                             f"{values_text(union)} and lie in {hname(t, a)} and {hname(t, b)}, "
                             f"so that {removes(elims, n)}")]
    return []


def locked_pair(s):
    return locked_subset(s, 2)


def locked_triple(s):
    return locked_subset(s, 3)


# -- remote pair --------------------------------------------------------------------------
def remote_pair(s: State) -> list:
    t, cand, n = s.t, s.cand, s.n
    by_pair: dict[int, list[int]] = {}
    for c, m in enumerate(cand):
        if m.bit_count() == 2:
            by_pair.setdefault(m, []).append(c)
    for pair, cells in sorted(by_pair.items()):
        if len(cells) < 4:
            continue
        pool = set(cells)
        done: set[int] = set()
        for root in cells:
            if root in done:
                continue
            colour, parent, queue = {root: 0}, {root: -1}, [root]
            for c in queue:
                for p in t.peers[c]:
                    if p in pool and p not in colour:
                        colour[p], parent[p] = 1 - colour[c], c
                        queue.append(p)
            done |= set(colour)
            if len(colour) < 4:
                continue
            ones = [c for c in queue if colour[c] == 1]
            zeros = [c for c in queue if colour[c] == 0]
            elims = []
            for c in range(t.ncells):
                if c in colour or not cand[c] & pair:
                    continue
                if any(z in t.peer_set[c] for z in zeros) and any(o in t.peer_set[c] for o in ones):
                    elims += [(c, v) for v in bits(cand[c] & pair)]
            if elims:
                links = [((parent[c], v), (c, v), "weak") for c in queue if parent[c] >= 0
                         for v in bits(pair)[:1]]
                return [make("remote_pair", (), elims, queue, (), links,
                             f"Remote pair: {', '.join(cname(c, n) for c in queue)} hold only "
                             f"{values_text(pair)} and alternate along the cells that see each "
                             f"other, so a cell seeing both kinds sees both values: that "
                             f"{removes(elims, n)}")]
    return []


# -- empty rectangle ------------------------------------------------------------------------
def empty_rectangle(s: State) -> list:
    t, cand, n = s.t, s.cand, s.n
    for v in range(1, n + 1):
        bit = 1 << (v - 1)
        for box in t.boxes:
            if not t.is_full[box]:
                continue
            where = [c for c in t.houses[box] if cand[c] & bit]
            if len(where) < 3:
                continue  # HoDoKu's default: a box with two places is not an empty rectangle
            rows = {t.houses_of[c][0] for c in where}
            cols = {t.houses_of[c][1] for c in where}
            if len(rows) < 2 or len(cols) < 2:
                continue
            box_rows = {t.houses_of[c][0] for c in t.houses[box]}
            box_cols = {t.houses_of[c][1] for c in t.houses[box]}
            for r in sorted(box_rows):
                for col in sorted(box_cols):
                    if any(t.houses_of[c][0] != r and t.houses_of[c][1] != col for c in where):
                        continue
                    # a column outside the box with two places, one in row r
                    for kind, line, other in (("col", col, r), ("row", r, col)):
                        found = _er_link(s, bit, box, kind, line, other)
                        if found:
                            link_house, end, target = found
                            elims = [(target, v)]
                            return [make("empty_rectangle", (), elims, where + [end], [box, link_house],
                                         (), f"Empty rectangle: in {hname(t, box)}, {v} lies only "
                                         f"in {hname(t, r)} and {hname(t, col)}; in "
                                         f"{hname(t, link_house)} it has two places, so it is in "
                                         f"{cname(end, n)} or in the box's "
                                         f"{hname(t, line)}: that {removes(elims, n)}")]
    return []


def _er_link(s: State, bit: int, box: int, kind: str, line: int, other: int):
    """A strong link on the value in a line crossing ``other`` (the cross's row when
    ``kind`` is "col") outside the box: (its house, its far end, the cell to clear)."""
    t, cand = s.t, s.cand
    box_cells = set(t.houses[box])
    for c in t.houses[other]:
        if c in box_cells or not cand[c] & bit:
            continue
        link = t.houses_of[c][1] if kind == "col" else t.houses_of[c][0]
        if not t.is_full[link]:
            continue
        places = [p for p in t.houses[link] if cand[p] & bit]
        if len(places) != 2:
            continue
        end = places[0] if places[1] == c else places[1]
        if end in box_cells:
            continue
        # the cell in the cross's other line, level with the link's far end
        cross_line = line
        far = t.houses_of[end][0] if kind == "col" else t.houses_of[end][1]
        target = next((x for x in t.houses[cross_line] if x in set(t.houses[far])), None)
        if target is None or target in box_cells or not cand[target] & bit:
            continue
        return link, end, target
    return None


# -- W-wing -------------------------------------------------------------------------------
def w_wing(s: State) -> list:
    t, cand, n = s.t, s.cand, s.n
    two = [c for c in range(t.ncells) if cand[c].bit_count() == 2]
    for i, x in enumerate(two):
        for y in two[i + 1:]:
            if cand[x] != cand[y] or y in t.peer_set[x]:
                continue
            for a in bits(cand[x]):
                abit = 1 << (a - 1)
                b = (cand[x] & ~abit).bit_length()
                bbit = 1 << (b - 1)
                seeing = [c for c in t.peer_set[x] & t.peer_set[y] if cand[c] & bbit]
                if not seeing:
                    continue
                for h in t.full:
                    places = [c for c in t.houses[h] if cand[c] & abit]
                    if len(places) != 2 or x in places or y in places:
                        continue
                    p, q = places
                    if not ((p in t.peer_set[x] and q in t.peer_set[y])
                            or (q in t.peer_set[x] and p in t.peer_set[y])):
                        continue
                    if p not in t.peer_set[x]:
                        p, q = q, p
                    elims = [(c, b) for c in sorted(seeing)]
                    links = [((x, b), (x, a), "strong"), ((x, a), (p, a), "weak"),
                             ((p, a), (q, a), "strong"), ((q, a), (y, a), "weak"),
                             ((y, a), (y, b), "strong")]
                    return [make("w_wing", (), elims, [x, y, p, q], [h], links,
                                 f"W-wing: {cname(x, n)} and {cname(y, n)} hold only "
                                 f"{values_text(cand[x])}; in {hname(t, h)}, {a} is in "
                                 f"{cname(p, n)} or {cname(q, n)}, so one of the two is {b}: that "
                                 f"{removes(elims, n)}")]
    return []


# -- Sue de Coq ---------------------------------------------------------------------------
def sue_de_coq(s: State) -> list:
    t, cand = s.t, s.cand
    for a, b, common in t.intersections:
        if t.kind[a] != "box" or t.kind[b] not in ("row", "column"):
            continue
        open_ = [c for c in common if cand[c]]
        for size in (2, 3):
            for core in combinations(open_, size):
                core_vals = 0
                for c in core:
                    core_vals |= cand[c]
                if core_vals.bit_count() < size + 2:
                    continue
                line_rest = [c for c in t.houses[b] if cand[c] and c not in common]
                box_rest = [c for c in t.houses[a] if cand[c] and c not in common]
                found = _sdc(s, core, core_vals, line_rest, box_rest, a, b)
                if found:
                    return [found]
    return []


def _sdc(s, core, core_vals, line_rest, box_rest, box, line):
    t, cand, n = s.t, s.cand, s.n
    line_rest = [c for c in line_rest if cand[c] & core_vals]
    box_rest = [c for c in box_rest if cand[c] & core_vals]
    extra = core_vals.bit_count() - len(core)
    for lk in range(1, extra + 1):
        for lset in combinations(line_rest, lk):
            lv = 0
            for c in lset:
                lv |= cand[c]
            for bk in range(1, extra + 1):
                for bset in combinations(box_rest, bk):
                    if set(bset) & set(lset):
                        continue
                    bv = 0
                    for c in bset:
                        bv |= cand[c]
                    if bv & lv:
                        continue
                    total = core_vals | lv | bv
                    if total.bit_count() != len(core) + lk + bk:
                        continue
                    from_line = total & ~bv
                    from_box = total & ~lv
                    used = set(core) | set(lset) | set(bset)
                    elims = [(c, v) for c in t.houses[line] if c not in used
                             for v in bits(cand[c] & from_line)]
                    elims += [(c, v) for c in t.houses[box] if c not in used
                              for v in bits(cand[c] & from_box)]
                    if elims:
                        return make("sue_de_coq", (), elims, list(core) + list(lset) + list(bset),
                                    [box, line], (),
                                    f"Sue de Coq: {', '.join(cname(c, n) for c in core)} hold "
                                    f"{values_text(core_vals)}; with "
                                    f"{', '.join(cname(c, n) for c in lset)} in {hname(t, line)} "
                                    f"({values_text(lv)}) and "
                                    f"{', '.join(cname(c, n) for c in bset)} in {hname(t, box)} "
                                    f"({values_text(bv)}) they hold as many values as cells, so "
                                    f"that {removes(elims, n)}")
    return None
