"""The handwritten reference witness: search with one propagator per constraint type.

The third paradigm of the variant cross-check, written to share nothing with the SAT
and CP-SAT encoders: a puzzle becomes bitmask candidates (bit ``v`` set while value
``v`` is possible), its full houses (rows, columns, boxes, diagonals, disjoint groups...)
become one propagator with naked and hidden singles and locked candidates, woken with
the cells that changed, and each constraint type becomes its own propagator (sum bounds
and allowed value sets for cages, order bounds for thermometers, arc consistency for
dots, XV and whispers, value windows for renban...). The search branches on the cell
with the fewest candidates and copies the masks (and the houses' state after them) at
each guess.

- ``witness_houses``: the full houses as one propagator, with a plane of cells per value;
- ``witness_props``: masks and the general propagators (other all-different groups, sums,
  order, pairs);
- ``witness_lines``: lines and outside clues (renban, between, lockout, zipper, ...);
- ``witness_linesums``: sum lines, lunchboxes, counting circles, and groups of cells
  whose pairs obey one rule (Nabner, PairX over all pairs, whisper loops);
- ``witness_context``: what the builders know of the puzzle (houses, cliques, dots) and
  the pair rules' tables, made once per rule;
- ``witness_build``: one builder per constraint type; a type without one is declined;
- ``witness_search``: the fixpoint loop and the search.

Every solution found is checked against ``rules.check_solution`` before it is
returned: a propagator too weak to reject a broken grid is a bug, and says so.

>>> from sudoku_cp.variants.model import VariantPuzzle, KillerCage
>>> r = solve(VariantPuzzle(4, givens=((0, 1),), constraints=(KillerCage((1, 2), 7),)))
>>> r.count, r.exhausted, r.status
(2, False, 'limit')

Roads not taken: a generic table propagator fed by the checker (exact, but it
enumerates every tuple of a cage or line and is hopeless on long lines); propagating
sums with the full subset-sum table for every sum (the allowed value sets of a killer
cage give the same pruning where it matters, and bounds are enough for arrows and
little killers, whose values may repeat).
"""

from __future__ import annotations

import threading
import time

from .paradigms import VariantResult
from .rules import check_solution
from .witness_build import build
from .witness_chaos import labels_at, times
from .witness_search import Engine, TimeUp

NAME = "witness"


def solve(puzzle, *, limit: int = 2, time_limit: float | None = None,
          stop: threading.Event | None = None, into=None) -> VariantResult:
    """Up to ``limit`` solutions of ``puzzle``; ``exhausted`` when the search finished.
    Once ``stop`` is set (from another thread), the search ends as at its time limit.
    ``into``: where the solutions go (``tally.Tally`` counts them; default a new list).

    Raises ``UnsupportedConstraint`` naming a constraint type it has no propagator for.
    """
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    masks, props = build(puzzle)
    ncells = puzzle.num_cells  # a chaos construction's labels, then the propagators' state, follow
    labels = labels_at(puzzle)
    engine = Engine(len(masks), props)
    stats = {"nodes": 0, "guesses": 0, "backtracks": 0, "propagators": len(props)}
    solutions = [] if into is None else into
    exhausted, status = True, "solved"
    if all(masks) and engine.propagate(masks):
        try:
            for found in engine.solutions(masks, stats, deadline, stop):
                grid = tuple(m.bit_length() - 1 for m in found[:ncells])
                label = None if not labels else [
                    m.bit_length() - 1 for m in found[labels:labels + ncells]]
                if not times(puzzle, grid, label):  # a clue on the regions breaks
                    continue
                broken = check_solution(puzzle, grid)
                if broken:
                    raise AssertionError(f"witness bug: a grid breaking {broken[0]!r}")
                solutions.append(grid)
                if len(solutions) >= limit:
                    exhausted, status = False, "limit"
                    break
        except TimeUp:
            exhausted, status = False, "timeout"
    return VariantResult(NAME, solutions, exhausted, status, stats,
                         time.perf_counter() - start)
