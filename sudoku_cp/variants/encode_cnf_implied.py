"""Sums a killer's cages imply, as extra clauses for ``sat`` (issue 38: the hard killers).

Each area holding every value a known number of times (a full house: a row, column, box or
region with as many cells as values; a band of adjacent full rows or columns) sums to that
many times the values' total. Against the killer cages (no two sharing a cell):

- *innies*: the area's cells outside the cages wholly inside it sum to the area's total
  less those cages' totals;
- *outies*: when the cages touching the area cover it, their cells outside it sum to their
  totals less the area's.

Each such sum is a consequence of the rules, so no solution is lost; the solver meets a
contradiction sooner. Cells sharing a house are stated as a cage (sets of distinct
values), others as a sum. Derived here, apart from ``fast``'s own (``fastvar.implied``).
"""

from __future__ import annotations

from itertools import combinations

#: An implied sum over more cells than this is left out (``0``: none at all).
MOST = 0
#: A sum over cells that do not all share a house is left out above this many cells.
MOST_APART = 0
#: The widest band of adjacent rows or columns taken as one area.
BAND = 4


def implied_sums(puzzle) -> list[tuple[tuple[int, ...], int]]:
    """The innies and outies of ``puzzle``'s killer cages with a total, as ``(cells,
    total)``, each once and none a cage already stated; none without such cages."""
    if not MOST or puzzle.raw:
        return []
    cages = _cages(puzzle)
    if not cages:
        return []
    values = puzzle.value_range
    whole = sum(values)
    owner = {x: i for i, (cells, _) in enumerate(cages) for x in cells}
    seen = {cells for cells, _ in cages}
    out = []
    for area, times in _areas(puzzle, len(values)):
        near = sorted({owner[x] for x in area if x in owner})
        if not near:
            continue
        inside = [i for i in near if cages[i][0] <= area]
        found = []
        if inside:  # innies
            rest = area - frozenset().union(*(cages[i][0] for i in inside))
            found.append((rest, times * whole - sum(cages[i][1] for i in inside)))
        union = frozenset().union(*(cages[i][0] for i in near))
        if area <= union:  # outies
            found.append((union - area, sum(cages[i][1] for i in near) - times * whole))
        for cells, total in found:
            if 0 < len(cells) <= MOST and cells not in seen:
                seen.add(cells)
                out.append((tuple(sorted(cells)), total))
    return out


def _cages(puzzle) -> list[tuple[frozenset, int]]:
    """The killer cages with a total, greedily in order, those sharing a cell with one
    taken before left out."""
    taken, out = set(), []
    for c in puzzle.constraints:
        if c.TYPE == "killer_cage" and c.total is not None:
            cells = frozenset(c.cells)
            if len(cells) == len(c.cells) and taken.isdisjoint(cells):
                taken |= cells
                out.append((cells, c.total))
    return out


def _areas(puzzle, count: int):
    """Each full house once, then each band of 2 to ``BAND`` adjacent full rows, and of
    full columns, short of the whole grid, with how many times it holds each value."""
    full = list(dict.fromkeys(frozenset(h) for h in puzzle.houses() if len(h) == count))
    for h in full:
        yield h, 1
    n, w = puzzle.size, puzzle.cols
    rows = [frozenset(range(r * w, r * w + w)) for r in range(n)]
    cols = [frozenset(range(c, n * w, w)) for c in range(w)]
    known = set(full)
    for lines in (rows, cols):
        for k in range(2, min(BAND, len(lines) - 1) + 1):
            for first in range(len(lines) - k + 1):
                run = lines[first:first + k]
                if all(line in known for line in run):
                    yield frozenset().union(*run), k


def encode_implied(enc) -> None:
    """``implied_sums(enc.puzzle)`` into ``enc``: a cage's sets of distinct values where
    the cells share a house, else the layered partial sums."""
    from .encode_cnf_base import _house_pairs, cell_terms
    from .encode_cnf_sums import _killer_cage
    from .model import KillerCage

    sums = implied_sums(enc.puzzle)
    if not sums:
        return
    shared = _house_pairs(enc.puzzle.houses())
    for i, (cells, total) in enumerate(sums):
        if all((a, b) in shared for a, b in combinations(cells, 2)):
            _killer_cage(enc, KillerCage(cells, total), ("implied", i))
        elif len(cells) <= MOST_APART:
            enc.linear(cell_terms(enc, cells), total, ("implied_sum", i))
