"""The witness's search: propagate to a fixpoint, branch on the most-constrained cell.

- **propagator**: an object with ``cells`` and ``run(masks, changed) -> bool`` (see
  ``witness_props``); the engine wakes it whenever one of its cells is narrowed. Those
  with ``slow = True`` (scans over many cells or many cases) run only once the cheap ones
  (pairs, order) and then the houses are quiet, so one run sees the effect of many
  narrowings; the houses (the one ``delta`` propagator) likewise run once the cheap ones
  are quiet, on every cell they narrowed.
- **node**: a state the propagators leave without contradiction.
- **guess**: the most constrained cell (the fewest candidates per unit of weight, a
  cell's weight counting the propagators that watch it and how often each has failed
  so far, and how often a guess on it failed: the "dom/wdeg" heuristic of CP solvers,
  with ISS's conflict score of the guessed cell) takes its lowest candidate; the other
  branch removes that candidate and propagates before choosing again (binary branching);
  **backtrack**: a guess whose propagation fails.

Masks are copied at each guess (a flat list of ints copies in one C call), and the
search is a loop over an explicit stack, so deep boards do not hit Python's recursion
limit. It yields solutions one by one; the caller stops at its limit.
"""

from __future__ import annotations

import time
from operator import truediv
from typing import Iterator

from ..errors import SudokuCpError


#: What a failed guess adds to its cell's weight (a failing propagator adds 1 to each of
#: its cells). Over the 51 shared puzzles (nodes of iss-examples-35 / the 50 others):
#: 0 gives 7,895 / 19,881, 0.25 8,122 / 16,953, 0.5 8,368 / 13,987, 0.75 8,198 / 13,951,
#: 1 11,679 / 16,984, 2 22,299 / 13,017 (docs/variants_speed.md, sixth round).
GUESS_BLAME = 0.5

#: How much more a cell weighs in ``choose_cell`` once its linked cell (``links``) is
#: decided: a chaos construction's cell and its label (ISS weighs them four times; ``fast``
#: measured twice better, docs/variants_speed.md "Chaos, second round").
LINKED = 2

#: A decided cell's count of candidates in ``choose_cell``: never the fewest.
_NEVER = float("inf")

#: Each mask of values 0..9: its count of candidates as a float, _NEVER when decided.
_COUNTS = [float(m.bit_count()) if m & (m - 1) else _NEVER for m in range(1 << 10)]


class TimeUp(SudokuCpError):
    """Raised inside the search when the time limit has passed."""


