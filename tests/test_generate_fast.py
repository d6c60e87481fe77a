"""Issue 12, the generator at speed: the compiled fill, lazy grading, who verifies.

Each puzzle's uniqueness and minimality are checked here by backends other than the
one that dug it (``fast``): the backtracker and the SAT backend.
"""

from __future__ import annotations

import json

import pytest

from sudoku_cp import Board, is_solution, solve
from sudoku_cp.board import geometry
from sudoku_cp.cli import main
from sudoku_cp.fill import Stream, fill, random_values
from sudoku_cp.generate import (GENERATOR_CHECK, VerificationError, default_verifiers,
                                full_grid, generate, make_puzzle, verify_many)

needs_numba = pytest.mark.skipif(
    __import__("importlib.util").util.find_spec("numba") is None,
    reason="the compiled fill needs numba (the 'fast' extra)")


# -- the stream and the fills -------------------------------------------------------------------
def test_the_stream_is_splitmix64():
    """The published first outputs of SplitMix64 from seed 1234567 (below(2**63) is the
    output without its lowest bit), so the stream is the one documented."""
    s = Stream(1234567)
    assert [s.below(2 ** 63) for _ in range(3)] == [
        6457827717110365317 >> 1, 3203168211198807973 >> 1, 9817491932198370423 >> 1]


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)],
                         ids=lambda b: f"{b[0]}x{b[1]}")
def test_the_python_fill_makes_solutions(box):
    g = geometry(*box)
    for seed in range(3):
        values = fill(g, seed, 4 * g.ncells)
        assert is_solution(Board.empty(box), values)


@needs_numba
@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)],
                         ids=lambda b: f"{b[0]}x{b[1]}")
def test_the_compiled_fill_makes_the_same_choices_as_the_python_fill(box):
    """Same stream, same choices, same grid: a seed gives the same puzzles with numba or
    without (before the Python fill's propagation found a contradiction the compiled
    one found, some 25x25 grids differed)."""
    g = geometry(*box)
    seeds = range(40) if g.n <= 9 else range(3)
    for seed in seeds:
        compiled = random_values(g, seed * 7919 + 1, compiled=True)
        assert compiled == random_values(g, seed * 7919 + 1, compiled=False)
        assert is_solution(Board.empty(box), compiled)


@needs_numba
def test_fills_that_restart_agree_too():
    """A 9x9 fill needs about 50 nodes: with a budget of 45 most fills restart, and the
    compiled fill still draws what the Python fill draws."""
    from sudoku_cp.backends.fast import backend as fast

    g = geometry(3, 3)
    restarts = 0
    for seed in range(10):
        values, k = fast.fill_counted(g, seed, 45)
        restarts += k
        assert values == fill(g, seed, 45)
        assert is_solution(Board.empty((3, 3)), values)
    assert restarts > 5


def test_full_grids_differ_between_seeds_and_repeat_with_the_same():
    grids = {full_grid((3, 3), seed=s) for s in range(50)}
    assert len(grids) == 50
    assert full_grid((3, 3), seed=3) == full_grid((3, 3), seed=3, compiled=False)


def test_without_numba_the_generator_makes_the_same_puzzles(monkeypatch):
    """The path for a machine without numba: the Python fill and SAT digging. The
    puzzles are the same as with the compiled fill and ``fast`` digging."""
    import sudoku_cp.backends.fast.backend as fast
    import sudoku_cp.fill as fill_module
    import sudoku_cp.generate as gen

    with_default = list(generate(3, minimal=True, seed=9, verify=False))

    def no_kernel(*_args, **_kw):
        raise AssertionError("the compiled fill was used")

    monkeypatch.setattr(fill_module, "can_compile", lambda g: False)
    monkeypatch.setattr(gen, "removal_backend", lambda box: "sat")
    monkeypatch.setattr(fast, "fill", no_kernel)
    monkeypatch.setattr(fast, "dig", no_kernel)
    without = list(generate(3, minimal=True, seed=9, verify=False))
    assert [p.board for p in without] == [p.board for p in with_default]
    assert [p.solution for p in without] == [p.solution for p in with_default]


