"""One tool, one voice (issue 36; `benchmarks/one_voice.py` prints it for 20 puzzles): the same kinds of puzzle, classic and variant, through
``check``, ``solve`` and ``solve --count`` give the same verdict words, the same shape of
every line and the same exit codes. Only what a puzzle is made of may differ (its text,
size, values, times, the names of its cells: ``r1c2`` on a board, ``R1C2`` as the
variant formats write them)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from sudoku_cp.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from one_voice import shape  # noqa: E402  (the script that prints the same comparison)

#: A hard classic puzzle (forum_hardest_1106's first): no backend settles it in 1 ms.
HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"


def iss_givens(line: str) -> str:
    """A classic 9x9 line as an ISS string of givens: the same puzzle, read as a variant."""
    return "." + "~".join([""] + [f"R{i // 9 + 1}C{i % 9 + 1}_{v}" for i, v in enumerate(line)
                                  if v != "."])


CLASSIC = {
    "unique": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "multiple": "1" + "." * 15,
    "none": "11" + "." * 14,
    "cut": HARD,
    "count_cut": "1" + "." * 80,
    "malformed": "1..X" + "." * 12,
}
VARIANT = {
    "unique": ".Thermo~R1C1~R1C2~R1C3~R1C4.~R2C2_4~R3C2_1~R4C3_1.Shape~4x4",
    "multiple": ".Thermo~R1C1~R1C2~R1C3~R1C4.~R2C2_4~R3C2_1.Shape~4x4",
    "none": ".~R1C1_1~R1C2_1.Shape~4x4",
    "cut": iss_givens(HARD),
    "count_cut": ".Thermo~R1C1~R1C2~R1C3",
    "malformed": ".Thermo~R1C1~R10C1.Shape~4x4",
}

#: Each command, and the exit code both roads must give for each kind of puzzle.
RUNS = {
    ("check", "unique"): 0, ("check", "multiple"): 1, ("check", "none"): 1,
    ("check", "cut"): 4, ("check", "malformed"): 2,
    ("solve", "unique"): 0, ("solve", "multiple"): 0, ("solve", "none"): 1,
    ("solve", "malformed"): 2,
    ("count", "unique"): 0, ("count", "multiple"): 0, ("count", "none"): 1,
    ("count", "count_cut"): 4, ("count", "malformed"): 2,
}


def argv(command: str, kind: str, puzzle: str) -> list[str]:
    if command == "check":
        limit = ["--time-limit", "0.001"] if kind == "cut" else []
        return ["check", "--backends", "sat,cpsat", *limit, puzzle]
    if command == "solve":
        return ["solve", puzzle]
    limit = ["--time-limit", "0.3", "--samples", "50"] if kind == "count_cut" else []
    return ["solve", "--count", *limit, puzzle]


def raced(outcome):
    """A check cut short by the time limit with each backend's answer and any solution one
    found in time left out: the verdict line's shape and the evidence stay."""
    code, out, err = outcome
    head = re.sub(r"\b(solved|none|unknown) in", "<status> in", out[0])
    return code, [head] + [line for line in out[1:] if line.startswith("  ")], err


def said(capsys, args) -> tuple[int, list[str], list[str]]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, shape(out), [re.sub(r": .*", ": <why>", line) for line in err.splitlines()]


@pytest.mark.parametrize("command, kind", list(RUNS))
def test_classic_and_variant_puzzles_are_said_the_same_way(capsys, command, kind):
    classic = said(capsys, argv(command, kind, CLASSIC[kind]))
    variant = said(capsys, argv(command, kind, VARIANT[kind]))
    if kind == "cut":  # which backend the limit caught first is a race: the verdict is not
        classic, variant = raced(classic), raced(variant)
    assert classic[0] == variant[0] == RUNS[command, kind]
    assert classic[1] == variant[1]  # stdout: the same lines, the same words
    assert classic[2] == variant[2]  # stderr: the same (one line for bad input)


