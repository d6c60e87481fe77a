"""``encode_cp.candidates``: the cells' starting domains narrowed by the givens in the
houses (and the singles that follow) must keep every value a solution uses.

Checked against every grid of small puzzles (4x4 with boxes, 4x4 jigsaw, 6x6 with
values 0-5) and against the one solution of 9x9 puzzles whose givens are taken from a
full grid; and the narrowing must actually narrow, or the checks say nothing.
"""

from __future__ import annotations

import importlib.util
import random

import pytest

from sudoku_cp.variants import model as m
from sudoku_cp.variants.encode_cp import candidates
from sudoku_cp.variants.rules import is_solution
from test_variants_sets import all_grids

GRID6 = [(c + 3 * (r % 2) + r // 2) % 6 for r in range(6) for c in range(6)]
GRID9 = [int(ch) for ch in
         "534678912672195348198342567859761423426853791713924856961537284287419635345286179"]


def _keeps_every_solution(puzzle, grids):
    dom = candidates(puzzle)
    for g in grids:
        for cell, values in dom.items():
            assert g[cell] in values, (puzzle.givens, cell, values, g)
    return sum(len(puzzle.value_range) - len(v) for v in dom.values())


@pytest.mark.parametrize("shape", ["4x4", "4x4 jigsaw", "6x6 from 0"])
def test_small_puzzles_keep_every_grid(shape):
    rng = random.Random(38)
    removed = 0
    for _ in range(30):
        if shape == "4x4":
            base = m.VariantPuzzle(4)
        elif shape == "4x4 jigsaw":
            base = m.VariantPuzzle(4, regions=((0, 1, 4, 8), (2, 3, 7, 11), (5, 6, 9, 10),
                                               (12, 13, 14, 15)))
        else:
            base = m.VariantPuzzle(6, values=(0, 5))
        lo, hi = base.values
        cells = rng.sample(range(base.num_cells), rng.randint(1, 5))
        givens = tuple((c, rng.randint(lo, hi)) for c in cells)
        puzzle = m.VariantPuzzle(base.size, regions=base.regions, values=base.values,
                                 givens=givens)
        if shape == "6x6 from 0":  # (too many grids to list: givens taken from one grid)
            puzzle = m.VariantPuzzle(6, values=(0, 5), givens=tuple((c, GRID6[c]) for c in cells))
            grids = [GRID6]
        else:
            grids = [g for g in all_grids(puzzle) if is_solution(puzzle, g)]
        removed += _keeps_every_solution(puzzle, grids)
    assert removed > 0


def test_nine_by_nine_keeps_its_solution_and_finds_singles():
    rng = random.Random(7)
    singles = 0
    for count in (5, 17, 25, 35, 50):
        for _ in range(10):
            cells = rng.sample(range(81), count)
            puzzle = m.VariantPuzzle(9, givens=tuple((c, GRID9[c]) for c in cells))
            _keeps_every_solution(puzzle, [GRID9])
            singles += sum(len(v) == 1 for v in candidates(puzzle).values())
    assert singles > 0


def test_the_grids_are_solutions():
    assert is_solution(m.VariantPuzzle(6, values=(0, 5)), GRID6)
    assert is_solution(m.VariantPuzzle(9), GRID9)


def test_a_cell_the_givens_empty_is_left_unnarrowed():
    # row 0 gives 1, 2, 3 beside cell 0, and cell 4 (its box and column) gives 4
    puzzle = m.VariantPuzzle(4, givens=((1, 1), (2, 2), (3, 3), (4, 4)))
    dom = candidates(puzzle)
    assert 0 not in dom and all(dom.values()) and dom[5] == [2, 3]


@pytest.mark.skipif(importlib.util.find_spec("ortools") is None, reason="ortools is not installed")
def test_cpsat_counts_the_same_with_and_without_the_narrowing(monkeypatch):
    from sudoku_cp.variants import cpsat, encode_cp

    rng = random.Random(5)
    for _ in range(20):
        cells = rng.sample(range(16), rng.randint(0, 4))
        puzzle = m.VariantPuzzle(4, givens=tuple((c, rng.randint(1, 4)) for c in cells),
                                 constraints=(m.Thermometer((0, 1, 2)),))
        counts = []
        for on in (True, False):
            monkeypatch.setattr(encode_cp, "CANDIDATES", on)
            r = cpsat.solve(puzzle, limit=2)
            counts.append((sorted(map(tuple, r.solutions)), r.exhausted))
        truth = [tuple(g) for g in all_grids(puzzle) if is_solution(puzzle, g)]
        assert counts[0] == counts[1]
        assert len(counts[0][0]) == min(2, len(truth))
