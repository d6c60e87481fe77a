"""``reconcile`` asks the independent checker once for each distinct grid, and says the
same as when it asked once for each solver's grid (the verdicts and the evidence)."""

from __future__ import annotations

from collections import Counter

from sudoku_cp.reconcile import reconcile
from sudoku_cp.verdicts import Verdict

GOOD, OTHER, BAD = (1, 2), (2, 1), (1, 1)


def counting(bad=(BAD,)):
    asked = Counter()

    def fault(grid):
        asked[grid] += 1
        return "two equal values in a house" if grid in bad else None

    return fault, asked


def differ(a, b):
    return "r1c1"


def test_the_same_grid_from_every_solver_is_checked_once():
    fault, asked = counting()
    found = {name: [GOOD] for name in ("sat", "cpsat", "witness", "fast")}
    claims = {name: "unique" for name in found}
    assert reconcile(found, claims, fault, differ) == (Verdict.UNIQUE, (GOOD,), [])
    assert asked == Counter({GOOD: 1})


def test_distinct_grids_are_each_checked():
    fault, asked = counting()
    found = {"sat": [GOOD, OTHER], "cpsat": [OTHER, GOOD], "witness": [GOOD]}
    claims = {"sat": "multiple", "cpsat": "multiple", "witness": "unknown"}
    verdict, solutions, _ = reconcile(found, claims, fault, differ)
    assert verdict is Verdict.MULTIPLE and set(solutions) == {GOOD, OTHER}
    assert asked == Counter({GOOD: 1, OTHER: 1})


def test_a_rejected_grid_is_named_for_each_solver_that_returned_it():
    fault, asked = counting()
    found = {"sat": [BAD], "cpsat": [BAD], "witness": [GOOD]}
    claims = {name: "unique" for name in found}
    verdict, _, evidence = reconcile(found, claims, fault, differ)
    assert verdict is Verdict.DISAGREE
    assert evidence == ["sat returned a non-solution: two equal values in a house",
                        "cpsat returned a non-solution: two equal values in a house"]
    assert asked == Counter({BAD: 1, GOOD: 1})


def test_a_puzzle_checker_on_real_grids():
    """The variant cross-check's reconcile, on a shared puzzle: the stated solution from
    three paradigms is accepted (checked once), a grid with two cells swapped is not."""
    from sudoku_cp.variants import crosscheck as variant_crosscheck
    from sudoku_cp.variants.iss import parse_iss
    from sudoku_cp.variants.paradigms import VariantResult

    puzzle = parse_iss(".Thermo~R1C1~R1C2~R1C3")
    ok = variant_crosscheck.check_solution
    calls = []

    def spy(p, grid):
        calls.append(tuple(grid))
        return ok(p, grid)

    from sudoku_cp.variants.crosscheck import reconcile as variant_reconcile

    row = list(range(1, 10))
    grid = tuple(row[(r * 3 + r // 3) % 9:] + row[:(r * 3 + r // 3) % 9] for r in range(9))
    grid = tuple(v for line in grid for v in line)  # a valid grid, row 1 increasing
    swapped = (grid[1], grid[0]) + grid[2:]
    results = {n: VariantResult(n, [grid], True) for n in ("sat", "cpsat", "witness")}
    try:
        variant_crosscheck.check_solution = spy
        assert variant_reconcile(puzzle, results)[0] is Verdict.UNIQUE
        assert calls == [grid]
        results["witness"] = VariantResult("witness", [swapped], True)
        calls.clear()
        verdict, _, evidence = variant_reconcile(puzzle, results)
    finally:
        variant_crosscheck.check_solution = ok
    assert verdict is Verdict.DISAGREE and evidence[0].startswith("witness returned a non-solution")
    assert sorted(calls) == sorted([grid, swapped])
