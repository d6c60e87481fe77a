"""Chains: X-chains (skyscraper, two-string kite, turbot fish), XY-chains, W-wings and
alternating inference chains (AIC).

A *node* is a candidate ``(cell, value)``. A **strong link** joins two nodes of which
at least one is true: the two candidates of a bivalue cell, or the two cells of a full
house where a value has exactly two places. A **weak link** joins two nodes that cannot
both be true: two candidates of one cell, or one value in two cells that see each other.
An AIC starts and ends with a strong link and alternates: if its first node is false
its last node is true, so one of the two ends is true and any candidate that sees both
ends goes. An X-chain uses one value only, an XY-chain only bivalue cells.

The search is breadth first from every node, so the shortest chain is found; the
rating is SE's base for the kind of chain plus its length increment.
"""

from __future__ import annotations

from .basic import make, removes
from .ratings import length_bonus, score, title
from .state import State, cname, hname


class Graph:
    """The strong links of a position, and who sees whom."""

    def __init__(self, s: State, mode: str) -> None:
        n = s.n
        self.s, self.n = s, n
        self.strong: dict[int, list[tuple[int, int]]] = {}  # node -> [(partner, house or -1)]
        if mode in ("xy", "aic"):
            for c, m in enumerate(s.cand):
                if m and m.bit_count() == 2:
                    a = m & -m
                    x, y = c * n + a.bit_length() - 1, c * n + (m ^ a).bit_length() - 1
                    self.strong.setdefault(x, []).append((y, -1))
                    self.strong.setdefault(y, []).append((x, -1))
        if mode in ("x", "aic"):
            from .forcing import _tables

            for (h, v), (a, b) in sorted(_tables(s)[2].items()):
                x, y = a * n + v - 1, b * n + v - 1
                self.strong.setdefault(x, []).append((y, h))
                self.strong.setdefault(y, []).append((x, h))
        self.mode = mode
        self._sees: dict[int, int] = s.memo.setdefault("sees", {})
        self.strong_bits = 0
        for x in self.strong:
            self.strong_bits |= 1 << x

    def sees(self, node: int) -> int:
        """Bitset over nodes of every present candidate that cannot be true with ``node``."""
        got = self._sees.get(node)
        if got is None:
            s, n = self.s, self.n
            c, v = divmod(node, n)
            got = 0
            m = s.cand[c] & ~(1 << v)
            while m:
                b = m & -m
                m ^= b
                got |= 1 << (c * n + b.bit_length() - 1)
            bit = 1 << v
            for p in s.t.peers[c]:
                if s.cand[p] & bit:
                    got |= 1 << (p * n + v)
            self._sees[node] = got
        return got

    def neighbours(self, node: int) -> list[int]:
        """Strong nodes weakly linked to ``node`` that this mode allows."""
        out = []
        m = self.sees(node) & self.strong_bits
        n, c0, v0 = self.n, node // self.n, node % self.n
        while m:
            b = m & -m
            m ^= b
            u = b.bit_length() - 1
            if self.mode == "x" and u % n != v0:
                continue
            if self.mode == "xy" and u // n == c0:
                continue
            out.append(u)
        return out


def _elims(g: Graph, a: int, b: int) -> int:
    return g.sees(a) & g.sees(b) & ~(1 << a) & ~(1 << b)


def best_chain(s: State, mode: str, max_nodes: int = 24, bound: float = 99.0):
    """The easiest chain of this mode, as (rating, path, houses, elims bitset) or None."""
    g = Graph(s, mode)
    if not g.strong:
        return None
    base = {"x": score("x_chain"), "xy": score("xy_chain"), "aic": score("aic")}[mode]
    adj: dict[int, list[int]] = {}
    best = None
    for start in sorted(g.strong):
        parent, frontier = seed(g, start)
        depth = 1
        while frontier and 2 * depth <= max_nodes:
            rating = round(base + length_bonus(2 * depth), 1)
            if rating > bound or (best and rating >= best[0]):
                break
            for t in frontier:
                elim = _elims(g, start, t) if t != start else -1
                if elim:
                    path, houses = _path(parent, start, t)
                    best = (rating, path, houses, elim)
                    bound = rating
                    break
            if best and best[0] <= rating:
                break
            frontier = grow(g, frontier, parent, adj)
            depth += 1
    return best


def seed(g: Graph, start: int) -> tuple[dict, list[int]]:
    """The first step of the breadth-first search over nodes made true by "start is
    false": its strong partners. ``parent`` maps a node to (previous true node, the weak
    link's node, the house of the strong link)."""
    parent: dict = {}
    frontier = []
    for partner, h in g.strong[start]:
        if partner not in parent:
            parent[partner] = (start, None, h)
            frontier.append(partner)
    return parent, frontier


def grow(g: Graph, frontier: list[int], parent: dict, adj: dict,
         avoid: int | None = None) -> list[int]:
    """The next level of the search: a weak link, then a strong one, from each node of
    ``frontier`` to a node not yet reached (nor ``avoid``); ``adj`` caches neighbours."""
    nxt = []
    for t in frontier:
        if t not in adj:
            adj[t] = g.neighbours(t)
        for u in adj[t]:
            for w, h in g.strong[u]:
                if w not in parent and w != u and w != avoid:
                    parent[w] = (t, u, h)
                    nxt.append(w)
    return nxt


def candidates_of(node_bits: int, n: int) -> list[tuple[int, int]]:
    """The (cell, value) pairs of a bitset over nodes ``cell * n + value - 1``."""
    out = []
    while node_bits:
        b = node_bits & -node_bits
        node_bits ^= b
        c, v = divmod(b.bit_length() - 1, n)
        out.append((c, v + 1))
    return out


