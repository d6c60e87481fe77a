"""A pure-Python reference backtracker: bitmask candidates, singles, MRV search.

Glossary of the steps (the words of ``sudoku_cp.board`` plus these):

- **mask**: the candidates of one cell as an int, bit ``v - 1`` set when value ``v``
  is still possible. A cell is *fixed* when its mask has exactly one bit, and then
  ``mask.bit_length()`` is its value.
- **eliminate**: once a cell is fixed, remove its value from the masks of its peers.
- **naked single**: a cell left with one candidate; it becomes fixed, which eliminates.
- **hidden single**: a value with one possible cell in a full house (one of n
  cells, which must hold every value); that cell is fixed.
- **contradiction**: a cell with no candidate left, a full house in which some value
  has no cell left, or one cell that is the only place for two values. The branch dies.
- **propagate**: apply naked and hidden singles until nothing changes (a fixed point)
  or a contradiction appears. Only *dirty* houses, in which some mask changed since
  they were last searched, are searched again for hidden singles.
- **MRV** (minimum remaining values): branch on an unfixed cell with the fewest
  candidates; among those, the one whose candidates appear in most peers, so that
  each guess eliminates as much as possible.
- **guess**: one candidate tried for the MRV cell, on a copy of the masks.
- **node**: a propagated state the search reaches without contradiction.
  **backtrack**: a guess whose propagation ends in a contradiction.

The search is depth first with an explicit stack (a 36×36 board can go deeper than
Python's recursion limit) and yields solutions one by one; ``solve`` takes up to
``limit`` of them, so uniqueness is ``limit=2``. Tables that depend only on the
geometry are built once per geometry and cached.

Roads not taken (measured on the 17-clue, top95 and forum-hardest sets): an undo
trail instead of copying the masks (copying a flat list of ints is one fast C call);
locked candidates in every node (fewer nodes, slower on hard puzzles); per-house masks
of each value's places for event-driven hidden singles (about 20% faster on hard
puzzles, slower on 17-clue ones, and twice the code); MRV without the tie-break
(twice the nodes on hard puzzles); recursion (too deep for large boards).
"""

from __future__ import annotations

import time
from typing import Iterator

from ..board import Board, Geometry
from ..result import Result, Status


class _TimeUp(Exception):
    """Raised inside the search when the time limit has passed."""


class Tables:
    """What the search needs from a geometry, as plain tuples and ints.

    ``full`` is the mask with every value; ``houses`` the cells of each house;
    ``peers[cell]`` the peers of a cell; ``house_bits[cell]`` the *full* houses of a
    cell as a bitmask over house numbers (bit h for house h), ``all_houses`` every
    full house. A house is full when it has n cells: only then must it hold every
    value, so only full houses are searched for hidden singles. A smaller extra house
    (a variant's 2-cell group) only says its values differ, which peer elimination
    already enforces, since its cells are peers.
    """

    __slots__ = ("n", "full", "houses", "peers", "house_bits", "all_houses")

    def __init__(self, g: Geometry) -> None:
        self.n = g.n
        self.full = (1 << g.n) - 1
        self.houses = g.houses
        self.peers = g.peers
        full_house = [len(house) == g.n for house in g.houses]
        self.house_bits = tuple(sum(1 << h for h in hs if full_house[h]) for hs in g.houses_of)
        self.all_houses = sum(1 << h for h, full in enumerate(full_house) if full)


_TABLES: dict[Geometry, Tables] = {}
#: Geometries whose tables are kept (oldest dropped first): variant boards each bring one.
KEEP_SHAPES = 32


def tables(g: Geometry) -> Tables:
    """The tables for a geometry, built on first use and then cached."""
    t = _TABLES.get(g)
    if t is None:
        if len(_TABLES) >= KEEP_SHAPES:  # variants: each extra-house set is a geometry
            del _TABLES[next(iter(_TABLES))]
        t = _TABLES[g] = Tables(g)
    return t


def initial_masks(board: Board, t: Tables) -> list[int] | None:
    """One mask per cell with each given fixed, or None when two givens clash."""
    givens = board.givens
    masks = [t.full] * len(givens)
    for cell, v in enumerate(givens):
        if v:
            if any(givens[p] == v for p in t.peers[cell]):
                return None
            masks[cell] = 1 << (v - 1)
    return masks


