"""``fast`` for variants: a queued house at its fixpoint is not run (``varbase._settled``).

Each house keeps, beside its counts of places, the values of its fixed cells, the values
with a place and those with one place; ``_settled`` reads from them whether a run of
``varkernel._house`` would narrow nothing and not fail, and ``propagate`` then skips the
run (still counting it). Checked here: ``_settled`` against ``_house`` itself on random
houses (settled exactly when the run changes nothing, but for the one case the run
misses a failure and changes nothing, which ``_settled`` leaves to the run), and ``propagate`` with the skip
against ``propagate`` with it off (each house's ``held`` mask zeroed, which ``_settled``
reads as not counted yet: every house runs, as before the skip) after random narrowings on
programs with rows, columns, boxes, short extra regions and renban lines: the same masks,
verdict, run count and failure weights, so the same queue order.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.fastvar.program import HOUSE, compile_puzzle  # noqa: E402


def _modules():
    k = engine.kernel()
    from sudoku_cp.variants.fastvar import varbase

    return k, varbase


def _masks(r, k, nv):
    """``k`` random masks of ``nv`` values, some fixed, none empty."""
    out = []
    for _ in range(k):
        if r.random() < 0.35:
            out.append(1 << r.randrange(nv))
        else:
            out.append(r.randrange(1, 1 << nv))
    return out


def _tail(masks, nv):
    """A house's three masks and counts as ``count_places`` would keep them (counts at 3)."""
    fixed = held = once = 0
    counts = [0] * nv
    for x in masks:
        if x & (x - 1) == 0:
            fixed |= x
        for v in range(nv):
            counts[v] += x >> v & 1
    for v in range(nv):
        held |= (counts[v] > 0) << v
        once |= (counts[v] == 1) << v
    return np.array([fixed, held, once, *counts], dtype=np.int64)


def _run(kern, masks):
    """``_house`` run on ``masks`` (a narrowing queues nothing): its verdict and masks."""
    k = len(masks)
    dom = np.array(masks, dtype=np.int64)
    d = np.array([k, *range(k)], dtype=np.int64)
    ok = kern._house(dom, d, 0, np.zeros(k + 1, dtype=np.int64), np.zeros(1, dtype=np.int64),
                     np.zeros(4, dtype=np.int64), np.zeros(1, dtype=np.bool_),
                     np.zeros(kern.STATE, dtype=np.int64), 1)
    return bool(ok), dom.tolist()


@pytest.mark.parametrize("k,nv", [(2, 9), (3, 9), (4, 6), (6, 6), (9, 9), (5, 12)])
def test_settled_exactly_when_a_house_run_changes_nothing(k, nv):
    kern, varbase = _modules()
    r = random.Random(f"{k}/{nv}")
    seen = {True: 0, False: 0, "left": 0}
    for _ in range(3000):
        masks = _masks(r, k, nv)
        if r.random() < 0.6:  # a house's fixpoint, then (mostly) one value taken away
            ok, masks = _run(kern, masks)
            loose = [j for j, x in enumerate(masks) if x & (x - 1)]
            if not ok:
                continue
            if loose and r.random() < 0.7:
                j = r.choice(loose)
                masks[j] &= ~(1 << r.choice([v for v in range(nv) if masks[j] >> v & 1]))
        ok, after = _run(kern, masks)
        idle = ok and after == masks
        settled = bool(varbase._settled(_tail(masks, nv), 3, k))
        if idle and not settled:  # (the one case the masks leave to the run, which
            # misses its failure: as many values as cells, a cell holding only values
            # with one place, two or more of them)
            once = int(_tail(masks, nv)[2])
            assert any(x & (x - 1) and x & once == x for x in masks), masks
            held = int(_tail(masks, nv)[1])
            assert bin(held).count("1") == k
            seen["left"] += 1
        else:
            assert settled == idle, masks
            seen[idle] += 1
    assert seen[True] > 200 and seen[False] > 200, seen  # both answers met often


