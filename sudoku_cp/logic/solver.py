"""The ladder: always the easiest step first, restarting from the bottom after each.

``solve_path`` walks a puzzle from its givens (or a player's position) to the end and
returns the steps; the puzzle's rating is the hardest step's (SE's rule). When no
technique applies, **trial and error** takes over: it tries the smallest candidate of
a cell with the fewest candidates, follows singles and further trials until the board
is full or contradicts itself, and undoes the trial. A trial that contradicts removes
that candidate; one that fills the board places it. Either way it is a counted guess,
found by search on the position, never by looking at the solution.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Callable

from . import als, basic, bug, chains, exclusion, fish, forcing, loops, nested, patterns, \
    uniqueness, wings
from .basic import make, removes
from .ratings import score
from .state import Contradiction, State, TimeUp, cname


def _rung(family: str, finder: Callable, *, unique: bool = False,
          low: float | None = None) -> tuple[str, float, Callable, bool]:
    """One rung of the ladder: its lowest score is the technique's own score in
    ``ratings.TECHNIQUES`` (the one table of scores), unless ``low`` says otherwise (a
    family of techniques, or a variant SE scores apart)."""
    return family, score(family) if low is None else low, finder, unique


#: (technique family, its lowest score, finder, needs uniqueness), easiest first.
LADDER: tuple[tuple[str, float, Callable, bool], ...] = (
    _rung("full_house", basic.full_house),
    _rung("hidden_single", basic.hidden_single_box),
    _rung("hidden_single", basic.hidden_single_line, low=1.5),  # SE: 1.5 outside a box
    _rung("direct_pointing", basic.direct_pointing),
    _rung("direct_claiming", basic.direct_claiming),
    _rung("direct_hidden_pair", basic.direct_hidden_pair),
    _rung("naked_single", basic.naked_single),
    _rung("direct_hidden_triple", basic.direct_hidden_triple),
    _rung("pointing", basic.pointing),
    _rung("claiming", basic.claiming),
    _rung("naked_pair", basic.naked_pair),
    _rung("x_wing", basic.x_wing),
    _rung("hidden_pair", basic.hidden_pair),
    _rung("naked_triple", basic.naked_triple),
    _rung("swordfish", basic.swordfish),
    _rung("hidden_triple", basic.hidden_triple),
    _rung("xy_wing", wings.xy_wing),
    _rung("xyz_wing", wings.xyz_wing),
    _rung("unique_rectangle", wings.unique_rectangle, unique=True),
    _rung("naked_quad", basic.naked_quad),
    _rung("jellyfish", basic.jellyfish),
    _rung("hidden_quad", basic.hidden_quad),
    _rung("bug_plus_one", wings.bug_plus_one, unique=True),
    _rung("bug_types", bug.bug_types, unique=True, low=5.7),  # the lowest of a family
    _rung("aligned_pair_exclusion", exclusion.aligned_pair_exclusion),
    _rung("cycles", loops.cycles, low=6.5),
    _rung("chains", chains.chains, low=6.6),
    _rung("simple_colouring", chains.simple_colouring),
    _rung("forcing", forcing.forcing, low=7.5),
    _rung("nested", nested.nested, low=9.0),  # SE's levels above the dynamic chain
)




def _finned_fish(s: State) -> list:
    """The smallest finned fish, then the smallest sashimi one (all score alike)."""
    for find in (fish.finned_x_wing, fish.sashimi_x_wing, fish.finned_swordfish,
                 fish.sashimi_swordfish, fish.finned_jellyfish, fish.sashimi_jellyfish):
        found = find(s)
        if found:
            return found
    return []


def _sue_de_coq(s: State) -> list:
    """Sue de Coq up to 9x9: its search of line and box sets grows too fast past that (a
    16x16 position costs seconds), and a hint must come quickly."""
    return patterns.sue_de_coq(s) if s.n <= 9 else []


def _with(ladder, before: str, rungs) -> tuple:
    """``ladder`` with ``rungs`` put just before the first rung of family ``before``."""
    i = next(k for k, rung in enumerate(ladder) if rung[0] == before)
    return ladder[:i] + tuple(rungs) + ladder[i:]


#: The techniques SE does not have (HoDoKu's, ``logic.hodoku``), which a person uses in
#: place of a chain: hints and explain take them, the SE rating never does. Each sits at
#: its score in ``ratings.TECHNIQUES``; on a tie with a chain the named pattern wins
#: (``CHAINS``), so a finned X-wing is shown rather than the X-chain it amounts to.
HINT_LADDER = _with(_with(_with(
    LADDER, "naked_quad", (
        _rung("unique_rectangle_3", uniqueness.ur_type_3, unique=True),
        _rung("unique_rectangle_5", uniqueness.ur_type_5, unique=True),
        _rung("unique_rectangle_6", uniqueness.ur_type_6, unique=True),
        _rung("hidden_rectangle", uniqueness.hidden_rectangle, unique=True))),
    "chains", (
        _rung("finned_x_wing", _finned_fish),  # and the other finned and sashimi fish
        _rung("empty_rectangle", patterns.empty_rectangle))),
    "forcing", (
        _rung("remote_pair", patterns.remote_pair),
        _rung("w_wing", patterns.w_wing),
        _rung("sue_de_coq", _sue_de_coq),
        _rung("als_xz", als.als_xz),
        _rung("als_xy_wing", als.als_xy_wing)))

#: The chaining rungs: a named pattern of the same score is preferred to them in hints.
CHAINS = frozenset({"cycles", "chains", "simple_colouring", "forcing", "nested"})


@dataclass
class Path:
    """A solve path: the steps, the guesses, and whether it reached the end."""

    steps: list = field(default_factory=list)
    guesses: int = 0
    trial_nodes: int = 0
    complete: bool = True  # False when a time limit stopped it
    floor: float = 0.0  # when stopped: the least score the next step could have had
    values: list = field(default_factory=list)

    @property
    def rating(self) -> float:
        return max(max((st.rating for st in self.steps), default=0.0), self.floor)

    @property
    def hardest(self) -> str | None:
        if not self.steps:
            return None
        return max(self.steps, key=lambda st: st.rating).technique


def next_step(s: State, assume_unique: bool = False, deadline: float | None = None,
              hints: bool = False, ladder=None):
    """The easiest step at this position (a list: singles come all found in one sweep),
    or [] when no technique applies. ``hints`` climbs ``HINT_LADDER`` (SE's ladder with
    the techniques SE lacks) instead of SE's own; ``ladder``: rungs of either to climb
    instead (a caller taking only some families)."""
    best: list = []
    chained = False  # hints: the best so far is a chain, which a pattern may displace
    if ladder is None:
        ladder = HINT_LADDER if hints else LADDER
    for _family, low, find, unique in ladder:
        pattern = chained and _family not in CHAINS
        if best and (best[0].rating < low or best[0].rating == low and not pattern):
            break
        if best and _family == "nested":
            break  # SE takes the first chaining rule that finds something
        if unique and not assume_unique:
            continue
        if deadline is not None and low >= 6.6 and time.perf_counter() > deadline:
            stop = TimeUp("the time limit passed")
            stop.floor = min(low, best[0].rating) if best else low  # nothing easier applied
            raise stop
        try:
            found = find(s, deadline) if _family in ("forcing", "nested") else find(s)
        except TimeUp as stop:  # cut inside a rung: nothing easier applied here either
            if getattr(stop, "floor", None) is None:  # (nested says its level's score)
                stop.floor = min(low, best[0].rating) if best else low
            raise
        if found:
            found = sorted(found, key=lambda st: st.rating)
            if not best or found[0].rating < best[0].rating or \
                    pattern and found[0].rating == best[0].rating:
                best = [st for st in found if st.rating == found[0].rating]
                chained = hints and _family in CHAINS
                if low < 2.5:  # singles and direct steps: take the sweep
                    break
            if _family in ("chains", "cycles"):
                best = best[:1]
    return best


def apply(s: State, st) -> bool:
    """Apply a step if it still holds at this position; True if it changed anything."""
    changed = False
    for c, v in st.placements:
        if s.values[c] == v:
            continue
        if s.values[c] or not s.cand[c] >> (v - 1) & 1:
            return changed
        s.place(c, v)
        changed = True
    for c, v in st.eliminations:
        if s.cand[c] >> (v - 1) & 1:
            s.eliminate(c, v)
            changed = True
    return changed


def settle(s: State) -> None:
    """Singles until none is left (raises Contradiction): the trial's fast propagation."""
    t = s.t
    while True:
        progress = False
        for c, m in enumerate(s.cand):
            if m and not m & (m - 1):
                s.place(c, m.bit_length())
                progress = True
        for h in t.full:
            once = twice = 0
            house = t.houses[h]
            for c in house:
                m = s.cand[c]
                twice |= once & m
                once |= m
            missing = t.all & ~once & ~s.placed_in(h)
            if missing:
                raise Contradiction("a value has no place left")
            single = once & ~twice
            while single:
                bit = single & -single
                single ^= bit
                for c in house:
                    if s.cand[c] & bit:
                        s.place(c, bit.bit_length())
                        progress = True
                        break
        if not progress:
            return
        for c in range(t.ncells):
            if not s.values[c] and not s.cand[c]:
                raise Contradiction("a cell has no candidate left")


