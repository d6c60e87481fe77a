"""Forcing chains: what follows from assuming one candidate true (or false).

``propagate`` assumes a candidate and follows its consequences, recording for every
conclusion the conclusions it came from; the number of ancestors of a conclusion is
the chain's length, which sets SE's length increment. Three kinds of propagation, as
in Sudoku Explainer:

- ``x``: one value only, updating the position as it goes (a value left with one
  place in a full house goes there): **nishio** (7.5), a candidate whose truth
  leaves its value no place in some house.
- ``static``: links of the position as it stands (the other candidate of a bivalue
  cell, the other place of a value with two places in a full house): **cell** and
  **region forcing chains** (8.0), where every candidate of a cell, or every place of
  a value in a house, leads to the same conclusion.
- ``dynamic``: singles on the position as it changes: **dynamic forcing chains**
  (8.5), by contradiction (a candidate assumed true or false leads to an impossible
  position), or cell, region and double forcing (true and false agree).
"""

from __future__ import annotations

import time
from collections import deque

from .basic import make, removes
from .ratings import length_bonus, score, title
from .state import State, TimeUp, bits, cname, hname


class Branch:
    """The consequences of one assumption: events ``(cell, value, on)`` -> parents."""

    __slots__ = ("cause", "contradiction", "root", "_order")

    def __init__(self, root, cause, contradiction) -> None:
        self.root, self.cause, self.contradiction = root, cause, contradiction
        self._order = None

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

    def order(self, ev) -> int:
        """When the event was concluded (breadth first: a proxy for its chain's length)."""
        if self._order is None:
            self._order = {e: i for i, e in enumerate(self.cause)}
        return self._order[ev]


def _tables(s: State):
    """Per-position counts shared by every propagation: the values placed in each house
    (bitmask), how many cells of each house hold each value, and for each (house,
    value) with exactly two places, those two cells."""
    got = s.memo.get("propagate")
    if got is None:
        t, n = s.t, s.n
        placed = [s.placed_in(h) for h in range(len(t.houses))]
        count = [0] * (len(t.houses) * n)
        pairs = {}
        for h, house in enumerate(t.houses):
            for v in range(n):
                bit = 1 << v
                where = [c for c in house if s.cand[c] & bit]
                count[h * n + v] = len(where)
                if len(where) == 2 and t.is_full[h]:
                    pairs[(h, v + 1)] = where
        got = s.memo["propagate"] = (placed, count, pairs)
    return got


def propagate(s: State, cell: int, value: int, on: bool, mode: str = "dynamic") -> Branch:
    """Assume ``value`` in ``cell`` true (``on``) or false, and follow the consequences
    by the rules of ``mode`` (``x``, ``static`` or ``dynamic``, see the module)."""
    t, n = s.t, s.n
    placed0, count0, pairs = _tables(s)
    cand, values = s.cand[:], s.values[:]
    placed, count = placed0[:], count0[:]
    start = s.cand
    houses, houses_of, is_full, peers = t.houses, t.houses_of, t.is_full, t.peers
    root = (cell, value, on)
    cause: dict = {root: ()}
    queue = deque([root])
    only = value if mode == "x" else 0
    static = mode == "static"

    def add(ev, parents):
        if ev in cause:
            return None
        cause[ev] = parents
        if (ev[0], ev[1], not ev[2]) in cause:
            return (ev, (ev[0], ev[1], not ev[2]))
        queue.append(ev)
        return None

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
            for h in houses_of[c]:
                placed[h] |= bit
            if not only:
                for w in bits(cand[c] & ~bit):
                    bad = add((c, w, False), (ev,))
                    if bad:
                        return Branch(root, cause, bad)
            for p in peers[c]:
                if cand[p] & bit:
                    bad = add((p, v, False), (ev,))
                    if bad:
                        return Branch(root, cause, bad)
            continue
        if not cand[c] & bit:
            continue
        cand[c] &= ~bit
        m = cand[c]
        if not only and not values[c]:
            if static:
                rest = start[c] & ~bit
                if rest and not rest & (rest - 1):
                    bad = add((c, rest.bit_length(), True), (ev,))
                    if bad:
                        return Branch(root, cause, bad)
            elif not m:
                return Branch(root, cause, tuple((c, w, False) for w in bits(start[c])))
            elif not m & (m - 1):
                bad = add((c, m.bit_length(), True),
                          tuple((c, w, False) for w in bits(start[c] & ~m)))
                if bad:
                    return Branch(root, cause, bad)
        for h in houses_of[c]:
            k = h * n + v - 1
            count[k] -= 1
            if not is_full[h]:
                continue
            if static:
                two = pairs.get((h, v))
                if two:
                    bad = add((two[0] if two[1] == c else two[1], v, True), (ev,))
                    if bad:
                        return Branch(root, cause, bad)
                continue
            if placed[h] & bit or count[k] > 1:
                continue
            house = houses[h]
            if count[k] == 1:
                x = next(x for x in house if cand[x] & bit)
                bad = add((x, v, True),
                          tuple((y, v, False) for y in house if start[y] & bit and y != x))
                if bad:
                    return Branch(root, cause, bad)
            else:
                return Branch(root, cause, tuple((y, v, False) for y in house if start[y] & bit))
    return Branch(root, cause, None)


def _vals(mask: int):
    v = 1
    while mask:
        if mask & 1:
            yield v
        mask >>= 1
        v += 1


def _candidates(s: State):
    for c, m in enumerate(s.cand):
        for v in _vals(m):
            yield c, v


