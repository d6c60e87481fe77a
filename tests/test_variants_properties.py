"""Property tests for the variant paradigms: random variants read off random full grids.

A random full grid comes from a pattern grid shuffled (values relabelled, rows inside
bands, columns inside stacks, bands, stacks, and a transpose). Constraints are then read
off that grid, so the grid keeps them all: cages with its sums, thermometers and arrows
along increasing / summing paths, dots and XV where its neighbours are consecutive, in
ratio 2 or sum to 5 / 10 (all of them, so the negative constraints hold too), whispers,
renban, palindromes, between and lockout lines, little killers, and a sandwich, an
X-sum and a skyscraper clue on one row or column. Two properties:

- with the whole grid given, every paradigm finds exactly that grid, and the checker
  (``rules.py``) accepts it;
- with random givens removed, every paradigm reports the same count, capped at 2,
  and every solution it returns passes the checker;
- on 4x4 boards, every paradigm finds exactly the grids that plain enumeration of all 288
  grids, filtered by the checker, finds.

Paradigms: every one in the registry whose module exists (``sat``, ``cpsat``, ``witness``).
"""

from __future__ import annotations

import importlib.util
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sudoku_cp.variants import model as m
from sudoku_cp.variants.paradigms import PARADIGMS, solve
from sudoku_cp.variants.rules import check_solution

PRESENT = [name for name, module in PARADIGMS.items() if importlib.util.find_spec(module)]
SHAPES = [(2, 2), (2, 3), (3, 3)]
ORTH = ((0, 1), (1, 0), (0, -1), (-1, 0))
KING = ORTH + ((1, 1), (1, -1), (-1, 1), (-1, -1))


