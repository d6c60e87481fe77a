"""The CNF encoding of chaos construction (``encode_cnf.ENCODERS`` takes it in).

The regions are unknowns: a label literal ``r[cell][k]`` per cell and region ``k`` (one
per cell), and the rule in three parts:

- *every region holds every value once*: ``y[cell][k][v] <-> r[cell][k] and x[cell][v]``,
  exactly one ``y`` per region and value (so each region has ``size`` cells);
- *one labelling per split* (symmetry breaking): region ``k`` first appears after region
  ``k - 1`` in reading order, through prefix literals ``seen[cell][k]`` ("some cell up to
  here has label ``k``"); the *root* of a region is its first cell, a cell whose label
  was not seen before it;
- *no region of one or two cells alone* (implied: a region of ``size`` cells is
  connected): every cell has a neighbour of its region, two neighbours of one region a
  third next to them (``IMPLIED``), through ``same[a, b]`` "neighbours ``a`` and ``b``
  share a label";
- *connected* (reachability layers): ``d[cell][t]`` "the cell is reached from its root in
  ``t`` steps inside its region": ``d[cell][0]`` only at a root, ``d[cell][t]`` needs
  ``d[cell][t - 1]`` or a neighbour reached at ``t - 1`` with the same label, and every
  cell is reached by ``t = size - 1`` (a region of ``size`` cells has no longer path).

A clue on the regions (``chaos_arrow``, ``chaos_count``) reads the same label literals
(keyed by the first chaos construction's place): ``eq(a, b)`` "cells a and b share a
region", for an arrow the prefix literals "the arm's first ``j`` cells share the start's
region", and the control cell's value ``t`` asks exactly ``t + offset - 1`` of them true
(a sequential counter guarded by the value, as ``count_distinct``). For two neighbours
the split's ``same[a, b]`` implies ``eq(a, b)`` (``NEAR``), so the implied rules reach
the clues.

The label literals are *shown* (``enc.shown``): ``sat`` blocks each solution over them
too, so a grid with two splits is two solutions, as ISS counts it.
"""

from __future__ import annotations

from .encode_cnf_base import exactly

#: Implied clauses on the split (measured: docs/variants_speed.md): ``lone`` asks every
#: cell a neighbour of its region (no region of one cell), ``pair`` two neighbours of one
#: region a third next to them (none of two alone); ``both`` would tie ``same`` both ways
#: and ``size`` count each region's cells to ``size`` (measured, not kept).
IMPLIED = frozenset({"lone", "pair"})

#: A clue's "cells a and b share a region" literal, for two neighbours, implied by the
#: split's own ``same[a, b]`` (a binary clause): the implied rules above then reach the
#: clues (a count over a cell's neighbours is at least two while every neighbour counts).
NEAR = True


def _neighbours(n, cell):
    r, c = divmod(cell, n)
    return [x for x, ok in ((cell - n, r > 0), (cell + n, r < n - 1),
                            (cell - 1, c > 0), (cell + 1, c < n - 1)) if ok]


def _again(puzzle, c, k):
    """True for a chaos construction after the first (``k``: its place): the same rule,
    one split (as ISS keeps one)."""
    return k != next(i for i, x in enumerate(puzzle.constraints) if x.TYPE == c.TYPE)


def _chaos_construction(enc, c, k):
    if _again(enc.puzzle, c, k):
        return
    n = enc.puzzle.size
    cells, regions = range(n * n), range(n)
    r = [[enc.aux("chaos", k, "r", x, q) for q in regions] for x in cells]
    for x in cells:
        enc.exactly_one(r[x])
    enc.shown.extend(lit for row in r for lit in row)
    for q in regions:  # every region holds every value once
        for v in enc.values:
            ys = []
            for x in cells:
                y = enc.aux("chaos", k, "y", x, q, v)
                enc.add([-y, r[x][q]])
                enc.add([-y, enc.x[x][v]])
                enc.add([y, -r[x][q], -enc.x[x][v]])
                ys.append(y)
            enc.exactly_one(ys)
    seen = [[enc.aux("chaos", k, "seen", x, q) for q in regions] for x in cells]
    root = [enc.aux("chaos", k, "root", x) for x in cells]
    for x in cells:  # labels in order of first appearance; a root is a region's first cell
        for q in regions:
            enc.add([-r[x][q], seen[x][q]])
            if x == 0:
                enc.add([-seen[x][q], r[x][q]])
                continue
            enc.add([-seen[x - 1][q], seen[x][q]])
            enc.add([-seen[x][q], seen[x - 1][q], r[x][q]])
            if q:
                enc.add([-r[x][q], seen[x - 1][q - 1]])
            enc.add([-r[x][q], seen[x - 1][q], root[x]])
            enc.add([-r[x][q], -seen[x - 1][q], -root[x]])
    enc.add([root[0]])
    enc.add([r[0][0]])
    same = {}
    for a in cells:  # same[a, b]: neighbours a and b share a label (one way: it is needed)
        for b in _neighbours(n, a):
            if a < b:
                s = same[a, b] = same[b, a] = enc.aux("chaos", k, "same", a, b)
                enc.__dict__.setdefault("_chaos_near", {})[a, b] = s
                if NEAR and (a, b) in enc.__dict__.get("_chaos_eq", {}):  # (a clue came first)
                    enc.add([-s, enc._chaos_eq[a, b]])
                for q in regions:
                    enc.add([-s, -r[a][q], r[b][q]])
                    enc.add([-s, -r[b][q], r[a][q]])
                    if "both" in IMPLIED:
                        enc.add([s, -r[a][q], -r[b][q]])
    if "lone" in IMPLIED and n > 1:
        for x in cells:
            enc.add([same[x, b] for b in _neighbours(n, x)])
    if "pair" in IMPLIED and n > 2:
        for a in cells:
            for b in _neighbours(n, a):
                if a < b:
                    enc.add([-same[a, b], *(same[a, c] for c in _neighbours(n, a) if c != b),
                             *(same[b, c] for c in _neighbours(n, b) if c != a)])
    if "size" in IMPLIED:
        for q in regions:
            exactly(enc, [r[x][q] for x in cells], n)
    d = [[root[x]] for x in cells]
    for t in range(1, n):
        for x in cells:
            d[x].append(enc.aux("chaos", k, "d", x, t))
        for x in cells:
            ways = [d[x][t - 1]]
            for b in _neighbours(n, x):
                e = enc.aux("chaos", k, "e", x, b, t)
                enc.add([-e, d[b][t - 1]])
                enc.add([-e, same[x, b]])
                ways.append(e)
            enc.add([-d[x][t], *ways])
    for x in cells:
        enc.add([d[x][n - 1]])


