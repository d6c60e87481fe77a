"""Two implied rules of the encoders (issue 38, the default check on ``iss-examples-50``)
cut no solution, checked against plain enumeration:

- ``sat``: a clue's "two neighbours share a region" literal implied by the split's own
  ``same`` (``encode_cnf_chaos.NEAR``), on 4x4 chaos constructions with counts over each
  cell's 3x3 neighbourhood (as ``-50`` has them), the clues before or after the
  construction in the puzzle;
- ``sat`` and ``cpsat``: the values counting circles hold sum to the number of circles
  (``CIRCLES_TOTAL``), on every 4x4 Latin square.
"""

from __future__ import annotations

import importlib.util
import random

import pytest

from sudoku_cp.variants import encode_cnf_cages, encode_cnf_chaos, encode_cp
from sudoku_cp.variants import model as m
from sudoku_cp.variants.paradigms import solve
from test_variants_chaos import _latin_squares_4x4, _splits_by_enumeration
from test_variants_chaos_clues import _holds, _region_of

SQUARES = _latin_squares_4x4()
CPSAT = importlib.util.find_spec("ortools") is not None


def _around(n, cell):
    """The cell first, then the others of its 3x3 neighbourhood inside the grid."""
    r, c = divmod(cell, n)
    return (cell, *(y * n + x for y in range(r - 1, r + 2) for x in range(c - 1, c + 2)
                     if 0 <= y < n and 0 <= x < n and (y, x) != (r, c)))


def _neighbourhood_counts(rng, grid, region, k):
    """``k`` counts over 3x3 neighbourhoods that hold on ``grid`` split as ``region``, each
    controlled by a cell whose value (plus an offset of 0 or 1) is the count: the centre
    when it fits, as on ``-50``."""
    clues = []
    for centre in rng.sample(range(16), k):
        cells = _around(4, centre)
        got = sum(1 for x in cells if region[x] == region[centre])
        fits = [(x, o) for o in (0, 1) for x in range(16) if grid[x] + o == got]
        cell, offset = (centre, 0) if (centre, 0) in fits else rng.choice(fits)
        clues.append(m.ChaosCount(cell, cells, offset))
    return clues


def _found(p, paradigm, limit):
    r = solve(p, paradigm, limit=limit, time_limit=120)
    assert r.exhausted, paradigm
    return {g: r.solutions.count(g) for g in set(r.solutions)}


@pytest.mark.parametrize("seed", range(8))
def test_sat_s_near_clause_keeps_every_grid_and_split_of_neighbourhood_counts(seed, monkeypatch):
    rng = random.Random(f"near{seed}")
    grid = rng.choice(SQUARES)
    givens = tuple((x, grid[x]) for x in sorted(rng.sample(range(16), 4)))
    region = _region_of(rng.choice(_splits_by_enumeration(4, grid)))
    clues = _neighbourhood_counts(rng, grid, region, 3)
    chaos = (m.ChaosConstruction(),)
    p = m.VariantPuzzle(4, box=None, givens=givens,
                        constraints=(*chaos, *clues) if seed % 2 else (*clues, *chaos))
    truth = {}
    for g in SQUARES:
        if all(g[x] == v for x, v in givens):
            k = sum(1 for s in _splits_by_enumeration(4, g)
                    if all(_holds(c, g, _region_of(s)) for c in clues))
            if k:
                truth[g] = k
    assert grid in truth  # (the clues hold on its split: the test has a solution)
    limit = sum(truth.values()) + 1
    monkeypatch.setattr(encode_cnf_chaos, "NEAR", True)
    assert _found(p, "sat", limit) == truth
    monkeypatch.setattr(encode_cnf_chaos, "NEAR", False)
    assert _found(p, "sat", limit) == truth


def _circles_held(grid, cells):
    return all(sum(1 for y in cells if grid[y] == grid[x]) == grid[x] for x in cells)


@pytest.mark.parametrize("seed", range(10))
def test_the_circles_total_keeps_every_grid_the_circles_hold(seed, monkeypatch):
    rng = random.Random(f"circles{seed}")
    grid = rng.choice(SQUARES)
    while True:  # circles this grid holds: each value v on v of them, the sets drawn
        chosen = [v for v in range(1, 5) if rng.random() < 0.5] or [rng.randint(1, 4)]
        cells = []
        for v in chosen:
            cells += rng.sample([x for x in range(16) if grid[x] == v], v)
        if 2 <= len(cells) <= 8:
            break
    cells = tuple(sorted(cells))
    givens = tuple((x, grid[x]) for x in sorted(rng.sample(range(16), 2)))
    p = m.VariantPuzzle(4, box=None, givens=givens, constraints=(m.CountingCircles(cells),))
    truth = {g: 1 for g in SQUARES
             if all(g[x] == v for x, v in givens) and _circles_held(g, cells)}
    assert grid in truth
    for paradigm, module in (("sat", encode_cnf_cages), ("cpsat", encode_cp)):
        if paradigm == "cpsat" and not CPSAT:
            continue
        monkeypatch.setattr(module, "CIRCLES_TOTAL", True)
        assert _found(p, paradigm, len(truth) + 1) == truth, paradigm
