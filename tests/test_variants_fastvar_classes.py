"""``fast``'s global mod and global entropy square (``varlines._classes``): every 2x2
square holds a value of each of three classes.

Checked from the rule's definition on random candidates: a square of a 9x9 grid gets a
filling that holds the three classes (its cells differing where they share a house), its
cells and every other cell random candidates besides, and the square's propagator runs
once. Each value a filling of the square's candidates uses must stay (enumerated here,
apart from the kernel: the three classes, the cells sharing a house differing); a value
cleared from a cell outside the square must be one that every such filling puts in a
cell it shares a house with; the propagator fails only when no filling is left, or when
a cell outside loses every candidate so.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.fastvar.program import CLASSES, compile_puzzle  # noqa: E402

from test_variants_fastvar_peers import _sees, cleared_outside  # noqa: E402

CLASS_OF = {
    "global_entropy": lambda v: (v - 1) // 3,
    "global_mod": lambda v: v % 3,
}


def _keeps(cells, vals, cls):
    """The square's rule, from its definition: the three classes held, and the cells
    sharing a house differ."""
    if len({cls(v) for v in vals}) != 3:
        return False
    return all(vals[i] != vals[j] for i, j in itertools.combinations(range(4), 2)
               if _sees(cells[i], cells[j]))


def _a_filling(rng, cells, cls):
    while True:
        vals = tuple(rng.randint(1, 9) for _ in cells)
        if _keeps(cells, vals, cls):
            return vals


@pytest.mark.parametrize("rule", sorted(CLASS_OF))
def test_a_square_keeps_every_filling_and_clears_only_values_it_must_hold(rule):
    cls = CLASS_OF[rule]
    rng = random.Random(f"classes-{rule}")
    prog = compile_puzzle(m.VariantPuzzle(9, constraints=(
        m.GlobalEntropy() if rule == "global_entropy" else m.GlobalMod(),)))
    squares = [i for i in range(len(prog.kinds)) if prog.kinds[i] == CLASSES]
    assert len(squares) == 64
    cleared_out = cleared_in = failed = 0
    for trial in range(400):
        p = rng.choice(squares)
        cells = prog.pcells[prog.cstart[p]:prog.cstart[p + 1]].tolist()
        hidden = _a_filling(rng, cells, cls) if rng.random() < 0.8 else None
        dom = prog.dom.copy()
        few = rng.choice([2, 3, 4])  # (each other value kept one time in ``few``)
        for x in range(81):
            other = 0
            for _ in range(few - 1):
                other = other & rng.randrange(1 << 9) if other else rng.randrange(1 << 9)
            own = 1 << (hidden[cells.index(x)] - 1) if hidden and x in cells else 0
            dom[x] = own | other or 1 << rng.randrange(9)
        before = dom.copy()
        ok = engine.propagate_once(prog, dom, [p], watch=False)
        fills = [f for f in itertools.product(
            *[[v for v in range(1, 10) if int(before[x]) >> (v - 1) & 1] for x in cells])
            if _keeps(cells, f, cls)]
        if not ok:  # no filling, or one that every filling leaves a cell outside none
            failed += 1
            assert not fills or any(all(
                all(any(val == v and _sees(x, y) for x, val in zip(cells, f)) for f in fills)
                for v in range(1, 10) if int(before[y]) >> (v - 1) & 1)
                for y in range(81) if y not in cells), (trial, cells, before[cells])
            continue
        for i, x in enumerate(cells):
            used = 0
            for f in fills:
                used |= 1 << (f[i] - 1)
            assert used & ~int(dom[x]) == 0, (trial, cells, before[cells])  # none lost
            cleared_in += int(before[x]) & ~int(dom[x]) != 0
        cleared_out += cleared_outside(before, dom, cells, fills, (trial, cells, before[cells]))
    # each part of the rule is reached, not only kept quiet
    assert cleared_out >= 20 and cleared_in >= 40 and failed >= 5, (cleared_out, cleared_in,
                                                                    failed)


def test_two_classes_held_by_the_same_two_cells_only_take_those_cells():
    """A hidden pair of classes: with low values only in the first two cells and middle
    values only there too, those two cells keep only low and middle values (entropy)."""
    prog = compile_puzzle(m.VariantPuzzle(9, constraints=(m.GlobalEntropy(),)))
    p = next(i for i in range(len(prog.kinds)) if prog.kinds[i] == CLASSES)
    cells = prog.pcells[prog.cstart[p]:prog.cstart[p + 1]].tolist()
    dom = prog.dom.copy()
    low, mid, high = 0b111, 0b111000, 0b111000000
    dom[cells[0]] = low | mid | high
    dom[cells[1]] = low | mid | high
    dom[cells[2]] = high
    dom[cells[3]] = high
    assert engine.propagate_once(prog, dom, [p], watch=False)
    assert int(dom[cells[0]]) == low | mid and int(dom[cells[1]]) == low | mid
    assert np.all(dom[cells[2:]] == high)
