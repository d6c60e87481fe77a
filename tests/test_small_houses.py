"""Extra houses with fewer than n cells: their values differ, but need not cover 1..n.

Issue 9, defect 1: the backtracker applied hidden singles to every house and so said
"none" on puzzles with a redundant 2-cell house. Every backend, both CNF encodings and
the grader must read a small house as "all different" only. The property test draws
random extra houses of 2..n cells on 4x4, 6x6 and 9x9 boards and asks every backend.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_cp.backends import solve
from sudoku_cp.board import Board, PuzzleError
from sudoku_cp.check import is_solution
from sudoku_cp.crosscheck import Verdict, claim, crosscheck
from sudoku_cp.generate import full_grid
from sudoku_cp.grade import grade

# From /work/shared/data/norvig_top95.txt (first puzzle): unique.
TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# Every backend and encoding the cross-checker can be asked for.
SPECS = ("sat", "sat:encoding=minimal", "cpsat", "backtrack")


def test_redundant_two_cell_house_keeps_the_unique_verdict():
    """The issue's example: r1c1 and r2c2 share box 1, so the house changes nothing."""
    board = Board.from_values(Board.parse(TOP95_1).givens, houses=[[0, 10]])
    report = crosscheck(board)
    assert report.verdict is Verdict.UNIQUE, report.evidence
    assert report.solution == crosscheck(Board.parse(TOP95_1)).solution


def test_small_houses_that_searched_for_minutes():
    """The issue's 9x9 with houses [[17,18,12,50],[23,3,57]]: every backend settles it."""
    board = Board.from_values(Board.parse(TOP95_1).givens,
                              houses=[[17, 18, 12, 50], [23, 3, 57]])
    start = time.perf_counter()
    result = solve(board, "backtrack", limit=2, time_limit=60)
    assert result.exhausted and time.perf_counter() - start < 30
    assert claim(result) == claim(solve(board, "sat", limit=2))
    assert all(is_solution(board, s) for s in result.solutions)


@pytest.mark.parametrize("houses, words", [
    ([[]], "extra house 1 is empty"),
    ([[0, 1], []], "extra house 2 is empty"),
    ([[0, 0]], "twice"),
    ([[0, 81]], "off the board"),
    ([[3, 4], [5, 6, 7], [0, -1]], "extra house 3 .* off the board"),
    ([[3, 4], [5, 6, 5]], "extra house 2 .* twice"),
    ([[3, 4], [5, 6, 7], [80, 79, 78], [1, 2, 1]], "extra house 4 .* twice"),
])
def test_bad_extra_houses_are_refused(houses, words):
    with pytest.raises(PuzzleError, match=words):
        Board.from_values([0] * 81, houses=houses)


def test_grader_uses_hidden_singles_in_full_houses_only():
    """A 2-cell house whose cells are otherwise unrelated: a value seen once in it is no
    hidden single. Found by a random search (a full grid of ``full_grid((3, 3), seed=101)``
    with 42% of its values kept); the grader that applied hidden singles to every house
    raised a contradiction on it, though the puzzle has one solution."""
    board = Board.from_values(Board.parse(
        "6...41.......8.6.........2.8.541.3...63528.79...37648...6.5.2.45...92.1.2....4.98"
    ).givens, houses=[[26, 76]])
    assert claim(solve(board, "sat", limit=2)) == "unique"
    g = grade(board)  # raises if the logic leaves the backtracker's solution
    assert g.unique


def _boards(box):
    n = box[0] * box[1]
    cells = n * n
    house = st.lists(st.integers(0, cells - 1), min_size=2, max_size=n, unique=True)
    return st.tuples(st.integers(0, 2**32), st.lists(house, min_size=1, max_size=3),
                     st.lists(st.booleans(), min_size=cells, max_size=cells))


@st.composite
def boards(draw):
    box = draw(st.sampled_from([(2, 2), (2, 3), (3, 3)]))
    seed, houses, keep = draw(_boards(box))
    grid = full_grid(box, seed=seed)
    # About half the givens on 9x9 keeps every backend fast; the extra houses may
    # contradict the grid, which makes "none" cases as well as unique and multiple ones.
    givens = [v if k else 0 for v, k in zip(grid, keep)]
    return Board.from_values(givens, box, houses=houses)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_all_backends_agree_on_random_small_houses(board):
    claims = {}
    for spec in SPECS:
        result = solve(board, spec, limit=2, time_limit=20)
        assert all(is_solution(board, s) for s in result.solutions), spec
        claims[spec] = claim(result)
    assert "unknown" not in claims.values(), claims
    assert len(set(claims.values())) == 1, (board.to_text(), board.geometry.extra, claims)
    if claims["sat"] == "unique":  # the grader's logic must end on that solution too
        assert grade(board).unique


def test_many_variant_shapes_do_not_pile_up_solvers():
    """Each set of extra houses is its own shape; a long run of variants must not keep a
    formula, model and solver for every one (a soak run grew to 24 GB before this)."""
    from sudoku_cp.backends import get_backend
    from sudoku_cp import search
    from sudoku_cp.backends import cpsat, sat

    grid = full_grid((2, 2), seed=1)
    for i in range(20):
        board = Board.from_values(grid, (2, 2), houses=[[i % 16, (i + 5) % 16]])
        for spec in ("sat", "cpsat", "backtrack"):
            solve(board, spec, limit=2)
    assert len(get_backend("sat")._live) <= sat.KEEP_SHAPES
    assert len(get_backend("cpsat")._encoding) <= cpsat.KEEP_SHAPES
    assert len(search.tables) <= search.KEEP_SHAPES  # the backtracker's tables
