"""SE's ER/EP/ED triple, `grade --format serate`, and the HoDoKu-style scale."""

from __future__ import annotations

import re

import pytest

from sudoku_cp.cli import main
from sudoku_cp.grade import grade
from sudoku_cp.logic.basic import make
from sudoku_cp.logic.scales import HODOKU, HODOKU_LEVELS, hodoku, se_triple, serate
from sudoku_cp.logic.ratings import TECHNIQUES
from conftest import board_of, load

# Puzzles with the triple Sudoku Explainer's serate printed for them (SukakuExplainer's
# serate with only SE 1.2's techniques; the first needs pointing, 2.6, before its first
# placement).
SERATE = {
    "....7..2.8.......6.1.2.5...9.54....8.........3....85.1...3.2.8.4.......9.7..6....":
        "8.3/2.6/2.6",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......":
        "2.6/1.2/1.2",
    "12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1..3...9.4":
        "8.3/1.2/1.2",
}
SEVERAL = "1" + "." * 80


def test_the_triple_follows_se_rule_on_a_made_up_path():
    steps = [make("claiming", (), [(3, 4)]), make("x_wing", (), [(9, 2)]),
             make("naked_single", [(1, 1)]), make("aic", (), [(2, 5)], rating=7.3),
             make("hidden_single", [(4, 2)], rating=1.5)]
    assert se_triple(steps) == (7.3, 3.2, 2.8)
    assert serate(steps) == "7.3/3.2/2.8"
    assert se_triple([]) == (0.0, 0.0, 0.0)


@pytest.mark.parametrize("puzzle", sorted(SERATE))
def test_the_triple_matches_serate(puzzle):
    assert grade(board_of(puzzle)).serate == SERATE[puzzle]


def test_ep_and_ed_never_exceed_er_on_the_shared_sample():
    for line in load("cb002_sample.txt")[:12]:
        g = grade(board_of(line.split()[0]))
        assert g.ed <= g.ep <= g.rating
        assert g.serate == f"{g.rating:.1f}/{g.ep:.1f}/{g.ed:.1f}"


def test_grade_format_serate_prints_one_triple_per_line(capsys, tmp_path):
    src = tmp_path / "p.txt"
    src.write_text("\n".join([*SERATE, SEVERAL]) + "\n")
    code = main(["grade", "-f", str(src), "--format", "serate"])
    out, err = capsys.readouterr()
    assert code == 1  # the last puzzle has several solutions
    assert out.splitlines() == [*SERATE.values(), "0.0/0.0/0.0"]
    assert "several solutions" in err and "Traceback" not in err


@pytest.mark.parametrize("extra", [["--json"], ["--scale", "hodoku"]])
def test_serate_does_not_combine(capsys, extra):
    assert main(["grade", next(iter(SERATE)), "--format", "serate", *extra]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--format serate" in err[0]


def test_every_technique_has_a_hodoku_score_and_level():
    levels = [name for name, _ in HODOKU_LEVELS]
    assert set(HODOKU) == set(TECHNIQUES)
    for points, level in HODOKU.values():
        assert points > 0 and level in levels


def test_the_hodoku_score_adds_every_step_and_the_level_never_drops():
    levels = [name for name, _ in HODOKU_LEVELS]
    for line in load("cb002_sample.txt")[::5]:
        g = grade(board_of(line.split()[0]), hodoku=True)
        assert g.hodoku_score == sum(HODOKU[t][0] * k for t, k in g.hodoku_techniques.items())
        hardest = max(levels.index(HODOKU[t][1]) for t in g.hodoku_techniques)
        at = levels.index(g.hodoku_level)
        assert at >= hardest
        assert g.hodoku_score <= HODOKU_LEVELS[at][1]
        assert at == hardest or g.hodoku_score > HODOKU_LEVELS[at - 1][1]


def test_a_guess_is_extreme_on_the_hodoku_scale():
    steps = [make("hidden_single", [(0, 1)]), make("guess", [(1, 2)])]
    assert hodoku(steps) == (10014, "extreme")
    assert hodoku([make("naked_single", [(0, 1)])] * 201) == (804, "medium")


def test_grade_scale_hodoku_prints_the_hodoku_level(capsys):
    puzzle = next(iter(SERATE))
    g = grade(board_of(puzzle), hodoku=True)
    assert g.hodoku_level and g.hodoku_score > 0
    assert main(["grade", puzzle, "--scale", "hodoku"]) == 0
    out = capsys.readouterr().out
    assert re.search(rf"HoDoKu {g.hodoku_level} {g.hodoku_score}\b", out)
    assert main(["grade", puzzle, "--json", "--scale", "hodoku"]) == 0
    rec = capsys.readouterr().out
    assert f'"hodoku_level": "{g.hodoku_level}"' in rec and '"ep": 2.6' in rec
