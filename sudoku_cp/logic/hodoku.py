"""HoDoKu's own solve path: its techniques, in its order, one step at a time.

HoDoKu rates a puzzle by the path its solver takes: at each position it tries its
techniques in a fixed order (singles, locked pairs, locked candidates, subsets, fish,
remote pairs, BUG+1, single-digit patterns, wings, uniqueness tests, finned fish, Sue
de Coq, colouring, chains and loops, almost locked sets, forcing chains and nets,
brute force), applies the first step found, and starts again. Every step adds the
technique's score; the level is the hardest technique's, raised while the score passes
the level's ceiling (``scales.HODOKU``). Since the order differs from Sudoku Explainer's
(HoDoKu tries a hidden rectangle or a finned X-wing long before a chain), the HoDoKu
scale needs this path of its own; the SE rating never uses it.

Uniqueness techniques are tried only when the caller assumes one solution (HoDoKu
always does). HoDoKu's avoidable rectangles need to know which values were given and
are not built; nor are its grouped loops, multi-colours, Franken fish and ALS chains.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Callable

from . import als, basic, chains, fish, forcing, loops, patterns, uniqueness, wings
from .ratings import length_bonus, score
from .solver import Path, apply, guess
from .state import State, TimeUp

Finder = Callable[[State], list]


def _singles(kind: str) -> Finder:
    def find(s: State) -> list:
        if kind == "full_house":
            return basic.full_house(s)[:1]
        if kind == "naked_single":
            return basic.naked_single(s)[:1]
        return basic.hidden_singles(s, s.t.full)[:1]
    return find


def _box_first(s: State) -> list[int]:
    """HoDoKu searches subsets in boxes first, then rows, then columns."""
    t = s.t
    return list(t.boxes) + list(t.rows) + list(t.cols) + list(range(3 * t.n, len(t.houses)))


def _naked(k: int) -> Finder:
    def find(s: State) -> list:
        return basic.naked_subset(s, k, _box_first(s))
    return find


def _hidden(k: int) -> Finder:
    def find(s: State) -> list:
        rank = {h: i for i, h in enumerate(_box_first(s))}
        found = sorted(basic.hidden_subsets(s, k), key=lambda st: rank[st.houses[0]])
        return found[:1]
    return find


def _locked(box_first: bool) -> Finder:
    """Pointing (HoDoKu's locked candidates 1) or claiming (2): house by house, then
    value by value, as HoDoKu scans."""
    def find(s: State) -> list:
        found = sorted(basic.locked(s, box_first),
                       key=lambda st: (st.houses[0], st.eliminations[0][1]))
        return found[:1]
    return find


def _x_chain_short(s: State) -> list:
    """Skyscraper, two-string kite or turbot fish (an X-chain of four candidates):
    HoDoKu tries them in that order, each time the one that removes the most."""
    g = chains.Graph(s, "x")
    rank = {"skyscraper": 0, "two_string_kite": 1, "turbot_fish": 2}
    best, key = None, None
    adj: dict[int, list[int]] = {}
    for start in sorted(g.strong):
        parent, frontier = chains.seed(g, start)
        frontier = chains.grow(g, frontier, parent, adj)  # four candidates
        for t in frontier:
            if t == start:
                continue
            elim = chains._elims(g, start, t)
            if not elim:
                continue
            path, houses = chains._path(parent, start, t)
            if len(path) != 4:
                continue
            name = chains._name(s, [divmod(x, s.n) for x in path], houses)
            k = (rank.get(name, 3), -elim.bit_count())
            if key is None or k < key:
                best, key = (score("turbot_fish"), path, houses, elim), k
    return [chains._step(s, *best)] if best else []


def most_chain(s: State, mode: str, max_nodes: int = 20):
    """The chain of this mode that removes the most candidates (HoDoKu's choice among
    the chains it finds; the shortest on a tie), as ``chains.best_chain`` gives it."""
    g = chains.Graph(s, mode)
    if not g.strong:
        return None
    base = {"x": score("x_chain"), "xy": score("xy_chain"), "aic": score("aic")}[mode]
    adj: dict[int, list[int]] = {}
    best, most = None, 0
    for start in sorted(g.strong):
        parent, frontier = chains.seed(g, start)
        depth = 1
        while frontier and 2 * depth <= max_nodes:
            for t in frontier:
                if t == start:  # a loop back to the start: it places the start's value
                    gain = s.cand[start // s.n].bit_count() - 1
                    elim = -1
                else:
                    elim = chains._elims(g, start, t)
                    gain = elim.bit_count()
                if gain > most:
                    path, houses = chains._path(parent, start, t)
                    best, most = (round(base + length_bonus(2 * depth), 1), path, houses, elim), gain
            frontier = chains.grow(g, frontier, parent, adj)
            depth += 1
    return best


def _chain(mode: str) -> Finder:
    def find(s: State) -> list:
        found = most_chain(s, mode, 10 if mode == "aic" else 20)
        return [chains._step(s, *found)] if found else []
    return find


def _forcing(s: State, deadline=None) -> list:
    return forcing.forcing(s, deadline)


#: (finder, needs uniqueness), in HoDoKu's default order (its solver steps' indexes).
LADDER: tuple[tuple[Finder, bool], ...] = (
    (_singles("full_house"), False),
    (_singles("naked_single"), False),
    (_singles("hidden_single"), False),
    (patterns.locked_pair, False),
    (patterns.locked_triple, False),
    (_locked(True), False),
    (_locked(False), False),
    (_naked(2), False),
    (_naked(3), False),
    (_hidden(2), False),
    (_hidden(3), False),
    (_naked(4), False),
    (_hidden(4), False),
    (basic.x_wing, False),
    (basic.swordfish, False),
    (basic.jellyfish, False),
    (patterns.remote_pair, False),
    (wings.bug_plus_one, True),
    (_x_chain_short, False),  # skyscraper, two-string kite, turbot fish
    (patterns.empty_rectangle, False),
    (patterns.w_wing, False),
    (wings.xy_wing, False),
    (wings.xyz_wing, False),
    (uniqueness.ur_type_1, True),
    (uniqueness.ur_type_2, True),
    (uniqueness.ur_type_3, True),
    (uniqueness.ur_type_4, True),
    (uniqueness.ur_type_5, True),
    (uniqueness.ur_type_6, True),
    (uniqueness.hidden_rectangle, True),
    (fish.finned_x_wing, False),
    (fish.sashimi_x_wing, False),
    (fish.finned_swordfish, False),
    (fish.sashimi_swordfish, False),
    (fish.finned_jellyfish, False),
    (fish.sashimi_jellyfish, False),
    (patterns.sue_de_coq, False),
    (chains.simple_colouring, False),
    (_chain("x"), False),
    (_chain("xy"), False),
    (_chain("aic"), False),
    (loops.cycles, False),
    (als.als_xz, False),
    (als.als_xy_wing, False),
)


def next_step(s: State, assume_unique: bool, deadline: float | None = None) -> list:
    for find, unique in LADDER:
        if unique and not assume_unique:
            continue
        found = find(s)
        if found:
            return found[:1]
    if deadline is not None and time.perf_counter() > deadline:
        raise TimeUp
    return forcing.forcing(s, deadline)[:1]


def solve_path(s: State, *, assume_unique: bool = True, time_limit: float | None = None,
               record=None) -> Path:
    """HoDoKu's path from position ``s`` (changed in place) to the end; ``record(state)``
    gives what each step keeps as ``before`` (for pictures), as in ``solver.solve_path``."""
    path = Path()
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    while not s.solved:
        try:
            found = next_step(s, assume_unique, deadline)
        except TimeUp:
            path.complete = False
            break
        if not found:
            found = [guess(s, path)]
        step = replace(found[0], before=record(s)) if record else found[0]
        if not apply(s, step):
            raise RuntimeError(f"a step changed nothing: {step.text}")
        path.steps.append(step)
    path.values = s.values
    return path
