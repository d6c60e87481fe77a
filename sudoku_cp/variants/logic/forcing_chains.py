"""Forcing chains on the constraints' links (Sudoku Explainer's cell, region and
contradiction forcing chains, with the variant's links).

The links are the chains' (``chains.Links``): strong links (a cell's two values, a
value's two places in a full house, a value a piece needs with two places left) and
weak links (a cell's values, one value in two peers, two candidates a constraint's rule
never holds together). Assume a candidate true and follow only what the links and the
singles say: true -> every weakly linked candidate false; false -> its strongly linked
candidate true; a cell left with one candidate, or a value left with one place in a
full house, -> that candidate true. Nothing else is used (no constraint is walked
again, unlike the labelled trial of ``forcing``), so each consequence is one link or
one single from the one before, as in SE's forcing chains:

- **contradiction**: the assumption makes some candidate both true and false, or
  leaves a cell or a house's value with no candidate: the assumed candidate is false;
- **cell forcing chain**: every candidate of a cell (at most ``MAX_OPTIONS``) makes
  the same candidate false (removed) or true (placed);
- **region forcing chain**: likewise for every place of a value in a full house.

Each follow is linear in the links, and at most ``MAX_OPTIONS`` per cell or house, so a
search is polynomial; it comes last before the trial, after the plain chains.
"""

from __future__ import annotations

from collections import deque

from .chains import Links, _bits
from .houses import placement
from .scores import SCORES
from .step import VStep

#: a cell's candidates or a value's places followed at most.
MAX_OPTIONS = 5


