"""The labelled last resort: a contradiction found by following one assumption.

When no other technique applies, the engine may assume one candidate of a cell with few
candidates and follow the easy steps (singles, locked candidates and every constraint
family's own logic) from it. If that reaches a cell with no candidate, or a value with no
place in a house, the candidate is false: the step removes it, and its sentence says it
was found by assuming (trial), so a reader never mistakes it for a pattern. ``grade``
counts the puzzles solved without such steps apart (``Path.trials``).
"""

from __future__ import annotations

import copy

from .houses import placement
from .scores import SCORES
from .state import Contradiction
from .step import VStep

#: the techniques followed after an assumption (the cheap ones).
FOLLOWED = ("cell rule", "hidden single", "pair rule", "thermometer", "naked single",
            "cage combinations", "arrow", "locked candidates", "line", "little killer",
            "innies and outies")


def _dead_value(state):
    """A full house where some value has no candidate cell left, as a sentence, or None."""
    g = state.g
    for h in g.full_houses:
        house = g.groups[h]
        for v in range(g.lo, g.lo + g.count):
            if not any(state.has(x, v) for x in house):
                return f"{v} would have no place in {g.names[h]}"
    return None


def refute(state, cell, value, ladder, depth):
    """``(reason, steps followed)`` when assuming ``value`` at ``cell`` leads to a
    contradiction within ``depth`` steps, else None."""
    from .engine import apply

    trial = copy.copy(state)
    trial.cands, trial.placed = list(state.cands), list(state.placed)
    n = 0
    try:
        apply(trial, VStep("assume", 0, ((cell, value),), placement(trial, cell, value), (), ""))
        for n in range(depth):
            why = _dead_value(trial)
            if why:
                return why, n
            for _, find in ladder:
                step = find(trial)
                if step is not None:
                    break
            else:
                return None
            apply(trial, step)
    except Contradiction as exc:
        return str(exc), n
    return None


def forcing_finder(ladder, *, most=3, depth=40):
    """A finder for ``contradiction``: cells with at most ``most`` candidates, fewest first."""
    followed = [(t, f) for t, f in ladder if t in FOLLOWED]  # (never the classic chains)

    def find(state):
        p = state.g.puzzle
        open_ = [x for x in range(len(state.cands)) if not state.placed[x]
                 and bin(state.cands[x]).count("1") <= most]
        open_.sort(key=lambda x: bin(state.cands[x]).count("1"))
        for cell in open_:
            for value in state.values(cell):
                found = refute(state, cell, value, followed, depth)
                if found is not None:
                    why, steps = found
                    return VStep("contradiction (trial)", SCORES["contradiction (trial)"], (),
                                 ((cell, value),), (cell,),
                                 f"Trial: if {p.cell_name(cell)} were {value}, then after "
                                 f"{steps} easy step{'s' if steps != 1 else ''} {why}; so "
                                 f"{p.cell_name(cell)} cannot be {value}.")
        return None
    return find
