"""CNF encoders of ISS's set, connection, rank and doppelganger rules (``encode_cnf.ENCODERS``
takes them in).

- *same values*: per value and set, a sequential counter whose outputs say exactly "at
  least t cells of the set hold the value"; every set's outputs equal the first set's;
- *region same values*: per value one literal "the houses hold it", equivalent to "some
  cell holds it" in each house of the most cells;
- *connected values*: a root (the first cell holding a value, by index) and layers of
  reachability: a cell reached within d steps was reached within d - 1 or touches one
  that was; every holding cell is reached within the most steps its group can need;
- *doppelganger*: each house holds 0; per house and value a literal "the house misses
  it"; at most one house of a kind misses a value; a 0 sees no value missed twice;
- *full rank*: for a clued line and each other line, literals "equal up to position j"
  and "first smaller at j" (exact), so "smaller" is exact and counted (``CardEnc``);
  "two cells hold the same / a smaller value" (over a ladder "the cell holds at most u")
  made once per pair of cells, the comparisons once per pair of lines, each under the
  guard in force (a literal made inside an ``or`` branch stays there); where the edges
  are houses, what the clue implies (``encode_rank``): its first value as a unit, and
  the count of the lines starting on it that read smaller (iss-examples-39: 5.2 s to
  0.4 s).
"""

from __future__ import annotations

from .encode_cnf_base import exactly
from .encode_cnf_cages import present
from .encode_rank import implied


def _counts(enc, cells, v, tag):
    """Literals ``at[t]`` (t = 1..len(cells)) equivalent to "at least t of cells hold v"."""
    prev = []  # at least t among the cells so far, t = 1..len(prev)
    for j, x in enumerate(cells):
        lit = enc.x[x][v]
        row = []
        for t in range(1, j + 2):
            s = enc.aux(*tag, j, t)
            before = prev[t - 1] if t <= len(prev) else None  # at least t before x
            under = prev[t - 2] if t >= 2 else None  # at least t - 1 before x
            # s <-> before or (under and lit), with under true when t == 1
            if before is not None:
                enc.add([-before, s])
            enc.add([-lit, s] if under is None else [-under, -lit, s])
            enc.add([-s, *([before] if before is not None else []), lit])
            if under is not None:
                enc.add([-s, *([before] if before is not None else []), under])
            row.append(s)
        prev = row
    return prev


def _same_values(enc, c, k):
    size = len(c.cells) // c.sets
    groups = [c.cells[i * size:(i + 1) * size] for i in range(c.sets)]
    for v in enc.values:
        first = _counts(enc, groups[0], v, ("same", k, 0, v))
        for i, g in enumerate(groups[1:], 1):
            for a, b in zip(first, _counts(enc, g, v, ("same", k, i, v))):
                enc.add([-a, b])
                enc.add([a, -b])


def _largest_houses(puzzle):
    houses = puzzle.houses()
    most = max(len(h) for h in houses)
    return [h for h in houses if len(h) == most]


def _region_same_values(enc, c, k):
    houses = _largest_houses(enc.puzzle)
    if len(enc.values) == len(houses[0]):  # every such house holds every value
        return
    for v in enc.values:
        held = enc.aux("region_same", k, v)
        for h in houses:
            lits = [enc.x[x][v] for x in h]
            enc.add([-held, *lits])
            for lit in lits:
                enc.add([held, -lit])


def _steps(n):
    out = []
    for x in range(n * n):
        r, col = divmod(x, n)
        out.append([rr * n + cc for rr, cc in ((r - 1, col), (r + 1, col), (r, col - 1), (r, col + 1))
                    if 0 <= rr < n and 0 <= cc < n])
    return out


def _connected_values(enc, c, k):
    n = enc.puzzle.size
    cells = range(n * n)
    held = [_held(enc, x, c.values, k) for x in cells]
    enc.add(held)  # some cell holds one of the values
    most = min(n * n, n * len(c.values), c.size or n * n)
    # a root: reached in 0 steps, holding, with no holding cell before it
    before = [enc.aux("conn_before", k, x) for x in cells]
    for x in cells:
        if x:
            enc.add([-held[x - 1], before[x]])
            enc.add([-before[x - 1], before[x]])
    reach = [[enc.aux("conn_reach", k, x, 0) for x in cells]]
    for x in cells:
        enc.add([-reach[0][x], held[x]])
        enc.add([-reach[0][x], -before[x]])
    steps = _steps(n)
    for d in range(1, most):
        layer = [enc.aux("conn_reach", k, x, d) for x in cells]
        for x in cells:
            enc.add([-layer[x], held[x]])
            enc.add([-layer[x], reach[-1][x], *(reach[-1][y] for y in steps[x])])
        reach.append(layer)
    for x in cells:
        enc.add([-held[x], reach[-1][x]])
    if c.size:
        exactly(enc, held, c.size)


