"""Minlex canonical forms (sudoku_cp.research.canon) and the canon command."""

from __future__ import annotations

import importlib.util
import itertools
import json
import random

import pytest

from sudoku_cp import Board, is_solution, solve
from sudoku_cp.cli import main
from conftest import DATA, pattern_grid

pytestmark = pytest.mark.skipif(importlib.util.find_spec("numba") is None,
                                reason='numba is not installed (pip install "sudoku-cp[fast]")')


def values(line: str) -> list[int]:
    return [0 if ch in ".0" else int(ch) for ch in line]


def sample_puzzles() -> list[list[int]]:
    """Every distinct 9x9 puzzle line of the test data (several sets, so patterns differ)."""
    found = {}
    for path in sorted(DATA.glob("*.txt")):
        for line in path.read_text().splitlines():
            first = line.strip().split(" ")[0]
            if len(first) == 81 and all(ch in ".0123456789" for ch in first):
                found.setdefault(first.replace("0", "."), None)
    return [values(line) for line in found]


PUZZLES = sample_puzzles()


def test_there_are_enough_sample_puzzles():
    assert len(PUZZLES) >= 100


def test_the_form_is_the_same_for_100_random_transformations_of_each_puzzle():
    import numpy as np

    from sudoku_cp.research.canon import canon_array, random_transform

    rng = random.Random(2026)
    forms = canon_array(np.array(PUZZLES), (3, 3))
    moved = [random_transform((3, 3), rng).apply(p) for p in PUZZLES for _ in range(100)]
    again = canon_array(np.array(moved), (3, 3))
    expected = np.repeat(forms, 100, axis=0)
    assert (again == expected).all()


def test_different_puzzles_have_different_forms():
    """The sample holds no two puzzles that are the same up to the group (they come from
    different collections and checks), so every form differs."""
    import numpy as np

    from sudoku_cp.research.canon import canon_array

    forms = canon_array(np.array(PUZZLES), (3, 3))
    assert len({tuple(f) for f in forms}) == len(PUZZLES)


def test_the_form_is_an_image_and_its_solution_is_the_moved_solution():
    """The transformation returned maps the puzzle onto its form, and the sat backend
    solves the form to the image of the puzzle's solution: the form is the same puzzle."""
    from sudoku_cp.research.canon import canon_with_map

    for line in PUZZLES[:30]:
        board = Board.from_values(line)
        form, transform, automorphisms = canon_with_map(board)
        assert transform.apply(line) == form and automorphisms >= 1
        assert sorted(form) == sorted(transform.apply(line))
        original = solve(board, "sat", limit=2)
        moved = solve(Board.from_values(list(form)), "sat", limit=2)
        assert len(original.solutions) == len(moved.solutions) == 1
        assert moved.solution == transform.apply(original.solution)


def brute_minlex(line, box):
    """The minlex form by trying every cell map of the group (small boards only)."""
    from sudoku_cp.research.canon import Transform

    box_rows, box_cols = box
    n = box_rows * box_cols

    def lines(group, groups):
        for order in itertools.permutations(range(groups)):
            for within in itertools.product(itertools.permutations(range(group)),
                                            repeat=groups):
                yield tuple(order[g] * group + within[g][k] for g in range(groups)
                            for k in range(group))

    best = None
    for transpose in ([False, True] if box_rows == box_cols else [False]):
        for rows in lines(box_rows, n // box_rows):
            for cols in lines(box_cols, n // box_cols):
                image = Transform(transpose, rows, cols, tuple(range(n + 1))).apply(line)
                label, out = {0: 0}, []
                for v in image:
                    out.append(label.setdefault(v, len(label)))
                if best is None or out < best:
                    best = out
    return tuple(best)


@pytest.mark.parametrize("box,count", [((2, 2), 60), ((2, 3), 12), ((3, 2), 12)])
def test_small_boards_match_a_brute_force_minlex(box, count):
    from sudoku_cp.research.canon import canon_values

    rng = random.Random(7)
    n = box[0] * box[1]
    grid = pattern_grid(*box)
    for k in range(count):
        keep = rng.sample(range(n * n), rng.randrange(0, n * n + 1))
        line = [v if i in keep else 0 for i, v in enumerate(grid)]
        assert canon_values(line, box) == brute_minlex(line, box), line


def test_grids_too():
    from sudoku_cp.research.canon import canon_values, random_transform

    rng = random.Random(3)
    grid = pattern_grid(3, 3)
    form = canon_values(grid, (3, 3))
    assert is_solution(Board.empty((3, 3)), form)
    for _ in range(20):
        assert canon_values(random_transform((3, 3), rng).apply(grid), (3, 3)) == form


def test_the_empty_board_and_one_given():
    from sudoku_cp.research.canon import canon_with_map

    empty, _, automorphisms = canon_with_map(Board.empty((3, 3)))
    assert empty == (0,) * 81 and automorphisms == 2 * 6 ** 8
    one, _, automorphisms = canon_with_map(Board.parse("5" + "." * 80))
    assert one == (0,) * 80 + (1,) and automorphisms == 2 * 6 ** 8 // 81


def test_variants_and_large_boards_are_refused_by_name():
    from sudoku_cp.errors import UsageError
    from sudoku_cp.research.canon import canon

    with pytest.raises(UsageError, match="extra houses"):
        canon(Board.from_values([0] * 81, houses=[[0, 10, 20]]))
    with pytest.raises(UsageError, match="3x4 boxes"):
        canon(Board.empty((3, 4)))


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_canon_command_and_dedupe(capsys):
    a = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    moved = "".join(".123456789"[v] for v in _moved(a))
    code, out, err = run(capsys, "canon", "--dedupe", a, moved, "1" + "." * 15)
    assert code == 0
    assert len(out.splitlines()) == 2 and "3 puzzles, 2 distinct (1 duplicates)" in err
    code, out, _ = run(capsys, "canon", "--json", a, moved)
    first, second = map(json.loads, out.splitlines())
    assert first["minlex"] == second["minlex"] and second["duplicate_of"] == 1


def _moved(line):
    from sudoku_cp.research.canon import random_transform

    return random_transform((3, 3), random.Random(5)).apply(values(line))


def test_canon_command_refuses_a_12x12_board_in_one_line(capsys):
    code, out, err = run(capsys, "canon", "." * 144)
    assert code == 2 and "3x4 boxes" in err and len(err.strip().splitlines()) == 1
