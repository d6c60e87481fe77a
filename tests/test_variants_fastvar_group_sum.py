"""``fast``'s exact sums over groups (``varsums._group_sum``) narrow exactly as before their
shortcuts (a sum whose groups each make a run of sums read by its ends; a run of sums
taken by doubling shifts, ``_run_down``): the same verdict and the same masks as the
general walk, kept below as it stood, on random sums, groups and masks.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from numba import njit  # noqa: E402

from sudoku_cp.compiled_cache import prepare  # noqa: E402

prepare()

from sudoku_cp.variants.fastvar import varkernel, varsums  # noqa: E402
from sudoku_cp.variants.fastvar.varbase import _below, _ctpop, _cttz, _high, _narrow  # noqa: E402


@njit(cache=False)
def _mirror(m, nv):
    out = 0
    while m:
        i = _cttz(m)
        out |= 1 << (nv - 1 - i)
        m &= m - 1
    return out


@njit(cache=False)
def _group_masks(dom, d, c, g, sign, nv):
    m0 = dom[d[c]]
    m1 = dom[d[c + 1]] if g > 1 else 0
    m2 = dom[d[c + 2]] if g > 2 else 0
    if sign < 0:
        m0 = _mirror(m0, nv)
        m1 = _mirror(m1, nv) if g > 1 else 0
        m2 = _mirror(m2, nv) if g > 2 else 0
    return m0, m1, m2


@njit(cache=False)
def _walk(m0, m1, m2, g, rev, target, check):
    """Each choice of distinct bits, one from each of the ``g`` (1 to 3) masks ``m0``,
    ``m1``, ``m2``: the mask of their sums of bit indices up to ``target`` or, with
    ``check``, the bits of each mask in a choice whose ``sum`` has bit ``sum`` of ``rev``
    set (the others make up the rest); (sums, kept0, kept1, kept2).

    The last mask is taken whole at each choice of the others (a shift), so a group of
    three costs the pairs of its first two masks, not the triples."""
    out = 0
    k0 = 0
    k1 = 0
    k2 = 0
    while m0:
        a = _cttz(m0)
        m0 &= m0 - 1
        if a > target:
            break
        if g == 1:
            if not check:
                out |= 1 << a
            elif rev >> a & 1:
                k0 |= 1 << a
            continue
        n1 = m1 & ~(1 << a)
        if g == 2:
            if not check:
                out |= n1 << a
            else:
                ok = n1 & (rev >> a)
                if ok:
                    k0 |= 1 << a
                    k1 |= ok
            continue
        while n1:
            b = _cttz(n1)
            n1 &= n1 - 1
            if a + b > target:
                break
            n2 = m2 & ~(1 << a) & ~(1 << b)
            if not check:
                out |= n2 << (a + b)
            else:
                ok = n2 & (rev >> (a + b))
                if ok:
                    k0 |= 1 << a
                    k1 |= 1 << b
                    k2 |= ok
    return out & _below(target + 1), k0, k1, k2


@njit(cache=False)
def _down(a, b):
    out = 0
    while b:
        out |= a >> _cttz(b)
        b &= b - 1
    return out


@njit(cache=False)
def _completed(rpre, rsuf, target):
    if _ctpop(rpre) > _ctpop(rsuf):
        rpre, rsuf = rsuf, rpre
    out = 0
    while rpre:
        out |= rsuf >> (target - _cttz(rpre))
        rpre &= rpre - 1
    return out


@njit(cache=False)
def _general(dom, d, o, nv, wstart, wlist, queue, inq, state, nprops, work):
    """``_group_sum`` as it stood before its shortcuts (main 2f8b7a0), with its
    ``_group_walk`` (``_walk`` above), ``_mirror``, ``_group_masks``, ``_down`` and
    ``_completed``."""
    target, ngroups = d[o + 1], d[o + 2]
    if target < 0:
        return False
    gs = 0
    pre = ngroups
    suf = 2 * ngroups + 1
    c = o + 3 + 2 * ngroups
    for t in range(ngroups):
        g, sign = d[o + 3 + 2 * t], d[o + 4 + 2 * t]
        m0, m1, m2 = _group_masks(dom, d, c, g, sign, nv)
        work[gs + t] = _walk(m0, m1, m2, g, 0, target, False)[0]
        c += g
    work[pre] = 1 << target
    work[suf + ngroups] = 1 << target
    for t in range(ngroups):
        work[pre + t + 1] = _down(work[pre + t], work[gs + t])
        u = ngroups - 1 - t
        work[suf + u] = _down(work[suf + u + 1], work[gs + u])
    if work[pre + ngroups] & 1 == 0:
        return False
    c = o + 3 + 2 * ngroups
    for t in range(ngroups):
        g, sign = d[o + 3 + 2 * t], d[o + 4 + 2 * t]
        rev = _completed(work[pre + t], work[suf + t + 1], target)
        wide = work[gs + t] & ~rev == 0
        m0, m1, m2 = _group_masks(dom, d, c, g, sign, nv)
        top = _high(m0) + (_high(m1) if g > 1 else 0) + (_high(m2) if g > 2 else 0)
        for j in range(g):
            wide = wide and _ctpop(dom[d[c + j]]) >= g
        if wide and top <= target:
            c += g
            continue
        _, k0, k1, k2 = _walk(m0, m1, m2, g, rev, target, True)
        for j in range(g):
            kept = k0 if j == 0 else (k1 if j == 1 else k2)
            if sign < 0:
                kept = _mirror(kept, nv)
            if not _narrow(dom, d[c + j], kept, wstart, wlist, queue, inq, state, nprops):
                return False
        c += g
    return True


def _random_sum(rng):
    """Masks and the kernel's data of a random exact sum (``Program._group_data``'s
    layout, the target in bit indices)."""
    nv = rng.randint(3, 12)
    most = 3 if nv <= 12 else 2
    sizes = []
    while not sizes or (sum(sizes) < 14 and rng.random() < 0.8):
        sizes.append(rng.randint(1, min(most, nv)))
    signs = [1 if rng.random() < 0.8 else -1 for _ in sizes]
    masks = []
    for _ in range(sum(sizes)):
        r = rng.random()
        if r < 0.25:
            m = 1 << rng.randrange(nv)  # a fixed cell, as in search
        elif r < 0.6:  # a run of values
            a = rng.randrange(nv)
            b = rng.randrange(a, nv)
            m = ((1 << (b - a + 1)) - 1) << a
        else:
            m = rng.randrange(1, 1 << nv)
            if rng.random() < 0.5:
                m |= rng.randrange(1, 1 << nv)
        masks.append(m)
    # a target some choice of values makes, or near it
    total = 0
    k = 0
    for g, sign in zip(sizes, signs):
        for _ in range(g):
            i = rng.randrange(nv)
            total += i if sign > 0 else nv - 1 - i
            k += 1
    total += rng.choice([0, 0, 0, 0, -1, 1, -3, 3])
    total = min(max(total, -1), 62)
    d = [k, total, len(sizes)]
    for g, sign in zip(sizes, signs):
        d += [g, sign]
    d += list(range(k))
    return nv, masks, np.array(d, dtype=np.int64), len(sizes)


def _run(fn, nv, masks, d, ngroups):
    k = len(masks)
    dom = np.array(masks, dtype=np.int64)
    ok = fn(dom, d, 0, nv, np.zeros(k + 1, dtype=np.int64), np.zeros(1, dtype=np.int64),
            np.zeros(3, dtype=np.int64), np.zeros(1, dtype=np.bool_),
            np.zeros(varkernel.STATE, dtype=np.int64), 1,
            np.zeros(3 * (ngroups + 1), dtype=np.int64))
    return bool(ok), dom.tolist()


def test_the_group_sum_narrows_as_the_general_walk():
    rng = random.Random("group sum shortcuts")
    narrowed = failed = idle = 0
    for trial in range(20000):
        nv, masks, d, ngroups = _random_sum(rng)
        want = _run(_general, nv, masks, d, ngroups)
        assert _run(varsums._group_sum, nv, masks, d, ngroups) == want, (trial, nv, masks,
                                                                         d.tolist())
        narrowed += want[0] and want[1] != masks
        failed += not want[0]
        idle += want[0] and want[1] == masks
    assert narrowed > 1000 and failed > 1000 and idle > 500, (narrowed, failed, idle)


@pytest.mark.parametrize("g", [2, 3])
def test_a_group_walks_alike_in_any_order_of_its_masks(g):
    """``_group_walk`` (the masks taken fewest first) against the walk in the order given,
    both ways (sums; kept values), on random masks and sums to complete."""
    rng = random.Random(f"group walk {g}")
    for trial in range(20000):
        nv = rng.randint(2, 12)
        ms = [rng.randrange(1, 1 << nv) if rng.random() < 0.7 else 1 << rng.randrange(nv)
              for _ in range(g)] + [0] * (3 - g)
        target = rng.randint(0, g * (nv - 1))
        rev = rng.randrange(1 << (target + 1))
        for check in (False, True):
            assert (varsums._group_walk(*ms, g, rev, target, check)
                    == _walk(*ms, g, rev, target, check)), (trial, ms, target, rev, check)


def test_a_mirror_reverses_the_values():
    rng = random.Random("mirror")
    for trial in range(20000):
        nv = rng.randint(1, 62)
        m = rng.randrange(1 << nv)
        assert varsums._mirror(m, nv) == _mirror(m, nv), (nv, m)
