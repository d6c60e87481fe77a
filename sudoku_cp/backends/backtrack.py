"""A pure-Python reference backtracker: bitmask candidates, singles, MRV search.

The steps (masks, naked and hidden singles, propagation, the MRV cell) live in
``sudoku_cp.search`` and are explained there; this module adds the search itself:

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

from ..board import Board
from ..search import Tables, choose_cell, initial_masks, propagate, tables
from .base import Backend, TimeUp


def solutions_below(masks: list[int], t: Tables, stats: dict,
                    deadline: float | None = None) -> Iterator[tuple[int, ...]]:
    """Yield every solution below the propagated ``masks``, depth first.

    The stack holds guesses not yet tried: (parent masks, cell, candidate bit).
    Raises ``TimeUp`` once ``deadline`` (a ``time.perf_counter`` value) has passed.
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
            raise TimeUp
        cell = choose_cell(masks, t)
        if cell < 0:
            yield tuple(m.bit_length() for m in masks)
            continue
        m = masks[cell]
        while m:  # push the highest candidate first, so the lowest is tried first
            top = 1 << (m.bit_length() - 1)
            stack.append((masks, cell, top))
            m ^= top


class BacktrackBackend(Backend):
    """Depth-first search over bitmask candidates with singles and MRV branching.

    >>> from sudoku_cp import Board
    >>> r = BacktrackBackend().solve(Board.empty((2, 2)), limit=300)
    >>> r.status.value, len(r.solutions), r.exhausted
    ('solved', 288, True)
    """

    name = "backtrack"

    def iter_solutions(self, board: Board, deadline: float | None,
                       stats: dict) -> Iterator[tuple[int, ...]]:
        """Every solution of ``board``, propagating the givens first."""
        t = tables(board.geometry)
        stats.update(nodes=0, backtracks=0, guesses=0)
        masks = initial_masks(board, t)
        todo = [c for c, v in enumerate(board.givens) if v]
        if masks is not None and propagate(masks, todo, t.all_houses, t):
            yield from solutions_below(masks, t, stats, deadline)
