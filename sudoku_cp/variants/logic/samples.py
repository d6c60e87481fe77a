"""Random variant puzzles built around a random grid, for soundness tests and benchmarks.

Every constraint is read off the grid (a cage's total, a thermometer along rising values,
a dot where the two values differ by one...), so the grid is one of the puzzle's
solutions, whether or not the puzzle has others: a step that removes a value of the grid
is wrong, whatever else the puzzle allows.

>>> import random
>>> from sudoku_cp.variants.rules import is_solution
>>> grid, puzzle = random_variant(random.Random(1))
>>> is_solution(puzzle, grid)
True
"""

from __future__ import annotations

from .. import model as m


def random_variant(rng, box=(3, 3)):
    """``(grid, puzzle)``: a random grid of the box shape and a puzzle around it with
    cages, thermometers, arrows, whispers, renbans, dots, XV, greater-than signs, maybe
    a little killer and a between line, and 8 to 24 givens (on 9x9; at most a third
    of the cells on smaller grids)."""
    from ...generate import full_grid

    grid = full_grid(box, rng)
    n = box[0] * box[1]
    empty = m.VariantPuzzle(n, box=box)
    cons = []
    cells = list(range(n * n))

    def walk(start, length, ok):
        path = [start]
        while len(path) < length:
            nxt = [y for y in m.neighbours(empty, path[-1], m.ORTHO + m.KING)
                   if y not in path and ok(path + [y])]
            if not nxt:
                break
            path.append(rng.choice(nxt))
        return tuple(path)

    def distinct(pth):
        return len({grid[x] for x in pth}) == len(pth)

    for _ in range(rng.randint(2, 6)):
        cage = walk(rng.choice(cells), rng.randint(2, 5), distinct)
        if len(cage) > 1:
            cons.append(m.KillerCage(cage, sum(grid[x] for x in cage)))
    for _ in range(rng.randint(0, 3)):
        t = walk(rng.choice(cells), rng.randint(2, 5),
                 lambda pth: all(grid[a] < grid[b] for a, b in zip(pth, pth[1:])))
        if len(t) > 1:
            cons.append(m.Thermometer(t))
    for _ in range(rng.randint(0, 2)):
        bulb = rng.choice(cells)
        shaft = walk(bulb, rng.randint(2, 4), lambda pth: sum(grid[x] for x in pth[1:]) <= grid[bulb])
        if len(shaft) > 1 and sum(grid[x] for x in shaft[1:]) == grid[bulb]:
            cons.append(m.Arrow((bulb,), shaft[1:]))
    for _ in range(rng.randint(0, 2)):
        w = walk(rng.choice(cells), rng.randint(3, 6),
                 lambda pth: all(abs(grid[a] - grid[b]) >= n // 2 + 1 for a, b in zip(pth, pth[1:])))
        if len(w) > 2:
            cons.append(m.Whisper(w, n // 2 + 1))
    for _ in range(rng.randint(0, 2)):
        r = walk(rng.choice(cells), rng.randint(3, 4), lambda pth: distinct(pth) and
                 max(grid[x] for x in pth) - min(grid[x] for x in pth) == len(pth) - 1)
        if len(r) > 2:
            cons.append(m.Renban(r))
    for _ in range(rng.randint(0, 6)):
        a = rng.choice(cells)
        b = rng.choice(list(m.neighbours(empty, a, m.ORTHO)))
        x, y = grid[a], grid[b]
        if abs(x - y) == 1:
            cons.append(m.DifferenceDot((a, b), 1))
        elif x == 2 * y or y == 2 * x:
            cons.append(m.RatioDot((a, b), 2))
        elif x + y in (5, 10):
            cons.append(m.XV((a, b), x + y))
        else:
            cons.append(m.GreaterThan((a, b) if x > y else (b, a)))
    if rng.random() < 0.5:
        diag = tuple(r * n + r for r in range(rng.randint(2, n)))
        cons.append(m.LittleKiller(diag, sum(grid[x] for x in diag)))
    if rng.random() < 0.5:
        line = walk(rng.choice(cells), rng.randint(3, 5), lambda pth: True)
        if len(line) > 2:
            a, b = sorted((grid[line[0]], grid[line[-1]]))
            if all(a < grid[x] < b for x in line[1:-1]):
                cons.append(m.Between(line))
    most = min(24, n * n // 3)  # (8 to 24 on 9x9; fewer on small grids)
    givens = tuple((x, grid[x]) for x in rng.sample(cells, rng.randint(min(8, most), most)))
    return grid, m.VariantPuzzle(n, box=box, givens=givens, constraints=tuple(dict.fromkeys(cons)))
