"""CNF encoders of the composite rules (``or``, ``and``) and the sequence rules (``regex``,
``nfa``).

- ``or``: one activation literal per branch; each branch is encoded by its own type's
  encoder with every clause guarded by ``-act`` (the formula's ``guard``), its waiting
  binary relations flushed under the same guard, and one clause says some ``act`` holds.
  A false ``act`` satisfies every clause of its branch, so the branch's auxiliaries are
  free; nested composites stack their guards.
- ``and``: its parts, one after the other, under the guard in force.
- ``regex`` / ``nfa``: the automaton unrolled along the line (``automaton.unroll``: only
  the moves some accepted path can take at each step), a literal per live move and per
  state at each step; a move implies its state before, its state after and its cell's
  value; a state (before the last step) implies one of its moves out, a state after a
  step one of its moves in, a value one of the moves that read it; some start state
  holds. Unit propagation then keeps a value exactly while some live move reads it at its
  step given the states still possible on both sides.
"""

from __future__ import annotations

from .automaton import steps_of, unroll
from .encode_cnf_base import _on_time
from .model_composite import automaton_of


def _never(enc, tag):
    lit = enc.aux("never", tag)
    enc.add([lit])
    enc.add([-lit])


def guarded(enc, lit, c, tag):
    """Encode constraint ``c`` to hold only while ``lit`` does: ``-lit`` joins the guard
    every clause starts with, and the binary relations it leaves waiting are flushed
    under that guard (not merged with the unguarded ones)."""
    from .encode_cnf import ENCODERS

    saved = enc.guard, enc._relations
    enc.guard, enc._relations = (*enc.guard, -lit), {}
    try:
        ENCODERS[c.TYPE](enc, c, tag)
        enc.relations_done()
    finally:
        enc.guard, enc._relations = saved


def _or(enc, c, k):
    acts = [enc.aux("or", k, j) for j in range(len(c.branches))]
    for j, (act, branch) in enumerate(zip(acts, c.branches)):
        guarded(enc, act, branch, (k, "or", j))
    if acts:
        enc.add(acts)
    else:
        _never(enc, k)


def _and(enc, c, k):
    from .encode_cnf import ENCODERS

    for j, part in enumerate(c.parts):
        ENCODERS[part.TYPE](enc, part, (k, "and", j))


def _sequence(enc, c, k):
    lo = enc.values[0]
    count = len(enc.values)
    steps = steps_of(c.cells, getattr(c, "lengths", ()))
    layers = unroll(automaton_of(enc.puzzle, c), steps, count)
    if layers is None:
        _never(enc, k)
        return

    def state(i, q):
        return enc.aux("nfa-state", k, i, q)

    firsts = {q for q, _, _ in layers[0]}
    enc.add([state(0, q) for q in sorted(firsts)])
    for i, (place, layer) in enumerate(zip(steps, layers)):
        _on_time()  # (an NFA of thousands of states makes long layers)
        out, into, reads = {}, {}, {}
        for q, s, t in layer:
            e = enc.aux("nfa-move", k, i, q, s, t)
            enc.add([-e, state(i, q)])
            enc.add([-e, state(i + 1, t)])
            if place is not None:
                enc.add([-e, enc.x[place][lo + s]])
                reads.setdefault(s, []).append(e)
            out.setdefault(q, []).append(e)
            into.setdefault(t, []).append(e)
        for q, moves in out.items():
            enc.add([-state(i, q), *moves])
        for t, moves in into.items():
            enc.add([-state(i + 1, t), *moves])
        if place is not None:
            for s in range(count):
                enc.add([-enc.x[place][lo + s], *reads.get(s, ())])


ENCODERS = {"or": _or, "and": _and, "regex": _sequence, "nfa": _sequence}
