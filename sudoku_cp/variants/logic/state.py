"""The candidate state of a variant puzzle, and its geometry computed once as tables.

Glossary: a *group* is any set of cells whose values differ (rows, columns, boxes or
irregular regions, extra regions, diagonals, killer cages, renban lines, disjoint groups);
a *full house* is a group with as many cells as the puzzle has values, so every value
is in it exactly once (what hidden singles and the rule of 45 need); two cells are
*peers* when they share a group or an anti-knight/anti-king rule keeps them apart.

Candidates are bitmasks: bit ``v - lo`` stands for value ``v``.

>>> from sudoku_cp.variants.model import VariantPuzzle, KillerCage
>>> g = Geometry(VariantPuzzle(4, constraints=(KillerCage((0, 5), 3),)))
>>> len(g.full_houses), 5 in g.peers[0]
(12, True)
"""

from __future__ import annotations

from ..model import KING, KNIGHT, neighbours
from ...errors import SudokuCpError


class Contradiction(SudokuCpError):
    """A cell lost its last candidate: the position has no solution."""


class Geometry:
    """Groups, full houses and peers of a puzzle, with a name for each group."""

    def __init__(self, puzzle):
        self.puzzle = p = puzzle
        if p.cols != p.size:  # (its tables read the grid as square)
            from ..paradigms import UnsupportedConstraint

            raise UnsupportedConstraint("shape", f"the logical solver: a non-square {p.shape_name} grid")
        if p.extra:
            from ..paradigms import UnsupportedConstraint

            raise UnsupportedConstraint("extra cells", "the logical solver: cells beyond the grid")
        if p.raw:
            from ..paradigms import UnsupportedConstraint

            raise UnsupportedConstraint("raw grid", "the logical solver: rows and columns that are no houses")
        n, lo, hi = p.size, *p.values
        self.lo, self.count = lo, hi - lo + 1
        names = ([f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
                 + [f"{'region' if p.regions is not None else 'box'} {b + 1}"
                    for b in range(len(p.boxes()))])
        groups = list(zip(p.houses(), names))
        for c in p.constraints:
            kind = c.TYPE
            if kind == "extra_region":
                groups.append((c.cells, f"extra region at {p.cell_name(c.cells[0])}"))
            elif kind == "diagonal":
                cells = tuple(r * n + (n - 1 - r if c.slope == 1 else r) for r in range(n))
                groups.append((cells, "the " + ("anti-diagonal" if c.slope == 1 else "diagonal")))
            elif kind == "killer_cage":
                groups.append((c.cells, cage_name(p, c)))
            elif kind in ("rellik_cage", "equality_cage", "lunchbox"):  # (values differ)
                groups.append((c.cells, f"{kind.split('_')[0]} at {p.cell_name(c.cells[0])}"))
            elif kind == "renban":
                groups.append((tuple(dict.fromkeys(c.cells)), f"renban at {p.cell_name(c.cells[0])}"))
            elif kind == "disjoint_groups":
                for k in range(n):
                    cells = tuple(box[k] for box in p.boxes() if k < len(box))
                    groups.append((cells, f"disjoint group {k + 1}"))
        seen, self.groups, self.names = set(), [], []
        for cells, name in groups:
            key = frozenset(cells)
            if len(key) > 1 and key not in seen:
                seen.add(key)
                self.groups.append(tuple(cells))
                self.names.append(name)
        self.full_houses = [i for i, g in enumerate(self.groups) if len(set(g)) == self.count]
        self.peers = [set() for _ in range(n * n)]
        for g in self.groups:
            for x in g:
                self.peers[x].update(g)
        steps = [s for c in p.constraints for s in
                 (KNIGHT if c.TYPE == "anti_knight" else KING if c.TYPE == "anti_king" else ())]
        for x in range(n * n):
            self.peers[x].update(neighbours(p, x, steps))
            self.peers[x].discard(x)

    def values(self, mask: int) -> list[int]:
        """The values a candidate mask holds, smallest first."""
        lo, out = self.lo, []
        while mask:
            low = mask & -mask
            out.append(lo + low.bit_length() - 1)
            mask ^= low
        return out

    def bit(self, value: int) -> int:
        return 1 << (value - self.lo)


def cage_name(p, c) -> str:
    total = "" if c.total is None else f"{c.total} "
    return f"cage {total}at {p.cell_name(c.cells[0])}"


class State:
    """Every cell's candidates (bitmasks) and which cells are placed."""

    def __init__(self, geometry: Geometry):
        self.g = g = geometry
        p = g.puzzle
        full = (1 << g.count) - 1
        self.cands = [full] * p.num_cells
        self.placed = [False] * p.num_cells
        for cell, value in p.givens:
            self.cands[cell] = g.bit(value)

    def values(self, cell: int) -> list[int]:
        return self.g.values(self.cands[cell])

    def has(self, cell: int, value: int) -> bool:
        return bool(self.cands[cell] >> (value - self.g.lo) & 1)

    def remove(self, cell: int, value: int) -> None:
        self.cands[cell] &= ~self.g.bit(value)
        if not self.cands[cell]:
            raise Contradiction(f"{self.g.puzzle.cell_name(cell)} has no candidate left")

    def solved(self) -> bool:
        return all(self.placed)

    def grid(self) -> list:
        """The placed values row by row (None where open)."""
        return [self.values(x)[0] if self.placed[x] and self.cands[x] else None
                for x in range(len(self.cands))]