# -- unique and minimal, checked by others --------------------------------------------------------
def test_every_generated_puzzle_is_unique_and_minimal_by_independent_checks():
    for puzzle in generate(15, minimal=True, seed=2026, verify=False):
        board = puzzle.board
        result = solve(board, "backtrack", limit=2)
        assert result.exhausted and result.solutions == (puzzle.solution,)
        assert is_solution(board, puzzle.solution)
        for cell, v in enumerate(board.givens):
            if v:
                givens = list(board.givens)
                givens[cell] = 0
                assert len(solve(board.with_givens(givens), "sat", limit=2).solutions) == 2
        assert puzzle.minimal is True and not puzzle.missed


# -- grading on demand ---------------------------------------------------------------------------
def test_grading_waits_until_the_grade_is_read(monkeypatch):
    import sudoku_cp.generate as gen

    calls = []
    real = gen.grade
    monkeypatch.setattr(gen, "grade", lambda board, **kw: calls.append(board) or real(board, **kw))
    puzzles = list(generate(3, seed=4))
    assert calls == [] and not any(p.graded for p in puzzles)
    assert puzzles[0].to_dict(graded=False)["level"] is None
    level = puzzles[0].level
    assert calls == [puzzles[0].board] and puzzles[0].graded
    assert puzzles[0].to_dict()["level"] == level and len(calls) == 1  # kept, not redone
    assert puzzles[0].to_dict(graded=False)["rating"] == puzzles[0].rating  # known now


def test_a_level_target_grades_while_making(monkeypatch):
    puzzle = make_puzzle(5, difficulty="beginner")
    assert puzzle.graded
    assert (puzzle.level == "beginner") == (not puzzle.missed)


# -- who verifies --------------------------------------------------------------------------------
def test_verified_names_the_backends_that_confirmed_each_puzzle():
    assert next(generate(1, seed=3)).verified == (default_verifiers(geometry(3, 3))
                                                  or ("sat", "cpsat", "backtrack"))
    assert next(generate(1, seed=3, verify=["sat"])).verified == ("sat",)
    assert next(generate(1, seed=3, verify="backtrack, sat")).verified == ("backtrack", "sat")
    assert next(generate(1, seed=3, verify=False)).verified == ()
    first = next(generate(1, seed=3, verify=["sat"]))
    assert first.board == next(generate(1, seed=3)).board  # who checks changes nothing made
    with pytest.raises(ValueError, match="nosuch"):
        generate(1, verify=["nosuch"])
    with pytest.raises(ValueError, match="no backend"):
        generate(1, verify=[])


