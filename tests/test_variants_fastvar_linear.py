"""``fast`` for variants: a sum by bounds (``LINEAR``: weights other than ±1, an arrow of a
two-digit bulb) whose terms come in groups of cells that all differ.

The rule, from the definition: the cells of one group take distinct values, so the group's
sum is at least the sum of the least distinct values their lower bounds allow (and at most
the greatest, from the top); and a cell of the group at a value ``v`` above the top ``t`` of
that least set makes the group's sum at least that least sum - ``t`` + ``v``, which bounds
``v`` by what the other terms leave. Tested: the propagator alone, on random candidates of a
few cells of a Latin square, never removes a value some filling respecting the houses uses,
and fails only when there is no such filling; it settles a sum plain bounds cannot; and
sums shaped as long arrows with two-digit bulbs, read off random grids, agree with ``sat`` through the
independent checker.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants import sat  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402


def _program(n, lo, terms, total, doms=None):
    """A program of the Latin square's houses (rows and columns) and one sum by bounds."""
    from sudoku_cp.variants.fastvar.program import Program

    puzzle = m.VariantPuzzle(n, box=None, values=(lo, lo + n - 1))
    prog = Program(puzzle)
    for house in puzzle.houses():
        prog.house(house)
    prog.linear(terms, total)
    prog.freeze()
    return prog


def _linear_of(prog):
    """(index, data) of the program's one ``LINEAR``."""
    from sudoku_cp.variants.fastvar.program import LINEAR

    p = int(np.flatnonzero(prog.kinds == LINEAR)[0])
    return p, prog.data[prog.pstart[p]:prog.pstart[p + 1]].tolist()


def test_grouped_bounds_never_remove_a_value_a_filling_uses():
    rng = random.Random("linear-groups")
    grouped = failed = narrowed = 0
    for trial in range(400):
        n = rng.randint(4, 6)
        lo = rng.choice([0, 1])
        hi = lo + n - 1
        row = rng.randrange(n)
        k = rng.randint(4, 6)
        # most cells in one row or one column (they differ), a few anywhere
        cells = rng.sample([row * n + c for c in range(n)], rng.randint(2, n))
        cells += [x for x in rng.sample(range(n * n), k) if x not in cells][:2]
        weights = [rng.choice([2, 2, 3, -2, 1, -1]) for _ in cells]
        weights[0] = 2  # (a weight other than ±1: a sum by bounds, never an exact one)
        total = sum(w * rng.randint(lo, hi) for w in weights) + rng.choice([0, 0, 1, -1])
        prog = _program(n, lo, list(zip(cells, weights)), total)
        p, data = _linear_of(prog)
        grouped += data[2 + 2 * data[0]] > 0
        for x in cells:
            prog.dom[x] &= rng.randrange(1, 1 << n) | rng.randrange(1 << n)
        before = prog.dom.copy()
        sound = {x: 0 for x in cells}
        weight = dict(zip(cells, weights))
        pairs = list(itertools.combinations(cells, 2))
        for line in itertools.product(*[[v for v in range(lo, hi + 1)
                                         if before[x] >> (v - lo) & 1] for x in cells]):
            if sum(weight[x] * v for x, v in zip(cells, line)) != total:
                continue
            val = dict(zip(cells, line))
            if any((a // n == b // n or a % n == b % n) and val[a] == val[b]
                   for a, b in pairs):
                continue
            for x in cells:
                sound[x] |= 1 << (val[x] - lo)
        dom = prog.dom.copy()
        ok = engine.propagate_once(prog, dom, [p], watch=False)
        where = (trial, n, lo, cells, weights, total, [int(before[x]) for x in cells])
        if not ok:
            assert not any(sound.values()), where
            failed += 1
            continue
        for x in cells:
            assert sound[x] & ~int(dom[x]) == 0, where
        narrowed += any(int(dom[x]) != int(before[x]) for x in cells)
    assert grouped > 250 and failed >= 10 and narrowed >= 50  # every side exercised


def test_a_group_of_distinct_cells_settles_what_plain_bounds_leave_open():
    """Row 0 of a 4x4 holds 1..4 (sum 10): 2 * its sum - e == 17 leaves e == 3 only,
    where each term's bounds alone (the row's cells 1..4, e 1..4) allow any e."""
    n = 4
    e = 2 * n + 1
    prog = _program(n, 1, [(x, 2) for x in range(n)] + [(e, -1)], 17)
    p, data = _linear_of(prog)
    assert data[2 + 2 * data[0]] == 2  # two groups: the row, and e alone
    dom = prog.dom.copy()
    assert engine.propagate_once(prog, dom, [p], watch=False)
    assert int(dom[e]) == 1 << (3 - 1)
    assert all(int(dom[x]) == (1 << n) - 1 for x in range(n))  # (their sum, not each value)


def _winding(rng, n, length):
    """A path of ``length`` distinct cells, each next to the one before (a random walk
    that starts again when it is stuck)."""
    while True:
        path = [rng.randrange(n * n)]
        while len(path) < length:
            r, c = divmod(path[-1], n)
            steps = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                     if 0 <= r + dr < n and 0 <= c + dc < n]
            steps = [x for x in steps if x not in path]
            if not steps:
                break
            path.append(rng.choice(steps))
        if len(path) == length:
            return path


