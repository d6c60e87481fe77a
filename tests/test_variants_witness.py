"""The handwritten witness on real variant puzzles, and its edges.

The sample (tests/data/variants_witness_sample.jsonl) is 20 puzzles copied from the
shared variant sets, each line keeping its ``source``: 14 ISS examples
(sigh/Interactive-Sudoku-Solver, data/example_puzzles.js, MIT) and 6 f-puzzles from
dclamage/SudokuSolver's test suite (SudokuTests/Puzzles.cs, GPL-3.0). Together they cover
thermometers, between and lockout lines, palindromes, modular lines with cages, double and
pill arrows, dots with XV, greater-than, sandwich, skyscraper, quadruples, a jigsaw, a 6x6,
little killers, anti-king, irregular regions, zipper lines, maximum cells and the negative
dot rule.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_cp.variants import model as m
from sudoku_cp.variants import witness
from sudoku_cp.variants.fpuzzles import parse_fpuzzles
from sudoku_cp.variants.iss import parse_iss
from sudoku_cp.variants.paradigms import UnsupportedConstraint
from sudoku_cp.variants.rules import check_solution

SAMPLE = [json.loads(line) for line in
          (Path(__file__).parent / "data" / "variants_witness_sample.jsonl").read_text().splitlines()]


def _puzzle(record):
    return (parse_iss if record["format"] == "iss" else parse_fpuzzles)(record["puzzle"])


def test_the_sample_notes_its_sources():
    assert len(SAMPLE) == 20
    assert all(r["source"].startswith(("sigh/", "dclamage/")) for r in SAMPLE)


@pytest.mark.parametrize("record", SAMPLE, ids=[r["id"] for r in SAMPLE])
def test_the_witness_finds_the_stated_solution_and_only_it(record):
    puzzle = _puzzle(record)
    assert check_solution(puzzle, record["cells"]) == []  # the sample itself is right
    r = witness.solve(puzzle, limit=2, time_limit=60)
    assert r.status == "solved" and r.exhausted, r.status
    assert [list(s) for s in r.solutions] == [record["cells"]]
    assert check_solution(puzzle, r.solutions[0]) == []
    assert r.stats["nodes"] >= 1 and r.paradigm == "witness"


def _thermo_4x4(**kw):
    return m.VariantPuzzle(4, constraints=(m.Thermometer((0, 1, 2, 3)),), **kw)


def test_several_solutions_stop_at_the_limit():
    r = witness.solve(_thermo_4x4(), limit=2)
    assert r.count == 2 and not r.exhausted and r.status == "limit"
    assert all(check_solution(_thermo_4x4(), s) == [] for s in r.solutions)


def test_every_solution_of_a_small_puzzle():
    # A 4x4 row thermometer forces 1 2 3 4 in row 1; relabelling values maps the 288
    # grids evenly onto the 24 first rows, so 12 grids complete it.
    r = witness.solve(_thermo_4x4(), limit=100)
    assert r.exhausted and r.count == 12
    assert len(set(r.solutions)) == 12


def test_clashing_rules_give_no_solution():
    puzzle = _thermo_4x4(givens=((0, 2),))  # the bulb must be 1
    r = witness.solve(puzzle)
    assert r.count == 0 and r.exhausted and r.status == "solved"


def test_a_cage_no_set_of_distinct_values_reaches_has_no_solution():
    puzzle = m.VariantPuzzle(4, constraints=(m.KillerCage((0, 1), 8),))  # 4 + 4 only
    r = witness.solve(puzzle)
    assert r.count == 0 and r.exhausted


def test_a_time_limit_stops_the_search():
    puzzle = m.VariantPuzzle(16)  # an empty 16x16 board: solutions abound, search is long
    r = witness.solve(puzzle, limit=10**9, time_limit=0.2)
    assert r.status == "timeout" and not r.exhausted


def test_values_other_than_one_to_n():
    puzzle = m.VariantPuzzle(4, values=(0, 3), givens=((0, 0),),
                             constraints=(m.Thermometer((0, 1, 2, 3)),))
    r = witness.solve(puzzle, limit=100)
    assert r.exhausted and r.count == 12
    assert all(s[:4] == (0, 1, 2, 3) for s in r.solutions)


@pytest.mark.parametrize("puzzle, name", [
    (m.VariantPuzzle(4, box=None, constraints=(m.DisjointGroups(),)), "disjoint_groups"),
    (m.VariantPuzzle(4, box=None, constraints=(m.RegionSumLine((0, 1)),)), "region_sum_line"),
    (m.VariantPuzzle(4, values=(1, 5), constraints=(m.Sandwich((0, 1, 2, 3), 2),)), "sandwich"),
    (m.VariantPuzzle(4, constraints=(m.Entropic((0, 1, 2)),)), "entropic"),
])
def test_a_use_it_cannot_propagate_is_declined_by_name(puzzle, name):
    with pytest.raises(UnsupportedConstraint, match=f"unsupported constraint {name}"):
        witness.solve(puzzle)


def test_every_model_type_has_a_builder():
    from sudoku_cp.variants.witness_build import BUILDERS
    assert set(BUILDERS) == set(m.TYPES)


def test_an_unknown_type_is_declined_by_name(monkeypatch):
    from sudoku_cp.variants import witness_build
    monkeypatch.delitem(witness_build.BUILDERS, "thermometer")
    with pytest.raises(UnsupportedConstraint, match="unsupported constraint thermometer"):
        witness.solve(_thermo_4x4())
