"""The CNF partial-sum encoding (``CNF.linear``), both forms, against brute force."""

import random
from itertools import product

import pytest

pytest.importorskip("pysat")

from pysat.solvers import Solver  # noqa: E402

from sudoku_cp.variants.encode_cnf import CNF  # noqa: E402
from sudoku_cp.variants.model import VariantPuzzle  # noqa: E402


def _models(sums, cells, weights, total, guard_true):
    enc = CNF(VariantPuzzle(4))
    enc.sums = sums
    for c in cells:
        enc.exactly_one(list(enc.x[c].values()))
    guard = [enc.aux("g")] if guard_true is not None else []
    enc.linear([(enc.x[c], w) for c, w in zip(cells, weights)], total, ("t",),
               [-g for g in guard])
    found = set()
    with Solver(name="glucose4", bootstrap_with=enc.clauses) as s:
        while s.solve(assumptions=guard):  # projected on the cells: block their values only
            chosen = set(lit for lit in s.get_model() if lit > 0)
            values = tuple(next(v for v, lit in enc.x[c].items() if lit in chosen) for c in cells)
            found.add(values)
            s.add_clause([-enc.x[c][v] for c, v in zip(cells, values)])
    return found


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("sums", ["full", "lean"])
def test_linear_keeps_exactly_the_assignments_with_the_total(seed, sums):
    rng = random.Random(seed)
    k = rng.randint(1, 4)
    cells = rng.sample(range(16), k)
    weights = [rng.choice((1, 1, -1, 10)) for _ in cells]
    total = sum(w * rng.randint(1, 4) for w in weights) + rng.choice((0, 0, 1))
    want = {vals for vals in product(range(1, 5), repeat=k)
            if sum(w * v for w, v in zip(weights, vals)) == total}
    assert _models(sums, cells, weights, total, None) == want
    assert _models(sums, cells, weights, total, True) == want


@pytest.mark.parametrize("seed", range(12))
def test_linear_with_its_layers_on_a_ladder_keeps_the_same_assignments(seed, monkeypatch):
    """The ladder that takes a layer's exactly-one when a layer has many states (long
    shafts with a bulb of several digits), here forced on every layer of two or more."""
    from sudoku_cp.variants import encode_cnf_base as encode_cnf

    monkeypatch.setattr(encode_cnf, "LADDER_ABOVE", 1)
    encode_cnf._sum_plan.cache_clear()  # plans made with the pairwise form
    try:
        rng = random.Random(seed)
        k = rng.randint(2, 5)
        cells = rng.sample(range(16), k)
        weights = [rng.choice((1, -1, 10)) for _ in cells]
        total = sum(w * rng.randint(1, 4) for w in weights) + rng.choice((0, 0, 1))
        want = {vals for vals in product(range(1, 5), repeat=k)
                if sum(w * v for w, v in zip(weights, vals)) == total}
        assert _models("full", cells, weights, total, None) == want
    finally:
        encode_cnf._sum_plan.cache_clear()  # the next test's plans pairwise again


def _grids_4x4():
    """Every valid 4x4 grid (288), by plain enumeration: an oracle apart from the encoders."""
    from itertools import permutations

    rows = list(permutations(range(1, 5)))
    out = []
    for a, b, c, d in product(rows, repeat=4):
        grid = a + b + c + d
        cols_ok = all(len({grid[r * 4 + j] for r in range(4)}) == 4 for j in range(4))
        boxes_ok = all(len({grid[r * 4 + j] for r in (br, br + 1) for j in (bc, bc + 1)}) == 4
                       for br in (0, 2) for bc in (0, 2))
        if cols_ok and boxes_ok:
            out.append(grid)
    return out