def _path(parent, start, end):
    """The chain's nodes from start to end, and the house of each strong link."""
    nodes, houses = [end], []
    t = end
    while True:
        prev, weak, h = parent[t]
        houses.append(h)
        if weak is None:
            nodes.append(prev)
            break
        nodes.extend([weak, prev])
        t = prev
    nodes.reverse()
    houses.reverse()
    return nodes, houses


def chains(s: State) -> list:
    """The easiest X-chain, XY-chain or AIC, named by its shape."""
    found = best_chain(s, "x")
    bound = found[0] if found else 99.0
    for mode in ("xy", "aic"):
        if bound <= score("aic") and mode == "aic":
            break
        other = best_chain(s, mode, bound=bound - 0.05)
        if other and (found is None or other[0] < found[0]):
            found, bound = other, other[0]
    if not found:
        return []
    return [_step(s, *found)]


def _step(s: State, rating, path, houses, elim_bits):
    n = s.n
    nodes = [divmod(x, n) for x in path]
    nodes = [(c, v + 1) for c, v in nodes]
    if path[0] == path[-1]:
        placements, elims = [nodes[0]], []
    else:
        placements, elims = [], candidates_of(elim_bits, n)
    links = []
    for i in range(len(nodes) - 1):
        links.append((nodes[i], nodes[i + 1], "strong" if i % 2 == 0 else "weak"))
    tech = _name(s, nodes, houses)
    words = []
    for i, (c, v) in enumerate(nodes):
        words.append(f"{v}{cname(c, n)}")
        if i < len(nodes) - 1:
            words.append("=" if i % 2 == 0 else "-")
    chain = " ".join(words)
    used = sorted({h for h in houses if h >= 0})
    if placements:
        c, v = placements[0]
        text = (f"{title(tech)}: {chain}; if {v} were not in {cname(c, n)} the chain would put it "
                f"there, so {cname(c, n)} is {v}")
    else:
        a, b = nodes[0], nodes[-1]
        text = (f"{title(tech)}: {chain}; {a[1]} in {cname(a[0], n)} or {b[1]} in "
                f"{cname(b[0], n)} is true, so that {removes(elims, n)}")
    return make(tech, placements, elims, sorted({c for c, _ in nodes}), used, links, text,
                rating=rating)


def _name(s: State, nodes, houses) -> str:
    t = s.t
    values = {v for _, v in nodes}
    if len(values) == 1:
        if len(nodes) == 4:
            kinds = [t.kind[h] for h in houses]
            if kinds[0] == kinds[1] and kinds[0] in ("row", "column"):
                return "skyscraper"
            if {kinds[0], kinds[1]} == {"row", "column"}:
                return "two_string_kite"
            return "turbot_fish"
        return "x_chain"
    if all(h == -1 for h in houses):
        return "xy_chain"
    if (len(nodes) == 6 and houses[0] == -1 and houses[2] == -1 and houses[1] >= 0
            and nodes[0][1] == nodes[5][1]
            and nodes[1][1] == nodes[2][1] == nodes[3][1] == nodes[4][1]):
        return "w_wing"
    return "aic"


def simple_colouring(s: State) -> list:
    """Colour wrap: the cells joined by strong links on one value take two colours in
    turn, one of which holds the value everywhere. Two cells of one colour in a house
    cannot both hold it, so that colour is false and the value leaves all its cells."""
    from .forcing import _tables

    t, n = s.t, s.n
    pairs = _tables(s)[2]
    best = None
    for v in range(1, n + 1):
        adj: dict[int, list[int]] = {}
        for (h, value), (a, b) in pairs.items():
            if value == v:
                adj.setdefault(a, []).append(b)
                adj.setdefault(b, []).append(a)
        colour: dict[int, tuple[int, int, int]] = {}  # cell -> (colour, depth, parent)
        for root in sorted(adj):
            if root in colour:
                continue
            colour[root] = (0, 0, -1)
            queue, component = [root], [root]
            for cell in queue:
                k, d, _ = colour[cell]
                for other in adj[cell]:
                    if other not in colour:
                        colour[other] = (1 - k, d + 1, cell)
                        queue.append(other)
                        component.append(other)
            found = _wrap(t, component, colour)
            if found:
                a, b = found
                length = 2 * (colour[a][1] + colour[b][1])
                rating = round(score("simple_colouring") + length_bonus(length), 1)
                if best is None or rating < best[0]:
                    best = (rating, v, a, b, component, colour)
    if best is None:
        return []
    rating, v, a, b, component, colour = best
    bad = colour[a][0]
    elims = [(c, v) for c in component if colour[c][0] == bad]
    links = []
    for c in component:
        parent = colour[c][2]
        if parent >= 0:
            links.append(((parent, v), (c, v), "strong"))
    house = next(h for h in t.houses_of[a] if b in t.houses[h])
    return [make("simple_colouring", (), elims, sorted(component), [house], links,
                 f"Simple colouring: colouring the strong links on {v} gives {cname(a, n)} "
                 f"and {cname(b, n)} the same colour in {hname(t, house)}, so that colour is "
                 f"false and {removes(elims, n)}", rating=rating)]


def _wrap(t, component, colour):
    """Two cells of one colour that share a house, or None."""
    seen: dict[tuple[int, int], int] = {}
    for c in component:
        for h in t.houses_of[c]:
            key = (h, colour[c][0])
            if key in seen:
                return seen[key], c
            seen[key] = c
    return None
