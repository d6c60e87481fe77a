"""Constraints read off a full grid: every clue of one variant type that the grid keeps.

The generator (``sudoku_cp.variants.generate``) starts from a full grid and a *pool* of
constraints the grid satisfies, then removes what uniqueness does not need. One reader
per type, keyed by the name the CLI uses (``--variant killer``); each takes the puzzle
(its geometry), the grid, a ``random.Random`` and the set of cells already under a line
(so that lines of several types in a ``mixed`` puzzle do not overlap), and returns a list
of constraints. Readers never solve, and every constraint they return holds in the grid
(``rules.check_solution`` says so in the tests).

- cages (``killer``): a random partition of the whole grid into cages of 1 to 5 cells
  with distinct values, each with its sum;
- lines (``thermo``, ``arrow``, ``whispers``, ``renban``): random walks over king-move
  neighbours that keep the rule, started from every free cell in random order;
- dots (``kropki``, ``xv``): every orthogonal pair the rule holds for;
- outside clues (``sandwich``, ``little-killer``): every row and column, or every
  diagonal ISS can name by its first cell.

>>> import random
>>> from sudoku_cp.variants.model import VariantPuzzle
>>> grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
>>> [c.total for c in read_clues("sandwich", VariantPuzzle(4), grid, random.Random(1))][:4]
[5, 0, 0, 5]
"""

from __future__ import annotations

from . import model as m

#: Line steps: a king's move (lines may run diagonally, as setters draw them).
STEPS = m.ORTHO + m.KING


def _walk(puzzle, grid, rng, start, ok, longest, used):
    """A random path from ``start`` over free cells whose values keep ``ok(values)``."""
    path = [start]
    while len(path) < longest:
        nxt = [x for x in m.neighbours(puzzle, path[-1], STEPS)
               if x not in used and x not in path and ok([grid[y] for y in path] + [grid[x]])]
        if not nxt:
            break
        path.append(rng.choice(nxt))
    return path


