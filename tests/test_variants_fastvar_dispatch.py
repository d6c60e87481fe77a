"""``fast`` for variants: ``propagate`` calls some kinds itself (houses, pairs, crossings
(``CROSS``, and a house's crossings as one ``CROSSES``),
renbans, cages, sums, betweens: a run through ``varkernel._run`` costs more) and the rest through ``_run``. Each
propagator of a few programs, run once by ``propagate`` and once by ``_run`` on the same
random masks, must narrow them alike and fail alike: a kind that ``propagate`` skipped,
or sent to another kind's propagator, would differ."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.fastvar.program import (BETWEEN, CAGE, CROSS, CROSSES,  # noqa: E402
                                                GROUPSUM,
                                                HOUSE, LINEAR, OR, PAIR, RENBAN,
                                                compile_puzzle)

PUZZLES = {
    "9x9 renbans and a killer cage": m.VariantPuzzle(9, constraints=(
        m.Renban((0, 10, 20)), m.Renban((4, 13)), m.Renban((30, 31, 32, 41)),
        m.Renban((60, 70, 80, 79)), m.KillerCage((50, 51, 52), 12))),
    "6x6 renbans and a thermometer": m.VariantPuzzle(6, constraints=(
        m.Renban((0, 7, 14)), m.Renban((20, 21, 22)), m.Thermometer((30, 31, 25, 19)))),
    "9x9 between line, arrows, a little killer": m.VariantPuzzle(9, constraints=(
        m.Between((0, 1, 2, 3)), m.Arrow((40, 41), (42, 43, 44)), m.Arrow((60,), (61, 70, 79)),
        m.LittleKiller((8, 16, 24, 32, 40, 48), 33), m.Renban((72, 73, 74)))),
}


def test_the_programs_hold_every_kind_propagate_calls_itself():
    kinds = {int(x) for p in PUZZLES.values() for x in compile_puzzle(p).kinds}
    assert {HOUSE, PAIR, CROSSES, RENBAN, CAGE, LINEAR, GROUPSUM, BETWEEN} <= kinds, kinds


@pytest.mark.parametrize("name", PUZZLES)
def test_every_propagator_runs_alike_through_propagate_and_through_run(name):
    k = engine.kernel()
    prog = compile_puzzle(PUZZLES[name])
    kinds = [int(x) for x in prog.kinds]
    assert {HOUSE, CROSSES, RENBAN} <= set(kinds)
    assert set(kinds) - {HOUSE, CROSSES, RENBAN}  # another kind too
    rng = random.Random(name)
    nv = prog.nv
    full = (1 << nv) - 1
    narrowed = {kind: 0 for kind in set(kinds)}
    for trial in range(300):
        dom = prog.dom.copy()
        for x in range(dom.shape[0]):
            r = rng.random()
            if r < 0.25:
                dom[x] &= 1 << rng.randrange(nv)
            elif r < 0.7:
                dom[x] &= rng.randrange(1, full + 1) | rng.randrange(full + 1)
        for p, kind in enumerate(kinds):
            if kind == OR or not dom.all():
                continue
            a = dom.copy()
            ok_a = engine.propagate_once(prog, a, [p], watch=False)
            b = dom.copy()
            run = engine.Run(prog, k, everything=False)
            ok_b = k._run(kind, b, prog.data, int(prog.pstart[p]), prog.tab, prog.lo, nv,
                          0 * prog.wstart, run.wlist, run.queue, run.inq, run.state,
                          prog.kinds.shape[0], run.work)
            assert ok_a == ok_b, (trial, p, kind)
            if ok_a:
                assert np.array_equal(a, b), (trial, p, kind)
                narrowed[kind] += not np.array_equal(a, dom)
    for kind in (HOUSE, CROSSES, RENBAN):  # (the comparison saw each narrow)
        assert narrowed[kind] > 10, narrowed
