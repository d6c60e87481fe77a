"""Extra cells beyond the grid (ISS's ``Var`` cells and Doppelganger's ``DGR``/``DGC``/``DGB``,
issue 37): ISS's own puzzles that use them solved to the solution ISS states, every
paradigm against plain enumeration on a tiny grid with extra cells, the round trips, the
sat solver's reuse across puzzles of different extra cells, and the refusals.
"""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from itertools import product
from pathlib import Path

import pytest

from sudoku_cp.errors import PuzzleError
from sudoku_cp.variants import model as m
from sudoku_cp.variants.iss import read_iss
from sudoku_cp.variants.iss_write import write_iss
from sudoku_cp.variants.paradigms import PARADIGMS, solve
from sudoku_cp.variants.rules import check_solution

PRESENT = [name for name, module in PARADIGMS.items() if importlib.util.find_spec(module)]
# Copied from ISS (sigh's Interactive Sudoku Solver), data/collections.js: each entry's
# input and the solution ISS states (the grid's cells only).
REAL = {d["name"]: d for d in map(json.loads, (Path(__file__).parent / "data" /
                                                "iss_extra_cells.jsonl").read_text().splitlines())}
SLOW_WITNESS = {"House of Cards", "Dutch-pelgänger [easier]"}  # (tens of seconds or more)


@pytest.mark.parametrize("name", sorted(REAL))
def test_iss_puzzles_with_extra_cells_solve_to_the_stated_grid(name):
    d = REAL[name]
    p = read_iss(d["puzzle"]).puzzle
    want = tuple(int(ch) for ch in d["solution"])
    assert p.extra and len(want) == p.grid_cells
    for paradigm in PRESENT:
        if paradigm == "witness" and name in SLOW_WITNESS:
            continue
        r = solve(p, paradigm, limit=2, time_limit=120)
        assert r.exhausted and len(r.solutions) == 1, paradigm
        assert r.solutions[0][:p.grid_cells] == want, paradigm
        assert check_solution(p, r.solutions[0]) == []


def test_doppelganger_s_cells_hold_what_each_house_misses():
    p = read_iss(REAL["Dutch-pelgänger [easier]"]["puzzle"]).puzzle
    s = solve(p, "sat", limit=1, time_limit=120).solutions[0]
    cell = {name: s[p.grid_cells + i] for i, name in enumerate(p.extra)}
    n, every = p.size, set(range(p.values[0], p.values[1] + 1))
    for i in range(n):
        row = {s[i * n + c] for c in range(n)}
        col = {s[r * n + i] for r in range(n)}
        box = {s[x] for x in p.boxes()[i]}
        assert (every - row, every - col, every - box) == (
            {cell[f"DGC{i + 1}"]}, {cell[f"DGR{i + 1}"]}, {cell[f"DGB{i + 1}"]})
    assert cell["DGZ"] == 0


def _grids(p):
    lo, hi = p.values
    return sorted(g for g in product(range(lo, hi + 1), repeat=p.num_cells)
                  if not check_solution(p, g))


# a 2x2 grid (values 1..3 or 1..4: rows and columns hold two of them) and cells 4, 5 beyond it
TINY = [
    m.VariantPuzzle(2, box=None, values=(1, 3), extra=("VA",), constraints=(m.Thermometer((4, 0)),)),
    m.VariantPuzzle(2, box=None, values=(1, 3), extra=("VA1", "VA2"),
                    constraints=(m.Sum((0, 1, 5), 0, (1, 1, -1)), m.GreaterThan((5, 4)))),
    m.VariantPuzzle(2, box=None, values=(1, 4), extra=("VA1", "VA2"),
                    constraints=(m.ExtraRegion((0, 3, 4)), m.AntiKing())),
    m.VariantPuzzle(2, box=None, values=(1, 3), extra=("VB",), constraints=(m.NonConsecutive(),)),
]


@pytest.mark.parametrize("i", range(len(TINY)))
def test_paradigms_find_exactly_the_checker_s_grids_with_extra_cells(i):
    p = TINY[i]
    want = _grids(p)
    assert want and len(want[0]) == p.grid_cells + len(p.extra)
    for paradigm in PRESENT:
        r = solve(p, paradigm, limit=10_000, time_limit=60)
        assert r.exhausted and sorted(r.solutions) == want, paradigm


def test_sat_reuses_no_shape_across_different_extra_cells():
    """Two puzzles of the same houses and different extra cells, one after the other in
    one process (the second once got the first's literals: none found)."""
    a = m.VariantPuzzle(2, box=None, values=(1, 3), extra=("VA",))
    b = m.VariantPuzzle(2, box=None, values=(1, 3), extra=("VA", "VB", "VC"),
                        constraints=(m.Thermometer((4, 5, 6)),), givens=((0, 1), (1, 2)))
    for p in (a, b, a, b):
        r = solve(p, "sat", limit=10_000, time_limit=60)
        assert sorted(r.solutions) == _grids(p)


def _same(p, q):
    return (p.extra, p.givens, Counter(p.constraints)) == (q.extra, q.givens, Counter(q.constraints))


@pytest.mark.parametrize("name", sorted(REAL))
def test_iss_write_round_trips_extra_cells(name):
    p = read_iss(REAL[name]["puzzle"]).puzzle
    assert _same(read_iss(write_iss(p)).puzzle, p)
    assert m.VariantPuzzle.from_json(p.to_json()) == p


def test_extra_cells_are_named_in_iss_s_order_and_laid_out_for_dots():
    p = read_iss(".Shape~4x4.Var~B~~2x2.Var~A.WhiteDot~VB1~VB2~VB4.~VA_3").puzzle
    assert p.extra == ("VA", "VB1", "VB2", "VB3", "VB4") and p.givens == ((16, 3),)
    dots = sorted(c.cells for c in p.constraints)
    assert dots == [(17, 18), (18, 20)]  # VB1-VB2 and VB2-VB4 touch in the 2x2 layout
    assert p.cell_name(20) == "VB4"


@pytest.mark.parametrize("text,words", [
    (".Shape~4x4.Var~A~~2.WhiteDot~VA1~R1C1", "no two of its cells are orthogonal neighbours"),
    (".Shape~4x4.Thermo~VB1~R1C1", "no cell VB1"),
    (".Shape~4x4.Var~a", "upper-case letters"),
    (".Shape~4x4.Var~A.Quad~VA~1", "beyond the grid"),
])
def test_bad_extra_cells_are_one_named_line(text, words):
    with pytest.raises(PuzzleError, match=words):
        read_iss(text)


def test_the_model_refuses_twice_named_extra_cells():
    with pytest.raises(PuzzleError, match="distinct names"):
        m.VariantPuzzle(4, extra=("VA", "VA"))


@pytest.mark.parametrize("text, words", [
    (".Shape~4x4.Var~A.Thermo~VA~R1C2", "cells beyond the grid"),
    (".Shape~4x6.~R1C1_1", "non-square 4x6 grid"),
    (".Shape~4x4~~Raw.~R1C1_1", "raw grid"),
])
def test_the_page_shows_what_its_board_cannot_play_and_hints_refuse_it_in_one_line(text, words):
    """The board plays square grids of houses; issue 37's other shapes are shown as their
    picture (gui.variant.shown_only), and what needs the board refuses them by name rather
    than play a wrong grid."""
    pytest.importorskip("starlette")
    from sudoku_cp.gui.variant import read_played, read_puzzle, shown_only

    assert words in shown_only(read_puzzle(text)[0])
    with pytest.raises(Exception, match=words) as info:
        read_played(text)
    assert "\n" not in str(info.value)
