"""``solve --count`` on a variant puzzle streams: each paradigm hands its solutions to a
``Tally`` that checks and counts them and keeps one, never the whole list."""

from __future__ import annotations

import json

import pytest

from sudoku_cp.errors import MissingDependencyError
from sudoku_cp.variants import model as m
from sudoku_cp.variants.paradigms import VariantResult, get_paradigm
from sudoku_cp.variants.tally import Tally

#: 4x4 with a thermometer and one given: several dozen solutions.
DRAFT = m.VariantPuzzle(4, box=(2, 2), givens=((15, 4),), constraints=(m.Thermometer((0, 1)),))
DRAFT_ISS = ".Thermo~R1C1~R1C2.~R4C4_4.Shape~4x4"
EMPTY = m.VariantPuzzle(4, box=(2, 2))  # 288 solutions


def _available(name):
    try:
        get_paradigm(name)(m.VariantPuzzle(4), limit=1)
    except MissingDependencyError as exc:
        return pytest.param(name, marks=pytest.mark.skip(reason=str(exc)))
    return name


@pytest.mark.parametrize("name", [_available(n) for n in ("sat", "cpsat", "witness", "fast", "mip")])
def test_every_paradigm_counts_into_a_tally_keeping_one(name):
    solve = get_paradigm(name)
    listed = solve(DRAFT, limit=10**6)
    tally = Tally(DRAFT)
    counted = solve(DRAFT, limit=10**6, into=tally)
    assert counted.solutions is tally and counted.exhausted
    assert len(tally) == tally.valid == len(listed.solutions) and not tally.bad
    assert len(tally.kept) == 1 and tally.first in listed.solutions
    capped = solve(EMPTY, limit=100, into=Tally(EMPTY))  # the limit still stops it
    assert len(capped.solutions) == 100 and not capped.exhausted


def test_the_classic_road_of_fast_counts_into_a_tally_too():
    pytest.importorskip("numba")
    tally = Tally(EMPTY)
    assert get_paradigm("fast")(EMPTY, limit=10**6, into=tally).exhausted
    assert tally.valid == 288 and len(tally.kept) == 1


def test_solve_count_says_the_count_and_a_planted_bad_grid(capsys, monkeypatch):
    from sudoku_cp.cli.app import main
    from sudoku_cp.variants import witness
    from sudoku_cp.variants.formats import read_entry

    every = get_paradigm("sat")(read_entry(DRAFT_ISS).puzzle, limit=10**6).solutions
    assert main(["solve", DRAFT_ISS, "--count", "--backend", "witness", "--json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert len(every) > 2 and rec["count"] == str(len(every)) and rec["count_is"] == "exact" and rec["solutions"] == []
    assert rec["solution"] is not None

    def liar(puzzle, limit=2, time_limit=None, into=None, **kw):
        into.append((1,) * 16)
        return VariantResult("witness", into, True)

    monkeypatch.setattr(witness, "solve", liar)
    main(["solve", DRAFT_ISS, "--count", "--backend", "witness", "--json"])
    rec = json.loads(capsys.readouterr().out)
    assert rec["verdict"] == "disagree" and "witness returned a non-solution: " in rec["evidence"][0]
