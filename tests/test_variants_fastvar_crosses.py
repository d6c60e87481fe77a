"""``fast`` for variants: a house's crossings as one propagator (``CROSSES``,
``program._grouped_crossings``; a box's six box-line crossings read its masks once).
The groups state every crossing of ``program._crossings`` once; on random masks a
program's ``CROSSES`` with its houses reach the same fixpoint, and fail alike, as the
``CROSS`` propagators they replace with the same houses (one greatest fixpoint: a crossing
narrows more on smaller masks while each house holds every value, which its house
checks; without the houses, a value gone from a house entirely would make the fixpoint
depend on the order); one run reaches its own fixpoint; a failure weighs the failing
crossing's cells, as its ``CROSS`` would."""

from __future__ import annotations

import random

import numpy as np
import pytest

from sudoku_cp.variants import model as m
from sudoku_cp.variants.fastvar import program
from sudoku_cp.variants.fastvar.program import (CROSS, CROSSES, HOUSE, _crossings,
                                                _grouped_crossings)


def _grid_houses(rng: random.Random) -> tuple:
    """Rows, columns and boxes of a random box shape (or a random tiling into regions)
    and sometimes extra regions, each house's cells shuffled."""
    br, bc = rng.choice([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (1, 4), (3, 4)])
    n = br * bc
    rows = [list(range(r * n, r * n + n)) for r in range(n)]
    cols = [list(range(c, n * n, n)) for c in range(n)]
    if rng.random() < 0.7:
        regions = [[(r0 + i) * n + c0 + j for i in range(br) for j in range(bc)]
                   for r0 in range(0, n, br) for c0 in range(0, n, bc)]
    else:
        order = list(range(n * n))
        rng.shuffle(order)
        regions = [order[i:i + n] for i in range(0, n * n, n)]
    houses = rows + cols + regions
    for _ in range(rng.randint(0, 2)):
        houses.append(rng.sample(range(n * n), n))
    for h in houses:
        rng.shuffle(h)
    return tuple(tuple(h) for h in houses)


def _decoded(props) -> list:
    """Each crossing of ``props`` (``CROSS`` or ``CROSSES``) as (shared, rest of one
    house, rest of the other), as sets."""
    out = []
    for kind, cells, d in props:
        if kind == CROSS:
            ni, na = d[0], d[1]
            mid = d[3:3 + ni]
            out.append((frozenset(mid), frozenset(d[3 + ni:3 + ni + na]),
                        frozenset(d[3 + ni + na:])))
            assert cells == d[3:]
            continue
        assert kind == CROSSES
        k, g = d[0], d[1]
        house = d[2:2 + k]
        at = 2 + k
        seen = list(house)
        for _ in range(g):
            bits, nb = d[at], d[at + 1]
            outer = d[at + 2:at + 2 + nb]
            mid = [x for j, x in enumerate(house) if bits >> j & 1]
            assert bits < 1 << k and not set(outer) & set(house)
            out.append((frozenset(mid), frozenset(set(house) - set(mid)), frozenset(outer)))
            seen += outer
            at += 2 + nb
        assert at == len(d) and cells == list(dict.fromkeys(seen))
    return out


def _key(crossing) -> tuple:
    """The two houses of a crossing, as sorted tuples, in order."""
    mid, a, b = crossing
    return tuple(sorted((tuple(sorted(mid | a)), tuple(sorted(mid | b)))))


@pytest.mark.parametrize("seed", range(40))
def test_the_groups_state_every_crossing_once(seed):
    houses = _grid_houses(random.Random(seed))
    want = sorted(map(_key, _decoded(_crossings.__wrapped__(houses))))
    grouped = _grouped_crossings.__wrapped__(houses)
    assert sorted(map(_key, _decoded(grouped))) == want
    assert all(kind == CROSSES or kind == CROSS for kind, _, _ in grouped)


def test_a_box_takes_its_six_box_line_crossings():
    houses = tuple(tuple(h) for h in m.VariantPuzzle(9).houses())
    grouped = _grouped_crossings.__wrapped__(houses)
    assert [kind for kind, _, _ in grouped] == [CROSSES] * 9
    assert all(d[0] == 9 and d[1] == 6 and len(cells) == 45 for _, cells, d in grouped)


pytest.importorskip("numba")

PUZZLES = {
    "9x9": lambda: m.VariantPuzzle(9),
    "6x6": lambda: m.VariantPuzzle(6),
    "8x8 boxes 2x4": lambda: m.VariantPuzzle(8, box=(2, 4)),
    "9x9 windoku": lambda: m.VariantPuzzle(9, constraints=tuple(
        m.ExtraRegion(tuple((r + i) * 9 + c + j for i in range(3) for j in range(3)))
        for r in (1, 5) for c in (1, 5))),
}


