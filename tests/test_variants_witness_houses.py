"""The witness's houses propagator (``witness_houses.Houses``) against references.

Two oracles that share nothing with it:
- a plain fixpoint of the three rules it stands for, each written from its definition
  (naked singles, hidden singles, locked candidates between houses sharing cells), house
  by house and value by value: the masks it leaves, or its failure, must be the same,
  whether it starts afresh or is woken with a few cells narrowed after a first fixpoint;
- on 4x4 and 6x6 boards, the valid grids themselves, enumerated: it never removes a
  value some grid within the masks uses, and fails only when no grid is left.
"""

from __future__ import annotations

import random

import pytest
from conftest import grids_4x4

from sudoku_cp.variants.model import Diagonal, DisjointGroups, VariantPuzzle
from sudoku_cp.variants.witness_build import build
from sudoku_cp.variants.witness_houses import Houses
from sudoku_cp.variants.witness_search import Engine


def _kernel(puzzle):
    masks, props = build(puzzle)
    houses = [p for p in props if isinstance(p, Houses)]
    assert len(houses) == 1
    return masks, houses[0]


def _reference(masks, houses, pairs, full):
    """The common fixpoint of the three rules, each applied from its definition until
    none changes anything; None on a contradiction."""
    masks = list(masks)
    while True:
        before = list(masks)
        for h in houses:
            for c in h:  # naked singles
                m = masks[c]
                if m and not m & (m - 1):
                    for p in h:
                        if p != c:
                            masks[p] &= ~m
            for v in range(full.bit_length()):  # hidden singles
                if full >> v & 1:
                    places = [c for c in h if masks[c] >> v & 1]
                    if not places:
                        return None
                    if len(places) == 1:
                        masks[places[0]] &= 1 << v
        for i, j in pairs:  # locked candidates, both ways
            shared = set(houses[i]) & set(houses[j])
            for one, other in ((houses[i], houses[j]), (houses[j], houses[i])):
                for v in range(full.bit_length()):
                    places = {c for c in one if masks[c] >> v & 1}
                    if places and places <= shared:
                        for c in other:
                            if c not in shared:
                                masks[c] &= ~(1 << v)
        if not all(masks):
            return None
        if masks == before:
            return masks


def _random_masks(rng, grid, full, keep_solution):
    """Masks holding random values, and the grid's own value when ``keep_solution``."""
    top = full.bit_length()
    masks = []
    for v in grid:
        m = 0
        for w in range(top):
            if full >> w & 1 and rng.random() < 0.55:
                m |= 1 << w
        if keep_solution:
            m |= 1 << v
        masks.append(m or 1 << v)
    return masks


def _grid_of(puzzle, rng):
    """A random valid grid of ``puzzle`` (houses only), by the witness itself with a
    random cell order: a solution the checker accepts, not a fixed one."""
    from sudoku_cp.variants import witness
    n = puzzle.size
    first = rng.randrange(n * n)
    givens = ((first, rng.randint(1, n)),)
    p = VariantPuzzle(n, givens=givens, constraints=puzzle.constraints)
    result = witness.solve(p, limit=1)
    assert result.solutions
    return list(result.solutions[0])


BOARDS = [
    VariantPuzzle(4),
    VariantPuzzle(6),
    VariantPuzzle(9),
    VariantPuzzle(9, constraints=(DisjointGroups(), Diagonal(1), Diagonal(-1))),
]


@pytest.mark.parametrize("board", range(len(BOARDS)))
@pytest.mark.parametrize("seed", range(25))
def test_houses_reach_the_reference_fixpoint(board, seed):
    _compare_with_reference(board, seed)