def trial(s: State, counter: list) -> list | None:
    """Depth-first trial and error from this position: a full board, or None."""
    counter[0] += 1
    try:
        settle(s)
        s.check()
    except Contradiction:
        return None
    if s.solved:
        return s.values
    c = min((c for c in range(s.t.ncells) if s.cand[c]), key=lambda c: s.cand[c].bit_count())
    for v in basic.bits(s.cand[c]):
        trial_state = s.copy()
        try:
            trial_state.place(c, v)
        except Contradiction:
            continue
        found = trial(trial_state, counter)
        if found:
            return found
    return None


def guess(s: State, path: Path):
    """One counted guess: the smallest candidate of a cell with the fewest candidates."""
    c = min((c for c in range(s.t.ncells) if s.cand[c]), key=lambda c: (s.cand[c].bit_count(), c))
    v = basic.bits(s.cand[c])[0]
    trial_state = s.copy()
    counter = [0]
    try:
        trial_state.place(c, v)
        found = trial(trial_state, counter)
    except Contradiction:
        found = None
    path.trial_nodes += counter[0]
    path.guesses += 1
    n = s.n
    if found:
        return make("guess", [(c, v)], (), [c], (), (),
                    f"Trial and error: no technique applies; trying {v} in {cname(c, n)} "
                    f"fills the board, so {cname(c, n)} is {v}")
    return make("guess", (), [(c, v)], [c], (), (),
                f"Trial and error: no technique applies; {v} in {cname(c, n)} leads to a "
                f"contradiction, so it {removes([(c, v)], n)}")


