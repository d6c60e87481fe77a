"""The pre-propagated CNF (``encode.reduced``) and the sat backend's path for large boards.

The sat backend reduces boards above ``REDUCED_ABOVE`` only; ``sat:reduced_above=0``
reduces every board, so these tests compare the two formulas on small boards, where
the full one is quick, and run the backend contract on the reduced path.
"""

from __future__ import annotations

import random

import pytest

from sudoku_cp import Board, Status, is_solution, solve
from sudoku_cp.backends.sat import REDUCED_ABOVE
from sudoku_cp.board import geometry
from sudoku_cp.encode.reduced import reduce_board
from sudoku_cp.generate import full_grid

# The backend contract (tests/test_contract.py), run again on the reduced path through
# the ``backend`` fixture below. (Its first test is left out: it compares the result's
# backend name with the spec, and a spec with options names the backend "sat".)
from test_contract import (  # noqa: F401  (collected by pytest)
    test_a_cell_without_candidates_and_no_clash,
    test_a_variant_with_extra_houses,
    test_clashing_givens_have_no_solution,
    test_count_all_solutions_of_a_4x4_with_its_first_row_given,
    test_every_shape_from_a_blanked_grid,
    test_native_statistics_are_reported,
    test_several_solutions_stop_at_the_limit,
    test_the_time_limit_is_honoured,
)

REDUCED = "sat:reduced_above=0"
FULL = "sat:reduced_above=64"


@pytest.fixture(params=[REDUCED, "sat:reduced_above=0:encoding=minimal"])
def backend(request):
    return request.param


def random_board(rng: random.Random, box, density: float, houses=()) -> Board:
    """Givens of a random full grid kept with probability ``density``; sometimes one
    given changed, so some boards have clashing givens or no solution."""
    grid = full_grid(box, rng)
    values = [v if rng.random() < density else 0 for v in grid]
    n = box[0] * box[1]
    if rng.random() < 0.2:
        values[rng.randrange(n * n)] = rng.randint(1, n)
    return Board(geometry(*box).with_houses(houses), tuple(values))


def solutions_of(board: Board, spec: str, limit: int) -> tuple[set, bool]:
    result = solve(board, spec, limit=limit)
    assert all(is_solution(board, s) for s in result.solutions)
    assert len(set(result.solutions)) == len(result.solutions)
    return set(result.solutions), result.exhausted


def agree(board: Board, limit: int = 30) -> None:
    """Both formulas find the same solutions (all of them, when there are few)."""
    reduced, done_r = solutions_of(board, REDUCED, limit)
    full, done_f = solutions_of(board, FULL, limit)
    if done_r and done_f:
        assert reduced == full
    else:  # more than ``limit``: both stopped there
        assert len(reduced) == len(full) == limit
    for singles in (False, True):  # the encoder's own count, solved by a plain solver
        assert len(enumerate_reduced(board, singles, limit)) == len(reduced)


def enumerate_reduced(board: Board, singles: bool, limit: int) -> set:
    """Solutions of ``reduce_board``'s formula, by plain blocking-clause enumeration."""
    from pysat.solvers import Solver

    red = reduce_board(board, singles=singles)
    if red.contradiction:
        return set()
    found: set = set()
    with Solver(name="glucose4", bootstrap_with=red.clauses) as solver:
        while len(found) < limit and solver.solve():
            model = solver.get_model()
            found.add(red.solution(model))
            blocking = [-lit for lit in model[:red.nv] if lit > 0]
            if not blocking:  # nothing free: the settled grid is the only solution
                break
            solver.add_clause(blocking)
    return found


def test_large_boards_take_the_reduced_path_and_small_ones_do_not():
    assert 16 <= REDUCED_ABOVE < 25
    small = solve(Board.empty((4, 4)), "sat", limit=1)
    assert "reduced" not in small.stats
    large = Board.from_values(pattern := full_grid((5, 5), random.Random(3)), (5, 5))
    result = solve(large, "sat", limit=2)
    assert result.stats["reduced"] and result.stats["forced_by_propagation"]
    assert result.solutions == (tuple(pattern),) and result.exhausted


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3)])
def test_the_reduced_formula_has_the_solutions_of_the_full_one(box):
    rng = random.Random(sum(box))
    for density in (0.0, 0.2, 0.35, 0.5, 0.7):
        for _ in range(4):
            agree(random_board(rng, box, density))


def test_sudoku_x_and_small_extra_houses():
    """Extra houses of 2..n cells hold distinct values, but only one of n cells must
    hold every value: no hidden single may come from a smaller house."""
    rng = random.Random(9)
    g = geometry(3, 3)
    diagonals = [[g.cell(i, i) for i in range(9)], [g.cell(i, 8 - i) for i in range(9)]]
    for density in (0.25, 0.4, 0.6):
        agree(random_board(rng, (3, 3), density, diagonals))
    for box in [(2, 2), (2, 3), (3, 3)]:
        n = box[0] * box[1]
        for _ in range(12):
            houses = [rng.sample(range(n * n), rng.randint(2, n)) for _ in range(rng.randint(1, 3))]
            agree(random_board(rng, box, rng.choice((0.2, 0.4, 0.6)), houses))


