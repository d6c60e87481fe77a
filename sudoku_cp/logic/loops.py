"""Cycles (continuous nice loops): X-cycles, Y-cycles and mixed cycles, SE's "bidirectional cycles".

A cycle is a closed chain of candidates whose links alternate strong and weak all the
way round (an even number of nodes). Going round from any node shows that of the two
ends of every link exactly one is true (if both ends of a weak link were false, the
alternation would make one of them true), so either all nodes at odd places are true or
all at even places. A candidate outside the loop's cells that sees a node of its value
at each parity goes (SE's rule; the loop's own cells keep their candidates).

SE rates an X-cycle (one value, strong links in houses) and a Y-cycle (strong links
inside bivalue cells) 6.5, a cycle that mixes both 7.0, each plus the length increment
of its node count less two; a cycle rates below the open chain with the same
eliminations, so SE finds it first. The search is breadth first from every node, as
for chains (``sudoku_cp.logic.chains``), and closes when the last node sees the first.
"""

from __future__ import annotations

from .basic import make, removes
from .chains import Graph, _path, candidates_of, grow, seed
from .ratings import length_bonus, score, title
from .state import State, cname

#: graph mode -> technique
KINDS = {"x": "x_cycle", "xy": "y_cycle", "aic": "xy_cycle"}


def best_cycle(s: State, mode: str, bound: float = 99.0, max_nodes: int = 24):
    """The easiest cycle of this mode: (rating, nodes, houses, eliminations bitset) or None."""
    g = Graph(s, mode)
    if not g.strong:
        return None
    n = s.n
    base = score(KINDS[mode])
    best = None
    adj: dict[int, list[int]] = {}
    for start in sorted(g.strong):
        parent, frontier = seed(g, start)
        depth = 1
        while frontier and 2 * depth <= max_nodes:
            rating = round(base + length_bonus(2 * depth - 2), 1)
            if rating > bound or (best and rating >= best[0]):
                break
            if depth >= 2:
                for t in frontier:
                    if t == start or not g.sees(t) >> start & 1 or not _allowed(mode, t, start, n):
                        continue
                    path, houses = _path(parent, start, t)
                    if len(set(path)) != len(path):
                        continue
                    elim = _eliminations(g, path, n)
                    if elim:
                        best = (rating, path, houses, elim)
                        bound = rating
                        break
                if best and best[0] <= rating:
                    break
            frontier = grow(g, frontier, parent, adj, avoid=start)
            depth += 1
    return best


def _eliminations(g: Graph, path: list[int], n: int) -> int:
    """SE's rule for a cycle: either every node at an odd place is true or every node at
    an even place is, so a candidate outside the loop's cells that sees a node of its
    value of each parity goes (the candidates of a loop's own cells stay)."""
    odd = even = inside = 0
    full = (1 << n) - 1
    for i, x in enumerate(path):
        if i % 2:
            odd |= g.sees(x)
        else:
            even |= g.sees(x)
        inside |= full << (x // n * n)
    return odd & even & ~inside


def _allowed(mode: str, a: int, b: int, n: int) -> bool:
    """Whether the closing weak link a - b is one this mode uses."""
    if mode == "x":
        return a % n == b % n
    if mode == "xy":
        return a // n != b // n
    return True


def cycles(s: State) -> list:
    """The easiest X-cycle, Y-cycle or mixed cycle (SE's bidirectional cycles)."""
    found, kind = None, None
    for mode in ("x", "xy", "aic"):
        bound = found[0] - 0.05 if found else 99.0
        if mode == "aic" and bound < score("xy_cycle"):
            break
        other = best_cycle(s, mode, bound)
        if other:
            found, kind = other, KINDS[mode]
    if not found:
        return []
    return [_step(s, kind, *found)]


def _step(s: State, tech: str, rating, path, houses, elim_bits):
    n = s.n
    nodes = [(x // n, x % n + 1) for x in path]
    elims = candidates_of(elim_bits, n)
    links = [(nodes[i], nodes[(i + 1) % len(nodes)], "strong" if i % 2 == 0 else "weak")
             for i in range(len(nodes))]
    words = []
    for i, (c, v) in enumerate(nodes):
        words.append(f"{v}{cname(c, n)}")
        words.append("=" if i % 2 == 0 else "-")
    words.append(f"{nodes[0][1]}{cname(nodes[0][0], n)}")
    used = sorted({h for h in houses if h >= 0})
    text = (f"{title(tech)}: {' '.join(words)} is a closed loop, so one end of each weak "
            f"link is true and that {removes(elims, n)}")
    return make(tech, (), elims, sorted({c for c, _ in nodes}), used, links, text, rating=rating)
