"""The independent checks of ISS's set, connection, rank and doppelganger rules.

Part of the checker (``rules.CHECKS`` takes these): each rule from its definition on a
finished grid, sharing no code with the encoders (``encode_cnf_sets``, ``encode_cp_sets``,
``witness_sets``). Split from ``rules`` to keep each module under ~800 lines.

>>> from sudoku_cp.variants import model as m
>>> p = m.VariantPuzzle(4, constraints=(m.ConnectedValues((1,), 0),))
>>> list(_connected_values(p, (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1), p.constraints[0]))
['the 4 cells holding 1 are 4 groups, not one']
"""

from __future__ import annotations

from collections import Counter


def _name(p, cell):
    return f"R{cell // p.cols + 1}C{cell % p.cols + 1}"


def _same_values(p, v, c):
    k = len(c.cells) // c.sets
    groups = [c.cells[i * k:(i + 1) * k] for i in range(c.sets)]
    held = [sorted(v[x] for x in g) for g in groups]
    if any(h != held[0] for h in held):
        yield "the sets hold " + " / ".join(",".join(map(str, h)) for h in held)


def _rows_cols_boxes(p):
    n = p.size
    rows = [[r * n + k for k in range(n)] for r in range(n)]
    cols = [[r * n + k for r in range(n)] for k in range(n)]
    return rows, cols, [list(b) for b in p.boxes()]


def _region_same_values(p, v, c):
    rows, cols, boxes = _rows_cols_boxes(p)
    houses = rows + cols + boxes
    most = max(len(h) for h in houses)
    sets = {frozenset(v[x] for x in h) for h in houses if len(h) == most}
    if len(sets) > 1:
        yield f"houses of {most} cells hold {len(sets)} different sets of values"


def _connected_values(p, v, c):
    n = p.size
    held = {x for x in range(n * n) if v[x] in c.values}
    what = "/".join(map(str, c.values))
    if not held:
        yield f"no cell holds {what}"
        return
    groups, left = 0, set(held)
    while left:
        groups += 1
        todo = [left.pop()]
        while todo:
            r, k = divmod(todo.pop(), n)
            for rr, kk in ((r + 1, k), (r - 1, k), (r, k + 1), (r, k - 1)):
                if 0 <= rr < n and 0 <= kk < n and rr * n + kk in left:
                    left.discard(rr * n + kk)
                    todo.append(rr * n + kk)
    if groups > 1:
        yield f"the {len(held)} cells holding {what} are {groups} groups, not one"
    if c.size and len(held) != c.size:
        yield f"{len(held)} cells hold {what}, not {c.size}"


def _doppelganger(p, v, c):
    n = p.size
    kinds = dict(zip(("row", "column", "box"), _rows_cols_boxes(p)))
    missed = {}
    for kind, houses in kinds.items():
        for i, h in enumerate(houses):
            gone = set(range(n + 1)) - {v[x] for x in h}
            if len(gone) != 1 or 0 in gone:
                yield f"{kind} {i + 1} misses {sorted(gone)}, not one value of 1..{n}"
                return
            missed[kind, i] = gone.pop()
        if len({missed[kind, i] for i in range(len(houses))}) != len(houses):
            yield f"two {kind}s miss the same value"
    box_of = {x: i for i, b in enumerate(kinds["box"]) for x in b}
    for x in range(n * n):
        if v[x] != 0:
            continue
        gone = [missed["row", x // n], missed["column", x % n]]
        if x in box_of:
            gone.append(missed["box", box_of[x]])
        if len(set(gone)) != len(gone):
            yield f"the 0 at {_name(p, x)} sees its houses miss {gone}"


def _lines(p, v):
    """Every row and column read both ways, as tuples of values (ISS's ranked entries)."""
    rows, cols, _ = _rows_cols_boxes(p)
    out = {}
    for line in rows + cols:
        out[tuple(line)] = tuple(v[x] for x in line)
        out[tuple(line[::-1])] = tuple(v[x] for x in line[::-1])
    return out


def _tie_rule(p):
    """"any" when every tie rule says so (there is one), else the stricter default."""
    said = {x.ties for x in p.constraints if x.TYPE == "full_rank_ties"}
    return "any" if said == {"any"} else "only-unclued"


def _full_rank(p, v, c):
    lines = _lines(p, v)
    read = lines[tuple(c.cells)]
    below = sum(other < read for other in lines.values())
    if below + 1 != c.rank:
        yield f"reads {''.join(map(str, read))}, ranked {below + 1}, not {c.rank}"
    ties = Counter(lines.values())[read] - 1
    if ties and _tie_rule(p) != "any":
        yield f"reads {''.join(map(str, read))} as {ties} other line(s) do"


def _full_rank_ties(p, v, c):
    if c.ties == "none":
        counts = Counter(_lines(p, v).values())
        tied = [read for read, k in counts.items() if k > 1]
        if tied:
            yield f"{len(tied)} readings of rows or columns tie"


CHECKS = {
    "same_values": _same_values, "region_same_values": _region_same_values,
    "connected_values": _connected_values, "doppelganger": _doppelganger,
    "full_rank": _full_rank, "full_rank_ties": _full_rank_ties,
}
