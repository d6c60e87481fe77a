"""Tests of the pure-Python backtrack backend.

Every solution is checked with the independent ``is_solution``; counts on 4×4 boards
are checked against a brute-force enumeration of all 288 grids written here.
"""

from __future__ import annotations

import itertools
import random
import time

import pytest

from sudoku_cp.backends import get_backend
from sudoku_cp.backends.backtrack import BacktrackBackend, tables
from sudoku_cp.board import Board, geometry
from sudoku_cp.check import is_solution
from sudoku_cp.result import Status

# From /work/shared/data/norvig_top95.txt (first puzzle): unique.
TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# From /work/shared/data/royle_17_clue.txt (first puzzle): unique, and minimal, so
# removing any given leaves several solutions.
ROYLE_1 = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
# From /work/shared/data/royle_17_clue.txt (second puzzle): naked and hidden singles
# solve it without a guess (naked singles alone solve no 17-clue puzzle).
ROYLE_2 = ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7....."
# From /work/shared/data/forum_hardest_1106.txt (first puzzle): unique, needs search.
FORUM_1 = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"

BOXES = [(1, 1), (1, 2), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (3, 4), (4, 4), (5, 5)]


def board_of(line: str) -> Board:
    return Board.from_values([0 if ch in ".0" else int(ch) for ch in line])


def diagonals(n: int) -> list[list[int]]:
    return [[i * n + i for i in range(n)], [i * n + (n - 1 - i) for i in range(n)]]


@pytest.fixture(scope="module")
def solver() -> BacktrackBackend:
    return BacktrackBackend()


@pytest.fixture(scope="module")
def all_4x4_grids() -> list[tuple[int, ...]]:
    """Every solved 4×4 grid, by brute force over rows (independent of the solver)."""
    perms = list(itertools.permutations(range(1, 5)))
    partial = [()]
    for _ in range(4):  # add one row at a time, keeping columns distinct
        partial = [g + p for g in partial for p in perms
                   if all(p[c] not in g[c::4] for c in range(4))]
    empty = Board.empty((2, 2))
    return [g for g in partial if is_solution(empty, g)]  # boxes checked here


def brute_count(board: Board, grids) -> int:
    """Solutions of a 4×4 board (with any extra houses) among all grids."""
    return sum(1 for g in grids if is_solution(board, g))


# -- the interface --------------------------------------------------------------------
def test_interface_and_registry(solver):
    assert solver.name == "backtrack"
    assert BacktrackBackend.SPEC_OPTIONS == ()
    assert isinstance(get_backend("backtrack"), BacktrackBackend)
    r = solver.solve(board_of(TOP95_1), limit=2)
    assert r.backend == "backtrack" and r.limit == 2 and r.time_s >= 0
    assert {"nodes", "backtracks", "guesses"} <= set(r.stats)
    assert all(isinstance(v, int) for v in r.solution)


def test_tables_are_cached_per_geometry():
    g = geometry(3, 3)
    assert tables(g) is tables(g)
    assert tables(g.with_houses(diagonals(9))) is not tables(g)


# -- counting ---------------------------------------------------------------------------
@pytest.mark.parametrize("line", [TOP95_1, ROYLE_1, FORUM_1])
def test_unique_puzzle(solver, line):
    board = board_of(line)
    r = solver.solve(board, limit=2)
    assert r.status is Status.SOLVED and r.exhausted and len(r.solutions) == 1
    assert is_solution(board, r.solution)


def test_singles_solve_without_guessing(solver):
    board = board_of(ROYLE_2)
    r = solver.solve(board, limit=2)
    assert r.exhausted and len(r.solutions) == 1 and is_solution(board, r.solution)
    assert r.stats == {"nodes": 1, "backtracks": 0, "guesses": 0}


def test_limit_one_stops_at_first_solution(solver):
    r = solver.solve(Board.empty((3, 3)), limit=1)
    assert r.status is Status.SOLVED and len(r.solutions) == 1 and not r.exhausted
    assert is_solution(Board.empty((3, 3)), r.solution)


def test_several_solutions_limit_two(solver):
    i = ROYLE_1.index("1")
    board = board_of(ROYLE_1[:i] + "." + ROYLE_1[i + 1:])  # one given fewer
    r = solver.solve(board, limit=2)
    assert r.status is Status.SOLVED and not r.exhausted and r.count == "2+"
    assert len(set(r.solutions)) == 2
    assert all(is_solution(board, s) for s in r.solutions)