class Engine:
    """The propagators of one puzzle, with the list of propagators watching each cell."""

    def __init__(self, ncells: int, propagators) -> None:
        self.props = list(propagators)
        # At most one propagator is woken with the cells that changed (``delta``: the
        # grid's houses); it reaches its own fixpoint, so its narrowings do not wake it,
        # and it is queued whenever another propagator narrows a cell (it watches all).
        deltas = [i for i, p in enumerate(self.props) if getattr(p, "delta", False)]
        if len(deltas) > 1:
            raise ValueError("at most one propagator takes the changed cells")
        self.delta = deltas[0] if deltas else -1
        self.watch: list[list[int]] = [[] for _ in range(ncells)]
        for i, p in enumerate(self.props):
            if i != self.delta:
                for c in set(p.cells):
                    self.watch[c].append(i)
        if self.delta >= 0:  # it need report only the cells another propagator watches
            self.props[self.delta].listened = sum(1 << c for c, w in enumerate(self.watch) if w)
        # dom/wdeg: a propagator's weight grows each time it fails; a cell's weight is the
        # sum over the propagators watching it, and the search branches on the cell with
        # the fewest candidates per unit of weight (the most constrained, as learned).
        # A propagator standing for several rules (``Houses``) counts each of them
        # (``degree``) and names the cells of the rule that failed (``failed``).
        self.weight = [1] * len(self.props)
        self.cell_weight = [0] * ncells
        for p in self.props:
            degree = getattr(p, "degree", None)
            for c in set(p.cells):
                self.cell_weight[c] += degree[c] if degree else 1
        # a cell no rule watches (an extra cell alone) weighs 1, not 0 (the ratio divides)
        self.cell_weight = [w or 1 for w in self.cell_weight]
        # A propagator with ``failed`` names the cells its failure blames (the houses: the
        # house that failed; a chaos construction's split: none, as its every cell would be).
        self.names_failed = [hasattr(p, "failed") for p in self.props]
        # Linked cells (a chaos construction's cell and its region's label): a cell weighs
        # ``LINKED`` times as much once its linked cell is decided, as ISS weighs them.
        self.link = None
        for p in self.props:
            for a, b in getattr(p, "links", ()):
                if self.link is None:
                    self.link = list(range(ncells))
                self.link[a], self.link[b] = b, a
        self.runs = [p.run for p in self.props]  # bound once: called millions of times
        # Propagators marked ``slow`` wait until the cheap ones have nothing left to do.
        self.slow = [getattr(p, "slow", False) for p in self.props]
        # Propagators may keep state of their own in the masks list, after the cells
        # (``state`` slots each), so that the copy made at each guess saves it too.
        self.ncells = ncells
        self.size = ncells + sum(getattr(p, "state", 0) for p in self.props)

    def propagate(self, masks: list[int], woken=None) -> bool:
        """Run propagators until none narrows anything; False on a contradiction.

        ``woken`` lists the cells just narrowed; None wakes every propagator (and
        first extends ``masks`` with the propagators' own state, built afresh).
        """
        props, runs, watch, slow, delta = self.props, self.runs, self.watch, self.slow, self.delta
        if woken is None and len(masks) < self.size:
            masks.extend([0] * (self.size - len(masks)))
        pending = [False] * len(props)
        fast_queue: list[int] = []
        slow_queue: list[int] = []
        # The delta propagator (the houses) runs once the cheap ones are quiet, on all the
        # cells they narrowed, and before any slow one: ``due`` while it has news.
        due = delta >= 0 and woken is not None
        for i in (range(len(props)) if woken is None else
                  (i for c in woken for i in watch[c])):
            if not pending[i] and i != delta:
                pending[i] = True
                (slow_queue if slow[i] else fast_queue).append(i)
        if woken is None and delta >= 0:
            due = True
        # the cells narrowed since the delta propagator last ran
        dirty = None if woken is None else list(woken)
        changed: list[int] = []
        while fast_queue or slow_queue or due:
            if fast_queue:
                i = fast_queue.pop()
            elif due:
                i, due = delta, False
            else:
                i = slow_queue.pop()
            if i == delta:
                ok = runs[i](masks, changed, dirty)
                dirty = []
            else:
                pending[i] = False
                ok = runs[i](masks, changed)
                if changed and delta >= 0:
                    if dirty is not None:
                        dirty.extend(changed)
                    due = True
            if not ok:
                pending[i] = False
                self.weight[i] += 1
                cell_weight = self.cell_weight
                for c in (props[i].failed if self.names_failed[i] else props[i].cells):
                    cell_weight[c] += 1
                return False
            if changed:
                for c in changed:
                    for j in watch[c]:
                        if not pending[j]:
                            pending[j] = True
                            (slow_queue if slow[j] else fast_queue).append(j)
                changed.clear()
        return True

    def choose_cell(self, masks: list[int]) -> int:
        """The undecided cell with the fewest candidates per unit of weight (-1: none)."""
        weight = self.cell_weight
        if self.link is not None:  # twice as heavy when the linked cell is decided
            weight = [w * LINKED if not masks[x] & (masks[x] - 1) else w
                      for w, x in zip(weight, self.link)]
        # count / weight as a float: equal ratios give equal floats and distinct ones
        # (small counts, weights in halves far below 2**40) distinct floats; ties go to the
        # lowest cell (``index`` finds the first).
        n = self.ncells
        try:  # the counts read from a table, all in C calls (values 0..9)
            ratios = list(map(truediv, map(_COUNTS.__getitem__, masks[:n]), weight))
        except IndexError:  # larger values: the same by hand
            ratios = [(m.bit_count() / w, c) for m, w, c in zip(masks, weight, range(n))
                      if m & (m - 1)]  # (zip stops at the cells: the state after them is not read)
            return min(ratios)[1] if ratios else -1
        best = min(ratios, default=_NEVER)
        return ratios.index(best) if best != _NEVER else -1

    def solutions(self, masks: list[int], stats: dict,
                  deadline: float | None = None, stop=None) -> Iterator[list[int]]:
        """Yield the value masks of every solution below ``masks`` (already propagated;
        the cells first, then the propagators' state). ``TimeUp`` at ``deadline`` or once
        ``stop`` (an event set by another thread) is set."""
        clock = time.perf_counter
        nodes = guesses = backtracks = 0
        stack = [(masks, -1, 0, False)]
        try:
            while stack:
                parent, cell, keep, last = stack.pop()
                if cell >= 0:
                    guesses += 1
                    # the second branch is the parent's last use: narrowed in place
                    masks = parent if last else list(parent)
                    masks[cell] = keep
                    if not self.propagate(masks, [cell]):
                        backtracks += 1
                        # the guessed cell is blamed too (as ISS's conflict scores do)
                        self.cell_weight[cell] += GUESS_BLAME
                        continue
                nodes += 1
                if deadline is not None and clock() > deadline:
                    raise TimeUp
                if stop is not None and stop.is_set():
                    raise TimeUp
                cell = self.choose_cell(masks)
                if cell < 0:
                    stats["nodes"] += nodes  # counted before the caller may stop here
                    stats["guesses"] += guesses
                    stats["backtracks"] += backtracks
                    nodes = guesses = backtracks = 0
                    yield masks
                    continue
                # Binary branching: the lowest value, then (pushed first, so tried second)
                # the cell without it, propagated before the next choice of cell.
                m = masks[cell]
                low = m & -m
                stack.append((masks, cell, m ^ low, True))
                stack.append((masks, cell, low, False))
        finally:
            stats["nodes"] += nodes
            stats["guesses"] += guesses
            stats["backtracks"] += backtracks
