"""The checker of a chaos construction searches a grid's splits once per grid, not once
per clue (``rules_chaos._fits``): on iss-examples-50 (21 clues) the 22 searches of one
grid took ~1 s of the parent's time after the last answer of a check at once.

The verdicts stay those of one search per clue: a grid that breaks a clue is still named
by the construction and by each clue, and one that fits still passes.
"""

from __future__ import annotations

from sudoku_cp.variants import model as m
from sudoku_cp.variants import rules_chaos
from sudoku_cp.variants.rules import check_solution

ROWS = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)  # (rows are one split of it)


def _puzzle(*clues):
    return m.VariantPuzzle(4, box=None, constraints=(m.ChaosConstruction(), *clues))


def _counting(monkeypatch):
    calls = []
    search = rules_chaos.fitting_splits

    def counted(p, v):
        calls.append(v)
        return search(p, v)

    monkeypatch.setattr(rules_chaos, "fitting_splits", counted)
    rules_chaos._fits_grid.cache_clear()
    return calls


def test_one_search_for_the_construction_and_all_its_clues(monkeypatch):
    calls = _counting(monkeypatch)
    # R1C1's region holds 4 of R1C1-R1C4 (the top row is a region), as R1C4 says; R2C1's
    # holds 2 of R2C1-R2C2, as R2C4 says
    clues = [m.ChaosCount(3, (0, 1, 2, 3)), m.ChaosCount(7, (4, 5)),
             m.ChaosSame((0, 1), 1)]
    assert check_solution(_puzzle(*clues), ROWS) == []
    assert len(calls) == 1


def test_a_broken_clue_is_still_named_by_each_clue_and_the_construction(monkeypatch):
    calls = _counting(monkeypatch)
    # no split puts R1C1 and R4C4 (both 1) in one region
    clues = [m.ChaosSame((0, 15), 1), m.ChaosCount(0, (0, 1), 0)]
    broken = check_solution(_puzzle(*clues), ROWS)
    assert len(broken) == 3
    assert broken[0].startswith("chaos_construction")
    assert [b.split()[0] for b in broken[1:]] == ["chaos_same", "chaos_count"]
    assert len(calls) == 1


def test_a_grid_given_as_a_list_is_checked_too(monkeypatch):
    calls = _counting(monkeypatch)  # (the generator hands the checks lists)
    p = _puzzle(m.ChaosCount(3, (0, 1, 2, 3)))
    assert list(rules_chaos._clue(p, list(ROWS), p.constraints[1])) == []
    assert list(rules_chaos._chaos_construction(p, list(ROWS), p.constraints[0])) == []
    assert len(calls) == 1


def test_another_grid_is_searched_again(monkeypatch):
    calls = _counting(monkeypatch)
    p = _puzzle(m.ChaosCount(3, (0, 1, 2, 3)))
    columns = tuple(ROWS[c * 4 + r] for r in range(4) for c in range(4))
    check_solution(p, ROWS)
    check_solution(p, columns)
    check_solution(p, ROWS)
    assert len(calls) == 2
