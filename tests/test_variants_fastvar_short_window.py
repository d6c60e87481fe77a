"""``fast``'s renban on lines of two or three cells (``varrenban._in_short_window``) narrows
exactly as the general window check (``varrenban._in_window``) it stands in for: the same
verdict and the same masks on random lines, visiting every window or only those the plain
window test (``_renban``'s loop) leaves.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.compiled_cache import prepare  # noqa: E402

prepare()

from sudoku_cp.variants.fastvar import varkernel, varrenban  # noqa: E402


def _line(masks):
    k = len(masks)
    dom = np.array(masks, dtype=np.int64)
    d = np.array([k, *range(k), 0], dtype=np.int64)
    rest = (np.zeros(k + 1, dtype=np.int64), np.zeros(1, dtype=np.int64),
            np.zeros(3, dtype=np.int64), np.zeros(1, dtype=np.bool_),
            np.zeros(varkernel.STATE, dtype=np.int64), 1)
    return dom, d, rest


def _general(masks, nv):
    dom, d, rest = _line(masks)
    ok = varrenban._in_window(dom, d, 0, nv, *rest, np.zeros(2 * len(masks), dtype=np.int64))
    return ok, dom.tolist()


def _short(masks, windows):
    dom, d, rest = _line(masks)
    ok = varrenban._in_short_window(dom, d, 0, windows, *rest)
    return ok, dom.tolist()


def _plain_windows(masks, nv):
    """The windows ``_renban``'s loop leaves: every cell meets it, the cells cover it."""
    k = len(masks)
    run = (1 << k) - 1
    out = 0
    for s in range(nv - k + 1):
        w = run << s
        union = 0
        for m in masks:
            union |= m
        if all(m & w for m in masks) and union & w == w:
            out |= 1 << s
    return out


@pytest.mark.parametrize("k", [2, 3])
def test_the_short_window_check_narrows_as_the_general_one(k):
    rng = random.Random(f"short window {k}")
    narrowed = failed = 0
    for trial in range(4000):
        nv = rng.randint(k, 16)
        masks = [rng.randrange(1, 1 << nv) & rng.randrange(1, 1 << nv) or 1 << rng.randrange(nv)
                 for _ in range(k)]
        if rng.random() < 0.3:  # a fixed cell, as in search
            masks[rng.randrange(k)] = 1 << rng.randrange(nv)
        want = _general(masks, nv)
        assert _short(masks, (1 << (nv - k + 1)) - 1) == want, (trial, nv, masks)
        assert _short(masks, _plain_windows(masks, nv)) == want, (trial, nv, masks)
        narrowed += want[0] and want[1] != masks
        failed += not want[0]
    assert narrowed > 300 and failed > 300
