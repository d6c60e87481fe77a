"""Pieces for the newer constraint types (issue 37's): simple logic, each from the rule's
definition, so none of them is passed over in silence.

A rule over many cells is walked whole only when short (``WHOLE`` cells); longer, only
its two-cell consequences are pieces (a rellik cage: no two of its values make the
total), which are weaker but sound. Indexing rules are walked as cases (``Piece.cases``:
one per value of the index cell).
"""

from __future__ import annotations

from itertools import combinations

from .pieces import WHOLE, _name, line_piece, windows
from .search import Piece


def _indexing(p, c):
    """One case per index ``k``: the cell holds ``k`` and the ``k``-th cell holds the value."""
    cases = []
    for k, target in enumerate(c.cells, start=1):
        if target == c.cell:
            if k == c.value:
                cases.append(Piece("pair rule", "", (c.cell,),
                                   relations=(((0,), (lambda k: lambda v: v == k)(k)),)))
            continue
        cases.append(Piece("pair rule", "", (c.cell, target), relations=(
            ((0,), (lambda k: lambda v: v == k)(k)),
            ((1,), (lambda w: lambda v: v == w)(c.value)))))
    cells = tuple(dict.fromkeys((c.cell,) + tuple(c.cells)))
    return [Piece("pair rule", f"index at {p.cell_name(c.cell)} (its value k: the k-th cell "
                               f"holds {c.value})", cells, kind=c.TYPE, cases=tuple(cases))]


def _value_indexing(p, c):
    """One case per index ``k`` held by the second cell: the ``k``-th cell after it holds
    the first cell's value."""
    first, index, rest = c.cells[0], c.cells[1], c.cells[2:]
    cases = []
    for k, target in enumerate(rest, start=1):
        is_k = (lambda k: lambda v: v == k)(k)
        if target == first:
            cases.append(Piece("pair rule", "", (index,), relations=(((0,), is_k),)))
        else:
            cases.append(Piece("pair rule", "", (first, index, target),
                               relations=(((1,), is_k), ((0, 2), lambda a, b: a == b))))
    cells = tuple(dict.fromkeys(c.cells))
    return [Piece("pair rule", f"value index at {p.cell_name(index)}", cells, kind=c.TYPE,
                  cases=tuple(cases))]


def _pair(p, c):
    ok = set(zip(c.allowed[::2], c.allowed[1::2]))
    pairs = combinations(c.cells, 2) if c.all_pairs else zip(c.cells, c.cells[1:])
    out = []
    for a, b in pairs:
        label = f"allowed pairs {_name(p, (a, b))}"
        if a == b:
            out.append(line_piece("pair rule", label, (a,), whole=[lambda v: (v[0], v[0]) in ok],
                                  kind=c.TYPE))
        else:
            out.append(line_piece("pair rule", label, (a, b), pairs=[lambda x, y: (x, y) in ok],
                                  kind=c.TYPE))
    return out


def _sum(p, c):
    weights = c.weights or (1,) * len(c.cells)
    coefs = dict(enumerate(weights))
    return [line_piece("little killer", f"sum {c.total} at {_name(p, c.cells)}", c.cells,
                       linears=((coefs, c.total),), kind=c.TYPE)]


def _subset_sums(values):
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums}
    return sums - {0}


def _rellik(p, c):
    """No one or more values make the total: no cell holds it, no two make it, and, on a
    short cage, no subset at all."""
    k = len(c.cells)
    total = c.total
    pairs = [lambda a, b: a + b != total]
    label = f"rellik cage {total} at {p.cell_name(c.cells[0])}"
    out = [line_piece("cage combinations", label, (x,), whole=[lambda v: v[0] != total],
                      kind=c.TYPE) for x in c.cells]
    if k <= WHOLE:
        out.append(line_piece("cage combinations", label, c.cells,
                              whole=[lambda v: total not in _subset_sums(v)], kind=c.TYPE))
    else:
        out += [line_piece("cage combinations", label, (a, b), pairs=pairs, kind=c.TYPE)
                for a, b in combinations(c.cells, 2)]
    return out


def _equality(p, c):
    lo, hi = p.values
    half = (hi - lo + 1) // 2

    def ok(v):
        even = sum(x % 2 == 0 for x in v)
        low = sum(x < lo + half for x in v)
        high = sum(x > hi - half for x in v)
        return 2 * even == 2 * low == 2 * high == len(v)
    if len(c.cells) > WHOLE + 2:
        return []
    return [line_piece("cage combinations", f"equality cage at {p.cell_name(c.cells[0])}",
                       c.cells, whole=[ok], kind=c.TYPE)]