@pytest.mark.parametrize("seed", range(16))
def test_sum_lines_match_brute_force_on_4x4(seed):
    """Region-sum lines, zippers, arrows and double arrows on random cells (short sums take
    the direct clauses, longer ones the partial sums): the sat paradigm finds exactly the
    grids the checker accepts."""
    from sudoku_cp.variants import model as m
    from sudoku_cp.variants.paradigms import solve
    from sudoku_cp.variants.rules import check_solution

    rng = random.Random(seed)
    kinds = [lambda cs: m.RegionSumLine(cs), lambda cs: m.Zipper(cs),
             lambda cs: m.Arrow(cs[:1], cs[1:]), lambda cs: m.DoubleArrow(cs)]
    constraints = tuple(rng.choice(kinds)(tuple(rng.sample(range(16), rng.randint(3, 6))))
                        for _ in range(rng.randint(1, 2)))
    puzzle = m.VariantPuzzle(4, constraints=constraints)
    truth = sorted(g for g in GRIDS if not check_solution(puzzle, g))
    r = solve(puzzle, "sat", limit=len(truth) + 1)
    assert sorted(map(tuple, r.solutions)) == truth and r.exhausted


GRIDS = _grids_4x4()


@pytest.mark.parametrize("seed", range(24))
def test_sums_over_cells_that_differ_match_brute_force_on_4x4(seed):
    """Arrows whose shaft lies in one house (one- and two-cell bulbs) and region-sum lines
    with segments of two or more cells take the sets of distinct values (``_set_sum``):
    the sat paradigm finds exactly the grids the checker accepts. The rules are read off
    a random grid where they can be (values 1..4; 0..3, so that two-cell bulbs spell
    reachable numbers; or 8..11, values that are no digits), so most seeds have
    solutions."""
    from sudoku_cp.variants import model as m
    from sudoku_cp.variants.paradigms import solve
    from sudoku_cp.variants.rules import check_solution

    rng = random.Random(seed)
    shift = (0, -1, 7)[seed % 3]  # values 1..4, 0..3 or 8..11
    grids = [tuple(v + shift for v in g) for g in GRIDS]
    grid = rng.choice(grids)
    plain = m.VariantPuzzle(4, values=(1 + shift, 4 + shift))
    constraints = []
    for _ in range(rng.randint(1, 2)):
        shaft = tuple(rng.sample(rng.choice(plain.houses()), rng.randint(2, 3)))
        total = sum(grid[c] for c in shaft)
        others = [c for c in range(16) if c not in shaft]
        pairs = [(a, b) for a in others for b in others
                 if a != b and 10 * grid[a] + grid[b] == total]
        if pairs and rng.random() < 0.4:
            bulb = rng.choice(pairs)
        else:
            bulb = (rng.choice([c for c in others if grid[c] == total] or others),)
        constraints.append(m.Arrow(bulb, shaft))
    boxes = plain.boxes()
    for _ in range(50):
        a, b = rng.sample(range(len(boxes)), 2)
        line = (rng.sample(boxes[a], rng.randint(1, 3)), rng.sample(boxes[b], rng.randint(2, 3)))
        if sum(grid[c] for c in line[0]) == sum(grid[c] for c in line[1]):
            break
    constraints.append(m.RegionSumLine(tuple(line[0] + line[1])))
    puzzle = m.VariantPuzzle(4, values=(1 + shift, 4 + shift), constraints=tuple(constraints))
    truth = sorted(g for g in grids if not check_solution(puzzle, g))
    r = solve(puzzle, "sat", limit=len(truth) + 1)
    assert sorted(map(tuple, r.solutions)) == truth and r.exhausted


