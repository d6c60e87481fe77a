"""Sukaku (729-character pencil-mark) lines are refused by name, not read as 27x27 boards."""

from __future__ import annotations

import pytest

from sudoku_cp import Board
from sudoku_cp.cli import main
from sudoku_cp.errors import PuzzleError
from sudoku_cp.text import looks_like_sukaku

#: tdoku's form: cell by cell, the digit k at position k when k is a candidate, else '.'.
ALL_CANDIDATES = "123456789" * 81
ONE_GIVEN = "1........" + "123456789" * 80


@pytest.mark.parametrize("line", [ALL_CANDIDATES, ONE_GIVEN, ONE_GIVEN.replace(".", "0")])
def test_a_sukaku_line_is_refused_by_name(line):
    with pytest.raises(PuzzleError, match="sukaku"):
        Board.parse(line)


@pytest.mark.parametrize("command", ["check", "solve", "grade", "explain"])
def test_every_puzzle_command_says_so_in_one_line(capsys, command):
    code = main([command, ONE_GIVEN])
    out, err = capsys.readouterr()
    assert code == 2 and "sukaku" in err and len(err.strip().splitlines()) == 1


def test_27x27_lines_are_still_27x27_boards():
    assert Board.parse("." * 729).n == 27
    assert Board.parse("R" + "." * 728).givens[0] == 27
    assert not looks_like_sukaku(list("2" + "." * 728))  # a 2 where only a 1 can stand
