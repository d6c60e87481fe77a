"""CP-SAT encoders of the composite rules (``or``, ``and``) and the sequence rules
(``regex``, ``nfa``).

- ``or``: a Boolean per branch, at least one true; each branch is encoded by its own
  type's encoder on a view of the model that adds the branch's Boolean as an enforcement
  literal (``OnlyEnforceIf``) to every constraint it adds. OR-Tools 9.15 enforces every
  constraint kind the encoders use (all-different, tables, element, min/max, division,
  modulo, automaton: measured). The cell-value Booleans (``CP.is_value``) stay
  unconditional: they are definitions, shared by every rule.
- ``and``: its parts, under the enforcement in force.
- ``regex`` / ``nfa``: ``add_automaton`` on the automaton made deterministic (subset
  construction; CP-SAT refuses two moves on one symbol from one state), a segment break
  read from a constant variable holding the break symbol. Measured against the flow below
  on ISS's 12 examples with regexes and NFAs (docs/variants.md): 1.5 to 4x faster, and
  "Ambiguous Arrows" 29.4 s -> 2.5 s. When the subsets pass ``MAX_DFA`` states, the
  automaton is unrolled along the line (``automaton.unroll``) as a flow instead: a Boolean
  per live move at each step, exactly one per step, the moves into a state at a step as
  many as the moves out of it at the next, and ``x == v`` exactly when the step's move
  reads ``v``.
"""

from __future__ import annotations

from .automaton import steps_of, unroll
from .model_composite import automaton_of


class _Enforced:
    """A ``CpModel`` seen through enforcement literals: every ``add...`` it is asked for
    holds only while all of ``lits`` do; everything else passes through."""

    def __init__(self, model, lits):
        self._model, self._lits = model, list(lits)

    def __getattr__(self, name):
        attr = getattr(self._model, name)
        if not ((name == "add" or name.startswith("add_")) and callable(attr)):
            return attr

        def add(*args, **kwargs):
            made = attr(*args, **kwargs)
            made.OnlyEnforceIf(self._lits)  # (returns None in 9.15: the constraint is kept)
            return made
        return add


def _encoder(c):
    from .encode_cp import ENCODERS

    return ENCODERS[c.TYPE]


def _or(cp, c, k):
    chosen = [cp.bool_var(f"or{k}_{j}") for j in range(len(c.branches))]
    cp.model.add_bool_or(chosen)  # (none: an empty clause, never true)
    outer = cp.model
    for j, (b, branch) in enumerate(zip(chosen, c.branches)):
        lits = [*getattr(outer, "_lits", ()), b]
        base = getattr(outer, "_model", outer)
        cp.model = _Enforced(base, lits)
        try:
            _encoder(branch)(cp, branch, f"{k}_or{j}")
        finally:
            cp.model = outer


def _and(cp, c, k):
    for j, part in enumerate(c.parts):
        _encoder(part)(cp, part, f"{k}_and{j}")


#: The most states of a deterministic automaton given to ``AddAutomaton`` (ISS's own NFAs
#: of the examples make at most 547); past it, the flow.
MAX_DFA = 20_000


def deterministic(a, count):
    """``(moves, accepting)`` of the subset construction of automaton ``a`` over symbols
    ``0..count`` (the last the segment break), state 0 the set of start states; None past
    ``MAX_DFA`` states."""
    step = {}
    for q, s, t in a.moves:
        step.setdefault((q, s), set()).add(t)
    first = frozenset(a.start)
    ids, todo, moves = {first: 0}, [first], []
    while todo:
        subset = todo.pop()
        for s in range(count + 1):
            nxt = frozenset(t for q in subset for t in step.get((q, s), ()))
            if not nxt:
                continue
            if nxt not in ids:
                if len(ids) >= MAX_DFA:
                    return None
                ids[nxt] = len(ids)
                todo.append(nxt)
            moves.append((ids[subset], s, ids[nxt]))
    final = set(a.accept)
    return moves, [i for subset, i in ids.items() if subset & final]


def _sequence(cp, c, k):
    lo, count = cp.values[0], len(cp.values)
    steps = steps_of(c.cells, getattr(c, "lengths", ()))
    dfa = deterministic(automaton_of(cp.puzzle, c), count)
    if dfa is not None:
        moves, final = dfa
        if not final or not moves:  # (no accepted line at all: CP-SAT wants final states)
            cp.model.add_bool_or([])
            return
        brk = cp.model.new_constant(lo + count) if None in steps else None
        line = [brk if x is None else cp.x[x] for x in steps]
        cp.model.add_automaton(line, 0, final, [(q, lo + s, t) for q, s, t in moves])
        return
    _flow(cp, c, k)


def _flow(cp, c, k):
    lo, count = cp.values[0], len(cp.values)
    steps = steps_of(c.cells, getattr(c, "lengths", ()))
    layers = unroll(automaton_of(cp.puzzle, c), steps, count)
    if layers is None:
        cp.model.add_bool_or([])
        return
    before = None  # the moves of the step before, by the state they reach
    for i, (place, layer) in enumerate(zip(steps, layers)):
        moves = [(q, s, t, cp.bool_var(f"nfa{k}_{i}_{q}_{s}_{t}")) for q, s, t in layer]
        cp.model.add_exactly_one([e for *_, e in moves])
        if before is not None:
            for q in set(before) | {m[0] for m in moves}:
                cp.model.add(sum(before.get(q, ())) == sum(e for p, _, _, e in moves if p == q))
        if place is not None:
            for s in range(count):
                reading = [e for _, x, _, e in moves if x == s]
                held = cp.is_value(place, lo + s)
                if not reading:
                    cp.model.add_bool_or([held.Not()])
                    continue
                cp.model.add(sum(reading) == 1).OnlyEnforceIf(held)
                cp.model.add(sum(reading) == 0).OnlyEnforceIf(held.Not())
        before = {}
        for _, _, t, e in moves:
            before.setdefault(t, []).append(e)


ENCODERS = {"or": _or, "and": _and, "regex": _sequence, "nfa": _sequence}