@pytest.mark.parametrize("seed", range(12))
def test_long_shafts_as_sums_of_their_runs_match_brute_force_on_4x4(seed, monkeypatch):
    """A shaft longer than ``LONG_SHAFT`` is cut into runs of cells sharing a house, each
    run's sum by its sets: with the threshold lowered so that shafts of 3 to 8 cells
    wandering over the grid take that road, the sat paradigm finds exactly the grids the
    checker accepts (pills read off a random grid where one spells the shaft's sum;
    values 1..4, 0..3 or 8..11)."""
    from sudoku_cp.variants import encode_cnf_sums, model as m
    from sudoku_cp.variants.paradigms import solve
    from sudoku_cp.variants.rules import check_solution

    monkeypatch.setattr(encode_cnf_sums, "LONG_SHAFT", 2)
    rng = random.Random(seed)
    shift = (0, -1, 7)[seed % 3]
    grids = [tuple(v + shift for v in g) for g in GRIDS]
    grid = rng.choice(grids)
    cells = rng.sample(range(16), rng.randint(5, 14))
    bulb, shaft = cells[:2], tuple(cells[2:])
    if rng.random() < 0.8:  # a pill read off the grid where one spells it
        total = sum(grid[c] for c in shaft)
        others = [c for c in range(16) if c not in shaft]
        pairs = [(a, b) for a in others for b in others if a != b and 10 * grid[a] + grid[b] == total]
        bulb = list(rng.choice(pairs)) if pairs else bulb
    puzzle = m.VariantPuzzle(4, values=(1 + shift, 4 + shift),
                             constraints=(m.Arrow(tuple(bulb), shaft),))
    truth = sorted(g for g in grids if not check_solution(puzzle, g))
    r = solve(puzzle, "sat", limit=len(truth) + 1)
    assert sorted(map(tuple, r.solutions)) == truth and r.exhausted


@pytest.mark.parametrize("seed", range(4))
def test_pill_arrows_with_values_that_are_no_digits(seed):
    """On 16x16 a pill's second cell may hold 12, so "1 then 12" reads 22 as "2 then 2"
    does: the pill's number is then not spelt one way, and the sets-of-values road must
    not be taken (it keeps one literal per number). A grid with a few cells open around
    a pill arrow read off it: sat finds it, and every solution passes the checker."""
    from sudoku_cp.variants import model as m
    from sudoku_cp.variants.paradigms import solve
    from sudoku_cp.variants.rules import check_solution

    rng = random.Random(seed)
    grid = tuple((r * 4 + r // 4 + c) % 16 + 1 for r in range(16) for c in range(16))
    pills = []
    for row in range(16):
        shaft = tuple(row * 16 + c for c in range(13, 16))
        total = sum(grid[c] for c in shaft)
        pills += [((a, b), shaft) for a in range(256) for b in range(256)
                  if a != b and a not in shaft and b not in shaft and grid[b] >= 10
                  and 10 * grid[a] + grid[b] == total]
    bulb, shaft = rng.choice(pills)
    open_cells = set(bulb) | set(shaft) | set(rng.sample(range(256), 12))
    givens = tuple((c, grid[c]) for c in range(256) if c not in open_cells)
    puzzle = m.VariantPuzzle(16, givens=givens, constraints=(m.Arrow(bulb, shaft),))
    r = solve(puzzle, "sat", limit=50)
    assert r.exhausted and grid in map(tuple, r.solutions)
    assert all(not check_solution(puzzle, s) for s in r.solutions)


def test_the_native_add_loads_what_pysat_s_own_road_loads(monkeypatch):
    """``_add_all`` calls Glucose's add in PySAT's C module straight away; without it
    (another solver, or a PySAT that renamed it) clauses go PySAT's own way. Both roads
    must give the same solver: the same solutions, and an empty clause still unsatisfiable."""
    from pysat.solvers import Solver

    from sudoku_cp.variants import sat

    clauses = [[1, 2, 3], [-1, -2], [-2, -3], [-1, -3], [2, 4], [-4, -3]]

    def models(native):
        monkeypatch.setattr(sat, "_NATIVE_ADD", native)
        with Solver(name="glucose4") as s:
            sat._add_all(s, clauses)
            found = sorted(tuple(m) for m in s.enum_models())
        with Solver(name="glucose4") as s:
            sat._add_all(s, [[1], [-1]])
            return found, s.solve()

    native = dict(sat._NATIVE_ADD)
    assert models(native) == models({}) and models(native)[1] is False
    assert models({"Glucose4": ("glucose", "no_such_function")}) == models({})
