"""``fast``'s propagators that take their scratch from the run (``varkernel.prepare``'s
``work``) rather than allocating it per call: the renban's window check
(``varrenban._in_window``) and the chaos count by region (``varchaos``, its own test file).

A scratch array comes as the last run of any propagator left it, so a rule must clear
what it reads: ``_in_window`` called on scratch full of set bits narrows exactly as on a
fresh one, and keeps every value a filling of the renban uses. ``prepare`` sizes the
scratch for the longest renban (two per cell) and chaos count (one per counted cell):
numba checks no bounds, so a short one would write past it unseen.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.compiled_cache import prepare  # noqa: E402

prepare()

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine, varkernel, varrenban  # noqa: E402
from sudoku_cp.variants.fastvar.program import compile_puzzle  # noqa: E402


def _in_window(masks, nv, scratch):
    """``_in_window`` on one renban over cells ``0..k-1`` holding ``masks`` (no peers
    seeing them all, no watcher): (ok, the masks after)."""
    k = len(masks)
    dom = np.array(masks, dtype=np.int64)
    d = np.array([k, *range(k), 0], dtype=np.int64)
    ok = varrenban._in_window(dom, d, 0, nv, np.zeros(k + 1, dtype=np.int64),
                              np.zeros(1, dtype=np.int64), np.zeros(3, dtype=np.int64),
                              np.zeros(1, dtype=np.bool_),
                              np.zeros(varkernel.STATE, dtype=np.int64), 1, scratch)
    return ok, dom.tolist()


def test_the_renban_window_check_on_a_used_scratch_narrows_as_on_a_fresh_one():
    rng = random.Random("in-window scratch")
    narrowed = 0
    for trial in range(600):
        nv = rng.randint(4, 9)
        k = rng.randint(2, min(nv, 5))
        masks = [rng.randrange(1, 1 << nv) & rng.randrange(1, 1 << nv) or 1 << rng.randrange(nv)
                 for _ in range(k)]
        fresh = _in_window(masks, nv, np.zeros(2 * k, dtype=np.int64))
        used = _in_window(masks, nv, np.full(2 * k + 3, -1, dtype=np.int64))
        assert used == fresh, (trial, nv, masks)
        ok, after = used
        kept = [0] * k
        for vals in itertools.product(*[[v for v in range(nv) if b >> v & 1] for b in masks]):
            if len(set(vals)) == k and max(vals) - min(vals) == k - 1:
                for i, v in enumerate(vals):
                    kept[i] |= 1 << v
        if ok:
            assert all(kept[i] & ~after[i] == 0 for i in range(k)), (trial, nv, masks)
            narrowed += after != masks
        else:
            assert not any(kept), (trial, nv, masks)
    assert narrowed > 50


def test_the_scratch_is_sized_for_the_longest_renban_and_chaos_count():
    k = engine.kernel()
    renban = m.VariantPuzzle(9, constraints=(m.Renban(tuple(range(9))), m.Renban((9, 10))))
    assert engine.Run(compile_puzzle(renban), k).work.shape[0] >= 2 * 9
    counted = tuple(range(1, 13))
    chaos = m.VariantPuzzle(5, box=None, constraints=(
        m.ChaosConstruction(), m.ChaosCount(24, (0, *counted))))
    prog = compile_puzzle(chaos)
    assert (prog.kinds == varkernel.CHAOSCOUNT).any()
    assert engine.Run(prog, k).work.shape[0] >= len(counted)
