"""``variants.conflict``: the items of a puzzle with no solution that cannot hold together.

Each answer is judged by a second paradigm (``cpsat``; the search used ``sat``) and the
independent checker: the set alone has no solution, and, when it says minimal, every
set with one item fewer has a solution that ``rules.check_solution`` accepts.
"""

from __future__ import annotations

import dataclasses

import pytest

from sudoku_cp.variants.conflict import conflict, describe, items_of, sub_puzzle
from sudoku_cp.variants.generate import make_puzzle
from sudoku_cp.variants.model import KillerCage, Thermometer, VariantPuzzle
from sudoku_cp.variants.paradigms import solve
from sudoku_cp.variants.rules import check_solution


def broken_puzzles(kind, size, seeds):
    """Generated unique puzzles with one clue changed so that no grid fits them."""
    for seed in seeds:
        made = make_puzzle(seed, (kind,), size=size, verify=None)
        p = made.puzzle
        for k, c in enumerate(p.constraints):
            if getattr(c, "total", None):
                changed = dataclasses.replace(c, total=c.total + 1)
                q = dataclasses.replace(p, constraints=p.constraints[:k] + (changed,)
                                        + p.constraints[k + 1:])
                if solve(q, "cpsat", limit=1).count == 0:
                    yield q
                    break


@pytest.mark.parametrize("kind,size", [("killer", 4), ("killer", 6), ("little-killer", 6)])
def test_the_conflict_has_no_solution_and_each_item_is_needed(kind, size):
    seen = 0
    for p in broken_puzzles(kind, size, range(1, 6)):
        found = conflict(p, time_limit=30)
        assert found is not None and found.items and found.minimal
        alone = sub_puzzle(p, found.items)
        assert solve(alone, "cpsat", limit=1).count == 0  # a second paradigm agrees
        for item in found.items:
            rest = sub_puzzle(p, [i for i in found.items if i is not item])
            r = solve(rest, "cpsat", limit=1)
            assert r.count == 1 and check_solution(rest, r.solutions[0]) == [], item.text
        seen += 1
    assert seen >= 2


def test_a_puzzle_with_a_solution_has_no_conflict():
    p = VariantPuzzle(4, constraints=(Thermometer((0, 1, 2, 3)),))
    assert conflict(p) is None


def test_out_of_time_says_not_minimal():
    p = VariantPuzzle(4, givens=((0, 1), (1, 1)))
    calls = []

    def solvable(sub, seconds):  # settles the first call only, then "not settled"
        calls.append(sub)
        return False if len(calls) == 1 else None

    found = conflict(p, solvable=solvable)
    assert not found.minimal and len(found.items) == 2
    assert "a smaller set may exist" in found.sentence()


def test_items_are_named_for_a_setter():
    p = VariantPuzzle(4, givens=((5, 2),), constraints=(KillerCage((0, 1, 4), 7),
                                                        Thermometer((3, 7, 11, 15))))
    texts = [i.text for i in items_of(p, {"killer_cage": "Cage"})]
    assert texts == ["given 2 at R2C2", "Cage 7 at R1C1,R1C2,R2C1",
                     "thermometer at R1C4,R2C4,R3C4,R4C4"]
    assert describe(p, p.constraints[0]) == "killer cage 7 at R1C1,R1C2,R2C1"


NONE = ".Cage~7~R1C1~R1C2.Cage~7~R2C1~R2C2.Cage~7~R1C3~R2C3.~R1C1_4.Shape~4x4"


def test_check_names_the_conflict_in_the_record_and_on_screen(capsys):
    import json

    from sudoku_cp.cli import main

    assert main(["check", "--json", NONE]) == 1
    rec = json.loads(capsys.readouterr().out.splitlines()[0])
    assert rec["verdict"] == "none" and rec["conflict"]["minimal"]
    texts = [i["text"] for i in rec["conflict"]["items"]]
    assert texts == ["given 4 at R1C1", "Cage 7 at R2C1-R2C2"]  # ISS's own name: Cage
    assert rec["evidence"][-1].startswith("these cannot all hold: given 4 at R1C1")
    assert main(["check", NONE]) == 1
    assert "these cannot all hold" in capsys.readouterr().out


def test_clashing_givens_are_evidence_enough():
    from sudoku_cp.variants.formats import read_entry
    from sudoku_cp.variants.records import check_one

    rec = check_one(read_entry(".~R1C1_1~R1C2_1.Shape~4x4"), None, 10)
    assert rec["verdict"] == "none" and "conflict" not in rec
    assert any("twice in row 1" in e for e in rec["evidence"])


def test_the_page_check_names_the_conflict():
    pytest.importorskip("starlette")
    from sudoku_cp.gui import variant

    d = variant.check(NONE, None, 20.0)
    assert d["verdict"] == "none" and d["conflict"]["minimal"]
    assert {c for i in d["conflict"]["items"] for c in i["cells"]} == {0, 4, 5}
    assert d["conflict"]["sentence"].startswith("these cannot all hold")
