"""Random clues on a chaos construction's regions (``ChaosArrow``, ``ChaosCount``) for
``iss_random`` (issue 37), written from ISS's syntax alone: an honest clue is read off the
full grid under one split of it (its rows or its columns, always a split of a Latin grid),
its control cell one whose value is the count less the offset; a dishonest one takes any
control cell. Each comes with a ``ChaosConstruction`` item (ISS asks for one; a second is
the same rule).

The arms of an arrow go in distinct directions, so they share only their start, as in
every ISS puzzle: ISS's arrow handler takes the run's cells as distinct (its off-arm budget,
``chaos_handler.js``: "run cells and off-arm fixed cells are disjoint"), so two arms over
one cell lose solutions the rule has (seed 41:45, ``ChaosArrow~R3C2~1~CC11~CC7~-~CC11~CC7~CC3``
on a grid whose region of R3C3 holds R2C3 and R1C3: ISS says none; two arms of 2 and 3
cells with R2C3 in both are a run of 4, its value 3 plus the offset). The project follows
the rule; these puzzles would only measure ISS's slip.

>>> import random
>>> from iss_random import Geometry
>>> geo = Geometry(random.Random(1), 4, 1, 0, "noboxes")
>>> grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
>>> items = clue(random.Random(3), geo, grid, "ChaosCount", True)
>>> items[0], items[1][:11]
('ChaosConstruction', 'ChaosCount~')
"""

from __future__ import annotations

#: The types this module generates (``iss_random.CHAOS`` takes them in).
CLUES = ("ChaosArrow", "ChaosCount")
#: Generated only when asked for (``--types ChaosSameValues``: other seeds keep their
#: puzzles): ISS's SameValues over region cells (one a set) and CountDistinct over them.
ON_REQUEST = ("ChaosSameValues", "ChaosCountDistinct")
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, 1))


def _walk(n, cell, dr, dc, k=None):
    r, c = divmod(cell, n)
    out = []
    while 0 <= r < n and 0 <= c < n and (k is None or len(out) < k):
        out.append(r * n + c)
        r, c = r + dr, c + dc
    return out


def _run(region, arms):
    total = 1
    for arm in arms:
        j = 1
        while j < len(arm) and region[arm[j]] == region[arm[0]]:
            j += 1
        total += j - 1
    return total


def _neighbourhood(n, cell):
    r, c = divmod(cell, n)
    steps = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))
    return [(r + dr) * n + c + dc for dr, dc in steps if 0 <= r + dr < n and 0 <= c + dc < n]


def clue(rng, geo, grid, t, honest):
    """``["ChaosConstruction", clue]`` (the clue left out when no control cell fits)."""
    from iss_random import cell_id

    n = geo.n
    by_rows = rng.random() < 0.5
    region = [x // n if by_rows else x % n for x in range(n * n)]
    offset = rng.choice(("", "0", "1"))
    shift = 1 if offset == "1" else 0
    bare = rng.random() < 0.3  # (the control cell alone: ISS draws the arms or the 3x3 itself)
    if t in ON_REQUEST:
        return _on_regions(rng, geo, grid, t, honest, region)
    for _ in range(60):
        cell = rng.randrange(n * n)
        if t == "ChaosArrow":
            if bare:
                arms = [_walk(n, cell, dr, dc) for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0))]
            else:
                start = rng.randrange(n * n)
                arms = [_walk(n, start, dr, dc, rng.randint(2, n))  # (distinct directions:
                        for dr, dc in rng.sample(STEPS, rng.randint(1, 3))]  # see the note)
            got = _run(region, arms)
            body = "~-~".join("~".join(f"CC{x + 1}" for x in arm) for arm in arms)
        else:
            cells = _neighbourhood(n, cell) if bare else \
                rng.sample(range(n * n), rng.randint(2, min(9, n * n)))
            got = sum(region[x] == region[cells[0]] for x in cells)
            body = "~".join(f"CC{x + 1}" for x in cells)
        if honest and grid[cell] != got - shift:
            continue
        text = f"{t}~{cell_id(n, cell)}" + ("" if bare else f"~{offset}~{body}")
        if bare and offset:
            text = f"{t}~{cell_id(n, cell)}~{offset}"
        return ["ChaosConstruction", text]
    return ["ChaosConstruction"]


def _on_regions(rng, geo, grid, t, honest, region):
    """``SameValues~k~CC..`` over k cells of one region (any k cells when dishonest), or
    ``CountDistinct~cell~CC..`` whose control cell holds the regions met."""
    from iss_random import cell_id

    n = geo.n
    if t == "ChaosSameValues":
        home = region[rng.randrange(n * n)]
        pool = [x for x in range(n * n) if region[x] == home] if honest else list(range(n * n))
        cells = rng.sample(pool, rng.randint(2, min(4, len(pool))))
        return ["ChaosConstruction", f"SameValues~{len(cells)}~" + "~".join(f"CC{x + 1}" for x in cells)]
    for _ in range(60):
        cells = rng.sample(range(n * n), rng.randint(2, min(7, n * n)))
        met = len({region[x] for x in cells})
        fits = [x for x in range(n * n) if grid[x] == met] if honest else list(range(n * n))
        if fits:
            return ["ChaosConstruction", f"CountDistinct~{cell_id(n, rng.choice(fits))}~"
                    + "~".join(f"CC{x + 1}" for x in cells)]
    return ["ChaosConstruction"]
