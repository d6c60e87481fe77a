"""docs/json.md against real output: every key the tables list is written, in order, and
nothing is written that the tables leave out (check, batch, solve, grade, invalid lines,
the results header and the summary)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from sudoku_cp.cli import main
from sudoku_cp.records import KEYS
from sudoku_cp.verdicts import VERDICTS

DOC = (Path(__file__).resolve().parent.parent / "docs" / "json.md").read_text()
UNIQUE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def table(heading: str) -> list[str]:
    """The first column of the table under ``## heading``."""
    section = DOC.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([\w.]+)` \|", section, flags=re.M)


def records(capsys, *argv) -> list[dict]:
    main(list(argv))
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_the_record_table_is_the_record(capsys, tmp_path):
    assert table("The record") == list(KEYS)
    src = tmp_path / "in.txt"
    src.write_text(f"{UNIQUE}\nnot a puzzle\n")
    plain = records(capsys, "check", "-f", str(src), "--backends", "sat,backtrack", "--json")
    out = tmp_path / "r.jsonl"
    main(["check", "-f", str(src), "--backends", "sat,backtrack", "--workers", "1",
          "--out", str(out)])
    capsys.readouterr()
    lines = out.read_text().splitlines()
    batch = sorted((json.loads(line) for line in lines[1:]), key=lambda r: r["line"])
    for rec in plain + batch:
        assert list(rec)[:len(KEYS)] == list(KEYS) and len(rec) == len(KEYS)
    assert [r["verdict"] for r in plain] == [r["verdict"] for r in batch] == ["unique", "invalid"]
    backend = plain[0]["backends"]["sat"]
    assert list(backend) == table("Per backend (`backends[spec]`)")
    assert list(json.loads(lines[0])) == table("A results file's header")


def test_every_verdict_is_documented():
    assert sorted(table("Verdicts")) == sorted(VERDICTS)


def test_the_extra_keys_are_documented(capsys, tmp_path):
    extras = set(table("Extra keys, after the others"))
    solved = records(capsys, "solve", UNIQUE, "--json")[0]
    counted = records(capsys, "solve", UNIQUE, "--count", "--json")[0]
    graded = records(capsys, "grade", UNIQUE, "--json")[0]
    src = tmp_path / "s.csv"
    src.write_text(f"puzzle,solution\n{UNIQUE},{solved['solution']}\n")
    stated = records(capsys, "check", "-f", str(src), "--backends", "backtrack", "--json")[0]
    for rec in (solved, counted, graded, stated):
        assert list(rec)[:len(KEYS)] == list(KEYS)
        assert set(list(rec)[len(KEYS):]) <= extras, set(rec) - set(KEYS) - extras
    assert graded["verdict"] == "unique" and graded["solution"] == solved["solution"]
    assert graded["solutions"] == [solved["solution"]]  # (a unique record with no solution)
    seen = {k for rec in (solved, counted, graded, stated) for k in list(rec)[len(KEYS):]}
    assert seen == extras  # every documented extra is really written


def test_a_variant_record_is_the_same_record(capsys):
    """A variant puzzle's record, from check and solve: the one record's keys, in order,
    each per paradigm entry shaped as a board's per backend; solve adds the extras a
    board's solve adds."""
    thermo = ".Thermo~R1C1~R1C2~R1C3~R1C4.~R2C2_4~R3C2_1~R4C3_1.Shape~4x4"
    checked = records(capsys, "check", thermo, "--backends", "sat,cpsat", "--json")[0]
    assert list(checked) == list(KEYS) and checked["verdict"] == "unique"
    assert checked["format"] == "iss" and checked["puzzle"] == thermo
    assert checked["size"] == 4 and checked["box"] == "2x2"
    assert list(checked["backends"]) == ["sat", "cpsat"]
    for answer in checked["backends"].values():
        assert list(answer) == table("Per backend (`backends[spec]`)")
        assert answer["claim"] == "unique" and answer["exhausted"] is True
    board = records(capsys, "check", UNIQUE, "--backends", "sat", "--json")[0]
    assert board["format"] == "classic" and board["size"] == 9 and board["box"] == "3x3"
    counted = records(capsys, "solve", thermo, "--count", "--json")[0]
    extras = set(table("Extra keys, after the others"))
    assert list(counted)[:len(KEYS)] == list(KEYS)
    assert list(counted)[len(KEYS):] == ["count", "exhausted", "count_is"]
    assert set(list(counted)[len(KEYS):]) <= extras and counted["count"] == "1"
    classic = records(capsys, "solve", UNIQUE, "--json")[0]
    assert ({k: list(v) for k, v in counted["backends"].items()}.popitem()[1]
            == list(classic["backends"].popitem()[1]))  # the same answer's shape


def test_the_summary_table_is_the_summary(capsys, tmp_path):
    src = tmp_path / "in.txt"
    src.write_text(UNIQUE + "\n")
    out = tmp_path / "r.jsonl"
    summary = records(capsys, "check", "-f", str(src), "--backends", "backtrack",
                      "--workers", "1", "--out", str(out), "--json")[0]
    assert list(summary) == table("The batch summary")
