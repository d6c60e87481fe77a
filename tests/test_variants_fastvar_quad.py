"""``fast``'s quadruple (``varkernel._quad``): each listed value (with multiplicity)
appears among the cells.

Checked from the rule's definition on random candidates: random cells of a 9x9 grid and
listed values (some repeated), random candidates (most holding a filling that keeps the
rule), the propagator run once. Each value a filling of the candidates uses must stay
(enumerated here, apart from the kernel: each listed value at least as often as listed),
and the propagator fails only when no filling is left. The cells not fixed must give the
listed values still short when there are as many of those as cells (``short == free``).
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.fastvar.program import QUAD, compile_puzzle  # noqa: E402


def _keeps(vals, listed):
    return all(vals.count(v) >= listed.count(v) for v in set(listed))


def test_a_quad_keeps_every_filling_and_fails_only_when_none_is_left():
    rng = random.Random("quad")
    narrowed = failed = 0
    for trial in range(400):
        k = rng.randint(2, 5)
        cells = tuple(sorted(rng.sample(range(81), k)))
        listed = tuple(sorted(rng.choice(range(1, 10)) for _ in range(rng.randint(1, k))))
        prog = compile_puzzle(m.VariantPuzzle(9, constraints=(m.Quadruple(cells, listed),)))
        p = int(np.flatnonzero(prog.kinds == QUAD)[0])
        dom = prog.dom.copy()
        hidden = list(listed) + [rng.randint(1, 9) for _ in range(k - len(listed))]
        rng.shuffle(hidden)
        for j, x in enumerate(cells):
            other = rng.randrange(1 << 9) & rng.randrange(1 << 9) & rng.randrange(1 << 9)
            own = 1 << (hidden[j] - 1) if rng.random() < 0.85 else 0
            dom[x] = own | other or 1 << rng.randrange(9)
        before = dom.copy()
        ok = engine.propagate_once(prog, dom, [p], watch=False)
        fills = [f for f in itertools.product(
            *[[v for v in range(1, 10) if int(before[x]) >> (v - 1) & 1] for x in cells])
            if _keeps(f, listed)]
        if not ok:
            failed += 1
            assert not fills, (trial, cells, listed, before[list(cells)])
            continue
        for j, x in enumerate(cells):
            used = 0
            for f in fills:
                used |= 1 << (f[j] - 1)
            assert used & ~int(dom[x]) == 0, (trial, cells, listed, before[list(cells)])
            narrowed += int(dom[x]) != int(before[x])
    assert narrowed >= 40 and failed >= 10, (narrowed, failed)


def test_the_cells_left_give_the_values_still_short():
    """Three values on four cells, one cell fixed to a value not listed: the three others
    hold the three values (and with a listed value fixed, the others hold the rest)."""
    cells = (0, 1, 9, 10)
    prog = compile_puzzle(m.VariantPuzzle(9, constraints=(m.Quadruple(cells, (1, 2, 4)),)))
    p = int(np.flatnonzero(prog.kinds == QUAD)[0])
    dom = prog.dom.copy()
    dom[0] = 1 << 6  # 7
    assert engine.propagate_once(prog, dom, [p], watch=False)
    assert [int(dom[x]) for x in cells[1:]] == [0b1011] * 3
    dom = prog.dom.copy()
    dom[0], dom[1] = 1 << 6, 1 << 1  # 7 and 2
    assert engine.propagate_once(prog, dom, [p], watch=False)
    assert [int(dom[x]) for x in cells[2:]] == [0b1001] * 2
