"""``fast`` for variants: indexing (``INDEX``) on cells that differ.

An index cell's value ``k`` names the ``k``-th of its cells, which holds the value. When
the cells differ (one of the geometry's houses holds them all: a row or column, as numbered
rooms and 1-5-9 puzzles have), the value is held once among them, at the place the index
names, so a place the index can no longer name loses the value. Checked here: the
propagator, run once alone on random candidates around a grid the rule holds, keeps every
value of that grid (over rows, columns and boxes, and over cells that need not differ,
values from 0 or 1); the new removal happens; and puzzles of indexing agree with ``sat``.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine, program  # noqa: E402
from sudoku_cp.variants.fastvar.program import compile_puzzle  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402

from test_variants_fastvar import _agrees_with_sat, _grid  # noqa: E402


def _houses(n, box):
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    br, bc = box
    boxes = [tuple((r0 + r) * n + c0 + c for r in range(br) for c in range(bc))
             for r0 in range(0, n, br) for c0 in range(0, n, bc)]
    return rows + cols + boxes


def _held_by(rng, n, box, grid, lo, distinct=True):
    """An ``Indexing`` the full ``grid`` holds: a house in a random order (or, not
    ``distinct``, random cells, some perhaps the same value), an index cell whose value
    ``k`` is a place among them, and the value at that place."""
    if distinct:
        cells = list(rng.choice(_houses(n, box)))
        rng.shuffle(cells)
    else:
        cells = [rng.randrange(n * n) for _ in range(rng.randint(2, n))]
    at = [x for x in range(n * n) if 1 <= grid[x] <= len(cells)]
    if not at:
        return None
    index = rng.choice(at)
    return m.Indexing(index, tuple(cells), grid[cells[grid[index] - 1]])


def _index_prop(prog):
    (p,) = [p for p in range(len(prog.kinds)) if prog.kinds[p] == program.INDEX]
    return p


@pytest.mark.parametrize("n, box", [(4, (2, 2)), (6, (2, 3))])
def test_indexing_never_removes_a_value_a_grid_it_holds_uses(n, box):
    """Random candidates around a grid the rule holds: the propagator, run once alone,
    keeps each cell's value of the grid and never fails; on cells that differ it also takes
    the value from places the index cannot name (counted: the rule of this round)."""
    rng = random.Random(f"index-sound-{n}")
    placed_off = 0
    for trial in range(400):
        lo = rng.choice([1, 1, 0])
        grid = _grid(rng, n, box, lo)
        distinct = rng.random() < 0.75
        rule = _held_by(rng, n, box, grid, lo, distinct)
        if rule is None:
            continue
        puzzle = m.VariantPuzzle(n, box=box, values=(lo, lo + n - 1), constraints=(rule,))
        assert not check_solution(puzzle, grid)
        prog = compile_puzzle(puzzle)
        dom = prog.dom.copy()
        for x in range(n * n):
            extra = rng.randrange(1 << n) | rng.randrange(1 << n)
            dom[x] = (1 << (grid[x] - lo)) | (extra if rng.random() < 0.8 else 0)
        before = dom.copy()
        ok = engine.propagate_once(prog, dom, [_index_prop(prog)], watch=False)
        where = (trial, puzzle.to_json(), grid)
        assert ok, where
        for x in range(n * n):
            assert dom[x] >> (grid[x] - lo) & 1, (where, x)
        bit = 1 << (rule.value - lo)
        if dom[rule.cell] & (dom[rule.cell] - 1):  # the index still open: not its own place
            placed_off += sum(1 for x in set(rule.cells) if x != rule.cell
                              and before[x] & bit and not dom[x] & bit)
    assert placed_off > 50  # (places the index cannot name do lose the value)


def test_a_row_gives_up_the_value_where_the_index_cannot_point():
    """Index cell R2C1 (on 4x4) can name places 1 or 2 of row 1: places 3 and 4 of the
    row cannot hold the value 4, the index's own candidates left alone."""
    puzzle = m.VariantPuzzle(4, constraints=(m.Indexing(4, (0, 1, 2, 3), 4),))
    prog = compile_puzzle(puzzle)
    dom = prog.dom.copy()
    dom[4] = 0b0011
    assert engine.propagate_once(prog, dom, [_index_prop(prog)], watch=False)
    assert [int(dom[x]) for x in (0, 1, 2, 3, 4)] == [0b1111, 0b1111, 0b0111, 0b0111, 0b0011]
    # cells that may repeat a value (two rows' cells): the rule does not hold, nothing goes
    puzzle = m.VariantPuzzle(4, constraints=(m.Indexing(4, (0, 1, 10, 11), 4),))
    prog = compile_puzzle(puzzle)
    dom = prog.dom.copy()
    dom[4] = 0b0011
    assert engine.propagate_once(prog, dom, [_index_prop(prog)], watch=False)
    assert all(int(dom[x]) == 0b1111 for x in (0, 1, 10, 11))
    # a row's cells with R1C1 listed again at place 5: the index 1 may name R1C1, so R1C1
    # keeps the 4 although place 5 cannot be named (the set is a house; the list is not)
    puzzle = m.VariantPuzzle(4, constraints=(m.Indexing(4, (0, 1, 2, 3, 0), 4),))
    prog = compile_puzzle(puzzle)
    dom = prog.dom.copy()
    dom[4] = 0b0011
    assert engine.propagate_once(prog, dom, [_index_prop(prog)], watch=False)
    assert int(dom[0]) == 0b1111


def test_indexing_puzzles_agree_with_sat():
    """6x6 puzzles of a few indexing rules a grid holds (and a few givens): ``fast`` finds
    what ``sat`` finds, up to two solutions."""
    rng = random.Random("index-vs-sat")
    for trial in range(25):
        lo = rng.choice([1, 1, 0])
        grid = _grid(rng, 6, (2, 3), lo)
        rules = [r for r in (_held_by(rng, 6, (2, 3), grid, lo, rng.random() < 0.8)
                             for _ in range(rng.randint(2, 6))) if r is not None]
        givens = tuple((x, grid[x]) for x in rng.sample(range(36), rng.randint(0, 6)))
        p = m.VariantPuzzle(6, box=(2, 3), values=(lo, lo + 5), givens=givens,
                            constraints=tuple(rules))
        _agrees_with_sat(p, grid, trial)
