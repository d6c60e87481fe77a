"""The law of leftovers: two sets of whole houses, as many houses each, hold the same
values; so the cells of one outside the other (its *leftovers*) hold the same values, as a
multiset, as the other's leftovers.

On a jigsaw the sets are a run of adjacent rows (or columns) and the same number of
regions that cover most of it: the regions inside the run, then those with most cells in
it. Each pair of leftover sets of at most ``limit`` cells becomes a piece whose rule is
"the two sides hold the same values", walked like any other (``search.supports``): a
value no cell of one side can hold is not on the other, and one cell each side makes
the two equal.

>>> from sudoku_cp.variants.model import VariantPuzzle
>>> from sudoku_cp.variants.logic.state import Geometry
>>> regions = ((0, 1, 2, 4), (3, 6, 7, 11), (5, 8, 9, 12), (10, 13, 14, 15))
>>> [p.label for p in leftovers(Geometry(VariantPuzzle(4, regions=regions)))][:2]
['leftovers of row 1 and region 1', 'leftovers of column 1 and region 1']
"""

from __future__ import annotations

from .search import Piece


def _among(*v):
    """The last value is one of the others (an inside cell's value is among the outside's)."""
    return v[-1] in v[:-1]


def _same_values(k):
    return lambda *v: sorted(v[:k]) == sorted(v[k:])


def leftovers(geometry, limit=4):
    """Law-of-leftovers pieces for a puzzle with irregular regions (none otherwise)."""
    p = geometry.puzzle
    if p.regions is None or geometry.count != p.size:
        return []
    n = p.size
    regions = [frozenset(r) for r in p.regions]
    pieces, seen = [], set()
    for k in range(1, n):
        for start in range(n - k + 1):
            for word, cells in (("row", lambda i: range(i * n, i * n + n)),
                                ("column", lambda i: range(i, n * n, n))):
                area = {x for i in range(start, start + k) for x in cells(i)}
                ranked = sorted(range(len(regions)), key=lambda r: -len(regions[r] & area))
                chosen = ranked[:k]
                covered = set().union(*(regions[r] for r in chosen))
                out, inside = sorted(area - covered), sorted(covered - area)
                key = (frozenset(out), frozenset(inside))
                if not out or len(out) > limit or key in seen:
                    continue
                seen.add(key)
                name = (f"{word} {start + 1}" if k == 1 else
                        f"{word}s {start + 1}-{start + k}")
                said = ", ".join(str(r + 1) for r in sorted(chosen))
                label = f"leftovers of {name} and region{'s' if k > 1 else ''} {said}"
                both = tuple(out + inside)
                k_out = len(out)
                early = tuple((tuple(range(k_out)) + (k_out + j,), _among)
                              for j in range(len(inside)))  # (prunes the walk early)
                pieces.append(Piece("law of leftovers", label, both,
                                    relations=early + ((tuple(range(len(both))),
                                                        _same_values(k_out)),),
                                    kind="leftovers",
                                    meta={"words": "leftovers", "sides": (tuple(out), tuple(inside))}))
    return pieces
