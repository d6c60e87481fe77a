"""String in, verdict out (issue 24): ``Board.parse``'s short road for a plain line and
``fast.check_lines``.

The rule: the short road gives exactly the board the general parser gives, and every
line the general parser refuses is refused with the same message.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sudoku_cp import Board
from sudoku_cp.errors import PuzzleError
from sudoku_cp.parse import parse_puzzle

from test_parse_plain import PIECES

DATA = Path(__file__).parent / "data"


def general(text, box=None):
    """The general parser's board, or its error message."""
    try:
        return parse_puzzle(text, box=box)
    except PuzzleError as exc:
        return f"error: {exc}"


def parsed(text, box=None):
    try:
        return Board.parse(text, box)
    except PuzzleError as exc:
        return f"error: {exc}"


def random_lines(seed: int, count: int) -> list[str]:
    """Plain lines of 6x6, 9x9 and 16x16 boards with random symbols (some not symbols of
    the board, some out of range, some lower case)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.choice([6, 9, 16])
        alphabet = ".0123456789ABCDEFGabcdefg?x "[: rng.choice([8, 11, 18, 28])]
        out.append("".join(rng.choice(alphabet) if rng.random() < 0.3 else "."
                           for _ in range(n * n)))
    return out


@pytest.mark.parametrize("box", [None, (3, 3), (2, 3), (4, 4)])
def test_board_parse_gives_the_general_parsers_board_or_message(box):
    for text in PIECES + random_lines(7, 300):
        assert parsed(text, box) == general(text, box), repr(text)


def test_the_short_road_is_taken_for_a_plain_line(monkeypatch):
    """A plain 81-character line never reaches the general reader."""
    import sudoku_cp.board as board

    line = "." * 17 + "1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
    want = Board.parse(line)
    plain_values, _ = board._READERS
    monkeypatch.setattr(board, "_READERS",
                        (plain_values, lambda *a, **k: pytest.fail("general road")))
    assert Board.parse(line) == want and want.givens[17] == 1


def test_a_board_from_the_short_road_behaves_as_any_other():
    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    short, slow = Board.parse(line), parse_puzzle(line)
    assert short == slow and hash(short) == hash(slow)
    assert short.clues == 17 and short.to_text() == line


pytest.importorskip("numba", reason="check_lines runs the fast backend (the 'fast' extra)")


def shared_lines() -> list[str]:
    return [s.split()[1] for s in (DATA / "shared_sets_sample.txt").read_text().splitlines()
            if s.strip() and not s.startswith("#")]


def test_check_lines_gives_check_arrays_verdicts():
    from sudoku_cp.backends.fast import check_array, check_lines
    from sudoku_cp.board import geometry

    lines = shared_lines()
    lines += [lines[0][:-1] + ".", "." * 81, "1" * 81]  # more solutions, many, none
    counts, first, stats = check_lines(lines)
    want = check_array([parse_puzzle(s).givens for s in lines], geometry(3, 3))
    assert counts.tolist() == want[0].tolist() and first.tolist() == want[1].tolist()
    assert stats.tolist() == want[2].tolist()
    assert set(counts.tolist()) == {0, 1, 2}


def test_check_lines_takes_the_general_road_for_other_forms():
    from sudoku_cp.backends.fast import check_lines

    lines = shared_lines()[:5]
    spaced = [" " + lines[0], ",".join(ch.replace(".", "0") for ch in lines[1])] + lines[2:]
    a, b = check_lines(lines), check_lines(spaced)
    assert all(x.tolist() == y.tolist() for x, y in zip(a, b))


@pytest.mark.parametrize("bad", ["." * 80 + "?", "." * 80, "G" + "." * 80, "." * 80 + "é",
                                 "1 2 3"])
def test_check_lines_names_the_bad_line_with_the_parsers_message(bad):
    from sudoku_cp.backends.fast import check_lines

    lines = shared_lines()[:3]
    lines.insert(1, bad)
    with pytest.raises(PuzzleError) as caught:
        check_lines(lines)
    assert str(caught.value) == f"line 2: {general(bad)[len('error: '):]}"


def test_check_lines_refuses_two_board_sizes():
    from sudoku_cp.backends.fast import check_lines

    with pytest.raises(PuzzleError, match="line 2: a 6x6 board among 9x9 boards"):
        check_lines(["." * 81, "." * 36])


def test_check_lines_with_a_box_given_as_text_or_pair():
    from sudoku_cp.backends.fast import check_lines

    lines = ["1" + "." * 35, "." * 36]
    for box in ("2x3", (2, 3)):
        counts, _, stats = check_lines(lines, box=box)
        assert counts.tolist() == [2, 2] and stats[:, 2].tolist() == [0, 0]
    with pytest.raises(PuzzleError, match="line 1: "):
        check_lines(lines, box="4x4")  # 36 cells do not make a 4x4 board
    counts, _, _ = check_lines([])
    assert counts.tolist() == []
