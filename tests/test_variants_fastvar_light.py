"""``fast`` searches a puzzle of many sums first without the sums they imply (``engine.solve``,
``LIGHT`` nodes), then, when that search runs out of nodes, the whole program from the
start. Either way the answer is the puzzle's: exactly the grids the independent checker
keeps (4x4, every grid with boxes) or sat's count (9x9), whichever stage settles it."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants import sat  # noqa: E402
from sudoku_cp.variants.fastvar import engine, implied  # noqa: E402
from sudoku_cp.variants.fastvar.program import compile_puzzle  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402

from test_variants_fastvar_implied import _cages, _shuffled, _sudokus4  # noqa: E402


def _stage(p, r) -> str:
    """Which search answered: ``light`` (its program has fewer propagators than the whole
    one), ``again`` (the light one ran out of nodes), or ``whole`` (none tried)."""
    if "light" in r.stats:
        return "again"
    whole = compile_puzzle(p).kinds.shape[0]
    return "light" if r.stats["propagators"] < whole else "whole"


@pytest.mark.parametrize("nodes", [1, 6, 60])
def test_4x4_killers_keep_exactly_the_checkers_grids_at_either_stage(monkeypatch, nodes):
    """Every cell caged, no givens (many grids): with one node the light search runs out
    before any solution, with six often after some (the whole program finds them again,
    each once), and with sixty most settle light."""
    monkeypatch.setattr(engine, "LIGHT_SUMS", 1)
    monkeypatch.setattr(engine, "LIGHT", nodes)
    rng = random.Random(f"light4-{nodes}")
    grids = _sudokus4()
    stages = {"light": 0, "again": 0, "whole": 0}
    for trial in range(40):
        p = m.VariantPuzzle(4, constraints=_cages(rng, 4, rng.choice(grids), rng.choice([2, 3])))
        truth = sorted(g for g in grids if not check_solution(p, g))
        r = engine.solve(p, limit=len(truth) + 1)
        assert r.exhausted and r.status == "solved", (trial, p.to_json())
        assert sorted(r.solutions) == truth, (trial, p.to_json())
        stages[_stage(p, r)] += 1
    if nodes < 60:  # the fall-back is what these runs test
        assert stages["again"] >= (10 if nodes == 1 else 1), stages
    else:
        assert stages["light"] >= 20


def test_4x4_limit_reached_in_the_light_search_is_a_limit():
    """A puzzle of many grids counted to two: the light search stops at the limit, and says so."""
    rng = random.Random("light-limit")
    grids = _sudokus4()
    seen = 0
    for trial in range(20):
        p = m.VariantPuzzle(4, constraints=_cages(rng, 4, rng.choice(grids), 2))
        truth = [g for g in grids if not check_solution(p, g)]
        old = engine.LIGHT_SUMS
        try:
            engine.LIGHT_SUMS = 1
            r = engine.solve(p, limit=2)
        finally:
            engine.LIGHT_SUMS = old
        assert r.count == min(2, len(truth)) and all(s in truth for s in r.solutions)
        assert r.exhausted == (len(truth) < 2) and len(set(r.solutions)) == r.count
        seen += len(truth) >= 2 and _stage(p, r) == "light"
    assert seen >= 3


@pytest.mark.parametrize("nodes", [1, engine.LIGHT])
def test_9x9_killers_count_as_sat_does(monkeypatch, nodes):
    """Random 9x9 killers of cages up to four cells (over twelve: the light search is
    tried) and a few givens: counted to two as sat does, by the whole program after one
    node of the light search, or (most) by the light search."""
    monkeypatch.setattr(engine, "LIGHT", nodes)
    rng = random.Random("light9")
    stages = {"light": 0, "again": 0, "whole": 0}
    for trial in range(6):
        grid = _shuffled(rng, 9, (3, 3))
        cages = _cages(rng, 9, grid, rng.choice([3, 4]))
        p = m.VariantPuzzle(9, constraints=cages,
                            givens=tuple((x, grid[x]) for x in rng.sample(range(81), 4)))
        assert implied.implying(p) >= engine.LIGHT_SUMS
        want = sat.solve(p, limit=2, time_limit=60)
        got = engine.solve(p, limit=2, time_limit=60)
        assert want.status != "timeout" and got.status != "timeout"
        assert got.count == want.count and got.exhausted == want.exhausted, (trial, p.to_json())
        if want.count == 1:
            assert got.solutions == want.solutions
        stages[_stage(p, got)] += 1
    assert stages["again" if nodes == 1 else "light"] >= 3, stages


def test_implying_counts_the_sums_implied_cages_reads():
    cells = ((0, 1), (2, 3), (4, 5))
    p = m.VariantPuzzle(4, constraints=(
        m.KillerCage(cells[0], total=3), m.KillerCage(cells[1]),  # (no total: no sum)
        m.Sum(cells[2], 7), m.LittleKiller((1, 6, 11), 6)))
    assert implied.implying(p) == 3
    assert implied.implying(m.VariantPuzzle(4)) == 0