def propagate(masks: list[int], todo: list[int], dirty: int, t: Tables) -> bool:
    """Naked and hidden singles to a fixed point, changing ``masks`` in place.

    ``todo`` lists fixed cells whose value is not yet eliminated from their peers;
    ``dirty`` marks the houses (bit h for house h) in which a mask changed since they
    were last searched for hidden singles. Returns False on a contradiction.
    """
    peers, houses, full, house_bits = t.peers, t.houses, t.full, t.house_bits
    while True:
        # Naked singles: eliminate each fixed value from the peers of its cell.
        while todo:
            cell = todo.pop()
            bit = masks[cell]
            for p in peers[cell]:
                m = masks[p]
                if m & bit:
                    m ^= bit
                    if not m:
                        return False  # a cell with no candidate left
                    masks[p] = m
                    dirty |= house_bits[p]
                    if not m & (m - 1):
                        todo.append(p)
        # Hidden singles: in each dirty house, values seen in exactly one unfixed cell.
        while dirty:
            low = dirty & -dirty
            dirty ^= low
            house = houses[low.bit_length() - 1]
            once = twice = fixed = 0
            for c in house:
                m = masks[c]
                if m & (m - 1):
                    twice |= once & m
                    once |= m
                else:
                    fixed |= m
            if once | fixed != full:
                return False  # some value has no cell left in this house
            hidden = once & ~(twice | fixed)
            if hidden:
                for c in house:
                    m = masks[c]
                    h = m & hidden
                    if h and h != m:
                        if h & (h - 1):
                            return False  # two values need this one cell
                        masks[c] = h
                        dirty |= house_bits[c]
                        todo.append(c)
        if not todo:
            return True


def choose_cell(masks: list[int], t: Tables) -> int:
    """The MRV cell: fewest candidates, ties broken by most peers sharing one of
    them; -1 when every cell is fixed (the masks are a solution)."""
    peers = t.peers
    best, fewest, most = -1, t.n + 1, -1
    for c, m in enumerate(masks):
        if m & (m - 1):
            k = m.bit_count()
            if k <= fewest:
                shared = len([p for p in peers[c] if masks[p] & m])
                if k < fewest or shared > most:
                    best, fewest, most = c, k, shared
    return best


def iter_solutions(masks: list[int], t: Tables, stats: dict,
                   deadline: float | None = None) -> Iterator[tuple[int, ...]]:
    """Yield every solution below the propagated ``masks``, depth first.

    The stack holds guesses not yet tried: (parent masks, cell, candidate bit).
    Raises ``_TimeUp`` once ``deadline`` (a ``time.perf_counter`` value) has passed.
    """
    clock = time.perf_counter
    stack = [(masks, -1, 0)]  # the root: nothing to guess
    while stack:
        parent, cell, bit = stack.pop()
        if cell >= 0:
            stats["guesses"] += 1
            masks = list(parent)
            masks[cell] = bit
            if not propagate(masks, [cell], t.house_bits[cell], t):
                stats["backtracks"] += 1
                continue
        stats["nodes"] += 1
        # A node costs far more than reading the clock, so look at every node.
        if deadline is not None and clock() > deadline:
            raise _TimeUp
        cell = choose_cell(masks, t)
        if cell < 0:
            yield tuple(m.bit_length() for m in masks)
            continue
        m = masks[cell]
        while m:  # push the highest candidate first, so the lowest is tried first
            top = 1 << (m.bit_length() - 1)
            stack.append((masks, cell, top))
            m ^= top


class BacktrackBackend:
    """Depth-first search over bitmask candidates with singles and MRV branching."""

    name = "backtrack"
    SPEC_OPTIONS = ()

    def solve(self, board: Board, *, limit: int = 1, time_limit: float | None = None) -> Result:
        """Find up to ``limit`` distinct solutions of ``board``.

        >>> from sudoku_cp import Board
        >>> r = BacktrackBackend().solve(Board.empty((2, 2)), limit=300)
        >>> r.status.value, len(r.solutions), r.exhausted
        ('solved', 288, True)
        """
        start = time.perf_counter()
        deadline = None if time_limit is None else start + time_limit
        t = tables(board.geometry)
        stats = {"nodes": 0, "backtracks": 0, "guesses": 0}
        solutions: list[tuple[int, ...]] = []
        exhausted = True
        masks = initial_masks(board, t)
        todo = [c for c, v in enumerate(board.givens) if v]
        if masks is not None and propagate(masks, todo, t.all_houses, t):
            try:
                for solution in iter_solutions(masks, t, stats, deadline):
                    solutions.append(solution)
                    if len(solutions) >= limit:
                        exhausted = False
                        break
            except _TimeUp:
                exhausted = False
        if solutions:
            status = Status.SOLVED
        else:
            status = Status.NONE if exhausted else Status.UNKNOWN
        return Result(self.name, status, tuple(solutions), exhausted,
                      time.perf_counter() - start, stats, limit)
