"""``fast`` for variants: an exact sum (``varsums._group_sum``) run again and again with
one ``engine.Run``, as a search runs it, gives what a run of its own gives.

A search keeps one ``work`` array for all its runs; anything an exact sum keeps there
between runs (a memo of each group's sums was tried and dropped: docs/variants_speed.md,
"Seventeenth round — killer") must change no result. On states that narrow a cell or two
at a time and widen again as a search backs up, each run with the kept ``Run`` must give
what a fresh run gives, and what every filling of the groups uses.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402


def _exact(dom, cells, weight, group, total, lo, hi):
    """Per cell, the values of the fillings that sum to ``total`` and differ in a group."""
    out = {x: 0 for x in cells}
    for line in itertools.product(*[[v for v in range(lo, hi + 1) if dom[x] >> (v - lo) & 1]
                                    for x in cells]):
        if sum(weight[x] * v for x, v in zip(cells, line)) != total:
            continue
        val = dict(zip(cells, line))
        if any(group[a] == group[b] and val[a] == val[b]
               for a, b in itertools.combinations(cells, 2)):
            continue
        for x in cells:
            out[x] |= 1 << (val[x] - lo)
    return out


def test_a_sum_run_with_a_kept_run_gives_what_a_fresh_run_gives():
    from sudoku_cp.variants.fastvar.program import GROUPSUM, Program

    k = engine.kernel()
    rng = random.Random("sums memo")
    runs = failed = narrowed = 0
    for trial in range(30):
        n = rng.randint(5, 6)
        lo, hi = 1, n
        size = rng.randint(4, 6)
        cells = tuple(rng.sample(range(n * n), size))
        weights = tuple(rng.choice([1, 1, -1]) for _ in cells)
        total = sum(w * rng.randint(lo, hi) for w in weights)
        puzzle = m.VariantPuzzle(n, box=None, values=(lo, hi),
                                 constraints=(m.Sum(cells, total, weights),))
        prog = Program(puzzle)
        for house in puzzle.houses():
            prog.house(house)
        prog.linear(zip(cells, weights), total)
        prog.freeze()
        p = int(np.flatnonzero(prog.kinds == GROUPSUM)[0])
        data = prog.data[prog.pstart[p]:prog.pstart[p + 1]].tolist()
        ngroups = data[2]
        order, group, at = data[3 + 2 * ngroups:3 + 2 * ngroups + size], {}, 0  # the cells
        for g, width in enumerate(data[3:3 + 2 * ngroups:2]):
            for x in order[at:at + width]:
                group[x] = g
            at += width
        weight = dict(zip(cells, weights))
        run = engine.Run(prog, k, everything=False)  # one for the whole trial
        zero = 0 * prog.wstart
        full = (1 << n) - 1
        dom = prog.dom.copy()
        for step in range(48):
            if step % 12 == 0:  # widen again, as a search backs up
                for x in cells:
                    dom[x] = full & (rng.randrange(1, 1 << n) | rng.randrange(1, 1 << n))
            else:  # narrow a cell or two
                for x in rng.sample(cells, rng.choice([1, 1, 2])):
                    if dom[x] & (dom[x] - 1):
                        dom[x] &= ~(1 << rng.choice([i for i in range(n) if dom[x] >> i & 1]))
            before = dom.copy()
            fresh = dom.copy()
            ok_fresh = engine.propagate_once(prog, fresh, [p], watch=False)
            run.queue_only([p])
            ok = bool(k.propagate(dom, prog.kinds, prog.pstart, prog.data, prog.tab, zero,
                                  run.wlist, prog.cstart, prog.pcells,
                                  np.zeros(dom.shape[0], dtype=np.int64), prog.lo, prog.nv,
                                  run.queue, run.inq, run.state, run.work))
            where = (trial, step, puzzle.to_json(), [int(before[x]) for x in cells])
            assert ok == ok_fresh, where
            exact = _exact(before, cells, weight, group, total, lo, hi)
            runs += 1
            if not ok:
                assert not any(exact.values()), where
                failed += 1
                dom = before  # (as after a failure: back to the state before)
                for x in cells:
                    dom[x] = full
                continue
            assert [int(dom[x]) for x in cells] == [int(fresh[x]) for x in cells], where
            assert [int(dom[x]) for x in cells] == [exact[x] for x in cells], where
            narrowed += any(dom[x] != before[x] for x in cells)
    assert runs == 30 * 48 and failed >= 5 and narrowed >= 100  # each side exercised


def test_a_group_walk_gives_the_sums_and_the_kept_bits_of_its_definition():
    """``varsums._group_walk`` (which stops a walk of the sums once every sum its masks'
    ends allow is made) against every choice of distinct bits, on random masks of nine
    values, wide ones (where it stops early) and narrow ones, and targets low and high."""
    engine.kernel()
    from sudoku_cp.variants.fastvar.varsums import _group_walk

    rng = random.Random("group walk")
    stopped = made = 0
    for trial in range(3000):
        g = rng.randint(1, 3)
        masks = [rng.choice([511, 511 & ~(1 << rng.randrange(9)), rng.randrange(1, 512)])
                 for _ in range(g)] + [0] * (3 - g)
        target = rng.choice([rng.randint(0, 24), 62])
        rev = rng.randrange(0, 1 << (target + 1))
        sums = 0
        keep = [0, 0, 0]
        for choice in itertools.product(*[[b for b in range(9) if masks[j] >> b & 1]
                                          for j in range(g)]):
            s = sum(choice)
            if len(set(choice)) < g or s > target:
                continue
            sums |= 1 << s
            if rev >> s & 1:
                for j, b in enumerate(choice):
                    keep[j] |= 1 << b
        got = _group_walk(masks[0], masks[1], masks[2], g, 0, target, False)
        assert got[0] == sums, (masks, g, target)
        got = _group_walk(masks[0], masks[1], masks[2], g, rev, target, True)
        assert list(got[1:]) == keep, (masks, g, target, rev)
        made += sums != 0
        stopped += g > 1 and all(m == 511 for m in masks[:g])
    assert made > 1000 and stopped > 100  # (both kinds of masks were drawn)
