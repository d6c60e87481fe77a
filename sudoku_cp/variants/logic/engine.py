"""The solve path of a variant puzzle: always the easiest step that makes progress.

The engine never guesses: when no technique applies it stops and says so (``stuck``),
and it names the constraint types it has no logic for (``unhandled``). The steps never
look at a solution; the tests judge each against the puzzle's known solution with the
independent checker.

>>> from sudoku_cp.variants.model import VariantPuzzle, Thermometer
>>> path = solve_path(VariantPuzzle(4, constraints=(Thermometer((0, 1, 2, 3)),)))
>>> path.steps[0].text
'Thermometer from R1C1 (values rise from the bulb); so R1C1 cannot be 2, 3 or 4; R1C2 cannot be 1, 3 or 4; R1C3 cannot be 1, 2 or 4; R1C4 cannot be 1, 2 or 3.'
>>> path.solved, path.stuck, path.rating  # (four cells of sixteen: not unique)
(False, True, 2.3)
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from .families import PieceFinder
from .innies import innies_outies
from .classic import classic_finder
from .implications import cell_forcing, pair_links, value_forcing
from .leftovers import leftovers
from .overlaps import overlaps
from .houses import hidden_single, hidden_subset, locked_candidates, naked_single, naked_subset
from .pieces import build_pieces
from .scores import ORDER, level_of
from .state import Contradiction, Geometry, State


@dataclass
class Path:
    """The steps taken, whether they reached the solution, and the rating they give."""

    steps: list = field(default_factory=list)
    solved: bool = False
    stuck: bool = False            # no technique applied before the grid was full
    unhandled: list = field(default_factory=list)  # constraint types with no logic yet
    grid: list = field(default_factory=list)       # placed values (None where open)
    contradiction: str | None = None
    complete: bool = True          # False: the time limit stopped it
    seconds: float = 0.0

    @property
    def rating(self) -> float:
        """Provisional: the hardest step's score (0.0 for no step)."""
        return max((s.score for s in self.steps), default=0.0)

    @property
    def trials(self) -> int:
        """Steps found by assuming a candidate (labelled ``contradiction (trial)``)."""
        return sum(s.technique == "contradiction (trial)" for s in self.steps)

    @property
    def by_logic(self) -> bool:
        """Solved with no trial step."""
        return self.solved and not self.trials

    @property
    def level(self) -> str:
        return level_of(self.rating) if self.solved else "beyond the engine"

    @property
    def techniques(self) -> dict:
        """technique -> steps using it, easiest first."""
        counts = Counter(s.technique for s in self.steps)
        known = {t: counts[t] for t in ORDER if t in counts}
        return {**known, **{t: k for t, k in counts.items() if t not in known}}

    def to_dict(self) -> dict:
        return {"solved": self.solved, "by_logic": self.by_logic, "trials": self.trials,
                "stuck": self.stuck, "rating": self.rating,
                "level": self.level, "steps": len(self.steps), "techniques": self.techniques,
                "hardest": max(self.steps, key=lambda s: s.score).technique if self.steps else None,
                "unhandled": list(self.unhandled), "complete": self.complete,
                "contradiction": self.contradiction}


