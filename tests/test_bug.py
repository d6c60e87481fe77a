"""BUG types 2 and 4: found where SE finds them, rated 5.7, never wrong, only under uniqueness."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from sudoku_cp.logic import explain, rate_board
from sudoku_cp.logic.bug import bug_types, extras
from sudoku_cp.logic.state import State
from conftest import board_of, load, walked

# cb002 puzzles SE rates 5.7 (BUG type 2 or 4), by the type the engine uses for them.
BUGS = {
    "bug_type_2": ["..3..67.9...78........32.4.2......5....9.346.9.4..7..8..7..5.1..1......28...7.6..",
                   "1.3..678...6...1...9...2..6..7..1...5..8..2...8........429.........6.39..6...8.1."],
    "bug_type_4": [".2...67.....1.9.....9....54........85.1....2....7425...9.......765.9..1....2.3...",
                   "......7.9.571..2.6...3...51.96.41....3...8...8.4.7......2....6..6...4......8..3.5"],
}
CASES = [(kind, p) for kind, puzzles in BUGS.items() for p in puzzles]


@pytest.mark.parametrize("kind,puzzle", CASES)
def test_se_57_puzzles_are_rated_57_by_their_bug(kind, puzzle):
    board = board_of(puzzle)
    steps = explain(board, assume_unique=True)  # every step checked against the solution
    hardest = max(steps, key=lambda s: s.rating)
    assert (hardest.technique, hardest.rating) == (kind, 5.7)
    step = next(s for s in steps if s.technique == kind)
    assert step.assumes_uniqueness and step.eliminations and not step.placements
    # without the uniqueness assumption the engine needs something harder
    assert rate_board(board).rating > 5.7


def test_a_bug_needs_the_extras_to_leave_a_bug():
    board = board_of(BUGS["bug_type_2"][0])
    s = State.from_board(board)
    assert extras(s) is None and bug_types(s) == []  # at the start: far from a BUG


POSITIONS = [p for _, p in CASES] + [line.split()[0] for line in load("cb002_sample.txt")]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(POSITIONS), st.integers(min_value=0, max_value=80))
def test_every_bug_step_found_anywhere_on_a_path_is_sound(puzzle, advance):
    s, solution = walked(puzzle, advance)
    for step in bug_types(s):
        assert all(solution[c] != v for c, v in step.eliminations), step.text
        left = extras(s)
        assert left and len(left) >= 2