def _check(deadline) -> None:
    if deadline is not None and time.perf_counter() > deadline:
        raise TimeUp


def forcing(s: State, deadline: float | None = None) -> list:
    """The easiest nishio, static or dynamic forcing chain, by SE's rating."""
    found: list = []
    for tier, nxt in ((_nishio, score("cell_forcing_chain")),
                      (_static, score("dynamic_forcing_chain")), (_dynamic, 99.0)):
        found += tier(s, deadline)
        if found and min(f[0] for f in found) < nxt:
            break
    if not found:
        return []
    # every conclusion at the lowest rating (the solver applies those still valid in turn)
    low = round(min(f[0] for f in found), 1)
    out, seen = [], set()
    for rating, tech, placements, elims, cells, houses, text in sorted(found, key=lambda f: f[0]):
        key = (tuple(placements), tuple(elims))
        if round(rating, 1) == low and key not in seen:
            seen.add(key)
            out.append(make(tech, placements, elims, cells, houses, (), text, rating=low))
    return out


def _contradictions(s, branches, tech, found) -> None:
    n = s.n
    for (c, v, on), br in branches.items():
        if br.contradiction:
            k = br.length(br.contradiction)
            what = f"{v} in {cname(c, n)}" if on else f"no {v} in {cname(c, n)}"
            # SE counts a contradiction as two chains from the assumption, less two
            rating = score(tech) + length_bonus(k - 1)
            if on:
                found.append((rating, tech, [], [(c, v)], [c], (),
                              f"{title(tech)}: {what} leads to a contradiction after {k} "
                              f"steps, so it {removes([(c, v)], n)}"))
            else:
                found.append((rating, tech, [(c, v)], [], [c], (),
                              f"{title(tech)}: {what} leads to a contradiction after {k} "
                              f"steps, so {cname(c, n)} is {v}"))


def _nishio(s: State, deadline) -> list:
    found: list = []
    branches = {}
    for c, v in _candidates(s):
        _check(deadline)
        branches[(c, v, True)] = propagate(s, c, v, True, "x")
    _contradictions(s, branches, "nishio", found)
    return found


def _multiple(s: State, branches, tech, found) -> None:
    t, n = s.t, s.n
    for c, m in enumerate(s.cand):
        if m:
            _common(s, [branches[(c, v, True)] for v in _vals(m)], tech,
                    f"every candidate of {cname(c, n)}", [c], (), found)
    for h in t.full:
        for v in range(1, n + 1):
            where = [c for c in t.houses[h] if s.cand[c] >> (v - 1) & 1]
            if len(where) >= 2:
                _common(s, [branches[(c, v, True)] for c in where], tech,
                        f"every place of {v} in {hname(t, h)}", where, [h], found)


def _static(s: State, deadline) -> list:
    found: list = []
    branches = {}
    for c, v in _candidates(s):
        _check(deadline)
        branches[(c, v, True)] = propagate(s, c, v, True, "static")
    _contradictions(s, branches, "cell_forcing_chain", found)
    if not found:
        _multiple(s, branches, "cell_forcing_chain", found)
    for f in found:
        if f[1] == "cell_forcing_chain" and "every place" in f[6]:
            found[found.index(f)] = (f[0], "region_forcing_chain", *f[2:6],
                                     f[6].replace(title("cell_forcing_chain"),
                                                  title("region_forcing_chain")))
    return found


def _dynamic(s: State, deadline) -> list:
    found: list = []
    tech = "dynamic_forcing_chain"
    on = {}
    for c, v in _candidates(s):
        _check(deadline)
        on[(c, v, True)] = propagate(s, c, v, True, "dynamic")
    _contradictions(s, on, tech, found)
    if found:
        return found
    _multiple(s, on, tech, found)
    if found:
        return found
    for (c, v, _), br in on.items():
        _check(deadline)
        off = propagate(s, c, v, False, "dynamic")
        _contradictions(s, {(c, v, False): off}, tech, found)
        if not found:
            _common(s, [br, off], tech, f"{v} in {cname(c, s.n)} and its absence", [c], (), found)
        if found:
            break
    return found


def _common(s: State, branches, tech, what, cells, houses, found, exact: int = 2) -> None:
    """Conclusions shared by every branch (one of which must hold) are true. The
    ``exact`` earliest are measured (ancestor counts), the rest are not needed."""
    if any(b.contradiction for b in branches):
        return
    shared = set(branches[0].cause)
    for b in branches[1:]:
        shared &= b.cause.keys()
    shared -= {b.root for b in branches}
    useful = [ev for ev in shared if (ev[2] and not s.values[ev[0]])
              or (not ev[2] and s.cand[ev[0]] >> (ev[1] - 1) & 1)]
    if not useful:
        return
    useful.sort(key=lambda ev: (sum(b.order(ev) for b in branches), ev))
    n = s.n
    for ev in useful[:exact]:
        c, v, is_on = ev
        k = sum(b.length([ev]) for b in branches)
        rating = score(tech) + length_bonus(k - 2)  # SE's length: the ancestors less two
        if is_on:
            text = f"{title(tech)}: {what} leads to {v} in {cname(c, n)}, so {cname(c, n)} is {v}"
            found.append((rating, tech, [(c, v)], [], cells, houses, text))
        else:
            text = f"{title(tech)}: {what} removes {v} from {cname(c, n)}, so {v} leaves it"
            found.append((rating, tech, [], [(c, v)], cells, houses, text))
