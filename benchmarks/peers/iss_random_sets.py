"""Random clues of ISS's set, connection, rank and doppelganger types, and its RegionSize and
SearchPriority items, for ``iss_random`` (issue 37, second batch). Syntax only, as there: most
clues are read off the full grid under the obvious reading, some drawn at random.

>>> import random
>>> from iss_random import Geometry
>>> geo = Geometry(random.Random(1), 4, 1, 0, "boxes")
>>> clue(random.Random(2), geo, (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1), "FullRank", True)[0][:10]
'FullRank~R'
"""

from __future__ import annotations

#: The types this module generates (``iss_random.TYPES`` takes them in).
SETS = ("SameValues", "RegionSameValues", "ConnectedValues", "Doppelganger", "FullRank",
        "FullRankTies", "RegionSize", "SearchPriority")
#: Generated only when asked for (``--types DoppelgangerCells``: other seeds keep their
#: puzzles): Doppelganger with clues on its DGR/DGC/DGB cells (the value each column,
#: row, box misses).
ON_REQUEST = ("DoppelgangerCells", "CountDistinct")
#: Types worth a grid with one value more than its side (Doppelganger needs values 0..n).
WIDE = {"RegionSameValues", "ConnectedValues", "Doppelganger", "RegionSize", "DoppelgangerCells"}


def allowed(name, geo):
    """Whether ISS takes ``name`` on this geometry (as far as this generator tries it)."""
    n = geo.n
    if name in ("Doppelganger", "DoppelgangerCells"):
        return geo.lo == 0 and geo.num_values == n + 1 and geo.layout != "jigsaw"
    if name in ("FullRank", "FullRankTies"):
        return geo.num_values == n
    if name == "RegionSameValues":
        return geo.layout != "jigsaw+boxes"
    if name == "RegionSize":
        return geo.jigsaw is None
    return True


def _cell(n, x):
    from iss_random import cell_id

    return cell_id(n, x)


def _lines(n):
    rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
    cols = [tuple(range(k, n * n, n)) for k in range(n)]
    return rows, cols


def _connected(n, cells):
    cells = set(cells)
    if not cells:
        return False
    todo, seen = [next(iter(cells))], set()
    while todo:
        x = todo.pop()
        if x in seen:
            continue
        seen.add(x)
        r, c = divmod(x, n)
        todo += [y for y in (x - n, x + n, x - 1 if c else -1, x + 1 if c + 1 < n else -1)
                 if y in cells]
    return seen == cells


def _mixed_exclusion(geo, groups) -> bool:
    """Whether some of a SameValues's sets lie each within houses pairwise (their values
    then differ) and others do not. ISS slips there: once one set's cells exclude each
    other, its handler takes every set as distinct-valued, and a set whose cells may repeat
    can then hold 2,2,3 beside 1,2,3 (`.Shape~4x4.SameValues~3~R2C1~R4C1~R1C1~R1C3~R1C4~
    R4C3~R4C2~R3C3~R3C2.~R1C4_2~R3C2_3~R4C4_4`: ISS finds 3412/2143/4321/1234). The project
    follows the rule; such puzzles would only measure ISS's slip. (Other rules of a puzzle,
    a cage say, can make cells exclude each other too; houses are the common case.)"""
    def exclusive(cells):
        return all(any(a in h and b in h for h in geo.houses)
                   for i, a in enumerate(cells) for b in cells[i + 1:])
    kinds = {exclusive(g) for g in groups}
    return len(kinds) > 1


