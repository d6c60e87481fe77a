"""``fast`` for variants: who a narrowing wakes.

A propagator that reads only each cell's lowest and highest candidate (``engine.BOUNDS``:
linear sums, between and lockout lines) is queued when one of those goes (a cell fixed
is one of them), not when a value inside goes; every other propagator on the cell is
queued on any narrowing. Waking fewer is a matter of speed only: the solutions and
statuses are those of waking every watcher on every narrowing, checked here on puzzles
that use those propagators, through the independent checker.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.fastvar.program import (BETWEEN, HOUSE, LINEAR, LOCKOUT,  # noqa: E402
                                                 compile_puzzle)
from sudoku_cp.variants.rules import check_solution  # noqa: E402


def _narrowed(prog, run, x, keep):
    """``keep`` applied to cell ``x`` of a fresh copy of the root: the kinds queued."""
    from sudoku_cp.variants.fastvar.varbase import _narrow

    dom = prog.dom.copy()
    assert _narrow(dom, x, keep, prog.wstart, run.wlist, run.queue, run.inq, run.state,
                   run.nprops)
    queued = {int(prog.kinds[p]) for p in np.flatnonzero(run.inq)}
    run.inq[:] = False  # (the queue's counters are not read again here)
    return queued


def test_a_bounds_watcher_wakes_when_an_end_value_goes_and_not_for_one_inside():
    assert "BETWEEN" in engine.BOUNDS
    prog = compile_puzzle(m.VariantPuzzle(4, constraints=(m.Between((0, 5, 10, 15)),)))
    run = engine.Run(prog, engine.kernel(), everything=False)
    inner = 5  # candidates 1..4, bits 0..3
    assert prog.dom[inner] == 0b1111
    inside = _narrowed(prog, run, inner, ~0b0100)  # 3 goes: 1 and 4 stay
    assert HOUSE in inside and BETWEEN not in inside
    assert BETWEEN in _narrowed(prog, run, inner, ~0b0001)  # the lowest, 1, goes
    assert BETWEEN in _narrowed(prog, run, inner, ~0b1000)  # the highest, 4, goes
    assert BETWEEN in _narrowed(prog, run, inner, 0b0010)  # fixed to 2


def test_with_no_bounds_watchers_every_watcher_wakes_on_any_narrowing(monkeypatch):
    monkeypatch.setattr(engine, "BOUNDS", ())
    prog = compile_puzzle(m.VariantPuzzle(4, constraints=(m.Between((0, 5, 10, 15)),)))
    run = engine.Run(prog, engine.kernel(), everything=False)
    assert BETWEEN in _narrowed(prog, run, 5, ~0b0100)


PUZZLES = {
    "between and lockout": m.VariantPuzzle(
        6, givens=((0, 1), (14, 4)),
        constraints=(m.Between((2, 8, 14)), m.Lockout((30, 25, 20, 21), 2))),
    "an arrow of a two-digit bulb (a linear sum)": m.VariantPuzzle(
        6, givens=((35, 6),),
        constraints=(m.Arrow((0, 1), (6, 13, 20, 27)), m.Arrow((17,), (23, 29)))),
}
KINDS = {"between and lockout": {BETWEEN, LOCKOUT},
         "an arrow of a two-digit bulb (a linear sum)": {LINEAR}}


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_bounds_wakes_give_the_solutions_of_waking_everything(name, monkeypatch):
    puzzle = PUZZLES[name]
    assert KINDS[name] <= set(compile_puzzle(puzzle).kinds.tolist())
    got = engine.solve(puzzle, limit=50)
    monkeypatch.setattr(engine, "BOUNDS", ())
    every = engine.solve(puzzle, limit=50)
    assert got.status == every.status
    assert sorted(got.solutions) == sorted(every.solutions)
    assert got.solutions, f"{name}: pick a puzzle with solutions"
    assert got.status == "solved" or len(got.solutions) == 50
    for s in got.solutions:
        assert check_solution(puzzle, s) == []
