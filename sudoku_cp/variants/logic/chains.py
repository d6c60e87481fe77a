"""Alternating inference chains whose links come from the constraints (dclamage's AIC).

A *candidate* is a value in a cell. Two candidates are *strongly* linked when at least
one of them is true: the only two candidates of a cell, the only two places of a value
in a full house, or the only two places left, in a piece's cells, of a value every way
of keeping the piece's rule uses (a cage that needs a 9). Two candidates are *weakly*
linked when at most one is true: two values of one cell, one value in two peers, or two
values a two-cell rule forbids together (a dot, an X or V, neighbours on a whisper or a
thermometer...), or two candidates a small piece's rule never holds together (a cage's
combinations, an arrow's sums: ``weak.table``).

A chain starts from a candidate A assumed false and alternates: a strong link makes the
next candidate true, a weak link makes the next one false. Reaching a candidate Z true
proves "A or Z", so a candidate weakly linked to both is false; reaching A itself true
proves A. Nothing is assumed beyond the links: every link is a fact of the position.

The search walks all starts breadth first, by levels of candidate bitsets (a candidate
``cell * count + value - lo`` is one bit), shortest chains first, up to ``MAX_LINKS``.
"""

from __future__ import annotations

from .houses import places
from .search import supports
from .step import VStep

#: the longest chain tried (links); a chain's score grows with its length.
MAX_LINKS = 13
BASE = 6.0


def chain_score(links: int) -> float:
    """6.0 for four links or fewer, 0.1 more each further link, at most 7.0.

    >>> chain_score(3), chain_score(9), chain_score(40)
    (6.0, 6.5, 7.0)
    """
    return round(min(BASE + 0.1 * max(0, links - 4), 7.0), 1)


class Links:
    """The strong and weak links of one position, as bitsets per candidate."""

    def __init__(self, state, pieces, pair_links, memo, rule_memo=None):
        g = state.g
        self.state, self.count, self.lo = state, g.count, g.lo
        k = g.count
        n = len(state.cands)
        alive = 0
        for x in range(n):
            if not state.placed[x]:
                for v in state.values(x):
                    alive |= 1 << (x * k + v - g.lo)
        self.alive = alive
        self.strong = {}
        self.why_strong = {}
        self.weak = {}
        self.pair_words = {}
        for x in range(n):
            if state.placed[x]:
                continue
            vs = state.values(x)
            if len(vs) == 2:
                self._strong(x, vs[0], x, vs[1], f"{g.puzzle.cell_name(x)} holds only "
                                                  f"{vs[0]} and {vs[1]}")
        for h, _, v, where in places(state):
            if len(where) == 2 and not any(state.placed[x] for x in where):
                self._strong(where[0], v, where[1], v, f"{v} has two places in {g.names[h]}")
        for piece in pieces:
            self._piece(state, piece, memo)
        for (x, y), preds in pair_links.items():
            if state.placed[x] or state.placed[y]:
                continue
            for a in state.values(x):
                bad = 0
                for b in state.values(y):
                    if any(not pred(a, b) for pred in preds):
                        bad |= 1 << (y * k + b - g.lo)
                if bad:
                    node = x * k + a - g.lo
                    self.weak[node] = self.weak.get(node, 0) | bad
        if rule_memo is not None:
            self._rule_weak(state, pieces, rule_memo)
        self._peer_weak(state)

    def node(self, cell, value):
        return cell * self.count + value - self.lo

    def cand(self, node):
        return divmod(node, self.count)[0], node % self.count + self.lo

    def _strong(self, x, a, y, b, why):
        p, q = self.node(x, a), self.node(y, b)
        self.strong[p] = self.strong.get(p, 0) | 1 << q
        self.strong[q] = self.strong.get(q, 0) | 1 << p
        self.why_strong.setdefault((p, q), why)
        self.why_strong.setdefault((q, p), why)

    def _piece(self, state, piece, memo):
        """Strong links from the values a piece's every way needs, with two places left."""
        if len(piece.cells) > 6 or piece.cases:
            return
        g = state.g
        masks = tuple(state.cands[x] for x in piece.cells)
        key = (id(piece), masks)
        if key not in memo:
            found = supports(piece, masks, lambda a, b: b in g.peers[a], lo=g.lo, cap=5000)
            memo[key] = found[2] if found else 0
        for v in g.values(memo[key]):
            where = [x for x in piece.cells if state.has(x, v)]
            if len(where) == 2 and not any(state.placed[x] for x in where):
                self._strong(where[0], v, where[1], v, f"{piece.label} needs {v}, "
                                                        f"in one of two places")

    def _rule_weak(self, state, pieces, memo):
        """Weak links from the small pieces' rules (``weak.table``), both ways already."""
        from .weak import table

        g = state.g
        for (x, a), row in table(state, pieces, memo).items():
            bits = 0
            for y, mask in row.items():
                for b in g.values(mask & state.cands[y]):
                    bits |= 1 << self.node(y, b)
            if bits:
                node = self.node(x, a)
                self.weak[node] = self.weak.get(node, 0) | bits

    def _peer_weak(self, state):
        g = state.g
        k = self.count
        for x in range(len(state.cands)):
            if state.placed[x]:
                continue
            own = 0
            for v in state.values(x):
                own |= 1 << self.node(x, v)
            for v in state.values(x):
                node = self.node(x, v)
                same = own & ~(1 << node)
                for y in g.peers[x]:
                    if not state.placed[y] and state.has(y, v):
                        same |= 1 << (y * k + v - self.lo)
                self.weak[node] = self.weak.get(node, 0) | same