def _programs(name, monkeypatch):
    """The puzzle's program with its crossings grouped, and with each as a ``CROSS``."""
    grouped = program.compile_puzzle(PUZZLES[name]())
    with monkeypatch.context() as patch:
        patch.setattr(program, "_grouped_crossings", _crossings)
        pairs = program.compile_puzzle(PUZZLES[name]())
    return grouped, pairs


def _fixpoint(engine, prog, dom, props) -> bool:
    """``props`` run each once in turn (no watchers) until none narrows; False on a failure."""
    while True:
        before = dom.copy()
        if not engine.propagate_once(prog, dom, props, watch=False):
            return False
        if np.array_equal(before, dom):
            return True


def _random_masks(rng, prog, fixed=0.05):
    """Random masks: a share ``fixed`` of the cells fixed, about half the rest narrowed."""
    dom = prog.dom.copy()
    full = (1 << prog.nv) - 1
    for x in range(dom.shape[0]):
        r = rng.random()
        if r < fixed:
            dom[x] &= 1 << rng.randrange(prog.nv)
        elif r < 0.55 + fixed:
            dom[x] &= rng.randrange(1, full + 1) | rng.randrange(1, full + 1) | rng.randrange(
                1, full + 1)
    return dom


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_crosses_reach_the_fixpoint_of_the_crossings_they_replace(name, monkeypatch):
    from sudoku_cp.variants.fastvar import engine

    grouped, pairs = _programs(name, monkeypatch)
    crosses = [p for p, kind in enumerate(grouped.kinds.tolist()) if kind == CROSSES]
    cross = [p for p, kind in enumerate(pairs.kinds.tolist()) if kind == CROSS]
    assert crosses and cross and CROSSES not in pairs.kinds
    houses = [p for p, kind in enumerate(grouped.kinds.tolist()) if kind == HOUSE]
    assert houses == [p for p, kind in enumerate(pairs.kinds.tolist()) if kind == HOUSE]
    rng = random.Random(name)
    seen = {"narrowed": 0, "failed": 0}
    for _ in range(300):
        dom = _random_masks(rng, grouped)
        a, b = dom.copy(), dom.copy()
        ok = _fixpoint(engine, pairs, a, houses + cross)
        assert _fixpoint(engine, grouped, b, houses + crosses) == ok
        if ok:
            assert np.array_equal(a, b)
            seen["narrowed"] += not np.array_equal(a, dom)
        seen["failed"] += not ok
        for p in crosses:  # one run reaches its own fixpoint
            c = dom.copy()
            if engine.propagate_once(grouped, c, [p], watch=False):
                again = c.copy()
                assert engine.propagate_once(grouped, again, [p], watch=False)
                assert np.array_equal(again, c), p
    assert seen["narrowed"] > 20 and seen["failed"] > 5, seen  # (both seen)


@pytest.mark.parametrize("name", ["9x9", "6x6"])
def test_a_failure_weighs_the_failing_crossings_cells(name, monkeypatch):
    from sudoku_cp.variants.fastvar import engine

    grouped, pairs = _programs(name, monkeypatch)
    k = engine.kernel()
    kinds = grouped.kinds.tolist()
    scopes = {frozenset(pairs.pcells[pairs.cstart[p]:pairs.cstart[p + 1]].tolist())
              for p, kind in enumerate(pairs.kinds.tolist()) if kind == CROSS}
    rng = random.Random(name)
    failed = 0
    for _ in range(300):
        dom = _random_masks(rng, grouped, fixed=0.3)
        for p, kind in enumerate(kinds):
            if kind != CROSSES:
                continue
            run = engine.Run(grouped, k, everything=False)
            run.queue_only([p])
            weight = np.zeros(dom.shape[0], dtype=np.int64)
            c = dom.copy()
            if k.propagate(c, grouped.kinds, grouped.pstart, grouped.data, grouped.tab,
                           0 * grouped.wstart, run.wlist, grouped.cstart, grouped.pcells,
                           weight, grouped.lo, grouped.nv, run.queue, run.inq, run.state,
                           run.work):
                assert not weight.any()
                continue
            failed += 1
            assert set(weight.tolist()) == {0, 1}
            weighed = frozenset(np.flatnonzero(weight).tolist())
            assert weighed in scopes  # one crossing's cells, its house's among them
            assert set(grouped.data[grouped.pstart[p] + 2:][:grouped.data[grouped.pstart[p]]]
                       .tolist()) <= weighed
            assert set(np.flatnonzero(c == 0).tolist()) <= weighed  # the cell it emptied
    assert failed > 10
