"""``fast`` for variants: a pair woken only when its cell holds few values.

A pair (``PAIR``: a binary relation by two tables) removes a value from the other cell
only when every value the watched cell still holds forbids it. ``varkernel._few`` is the
most values a cell can hold with that still possible (an inequality: 1); a narrowing that
leaves the cell more does not queue the pair (``varbase._narrow``). Checked here: ``_few``
against every subset of values on random tables; the wake itself; and the solutions of
puzzles made of pairs (anti-knight, non-consecutive, thermometers, dots, XV) against the
independent checker and against ``sat``'s count.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.fastvar.program import HOUSE, PAIR, compile_puzzle  # noqa: E402
from sudoku_cp.variants.paradigms import solve  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402


def _few_by_subsets(table, nv):
    """The most values a set of the watched cell's can hold while its supports miss one of
    the other's values (0 when a set of all ``nv`` can)."""
    most = 0
    for size in range(1, nv + 1):
        for held in itertools.combinations(range(nv), size):
            union = 0
            for i in held:
                union |= table[i]
            if union != (1 << nv) - 1:
                most = size
    return most if most < nv else 0


@pytest.mark.parametrize("seed", range(6))
def test_few_is_the_largest_set_of_values_that_can_remove_one(seed):
    k = engine.kernel()
    rng = random.Random(seed)
    seen = set()
    for _ in range(150):
        nv = rng.randint(2, 6)
        dense = rng.random()
        table = [sum(1 << w for w in range(nv) if rng.random() < dense) for _ in range(nv)]
        tab = np.array([7] + table, dtype=np.int64)  # (one entry before it: ``at`` is read)
        got = int(k._few(tab, 1, nv))
        assert got == _few_by_subsets(table, nv), (table, nv)
        seen.add(got)
    assert len(seen) >= 3  # (the tables reach several answers, not only 0)


def test_an_inequality_is_woken_by_a_single_only():
    k = engine.kernel()
    ne = np.array([0b1111 & ~(1 << i) for i in range(4)], dtype=np.int64)
    assert k._few(ne, 0, 4) == 1
    # a cell of 1..4 beside another, neither equal nor consecutive: 1 forbids 1 and 2 ...
    nc = np.array([0b1111 & ~(0b111 << i >> 1) for i in range(4)], dtype=np.int64)
    assert k._few(nc, 0, 4) == 3
    less = np.array([0b1111 & ~((2 << i) - 1) for i in range(4)], dtype=np.int64)  # a < b
    assert k._few(less, 0, 4) == 0  # any set of a's values forbids b = 1: always woken


def _queued(prog, run, x, keep):
    from sudoku_cp.variants.fastvar.varbase import _narrow

    dom = prog.dom.copy()
    assert _narrow(dom, x, keep, prog.wstart, run.wlist, run.queue, run.inq, run.state,
                   run.nprops)
    queued = {int(prog.kinds[p]) for p in np.flatnonzero(run.inq)}
    run.inq[:] = False
    return queued


def test_an_anti_knight_pair_wakes_when_its_cell_is_fixed_and_not_before():
    prog = compile_puzzle(m.VariantPuzzle(4, values=(0, 3), constraints=(m.AntiKnight(),)))
    assert PAIR in set(prog.kinds.tolist())
    run = engine.Run(prog, engine.kernel(), everything=False)
    two = _queued(prog, run, 0, 0b0011)
    assert HOUSE in two and PAIR not in two
    assert PAIR in _queued(prog, run, 0, 0b0010)


def _grid_puzzles(seed):
    """Puzzles of pairs on 4x4 and 6x6 with a few givens read off a solved grid (so each
    has a solution), the rules drawn at random among the pair rules."""
    rng = random.Random(seed)
    for n in (4, 6):
        rules = [m.AntiKnight(), m.NonConsecutive()]
        base = solve(m.VariantPuzzle(n, constraints=tuple(rules[:1])), "sat", limit=1)
        if not base.solutions:
            base = solve(m.VariantPuzzle(n), "sat", limit=1)
            rules = []
        grid = base.solutions[0]
        kept = tuple(rules[:rng.randint(0, len(rules))]) if rules else ()
        cells = rng.sample(range(n * n), 2 * n)
        givens = tuple((c, grid[c]) for c in cells)
        thermo = (0, 1) if grid[0] < grid[1] else (1, 0)
        yield m.VariantPuzzle(n, givens=givens[: 2 * n - 4],
                              constraints=kept + (m.Thermometer(thermo),))


@pytest.mark.parametrize("seed", range(8))
def test_puzzles_of_pairs_keep_every_solution(seed):
    for puzzle in _grid_puzzles(seed):
        prog = compile_puzzle(puzzle)
        assert PAIR in set(prog.kinds.tolist())
        got = engine.solve(puzzle, limit=1000)
        want = solve(puzzle, "sat", limit=1000)
        assert len(want.solutions) < 1000  # (every solution: the lists compare whole)
        assert got.status == "solved"
        assert sorted(got.solutions) == sorted(tuple(s) for s in want.solutions)
        for s in got.solutions:
            assert check_solution(puzzle, s) == []
