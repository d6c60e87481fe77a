"""The grader: each technique on a crafted case, soundness, and levels of known puzzles."""

from __future__ import annotations

from itertools import combinations

import pytest

from sudoku_cp import Board, PuzzleError, geometry, solve
from sudoku_cp.grade import (LEVELS, STEPS, TECHNIQUES, Candidates, box_line, grade,
                             hidden_pair, hidden_single, hidden_triple, level_of,
                             logical_solve, naked_pair, naked_single, naked_triple, pointing,
                             x_wing)
from conftest import board_of, load

# Source: Peter Norvig, 'Solving Every Sudoku Puzzle' (norvig.com/sudoku.html), easy50
# set, puzzles 1 and 2 (/work/shared/data/norvig_easy50.txt).
NORVIG_EASY = [
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3",
]


def state(box=(3, 3), without=None) -> Candidates:
    """Candidates of an empty board, less ``without``: {value: cells that lose it}."""
    s = Candidates(geometry(*box))
    for value, cells in (without or {}).items():
        for cell in cells:
            s.eliminate(cell, 1 << (value - 1))
    return s


def row_col(s: Candidates, r: int, c: int) -> list[int]:
    return s.candidates(r * s.t.n + c)


# -- each technique on a crafted case -------------------------------------------------------
def test_naked_single_places_the_last_candidate():
    s = Candidates.from_board(Board.from_values([1, 2, 3, 0] + [0] * 12))
    assert naked_single(s) == 1 and s.values[3] == 4


def test_hidden_single_places_a_value_with_one_cell_in_a_house():
    givens = [0] * 81
    for r, c in [(1, 4), (2, 7), (4, 1), (7, 2)]:  # 1s that leave box 1 only r1c1
        givens[r * 9 + c] = 1
    s = Candidates.from_board(Board.from_values(givens))
    assert naked_single(s) == 0
    assert hidden_single(s) >= 1 and s.values[0] == 1


def test_pointing_clears_the_rest_of_the_line():
    s = state(without={5: [9, 10, 11, 18, 19, 20]})  # box 1: 5 only in row 1
    assert pointing(s) == 1
    assert all(5 not in row_col(s, 0, c) for c in range(3, 9))
    assert all(5 in row_col(s, 0, c) for c in range(3))


def test_box_line_clears_the_rest_of_the_box():
    s = state(without={5: range(3, 9)})  # row 1: 5 only in box 1
    assert box_line(s) == 1
    assert all(5 not in row_col(s, r, c) for r in (1, 2) for c in range(3))
    assert all(5 in row_col(s, 0, c) for c in range(3))


def test_naked_pair():
    s = state(without={v: [0, 1] for v in range(3, 10)})  # r1c1, r1c2 = {1, 2}
    assert naked_pair(s) == 1
    assert all(not {1, 2} & set(row_col(s, 0, c)) for c in range(2, 9))


def test_hidden_pair():
    s = state(without={1: range(2, 9), 2: range(2, 9)})  # row 1: 1, 2 only in c1, c2
    assert naked_pair(s) == 0
    assert hidden_pair(s) == 1
    assert row_col(s, 0, 0) == row_col(s, 0, 1) == [1, 2]


def test_naked_triple():
    s = state(without={**{v: [0, 1, 2] for v in range(4, 10)}, 3: [0], 1: [1], 2: [2]})
    assert [row_col(s, 0, c) for c in range(3)] == [[1, 2], [2, 3], [1, 3]]
    assert naked_pair(s) == hidden_pair(s) == 0
    assert naked_triple(s) == 1
    assert all(not {1, 2, 3} & set(row_col(s, 0, c)) for c in range(3, 9))


def test_hidden_triple():
    s = state(without={v: range(3, 9) for v in (1, 2, 3)})  # row 1: 1, 2, 3 only in c1..c3
    assert naked_pair(s) == hidden_pair(s) == naked_triple(s) == 0
    assert hidden_triple(s) == 1
    assert all(row_col(s, 0, c) == [1, 2, 3] for c in range(3))


def test_x_wing():
    # 7 in rows 2 and 6 only in columns 3 and 7: it leaves those columns elsewhere
    cols = [c for c in range(9) if c not in (2, 6)]
    s = state(without={7: [r * 9 + c for r in (1, 5) for c in cols]})
    assert all(step(s) == 0 for name, step in STEPS if name != "x_wing")
    assert x_wing(s) == 1
    for r in range(9):
        expected = r in (1, 5)
        assert (7 in row_col(s, r, 2)) == expected and (7 in row_col(s, r, 6)) == expected


def test_techniques_work_on_a_6x6_board_with_2x3_boxes():
    s = state((2, 3), without={4: [6, 7, 8]})  # box 1 (rows 1-2, cols 1-3): 4 only in row 1
    assert pointing(s) == 1
    assert all(4 not in row_col(s, 0, c) for c in range(3, 6))


def test_the_steps_are_the_techniques_in_order():
    assert [name for name, _ in STEPS] + ["guess"] == list(TECHNIQUES)
    assert [TECHNIQUES[n] for n in TECHNIQUES] == sorted(TECHNIQUES.values(), key=LEVELS.index)
    assert level_of({}) == "easy" and level_of({"x_wing": 1, "naked_single": 3}) == "hard"
    assert level_of({"pointing": 2, "guess": 1}) == "hard"
    assert level_of({"pointing": 2, "guess": 2}) == "expert"


