"""``fast`` for variants: the houses propagator alone, against its rule and every filling.

One run of a house's propagator (``varkernel._house``) on random candidates of its cells
(full houses and shorter ones: a house of ``k`` cells over ``n`` values) must give what a
plain reading of its docstring gives, worked to its fixpoint here in Python: a fixed
cell's value leaves the others, two fixed cells with one value fail, fewer values than
cells fail, and when the cells hold exactly as many values as there are cells a value
only one cell can take goes there (two such values in one cell fail, when the cell has
another value too: a cell holding only two or more such values is left as it is, as the
kernel leaves it, though no filling exists then). It must also keep
every value some filling of distinct values uses, and fail whenever no filling exists.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402


def _by_the_rule(masks, hidden=True):
    """The house's rule to its fixpoint, read plainly: (ok, masks); ``hidden`` False
    leaves out the values only one cell can take."""
    masks = list(masks)
    k = len(masks)
    while True:
        changed = False
        singles = [x for x in masks if x & (x - 1) == 0]
        fixed = 0
        for x in singles:
            if fixed & x:
                return False, masks
            fixed |= x
        for i, x in enumerate(masks):
            if x & (x - 1) and x & fixed:
                masks[i] = x & ~fixed
                changed = True
        if 0 in masks:
            return False, masks
        if changed:
            continue
        union = 0
        for x in masks:
            union |= x
        have = bin(union).count("1")
        if have < k:
            return False, masks
        if have == k and hidden:
            once = [v for v in range(64) if sum(1 for x in masks if x >> v & 1) == 1]
            for i, x in enumerate(masks):
                only = [v for v in once if x >> v & 1]
                if x & (x - 1) == 0 or not only or sum(1 << v for v in only) == x:
                    continue  # (a cell holding only such values, two or more, is left
                    # alone: the kernel does not fail it, a gap, not a wrong removal)
                if len(only) > 1:
                    return False, masks  # two values only this cell can take
                if only:
                    masks[i] = 1 << only[0]
                    changed = True
                    break
        if not changed:
            return True, masks


def _fillings(masks):
    """Every choice of distinct values, one from each mask."""
    choices = [[v for v in range(64) if x >> v & 1] for x in masks]
    for line in itertools.product(*choices):
        if len(set(line)) == len(line):
            yield line


def test_one_house_run_keeps_its_rules_fixpoint_and_every_filling():
    from sudoku_cp.variants.fastvar.program import HOUSE, Program

    rng = random.Random("houses")
    counts = {"failed": 0, "narrowed": 0, "hidden": 0, "idle": 0}
    for trial in range(3000):
        n = rng.randint(4, 7)
        k = rng.randint(2, n)
        cells = rng.sample(range(n * n), k)
        puzzle = m.VariantPuzzle(n, box=None, values=(1, n), constraints=())
        prog = Program(puzzle)
        prog.house(cells)
        prog.freeze()
        p = int(np.flatnonzero(prog.kinds == HOUSE)[0])
        full = (1 << n) - 1
        for x in cells:  # mostly small masks, some singles: every branch of the rule
            r = rng.random()
            if r < 0.3:
                prog.dom[x] = 1 << rng.randrange(n)
            elif r < 0.8:
                prog.dom[x] = (1 << rng.randrange(n)) | (1 << rng.randrange(n)) | (
                    1 << rng.randrange(n))
            else:
                prog.dom[x] = rng.randrange(1, full + 1)
        before = [int(prog.dom[x]) for x in cells]
        dom = prog.dom.copy()
        ok = engine.propagate_once(prog, dom, [p], watch=False)
        after = [int(dom[x]) for x in cells]
        want_ok, want = _by_the_rule(before)
        where = (trial, n, before, after)
        assert ok == want_ok, where
        used = [0] * k
        for line in _fillings(before):
            for i, v in enumerate(line):
                used[i] |= 1 << v
        if not ok:
            assert not any(used), where  # no filling lost to a wrong failure
            counts["failed"] += 1
            continue
        assert after == want, where
        assert all(u & ~a == 0 for u, a in zip(used, after)), where  # every filling kept
        if after == before:
            counts["idle"] += 1
        else:
            counts["narrowed"] += 1
            if _by_the_rule(before, hidden=False)[1] != after:
                counts["hidden"] += 1
    # every side of the rule was exercised
    assert min(counts.values()) >= 50, counts
