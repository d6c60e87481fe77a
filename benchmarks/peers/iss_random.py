"""Random ISS constraint strings for differential testing against sigh's Interactive Sudoku
Solver: every type the project reads from ISS strings, on 4x4, 6x6 and 9x9 grids, with value
ranges 1..n, 0..n-1 and n+1 values, with boxes, without (``NoBoxes``), with a ``Jigsaw`` layout
with and without ``NoBoxes``; each type alone or mixed.

A puzzle starts from a random full grid that obeys the geometry and the chosen global rules (a
small randomized search written here, sharing no code with the project). Most clues are read off
that grid, so a solution exists; some are drawn at random ("none" must be tested too); then some
of the grid's cells are given. Everything is drawn from ``random.Random(seed)``: the same seed
gives the same string.

This module knows ISS's *syntax* only; what each clue means is for ISS and the project to say.
The predicates below choose clues a grid satisfies under the obvious reading; where that reading
is not ISS's, the puzzle is still a valid test (ISS and the project must agree on it all the same).

>>> s = puzzle_string(7, types=("Thermo",))
>>> s.startswith(".Shape~") and ".Thermo~" in s
True
>>> puzzle_string(7, types=("Thermo",)) == s
True
"""

from __future__ import annotations

import random

import iss_random_chaos  # (issue 37: clues on a chaos construction's regions)
import iss_random_sets  # (issue 37, second batch: sets, ranks, doppelganger; RegionSize...)
import iss_random_more  # (on request: cages, contents, indexing, pairs: iss_random_more.ON_REQUEST)
import iss_random_sums  # (on request: Sum, SumLine, Lunchbox, CountingCircles)

#: Global rules: they shape the full grid (the filler obeys them).
GLOBALS = ("Diagonal", "AntiKnight", "AntiKing", "AntiConsecutive", "DisjointSets", "Windoku",
           "StrictKropki", "StrictXV")
#: Line types read off a path of cells.
LINES = ("Thermo", "Whisper", "Renban", "Palindrome", "Between", "Lockout", "RegionSumLine",
         "Zipper", "Entropic", "Modular", "Arrow", "PillArrow", "DoubleArrow")
#: Dot-like types on orthogonally adjacent cells.
DOTS = ("WhiteDot", "BlackDot", "X", "V", "GreaterThan")
OUTSIDE = ("LittleKiller", "Sandwich", "XSum", "Skyscraper")
OTHER = ("Cage", "Quad")
#: Sequences and composites (issue 37): regexes and NFAs read off a grid's path, an Or of two
#: clues (one of them maybe an And), a Replicate of one clue onto shifted targets.
SEQUENCES = ("Regex", "NFA", "Or", "Replicate")
#: Chaos construction (issue 37): the regions are unknowns, so it shapes no grid; 4x4 and 6x6
#: only (ISS's count to two is quick there), n values (regions of n cells).
CHAOS = ("ChaosConstruction",) + iss_random_chaos.CLUES
#: Every type generated (besides givens, Shape, NoBoxes and Jigsaw, which every puzzle varies).
TYPES = LINES + DOTS + OUTSIDE + OTHER + GLOBALS + SEQUENCES + iss_random_sets.SETS + CHAOS
#: Generators of types drawn only when ``--types`` names them (``ON_REQUEST``, ``allowed``, ``clue``).
EXTRA = (iss_random_sums, iss_random_more)
#: Layouts: how the houses besides rows and columns are chosen.
LAYOUTS = ("boxes", "noboxes", "jigsaw", "jigsaw+boxes")