# -- soundness: logic never removes the solution's value --------------------------------------
@pytest.mark.parametrize("name", ["17clue_sample.txt", "top95_sample.txt",
                                  "forum_hardest_sample.txt", "norvig_hardest.txt"])
def test_logic_is_sound_and_easy_means_singles_suffice(name):
    for line in load(name):
        board = board_of(line)
        result = solve(board, "backtrack", limit=2)
        used, values = logical_solve(board)  # no oracle: stops where logic stalls
        assert all(v in (0, s) for v, s in zip(values, result.solution))
        rating = grade(board)
        # the backtracker propagates singles at each node: one node exactly when singles solve it
        assert (rating.level == "easy") == (rating.nodes == 1)
        assert rating.solved_by_logic == (0 not in values) == ("guess" not in rating.techniques)
        assert rating.level == level_of(rating.techniques)


# -- known puzzles ----------------------------------------------------------------------------
@pytest.mark.parametrize("line", NORVIG_EASY)
def test_norvig_easy_is_easy(line):
    rating = grade(board_of(line))
    assert rating.level == "easy" and rating.solved_by_logic and rating.unique
    assert set(rating.techniques) <= {"naked_single", "hidden_single"}
    assert rating.nodes == 1


def test_norvig_hardest_mostly_need_guessing():
    ratings = [grade(board_of(line)) for line in load("norvig_hardest.txt")]
    guessing = [r for r in ratings if not r.solved_by_logic]
    # 8 of the 11 need guessing (7 of them twice or more); the other 3 yield to singles
    # and locked candidates
    assert len(guessing) == 8
    assert all(r.techniques["guess"] >= 1 and r.level in ("hard", "expert") for r in guessing)
    assert [r.level for r in ratings].count("expert") == 7
    assert all(r.unique for r in ratings)


def test_grade_of_a_board_with_several_solutions_and_of_one_with_none():
    rating = grade(Board.from_values([1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1]))
    assert not rating.unique and not rating.solved_by_logic
    with pytest.raises(PuzzleError, match="no solution"):
        grade(Board.from_values([1, 1] + [0] * 14))


def test_grade_on_a_16x16_board():
    from sudoku_cp.generate import make_puzzle

    puzzle = make_puzzle(3, box=(4, 4), clues=150)
    rating = grade(puzzle.board)
    assert rating.unique and rating.level in LEVELS


# -- completeness: where the solver stalls, no technique applies (checked naively on sets) ----
def _naive_moves(s: Candidates) -> list[str]:
    """Every technique application on the candidates, found by plain set arithmetic."""
    g, n = s.geometry, s.geometry.n
    cand = {c: set(s.candidates(c)) for c in range(g.ncells) if not s.values[c]}
    houses = [[c for c in h if c in cand] for h in g.houses]
    moves = [f"naked single {c}" for c, vs in cand.items() if len(vs) == 1]
    for h in houses:
        for k in (1, 2, 3):
            for values in combinations(range(1, n + 1), k):
                cells = {c for c in h if cand[c] & set(values)}
                if not all(any(v in cand[c] for c in h) for v in values):
                    continue  # a value already placed in this house
                if len(cells) == k and any(cand[c] - set(values) for c in cells):
                    moves.append(f"hidden {k} {values}")
        for k in (2, 3):
            for group in combinations(h, k):
                union = set().union(*(cand[c] for c in group))
                if len(union) == k and any(cand[c] & union for c in h if c not in group):
                    moves.append(f"naked {k} {group}")
    lines_and_boxes = g.houses[:3 * n]
    for a in lines_and_boxes:
        for b in lines_and_boxes:
            common = set(a) & set(b)
            if a == b or len(common) < 2:
                continue
            for v in range(1, n + 1):
                in_a = {c for c in a if v in cand.get(c, ())}
                if in_a and in_a <= common and any(v in cand.get(c, ()) for c in set(b) - common):
                    moves.append(f"locked {v}")
    for v in range(1, n + 1):
        for lines, across in ((g.rows, g.cols), (g.cols, g.rows)):
            where = [frozenset(j for j, c in enumerate(line) if v in cand.get(c, ()))
                     for line in lines]
            for i, k in combinations(range(n), 2):
                if len(where[i]) == 2 and where[i] == where[k]:
                    if any(v in cand.get(across[j][r], ()) for j in where[i]
                           for r in range(n) if r not in (i, k)):
                        moves.append(f"x-wing {v}")
    return moves


def test_where_the_solver_stalls_no_technique_applies():
    from sudoku_cp.generate import make_puzzle

    boards = [make_puzzle(seed, minimal=True).board for seed in range(12)]
    boards += [board_of(line) for line in load("norvig_hardest.txt")]
    stalls = 0
    for board in boards:
        s = Candidates.from_board(board)
        while not s.solved and any(step(s) for _, step in STEPS):
            pass
        if not s.solved:
            stalls += 1
            assert _naive_moves(s) == []
    assert stalls >= 8
