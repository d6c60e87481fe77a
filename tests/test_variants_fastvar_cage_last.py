"""``fast`` for variants: a killer cage with two or three cells left unfixed
(``varsums._cage``) keeps exactly the values some filling uses, and never fewer.

A cage's values are distinct and reach its total. With its other cells fixed (to values
that differ: two equal are the house's to reject), each unfixed cell must keep the values it takes in some filling of the
cage within the cells' candidates and no other; with more cells unfixed the cage keeps at
least those (it may keep more: the union of its combinations). Checked against every
filling of random cages on random candidates.
"""

from __future__ import annotations

import itertools
import random

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402


def _used(dom, cells, total, n):
    """Per cell, the values of the cage's fillings (distinct, summing to ``total``)."""
    out = {x: 0 for x in cells}
    for vals in itertools.product(*[[v for v in range(1, n + 1) if dom[x] >> (v - 1) & 1]
                                    for x in cells]):
        if len(set(vals)) == len(vals) and sum(vals) == total:
            for x, v in zip(cells, vals):
                out[x] |= 1 << (v - 1)
    return out


def _cage_program(n, cells, total):
    """A program of the cage alone (no houses: nothing else narrows its cells)."""
    from sudoku_cp.variants.fastvar.program import CAGE, Program

    prog = Program(m.VariantPuzzle(n, box=None, constraints=(m.KillerCage(cells, total),)))
    prog.cage(list(cells), total, house=False)
    prog.freeze()
    p = next(i for i in range(len(prog.kinds)) if prog.kinds[i] == CAGE)
    return prog, p


@pytest.mark.parametrize("n", [6, 9])
def test_a_cage_keeps_exactly_what_its_fillings_use_with_few_cells_unfixed(n):
    rng = random.Random(f"cage last {n}")
    exact_runs = wider_runs = narrowed = failed = 0
    for trial in range(300):
        size = rng.randint(2, min(6, n))
        cells = tuple(rng.sample(range(n * n), size))
        values = rng.sample(range(1, n + 1), size)  # one filling, so most trials can pass
        total = sum(values)
        prog, p = _cage_program(n, cells, total)
        free = rng.randint(2, min(4, size))  # 4: the cage's union rule, not the exact one
        unfixed = set(rng.sample(cells, free))
        dom = prog.dom.copy()
        for x, v in zip(cells, values):
            if x in unfixed:
                dom[x] = (1 << (v - 1)) * (rng.random() < 0.7) | rng.randrange(1, 1 << n)
                if dom[x] & (dom[x] - 1) == 0:
                    dom[x] |= 1 << rng.randrange(n)
            else:
                dom[x] = 1 << (v - 1)
        before = dom.copy()
        want = _used(before, cells, total, n)
        ok = engine.propagate_once(prog, dom, [p], watch=False)
        where = (trial, cells, total, [int(before[x]) for x in cells])
        if not ok:
            assert not any(want.values()), where  # failed only where no filling is left
            failed += 1
            continue
        for x in cells:
            assert want[x] & ~int(dom[x]) == 0, where  # no value a filling uses removed
        fixed = [int(before[x]) for x in cells if before[x] & (before[x] - 1) == 0]
        if len(fixed) >= size - 3 and len(set(fixed)) == len(fixed):  # (else the house's)
            assert [int(dom[x]) for x in cells] == [want[x] for x in cells], where
            exact_runs += 1
        else:
            wider_runs += 1
        narrowed += any(dom[x] != before[x] for x in cells)
    assert exact_runs >= 150 and wider_runs >= 20 and failed >= 5 and narrowed >= 100


def test_a_cage_of_two_left_open_drops_a_combination_both_cells_meet_by_one_value():
    """Cells a (1, 4) and b (1, 6), total 10: {1, 9} meets both cells (by their 1s) and
    {4, 6} does; only a4 b6 fills the cage. The union of the combinations met would
    keep both 1s."""
    prog, p = _cage_program(9, (0, 1), 10)
    dom = prog.dom.copy()
    dom[0], dom[1] = 0b1001, 0b100001
    assert engine.propagate_once(prog, dom, [p], watch=False)
    assert [int(dom[0]), int(dom[1])] == [0b1000, 0b100000]
