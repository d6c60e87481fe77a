"""ISS's ``Raw`` grid type (``Shape~9x9~0-8~Raw``, issue 37): rows and columns are no
houses, there are no boxes, only the constraints rule. ISS's own puzzle solved to the
solution ISS states, every paradigm against plain enumeration on tiny raw grids, the
round trips and the refusals (ISS takes its outside clues, anti-knight, anti-king... on
Sudoku grids only).
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
from sudoku_cp.variants.paradigms import PARADIGMS, UnsupportedConstraint, solve
from sudoku_cp.variants.rules import check_solution

PRESENT = [name for name, module in PARADIGMS.items() if importlib.util.find_spec(module)]
# "250!", copied from ISS (sigh's Interactive Sudoku Solver), data/collections.js, with the
# solution ISS states.
REAL = json.loads((Path(__file__).parent / "data" / "iss_raw.jsonl").read_text().splitlines()[0])


def test_iss_s_raw_puzzle_solves_to_the_stated_solution():
    p = read_iss(REAL["puzzle"]).puzzle
    want = tuple(int(ch) for ch in REAL["solution"])
    assert p.raw and p.houses() == () and p.values == (0, 8)
    assert check_solution(p, want) == []
    for paradigm in PRESENT:
        r = solve(p, paradigm, limit=2, time_limit=120)
        assert r.exhausted and r.solutions == [want], paradigm


def test_a_raw_grid_repeats_values_in_a_row_where_a_sudoku_grid_cannot():
    p = read_iss(".Shape~2x2~1-2~Raw.~R1C1_1~R1C2_1")
    assert check_solution(p.puzzle, (1, 1, 2, 2)) == []
    q = read_iss(".Shape~2x2~1-2.~R1C1_1~R1C2_1")  # (a Sudoku grid: the row repeats 1)
    assert check_solution(q.puzzle, (1, 1, 2, 2))


TINY = [
    m.VariantPuzzle(2, cols=3, values=(1, 2), raw=True, constraints=(m.Thermometer((0, 1)),)),
    m.VariantPuzzle(3, values=(1, 3), raw=True, constraints=(m.NonConsecutive(), m.Whisper((0, 4, 8), 2))),
    m.VariantPuzzle(2, cols=3, values=(0, 2), raw=True, givens=((5, 2),),
                    constraints=(m.KillerCage((0, 1, 2), 3), m.XV((3, 4), 2))),
]


def _grids(p):
    lo, hi = p.values
    return sorted(g for g in product(range(lo, hi + 1), repeat=p.num_cells)
                  if not check_solution(p, g))


@pytest.mark.parametrize("i", range(len(TINY)))
def test_paradigms_find_exactly_the_checker_s_grids_on_raw_grids(i):
    p = TINY[i]
    want = _grids(p)
    assert want
    for paradigm in PRESENT:
        r = solve(p, paradigm, limit=100_000, time_limit=60)
        assert r.exhausted and sorted(r.solutions) == want, paradigm


def test_iss_write_round_trips_a_raw_grid():
    p = read_iss(REAL["puzzle"]).puzzle
    text = write_iss(p)
    assert text.startswith(".Shape~9x9~0-8~Raw.")
    q = read_iss(text).puzzle
    assert q.raw and (q.givens, Counter(q.constraints)) == (p.givens, Counter(p.constraints))
    assert m.VariantPuzzle.from_json(p.to_json()) == p
    assert write_iss(m.VariantPuzzle(4, raw=True)) == ".Shape~4x4~~Raw"


@pytest.mark.parametrize("item", ["AntiKnight", "Sandwich~3~R1", "NoBoxes", "Jigsaw~0011001122332233"])
def test_iss_s_sudoku_grid_items_are_refused_on_a_raw_grid(item):
    with pytest.raises(UnsupportedConstraint, match="Raw grid"):
        read_iss(f".Shape~4x4~~Raw.{item}")


def test_the_model_refuses_house_rules_and_boxes_on_a_raw_grid():
    with pytest.raises(PuzzleError, match="raw grid"):
        m.VariantPuzzle(4, raw=True, constraints=(m.Sandwich((0, 1, 2, 3), 0),))
    with pytest.raises(PuzzleError, match="no boxes"):
        m.VariantPuzzle(4, raw=True, box=(2, 2))
    with pytest.raises(PuzzleError, match="bad grid type"):
        read_iss(".Shape~4x4~~Square")


def test_fast_declines_a_raw_grid_by_name():
    from sudoku_cp.variants.fastvar.program import compile_puzzle

    with pytest.raises(UnsupportedConstraint, match="raw grid"):
        compile_puzzle(m.VariantPuzzle(4, raw=True))