@pytest.mark.parametrize("road", [CLASSIC, VARIANT], ids=["classic", "variant"])
def test_the_words_themselves(capsys, road):
    """What both say, pinned (the test above only holds them equal)."""
    code, out, err = said(capsys, ["check", "--backends", "sat,cpsat", road["multiple"]])
    assert out[0] == ("puzzle <n> (PUZZLE), <n>x<n>, <n> givens: MULTIPLE  "
                      "[sat solved in <n> ms, cpsat solved in <n> ms]")
    assert out[1:] == ["two solutions, as the witness:", "<grid>", "", "<grid>", "",
                       "  they differ in <n> cells: <cells>"]
    code, out, err = said(capsys, ["check", "--backends", "sat,cpsat", road["none"]])
    assert out[1:] == ["  value <n> twice in row <n> (<cells>)",
                       "  value <n> twice in box <n> (<cells>)"]
    code, out, err = said(capsys, ["solve", "--count", "--time-limit", "0.3", "--samples", "50",
                                   road["count_cut"]])
    assert code == 4 and out[0].endswith(
        "unknown by sat in <n> ms: at least <n> solutions (the time limit stopped the count: a "
        "lower bound, the count is unknown)")
    code, out, err = said(capsys, ["check", road["malformed"], road["unique"]])
    assert code == 2 and err[0] == "PUZZLE: <why>" and len(err) == 2  # the error, the summary
    assert err[1].startswith("check: ")
    code, out, err = said(capsys, ["check", road["unique"]])
    assert code == 0 and err == [] and "note" not in " ".join(out)  # one puzzle: no summary


@pytest.mark.parametrize("road", [CLASSIC, VARIANT], ids=["classic", "variant"])
def test_a_count_cut_short_is_unknown_in_json_too(capsys, road):
    code = main(["solve", "--count", "--json", "--time-limit", "0.3", "--samples", "50",
                 road["count_cut"]])
    rec = json.loads(capsys.readouterr().out)
    assert code == 4 and rec["verdict"] == "unknown"
    assert rec["count"].startswith(">=") and rec["count_is"] == "lower bound"


def test_a_batch_goes_on_past_bad_lines_saying_each_once(capsys, tmp_path):
    for road in (CLASSIC, VARIANT):
        path = tmp_path / "mixed.txt"
        path.write_text(f"{road['malformed']}\n{road['unique']}\n{road['malformed']}\n")
        code = main(["check", "--backends", "sat,cpsat", "-f", str(path), "--format", "line"])
        out, err = capsys.readouterr()
        assert code == 2 and [line.split("\t")[1] for line in out.splitlines()] == \
            ["invalid", "unique", "invalid"]
        lines = err.splitlines()
        assert [line.split(": ")[0] for line in lines[:2]] == [f"{path}:1", f"{path}:3"]
        assert len(lines) == 3 and lines[2].startswith("check: 3 puzzles in ")


@pytest.mark.parametrize("batch", [False, True], ids=["check", "batch"])
def test_boards_and_variant_puzzles_in_one_file_are_one_input(capsys, tmp_path, batch):
    """A variant line anywhere among boards (past the lines peeked at to choose a reader)
    is read as its format and checked; a backend that takes no variant puzzle makes that
    line's record invalid, naming why, and the run goes on."""
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join([CLASSIC["unique"]] * 55 + [VARIANT["unique"]]) + "\n")
    out = tmp_path / "r.jsonl"
    tail = ["--workers", "1", "--out", str(out)] if batch else ["--json"]

    def records(backends):
        code = main(["check", "--backends", backends, "-f", str(path), *tail])
        text, err = capsys.readouterr()
        lines = out.read_text().splitlines()[1:] if batch else text.splitlines()
        if batch:
            out.unlink()
        return code, sorted((json.loads(line) for line in lines), key=lambda r: r["index"]), err

    code, recs, err = records("sat,cpsat")
    assert code == 0 and [r["verdict"] for r in recs] == ["unique"] * 56
    assert [r["format"] for r in recs[-2:]] == ["classic", "iss"]
    assert recs[-1]["solution"] == [1, 2, 3, 4, 3, 4, 2, 1, 2, 1, 4, 3, 4, 3, 1, 2]
    code, recs, err = records("sat,backtrack")
    assert code == 2 and [r["verdict"] for r in recs] == ["unique"] * 55 + ["invalid"]
    assert "backtrack declines variant puzzles" in recs[-1]["error"]
    assert f"{path}:56: backtrack declines variant puzzles" in err