def _label(enc, x, q):
    first = next(i for i, c in enumerate(enc.puzzle.constraints) if c.TYPE == "chaos_construction")
    return enc.aux("chaos", first, "r", x, q)


def _eq(enc, a, b):
    """A literal true exactly when cells ``a`` and ``b`` share a region."""
    a, b = min(a, b), max(a, b)
    made = enc.__dict__.setdefault("_chaos_eq", {})
    if (a, b) not in made:
        s = made[a, b] = enc.aux("chaos", "eq", a, b)
        for q in range(enc.puzzle.size):
            ra, rb = _label(enc, a, q), _label(enc, b, q)
            enc.add([-s, -ra, rb])
            enc.add([-s, -rb, ra])
            enc.add([s, -ra, -rb])
        near = enc.__dict__.get("_chaos_near", {}).get((a, b))
        if near is not None and NEAR:  # neighbours: the split's one-way ``same`` implies it
            enc.add([-near, s])
    return made[a, b]


def _counted(enc, c, k, lits):
    """The control cell's value plus the offset is one more than the true ``lits``."""
    for t, lit in enc.x[c.cell].items():
        bound = t + c.offset - 1
        if not 0 <= bound <= len(lits):
            enc.add([-lit])
        elif bound == 0:
            for y in lits:
                enc.add([-lit, -y])
        elif bound == len(lits):
            for y in lits:
                enc.add([-lit, y])
        else:
            exactly(enc, lits, bound, guard=lit)


def _chaos_arrow(enc, c, k):
    lits, at = [], 0
    for length in c.lengths:
        arm = c.cells[at:at + length]
        at += length
        before = None
        for j, cell in enumerate(arm[1:], 1):
            same = arm[0] == cell or _eq(enc, arm[0], cell)
            run = enc.aux("chaos_arrow", k, at, j)
            if same is True:
                enc.add([run] if before is None else [-before, run])
                if before is not None:
                    enc.add([-run, before])
            else:
                enc.add([-run, same])
                if before is None:
                    enc.add([run, -same])
                else:
                    enc.add([-run, before])
                    enc.add([run, -before, -same])
            lits.append(run)
            before = run
    _counted(enc, c, k, lits)


def _chaos_count(enc, c, k):
    lits = []
    for cell in c.cells[1:]:
        if cell == c.cells[0]:
            lit = enc.aux("chaos_count", k, "self", cell)
            enc.add([lit])
        else:
            lit = _eq(enc, c.cells[0], cell)
        lits.append(lit)
    _counted(enc, c, k, lits)


def _chaos_same(enc, c, k):
    """Sets of one cell: each shares the first one's region. Larger sets: the first set is
    matched one to one with each other (``m[i, j]``: its i-th cell with the other's j-th,
    exactly one a row and a column), matched cells sharing a region; the match is no
    unknown of the puzzle (sat blocks solutions over values and labels only)."""
    if c.size == 1:
        for x in c.cells[1:]:
            if x != c.cells[0]:
                enc.add([_eq(enc, c.cells[0], x)])
        return
    sets = [c.cells[i:i + c.size] for i in range(0, len(c.cells), c.size)]
    for s, other in enumerate(sets[1:], 1):
        m = [[enc.aux("chaos_same", k, s, i, j) for j in range(c.size)] for i in range(c.size)]
        for i, a in enumerate(sets[0]):
            for j, b in enumerate(other):
                if a != b:
                    enc.add([-m[i][j], _eq(enc, a, b)])
        for line in (*m, *zip(*m)):
            enc.exactly_one(list(line))


def _chaos_regions(enc, c, k):
    """``opens[i]``: the i-th cell shares no earlier cell's region; the value is one more
    than the true ``opens`` (the first cell always opens one)."""
    from types import SimpleNamespace

    cells = list(dict.fromkeys(c.cells))
    opens = []
    for i, x in enumerate(cells[1:], 1):
        lit = enc.aux("chaos_regions", k, "opens", i)
        met = [_eq(enc, y, x) for y in cells[:i]]
        for e in met:
            enc.add([-lit, -e])
        enc.add([lit, *met])
        opens.append(lit)
    _counted(enc, SimpleNamespace(cell=c.cell, offset=0), k, opens)


ENCODERS = {"chaos_construction": _chaos_construction, "chaos_arrow": _chaos_arrow,
            "chaos_count": _chaos_count, "chaos_same": _chaos_same, "chaos_regions": _chaos_regions}
