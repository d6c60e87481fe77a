"""Non-square grids (ISS's ``Shape~RxC``, issue 37): ISS's own puzzles read and solved to
the solution ISS states, every paradigm against plain enumeration on tiny grids, ISS's
box shapes, the round trip through ``iss_write`` and JSON, and the refusals by name.
"""

from __future__ import annotations

import importlib.util
from itertools import product

import pytest

from sudoku_cp.errors import PuzzleError
from sudoku_cp.variants import model as m
from sudoku_cp.variants.iss import read_iss
from sudoku_cp.variants.iss_shape import box_shape, boxes
from sudoku_cp.variants.iss_write import write_iss
from sudoku_cp.variants.paradigms import PARADIGMS, UnsupportedConstraint, solve
from sudoku_cp.variants.rules import check_solution

PRESENT = [name for name, module in PARADIGMS.items() if importlib.util.find_spec(module)]

# Copied from ISS (sigh's Interactive Sudoku Solver): data/collections.js,
# EXAMPLE_NON_RECTANGULAR_GRIDS, and data/example_puzzles.js ("Answers on a Postcard",
# https://sudokupad.app/wxge3tm0qt); each with the solution ISS states (past 9 values it
# writes letters, A for 1: "CFAJ" is 3, 6, 1, 10).
ISS_PUZZLES = {
    "6x8 plain": (
        ".Shape~6x8.~R1C1_1~R3C3_2~R4C6_3~R6C8_4~R1C5_5~R6C2_6~R2C7_7~R5C4_8~R3C5_1~R5C2_2"
        "~R3C1_3~R1C6_4~R5C7_5~R3C8_6~R6C5_7~R1C3_8~R4C2_1~R1C8_2~R5C8_3~R3C2_5~R6C3_1~R2C3_4",
        "178654322345867135241786816723454278615356137824"),
    "4x7 jigsaw": (
        ".Shape~4x7.Jigsaw~1222222111113244441334443333.~R2C4_2~R3C6_3~R4C5_4~R3C1_5~R4C3_6"
        "~R1C7_7~R4C7_5~R1C1_3~R1C5_6~R2C2_1",
        "3425617614257352147367361425"),
    "4x6 skyscraper": (
        ".Shape~4x6.Skyscraper~C1~1~4.Skyscraper~C2~2~3.Skyscraper~C3~3~.Skyscraper~C4~3~2"
        ".Skyscraper~C5~2~.Skyscraper~C6~1~.Skyscraper~R4~4~",
        "531246462315346521125463"),
    "9x8 boxless": (
        ".Shape~9x8.~R1C1_1~R3C3_2~R6C4_3~R4C6_4~R8C7_5~R8C2_6~R2C5_7~R9C8_8~R5C2_9~R1C7_2"
        "~R9C5_9~R9C1_6~R3C7_7~R2C8_3~R4C1_2~R7C3_1~R7C6_9~R5C7_8~R4C4_5~R6C8_5~R1C3_8~R7C2_4"
        "~R6C1_8~R8C4_8~R9C3_5~R3C5_6~R2C2_5~R7C8_2~R5C5_4~R1C4_4~R8C5_1~R4C3_3~R4C8_6",
        "138456279546781338296574213584967962438187932145541739624678125962519738"),
    "5x10 killer": (
        ".Shape~5x10.Cage~16~R1C8~R1C9~R2C9.Cage~34~R2C1~R3C1~R4C1~R5C1.Cage~3~R1Ca~R2Ca"
        ".Cage~4~R5C6~R5C7.Cage~7~R2C2~R3C2~R3C3.Cage~13~R3C4~R4C4.Cage~20~R5C4~R5C5~R4C5"
        ".Cage~20~R4C2~R4C3~R5C2~R5C3.Cage~12~R1C2~R1C3~R2C3.Cage~21~R4C7~R4C6~R3C6~R2C6"
        ".Cage~20~R3Ca~R4Ca~R5Ca.Cage~10~R3C8~R3C9.Cage~12~R4C8~R5C9~R5C8.Cage~11~R1C7~R2C7"
        ".Cage~34~R1C4~R1C5~R2C5~R3C5~R2C4",
        "CFAJDIGHEBHBEIFGDJCAJADGECFBHIGECFHBIAJDIDHBJACEFG"),
    "6x9 postcard": (
        ".Shape~6x9.Whisper~5~R2C4~R2C5.Whisper~5~R3C5~R4C6~R4C5~R4C4~R5C5"
        ".Indexing~C~R1C5~R2C5~R3C5~R4C5~R5C5~R6C5.Indexing~C~R1C1~R2C1~R3C1.AntiKnight",
        "762894135438165729159723864215938647876541293943672581"),
    "6x8 from 0": (  # the 6x8 plain with values 0..7 (ISS's "0-indexed: 6x8 Plain")
        ".Shape~6x8~0-7.~R1C1_0~R3C3_1~R4C6_2~R6C8_3~R1C5_4~R6C2_5~R2C7_6~R5C4_7~R3C5_0~R5C2_1"
        "~R3C1_2~R1C6_3~R5C7_4~R3C8_5~R6C5_6~R1C3_7~R4C2_0~R1C8_1~R5C8_2~R3C2_4~R6C3_0~R2C3_3",
        "067543211234756024130675705612343167504245026713"),
}


