"""Cell and value forcing: every option of a cell (or every place of a value in a full
house) rules the same candidate out, so it is out.

"Rules out" is one direct link: the two cells are peers and hold the same value, a
two-cell relation of some constraint (a dot, an X or V, neighbours on a whisper or a
thermometer, a palindrome pair, a negative rule...) forbids the two values together, or
a small constraint's rule leaves no way to hold both (``weak.table``: a cage, an arrow, a
short line). This is dclamage's "cell forcing" on the links the constraints supply;
nothing is assumed beyond one link from each option.
"""

from __future__ import annotations

from .houses import _cells, places
from .scores import SCORES
from .step import VStep
from .weak import table

#: the most options (a cell's candidates, a value's places in a house) a forcing step reads.
MAX_OPTIONS = 9


def pair_links(pieces):
    """``{(x, y): [pred(a, b)]}``: the two-cell relations of every piece, both ways."""
    links: dict = {}
    for piece in pieces:
        if piece.cases:
            continue
        for positions, pred in piece.relations:
            if len(positions) != 2 or positions[0] == positions[1]:
                continue
            x, y = (piece.cells[q] for q in positions)
            links.setdefault((x, y), []).append(pred)
            links.setdefault((y, x), []).append(lambda b, a, pred=pred: pred(a, b))
    return links


def _ruled_out(state, links, rules, x, a, y) -> int:
    """The mask of ``y``'s candidates that ``x = a`` forbids by one direct link: the same
    value at a peer, a two-cell relation (``links``), or a small piece's rule (``rules``,
    ``weak.table``'s links of the position)."""
    g = state.g
    if x == y:  # (holding a, the cell holds nothing else)
        return state.cands[y] & ~g.bit(a)
    mask = g.bit(a) if y in g.peers[x] else 0
    if rules:
        mask |= rules.get((x, a), {}).get(y, 0)
    preds = links.get((x, y))
    if preds:
        for b in state.values(y):
            if any(not pred(a, b) for pred in preds):
                mask |= g.bit(b)
    return mask & state.cands[y]


def _common(state, links, rules, pairs, y) -> int:
    """The candidates of ``y`` that every ``(x, a)`` of ``pairs`` forbids."""
    common = state.cands[y]
    for x, a in pairs:
        common &= _ruled_out(state, links, rules, x, a, y)
        if not common:
            break
    return common


def _near(rules, x, options):
    """The cells ``weak.table``'s links of ``x``'s options reach."""
    out = set()
    for a in options:
        out.update(rules.get((x, a), ()))
    return out


def _by_cell(links) -> dict:
    """Each cell's linked cells (``links``: pairs ``(x, y)``)."""
    by_cell: dict = {}
    for (x, y) in links:
        by_cell.setdefault(x, set()).add(y)
    return by_cell


def cell_forcing(links, pieces=()):
    """The finder; ``pieces``: those whose rule gives links beyond their two-cell relations
    (``weak.table``)."""
    by_cell = _by_cell(links)
    memo: dict = {}

    def find(state):
        g = state.g
        p = g.puzzle
        rules = table(state, pieces, memo) if pieces else None
        for x in range(len(state.cands)):
            if state.placed[x] or bin(state.cands[x]).count("1") > MAX_OPTIONS:
                continue
            options = state.values(x)
            near = g.peers[x] | by_cell.get(x, set())
            if rules:
                near = near | _near(rules, x, options)
            gone = []
            pairs = [(x, a) for a in options]
            for y in sorted(near - {x}):
                if not state.placed[y]:
                    gone += [(y, b) for b in g.values(_common(state, links, rules, pairs, y))]
            if gone:
                return VStep("cell forcing", SCORES["cell forcing"], (), tuple(gone), (x,),
                             f"Cell forcing: {p.cell_name(x)} is one of "
                             f"{', '.join(map(str, options))}, and each of them rules out "
                             f"the same candidates; so " + _removed(p, gone) + ".")
        return None
    return find


def value_forcing(links, pieces=()):
    """The finder; ``pieces`` as for ``cell_forcing``."""
    by_cell = _by_cell(links)
    memo: dict = {}

    def find(state):
        g = state.g
        p = g.puzzle
        rules = table(state, pieces, memo) if pieces else None
        for h, _, v, where in places(state):
            if len(where) < 2 or len(where) > MAX_OPTIONS or any(state.placed[x] for x in where):
                continue
            near = set.union(*(g.peers[x] | by_cell.get(x, set()) for x in where))
            if rules:
                near |= set.union(*(_near(rules, x, (v,)) for x in where))
            gone = []
            pairs = [(x, v) for x in where]
            for y in sorted(near):
                if not state.placed[y]:
                    gone += [(y, b) for b in g.values(_common(state, links, rules, pairs, y))]
            if gone:
                own = any(y in where for y, _ in gone)
                return VStep("value forcing", SCORES["value forcing"], (), tuple(gone),
                             tuple(where),
                             f"Value forcing: in {g.names[h]}, {v} is in one of "
                             f"{_cells(p, where)}, and each of them rules out the same "
                             f"candidates{f' (a place holding {v} holds nothing else)' if own else ''}"
                             f"; so " + _removed(p, gone) + ".", groups=(h,))
        return None
    return find


def _removed(p, gone):
    from .families import removed_words

    return removed_words(p, gone)
