"""Every accepted text form of a puzzle, the errors for bad ones, and the streaming reader."""

from __future__ import annotations

import dataclasses
import io
import itertools
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_cp.board import SYMBOLS, Board, PuzzleError
from sudoku_cp.parse import Entry, iter_puzzles, parse_many, parse_puzzle, parse_solution, \
    read_puzzles

from conftest import board_of, pattern_grid

SHARED = Path("/work/shared/data")
NORVIG = ("4.....8.5.3..........7......2.....6.....8.4......1......."
          "6.3.7.5..2.....1.4......")
FOUR = "1.3.3.........1."


def random_board(box: tuple[int, int], seed: int, density: float = 0.4) -> Board:
    rnd = random.Random(seed)
    n = box[0] * box[1]
    return Board.from_values([rnd.randint(1, n) if rnd.random() < density else 0
                              for _ in range(n * n)], box)


def error_of(text: str, box=None) -> str:
    with pytest.raises(PuzzleError) as info:
        parse_puzzle(text, box)
    return str(info.value)


def entries(lines, box=None) -> list[tuple[int, int | None, str | None]]:
    """(line, n, error) of each puzzle in a stream, for compact assertions."""
    return [(e.line, e.board.n if e.board else None, e.error) for e in iter_puzzles(lines, box)]


# -- one puzzle, every form ----------------------------------------------------------------------
def test_four_by_four_compact():
    board = parse_puzzle(FOUR)
    assert (board.n, board.box) == (4, (2, 2))
    assert board.givens == (1, 0, 3, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0)


def test_nine_by_nine_dots_and_zeros_agree():
    board = parse_puzzle(NORVIG)
    assert board.box == (3, 3) and board.clues == 17
    assert parse_puzzle(NORVIG.replace(".", "0")) == board
    assert Board.parse(NORVIG) == board_of(NORVIG)


def test_six_by_six_default_and_explicit_box():
    text = "1.....2.....3.....4.....5.....6....."
    assert parse_puzzle(text).box == (2, 3)
    tall = parse_puzzle(text, box=(3, 2))
    assert tall.box == (3, 2) and tall.givens == parse_puzzle(text).givens
    assert Board.parse(text, box="3x2") == tall


def test_sixteen_by_sixteen_letters_either_case():
    text = "1.A.g" + "." * 250 + "G"
    upper, lower = parse_puzzle(text.upper()), parse_puzzle(text.lower())
    assert upper == lower and upper.box == (4, 4)
    assert upper.givens[:5] == (1, 0, 10, 0, 16) and upper.givens[-1] == 16


def test_twenty_five_by_twenty_five():
    board = random_board((5, 5), seed=25, density=0.5)
    text = board.to_text()
    assert any(ch in text for ch in "KLMNOP")
    assert parse_puzzle(text) == board and parse_puzzle(text.lower()) == board


def test_thirty_six_as_comma_and_whitespace_integers():
    board = Board.from_values(pattern_grid(6, 6)[:-1] + [0], (6, 6))
    values = [str(v) for v in board.givens]
    assert parse_puzzle(",".join(values)) == board
    assert parse_puzzle(" ".join(values)) == board
    assert parse_puzzle(", ".join(values) + ",") == board  # spaces and a trailing comma
    assert parse_puzzle(" ".join(values).replace(" 0", " .")) == board
    rows = "\n".join(" ".join(values[r * 36:(r + 1) * 36]) for r in range(36))
    assert parse_puzzle(rows) == board


def test_spaced_symbols_on_one_line():
    spaced = " ".join(NORVIG)
    grouped = " ".join(NORVIG[i:i + 3] for i in range(0, 81, 3))
    assert parse_puzzle(spaced) == parse_puzzle(grouped) == parse_puzzle(NORVIG)


def test_grouped_digits_read_as_symbols_when_integers_do_not_fit():
    text = "\n".join(NORVIG.replace(".", "0")[r * 9:r * 9 + 9] for r in range(9))
    grouped = "\n".join(" ".join(row[i:i + 3] for i in (0, 3, 6)) for row in text.split())
    assert parse_puzzle(grouped) == parse_puzzle(NORVIG)


@pytest.mark.parametrize("box", [(2, 2), (3, 3), (4, 4)])
def test_grid_output_round_trips(box):
    board = random_board(box, seed=sum(box))
    assert parse_puzzle(board.grid()) == board
    assert parse_puzzle(board.grid(), box) == board
    assert [e.board for e in parse_many(board.grid())] == [board]


def test_bordered_grid_from_other_tools():
    text = """
    +-----+-----+
    | 1 . | 3 . |
    | 3 . | . . |
    +=====+=====+
    | . . | . . |
    | . . | 1 . |
    +-----+-----+
    """
    assert parse_puzzle(text) == parse_puzzle(FOUR)


