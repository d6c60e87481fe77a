"""Weak links a constraint supplies in the current position: two candidates that no way
of keeping its rule holds together.

A two-cell rule (a dot, an X, a whisper's neighbours) says so in its predicate
(``implications.pair_links``). A rule over more cells says it only through its
assignments: in a 10 cage of two cells, 3 in one forbids 8 in neither but 7 in the
other; in a 3-cell cage of 6 on 1, 2, 3 and 4, a 4 in one cell forbids a 4 (peers) and
also forbids any 1 or 2 beside it that would leave no total. ``table`` walks each small
piece's assignments once (``search.supports`` with ``together``) and returns, for each
candidate ``x = a``, the candidates of the piece's other cells that no assignment pairs
with it. Each is a fact of the position (the walk is exhaustive over the candidates),
so the cell and value forcing and the chains may use it like any other link.

>>> from sudoku_cp.variants.model import VariantPuzzle, KillerCage
>>> from sudoku_cp.variants.logic.state import Geometry, State
>>> from sudoku_cp.variants.logic.pieces import build_pieces
>>> g = Geometry(VariantPuzzle(4, constraints=(KillerCage((0, 6), 5),)))
>>> links = table(State(g), build_pieces(g.puzzle)[0], {})
>>> g.values(links[(0, 1)][6])  # R1C1=1 leaves R2C3 only 4 (and 1 is a peer's)
[2, 3]
"""

from __future__ import annotations

from .search import supports

#: pieces of more cells than this are not walked for links (their walks grow fast).
MAX_CELLS = 6
#: the walk's node cap for one piece (past it: no links from that piece, never a wrong one).
CAP = 6000


def _together(piece, masks, are_peers, lo, cap):
    """``(support, {(i, a): [mask per position]})`` over the piece's assignments, or None
    past ``cap``. A piece of cases (an index, an x-sum): the union over its feasible cases,
    a cell a case leaves free pairing with anything it may hold in that case."""
    if not piece.cases:
        together: dict = {}
        found = supports(piece, masks, are_peers, lo=lo, cap=cap, together=together)
        return None if found is None else (found[0], together)
    index = {x: i for i, x in enumerate(piece.cells)}
    k = len(piece.cells)
    support, together = [0] * k, {}
    for case in piece.cases:
        keep = ~case.meta.get("others", 0)
        free = [masks[i] & keep if x not in case.cells else 0 for x, i in index.items()]
        if any(x not in case.cells and not free[i] for x, i in index.items()):
            continue
        sub = {}
        found = supports(case, [masks[index[x]] for x in case.cells], are_peers, lo=lo,
                         cap=cap, together=sub)
        if found is None:
            return None
        if not all(found[0]):
            continue  # an infeasible case
        spread = [0] * k  # every mask a case position may take, free cells as they are
        for (i, a), row in sub.items():
            wide = list(free)
            for q, m in enumerate(row):
                wide[index[case.cells[q]]] |= m
            into = together.setdefault((index[case.cells[i]], a), [0] * k)
            for j in range(k):
                into[j] |= wide[j]
            spread[index[case.cells[i]]] |= 1 << (a - lo)
        for i in range(k):
            if free[i]:
                for b in range(free[i].bit_length()):
                    if free[i] >> b & 1:
                        into = together.setdefault((i, lo + b), [0] * k)
                        for j in range(k):
                            into[j] |= spread[j] | free[j]
        for i in range(k):
            support[i] |= spread[i] | free[i]
    return support, together


def piece_links(piece, masks, are_peers, lo, cap=CAP):
    """``{(i, a): {j: mask}}``: for position ``i`` holding ``a`` (a supported value), the
    supported values of position ``j`` that no assignment of the piece pairs with it; the
    same value at two peers is left out (the houses say that already). None past ``cap``."""
    found = _together(piece, masks, are_peers, lo, cap)
    if found is None:
        return None
    support, together = found
    k = len(piece.cells)
    out: dict = {}
    for (i, a), row in together.items():
        for j in range(k):
            if j == i:
                continue
            gone = support[j] & ~row[j]
            if are_peers(piece.cells[i], piece.cells[j]):
                gone &= ~(1 << (a - lo))
            if gone:
                out.setdefault((i, a), {})[j] = gone
    return out


def table(state, pieces, memo):
    """``{(x, a): {y: mask}}`` over every piece of at most ``MAX_CELLS`` cells (a piece of
    cases: up to three times that, each case being small): the candidates of ``y`` that ``x = a`` rules out by the piece's rule alone.
    ``memo`` keeps each piece's links by its cells' candidates."""
    g = state.g
    peers = g.peers

    def are_peers(a, b):
        return b in peers[a]

    out: dict = {}
    for piece in pieces:
        if len(piece.cells) < 2 or len(piece.cells) > (MAX_CELLS if not piece.cases else 3 * MAX_CELLS):
            continue
        if all(state.placed[x] for x in piece.cells):
            continue
        masks = tuple(state.cands[x] for x in piece.cells)
        key = (id(piece), masks)
        if key not in memo:
            memo[key] = piece_links(piece, masks, are_peers, g.lo)
        found = memo[key]
        if not found:
            continue
        cells = piece.cells
        for (i, a), row in found.items():
            x = cells[i]
            if state.placed[x]:
                continue
            into = out.setdefault((x, a), {})
            for j, mask in row.items():
                y = cells[j]
                if not state.placed[y]:
                    into[y] = into.get(y, 0) | mask
    return out
