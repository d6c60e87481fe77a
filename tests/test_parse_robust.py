"""Input that used to lose puzzles or stop a run (issue 9, defects 2, 3 and 6), and
the formats people paste (issue 8, defects 9 and 10).

The rule every test here checks: each line that holds a valid puzzle on its own gives
that puzzle, whatever lines surround it; a line that is not a puzzle gives one entry
with an error, and the stream goes on.
"""

from __future__ import annotations

import pytest

from sudoku_cp.board import Board, PuzzleError
from sudoku_cp.parse import iter_puzzles, parse_puzzle, read_puzzles

# The first six puzzles of tests/data/17clue_sample.txt (Royle's 17-clue set).
PUZZLES = [line.strip() for line in open("tests/data/17clue_sample.txt")
           if line.strip() and not line.startswith("#")][:6]


def boards(lines):
    return [(e.line, e.board.to_text() if e.ok else None) for e in iter_puzzles(lines)]


def assert_every_puzzle_kept(lines, bad_lines=()):
    """Every puzzle line is read as itself; each bad line is one error entry."""
    got = dict(boards(lines))
    for number, text in enumerate(lines, 1):
        if number in bad_lines:
            assert got.get(number, "missing") is None, (number, got)
        elif text in PUZZLES:
            assert got.get(number) == text, (number, text, got)


# -- issue 9, defect 3: a line that looks like a grid row --------------------------------
def test_title_with_bars_does_not_swallow_the_puzzles_after_it():
    lines = ["Set A | hard | 2024", *PUZZLES * 5]
    assert_every_puzzle_kept(lines, bad_lines={1})
    assert len(list(iter_puzzles(lines))) == 31


@pytest.mark.parametrize("space", ["\u00a0", "\v", "\u3000", "\f", "\u2003"])
def test_any_unicode_space_separates_cells(space):
    spaced = space.join(PUZZLES[0])
    lines = [spaced, *PUZZLES]
    entries = list(iter_puzzles(lines))
    assert [e.board.to_text() for e in entries] == [PUZZLES[0], *PUZZLES]
    assert parse_puzzle(spaced).to_text() == PUZZLES[0]


def test_unicode_space_between_cells_of_a_grid_row():
    board = Board.parse(PUZZLES[0])
    grid = ["\u3000".join(board.to_text()[r * 9:(r + 1) * 9]) for r in range(9)]
    assert [e.board.to_text() for e in iter_puzzles(grid + PUZZLES)] == [PUZZLES[0], *PUZZLES]


def test_ragged_lines_that_start_a_grid_give_back_every_puzzle():
    lines = ["1 2 3 4 5 6 7 8 9", *PUZZLES, "9 8 7"]
    assert_every_puzzle_kept(lines, bad_lines={1})


def test_a_grid_with_a_puzzle_line_inside_is_read_line_by_line():
    board = Board.parse(PUZZLES[0])
    rows = [" ".join(board.to_text()[r * 9:(r + 1) * 9]) for r in range(9)]
    lines = rows[:4] + [PUZZLES[1]] + rows[4:]
    got = boards(lines)
    assert (5, PUZZLES[1]) in got
    assert all(text is None for number, text in got if number != 5)


# -- issue 9, defect 2: bytes that are not UTF-8 ---------------------------------------------
def test_a_line_that_is_not_utf8_is_one_invalid_entry(tmp_path):
    path = tmp_path / "p.txt"
    path.write_bytes(b"\n".join([PUZZLES[0].encode(), b"caf\xe9 " + PUZZLES[1].encode(),
                                 *(p.encode() for p in PUZZLES[2:])]) + b"\n")
    entries = list(read_puzzles(path))
    assert [e.line for e in entries] == list(range(1, len(PUZZLES) + 1))
    bad = entries[1]
    assert not bad.ok and "UTF-8" in bad.error and "0xE9" in bad.error
    assert [e.board.to_text() for e in entries if e.ok] == [PUZZLES[0], *PUZZLES[2:]]


def test_surrogate_escaped_argument_text_is_invalid_utf8():
    entries = list(iter_puzzles(["caf\udce9", PUZZLES[0]]))
    assert "UTF-8" in entries[0].error and entries[1].ok


# -- issue 9, defect 6: board size limit --------------------------------------------------
def test_boards_above_64_are_refused_unless_the_limit_is_raised():
    line = "." * (65 * 65)
    with pytest.raises(PuzzleError, match="65x65.*limit of 64"):
        parse_puzzle(",".join("0" * (65 * 65)))
    entries = list(iter_puzzles([",".join(["0"] * 65 * 65), PUZZLES[0]]))
    assert "limit" in entries[0].error and entries[1].ok
    assert parse_puzzle(",".join(["0"] * 65 * 65), max_size=65).n == 65
    assert parse_puzzle(",".join(["0"] * 64 * 64)).n == 64
    with pytest.raises(PuzzleError, match="limit of 36"):
        parse_puzzle(line, max_size=36)


def test_a_huge_line_is_refused_before_it_is_split_into_cells():
    entries = list(iter_puzzles(["." * 10_000, PUZZLES[0]]))
    assert "100x100" in entries[0].error and entries[1].ok