def _held(enc, x, values, k):
    """A literal equivalent to "cell x holds one of values"."""
    lits = [enc.x[x][v] for v in values if v in enc.x[x]]
    if len(lits) == 1:
        return lits[0]
    h = enc.aux("conn_held", k, x)
    enc.add([-h, *lits])
    for lit in lits:
        enc.add([h, -lit])
    return h


def _kinds(puzzle):
    n = puzzle.size
    rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
    cols = [tuple(range(col, n * n, n)) for col in range(n)]
    return rows, cols, list(puzzle.boxes())


def _true(enc):
    """A literal that always holds."""
    t = enc.aux("true")
    enc.add([t])
    return t


def _doppelganger(enc, c, k):
    n = enc.puzzle.size
    for x in range(n * n):  # values 0..n only
        for v, lit in enc.x[x].items():
            if not 0 <= v <= n:
                enc.add([-lit])
    misses = {}  # (kind, house index, value) -> "the house misses value"
    for kind, houses in enumerate(_kinds(enc.puzzle)):
        for i, h in enumerate(houses):
            # it holds 0, so misses a value of 1..n (no 0 among the values: never)
            enc.add([enc.x[x][0] for x in h if 0 in enc.x[x]] or [-_true(enc)])
            for v in range(1, n + 1):
                if v in enc.values:
                    misses[kind, i, v] = -present(enc, h, v, ("dg", k, kind, i))
                else:
                    misses[kind, i, v] = _true(enc)
        for v in range(1, n + 1):
            enc.at_most_one([misses[kind, i, v] for i in range(len(houses))])
    box_of = {x: i for i, b in enumerate(enc.puzzle.boxes()) for x in b}
    for x in range(n * n):
        mine = [(0, x // n), (1, x % n)] + ([(2, box_of[x])] if x in box_of else [])
        for v in range(1, n + 1):
            for a in range(len(mine)):
                for b in range(a + 1, len(mine)):
                    if 0 in enc.x[x]:
                        enc.add([-enc.x[x][0], -misses[(*mine[a], v)], -misses[(*mine[b], v)]])


def entries(n):
    """Every row and column read both ways (the lines ISS ranks)."""
    out = []
    for r in range(n):
        out += [tuple(range(r * n, r * n + n)), tuple(range(r * n + n - 1, r * n - 1, -1))]
    for col in range(n):
        line = tuple(range(col, n * n, n))
        out += [line, line[::-1]]
    return out


def _made(enc, kind):
    """The literals of ``kind`` made so far under the guard in force: a literal made
    inside an ``or`` branch is defined only while that branch holds, so it is never
    taken up outside it."""
    return enc.__dict__.setdefault("_rank_made", {}).setdefault((kind, enc.guard), {})


def _compare(enc, f, e):
    """(smaller, equal): literals exactly "line f reads smaller than / the same as line e",
    made once per pair of lines, over literals made once per pair of cells."""
    made = _made(enc, "compare")
    if (f, e) not in made:
        prefixes = _prefixes(enc, f, e)  # "equal before position j" (None: true)
        firsts = [_and(enc, enc.aux("rank", "first", f[:2], e[:2], j, enc.guard), _cell_less(enc, a, b),
                       prefixes[j]) for j, (a, b) in enumerate(zip(f, e))]
        smaller = enc.aux("rank", "smaller", f[:2], e[:2], enc.guard)
        enc.add([-smaller, *firsts])
        for lit in firsts:
            enc.add([smaller, -lit])
        made[f, e] = smaller, prefixes[-1]
    return made[f, e]


def _prefixes(enc, f, e):
    """"Lines f and e agree before position j", j = 0..n (None: true), made once per
    unordered pair."""
    made = _made(enc, "prefixes")
    key = min(f, e), max(f, e)
    if key not in made:
        out = [None]
        for j, (a, b) in enumerate(zip(*key)):
            out.append(_and(enc, enc.aux("rank", "prefix", key[0][:2], key[1][:2], j, enc.guard),
                            _cell_equal(enc, a, b), out[-1]))
        made[key] = out
    return made[key]


def _cell_equal(enc, a, b):
    """A literal exactly "cells a and b hold the same value" (once per pair)."""
    made = _made(enc, "equal")
    key = min(a, b), max(a, b)
    if key not in made:
        eq = made[key] = enc.aux("rank", "equal", *key, enc.guard)
        for u in enc.values:
            enc.add([-enc.x[a][u], -enc.x[b][u], eq])
            enc.add([-eq, -enc.x[a][u], enc.x[b][u]])
    return made[key]


def _cell_less(enc, a, b):
    """A literal exactly "cell a holds less than cell b" (once per ordered pair), over the
    ladder of b."""
    made = _made(enc, "less")
    if (a, b) not in made:
        lt = made[a, b] = enc.aux("rank", "less", a, b, enc.guard)
        at_most = _at_most(enc, b)
        for u in enc.values:
            if u in at_most:  # a holds u, b more than u: smaller here, and only so
                enc.add([-enc.x[a][u], at_most[u], lt])
                enc.add([-lt, -enc.x[a][u], -at_most[u]])
            else:
                enc.add([-lt, -enc.x[a][u]])
    return made[a, b]


def _at_most(enc, cell):
    """Literals "cell holds at most u" for each value u but the largest (made once per
    cell: a ladder over the cell's value literals)."""
    made = _made(enc, "at_most")
    if cell not in made:
        out, prev = {}, None
        for u in list(enc.values)[:-1]:
            le, is_u = enc.aux("rank", "at_most", cell, u, enc.guard), enc.x[cell][u]
            enc.add([-is_u, le])
            enc.add([-le, is_u, *([prev] if prev is not None else [])])
            if prev is not None:
                enc.add([-prev, le])
            out[u], prev = le, le
        made[cell] = out
    return made[cell]


def _and(enc, out, lit, prefix):
    """``out`` made equivalent to ``lit and prefix`` (``prefix`` None: true)."""
    enc.add([-out, lit])
    if prefix is not None:
        enc.add([-out, prefix])
    enc.add([out, -lit, *([-prefix] if prefix is not None else [])])
    return out


def _tie_rule(puzzle):
    """"any" when every tie rule says so (there is one), else the stricter default."""
    said = {x.ties for x in puzzle.constraints if x.TYPE == "full_rank_ties"}
    return "any" if said == {"any"} else "only-unclued"


def _full_rank(enc, c, k):
    smaller = {}
    for f in entries(enc.puzzle.size):
        if f == tuple(c.cells):
            continue
        less, equal = _compare(enc, f, tuple(c.cells))
        smaller[f] = less
        if _tie_rule(enc.puzzle) != "any":
            enc.add([-equal])
    if c.rank - 1 > len(smaller):  # a rank past the lines: no solution
        enc.add([-_true(enc)])
        return
    exactly(enc, list(smaller.values()), c.rank - 1)
    _implied(enc, c, k, smaller)


def _implied(enc, c, k, smaller):
    """What the clue implies where each edge is a house (``encode_rank``): the first
    value, and how many of the other lines starting on it read smaller."""
    imp = implied(enc.puzzle, c)
    if imp is None:
        return
    enc.add([enc.x[c.cells[0]][imp.first]])
    mates = []  # "line f starts on the first value and reads smaller"
    for f in imp.others:
        mates.append(_and(enc, enc.aux("rank", k, "mate", f[0], f[1]), enc.x[f[0]][imp.first],
                          smaller[f]))
    exactly(enc, mates, imp.below)


def _full_rank_ties(enc, c, k):
    if c.ties != "none":
        return  # (the clues' own encoders read the rule)
    lines = entries(enc.puzzle.size)
    for i, f in enumerate(lines):
        for g in lines[i + 1:]:
            differs = []
            for j, (a, b) in enumerate(zip(f, g)):
                d = enc.aux("ties", k, f[0], f[1], g[0], g[1], j)
                for v in enc.values:
                    enc.add([-d, -enc.x[a][v], -enc.x[b][v]])
                differs.append(d)
            enc.add(differs)


ENCODERS = {
    "same_values": _same_values,
    "region_same_values": _region_same_values,
    "connected_values": _connected_values,
    "doppelganger": _doppelganger,
    "full_rank": _full_rank,
    "full_rank_ties": _full_rank_ties,
}