def _lines(puzzle, grid, rng, used, ok, make, shortest=2, longest=None):
    """Lines from every free cell in random order (each a random walk), marked used."""
    longest = longest or max(3, puzzle.size * 2 // 3)
    cells = list(range(puzzle.num_cells))
    rng.shuffle(cells)
    out = []
    for start in cells:
        if start in used:
            continue
        path = _walk(puzzle, grid, rng, start, ok, rng.randint(shortest, longest), used)
        if len(path) >= shortest:
            used.update(path)
            out.append(make(tuple(path)))
    return out


def _increasing(vals):
    return all(a < b for a, b in zip(vals, vals[1:]))


def thermo(puzzle, grid, rng, used):
    return _lines(puzzle, grid, rng, used, _increasing, m.Thermometer)


def whisper_difference(puzzle) -> int:
    """The German-whisper gap for the grid's values: 5 on 1..9, half the range rounded up."""
    lo, hi = puzzle.values
    return (hi - lo + 2) // 2


def whispers(puzzle, grid, rng, used):
    d = whisper_difference(puzzle)
    ok = lambda vals: abs(vals[-1] - vals[-2]) >= d  # noqa: E731
    return _lines(puzzle, grid, rng, used, ok, lambda cells: m.Whisper(cells, d))


def renban(puzzle, grid, rng, used):
    ok = lambda vals: len(set(vals)) == len(vals) and max(vals) - min(vals) < len(vals)  # noqa: E731
    return _lines(puzzle, grid, rng, used, ok, m.Renban, longest=max(3, puzzle.size // 2))


def arrow(puzzle, grid, rng, used):
    """Arrows with a one-cell bulb: shafts walked until their sum is the bulb's value."""
    cells = list(range(puzzle.num_cells))
    rng.shuffle(cells)
    out = []
    for bulb in cells:
        if bulb in used or grid[bulb] < 3:
            continue
        for _ in range(4):  # a few walks: one may overshoot
            free = used | {bulb}
            starts = [x for x in m.neighbours(puzzle, bulb, STEPS) if x not in free]
            if not starts:
                break
            start = rng.choice(starts)
            ok = lambda vals: sum(vals) <= grid[bulb]  # noqa: E731
            path = _walk(puzzle, grid, rng, start, ok, puzzle.size, free)
            while path and sum(grid[x] for x in path) > grid[bulb]:
                path.pop()
            if path and sum(grid[x] for x in path) == grid[bulb] and len(path) >= 2:
                used.update(path)
                used.add(bulb)
                out.append(m.Arrow((bulb,), tuple(path)))
                break
    return out


def _pairs(puzzle):
    n = puzzle.size
    for a in range(puzzle.num_cells):
        if a % n + 1 < n:
            yield a, a + 1
        if a + n < puzzle.num_cells:
            yield a, a + n


def kropki(puzzle, grid, rng, used):
    out = []
    for a, b in _pairs(puzzle):
        x, y = sorted((grid[a], grid[b]))
        kinds = [k for k, holds in (("white", y - x == 1), ("black", y == 2 * x)) if holds]
        if kinds:
            kind = rng.choice(kinds)
            out.append(m.DifferenceDot((a, b), 1) if kind == "white" else m.RatioDot((a, b), 2))
    return out


def xv(puzzle, grid, rng, used):
    return [m.XV((a, b), grid[a] + grid[b]) for a, b in _pairs(puzzle)
            if grid[a] + grid[b] in (5, 10)]


def sandwich(puzzle, grid, rng, used):
    """A sandwich sum on every row and column (needs values 1..n: both crusts in every line)."""
    n = puzzle.size
    lo, hi = puzzle.values
    if hi - lo + 1 != n:
        return []
    lines = [tuple(range(r * n, r * n + n)) for r in range(n)]
    lines += [tuple(range(c, n * n, n)) for c in range(n)]
    out = []
    for cells in lines:
        vals = [grid[x] for x in cells]
        i, j = sorted((vals.index(lo), vals.index(hi)))
        out.append(m.Sandwich(cells, sum(vals[i + 1:j])))
    return out


def diagonals(n):
    """The little-killer diagonals ISS names by their first cell, as cell tuples."""
    starts = ([(r, 0, 1, 1) for r in range(n - 1)] + [(r, n - 1, -1, -1) for r in range(1, n - 1)]
              + [(0, c, 1, -1) for c in range(1, n)] + [(n - 1, c, -1, 1) for c in range(1, n - 1)])
    out = []
    for r, c, dr, dc in starts:
        cells = []
        while 0 <= r < n and 0 <= c < n:
            cells.append(r * n + c)
            r, c = r + dr, c + dc
        if len(cells) >= 2:
            out.append(tuple(cells))
    return out


def little_killer(puzzle, grid, rng, used):
    return [m.LittleKiller(cells, sum(grid[x] for x in cells)) for cells in diagonals(puzzle.size)]


#: Cage sizes and their weights (small cages are common in setters' killers; a 1-cell
#: cage is a given in disguise, so it is rare).
CAGE_SIZES = ((1, 1), (2, 5), (3, 5), (4, 3), (5, 1))


def killer(puzzle, grid, rng, used):
    """Cages over the whole grid: grown from random cells over orthogonal neighbours whose
    values are not yet in the cage, to a size drawn from ``CAGE_SIZES``."""
    sizes, weights = zip(*CAGE_SIZES)
    cells = list(range(puzzle.num_cells))
    rng.shuffle(cells)
    taken: set = set()
    out = []
    for start in cells:
        if start in taken:
            continue
        want = rng.choices(sizes, weights)[0]
        cage = [start]
        taken.add(start)
        while len(cage) < want:
            seen = {grid[x] for x in cage}
            nxt = sorted({y for x in cage for y in m.neighbours(puzzle, x, m.ORTHO)
                          if y not in taken and grid[y] not in seen})
            if not nxt:
                break
            y = rng.choice(nxt)
            cage.append(y)
            taken.add(y)
        out.append(m.KillerCage(tuple(sorted(cage)), sum(grid[x] for x in cage)))
    return out


#: ``--variant`` name -> reader.
READERS = {"killer": killer, "little-killer": little_killer, "thermo": thermo, "arrow": arrow,
           "kropki": kropki, "xv": xv, "whispers": whispers, "renban": renban,
           "sandwich": sandwich}


def read_clues(kind: str, puzzle, grid, rng, used=None) -> list:
    """Every clue of ``kind`` read off ``grid`` (see the module docstring)."""
    return READERS[kind](puzzle, grid, rng, set() if used is None else used)
