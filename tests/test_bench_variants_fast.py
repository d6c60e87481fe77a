"""benchmarks/bench_variants_fast.py: ISS and ours timed on each puzzle in the same minute.

ISS is played by a fake: a small Python script speaking ``peers/iss_count.mjs``'s line
protocol, which caps, refuses or dies on the puzzles the test names. No timings are asserted,
only who was asked when, what the rows hold and that the run gets past a bad ISS answer.
"""

from __future__ import annotations

import json
import math
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_variants_fast as bvf  # noqa: E402

GRID = "1234341221434321"
# a 4x4 with every cell given but the first two of row 1 (unique: the houses settle them)
PUZZLE = ".Shape~4x4." + "".join(f"~R{i // 4 + 1}C{i % 4 + 1}_{v}"
                                 for i, v in enumerate(GRID) if i not in (0, 1))
SOLUTION = [int(v) for v in GRID]

FAKE = textwrap.dedent('''
    import json, sys
    seen = {}
    for line in sys.stdin:
        r = json.loads(line)
        n = seen[r["id"]] = seen.get(r["id"], 0) + 1
        if r["id"] == "dies":
            sys.exit(3)
        if r["id"] == "caps":
            out = {"id": r["id"], "status": "capped", "sols": 1, "ms": 5.0}
        elif r["id"] == "refused":
            out = {"id": r["id"], "status": "error", "err": "no such constraint"}
        else:  # ISS's clock reads 10 ms on a puzzle's first count, 20 on its second, ...
            out = {"id": r["id"], "status": "unique", "sols": 1, "all": [SOLUTION],
                   "ms": 10.0 * n, "total_ms": 10.0 * n + 7.0, "parse_ms": 1.0}
        print(json.dumps(out), flush=True)
''').replace("SOLUTION", repr(GRID))


@pytest.fixture
def fake_iss(tmp_path):
    script = tmp_path / "fake_iss.py"
    script.write_text(FAKE)
    return bvf.IssProcess(str(tmp_path), command=[sys.executable, str(script)])


def record(ident, cells=True, fmt="iss"):
    return {"id": ident, "format": fmt, "puzzle": PUZZLE, "cells": SOLUTION if cells else None}


def run(records, iss, monkeypatch, repeat=2):
    """``measure``'s rows and the order of the asks: ("iss", id) or (paradigm, id)."""
    events = []
    count, run_one = iss.count, bvf.run_one

    def asked_iss(ident, text):
        events.append(("iss", ident))
        return count(ident, text)

    def asked_ours(puzzle, p, time_limit):
        events.append((p, current[0]))
        return run_one(puzzle, p, time_limit)

    current = [None]
    parse = bvf.parse

    def parsed(rec):
        current[0] = rec["id"]
        return parse(rec)

    monkeypatch.setattr(iss, "count", asked_iss)
    monkeypatch.setattr(bvf, "run_one", asked_ours)
    monkeypatch.setattr(bvf, "parse", parsed)
    with iss:
        rows = bvf.measure(records, ["witness"], iss, repeat, 10.0)
    return rows, events


def test_iss_and_ours_alternate_first_puzzle_by_puzzle_round_by_round(fake_iss, monkeypatch):
    rows, events = run([record("a"), record("b"), record("c")], fake_iss, monkeypatch)
    assert events == [("iss", "a"), ("witness", "a"), ("iss", "a"), ("witness", "a"),
                      ("witness", "b"), ("iss", "b"), ("witness", "b"), ("iss", "b"),
                      ("iss", "c"), ("witness", "c"), ("iss", "c"), ("witness", "c")]
    assert [r["iss_first"] for r in rows] == [True, False, True]
    # both sides the median of their repeats: ISS's clock read 10 then 20
    assert [r["iss_runs"] for r in rows] == [[10.0, 20.0]] * 3
    assert all(r["iss"] == 15.0 and r["iss_built"] == 21.0 for r in rows)
    assert all(isinstance(r["ms"]["witness"], float) for r in rows)
    # the fields ab_trees.py and the excess script read are all there
    assert all({"id", "families", "ms", "iss", "iss_built"} <= set(r) for r in rows)