def random_grid(rng: random.Random, br: int, bc: int) -> list[int]:
    """A valid full grid with boxes of br x bc, shuffled from a pattern."""
    n = br * bc
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)

    def order(groups: int, width: int) -> list[int]:
        blocks = list(range(groups))
        rng.shuffle(blocks)
        out = []
        for b in blocks:
            inner = list(range(width))
            rng.shuffle(inner)
            out += [b * width + i for i in inner]
        return out

    rows, cols = order(bc, br), order(br, bc)  # n // br = bc bands of br rows
    grid = [relabel[(bc * (r % br) + r // br + c) % n] for r in rows for c in cols]
    if br == bc and rng.random() < 0.5:
        grid = [grid[c * n + r] for r in range(n) for c in range(n)]
    return grid


def _neighbours(cell: int, n: int, steps):
    r, c = divmod(cell, n)
    for dr, dc in steps:
        if 0 <= r + dr < n and 0 <= c + dc < n:
            yield (r + dr) * n + c + dc


def _walk(rng, grid, n, start, steps, ok, length):
    """A path from ``start`` to neighbours (``steps``) where ``ok(path, next)`` holds."""
    path = [start]
    while len(path) < length:
        options = [x for x in _neighbours(path[-1], n, steps) if x not in path and ok(path, x)]
        if not options:
            break
        path.append(rng.choice(options))
    return path


def read_constraints(rng: random.Random, grid: list[int], n: int) -> list:
    """Constraints of many types, each true of ``grid``."""
    out = []
    cells = list(range(n * n))
    v = grid

    def pick():
        return rng.choice(cells)

    for _ in range(rng.randint(1, 3)):  # killer cages: distinct values along a walk
        cage = _walk(rng, v, n, pick(), ORTH, lambda p, x: v[x] not in {v[y] for y in p},
                     rng.randint(2, 4))
        out.append(m.KillerCage(tuple(cage), sum(v[x] for x in cage)
                                if rng.random() < 0.8 else None))
    for _ in range(rng.randint(0, 2)):  # thermometers and slow thermometers
        path = _walk(rng, v, n, pick(), ORTH, lambda p, x: v[x] > v[p[-1]], rng.randint(2, 4))
        if len(path) > 1:
            out.append(m.Thermometer(tuple(path)))
    path = _walk(rng, v, n, pick(), KING, lambda p, x: v[x] >= v[p[-1]], 4)
    if len(path) > 1:
        out.append(m.SlowThermometer(tuple(path)))
    for _ in range(rng.randint(0, 2)):  # arrows: a shaft whose sum reaches the bulb exactly
        bulb = pick()
        shaft = _walk(rng, v, n, bulb, KING,
                      lambda p, x: sum(v[y] for y in p[1:]) + v[x] <= v[bulb], 4)[1:]
        if shaft and sum(v[y] for y in shaft) == v[bulb]:
            out.append(m.Arrow((bulb,), tuple(shaft)))
    path = _walk(rng, v, n, pick(), KING, lambda p, x: abs(v[x] - v[p[-1]]) >= n // 2, 4)
    if len(path) > 1:
        out.append(m.Whisper(tuple(path), n // 2))
    a, b = rng.sample(cells, 2)  # between and lockout: any cells that fit
    lo, hi = sorted((v[a], v[b]))
    inside = [x for x in cells if lo < v[x] < hi and x not in (a, b)]
    if inside:
        out.append(m.Between((a,) + tuple(rng.sample(inside, min(2, len(inside)))) + (b,)))
    outside = [x for x in cells if not lo <= v[x] <= hi]
    if outside and hi - lo >= 2:
        out.append(m.Lockout((a,) + tuple(rng.sample(outside, min(2, len(outside)))) + (b,),
                             hi - lo))
    run_start = rng.randint(1, n - 2)  # renban: the cells of one row holding a run of values
    row = rng.randrange(n)
    run = [row * n + c for c in range(n) if run_start <= v[row * n + c] < run_start + 3]
    rng.shuffle(run)
    out.append(m.Renban(tuple(run)))
    x = pick()  # palindrome: two equal values, read back and forth
    twins = [y for y in cells if v[y] == v[x] and y != x]
    out.append(m.Palindrome((x, rng.choice(twins))))
    diag = [r * n + r for r in range(rng.randrange(n), n)]  # a little killer down a diagonal
    out.append(m.LittleKiller(tuple(diag), sum(v[y] for y in diag)))
    k = rng.randrange(n)  # outside clues on one row or column, read either way
    line = [k * n + j for j in range(n)] if rng.random() < 0.5 else [j * n + k for j in range(n)]
    if rng.random() < 0.5:
        line.reverse()
    vals = [v[x] for x in line]
    i, j = sorted((vals.index(1), vals.index(n)))
    out.append(m.Sandwich(tuple(line), sum(vals[i + 1:j])))
    out.append(m.XSum(tuple(line), sum(vals[:vals[0]])))
    out.append(m.Skyscraper(tuple(line), sum(1 for a in range(n) if vals[a] > max(vals[:a], default=0))))
    rng.shuffle(out)
    out = out[:rng.randint(len(out) // 2, len(out))]  # keep a random part
    dots, xvs = [], []
    for a in cells:  # every dot and every X / V, so the negative constraints hold
        for b in _neighbours(a, n, ((0, 1), (1, 0))):
            if abs(v[a] - v[b]) == 1:
                dots.append(m.DifferenceDot((a, b)))
            elif v[a] == 2 * v[b] or v[b] == 2 * v[a]:
                dots.append(m.RatioDot((a, b)))
            if v[a] + v[b] in (5, 10):
                xvs.append(m.XV((a, b), v[a] + v[b]))
    for marks, negative in ((dots, m.NegativeDots()), (xvs, m.NegativeXV())):
        if rng.random() < 0.5:  # all marks and the negative rule
            out += marks + [negative]
        else:  # some marks only
            out += rng.sample(marks, len(marks) // 3)
    return out


def random_variant(seed: int):
    """(puzzle with the whole grid given, the grid, the constraints, n, box)."""
    rng = random.Random(seed)
    br, bc = rng.choice(SHAPES)
    n = br * bc
    grid = random_grid(rng, br, bc)
    constraints = read_constraints(rng, grid, n)
    return grid, constraints, n, (br, bc), rng


def _count(puzzle, paradigm):
    r = solve(puzzle, paradigm, limit=2, time_limit=30)
    assert r.status != "timeout", f"{paradigm} timed out"
    for s in r.solutions:
        assert check_solution(puzzle, s) == [], f"{paradigm} returned a broken grid"
    return r


def test_the_generator_reads_true_constraints():
    for seed in range(30):
        grid, constraints, n, box, _ = random_variant(seed)
        puzzle = m.VariantPuzzle(n, box=box, constraints=tuple(constraints))
        assert check_solution(puzzle, grid) == [], seed


@pytest.mark.parametrize("paradigm", PRESENT)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_the_grid_is_a_solution(paradigm, seed):
    grid, constraints, n, box, _ = random_variant(seed)
    puzzle = m.VariantPuzzle(n, box=box, givens=tuple(enumerate(grid)),
                             constraints=tuple(constraints))
    r = _count(puzzle, paradigm)
    assert [tuple(s) for s in r.solutions] == [tuple(grid)]
    assert r.exhausted


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), keep=st.floats(0.0, 0.7))
def test_every_paradigm_gives_the_same_count(seed, keep):
    grid, constraints, n, box, rng = random_variant(seed)
    givens = tuple((c, grid[c]) for c in range(n * n) if rng.random() < keep)
    puzzle = m.VariantPuzzle(n, box=box, givens=givens, constraints=tuple(constraints))
    counts = {}
    for paradigm in PRESENT:
        r = _count(puzzle, paradigm)
        counts[paradigm] = min(r.count, 2)
        assert r.count >= 1, f"{paradigm} lost the grid the constraints were read from"
        if r.count == 1:
            assert tuple(r.solutions[0]) == tuple(grid), paradigm
    assert len(set(counts.values())) == 1, counts


def _all_grids_4x4():
    """Every valid 4x4 grid (288), by plain enumeration: an oracle independent of all paradigms."""
    houses = m.VariantPuzzle(4).houses()
    of_cell = [[h for h in houses if c in h] for c in range(16)]
    grids, grid = [], [0] * 16

    def fill(c):
        if c == 16:
            grids.append(tuple(grid))
            return
        for v in range(1, 5):
            if all(grid[x] != v for h in of_cell[c] for x in h if x < c):
                grid[c] = v
                fill(c + 1)
        grid[c] = 0

    fill(0)
    return grids


GRIDS_4X4 = _all_grids_4x4()


@pytest.mark.parametrize("paradigm", PRESENT)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), keep=st.floats(0.0, 0.5))
def test_counts_match_brute_force_on_4x4(paradigm, seed, keep):
    rng = random.Random(seed)
    grid = random_grid(rng, 2, 2)
    constraints = read_constraints(rng, grid, 4)
    givens = tuple((c, grid[c]) for c in range(16) if rng.random() < keep)
    puzzle = m.VariantPuzzle(4, givens=givens, constraints=tuple(constraints))
    truth = [g for g in GRIDS_4X4 if not check_solution(puzzle, g)]
    r = solve(puzzle, paradigm, limit=len(truth) + 1, time_limit=30)
    assert sorted(map(tuple, r.solutions)) == sorted(truth)
    assert r.exhausted