class Net:
    """The candidates of each cell and each house's value as node bitsets, and ``follow``."""

    def __init__(self, state, links):
        g = state.g
        self.links, self.k, self.alive = links, g.count, links.alive
        self.cell = {}
        for x in range(len(state.cands)):
            if not state.placed[x]:
                bits = 0
                for v in state.values(x):
                    bits |= 1 << links.node(x, v)
                self.cell[x] = bits
        self.house_of = {}      # node -> [(house bits, house index)]
        for h in g.full_houses:
            for v in range(g.lo, g.lo + g.count):
                bits = 0
                for x in g.groups[h]:
                    if not state.placed[x] and state.has(x, v):
                        bits |= 1 << links.node(x, v)
                if any(state.placed[x] and state.has(x, v) for x in g.groups[h]):
                    continue  # (placed there already)
                for n in _bits(bits):
                    self.house_of.setdefault(n, []).append((bits, h))

    def follow(self, start):
        """Assume ``start`` true: ``(on, off, why, clash)``; ``why`` maps an event
        ``(node, truth)`` to its cause event (None for the assumption); ``clash`` is None,
        ``("both", node)`` (true and false), ``("cell", event)`` (the event leaves its
        cell no candidate) or ``("house", event, h)`` (no place in house ``h``)."""
        weak, strong, alive, k = self.links.weak, self.links.strong, self.alive, self.k
        on, off = 1 << start, 0
        why = {(start, True): None}
        queue = deque([(start, True)])
        while queue:
            n, truth = queue.popleft()
            event = (n, truth)
            if truth:
                new = weak.get(n, 0) & alive & ~off
                for m in _bits(new):
                    why[(m, False)] = event
                if new & on:
                    return on, off, why, ("both", next(_bits(new & on)))
                off |= new
                queue.extend((m, False) for m in _bits(new))
                continue
            found = list(_bits(strong.get(n, 0) & alive & ~on))
            rest = self.cell.get(n // k, 0) & ~off
            if not rest:
                return on, off, why, ("cell", event)
            if rest & (rest - 1) == 0:
                found.append(rest.bit_length() - 1)
            for bits, h in self.house_of.get(n, ()):
                rest = bits & ~off
                if not rest:
                    return on, off, why, ("house", event, h)
                if rest & (rest - 1) == 0:
                    found.append(rest.bit_length() - 1)
            for m in found:
                if on >> m & 1:
                    continue
                why.setdefault((m, True), event)
                if off >> m & 1:
                    return on, off, why, ("both", m)
                on |= 1 << m
                queue.append((m, True))
        return on, off, why, None


def forcing_chain_finder(pieces, pair_links):
    """A finder for ``forcing chain`` over the puzzle's pieces and two-cell links."""
    memo: dict = {}
    rule_memo: dict = {}

    def find(state):
        links = Links(state, pieces, pair_links, memo, rule_memo)
        net = Net(state, links)
        cache = {}

        def follow(node):
            if node not in cache:
                cache[node] = net.follow(node)
            return cache[node]

        g = state.g
        groups = [(x, list(_bits(bits))) for x, bits in net.cell.items()]
        for h in g.full_houses:
            for v in range(g.lo, g.lo + g.count):
                where = [links.node(x, v) for x in g.groups[h]
                         if not state.placed[x] and state.has(x, v)]
                if len(where) > 1 and not any(state.placed[x] and state.has(x, v)
                                              for x in g.groups[h]):
                    groups.append((("house", h, v), where))
        for size in range(2, MAX_OPTIONS + 1):
            for owner, nodes in groups:
                if len(nodes) != size:
                    continue
                branches = [follow(n) for n in nodes]
                for n, branch in zip(nodes, branches):
                    if branch[3] is not None:
                        return _contradiction(state, links, n, branch)
                off = on = -1
                for b in branches:
                    off &= b[1]
                    on &= b[0]
                off &= links.alive
                on &= links.alive & ~(1 << nodes[0])
                if on or off:
                    return _forcing(state, links, owner, nodes, branches, on, off)
        return None
    return find


def _name(links, state, node, truth=True):
    x, v = links.cand(node)
    return f"{state.g.puzzle.cell_name(x)}{'=' if truth else '≠'}{v}"


def _said(links, state, why, event, limit=8):
    """The chain from the assumption to ``event``, as ``R1C1=2 → R1C3≠2 → ...``."""
    out = []
    while event is not None:
        out.append(event)
        event = why.get(event)
    out.reverse()
    words = [_name(links, state, n, t) for n, t in out]
    if len(words) > limit:
        words = words[:2] + ["…"] + words[-(limit - 3):]
    return " → ".join(words)


def _contradiction(state, links, start, branch):
    why, clash = branch[2], branch[3]
    x, v = links.cand(start)
    g = state.g
    p = g.puzzle
    if clash[0] == "both":
        m = clash[1]
        said = (f"{_said(links, state, why, (m, True))} and {_said(links, state, why, (m, False))}, "
                f"so {_name(links, state, m)} would be both true and false")
    elif clash[0] == "cell":
        said = (f"{_said(links, state, why, clash[1])}, and "
                f"{p.cell_name(links.cand(clash[1][0])[0])} has no candidate left")
    else:
        said = (f"{_said(links, state, why, clash[1])}, and {links.cand(clash[1][0])[1]} has "
                f"no place left in {g.names[clash[2]]}")
    text = f"Forcing chain (contradiction): {said}; so {p.cell_name(x)} cannot be {v}."
    cells = tuple(dict.fromkeys(links.cand(n)[0] for n, _ in why))[:12]
    return VStep("forcing chain", SCORES["forcing chain"], (), ((x, v),), cells, text)


def _forcing(state, links, owner, nodes, branches, on, off):
    p = state.g.puzzle
    g = state.g
    if isinstance(owner, tuple):
        _, h, v = owner
        head = (f"in {g.names[h]}, {v} is in one of "
                f"{', '.join(p.cell_name(links.cand(n)[0]) for n in nodes)}")
    else:
        head = f"{p.cell_name(owner)} is one of {', '.join(str(links.cand(n)[1]) for n in nodes)}"
    target, truth = (next(_bits(on)), True) if on else (next(_bits(off)), False)
    said = "; ".join(f"if {_name(links, state, n)}: {_said(links, state, b[2], (target, truth))}"
                     for n, b in zip(nodes, branches))
    placements = tuple(links.cand(m) for m in _bits(on))
    gone = {links.cand(m) for m in _bits(off)}
    for x, v in placements:
        gone.update(placement(state, x, v))
    gone = tuple(sorted((x, v) for x, v in gone if state.has(x, v)))
    from .families import removed_words

    result = []
    if placements:
        result.append(", ".join(f"{p.cell_name(x)} is {v}" for x, v in placements))
    if off:
        result.append(removed_words(p, sorted(links.cand(m) for m in _bits(off))))
    text = (f"Forcing chain: {head}; {said}; either way {'; '.join(result)}.")
    cells = tuple(dict.fromkeys(links.cand(n)[0] for n in nodes))
    return VStep("forcing chain", SCORES["forcing chain"], placements, gone, cells, text)
