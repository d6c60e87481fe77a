"""Cycles (SE's bidirectional X-, Y- and mixed cycles): found, rated as SE rates them, sound."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from sudoku_cp.logic import explain, rate_board
from sudoku_cp.logic.loops import cycles
from conftest import board_of, load, walked

# cb002 puzzles (with their SE rating) whose hardest step is a cycle of each kind.
CYCLES = {
    "x_cycle": (".2...6.8.45.1...36.9........48..5........7.........8513.2.48..7.8..7.12.....6....", 6.5),
    "y_cycle": ("1...5..8...6..9.3..8......4.4..9..6.8.7.....1.65.2.3....8..2.9......8...67...45..", 6.8),
    "xy_cycle": (".23.5..8.4..18...6.9.....4.2....8.5.3.........6....9......14.978.13....5........3", 7.2),
}


def sound(step, solution) -> bool:
    return all(solution[c] != v for c, v in step.eliminations) and \
        all(solution[c] == v for c, v in step.placements)


@pytest.mark.parametrize("kind", sorted(CYCLES))
def test_the_cycle_is_the_hardest_step_and_rated_as_se(kind):
    puzzle, se = CYCLES[kind]
    board = board_of(puzzle)
    steps = explain(board, assume_unique=True, hints=False)  # SE's ladder; each step checked
    hardest = max(steps, key=lambda s: s.rating)
    assert hardest.technique == kind and hardest.rating == se
    assert rate_board(board, assume_unique=True).rating == se
    loop = [s for s in steps if s.technique == kind][0]
    assert loop.eliminations and not loop.placements
    # a closed loop: as many links as nodes, alternating strong and weak, the last back to the first
    links = loop.links
    assert len(links) % 2 == 0 and links[-1][1] == links[0][0]
    assert [kind for _, _, kind in links] == ["strong", "weak"] * (len(links) // 2)
    loop_cells = {c for a, b, _ in links for c, _ in (a, b)}
    assert not loop_cells & {c for c, _ in loop.eliminations}  # SE's rule: outside the loop


POSITIONS = [line.split()[0] for line in load("cb002_sample.txt")] + \
    [p for p, _ in CYCLES.values()]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(POSITIONS), st.integers(min_value=0, max_value=60))
def test_every_cycle_found_anywhere_on_a_path_is_sound(puzzle, advance):
    """Walk ``advance`` steps into a puzzle, then ask for a cycle directly (even where an
    easier step exists) and check its eliminations against the solution."""
    s, solution = walked(puzzle, advance)
    for step in cycles(s):
        assert sound(step, solution), step.text
