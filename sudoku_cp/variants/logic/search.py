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
>>> supports(Piece("x", "", (0, 1), linears=(({0: 1, 1: 1}, 3),)), [3, 3], lambda a, b: True, lo=1)
([3, 3], None, 3)
>>> supports(p, [0b0011, 0b1111], lambda a, b: False, lo=1)[0]  # 1 or 2: 4 or 3 beside
[3, 12]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import SudokuCpError


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
    cases: tuple = ()              # sub-pieces, one of which holds (``_union``)
    meta: dict = field(default_factory=dict)

    def __post_init__(self):
        k = len(self.cells)
        self.at = [[] for _ in range(k)]   # relations to test once position i holds a value
        for positions, pred in self.relations:
            self.at[max(positions)].append((positions, pred))


class Cap(SudokuCpError):
    """The search passed its node cap (caught inside the engine)."""


def supports(piece: Piece, masks, are_peers, *, lo: int, cap: int = 20000, together=None):
    """``(support masks, combos, must)`` for the piece's cells, or None past ``cap``
    nodes; ``must`` is the mask of the values every assignment uses somewhere.
    ``together``: a dict to fill with ``(i, a) -> [mask per position]``, the values each
    position takes in the assignments where position ``i`` holds ``a`` (the walk then
    runs to the end; not for a piece of cases)."""
    if piece.cases:
        if together is not None:
            return None
        return _union(piece, masks, are_peers, lo, cap)
    k = len(piece.cells)
    cells = piece.cells
    vals = [0] * k
    options = [[lo + b for b in range(m.bit_length()) if m >> b & 1] for m in masks]
    if any(not o for o in options):
        return [0] * k, set(), 0
    before = [[j for j in range(i) if are_peers(cells[i], cells[j])] for i in range(k)]
    lins = [(tuple(coef.items()), const) for coef, const in piece.linears]
    support = [0] * k
    combos = set() if piece.combos else None
    nodes = 0
    full = list(masks)
    must = [-1]

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
            used = 0
            for j in range(k):
                support[j] |= 1 << (vals[j] - lo)
                used |= 1 << (vals[j] - lo)
            must[0] &= used
            if combos is not None:
                combos.add(tuple(sorted(vals)))
            if together is not None:
                for j in range(k):
                    row = together.get((j, vals[j]))
                    if row is None:
                        row = together[(j, vals[j])] = [0] * k
                    for q in range(k):
                        row[q] |= 1 << (vals[q] - lo)
            elif combos is None and support == full and not must[0]:
                raise Cap  # every candidate supported, no value needed: stop early
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
        if support == full and combos is None and together is None and not must[0]:
            return full, set(), 0
        return None
    return support, combos, max(must[0], 0)


def _union(piece, masks, are_peers, lo, cap):
    """A rule that is one of several cases (``piece.cases``: sub-pieces over some of the
    piece's cells): a candidate is supported when some feasible case supports it, a cell
    a case leaves free keeping all its candidates in that case but those the case's
    ``meta["others"]`` mask rules out for them (a sandwich's ends: no other cell holds the
    smallest or the largest value). A case past ``cap`` nodes supports every candidate of
    its cells (no deduction from it, never a wrong one)."""
    index = {x: i for i, x in enumerate(piece.cells)}
    support, must, any_case = [0] * len(piece.cells), -1, False
    for case in piece.cases:
        keep = ~case.meta.get("others", 0)
        inside = set(case.cells)
        if any(not masks[i] & keep for x, i in index.items() if x not in inside):
            continue  # a free cell with nothing left: an infeasible case
        found = supports(case, [masks[index[x]] for x in case.cells], are_peers, lo=lo, cap=cap)
        if found is None:
            found = [masks[index[x]] for x in case.cells], None, 0
        sub, _, sub_must = found
        if not any(sub) or any(not m for m in sub):
            continue  # an infeasible case
        any_case = True
        where = {x: m for x, m in zip(case.cells, sub)}
        for x, i in index.items():
            support[i] |= where.get(x, masks[i] & keep)
        must &= sub_must
    if not any_case:
        return [0] * len(piece.cells), set(), 0
    return support, None, max(must, 0)
