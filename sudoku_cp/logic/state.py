"""The candidate state: every open cell's candidates as a bitmask, on any geometry.

Bit ``v - 1`` of ``cand[cell]`` is set when value ``v`` is still a candidate of an open
cell; a placed cell has ``values[cell] = v`` and ``cand[cell] = 0``. Houses come from
``board.geometry.houses``, so any box shape and any extra house (a diagonal, a window)
work unchanged. A house with fewer than n cells holds distinct values but need not hold
every value: reasoning that needs "every value somewhere in this house" (hidden singles,
hidden subsets, fish, strong links between two cells) uses the *full* houses only.

>>> from sudoku_cp import Board
>>> s = State.from_board(Board.parse("1..." "...2" "..4." ".3.."))
>>> s.candidates(1)
[2, 4]
"""

from __future__ import annotations

from typing import Sequence

from ..board import Board, Geometry, cell_name
from ..cache import ShapeCache
from ..errors import SudokuCpError


class Contradiction(SudokuCpError):
    """The candidates have reached an impossible state (a cell or a house is empty)."""


class TimeUp(SudokuCpError):
    """A time limit passed before the search ended."""


class Tables:
    """Per-geometry lookups, computed once per geometry."""

    def __init__(self, g: Geometry) -> None:
        n = g.n
        self.g, self.n, self.ncells, self.all = g, n, g.ncells, (1 << n) - 1
        self.houses = g.houses
        self.full = tuple(h for h, house in enumerate(g.houses) if len(house) == n)
        self.is_full = tuple(len(house) == n for house in g.houses)
        self.houses_of = g.houses_of
        self.peers = g.peers
        self.peer_set = tuple(frozenset(p) for p in g.peers)
        self.rows = range(0, n)
        self.cols = range(n, 2 * n)
        self.boxes = range(2 * n, 3 * n)
        self.kind = tuple("row" if h < n else "column" if h < 2 * n else "box" if h < 3 * n
                          else "house" for h in range(len(g.houses)))
        # (a, b, common): house a meets house b in two or more cells, not all of either
        self.intersections = []
        for a in range(3 * n):
            for b in range(3 * n):
                if a != b:
                    common = set(g.houses[a]) & set(g.houses[b])
                    if 2 <= len(common) < n:
                        self.intersections.append((a, b, tuple(sorted(common))))


#: The tables for a geometry, built on first use; a few shapes are kept (see ``cache``).
tables: ShapeCache[Geometry, Tables] = ShapeCache(Tables, size=16)


def bits(mask: int) -> list[int]:
    """The values (1-based) whose bits are set: ``bits(0b101) == [1, 3]``."""
    out, v = [], 1
    while mask:
        if mask & 1:
            out.append(v)
        mask >>= 1
        v += 1
    return out


def cname(cell: int, n: int) -> str:
    return cell_name(cell, n)


def hname(t: Tables, h: int) -> str:
    """'row 3', 'column 5', 'box 2' (boxes 1..n row-major) or 'house k'."""
    n = t.n
    if h < 3 * n:
        return f"{t.kind[h]} {h % n + 1}"
    return f"house {h + 1}"


class State:
    """Candidates and placed values; ``place`` and ``eliminate`` keep them consistent."""

    __slots__ = ("t", "n", "values", "cand", "open", "memo")

    def __init__(self, t: Tables, values: list[int], cand: list[int],
                 open_: list[int] | None = None) -> None:
        self.t, self.n, self.values, self.cand = t, t.n, values, cand
        # open cells per house, kept by place() (a full house with one is a full house step)
        self.open = open_ if open_ is not None else \
            [sum(1 for c in house if not values[c]) for house in t.houses]
        self.memo: dict = {}  # findings shared by techniques at this position, cleared on change

    @classmethod
    def from_values(cls, g: Geometry, values: Sequence[int]) -> "State":
        """The state after placing ``values`` (0 empty); a clash raises Contradiction."""
        t = tables(g)
        s = cls(t, [0] * t.ncells, [t.all] * t.ncells)
        for cell, v in enumerate(values):
            if v:
                s.place(cell, v)
        return s

    @classmethod
    def from_candidates(cls, g: Geometry, values: Sequence[int],
                        cand: Sequence[int]) -> "State":
        """The state after placing ``values``, with each open cell's candidates then cut
        to the bitmask ``cand[cell]`` (a pencil-mark grid: a sukaku); a cell or a clash
        left with nothing raises Contradiction.

        >>> g = Board.empty((2, 2)).geometry
        >>> State.from_candidates(g, [1] + [0] * 15, [0, 0b1010] + [0b1111] * 14).candidates(1)
        [2, 4]
        """
        s = cls.from_values(g, values)
        for cell, mask in enumerate(cand):
            if not s.values[cell]:
                for v in bits(s.cand[cell] & ~mask):
                    s.eliminate(cell, v)
        return s

    @classmethod
    def from_board(cls, board: Board) -> "State":
        return cls.from_values(board.geometry, board.givens)

    def copy(self) -> "State":
        return State(self.t, self.values[:], self.cand[:], self.open[:])

    def place(self, cell: int, value: int) -> None:
        """Put ``value`` in ``cell`` and remove it from every peer's candidates."""
        bit = 1 << (value - 1)
        if self.values[cell] or not self.cand[cell] & bit:
            raise Contradiction(f"{value} cannot go in {cname(cell, self.n)}")
        self.values[cell] = value
        self.cand[cell] = 0
        self.memo = {}
        for h in self.t.houses_of[cell]:
            self.open[h] -= 1
        cand = self.cand
        for p in self.t.peers[cell]:
            if cand[p] & bit:
                cand[p] &= ~bit
                if not cand[p] and not self.values[p]:
                    raise Contradiction(f"{cname(p, self.n)} has no candidate left")

    def eliminate(self, cell: int, value: int) -> bool:
        """Remove one candidate; True if it was there."""
        bit = 1 << (value - 1)
        if not self.cand[cell] & bit:
            return False
        self.cand[cell] &= ~bit
        self.memo = {}
        if not self.cand[cell]:
            raise Contradiction(f"{cname(cell, self.n)} has no candidate left")
        return True

    def candidates(self, cell: int) -> list[int]:
        return bits(self.cand[cell])

    @property
    def solved(self) -> bool:
        return 0 not in self.values

    def where(self, h: int, value: int) -> list[int]:
        """The open cells of house ``h`` that still have ``value``."""
        bit = 1 << (value - 1)
        return [c for c in self.t.houses[h] if self.cand[c] & bit]

    def placed_in(self, h: int) -> int:
        """Bitmask of the values already placed in house ``h``."""
        m = 0
        for c in self.t.houses[h]:
            if self.values[c]:
                m |= 1 << (self.values[c] - 1)
        return m

    def check(self) -> None:
        """Raise Contradiction if an open cell or a full house has run out of room."""
        for c in range(self.t.ncells):
            if not self.values[c] and not self.cand[c]:
                raise Contradiction(f"{cname(c, self.n)} has no candidate left")
        for h in self.t.full:
            seen = 0
            for c in self.t.houses[h]:
                seen |= self.cand[c] | (1 << (self.values[c] - 1) if self.values[c] else 0)
            if seen != self.t.all:
                missing = bits(self.t.all & ~seen)[0]
                raise Contradiction(f"{missing} has no place left in {hname(self.t, h)}")

