"""``fast`` for variants: the exact sum propagator (``GROUPSUM``) alone, against every filling.

A sum of four or more terms of coefficient ±1 (little killers, arrows with a one-cell
bulb, double arrows, long sums) is kept exactly, values differing within the groups of
cells ``program`` forms from shared houses. One propagator runs on random candidates of
a few cells of a Latin square (rows and columns are houses); the truth is every filling
of those candidates: it must keep every value a filling that respects all the houses
uses, keep exactly the values of the fillings that respect its groups, and fail exactly
when there are none. The engine's solutions go through the independent checker.
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


def _run_one(prog, n):
    """Run the program's one ``GROUPSUM`` once on ``prog.dom``, no watcher queued (one
    run reaches its fixpoint: a value kept has a filling of kept values); (ok, dom)."""
    from sudoku_cp.variants.fastvar.program import GROUPSUM

    k = engine.kernel()
    p = int(np.flatnonzero(prog.kinds == GROUPSUM)[0])
    dom = prog.dom.copy()
    nprops = len(prog.kinds)
    queue = np.zeros(2 * nprops, dtype=np.int64)
    queue[nprops] = p  # the propagator, in the slow ring
    state = np.zeros(16, dtype=np.int64)
    state[k.STAIL], state[k.SSIZE] = 1 % nprops, 1
    inq = np.zeros(nprops, dtype=np.bool_)
    inq[p] = True
    ok = k.propagate(dom, prog.kinds, prog.pstart, prog.data, prog.tab, 0 * prog.wstart,
                     prog.wlist, prog.cstart, prog.pcells, np.zeros(n * n, dtype=np.int64),
                     prog.lo, prog.nv, queue, inq, state)
    return ok, dom


def test_the_exact_sum_keeps_exactly_what_the_fillings_of_its_groups_use():
    from sudoku_cp.variants.fastvar.program import GROUPSUM, Program

    rng = random.Random("groupsum")
    checked = failed = 0
    for trial in range(300):
        n = rng.randint(4, 6)
        lo = rng.choice([0, 1])
        hi = lo + n - 1
        k = rng.randint(4, 6)
        cells = tuple(rng.sample(range(n * n), k))
        weights = tuple(rng.choice([1, 1, -1]) for _ in cells)
        total = sum(w * rng.randint(lo, hi) for w in weights) + rng.choice([0, 0, 1, -1])
        puzzle = m.VariantPuzzle(n, box=None, values=(lo, hi),
                                 constraints=(m.Sum(cells, total, weights),))
        prog = Program(puzzle)
        for house in puzzle.houses():
            prog.house(house)
        prog.linear(zip(cells, weights), total)
        prog.freeze()
        assert GROUPSUM in prog.kinds.tolist()
        for x in cells:
            prog.dom[x] &= rng.randrange(1, 1 << n) | rng.randrange(1 << n)
        before = prog.dom.copy()
        # the groups, as the program's data lists them
        p = int(np.flatnonzero(prog.kinds == GROUPSUM)[0])
        data = prog.data[prog.pstart[p]:prog.pstart[p + 1]].tolist()
        ngroups = data[2]
        sizes = data[3:3 + 2 * ngroups:2]
        order = data[3 + 2 * ngroups:]
        group = {}
        at = 0
        for g, size in enumerate(sizes):
            for x in order[at:at + size]:
                group[x] = g
            at += size
        weight = dict(zip(cells, weights))
        exact = {x: 0 for x in cells}
        sound = {x: 0 for x in cells}
        for line in itertools.product(*[[v for v in range(lo, hi + 1)
                                         if before[x] >> (v - lo) & 1] for x in cells]):
            if sum(weight[x] * v for x, v in zip(cells, line)) != total:
                continue
            val = dict(zip(cells, line))
            pairs = list(itertools.combinations(cells, 2))
            if any(group[a] == group[b] and val[a] == val[b] for a, b in pairs):
                continue
            for x in cells:
                exact[x] |= 1 << (val[x] - lo)
            if not any((a // n == b // n or a % n == b % n) and val[a] == val[b]
                       for a, b in pairs):
                for x in cells:
                    sound[x] |= 1 << (val[x] - lo)
        ok, dom = _run_one(prog, n)
        where = (trial, puzzle.to_json(), [int(before[x]) for x in cells])
        if not any(exact.values()):
            assert not ok, where
            failed += 1
            continue
        assert ok, where
        checked += 1
        for x in cells:
            assert int(dom[x]) == exact[x], where
            assert sound[x] & ~int(dom[x]) == 0, where
    assert checked > 50 and failed >= 5  # both sides of the rule were exercised


def test_groups_are_cells_of_one_sign_sharing_a_house():
    from sudoku_cp.variants.fastvar.program import GROUPSUM, compile_puzzle

    # a little killer down the main diagonal of a 9x9: three boxes, three cells each
    diag = tuple(i * 10 for i in range(9))
    prog = compile_puzzle(m.VariantPuzzle(9, constraints=(m.LittleKiller(diag, 45),)))
    p = int(np.flatnonzero(prog.kinds == GROUPSUM)[0])
    data = prog.data[prog.pstart[p]:prog.pstart[p + 1]].tolist()
    assert data[:3] == [9, 45 - 9, 3] and data[3:9] == [3, 1] * 3
    assert data[9:] == list(diag)


@pytest.mark.parametrize("n", [6, 9])
def test_little_killers_and_long_sums_agree_with_sat_through_the_checker(n):
    """Little killers, sums with weights ±1 and double arrows read off a random grid, a
    few givens: ``fast`` and ``sat`` agree on the count and the solution, and every
    solution ``fast`` gives the independent checker keeps."""
    rng = random.Random(f"sums{n}")
    box = m.DEFAULT_BOXES[n]
    for trial in range(5):
        found = sat.solve(m.VariantPuzzle(n, box=box, givens=(
            (rng.randrange(n * n), rng.randint(1, n)),)), limit=1).solutions
        grid = found[0]
        rules = []
        for _ in range(4):
            r, c = rng.randrange(n), 0
            cells = tuple((r + i) * n + c + i for i in range(n - r))
            if len(cells) >= 2:
                rules.append(m.LittleKiller(cells, sum(grid[x] for x in cells)))
        for _ in range(2):
            cells = tuple(rng.sample(range(n * n), rng.randint(4, 7)))
            weights = tuple(rng.choice([1, -1]) for _ in cells)
            rules.append(m.Sum(cells, sum(w * grid[x] for w, x in zip(weights, cells)), weights))
        givens = tuple((x, grid[x]) for x in rng.sample(range(n * n), n * n // 4))
        p = m.VariantPuzzle(n, box=box, givens=givens, constraints=tuple(rules))
        assert not check_solution(p, grid)
        want = sat.solve(p, limit=2, time_limit=30)
        got = engine.solve(p, limit=2, time_limit=30)
        assert want.status != "timeout" and got.status != "timeout"
        assert got.count == want.count, (trial, p.to_json())
        if want.count == 1:
            assert got.solutions == want.solutions
        for s in got.solutions:
            assert not check_solution(p, s)
