"""``fast`` for variants: a house woken only when its run can do something.

Each house counts, per value, the cells that can still take it (``varbase.count_places``,
kept at the tail of the kernel's queue); a narrowing takes one off for each value gone and
queues the house only when the cell is fixed or a value is left in one place or none. A
house is at its own fixpoint after a run, so the skipped runs would have changed nothing:
checked here against running every propagator again after each narrowing, on houses
(rows, columns, boxes and shorter extra regions) and their crossings, and the counts against a fresh
count after a search stopped part-way (each frame restored is counted again).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.fastvar.program import CROSS, CROSSES, HOUSE, compile_puzzle  # noqa: E402


def _kernel():
    k = engine.kernel()
    from sudoku_cp.variants.fastvar import varbase

    return k, varbase


def _counts(prog, run, dom):
    """The house counts of ``run``'s queue, and those counted afresh from ``dom``."""
    k, varbase = _kernel()
    n = run.nprops
    kept = run.queue.copy()
    fresh = run.queue.copy()
    varbase.count_places(dom, fresh, n, prog.nv, prog.wstart, run.wlist)
    return kept[k.RINGS * n + n:], fresh[k.RINGS * n + n:]


def _propagate(prog, run, dom):
    k, _ = _kernel()
    return bool(k.propagate(dom, prog.kinds, prog.pstart, prog.data, prog.tab, prog.wstart,
                            run.wlist, prog.cstart, prog.pcells,
                            np.zeros(dom.shape[0], dtype=np.int64), prog.lo, prog.nv,
                            run.queue, run.inq, run.state, run.work))


def _root(prog):
    """A run whose counts are those of the root's fixpoint, and that fixpoint (None: fails)."""
    k, varbase = _kernel()
    run = engine.Run(prog, k)
    dom = prog.dom.copy()
    varbase.count_places(dom, run.queue, run.nprops, prog.nv, prog.wstart, run.wlist)
    return run, (dom if _propagate(prog, run, dom) else None)


def _everything(prog, dom):
    """``dom`` brought to the fixpoint of every propagator, each queued (None: fails)."""
    run = engine.Run(prog, engine.kernel())
    dom = dom.copy()
    return dom if _propagate(prog, run, dom) else None


PUZZLES = {
    "9x9 classic": lambda r: m.VariantPuzzle(9, givens=_givens(r, 9, 6)),
    "6x6 with a short extra region": lambda r: m.VariantPuzzle(
        6, givens=_givens(r, 6, 3), constraints=(m.ExtraRegion((0, 7, 14, 21)),)),
    "9x9 windoku": lambda r: m.VariantPuzzle(9, givens=_givens(r, 9, 4), constraints=tuple(
        m.ExtraRegion(tuple(9 * (a + i) + b + j for i in range(3) for j in range(3)))
        for a in (1, 5) for b in (1, 5))),
}


def _givens(r, n, count):
    """``count`` givens from a valid grid (a shifted pattern, its digits shuffled)."""
    box = {9: (3, 3), 6: (2, 3)}[n]
    digits = list(range(1, n + 1))
    r.shuffle(digits)
    cells = r.sample(range(n * n), count)
    grid = [digits[(box[1] * (i % box[0]) + i // box[0] + j) % n]
            for i in range(n) for j in range(n)]
    return tuple(sorted((c, grid[c]) for c in cells))


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_a_narrowing_wakes_every_house_that_can_narrow_further(name):
    k, varbase = _kernel()
    r = random.Random(name)
    checked = 0
    for _ in range(12):
        prog = compile_puzzle(PUZZLES[name](r))
        assert set(prog.kinds.tolist()) <= {HOUSE, CROSS, CROSSES} and HOUSE in prog.kinds
        run, dom = _root(prog)
        if dom is None:
            continue
        for _ in range(60):
            loose = [x for x in range(dom.shape[0]) if dom[x] & (dom[x] - 1)]
            if not loose:
                break
            x = r.choice(loose)
            bits = [1 << i for i in range(prog.nv) if dom[x] >> i & 1]
            keep = r.choice(bits) if r.random() < 0.2 else ~r.choice(bits)
            want = dom.copy()
            want[x] &= keep
            want = _everything(prog, want)
            assert varbase._narrow(dom, x, keep, prog.wstart, run.wlist, run.queue, run.inq,
                                   run.state, run.nprops)
            got = dom if _propagate(prog, run, dom) else None
            assert (got is None) == (want is None)
            if got is None:
                break
            assert got.tolist() == want.tolist()
            kept, fresh = _counts(prog, run, dom)
            assert kept.tolist() == fresh.tolist()
            checked += 1
    assert checked >= 200


def test_a_removal_leaving_two_places_wakes_no_house_and_one_leaving_one_does():
    k, varbase = _kernel()
    prog = compile_puzzle(m.VariantPuzzle(4, box=None))  # a Latin square: rows, columns
    run, dom = _root(prog)
    run.inq[:] = False
    # cell 0 loses value 1: row 0 and column 0 keep it in three places
    assert varbase._narrow(dom, 0, ~0b0001, prog.wstart, run.wlist, run.queue, run.inq,
                           run.state, run.nprops)
    assert not run.inq.any()
    assert varbase._narrow(dom, 1, ~0b0001, prog.wstart, run.wlist, run.queue, run.inq,
                           run.state, run.nprops)
    assert not run.inq.any()  # row 0 still has two places for 1
    assert varbase._narrow(dom, 2, ~0b0001, prog.wstart, run.wlist, run.queue, run.inq,
                           run.state, run.nprops)
    row0 = {int(p) for p in np.flatnonzero(run.inq)}
    assert len(row0) == 1 and sorted(prog.data[prog.pstart[p] + 1:prog.pstart[p] + 5].tolist()
                                     for p in row0) == [[0, 1, 2, 3]]
    run.inq[:] = False
    assert varbase._narrow(dom, 5, 0b0010, prog.wstart, run.wlist, run.queue, run.inq,
                           run.state, run.nprops)  # a cell fixed wakes both its houses
    assert len(np.flatnonzero(run.inq)) == 2


def test_the_counts_match_the_domains_after_a_search_stopped_part_way():
    k, varbase = _kernel()
    r = random.Random(7)
    stopped = fails = 0
    for budget in (5, 17, 40, 120):
        prog = compile_puzzle(PUZZLES["9x9 classic"](r))
        run = engine.Run(prog, k)
        n = prog.dom.shape[0]
        dom = prog.dom.copy()
        frames = np.empty((n + 1, n), dtype=np.int64)
        code = k.search(dom, prog.kinds, prog.pstart, prog.data, prog.tab, prog.wstart,
                        run.wlist, prog.cstart, prog.pcells, np.zeros(n, dtype=np.int64),
                        prog.lo, prog.nv, run.queue, run.inq, run.state, frames,
                        np.zeros(n + 1, dtype=np.int64), np.zeros(n + 1, dtype=np.int64),
                        np.zeros((4, n), dtype=np.int64), 4, budget, 0, prog.hstart,
                        prog.hcells, prog.hbits, run.work)
        if code == 2:  # (exhausted: stopped on a failed narrowing, not counted)
            continue
        fails += int(run.state[k.FAILS])
        kept, fresh = _counts(prog, run, dom)
        assert kept.tolist() == fresh.tolist()
        stopped += 1
    assert stopped >= 3 and fails > 0  # frames were restored on the way
