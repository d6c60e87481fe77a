"""The paradigm benchmark: sampling, interleaved runs, verification, and its output files."""

from __future__ import annotations

import csv
import json

import pytest

from sudoku_cp import Result, Status
from sudoku_cp.bench import read_runs_csv, run_bench, sample_puzzles, summarize
from sudoku_cp.cli import main

from conftest import DATA, board_of, load

PNG = b"\x89PNG\r\n\x1a\n"


def test_bench_writes_csv_summary_plots_and_meta(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    out = tmp_path / "bench"
    files = [str(DATA / "17clue_sample.txt"), str(DATA / "top95_sample.txt")]
    code = main(["bench", *files, "--backends", "sat,cpsat,backtrack", "--limit", "4",
                 "--out", str(out), "--scatter", "backtrack,sat"])
    assert code == 0
    printed = capsys.readouterr().out
    with open(out / "runs.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 2 * 4 * 3  # files x puzzles x specs
    assert {r["verified"] for r in rows} == {"ok"}
    assert {r["status"] for r in rows} == {"solved"}
    sat = next(r for r in rows if r["spec"] == "sat")
    assert int(sat["propagations"]) > 0 and json.loads(sat["stats"])["solver"]
    assert any(r["nodes"] for r in rows if r["spec"] == "backtrack")
    summary = (out / "summary.md").read_text()
    for spec in ("sat", "cpsat", "backtrack"):
        assert f"| top95_sample.txt | {spec} | 4 | 4 | 0 |" in summary
    assert "| 17clue_sample.txt | sat | 4 | 4 | 0 |" in printed
    for png in ("cactus.png", "scatter.png"):
        assert (out / png).read_bytes()[:8] == PNG and (out / png).stat().st_size > 5000
    meta = json.loads((out / "meta.json").read_text())
    assert meta["machine"]["cpu_count"] >= 1 and meta["versions"]["python-sat"]
    assert meta["command"].startswith("sudoku-cp bench ") and "--limit 4" in meta["command"]
    assert meta["puzzles"] == {"17clue_sample.txt": 4, "top95_sample.txt": 4}
    assert meta["resolved"]["sat"]["encoding"] in ("minimal", "extended")
    again = read_runs_csv(str(out / "runs.csv"))  # the CSV holds everything a re-plot needs
    assert len(again) == len(rows) and len(summarize(again)) == 2 * 3
    assert [(r.spec, r.line, r.stats) for r in again][:3] == [
        (row["spec"], int(row["line"]), json.loads(row["stats"])) for row in rows[:3]]


def test_specs_are_interleaved_per_puzzle():
    boards = [(i + 1, board_of(p)) for i, p in enumerate(load("top95_sample.txt")[:3])]
    runs = run_bench({"top95": boards}, ["sat", "backtrack"], mode="solve", repeat=2)
    assert [(r.line, r.spec, r.repeat) for r in runs[:4]] == [
        (1, "sat", 0), (1, "backtrack", 0), (1, "sat", 1), (1, "backtrack", 1)]
    assert [r.spec for r in runs[4:6]] == ["backtrack", "sat"]  # the order rotates
    assert all(r.solutions == 1 and not r.exhausted for r in runs)  # solve mode: limit 1
    rows = summarize(runs)
    assert {(r["spec"], r["puzzles"], r["answered"]) for r in rows} == {
        ("sat", 3, 3), ("backtrack", 3, 3)}


def test_sampling_first_m_or_seeded(tmp_path):
    path = str(DATA / "17clue_sample.txt")
    first, invalid = sample_puzzles(path, 5)
    assert invalid == 0 and [line for line, _ in first] == [2, 3, 4, 5, 6]
    a, _ = sample_puzzles(path, 5, seed=7)
    b, _ = sample_puzzles(path, 5, seed=7)
    c, _ = sample_puzzles(path, 5, seed=8)
    lines = [line for line, _ in a]
    assert lines == [line for line, _ in b] and lines == sorted(lines) and len(set(lines)) == 5
    assert lines != [line for line, _ in c] or lines != [2, 3, 4, 5, 6]
    assert len(sample_puzzles(path)[0]) == 20


class Liar:
    """A backend that claims whatever it is told to, to test the verification."""

    def __init__(self, answer):
        self.answer = answer

    def solve(self, board, *, limit=1, time_limit=None):
        sols, exhausted = self.answer(board)
        return Result("liar", Status.SOLVED if sols else Status.NONE, sols, exhausted,
                      0.0, {}, limit)


def _with_liar(monkeypatch, answer):
    import sudoku_cp.backends as backends

    real = backends.get_backend
    monkeypatch.setattr(backends, "get_backend",
                        lambda spec, **kw: Liar(answer) if spec == "cpsat" else real(spec, **kw))


def test_a_non_solution_is_recorded_loudly(tmp_path, monkeypatch, capsys):
    pytest.importorskip("matplotlib")
    _with_liar(monkeypatch, lambda board: (((1,) * 81,), True))
    out = tmp_path / "b"
    code = main(["bench", str(DATA / "top95_sample.txt"), "--backends", "sat,cpsat",
                 "--limit", "2", "--out", str(out)])
    assert code == 3
    assert "WRONG ANSWER: cpsat" in capsys.readouterr().err
    assert "| top95_sample.txt | cpsat | 2 | 2 | **2** |" in (out / "summary.md").read_text()
    with open(out / "runs.csv", newline="") as f:
        verified = {r["spec"]: r["verified"] for r in csv.DictReader(f)}
    assert verified["sat"] == "ok" and verified["cpsat"].startswith("WRONG: non-solution")


def test_false_claims_are_caught_by_the_other_specs(monkeypatch):
    # the empty 4x4 board has many solutions: a spec claiming exactly one is wrong,
    # and so is one claiming none
    empty = board_of("." * 16)
    claims = iter([lambda b: (((1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1),), True),
                   lambda b: ((), True)])
    for answer in claims:
        _with_liar(monkeypatch, answer)
        runs = run_bench({"f": [(1, empty)]}, ["backtrack", "cpsat"], mode="unique")
        verdict = {r.spec: r.verified for r in runs}
        assert verdict["backtrack"] == "ok" and verdict["cpsat"].startswith("WRONG: says")


def test_bench_refuses_a_folder_and_a_seed_without_limit_in_one_line(tmp_path, capsys):
    # a folder as FILE ended in a bare "[Errno 21]"; --seed without --limit was ignored
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("1..." "...2" "..4." ".3.." "\n")
    for argv, said in (([str(tmp_path)], "Is a directory"),
                       ([str(puzzles), "--seed", "3"], "--seed goes with --limit")):
        code = main(["bench", *argv, "--out", str(tmp_path / "b"), "--backends", "backtrack"])
        err = capsys.readouterr().err
        assert code == 2 and said in err and len(err.splitlines()) == 1
        assert not (tmp_path / "b").exists()