def test_long_arrows_with_two_digit_bulbs_agree_with_sat_through_the_checker():
    """Sums as an arrow of a two-cell bulb and a long winding shaft states them (weights
    -10, -1, then 1s: a sum by bounds, grouped by the houses it crosses), their totals
    read off random 9x9 grids, a few givens: ``fast`` and ``sat``
    agree on the count and the solution, and the checker keeps every solution."""
    rng = random.Random("long-arrows")
    n = 9
    for trial in range(4):
        grid = sat.solve(m.VariantPuzzle(n, givens=((rng.randrange(n * n), 5),)),
                         limit=1).solutions[0]
        rules = []
        for _ in range(2):
            path = _winding(rng, n, rng.randint(10, 16))
            weights = (-10, -1) + (1,) * (len(path) - 2)  # a two-cell bulb, its shaft
            rules.append(m.Sum(tuple(path), sum(w * grid[x] for w, x in zip(weights, path)),
                               weights))
        givens = tuple((x, grid[x]) for x in rng.sample(range(n * n), 22))
        p = m.VariantPuzzle(n, givens=givens, constraints=tuple(rules))
        assert not check_solution(p, grid)
        want = sat.solve(p, limit=2, time_limit=30)
        got = engine.solve(p, limit=2, time_limit=30)
        assert want.status != "timeout" and got.status != "timeout"
        assert got.count == want.count, (trial, p.to_json())
        if want.count == 1:
            assert got.solutions == want.solutions
        for s in got.solutions:
            assert not check_solution(p, s)


def _houses_9x9():
    """Rows, columns, boxes and the disjoint groups (a box position) of a 9x9, as sets."""
    rows = [{r * 9 + c for c in range(9)} for r in range(9)]
    cols = [{r * 9 + c for r in range(9)} for c in range(9)]
    boxes = [{(b // 3 * 3 + i) * 9 + b % 3 * 3 + j for i in range(3) for j in range(3)}
             for b in range(9)]
    spots = [{(b // 3 * 3 + s // 3) * 9 + b % 3 * 3 + s % 3 for b in range(9)}
             for s in range(9)]
    return rows + cols + boxes + spots


def test_cliques_group_only_cells_that_share_a_house_and_never_bound_lower():
    """``implied._cliques`` on random sets of 10 to 40 cells of a 9x9 with disjoint groups:
    the groups cover each cell once, every two cells of a group share a house (read from
    the houses themselves), and ``_distinct_groups`` never keeps a split of a lower least
    sum than the split by house."""
    from sudoku_cp.variants.fastvar import implied

    houses = _houses_9x9()
    holding = [sum(1 << h for h, cells in enumerate(houses) if x in cells) for x in range(81)]
    rng = random.Random("cliques")
    better = 0
    for trial in range(300):
        cells = rng.sample(range(81), rng.randint(10, 40))
        groups = implied._cliques(cells, holding)
        assert sorted(x for g in groups for x in g) == sorted(cells), trial
        for g in groups:
            for x, y in itertools.combinations(g, 2):
                assert any(x in h and y in h for h in houses), (trial, g)
        by_house = implied._by_house(cells, holding)
        kept = implied._distinct_groups([(x, 1) for x in cells], holding)
        least = sum(len(g) * (len(g) - 1) // 2 for g in kept)  # (each leads with the weight)
        assert least >= implied._least(by_house), trial
        better += least > implied._least(by_house)
    assert better  # (the cliques do win some)


LONG_SUMS_2 = ((40, 49), (31, 30, 39, 38, 37, 46, 47, 56, 57, 66, 75, 76, 67, 58, 59, 68, 69,
                          60, 51, 42, 43, 34, 35, 26, 17, 16, 25, 24, 15, 14, 23, 22))


def test_long_sums_2s_shaft_in_cliques_settles_its_pill_at_the_root():
    """ISS's "Long sums 2" (a two-cell pill over a 32-cell shaft, disjoint groups): split by
    house the shaft's least sum is 97, as cliques 98, which with the pill at most 98 puts
    it at 98 (9 then 8) before any choice."""
    from sudoku_cp.variants.fastvar.program import compile_puzzle

    bulb, shaft = LONG_SUMS_2
    p = m.VariantPuzzle(9, constraints=(m.Arrow(bulb, shaft), m.DisjointGroups()))
    prog = compile_puzzle(p)
    dom = prog.dom.copy()
    assert engine.propagate_once(prog, dom, list(range(len(prog.kinds))))
    assert (int(dom[40]), int(dom[49])) == (1 << 8, 1 << 7)
