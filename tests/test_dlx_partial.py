"""dlx on boards with extra houses, partial ones (fewer than n cells: secondary columns) above all.

A near-empty 6x6 board with two small houses once took dlx 11.7 s and 2.8 million
nodes (sat 0.03 s, backtrack 0.001 s): see ``backends.dlx._restarts`` for why and what
changed. These tests hold it to a few thousand nodes, and check that the rounds keep
the search complete: every answer agrees with the backtracker, solution for solution.
"""

from __future__ import annotations

import random

from sudoku_cp import Board, is_solution, solve
from sudoku_cp.backends.dlx import fresh_values


def test_the_campaign_board_settles_at_once():
    board = Board.from_values([0] * 36, box=(3, 2), houses=[[8, 10, 31, 5, 12], [25, 18, 12]])
    r = solve(board, "dlx", limit=2, time_limit=30)
    assert r.status.value == "solved" and len(r.solutions) == 2
    assert all(is_solution(board, s) for s in r.solutions)
    assert r.stats["nodes"] < 10_000 and r.time_s < 5  # was 2.8 million nodes, 11.7 s


def test_a_near_empty_9x9_with_houses_of_7_and_8_cells():
    # from the soak (seed 2026, case 624): 669,744 nodes and a 10 s time-out when dlx
    # still branched on house-value columns; the backtracker needs 34 nodes
    text = "........................9..6...................8...................3.......7....."
    board = Board.from_values([int(c) if c != "." else 0 for c in text], box=(3, 3),
                              houses=[[77, 15, 2, 44, 28, 45, 33, 64], [8, 16, 75, 7, 20, 30, 24]])
    r = solve(board, "dlx", limit=2, time_limit=30)
    assert len(r.solutions) == 2 and all(is_solution(board, s) for s in r.solutions)
    assert r.stats["nodes"] < 10_000


def test_an_unsatisfiable_board_is_exhausted():
    board = Board.from_values([0] * 36, box=(3, 2),
                              houses=[[11, 13, 10, 12, 5], [18, 0, 28], [7, 1, 33, 10, 31]])
    r = solve(board, "dlx", limit=2, time_limit=60)
    assert r.exhausted and not r.solutions


def random_board(rng: random.Random) -> Board:
    box = rng.choice([(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)])
    n = box[0] * box[1]
    houses = [rng.sample(range(n * n), rng.randint(2, n - 1)) for _ in range(rng.randint(1, 3))]
    values = [0] * (n * n)
    for cell in rng.sample(range(n * n), rng.randint(0, n)):  # a few givens, maybe clashing
        values[cell] = rng.randint(1, n)
    return Board.from_values(values, box=box, houses=houses)


def test_agrees_with_the_backtracker_on_random_partial_houses():
    rng = random.Random(27)
    for _ in range(60):
        board = random_board(rng)
        for limit in (2, 5):
            ours = solve(board, "dlx", limit=limit, time_limit=30)
            ref = solve(board, "backtrack", limit=limit, time_limit=30)
            assert ours.exhausted == ref.exhausted, board.to_text()
            assert len(ours.solutions) == len(ref.solutions), board.to_text()
            assert len(set(ours.solutions)) == len(ours.solutions)
            if ref.exhausted:  # every solution seen: the same set
                assert set(ours.solutions) == set(ref.solutions)
            assert all(is_solution(board, s) for s in ours.solutions)


def test_an_empty_9x9_with_two_extra_houses_of_9_cells():
    # from the soak (seed 27, case 38308): solvable, yet dlx passed 600,000 nodes and a
    # 10 s time-out when it chose among value columns; searched in rounds, under 200
    houses = [[58, 45, 33, 7, 79, 23, 18, 31, 67], [51, 6, 40, 60, 42, 0, 71, 47, 33]]
    board = Board.from_values([0] * 81, box=(3, 3), houses=houses)
    r = solve(board, "dlx", limit=2, time_limit=30)
    assert len(r.solutions) == 2 and all(is_solution(board, s) for s in r.solutions)
    assert r.stats["nodes"] < 10_000


def test_an_8x8_with_no_solution_is_exhausted_by_value_symmetry():
    # from the soak (seed 27, case 37857): no solution even without its givens; with
    # every value tried in every cell dlx passed 21.8 million nodes (183 s) unsettled.
    # Five values appear in no given, so one of them per cell decides it.
    text = ".....................8......................2...4..............8"
    houses = [[13, 30, 0, 3, 33, 25, 24, 20], [11, 58, 28, 25, 39, 45, 22, 21],
              [8, 39, 33, 23, 9, 45, 31]]
    board = Board.from_values([int(c) if c != "." else 0 for c in text], box=(2, 4),
                              houses=houses)
    r = solve(board, "dlx", limit=2, time_limit=60)
    assert r.exhausted and not r.solutions
    assert r.stats["free_values"] == 5 and r.stats["nodes"] < 1_000_000


def test_two_free_values_give_a_solution_and_its_relabelling():
    board = Board.parse("12.." + "." * 12)  # 3 and 4 appear in no given
    assert fresh_values(board) == [3, 4]
    r = solve(board, "dlx", limit=2)
    first, second = r.solutions
    assert first != second and not r.exhausted
    assert all(is_solution(board, s) for s in r.solutions)
    assert second == tuple({3: 4, 4: 3}.get(v, v) for v in first)


def test_value_symmetry_keeps_every_count_to_two():
    # boards with two or more free values: the answer is 0 or 2+, as a full search says
    rng = random.Random(37857)
    for _ in range(80):
        box = rng.choice([(2, 2), (2, 3), (3, 2), (2, 4)])
        n = box[0] * box[1]
        values = [0] * (n * n)
        for cell in rng.sample(range(n * n), rng.randint(0, n)):
            values[cell] = rng.randint(1, n - 2)  # n-1 and n stay free
        houses = [rng.sample(range(n * n), rng.randint(2, n)) for _ in range(rng.randint(0, 3))]
        board = Board.from_values(values, box=box, houses=houses)
        ours = solve(board, "dlx", limit=2, time_limit=30)
        ref = solve(board, "backtrack", limit=2, time_limit=30)
        assert len(ours.solutions) == len(ref.solutions) and ours.exhausted == ref.exhausted
        assert all(is_solution(board, s) for s in ours.solutions)
        assert len(set(ours.solutions)) == len(ours.solutions)
