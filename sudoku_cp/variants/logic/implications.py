"""Cell and value forcing: every option of a cell (or every place of a value in a full
house) rules the same candidate out, so it is out.

"Rules out" is one direct link: the two cells are peers and hold the same value, or a
two-cell relation of some constraint (a dot, an X or V, neighbours on a whisper or a
thermometer, a palindrome pair, a negative rule...) forbids the two values together.
This is dclamage's "cell forcing" on the links the constraints supply; nothing is
assumed beyond one link from each option.
"""

from __future__ import annotations

from .houses import _cells, places
from .scores import SCORES
from .step import VStep


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


def _excludes(state, links, x, a, y, b) -> bool:
    """Does ``x = a`` forbid ``y = b`` by one direct link?"""
    if a == b and y in state.g.peers[x]:
        return True
    return any(not pred(a, b) for pred in links.get((x, y), ()))


def _neighbours(state, links, x):
    return state.g.peers[x] | {y for (u, y) in links if u == x}


def _by_cell(links) -> dict:
    """Each cell's linked cells (``links``: pairs ``(x, y)``)."""
    by_cell: dict = {}
    for (x, y) in links:
        by_cell.setdefault(x, set()).add(y)
    return by_cell


def cell_forcing(links):
    by_cell = _by_cell(links)

    def find(state):
        g = state.g
        p = g.puzzle
        for x in range(len(state.cands)):
            if state.placed[x] or bin(state.cands[x]).count("1") > 4:
                continue
            options = state.values(x)
            near = g.peers[x] | by_cell.get(x, set())
            gone = []
            for y in sorted(near):
                if state.placed[y]:
                    continue
                for b in state.values(y):
                    if all(_excludes(state, links, x, a, y, b) for a in options):
                        gone.append((y, b))
            if gone:
                return VStep("cell forcing", SCORES["cell forcing"], (), tuple(gone), (x,),
                             f"Cell forcing: {p.cell_name(x)} is one of "
                             f"{', '.join(map(str, options))}, and each of them rules out "
                             f"the same candidates; so " + _removed(p, gone) + ".")
        return None
    return find


def value_forcing(links):
    by_cell = _by_cell(links)

    def find(state):
        g = state.g
        p = g.puzzle
        for h, _, v, where in places(state):
            if len(where) < 2 or len(where) > 4 or any(state.placed[x] for x in where):
                continue
            near = set.union(*(g.peers[x] | by_cell.get(x, set()) for x in where)) - set(where)
            gone = []
            for y in sorted(near):
                if state.placed[y]:
                    continue
                for b in state.values(y):
                    if all(_excludes(state, links, x, v, y, b) for x in where):
                        gone.append((y, b))
            if gone:
                return VStep("value forcing", SCORES["value forcing"], (), tuple(gone),
                             tuple(where),
                             f"Value forcing: in {g.names[h]}, {v} is in one of "
                             f"{_cells(p, where)}, and each of them rules out the same "
                             f"candidates; so " + _removed(p, gone) + ".")
        return None
    return find


def _removed(p, gone):
    from .families import removed_words

    return removed_words(p, gone)
