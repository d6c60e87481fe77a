"""Large boards (issue 9, defect 11): the SAT backend writes "at most one" as a
sequential counter from 25x25 on, so a 36x36 formula fits in memory; any encoding can
still be asked for by name, and all give the same answers."""

from __future__ import annotations

import random

import pytest

from sudoku_cp.backends import get_backend, solve
from sudoku_cp.backends.sat import SEQUENTIAL_FROM, amo_for
from sudoku_cp.board import Board
from sudoku_cp.check import is_solution
from sudoku_cp.crosscheck import claim
from sudoku_cp.generate import full_grid


def holey(box, density, seed):
    rng = random.Random(seed)
    grid = full_grid(box, rng)
    return Board.from_values([v if rng.random() < density else 0 for v in grid], box)


def test_auto_picks_sequential_for_large_boards_only():
    assert amo_for(9) == amo_for(16) == "pairwise"
    assert amo_for(SEQUENTIAL_FROM) == amo_for(36) == "sequential"
    assert amo_for(36, "pairwise") == "pairwise"


@pytest.mark.parametrize("amo", ["pairwise", "sequential", "bitwise"])
def test_every_amo_gives_the_same_answer(amo):
    for seed, density in [(1, 0.45), (2, 0.6), (3, 0.3)]:
        board = holey((3, 4), density, seed)
        result = solve(board, f"sat:amo={amo}", limit=2)
        reference = solve(board, "backtrack", limit=2)
        assert claim(result) == claim(reference)
        assert all(is_solution(board, s) for s in result.solutions)


def test_a_25x25_check_uses_the_sequential_counter():
    board = holey((5, 5), 0.7, 4)
    result = solve(board, "sat:reduced_above=25", limit=2)  # the shape's formula, not reduced
    assert result.stats["amo"] == "sequential"
    assert claim(result) == claim(solve(board, "backtrack", limit=2))


def test_unknown_amo_is_refused():
    with pytest.raises(ValueError, match="at-most-one"):
        get_backend("sat:amo=nonsense")


def test_default_crosscheck_leaves_backtrack_out_above_25_and_says_so():
    from sudoku_cp.crosscheck import crosscheck, default_backends

    specs, notes = default_backends(Board.empty((5, 6)))
    assert "backtrack" not in specs and "sat" in specs and "cpsat" in specs
    assert len(notes) == 2 and "backtrack left out on a 30x30 board" in notes[0]
    assert "pre-propagated" in notes[1] and "--time-limit" in notes[1]
    assert default_backends(Board.empty((5, 5))) == (["sat", "cpsat", "backtrack"], [])
    board = holey((5, 6), 0.9, 1)  # 30x30, 90% given: quick for sat and cpsat
    report = crosscheck(board)
    assert set(report.results) == {"sat", "cpsat"} and report.notes == notes
    assert report.to_dict()["notes"] == notes
    assert set(crosscheck(board, ["backtrack"]).results) == {"backtrack"}


def test_a_default_check_of_a_large_board_stops_at_two_verified_solutions(monkeypatch):
    """Above LARGE_ABOVE, cpsat runs first, and two different solutions that pass
    is_solution settle 'multiple' without waiting for sat (which can search a half-given
    36x36 for many minutes); unique and none still need both. The threshold is lowered so
    that 9x9 boards stand in for large ones."""
    import importlib

    cc = importlib.import_module("sudoku_cp.crosscheck")  # the module, not the function
    monkeypatch.setattr(cc, "LARGE_ABOVE", 8)
    report = cc.crosscheck(Board.parse("." * 80 + "1"))
    assert report.verdict.value == "multiple" and set(report.results) == {"cpsat"}
    assert any("sat not run" in note and "is_solution" in note for note in report.notes)
    assert all(is_solution(report.board, s) for s in report.solutions)
    unique = Board.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2"
                         ".....1.4......")
    report = cc.crosscheck(unique)
    assert report.verdict.value == "unique" and list(report.results) == ["cpsat", "sat"]
    assert not any("not run" in note for note in report.notes)
    named = cc.crosscheck(Board.parse("." * 80 + "1"), ["cpsat", "sat"])  # named: all run
    assert set(named.results) == {"cpsat", "sat"} and named.verdict.value == "multiple"
