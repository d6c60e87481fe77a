"""The ``fast`` variant paradigm: houses only by the compiled classic solver, the rest by
``fastvar`` (its own property tests: ``test_variants_fastvar.py``).

Its answers are compared with plain enumeration of all 288 4x4 grids filtered by the
independent checker (``rules.py``), on houses-only variants; a type neither path takes
is declined by name; the cross-check says when it ran and when it did not.
"""

from __future__ import annotations

import itertools
import random

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import fast  # noqa: E402
from sudoku_cp.variants.crosscheck import crosscheck  # noqa: E402
from sudoku_cp.variants.model import (AntiKing, AntiKnight, ConnectedValues,  # noqa: E402
                                      Diagonal, DisjointGroups, ExtraRegion, KillerCage,
                                      Thermometer, VariantPuzzle)
from sudoku_cp.variants.paradigms import UnsupportedConstraint  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402


def _latin_4x4():
    """Every 4x4 Latin square (576), by plain enumeration."""
    out = []
    for rows in itertools.product(itertools.permutations(range(1, 5)), repeat=4):
        grid = [v for row in rows for v in row]
        if all(len({grid[r * 4 + c] for r in range(4)}) == 4 for c in range(4)):
            out.append(tuple(grid))
    return out


LATIN = _latin_4x4()
HOUSES = [Diagonal(1), Diagonal(-1), AntiKing(), AntiKnight(), ExtraRegion((0, 5, 10, 15)),
          ExtraRegion((1, 6, 11))]


@pytest.mark.parametrize("seed", range(16))
def test_fast_finds_exactly_the_grids_enumeration_finds(seed):
    rng = random.Random(seed)
    kind = rng.choice(["boxes", "latin", "regions"])
    extra = {"box": None} if kind == "latin" else {}
    if kind == "regions":
        extra = {"regions": ((0, 1, 4, 8), (2, 3, 7, 11), (5, 6, 9, 10), (12, 13, 14, 15))}
    constraints = tuple(rng.sample(HOUSES, rng.randint(0, 2)))
    grid = rng.choice([g for g in LATIN if not check_solution(
        VariantPuzzle(4, constraints=constraints, **extra), g)] or [None])
    givens = () if grid is None else tuple(
        (c, grid[c]) for c in range(16) if rng.random() < 0.25)
    puzzle = VariantPuzzle(4, givens=givens, constraints=constraints, **extra)
    truth = sorted(g for g in LATIN if not check_solution(puzzle, g))
    r = fast.solve(puzzle, limit=len(truth) + 1)
    assert r.exhausted and sorted(r.solutions) == truth


@pytest.mark.parametrize("seed", range(8))
def test_houses_with_values_shifted_go_the_classic_path_and_find_what_enumeration_finds(seed):
    # values lo..lo+3 (ISS's 0-indexed puzzles: lo = 0): the classic solver works in 1..4,
    # the givens go in shifted and the solutions come back shifted
    rng = random.Random(seed)
    lo = rng.choice([0, 0, -2, 5])
    constraints = tuple(rng.sample(HOUSES, rng.randint(0, 2)))
    extra = {"box": None} if seed % 3 == 0 else {}
    grids = [tuple(v + lo - 1 for v in g) for g in LATIN]
    shifted = VariantPuzzle(4, values=(lo, lo + 3), constraints=constraints, **extra)
    grid = rng.choice([g for g in grids if not check_solution(shifted, g)] or [None])
    givens = () if grid is None else tuple(
        (c, grid[c]) for c in range(16) if rng.random() < 0.3)
    puzzle = VariantPuzzle(4, values=(lo, lo + 3), givens=givens, constraints=constraints,
                           **extra)
    assert fast._board_or_none(puzzle) is not None  # (the classic path, not fastvar)
    truth = sorted(g for g in grids if not check_solution(puzzle, g))
    r = fast.solve(puzzle, limit=len(truth) + 1)
    assert r.exhausted and sorted(r.solutions) == truth and (grid is None or grid in truth)


def test_fast_declines_other_rules_by_name():
    with pytest.raises(UnsupportedConstraint, match="connected_values"):
        fast.solve(VariantPuzzle(4, constraints=(KillerCage((0, 1), 3),
                                                 ConnectedValues((1, 2)))))
    with pytest.raises(UnsupportedConstraint, match="values"):
        fast.solve(VariantPuzzle(4, values=(0, 62)))


