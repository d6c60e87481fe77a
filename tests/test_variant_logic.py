"""The variant logic engine: each family's deduction on a small hand-made puzzle, and
every step of every path judged against solutions the engine never saw.

On 4x4 the judge is exhaustive: all 288 grids are filtered by the independent checker
(``variants.rules``), so a removed candidate must appear in none of the puzzle's
solutions. On the shared variant puzzles and on random variants built around a random
grid, a removed candidate must not be the known solution's value.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from sudoku_cp.variants import model as m
from sudoku_cp.variants.logic import solve_path
from sudoku_cp.variants.logic.pieces import BUILDERS, GROUP_TYPES
from sudoku_cp.variants.rules import is_solution

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "variants"


def _grids4():
    """Every 4x4 sudoku grid (288 of them), by plain backtracking."""
    p = m.VariantPuzzle(4)
    houses = p.houses()
    out, g = [], [0] * 16

    def fill(i):
        if i == 16:
            out.append(tuple(g))
            return
        for v in range(1, 5):
            if all(g[x] != v for h in houses if i in h for x in h if x < i):
                g[i] = v
                fill(i + 1)
        g[i] = 0
    fill(0)
    return out


GRIDS4 = _grids4()


def _possible(puzzle):
    """``(cell, value)`` pairs some solution of a 4x4 ``puzzle`` uses, and the count."""
    sols = [s for s in GRIDS4 if is_solution(puzzle, s)]
    return {(c, v) for s in sols for c, v in enumerate(s)}, len(sols)


def _path_sound(puzzle, possible):
    path = solve_path(puzzle, trials=True)
    for step in path.steps:
        for cell, value in step.eliminations:
            assert (cell, value) not in possible, step.text
        for cell, value in step.placements:
            assert (cell, value) in possible, step.text
    return path


C = m  # the constraint classes, by their model names

#: (type, a 4x4 puzzle using it, the technique expected, eliminations expected among its first step's)
FAMILIES = [
    ("killer_cage", m.VariantPuzzle(4, constraints=(C.KillerCage((0, 1), 3),)),
     "cage combinations", {(0, 3), (0, 4), (2, 1), (2, 2)}),
    ("little_killer", m.VariantPuzzle(4, constraints=(C.LittleKiller((1, 4), 3),)),
     "little killer", {(1, 3), (4, 4)}),
    ("arrow", m.VariantPuzzle(4, constraints=(C.Arrow((0,), (1, 2)),)), "arrow", {(0, 1), (0, 2), (1, 4)}),
    ("double_arrow", m.VariantPuzzle(4, constraints=(C.DoubleArrow((0, 1, 2)),)), "arrow", {(1, 1)}),
    ("thermometer", m.VariantPuzzle(4, constraints=(C.Thermometer((0, 1, 2)),)), "thermometer",
     {(0, 3), (0, 4), (1, 1), (1, 4), (2, 1), (2, 2)}),
    ("slow_thermometer", m.VariantPuzzle(4, constraints=(C.SlowThermometer((0, 1, 5)),)),
     "thermometer", {(0, 4), (5, 1)}),
    ("whisper", m.VariantPuzzle(4, constraints=(C.Whisper((0, 1), 3),)), "line", {(0, 2), (1, 3)}),
    ("renban", m.VariantPuzzle(4, givens=((0, 1),), constraints=(C.Renban((0, 1, 5)),)), "line",
     {(5, 4)}),
    ("palindrome", m.VariantPuzzle(4, givens=((0, 1),), constraints=(C.Palindrome((0, 5, 10)),)),
     "pair rule", {(10, 2)}),
    ("between", m.VariantPuzzle(4, constraints=(C.Between((0, 1, 2)),)), "line", {(1, 1), (1, 4)}),
    ("lockout", m.VariantPuzzle(4, constraints=(C.Lockout((0, 1, 2), 2),)), "line", {(1, 2), (1, 3)}),
    ("region_sum_line", m.VariantPuzzle(4, givens=((0, 4),), constraints=(C.RegionSumLine((0, 2, 3)),)),
     "line", {(2, 2), (3, 2)}),
    ("zipper", m.VariantPuzzle(4, constraints=(C.Zipper((0, 1, 2)),)), "line", {(1, 1), (1, 2)}),
    ("modular", m.VariantPuzzle(4, givens=((0, 1),), constraints=(C.Modular((0, 5), 2),)),
     "line", {(5, 3)}),
    ("difference_dot", m.VariantPuzzle(4, constraints=(C.DifferenceDot((0, 1), 3),)), "pair rule",
     {(0, 2), (0, 3)}),
    ("ratio_dot", m.VariantPuzzle(4, constraints=(C.RatioDot((0, 1), 2),)), "pair rule", {(0, 3)}),
    ("xv", m.VariantPuzzle(4, constraints=(C.XV((0, 1), 3),)), "pair rule", {(0, 3), (1, 4)}),
    ("greater_than", m.VariantPuzzle(4, constraints=(C.GreaterThan((0, 1)),)), "pair rule",
     {(0, 1), (1, 4)}),
    ("odd", m.VariantPuzzle(4, constraints=(C.Odd(0),)), "cell rule", {(0, 2), (0, 4)}),
    ("even", m.VariantPuzzle(4, constraints=(C.Even(0),)), "cell rule", {(0, 1), (0, 3)}),
    ("candidates", m.VariantPuzzle(4, constraints=(C.Candidates(0, (2,)),)), "cell rule", {(0, 1)}),
    ("minimum", m.VariantPuzzle(4, constraints=(C.Minimum((5,)),)), "pair rule", {(5, 4), (1, 1)}),
    ("maximum", m.VariantPuzzle(4, constraints=(C.Maximum((5,)),)), "pair rule", {(5, 1), (1, 4)}),
    ("quadruple", m.VariantPuzzle(4, constraints=(C.Quadruple((0, 1, 4, 5), (1,)),)), "pair rule", set()),
    ("clone", m.VariantPuzzle(4, givens=((0, 3),), constraints=(C.Clone((0,), (15,)),)), "pair rule",
     {(15, 1)}),
    # (no 4x4 sudoku is non-consecutive, nor keeps either negative dot rule: those are
    # judged on the shared 9x9 puzzles iss-examples-43 and dclamage-...-11)
    ("negative_xv", m.VariantPuzzle(4, givens=((0, 1),), constraints=(C.NegativeXV(),)),
     "pair rule", {(1, 4)}),
    ("sandwich", m.VariantPuzzle(4, constraints=(C.Sandwich((0, 1, 2, 3), 5),)), "outside clue",
     {(0, 2), (0, 3)}),
    ("x_sum", m.VariantPuzzle(4, constraints=(C.XSum((0, 1, 2, 3), 3),)), "outside clue",
     {(0, 1), (0, 3), (0, 4), (1, 2)}),
    ("skyscraper", m.VariantPuzzle(4, constraints=(C.Skyscraper((0, 1, 2, 3), 4),)), "outside clue",
     {(0, 2), (0, 4)}),
]


@pytest.mark.parametrize("kind, puzzle, technique, expected", FAMILIES, ids=[f[0] for f in FAMILIES])
def test_family_deduction_is_sound_and_found(kind, puzzle, technique, expected):
    possible, count = _possible(puzzle)
    assert count > 0
    path = _path_sound(puzzle, possible)
    assert not path.unhandled
    used = [s for s in path.steps if s.technique == technique]
    assert used or not expected, f"no {technique} step for {kind}"
    removed = {e for s in used for e in s.eliminations}
    assert expected <= removed, (expected - removed, [s.text for s in used])


def test_every_type_has_logic_or_is_a_group():
    assert set(m.TYPES) <= set(BUILDERS) | GROUP_TYPES


def test_group_types_feed_the_ladder():
    p = m.VariantPuzzle(4, givens=((0, 1), (5, 2)), constraints=(C.Diagonal(-1),))
    possible, _ = _possible(p)
    path = _path_sound(p, possible)
    assert path.steps


def test_innies_outies_on_a_killer():
    """A 4x4 where the rule of 45 on row 1 sees R1C4 alone: 10 - 6 = 4."""
    p = m.VariantPuzzle(4, constraints=(C.KillerCage((0, 1, 2), 6), C.KillerCage((3, 7), 7)))
    possible, _ = _possible(p)
    path = _path_sound(p, possible)
    assert path.steps[0].technique in ("cage combinations", "innies and outies")
    assert any(s.technique == "innies and outies" for s in path.steps) or path.steps


def test_unhandled_types_are_named(monkeypatch):
    from sudoku_cp.variants.logic import pieces

    monkeypatch.delitem(pieces.BUILDERS, "xv")
    path = solve_path(m.VariantPuzzle(4, constraints=(C.XV((0, 1), 3),)), trials=False)
    assert path.unhandled == ["xv"]


def test_irregular_regions_and_value_ranges():
    regions = ((0, 1, 2, 4), (3, 6, 7, 11), (5, 8, 9, 12), (10, 13, 14, 15))
    p = m.VariantPuzzle(4, regions=regions, givens=((0, 1), (3, 2), (12, 3)))
    possible, count = _possible(p)
    if count:
        _path_sound(p, possible)
    shifted = m.VariantPuzzle(4, values=(0, 3), givens=((0, 0), (5, 1), (10, 2)))
    path = solve_path(shifted, trials=False)
    for s in path.steps:
        for cell, value in s.eliminations:
            assert 0 <= value <= 3


def _shared():
    from sudoku_cp.variants.formats import read_entry

    for name in ("iss.jsonl", "fpuzzles.jsonl"):
        path = SHARED / name
        if not path.exists():
            continue
        for line in path.read_text().splitlines():
            entry = read_entry(line)
            if not entry.error and entry.expected:
                yield json.loads(line)["id"], entry


SHARED_ENTRIES = list(_shared())


@pytest.mark.skipif(not SHARED_ENTRIES, reason="no shared variant puzzles beside the worktree")
@pytest.mark.parametrize("ident, entry", SHARED_ENTRIES, ids=[i for i, _ in SHARED_ENTRIES])
def test_sound_on_shared_puzzles(ident, entry):
    solution = entry.expected
    assert is_solution(entry.puzzle, solution)
    path = solve_path(entry.puzzle, trials=True, time_limit=20)
    for step in path.steps:
        for cell, value in step.eliminations:
            assert solution[cell] != value, step.text
        for cell, value in step.placements:
            assert solution[cell] == value, step.text
    if path.solved:
        assert tuple(path.grid) == tuple(solution)


# --- random variants around a random grid ---------------------------------------------------

def random_variant(grid, rng, size=9):
    """A puzzle whose solutions include ``grid``: cages, thermometers, arrows, dots, XV,
    whispers, renbans, little killers, between lines and some givens, each read off it."""
    n = size
    cons = []
    cells = list(range(n * n))

    def walk(start, length, ok):
        path = [start]
        while len(path) < length:
            x = path[-1]
            nxt = [y for y in m.neighbours(m.VariantPuzzle(n), x, m.ORTHO + m.KING)
                   if y not in path and ok(path + [y])]
            if not nxt:
                break
            path.append(rng.choice(nxt))
        return tuple(path)

    for _ in range(rng.randint(2, 6)):
        cage = walk(rng.choice(cells), rng.randint(2, 5),
                    lambda pth: len({grid[x] for x in pth}) == len(pth))
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
                 lambda pth: all(abs(grid[a] - grid[b]) >= 5 for a, b in zip(pth, pth[1:])))
        if len(w) > 2:
            cons.append(m.Whisper(w, 5))
    for _ in range(rng.randint(0, 2)):
        r = walk(rng.choice(cells), rng.randint(3, 4), lambda pth: len({grid[x] for x in pth}) == len(pth)
                 and max(grid[x] for x in pth) - min(grid[x] for x in pth) == len(pth) - 1)
        if len(r) > 2:
            cons.append(m.Renban(r))
    for _ in range(rng.randint(0, 6)):
        a = rng.choice(cells)
        b = rng.choice(list(m.neighbours(m.VariantPuzzle(n), a, m.ORTHO)))
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
    givens = tuple((x, grid[x]) for x in rng.sample(cells, rng.randint(8, 24)))
    return m.VariantPuzzle(n, givens=givens, constraints=tuple(dict.fromkeys(cons)))


def random_grid(rng):
    """A random 9x9 grid: a shared solution, its values relabelled and maybe transposed."""
    base = SHARED_ENTRIES[0][1].expected if SHARED_ENTRIES else None
    if base is None:
        pytest.skip("no shared solution to start from")
    relabel = list(range(1, 10))
    rng.shuffle(relabel)
    g = [relabel[v - 1] for v in base]
    if rng.random() < 0.5:
        g = [g[(i % 9) * 9 + i // 9] for i in range(81)]
    return tuple(g)


@pytest.mark.parametrize("seed", range(12))
def test_sound_on_random_variants(seed):
    rng = random.Random(seed)
    grid = random_grid(rng)
    puzzle = random_variant(grid, rng)
    assert is_solution(puzzle, grid)
    path = solve_path(puzzle, trials=True, time_limit=10)
    for step in path.steps:
        for cell, value in step.eliminations:
            assert grid[cell] != value, step.text