@pytest.mark.parametrize("board", range(len(BOARDS)))
@pytest.mark.parametrize("seed", range(6))
def test_wide_shared_parts_are_tested_one_by_one(board, seed, monkeypatch):
    # Shared parts wider than _SUBSETS cells (irregular regions of large boards) are
    # tested value by value instead of looked up by their subsets: with the limit at
    # one cell, every pair takes that road, and the fixpoint must not change.
    from sudoku_cp.variants import witness_houses
    monkeypatch.setattr(witness_houses, "_SUBSETS", 1)
    kernel = _kernel(BOARDS[board])[1]
    assert all(not d for d in kernel.by_places) and any(kernel.wide)
    _compare_with_reference(board, seed)


def _compare_with_reference(board, seed):
    rng = random.Random(seed * 7 + board)
    puzzle = BOARDS[board]
    start, kernel = _kernel(puzzle)
    full = start[0]
    grid = _grid_of(puzzle, rng)
    # locked candidates between any two houses sharing cells: a box and a row, and on
    # the last board a disjoint group and a row, a diagonal and a box
    pairs = [(i, j) for i in range(len(kernel.houses)) for j in range(i + 1, len(kernel.houses))
             if len(set(kernel.houses[i]) & set(kernel.houses[j])) > 1]
    masks = _random_masks(rng, grid, full, keep_solution=seed % 3 != 0)
    want = _reference(masks, kernel.houses, pairs, full)
    engine = Engine(len(masks), [kernel])
    got = list(masks)
    ok = engine.propagate(got)
    assert ok == (want is not None)
    if not ok:
        return
    assert got[:len(masks)] == want
    # Woken again: narrow a few cells (keeping the grid's values or not) and hand the
    # propagator only those cells; it must reach the fixpoint computed from scratch.
    cells = rng.sample(range(len(masks)), rng.randint(1, 6))
    for c in cells:
        m = got[c]
        drop = m & ~(1 << grid[c]) if seed % 2 else m
        for w in range(full.bit_length()):
            if drop >> w & 1 and rng.random() < 0.5:
                m &= ~(1 << w)
        got[c] = m or got[c]
    want = _reference(got[:len(masks)], kernel.houses, pairs, full)
    again = engine.propagate(got, cells)
    assert again == (want is not None)
    if again:
        assert got[:len(masks)] == want


GRIDS_4 = grids_4x4()


@pytest.mark.parametrize("seed", range(40))
def test_houses_keep_every_grid_within_the_masks_4x4(seed):
    rng = random.Random(seed)
    start, kernel = _kernel(VariantPuzzle(4))
    full = start[0]
    grid = rng.choice(GRIDS_4)
    masks = _random_masks(rng, grid, full, keep_solution=seed % 4 != 0)
    inside = [g for g in GRIDS_4 if all(m >> v & 1 for m, v in zip(masks, g))]
    got = list(masks)
    ok = Engine(16, [kernel]).propagate(got)
    assert ok or not inside
    if ok:
        for g in inside:
            assert all(m >> v & 1 for m, v in zip(got, g))
        if all(not m & (m - 1) for m in got[:16]):  # decided: it must be a grid
            assert tuple(m.bit_length() - 1 for m in got[:16]) in GRIDS_4


def test_the_grid_count_is_right():
    assert len(GRIDS_4) == 288


def test_a_house_of_the_wrong_size_is_refused():
    with pytest.raises(ValueError):
        Houses([(0, 1, 2)], 0b11110, 16)


def test_an_engine_without_houses_still_propagates():
    # Two cells whose values sum to 5 and a thermometer over them: no full house, so no
    # ``Houses``; the engine wakes the others by their watch lists alone.
    from sudoku_cp.variants.witness_props import Linear, Order
    masks = [0b11110, 0b11110]
    engine = Engine(2, [Linear((0, 1), (1, 1), 5, 5), Order((0, 1), strict=True)])
    assert engine.propagate(masks)
    assert masks == [0b1110, 0b11100]  # bounds: 1..3, then 2..4
    masks[0] = 0b100
    assert engine.propagate(masks, [0]) and masks == [0b100, 0b1000]
