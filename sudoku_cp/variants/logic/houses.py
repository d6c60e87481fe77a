"""The classic ladder on every group of a variant puzzle: singles, locked candidates,
naked and hidden subsets. Geometry comes from ``state.Geometry`` (irregular regions,
cages, extra regions, value ranges wider than the grid), never from 9, 3 or 81.

Each finder takes a state and returns the first step it finds, or None.
"""

from __future__ import annotations

from itertools import combinations

from .scores import SCORES
from .step import VStep


def _cells(p, cells):
    return ", ".join(p.cell_name(x) for x in cells)


def placement(state, cell, value):
    """The eliminations placing ``value`` at ``cell`` makes: the cell's other candidates
    and ``value`` in every peer."""
    out = [(cell, v) for v in state.values(cell) if v != value]
    out += [(y, value) for y in sorted(state.g.peers[cell]) if state.has(y, value)]
    return tuple(out)


def naked_single(state):
    p = state.g.puzzle
    for cell, mask in enumerate(state.cands):
        if not state.placed[cell] and mask & (mask - 1) == 0:
            v = state.values(cell)[0]
            return VStep("naked single", SCORES["naked single"], ((cell, v),),
                         placement(state, cell, v), (cell,),
                         f"Naked single: {p.cell_name(cell)} can only be {v}.")
    return None


def places(state):
    """For each full house (in order) and value (low to high): ``(h, house, v, where)``,
    ``where`` the cells of the house that may still hold ``v``."""
    g = state.g
    for h in g.full_houses:
        house = g.groups[h]
        for v in range(g.lo, g.lo + g.count):
            yield h, house, v, [x for x in house if state.has(x, v)]


def hidden_single(state):
    g = state.g
    p = g.puzzle
    for h, _, v, where in places(state):
        if len(where) == 1 and not state.placed[where[0]] and state.cands[where[0]] != g.bit(v):
            x = where[0]
            return VStep("hidden single", SCORES["hidden single"], ((x, v),),
                         placement(state, x, v), (x,),
                         f"Hidden single: in {g.names[h]}, {v} fits only {p.cell_name(x)}.",
                         groups=(h,))
    return None


def locked_candidates(state):
    """A value whose places in a full house all see some other cells: not there."""
    g = state.g
    p = g.puzzle
    for h, house, v, where in places(state):
        if len(where) < 2 or any(state.placed[x] for x in where):
            continue
        seen = set.intersection(*(g.peers[x] for x in where)) - set(house)
        gone = tuple((y, v) for y in sorted(seen) if state.has(y, v))
        if gone:
            return VStep("locked candidates", SCORES["locked candidates"], (), gone,
                         tuple(where),
                         f"Locked candidates: in {g.names[h]}, {v} must be in "
                         f"{_cells(p, where)}, which all see {_cells(p, [y for y, _ in gone])}; "
                         f"so {v} is not there.", groups=(h,))
    return None


SIZE_NAMES = {2: "pair", 3: "triple", 4: "quad"}


def naked_subset(k):
    def find(state):
        g = state.g
        p = g.puzzle
        for h, group in enumerate(g.groups):
            open_ = [x for x in group if not state.placed[x] and bin(state.cands[x]).count("1") <= k]
            if len(open_) < k:
                continue
            for subset in combinations(open_, k):
                union = 0
                for x in subset:
                    union |= state.cands[x]
                if bin(union).count("1") != k:
                    continue
                vals = g.values(union)
                gone = tuple((y, v) for y in group if y not in subset for v in vals
                             if state.has(y, v))
                if gone:
                    name = f"naked {SIZE_NAMES[k]}"
                    return VStep(name, SCORES[name], (), gone, subset,
                                 f"Naked {SIZE_NAMES[k]}: in {g.names[h]}, {_cells(p, subset)} "
                                 f"hold only {', '.join(map(str, vals))}; no other cell of "
                                 f"it can.", groups=(h,))
        return None
    return find


def hidden_subset(k):
    def find(state):
        g = state.g
        p = g.puzzle
        for h in g.full_houses:
            house = g.groups[h]
            free = [v for v in range(g.lo, g.lo + g.count)
                    if not any(state.placed[x] and state.has(x, v) for x in house)]
            spots = {v: [x for x in house if state.has(x, v)] for v in free}
            free = [v for v in free if 2 <= len(spots[v]) <= k]
            for values in combinations(free, k):
                cells = sorted({x for v in values for x in spots[v]})
                if len(cells) != k:
                    continue
                gone = tuple((x, w) for x in cells for w in state.values(x) if w not in values)
                if gone:
                    name = f"hidden {SIZE_NAMES[k]}"
                    return VStep(name, SCORES[name], (), gone, tuple(cells),
                                 f"Hidden {SIZE_NAMES[k]}: in {g.names[h]}, "
                                 f"{', '.join(map(str, values))} fit only {_cells(p, cells)}; "
                                 f"those cells hold nothing else.", groups=(h,))
        return None
    return find