def test_fast_takes_other_rules_and_value_ranges_by_the_variant_engine():
    puzzle = VariantPuzzle(4, values=(0, 3), givens=((0, 0),), constraints=(KillerCage((0, 1), 1),))
    r = fast.solve(puzzle, limit=300)
    assert r.exhausted and r.count == 24  # R1C2 is 1: 288 / (4 x 3) grids left
    assert not any(check_solution(puzzle, s) for s in r.solutions)


@pytest.mark.parametrize("rule", HOUSES + [DisjointGroups()], ids=lambda c: c.TYPE)
def test_house_types_lists_every_type_the_classic_path_takes(rule):
    # (``solve`` sends any other type to ``fastvar`` without asking ``board_of``)
    puzzle = VariantPuzzle(4, constraints=(rule,))
    assert rule.TYPE in fast.HOUSE_TYPES
    assert fast.board_of(puzzle) is not None and fast._board_or_none(puzzle) is not None


@pytest.mark.parametrize("rule", [KillerCage((0, 1), 3), Thermometer((0, 1, 2)),
                                  ConnectedValues((1, 2))], ids=lambda c: c.TYPE)
def test_other_types_skip_the_classic_path(rule):
    puzzle = VariantPuzzle(4, constraints=(Diagonal(1), rule))
    assert rule.TYPE not in fast.HOUSE_TYPES and fast._board_or_none(puzzle) is None
    with pytest.raises(UnsupportedConstraint, match=rule.TYPE):
        fast.board_of(puzzle)


def test_crosscheck_says_whether_fast_ran():
    houses = VariantPuzzle(4, givens=((0, 1), (5, 3), (10, 1), (15, 3), (2, 2)),
                           constraints=(Diagonal(-1),))
    # a default check runs fast once both its engines are compiled here (else it says why
    # not: test_a_default_variant_check_without_compiled_code_says_it_...): compile them
    # now, not by relying on an earlier test of this worker
    fast.solve(houses)
    fast.solve(VariantPuzzle(4, constraints=(KillerCage((0, 1), 3),)))
    report = crosscheck(houses)
    assert "fast" in report.ran and "fast" not in report.not_run
    cage = VariantPuzzle(4, givens=((0, 1),), constraints=(KillerCage((1, 2), 7),
                                                           ConnectedValues((1, 2))))
    report = crosscheck(cage)
    assert "fast" in report.not_run and "connected_values" in report.not_run["fast"]
    assert len(report.ran) == 3


def test_board_of_keeps_a_geometry_only_for_the_puzzles_that_give_it():
    # puzzles that differ in one field ``extra_houses`` or the geometry reads each: every
    # one, asked after every other (warm), gets the geometry it gets cold
    regions_a = ((0, 1, 4, 5), (2, 3, 6, 7), (8, 9, 12, 13), (10, 11, 14, 15))
    regions_b = ((0, 1, 4, 8), (2, 3, 7, 11), (5, 6, 9, 10), (12, 13, 14, 15))
    puzzles = [VariantPuzzle(4), VariantPuzzle(4, box=None), VariantPuzzle(4, regions=regions_a),
               VariantPuzzle(4, regions=regions_b), VariantPuzzle(4, constraints=(Diagonal(1),)),
               VariantPuzzle(4, constraints=(Diagonal(-1),)),
               VariantPuzzle(4, constraints=(AntiKing(),)), VariantPuzzle(4, constraints=(AntiKnight(),)),
               VariantPuzzle(4, constraints=(ExtraRegion((0, 5, 10)),)),
               VariantPuzzle(4, constraints=(ExtraRegion((0, 5, 11)),)),
               VariantPuzzle(4, constraints=(DisjointGroups(),)),
               VariantPuzzle(6, box=(2, 3)), VariantPuzzle(6, box=(3, 2)),
               VariantPuzzle(6, box=(2, 3), constraints=(DisjointGroups(),)),
               VariantPuzzle(6, box=(3, 2), constraints=(DisjointGroups(),))]
    cold = []
    for p in puzzles:
        fast._GEOMETRIES.clear()
        cold.append(fast.board_of(p).geometry)
    assert len(set(cold)) == len(puzzles)  # (each field read makes a geometry of its own)
    for a, b in itertools.permutations(range(len(puzzles)), 2):
        fast._GEOMETRIES.clear()
        fast.board_of(puzzles[a])
        assert fast.board_of(puzzles[b]).geometry == cold[b]
    declined = VariantPuzzle(4, regions=regions_b, constraints=(DisjointGroups(),))
    for _ in range(2):  # (a declined puzzle is declined again, nothing kept of it)
        with pytest.raises(UnsupportedConstraint):
            fast.board_of(declined)
    fast.board_of(puzzles[0])
    assert fast.board_of(VariantPuzzle(4, givens=((0, 1),))).geometry is fast.board_of(
        puzzles[0]).geometry  # (the givens are no part of it: kept)


