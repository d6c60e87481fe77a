"""The witness's sum propagation: what distinct-value sets prune beyond bounds."""

from sudoku_cp.variants import witness
from sudoku_cp.variants.model import LittleKiller, VariantPuzzle
from sudoku_cp.variants.witness_build import build
from sudoku_cp.variants.witness_search import Engine


def test_little_killer_within_one_box_uses_sets_of_distinct_values():
    # r1c2 and r2c1 lie on one diagonal and in box 1, so they differ: 6 is 1 + 5 or 2 + 4,
    # never 3 + 3, so 3 goes from both cells (bounds alone would keep 1..5).
    puzzle = VariantPuzzle(9, constraints=(LittleKiller((1, 9), 6),))
    masks, props = build(puzzle)
    assert Engine(len(masks), props).propagate(masks)
    for cell in (1, 9):
        assert sorted(v for v in range(1, 10) if masks[cell] >> v & 1) == [1, 2, 4, 5]


def test_little_killer_within_one_box_keeps_every_solution():
    # 4x4: the diagonal r1c2, r2c1 lies in box 1; the sum 4 is 1 + 3 only. Every grid the
    # witness finds breaks no rule (it checks), and their number equals plain enumeration.
    puzzle = VariantPuzzle(4, constraints=(LittleKiller((1, 4), 4),))
    result = witness.solve(puzzle, limit=1000)
    assert result.exhausted
    assert all({g[1], g[4]} == {1, 3} for g in result.solutions)
    # Of the 288 4x4 grids, by symmetry of the values each ordered pair of distinct values
    # fills the two cells in 288 / 12 of them; {1, 3} is two of those pairs.
    assert result.count == 288 * 2 // 12
