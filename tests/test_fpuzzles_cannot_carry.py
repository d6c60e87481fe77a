"""f-puzzles has no form for issue 37's grids (non-square, cells beyond the grid, raw): the
writer refuses each in one line naming the grid and why, on the command line (exit 2) and
in the page's export (which still gives the ISS string, since ISS carries them)."""

from __future__ import annotations

import pytest

from sudoku_cp.cli.app import main
from sudoku_cp.variants.formats import read_entry
from sudoku_cp.variants.fpuzzles import write_fpuzzles
from sudoku_cp.variants.paradigms import UnsupportedConstraint

KINDS = [
    (".Shape~4x6.Thermo~R1C1~R1C2", "f-puzzles cannot carry a non-square 4x6 grid: its grids are square"),
    (".Shape~4x4.Var~A~~2.Thermo~VA1~R1C1", "f-puzzles cannot carry cells beyond the grid (VA1, VA2): "
     "it has no cells but the grid's"),
    (".Shape~4x4~~Raw.Thermo~R1C1~R1C2", "f-puzzles cannot carry a raw grid (rows and columns that "
     "are no houses): in f-puzzles every row and column is a house"),
]


@pytest.mark.parametrize("text, said", KINDS)
def test_the_writer_refuses_in_one_line_naming_why(text, said):
    with pytest.raises(UnsupportedConstraint) as info:  # (callers that catch refusals still do)
        write_fpuzzles(read_entry(text).puzzle)
    assert str(info.value).startswith(said) and "\n" not in str(info.value)


@pytest.mark.parametrize("text, said", KINDS)
def test_export_on_the_command_line_exits_2_with_that_line(text, said, capsys, tmp_path):
    out = tmp_path / "out.txt"
    assert main(["export", "--format", "fpuzzles", text, "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("sudoku-cp: error: " + said) and "\n" not in err
    assert not out.exists()


@pytest.mark.parametrize("text, said", KINDS)
def test_the_pages_export_says_it_and_still_writes_iss(text, said):
    pytest.importorskip("starlette")
    from sudoku_cp.gui.variant import export_answer

    d = export_answer({"puzzle": text})
    assert d["fpuzzles_error"].startswith(said) and "fpuzzles" not in d
    assert read_entry(d["iss"]).puzzle == read_entry(text).puzzle  # ISS carries them