def stated(text):
    if text.isdigit():
        return tuple(int(ch) for ch in text)
    return tuple(ord(ch) - ord("A") + 1 for ch in text)


@pytest.mark.parametrize("name", sorted(ISS_PUZZLES))
def test_iss_non_square_puzzles_solve_to_the_stated_solution(name):
    text, solution = ISS_PUZZLES[name]
    p = read_iss(text).puzzle
    want = stated(solution)
    assert p.cols != p.size and len(want) == p.num_cells
    assert check_solution(p, want) == []
    for paradigm in PRESENT:
        r = solve(p, paradigm, limit=2, time_limit=60)
        assert r.exhausted and r.solutions == [want], paradigm


def test_the_checker_reads_rows_columns_and_boxes_of_a_non_square_grid():
    p = read_iss(ISS_PUZZLES["6x8 plain"][0]).puzzle
    good = list(stated(ISS_PUZZLES["6x8 plain"][1]))
    assert [len(h) for h in p.houses()] == [8] * 6 + [6] * 8 + [8] * 6
    assert p.regions[0] == (0, 1, 2, 3, 8, 9, 10, 11)  # ISS's 2x4 boxes
    plain = m.VariantPuzzle(6, cols=8, regions=p.regions)
    assert check_solution(plain, good) == []
    bad = good[:]
    bad[1] = bad[0]  # R1C2 repeats R1C1: its row and box break
    assert [why for why in check_solution(plain, bad) if "R1C1 and R1C2" in why]


@pytest.mark.parametrize("rows,cols,k,want", [
    (6, 8, 8, (2, 4)), (8, 6, 8, (4, 2)), (5, 10, 10, (5, 2)), (4, 6, 6, (2, 3)),
    (6, 9, 9, (3, 3)), (4, 7, 7, None), (9, 8, 9, None), (9, 9, 9, (3, 3)), (6, 6, 6, (2, 3))])
def test_box_shapes_are_iss_s(rows, cols, k, want):
    """ISS's ``CellGeometry.boxDimsForSize``: the most square shape, fewer rows first."""
    assert box_shape(rows, cols, k) == want
    tiles = boxes(rows, cols, k)
    if want:
        assert sorted(x for b in tiles for x in b) == list(range(rows * cols))
        assert all(len(b) == k for b in tiles)
    else:
        assert tiles == ()


