"""The CNF encoding of chaos construction (``encode_cnf.ENCODERS`` takes it in).

The regions are unknowns: a label literal ``r[cell][k]`` per cell and region ``k`` (one
per cell), and the rule in three parts:

- *every region holds every value once*: ``y[cell][k][v] <-> r[cell][k] and x[cell][v]``,
  exactly one ``y`` per region and value (so each region has ``size`` cells);
- *one labelling per split* (symmetry breaking): region ``k`` first appears after region
  ``k - 1`` in reading order, through prefix literals ``seen[cell][k]`` ("some cell up to
  here has label ``k``"); the *root* of a region is its first cell, a cell whose label
  was not seen before it;
- *connected* (reachability layers): ``d[cell][t]`` "the cell is reached from its root in
  ``t`` steps inside its region": ``d[cell][0]`` only at a root, ``d[cell][t]`` needs
  ``d[cell][t - 1]`` or a neighbour reached at ``t - 1`` with the same label, and every
  cell is reached by ``t = size - 1`` (a region of ``size`` cells has no longer path).

The label literals are *shown* (``enc.shown``): ``sat`` blocks each solution over them
too, so a grid with two splits is two solutions, as ISS counts it.
"""

from __future__ import annotations


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
                for q in regions:
                    enc.add([-s, -r[a][q], r[b][q]])
                    enc.add([-s, -r[b][q], r[a][q]])
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


ENCODERS = {"chaos_construction": _chaos_construction}