KING8 = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
ORTHO4 = [(0, 1), (1, 0), (0, -1), (-1, 0)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def cell_id(n, cell):
    """ISS's name of a cell: ``R<row>C<col>``, 1-based, in base 17 past 9 (``g`` is 16)."""
    r, c = divmod(cell, n)
    return f"R{_b17(r + 1)}C{_b17(c + 1)}"


def _b17(k):
    return "0123456789abcdefg"[k]


#: The square sides the generator draws, each with its boxes' height (``--sizes`` of
#: ``diff_iss.py`` refuses others by name).
BOX_ROWS = {4: 2, 6: 2, 9: 3}


class Geometry:
    """A grid's size, values and houses; ``items`` are its ISS items (Shape, NoBoxes, Jigsaw)."""

    def __init__(self, rng, n, lo, extra_values, layout):
        self.n, self.lo = n, lo
        self.num_values = n + extra_values
        self.hi = lo + self.num_values - 1
        self.layout = layout
        br = BOX_ROWS[n]
        bc = n // br
        rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
        cols = [tuple(range(c, n * n, n)) for c in range(n)]
        self.boxes = [] if "boxes" not in layout or layout == "noboxes" else [
            tuple((R * br + i) * n + C * bc + j for i in range(br) for j in range(bc))
            for R in range(n // br) for C in range(n // bc)]
        self.jigsaw = random_regions(rng, n) if layout.startswith("jigsaw") else None
        self.houses = rows + cols + self.boxes + (self.jigsaw or [])
        spec = f"{n}x{n}"
        if lo == 0:
            spec += f"~0-{self.hi}"
        elif extra_values:
            spec += f"~{self.num_values}"
        self.items = [f"Shape~{spec}"]
        if layout in ("noboxes", "jigsaw"):
            self.items.append("NoBoxes")
        if self.jigsaw:
            region_of = [0] * (n * n)
            for k, region in enumerate(self.jigsaw):
                for x in region:
                    region_of[x] = k
            self.items.append("Jigsaw~" + "".join(_b17(k) for k in region_of))

    def steps(self, cell, steps):
        n = self.n
        r, c = divmod(cell, n)
        return [(r + dr) * n + c + dc for dr, dc in steps if 0 <= r + dr < n and 0 <= c + dc < n]

    def regions(self):
        """The regions a region-sum line's segments follow: boxes, else jigsaw regions."""
        return self.boxes or self.jigsaw or []


def random_regions(rng, n, swaps=None):
    """``n`` connected regions of ``n`` cells each: the boxes (or rows), then many random
    swaps of two border cells between neighbouring regions that keep both connected."""
    br = BOX_ROWS.get(n)
    owner = [((x // n) // br) * (n // (n // br)) + (x % n) // (n // br) for x in range(n * n)] \
        if br else [x // n for x in range(n * n)]
    for _ in range(swaps or 6 * n * n):
        x = rng.randrange(n * n)
        others = [y for y in _orth(n, x) if owner[y] != owner[x]]
        if not others:
            continue
        b, a = owner[rng.choice(others)], owner[x]
        back = [y for y in range(n * n) if owner[y] == b
                and any(owner[z] == a for z in _orth(n, y))]
        y = rng.choice(back)
        owner[x], owner[y] = b, a
        if not (_connected(n, owner, a) and _connected(n, owner, b)):
            owner[x], owner[y] = a, b
    return [tuple(x for x in range(n * n) if owner[x] == k) for k in range(n)]


def _connected(n, owner, k):
    cells = [x for x in range(n * n) if owner[x] == k]
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        for y in _orth(n, todo.pop()):
            if owner[y] == k and y not in seen:
                seen.add(y)
                todo.append(y)
    return len(seen) == len(cells)


def _orth(n, x):
    r, c = divmod(x, n)
    return [(r + dr) * n + c + dc for dr, dc in ORTHO4 if 0 <= r + dr < n and 0 <= c + dc < n]


# -- the full grid ------------------------------------------------------------------------

def global_houses(geo, rule):
    n = geo.n
    if rule == "Diagonal+":
        return [tuple((n - 1 - i) * n + i for i in range(n))]
    if rule == "Diagonal-":
        return [tuple(i * n + i for i in range(n))]
    if rule == "DisjointSets":  # ISS's sets follow the box shape, boxes or not
        br = BOX_ROWS[n]
        bc = n // br
        boxes = [[(R * br + i) * n + C * bc + j for i in range(br) for j in range(bc)]
                 for R in range(n // br) for C in range(n // bc)]
        return [tuple(box[i] for box in boxes) for i in range(n)]
    if rule == "Windoku":  # windows of the box's shape, one cell in and one apart
        br = BOX_ROWS[n]
        bc = n // br
        return [tuple((r0 + i) * n + c0 + j for i in range(br) for j in range(bc))
                for r0 in range(1, n - br, br + 1) for c0 in range(1, n - bc, bc + 1)]
    return []


def global_pairs(geo, rule):
    """(a, b, ok) for the rules that relate pairs of cells."""
    n = geo.n
    if rule in ("AntiKnight", "AntiKing"):
        steps = KNIGHT if rule == "AntiKnight" else [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        return [(a, b, _neq) for a in range(n * n) for b in geo.steps(a, steps) if a < b]
    if rule == "AntiConsecutive":
        return [(a, b, _nonconsec) for a in range(n * n) for b in geo.steps(a, ORTHO4) if a < b]
    return iss_random_more.global_pairs(geo, rule) if rule in iss_random_more.GLOBAL else []


def _neq(x, y):
    return x != y


def _nonconsec(x, y):
    return abs(x - y) != 1


def fill(rng, geo, houses, pairs):
    """A random full grid: every house distinct, every pair ``ok``; None if there is none.

    A small CNF of its own (one Boolean per cell and value; at most one value per house; each
    pair's forbidden value pairs), solved by MiniSat with random phases, so that each seed
    gives a different grid."""
    from pysat.card import CardEnc, EncType
    from pysat.solvers import Solver

    n2 = geo.n * geo.n
    values = list(range(geo.lo, geo.hi + 1))
    k = len(values)

    def var(cell, i):
        return cell * k + i + 1

    clauses = []
    top = n2 * k
    for cell in range(n2):
        clauses.append([var(cell, i) for i in range(k)])
    for h in list(houses) + [[c] for c in range(n2)]:
        lits = [[var(c, i) for c in h] for i in range(k)] if len(h) > 1 else \
            [[var(h[0], i) for i in range(k)]]
        for group in lits:
            enc = CardEnc.atmost(group, 1, top_id=top, encoding=EncType.seqcounter)
            top = max(top, enc.nv)
            clauses += enc.clauses
    for a, b, ok in pairs:
        for i, x in enumerate(values):
            for j, y in enumerate(values):
                if not ok(x, y):
                    clauses.append([-var(a, i), -var(b, j)])
    with Solver(name="minisat22", bootstrap_with=clauses) as s:
        s.set_phases([v if rng.random() < 1 / k else -v for v in range(1, n2 * k + 1)])
        s.conf_budget(20000)
        if not s.solve_limited():
            return None  # none, or too hard to find at once: the caller draws another
        model = set(x for x in s.get_model() if x > 0)
    return [next(values[i] for i in range(k) if var(c, i) in model) for c in range(n2)]


# -- clues --------------------------------------------------------------------------------

def find_path(rng, geo, grid, start, length, steps, ok, budget=300):
    """A path of ``length`` distinct cells from ``start`` (each a ``steps`` move from the
    last) whose values satisfy ``ok(values_so_far, final)``; None when the budget runs out."""
    count = [0]

    def walk(path):
        count[0] += 1
        if count[0] > budget:
            return None
        vals = [grid[x] for x in path] if grid else None
        if not ok(vals, path, len(path) == length):
            return None
        if len(path) == length:
            return path
        nxt = [y for y in geo.steps(path[-1], steps) if y not in path]
        rng.shuffle(nxt)
        for y in nxt:
            got = walk(path + [y])
            if got:
                return got
        return None

    return walk([start])


def _any(vals, path, final):
    return True


def line_rule(name, geo, arg):
    """The obvious reading of a line type as a predicate on (values so far, path, final)."""
    lo, hi = geo.lo, geo.hi

    def inc(v, p, f):
        return all(a < b for a, b in zip(v, v[1:]))

    def whisper(v, p, f):
        return all(abs(a - b) >= arg for a, b in zip(v, v[1:]))

    def renban(v, p, f):
        return len(set(v)) == len(v) and max(v) - min(v) < (arg if f else 99) and (
            not f or max(v) - min(v) == len(v) - 1)

    def pal(v, p, f):
        return not f or v == v[::-1]

    def between(v, p, f):
        if not f:
            return True
        a, b = sorted((v[0], v[-1]))
        return all(a < x < b for x in v[1:-1])

    def lockout(v, p, f):
        if not f:
            return True
        a, b = sorted((v[0], v[-1]))
        return b - a >= arg and all(x < a or x > b for x in v[1:-1])

    def zipper(v, p, f):
        if not f:
            return True
        k = len(v)
        target = v[k // 2] if k % 2 else v[k // 2 - 1] + v[k // 2]
        return all(v[i] + v[k - 1 - i] == target for i in range(k // 2))

    def entropic(v, p, f):
        return all(len({(x - 1) // 3 for x in v[i:i + 3]}) == len(v[i:i + 3]) for i in range(len(v)))

    def modular(v, p, f):
        return all(len({x % arg for x in v[i:i + arg]}) == len(v[i:i + arg]) for i in range(len(v)))

    def arrow(v, p, f):
        return sum(v[1:]) <= v[0] and (not f or sum(v[1:]) == v[0])

    def double(v, p, f):
        return not f or v[0] + v[-1] == sum(v[1:-1])

    def rsl(v, p, f):
        if not f:
            return True
        region = {x: k for k, r in enumerate(geo.regions()) for x in r}
        sums, last = [], object()
        for x, val in zip(p, v):
            if region.get(x) != last:
                sums.append(0)
                last = region.get(x)
            sums[-1] += val
        return len(set(sums)) == 1

    return {"Thermo": inc, "Whisper": whisper, "Renban": renban, "Palindrome": pal,
            "Between": between, "Lockout": lockout, "Zipper": zipper, "Entropic": entropic,
            "Modular": modular, "Arrow": arrow, "DoubleArrow": double,
            "RegionSumLine": rsl}.get(name, _any)


def make_line(rng, geo, grid, name, honest):
    n = geo.n
    arg = None
    prefix = []
    if name == "Whisper":
        arg = rng.randint(1, max(1, geo.num_values // 2))
        prefix = [str(arg)]
    elif name == "Lockout":
        arg = rng.randint(1, max(1, geo.num_values // 2))
        prefix = [str(arg)]
    elif name == "Modular":
        arg = rng.randint(2, 4)
        prefix = [str(arg)]
    elif name == "Renban":
        arg = n
    if name == "PillArrow":
        return make_pill(rng, geo, grid, honest)
    lengths = {"Arrow": (2, 5), "DoubleArrow": (3, 6), "Between": (3, 6), "Lockout": (3, 6),
               "Zipper": (3, 7), "Palindrome": (2, 6), "Entropic": (3, 7), "Modular": (2, 7),
               "RegionSumLine": (3, 8), "Thermo": (2, 6), "Whisper": (2, 6), "Renban": (2, 5)}
    length = rng.randint(*lengths.get(name, (2, 6)))
    rule = line_rule(name, geo, arg) if honest else _any
    for _ in range(30):
        path = find_path(rng, geo, grid, rng.randrange(n * n), length, KING8, rule)
        if path:
            return [f"{name}~" + "~".join(prefix + [cell_id(n, x) for x in path])]
    return []


def make_pill(rng, geo, grid, honest):
    n = geo.n
    k = rng.choice((2, 2, 3)) if n >= 9 else 2  # ISS takes pills of 2 or 3 cells only
    for _ in range(40):
        start = rng.randrange(n * n)
        pill = find_path(rng, geo, grid, start, k, ORTHO4, _any)
        if not pill:
            continue
        pill = sorted(pill)
        if k > 1 and not (len({x // n for x in pill}) == 1 or len({x % n for x in pill}) == 1):
            continue
        number = int("".join(str(grid[x]) for x in pill)) if grid else None
        shaft_len = rng.randint(1, 6)

        def ok(v, p, f):
            if not honest:
                return True
            s = sum(v[1:])
            return s <= number and (not f or s == number)

        for _ in range(20):
            tail = find_path(rng, geo, grid, pill[-1], shaft_len + 1, KING8,
                             lambda v, p, f: ok(v, p, f) and not set(p[1:]) & set(pill))
            if tail:
                cells = pill + tail[1:]
                return ["PillArrow~" + "~".join([str(k)] + [cell_id(n, x) for x in cells])]
    return []


def make_cage(rng, geo, grid, honest):
    n = geo.n
    size = rng.randint(1, min(5, n))
    for _ in range(30):
        cells = [rng.randrange(n * n)]
        while len(cells) < size:
            nxt = [y for x in cells for y in geo.steps(x, ORTHO4)
                   if y not in cells and grid[y] not in {grid[z] for z in cells}]
            if not nxt:
                break
            cells.append(rng.choice(nxt))
        if len(cells) < size:
            continue
        if rng.random() < 0.12:
            total = 0  # ISS's "any sum" cage
        elif honest:
            total = sum(grid[x] for x in cells)
        else:
            total = rng.randint(max(1, geo.lo * size), geo.hi * size)
        if rng.random() < 0.1:  # a cell listed twice: ISS counts it twice in the sum
            twice = rng.choice(cells)
            cells.insert(rng.randrange(len(cells) + 1), twice)
            total += grid[twice] if honest and total else 0
        return [f"Cage~{total}~" + "~".join(cell_id(n, x) for x in cells)]
    return []


def make_dot(rng, geo, grid, name, honest):
    n = geo.n
    test = {"WhiteDot": lambda a, b: abs(a - b) == 1,
            "BlackDot": lambda a, b: a == 2 * b or b == 2 * a,
            "X": lambda a, b: a + b == 10, "V": lambda a, b: a + b == 5,
            "GreaterThan": lambda a, b: a > b}[name]
    pairs = [(a, b) for a in range(n * n) for b in geo.steps(a, ORTHO4)
             if (not honest or test(grid[a], grid[b])) and (name == "GreaterThan" or a < b)]
    if not pairs:
        return []
    a, b = rng.choice(pairs)
    return [f"{name}~{cell_id(n, a)}~{cell_id(n, b)}"]


def _diagonals(n):
    """Little-killer diagonals by their first cell, as the project reads ISS's ``cellMap``."""
    out = []
    for r in range(n):
        for c in range(n):
            if c == 0 and r < n - 1:
                d = (1, 1)
            elif c == n - 1 and 0 < r < n - 1:
                d = (-1, -1)
            elif r == 0 and c >= 1:
                d = (1, -1)
            elif r == n - 1 and 1 <= c < n - 1:
                d = (-1, 1)
            else:
                continue
            cells, rr, cc = [], r, c
            while 0 <= rr < n and 0 <= cc < n:
                cells.append(rr * n + cc)
                rr, cc = rr + d[0], cc + d[1]
            out.append((r * n + c, cells))
    return out


def make_outside(rng, geo, grid, name, honest):
    n = geo.n
    if name == "LittleKiller":
        first, cells = rng.choice(_diagonals(n))
        total = sum(grid[x] for x in cells) if honest else rng.randint(1, geo.hi * len(cells))
        if total == 0:
            return []
        return [f"LittleKiller~{total}~{cell_id(n, first)}"]
    line_name = rng.choice("RC") + str(rng.randint(1, n))
    k = int(line_name[1:]) - 1
    cells = list(range(k * n, k * n + n)) if line_name[0] == "R" else list(range(k, n * n, n))
    if name == "Sandwich":
        vals = [grid[x] for x in cells]
        i, j = sorted((vals.index(min(vals)), vals.index(max(vals)))) if min(vals) == geo.lo and \
            max(vals) == geo.hi else (0, 0)
        total = sum(vals[i + 1:j]) if honest else rng.randint(0, sum(range(geo.lo, geo.hi + 1)))
        return [f"Sandwich~{total}~{line_name}"]
    clues = []
    for seq in (cells, cells[::-1]):
        if rng.random() < 0.6:
            clues.append(None)
            continue
        vals = [grid[x] for x in seq]
        if name == "XSum":
            x = vals[0]
            total = sum(vals[:x]) if honest else rng.randint(1, geo.hi * n // 2)
        else:  # Skyscraper: how many values are taller than all before them
            seen, top = 0, None
            for v in vals:
                if top is None or v > top:
                    seen, top = seen + 1, v
            total = seen if honest else rng.randint(1, n)
        clues.append(total if total else None)
    if clues == [None, None]:
        return []
    front, back = ("" if c is None else str(c) for c in clues)
    return [f"{name}~{line_name}~{front}~{back}"]


def make_quad(rng, geo, grid, honest):
    n = geo.n
    r, c = rng.randrange(n - 1), rng.randrange(n - 1)
    top = r * n + c
    square = [top, top + 1, top + n, top + n + 1]
    pool = [grid[x] for x in square] if honest else [rng.randint(geo.lo, geo.hi) for _ in range(4)]
    vals = rng.sample(pool, rng.randint(1, 4))
    return [f"Quad~{cell_id(n, top)}~" + "~".join(str(v) for v in vals)]


def strict_dots(geo, grid, name):
    """Every dot a strict rule implies, read off the grid (the negative constraint then
    says the other pairs have none)."""
    n = geo.n
    out = []
    for a in range(n * n):
        for b in geo.steps(a, [(0, 1), (1, 0)]):
            x, y = grid[a], grid[b]
            if name == "StrictKropki":
                if abs(x - y) == 1:
                    out.append(f"WhiteDot~{cell_id(n, a)}~{cell_id(n, b)}")
                elif x == 2 * y or y == 2 * x:
                    out.append(f"BlackDot~{cell_id(n, a)}~{cell_id(n, b)}")
            elif x + y == 10:
                out.append(f"X~{cell_id(n, a)}~{cell_id(n, b)}")
            elif x + y == 5:
                out.append(f"V~{cell_id(n, a)}~{cell_id(n, b)}")
    return out


# -- a whole puzzle -----------------------------------------------------------------------

def allowed(name, geo):
    """Whether ISS takes the type on this geometry (as far as this generator tries it)."""
    if name == "Entropic":
        return geo.n == 9 and geo.lo == 1 and geo.num_values == 9
    if name == "Windoku":  # (ISS's windows follow the number of values: keep it the side)
        return geo.num_values == geo.n
    if name == "Sandwich":
        # ISS's sandwich under values 0..n-1 is not self-consistent: `.Shape~4x4~0-3.Sandwich~1~C2`
        # has no solution in ISS, yet with the column given as 0,1,3,2 it has two (its Lunchbox
        # handler remaps the sums by distance for the offset, not the distance range it prunes
        # with). The project follows the rule; these puzzles would only measure ISS's slip.
        return geo.lo == 1
    if name in ("RegionSumLine",):
        return bool(geo.regions())
    if name in iss_random_sets.SETS + iss_random_sets.ON_REQUEST:
        return iss_random_sets.allowed(name, geo)
    if name in CHAOS or name in iss_random_chaos.ON_REQUEST:
        return geo.n in (4, 6) and geo.num_values == geo.n
    extra = next((x for x in EXTRA if name in x.ON_REQUEST), None)
    return extra.allowed(name, geo) if extra else True


def puzzle(seed, *, types=None, sizes=(4, 6, 9), weights=(3, 3, 2)):
    """``(iss_string, info)`` for ``seed``: info names the types, size, layout and range."""
    rng = random.Random(f"iss-{seed}")
    n = rng.choices(sizes, weights[:len(sizes)])[0]
    lo = rng.choice((1, 1, 0))
    extra = 1 if lo == 1 and rng.random() < 0.08 else 0
    if iss_random_sets.WIDE & set(types or ()) and rng.random() < 0.5:  # (only then: other
        lo, extra = rng.choice((0, 1)), 1                                 # seeds stay the same)
    layout = rng.choice(LAYOUTS)
    geo = Geometry(rng, n, lo, extra, layout)
    pool = [t for t in (types or TYPES) if allowed(t, geo)]
    if not pool:
        pool = [t for t in TYPES if allowed(t, geo)] if not types else []
    if not pool:
        return None, None
    k = 1 if rng.random() < 0.5 or len(pool) == 1 else rng.randint(2, min(4, len(pool)))
    chosen = rng.sample(pool, k)
    if "Or" in chosen:  # ISS refuses a strict rule beside a mark inside an Or ("not well defined")
        chosen = [t for t in chosen if t not in ("StrictKropki", "StrictXV")]
    globals_ = [g for g in chosen if g in GLOBALS + iss_random_more.GLOBAL]
    houses = list(geo.houses)
    pairs = []
    for g in globals_:
        if g == "Diagonal":
            g = rng.choice(("Diagonal+", "Diagonal-"))
            chosen[chosen.index("Diagonal")] = g
        houses += global_houses(geo, g)
        pairs += global_pairs(geo, g)
    grid = fill(rng, geo, houses, pairs)
    if grid is None:
        return None, None
    honest = rng.random() < 0.8
    items = list(geo.items)
    for t in chosen:
        items += clues(rng, geo, grid, t, honest)
    rate = rng.choice((0.0, 0.2, 0.35, 0.5, 0.6, 0.7))
    givens = []
    for x in range(n * n):
        if rng.random() < rate:
            v = grid[x] if honest or rng.random() < 0.9 else rng.randint(geo.lo, geo.hi)
            givens.append(f"{cell_id(n, x)}_{v}")
    if givens:
        items.append("~" + "~".join(givens))
    info = {"size": n, "layout": layout, "values": f"{geo.lo}-{geo.hi}", "types": chosen,
            "honest": honest}
    return "." + ".".join(items), info


def clues(rng, geo, grid, t, honest):
    count = rng.randint(1, 3)
    out = []
    if t.startswith("Diagonal"):
        return ["Diagonal~1" if t == "Diagonal+" else "Diagonal~-1"]
    if t in iss_random_chaos.CLUES + iss_random_chaos.ON_REQUEST:
        return iss_random_chaos.clue(rng, geo, grid, t, honest)
    if t in CHAOS:
        return [t]
    if t in GLOBALS + iss_random_more.GLOBAL:
        if t in ("StrictKropki", "StrictXV"):
            dots = strict_dots(geo, grid, t)
            if not honest and dots:
                dots = rng.sample(dots, rng.randint(0, len(dots)))
            return [t] + dots
        return [t]
    for _ in range(count):
        if extra := next((x for x in EXTRA if t in x.ON_REQUEST), None):
            out += extra.clue(rng, geo, grid, t, honest)
        elif t in LINES:
            out += make_line(rng, geo, grid, t, honest)
        elif t in DOTS:
            out += make_dot(rng, geo, grid, t, honest)
        elif t in OUTSIDE:
            out += make_outside(rng, geo, grid, t, honest)
        elif t == "Cage":
            out += make_cage(rng, geo, grid, honest)
        elif t == "Quad":
            out += make_quad(rng, geo, grid, honest)
        elif t in SEQUENCES:
            out += make_sequence(rng, geo, grid, t, honest)
        elif t in iss_random_sets.SETS + iss_random_sets.ON_REQUEST:
            return iss_random_sets.clue(rng, geo, grid, t, honest)  # (one clue: ranks, globals)
    return out


# -- sequences and composites (issue 37), written here from ISS's syntax alone ------------------

def _char(v):
    return str(v) if v < 10 else chr(55 + v)


def make_regex(rng, geo, grid, honest):
    """A regex some path's values match (when honest): each value as itself, as ``.``, or in a
    class; a run of equal tokens folded into a quantifier; sometimes an alternative added."""
    n = geo.n
    path = find_path(rng, geo, grid, rng.randrange(n * n), rng.randint(2, 6), ORTHO4, _any)
    if not path:
        return []
    vals = [grid[x] for x in path] if honest else [rng.randint(geo.lo, geo.hi) for _ in path]
    parts = []
    for v in vals:
        roll = rng.random()
        if roll < 0.4:
            parts.append(_char(v))
        elif roll < 0.55:
            parts.append(".")
        elif roll < 0.8:
            others = rng.sample(range(geo.lo, geo.hi + 1), rng.randint(0, 3))
            parts.append("[" + "".join(sorted({_char(v)} | {_char(o) for o in others})) + "]")
        else:
            a, b = sorted((v, rng.randint(geo.lo, geo.hi)))
            parts.append(f"[{_char(a)}-{_char(b)}]" if a < b else _char(a))
    if len(parts) > 2 and rng.random() < 0.3:
        i = rng.randrange(len(parts) - 1)
        parts[i:i + 2] = ["(" + parts[i] + "|" + parts[i + 1] + ")+"] if parts[i] != parts[i + 1] \
            else [parts[i] + "{2}"]
    pattern = "".join(parts)
    if rng.random() < 0.2:
        pattern = f"({pattern}|{_char(rng.randint(geo.lo, geo.hi))}*)"
    if rng.random() < 0.15:
        pattern += "?" if pattern.endswith(")") else ""
    import base64
    token = base64.urlsafe_b64encode(pattern.encode()).decode().rstrip("=")
    return [f"Regex~{token}~" + "~".join(cell_id(n, x) for x in path)]


def _nfa_string(states, starts, accepts, moves, symbols):
    """ISS's plain serialised NFA: states renumbered (starts, other accepts, the rest), a
    header, then each state's (symbol, target) pairs; base64url of the bytes."""
    order = list(starts) + [q for q in accepts if q not in starts]
    order += [q for q in range(states) if q not in order]
    new = {q: i for i, q in enumerate(order)}
    out = [[] for _ in range(states)]
    for q, sym, t in sorted(set(moves)):
        out[new[q]].append((sym, new[t]))
    sbits = max(1, (states - 1).bit_length(), len(starts).bit_length())
    cbits = max(len(m) for m in out).bit_length()
    ybits = (symbols - 1).bit_length()
    bits = f"{0:02b}{sbits - 1:04b}{symbols - 1:04b}"
    bits += f"{len(starts):0{sbits}b}{len([q for q in accepts if q not in starts]):0{sbits}b}"
    bits += "".join("1" if q in accepts else "0" for q in reversed(starts))
    bits += f"{cbits:04b}"
    for m in out:
        bits += f"{len(m):0{cbits}b}" if cbits else ""
        for sym, t in m:
            bits += (f"{sym:0{ybits}b}" if ybits else "") + f"{t:0{sbits}b}"
    bits += "0" * (-len(bits) % 8)
    import base64
    data = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def make_nfa(rng, geo, grid, honest):
    """A small random NFA that accepts a path's values (when honest): a chain of states
    along the values, plus random moves; sometimes two segments with a break between."""
    n, count = geo.n, geo.num_values
    path = find_path(rng, geo, grid, rng.randrange(n * n), rng.randint(2, 6), ORTHO4, _any)
    if not path:
        return []
    cut = rng.randrange(1, len(path)) if len(path) > 2 and rng.random() < 0.3 else None
    symbols = [grid[x] - geo.lo if honest else rng.randrange(count) for x in path]
    if cut is not None:
        symbols = symbols[:cut] + [count] + symbols[cut:]
    states = rng.randint(2, 5)
    chain = [0] + [rng.randrange(states) for _ in symbols]
    moves = [(chain[i], s, chain[i + 1]) for i, s in enumerate(symbols)]
    for _ in range(rng.randint(0, 8)):
        moves.append((rng.randrange(states), rng.randrange(count + (cut is not None)),
                      rng.randrange(states)))
    if cut is not None and not any(m[1] == count for m in moves):
        return []
    accepts = sorted({chain[-1]} | set(rng.sample(range(states), rng.randint(0, 1))))
    starts = [0] + ([1] if states > 1 and rng.random() < 0.2 else [])
    cells = [cell_id(n, x) for x in path]
    if cut is not None:
        cells = cells[:cut] + ["-"] + cells[cut:]
    return [f"NFA~{_nfa_string(states, starts, accepts, moves, count + (cut is not None))}~"
            + "~".join(cells)]


#: Clue types an Or or a Replicate holds in these tests.
INNER = ("Thermo", "Whisper", "Renban", "Arrow", "WhiteDot", "BlackDot", "X", "V", "Cage",
         "Regex", "NFA", "Palindrome", "SameValues")


def _one(rng, geo, grid, honest):
    t = rng.choice(INNER)
    if t in LINES:
        return make_line(rng, geo, grid, t, honest)
    if t in DOTS:
        return make_dot(rng, geo, grid, t, honest)
    if t == "Cage":
        return make_cage(rng, geo, grid, honest)
    if t == "SameValues":
        return iss_random_sets.clue(rng, geo, grid, t, honest)
    return make_regex(rng, geo, grid, honest) if t == "Regex" else make_nfa(rng, geo, grid, honest)


def make_sequence(rng, geo, grid, t, honest):
    if t == "Regex":
        return make_regex(rng, geo, grid, honest)
    if t == "NFA":
        return make_nfa(rng, geo, grid, honest)
    if t == "Or":  # one branch honest when the puzzle is, the other drawn at random
        first = _one(rng, geo, grid, honest)
        second = _one(rng, geo, grid, rng.random() < 0.3)
        if rng.random() < 0.3:
            second = ["And"] + second + _one(rng, geo, grid, rng.random() < 0.5) + ["End"]
        if rng.random() < 0.5:
            first, second = second, first
        return ["Or"] + first + second + ["End"]
    # Replicate: one clue read off near the origin, copied onto random targets after it
    n = geo.n
    inner = _one(rng, geo, grid, honest)
    if not inner:
        return []
    import re
    cells = [(int(r, 17) - 1, int(c, 17) - 1) for r, c in re.findall(r"R([0-9a-g])C([0-9a-g])",
                                                                       ".".join(inner))]
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    origin = (top, left) if rng.random() < 0.5 else (0, 0)
    span_r = max(r for r, _ in cells) - origin[0]
    span_c = max(c for _, c in cells) - origin[1]
    low_c = min(c for _, c in cells) - origin[1]
    low_r = min(r for r, _ in cells) - origin[0]
    base = origin[0] * n + origin[1]
    targets = [x for x in range(base, n * n)
               if 0 <= x // n + low_r and x // n + span_r < n and 0 <= x % n + low_c
               and x % n + span_c < n]
    if not targets:
        return []
    chosen = rng.sample(targets, rng.randint(1, min(3, len(targets))))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    bits = [0] * ((max(chosen) - base) // 6 + 1)
    for x in chosen:
        bits[(x - base) // 6] |= 1 << ((x - base) % 6)
    head = "Replicate~" + "".join(alphabet[b] for b in bits)
    if origin != (0, 0):
        head += "~" + cell_id(n, base)
    return [head] + inner + ["End"]


def puzzle_string(seed, **kw):
    """The ISS string of ``puzzle(seed, ...)`` (a retry with the next sub-seed when the
    filler gives up, so every seed gives a string)."""
    for k in range(20):
        s, _ = puzzle(f"{seed}.{k}" if k else seed, **kw)
        if s:
            return s
    raise RuntimeError(f"no puzzle for seed {seed}")