def _bits(mask):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def chain_finder(pieces, pair_links, *, max_links=MAX_LINKS):
    """A finder for ``constraint chain`` over the puzzle's pieces and two-cell links."""
    memo: dict = {}
    rule_memo: dict = {}

    def find(state):
        links = Links(state, pieces, pair_links, memo, rule_memo)
        for depth in (4, 8, max_links):
            found = _search(links, depth)
            if found is not None:
                return _step(state, links, *found)
        return None
    return find


def _search(links, depth):
    """The first chain of at most ``depth`` links with a result: ``(start, levels, end,
    eliminated)``; ``end`` true proves ``start`` or ``end``; ``eliminated`` None means
    ``end`` is ``start`` itself (so ``start`` is true)."""
    strong, weak, alive = links.strong, links.weak, links.alive
    for a in _bits(alive):
        if a not in strong:
            continue
        wa = weak.get(a, 0)
        levels = [1 << a]          # alternately false and true sets
        seen_false, seen_true = 1 << a, 0
        frontier = 1 << a
        for step in range(depth):
            nxt = 0
            if step % 2 == 0:       # false -> true by strong links
                for f in _bits(frontier):
                    nxt |= strong.get(f, 0)
                nxt &= ~seen_true
                seen_true |= nxt
                if nxt >> a & 1:
                    levels.append(nxt)
                    return a, levels, a, None
                for z in _bits(nxt):
                    gone = wa & weak.get(z, 0) & alive & ~(1 << a | 1 << z)
                    if gone:
                        levels.append(nxt)
                        return a, levels, z, gone
            else:                   # true -> false by weak links
                for t in _bits(frontier):
                    nxt |= weak.get(t, 0)
                nxt &= ~seen_false
                seen_false |= nxt
            if not nxt:
                break
            levels.append(nxt)
            frontier = nxt
    return None


def _path(links, levels, end):
    """The chain's candidates from start to ``end``, one per level, walking back."""
    out = [end]
    for i in range(len(levels) - 2, -1, -1):
        here = out[-1]
        strong_step = i % 2 == 0       # level i (false) -> level i+1 (true) by a strong link
        for b in _bits(levels[i]):
            table = links.strong if strong_step else links.weak
            if table.get(b, 0) >> here & 1:
                out.append(b)
                break
    return out[::-1]


def _step(state, links, start, levels, end, gone):
    p = state.g.puzzle
    chain = _path(links, levels, end)

    def name(node):
        x, v = links.cand(node)
        return f"{p.cell_name(x)}={v}"

    parts = []
    for i, (u, w) in enumerate(zip(chain, chain[1:])):
        if i % 2 == 0:
            parts.append(f"then {name(w)} ({links.why_strong.get((u, w), 'strong link')})")
        else:
            parts.append(f"so not {name(w)}")
    said = f"if {name(start)} were false, " + ", ".join(parts)
    cells = tuple(dict.fromkeys(links.cand(n)[0] for n in chain))
    score = chain_score(len(chain) - 1)
    if gone is None:
        x, v = links.cand(start)
        from .houses import placement

        return VStep("constraint chain", score, ((x, v),), placement(state, x, v), cells,
                     f"Chain: {said}: {name(start)} cannot be false, so {p.cell_name(x)} is {v}.")
    elims = tuple(sorted(links.cand(n) for n in _bits(gone)))
    from .families import removed_words

    return VStep("constraint chain", score, (), elims, cells,
                 f"Chain: {said}; so {name(start)} or {name(end)} is true, and each rules "
                 f"out the following: {removed_words(p, elims)}.")
