"""What ``sat`` states beyond a killer's rules loses no solution and admits none:

- the innies and outies of the killer cages (``encode_cnf_implied.implied_sums``): each
  holds on random full grids whose cells are caged;
- a cage inside a full house keeps its set's values out of the rest of the house
  (``encode_cnf_sums._complement``), which unit propagation did not see before.

With both on, ``sat`` keeps exactly the 4x4 grids the independent checker keeps, and a
random 9x9 grid stays a model of its killer's formula."""

from __future__ import annotations

import itertools
import random

import pytest

pytest.importorskip("pysat")

from pysat.solvers import Solver  # noqa: E402

from sudoku_cp.variants import encode_cnf_implied, encode_cnf_sums, sat  # noqa: E402
from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.encode_cnf import encode  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402


@pytest.fixture
def both_on(monkeypatch):
    monkeypatch.setattr(encode_cnf_implied, "MOST", 4)
    monkeypatch.setattr(encode_cnf_sums, "COMPLEMENT", True)


def _grid(rng, n, box):
    """A random full grid: a pattern, its bands, stacks and values shuffled."""
    br, bc = box
    base = [[(bc * (r % br) + r // br + c) % n for c in range(n)] for r in range(n)]
    rows = [b * br + r for b in rng.sample(range(n // br), n // br) for r in rng.sample(range(br), br)]
    cols = [s * bc + c for s in rng.sample(range(n // bc), n // bc) for c in rng.sample(range(bc), bc)]
    values = rng.sample(range(1, n + 1), n)
    return tuple(values[base[r][c]] for r in rows for c in cols)


def _cages(rng, n, grid, most, skip=0.0):
    """Connected cages of 1 to ``most`` cells of distinct values of ``grid`` (totals read off
    it) over every cell but a share ``skip`` left uncaged."""
    free = {x for x in range(n * n) if rng.random() >= skip}
    out = []
    while free:
        cage = [rng.choice(sorted(free))]
        free.discard(cage[0])
        want = rng.randint(1, most)
        while len(cage) < want:
            steps = [y for x in cage for y in (x - n, x + n, x - 1 if x % n else -1,
                                               x + 1 if x % n < n - 1 else -1)
                     if y in free and grid[y] not in {grid[z] for z in cage}]
            if not steps:
                break
            cage.append(rng.choice(steps))
            free.discard(cage[-1])
        out.append(m.KillerCage(tuple(sorted(cage)), total=sum(grid[x] for x in cage)))
    return tuple(out)


def _sudokus4():
    """Every 4x4 grid with 2x2 boxes, by plain enumeration."""
    out = []
    for rows in itertools.product(itertools.permutations(range(1, 5)), repeat=4):
        g = tuple(v for row in rows for v in row)
        if all(len({g[r * 4 + c] for r in range(4)}) == 4 for c in range(4)) and all(
                len({g[(br + r) * 4 + bc + c] for r in range(2) for c in range(2)}) == 4
                for br in (0, 2) for bc in (0, 2)):
            out.append(g)
    return out


@pytest.mark.parametrize("n", [6, 9])
def test_implied_sums_hold_on_random_grids(n):
    rng = random.Random(f"sat-implied{n}")
    box = m.DEFAULT_BOXES[n]
    stated = 0
    for trial in range(60):
        grid = _grid(rng, n, box)
        p = m.VariantPuzzle(n, box=box, constraints=_cages(rng, n, grid, rng.choice([3, 4, 5]),
                                                           rng.choice([0.0, 0.1])))
        encode_cnf_implied.MOST, before = 9, encode_cnf_implied.MOST
        try:
            sums = encode_cnf_implied.implied_sums(p)
        finally:
            encode_cnf_implied.MOST = before
        for cells, total in sums:
            assert sum(grid[x] for x in cells) == total, (trial, cells, total)
        stated += len(sums)
    assert stated >= 100  # the test reaches the rule it is for


def test_sat_keeps_exactly_the_checkers_4x4_grids(both_on):
    rng = random.Random("sat-implied4")
    grids = _sudokus4()
    for trial in range(40):
        p = m.VariantPuzzle(4, constraints=_cages(rng, 4, rng.choice(grids),
                                                  rng.choice([2, 3, 4]), rng.choice([0.0, 0.2])))
        truth = sorted(g for g in grids if not check_solution(p, g))
        r = sat.solve(p, limit=len(truth) + 1, time_limit=60)
        assert r.exhausted and sorted(r.solutions) == truth, (trial, p.to_json())


@pytest.mark.parametrize("n", [6, 9])
def test_a_random_grid_stays_a_model(n, both_on):
    rng = random.Random(f"sat-model{n}")
    box = m.DEFAULT_BOXES[n]
    for trial in range(12):
        grid = _grid(rng, n, box)
        p = m.VariantPuzzle(n, box=box, constraints=_cages(rng, n, grid, rng.choice([3, 4, 5])))
        enc = encode(p)
        with Solver(name="glucose4", bootstrap_with=enc.clauses) as s:
            assert s.solve(assumptions=[enc.x[x][v] for x, v in enumerate(grid)]), trial


def test_a_cage_in_a_house_clears_its_values_from_the_rest(monkeypatch):
    """Cells r1c1..r1c3 sum to 8 in a 9x9: {1, 2, 5} or {1, 3, 4}. With a 5 at r1c1 the
    set is {1, 2, 5}, so the rest of row 1 (and of box 1) holds no 1 and no 2: by unit
    propagation alone only with the complement."""
    p = m.VariantPuzzle(9, constraints=(m.KillerCage((0, 1, 2), total=8),))
    for on in (False, True):
        monkeypatch.setattr(encode_cnf_sums, "COMPLEMENT", on)
        enc = encode(p)
        with Solver(name="glucose4", bootstrap_with=enc.clauses) as s:
            ok, units = s.propagate(assumptions=[enc.x[0][5]])
        assert ok
        gone = {-lit for lit in units if lit < 0}
        for x in (3, 8, 9, 20):  # row 1 and box 1 outside the cage
            assert all((enc.x[x][v] in gone) == on for v in (1, 2)), (on, x)
            assert enc.x[x][3] not in gone and enc.x[x][4] not in gone
