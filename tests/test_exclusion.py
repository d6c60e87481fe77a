"""Aligned pair exclusion: found where SE finds it, rated 6.2, never wrong."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from sudoku_cp.logic import explain
from sudoku_cp.logic.exclusion import aligned_pair_exclusion
from conftest import board_of, load, walked

# cb002 puzzles SE rates 6.2 (aligned pair exclusion is their hardest step in SE).
SE_62 = [
    "........9...7....1.89...54..15.784......41...96...5.....1.9..25..8..31..6......7.",
    "..3....8.45...9.3.6..3.751.......17..7...49.8..6.......1..486.....9....2..47.....",
    "1............8..6....3.2..523.....71..6.1.93..7.......39..61.....87.4.967...3....",
]


@pytest.mark.parametrize("puzzle", SE_62)
def test_se_62_puzzles_are_rated_62_by_aligned_pair_exclusion(puzzle):
    steps = explain(board_of(puzzle), assume_unique=True)  # each step checked
    hardest = max(steps, key=lambda s: s.rating)
    assert (hardest.technique, hardest.rating) == ("aligned_pair_exclusion", 6.2)
    step = next(s for s in steps if s.technique == "aligned_pair_exclusion")
    assert step.eliminations and not step.placements
    # the two base cells and at least two excluders are highlighted
    assert len(step.cells) >= 4


POSITIONS = SE_62 + [line.split()[0] for line in load("cb002_sample.txt")]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(POSITIONS), st.integers(min_value=0, max_value=60))
def test_every_exclusion_found_anywhere_on_a_path_is_sound(puzzle, advance):
    s, solution = walked(puzzle, advance)
    for step in aligned_pair_exclusion(s):
        assert all(solution[c] != v for c, v in step.eliminations), step.text
