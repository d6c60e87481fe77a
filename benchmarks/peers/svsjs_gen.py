"""Random f-puzzles JSON for the differential test against SudokuVariantSolverJS (SVSJS).

A puzzle is made in three steps, all from one ``random.Random``: a random full grid (rows,
columns, boxes or random irregular regions, and the global rules asked for: diagonals,
anti-knight, anti-king, disjoint groups, sometimes non-consecutive), then clues of each
asked type, then givens read off the grid and removed at random. In ``grid`` mode every
clue is read off the grid, so the puzzle has at least that solution; in ``random`` mode the
shapes are random and the numbers drawn at random, so "none" is tested too.

Each generator is named for the row of the table it feeds (mostly the f-puzzles field);
``TYPES`` lists them in order. A puzzle records the types it really holds (a generator that
finds no place for its clue in this grid adds nothing).

Fields the project reads that SVSJS does not know are never generated: SVSJS ignores an
unknown key silently, so its count would be of another puzzle (``slowthermometer``; ``cage``
is cosmetic for both). Within the fields both read, what is left out is said where it is.

>>> import random
>>> p = make_puzzle(random.Random(1), 4, ["thermometer"], "grid")
>>> p.data["size"], p.types
(4, ['thermometer'])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

#: Steps between cells a line may take (f-puzzles draws lines through king moves).
KING8 = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))
ORTHO = ((0, 1), (1, 0), (0, -1), (-1, 0))
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))

#: Box shape (rows, cols) of each size, as f-puzzles and SVSJS compute it.
BOX = {4: (2, 2), 6: (2, 3), 9: (3, 3)}


@dataclass
class Puzzle:
    """One generated puzzle: its f-puzzles JSON, the types it holds and its grid."""

    data: dict
    types: list
    solution: list
    mode: str


@dataclass
class Ctx:
    rng: random.Random
    n: int
    region: list            # region id of each cell
    sol: list               # the full grid, row-major values 1..n
    mode: str               # "grid" or "random"
    data: dict
    used: set = field(default_factory=set)  # types that added something

    @property
    def grid(self) -> bool:
        return self.mode == "grid"

    def name(self, cell: int) -> str:
        return f"R{cell // self.n + 1}C{cell % self.n + 1}"

    def names(self, cells) -> list:
        return [self.name(c) for c in cells]

    def add(self, key: str, entry: dict, kind: str) -> None:
        self.data.setdefault(key, []).append(entry)
        self.used.add(kind)

    def steps(self, cell: int, moves):
        n = self.n
        r, c = divmod(cell, n)
        for dr, dc in moves:
            if 0 <= r + dr < n and 0 <= c + dc < n:
                yield (r + dr) * n + c + dc

    def ortho_pairs(self):
        n = self.n
        for a in range(n * n):
            for b in self.steps(a, ((0, 1), (1, 0))):
                yield a, b


# -- geometry: regions and a full grid -------------------------------------------------------

def box_regions(n: int) -> list:
    br, bc = BOX[n]
    return [(i // n // br) * (n // bc) + (i % n) // bc for i in range(n * n)]


def jigsaw_regions(rng: random.Random, n: int) -> list:
    """Random irregular regions: the boxes, reshaped by swapping neighbouring cells between
    regions while every region stays connected."""
    region = box_regions(n)
    for _ in range(n * n * 3):
        a = rng.randrange(n * n)
        r, c = divmod(a, n)
        dr, dc = rng.choice(ORTHO)
        if not (0 <= r + dr < n and 0 <= c + dc < n):
            continue
        b = (r + dr) * n + c + dc
        if region[a] == region[b]:
            continue
        # a moves to b's region and some cell of b's region beside a's region moves back
        ra, rb = region[a], region[b]
        back = [x for x in range(n * n) if region[x] == rb and x != b and any(
            region[y] == ra for y in _around(n, x))]
        if not back:
            continue
        x = rng.choice(back)
        region[a], region[x] = rb, ra
        if not (_connected(n, region, ra) and _connected(n, region, rb)):
            region[a], region[x] = ra, rb
    return region


def _around(n, cell):
    r, c = divmod(cell, n)
    for dr, dc in ORTHO:
        if 0 <= r + dr < n and 0 <= c + dc < n:
            yield (r + dr) * n + c + dc


def _connected(n, region, k) -> bool:
    cells = [x for x in range(n * n) if region[x] == k]
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        x = todo.pop()
        for y in _around(n, x):
            if region[y] == k and y not in seen:
                seen.add(y)
                todo.append(y)
    return len(seen) == len(cells)


def houses_of(n: int, region: list, flags) -> list:
    """Every group of cells that must differ, for the grid generator."""
    rows = [list(range(r * n, r * n + n)) for r in range(n)]
    cols = [list(range(c, n * n, n)) for c in range(n)]
    regions = [[x for x in range(n * n) if region[x] == k] for k in sorted(set(region))]
    houses = rows + cols + regions
    if "diagonal+" in flags:
        houses.append([(n - 1 - i) * n + i for i in range(n)])
    if "diagonal-" in flags:
        houses.append([i * n + i for i in range(n)])
    if "disjointgroups" in flags:
        houses += [[reg[i] for reg in regions] for i in range(n)]
    return houses


def random_grid(rng, n, region, flags=(), ortho_forbid=None, max_nodes=3000):
    """A random full grid keeping the houses, the global rules in ``flags`` and, between
    orthogonal neighbours, ``ortho_forbid(a, b)`` never true; None when the search gives up."""
    peers = [set() for _ in range(n * n)]
    for h in houses_of(n, region, flags):
        for x in h:
            peers[x].update(y for y in h if y != x)
    ctx = Ctx(rng, n, region, [], "grid", {})
    for key, moves in (("antiknight", KNIGHT), ("antiking", DIAG)):
        if key in flags:
            for x in range(n * n):
                peers[x].update(ctx.steps(x, moves))
    ortho = [list(ctx.steps(x, ORTHO)) for x in range(n * n)]
    banned = {v: [w for w in range(1, n + 1) if ortho_forbid and ortho_forbid(v, w)] for v in range(1, n + 1)}
    block = [[0] * (n + 1) for _ in range(n * n)]  # block[x][v]: how many placed values forbid v at x
    grid = [0] * (n * n)
    nodes = [0]

    def mark(x, v, d):
        for y in peers[x]:
            block[y][v] += d
        for y in ortho[x]:
            for w in banned[v]:
                block[y][w] += d

    def search():
        nodes[0] += 1
        if nodes[0] > max_nodes:
            return False
        best, best_dom = None, None
        for x in range(n * n):
            if grid[x] == 0:
                d = [v for v in range(1, n + 1) if not block[x][v]]
                if best is None or len(d) < len(best_dom):
                    best, best_dom = x, d
                    if len(d) <= 1:
                        break
        if best is None:
            return True
        rng.shuffle(best_dom)
        for v in best_dom:
            grid[best] = v
            mark(best, v, 1)
            if search():
                return True
            mark(best, v, -1)
        grid[best] = 0
        return False

    return grid if search() else None


# -- lines: random walks through king moves ------------------------------------------------

def walk(ctx: Ctx, length: int, step_ok=None, ok=None, start=None, tries=300, read_off=False):
    """A random path of ``length`` distinct king-adjacent cells; in grid mode (or when
    ``read_off``) ``step_ok(vals, v)`` must hold for each next value and ``ok(vals)`` for the
    whole path. None if not found."""
    n, sol = ctx.n, ctx.sol
    check = ctx.grid or read_off
    for _ in range(tries):
        path = [ctx.rng.randrange(n * n) if start is None else start]
        while len(path) < length:
            nxt = [y for y in ctx.steps(path[-1], KING8) if y not in path and (
                not check or step_ok is None or step_ok([sol[x] for x in path], sol[y]))]
            if not nxt:
                break
            path.append(ctx.rng.choice(nxt))
        if len(path) == length and (not check or ok is None or ok([sol[x] for x in path])):
            return path
    return None


def line_type(key, step_ok=None, ok=None, lengths=(2, 6), value=None, read_off=False):
    """A generator of 1-3 lines of field ``key``; ``value(ctx)`` gives an entry's ``value``
    field (or None) and the step and path tests, for lines whose rule has a parameter;
    ``read_off``: lines read off the grid in random mode too."""
    def gen(ctx: Ctx):
        for _ in range(ctx.rng.randint(1, 3)):
            extra, s_ok, p_ok = {}, step_ok, ok
            if value is not None:
                written, s_ok, p_ok = value(ctx)
                if written is not None:
                    extra["value"] = str(written)
            lo, hi = lengths
            paths = []
            for _ in range(2 if ctx.rng.random() < 0.15 else 1):  # now and then two lines in one entry
                path = walk(ctx, ctx.rng.randint(lo, min(hi, ctx.n)), s_ok and (lambda vs, v: s_ok(ctx, vs, v)),
                            p_ok and (lambda vs: p_ok(ctx, vs)), read_off=read_off)
                if path:
                    paths.append(ctx.names(path))
            if paths:
                ctx.add(key, {"lines": paths, **extra}, key)
    return gen


def _increasing(ctx, vs, v):
    return v > vs[-1]


def _whisper_value(ctx):
    """Whispers: half the time no ``value`` (the default difference, ceil(n/2) in SVSJS and
    dclamage's C# solver), else an explicit difference 1..n-1."""
    if ctx.rng.random() < 0.5:
        d, written = (ctx.n + 1) // 2, None
    else:
        d = written = ctx.rng.randint(1, ctx.n - 1)
    return written, (lambda ctx, vs, v: abs(v - vs[-1]) >= d), None


def _renban_step(ctx, vs, v):
    return v not in vs and max(vs + [v]) - min(vs + [v]) < ctx.n


def _renban(ctx, vs):
    return len(set(vs)) == len(vs) and max(vs) - min(vs) == len(vs) - 1


def _palindrome(ctx, vs):
    return vs == vs[::-1]


def _between(ctx, vs):
    a, b = sorted((vs[0], vs[-1]))
    return all(a < v < b for v in vs[1:-1])


def _entropic_groups(n):
    """SVSJS's low / middle / high split of 1..n (the middle third takes the odd one)."""
    f, c = n // 3, -(-n // 3)
    low = f if 2 * f + c == n else c
    mid = c if 2 * f + c == n else f
    return [0] * low + [1] * mid + [2] * (n - low - mid)


def _entropic(ctx, vs):
    g = _entropic_groups(ctx.n)
    return all(len({g[v - 1] for v in vs[i:i + 3]}) == min(3, len(vs)) for i in range(max(1, len(vs) - 2)))


def _modular(ctx, vs):
    return all(len({v % 3 for v in vs[i:i + 3]}) == min(3, len(vs)) for i in range(max(1, len(vs) - 2)))


def _double_arrow(ctx, vs):
    return vs[0] + vs[-1] == sum(vs[1:-1])


def _zipper(ctx, vs):
    k = len(vs)
    sums = {vs[i] + vs[k - 1 - i] for i in range(k // 2)}
    if k % 2:
        sums.add(vs[k // 2])
    return len(sums) == 1


def region_sum_line(ctx: Ctx):
    for _ in range(ctx.rng.randint(1, 2)):
        for _ in range(20):
            path = walk(ctx, ctx.rng.randint(2, min(6, ctx.n)), tries=20)
            if not path:
                continue
            segs = []
            for x in path:
                if not segs or ctx.region[x] != ctx.region[segs[-1][-1]]:
                    segs.append([])
                segs[-1].append(x)
            if len(segs) < 2:
                continue
            if not ctx.grid or len({sum(ctx.sol[x] for x in s) for s in segs}) == 1:
                ctx.add("regionsumline", {"lines": [ctx.names(path)]}, "regionsumline")
                break


def arrow(ctx: Ctx):
    """Arrows with a one-cell bulb, and on 9x9 now and then a two-cell pill (a two-digit
    number, as both read it)."""
    n, rng, sol = ctx.n, ctx.rng, ctx.sol
    for _ in range(rng.randint(1, 3)):
        for _ in range(30):
            pill = n == 9 and rng.random() < 0.15
            bulb = [rng.randrange(n * n)]
            if pill:
                nxt = list(ctx.steps(bulb[0], ORTHO))
                bulb.append(rng.choice(nxt))
            target = sol[bulb[0]] * 10 + sol[bulb[1]] if pill else sol[bulb[0]]
            shafts = []
            for _ in range(2 if rng.random() < 0.15 else 1):  # now and then two shafts from one bulb
                length = rng.randint(1, 5 if pill else 3)
                path = walk(ctx, length + 1, step_ok=lambda vs, v: sum(vs[1:]) + v <= target,
                            ok=lambda vs: sum(vs[1:]) == target, start=bulb[-1], tries=30)
                if path and not set(path[1:]) & set(bulb) and not any(
                        set(ctx.names(path[1:])) & set(s[1:]) for s in shafts):
                    shafts.append(ctx.names(path))
            if shafts:
                ctx.add("arrow", {"cells": ctx.names(bulb), "lines": shafts}, "arrow")
                break


# -- cages, outside clues, single cells ------------------------------------------------------

def grow(ctx: Ctx, size: int, distinct: bool):
    """A random orthogonally connected set of cells (distinct values in grid mode if asked)."""
    n, sol = ctx.n, ctx.sol
    cells = [ctx.rng.randrange(n * n)]
    while len(cells) < size:
        frontier = sorted({y for x in cells for y in ctx.steps(x, ORTHO) if y not in cells and (
            not (distinct and ctx.grid) or sol[y] not in {sol[x] for x in cells})})
        if not frontier:
            break
        cells.append(ctx.rng.choice(frontier))
    return cells


def killercage(ctx: Ctx):
    """Cages of 1..5 cells, most with a sum (read off, or drawn near the possible range), some
    without (a cage whose values only differ). Never the sum 0: SVSJS reads a sum <= 0 as no
    sum, the project as an impossible sum, and no setter writes it."""
    n, rng = ctx.n, ctx.rng
    for _ in range(rng.randint(1, 4)):
        cells = grow(ctx, rng.randint(1, min(5, n)), True)
        entry = {"cells": ctx.names(cells)}
        if rng.random() < 0.85:
            k = len(cells)
            total = sum(ctx.sol[x] for x in cells) if ctx.grid else rng.randint(
                max(1, k * (k + 1) // 2 - 1), k * (2 * n - k + 1) // 2 + 1)
            entry["value"] = str(total)
        ctx.add("killercage", entry, "killercage")


def littlekillersum(ctx: Ctx):
    n, rng = ctx.n, ctx.rng
    for _ in range(rng.randint(1, 3)):
        direction = rng.choice(["UR", "UL", "DR", "DL"])
        dr, dc = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}[direction]
        # the clue sits outside, one step before the diagonal's first cell
        starts = [(r, c) for r in range(n) for c in range(n)
                  if not (0 <= r - dr < n and 0 <= c - dc < n)]
        r, c = rng.choice(starts)
        clue = f"R{r - dr + 1}C{c - dc + 1}"
        cells = []
        while 0 <= r < n and 0 <= c < n:
            cells.append(r * n + c)
            r, c = r + dr, c + dc
        total = sum(ctx.sol[x] for x in cells) if ctx.grid else rng.randint(1, len(cells) * n)
        ctx.add("littlekillersum", {"cell": clue, "direction": direction, "value": str(total),
                                    "cells": ctx.names(cells)}, "littlekillersum")


def outside_lines(n):
    """Every (clue cell, cells read from it) of the grid's outside."""
    for i in range(n):
        col = [r * n + i for r in range(n)]
        row = [i * n + c for c in range(n)]
        yield f"R0C{i + 1}", col
        yield f"R{n + 1}C{i + 1}", col[::-1]
        yield f"R{i + 1}C0", row
        yield f"R{i + 1}C{n + 1}", row[::-1]


def outside_type(key, read, draw):
    def gen(ctx: Ctx):
        clues = list(outside_lines(ctx.n))
        for clue, cells in ctx.rng.sample(clues, ctx.rng.randint(1, min(6, len(clues)))):
            vals = [ctx.sol[x] for x in cells]
            value = read(ctx.n, vals) if ctx.grid else draw(ctx.rng, ctx.n)
            ctx.add(key, {"cell": clue, "value": str(value)}, key)
    return gen


def _sandwich(n, vals):
    i, j = sorted((vals.index(1), vals.index(n)))
    return sum(vals[i + 1:j])


def _xsum(n, vals):
    return sum(vals[:vals[0]])


def _skyscraper(n, vals):
    seen, top = 0, 0
    for v in vals:
        if v > top:
            seen, top = seen + 1, v
    return seen


def single_type(key, test):
    def gen(ctx: Ctx):
        n = ctx.n
        cells = [x for x in range(n * n) if not ctx.grid or test(ctx.sol[x])]
        for x in ctx.rng.sample(cells, min(len(cells), ctx.rng.randint(1, 2 * n))):
            ctx.add(key, {"cell": ctx.name(x)}, key)
    return gen


def extreme_type(key, better):
    """Minimum / maximum cells: in grid mode a set of cells each better than every orthogonal
    neighbour outside the set (both read all of a puzzle's cells as one group)."""
    def gen(ctx: Ctx):
        n, sol = ctx.n, ctx.sol
        chosen = []
        for x in ctx.rng.sample(range(n * n), n * n):
            if len(chosen) >= ctx.rng.randint(1, n):
                break
            trial = chosen + [x]
            if not ctx.grid or all(better(sol[a], sol[b]) for a in trial
                                   for b in ctx.steps(a, ORTHO) if b not in trial):
                chosen = trial
        for x in chosen:
            ctx.add(key, {"cell": ctx.name(x)}, key)
    return gen


def pencilmarks(ctx: Ctx):
    """Given pencilmarks (f-puzzles' ``givenPencilMarks``) on a few cells without a given."""
    n, rng = ctx.n, ctx.rng
    for x in rng.sample(range(n * n), rng.randint(1, n)):
        marks = set(rng.sample(range(1, n + 1), rng.randint(1, n - 1)))
        if ctx.grid:
            marks.add(ctx.sol[x])
        ctx.data["grid"][x // n][x % n]["givenPencilMarks"] = sorted(marks)
        ctx.used.add("givenpencilmarks")


# -- dots and pairs ------------------------------------------------------------------------

def dot_type(key, holds, values):
    """Dots between orthogonal neighbours: ``values(ctx)`` gives (written value or None, the
    value meant); in grid mode only pairs where ``holds(a, b, value)``."""
    def gen(ctx: Ctx):
        pairs = list(ctx.ortho_pairs())
        for _ in range(ctx.rng.randint(1, 2 * ctx.n)):
            written, value = values(ctx)
            fit = [p for p in pairs if not ctx.grid or holds(ctx.sol[p[0]], ctx.sol[p[1]], value)]
            if not fit:
                continue
            a, b = ctx.rng.choice(fit)
            entry = {"cells": ctx.names((a, b))}
            if written is not None:
                entry["value"] = str(written)
            ctx.add(key, entry, key)
    return gen


def _difference_value(ctx):
    if ctx.rng.random() < 0.7:
        return None, 1
    d = ctx.rng.randint(1, ctx.n - 1)
    return d, d


def _ratio_value(ctx):
    if ctx.rng.random() < 0.7:
        return None, 2
    k = ctx.rng.randint(2, max(2, ctx.n // 2))
    return k, k


def _xv_value(ctx):
    x = ctx.rng.random() < 0.5
    return ("X" if x else "V"), (10 if x else 5)


def marked(ctx: Ctx, keys) -> set:
    """The pairs of cells joined by a dot of one of the fields ``keys``."""
    out = set()
    for key in keys:
        for e in ctx.data.get(key, ()):
            out.add(frozenset(e["cells"]))
    return out


def negative_type(kind, flag_set, key, keys, bad, written):
    """A negative rule (nonconsecutive, negative ratio, negative xv): the flag, and in grid
    mode a mark (``key`` with ``written(a, b)``) on every unmarked pair where ``bad(a, b)``,
    so the grid stays a solution. Runs after the other types (it reads their dots)."""
    def gen(ctx: Ctx):
        flag_set(ctx.data)
        ctx.used.add(kind)
        if not ctx.grid:
            return
        done = marked(ctx, keys)
        for a, b in ctx.ortho_pairs():
            x, y = ctx.sol[a], ctx.sol[b]
            if frozenset(ctx.names((a, b))) not in done and bad(x, y):
                entry = {"cells": ctx.names((a, b))}
                w = written(x, y)
                if w is not None:
                    entry["value"] = w
                ctx.data.setdefault(key, []).append(entry)
    return gen


def _flag(name):
    def set_flag(data):
        data[name] = True
    return set_flag


def _negative(name):
    def set_flag(data):
        data.setdefault("negative", []).append(name)
    return set_flag


def quadruple(ctx: Ctx):
    n, rng = ctx.n, ctx.rng
    for _ in range(rng.randint(1, 3)):
        r, c = rng.randrange(n - 1), rng.randrange(n - 1)
        cells = [r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1]
        k = rng.randint(1, 4)
        values = rng.sample([ctx.sol[x] for x in cells], k) if ctx.grid else [
            rng.randint(1, n) for _ in range(k)]
        ctx.add("quadruple", {"cells": ctx.names(cells), "values": sorted(values)}, "quadruple")


def clone(ctx: Ctx):
    """Two same-shaped groups of cells (a shift of one another) with equal values."""
    n, rng, sol = ctx.n, ctx.rng, ctx.sol
    shapes = [[(0, 0)], [(0, 0), (0, 1)], [(0, 0), (1, 0)], [(0, 0), (0, 1), (1, 0)],
              [(0, 0), (0, 1), (1, 1)]]
    for _ in range(rng.randint(1, 2)):
        shape = rng.choice(shapes)
        places = [(r, c) for r in range(n) for c in range(n)
                  if all(r + dr < n and c + dc < n for dr, dc in shape)]
        cells_at = {p: [(p[0] + dr) * n + p[1] + dc for dr, dc in shape] for p in places}
        pairs = [(p, q) for p in places for q in places if p < q and not set(cells_at[p]) & set(cells_at[q])
                 and (not ctx.grid or [sol[x] for x in cells_at[p]] == [sol[x] for x in cells_at[q]])]
        if pairs:
            p, q = rng.choice(pairs)
            ctx.add("clone", {"cells": ctx.names(cells_at[p]), "cloneCells": ctx.names(cells_at[q])}, "clone")


def extraregion(ctx: Ctx):
    for _ in range(ctx.rng.randint(1, 2)):
        cells = grow(ctx, ctx.rng.randint(2, ctx.n), True)
        ctx.add("extraregion", {"cells": ctx.names(cells)}, "extraregion")


def givens_only(ctx: Ctx):
    ctx.used.add("givens")


def regions_type(ctx: Ctx):
    ctx.used.add("region")  # the regions themselves are written by make_puzzle


#: Global rules the grid itself keeps (in grid mode).
GRID_FLAGS = ("diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups")


def flag_type(name):
    def gen(ctx: Ctx):
        ctx.data[name] = True
        ctx.used.add(name)
    return gen


_renban_type = line_type("renban", _renban_step, _renban)
_entropic_lines = line_type("entropicline", ok=_entropic, lengths=(2, 7))


def _entropic_type(ctx: Ctx):
    """Entropic lines on 6x6 and 9x9 only: on 4x4 the project refuses them (1..4 has no three
    equal thirds; SVSJS's split 1 / 2-3 / 4 is its own, ISS and dclamage's C# take 1..9 only)."""
    if ctx.n % 3 == 0:
        _entropic_lines(ctx)
_modular_type = line_type("modularline", ok=_modular, lengths=(2, 7))  # never a value: SVSJS takes mod 3 only

#: Generator name -> function(ctx); the names are the table's rows.
TYPES = {
    "givens": givens_only,
    "region": regions_type,
    "givenpencilmarks": pencilmarks,
    "killercage": killercage,
    "littlekillersum": littlekillersum,
    "sandwichsum": outside_type("sandwichsum", _sandwich, lambda rng, n: rng.randint(0, n * (n - 1) // 2 - 1)),
    "xsum": outside_type("xsum", _xsum, lambda rng, n: rng.randint(1, n * (n + 1) // 2)),
    "skyscraper": outside_type("skyscraper", _skyscraper, lambda rng, n: rng.randint(1, n)),
    "odd": single_type("odd", lambda v: v % 2 == 1),
    "even": single_type("even", lambda v: v % 2 == 0),
    "minimum": extreme_type("minimum", lambda a, b: a < b),
    "maximum": extreme_type("maximum", lambda a, b: a > b),
    "difference": dot_type("difference", lambda a, b, d: abs(a - b) == d, _difference_value),
    "ratio": dot_type("ratio", lambda a, b, k: a == k * b or b == k * a, _ratio_value),
    "xv": dot_type("xv", lambda a, b, s: a + b == s, _xv_value),
    "quadruple": quadruple,
    "clone": clone,
    "extraregion": extraregion,
    "diagonal+": flag_type("diagonal+"),
    "diagonal-": flag_type("diagonal-"),
    "antiknight": flag_type("antiknight"),
    "antiking": flag_type("antiking"),
    "disjointgroups": flag_type("disjointgroups"),
    "thermometer": line_type("thermometer", _increasing, None, (2, 6)),
    "arrow": arrow,
    "whispers": line_type("whispers", value=_whisper_value, lengths=(2, 6)),
    "renban": _renban_type,
    "palindrome": line_type("palindrome", ok=_palindrome, lengths=(2, 5)),
    # read off the grid in random mode too: SVSJS checks a between line only in its logical
    # steps (BetweenLineConstraint has no enforce, and sits in an OrConstraint whose subboards
    # get the line's weak links from that step), so a board its search completes by singles
    # first is never held to the line: on random lines it calls "unique" a grid breaking one
    # (18 of 300 between-line puzzles, all random ones whose answer is none)
    "betweenline": line_type("betweenline", ok=_between, lengths=(3, 6), read_off=True),
    "regionsumline": region_sum_line,
    "entropicline": _entropic_type,
    "modularline": _modular_type,
    # never two cells: SVSJS drops a double arrow without a middle, ours says its ends sum to
    # an empty middle (no solution); no setter draws one
    "doublearrow": line_type("doublearrow", ok=_double_arrow, lengths=(3, 6)),
    "zipperline": line_type("zipperline", ok=_zipper, lengths=(3, 7)),
    # the negative rules read the other types' dots, so they run last (see NEGATIVE)
    "nonconsecutive": negative_type("nonconsecutive", _flag("nonconsecutive"), "difference",
                                    ("difference", "ratio"), lambda a, b: abs(a - b) == 1, lambda a, b: None),
    "negative-ratio": negative_type("negative-ratio", _negative("ratio"), "ratio", ("difference", "ratio"),
                                    lambda a, b: a == 2 * b or b == 2 * a, lambda a, b: None),
    "negative-xv": negative_type("negative-xv", _negative("xv"), "xv", ("xv",),
                                 lambda a, b: a + b in (5, 10), lambda a, b: "X" if a + b == 10 else "V"),
}
# issue 37: dclamage's nabner lines (values pairwise 2 or more apart). Up to 4 cells: a line
# of (n - 1) / 2 + 1 cells (5 on 9x9) SVSJS's NabnerConstraint.ts reads as "odd values" only,
# with no pair ruled, so two cells sharing no house may repeat a value (dclamage's C#
# solver rules every pair, as we do; seed 39 found it: test_variants_dclamage); longer
# ones SVSJS calls invalid, as the rule does.
TYPES["nabner"] = line_type("nabner", lambda ctx, vs, v: all(abs(v - w) >= 2 for w in vs),
                            lengths=(2, 4))
NEGATIVE = ("nonconsecutive", "negative-ratio", "negative-xv")

#: What the grid generator is asked to keep for each negative rule, half of the time (else
#: the rule's marks are added wherever the grid breaks it).
_FORBID = {"nonconsecutive": lambda a, b: abs(a - b) == 1,
           "negative-ratio": lambda a, b: a == 2 * b or b == 2 * a,
           "negative-xv": lambda a, b: a + b in (5, 10)}


def _lined(n, region) -> bool:
    """True when some region is a whole row or column."""
    lines = [set(range(r * n, r * n + n)) for r in range(n)] + [set(range(c, n * n, n)) for c in range(n)]
    return any({x for x in range(n * n) if region[x] == k} in lines for k in set(region))


def _jigsaw(rng, n, types):
    """Random regions; with disjoint groups never one that is a whole row or column: SVSJS
    drops such a region as a copy of the row, then DisjointGroupsConstraint.ts finds fewer
    regions than the size and throws ("requires the same number of regions as the board
    size"; 4 of 2000 puzzles, all 4x4)."""
    while True:
        region = jigsaw_regions(rng, n)
        if "disjointgroups" not in types or not _lined(n, region):
            return region


def make_puzzle(rng: random.Random, n: int, types, mode: str) -> Puzzle:
    """A random puzzle of size ``n`` holding (as far as the grid allows) each of ``types``."""
    types = list(types)
    region = _jigsaw(rng, n, types) if "region" in types else box_regions(n)
    flags = [t for t in types if t in GRID_FLAGS] if mode == "grid" else []
    forbids = [_FORBID[t] for t in types if t in _FORBID and mode == "grid" and rng.random() < 0.5]
    forbid = (lambda a, b: any(f(a, b) for f in forbids)) if forbids else None
    sol = None
    for attempt in range(12):
        if attempt == 6:
            forbid = None
        if attempt == 9 and "region" in types:
            region = box_regions(n)
        if attempt >= 10:
            flags = flags[:-1]
        sol = random_grid(rng, n, region, flags, forbid)
        if sol:
            break
        if "region" in types and attempt < 9:
            region = _jigsaw(rng, n, types)
    if sol is None:
        sol = random_grid(rng, n, box_regions(n), ())
        region = box_regions(n)
    data = {"size": n, "grid": [[{} for _ in range(n)] for _ in range(n)]}
    if region != box_regions(n) or "region" in types:
        for x in range(n * n):
            data["grid"][x // n][x % n]["region"] = region[x]
    ctx = Ctx(rng, n, region, sol, mode, data)
    for t in sorted(types, key=lambda t: t in NEGATIVE):
        TYPES[t](ctx)
    # givens read off the grid, then removed at random
    keep = rng.uniform(0.0, 0.55) if types != ["givens"] else rng.uniform(0.25, 0.6)
    for x in range(n * n):
        if rng.random() < keep:
            cell = data["grid"][x // n][x % n]
            cell.pop("givenPencilMarks", None)
            cell.update({"value": sol[x], "given": True})
    return Puzzle(data, [t for t in types if t in ctx.used], sol, mode)
