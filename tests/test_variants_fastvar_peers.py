"""``fast``'s required-value exclusion (``fastvar.program_peers``, ``varsums._place_needed``):
a value every filling of a cage or renban line needs leaves each cell outside it that
shares a house with every cell of it that can still hold the value.

Checked from the rules' definitions on random full grids: a cage (distinct values, the
grid's total) or a renban (the grid's values, consecutive) is laid on the grid, its cells
and their peers get random candidates that keep the grid's values, and the propagator
runs once. It must keep the grid's values (no solution lost), and each value it clears
from a cell outside must be one that every filling of the cells' candidates puts in a
cell that the cleared cell shares a house with (enumerated here, apart from the kernel);
and a value it clears inside a cage lying in a row, column or box is in no filling that
leaves the rest of that house only values its cells can hold.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.fastvar.program import CAGE, RENBAN, compile_puzzle  # noqa: E402
from sudoku_cp.variants.fastvar.program_peers import _seen, _seen_many, seen_by  # noqa: E402


def _grid(rng):
    """A random full 9x9 grid: a pattern with its bands, stacks and values shuffled."""
    base = [[(3 * (r % 3) + r // 3 + c) % 9 for c in range(9)] for r in range(9)]
    rows = [b * 3 + r for b in rng.sample(range(3), 3) for r in rng.sample(range(3), 3)]
    cols = [s * 3 + c for s in rng.sample(range(3), 3) for c in rng.sample(range(3), 3)]
    values = rng.sample(range(1, 10), 9)
    return tuple(values[base[r][c]] for r in rows for c in cols)


def _sees(a, b):
    """``a`` and ``b`` share a row, a column or a box of the 9x9 grid."""
    return (a // 9 == b // 9 or a % 9 == b % 9
            or (a // 27 == b // 27 and a % 9 // 3 == b % 9 // 3))


def cleared_outside(before, dom, cells, fills, where) -> int:
    """How many values cells outside ``cells`` lost from ``before`` to ``dom`` (9x9),
    asserting each is one every filling in ``fills`` puts on a cell that sees it."""
    cleared = 0
    for y in range(81):
        if y in cells:
            continue
        gone = int(before[y]) & ~int(dom[y])
        for v in range(1, 10):
            if gone >> (v - 1) & 1:
                cleared += 1
                assert all(any(val == v and _sees(x, y) for x, val in zip(cells, f))
                           for f in fills), (where, y, v)
    return cleared


def _cage(rng, grid):
    """2 to 5 cells of distinct values, close together (within two boxes): a killer cage."""
    first = rng.randrange(81)
    near = [x for x in range(81) if abs(x // 9 - first // 9) <= 2 and abs(x % 9 - first % 9) <= 2]
    cells, size = [first], rng.randint(2, 5)
    for x in rng.sample(near, len(near)):
        if len(cells) == size:
            break
        if x not in cells and grid[x] not in {grid[y] for y in cells}:
            cells.append(x)
    return m.KillerCage(tuple(sorted(cells)), total=sum(grid[x] for x in cells))


def _renban(rng, grid):
    """Cells holding a window of 2 to 4 consecutive values, each in a box or row near the
    first (so they share houses)."""
    k = rng.randint(2, 4)
    start = rng.randint(1, 10 - k)
    box = rng.randrange(9)
    band = [x for x in range(81) if x // 27 == box // 3]  # a band of three boxes
    cells = [rng.choice([x for x in band if grid[x] == v]) for v in range(start, start + k)]
    return m.Renban(tuple(cells))


def _houses():
    """The rows, columns and boxes of the 9x9 grid, as lists of cells."""
    return ([[r * 9 + c for c in range(9)] for r in range(9)]
            + [[r * 9 + c for r in range(9)] for c in range(9)]
            + [[(b // 3 * 3 + r) * 9 + b % 3 * 3 + c for r in range(3) for c in range(3)]
               for b in range(9)])


def _rest_holds(house, cells, filling, dom):
    """Each value the ``filling`` of ``cells`` leaves out is a candidate of a cell of
    ``house`` outside them (the house holds every value)."""
    rest = 0
    for y in house:
        if y not in cells:
            rest |= int(dom[y])
    return all(rest >> (v - 1) & 1 for v in range(1, 10) if v not in filling)


def _fillings(doms, ok):
    """Each way of giving the cells values from ``doms`` (masks, bit v the value v) that
    meets ``ok``."""
    for vals in itertools.product(*[[v for v in range(1, 10) if d >> (v - 1) & 1] for d in doms]):
        if ok(vals):
            yield vals


@pytest.mark.parametrize("kind", ["cage", "renban"])
def test_a_needed_value_leaves_only_cells_seeing_every_cell_that_can_hold_it(kind):
    rng = random.Random(f"peers-{kind}")
    cleared = 0
    for trial in range(150):
        grid = _grid(rng)
        c = _cage(rng, grid) if kind == "cage" else _renban(rng, grid)
        prog = compile_puzzle(m.VariantPuzzle(9, constraints=(c,)))
        want = CAGE if kind == "cage" else RENBAN
        p = next(i for i in range(len(prog.kinds)) if prog.kinds[i] == want
                 and sorted(prog.pcells[prog.cstart[i]:prog.cstart[i + 1]]) == sorted(c.cells))
        cells = list(c.cells)
        dom = prog.dom.copy()
        sparse = rng.random() < 0.3  # (then only the line's cells have other candidates)
        for x in range(81):  # the grid's value, and each other value one time in four
            dom[x] = (1 << (grid[x] - 1)) | (rng.randrange(1 << 9) & rng.randrange(1 << 9)
                                             if x in c.cells or not sparse else 0)
        before = dom.copy()
        assert engine.propagate_once(prog, dom, [p], watch=False), (trial, c)
        for x in range(81):
            assert dom[x] >> (grid[x] - 1) & 1, (trial, c, x)  # no solution lost
        if kind == "cage":
            def ok(vals):
                return len(set(vals)) == len(vals) and sum(vals) == c.total
        else:
            def ok(vals):
                return len(set(vals)) == len(vals) and max(vals) - min(vals) == len(vals) - 1
        fills = list(_fillings([int(before[x]) for x in cells], ok))
        if kind == "cage":  # a cage in a full house leaves the rest of it the other values
            fills = [f for f in fills if all(_rest_holds(h, cells, f, before)
                                             for h in _houses() if set(cells) <= set(h))]
            for x in cells:
                gone = int(before[x]) & ~int(dom[x])
                for v in range(1, 10):
                    if gone >> (v - 1) & 1:
                        assert not any(f[cells.index(x)] == v for f in fills), (trial, c, x, v)
        cleared += cleared_outside(before, dom, cells, fills, (trial, c))
    assert cleared >= 20  # the rule is reached, not only kept quiet


def test_the_peers_of_cells_are_the_cells_seeing_two_or_more_of_them():
    rng = random.Random("seen-by")
    houses = _houses()
    near = [sum(1 << y for y in {y for h in houses if x in h for y in h}) for x in range(81)]
    for _ in range(50):
        cells = rng.sample(range(81), rng.randint(2, 5))
        got = seen_by(cells, near.__getitem__)
        want = {}
        for y in range(81):
            mask = sum(1 << j for j, x in enumerate(cells) if y not in cells and _sees(x, y))
            if bin(mask).count("1") >= 2:
                want[y] = mask
        assert got == want


def test_the_peers_of_many_cages_at_once_are_those_of_each_alone():
    """``_seen_many`` (numpy, every cage at once) gives what ``_seen`` gives cage by cage,
    on random masks over 81 to 625 cells and cages of 1 to 62 cells (empty masks too)."""
    rng = random.Random("seen-many")
    for _ in range(30):
        n = rng.choice([81, 256, 625])
        nears = [[rng.getrandbits(n) & rng.getrandbits(n) if rng.random() < 0.9 else 0
                  for _ in range(rng.choice([1, 2, 3, 5, 9, 62]))]
                 for _ in range(rng.randint(1, 12))]
        assert _seen_many(nears) == [_seen(near) for near in nears]
        want = [[y for pair in sorted(seen_by(list(range(len(near))), near.__getitem__,
                                              0).items()) for y in pair] for near in nears]
        assert want == [_seen(near) for near in nears]
    assert _seen_many([[0], [0, 0]]) == [[], []]


def test_a_cage_tail_names_the_rest_of_the_first_full_house_holding_it():
    """The complement cells after each ``CAGE``'s peers: the cells outside it of the first
    full house (in ``full_houses``' order: the geometry's, then extra regions) holding all
    of it and more, found here by scanning every one; none when none holds it."""
    rng = random.Random("rest-of-house")
    grid = _grid(rng)
    diagonal = tuple(r * 9 + r for r in range(9))
    for _ in range(20):
        cages = [_cage(rng, grid) for _ in range(rng.randint(1, 6))]
        cages.append(m.KillerCage(tuple(rng.sample(diagonal, rng.randint(2, 4)))))
        prog = compile_puzzle(m.VariantPuzzle(9, constraints=(m.ExtraRegion(diagonal), *cages)))
        for kind, cells, data in _frozen_props(prog):
            if kind != CAGE:
                continue
            k = data[0]
            tail = data[3 + k:]
            full_bits, n = tail[1 + 2 * tail[0]:3 + 2 * tail[0]]
            rest = tail[3 + 2 * tail[0]:]
            want = next(([x for x in h if x not in cells] for h in prog.full_houses
                         if set(cells) < set(h)), [])
            assert (rest, n, full_bits) == (want, len(want), prog.full if want else 0)


def _frozen_props(prog):
    """``(kind, cells, data)`` of each propagator of a frozen ``prog``, read back from its
    arrays."""
    for i, kind in enumerate(prog.kinds.tolist()):
        yield (kind, prog.pcells[prog.cstart[i]:prog.cstart[i + 1]].tolist(),
               prog.data[prog.pstart[i]:prog.pstart[i + 1]].tolist())


def _is_renban(vals):
    return len(set(vals)) == len(vals) and max(vals) - min(vals) == len(vals) - 1


def test_a_renban_window_where_two_cells_need_one_value_is_dropped():
    """Within a window of ``k`` values, two cells that can hold only the same one of its
    values cannot both be filled from it: no value stays on that window's account (nor
    on a window some cell cannot meet). Each value a cell keeps lies in a window neither
    blocks; and every value a filling uses is kept."""
    from sudoku_cp.variants.fastvar.program import Program
    from sudoku_cp.variants.fastvar.program_rules import BUILDERS

    rng = random.Random("renban-window")
    blocked_only = 0
    for trial in range(400):
        n = rng.randint(5, 9)
        k = rng.randint(3, min(n, 5))
        cells = tuple(rng.sample(range(n * n), k))
        puzzle = m.VariantPuzzle(n, box=None, values=(1, n), constraints=(m.Renban(cells),))
        prog = Program(puzzle)
        BUILDERS["renban"](prog, puzzle, puzzle.constraints[0])
        prog.freeze()
        for x in cells:
            prog.dom[x] = rng.randrange(1 << n) & rng.randrange(1 << n) or 1 << rng.randrange(n)
        before = [int(prog.dom[x]) for x in cells]
        p = int(np.flatnonzero(prog.kinds == RENBAN)[0])
        dom = prog.dom.copy()
        ok = engine.propagate_once(prog, dom, [p], watch=False)
        used = [0] * k
        for vals in itertools.product(*[[v for v in range(n) if b >> v & 1] for b in before]):
            if _is_renban(vals):
                for i, v in enumerate(vals):
                    used[i] |= 1 << v
        if not ok:
            assert not any(used), (trial, cells, before)
            continue
        open_windows = 0  # the windows no cell misses and no two cells need one value of
        old_windows = 0   # (the windows every cell meets and whose values are covered)
        for s in range(n - k + 1):
            w = ((1 << k) - 1) << s
            inw = [b & w for b in before]
            covered = 0
            for b in inw:
                covered |= b
            if all(inw) and covered == w:
                old_windows |= w
                singles = [b for b in inw if b & (b - 1) == 0]
                if len(set(singles)) == len(singles):
                    open_windows |= w
        for i, x in enumerate(cells):
            assert used[i] & ~int(dom[x]) == 0, (trial, cells, before)  # no filling lost
            assert int(dom[x]) & ~open_windows == 0, (trial, cells, before)
        blocked_only += old_windows != open_windows
    assert blocked_only >= 10, blocked_only  # the rule is reached
