"""Board geometry and the independent solution check."""

from __future__ import annotations

import pytest

from sudoku_cp import Board, PuzzleError, clashes, default_box, geometry, is_solution
from sudoku_cp.board import parse_box
from conftest import pattern_grid


@pytest.mark.parametrize("n,box", [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)),
                                   (12, (3, 4)), (16, (4, 4)), (25, (5, 5)), (36, (6, 6)),
                                   (10, (2, 5))])
def test_default_box(n, box):
    assert default_box(n) == box


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7, 11])
def test_no_default_box_for_degenerate_sides(n):
    with pytest.raises(PuzzleError, match=f"--box 1x{n}"):
        default_box(n)
    assert Board.empty((1, n)).n == n  # asked for explicitly, a Latin square is fine


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4), (4, 4),
                                 (5, 5), (6, 6)])
def test_geometry_tables(box):
    g = geometry(*box)
    n = g.n
    assert len(g.houses) == 3 * n and all(len(h) == n for h in g.houses)
    # every cell is in exactly one row, one column and one box
    assert all(len(hs) == 3 for hs in g.houses_of)
    # peers: the row, the column and the box, less the overlaps and the cell itself
    expected = 2 * (n - 1) + (n - box[0] - box[1] + 1)
    assert all(len(p) == expected for p in g.peers)
    assert is_solution(Board.empty(box), pattern_grid(*box))


def test_is_solution_rejects_each_kind_of_fault():
    board = Board.empty((2, 3))
    good = pattern_grid(2, 3)
    assert is_solution(board, good)
    assert not is_solution(board, good[:-1])  # too short
    assert not is_solution(board, [7] + good[1:])  # out of range
    assert not is_solution(board, None)
    swapped = good[:]
    swapped[0], swapped[1] = swapped[1], swapped[0]  # breaks two columns
    assert not is_solution(board, swapped)
    rows_swapped = good[:6] + good[12:18] + good[6:12] + good[18:]  # rows 2, 3 across bands
    assert sorted(rows_swapped) == sorted(good)
    assert not is_solution(board, rows_swapped)
    given = board.with_givens([good[0] % 6 + 1] + [0] * 35)
    assert not is_solution(given, good)  # ignores a given


def test_is_solution_checks_extra_houses():
    g = geometry(2, 2)
    diag = [g.cell(i, i) for i in range(4)]
    grid = pattern_grid(2, 2)
    plain = Board.empty((2, 2))
    variant = Board(g.with_houses([diag]), (0,) * 16)
    assert is_solution(plain, grid)
    assert len({grid[c] for c in diag}) < 4  # the pattern repeats on the diagonal
    assert not is_solution(variant, grid)


def test_clashes_are_named():
    board = Board.from_values([1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0])
    assert clashes(board) == ["value 1 twice in column 1 (r1c1, r3c1)"]


def test_board_rejects_bad_shapes_and_values():
    with pytest.raises(PuzzleError, match="not a square"):
        Board.from_values([0] * 80)
    with pytest.raises(PuzzleError, match="does not fit"):
        Board.from_values([0] * 81, box=(2, 4))
    with pytest.raises(PuzzleError, match="outside 1..4"):
        Board.from_values([5] + [0] * 15)
    with pytest.raises(PuzzleError, match="RxC"):
        parse_box("3by3")


def test_text_and_grid():
    board = Board.from_values(pattern_grid(4, 4))
    assert board.to_text().startswith("123456789ABCDEFG")
    big = Board.empty((6, 6))
    assert big.to_text().count(",") == 36 * 36 - 1
    assert "+" in Board.empty((3, 3)).grid()


def test_import_is_light():
    from conftest import loaded_by

    assert loaded_by("import sudoku_cp", ("ortools", "pysat")) == []
