"""The witness's pair rules share their tables between pairs under one rule (batch round).

A rule's tables (``RelationTables``) are made once per rule and shared by every pair of
cells under it; the key is what decides the rule's answers (``witness_context._rule_key``:
its code, defaults and closed-over values). These tests hold each pair's tables to the
rule's own definition, so a key that merged two different rules would fail them.
"""

from __future__ import annotations

import random

import pytest

from sudoku_cp.variants import model as m
from sudoku_cp.variants import witness
from sudoku_cp.variants.witness_build import BUILDERS
from sudoku_cp.variants.witness_context import Context
from sudoku_cp.variants.rules import check_solution


def _allowed(rel, v, w) -> bool:
    return bool(rel.support[v] >> w & 1)


def test_pairs_under_one_rule_share_tables_and_others_do_not():
    puzzle = m.VariantPuzzle(9, constraints=(m.DifferenceDot((0, 1), 1), m.DifferenceDot((2, 3), 1),
                                             m.DifferenceDot((4, 5), 3)))
    ctx = Context(puzzle)
    one, same, three = (BUILDERS["difference_dot"](c, ctx)[0] for c in puzzle.constraints)
    assert one.support is same.support and one.forward is same.forward
    assert three.support is not one.support
    for rel, d in ((one, 1), (same, 1), (three, 3)):
        for v in range(1, 10):
            for w in range(1, 10):
                assert _allowed(rel, v, w) == (abs(v - w) == d), (d, v, w)
                assert bool(rel.back[w] >> v & 1) == (abs(v - w) == d)


def test_defaults_are_part_of_the_key():
    """anti-taxicab makes one function per distance through a default argument."""
    puzzle = m.VariantPuzzle(9, constraints=(m.AntiTaxicab(),))
    ctx = Context(puzzle)
    props = BUILDERS["anti_taxicab"](puzzle.constraints[0], ctx)
    for rel in props:
        a, b = rel.cells
        d = abs(a // 9 - b // 9) + abs(a % 9 - b % 9)
        for v in range(1, 10):
            for w in range(1, 10):
                assert _allowed(rel, v, w) == (not v == w == d), (a, b, v, w)
    assert len({id(rel.support) for rel in props}) == 9  # one per distance 1..9


def test_unhashable_closures_are_not_shared():
    """A rule closing over a set (``ok``) gets tables of its own, still by its definition."""
    from sudoku_cp.variants.witness_context import _rule_key

    ok = {(1, 2)}
    assert _rule_key(lambda v, w: (v, w) in ok) is None
    d = 2
    assert _rule_key(lambda v, w: v - w == d) is not None


@pytest.mark.parametrize("seed", range(6))
def test_shared_tables_keep_every_solution_of_random_dot_puzzles(seed):
    """Random 4x4s with difference and ratio dots of mixed sizes and negative dots: the
    witness's solutions are exactly the grids the checker accepts (every grid enumerated)."""
    rng = random.Random(seed)
    pairs = [(r * 4 + c, r * 4 + c + 1) for r in range(4) for c in range(3)]
    pairs += [(r * 4 + c, r * 4 + c + 4) for r in range(3) for c in range(4)]
    cons = []
    for a, b in rng.sample(pairs, 6):
        if rng.random() < 0.5:
            cons.append(m.DifferenceDot((a, b), rng.choice((1, 2, 3))))
        else:
            cons.append(m.RatioDot((a, b), rng.choice((2, 3))))
    cons.append(m.NegativeDots(white=True, black=rng.random() < 0.5))
    puzzle = m.VariantPuzzle(4, constraints=tuple(cons))
    grids = [g for g in _sudoku_4x4() if not check_solution(puzzle, g)]
    got = witness.solve(puzzle, limit=len(grids) + 1).solutions
    assert sorted(map(tuple, got)) == sorted(grids)


def _sudoku_4x4():
    """Every 4x4 sudoku grid (288): rows as permutations, columns and boxes differing."""
    from itertools import permutations

    rows = list(permutations(range(1, 5)))

    def fits(grid, row):
        r = len(grid)
        return all(row[c] != g[c] for g in grid for c in range(4)) and all(
            len({grid[-1][c], grid[-1][c + 1], row[c], row[c + 1]}) == 4 for c in (0, 2)
        ) if r % 2 else all(row[c] != g[c] for g in grid for c in range(4))

    out = [()]
    for _ in range(4):
        out = [g + (row,) for g in out for row in rows if fits(g, row)]
    return [sum(g, ()) for g in out]
