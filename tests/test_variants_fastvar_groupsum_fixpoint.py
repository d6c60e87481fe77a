"""``fast`` for variants: an exact sum in groups (``GROUPSUM``) reaches its own fixpoint in
one run, so ``propagate`` holds it as queued while it runs and its own narrowings do not
queue it again (as a house). On random masks, a second run of each ``GROUPSUM`` right
after the first must narrow nothing more: a sum that needed a second run would lose
pruning under that rule."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.fastvar.program import GROUPSUM, compile_puzzle  # noqa: E402

PUZZLES = {
    "9x9 little killers and a long arrow": m.VariantPuzzle(9, constraints=(
        m.LittleKiller((8, 16, 24, 32, 40, 48), 33), m.LittleKiller((9, 19, 29, 39, 49), 25),
        m.Arrow((40,), (41, 42, 43)), m.Arrow((60, 61), (70, 79, 78, 77)))),
    "9x9 killer cages (implied sums)": m.VariantPuzzle(9, constraints=(
        m.KillerCage((0, 1, 9, 10), 14), m.KillerCage((2, 11, 20), 20),
        m.KillerCage((18, 19, 27, 28), 17), m.KillerCage((3, 4, 5, 12, 13), 29),
        m.KillerCage((21, 22, 30), 8), m.KillerCage((6, 7, 8, 15, 16, 17), 31),
        m.KillerCage((14, 23, 24, 25, 26), 26))),
    "6x6 little killers": m.VariantPuzzle(6, constraints=(
        m.LittleKiller((5, 10, 15, 20, 25), 17), m.LittleKiller((0, 7, 14, 21), 12))),
}


@pytest.mark.parametrize("name", PUZZLES)
def test_a_second_run_of_an_exact_sum_narrows_nothing(name):
    prog = compile_puzzle(PUZZLES[name])
    sums = [p for p, kind in enumerate(prog.kinds) if int(kind) == GROUPSUM]
    assert sums
    rng = random.Random(name)
    nv = prog.nv
    full = (1 << nv) - 1
    narrowed = 0
    for trial in range(400):
        dom = prog.dom.copy()
        for x in range(dom.shape[0]):
            r = rng.random()
            if r < 0.15:
                dom[x] &= 1 << rng.randrange(nv)
            elif r < 0.8:
                dom[x] &= rng.randrange(1, full + 1) | rng.randrange(full + 1)
        if not dom.all():
            continue
        for p in sums:
            once = dom.copy()
            if not engine.propagate_once(prog, once, [p], watch=False):
                continue
            twice = once.copy()
            assert engine.propagate_once(prog, twice, [p], watch=False), (trial, p)
            assert np.array_equal(once, twice), (trial, p)
            narrowed += not np.array_equal(once, dom)
    assert narrowed > 20, narrowed  # (the first runs did narrow)