def clue(rng, geo, grid, t, honest):
    """The ISS items of one clue of type ``t`` for the full ``grid``."""
    n, values = geo.n, list(range(geo.lo, geo.hi + 1))
    cell = lambda x: _cell(n, x)  # noqa: E731
    if t == "SameValues":
        sets, k = rng.randint(2, 3), rng.randint(1, 3)
        if honest:
            wanted = rng.sample(sorted(set(grid)), min(k, len(set(grid))))
            used, cells = set(), []
            for _ in range(sets):
                for v in wanted:
                    free = [x for x in range(n * n) if grid[x] == v and x not in used]
                    if not free:
                        return []
                    x = rng.choice(free)
                    used.add(x)
                    cells.append(x)
        else:
            cells = rng.sample(range(n * n), sets * k)
        if _mixed_exclusion(geo, [cells[j * k:(j + 1) * k] for j in range(sets)]):
            return []
        return [f"SameValues~{sets}~" + "~".join(cell(x) for x in cells)]
    if t == "ConnectedValues":
        if honest:
            for _ in range(30):
                vs = rng.sample(values, rng.randint(1, max(1, len(values) - 1)))
                held = [x for x in range(n * n) if grid[x] in vs]
                if _connected(n, held):
                    size = f"~{len(held)}" if rng.random() < 0.5 else ""
                    return [f"ConnectedValues~~{'_'.join(map(str, vs))}{size}"]
        vs = rng.sample(values, rng.randint(1, 2))
        size = f"~{rng.randint(1, n * n)}" if rng.random() < 0.5 else ""
        return [f"ConnectedValues~~{'_'.join(map(str, vs))}{size}"]
    if t == "FullRank":
        rows, cols = _lines(n)
        lines = [(f"R{i + 1}", line) for i, line in enumerate(rows)]
        lines += [(f"C{i + 1}", line) for i, line in enumerate(cols)]
        reads = [tuple(grid[x] for x in line[::d]) for _, line in lines for d in (1, -1)]
        out = []
        for name, line in rng.sample(lines, rng.randint(1, min(4, len(lines)))):
            ranks = []
            for d in (1, -1):
                mine = tuple(grid[x] for x in line[::d])
                rank = 1 + sum(r < mine for r in reads) if honest else rng.randint(1, 4 * n)
                ranks.append(str(rank) if rng.random() < 0.6 else "")
            if any(ranks):
                out.append(f"FullRank~{name}~{ranks[0]}~{ranks[1]}")
        if rng.random() < 0.4:
            out.append(f"FullRankTies~{rng.choice(('none', 'only-unclued', 'any'))}")
        return out
    if t == "FullRankTies":
        return [f"FullRankTies~{rng.choice(('none', 'only-unclued', 'any'))}"]
    if t in ("RegionSameValues", "Doppelganger"):
        return [t]
    if t == "DoppelgangerCells":
        return ["Doppelganger"] + _doppelganger_cells(rng, geo, grid, honest)
    if t == "CountDistinct":  # (``--types CountDistinct``: the control cell counts the
        out = []               # distinct values of the others; one to three of them)
        for _ in range(rng.randint(1, 3)):
            cells = rng.sample(range(n * n), rng.randint(2, 6))
            k = len({grid[x] for x in cells})
            holding = [x for x in range(n * n) if grid[x] == k and x not in cells]
            if not honest or not holding:
                holding = [x for x in range(n * n) if x not in cells]
            out.append("CountDistinct~" + "~".join(cell(x) for x in
                                                   [rng.choice(holding)] + cells))
        return out
    if t == "RegionSize":
        return [f"RegionSize~{rng.choice((n, geo.num_values))}"]
    if t == "SearchPriority":
        cells = rng.sample(range(n * n), rng.randint(1, 4))
        return [f"SearchPriority~{rng.randint(1, 9)}~" + "~".join(cell(x) for x in cells)]
    raise ValueError(t)


def _doppelganger_cells(rng, geo, grid, honest):
    """Clues on Doppelganger's cells, read off what each row (DGC), column (DGR) and box
    (DGB) of ``grid`` misses: a whisper, a greater-than between neighbours, a given."""
    n, full = geo.n, set(range(geo.lo, geo.hi + 1))
    rows, cols = _lines(n)
    kinds = {"DGC": rows, "DGR": cols}
    if geo.boxes:
        kinds["DGB"] = geo.boxes
    kind = rng.choice(sorted(kinds))
    missing = [full - {grid[x] for x in house} for house in kinds[kind]]
    value = [min(s) if len(s) == 1 else None for s in missing]
    t = rng.choice(("Whisper", "GreaterThan", "Given"))
    i = rng.randrange(n - 1)
    if t == "GreaterThan" and kind != "DGB":  # (DGR and DGC are laid out in one row each)
        a, b = (i, i + 1) if value[i] is None or value[i + 1] is None or value[i] > value[i + 1] \
            or not honest else (i + 1, i)
        return [f"GreaterThan~{kind}{a + 1}~{kind}{b + 1}"]
    if t == "Whisper":
        picks = rng.sample(range(n), rng.randint(2, 3))
        got = [value[k] for k in picks]
        d = min(abs(x - y) for x, y in zip(got, got[1:])) if honest and None not in got \
            else rng.randint(1, n // 2)
        return [f"Whisper~{max(d, 1)}~" + "~".join(f"{kind}{k + 1}" for k in picks)]
    k = rng.randrange(n)
    v = value[k] if honest and value[k] is not None else rng.randint(geo.lo, geo.hi)
    return [f"~{kind}{k + 1}_{v}"]
