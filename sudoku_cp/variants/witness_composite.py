"""Witness propagators of the composite rules (``or``, ``and``) and the sequence rules
(``regex``, ``nfa``), written from the rules (as ISS's ``Or`` and ``NFAConstraint``
handlers work), sharing nothing with the encoders.

- ``Union`` (an ``or``): each branch's propagators run to their own fixpoint on a copy
  of the candidates; a branch that fails is out, and a cell keeps the values some branch
  still left it (a value is removed only when every live branch removes it). No branch
  left: the rule fails. A full grid passes exactly when some branch's propagators pass
  it, so the union is exact where its branches are.
- ``and``: the parts' propagators side by side.
- ``Automaton`` (a ``regex`` / ``nfa``): the states reachable from a start step by step
  over the cells' candidates, then back from the accepting states: a value stays while
  some move reading it joins a reachable state to one that still reaches an accept
  (forward and backward arc consistency on the unrolled automaton).
"""

from __future__ import annotations

from .model_composite import automaton_of
from .paradigms import UnsupportedConstraint

#: Rounds of a branch's propagators on its copy before the union takes what it has
#: (stopping early keeps more values: weaker, never wrong).
ROUNDS = 30


class Union:
    """At least one of ``branches`` (each a list of propagators) holds."""

    def __init__(self, branches) -> None:
        self.branches = [list(b) for b in branches]
        self.cells = tuple(dict.fromkeys(c for b in self.branches for p in b for c in p.cells))
        self.free = any(not b for b in self.branches)  # an empty branch always holds
        self.slow = True

    def run(self, masks: list[int], changed: list[int]) -> bool:
        if self.free:
            return True
        cells = self.cells
        union = dict.fromkeys(cells, 0)
        alive = False
        for props in self.branches:
            copy = list(masks)
            if _fixpoint(props, copy):
                alive = True
                for c in cells:
                    union[c] |= copy[c]
        if not alive:
            return False
        for c in cells:
            keep = masks[c] & union[c]
            if keep != masks[c]:
                if not keep:
                    return False
                masks[c] = keep
                changed.append(c)
        return True


def _fixpoint(props, masks) -> bool:
    for _ in range(ROUNDS):
        narrowed: list[int] = []
        for p in props:
            if not p.run(masks, narrowed):
                return False
        if not narrowed:
            return True
    return True


class Automaton:
    """The values along ``steps`` (cells, None for a segment break) are a path of an
    automaton from a start state to an accepting one."""

    def __init__(self, steps, automaton, lo: int, count: int) -> None:
        self.steps = list(steps)
        self.cells = tuple(dict.fromkeys(c for c in self.steps if c is not None))
        self.brk = 1 << (lo + count)  # the break, as a value no cell holds
        self.start = frozenset(automaton.start)
        self.accept = frozenset(automaton.accept)
        out: dict[int, dict[int, int]] = {}  # state -> next state -> values read
        for q, s, t in automaton.moves:
            if s <= count:
                out.setdefault(q, {}).setdefault(t, 0)
                out[q][t] |= 1 << (lo + s)
        self.out = {q: tuple(d.items()) for q, d in out.items()}
        self.slow = len(self.steps) > 4

    def run(self, masks: list[int], changed: list[int]) -> bool:
        out, brk = self.out, self.brk
        reach = [self.start]
        for place in self.steps:
            have = brk if place is None else masks[place]
            nxt = {t for q in reach[-1] for t, vals in out.get(q, ()) if vals & have}
            if not nxt:
                return False
            reach.append(nxt)
        live = reach[-1] & self.accept
        if not live:
            return False
        keep = {}
        for i in range(len(self.steps) - 1, -1, -1):
            place = self.steps[i]
            have = brk if place is None else masks[place]
            now, seen = set(), 0
            for q in reach[i]:
                for t, vals in out.get(q, ()):
                    if t in live and vals & have:
                        now.add(q)
                        seen |= vals & have
            if not now:
                return False
            live = now
            if place is not None:
                keep[place] = keep.get(place, have) & seen
        for c, k in keep.items():
            if k != masks[c]:
                if not k:
                    return False
                masks[c] = k
                changed.append(c)
        return True


def _props(c, ctx):
    from .witness_build import BUILDERS

    if c.TYPE not in BUILDERS:
        raise UnsupportedConstraint(c.TYPE, "witness")
    props = list(BUILDERS[c.TYPE](c, ctx))
    for p in props:
        if getattr(p, "delta", False) or getattr(p, "state", 0):
            raise UnsupportedConstraint(c.TYPE, "witness: inside an or, a rule with state")
    return props


def union(c, ctx):
    return [Union([_props(b, ctx) for b in c.branches])]


def conjunction(c, ctx):
    return [p for part in c.parts for p in _props(part, ctx)]


def sequence(c, ctx):
    from .automaton import steps_of

    count = ctx.hi - ctx.lo + 1
    steps = steps_of(c.cells, getattr(c, "lengths", ()))
    return [Automaton(steps, automaton_of(ctx.puzzle, c), ctx.lo, count)]


BUILDERS = {"or": union, "and": conjunction, "regex": sequence, "nfa": sequence}