def test_a_two_cell_house_gives_no_hidden_single():
    # 4x4, extra house {r1c1, r4c4}; the givens leave value 1 one cell of that house,
    # which would be a hidden single only if the house had to hold 1.
    board = Board(geometry(2, 2).with_houses([[0, 15]]), (0, 0, 0, 0) + (0, 1, 0, 0) + (0,) * 8)
    red = reduce_board(board)
    assert red.contradiction is None and red.settled[0] == 0
    assert len(solutions_of(board, REDUCED, 1000)[0]) == len(solutions_of(board, FULL, 1000)[0])


@pytest.mark.parametrize("line, why", [
    ("11" + "." * 14, "row 1 holds 1 twice (r1c1, r1c2)"),
    ("1..." "1..." + "." * 8, "column 1 holds 1 twice (r1c1, r2c1)"),
    (".234" "1..." "...." "....", "r1c1 has no candidate left"),
])
def test_contradictions_are_found_and_named(line, why):
    board = Board.parse(line)
    red = reduce_board(board)
    assert red.contradiction == why and not red.clauses
    result = solve(board, REDUCED, limit=2)
    assert result.status is Status.NONE and result.exhausted
    assert result.stats["contradiction"] == why


def test_a_value_with_no_cell_left_in_a_full_house():
    # Row 1 needs a 4 in r1c3 or r1c4, and the 4 in r2c3 (their box) rules out both,
    # yet each of those cells keeps a candidate (3): only "row 1 holds every value",
    # a fact of full houses, refutes the puzzle.
    board = Board.parse("12.." "..4." "...." "....")
    red = reduce_board(board, singles=False)
    assert red.contradiction == "row 1 has no cell left for 4"
    assert solve(board, FULL, limit=2).status is Status.NONE


def test_a_house_larger_than_the_board_side_has_no_solution():
    board = Board(geometry(2, 2).with_houses([list(range(5))]), (0,) * 16)
    assert "has 5 cells for 4 values" in reduce_board(board).contradiction
    assert solve(board, REDUCED, limit=2).status is Status.NONE


def test_the_reduced_formula_is_small_on_a_large_board():
    rng = random.Random(1)
    box = (5, 5)
    board = Board.from_values([v if rng.random() < 0.5 else 0 for v in full_grid(box, rng)], box)
    red = reduce_board(board)
    assert red.contradiction is None and 0 < red.nv < board.n ** 3 / 10
    reduced, full = solve(board, REDUCED, limit=2), solve(board, FULL, limit=2)
    assert reduced.stats["variables"] == red.nv and reduced.stats["clauses"] == len(red.clauses)
    assert reduced.status is full.status is Status.SOLVED
    assert len(reduced.solutions) == len(full.solutions)


# -- cpsat on large boards: one solve per solution, the ones found forbidden -------------
@pytest.fixture
def cpsat_one_at_a_time(monkeypatch):
    from sudoku_cp.backends import cpsat

    monkeypatch.setattr(cpsat, "LARGE_ABOVE", 0)
    return cpsat.CpSatBackend()


def test_cpsat_one_solve_at_a_time_finds_what_enumeration_finds(cpsat_one_at_a_time):
    rng = random.Random(5)
    for box in [(2, 2), (2, 3), (3, 3)]:
        for density in (0.2, 0.4, 0.6):
            board = random_board(rng, box, density)
            result = cpsat_one_at_a_time.solve(board, limit=20)
            assert result.stats.get("clash") or result.stats["solves"] >= 1
            assert all(is_solution(board, s) for s in result.solutions)
            assert len(set(result.solutions)) == len(result.solutions)
            full, done = solutions_of(board, FULL, 20)
            assert result.exhausted == done
            if done:
                assert set(result.solutions) == full


def test_cpsat_one_solve_at_a_time_counts_and_stops(cpsat_one_at_a_time):
    first_row = Board.from_values([1, 2, 3, 4] + [0] * 12)
    result = cpsat_one_at_a_time.solve(first_row, limit=100)
    assert result.exhausted and len(set(result.solutions)) == 12
    given = Board.from_values(full_grid((2, 2), random.Random(1)))
    result = cpsat_one_at_a_time.solve(given, limit=2)
    assert result.exhausted and len(result.solutions) == 1 and result.stats["solves"] == 1
    clash = Board.parse("11" + "." * 14)
    assert cpsat_one_at_a_time.solve(clash, limit=2).status is Status.NONE
    timed = cpsat_one_at_a_time.solve(Board.empty((6, 6)), limit=10**6, time_limit=0.5)
    assert not timed.exhausted and timed.time_s < 20
