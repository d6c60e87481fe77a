"""Random clues of ISS's cage, content, indexing, outside and pair types that ``diff_iss.py``
never drew (``iss_types_diff.py`` tries them on 9x9 only, apart from ISS's warm run): for
``iss_random`` on 4x4, 6x6 and 9x9, written from ISS's syntax alone. An honest clue is read off
the full grid under the rule's plain reading; a dishonest one takes its number, values or cells
at random.

- ``RellikCage~t~cells``: the values differ and no one or more of them add to ``t``.
- ``EqualityCage~cells``: the values differ; as many even as odd, as many in the low half of
  the value range as in the high half (an odd range's middle value in neither).
- ``ContainAtLeast~v_v_..~cells`` / ``ContainExact~..``: each listed value at least (exactly)
  as often among the cells as listed. ``LookAndSay~cvcv..~cells``: exactly ``c`` of value
  ``v`` (one digit each; ``c`` = 0: none).
- ``ValueIndexing~cells``: the second cell's value ``k`` says the ``k``-th cell after it holds
  the first cell's value.
- ``NumberedRoom~R1~front~back``: the ``N``-th cell from that end holds the clue, ``N`` the
  value of the first. ``HiddenSkyscraper~..``: the first value lower than one before it.
- ``Indexing~C~cells`` (``R``: rows): a cell in column ``c`` holding ``v``: the ``v``-th cell
  of its row holds ``c`` (1-based).
- ``EqualSum~cells~-~cells..``: every segment has the same sum.
- ``AllDifferent~cells``: the values differ. ``AntiTaxicab`` (global: the grid obeys it):
  no two cells ``d`` orthogonal steps apart both hold ``d``.
- ``Pair~key~cells`` (``PairX``: every two cells, in order): each two consecutive cells
  hold a pair of values the key allows (bit ``i * count + j``, six to a base64url char;
  ISS takes only symmetric keys for PairX). ``Binary``/``BinaryX``: the same, the key's
  ``-`` and ``_`` swapped (ISS's legacy form).

>>> import random
>>> from iss_random import Geometry
>>> geo = Geometry(random.Random(1), 4, 1, 0, "boxes")
>>> grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
>>> clue(random.Random(2), geo, grid, "EqualityCage", True)[0].startswith("EqualityCage~")
True
>>> hidden([1, 3, 2, 4]), hidden([1, 2, 3, 4])
(2, None)
"""

from __future__ import annotations

from itertools import combinations

#: Generated only when asked for (``--types RellikCage``: other seeds keep their puzzles).
ON_REQUEST = ("RellikCage", "EqualityCage", "ContainAtLeast", "ContainExact", "LookAndSay",
              "ValueIndexing", "NumberedRoom", "HiddenSkyscraper", "Indexing", "EqualSum",
              "Pair", "PairX", "Binary", "BinaryX", "AllDifferent", "AntiTaxicab")
#: Global rules among them: the full grid obeys them (``global_pairs``), the clue is the name.
GLOBAL = ("AntiTaxicab",)
ORTHO4 = [(0, 1), (1, 0), (0, -1), (-1, 0)]
KING8 = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def allowed(name, geo):
    """Whether ISS takes ``name`` on this geometry (as far as this generator tries it)."""
    if name == "LookAndSay":  # (a value is one digit)
        return geo.hi <= 9
    if name == "AntiTaxicab":  # (ISS: values from 1 only)
        return geo.lo == 1
    return True


