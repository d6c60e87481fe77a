"""Uniqueness tests as HoDoKu runs them: unique rectangle types 1 to 6 and the hidden
rectangle.

All rest on the deadly pattern of ``wings.unique_rectangle``: four open cells in two
rows, two columns and two boxes cannot end as the same two values {a,b}, since swapping
them would give a second solution. That is a fact about the solution, so a cell of the
rectangle need not still have a or b as a candidate, only not see a placed a or b
(HoDoKu's default; one corner must hold exactly {a,b}). Valid only when the puzzle has
one solution, on boards without extra houses.

- **Type 1**: three corners hold only {a,b}: a and b leave the fourth.
- **Type 2**: two corners hold only {a,b}, the other two (in one house) the same one
  extra value c: c leaves every cell that sees both.
- **Type 4**: two corners hold only {a,b}; in a house holding the other two, a has no
  other place: b leaves those two.

- **Type 3**: two cells of the rectangle hold only {a,b}; the other two share a house and
  their other candidates E act as one cell: with k - 1 more cells of that house whose
  candidates, with E, are k values, those k values leave the house's other cells.
- **Type 5**: the cells with more than {a,b} (two on a diagonal, or three) all have the
  same one extra value c: one of them is c, so c leaves every cell that sees them all.
- **Type 6**: two diagonal cells hold only {a,b}; if a value of the pair lies, in both
  rows (or both columns), only in the rectangle, putting it in either of the other two
  cells would make the pattern deadly: it leaves them.
- **Hidden rectangle**: a cell holds only {a,b}; at the opposite corner, if a value of the
  pair lies in that corner's row and column only within the rectangle, the other value
  would make the pattern deadly: it leaves that corner.
"""

from __future__ import annotations

from itertools import combinations

from .basic import make, removes, values_text
from .state import State, bits, cname, hname


def _allowed(s: State) -> list[int]:
    """Per open cell, the values no placed value in its houses rules out."""
    t = s.t
    placed = [s.placed_in(h) for h in range(len(t.houses))]
    return [0 if s.values[c] else
            t.all & ~_union(placed[h] for h in t.houses_of[c]) for c in range(t.ncells)]


