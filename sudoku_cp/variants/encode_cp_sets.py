"""CP-SAT encoders of ISS's set, connection, rank and doppelganger rules (``encode_cp.ENCODERS``
takes them in).

- *same values*: per value, the count of cells holding it in each set equals the first's;
- *region same values*: per value, "the house holds it" is the same Boolean in every house
  of the most cells;
- *connected values*: a root (the first holding cell) and Boolean reachability layers;
- *doppelganger*: 0 in every house; "misses v" per house, at most one house of a kind per
  value; a 0 sees no value missed twice;
- *full rank*: each line read as a number in base (count of values), the clue's count of
  smaller lines ``rank - 1``; lines too long for 62-bit numbers are declined by name;
  where the edges are houses, what the clue implies (``encode_rank``): its first value,
  and the count of the lines starting on it that read smaller (iss-examples-39: 5 s to
  0.1 s).
"""

from __future__ import annotations

from .encode_rank import implied
from .paradigms import UnsupportedConstraint


def _same_values(cp, c, k):
    size = len(c.cells) // c.sets
    groups = [c.cells[i * size:(i + 1) * size] for i in range(c.sets)]
    if size == 1:
        for x in c.cells[1:]:
            cp.model.add(cp.x[x] == cp.x[c.cells[0]])
        return
    for v in cp.values:
        first = sum(cp.is_value(x, v) for x in groups[0])
        for g in groups[1:]:
            cp.model.add(sum(cp.is_value(x, v) for x in g) == first)


def _holds(cp, cells, v, name):
    b = cp.bool_var(name)
    cp.model.add_max_equality(b, [cp.is_value(x, v) for x in cells])
    return b


def _region_same_values(cp, c, k):
    houses = cp.puzzle.houses()
    most = max(len(h) for h in houses)
    houses = [h for h in houses if len(h) == most]
    if len(cp.values) == most:
        return
    for v in cp.values:
        held = [_holds(cp, h, v, f"rsv{k}_{i}_{v}") for i, h in enumerate(houses)]
        for b in held[1:]:
            cp.model.add(b == held[0])


def _connected_values(cp, c, k):
    n = cp.puzzle.size
    cells = range(n * n)
    held = []
    for x in cells:
        b = cp.bool_var(f"cv{k}_held{x}")
        cp.model.add_max_equality(b, [cp.is_value(x, v) for v in c.values if v in cp.values])
        held.append(b)
    cp.model.add_bool_or(held)
    if c.size:
        cp.model.add(sum(held) == c.size)
    most = min(n * n, n * len(c.values), c.size or n * n)
    layer = []
    for x in cells:  # the root: the first holding cell
        b = cp.bool_var(f"cv{k}_root{x}")
        cp.model.add_bool_and([held[x], *(h.Not() for h in held[:x])]).OnlyEnforceIf(b)
        layer.append(b)
    for d in range(1, most):
        nxt = []
        for x in cells:
            r, col = divmod(x, n)
            near = [layer[rr * n + cc] for rr, cc in ((r - 1, col), (r + 1, col), (r, col - 1),
                                                      (r, col + 1)) if 0 <= rr < n and 0 <= cc < n]
            b = cp.bool_var(f"cv{k}_reach{x}_{d}")
            cp.model.add_implication(b, held[x])
            cp.model.add_bool_or([layer[x], *near]).OnlyEnforceIf(b)
            nxt.append(b)
        layer = nxt
    for x in cells:
        cp.model.add_implication(held[x], layer[x])


