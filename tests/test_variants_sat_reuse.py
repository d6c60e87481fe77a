"""The variant ``sat`` paradigm keeps one live solver per shape: nothing of one puzzle
(its constraints, givens or blocked solutions) may constrain the next."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pysat")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants import sat  # noqa: E402
from sudoku_cp.variants.encode_cnf import shape_key  # noqa: E402
from sudoku_cp.variants.rules import is_solution  # noqa: E402


def _random_puzzle(rng):
    cells = list(range(16))
    rng.shuffle(cells)
    constraints = []
    for _ in range(rng.randint(0, 3)):
        size = rng.randint(2, 3)
        cage = tuple(sorted(cells[:size]))
        cells = cells[size:]
        constraints.append(m.KillerCage(cage, rng.randint(3, 10)))
    givens = tuple((c, rng.randint(1, 4)) for c in rng.sample(range(16), rng.randint(0, 3)))
    givens = tuple(dict(givens).items())
    return m.VariantPuzzle(4, givens=givens, constraints=tuple(constraints))


def _all(puzzle, reuse, monkeypatch):
    monkeypatch.setattr(sat, "REUSE_SOLVER", reuse)
    r = sat.solve(puzzle, limit=300)
    assert r.exhausted
    assert all(is_solution(puzzle, s) for s in r.solutions)
    return set(r.solutions)


def test_a_reused_solver_finds_what_a_fresh_one_finds(monkeypatch):
    rng = random.Random(22)
    puzzles = [_random_puzzle(rng) for _ in range(25)]
    fresh = [_all(p, False, monkeypatch) for p in puzzles]
    assert any(not f for f in fresh) and any(len(f) > 1 for f in fresh)  # both kinds met
    for budget in (sat.LIVE_BUDGET, 3, 500):  # 3: many go on to a fresh solver;
        # 75 puzzles in all: past sat.ACTS, so the live solver is also loaded afresh
        monkeypatch.setattr(sat, "LIVE_BUDGET", budget)
        for i in rng.sample(range(len(puzzles)), len(puzzles)):  # each after others
            assert _all(puzzles[i], True, monkeypatch) == fresh[i]


def test_a_solver_in_use_is_not_shared(monkeypatch):
    puzzle = m.VariantPuzzle(4, givens=((0, 1), (5, 3)), constraints=(m.Thermometer((2, 3)),))
    monkeypatch.setattr(sat, "REUSE_SOLVER", True)
    shape = sat._SHAPES(sat._ShapeKey((sat.DEFAULT_SOLVER, *shape_key(puzzle), puzzle)))
    with shape.lock:  # as if another thread were solving on it
        held = shape.solver
        r = sat.solve(puzzle, limit=100)
        assert shape.solver is held
    assert r.exhausted and len(r.solutions) == len(sat.solve(puzzle, limit=100).solutions) > 0


def _threads_started(monkeypatch):
    """A list that grows by one name per thread or timer started from ``sat``."""
    import threading

    started = []

    class Counted(threading.Thread):
        def start(self):
            started.append(self.name)
            super().start()

    class CountedTimer(threading.Timer):
        def start(self):
            started.append("timer")
            super().start()

    monkeypatch.setattr(sat.threading, "Thread", Counted)
    monkeypatch.setattr(sat.threading, "Timer", CountedTimer)
    return started


def test_an_easy_search_under_a_time_limit_starts_no_thread(monkeypatch):
    started = _threads_started(monkeypatch)
    puzzle = m.VariantPuzzle(4, givens=((0, 1), (5, 3)), constraints=(m.Thermometer((2, 3)),))
    r = sat.solve(puzzle, limit=2, time_limit=30)
    assert started == [] and r.count == 2 and all(is_solution(puzzle, s) for s in r.solutions)


@pytest.mark.parametrize("solver, setting", [
    ("minisat22", ("INLINE", (1, 1))),  # stops at the budget: past it, the slices go on
    ("glucose4", ("INLINE_MARGIN", 1e9))])  # (reads a budget only at a restart)
def test_the_threaded_slices_find_what_the_inline_slice_finds(monkeypatch, solver, setting):
    rng = random.Random(38)
    puzzles = [_random_puzzle(rng) for _ in range(12)]
    inline = [set(sat.solve(p, limit=300, time_limit=30, solver=solver).solutions)
              for p in puzzles]
    started = _threads_started(monkeypatch)
    monkeypatch.setattr(sat, *setting)
    for p, found in zip(puzzles, inline):
        r = sat.solve(p, limit=300, time_limit=30, solver=solver)
        assert r.exhausted and set(r.solutions) == found
        assert all(is_solution(p, s) for s in r.solutions)
    assert "sat-search" in started and "timer" in started  # the threaded road was taken