def test_compact_multi_line_grid():
    assert parse_puzzle("1.3.\n3...\n....\n..1.\n") == parse_puzzle(FOUR)


SHEET = ("\ufeff5,3,,,7,,,,\r\n6,,,1,9,5,,,\r\n,9,8,,,,,6,\r\n8,,,,6,,,,3\r\n4,,,8,,3,,,1\r\n"
         "7,,,,2,,,,6\r\n,6,,,,,2,8,\r\n,,,4,1,9,,,5\r\n,,,,8,,,7,9\r\n")
SHEET_TEXT = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_spreadsheet_csv_with_bom_empty_cells_and_crlf():
    assert parse_puzzle(SHEET).to_text() == SHEET_TEXT
    zeros = SHEET.replace(",,", ",0,").replace(",,", ",0,")
    assert parse_puzzle(zeros).to_text() == SHEET_TEXT
    padded = "\n".join(line + ",,," for line in SHEET.splitlines())  # trailing empty fields
    assert parse_puzzle(padded).to_text() == SHEET_TEXT


# -- errors ------------------------------------------------------------------------------------
def test_wrong_length_names_nearest_square():
    assert error_of("." * 80) == "puzzle has 80 cells; expected a square number such as 81 (9x9)"
    # boards start at 4x4: a few characters were told "such as 1 (1x1)" or "4 (2x2)"
    assert error_of("xyz").endswith("such as 16 (4x4)")
    assert "such as 16 (4x4)" in error_of("." * 17)
    assert error_of("." * 80, box=(3, 3)) == "puzzle has 80 cells; box 3x3 needs 81 (9x9)"


def test_wrong_length_of_a_grid_names_the_short_row():
    rows = NORVIG[:9], NORVIG[9:18], NORVIG[18:26], *(NORVIG[i:i + 9] for i in range(27, 81, 9))
    message = error_of("\n".join(rows))
    assert message.startswith("puzzle has 80 cells")
    assert message.endswith("row 3 has 8 cells where the others have 9")


def test_short_spreadsheet_row():
    lines = SHEET.splitlines()
    lines[4] = lines[4][:-2]  # drop the last cell of row 5
    assert "row 5 has 8 cells where the others have 9" in error_of("\n".join(lines))


def test_unknown_symbol_names_row_column_and_cell():
    text = NORVIG[:13] + "?" + NORVIG[14:]
    assert error_of(text) == "unknown symbol '?' at r2c5 (cell 14)"
    assert error_of("1,2,x!,4" + ",0" * 12) == "unknown symbol 'x!' at r1c3 (cell 3)"


def test_value_out_of_range():
    assert error_of("12" + ",0" * 80) == "value 12 at r1c1 is outside 1..9"
    assert error_of("12" + " 0" * 80) == "value 12 at r1c1 is outside 1..9"
    assert error_of("..G" + "." * 78) == "value 16 ('G') at r1c3 is outside 1..9"
    assert error_of("..g" + "." * 78) == "value 16 ('G') at r1c3 is outside 1..9"
    assert error_of("5" + "." * 15) == "value 5 at r1c1 is outside 1..4"


def test_box_that_does_not_fit():
    assert error_of(NORVIG, box=(2, 2)) == "box 2x2 does not fit a 9x9 board"
    assert error_of(NORVIG, box=(2, 3)) == "box 2x3 does not fit a 9x9 board"
    assert "positive" in error_of(NORVIG, box=(0, 9))


@pytest.mark.parametrize("text", ["", "   ", "\n\n", "\ufeff", "---+---\n-------"])
def test_empty_puzzle(text):
    assert error_of(text) == "empty puzzle"


def test_errors_are_one_line():
    for text in ["." * 80, "?" * 81, "\n".join(["1.3.", "3..", "....", "..1."]), SHEET[:-30]]:
        assert "\n" not in error_of(text)


def test_solution_text():
    assert parse_solution(",".join(map(str, pattern_grid(2, 3)))) == tuple(pattern_grid(2, 3))
    with pytest.raises(PuzzleError, match="solution has an empty cell at r1c2"):
        parse_solution("1.34" "3412" "2143" "4321")
    with pytest.raises(PuzzleError, match="solution has 15 cells"):
        parse_solution("123" "3412" "2143" "4321")


