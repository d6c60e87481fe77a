"""CNF encoders of cage-like rules over a set of cells: weighted sums, rellik cages,
equality cages and exact counts of values (``encode_cnf.ENCODERS`` takes them in).

Each encoder is ``(enc, constraint, index) -> None`` and adds clauses to ``enc`` (an
``encode_cnf.CNF``); none solves.

- *weighted sum*: the layered partial sums of ``CNF.linear``, each term weighted;
- *rellik cage*: a house, one literal "value v is in the cage" per value, and for every
  set of values summing to the total a clause that one of them is absent;
- *equality cage*, *exact counts*: a house (equality), unit clauses against values
  outside both halves, and a sequential-counter cardinality over "cell holds a value of
  the class" (one value per cell, so the true literals count the cells).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations


from .encode_cnf_base import _house, exactly


def _sum(enc, c, k):
    weights = c.weights or (1,) * len(c.cells)
    enc.linear([(enc.x[x], w) for x, w in zip(c.cells, weights)], c.total, ("wsum", k))


def present(enc, cells, v, tag):
    """A literal equivalent to "some cell of ``cells`` holds ``v``"."""
    p = enc.aux(*tag, v)
    lits = [enc.x[x][v] for x in cells]
    enc.add([-p, *lits])
    for lit in lits:
        enc.add([p, -lit])
    return p


@lru_cache(maxsize=256)
def value_sets_summing(values, most, total):
    """The sets of 1 to ``most`` distinct ``values`` that sum to ``total``.

    >>> value_sets_summing((1, 2, 3, 4), 2, 4)
    [(4,), (1, 3)]
    """
    return [s for k in range(1, most + 1) for s in combinations(values, k) if sum(s) == total]


def _rellik_cage(enc, c, k):
    enc.differ(c.cells)
    sets = value_sets_summing(tuple(enc.values), len(c.cells), c.total)
    held = {}
    for s in sets:
        for v in s:
            if v not in held:
                held[v] = present(enc, c.cells, v, ("rellik", k))
        enc.add([-held[v] for v in s])


def _equality_cage(enc, c, k):
    _house(enc, c.cells, len(enc.values))
    values = list(enc.values)
    half, size = len(values) // 2, len(c.cells) // 2
    low, high = set(values[:half]), set(values[len(values) - half:])
    for x in c.cells:
        for v in values:
            if v not in low and v not in high:
                enc.add([-enc.x[x][v]])
    for group in ({v for v in values if v % 2 == 0}, low, high):
        exactly(enc, [enc.x[x][v] for x in c.cells for v in values if v in group], size)


def _contain_exact(enc, c, k):
    for v in sorted(set(c.values)):
        lits = [enc.x[x][v] for x in c.cells] if v in enc.values else []
        exactly(enc, lits, c.values.count(v))


#: Counting circles also get the implied sum over the values held: each value held by
#: the circles is held by as many circles as it says, so those values sum to the number
#: of circles (docs/variants_speed.md, nineteenth round).
CIRCLES_TOTAL = True


def _counting_circles(enc, c, k):
    terms = []
    for v in enc.values:
        lits = [enc.x[x][v] for x in c.cells]
        if not 1 <= v <= len(lits):
            for lit in lits:
                enc.add([-lit])
            continue
        held = present(enc, c.cells, v, ("circles", k))
        exactly(enc, lits, v, guard=held)
        terms.append(({0: -held, 1: held}, v))
    if CIRCLES_TOTAL and terms:
        enc.linear(terms, len(c.cells), ("circles_total", k))


def _equal_sum(enc, c, k):
    segments, at = [], 0
    for n in c.lengths:
        if n:
            segments.append(c.cells[at:at + n])
        at += n
    if len(segments) < 2:
        return
    low = max(len(s) for s in segments) * min(enc.values)
    top = min(len(s) for s in segments) * max(enc.values)
    sums = {t: enc.aux("equal_sum", k, t) for t in range(low, top + 1)}
    enc.exactly_one(list(sums.values()))  # (empty: no common sum, the empty clause)
    for i, seg in enumerate(segments):
        terms = [(enc.x[x], 1) for x in seg] + [(sums, -1)]
        enc.linear(terms, 0, ("equal_sum_seg", k, i))


def _count_distinct(enc, c, k):
    held = [present(enc, c.cells, v, ("distinct", k)) for v in enc.values]
    for t, lit in enc.x[c.cell].items():
        if not 1 <= t <= min(len(c.cells), len(held)):
            enc.add([-lit])
            continue
        exactly(enc, held, t, guard=lit)


ENCODERS = {
    "equal_sum": _equal_sum,
    "count_distinct": _count_distinct,
    "counting_circles": _counting_circles,
    "sum": _sum,
    "rellik_cage": _rellik_cage,
    "equality_cage": _equality_cage,
    "contain_exact": _contain_exact,
}
