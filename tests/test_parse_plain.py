"""The short road for plain one-line puzzles (``parse.boards.plain_board``, issue 12).

A bulk check reads a million one-line puzzles, so ``iter_puzzles`` takes a line that
is n*n plain symbols (n >= 6) without the grouping and the general parser. The rule
these tests check: whatever surrounds such lines, the entries are exactly the ones
the general road gives (the same boards, texts, line numbers and error messages).
"""

from __future__ import annotations

import random

import pytest

import sudoku_cp.parse.stream as stream
from sudoku_cp.parse import iter_puzzles, parse_puzzle
from sudoku_cp.parse.boards import plain_board

# Lines of every kind the grouping tells apart: plain puzzles of 6x6, 9x9 and 16x16 (some
# with a value out of range or an unknown symbol), 4x4 lines (which may be grid rows),
# grid rows with and without borders, CSV, ratings after a puzzle, a prime side, bad
# bytes, comments, blank lines, spaces around a puzzle, a byte-order mark.
PIECES = [
    "1" + "." * 80, "." * 81, "0" * 81, "1" * 81, "A" + "." * 80, "a" + "." * 255, "." * 256,
    "G" + "." * 35, "." * 36, "7" + "." * 35, "1" * 36, ".0" * 18, "." * 49, "x" * 81,
    "." * 16, "1.3.3.........1.", "1...", "1 2 3 4 5 6 7 8 9", ". . . . . . . . .",
    "---+---+---", "|1..|...|...|", "", "# a comment", "puzzle,solution", "." * 81 + ",",
    "." * 81 + " 6.6 3", "1,2,3,4,5,6,7,8,9", "\t\t\t", ".." * 40 + "\udce9",
    " " + "." * 81, "." * 81 + " ", "\ufeff" + "." * 81, ".........", "4.....8.5",
    " ".join(str(v) for v in range(1, 37)),
]


def both_roads(lines, **options):
    """The entries with the short road, and with it switched off."""
    short = list(iter_puzzles(lines, **options))
    saved = stream.plain_board
    stream.plain_board = lambda *a, **k: None
    try:
        general = list(iter_puzzles(lines, **options))
    finally:
        stream.plain_board = saved
    return short, general


def test_plain_lines_read_as_the_general_parser_reads_them():
    for line in ("1" + "." * 80, "G" + "." * 255, "g" + "." * 255, "1" + "0" * 35,
                 "1" + "." * 80):
        assert plain_board(line) == parse_puzzle(line)
    assert plain_board("." * 81, (3, 3)) == parse_puzzle("." * 81, (3, 3))


@pytest.mark.parametrize("line", ["." * 16, "1 " + "." * 79, "G" + "." * 80, "." * 49,
                                  "." * 80, "x" + "." * 80, "é" + "." * 80, "." * 82])
def test_anything_else_takes_the_general_road(line):
    assert plain_board(line) is None


def test_a_box_that_does_not_fit_takes_the_general_road():
    assert plain_board("." * 81, (2, 3)) is None
    assert plain_board("." * 81, (0, 9)) is None
    assert plain_board("." * 81, max_size=8) is None


def test_mixed_streams_give_the_same_entries_both_ways():
    rng = random.Random(12)
    for _ in range(300):
        lines = [rng.choice(PIECES) for _ in range(rng.randint(1, 12))]
        if rng.random() < 0.3:  # a grid of nine rows in the middle
            lines[rng.randrange(len(lines)):0] = ["1........"] * 9
        for options in ({}, {"box": (3, 3)}, {"box": (2, 3)}, {"max_size": 8}):
            short, general = both_roads(lines, **options)
            assert short == general, (lines, options)


def test_the_shared_samples_give_the_same_entries_both_ways():
    lines = open("tests/data/shared_sets_sample.txt", encoding="utf-8").read().splitlines()
    short, general = both_roads(lines)
    assert short == general and len(short) == 70