# -- issue 8, defect 9: formats people paste ----------------------------------------------
def test_semicolon_spreadsheet_grid():
    board = Board.parse(PUZZLES[0])
    rows = [";".join(c if c != "." else "" for c in board.to_text()[r * 9:(r + 1) * 9])
            for r in range(9)]
    assert [e.board.to_text() for e in iter_puzzles(rows)] == [PUZZLES[0]]


def test_semicolon_puzzle_solution_records():
    solution = Board.parse(PUZZLES[0]).to_text(
        next(iter(__import__("sudoku_cp.backends", fromlist=["solve"]).solve(
            Board.parse(PUZZLES[0])).solutions)))
    entries = list(iter_puzzles(["puzzle;solution", f"{PUZZLES[0]};{solution}"]))
    assert entries[0].board.to_text() == PUZZLES[0] and entries[0].solution


def test_tab_separated_grid_with_empty_cells():
    board = Board.parse(PUZZLES[0])
    rows = ["\t".join(c if c != "." else "" for c in board.to_text()[r * 9:(r + 1) * 9])
            for r in range(9)]
    entries = list(iter_puzzles(rows))
    assert [e.board.to_text() for e in entries] == [PUZZLES[0]]


@pytest.mark.parametrize("head", ["\t", "\t\t"])
def test_a_tab_indented_puzzle_line_is_the_puzzle(head):
    # the leading tab was read as a spreadsheet's empty first cell: "puzzle has 2 cells"
    entries = list(iter_puzzles([head + PUZZLES[0], head + PUZZLES[1] + "\t# a note"]))
    assert [e.error for e in entries] == [None, None]
    assert [e.board.to_text() for e in entries] == PUZZLES[:2]


@pytest.mark.parametrize("tail", [" # from the forum", "\t# note", "  #42"])
def test_puzzle_with_a_trailing_comment(tail):
    entries = list(iter_puzzles([PUZZLES[0] + tail, PUZZLES[1]]))
    assert [e.board.to_text() for e in entries] == PUZZLES[:2]
    assert entries[0].text == PUZZLES[0]


@pytest.mark.parametrize("tail", [";ED=9.0/9.0/8.3", ";9.0", " 6.6 3", "\t2.6\t2",
                                  " ED=9.0/1.2/1.2"])
def test_puzzle_with_rating_columns(tail):
    entries = list(iter_puzzles([PUZZLES[0] + tail, PUZZLES[1] + tail]))
    assert [e.board.to_text() for e in entries] == PUZZLES[:2]


def test_qqwing_trailer_is_not_a_puzzle():
    lines = [*PUZZLES[:2], "2 puzzles generated in 0.0021 seconds"]
    entries = list(iter_puzzles(lines))
    assert [e.board.to_text() for e in entries] == PUZZLES[:2]


def test_prose_is_named_as_text():
    [entry] = list(iter_puzzles(["these are the puzzles from the newspaper"]))
    assert "text" in entry.error


# -- issue 8, defect 10: solve's output read back -----------------------------------------
def test_solve_and_check_report_headers_are_skipped():
    board = Board.parse(PUZZLES[0])
    lines = ["puzzle 1 (<stdin>:1), 9x9, 17 givens: solved by sat in 2.1 ms",
             *board.grid().splitlines(), "",
             "puzzle 2 (argument), 9x9, 17 givens: UNIQUE  [sat unique in 1.0 ms]",
             *board.grid().splitlines(), ""]
    entries = list(iter_puzzles(lines))
    assert [e.board.to_text() for e in entries] == [PUZZLES[0], PUZZLES[0]]


# -- the rule itself, on random files -------------------------------------------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

JUNK = st.text(alphabet="0123456789.|-+ ,;\t\u00a0\u3000#ABCxyz=/", max_size=40)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(PUZZLES), JUNK), min_size=1, max_size=25))
def test_no_valid_puzzle_line_ever_disappears(lines):
    """Whatever junk surrounds them, every line holding a 9x9 puzzle gives that puzzle.

    (The first line is kept a puzzle or junk that is no CSV header: a header line names
    columns, and then every line is a record, which keeps puzzle lines too.)"""
    entries = list(iter_puzzles(lines))
    got = {(e.line, e.board.to_text()) for e in entries if e.ok}
    for number, text in enumerate(lines, 1):
        if text in PUZZLES:
            assert (number, text) in got, (number, lines, entries)


@pytest.mark.parametrize("cut", [4, 8])
def test_a_grid_cut_short_says_so(cut):
    # 4 rows of 9 cells were read as the 36 cells of a 6x6 board ("value 9 at r2c4 is
    # outside 1..6"), 8 rows as 72 cells ("expected a square number such as 64")
    rows = [PUZZLES[0][r * 9:(r + 1) * 9] for r in range(9)]
    entries = list(iter_puzzles(rows[:cut] + ["# a note", ""] + [PUZZLES[1]]))
    assert entries[0].error == (f"a grid of 9-cell rows ends after {cut} rows, not 9 (a blank "
                                "line, a '#' comment or the end of the input ends it)")
    assert entries[-1].board.to_text() == PUZZLES[1]
