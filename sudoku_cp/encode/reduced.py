"""The pre-propagated CNF of one puzzle: variables only for the candidates left.

``encode.cnf`` writes one formula per board *shape*, n³ cell-value variables, and a
puzzle's givens are assumptions: ideal when thousands of 9×9 puzzles share a solver.
On a large board that formula is mostly dead weight: a 36×36 puzzle with half its
cells given rules out nine in ten of its 46,656 cell-value pairs before any search.
``reduce_board`` first works out what the givens settle, with its own small
propagation (no solver), and then writes the CNF of what is left:

1. **Eliminate**: a given (or settled) value is struck from the candidates of every
   peer, the other cells of its houses (any house, whatever its size: its cells
   differ).
2. **Singles** (``singles=True``, the default), to a fixed point: a cell with one
   candidate left (naked single) is settled; a value with one candidate cell left in
   a house of n cells (hidden single) is settled there. Only houses of n cells hold
   every value, so hidden singles look at those alone (an extra house of fewer cells
   need not hold a given value at all).
3. **Write** the clauses over the candidates of the unsettled (*free*) cells, with the
   families of ``encode.cnf``: each free cell holds one of its candidates (and, in the
   ``extended`` encoding, at most one); in every house each value not yet placed there
   is held by at most one of its candidate cells (and, extended, by at least one in a
   house of n cells).

Every step is a sound inference, so the puzzle and the reduced formula have the same
solutions once the settled cells are filled in. A **contradiction** (two givens alike
in a house, a cell left without a candidate, a value with no cell left in a house of
n cells, a house of more cells than values) is found while reducing and reported in
``contradiction``: the puzzle has no solution and no formula is written.

Variables are keyed ``(row, col, value)`` in an ``IDPool`` like ``encode.cnf``'s, but
only candidates of free cells get one, in cell order and then by value, so their ids
are ``1 .. nv``; at-most-one auxiliaries (see ``encode.amo``) come after.

>>> from sudoku_cp.board import Board
>>> red = reduce_board(Board.parse("1..." "..2." ".3.." "...4"))
>>> red.contradiction, red.nv, red.free, len(red.clauses)  # singles settle every cell
(None, 0, 0, 0)
>>> red = reduce_board(Board.parse("1..." "..2." ".3.." "...4"), singles=False)
>>> red.nv, red.free, red.settled_by_singles
(20, 12, 0)
>>> reduce_board(Board.parse("11.." "...." "...." "....")).contradiction
'row 1 holds 1 twice (r1c1, r1c2)'
"""

from __future__ import annotations

from ..errors import SudokuCpError, UsageError

from dataclasses import dataclass, field
from typing import Any, Sequence

from ..board import Board, Geometry, cell_name

#: ``amo="auto"``: pairwise "at most one" for lists up to this long, a sequential
#: counter beyond (they write about as many clauses at 6 literals: 15 against 14).
PAIRWISE_UP_TO = 6


@dataclass(frozen=True, eq=False)
class Reduced:
    """The reduced formula of one puzzle and what the reduction settled.

    ``settled[cell]`` is the value of a given or settled cell, 0 for a free cell;
    ``cell_value[id]`` is the ``(cell, value)`` of candidate variable ``id`` (index 0
    unused); ``top`` is the highest variable id in ``clauses`` (auxiliaries included).
    """

    geometry: Geometry
    encoding: str
    settled: tuple[int, ...]
    clauses: list[list[int]] = field(repr=False)
    cell_value: tuple[tuple[int, int], ...] = field(repr=False)
    top: int
    settled_by_singles: int
    contradiction: str | None = None

    @property
    def nv(self) -> int:
        """Candidate variables (ids 1..nv)."""
        return len(self.cell_value) - 1

    @property
    def free(self) -> int:
        """Cells the reduction left open."""
        return self.settled.count(0)

    def solution(self, model: Sequence[int]) -> tuple[int, ...]:
        """The full grid a model describes: the settled cells plus each free cell's
        true candidate (one per free cell in every model, see ``encode.cnf.decode``)."""
        values = list(self.settled)
        cell_value = self.cell_value
        for lit in model[: self.nv]:
            if lit > 0:
                cell, value = cell_value[lit]
                values[cell] = value
        return tuple(values)

    def stats(self) -> dict[str, Any]:
        """Sizes for a backend's ``Result.stats``."""
        return {"variables": self.nv, "auxiliary_variables": self.top - self.nv,
                "clauses": len(self.clauses), "free_cells": self.free,
                "settled_by_singles": self.settled_by_singles,
                "contradiction": self.contradiction}