# -- streams -----------------------------------------------------------------------------------
def test_file_with_comments_blank_lines_and_a_bad_line(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text("# a collection\n#\n\n" + NORVIG + "\n" + FOUR + "\n\n"
                    + NORVIG[:40] + "?" + NORVIG[41:] + "\n# between\n" + NORVIG[1:] + "\n"
                    + NORVIG.replace(".", "0") + "\n", encoding="utf-8")
    got = list(read_puzzles(path))
    assert [(e.line, e.board.n if e.board else None) for e in got] == \
        [(4, 9), (5, 4), (7, None), (9, None), (10, 9)]
    assert got[2].error == "unknown symbol '?' at r5c5 (cell 41)"
    assert got[3].error.startswith("puzzle has 80 cells")
    assert all(e.source == str(path) for e in got)
    assert got[0].text == NORVIG and got[0].ok and not got[2].ok


def test_shared_data_files_with_comment_headers():
    path = SHARED / "royle_17_clue.txt"
    if not path.exists():
        pytest.skip("shared data not present")
    first = list(itertools.islice(read_puzzles(path), 200))
    assert first[0].line == 5 and all(e.ok and e.board.clues == 17 for e in first)


def test_sample_file_in_tests_data():
    got = list(read_puzzles(Path(__file__).parent / "data" / "norvig_hardest.txt"))
    assert len(got) == 11 and all(e.ok and e.board.n == 9 for e in got)


def test_header_csv_with_solution_column():
    solution = "".join(str(v) for v in pattern_grid(3, 3))
    puzzle = "." + solution[1:]
    lines = ["quizzes,solutions", f"{puzzle},{solution}", f"{puzzle},",
             f"{puzzle},{solution[:-1]}0", f"{puzzle},{solution[:-2]}",
             f"{puzzle[:-1]},{solution}", ""]
    got = list(iter_puzzles(lines))
    assert [e.line for e in got] == [2, 3, 4, 5, 6]
    assert got[0].solution == tuple(pattern_grid(3, 3)) and got[0].board.givens[0] == 0
    assert got[0].text == puzzle
    assert got[1].ok and got[1].solution is None
    assert got[2].error == "solution has an empty cell at r9c9"
    assert got[3].error.startswith("solution has 79 cells")
    assert got[4].error.startswith("puzzle has 80 cells")


def test_header_csv_finds_named_columns():
    solution = "".join(str(v) for v in pattern_grid(2, 2))
    lines = ["id,puzzle,solution,difficulty", f'7,"{FOUR}",{solution},2']
    got = list(iter_puzzles(lines))
    assert got[0].text == FOUR and got[0].solution == tuple(pattern_grid(2, 2))


def test_one_column_header():
    assert entries(["Puzzle", NORVIG, FOUR]) == [(2, 9, None), (3, 4, None)]


def test_headerless_puzzle_solution_lines():
    solution = "".join(str(v) for v in pattern_grid(2, 2))
    got = list(iter_puzzles([f"1.3.,{solution}", f".{solution[1:]},{solution}", f"{FOUR},3.5"]))
    assert [(e.line, e.ok) for e in got] == [(1, False), (2, True), (3, True)]
    assert got[1].solution == tuple(pattern_grid(2, 2)) and got[2].solution is None


def test_spreadsheet_csv_in_a_file(tmp_path):
    path = tmp_path / "sheet.csv"
    path.write_bytes(SHEET.encode("utf-8") * 1)
    got = list(read_puzzles(path))
    assert len(got) == 1 and got[0].line == 1 and got[0].board.to_text() == SHEET_TEXT
    padded = "\n".join(line + ",," for line in SHEET.lstrip("\ufeff").splitlines())
    got = list(iter_puzzles(padded.splitlines() + ["", NORVIG]))
    assert [(e.line, e.board.to_text()) for e in got] == [(1, SHEET_TEXT), (11, NORVIG)]


def test_bom_on_stdin(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("\ufeff" + NORVIG + "\n"))
    got = list(read_puzzles("-"))
    assert [e.board.to_text() for e in got] == [NORVIG] and got[0].source == "<stdin>"


def test_grids_in_a_stream():
    big = random_board((4, 4), seed=1)
    lines = ["# a 16x16 grid, then a 4x4 grid right after it", *big.grid().splitlines(),
             *parse_puzzle(FOUR).grid().splitlines(), "", NORVIG]
    assert entries(lines) == [(2, 16, None), (21, 4, None), (27, 9, None)]
    got = list(iter_puzzles(lines))
    assert got[0].board == big and got[0].text == big.grid()


def test_six_by_six_grids_back_to_back():
    a, b = random_board((2, 3), 1), random_board((2, 3), 2)
    lines = [a.to_text()[i:i + 6] for i in range(0, 36, 6)] + \
            [b.to_text()[i:i + 6] for i in range(0, 36, 6)]
    assert [e.board for e in iter_puzzles(lines)] == [a, b]
    assert [e.line for e in iter_puzzles(lines)] == [1, 7]


def test_titled_compact_grids():
    rows = [NORVIG[i:i + 9] for i in range(0, 81, 9)]
    got = entries(["Puzzle 1", *rows, "Puzzle 2", *rows])
    assert [(line, n) for line, n, _ in got] == [(1, None), (2, 9), (11, None), (12, 9)]


def test_grid_of_integers_for_large_boards():
    board = random_board((6, 6), seed=36)
    values = [str(v) for v in board.givens]
    lines = [" ".join(values[r * 36:(r + 1) * 36]) for r in range(36)]
    assert [e.board for e in iter_puzzles(lines + ["", ",".join(values)])] == [board, board]
    assert [e.board for e in iter_puzzles(board.grid().splitlines())] == [board]


def test_truncated_and_ragged_grids_are_one_error_each():
    rows = [NORVIG[i:i + 9] for i in range(0, 81, 9)]
    short = entries(["  1 . 3 | . . .", *rows[1:6], "", NORVIG])
    assert [(line, n) for line, n, _ in short] == [(1, None), (8, 9)]
    ragged = rows[:]
    ragged[4] = ragged[4][:-1]
    got = entries([*ragged, "", NORVIG])
    assert [(line, n) for line, n, _ in got] == [(1, None), (11, 9)]
    assert got[0][2].endswith("row 5 has 8 cells where the others have 9")


def test_ambiguous_square_lines():
    """16 one-line 4x4 puzzles alone in a run read as one 16x16 grid; any other count of
    them reads as separate puzzles (documented in the module docstring)."""
    assert entries([FOUR] * 16) == [(1, 16, None)]
    assert entries([FOUR] * 16 + ["", FOUR]) == [(1, 16, None), (18, 4, None)]
    assert [n for _, n, _ in entries([FOUR] * 17)] == [4] * 17
    assert [n for _, n, _ in entries([FOUR] * 3)] == [4] * 3
    assert [n for _, n, _ in entries([FOUR] * 3 + [NORVIG])] == [4, 4, 4, 9]


def test_short_bad_line_at_the_start_of_a_run_costs_only_itself():
    got = entries(["", FOUR[:-1], FOUR, FOUR, NORVIG])
    assert [(line, n) for line, n, _ in got] == [(2, None), (3, 4), (4, 4), (5, 9)]


def test_iter_puzzles_is_lazy():
    pulled = []

    def lines(line):
        for i in itertools.count():
            pulled.append(i)
            yield line if i % 50 else "# comment"

    got = list(itertools.islice(iter_puzzles(lines(NORVIG)), 5))
    assert [e.line for e in got] == [2, 3, 4, 5, 6] and len(pulled) <= 6
    pulled.clear()
    got = list(itertools.islice(iter_puzzles(lines(FOUR)), 5))
    assert [e.line for e in got] == [2, 3, 4, 5, 6] and len(pulled) <= 20  # one lookahead


def test_parse_many():
    assert [e.board for e in parse_many(parse_puzzle(NORVIG).grid())] == [parse_puzzle(NORVIG)]
    got = parse_many(f"{NORVIG}\n{FOUR}\n\n{NORVIG[2:]}")
    assert [(e.line, e.ok) for e in got] == [(1, True), (2, True), (4, False)]
    assert parse_many("") == [] and got[0].source == "<argument>"


def test_iter_puzzles_accepts_a_whole_string_and_a_box():
    got = list(iter_puzzles("1.....2.....3.....4.....5.....6.....\n", box=(3, 2), source="x"))
    assert got[0].board.box == (3, 2) and got[0].source == "x"


def test_entry_is_frozen():
    entry = parse_many(FOUR)[0]
    assert isinstance(entry, Entry)
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.line = 3


# -- property: what the board writes, the parser reads --------------------------------------------
boxes = st.integers(1, 6).flatmap(
    lambda r: st.tuples(st.just(r), st.integers(1, 36 // r)))


@settings(max_examples=60, deadline=None)
@given(box=boxes, seed=st.integers(0, 2**32), density=st.sampled_from([0.0, 0.2, 0.7, 1.0]),
       transpose=st.booleans())
def test_board_text_and_grid_round_trip(box, seed, density, transpose):
    box = box[::-1] if transpose else box
    board = random_board(box, seed, density)
    assert parse_puzzle(board.to_text(), box) == board
    assert parse_puzzle(board.grid(), box) == board
    assert [e.board for e in parse_many(board.grid(), box)] == [board]
    assert [e.board for e in parse_many(board.to_text(), box)] == [board]


def test_symbols_match_board_module():
    assert parse_puzzle(SYMBOLS[:9] + "." * 72).givens[:9] == tuple(range(1, 10))