def _count(p):
    """Every grid of ``p`` by plain enumeration, kept by the checker."""
    lo, hi = p.values
    return sorted(g for g in product(range(lo, hi + 1), repeat=p.num_cells)
                  if not check_solution(p, g))


TINY = [
    m.VariantPuzzle(2, cols=3),
    m.VariantPuzzle(3, cols=2, givens=((0, 2),)),
    m.VariantPuzzle(2, cols=3, values=(1, 4), constraints=(m.AntiKing(),)),
    m.VariantPuzzle(2, cols=4, constraints=(m.AntiKnight(),), givens=((0, 1),)),
    m.VariantPuzzle(3, cols=2, values=(1, 5), constraints=(m.NonConsecutive(),)),
    m.VariantPuzzle(2, cols=3, values=(1, 4), constraints=(m.Thermometer((0, 1, 2)),)),
    m.VariantPuzzle(2, cols=4, regions=boxes(2, 4, 4), constraints=(m.Minimum((1,)),)),
    m.VariantPuzzle(3, cols=2, constraints=(m.Sandwich((0, 2, 4), 0), m.Maximum((5,)))),
]


@pytest.mark.parametrize("i", range(len(TINY)))
def test_paradigms_find_exactly_the_checker_s_grids_on_tiny_non_square_grids(i):
    p = TINY[i]
    want = _count(p)
    assert want, "a test grid with no solution tests little"
    for paradigm in PRESENT:
        r = solve(p, paradigm, limit=10_000, time_limit=60)
        assert r.exhausted and sorted(r.solutions) == want, paradigm


@pytest.mark.parametrize("name", sorted(ISS_PUZZLES))
def test_iss_write_round_trips_a_non_square_puzzle(name):
    p = read_iss(ISS_PUZZLES[name][0]).puzzle
    text = write_iss(p)
    assert text.startswith(f".Shape~{p.size}x{p.cols}")
    assert read_iss(text).puzzle == p
    assert m.VariantPuzzle.from_json(p.to_json()) == p


def test_a_non_square_grid_with_no_boxes_or_with_region_size():
    p = read_iss(".Shape~6x8.NoBoxes.~R1C1_1")
    assert p.puzzle.regions is None and len(p.puzzle.houses()) == 14
    assert write_iss(p.puzzle).startswith(".Shape~6x8.NoBoxes")
    q = read_iss(".Shape~6x8.RegionSize~6.~R1C1_1").puzzle  # 2x3 boxes, 6 cells
    assert {len(r) for r in q.regions} == {6} and read_iss(write_iss(q)).puzzle == q


@pytest.mark.parametrize("item,name", [
    ("LittleKiller~10~R1C1", "LittleKiller"), ("Windoku", "Windoku"),
    ("Diagonal~1", "Diagonal"), ("DisjointSets", "DisjointSets"),
    ("ChaosConstruction", "ChaosConstruction"), ("GlobalMod", "GlobalMod")])
def test_rules_read_from_a_square_grid_are_refused_by_name(item, name):
    with pytest.raises(UnsupportedConstraint) as err:
        read_iss(f".Shape~6x9.{item}")
    assert name in str(err.value) and "non-square" in str(err.value)


def test_the_model_refuses_a_whole_grid_rule_on_a_non_square_grid():
    with pytest.raises(PuzzleError, match="square"):
        m.VariantPuzzle(4, cols=6, constraints=(m.Diagonal(1),))
    with pytest.raises(PuzzleError, match="regions"):
        m.VariantPuzzle(4, cols=6, box=(2, 3))


@pytest.mark.parametrize("i", range(len(TINY)))
def test_fast_finds_exactly_the_checker_s_grids_on_tiny_non_square_grids(i):
    """``fast`` takes non-square grids since issue 38 (it declined them before)."""
    pytest.importorskip("numba")
    p = TINY[i]
    r = solve(p, "fast", limit=10_000, time_limit=60)
    assert r.exhausted and sorted(r.solutions) == _count(p)