class _Contradiction(SudokuCpError):
    """The puzzle has no solution; the message says where that shows."""


def reduce_board(board: Board, encoding: str = "extended", amo: str = "auto",
                 singles: bool = True) -> Reduced:
    """The pre-propagated CNF of ``board`` (see the module docstring).

    ``encoding`` is ``extended`` or ``minimal`` as in ``encode.cnf``; ``amo`` names an
    at-most-one encoding of ``encode.amo`` for every list, or ``auto`` (pairwise up to
    ``PAIRWISE_UP_TO`` literals, sequential beyond).
    """
    from .amo import check_encoding
    from .cnf import ENCODINGS

    if encoding not in ENCODINGS:
        raise UsageError(f"unknown encoding {encoding!r}; choose from: {', '.join(ENCODINGS)}")
    if amo != "auto":
        check_encoding(amo)
    geometry = board.geometry
    candidates = _Candidates(geometry)
    try:
        candidates.check_sizes()
        candidates.place_givens(board.givens)
        before = candidates.settled_count()
        if singles:
            candidates.singles()
        else:  # still refuse a house of n cells that has lost a value for good
            for h, house in candidates.full_houses():
                candidates._hidden(h, house)
        by_singles = candidates.settled_count() - before
    except _Contradiction as exc:
        return Reduced(geometry, encoding, tuple(candidates.value), [], ((0, 0),), 0, 0, str(exc))
    return _write(geometry, encoding, amo, candidates, by_singles)


