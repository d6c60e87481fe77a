"""Random clues of ISS's ``Sum``, ``SumLine``, ``Lunchbox`` and ``CountingCircles`` for
``iss_random`` (``diff_iss.py --types Sum,SumLine,...``), written from ISS's syntax alone. As
there, an honest clue is read off the full grid under the rule's plain reading; a dishonest one
takes its number (or its cells) at random, so that "none" comes up too.

- ``Sum~total~cells`` or ``Sum~total_=_w1_w2..~cells``: the cells' values, each times its
  weight (1 when none are given), add to ``total``; a cell may be listed twice (it counts twice).
- ``SumLine~total~cells`` (``~LOOP`` last: the line closes on itself): the line cuts into runs
  of consecutive cells that each add to ``total`` (ISS takes totals up to 30).
- ``Lunchbox~total~cells``: the cells' values differ, and those strictly between (in the listed
  order) the cells holding the smallest and the largest of them add to ``total``.
- ``CountingCircles~cells``: each circle's value is the number of circles holding that value.

>>> import random
>>> from iss_random import Geometry
>>> geo = Geometry(random.Random(1), 4, 1, 0, "boxes")
>>> grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
>>> clue(random.Random(2), geo, grid, "SumLine", True)[0].startswith("SumLine~")
True
>>> split_sums([3, 1, 2, 3], loop=False), split_sums([1, 3, 2], loop=True)
([3, 10], [1, 2, 3, 6])
"""

from __future__ import annotations

#: Generated only when asked for (``--types Sum``: other seeds keep their puzzles).
ON_REQUEST = ("Sum", "SumLine", "Lunchbox", "CountingCircles")
KING8 = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
ORTHO4 = [(0, 1), (1, 0), (0, -1), (-1, 0)]


def allowed(name, geo):
    """Whether ISS takes ``name`` on this geometry (as far as this generator tries it)."""
    if name == "Lunchbox":
        # ISS's Lunchbox handler under values 0..n-1 remaps its sums by distance but keeps the
        # distance range of the unshifted sum (the slip iss_random.allowed notes for Sandwich,
        # the same handler): `.Shape~4x4~0-3.Lunchbox~1~R1C1~R1C2~R1C3` (0,1,2 or 2,1,0 fit)
        # has no solution in ISS. The project follows the rule.
        return geo.lo == 1
    return True


def split_sums(values, loop, top=30):
    """The totals 1..``top`` the values cut into runs of (a loop: cut anywhere first)."""
    starts = range(len(values)) if loop else (0,)
    out = []
    for total in range(1, top + 1):
        for s in starts:
            acc, runs = 0, 0
            for v in values[s:] + values[:s]:
                acc += v
                if acc == total:
                    acc, runs = 0, runs + 1
                elif acc > total:
                    break
            if acc == 0 and runs:
                out.append(total)
                break
    return out


def lunch(values):
    """The sum strictly between the smallest and the largest of ``values`` (which differ)."""
    i, j = sorted((values.index(min(values)), values.index(max(values))))
    return sum(values[i + 1:j])


def clue(rng, geo, grid, t, honest):
    """The ISS items of one clue of type ``t`` for the full ``grid`` ([] when none fits)."""
    from iss_random import cell_id, find_path

    n = geo.n
    cell = lambda x: cell_id(n, x)  # noqa: E731
    if t == "Sum":
        cells = rng.sample(range(n * n), rng.randint(1, 5))
        if rng.random() < 0.1:  # a cell listed twice: counted twice
            cells.insert(rng.randrange(len(cells) + 1), rng.choice(cells))
        weights = [rng.choice((1, 1, 2, 3, -1, -2)) for _ in cells] if rng.random() < 0.5 else None
        w = weights or [1] * len(cells)
        total = sum(a * grid[x] for a, x in zip(w, cells))
        if not honest:
            total += rng.choice((-2, -1, 1, 1, 2, 3)) if rng.random() < 0.7 else 0
        head = f"{total}_=_{'_'.join(map(str, weights))}" if weights else str(total)
        return [f"Sum~{head}~" + "~".join(map(cell, cells))]
    if t == "SumLine":
        for _ in range(30):
            loop = rng.random() < 0.3
            length = rng.randint(3 if loop else 2, 8)

            def closes(v, p, f):  # a loop's last cell next to its first
                return not (loop and f) or p[0] in geo.steps(p[-1], KING8)
            path = find_path(rng, geo, grid, rng.randrange(n * n), length, KING8, closes)
            if not path:
                continue
            fits = split_sums([grid[x] for x in path], loop)
            if honest and not fits:
                continue
            total = rng.choice(fits) if honest else rng.randint(1, min(30, geo.hi * length))
            return [f"SumLine~{total}~" + "~".join(map(cell, path)) + ("~LOOP" if loop else "")]
        return []
    if t == "Lunchbox":
        if rng.random() < 0.3:  # a whole row or column, either way
            k = rng.randrange(n)
            path = list(range(k * n, k * n + n)) if rng.random() < 0.5 else list(range(k, n * n, n))
            path = path[::rng.choice((1, -1))]
        else:
            def distinct(v, p, f):
                return not honest or len(set(v)) == len(v)
            path = find_path(rng, geo, grid, rng.randrange(n * n), rng.randint(2, min(6, n)),
                             rng.choice((ORTHO4, KING8)), distinct)
            if not path:
                return []
        values = [grid[x] for x in path]
        if honest and len(set(values)) == len(values):
            total = lunch(values)
        else:
            total = rng.randint(0, sum(range(geo.lo, geo.hi + 1)) // 2)
        return [f"Lunchbox~{total}~" + "~".join(map(cell, path))]
    if t == "CountingCircles":
        if not honest:
            cells = rng.sample(range(n * n), rng.randint(1, min(10, n * n)))
        else:
            by_value = {}
            for x in range(n * n):
                by_value.setdefault(grid[x], []).append(x)
            # values v held by at least v cells; each chosen one circles v of its cells
            usable = [v for v in by_value if 1 <= v <= len(by_value[v]) and v <= 6]
            if not usable:
                return []
            chosen = rng.sample(usable, rng.randint(1, min(3, len(usable))))
            cells = [x for v in chosen for x in rng.sample(by_value[v], v)]
            rng.shuffle(cells)
        return ["CountingCircles~" + "~".join(map(cell, cells))]
    raise ValueError(t)
