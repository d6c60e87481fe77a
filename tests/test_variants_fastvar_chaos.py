"""``fast``'s chaos construction (``fastvar.varchaos``): its split, hidden singles,
connectivity and the clues on the regions keep every (grid, split) pair and no other.

Random 5x5 puzzles (no boxes, a few givens, sometimes a count or an arrow that holds on
a split of the drawn grid): ``fast`` finds each grid as many times as ``sat`` does (an
encoding written apart from it), and as many times as the checker's own split search
(``rules_chaos.fitting_splits``) finds splits of it that keep the clues.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import program, program_chaos  # noqa: E402
from sudoku_cp.variants.paradigms import UnsupportedConstraint, solve  # noqa: E402
from sudoku_cp.variants.rules_chaos import fitting_splits, splits  # noqa: E402

N = 5
LIMIT = 400


def _latin_square(rng, n):
    rows, cols, values = (rng.sample(range(n), n) for _ in range(3))
    return tuple(values[(rows[r] + cols[c]) % n] + 1 for r in range(n) for c in range(n))


def _region_of(split):
    return {x: i for i, part in enumerate(split) for x in part}


def _walk(start, dr, dc):
    r, c = divmod(start, N)
    out = []
    while 0 <= r < N and 0 <= c < N:
        out.append(r * N + c)
        r, c = r + dr, c + dc
    return tuple(out)


def _clue(rng, kind, grid, region):
    """A count or an arrow from a random start that holds on ``grid`` split as ``region``
    (its control cell one whose value is the number less the offset), or None."""
    start = rng.randrange(N * N)
    offset = rng.randrange(2)
    if kind == "count":
        cells = (start, *rng.sample(range(N * N), rng.randint(2, 7)))
        got = sum(region[x] == region[start] for x in cells)
        make = lambda cell: m.ChaosCount(cell, cells, offset)  # noqa: E731
    else:
        arms = [_walk(start, *rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0))))
                for _ in range(rng.randint(1, 3))]
        got = 1
        for arm in arms:
            for x in arm[1:]:
                if region[x] != region[start]:
                    break
                got += 1
        make = lambda cell: m.ChaosArrow(cell, sum(arms, ()),  # noqa: E731
                                         tuple(len(a) for a in arms), offset)
    fits = [x for x in range(N * N) if grid[x] + offset == got]
    return make(rng.choice(fits)) if fits else None


def _puzzle(seed, clues):
    rng = random.Random(seed)
    grid = _latin_square(rng, N)
    givens = tuple((x, grid[x]) for x in sorted(rng.sample(range(N * N), rng.randint(9, 14))))
    region = _region_of(rng.choice(list(splits(m.VariantPuzzle(N, box=None, constraints=(
        m.ChaosConstruction(),)), grid))))
    made = [_clue(rng, rng.choice(("count", "arrow")), grid, region) for _ in range(clues)]
    return m.VariantPuzzle(N, box=None, givens=givens,
                           constraints=(m.ChaosConstruction(), *(c for c in made if c)))


def _counted(p, paradigm):
    r = solve(p, paradigm, limit=LIMIT, time_limit=120)
    assert r.exhausted, f"{paradigm}: more than {LIMIT} solutions or out of time"
    return {g: r.solutions.count(g) for g in set(r.solutions)}


@pytest.mark.parametrize("seed, clues", [(s, 0) for s in range(4)] + [(s, 3) for s in range(4, 12)])
def test_fast_counts_each_grid_and_split_as_sat_and_the_checker(seed, clues):
    p = _puzzle(seed, clues)
    got = _counted(p, "fast")
    assert got, "the draw has no solution: the test would compare nothing"
    assert got == _counted(p, "sat")
    assert got == {g: sum(1 for _ in fitting_splits(p, g)) for g in got}


def test_a_chaos_same_of_single_cells_joins_their_regions():
    p = _puzzle(1, 0)
    same = m.ChaosSame((0, 24))
    q = m.VariantPuzzle(N, box=None, givens=p.givens, constraints=(*p.constraints, same))
    got = _counted(q, "fast")
    assert got == _counted(q, "sat")


def test_larger_sets_and_region_counts_are_declined_by_name():
    for c in (m.ChaosSame((0, 1, 2, 3), 2), m.ChaosRegions(0, (1, 2, 3))):
        p = m.VariantPuzzle(4, box=None, constraints=(m.ChaosConstruction(), c))
        with pytest.raises(UnsupportedConstraint, match=c.TYPE):
            solve(p, "fast", limit=2, time_limit=10)


def test_the_kind_numbers_agree_with_program():
    for name in ("CHAOS", "CHAOSCOUNT", "CHAOSARROW"):
        assert getattr(program_chaos, name) == getattr(program, name), name