def finders(geometry, trials: bool = True, classic: bool = True,
            classic_seconds: float = 5.0, chains: bool = True):
    """``(technique, finder)`` easiest first; pieces grouped by technique; the classic
    engine's harder steps, then chains on the constraints' links (``chains``); the
    labelled trial step last, when ``trials``; ``classic_seconds``: the classic engine's
    time for one step (past it, it offers none)."""
    pieces, missing = build_pieces(geometry.puzzle)
    pieces += innies_outies(geometry) + leftovers(geometry)
    by_technique: dict[str, list] = {}
    for piece in pieces:
        by_technique.setdefault(piece.technique, []).append(piece)
    ladder = {"naked single": naked_single, "hidden single": hidden_single,
              "locked candidates": locked_candidates}
    for k, name in ((2, "pair"), (3, "triple"), (4, "quad")):
        ladder[f"naked {name}"] = naked_subset(k)
        ladder[f"hidden {name}"] = hidden_subset(k)
    links = pair_links(pieces)
    joined = overlaps(pieces)  # (after the links: a joined piece repeats its parts')
    for piece in joined:
        by_technique.setdefault(piece.technique, []).append(piece)
    for technique, group in by_technique.items():  # (a joined piece: a smaller walk)
        ladder[technique] = PieceFinder(technique, group,
                                        cap=4000 if technique == "overlapping rules" else 20000)
    pieces = pieces + joined
    ladder["cell forcing"] = cell_forcing(links, pieces)
    ladder["value forcing"] = value_forcing(links, pieces)
    found = [(t, ladder[t]) for t in ORDER if t in ladder]
    part, clock = ("patterns", {}) if chains else ("all", None)
    classic = classic_finder(geometry, seconds=classic_seconds, part=part,
                             clock=clock) if classic else None
    if classic is not None:  # fish, wings, chains... on the houses (``classic``)
        found.append(("classic", classic))
    if chains:  # chains whose links come from the constraints too, then the classic
        from .chains import chain_finder  # engine's forcing chains (on the houses only)
        from .forcing_chains import forcing_chain_finder

        found.append(("constraint chain", chain_finder(pieces, links)))
        found.append(("forcing chain", forcing_chain_finder(pieces, links)))
        if classic is not None:
            found.append(("classic", classic_finder(geometry, seconds=classic_seconds,
                                                    part="forcing", clock=clock)))
    if trials:
        from .forcing import forcing_finder

        found.append(("contradiction (trial)", forcing_finder(found)))
    return found, missing


def start(puzzle):
    """The state after the givens: each given placed, its value gone from its peers."""
    g = Geometry(puzzle)
    state = State(g)
    for cell, value in puzzle.givens:
        for y in g.peers[cell]:
            if state.has(y, value):
                state.remove(y, value)
        state.placed[cell] = True
    return state


def apply(state, step) -> None:
    for cell, value in step.eliminations:
        if state.has(cell, value):
            state.remove(cell, value)
    for cell, _ in step.placements:
        state.placed[cell] = True


def solve_path(puzzle, *, first: bool = False, time_limit: float | None = None,
               trials: bool = True, classic: bool = True, max_steps: int = 10000,
               removed=(), ladder=None) -> Path:
    """The path from the givens: the easiest step each time, until the grid is full, no
    step applies, or ``time_limit`` seconds pass. ``first``: only the first step.
    ``removed``: candidates ``(cell, value)`` already ruled out besides the givens' (a
    player's position: the page applies earlier steps' eliminations this way).
    ``trials``: allow the labelled trial step (``forcing``) when nothing else applies;
    ``classic``: allow the classic engine's harder steps on the houses (``classic``).
    ``ladder``: ``finders(...)`` built before, for a puzzle with the same rules (only the
    givens may differ): its finders keep what they learnt (``PieceFinder.memo``), so a
    page asking hint after hint on one puzzle builds them once (``trials`` and
    ``classic`` are then the ladder's)."""
    began = time.perf_counter()
    path = Path()
    try:
        state = start(puzzle)
        for cell, value in removed:
            if not state.placed[cell] and state.has(cell, value):
                state.remove(cell, value)
    except Contradiction as exc:
        path.contradiction = str(exc)
        return path
    ladder, path.unhandled = ladder or finders(state.g, trials, classic)
    path.unhandled = list(path.unhandled)
    while not state.solved() and len(path.steps) < max_steps:
        if time_limit is not None and time.perf_counter() - began > time_limit:
            path.complete = False
            break
        step = None
        for _, find in ladder:
            step = find(state)
            if step is not None:
                break
        if step is None:
            path.stuck = True
            break
        path.steps.append(step)
        try:
            apply(state, step)
        except Contradiction as exc:
            path.contradiction = str(exc)
            break
        if first:
            break
    path.solved = state.solved() and path.contradiction is None
    path.grid = state.grid()
    path.seconds = time.perf_counter() - began
    return path
