"""``sudoku-cp explain`` and ``grade`` of variant puzzles (ISS strings, JSON)."""

from __future__ import annotations

import json

from sudoku_cp.cli.app import main
from sudoku_cp.variants.model import KillerCage, VariantPuzzle

# a 4x4 killer with one solution (1234/3412/2143/4321): five cages and one given
GRID = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
PUZZLE = VariantPuzzle(4, givens=((5, 4),), constraints=(
    KillerCage((0, 1), 3), KillerCage((2, 6), 4), KillerCage((4, 8), 5),
    KillerCage((10, 11, 15), 8), KillerCage((12, 13), 7)))
ISS_KILLER = ".Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5"  # (a part of iss-examples-17)


def _unique():
    from sudoku_cp.variants.paradigms import solve

    return solve(PUZZLE, "sat", limit=2).count


def test_grade_of_a_variant_json_line(capsys):
    assert _unique() == 1
    assert main(["grade", "--json", PUZZLE.to_json()]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["verdict"] == "unique" and rec["solved"] and rec["by_logic"]
    assert rec["types"] == ["killer_cage"] and rec["rating"] > 0


def test_grade_text_names_the_level(capsys):
    assert main(["grade", PUZZLE.to_json()]) == 0
    out = capsys.readouterr().out
    assert "4x4 variant (killer_cage)" in out and "by logic alone" in out


def test_explain_of_a_variant(capsys):
    assert main(["explain", PUZZLE.to_json()]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("1. ") and "by logic alone" in out[-1]
    assert main(["explain", "--first", "--json", PUZZLE.to_json()]) == 0
    step = json.loads(capsys.readouterr().out)
    assert step["index"] == 1 and step["technique"] and step["text"]


def test_iss_string_is_graded_not_refused(capsys):
    """Was: 'puzzle has 364 cells; expected a square number'. Two cages only: several
    solutions, said as such (exit 1), not as a malformed classic line."""
    code = main(["grade", ISS_KILLER])
    err = capsys.readouterr().err
    assert code == 1 and "several solutions" in err and "square number" not in err