def test_not_counted_is_never_settled():
    _, varbase = _modules()
    tail = np.array([0b1, 0, 0b1, 1, 0, 0], dtype=np.int64)  # ``held`` 0: not counted
    assert not varbase._settled(tail, 3, 1)


def _givens(r, count):
    """``count`` givens of a valid 9x9 grid (a shifted pattern, its digits shuffled)."""
    digits = list(range(1, 10))
    r.shuffle(digits)
    cells = r.sample(range(81), count)
    return tuple(sorted((c, digits[(3 * (c // 9 % 3) + c // 27 + c % 9) % 9]) for c in cells))


PUZZLES = {
    "classic": lambda r: m.VariantPuzzle(9, givens=_givens(r, 8)),
    "extra regions": lambda r: m.VariantPuzzle(9, givens=_givens(r, 5), constraints=(
        m.ExtraRegion((0, 10, 20, 30)), m.ExtraRegion((40, 41, 49)))),
    "renban lines": lambda r: m.VariantPuzzle(9, givens=_givens(r, 3), constraints=(
        m.Renban((0, 1, 2)), m.Renban((30, 31)), m.Renban((60, 70, 80)),
        m.Renban((13, 22, 23)))),
}


def _propagate(kern, prog, run, dom, weight):
    return bool(kern.propagate(dom, prog.kinds, prog.pstart, prog.data, prog.tab,
                               prog.wstart, run.wlist, prog.cstart, prog.pcells, weight,
                               prog.lo, prog.nv, run.queue, run.inq, run.state, run.work))


def _unsettle(kern, run, prog):
    """Each house's ``held`` mask zeroed: ``_settled`` never true, every house runs."""
    n = run.nprops
    for p in range(n):
        if prog.kinds[p] == HOUSE:
            run.queue[run.queue[kern.RINGS * n + p] - 2] = 0


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_propagate_with_the_skip_as_without_it(name):
    kern, varbase = _modules()
    r = random.Random(name)
    steps = settled = fails = 0
    for _ in range(10):
        prog = compile_puzzle(PUZZLES[name](r))
        assert HOUSE in prog.kinds.tolist()
        runs = {}
        for way in ("skip", "every"):
            runs[way] = engine.Run(prog, kern)
            runs[way].dom = prog.dom.copy()
            runs[way].weight = np.zeros(prog.dom.shape[0], dtype=np.int64)
        for way, run in runs.items():
            varbase.count_places(run.dom, run.queue, run.nprops, prog.nv, prog.wstart,
                                 run.wlist)
        _unsettle(kern, runs["every"], prog)
        alive = True
        for step in range(50):
            got = {}
            for way, run in runs.items():
                if step:  # (the first step: the root, everything queued)
                    assert varbase._narrow(run.dom, x, keep, prog.wstart, run.wlist,
                                           run.queue, run.inq, run.state, run.nprops)
                if way == "skip":  # (queued houses settled already: the skip's cases)
                    settled += sum(bool(varbase._settled(
                        run.queue, run.queue[kern.RINGS * run.nprops + p], prog.data[
                            prog.pstart[p]])) for p in np.flatnonzero(run.inq)
                        if prog.kinds[p] == HOUSE)
                got[way] = _propagate(kern, prog, run, run.dom, run.weight)
            a, b = runs["skip"], runs["every"]
            assert got["skip"] == got["every"]
            assert a.dom.tolist() == b.dom.tolist()
            assert a.weight.tolist() == b.weight.tolist()
            assert a.state[kern.RUNS] == b.state[kern.RUNS]
            steps += 1
            if not got["skip"]:
                fails += 1
                alive = False
                break
            loose = [c for c in range(a.dom.shape[0]) if a.dom[c] & (a.dom[c] - 1)]
            if not loose:
                break
            x = r.choice(loose)
            bits = [1 << i for i in range(prog.nv) if a.dom[x] >> i & 1]
            keep = r.choice(bits) if r.random() < 0.3 else ~r.choice(bits)
        assert alive or fails
    assert steps >= 200 and fails >= 3 and settled >= 50
