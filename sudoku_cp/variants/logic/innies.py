"""The rule of 45 on any set of whole houses: sum pieces from the houses and the cages.

An *area* is a union of disjoint full houses: one house, a run of adjacent rows or
columns, or a connected group of boxes (or jigsaw regions). It holds every value once per
house, so its sum is known. Take away the cages inside it: the cells left (the
*innies*) add up to the rest. Take in the cages reaching out of it as well: the innies
minus the cells of those cages outside the area (the *outies*) make a known difference;
with no innies left that is the outies' sum. Each equation of at most ``limit`` cells
becomes a sum piece, walked like a cage (peers kept distinct).

>>> from sudoku_cp.variants.model import VariantPuzzle, KillerCage
>>> from sudoku_cp.variants.logic.state import Geometry
>>> cages = (KillerCage((0, 1, 4), 7), KillerCage((2, 3, 6), 9), KillerCage((5, 9), 5))
>>> [(p.label, p.meta["total"]) for p in innies_outies(Geometry(VariantPuzzle(4, constraints=cages)))][:3]
[('outies of row 1', 6), ('innies and outies of row 3', 5), ('innies and outies of column 1', 3)]
"""

from __future__ import annotations

from .search import Piece

#: at most this many groups of boxes or regions are looked at (a 16x16 has too many)
MAX_GROUPS = 1500


def innies_outies(geometry, limit=5):
    """Sum pieces from the rule of 45 over every area (see the module's words) whose
    innies, outies or both together are at most ``limit`` cells; none without cages."""
    p = geometry.puzzle
    cages = [c for c in p.constraints if c.TYPE == "killer_cage" and c.total is not None]
    n = p.size
    if not cages or geometry.count != n:
        return []
    house_sum = sum(range(geometry.lo, geometry.lo + n))
    pieces, seen = [], set()
    for cells, name in areas(geometry):
        area = set(cells)
        total = house_sum * (len(area) // n)
        touching = [c for c in cages if area & set(c.cells)]
        inside = [c for c in touching if set(c.cells) <= area]
        across = [c for c in touching if not set(c.cells) <= area]
        # only the cages inside; all the cages touching; the cages mostly inside
        mostly = [c for c in across if 2 * len(set(c.cells) - area) < len(c.cells)]
        for used in (inside, inside + across, inside + mostly):
            if not used or not _disjoint(used):
                continue  # overlapping cages: their totals would count a cell twice
            covered = {x for c in used for x in c.cells}
            inn, out = sorted(area - covered), sorted(covered - area)
            key = (frozenset(inn), frozenset(out))
            if not 0 < len(inn) + len(out) <= limit or key in seen:
                continue
            seen.add(key)
            target = total - sum(c.total for c in used)
            pieces.append(_signed_piece(name, inn, out, target))
    return pieces


def areas(geometry):
    """``(cells, name)`` of each area: full houses, runs of rows and of columns, then
    connected groups of boxes or regions (up to ``MAX_GROUPS`` of them)."""
    p = geometry.puzzle
    n = p.size
    for h in geometry.full_houses:
        yield geometry.groups[h], geometry.names[h]
    for k in range(2, n):
        for r in range(n - k + 1):
            yield (tuple(x for i in range(r, r + k) for x in range(i * n, i * n + n)),
                   f"rows {r + 1}-{r + k}")
            yield (tuple(x for i in range(r, r + k) for x in range(i, n * n, n)),
                   f"columns {r + 1}-{r + k}")
    boxes = [b for b in p.boxes() if len(set(b)) == n]
    word = "regions" if p.regions is not None else "boxes"
    for group in box_groups(p, boxes):
        said = ", ".join(str(b + 1) for b in group[:-1]) + f" and {group[-1] + 1}"
        yield tuple(x for b in group for x in boxes[b]), f"{word} {said}"


def box_groups(p, boxes):
    """Connected sets of 2 to ``len(boxes) - 1`` boxes (sorted index tuples), smallest
    sets first, at most ``MAX_GROUPS``."""
    m = len(boxes)
    where = {x: i for i, b in enumerate(boxes) for x in b}
    n = p.size
    touch = [set() for _ in range(m)]
    for x, i in where.items():
        r, c = divmod(x, n)
        for y in ((r + 1) * n + c if r + 1 < n else None, x + 1 if c + 1 < n else None):
            j = where.get(y) if y is not None else None
            if j is not None and j != i:
                touch[i].add(j)
                touch[j].add(i)
    layer = {(i,) for i in range(m)}
    out = []
    for _ in range(2, m):
        layer = {tuple(sorted(g + (j,))) for g in layer for i in g for j in touch[i]
                 if j not in g}
        if len(layer) > MAX_GROUPS:
            return out
        for g in sorted(layer):
            if len(out) >= MAX_GROUPS:
                return out
            out.append(g)
    return out


def _disjoint(cages) -> bool:
    return len({x for c in cages for x in c.cells}) == sum(len(c.cells) for c in cages)


def _signed_piece(name, inn, out, target):
    """``sum(inn) - sum(out) == target`` as a piece, with its words."""
    cells = tuple(inn) + tuple(out)
    coef = {i: 1 for i in range(len(inn))}
    coef.update({len(inn) + j: -1 for j in range(len(out))})
    word = "innies and outies" if inn and out else "innies" if inn else "outies"
    meta = {"words": word, "total": -target if not inn else target, "innies": tuple(inn),
            "outies": tuple(out)}
    return Piece("innies and outies", f"{word} of {name}", cells,
                 linears=((coef, target),), kind="killer_cage", meta=meta)
