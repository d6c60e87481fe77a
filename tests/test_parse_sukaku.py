"""Sukaku (729-character pencil-mark) lines: check and solve read them as 9x9 puzzles with
candidate restrictions; explain and grade start the logic engine from the marks, once the
variant cross-check has proved the solution unique under them; the classic parser refuses
them by name; none reads them as 27x27 boards."""

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
    assert "UNIQUE" in out and " ".join(SOLUTION[:9]) in out


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


#: A cb002 puzzle rated 2.0 by Sudoku Explainer (quick to explain).
EASY = "..34..7.........2..8....4.5.1.69........1...6..7.......7.5...9..92.4.6.1...97.3.8"


def pure_sukaku(solution: str, extra: int, seed: int) -> str:
    """Marks with no single-mark cell: each cell its solution value and ``extra`` others."""
    import random

    rng = random.Random(seed)
    line = ""
    for ch in solution:
        keep = {int(ch)} | set(rng.sample(range(1, 10), extra))
        line += "".join(str(k) if k in keep else "." for k in range(1, 10))
    return line


def test_grade_rates_a_sukaku_of_a_puzzle_as_the_puzzle(capsys):
    """The marks the givens leave are what the engine starts from anyway: same rating."""
    code, plain, err = run(capsys, "grade", "--json", EASY)
    code2, marked, err2 = run(capsys, "grade", "--json", sukaku_of(EASY))
    import json

    a, b = json.loads(plain), json.loads(marked)
    assert code == code2 == 0, err + err2
    assert b["verdict"] == "unique" and b["puzzle"] == sukaku_of(EASY)
    assert (a["rating"], a["hardest"]) == (b["rating"], b["hardest"])
    # two cells keep one mark only, which the reader makes givens: two singles fewer
    assert sum(a["techniques"].values()) - sum(b["techniques"].values()) == 2


def test_explain_starts_from_the_marks_of_a_pure_sukaku(capsys):
    """No cell has one mark, so the givens alone (none) say nothing: every step comes
    from the marks, and the steps (each checked against the proven solution) fill the grid."""
    line = pure_sukaku(SOLUTION, 3, 1)
    code, out, err = run(capsys, "explain", line)
    assert code == 0, err
    steps = out.strip().splitlines()
    placed = [s for s in steps if " takes " in s or " must be " in s or "goes in" in s]
    assert len(steps) >= 81 and placed, steps[:3]


def test_a_sukaku_with_several_solutions_is_refused_as_one(capsys):
    for command in ("explain", "grade"):
        code, out, err = run(capsys, command, ONE_GIVEN)
        assert code == 1 and "several solutions" in err, (command, err)


def test_the_engine_starts_from_candidates():
    from sudoku_cp.logic.api import explain
    from sudoku_cp.variants.sukaku import pencil_marks, proven_solution, read_sukaku

    puzzle = read_sukaku(pure_sukaku(SOLUTION, 3, 1))
    board, marks = pencil_marks(puzzle)
    solution = proven_solution(puzzle)
    assert "".join(map(str, solution)) == SOLUTION and board.clues == 0
    steps = explain(board, candidates=marks, solution=solution)
    values = [0] * 81
    for st in steps:
        for c, v in st.placements:
            assert marks[c] >> (v - 1) & 1  # nothing outside the marks
            values[c] = v
    assert "".join(map(str, values)) == SOLUTION
    with pytest.raises(ValueError, match="proven solution"):
        explain(board, candidates=marks)


def test_the_classic_parser_refuses_it_by_name():
    with pytest.raises(PuzzleError, match="sukaku"):
        Board.parse(ALL_CANDIDATES)


def test_27x27_lines_are_still_27x27_boards():
    assert Board.parse("." * 729).n == 27
    assert Board.parse("R" + "." * 728).givens[0] == 27
    assert not looks_like_sukaku(list("2" + "." * 728))  # a 2 where only a 1 can stand
