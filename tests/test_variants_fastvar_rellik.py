"""``fast`` for variants: the rellik cage's propagator (``varclues._rellik``).

A rellik cage: no one or more of its cells' values sum to the total. The propagator takes
as held (surely in the cage) the decided values, a naked subset's values (``m`` cells
whose candidates are ``m`` values) and a value a crossing full house has nowhere outside
the cage (ISS's ``HouseRequiredRellik``), and removes from an open cell each value not
held that would complete the total with held values. Checked here: at the root's fixpoint,
from random domains that keep a grid the cages allow, every cell keeps that grid's value
(the propagation never removes a value a solution uses); and the two new sources of held
values each remove what the decided values alone would not.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.fastvar.program import compile_puzzle  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402


def _root(prog, dom):
    """``dom`` brought to the root's fixpoint of ``prog`` (None: a contradiction)."""
    k = engine.kernel()
    from sudoku_cp.variants.fastvar import varbase

    run = engine.Run(prog, k)
    dom = dom.copy()
    varbase.count_places(dom, run.queue, run.nprops, prog.nv, prog.wstart, run.wlist)
    ok = k.propagate(dom, prog.kinds, prog.pstart, prog.data, prog.tab, prog.wstart,
                     run.wlist, prog.cstart, prog.pcells, np.zeros(dom.shape[0], dtype=np.int64),
                     prog.lo, prog.nv, run.queue, run.inq, run.state, run.work)
    return dom if ok else None


def _grid6(rng):
    base = [[(3 * (r % 2) + r // 2 + c) % 6 for c in range(6)] for r in range(6)]
    values = rng.sample(range(1, 7), 6)
    rows = [b * 2 + r for b in rng.sample(range(3), 3) for r in rng.sample(range(2), 2)]
    return tuple(values[base[r][c]] for r in rows for c in range(6))


def _cage(rng, grid, n=6):
    """A cage of 2-4 adjacent cells of different values and a total no subset reaches."""
    cells = [rng.randrange(n * n)]
    while len(cells) < rng.randint(2, 4):
        r, c = divmod(rng.choice(cells), n)
        step = rng.choice([(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)])
        x = step[0] * n + step[1]
        if 0 <= step[0] < n and 0 <= step[1] < n and x not in cells \
                and grid[x] not in {grid[y] for y in cells}:
            cells.append(x)
        elif rng.random() < 0.2:
            break
    held = [grid[x] for x in cells]
    sums = {sum(s) for k in range(1, len(cells) + 1) for s in itertools.combinations(held, k)}
    free = [t for t in range(1, 22) if t not in sums]
    return m.RellikCage(tuple(cells), rng.choice(free))


@pytest.mark.parametrize("seed", range(40))
def test_the_root_keeps_every_value_of_a_grid_the_cages_allow(seed):
    rng = random.Random(seed)
    grid = _grid6(rng)
    cages = tuple(_cage(rng, grid) for _ in range(rng.randint(2, 5)))
    givens = tuple((x, grid[x]) for x in range(36) if rng.random() < 0.15)
    puzzle = m.VariantPuzzle(6, givens=givens, constraints=cages)
    assert not check_solution(puzzle, grid)
    prog = compile_puzzle(puzzle)
    for _ in range(20):
        dom = prog.dom.copy()
        for x in range(36):  # random candidates, the grid's always among them
            dom[x] &= rng.getrandbits(6) | 1 << (grid[x] - 1)
        out = _root(prog, dom)
        assert out is not None, (seed, puzzle.to_json())
        assert all(out[x] >> (grid[x] - 1) & 1 for x in range(36)), (seed, puzzle.to_json())


def _narrowed(puzzle, cells):
    """The root's fixpoint of ``puzzle`` with the cells' candidates set first."""
    prog = compile_puzzle(puzzle)
    dom = prog.dom.copy()
    for x, values in cells.items():
        dom[x] = sum(1 << (v - 1) for v in values)
    out = _root(prog, dom)
    assert out is not None
    return [{v for v in range(1, 5) if out[x] >> (v - 1) & 1} for x in range(16)]


def test_a_value_its_house_has_nowhere_else_is_held_by_the_cage():
    # a 4x4 Latin square; row 1's cells outside the cage (0, 1) lack 1: the cage holds 1,
    # so 3 (1 + 3 = 4) leaves both its cells. Nothing is decided: the old rule kept 3.
    puzzle = m.VariantPuzzle(4, box=None, constraints=(m.RellikCage((0, 1), 4),))
    dom = _narrowed(puzzle, {2: {2, 3, 4}, 3: {2, 3, 4}})
    assert 3 not in dom[0] and 3 not in dom[1] and 1 in dom[0] and 1 in dom[1]
    assert _narrowed(puzzle, {})[0] == {1, 2, 3}  # (nothing held: only 4 alone goes)


def test_a_naked_subset_in_the_cage_is_held():
    # cells 0 and 1 both {2, 3}: the cage (0, 1, 5) holds 2 and 3, so cell 5 loses 4
    # (4 + 3 = 7) and is 1 (2 and 3 go as the cage's cells differ). Nothing is decided,
    # and no house lacks a value outside the cage: the naked pair alone does it.
    puzzle = m.VariantPuzzle(4, box=None, constraints=(m.RellikCage((0, 1, 5), 7),))
    assert _narrowed(puzzle, {0: {2, 3}, 1: {2, 3}})[5] == {1}
    assert {1, 4} <= _narrowed(puzzle, {0: {2, 3}, 1: {2, 4}})[5]  # (no pair: 4 stays)