def test_a_capped_refused_or_dying_iss_does_not_stop_the_run(fake_iss, monkeypatch):
    records = [record("caps"), record("refused"), record("dies"), record("after")]
    rows, events = run(records, fake_iss, monkeypatch, repeat=1)
    assert [r["id"] for r in rows] == ["caps", "refused", "dies", "after"]
    assert [r["iss"] for r in rows] == [None, None, None, 10.0]  # a new process after the death
    assert [r["iss_runs"] for r in rows] == [["capped"], ["error"], ["error"], [10.0]]
    assert all(isinstance(r["ms"]["witness"], float) for r in rows)  # ours timed all the same
    assert events.count(("iss", "after")) == 1


def test_a_puzzle_without_a_solution_asks_iss_first_and_takes_its_answer(fake_iss, monkeypatch):
    # "b" is odd (ours first), but ours can only be checked against ISS's solution
    rows, events = run([record("a"), record("b", cells=False), record("caps", cells=False)],
                       fake_iss, monkeypatch, repeat=1)
    assert events == [("iss", "a"), ("witness", "a"), ("iss", "b"), ("witness", "b"),
                      ("iss", "caps")]  # ISS settles no solution for it: ours not timed
    assert [r["id"] for r in rows] == ["a", "b"]
    assert isinstance(rows[1]["ms"]["witness"], float)


def test_fpuzzles_records_have_no_iss_side(fake_iss, monkeypatch):
    fp = {"id": "fp", "format": "fpuzzles", "cells": SOLUTION}
    monkeypatch.setattr(bvf, "parse", lambda rec: bvf.parse_iss(PUZZLE))
    rows, events = run([fp], fake_iss, monkeypatch, repeat=1)
    assert events == [("witness", "fp")]
    assert rows[0]["iss"] is None and "iss_runs" not in rows[0]


def test_the_iss_process_is_closed_cleanly(fake_iss):
    with fake_iss as iss:
        assert iss.count("x", PUZZLE)["status"] == "unique"
        proc = iss.proc
    assert proc.returncode == 0  # it saw its input end and left on its own


def test_the_rows_are_written_as_they_come(fake_iss, monkeypatch, tmp_path):
    out = tmp_path / "rows.jsonl"
    with open(out, "w") as f, fake_iss as iss:
        bvf.measure([record("a"), record("b")], ["witness"], iss, 1, 10.0, f)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in rows] == ["a", "b"] and rows[0]["iss"] == 10.0


def test_rows_spread_sees_a_drift_both_sides_share_cancel_in_the_ratio():
    import rows_spread

    one = {"x": {"ms": {"fast": 2.0, "sat": "timeout"}, "iss": 1.0},
           "y": {"ms": {"fast": 4.0}, "iss": 0.01}, "z": {"ms": {"fast": 1.0}, "iss": None}}
    two = {"x": {"ms": {"fast": 4.0, "sat": 3.0}, "iss": 2.0},  # both x1.5 (ours: sat now)
           "y": {"ms": {"fast": 8.0}, "iss": 0.02}, "z": {"ms": {"fast": 1.0}, "iss": 1.0}}
    s = rows_spread.spread(one, two)

    def near(x):
        return pytest.approx(x, abs=1e-3)  # (the factors are rounded to three places)

    assert s["n"] == 2  # z: ISS settled it in one run only
    assert s["ours"][0] == near(math.sqrt(1.5 * 2))
    # y's ISS time counts as 0.05 ms in both runs (as the benchmark takes it): ISS x2 and x1
    assert s["iss"] == (near(math.sqrt(2)), near(math.sqrt(2)), 1)
    # ratios x0.75 and x2: drift sqrt(1.5); spread the middle of |ln|, sqrt(2 / 0.75); both moved
    assert s["ratio"] == (near(math.sqrt(1.5)), near(math.sqrt(2 / 0.75)), 2)
