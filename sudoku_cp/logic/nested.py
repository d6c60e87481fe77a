"""Sudoku Explainer's chains above the dynamic forcing chain: SE 9.0 to 11 and more.

A dynamic forcing chain (``forcing.py``) assumes a candidate true or false and follows
singles on the position as it changes. SE goes further in levels; each is a dynamic
chain whose implications may also use, whenever the singles run dry, one more kind of
reasoning on the position the chain has reached:

- level 1, **dynamic forcing chain (+)**, SE 9.0: locked candidates, naked and hidden
  pairs, X-wings;
- level 2, **nested forcing chain**, SE 9.5: also forcing X- and Y-chains (an
  assumption that leads to its own negation, by the links of the position reached);
- level 3, SE 10.0: also cell and region forcing chains on that position;
- level 4, SE 10.5: also dynamic forcing chains on that position, themselves of
  level 0, then 1, then 2 (a chain inside a chain inside a chain).

A step's rating is the level's score plus SE's length increment, where the length
counts every conclusion each branch rests on, and for a conclusion drawn by a nested
chain, that chain's own length too (SE's "complexity"). Like SE, every cell and every
place of a value in a house is tried, true and false, and the shortest conclusion of
the first level that has one is kept.

Every conclusion is sound: each implication follows from the one before by a rule of
Sudoku (singles, locked sets, fish, or a nested chain, itself sound by the same
argument), so a conclusion reached from every case of a disjunction holds, and an
assumption that leads to a contradiction is false. The search can be long; it checks
its deadline between assumptions and raises ``TimeUp`` with ``floor``, the level's
score, as a lower bound of the rating.

Left out of SE's rule: cycles among level 2's nested rules (its forcing chains reach the
same eliminations) and SE's extra passes with X-links only and Y-links only.
"""

from __future__ import annotations

import time
from collections import deque

from .basic import make, removes
from .ratings import length_bonus, score, title
from .nested_rules import basic_rules, value_masks
from .state import State, TimeUp, bits, cname, hname

#: (technique, SE level, the level of the dynamic chains nested in a level 4), in SE's order.
NESTINGS: tuple = (
    ("dynamic_forcing_chain_plus", 1, 0),
    ("nested_forcing_chain", 2, 0),
    ("nested_multiple_forcing_chain", 3, 0),
    ("nested_dynamic_forcing_chain", 4, 0),
    ("nested_dynamic_forcing_chain", 4, 1),
    ("nested_dynamic_forcing_chain", 4, 2),
)


class Hint:
    """A chaining conclusion: ``on`` places ``value`` in ``cell``, else removes it.
    ``complexity`` is SE's length; ``ons`` the true conclusions its chains rest on with
    why each holds (for the parents of a nested use); ``kind`` and ``src`` say how."""

    __slots__ = ("cell", "value", "on", "complexity", "ons", "kind", "src", "removable")

    def __init__(self, cell, value, on, complexity, ons, kind, src, removable):
        self.cell, self.value, self.on, self.complexity = cell, value, on, complexity
        self.ons, self.kind, self.src, self.removable = ons, kind, src, removable

    def key(self) -> tuple:
        """What makes two nested chains the same chain (SE counts it once in a step)."""
        return (self.cell, self.value, self.on, self.kind, self.src, self.complexity,
                tuple(sorted(p for p, _ in self.ons)))


class Branch:
    """What one assumption implies: potentials ``(cell, value, on)`` -> (parents, why,
    nested hint or None), and the contradiction, if any (two potentials)."""

    __slots__ = ("info", "contradiction")

    def __init__(self, info, contradiction):
        self.info, self.contradiction = info, contradiction

    def ancestors(self, target) -> set:
        seen, stack, info = set(), [target], self.info
        while stack:
            p = stack.pop()
            if p in seen:
                continue
            seen.add(p)
            stack.extend(info[p][0])
        return seen

    def measure(self, target) -> tuple[int, list, dict]:
        """The chain to ``target``: how many potentials it rests on (SE's ancestors), its
        true potentials with their reasons, and the nested chains it used (key ->
        complexity; SE counts each nested chain once per step, see ``combine``)."""
        anc = self.ancestors(target)
        nested, ons = {}, []
        info = self.info
        for p in anc:
            _, why, inner = info[p]
            if inner is not None:
                nested[inner.key()] = inner.complexity
            if p[2]:
                ons.append((p, why))
        return len(anc), ons, nested


