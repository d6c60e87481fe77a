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
from sudoku_cp.variants.fpuzzles import parse_fpuzzles, write_fpuzzles

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