def test_cli_verify_with_and_no_grade(capsys):
    assert main(["generate", "-n", "2", "--seed", "3", "--json", "-q",
                 "--verify-with", "sat", "--no-grade"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["verified"] for r in rows] == [["sat"], ["sat"]]
    assert all(r["level"] is None and r["rating"] is None for r in rows)
    assert main(["generate", "-n", "1", "--seed", "3", "--json", "-q"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["verified"] == list(default_verifiers(geometry(3, 3))
                                   or ("sat", "cpsat", "backtrack")) and row["level"] is not None
    assert row["puzzle"] == rows[0]["puzzle"]
    assert main(["generate", "-n", "1", "--verify-with", "nosuch", "-q"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["generate", "-n", "1", "--no-grade", "-q"]) == 2  # text lines: no grade
    assert "--no-grade goes with --json" in capsys.readouterr().err
    assert main(["generate", "-n", "1", "--verify-with", " , ", "-q"]) == 2


# -- batch verification (issue 24) -----------------------------------------------------------------
@needs_numba
def test_the_default_verifiers_are_two_paradigms_one_of_them_not_the_digger():
    from sudoku_cp.generate import removal_backend

    assert default_verifiers(geometry(3, 3)) == GENERATOR_CHECK == ("fast", "sat")
    for box in ((3, 3), (4, 4)):  # whichever digs, another confirms
        assert set(GENERATOR_CHECK) - {removal_backend(box)}
    puzzles = list(generate(5, seed=11))
    assert all(p.verified == ("fast", "sat") for p in puzzles)
    for p in puzzles:  # and a third backend agrees
        r = solve(p.board, "backtrack", limit=2)
        assert r.exhausted and list(r.solutions) == [p.solution]


@needs_numba
def test_a_batch_check_refuses_a_wrong_grid_and_a_second_solution():
    good = list(generate(3, box=(2, 2), seed=4, verify=False))
    assert verify_many(good) == [("fast", "sat")] * 3
    assert verify_many(good, ["backtrack"]) == [("backtrack",)] * 3
    other = make_puzzle(99, box=(2, 2))
    wrong = type(good[0])(good[0].board, other.solution, good[0].clues, 0)
    with pytest.raises(VerificationError):
        verify_many(good + [wrong])
    loose = type(good[0])(good[0].board.with_givens([0] * 16), good[0].solution, 0, 0)
    for specs in (["fast"], ["sat"]):  # each verifier alone refuses two solutions
        with pytest.raises(VerificationError, match="not confirm"):
            verify_many([loose], specs)


@needs_numba
def test_batches_change_nothing_made():
    many = list(generate(7, seed=5))  # batches of 1, 2, 4
    assert [p.board for p in many] == [p.board for p in generate(7, seed=5, verify=False)]


# -- symmetric and minimal (issue 24) ------------------------------------------------------
def test_removable_clue_agrees_with_is_minimal_checked_by_other_backends():
    from sudoku_cp.generate import dig, is_minimal, removable_clue
    import random

    g = geometry(3, 3)
    rng = random.Random(8)
    seen = set()
    for _ in range(12):
        grid = full_grid((3, 3), rng)
        givens, complete = dig(grid, g, rng, symmetry="rot180")
        assert complete
        board = Board(g, givens)
        minimal = not removable_clue(grid, givens, g)
        assert minimal == is_minimal(board, "sat")  # an engine that did not dig
        seen.add(minimal)
    assert False in seen  # most orbit-minimal rot180 puzzles are not minimal clue by clue


def test_minimal_rot180_puzzles_keep_the_symmetry_and_every_clue_is_needed():
    from sudoku_cp.generate import is_minimal, is_symmetric

    for p in generate(2, symmetry="rot180", minimal=True, seed=21):
        assert not p.missed and p.minimal is True
        assert is_symmetric(p.board, "rot180")
        assert is_minimal(p.board, "backtrack")  # clue by clue, by an independent engine
        r = solve(p.board, "backtrack", limit=2)
        assert r.exhausted and list(r.solutions) == [p.solution]


def test_sat_confirms_the_only_solution_and_refuses_another():
    from sudoku_cp.backends import get_backend

    sat = get_backend("sat")
    puzzles = list(generate(4, seed=9, verify=False)) + list(generate(2, box=(2, 3), seed=9,
                                                                      verify=False))
    assert sat.confirm_many([p.board for p in puzzles], [p.solution for p in puzzles]) == \
        [True] * 6
    loose = puzzles[0].board.with_givens([0] * 81)  # many solutions, the grid among them
    full = puzzles[0].board.with_givens(puzzles[0].solution)  # no empty cell at all
    assert sat.confirm_many([loose, full], [puzzles[0].solution] * 2) == [False, True]
    # and the solver is left as it was: the same puzzles are confirmed again
    assert sat.confirm_many([p.board for p in puzzles], [p.solution for p in puzzles]) == \
        [True] * 6
    r = solve(puzzles[1].board, "sat", limit=2)
    assert r.exhausted and list(r.solutions) == [puzzles[1].solution]
