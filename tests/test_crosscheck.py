"""The cross-checker: verdicts, witnesses and loud disagreement."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sudoku_cp.backends import DEFAULT_CHECK
from sudoku_cp import Board, Result, Status, Verdict, crosscheck, is_solution
from sudoku_cp.crosscheck import judge
from conftest import board_of, load, pattern_grid


def test_unique_when_every_backend_agrees():
    board = board_of(load("17clue_sample.txt")[0])
    report = crosscheck(board)
    assert report.verdict is Verdict.UNIQUE
    assert set(report.results) == set(DEFAULT_CHECK)  # the default check list
    assert is_solution(board, report.solution)
    assert all(r.solution == report.solution for r in report.results.values())


def test_multiple_gives_two_valid_distinct_solutions_as_witness():
    line = load("top95_sample.txt")[0]
    board = board_of(line)
    solution = crosscheck(board).solution
    # remove givens until a second solution appears
    givens = list(board.givens)
    for cell in range(81):
        if givens[cell]:
            givens[cell] = 0
            report = crosscheck(board.with_givens(givens))
            if report.verdict is Verdict.MULTIPLE:
                break
    assert report.verdict is Verdict.MULTIPLE
    a, b = report.solutions
    assert a != b and is_solution(report.board, a) and is_solution(report.board, b)
    assert solution is not None


def test_none_names_the_clash():
    report = crosscheck(board_of("5" + "." * 8 + "5" + "." * 71))
    assert report.verdict is Verdict.NONE
    assert any("value 5 twice in box 1" in e for e in report.evidence)


def test_unknown_when_a_time_limit_cuts_the_search():
    report = crosscheck(Board.empty((6, 6)), ["backtrack", "sat"], time_limit=0.02)
    assert report.verdict in (Verdict.UNKNOWN, Verdict.MULTIPLE)
    if report.verdict is Verdict.UNKNOWN:
        assert any("time limit" in e for e in report.evidence)


def _fake(name, status, solutions, exhausted):
    return Result(name, status, tuple(solutions), exhausted, 0.001, {}, 2)


def test_disagreement_is_reported_with_evidence():
    board = board_of(load("17clue_sample.txt")[0])
    good = crosscheck(board, ["sat"]).results["sat"]
    results = {"sat": good, "liar": _fake("liar", Status.NONE, [], True)}
    report = judge(board, results)
    assert report.verdict is Verdict.DISAGREE
    assert any("liar says none" in e for e in report.evidence)


def test_a_non_solution_is_caught_by_is_solution():
    board = board_of(load("17clue_sample.txt")[0])
    good = crosscheck(board, ["sat"]).results["sat"]
    broken = list(good.solution)
    empty = board.givens.index(0)
    broken[empty], broken[empty + 1] = broken[empty + 1], broken[empty]
    results = {"sat": good, "liar": _fake("liar", Status.SOLVED, [tuple(broken)], True)}
    report = judge(board, results)
    assert report.verdict is Verdict.DISAGREE
    assert any("liar returned a non-solution" in e for e in report.evidence)


def test_a_claim_of_uniqueness_against_a_second_solution():
    board = Board.empty((2, 2))
    two = crosscheck(board, ["sat"]).solutions
    results = {"sat": _fake("sat", Status.SOLVED, two, False),
               "liar": _fake("liar", Status.SOLVED, two[:1], True)}
    report = judge(board, results)
    assert report.verdict is Verdict.DISAGREE
    assert any("liar says unique" in e for e in report.evidence)


def test_report_serialises():
    report = crosscheck(board_of(load("top95_sample.txt")[1]))
    d = report.to_dict()
    assert d["verdict"] == "unique" and d["box"] == "3x3"
    assert set(d["backends"]) == set(DEFAULT_CHECK)
    assert d["backends"]["sat"]["claim"] == "unique"


# -- property: blank cells of random valid grids; all backends agree ------------------------
SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]


@st.composite
def blanked_grids(draw):
    br, bc = draw(st.sampled_from(SHAPES))
    n = br * bc
    grid = pattern_grid(br, bc)
    relabel = draw(st.permutations(range(1, n + 1)))
    bands = draw(st.permutations(range(bc)))  # n // br bands of br rows
    rows_in = [draw(st.permutations(range(br))) for _ in range(n // br)]
    stacks = draw(st.permutations(range(br)))  # n // bc stacks of bc columns
    cols_in = [draw(st.permutations(range(bc))) for _ in range(n // bc)]
    rows = [bands[b] * br + rows_in[b][i] for b in range(n // br) for i in range(br)]
    cols = [stacks[s] * bc + cols_in[s][j] for s in range(n // bc) for j in range(bc)]
    full = [relabel[grid[rows[r] * n + cols[c]] - 1] for r in range(n) for c in range(n)]
    keep = draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    givens = [v if k else 0 for v, k in zip(full, keep)]
    return Board.from_values(full, box=(br, bc)), Board.from_values(givens, box=(br, bc))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(blanked_grids())
def test_all_backends_agree_on_blanked_random_grids(case):
    full, board = case
    assert is_solution(full, full.givens)  # the generator itself is sound
    report = crosscheck(board)
    assert report.verdict in (Verdict.UNIQUE, Verdict.MULTIPLE), report.evidence
    assert all(is_solution(board, s) for s in report.solutions)
    if report.verdict is Verdict.UNIQUE:
        assert report.solution == full.givens


def test_a_grid_returned_twice_is_a_disagreement():
    """A backend that returns one solution twice has a bug (it counts what it should
    not): the same rule as on the variant side, where it was already a disagreement."""
    board = board_of(load("17clue_sample.txt")[0])
    good = crosscheck(board, ["sat"]).results["sat"]
    results = {"sat": good, "liar": _fake("liar", Status.SOLVED, [good.solution] * 2, True)}
    report = judge(board, results)
    assert report.verdict is Verdict.DISAGREE
    assert report.evidence == ["liar returned the same grid twice"]


PLANTED = {  # claim pattern -> (solutions of a, exhausted a, solutions of b, exhausted b)
    "unique": ([0], True, [0], True),
    "multiple": ([0, 1], True, [1, 0], True),
    "false unique": ([0], True, [0, 1], True),
    "false none": ([], True, [0], True),
    "time limit": ([0], True, [], False),
    "none": ([], True, [], True),
}


@pytest.mark.parametrize("case", sorted(PLANTED))
def test_a_board_and_the_same_variant_puzzle_get_the_same_verdict_and_words(case):
    """The one set of rules: the same answers from two solvers, on a 4x4 board and on
    the same 4x4 puzzle as a variant (no extra rule), give one verdict, the same
    solutions and the same evidence, whichever cross-check judged them."""
    from sudoku_cp.variants.crosscheck import reconcile as variant_judge
    from sudoku_cp.variants.model import VariantPuzzle
    from sudoku_cp.variants.paradigms import VariantResult

    board = Board.empty((2, 2))
    grids = crosscheck(board, ["sat"]).solutions  # two valid grids of the empty board
    if case == "none":  # a board with no solution: both clues 1 in row 1
        board = Board.parse("11.." + "." * 12)
    puzzle = VariantPuzzle(4, box=(2, 2), givens=tuple((c, v) for c, v in
                                                      enumerate(board.givens) if v))
    sa, ea, sb, eb = PLANTED[case]
    pick = lambda idx: [grids[i] for i in idx]  # noqa: E731
    classic = judge(board, {"a": _fake("a", None, pick(sa), ea),
                            "b": _fake("b", None, pick(sb), eb)})
    verdict, solutions, evidence = variant_judge(puzzle, {
        "a": VariantResult("a", pick(sa), ea), "b": VariantResult("b", pick(sb), eb)})
    assert (classic.verdict, classic.solutions) == (verdict, solutions), case
    if case != "none":  # (a board's none also names the clashing givens)
        assert classic.evidence == evidence, case