def global_pairs(geo, rule):
    """(a, b, ok) for AntiTaxicab: cells ``d`` orthogonal steps apart do not both hold ``d``."""
    n = geo.n
    out = []
    for a in range(n * n):
        for b in range(a + 1, n * n):
            d = abs(a // n - b // n) + abs(a % n - b % n)
            if geo.lo <= d <= geo.hi:
                out.append((a, b, lambda x, y, d=d: not x == y == d))
    return out


def hidden(values):
    """The first value lower than one before it (None: each is taller than all before)."""
    return next((v for i, v in enumerate(values) if i and v < max(values[:i])), None)


def subset_sums(values):
    return {sum(c) for k in range(1, len(values) + 1) for c in combinations(values, k)}


def equality(values, lo, hi):
    """Whether ``values`` (distinct) split evenly into even/odd and into low/high halves."""
    count = hi - lo + 1
    low = set(range(lo, lo + count // 2))
    high = set(range(hi - count // 2 + 1, hi + 1))
    evens = sum(v % 2 == 0 for v in values)
    return (len(set(values)) == len(values) and 2 * evens == len(values)
            and sum(v in low for v in values) == sum(v in high for v in values)
            == len(values) // 2)


def pair_key(allowed_pairs, lo, count):
    bits = [int((lo + i, lo + j) in allowed_pairs) for i in range(count) for j in range(count)]
    chars = [sum(b << k for k, b in enumerate(bits[s:s + 6])) for s in range(0, len(bits), 6)]
    return "".join(B64[v] for v in chars)


def _cage(rng, geo, grid, size, distinct=True):
    """Orthogonally connected cells (values distinct when ``distinct``), or None."""
    n = geo.n
    cells = [rng.randrange(n * n)]
    while len(cells) < size:
        nxt = [y for x in cells for y in geo.steps(x, ORTHO4) if y not in cells
               and (not distinct or grid[y] not in {grid[z] for z in cells})]
        if not nxt:
            return None
        cells.append(rng.choice(nxt))
    return cells


def clue(rng, geo, grid, t, honest):
    """The ISS items of one clue of type ``t`` for the full ``grid`` ([] when none fits)."""
    from iss_random import cell_id, find_path

    n, lo, hi = geo.n, geo.lo, geo.hi
    cell = lambda x: cell_id(n, x)  # noqa: E731
    cells_of = lambda xs: "~".join(map(cell, xs))  # noqa: E731
    if t == "RellikCage":
        cells = _cage(rng, geo, grid, rng.randint(2, min(5, n)), distinct=honest)
        if not cells:
            return []
        sums = subset_sums([grid[x] for x in cells])
        free = [s for s in range(1, max(sums) + 3) if s not in sums]
        total = rng.choice(free) if honest and free else rng.choice(sorted(sums - {0}) or [1])
        return [f"RellikCage~{total}~{cells_of(cells)}"]
    if t == "EqualityCage":
        for _ in range(200):
            cells = _cage(rng, geo, grid, rng.choice((2, 2, 4, 4, 6)))
            if cells and (not honest or equality([grid[x] for x in cells], lo, hi)):
                return [f"EqualityCage~{cells_of(cells)}"]
        return []
    if t in ("ContainAtLeast", "ContainExact", "LookAndSay"):
        cells = rng.sample(range(n * n), rng.randint(2, 6))
        held = [grid[x] for x in cells]
        named = rng.sample(sorted(set(held)), rng.randint(1, min(3, len(set(held)))))
        if t == "LookAndSay":
            pairs = [(held.count(v), v) for v in named]
            absent = [v for v in range(lo, hi + 1) if v not in held]
            if absent and rng.random() < 0.5:
                pairs.append((0, rng.choice(absent)))
            if not honest:
                pairs = [(rng.randint(0, 3), rng.randint(lo, hi)) for _ in pairs]
                pairs = list({v: (c, v) for c, v in pairs}.values())  # (ISS: one pair a value)
                while sum(c for c, _ in pairs) > len(cells):  # (the project refuses those)
                    i = max(range(len(pairs)), key=lambda i: pairs[i][0])
                    pairs[i] = (pairs[i][0] - 1, pairs[i][1])
            return [f"LookAndSay~{''.join(f'{c}{v}' for c, v in pairs)}~{cells_of(cells)}"]
        if honest:
            values = [v for v in named for _ in range(held.count(v))]
            if t == "ContainAtLeast" and len(values) > 1 and rng.random() < 0.5:
                values.remove(rng.choice(values))
        else:
            # (no more values than cells: the project refuses those as ill-formed)
            values = sorted(rng.randint(lo, hi) for _ in range(rng.randint(1, min(3, len(cells)))))
        return [f"{t}~{'_'.join(map(str, values))}~{cells_of(cells)}"]
    if t == "ValueIndexing":
        def points(v, p, f):
            if not f or not honest:
                return True
            return 1 <= v[1] <= len(v) - 2 and v[1 + v[1]] == v[0]
        for _ in range(30):
            path = find_path(rng, geo, grid, rng.randrange(n * n), rng.randint(3, min(n, 7)),
                             rng.choice((ORTHO4, KING8)), points)
            if path:
                return [f"ValueIndexing~{cells_of(path)}"]
        return []
    if t in ("NumberedRoom", "HiddenSkyscraper"):
        k = rng.randrange(n)
        rows = rng.random() < 0.5
        line = list(range(k * n, k * n + n)) if rows else list(range(k, n * n, n))
        ends = []
        for seq in (line, line[::-1]):
            vals = [grid[x] for x in seq]
            if t == "NumberedRoom":
                got = vals[vals[0] - 1] if 1 <= vals[0] <= n else None
            else:
                got = hidden(vals)
            if not honest:
                got = rng.randint(lo, hi)
            ends.append("" if got is None or rng.random() < 0.4 else str(got))
        if not any(ends):
            return []
        return [f"{t}~{'R' if rows else 'C'}{k + 1}~{ends[0]}~{ends[1]}"]
    if t == "Indexing":
        kind = rng.choice("RC")

        def holds(x):
            r, c = divmod(x, n)
            v = grid[x]
            if not 1 <= v <= n:
                return False
            return grid[(v - 1) * n + c] == r + 1 if kind == "R" else grid[r * n + v - 1] == c + 1
        pool = [x for x in range(n * n) if holds(x)] if honest else list(range(n * n))
        if not pool:
            return []
        return [f"Indexing~{kind}~{cells_of(rng.sample(pool, rng.randint(1, min(4, len(pool)))))}"]
    if t == "EqualSum":
        segs = [rng.sample(range(n * n), rng.randint(1, 3))]
        target = sum(grid[x] for x in segs[0])
        for _ in range(400):
            seg = rng.sample(range(n * n), rng.randint(1, 3))
            if not honest or sum(grid[x] for x in seg) == target:
                segs.append(seg)
                if len(segs) == 3 or (len(segs) == 2 and rng.random() < 0.4):
                    break
        if len(segs) < 2:
            return []
        return ["EqualSum~" + "~-~".join(cells_of(s) for s in segs)]
    if t == "AllDifferent":  # (any cells: in no house together, as often as not)
        for _ in range(50):
            cells = rng.sample(range(n * n), rng.randint(2, min(6, n)))
            if not honest or len({grid[x] for x in cells}) == len(cells):
                return [f"AllDifferent~{cells_of(cells)}"]
        return []
    if t in GLOBAL:  # (iss_random.clues names it once, as its own globals)
        return [t]
    if t in ("Pair", "PairX", "Binary", "BinaryX"):
        line = find_path(rng, geo, grid, rng.randrange(n * n), rng.randint(2, 5),
                         rng.choice((ORTHO4, KING8)), lambda v, p, f: True)
        if not line:
            return []
        pairs = list(zip(line, line[1:])) if t in ("Pair", "Binary") else list(combinations(line, 2))
        dense = rng.choice((0.3, 0.8))  # (dense keys hold - and _, which Binary's swap)
        ok = {(u, v) for u in range(lo, hi + 1) for v in range(lo, hi + 1) if rng.random() < dense}
        if honest:
            ok |= {(grid[a], grid[b]) for a, b in pairs}
        if t.endswith("X"):  # (ISS refuses a PairX key that is not symmetric)
            ok |= {(v, u) for u, v in ok}
        key = pair_key(ok, lo, hi - lo + 1)
        if t.startswith("Binary"):  # the legacy form: the key's - and _ swapped
            key = key.translate(str.maketrans("-_", "_-"))
        return [f"{t}~{key}~{cells_of(line)}"]
    raise ValueError(t)
