"""``fast`` for variants: the parts of an exact sum's run (``varsums``) against their
definitions, on random masks.

- ``_mirror``: bit ``i`` moves to ``nv - 1 - i``;
- ``_group_sums``: the sums, up to the target, of one value from each of a group's one to
  three masks, all distinct (what ``_group_walk`` finds walking every choice);
- ``_distinct``: each mask kept to the values that some choice of distinct values, one
  from each mask, uses (what the walk keeps when every choice's sum is completed).

The whole propagator against every filling is ``test_variants_fastvar_props``.
"""

from __future__ import annotations

import itertools
import random

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants.fastvar import engine  # noqa: E402


def _choices(masks):
    """Every choice of distinct values, one from each mask (values are bit indices)."""
    pools = [[i for i in range(63) if m >> i & 1] for m in masks]
    return [c for c in itertools.product(*pools) if len(set(c)) == len(c)]


def test_mirror_reads_the_values_from_the_top():
    engine.kernel()
    from sudoku_cp.variants.fastvar.varsums import _mirror

    rng = random.Random("mirror")
    for nv in (1, 2, 4, 9, 10, 16, 25, 36, 62):
        for _ in range(200):
            m = rng.getrandbits(nv)
            want = sum(1 << (nv - 1 - i) for i in range(nv) if m >> i & 1)
            assert _mirror(m, nv) == want, (m, nv)


def test_group_sums_and_kept_values_are_those_of_the_distinct_choices():
    engine.kernel()
    from sudoku_cp.variants.fastvar.varsums import _distinct, _group_sums, _group_walk

    rng = random.Random("group-parts")
    seen_empty = seen_narrowed = 0
    for trial in range(3000):
        g = rng.randint(1, 3)
        nv = rng.choice([4, 6, 9, 16])
        masks = []
        for _ in range(g):
            m = rng.getrandbits(nv) & rng.getrandbits(nv) if rng.random() < 0.5 else 0
            if m == 0 or rng.random() < 0.3:  # a fixed cell, often
                m = 1 << rng.randrange(nv)
            masks.append(m)
        target = rng.randint(0, 3 * (nv - 1))
        m0, m1, m2 = (masks + [0, 0])[:3]
        choices = _choices(masks)
        sums = 0
        for c in choices:
            if sum(c) <= target:
                sums |= 1 << sum(c)
        where = (trial, masks, target)
        assert _group_sums(m0, m1, m2, g, target) == sums, where
        assert _group_walk(m0, m1, m2, g, 0, target, False)[0] == sums, where
        kept = [0, 0, 0]
        for c in choices:
            for j, v in enumerate(c):
                kept[j] |= 1 << v
        assert list(_distinct(m0, m1, m2, g)) == kept, where
        seen_empty += not choices
        seen_narrowed += bool(choices) and kept[:g] != masks
    assert seen_empty > 50 and seen_narrowed > 50  # both sides exercised
