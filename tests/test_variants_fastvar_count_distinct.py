"""``count_distinct`` in ``fast`` (issue 38): the cell's value is the number of distinct
values among the cells, stated with a helper cell per value (``program_rules``); ``fast``
must count as ``sat`` does, on random grids (square and not, values from 1 and from 0,
cells in no house, the counting cell among its cells or not)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants import paradigms, sat  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402

LIMIT = 30


def _puzzle(seed):
    rng = random.Random(seed)
    n, w = rng.choice(((4, 4), (3, 4), (4, 6), (6, 6), (2, 5)))
    lo = rng.choice((1, 0))
    bare = m.VariantPuzzle(n, cols=w, values=(lo, lo + max(n, w) - 1))
    grid = sat.solve(m.VariantPuzzle(n, cols=w, values=bare.values,
                                     givens=((rng.randrange(n * w), lo + rng.randrange(2)),)),
                     limit=1, time_limit=60).solutions[0]
    clues = []  # each true of the grid (its cell holds the count), now and then a random
    for _ in range(rng.randint(1, 3)):  # one (a puzzle of no solution counts none in both)
        cells = tuple(rng.sample(range(n * w), rng.randint(2, min(6, n * w - 1))))
        k = len({grid[x] for x in cells})
        holding = [x for x in range(n * w) if grid[x] == k]
        if rng.random() < 0.1 or not holding:
            holding = range(n * w)
        clues.append(m.CountDistinct(rng.choice(holding), cells))
    cells = rng.sample(range(n * w), rng.randint(n * w // 4, n * w // 2))
    return m.VariantPuzzle(n, cols=w, values=bare.values, constraints=tuple(clues),
                           givens=tuple((x, grid[x]) for x in cells))


@pytest.mark.parametrize("seed", range(50))
def test_fast_counts_count_distinct_as_sat_does(seed):
    p = _puzzle(seed)
    want = sat.solve(p, limit=LIMIT, time_limit=60)
    got = engine.solve(p, limit=LIMIT, time_limit=60)
    assert want.status != "timeout" and got.status != "timeout"
    assert got.count == want.count, p.to_json()
    if want.exhausted:
        assert got.exhausted and sorted(got.solutions) == sorted(want.solutions), p.to_json()


def test_the_draw_holds_count_distinct_clues_both_ways():
    made = [_puzzle(s) for s in range(50)]
    assert sum(len(p.constraints) for p in made) >= 80
    assert any(c.cell in c.cells for p in made for c in p.constraints)
    assert {p.values[0] for p in made} == {0, 1}


def test_count_distinct_is_no_longer_declined_and_its_helpers_stay_out():
    """R1C1 counts the distinct values of R2C2 and R3C3 (of a 4x4 sudoku, R2C2 given 1):
    two solutions to the limit, each giving the grid's 16 cells only, not the helpers."""
    p = m.VariantPuzzle(4, constraints=(m.CountDistinct(0, (5, 10)),), givens=((5, 1),))
    r = paradigms.solve(p, "fast", limit=2, time_limit=60)
    assert r.count == 2 and all(len(s) == 16 for s in r.solutions)
    assert all(check_solution(p, s) == [] for s in r.solutions)