def combine(parts) -> tuple[int, list]:
    """SE's complexity of a step from its chains' measures: the ancestors of each chain
    added up, plus each distinct nested chain once; and all their true potentials."""
    flat, ons, nested = 0, [], {}
    for k, o, inner in parts:
        flat += k
        ons += o
        nested.update(inner)
    return flat + sum(nested.values()), ons


class StaticBranch:
    """A branch on a position that does not change: each potential has one parent, and
    why it holds is read back from the link that reached it (kept light: static chains
    are followed by the hundred thousand inside nested levels)."""

    __slots__ = ("info", "contradiction", "links")

    def __init__(self, parent, contradiction, links) -> None:
        self.info, self.contradiction, self.links = parent, contradiction, links

    def measure(self, target) -> tuple[int, list, dict]:
        links_on, links_off = self.links
        k, ons, q = 0, [], target
        while q is not None:
            p = self.info[q]
            k += 1
            if q[2]:
                why = None if p is None else \
                    next(w for x, w in (links_on(p) if p[2] else links_off(p)) if x == q)
                ons.append((q, why))
            q = p
        return k, ons, {}


class Chainer:
    """SE's chaining at one level on one position (candidate masks ``grid``)."""

    def __init__(self, t, values, grid, level: int, nest: int, dynamic: bool, deadline,
                 cache) -> None:
        self.t, self.values, self.grid = t, values, grid
        self.level, self.nest, self.dynamic, self.deadline = level, nest, dynamic, deadline
        self.cache = cache
        self.outer = None  # for a nested static chainer: the outer chain's start position
        n = t.n
        # houses of each cell in SE's order: box, row, column, then any other house
        order = [h for h in range(len(t.houses)) if 2 * n <= h < 3 * n] + \
            [h for h in range(2 * n)] + list(range(3 * n, len(t.houses)))
        rank = {h: i for i, h in enumerate(order)}
        self.houses_of = [sorted(hs, key=rank.__getitem__) for hs in t.houses_of]

    # -- one assumption ----------------------------------------------------------------
    def close(self, root) -> Branch:
        """Follow ``root`` (a potential) to its consequences, SE's ``doChaining``: true
        potentials first, a position that changes as candidates go when ``dynamic``,
        the level's extra rules when the singles run dry; stops at a contradiction."""
        if not self.dynamic:
            return self.close_static(root)
        t, source = self.t, self.grid
        work = source[:]
        now = self.src_masks()[:] if self.level > 0 else None  # per value: cells with it
        houses, is_full, houses_of = t.houses, t.is_full, self.houses_of
        info = {root: ((), None, None)}
        pend_on, pend_off = deque(), deque()
        (pend_on if root[2] else pend_off).append(root)

        def emit(p, parents, why, nested=None):
            if p in info:
                return None
            info[p] = (parents, why, nested)
            if (p[0], p[1], not p[2]) in info:
                conj = (p[0], p[1], not p[2])
                return (p, conj) if p[2] else (conj, p)
            (pend_on if p[2] else pend_off).append(p)
            return None

        def on(p):
            c, v, _ = p
            bit = 1 << (v - 1)
            par = (p,)
            for w in bits(work[c] & ~bit):
                bad = emit((c, w, False), par, "cell")
                if bad:
                    return bad
            done = {c}
            for h in houses_of[c]:
                for x in houses[h]:
                    if x not in done and work[x] & bit:
                        done.add(x)
                        bad = emit((x, v, False), par, ("house", h))
                        if bad:
                            return bad
            return None

        def off(p):
            c, v, _ = p
            bit = 1 << (v - 1)
            m = work[c]
            rest = m & ~bit
            if m & bit and rest and not rest & (rest - 1):
                hidden = tuple((c, w, False) for w in bits(source[c] & ~m))
                bad = emit((c, rest.bit_length(), True), (p, *hidden), "cell")
                if bad:
                    return bad
            for h in houses_of[c]:
                if not is_full[h]:
                    continue
                other = -1
                for x in houses[h]:
                    if x != c and work[x] & bit:
                        if other >= 0:
                            other = -2
                            break
                        other = x
                if other >= 0:
                    hidden = tuple((y, v, False) for y in houses[h]
                                   if y != c and source[y] & bit and not work[y] & bit)
                    bad = emit((other, v, True), (p, *hidden), ("house", h))
                    if bad:
                        return bad
            if self.dynamic:
                work[c] &= ~bit
                if now is not None:
                    now[v - 1] &= ~(1 << c)
            return None

        while True:
            if pend_on:
                bad = on(pend_on.popleft())
            elif pend_off:
                bad = off(pend_off.popleft())
            elif self.level > 0:
                more = self.advanced(work, now, info)
                if not more:
                    break
                bad = None
                for p, parents, nested in more:
                    bad = emit(p, parents, "advanced", nested)
                    if bad:
                        break
            else:
                break
            if bad:
                return Branch(info, bad)
        return Branch(info, None)

    def close_static(self, root) -> StaticBranch:
        """``close`` on a position that does not change (SE's static chains)."""
        links = self.links()
        links_on, links_off = links
        adj = self._adj
        parent = {root: None}
        pend_on, pend_off = deque(), deque()
        (pend_on if root[2] else pend_off).append(root)
        while pend_on or pend_off:
            p = pend_on.popleft() if pend_on else pend_off.popleft()
            qs = adj.get(p)
            if qs is None:
                qs = adj[p] = [q for q, _ in (links_on(p) if p[2] else links_off(p))]
            for q in qs:
                if q in parent:
                    continue
                parent[q] = p
                conj = (q[0], q[1], not q[2])
                if conj in parent:
                    return StaticBranch(parent, (q, conj) if q[2] else (conj, q), links)
                (pend_on if q[2] else pend_off).append(q)
        return StaticBranch(parent, None, links)

    def links(self):
        got = getattr(self, "_links", None)
        if got is not None:
            return got
        t, grid = self.t, self.grid
        houses, houses_of, is_full = t.houses, self.houses_of, t.is_full
        weak, strong = {}, {}

        def links_on(p):
            got = weak.get(p)
            if got is None:
                c, v, _ = p
                bit = 1 << (v - 1)
                got = [((c, w, False), "cell") for w in bits(grid[c] & ~bit)]
                done = {c}
                for h in houses_of[c]:
                    for x in houses[h]:
                        if x not in done and grid[x] & bit:
                            done.add(x)
                            got.append(((x, v, False), ("house", h)))
                weak[p] = got
            return got

        def links_off(p):
            got = strong.get(p)
            if got is None:
                c, v, _ = p
                bit = 1 << (v - 1)
                m = grid[c]
                rest = m & ~bit
                got = []
                if m & bit and rest and not rest & (rest - 1):
                    got.append(((c, rest.bit_length(), True), "cell"))
                for h in houses_of[c]:
                    if is_full[h]:
                        where = [x for x in houses[h] if x != c and grid[x] & bit]
                        if len(where) == 1:
                            got.append(((where[0], v, True), ("house", h)))
                strong[p] = got
            return got

        self._links = (links_on, links_off)
        self._adj = {}
        return self._links

    # -- what a level adds when the singles run dry -------------------------------------
    def src_masks(self) -> list:
        got = getattr(self, "_src_masks", None)
        if got is None:
            got = self._src_masks = value_masks(self.t, self.grid)
        return got

    def advanced(self, work, now, info) -> list:
        """Eliminations on the position ``work`` by the first of the level's extra rules
        that finds one resting on the chain, as (potential off, parents, nested hint)."""
        source = self.grid
        found = basic_rules(self.t, source, work, self.src_masks(), now)
        out = [((c, v, False), tuple(par), None) for c, v, par in found
               if (c, v, False) not in info]
        if out:
            return out
        if self.level < 2:
            return []
        specs = {2: ("unary",), 3: ("unary", "multiple")}.get(self.level, (self.nest,))
        for spec in specs:
            hints = self.inner(spec, work)
            out, seen = [], set()
            for h in hints:
                par = rule_parents(self.t, source, work, h)
                if not par:
                    continue
                for c, v in h.removable:
                    p = (c, v, False)
                    if p not in info and p not in seen:
                        seen.add(p)
                        out.append((p, tuple(par), h))
            if out:
                return out
        return []

    def inner(self, spec, work) -> list:
        key = (spec, tuple(work), tuple(self.grid))
        got = self.cache.get(key)
        if got is None:
            grid = list(work)
            if spec == "unary":
                ch = Chainer(self.t, self.values, grid, 0, 0, False, self.deadline, self.cache)
                ch.outer = self.grid
                got = ch.unary(ch.useful(self.grid))
            elif spec == "multiple":
                ch = Chainer(self.t, self.values, grid, 0, 0, False, self.deadline, self.cache)
                ch.outer = self.grid
                got = ch.multiple(ch.useful(self.grid))
            else:  # dynamic chains of level ``spec``
                got = Chainer(self.t, self.values, grid, spec, 0, True, self.deadline,
                              self.cache).multiple()
            if len(self.cache) > 20000:
                self.cache.clear()
            self.cache[key] = got
        return got

    # -- the hints of a level ----------------------------------------------------------
    def check(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TimeUp("the time limit passed during a forcing chain search")

    def useful(self, outer) -> set:
        """The potentials from which a static chain on this position can rest on what
        an outer chain removed (``outer``: the position it started from): those that
        reach a strong link the removals made (a cell or a house left with two places).
        By contraposition (a implies b: not b implies not a), they are the negations
        of what the far ends of those links imply."""
        t, grid = self.t, self.grid
        links_on, links_off = self.links()
        start = []
        for c, m in enumerate(grid):
            if m.bit_count() == 2 and outer[c] != m:
                start += [(c, v, True) for v in bits(m)]
        for h in t.full:
            for v in range(1, t.n + 1):
                bit = 1 << (v - 1)
                now = [x for x in t.houses[h] if grid[x] & bit]
                if len(now) == 2 and any(outer[x] & bit for x in t.houses[h] if x not in now):
                    start += [(x, v, True) for x in now]
        seen = set(start)
        stack = list(start)
        while stack:
            p = stack.pop()
            for q, _ in (links_on(p) if p[2] else links_off(p)):
                if q not in seen:
                    seen.add(q)
                    stack.append(q)
        return {(c, v, not on) for c, v, on in seen}

    def unary(self, useful=None) -> list:
        """Static forcing X- and Y-chains: an assumption that implies its negation,
        followed in layers as SE's ``doForcingChains`` does. With ``useful``, only
        chains from those potentials (see ``useful``)."""
        out = []
        grid = self.grid
        links_on, links_off = self.links()
        adj: dict = {}
        for c, m in enumerate(grid):
            if not m or not m & (m - 1):
                continue
            self.check()
            for v in bits(m):
                for is_on in (True, False):
                    root = (c, v, is_on)
                    if useful is not None and root not in useful:
                        continue
                    target = (c, v, not is_on)
                    parent = {root: None}
                    layer = [root]
                    while layer and target not in parent:
                        nxt = []
                        for p in layer:
                            qs = adj.get(p)
                            if qs is None:
                                qs = adj[p] = [q for q, _ in
                                               (links_on(p) if p[2] else links_off(p))]
                            for q in qs:
                                if q not in parent:
                                    parent[q] = p
                                    nxt.append(q)
                        layer = nxt
                    if target in parent:
                        info, q = {}, target
                        while q is not None:
                            p = parent[q]
                            if p is None:
                                info[q] = ((), None, None)
                            else:
                                links = links_on(p) if p[2] else links_off(p)
                                info[q] = ((p,), next(w for x, w in links if x == q), None)
                            q = p
                        k, ons = combine([Branch(info, None).measure(target)])
                        rem = [(c, v)] if is_on else [(c, w) for w in bits(m) if w != v]
                        out.append(Hint(c, v, not is_on, k, ons, "unary", None, rem))
        return out

    def multiple(self, useful=None) -> list:
        """SE's multiple forcing chains (dynamic or static): contradictions, double
        implications, and cell and region forcing chains. With ``useful`` (static only),
        only the cells and houses whose chains can rest on an outer chain's removals
        (the outer position is then ``self.outer``)."""
        grid = self.grid
        dynamic = self.dynamic
        out = []
        region_done = set()
        for c, m in enumerate(grid):
            card = m.bit_count()
            if card < 2 or (card < 3 and not dynamic):
                continue
            need_cell = useful is None or self.outer[c] != m or \
                any((c, v, True) in useful for v in bits(m))
            cell_on = None
            per_value = {}
            for v in bits(m):
                self.check()
                regions = self.regions_from(c, v, region_done, useful)
                if not need_cell and not regions:
                    continue
                bon = self.close((c, v, True))
                per_value[v] = bon
                if dynamic:
                    boff = self.close((c, v, False))
                    if bon.contradiction:
                        out.append(self.binary(bon, (c, v, True), c, v, False, "contradiction"))
                    if boff.contradiction:
                        out.append(self.binary(boff, (c, v, False), c, v, True, "contradiction"))
                    if card >= 3 and not bon.contradiction and not boff.contradiction:
                        for p in bon.info.keys() & boff.info.keys():
                            if p[:2] == (c, v):
                                continue
                            h = self.double(bon, boff, p, c, v)
                            if h:
                                out.append(h)
                if bon.contradiction:
                    continue
                keys = {p for p in bon.info if p != (c, v, True)}
                if cell_on is None:
                    cell_on = keys
                else:
                    cell_on &= keys
                for h, where in regions:
                    self.region(h, v, where, bon, out)
            if not need_cell or cell_on is None or len(per_value) < card or \
                    any(b.contradiction for b in per_value.values()):
                continue
            for p in cell_on:
                h = self.reduction([(per_value[v], p) for v in per_value], p, "cell", c)
                if h:
                    out.append(h)
        return [h for h in out if h is not None]

    def regions_from(self, c, v, region_done, useful) -> list:
        """The houses whose places of ``v`` start at ``c`` (SE looks at a house from its
        first place) and are worth a region forcing chain, with those places."""
        t, grid = self.t, self.grid
        bit = 1 << (v - 1)
        out = []
        for h in self.houses_of[c]:
            if not t.is_full[h] or (h, v) in region_done:
                continue
            where = [x for x in t.houses[h] if grid[x] & bit]
            if len(where) < 2 or where[0] != c:
                continue
            region_done.add((h, v))
            if useful is not None and \
                    not any(self.outer[x] & bit for x in t.houses[h] if x not in where) and \
                    not any((x, v, True) in useful for x in where):
                continue
            out.append((h, where))
        return out

    def region(self, h, v, where, bon, out) -> None:
        c = where[0]
        branches = [bon]
        common = {p for p in bon.info if p[:2] != (c, v)}
        for x in where[1:]:
            self.check()
            b = self.close((x, v, True))
            if b.contradiction:
                return
            branches.append(b)
            common &= b.info.keys()
        places = {(x, v) for x in where}
        for p in common:
            if p[:2] in places:
                continue
            hint = self.reduction([(b, p) for b in branches], p, ("house", h), v)
            if hint:
                out.append(hint)

    def removable(self, p) -> list:
        c, v, on = p
        if on:
            return [(c, w) for w in bits(self.grid[c]) if w != v]
        return [(c, v)] if self.grid[c] >> (v - 1) & 1 else []

    def binary(self, br, root, c, v, on, kind) -> Hint | None:
        a, b = br.contradiction
        k, ons = combine([br.measure(a), br.measure(b)])
        p = (c, v, on)
        rem = self.removable(p)
        if not rem:
            return None
        return Hint(c, v, on, k, ons, kind, root, rem)

    def double(self, bon, boff, p, c, v) -> Hint | None:
        rem = self.removable(p)
        if not rem:
            return None
        k, ons = combine([bon.measure(p), boff.measure(p)])
        return Hint(p[0], p[1], p[2], k, ons, "double", (c, v), rem)

    def reduction(self, pairs, p, kind, cell) -> Hint | None:
        rem = self.removable(p)
        if not rem:
            return None
        k, ons = combine([br.measure(target) for br, target in pairs])
        return Hint(p[0], p[1], p[2], k, ons, kind, cell, rem)


def rule_parents(t, source, work, hint: Hint) -> list:
    """SE's parents of a nested chain: the outer conclusions its singles relied on,
    the candidates the outer chain removed from the cells and houses of those singles."""
    out = set()
    for (c, v, _), why in hint.ons:
        if why is None:
            why = hint.kind if hint.kind in ("cell",) or isinstance(hint.kind, tuple) else None
            if why is None:
                continue
        if why == "cell":
            out.update((c, w, False) for w in bits(source[c] & ~work[c]))
        elif isinstance(why, tuple):
            bit = 1 << (v - 1)
            out.update((x, v, False) for x in t.houses[why[1]] if source[x] & bit
                       and not work[x] & bit)
    return sorted(out)


# -- the ladder's entry -----------------------------------------------------------------
def rating_of(level: int, complexity: int) -> float:
    return 8.5 + 0.5 * level + length_bonus(complexity - 2)


def nested(s: State, deadline: float | None = None) -> list:
    """The easiest conclusion of SE's first level above the dynamic forcing chain that
    has one (see the module). Raises TimeUp with ``floor``, the level's score."""
    cache: dict = {}
    for tech, level, nest in NESTINGS:
        ch = Chainer(s.t, s.values, s.cand[:], level, nest, True, deadline, cache)
        try:
            hints = ch.multiple()
        except TimeUp as exc:
            exc.floor = score(tech)
            raise
        if hints:
            return _steps(s, tech, level, hints)
    return []


def _steps(s: State, tech, level, hints) -> list:
    rated = sorted(hints, key=lambda h: (rating_of(level, h.complexity), h.complexity,
                                         0 if h.kind == "double" else 1))
    low = round(rating_of(level, rated[0].complexity), 1)
    out, seen = [], set()
    for h in rated:
        if round(rating_of(level, h.complexity), 1) != low:
            break
        placements = [(h.cell, h.value)] if h.on else []
        elims = [] if h.on else [(h.cell, h.value)]
        key = (tuple(placements), tuple(elims))
        if key in seen:
            continue
        seen.add(key)
        out.append(make(tech, placements, elims, _cells(h), _houses(h), (),
                        _text(s, tech, h), rating=low))
    return out


def _cells(h: Hint) -> list:
    if h.kind == "cell" and h.src is not None:
        return [h.src, h.cell] if h.src != h.cell else [h.cell]
    if h.kind == "double" or h.kind == "contradiction":
        return [h.src[0], h.cell] if h.src[0] != h.cell else [h.cell]
    return [h.cell]


def _houses(h: Hint) -> list:
    return [h.kind[1]] if isinstance(h.kind, tuple) else []


def _text(s: State, tech, h: Hint) -> str:
    n, t = s.n, s.t
    what = f"{h.value} in {cname(h.cell, n)}"
    so = f"so {cname(h.cell, n)} is {h.value}" if h.on else \
        f"so it {removes([(h.cell, h.value)], n)}"
    if h.kind == "contradiction":
        c, v, on = h.src
        start = f"{v} in {cname(c, n)}" if on else f"no {v} in {cname(c, n)}"
        why = f"{start} leads to a contradiction"
        so = f"so {cname(c, n)} is {v}" if not on else f"so it {removes([(c, v)], n)}"
    elif h.kind == "double":
        c, v = h.src
        why = f"{v} in {cname(c, n)} and its absence both lead to " + \
            (what if h.on else f"no {what}")
    elif h.kind == "cell":
        why = f"every candidate of {cname(h.src, n)} leads to " + (what if h.on else f"no {what}")
    else:
        why = f"every place of {h.src} in {hname(t, h.kind[1])} leads to " + \
            (what if h.on else f"no {what}")
    return f"{title(tech)}: {why} (SE length {h.complexity}), {so}"