def _union(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _rectangles(s: State) -> list:
    """Rectangles ``((r1c1, r1c2, r2c1, r2c2), pair)`` over two boxes with a corner
    holding exactly the pair and every corner open and allowed both values; none on a
    board with extra houses (swapping the pair could break one: no deadly pattern)."""
    got = s.memo.get("ur_rectangles")
    if got is not None:
        return got
    t, cand, n = s.t, s.cand, s.n
    if t.g.extra:
        return []
    allowed = _allowed(s)
    box_of = [t.houses_of[c][2] for c in range(t.ncells)]
    seen, got = set(), []
    for p in range(t.ncells):
        pair = cand[p]
        if pair.bit_count() != 2:
            continue
        r1, c1 = divmod(p, n)
        for r2 in range(n):
            if r2 == r1 or allowed[r2 * n + c1] & pair != pair:
                continue
            for c2 in range(n):
                corners = (r1 * n + c2, r2 * n + c2)
                if c2 == c1 or any(allowed[x] & pair != pair for x in corners):
                    continue
                (ra, rb), (ca, cb) = sorted((r1, r2)), sorted((c1, c2))
                cells = (ra * n + ca, ra * n + cb, rb * n + ca, rb * n + cb)
                if len({box_of[x] for x in cells}) != 2 or (cells, pair) in seen:
                    continue
                seen.add((cells, pair))
                got.append((cells, pair))
    s.memo["ur_rectangles"] = got
    return got


def _deadly(cells, pair: int, n: int) -> str:
    """"r1c1, r1c2, r2c1, r2c2 would be a deadly {a,b} pattern": how every test begins."""
    return (f"{', '.join(cname(c, n) for c in cells)} would be a deadly "
            f"{values_text(pair)} pattern")


def _has(s: State, c: int, v: int) -> bool:
    return bool(s.cand[c] >> (v - 1) & 1)


def ur_type_1(s: State) -> list:
    cand, n = s.cand, s.n
    for cells, pair in _rectangles(s):
        exact = [c for c in cells if cand[c] == pair]
        if len(exact) != 3:
            continue
        c = next(x for x in cells if cand[x] != pair)
        elims = [(c, v) for v in bits(pair) if _has(s, c, v)]
        if elims:
            return [make("unique_rectangle", (), elims, exact, (), (),
                         f"Unique rectangle type 1: {_deadly(cells, pair, n)}"
                         f", so {cname(c, n)} is neither: that "
                         f"{removes(elims, n)}", 4.5, True)]
    return []


def _two_in_a_line(s: State):
    """Each rectangle of ``_rectangles`` whose two corners with more than the pair see
    each other: ``(cells, pair, x, y)``, x and y those two (types 2, 3 and 4)."""
    t, cand = s.t, s.cand
    for cells, pair in _rectangles(s):
        extra = [c for c in cells if cand[c] != pair]
        if len(extra) == 2 and extra[1] in t.peer_set[extra[0]]:
            yield cells, pair, extra[0], extra[1]


def ur_type_2(s: State) -> list:
    t, cand, n = s.t, s.cand, s.n
    for cells, pair, x, y in _two_in_a_line(s):
        more = cand[x] & ~pair
        if more.bit_count() != 1 or cand[y] & ~pair != more:
            continue
        z = more.bit_length()
        elims = [(c, z) for c in sorted(t.peer_set[x] & t.peer_set[y]) if _has(s, c, z)]
        if elims:
            return [make("unique_rectangle", (), elims, cells, (), (),
                         f"Unique rectangle type 2: {_deadly(cells, pair, n)}"
                         f" unless {z} is in {cname(x, n)} or "
                         f"{cname(y, n)}, so that {removes(elims, n)}", 4.5, True)]
    return []


def ur_type_4(s: State) -> list:
    t, cand, n = s.t, s.cand, s.n
    for cells, pair, x, y in _two_in_a_line(s):
        for h in sorted(set(t.houses_of[x]) & set(t.houses_of[y])):
            if not t.is_full[h]:
                continue
            for v in bits(pair):
                bit = 1 << (v - 1)
                if any(cand[c] & bit for c in t.houses[h] if c not in (x, y)):
                    continue
                w = (pair & ~bit).bit_length()
                elims = [(c, w) for c in (x, y) if _has(s, c, w)]
                if elims:
                    names = ", ".join(cname(c, n) for c in cells)
                    return [make("unique_rectangle", (), elims, cells, [h], (),
                                 f"Unique rectangle type 4: in {hname(t, h)}, {v} must be in "
                                 f"{cname(x, n)} or {cname(y, n)}, so {w} there would make "
                                 f"{names} deadly: that {removes(elims, n)}", 4.5, True)]
    return []


def _diagonals(cells):
    a, c, b, d = cells  # r1c1, r1c2, r2c1, r2c2
    return {a: d, d: a, c: b, b: c}


def ur_type_3(s: State) -> list:
    t, cand, n = s.t, s.cand, s.n
    for cells, pair, x, y in _two_in_a_line(s):
        more = (cand[x] | cand[y]) & ~pair
        if more.bit_count() < 2:
            continue
        for h in sorted(set(t.houses_of[x]) & set(t.houses_of[y])):
            others = [c for c in t.houses[h] if cand[c] and c not in (x, y)]
            for k in range(1, min(4, len(others))):
                for group in combinations(others, k):
                    union = more
                    for c in group:
                        union |= cand[c]
                    if union.bit_count() != k + 1:
                        continue
                    elims = [(c, v) for c in others if c not in group for v in bits(cand[c] & union)]
                    if elims:
                        mates = ", ".join(cname(c, n) for c in group)
                        return [make("unique_rectangle_3", (), elims, list(cells) + list(group),
                                     [h], (),
                                     f"Unique rectangle type 3: {_deadly(cells, pair, n)}"
                                     f" unless {cname(x, n)} or "
                                     f"{cname(y, n)} holds {values_text(more)}; with {mates} "
                                     f"they make a naked set of {values_text(union)} in "
                                     f"{hname(t, h)}, so that {removes(elims, n)}",
                                     uniqueness=True)]
    return []


def ur_type_5(s: State) -> list:
    t, cand, n = s.t, s.cand, s.n
    for cells, pair in _rectangles(s):
        extra = [c for c in cells if cand[c] != pair]
        if len(extra) not in (2, 3):
            continue
        if len(extra) == 2 and extra[1] in t.peer_set[extra[0]]:
            continue  # two in a line: type 2
        more = {cand[c] & ~pair for c in extra}
        if len(more) != 1:
            continue
        z = more.pop()
        if z.bit_count() != 1:
            continue
        seeing = set.intersection(*(set(t.peer_set[c]) for c in extra))
        elims = [(c, z.bit_length()) for c in sorted(seeing) if cand[c] & z]
        if elims:
            return [make("unique_rectangle_5", (), elims, list(cells), (), (),
                         f"Unique rectangle type 5: {_deadly(cells, pair, n)}"
                         f" unless one of "
                         f"{', '.join(cname(c, n) for c in extra)} is {z.bit_length()}, so that "
                         f"{removes(elims, n)}", uniqueness=True)]
    return []


def _confined(s: State, h: int, bit: int, inside) -> bool:
    return all(c in inside for c in s.t.houses[h] if s.cand[c] & bit)


def ur_type_6(s: State) -> list:
    t, cand, n = s.t, s.cand, s.n
    for cells, pair in _rectangles(s):
        exact = [c for c in cells if cand[c] == pair]
        extra = [c for c in cells if cand[c] != pair]
        if len(exact) != 2 or extra[1] in t.peer_set[extra[0]]:
            continue  # the two plain cells must be diagonal
        rows = [t.houses_of[c][0] for c in cells[::3]]
        cols = [t.houses_of[c][1] for c in cells[::3]]
        for v in bits(pair):
            bit = 1 << (v - 1)
            for lines in (rows, cols):
                if all(_confined(s, h, bit, cells) for h in lines):
                    elims = [(c, v) for c in extra if _has(s, c, v)]
                    if not elims:
                        continue
                    return [make("unique_rectangle_6", (), elims, list(cells), lines, (),
                                 f"Unique rectangle type 6: {_deadly(cells, pair, n)}"
                                 f"; in "
                                 f"{' and '.join(hname(t, h) for h in lines)}, {v} lies only in "
                                 f"the rectangle, so {v} in {cname(extra[0], n)} or "
                                 f"{cname(extra[1], n)} would fill it: that {removes(elims, n)}",
                                 uniqueness=True)]
    return []


def hidden_rectangle(s: State) -> list:
    t, cand, n = s.t, s.cand, s.n
    for cells, pair in _rectangles(s):
        opposite = _diagonals(cells)
        for corner in cells:
            if cand[corner] != pair:
                continue
            d = opposite[corner]
            if cand[d] == pair:
                continue
            row, col = t.houses_of[d][0], t.houses_of[d][1]
            for v in bits(pair):
                bit = 1 << (v - 1)
                w = (pair & ~bit).bit_length()
                if _has(s, d, w) and _confined(s, row, bit, cells) and \
                        _confined(s, col, bit, cells):
                    return [make("hidden_rectangle", (), [(d, w)], list(cells), [row, col], (),
                                 f"Hidden rectangle: {_deadly(cells, pair, n)}"
                                 f"; {cname(corner, n)} holds only "
                                 f"{values_text(pair)} and {v} lies in {hname(t, row)} and "
                                 f"{hname(t, col)} only within the rectangle, so {w} in "
                                 f"{cname(d, n)} would fill it: that {removes([(d, w)], n)}",
                                 uniqueness=True)]
    return []