class _Candidates:
    """Candidate bit sets per cell (bit v set: value v still possible) and settled values."""

    def __init__(self, geometry: Geometry):
        self.geometry = geometry
        n = geometry.n
        self.all = ((1 << n) - 1) << 1  # bits 1..n
        self.mask = [self.all] * geometry.ncells
        self.value = [0] * geometry.ncells
        self.queue: list[int] = []  # cells left with one candidate, to settle

    def check_sizes(self) -> None:
        """Refuse a house of more cells than values: its cells cannot all differ."""
        g = self.geometry
        for h, house in enumerate(g.houses):
            if len(house) > g.n:
                raise _Contradiction(f"{g.house_name(h)} has {len(house)} cells for {g.n} values")

    def settled_count(self) -> int:
        return sum(1 for v in self.value if v)

    def place_givens(self, givens: Sequence[int]) -> None:
        for cell, value in enumerate(givens):
            if value:
                self.place(cell, value)

    def place(self, cell: int, value: int) -> None:
        """Settle ``cell`` to ``value`` and strike ``value`` from its peers."""
        bit = 1 << value
        if self.value[cell] == value:
            return
        if not self.mask[cell] & bit:
            raise _Contradiction(self._why_not(cell, value))
        self.value[cell] = value
        self.mask[cell] = bit
        mask = self.mask
        for peer in self.geometry.peers[cell]:
            if mask[peer] & bit:
                if self.value[peer]:  # the peer is settled to this very value
                    raise _Contradiction(self._why_not(peer, value))
                mask[peer] &= ~bit
                left = mask[peer]
                if not left:
                    raise _Contradiction(f"{self._name(peer)} has no candidate left")
                if not left & (left - 1):
                    self.queue.append(peer)

    def singles(self) -> None:
        """Naked and hidden singles until neither settles another cell."""
        full_houses = self.full_houses()
        while True:
            while self.queue:  # naked singles
                cell = self.queue.pop()
                if not self.value[cell]:
                    self.place(cell, self.mask[cell].bit_length() - 1)
            found = False
            for h, house in full_houses:  # hidden singles in houses of n cells
                for cell, value in self._hidden(h, house):
                    if not self.value[cell]:
                        self.place(cell, value)
                        found = True
            if not found and not self.queue:
                return

    def full_houses(self) -> list[tuple[int, Sequence[int]]]:
        """(index, cells) of the houses of n cells, the ones that hold every value."""
        n = self.geometry.n
        return [(h, house) for h, house in enumerate(self.geometry.houses) if len(house) == n]

    def _hidden(self, h: int, house: Sequence[int]) -> list[tuple[int, int]]:
        """(cell, value) for each value with one candidate cell left in a house of n cells."""
        once = twice = placed = 0
        for cell in house:
            if self.value[cell]:
                placed |= self.mask[cell]
            else:
                m = self.mask[cell]
                twice |= once & m
                once |= m
        missing = self.all & ~placed & ~once
        if missing:
            value = (missing & -missing).bit_length() - 1
            raise _Contradiction(f"{self.geometry.house_name(h)} has no cell left for {value}")
        lone = once & ~twice & ~placed
        found = []
        while lone:
            bit = lone & -lone
            lone ^= bit
            cell = next(c for c in house if not self.value[c] and self.mask[c] & bit)
            found.append((cell, bit.bit_length() - 1))
        return found

    def _name(self, cell: int) -> str:
        return cell_name(cell, self.geometry.n)

    def _why_not(self, cell: int, value: int) -> str:
        """Why ``value`` cannot go in ``cell``: name a house where it is already placed."""
        g = self.geometry
        for h in g.houses_of[cell]:
            for other in g.houses[h]:
                if other != cell and self.value[other] == value:
                    first, second = sorted((cell, other))
                    return (f"{g.house_name(h)} holds {value} twice "
                            f"({self._name(first)}, {self._name(second)})")
        return f"{self._name(cell)} cannot hold {value}"


def _write(geometry: Geometry, encoding: str, amo: str, cand: _Candidates,
           by_singles: int) -> Reduced:
    """The clauses over the free cells' candidates (step 3 of the module docstring)."""
    from pysat.formula import IDPool

    from .amo import at_most_one

    n = geometry.n
    pool = IDPool()
    lit: dict[tuple[int, int], int] = {}  # (cell, value) -> variable id
    cell_value: list[tuple[int, int]] = [(0, 0)]
    for cell in range(geometry.ncells):
        if not cand.value[cell]:
            row, col = geometry.rowcol(cell)
            for value in range(1, n + 1):
                if cand.mask[cell] >> value & 1:
                    lit[cell, value] = pool.id((row, col, value))
                    cell_value.append((cell, value))
    extended = encoding == "extended"

    def amo_clauses(lits: list[int]) -> list[list[int]]:
        name = amo if amo != "auto" else ("pairwise" if len(lits) <= PAIRWISE_UP_TO
                                          else "sequential")
        return at_most_one(lits, pool, name)

    clauses: list[list[int]] = []
    # Free cells: at least one candidate (and, extended, at most one).
    for cell in range(geometry.ncells):
        if not cand.value[cell]:
            lits = [lit[cell, v] for v in range(1, n + 1) if (cell, v) in lit]
            clauses.append(lits)
            if extended:
                clauses.extend(amo_clauses(lits))
    # Houses: each value not yet placed there at most once (and, extended, at least
    # once in a house of n cells; ``_hidden`` made sure such a value has a cell left).
    for house in geometry.houses:
        for value in range(1, n + 1):
            lits = [lit[cell, value] for cell in house if (cell, value) in lit]
            if len(lits) > 1:
                clauses.extend(amo_clauses(lits))
            if extended and len(house) == n and lits:
                clauses.append(lits)
    return Reduced(geometry, encoding, tuple(cand.value), clauses, tuple(cell_value),
                   pool.top, by_singles)
