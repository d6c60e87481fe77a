"""Sukaku (729-character pencil-mark) lines: check and solve read them as 9x9 puzzles with
candidate restrictions; commands that read givens only refuse them by name; neither reads
them as 27x27 boards."""

from __future__ import annotations

import pytest

from sudoku_cp import Board
from sudoku_cp.cli import main
from sudoku_cp.errors import PuzzleError
from sudoku_cp.text import looks_like_sukaku

#: tdoku's form: cell by cell, the digit k at position k when k is a candidate, else '.'.
ALL_CANDIDATES = "123456789" * 81
ONE_GIVEN = "1........" + "123456789" * 80
TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def sukaku_of(puzzle: str, drop=()) -> str:
    """A puzzle's pencil marks (each open cell: the values no peer gives), less ``drop``
    pairs ``(cell, value)``."""
    board = Board.parse(puzzle)
    marks = []
    for cell, v in enumerate(board.givens):
        if v:
            keep = {v}
        else:
            keep = set(range(1, 10)) - {board.givens[p] for p in board.geometry.peers[cell]}
        keep -= {value for c, value in drop if c == cell}
        marks.append("".join(str(k) if k in keep else "." for k in range(1, 10)))
    return "".join(marks)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_reads_a_sukaku_and_finds_the_puzzles_solution(capsys):
    code, out, err = run(capsys, "check", sukaku_of(TOP95_1))
    assert code == 0, err
    assert "unique" in out and " ".join(SOLUTION[:9]) in out


def test_solve_reads_a_sukaku(capsys):
    code, out, err = run(capsys, "solve", sukaku_of(TOP95_1))
    assert code == 0, err
    assert " ".join(SOLUTION[-9:]) in out


def test_a_struck_candidate_is_a_real_restriction(capsys):
    """Striking the solution's value from one open cell leaves no solution."""
    cell = 1  # open in TOP95_1; the solution has 1 there
    code, out, _ = run(capsys, "check", sukaku_of(TOP95_1, drop=[(cell, int(SOLUTION[cell]))]))
    assert code == 1 and "none" in out.lower()


def test_a_cell_without_candidates_is_named(capsys):
    line = "........." + "123456789" * 80
    code, out, err = run(capsys, "check", line)
    assert code == 2 and "r1c1 has no candidate" in err + out


@pytest.mark.parametrize("command", ["explain", "grade"])
def test_commands_that_read_givens_refuse_it_by_name(capsys, command):
    code, out, err = run(capsys, command, ONE_GIVEN)
    assert code == 2 and "sukaku" in err and len(err.strip().splitlines()) == 1


def test_the_classic_parser_refuses_it_by_name():
    with pytest.raises(PuzzleError, match="sukaku"):
        Board.parse(ALL_CANDIDATES)


def test_27x27_lines_are_still_27x27_boards():
    assert Board.parse("." * 729).n == 27
    assert Board.parse("R" + "." * 728).givens[0] == 27
    assert not looks_like_sukaku(list("2" + "." * 728))  # a 2 where only a 1 can stand
