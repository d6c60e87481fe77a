"""Random ISS puzzles with ``Var`` cells (issue 37) for ``diff_iss.py --types Var``.

A random full grid (rows, columns and boxes distinct), one to three ``Var`` groups
(a count, or RxC), a random value for each extra cell (extra cells are in no house), then
clues read off grid and extra cells together (honest, or now and then a wrong one): sums
and arrows whose total is an extra cell, all-different sets, thermometers, whispers,
same-value pairs, dots between neighbouring extra cells, givens on extra cells.

>>> s = puzzle_string("1:0")
>>> s.startswith(".Shape~") and ".Var~" in s
True
"""

from __future__ import annotations

import random

from iss_random_shape import Shape, fill, retried

TYPES = ("Sum", "Arrow", "AllDifferent", "Thermo", "Whisper", "SameValues", "WhiteDot",
         "GreaterThan", "Given")


def _groups(rng, first_cell, cols):
    """[(prefix, item, [(name, cell, (row, col))])] for one to three Var groups."""
    out, cell = [], first_cell
    for prefix in sorted(rng.sample("ABCDE", rng.randint(1, 3))):
        if rng.random() < 0.4:
            r, c = rng.randint(1, 2), rng.randint(2, 3)
            k, item, w = r * c, f"Var~{prefix}~~{r}x{c}", c
        else:
            k = rng.randint(1, 4)
            item, w = f"Var~{prefix}" + (f"~~{k}" if k > 1 else ""), cols
        names = [f"V{prefix}" if k == 1 else f"V{prefix}{i + 1}" for i in range(k)]
        out.append((prefix, item, [(n, cell + i, (i // w, i % w)) for i, n in enumerate(names)]))
        cell += k
    return out


def puzzle(seed, *, types=None):
    rng = random.Random(f"iss-var-{seed}")
    geo = Shape(rng, rng.choice(("4x4", "6x6")))
    grid = fill(rng, geo, [])
    if grid is None:
        return None
    groups = _groups(rng, geo.cells, geo.cols)
    extra = [x for _, _, cells in groups for x in cells]
    values = grid + [rng.randint(geo.lo, geo.hi) for _ in extra]
    name = {cell: n for n, cell, _ in extra}
    cell_name = lambda x: name.get(x) or geo.name(x)  # noqa: E731
    honest = rng.random() < 0.8
    items = list(geo.items) + [item for _, item, _ in groups]
    pool = [t for t in (types or TYPES) if t != "Var"] or list(TYPES)
    given = set()  # (one given item per extra cell: ISS keeps one a cell)
    for _ in range(rng.randint(2, 7)):
        t = rng.choice(pool)
        v = rng.choice(extra)[1]
        some = rng.sample(range(geo.cells), rng.randint(1, 3))
        if t in ("Sum", "Arrow"):  # the extra cell is the total of some grid cells
            total = sum(values[x] for x in some)
            if honest and total != values[v]:
                continue
            if t == "Arrow":
                items.append(f"Arrow~{cell_name(v)}~" + "~".join(cell_name(x) for x in some))
            else:
                items.append(f"Sum~0_=_{'_'.join('1' for _ in some)}_-1~"
                             + "~".join(cell_name(x) for x in some + [v]))
        elif t == "AllDifferent":
            cells = some + [v]
            if honest and len({values[x] for x in cells}) < len(cells):
                continue
            items.append("AllDifferent~" + "~".join(cell_name(x) for x in cells))
        elif t in ("Thermo", "Whisper"):
            cells = sorted(some[:2] + [v], key=lambda x: values[x]) if t == "Thermo" else some[:2] + [v]
            ok = (all(values[a] < values[b] for a, b in zip(cells, cells[1:])) if t == "Thermo"
                  else all(abs(values[a] - values[b]) >= 2 for a, b in zip(cells, cells[1:])))
            if honest and not ok:
                continue
            items.append((f"{t}~" if t == "Thermo" else f"{t}~2~") + "~".join(cell_name(x) for x in cells))
        elif t == "SameValues":
            x = some[0]
            if honest and values[x] != values[v]:
                continue
            items.append(f"SameValues~2~{cell_name(v)}~{cell_name(x)}")
        elif t in ("WhiteDot", "GreaterThan"):
            here = next(g for g in groups if any(c == v for _, c, _ in g[2]))[2]
            place = {c: p for _, c, p in here}
            near = [c for _, c, p in here if abs(p[0] - place[v][0]) + abs(p[1] - place[v][1]) == 1]
            if not near:
                continue
            w = rng.choice(near)
            ok = abs(values[v] - values[w]) == 1 if t == "WhiteDot" else values[v] > values[w]
            if honest and not ok:
                continue
            items.append(f"{t}~{cell_name(v)}~{cell_name(w)}")
        elif v not in given:  # a given (or candidates) on an extra cell
            given.add(v)
            items.append(f"~{cell_name(v)}_{values[v]}" if rng.random() < 0.5 or not honest else
                         f"~{cell_name(v)}_{values[v]}_{rng.randint(geo.lo, geo.hi)}")
    for v in (c for _, c, _ in extra):  # most extra cells told apart (else "multiple" wins)
        if v not in given and rng.random() < 0.6:
            items.append(f"~{cell_name(v)}_{values[v]}")
    rate = rng.choice((0.35, 0.5, 0.7, 0.8))
    givens = [f"{geo.name(x)}_{grid[x]}" for x in range(geo.cells) if rng.random() < rate]
    if givens:
        items.append("~" + "~".join(givens))
    return "." + ".".join(items)


def puzzle_string(seed, **kw):
    """``puzzle(seed)``, retried with the next sub-seed when the filler gives up."""
    return retried(puzzle, seed, **kw)
