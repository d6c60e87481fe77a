"""Which candidates of a few cells some assignment keeping a rule supports.

A *piece* is a small rule over a few cells: relations (a predicate on some of its
positions, tested as soon as they all hold a value) and linear equations (``sum of
coef * value == const``, pruned by bounds as values are chosen). ``supports`` walks every
assignment of the piece's cells from their candidates, peers kept distinct, and returns
for each cell the values that appear in at least one assignment keeping the rule: every
other candidate is impossible, by the rule alone. Also returned: the sets of values the
assignments use (a cage's combinations).

A walk that would take more than ``cap`` nodes gives up (returns None): no deduction,
never a wrong one.

>>> p = Piece("pair rule", "V", (0, 1), linears=(({0: 1, 1: 1}, 5),))
>>> supports(p, [0b1111, 0b1111], lambda a, b: False, lo=1)[0]
[15, 15]
>>> supports(p, [0b0011, 0b1111], lambda a, b: False, lo=1)[0]  # 1 or 2: 4 or 3 beside
[3, 12]
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Piece:
    """A rule over ``cells`` (distinct cells, in the order the walk fills them)."""

    technique: str
    label: str                     # the rule in words, with where it is ("thermometer at R1C1")
    cells: tuple
    relations: tuple = ()          # (positions, predicate(values at those positions))
    linears: tuple = ()            # ({position: coef}, const): sum coef*value == const
    kind: str = ""                 # the constraint type it comes from
    combos: bool = False           # collect the value sets used (cages)
    meta: dict = field(default_factory=dict)

    def __post_init__(self):
        k = len(self.cells)
        self.at = [[] for _ in range(k)]   # relations to test once position i holds a value
        for positions, pred in self.relations:
            self.at[max(positions)].append((positions, pred))


class Cap(Exception):
    pass


def supports(piece: Piece, masks, are_peers, *, lo: int, cap: int = 20000):
    """``(support masks, combos)`` for the piece's cells, or None past ``cap`` nodes."""
    k = len(piece.cells)
    cells = piece.cells
    vals = [0] * k
    options = [[lo + b for b in range(m.bit_length()) if m >> b & 1] for m in masks]
    if any(not o for o in options):
        return [0] * k, set()
    before = [[j for j in range(i) if are_peers(cells[i], cells[j])] for i in range(k)]
    lins = [(tuple(coef.items()), const) for coef, const in piece.linears]
    support = [0] * k
    combos = set() if piece.combos else None
    nodes = 0
    full = list(masks)

    def linear_ok(i):
        for terms, const in lins:
            low = high = 0
            for pos, coef in terms:
                if pos <= i:
                    low += coef * vals[pos]
                    high += coef * vals[pos]
                else:
                    a, b = coef * options[pos][0], coef * options[pos][-1]
                    low += min(a, b)
                    high += max(a, b)
            if not low <= const <= high:
                return False
        return True

    def walk(i):
        nonlocal nodes
        if i == k:
            for j in range(k):
                support[j] |= 1 << (vals[j] - lo)
            if combos is not None:
                combos.add(tuple(sorted(vals)))
            elif support == full:
                raise Cap  # every candidate supported: nothing to learn, stop early
            return
        for v in options[i]:
            nodes += 1
            if nodes > cap:
                raise Cap
            if any(vals[j] == v for j in before[i]):
                continue
            vals[i] = v
            if all(pred(*(vals[q] for q in positions)) for positions, pred in piece.at[i]) \
                    and linear_ok(i):
                walk(i + 1)

    try:
        walk(0)
    except Cap:
        if support == full and combos is None:
            return full, set()
        return None
    return support, combos
