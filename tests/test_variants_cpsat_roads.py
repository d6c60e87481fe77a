"""``cpsat`` counts to two in one enumerating solve, and goes on one solve per solution
when the model's helper variables repeat a solution's cells (variants/cpsat.py).

Both roads must count as plain enumeration does: the 4x4 puzzles below are counted
against every grid the checker accepts, and each is run on both roads (the first road
alone, and the second forced from the start by ``REPEATS = -1``).
"""

from __future__ import annotations

import importlib.util
import random

import pytest

from sudoku_cp.variants import model as m
from sudoku_cp.variants.iss import parse_iss
from sudoku_cp.variants.rules import is_solution
from test_variants_sets import all_grids

pytestmark = pytest.mark.skipif(importlib.util.find_spec("ortools") is None,
                                reason="ortools is not installed")

#: From benchmarks/peers/iss_random.py, seed 18: a full rank clue with ties, connected
#: values and strict dots on a 4x4 jigsaw; its model's helper variables repeat the one
#: solution more than ``REPEATS`` times, so the enumeration stops and the second road
#: finds that no other solution exists.
REPEATING = (".Shape~4x4.Jigsaw~0011021302132233.FullRank~C1~~6.FullRankTies~any."
             "ConnectedValues~~4_1_3.StrictKropki.BlackDot~R1C1~R1C2.WhiteDot~R1C2~R1C3."
             "WhiteDot~R1C2~R2C2.WhiteDot~R1C4~R2C4.WhiteDot~R2C2~R2C3.WhiteDot~R2C2~R3C2."
             "BlackDot~R2C3~R2C4.BlackDot~R2C3~R3C3.WhiteDot~R2C4~R3C4.WhiteDot~R3C1~R3C2."
             "WhiteDot~R3C1~R4C1.BlackDot~R3C2~R3C3.WhiteDot~R3C3~R3C4.WhiteDot~R3C3~R4C3."
             "WhiteDot~R4C1~R4C2.WhiteDot~R4C3~R4C4.Quad~R1C2~2~4~1.Quad~R1C3~1.Quad~R1C1~4."
             "~R1C1_4~R3C1_3~R3C3_2~R3C4_1~R4C1_2~R4C4_4")


def _solve(puzzle, repeats=None, monkeypatch=None, **kw):
    from sudoku_cp.variants import cpsat

    if repeats is not None:
        monkeypatch.setattr(cpsat, "REPEATS", repeats)
    return cpsat.solve(puzzle, **kw)


def test_repeated_cells_send_the_search_down_the_second_road():
    from sudoku_cp.variants import cpsat

    puzzle = parse_iss(REPEATING)
    result = cpsat.solve(puzzle, limit=2)
    truth = [g for g in all_grids(puzzle) if is_solution(puzzle, g)]
    assert result.stats["repeats"] > cpsat.REPEATS and result.stats["solves"] >= 2
    assert result.exhausted and [tuple(s) for s in result.solutions] == [tuple(g) for g in truth]


def _random_puzzles(count, seed):
    """4x4 puzzles of a few givens and a cage or a thermometer, some with many solutions,
    some with one, some with none."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cells = rng.sample(range(16), rng.randint(0, 4))
        givens = tuple((c, rng.randint(1, 4)) for c in cells)
        a = rng.randrange(16)
        b = a + 1 if a % 4 < 3 else a - 1
        c = m.KillerCage((a, b), total=rng.randint(3, 7)) if rng.random() < 0.5 else \
            m.Thermometer((a, b))
        out.append(m.VariantPuzzle(4, givens=givens, constraints=(c,)))
    return out


def _counts_as_plain_enumeration(puzzle, repeats, monkeypatch):
    """Counted to two by the road ``repeats`` picks: the grids found are distinct solutions
    of the plain enumeration, as many as it has up to two, exhausted when it has fewer."""
    truth = [tuple(g) for g in all_grids(puzzle) if is_solution(puzzle, g)]
    result = _solve(puzzle, repeats, monkeypatch, limit=2)
    got = [tuple(s) for s in result.solutions]
    assert len(set(got)) == len(got) == min(2, len(truth))
    assert set(got) <= set(truth)
    assert result.exhausted == (len(truth) < 2)


@pytest.mark.parametrize("repeats", [None, -1], ids=["one enumeration", "solve by solve"])
def test_both_roads_count_as_plain_enumeration(repeats, monkeypatch):
    for puzzle in _random_puzzles(40, seed=38):
        _counts_as_plain_enumeration(puzzle, repeats, monkeypatch)


def test_a_time_limit_spent_is_a_timeout_not_an_answer(monkeypatch):
    from sudoku_cp.variants import cpsat

    monkeypatch.setattr(cpsat.time, "perf_counter", iter([0.0, 0.0] + [5.0] * 50).__next__)
    result = cpsat.solve(_random_puzzles(1, seed=1)[0], limit=2, time_limit=1.0)
    assert result.status == "timeout" and not result.exhausted


def test_the_solver_skips_the_extra_passes_and_an_encoding_still_has_the_last_word():
    """The solver each road makes turns off probing, the linear relaxation, symmetry and
    inprocessing (``PASSES_OFF``, off by measurement), and an encoding's own parameters come
    after them: one that asks for a relaxation gets it."""
    import time

    from sudoku_cp.variants import cpsat
    from sudoku_cp.variants.encode_cp import encode

    cp = encode(parse_iss(REPEATING))
    solver = cpsat._solver(cp, None, time.perf_counter(), {"solves": 0})
    for key, value in cpsat.PASSES_OFF.items():
        assert getattr(solver.parameters, key) == value, key
    assert solver.parameters.initial_polarity == type(solver.parameters).POLARITY_TRUE
    cp.parameters = {**cp.parameters, "linearization_level": 2}
    solver = cpsat._solver(cp, None, time.perf_counter(), {"solves": 0})
    assert solver.parameters.linearization_level == 2
    assert solver.parameters.cp_model_probing_level == 0


@pytest.mark.parametrize("polarity", ["POLARITY_TRUE", "POLARITY_FALSE"])
def test_either_first_value_counts_as_plain_enumeration(polarity, monkeypatch):
    """The value tried first on a decision (``POLARITY``, true by measurement) changes the
    search's order, never its answers: both count as the plain enumeration does, on both
    roads."""
    from sudoku_cp.variants import cpsat

    monkeypatch.setattr(cpsat, "POLARITY", polarity)
    for repeats in (None, -1):
        for puzzle in _random_puzzles(30, seed=27):
            _counts_as_plain_enumeration(puzzle, repeats, monkeypatch)
