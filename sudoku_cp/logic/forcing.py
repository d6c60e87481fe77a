"""Forcing chains: what follows from assuming one candidate true (or false).

``propagate`` assumes a candidate and follows its consequences with singles only
(a cell left with one candidate takes it; a value left with one cell in a full house
goes there), updating the position as it goes (SE's "dynamic" chains), and records
for every conclusion the conclusions it came from. The number of ancestors of a
conclusion is the chain's length, which sets SE's length increment.

- **nishio**: assuming a candidate true leads to a contradiction: it goes.
- **cell forcing chain**: every candidate of a cell leads to the same conclusion.
- **region forcing chain**: every place of a value in a full house leads to it.
- **dynamic forcing chain**: assuming a candidate false leads to a contradiction, so
  it is true; or the candidate true and false lead to the same conclusion.
"""

from __future__ import annotations

import time
from collections import deque

from .basic import make, removes
from .ratings import length_bonus, score
from .state import State, TimeUp, cname, hname


class Branch:
    """The consequences of one assumption: events ``(cell, value, on)`` -> parents."""

    __slots__ = ("cause", "contradiction", "root")

    def __init__(self, root, cause, contradiction) -> None:
        self.root, self.cause, self.contradiction = root, cause, contradiction

    def length(self, events) -> int:
        """How many conclusions the given events rest on (their ancestors, themselves too)."""
        seen, stack = set(), list(events)
        while stack:
            e = stack.pop()
            if e in seen:
                continue
            seen.add(e)
            stack.extend(self.cause.get(e, ()))
        return len(seen)


def propagate(s: State, cell: int, value: int, on: bool, budget: int = 100000) -> Branch:
    """Assume ``value`` in ``cell`` is true (``on``) or false; follow singles."""
    t, n = s.t, s.n
    cand, values = s.cand[:], s.values[:]
    start = cand[:]
    root = (cell, value, on)
    cause: dict = {root: ()}
    queue = deque([root])

    def off_parents(c, v):
        return tuple((c, w, False) for w in _vals(start[c] & ~(1 << (v - 1)), n))

    while queue:
        ev = queue.popleft()
        c, v, is_on = ev
        bit = 1 << (v - 1)
        if is_on:
            if values[c]:
                if values[c] != v:
                    return Branch(root, cause, (ev, (c, values[c], True)))
                continue
            if not cand[c] & bit:
                return Branch(root, cause, (ev, (c, v, False)))
            values[c] = v
            for w in _vals(cand[c] & ~bit, n):
                k = (c, w, False)
                if k not in cause:
                    cause[k] = (ev,)
                    queue.append(k)
            cand[c] = 0
            for p in t.peers[c]:
                if cand[p] & bit:
                    k = (p, v, False)
                    if k not in cause:
                        cause[k] = (ev,)
                        queue.append(k)
            continue
        if not cand[c] & bit:
            continue
        cand[c] &= ~bit
        m = cand[c]
        if not values[c]:
            if not m:
                return Branch(root, cause, tuple((c, w, False) for w in _vals(start[c], n)))
            if not m & (m - 1):
                k = (c, m.bit_length(), True)
                if k not in cause:
                    cause[k] = off_parents(c, m.bit_length())
                    queue.append(k)
        for h in t.houses_of[c]:
            if not t.is_full[h] or any(values[x] == v for x in t.houses[h]):
                continue
            left = [x for x in t.houses[h] if cand[x] & bit]
            if len(left) == 1:
                k = (left[0], v, True)
                if k not in cause:
                    cause[k] = tuple((x, v, False) for x in t.houses[h]
                                     if start[x] & bit and x != left[0])
                    queue.append(k)
            elif not left:
                return Branch(root, cause, tuple((x, v, False) for x in t.houses[h]
                                                 if start[x] & bit))
        if len(cause) > budget:
            break
    return Branch(root, cause, None)


def _vals(mask: int, n: int):
    v = 1
    while mask:
        if mask & 1:
            yield v
        mask >>= 1
        v += 1


def _candidates(s: State):
    for c, m in enumerate(s.cand):
        for v in _vals(m, s.n):
            yield c, v


def forcing(s: State, dynamic: bool = True, deadline: float | None = None) -> list:
    """The easiest nishio, cell or region forcing chain (and, with ``dynamic``, the
    chains from a candidate assumed false), by SE's rating."""
    t, n = s.t, s.n
    on = {}
    for c, v in _candidates(s):
        if deadline is not None and time.perf_counter() > deadline:
            raise TimeUp
        on[(c, v)] = propagate(s, c, v, True)
    found = []  # (rating, step builder args)
    for (c, v), br in on.items():
        if br.contradiction:
            k = br.length(br.contradiction)
            found.append((score("nishio") + length_bonus(k), "nishio", [], [(c, v)], [c], (),
                          f"Nishio forcing chain: {v} in {cname(c, n)} leads to a contradiction "
                          f"after {k} steps, so it {removes([(c, v)], n)}"))
    if not found:
        for c, m in enumerate(s.cand):
            if m:
                _common(s, [on[(c, v)] for v in _vals(m, n)], "cell_forcing_chain",
                        f"every candidate of {cname(c, n)}", [c], (), found)
        for h in t.full:
            for v in range(1, n + 1):
                where = [c for c in t.houses[h] if s.cand[c] >> (v - 1) & 1]
                if len(where) >= 2:
                    _common(s, [on[(c, v)] for c in where], "region_forcing_chain",
                            f"every place of {v} in {hname(t, h)}", where, [h], found)
    if not found and dynamic:
        for (c, v) in on:
            if deadline is not None and time.perf_counter() > deadline:
                raise TimeUp
            br = propagate(s, c, v, False)
            if br.contradiction:
                k = br.length(br.contradiction)
                found.append((score("dynamic_forcing_chain") + length_bonus(k),
                              "dynamic_forcing_chain", [(c, v)], [], [c], (),
                              f"Dynamic forcing chain: without {v}, {cname(c, n)} leads to a "
                              f"contradiction after {k} steps, so {cname(c, n)} is {v}"))
                break
            _common(s, [on[(c, v)], br], "dynamic_forcing_chain",
                    f"{v} in {cname(c, n)} and its absence", [c], (), found)
    if not found:
        return []
    rating, tech, placements, elims, cells, houses, text = min(found, key=lambda f: f[0])
    return [make(tech, placements, elims, cells, houses, (), text, rating=rating)]


def _common(s: State, branches, tech, what, cells, houses, found) -> None:
    """Conclusions shared by every branch (one of which must hold) are true."""
    if any(b.contradiction for b in branches):
        return
    shared = set(branches[0].cause)
    for b in branches[1:]:
        shared &= set(b.cause)
    shared -= {b.root for b in branches}
    n = s.n
    for ev in sorted(shared):
        c, v, is_on = ev
        if is_on and s.values[c]:
            continue
        if not is_on and not s.cand[c] >> (v - 1) & 1:
            continue
        k = sum(b.length([ev]) for b in branches)
        rating = score(tech) + length_bonus(k)
        if is_on:
            text = f"{_title(tech)}: {what} leads to {v} in {cname(c, n)}, so it goes there"
            found.append((rating, tech, [(c, v)], [], cells, houses, text))
        else:
            text = f"{_title(tech)}: {what} removes {v} from {cname(c, n)}, so it goes"
            found.append((rating, tech, [], [(c, v)], cells, houses, text))


def _title(tech: str) -> str:
    from .ratings import title

    return title(tech)
