"""HoDoKu's own path (logic.hodoku) and the techniques it adds: each fires where HoDoKu's
path needs it, every step is sound, and the level matches hodoku-py's."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from sudoku_cp.logic import als, fish, hodoku, patterns, rate_board, scales, uniqueness
from sudoku_cp.logic.api import solution_of
from sudoku_cp.logic.state import State
from conftest import board_of, load

# cb002 puzzles (from a 2,000-puzzle sample) on whose HoDoKu path each technique is used.
EXAMPLES = {
    "locked_pair": "......7.94.678..23...........1....3..6.........8.6.5.43.......2..28.5...81.9.265.",
    "locked_triple": "....5..894.718..3..6..............7.3..6.2.4......7..26.89..4...........9.2.45...",
    "remote_pair": "..34...8.......2.6....371.42...13...3..9....88..67.9....47......6..9....9....4..2",
    "empty_rectangle": ".....67894.......6.9..735..2.45.1.....1..8..........2...67....25...3.46...2.1.9..",
    "w_wing": "1.34......56..913..892....6.7.........5.6..2.9.......1......81..3.81.95.....9....",
    "unique_rectangle_3": ".2.4.6.....7...2.....3...452....5..4.6.........1.3.56..7..48..25..2.3.9....9.....",
    "unique_rectangle_5": "....5.7.9......1..7...32............3.....8.46158....35..2.4...8..3...6...45.8.7.",
    "unique_rectangle_6": "1.3.5...9.....92..6...7.....7.......3..5.19...15.6...3...6.2.4.7..8....594.......",
    "hidden_rectangle": "....5..894.718..3..6..............7.3..6.2.4......7..26.89..4...........9.2.45...",
    "finned_x_wing": "....5..894.718..3..6..............7.3..6.2.4......7..26.89..4...........9.2.45...",
    "sashimi_x_wing": "1...5......6..91...97...6.523...5.7.6..8.23...........3...7.9.6.4.16.2.7........8",
    "finned_swordfish": "1.....78..5...9...78......4.35.4.697.......45.......3...2..59.....31.....7..943..",
    "sashimi_swordfish": "....56..94.7...2.....7.3.4.2....76...1..6....5.....3.1.41..8.6..32.9...49........",
    "finned_jellyfish": ".23.5..89......2.1..923...4..4..7.....592.14.9........362.........843..........5.",
    "sue_de_coq": ".....6...4....912....13...5.1..7.3....9.24..78...............3..7.8..5.4..124.6..",
    "als_xz": "....5..894.718..3..6..............7.3..6.2.4......7..26.89..4...........9.2.45...",
    "als_xy_wing": "1...5...9457...2.6....3......6......7....8.....5..3.17.4..9.8......2..4387...5...",
}

# hodoku-py 0.2.1 (HoDoKu's solver ported to Python) on tests/data/cb002_sample.txt, in
# file order: e(asy), m(edium), h(ard), u(nfair), x (extreme).
HODOKU_PY = "eeeeemmemmmmmhmmhhhhhhhhhhuhxxxxxxxx"
LEVEL = {"e": "easy", "m": "medium", "h": "hard", "u": "unfair", "x": "extreme"}

FINDERS = [patterns.locked_pair, patterns.locked_triple, patterns.remote_pair,
           patterns.empty_rectangle, patterns.w_wing, patterns.sue_de_coq,
           uniqueness.ur_type_3, uniqueness.ur_type_5, uniqueness.ur_type_6,
           uniqueness.hidden_rectangle, fish.finned_x_wing, fish.sashimi_x_wing,
           fish.finned_swordfish, fish.sashimi_swordfish, fish.finned_jellyfish,
           fish.sashimi_jellyfish, als.als_xz, als.als_xy_wing]


def sound(step, solution) -> bool:
    return all(solution[c] != v for c, v in step.eliminations) and \
        all(solution[c] == v for c, v in step.placements)


@pytest.mark.parametrize("technique", sorted(EXAMPLES))
def test_the_technique_fires_on_hodokus_path_and_every_step_is_sound(technique):
    board = board_of(EXAMPLES[technique])
    solution = solution_of(board)
    path = hodoku.solve_path(State.from_board(board), assume_unique=True)
    assert tuple(path.values) == solution and path.guesses == 0
    assert all(sound(st, solution) for st in path.steps)
    used = [st for st in path.steps if st.technique == technique]
    assert used and used[0].eliminations and used[0].text


def test_the_level_matches_hodoku_py_on_the_sample():
    """Not every time: HoDoKu's nice loops come from its forcing tables and pick other
    chains than the search here, which moves the score near the unfair/extreme line."""
    lines = [line.split()[0] for line in load("cb002_sample.txt")]
    assert len(lines) == len(HODOKU_PY)
    pairs = list(zip(lines, HODOKU_PY))[::2]  # every other one, for time
    missed = []
    for puzzle, ref in pairs:
        path = hodoku.solve_path(State.from_board(board_of(puzzle)), assume_unique=True)
        if scales.hodoku(path.steps)[1] != LEVEL[ref]:
            missed.append(puzzle)
    assert len(missed) <= len(pairs) // 10, missed


def test_rate_board_gives_the_hodoku_level_only_when_asked():
    board = board_of(EXAMPLES["finned_swordfish"])
    assert rate_board(board, assume_unique=True).hodoku_level == ""
    g = rate_board(board, assume_unique=True, hodoku=True)
    assert g.hodoku_level == "unfair" and g.hodoku_techniques["finned_swordfish"] >= 1
    assert "finned_swordfish" not in g.techniques  # SE's path never uses it


def test_without_uniqueness_no_uniqueness_step_is_used():
    board = board_of(EXAMPLES["hidden_rectangle"])
    path = hodoku.solve_path(State.from_board(board), assume_unique=False)
    assert not any(st.assumes_uniqueness for st in path.steps)


POSITIONS = [line.split()[0] for line in load("cb002_sample.txt")] + sorted(set(EXAMPLES.values()))


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(POSITIONS), st.integers(min_value=0, max_value=50))
def test_every_new_technique_found_anywhere_on_a_path_is_sound(puzzle, advance):
    """Walk ``advance`` steps along HoDoKu's path, then ask every new technique directly
    (even where an easier step exists) and check what it finds against the solution."""
    board = board_of(puzzle)
    solution = solution_of(board)
    s = State.from_board(board)
    for _ in range(advance):
        if s.solved:
            break
        found = hodoku.next_step(s, assume_unique=True)
        if not found:
            break
        hodoku.apply(s, found[0])
    for find in FINDERS:
        for step in find(s):
            assert sound(step, solution), step.text


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), box=st.sampled_from([(2, 3), (3, 2), (2, 4), (3, 4)]))
def test_hodokus_path_is_sound_on_other_box_shapes(seed, box):
    from sudoku_cp.generate import make_puzzle

    board = make_puzzle(seed, box=box).board
    solution = solution_of(board)
    path = hodoku.solve_path(State.from_board(board), assume_unique=True, time_limit=2.0)
    assert all(sound(st, solution) for st in path.steps)
    assert not path.complete or tuple(path.values) == solution