def _doppelganger(cp, c, k):
    n = cp.puzzle.size
    rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
    cols = [tuple(range(col, n * n, n)) for col in range(n)]
    kinds = (rows, cols, list(cp.puzzle.boxes()))
    for x in cp.x:  # values 0..n only
        cp.model.add_linear_constraint(x, 0, n)
    misses = {}
    for kind, houses in enumerate(kinds):
        for i, h in enumerate(houses):
            cp.model.add_bool_or([cp.is_value(x, 0) for x in h])
            for v in range(1, n + 1):
                misses[kind, i, v] = _holds(cp, h, v, f"dg{k}_{kind}_{i}_{v}").Not()
        for v in range(1, n + 1):
            cp.model.add_at_most_one([misses[kind, i, v] for i in range(len(houses))])
    box_of = {x: i for i, b in enumerate(kinds[2]) for x in b}
    for x in range(n * n):
        mine = [(0, x // n), (1, x % n)] + ([(2, box_of[x])] if x in box_of else [])
        for v in range(1, n + 1):
            cp.model.add(sum(misses[(*m, v)] for m in mine) <= 1).OnlyEnforceIf(cp.is_value(x, 0))


def _lines(n):
    out = []
    for r in range(n):
        out += [tuple(range(r * n, r * n + n)), tuple(range(r * n + n - 1, r * n - 1, -1))]
    for col in range(n):
        out += [tuple(range(col, n * n, n)), tuple(range(col, n * n, n))[::-1]]
    return out


def _numbers(cp, kind):
    """Each line read as a number (a linear expression), made once per model."""
    if not hasattr(cp, "_rank_numbers"):
        n, base = cp.puzzle.size, len(cp.values)
        if base ** n >= 2 ** 62:
            raise UnsupportedConstraint(kind, f"cpsat: a line of {n} values in base {base} "
                                              f"overflows 62-bit integers")
        cp._rank_numbers = {line: sum((cp.x[x] - cp.lo) * base ** (n - 1 - j)
                                      for j, x in enumerate(line)) for line in _lines(n)}
    return cp._rank_numbers


def _tie_rule(puzzle):
    """"any" when every tie rule says so (there is one), else the stricter default."""
    said = {x.ties for x in puzzle.constraints if x.TYPE == "full_rank_ties"}
    return "any" if said == {"any"} else "only-unclued"


def _full_rank(cp, c, k):
    numbers = _numbers(cp, "full_rank")
    mine = numbers[tuple(c.cells)]
    smaller = {}
    for line, number in numbers.items():
        if line == tuple(c.cells):
            continue
        b = cp.bool_var(f"rank{k}_{line[0]}_{line[1]}")
        cp.model.add(number < mine).OnlyEnforceIf(b)
        cp.model.add(number >= mine).OnlyEnforceIf(b.Not())
        if _tie_rule(cp.puzzle) != "any":
            cp.model.add(number != mine)
        smaller[line] = b
    cp.model.add(sum(smaller.values()) == c.rank - 1)
    _implied(cp, c, k, smaller)


def _implied(cp, c, k, smaller):
    """What the clue implies where each edge is a house (``encode_rank``): the first
    value, and how many of the other lines starting on it read smaller."""
    imp = implied(cp.puzzle, c)
    if imp is None:
        return
    cp.model.add(cp.x[c.cells[0]] == imp.first)
    mates = []  # "line f starts on the first value and reads smaller"
    for f in imp.others:
        b, starts = cp.bool_var(f"rank{k}_mate_{f[0]}_{f[1]}"), cp.is_value(f[0], imp.first)
        cp.model.add_bool_and([starts, smaller[f]]).OnlyEnforceIf(b)
        cp.model.add_bool_or([starts.Not(), smaller[f].Not()]).OnlyEnforceIf(b.Not())
        mates.append(b)
    cp.model.add(sum(mates) == imp.below)


def _full_rank_ties(cp, c, k):
    if c.ties != "none":
        return
    numbers = list(_numbers(cp, "full_rank_ties").values())
    for i, f in enumerate(numbers):  # (AddAllDifferent over the numbers took 30 s, per
        for g in numbers[i + 1:]:    # position "differs here" Booleans 10 s: this about 1)
            cp.model.add(f != g)


ENCODERS = {
    "same_values": _same_values,
    "region_same_values": _region_same_values,
    "connected_values": _connected_values,
    "doppelganger": _doppelganger,
    "full_rank": _full_rank,
    "full_rank_ties": _full_rank_ties,
}