def solve_path(s: State, *, assume_unique: bool = False, first: bool = False,
               time_limit: float | None = None, record=None, on_step=None,
               hints: bool = False) -> Path:
    """Walk from position ``s`` (changed in place) to the end, easiest step first.
    ``hints`` walks ``HINT_LADDER`` (a person's path, for hints and explain) rather than
    SE's ladder (the rating's).

    ``record(state)`` is called before each step is applied and returns what the step
    keeps as ``before`` (for pictures); ``first`` stops after the first step;
    ``on_step(state)`` is called after each round of steps (a progress bar's hook).
    """
    path = Path()
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    while not s.solved:
        try:
            found = next_step(s, assume_unique, deadline, hints)
        except TimeUp as exc:
            path.complete = False
            path.floor = getattr(exc, "floor", 0.0)
            break
        if not found:
            if deadline is not None and time.perf_counter() > deadline:
                path.complete = False
                break
            found = [guess(s, path)]
        snapshot = record(s) if record else None
        progress = False
        for st in found:
            if apply(s, st):
                path.steps.append(replace(st, before=snapshot) if record else st)
                progress = True
                if first:
                    break
                if record and len(found) > 1:
                    snapshot = record(s)
        if not progress:
            raise RuntimeError(f"a step changed nothing: {found[0].text}")
        if on_step is not None:
            on_step(s)
        if first:
            break
    path.values = s.values
    return path