def test_empty_4x4_has_288_solutions(solver, all_4x4_grids):
    assert len(all_4x4_grids) == 288
    r = solver.solve(Board.empty((2, 2)), limit=1000)
    assert r.exhausted and len(r.solutions) == 288
    assert set(r.solutions) == set(all_4x4_grids)
    r = solver.solve(Board.empty((2, 2)), limit=288)
    assert len(r.solutions) == 288 and not r.exhausted  # stopped at the limit


def test_random_4x4_counts_match_brute_force(solver, all_4x4_grids):
    rng = random.Random(4)
    for _ in range(60):
        grid = rng.choice(all_4x4_grids)
        givens = [v if rng.random() < 0.3 else 0 for v in grid]
        if rng.random() < 0.3:  # sometimes a wrong given, which may leave no solution
            givens[rng.randrange(16)] = rng.randint(1, 4)
        board = Board.from_values(givens)
        r = solver.solve(board, limit=1000)
        assert r.exhausted and len(r.solutions) == brute_count(board, all_4x4_grids)
        assert len(set(r.solutions)) == len(r.solutions)
        assert all(is_solution(board, s) for s in r.solutions)


# -- no solution --------------------------------------------------------------------------
def test_clashing_givens(solver):
    r = solver.solve(Board.parse("11.." "...." "...." "...."), limit=2)
    assert r.status is Status.NONE and r.exhausted and r.solutions == ()
    assert r.stats["nodes"] == 0


def test_cell_without_candidate(solver):
    # r1c1 sees 1 and 2 in its row, 3 and 4 in its column, with no clash anywhere.
    r = solver.solve(Board.parse("..12" "...." "3..." "4..."), limit=2)
    assert r.status is Status.NONE and r.exhausted


def test_unsatisfiable_after_search(solver):
    # TOP95_1 is unique; a given that differs from its solution, placed where no
    # peer holds the same value, leaves no solution, and refuting it needs guesses.
    base = solver.solve(board_of(TOP95_1), limit=2)
    assert base.exhausted and base.solution[79] != 2
    board = board_of(TOP95_1[:79] + "2" + TOP95_1[80:])
    r = solver.solve(board, limit=2)
    assert r.status is Status.NONE and r.exhausted and r.solutions == ()
    assert r.stats["backtracks"] > 0


# -- geometry -------------------------------------------------------------------------------
@pytest.mark.parametrize("box", BOXES, ids=lambda b: f"{b[0]}x{b[1]}")
def test_empty_boards_of_every_size(solver, box):
    board = Board.empty(box)
    r = solver.solve(board, limit=2)
    assert r.status is Status.SOLVED
    assert all(is_solution(board, s) for s in r.solutions)
    assert len(set(r.solutions)) == len(r.solutions)
    assert len(r.solutions) == (1 if box == (1, 1) else 2)


def test_diagonal_variant(solver, all_4x4_grids):
    board = Board.from_values([0] * 81, houses=diagonals(9))
    r = solver.solve(board, limit=2)
    assert r.status is Status.SOLVED and len(r.solutions) == 2
    assert all(is_solution(board, s) for s in r.solutions)
    small = Board.from_values([0] * 16, houses=diagonals(4))
    r = solver.solve(small, limit=1000)
    assert r.exhausted and len(r.solutions) == brute_count(small, all_4x4_grids)
    assert all(is_solution(small, s) for s in r.solutions)


def test_extra_house_from_givens_clash(solver):
    # 1 on both ends of the main diagonal: a clash only in the extra house.
    givens = [0] * 16
    givens[0] = givens[15] = 1
    r = solver.solve(Board.from_values(givens, houses=diagonals(4)), limit=2)
    assert r.status is Status.NONE and r.exhausted


# -- time limit ---------------------------------------------------------------------------------
def test_time_limit_returns_promptly(solver):
    start = time.perf_counter()
    r = solver.solve(Board.empty((6, 6)), limit=2, time_limit=0.001)
    assert time.perf_counter() - start < 1.0
    assert not r.exhausted and r.timed_out
    assert r.status in (Status.UNKNOWN, Status.SOLVED)
    assert all(is_solution(Board.empty((6, 6)), s) for s in r.solutions)


def test_time_limit_on_hard_puzzle_without_time_out(solver):
    r = solver.solve(board_of(FORUM_1), limit=2, time_limit=60)
    assert r.exhausted and len(r.solutions) == 1
