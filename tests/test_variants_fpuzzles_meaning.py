"""f-puzzles meanings that differ from the obvious one, each found by the differential test
against dclamage's SudokuVariantSolverJS (benchmarks/peers/diff_svsjs.py) and shrunk there.

Each test holds the shrunk f-puzzles string and what SVSJS answers on it (its source says
why, quoted in the test); the project must answer the same. docs/variants.md lists them
under "Where a format's meaning differs from the obvious one".
"""

from __future__ import annotations

import pytest

from sudoku_cp.variants import model as m
from sudoku_cp.variants.crosscheck import crosscheck
from sudoku_cp.variants.fpuzzles import encode, parse_fpuzzles, write_fpuzzles
from sudoku_cp.variants.paradigms import UnsupportedConstraint

PARADIGMS = ["sat", "cpsat", "witness"]

# A whispers line without a value on 4x4 and 6x6 (SVSJS: multiple; we said none, reading
# difference 5, which only 1 and 6 reach on 6x6 and nothing on 4x4).
WHISPERS_4X4 = "N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF9ljSTiBdZQiu86285qms9uy6kAdwAsIYAA4wMYfKAA2EAHYxx8AiABKAJgDCiEKjXqAzCC5FKRIA==="
WHISPERS_6X6 = ("N4IgzglgXgpiBcA2ANCA5gJwgEwQbT2AF9ljSSzKiBdZQih8p42+5xq1q99rj/8nx7cWtEAHcAFhDAAHGBjD5QAGwgA7G"
                "EvgEQAJQCsAYQDMIVHsRGATOf3GAjCGrUaRIA==")


@pytest.mark.parametrize("text, n, difference", [(WHISPERS_4X4, 4, 2), (WHISPERS_6X6, 6, 3)])
def test_whispers_without_a_value_differ_by_half_the_size(text, n, difference):
    """SVSJS WhispersConstraint.ts: ``defaultMinDifference = Math.ceil(board.size / 2)``
    (dclamage's C# solver: ``(MAX_VALUE + 1) / 2``): 5 on 9x9, 3 on 6x6, 2 on 4x4."""
    puzzle = parse_fpuzzles(text)
    assert [c.difference for c in puzzle.constraints] == [difference]
    assert crosscheck(puzzle, PARADIGMS).verdict.value == "multiple"
    again = parse_fpuzzles(write_fpuzzles(puzzle))  # written back without a value
    assert again == puzzle


def test_a_whispers_value_is_kept():
    line = m.Whisper((0, 1, 2), 4)
    puzzle = m.VariantPuzzle(6, constraints=(line,))
    assert parse_fpuzzles(write_fpuzzles(puzzle)).constraints == (line,)


# Black negative dots with a ratio-3 dot among the ratio-2 ones, 6x6 (SVSJS: none; we said
# unique: our solution holds 1 and 3 side by side without a dot).
NEGATIVE_RATIO = ("N4IgzglgXgpiBcA2ANCA5gJwgEwQbT2AF9ljSSzKiBdZQih8p42+5xq10ANwEMAbAK5x4ARlRoI3GADsEAFwzCOK8l1V"
                 "U1dHgOEIAzBKmyFSmBpXVaIDL3kQA9vlABjGP35h8IAEqiAwqIgqH7+AEwg1BQgbh5e8Hi++v4ArMFJ/oiR0bGe3j6I4"
                 "ekF/vrZpDHueQm+YZnFyVlRFbnxiT51ESHJEc2uVW0ZZd3+ACyRqHxCIiBlOQP5PQ2l5f1x+QFBIXVBfZXrNT4pgcWFu"
                 "/MH7aNFIddle60bqcV1aQ8Lh3XjI+Pvl753YrHe4XapXeohY5NUGDI5jIHPP5g3zHNIhQpvGioGQwNB2YzeWz2JxRIA=")


def test_black_negative_dots_forbid_every_ratio_shown():
    """SVSJS KropkiConstraint.ts: with ``negative: ["ratio"]``, for each ratio value on the
    puzzle's ratio dots (and 2), neighbours with no kropki dot are never in that ratio."""
    puzzle = parse_fpuzzles(NEGATIVE_RATIO)
    assert m.shown_ratios(puzzle) == (2, 3)
    assert crosscheck(puzzle, PARADIGMS).verdict.value == "none"


def test_negative_dots_read_the_ratios_from_the_rule():
    from sudoku_cp.variants.rules import check_solution
    grid = (1, 3, 2, 4, 2, 4, 1, 3, 3, 1, 4, 2, 4, 2, 3, 1)  # R1C1-R1C2: 1 and 3, no dot
    plain = m.VariantPuzzle(4, constraints=(m.NegativeDots(white=False),))
    shown = m.VariantPuzzle(4, constraints=(m.NegativeDots(white=False), m.RatioDot((1, 5), 3)))
    assert not [b for b in check_solution(plain, grid) if "ratio 3" in b]
    assert any("R1C1, R1C2 are in ratio 3" in b for b in check_solution(shown, grid))


# Entropic and modular lines of two cells whose givens share a third / a remainder, 6x6
# (SVSJS: none; ours disagreed with itself: sat and cpsat none, the witness and the checker
# read a line shorter than three cells as free).
ENTROPIC_SHORT = ("N4IgzglgXgpiBcA2ANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZY8qhACZ6jFu04wewKTN5cAuskKzpctdMXL1K"
                  "mZtX6dcvYYNGlpi7sUgWHAPYAHCAGMyEZtUIg3HsPjwgAEo0AMI0IKjBIYIg8vIKXEA")
MODULAR_SHORT = ("N4IgzglgXgpiBcA2ANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZY8qhABZ6jFu04wewKTN5cAuskKzpctdMXL1Km"
                 "ZtX6dcvYYNGlpi7sUgAtgHtsFMiQxkIzaoRBuPYfHhAAJRoAYRoQVGCQgCYQeXkFLiA===")


@pytest.mark.parametrize("text", [ENTROPIC_SHORT, MODULAR_SHORT], ids=["entropic", "modular"])
def test_a_line_shorter_than_its_window_is_one_window(text):
    """SVSJS EntropicLineConstraint.ts / ModularLineConstraint.ts: any two cells whose
    positions differ mod 3 differ (two cells of a two-cell line too); ISS alike (a line
    shorter than 3: pairwise; Modular: its first ``mod`` cells differ)."""
    assert crosscheck(parse_fpuzzles(text), PARADIGMS).verdict.value == "none"



def test_entropic_on_a_range_without_equal_thirds_is_declined_by_every_paradigm():
    """1..4 has no three equal thirds (SVSJS splits it 1 / 2-3 / 4, ISS and dclamage's C#
    solver take 1..9 only): sat and cpsat filled it with garbage (groups 0..3) and
    disagreed; now each declines it by name, as the witness did."""
    from sudoku_cp.variants.paradigms import UnsupportedConstraint, get_paradigm
    puzzle = m.VariantPuzzle(4, constraints=(m.Entropic((0, 1, 2)),))
    for name in ("sat", "cpsat", "witness"):
        with pytest.raises(UnsupportedConstraint, match="unsupported constraint entropic"):
            get_paradigm(name)(puzzle)



def test_fpuzzles_entropic_line_without_three_equal_thirds_is_refused_by_name():
    data = {"size": 4, "grid": [[{}] * 4 for _ in range(4)], "entropicline": [{"lines": [["R1C1", "R1C2"]]}]}
    with pytest.raises(UnsupportedConstraint, match=r"^unsupported constraint entropicline \(values 1..4"):
        parse_fpuzzles(encode(data))
