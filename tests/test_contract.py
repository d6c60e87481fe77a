"""The contract every backend keeps: one test suite, parametrized over all of them."""

from __future__ import annotations

import pytest

from sudoku_cp import Board, Status, is_solution, solve
from sudoku_cp.board import geometry
from conftest import ALL_BACKENDS, BACKEND_PARAMS, backend_param, board_of, load, pattern_grid

#: The template a newcomer copies to add a backend (sudoku_cp/backends/TEMPLATE.py) keeps
#: the same contract: it runs here beside every registered backend.
TEMPLATE = "sudoku_cp.backends.TEMPLATE:TemplateBackend"


@pytest.fixture(params=BACKEND_PARAMS + ["template"])
def backend(request, monkeypatch):
    """Every registered backend, and the template, registered for this test only."""
    if request.param == "template":
        from sudoku_cp import backends

        monkeypatch.setitem(backends.BACKENDS, "template", TEMPLATE)
        monkeypatch.setattr(backends, "_by_spec", {})
        monkeypatch.setattr(backends, "_instances", {})
    return request.param


def test_every_backend_derives_from_the_declared_interface():
    from sudoku_cp.backends import BACKENDS, backend_class
    from sudoku_cp.backends.base import Backend
    from sudoku_cp.backends.TEMPLATE import TemplateBackend

    for name in BACKENDS:
        cls = backend_class(name)
        assert issubclass(cls, Backend) and cls.name == name, name
        hooks = {hook for hook in ("iter_solutions", "search") if hook in vars(cls)}
        assert hooks, f"{name} implements neither search hook"
        assert "solve" not in vars(cls), f"{name} rewrites solve (the limit logic)"
    assert issubclass(TemplateBackend, Backend) and "solve" not in vars(TemplateBackend)

#: Every box shape of every board from 4x4 to 16x16 (boxes of at least 2 rows and columns).
SHAPES = [(r, n // r) for n in range(4, 17) for r in range(2, n // 2 + 1)
          if n % r == 0 and n // r >= 2]


def test_unique_puzzles_from_the_literature(backend):
    # The template's plain search needs up to 120,000 nodes (6 s) on the later ones:
    # it keeps the same contract on the first three of each sample.
    take = 3 if backend == "template" else 5
    for line in load("top95_sample.txt")[:take] + load("17clue_sample.txt")[:take]:
        board = board_of(line)
        result = solve(board, backend, limit=2)
        assert result.backend == backend
        assert result.status is Status.SOLVED
        assert result.exhausted and len(result.solutions) == 1
        assert is_solution(board, result.solution)
        assert result.time_s > 0


@pytest.mark.parametrize("box", SHAPES)
def test_every_shape_from_a_blanked_grid(backend, box):
    grid = pattern_grid(*box)
    n = box[0] * box[1]
    # blank every third cell: many solutions are possible, the grid is one of them
    givens = [0 if i % 3 == 0 else v for i, v in enumerate(grid)]
    board = Board.from_values(givens, box=box)
    result = solve(board, backend, limit=2)
    assert result.status is Status.SOLVED
    assert all(is_solution(board, s) for s in result.solutions)
    assert len(set(result.solutions)) == len(result.solutions)
    assert board.n == n


def test_several_solutions_stop_at_the_limit(backend):
    board = Board.empty((3, 3))
    result = solve(board, backend, limit=2)
    assert result.status is Status.SOLVED and not result.exhausted
    assert len(result.solutions) == 2 and result.solutions[0] != result.solutions[1]
    assert all(is_solution(board, s) for s in result.solutions)
    one = solve(board, backend, limit=1)
    assert len(one.solutions) == 1 and not one.exhausted


def test_count_all_solutions_of_a_4x4_with_its_first_row_given(backend):
    # Relabelling the values maps the 288 grids of the empty 4x4 onto each other, 24 per
    # first row, so fixing the first row leaves 288 / 24 = 12.
    board = Board.from_values([1, 2, 3, 4] + [0] * 12)
    result = solve(board, backend, limit=100)
    assert result.exhausted and len(result.solutions) == 12
    assert len(set(result.solutions)) == 12
    assert all(is_solution(board, s) for s in result.solutions)


# Not mip: it re-solves once per solution, and 288 HiGHS runs take ~15 s.
@pytest.mark.parametrize("name", [backend_param(b) for b in ALL_BACKENDS if b != "mip"])
def test_count_all_solutions_of_the_empty_4x4(name):
    result = solve(Board.empty((2, 2)), name, limit=1000)
    assert result.exhausted and len(result.solutions) == 288
    assert len(set(result.solutions)) == 288


def test_clashing_givens_have_no_solution(backend):
    line = "55" + "." * 79
    result = solve(board_of(line), backend, limit=2)
    assert result.status is Status.NONE and result.exhausted and not result.solutions


def test_a_cell_without_candidates_and_no_clash(backend):
    # r1c1 can take no value: its row holds 1-4, its column 5-8, and r2c2 holds 9 (box).
    givens = [0] * 81
    for c, v in zip(range(1, 5), (1, 2, 3, 4)):
        givens[c] = v
    for r, v in zip(range(2, 6), (5, 6, 7, 8)):
        givens[r * 9] = v
    givens[1 * 9 + 1] = 9
    result = solve(Board.from_values(givens), backend, limit=2)
    assert result.status is Status.NONE and result.exhausted


def test_a_variant_with_extra_houses(backend):
    g = geometry(3, 3)
    diagonals = [[g.cell(i, i) for i in range(9)], [g.cell(i, 8 - i) for i in range(9)]]
    board = Board(g.with_houses(diagonals), (0,) * 81)
    result = solve(board, backend, limit=1)
    sol = result.solution
    assert is_solution(board, sol)
    assert len({sol[c] for c in diagonals[0]}) == 9 and len({sol[c] for c in diagonals[1]}) == 9


def test_the_time_limit_is_honoured(backend):
    board = Board.empty((6, 6))  # 36x36: nobody enumerates this in a few milliseconds
    result = solve(board, backend, limit=10**6, time_limit=0.05)
    assert not result.exhausted
    assert result.status in (Status.SOLVED, Status.UNKNOWN)
    assert result.time_s < 20
    assert all(is_solution(board, s) for s in result.solutions)


def test_native_statistics_are_reported(backend):
    result = solve(board_of(load("top95_sample.txt")[0]), backend, limit=2)
    assert result.stats and all(isinstance(k, str) for k in result.stats)
    assert result.to_dict()["status"] == "solved"
