"""``fast``'s chaos counts reasoned region by region (``varchaos._count_by_region``, as
ISS's handler reasons): for each region the first cell may be, the counts it allows and
what each counted cell may then be; and, when every neighbour of the first cell is
counted, a count above the cells fixed to the region while no neighbour is (a region has
two or more connected cells, so a neighbour joins it).

Called directly on label masks drawn for each rule, then held to ``sat`` and to the
checker's split search on random 5x5 puzzles whose counts run over a cell's 3x3
neighbourhood, as in ISS's "Let there be chaos" (so the neighbour rule fires).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.compiled_cache import prepare  # noqa: E402

prepare()

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import varchaos  # noqa: E402
from sudoku_cp.variants.paradigms import solve  # noqa: E402
from sudoku_cp.variants.rules_chaos import fitting_splits, splits  # noqa: E402

A, B, C, D = 1, 2, 4, 8  # region bits
ALL = A | B | C | D


def _count(control, first, counted, near=(), offset=0, values=4):
    """``_count_by_region`` on one count: ``control`` the control cell's value mask (bit
    ``i`` the value ``i + 1``), ``first`` and ``counted`` label masks, ``near`` the indexes
    (into ``counted``) of the first cell's neighbours when all are counted. Returns whether
    it holds and the control, first and counted masks after. Its scratch comes as a past
    run leaves it (every bit set): the rule must clear what it reads."""
    k = len(counted)
    dom = np.array([control, first, *counted], dtype=np.int64)
    d = np.array([k, offset, 0, 1, *range(2, 2 + k), 1, len(near),
                  *(2 + j for j in near)], dtype=np.int64)
    wstart = np.zeros(len(dom) + 1, dtype=np.int64)
    ok = varchaos._count_by_region(dom, d, 0, 1, wstart, np.zeros(1, dtype=np.int64),
                                   np.zeros(2, dtype=np.int64), np.zeros(1, dtype=np.bool_),
                                   np.zeros(16, dtype=np.int64), 1,
                                   np.full(k + 2, -1, dtype=np.int64))
    return ok, int(dom[0]), int(dom[1]), dom[2:].tolist()


def test_every_region_of_the_first_forcing_the_open_cells_in_leaves_them_only_those():
    # count 3: under A the two open cells must both be A, under B both B; C is no option
    ok, control, first, after = _count(1 << 2, A | B, [A | B | C, A | B | C])
    assert ok and control == 1 << 2 and first == A | B
    assert after == [A | B, A | B]


def test_a_region_that_cannot_reach_the_count_leaves_the_first_cell():
    # count 3: only A has two cells that may join; B has one
    ok, control, first, after = _count(1 << 2, A | B, [A | B, A | C])
    assert ok and first == A and after == [A, A]


def test_a_count_at_its_least_keeps_the_open_cells_out_and_one_at_its_most_takes_them():
    ok, control, first, after = _count(1 << 0, A, [A | B, A | C, A | D])
    assert ok and after == [B, C, D]
    ok, control, first, after = _count(1 << 3, A, [A | B, A | C, A | D])
    assert ok and after == [A, A, A]
    # the first open: a region under which a cell may go either way keeps both for it
    ok, control, first, after = _count(1 << 0, A | B, [A | B | C, B | D])
    assert ok and after == [A | B | C, B | D]


def test_an_enclosed_first_cell_counts_a_neighbour_when_none_is_fixed_to_its_region():
    # both neighbours counted and open: count 1 is out, so count 2 (either may join)
    ok, control, first, after = _count(1 | 2, A, [A | B, A | C], near=(0, 1))
    assert ok and control == 2
    assert after == [A | B, A | C]
    # a neighbour already in A: counts 2 and 3 stay
    ok, control, first, after = _count(1 | 2 | 4, A, [A, A | C], near=(0, 1))
    assert ok and control == 2 | 4


def test_an_enclosed_first_cell_with_no_open_neighbour_in_its_region_fails_at_count_one():
    ok, *_ = _count(1, A, [B | C, A | C], near=(0, 1))
    assert not ok
    ok, *_ = _count(1, A, [B | C, A | C])  # not enclosed: count 1 is fine
    assert ok


N = 5


def _latin_square(rng, n):
    rows, cols, values = (rng.sample(range(n), n) for _ in range(3))
    return tuple(values[(rows[r] + cols[c]) % n] + 1 for r in range(n) for c in range(n))


def _around(x):
    r, c = divmod(x, N)
    return [a * N + b for a in range(r - 1, r + 2) for b in range(c - 1, c + 2)
            if 0 <= a < N and 0 <= b < N and (a, b) != (r, c)]


def _puzzle(seed, counts):
    """A random 5x5 with ``counts`` counts of a cell's 3x3 neighbourhood, each on its own
    cell (as the clues of "Let there be chaos"), true on a split of the drawn grid."""
    rng = random.Random(seed)
    grid = _latin_square(rng, N)
    givens = tuple((x, grid[x]) for x in sorted(rng.sample(range(N * N), rng.randint(8, 12))))
    split = rng.choice(list(splits(m.VariantPuzzle(N, box=None, constraints=(
        m.ChaosConstruction(),)), grid)))
    region = {x: i for i, part in enumerate(split) for x in part}
    made = []
    for x in rng.sample(range(N * N), N * N):
        got = 1 + sum(region[y] == region[x] for y in _around(x))
        if grid[x] - got in (0, -1):  # the value, or one less with offset 1
            made.append(m.ChaosCount(x, (x, *_around(x)), got - grid[x]))
        if len(made) == counts:
            break
    return m.VariantPuzzle(N, box=None, givens=givens,
                           constraints=(m.ChaosConstruction(), *made)), len(made)


def _counted(p, paradigm):
    r = solve(p, paradigm, limit=400, time_limit=120)
    assert r.exhausted, f"{paradigm}: more than 400 solutions or out of time"
    return {g: r.solutions.count(g) for g in set(r.solutions)}


@pytest.mark.parametrize("seed", range(10))
def test_fast_counts_neighbourhood_counts_as_sat_and_the_checker(seed):
    p, made = _puzzle(seed, 3)
    assert made, "no count drawn: the test would check nothing new"
    got = _counted(p, "fast")
    assert got, "the draw has no solution: the test would compare nothing"
    assert got == _counted(p, "sat")
    assert got == {g: sum(1 for _ in fitting_splits(p, g)) for g in got}


def test_the_search_does_not_depend_on_how_its_nodes_are_cut_into_kernel_calls(monkeypatch):
    # the chaos branching weighs the cell of the last choice when a node fails; that cell
    # must survive the end of one kernel call and the start of the next
    from sudoku_cp.variants.fastvar import engine

    p, _ = _puzzle(3, 3)
    whole = solve(p, "fast", limit=400, time_limit=None)
    monkeypatch.setattr(engine, "BUDGET", 3)
    cut = solve(p, "fast", limit=400, time_limit=None)
    assert whole.stats["nodes"] > 30, "too small a search to cut"
    assert (cut.stats["nodes"], cut.solutions) == (whole.stats["nodes"], whole.solutions)
