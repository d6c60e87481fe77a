"""More uniqueness tests: unique rectangle types 3, 5 and 6, and the hidden rectangle.

All rest on the deadly pattern of ``wings.unique_rectangle``: four cells in two rows,
two columns and two boxes cannot end as the same two values {a,b}, since swapping them
would give a second solution. Valid only when the puzzle has one solution, on boards
without extra houses.

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
from .wings import _rectangles


def _diagonals(cells):
    a, c, b, d = cells  # r1c1, r1c2, r2c1, r2c2
    return {a: d, d: a, c: b, b: c}


def ur_type_3(s: State) -> list:
    t, cand, n = s.t, s.cand, s.n
    if t.g.extra:
        return []
    for cells, pair in _rectangles(s):
        exact = [c for c in cells if cand[c] == pair]
        extra = [c for c in cells if cand[c] != pair]
        if len(exact) != 2 or extra[1] not in t.peer_set[extra[0]]:
            continue
        x, y = extra
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
                        names = ", ".join(cname(c, n) for c in cells)
                        mates = ", ".join(cname(c, n) for c in group)
                        return [make("unique_rectangle_3", (), elims, list(cells) + list(group),
                                     [h], (),
                                     f"Unique rectangle type 3: {names} would be a deadly "
                                     f"{values_text(pair)} pattern unless {cname(x, n)} or "
                                     f"{cname(y, n)} holds {values_text(more)}; with {mates} "
                                     f"they make a naked set of {values_text(union)} in "
                                     f"{hname(t, h)}, so that {removes(elims, n)}",
                                     uniqueness=True)]
    return []


def ur_type_5(s: State) -> list:
    t, cand, n = s.t, s.cand, s.n
    if t.g.extra:
        return []
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
            names = ", ".join(cname(c, n) for c in cells)
            return [make("unique_rectangle_5", (), elims, list(cells), (), (),
                         f"Unique rectangle type 5: {names} would be a deadly "
                         f"{values_text(pair)} pattern unless one of "
                         f"{', '.join(cname(c, n) for c in extra)} is {z.bit_length()}, so that "
                         f"{removes(elims, n)}", uniqueness=True)]
    return []


def _confined(s: State, h: int, bit: int, inside) -> bool:
    return all(c in inside for c in s.t.houses[h] if s.cand[c] & bit)


def ur_type_6(s: State) -> list:
    t, cand, n = s.t, s.cand, s.n
    if t.g.extra:
        return []
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
                    elims = [(c, v) for c in extra]
                    names = ", ".join(cname(c, n) for c in cells)
                    return [make("unique_rectangle_6", (), elims, list(cells), lines, (),
                                 f"Unique rectangle type 6: {names} would be a deadly "
                                 f"{values_text(pair)} pattern; in "
                                 f"{' and '.join(hname(t, h) for h in lines)}, {v} lies only in "
                                 f"the rectangle, so {v} in {cname(extra[0], n)} or "
                                 f"{cname(extra[1], n)} would fill it: that {removes(elims, n)}",
                                 uniqueness=True)]
    return []


def hidden_rectangle(s: State) -> list:
    t, cand, n = s.t, s.cand, s.n
    if t.g.extra:
        return []
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
                if _confined(s, row, bit, cells) and _confined(s, col, bit, cells):
                    w = (pair & ~bit).bit_length()
                    names = ", ".join(cname(c, n) for c in cells)
                    return [make("hidden_rectangle", (), [(d, w)], list(cells), [row, col], (),
                                 f"Hidden rectangle: {names} would be a deadly "
                                 f"{values_text(pair)} pattern; {cname(corner, n)} holds only "
                                 f"{values_text(pair)} and {v} lies in {hname(t, row)} and "
                                 f"{hname(t, col)} only within the rectangle, so {w} in "
                                 f"{cname(d, n)} would fill it: that {removes([(d, w)], n)}",
                                 uniqueness=True)]
    return []