def _lunchbox(p, c):
    def ok(v):
        i, j = sorted((v.index(min(v)), v.index(max(v))))
        return sum(v[i + 1:j]) == c.total
    if len(c.cells) > WHOLE + 1:
        return []
    return [line_piece("outside clue", f"lunchbox {c.total} at {p.cell_name(c.cells[0])}",
                       c.cells, whole=[ok], kind=c.TYPE)]


def _equal_sum(p, c):
    """Each two neighbouring non-empty segments have the same sum."""
    segs, at = [], 0
    for length in c.lengths:
        if length:
            segs.append(tuple(c.cells[at:at + length]))
        at += length
    out = []
    for s, t in zip(segs, segs[1:]):
        line = s + t
        if len(set(line)) != len(line) or len(line) > 8:
            continue
        coefs = {i: (1 if i < len(s) else -1) for i in range(len(line))}
        out.append(line_piece("line", f"equal sums at {_name(p, c.cells)}", line,
                              linears=((coefs, 0),), kind=c.TYPE))
    return out


def _contain_exact(p, c):
    want = sorted(c.values)

    def ok(v):
        return all(v.count(x) == want.count(x) for x in set(want))
    if len(c.cells) > WHOLE:
        return []
    return [line_piece("pair rule", f"contains {', '.join(map(str, want))} at "
                                    f"{_name(p, c.cells)}", c.cells, whole=[ok], kind=c.TYPE)]


def _dutch_flatmates(p, c):
    """Each cell with its neighbours above and below: the middle value needs the lowest
    above or the highest below."""
    n, (lo, hi) = p.size, p.values
    middle = lo + (hi - lo + 2) // 2 - 1
    out = []
    for x in range(n * n):
        above = x - n if x >= n else None
        below = x + n if x + n < n * n else None
        cells = tuple(y for y in (above, x, below) if y is not None)
        me = cells.index(x)

        def ok(v, me=me, up=above is not None, down=below is not None):
            if v[me] != middle:
                return True
            return (up and v[me - 1] == lo) or (down and v[me + 1] == hi)
        out.append(line_piece("pair rule", f"dutch flatmates at {p.cell_name(x)}", cells,
                              whole=[ok], kind=c.TYPE))
    return out


def fits_runs(vals, total, start, end) -> bool:
    """Whether ``vals``, a stretch of a sum line, can lie on it: some running sum of the
    current run before the stretch (0 when it begins the line, ``start``) never steps
    over a multiple of ``total`` (a run would pass it), and ends on one when the stretch
    ends the line (``end``).

    >>> fits_runs((3, 7, 4, 6), 10, True, True), fits_runs((3, 8), 10, True, False)
    (True, False)
    >>> fits_runs((8, 4, 6), 10, False, False)  # (2 carried: 2+8, then 4+6)
    True
    """
    for carried in ((0,) if start else range(total)):
        s = carried
        for v in vals:
            t = s + v
            if (t - 1) // total > s // total:
                break
            s = t
        else:
            if not end or s % total == 0:
                return True
    return False


def _sum_line(p, c):
    """The line walked whole when short, else in windows, each stretch pruned as it
    grows (``fits_runs``); a loop has no first cell, so only its stretches, or all its
    turns when short."""
    cells = tuple(c.cells)
    if len(set(cells)) != len(cells) or c.total <= 0:
        return []  # (a line through a cell twice: left to the other engines)
    if c.loop and len(cells) <= WHOLE:
        turns = [cells[k:] + cells[:k] for k in range(len(cells))]
        index = {x: i for i, x in enumerate(cells)}

        def ok(*v):
            return any(fits_runs([v[index[x]] for x in t], c.total, True, True) for t in turns)
        return [Piece("line", f"sum line {_name(p, cells)}", cells, kind=c.TYPE,
                      relations=((tuple(range(len(cells))), ok),))]
    out = []
    for w in windows(cells):
        at = cells.index(w[0])
        start = not c.loop and at == 0
        end = not c.loop and at + len(w) == len(cells)
        rel = tuple((tuple(range(i + 1)), (lambda first, last: lambda *v: fits_runs(
                        v, c.total, first, last))(start, end and i == len(w) - 1))
                    for i in range(len(w)))
        out.append(Piece("line", f"sum line {_name(p, cells)}", w, relations=rel,
                         kind=c.TYPE))
    return out


BUILDERS_MORE = {
    "indexing": _indexing, "value_indexing": _value_indexing, "pair": _pair, "sum": _sum,
    "rellik_cage": _rellik, "equality_cage": _equality, "lunchbox": _lunchbox,
    "equal_sum": _equal_sum, "contain_exact": _contain_exact,
    "dutch_flatmates": _dutch_flatmates, "sum_line": _sum_line,
}
