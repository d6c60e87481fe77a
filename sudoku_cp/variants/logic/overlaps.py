"""Two rules on the same cells, walked together: a piece with every rule of another piece
that lies wholly on its cells.

Each piece alone keeps the assignments its own rule allows; where a cage and an entropic
line cover the same three cells, the cage alone allows 1+2+9 and the line alone any low,
middle and high value, but together (a 12 cage) only 1+4+7. So for each piece, the
relations and sums of the other pieces whose cells all lie among its own are added to
it, and the joined piece is walked like any other (``search.supports``): every value it
keeps is one some assignment keeping *both* rules uses. It comes after the single rules
in the ladder, so it only speaks when the two together say more.

>>> from sudoku_cp.variants.model import VariantPuzzle, KillerCage, Entropic
>>> from sudoku_cp.variants.logic.pieces import build_pieces
>>> p = VariantPuzzle(9, constraints=(KillerCage((0, 1, 2), 12), Entropic((0, 1, 2))))
>>> [(o.label, o.meta["sources"]) for o in overlaps(build_pieces(p)[0])]
[('cage 12 at R1C1 with entropic line R1C1-R1C3', (0, 1))]
"""

from __future__ import annotations

from .search import Piece

#: pieces of more cells than this are not joined (their walks grow fast).
MAX_CELLS = 8


def overlaps(pieces):
    """The joined pieces (technique ``overlapping rules``), one per piece that another's
    rules lie on, never two over the same rules."""
    by_cell: dict = {}
    for q in pieces:
        if not q.cases:
            for x in q.cells:
                by_cell.setdefault(x, []).append(q)
    out, seen = [], set()
    for piece in pieces:
        if piece.cases or not 2 <= len(piece.cells) <= MAX_CELLS:
            continue
        at = {x: i for i, x in enumerate(piece.cells)}
        others = {id(q): q for x in piece.cells for q in by_cell.get(x, ()) if q is not piece}
        relations, linears, used = list(piece.relations), list(piece.linears), []
        for q in others.values():
            took = False
            for positions, pred in q.relations:
                cells = [q.cells[i] for i in positions]
                if len(set(cells)) > 1 and all(x in at for x in cells):
                    relations.append((tuple(at[x] for x in cells), pred))
                    took = True
            for coefs, const in q.linears:
                if all(q.cells[i] in at for i in coefs):
                    linears.append(({at[q.cells[i]]: c for i, c in coefs.items()}, const))
                    took = True
            if took:
                used.append(q)
        if not used:
            continue
        key = frozenset([id(piece)] + [id(q) for q in used])
        if key in seen:
            continue
        seen.add(key)
        labels = list(dict.fromkeys(q.label for q in used if q.label != piece.label))
        if not labels:
            continue  # (windows of one line: nothing a reader would call two rules)
        sources = tuple(dict.fromkeys(s for s in [piece.meta.get("source")] +
                                      [q.meta.get("source") for q in used] if s is not None))
        meta = {k: v for k, v in piece.meta.items() if k in ("total", "innies", "outies")}
        meta.update(words="overlap", rule=piece.meta.get("words", piece.kind),
                    sources=sources, source=piece.meta.get("source"))
        out.append(Piece("overlapping rules", f"{piece.label} with {' and '.join(labels)}",
                         piece.cells, tuple(relations), tuple(linears), kind=piece.kind,
                         combos=piece.combos, meta=meta))
    return out