@pytest.mark.parametrize("puzzle", [
    VariantPuzzle(4), VariantPuzzle(4, box=None), VariantPuzzle(4, values=(1, 4)),
    VariantPuzzle(4, values=(0, 3)), VariantPuzzle(4, values=(2, 5)), VariantPuzzle(4, values=(1, 5)),
    VariantPuzzle(2, cols=3, values=(1, 3)), VariantPuzzle(3, cols=2, values=(1, 3)),
    VariantPuzzle(4, extra=("a",)), VariantPuzzle(4, raw=True),
    VariantPuzzle(4, constraints=(Diagonal(1),)), VariantPuzzle(4, values=(0, 3), constraints=(Diagonal(1),))],
    ids=lambda p: f"{p.shape_name}-{p.values[0]}..{p.values[1]}-extra{len(p.extra)}-raw{int(p.raw)}-"
                  f"{len(p.constraints)}rules")
def test_the_classic_path_is_skipped_exactly_where_board_of_refuses(puzzle, monkeypatch):
    # ``_board_or_none`` reads the shape, values and rule types itself: the answer of
    # ``board_of``, without asking it (its refusal, an exception, cost 10 us a solve)
    try:
        fast.board_of(puzzle)
    except UnsupportedConstraint:
        refused = True
    else:
        refused = False
    asked = []
    board_of = fast.board_of
    monkeypatch.setattr(fast, "board_of", lambda p: asked.append(p) or board_of(p))
    assert (fast._board_or_none(puzzle) is None) == refused
    assert len(asked) == (0 if refused else 1)


def _jigsaw_16(rng):
    """A 16x16 grid (a pattern solution) and irregular regions it satisfies: the 4x4
    boxes, then cells of equal value swapped between boxes side by side (each box keeps
    every value once)."""
    grid = [(r * 4 + r // 4 + c) % 16 + 1 for r in range(16) for c in range(16)]
    boxes = [[r * 16 + c for r in range(br, br + 4) for c in range(bc, bc + 4)]
             for br in range(0, 16, 4) for bc in range(0, 16, 4)]
    for _ in range(40):
        a = rng.randrange(16)
        b = a + 1 if a % 4 < 3 else a - 1
        x = rng.choice(boxes[a])
        y = next((y for y in boxes[b] if grid[y] == grid[x]), None)
        boxes[a][boxes[a].index(x)], boxes[b][boxes[b].index(y)] = y, x
    return grid, tuple(tuple(sorted(b)) for b in boxes)


@pytest.mark.parametrize("seed", range(4))
def test_a_16x16_with_regions_goes_to_fastvar_and_agrees_with_the_classic_solver(seed):
    # (``CROSSING_SIZE``: fastvar's crossings beat the classic solver there; the two
    # engines must find the same solutions, and 9x9 or diagonals stay classic)
    rng = random.Random(seed)
    grid, regions = _jigsaw_16(rng)
    givens = tuple((c, grid[c]) for c in range(256) if rng.random() < 0.6)
    extra = {"regions": regions} if seed % 2 == 0 else {
        "constraints": (ExtraRegion(regions[rng.randrange(16)]),)}
    puzzle = VariantPuzzle(16, givens=givens, **extra)
    assert fast._crossing_regions(puzzle) and fast._board_or_none(puzzle) is None
    r = fast.solve(puzzle, limit=100)
    assert "runs" in r.stats  # (fastvar's counter: the classic solver has none)
    from sudoku_cp.backends.fast.backend import FastBackend

    classic = FastBackend().solve(fast.board_of(puzzle), limit=100)  # (values 1..16: no shift)
    assert r.exhausted and classic.exhausted and tuple(grid) in r.solutions
    assert sorted(r.solutions) == sorted(tuple(s) for s in classic.solutions)
    assert not any(check_solution(puzzle, s) for s in r.solutions)
    for same in (VariantPuzzle(9, regions=tuple(tuple(range(r * 9, r * 9 + 9)) for r in range(9))),
                 VariantPuzzle(16, givens=givens, constraints=(Diagonal(1),))):
        assert not fast._crossing_regions(same) and fast._board_or_none(same) is not None
