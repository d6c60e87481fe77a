"""cpsat's rules over every neighbour pair make their table of allowed pairs once (batch
round): the grids cpsat finds are exactly the grids the checker accepts, on random 4x4s
with dots and the negative rules, every grid enumerated."""

from __future__ import annotations

import random

import pytest

from sudoku_cp.variants import model as m
from sudoku_cp.variants.rules import check_solution

pytest.importorskip("ortools")


def _sudoku_4x4():
    """Every 4x4 sudoku grid (288)."""
    from itertools import permutations

    rows = list(permutations(range(1, 5)))

    def fits(grid, row):
        if any(row[c] == g[c] for g in grid for c in range(4)):
            return False
        return len(grid) % 2 == 0 or all(
            len({grid[-1][c], grid[-1][c + 1], row[c], row[c + 1]}) == 4 for c in (0, 2))

    out = [()]
    for _ in range(4):
        out = [g + (row,) for g in out for row in rows if fits(g, row)]
    return [sum(g, ()) for g in out]


GRIDS = _sudoku_4x4()


def _random_puzzle(rng):
    pairs = [(r * 4 + c, r * 4 + c + 1) for r in range(4) for c in range(3)]
    pairs += [(r * 4 + c, r * 4 + c + 4) for r in range(3) for c in range(4)]
    cons = []
    for a, b in rng.sample(pairs, rng.randint(2, 6)):
        kind = rng.random()
        if kind < 0.4:
            cons.append(m.DifferenceDot((a, b), rng.choice((1, 2))))
        elif kind < 0.7:
            cons.append(m.RatioDot((a, b), rng.choice((2, 3))))
        else:
            cons.append(m.XV((a, b), rng.choice((5, 7))))
    negative = rng.choice(("dots", "xv", "consecutive", "king"))
    if negative == "dots":
        cons.append(m.NegativeDots(white=rng.random() < 0.7, black=rng.random() < 0.7))
    elif negative == "xv":
        cons.append(m.NegativeXV(x=False, v=True))
    elif negative == "consecutive":
        cons.append(m.NonConsecutive())
    else:
        cons.append(m.AntiKing())
    return m.VariantPuzzle(4, constraints=tuple(cons))


@pytest.mark.parametrize("seed", range(12))
def test_cpsat_solutions_are_the_checked_grids(seed):
    from sudoku_cp.variants.cpsat import solve

    puzzle = _random_puzzle(random.Random(seed))
    want = sorted(g for g in GRIDS if not check_solution(puzzle, g))
    got = solve(puzzle, limit=len(want) + 1)
    assert got.exhausted
    assert sorted(map(tuple, got.solutions)) == want
