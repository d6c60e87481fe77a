"""``--time-limit`` holds for the variant paradigms, encoding included, and a check that a
time limit left unsettled says what the paradigms that finished found (issue 35)."""

from __future__ import annotations

import time

import pytest

from sudoku_cp.cli import main
from sudoku_cp.variants import model as m
from sudoku_cp.variants.crosscheck import reconcile
from sudoku_cp.variants.iss import parse_iss
from sudoku_cp.variants.paradigms import VariantResult, get_paradigm
from sudoku_cp.verdicts import Verdict


def bound(t: float) -> float:
    """The most a call with time limit ``t`` may take."""
    return max(1.1 * t, t + 0.5)


def _snake():
    return [f"R{r + 1}C{c + 1}" for r in range(9)
            for c in (range(9) if r % 2 == 0 else range(8, -1, -1))]


#: A pill of three digits (R1C1-R1C3) and a shaft snaking through the 78 other cells, no
#: givens: CP-SAT trying false first on its decisions finds no solution in seconds (true
#: first, ``cpsat.POLARITY``, two in 0.03 s; sat sums the shaft's rows: milliseconds).
LONG_PILL = parse_iss(".PillArrow~3~" + "~".join(_snake()))

#: The same with the cells in an order where no two in a row share a house (row i % 9,
#: column (i // 9 + 3 i) % 9): sat sums the shaft cell by cell, ~700 sums a layer, 1-2 s
#: to encode (11.8 s before its layers took a ladder).
#: (Built in the model: its pill's cells are apart, which ISS's PillArrow refuses.)
_SCATTERED = [(i % 9) * 9 + (i // 9 + 3 * (i % 9)) % 9 for i in range(81)]
SCATTERED_PILL = m.VariantPuzzle(9, constraints=(
    m.Arrow(tuple(sorted(_SCATTERED[:3])), tuple(_SCATTERED[3:])),))


NEEDS = {"sat": "pysat", "cpsat": "ortools"}


@pytest.mark.parametrize("name, puzzle, limit", [
    ("sat", SCATTERED_PILL, 2),  # stopped while encoding
    ("cpsat", LONG_PILL, 2),  # stopped while searching
    ("witness", m.VariantPuzzle(16), 10**9),  # an empty 16x16: a search without end
])
def test_a_tiny_time_limit_holds_encoding_included(name, puzzle, limit, monkeypatch):
    if name in NEEDS:
        pytest.importorskip(NEEDS[name])
    if name == "cpsat":  # (the search LONG_PILL makes long: false first)
        from sudoku_cp.variants import cpsat

        monkeypatch.setattr(cpsat, "POLARITY", "POLARITY_FALSE")
    solve = get_paradigm(name)
    start = time.perf_counter()
    r = solve(puzzle, limit=limit, time_limit=0.25)
    took = time.perf_counter() - start
    assert r.status == "timeout" and not r.exhausted
    assert took <= bound(0.25), f"{name} took {took:.2f} s under a 0.25 s limit"


def test_sat_says_where_the_time_limit_stopped_it():
    pytest.importorskip("pysat")
    r = get_paradigm("sat")(SCATTERED_PILL, limit=2, time_limit=0.1)
    assert r.status == "timeout" and r.stats["stopped_in"] == "encoding" and r.solutions == []


def test_candidates_under_a_tiny_time_limit_are_incomplete_and_on_time():
    pytest.importorskip("pysat")
    from sudoku_cp.variants.crosscheck import candidates

    start = time.perf_counter()
    cand = candidates(SCATTERED_PILL, time_limit=0.1)
    assert not cand.complete and time.perf_counter() - start <= bound(0.1)


def test_a_slice_under_way_is_interrupted_and_the_solver_answers_again():
    """A pigeonhole formula: one slice of 20,000 conflicts takes seconds; the timer stops
    it at the deadline, and clears its interrupt (else the next call would answer None
    at once: a live solver is reused)."""
    pytest.importorskip("pysat")
    from pysat.examples.genhard import PHP
    from pysat.solvers import Solver

    from sudoku_cp.variants.sat import _solve_sliced

    php = PHP(9)
    a, b = next(c for c in php.clauses if len(c) == 2)  # two pigeons in one hole
    with Solver(name="glucose4", bootstrap_with=php.clauses) as s:
        start = time.perf_counter()
        assert _solve_sliced(s, "glucose4", [], start + 0.2) is None
        assert time.perf_counter() - start <= bound(0.2)
        assert s.solve_limited(assumptions=[-a, -b], expect_interrupt=True) is False


def test_a_solver_deaf_to_its_interrupt_is_abandoned_on_time():
    """Glucose heeds an interrupt only when it restarts, seconds apart on a large formula:
    a search still running ``GRACE`` after the deadline is left to itself (never called
    again) and the caller has its answer on time."""
    pytest.importorskip("pysat")
    from sudoku_cp.backends.sat import _ABANDONED
    from sudoku_cp.variants.sat import GRACE, SolverLate, _solve_sliced

    class Deaf:  # a solver whose search ends a second later, interrupted or not
        def conf_budget(self, n):
            pass

        def solve_limited(self, assumptions=(), expect_interrupt=False):
            time.sleep(1.0)
            return None

        def interrupt(self):
            pass

    deaf = Deaf()
    start = time.perf_counter()
    with pytest.raises(SolverLate):
        _solve_sliced(deaf, "glucose4", [], start + 0.1)
    assert time.perf_counter() - start <= 0.1 + GRACE + 0.1
    assert any(s is deaf for s in _ABANDONED)


def _result(name, solutions, exhausted, status):
    return VariantResult(name, list(solutions), exhausted, status)


def test_an_unsettled_paradigm_says_what_the_others_found():
    puzzle = m.VariantPuzzle(4, givens=((5, 4), (9, 1), (14, 1)),
                             constraints=(m.Thermometer((0, 1, 2, 3)),))
    sol = (1, 2, 3, 4, 3, 4, 2, 1, 2, 1, 4, 3, 4, 3, 1, 2)
    results = {"sat": _result("sat", [sol], True, "solved"),
               "cpsat": _result("cpsat", [sol], True, "solved"),
               "witness": _result("witness", [], False, "timeout")}
    verdict, solutions, evidence = reconcile(puzzle, results)
    assert verdict is Verdict.UNKNOWN and solutions == (sol,)
    assert evidence == ["witness stopped by the time limit; sat and cpsat agree: unique"]
    results["sat"] = _result("sat", [], False, "timeout")
    assert reconcile(puzzle, results)[2] == [
        "sat and witness stopped by the time limit; cpsat says unique"]


def test_a_false_none_beside_a_time_limit_is_a_disagreement():
    """As on the classic side: a paradigm that says none while another found a valid
    solution is a bug, whether or not a third was stopped by the time limit."""
    puzzle = m.VariantPuzzle(4, constraints=(m.Thermometer((0, 1, 2, 3)),))
    sol = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    results = {"sat": _result("sat", [sol], False, "timeout"),
               "cpsat": _result("cpsat", [], True, "solved"),
               "witness": _result("witness", [], False, "timeout")}
    verdict, _, evidence = reconcile(puzzle, results)
    assert verdict is Verdict.DISAGREE and evidence == ["cpsat says none, but sat found a valid solution"]


def test_check_shows_the_line_and_exits_4(capsys, monkeypatch):
    pytest.importorskip("pysat")
    pytest.importorskip("ortools")
    from sudoku_cp.variants import witness

    def stopped(puzzle, *, limit=2, time_limit=None, stop=None):
        return VariantResult("witness", [], False, "timeout", {}, time_limit or 0.0)

    monkeypatch.setattr(witness, "solve", stopped)
    code = main(["check", "--backends", "sat,cpsat,witness", "--time-limit", "5",
                 ".Thermo~R1C1~R1C2~R1C3~R1C4.~R2C2_4~R3C2_1~R4C3_1.Shape~4x4"])
    out = capsys.readouterr().out
    assert code == 4
    assert ": UNKNOWN  [sat solved in" in out
    assert "  witness stopped by the time limit; sat and cpsat agree: unique\n" in out
