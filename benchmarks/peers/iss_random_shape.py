"""Random ISS puzzles on non-square grids (``Shape~4x6``, issue 37) for ``diff_iss.py``.

A random full grid of the shape (rows and columns distinct, ISS's boxes of max(R, C) cells
when a box shape tiles it and the layout keeps them, the chosen global rules), then clues
read off it (honest, or now and then a wrong one), then givens. The types: those the
project reads on a non-square grid (``TYPES``); sandwich and X-sum clues only on lines
that hold every value (a shorter line may miss the values they count from).

>>> s = puzzle_string("1:0", shapes=("4x6",))
>>> s.startswith(".Shape~4x6")
True
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from sudoku_cp.variants.iss_shape import boxes as iss_boxes  # noqa: E402

LINES = ("Thermo", "Whisper", "Renban", "Arrow", "Cage")
DOTS = ("WhiteDot", "BlackDot", "X", "V", "GreaterThan")
OUTSIDE = ("Skyscraper", "Sandwich", "XSum")
GLOBALS = ("AntiKnight", "AntiKing", "AntiConsecutive")
OTHER = ("Indexing",)
TYPES = LINES + DOTS + OUTSIDE + GLOBALS + OTHER
SHAPES = ("4x6", "6x4", "6x8", "6x9", "4x5", "3x5")

ORTHO = ((0, 1), (1, 0), (0, -1), (-1, 0))
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
KING = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def cell_id(w, cell):
    r, c = divmod(cell, w)
    return f"R{'0123456789abcdefg'[r + 1]}C{'0123456789abcdefg'[c + 1]}"


class Shape:
    def __init__(self, rng, spec):
        self.raw = spec.startswith("raw")  # ISS's Raw grid type: no houses at all
        self.rows, self.cols = map(int, spec.removeprefix("raw").split("x"))
        self.cells = self.rows * self.cols
        k = max(self.rows, self.cols)
        self.lo = rng.choice((1, 1, 0))
        self.hi = self.lo + k - 1
        if self.raw:  # (fewer values than a side: a raw grid needs no full house)
            self.hi = self.lo + rng.randint(2, k) - 1
        rng_slot = f"{self.lo}-{self.hi}" if self.lo == 0 or self.raw else ""
        self.items = [f"Shape~{self.rows}x{self.cols}" + (f"~{rng_slot}" if rng_slot else "")
                      + ("~Raw" if self.raw else "")]
        w = self.cols
        self.lines = ([tuple(range(r * w, r * w + w)) for r in range(self.rows)]
                      + [tuple(range(c, self.cells, w)) for c in range(w)])
        self.boxes = [] if self.raw else list(iss_boxes(self.rows, self.cols, k))
        if self.raw:
            self.lines = []
        if self.boxes and rng.random() < 0.3:
            self.items.append("NoBoxes")
            self.boxes = []

    def steps(self, cell, steps):
        r, c = divmod(cell, self.cols)
        return [(r + dr) * self.cols + c + dc for dr, dc in steps
                if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols]

    def name(self, cell):
        return cell_id(self.cols, cell)


def fill(rng, geo, pairs):
    """A random full grid of ``geo`` keeping its houses and ``pairs`` (a, b, ok), or None."""
    from pysat.card import CardEnc, EncType
    from pysat.solvers import Solver

    values = list(range(geo.lo, geo.hi + 1))
    k = len(values)
    var = lambda cell, i: cell * k + i + 1  # noqa: E731
    clauses, top = [], geo.cells * k
    for cell in range(geo.cells):
        group = [var(cell, i) for i in range(k)]
        clauses.append(group)
        enc = CardEnc.atmost(group, 1, top_id=top, encoding=EncType.seqcounter)
        top, clauses = max(top, enc.nv), clauses + enc.clauses
    for h in geo.lines + geo.boxes:
        for i in range(k):
            enc = CardEnc.atmost([var(c, i) for c in h], 1, top_id=top, encoding=EncType.seqcounter)
            top, clauses = max(top, enc.nv), clauses + enc.clauses
    for a, b, ok in pairs:
        for i, x in enumerate(values):
            for j, y in enumerate(values):
                if not ok(x, y):
                    clauses.append([-var(a, i), -var(b, j)])
    with Solver(name="minisat22", bootstrap_with=clauses) as s:
        s.set_phases([v if rng.random() < 1 / k else -v for v in range(1, geo.cells * k + 1)])
        s.conf_budget(20000)
        if not s.solve_limited():
            return None
        model = {x for x in s.get_model() if x > 0}
    return [next(values[i] for i in range(k) if var(c, i) in model) for c in range(geo.cells)]


def _path(rng, geo, length, steps=ORTHO):
    path = [rng.randrange(geo.cells)]
    while len(path) < length:
        nxt = [y for y in geo.steps(path[-1], steps) if y not in path]
        if not nxt:
            break
        path.append(rng.choice(nxt))
    return path


def _line(rng, geo, grid, t, honest):
    p = _path(rng, geo, rng.randint(2, 5))
    v = [grid[x] for x in p]
    names = "~".join(geo.name(x) for x in p)
    if t == "Cage":
        total = sum(v) if honest and len(set(v)) == len(v) else rng.randint(1, max(1, geo.hi * len(p)))
        return [f"Cage~{total}~{names}"] if len(set(p)) == len(p) else []
    if t == "Arrow":
        return [f"Arrow~{names}"] if honest is False or v[0] == sum(v[1:]) else []
    if t == "Thermo":
        if v == sorted(v)[::-1]:
            p = p[::-1]
        ok = all(grid[a] < grid[b] for a, b in zip(p, p[1:]))
        return [f"Thermo~{'~'.join(geo.name(x) for x in p)}"] if ok or not honest else []
    if t == "Whisper":
        d = min(abs(a - b) for a, b in zip(v, v[1:])) if honest else rng.randint(1, 4)
        return [f"Whisper~{d}~{names}"] if d else []
    if t == "Renban":
        ok = len(set(v)) == len(v) and max(v) - min(v) == len(v) - 1
        return [f"Renban~{names}"] if ok or not honest else []
    return []


def _dot(rng, geo, grid, t, honest):
    a = rng.randrange(geo.cells)
    b = rng.choice(geo.steps(a, ORTHO))
    x, y = grid[a], grid[b]
    ok = {"WhiteDot": abs(x - y) == 1, "BlackDot": x == 2 * y or y == 2 * x,
          "X": x + y == 10, "V": x + y == 5, "GreaterThan": x > y}[t]
    return [f"{t}~{geo.name(a)}~{geo.name(b)}"] if ok or not honest else []


def _outside(rng, geo, grid, t, honest):
    k = rng.randrange(len(geo.lines))
    cells = geo.lines[k]
    name = f"R{k + 1}" if k < geo.rows else f"C{k - geo.rows + 1}"
    full = len(cells) == geo.hi - geo.lo + 1
    if not geo.lines:
        return []
    if t in ("Sandwich", "XSum") and not full or t == "Sandwich" and geo.lo == 0:
        return []  # (ISS's sandwich under values from 0 is not self-consistent: iss_random.allowed)
    v = [grid[x] for x in cells]
    if t == "Sandwich":
        i, j = sorted((v.index(geo.lo), v.index(geo.hi)))
        return [f"Sandwich~{sum(v[i + 1:j]) if honest else rng.randint(0, 20)}~{name}"]
    if t == "XSum":
        total = sum(v[:v[0]]) if honest and v[0] >= 1 else rng.randint(1, 30)
        return [f"XSum~{name}~{total}~"]
    seen, top = 0, None
    for x in v:
        if top is None or x > top:
            seen, top = seen + 1, x
    return [f"Skyscraper~{name}~{seen if honest else rng.randint(1, len(cells))}~"]


def _indexing(rng, geo, grid, honest):
    kind = rng.choice("RC")
    cells = rng.sample(range(geo.cells), rng.randint(1, 3))
    keep = []
    for x in cells:
        r, c = divmod(x, geo.cols)
        line = [c + i * geo.cols for i in range(geo.rows)] if kind == "R" else \
            [r * geo.cols + i for i in range(geo.cols)]
        k = grid[x]
        if not honest or (1 <= k <= len(line) and grid[line[k - 1]] == (r + 1 if kind == "R" else c + 1)):
            keep.append(x)
    return [f"Indexing~{kind}~" + "~".join(geo.name(x) for x in keep)] if keep else []


def puzzle(seed, *, types=None, shapes=SHAPES):
    """The ISS string of ``seed`` (None when the filler gave up)."""
    rng = random.Random(f"iss-shape-{seed}")
    geo = Shape(rng, rng.choice(shapes))
    pool = list(types or TYPES)
    if geo.raw:  # (ISS takes outside clues, anti-knight, anti-king, indexing on Sudoku grids only)
        pool = [t for t in pool if t in LINES + DOTS + ("AntiConsecutive",)] or ["Cage"]
    chosen = rng.sample(pool, min(len(pool), rng.randint(1, 3)))
    pairs = []
    for g in chosen:
        steps, ok = {"AntiKnight": (KNIGHT, lambda x, y: x != y),
                     "AntiKing": (KING, lambda x, y: x != y),
                     "AntiConsecutive": (ORTHO, lambda x, y: abs(x - y) != 1)}.get(g, ((), None))
        pairs += [(a, b, ok) for a in range(geo.cells) for b in geo.steps(a, steps) if a < b]
    grid = fill(rng, geo, pairs)
    if grid is None:
        return None
    honest = rng.random() < 0.8
    items = list(geo.items)
    for t in chosen:
        if t in GLOBALS:
            items.append(t)
            continue
        for _ in range(rng.randint(1, 3)):
            if t in LINES:
                items += _line(rng, geo, grid, t, honest)
            elif t in DOTS:
                items += _dot(rng, geo, grid, t, honest)
            elif t in OUTSIDE:
                items += _outside(rng, geo, grid, t, honest)
            else:
                items += _indexing(rng, geo, grid, honest)
    rate = rng.choice((0.0, 0.2, 0.35, 0.5, 0.6))
    givens = [f"{geo.name(x)}_{grid[x]}" for x in range(geo.cells) if rng.random() < rate]
    if givens:
        items.append("~" + "~".join(givens))
    return "." + ".".join(items)


def retried(make, seed, **kw) -> str:
    """``make(seed, **kw)``, retried with the next sub-seed when the filler gives up (a
    generator's string, or nothing): every seed gives a string."""
    for k in range(20):
        s = make(f"{seed}.{k}" if k else seed, **kw)
        if s:
            return s
    raise RuntimeError(f"no puzzle for seed {seed}")


def puzzle_string(seed, **kw):
    """``puzzle(seed)``, retried with the next sub-seed when the filler gives up."""
    return retried(puzzle, seed, **kw)
