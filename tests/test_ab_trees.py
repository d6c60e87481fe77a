"""benchmarks/ab_trees.py: two trees timed alternately, compared per paradigm."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import ab_trees  # noqa: E402


def rows(tree_times):
    """Worker lines from {(id, paradigm): [ms or verdict, ...]} (one entry per pass)."""
    out = []
    for (i, p), runs in tree_times.items():
        for r in runs:
            out.append({"id": i, "paradigm": p, "verdict": "ok" if isinstance(r, float) else r,
                        "ms": r if isinstance(r, float) else None})
    return out


def test_best_keeps_the_fastest_settled_pass_and_a_wrong_answer_sticks():
    b = ab_trees.best(rows({("a", "fast"): [5.0, 3.0, "timeout"], ("b", "fast"): ["timeout"],
                            ("c", "fast"): ["WRONG", 2.0], ("d", "fast"): [2.0, "WRONG"]}))
    assert b[("a", "fast")] == 3.0
    assert b[("b", "fast")] == "timeout"
    # a pass that settled does not hide another pass's wrong answer, in either order
    assert b[("c", "fast")] == b[("d", "fast")] == "WRONG"
    c = ab_trees.compare(b, b, "fast")
    assert c["settled_base"] == 1 and c["wrong"] == ["c", "d"]


def test_compare_ratios_and_the_puzzles_only_one_tree_settles():
    base = ab_trees.best(rows({("a", "fast"): [10.0], ("b", "fast"): [4.0], ("c", "fast"): [8.0],
                               ("d", "fast"): ["timeout"]}))
    tip = ab_trees.best(rows({("a", "fast"): [5.0], ("b", "fast"): [4.0], ("c", "fast"): ["timeout"],
                              ("d", "fast"): [1.0]}))
    c = ab_trees.compare(base, tip, "fast")
    assert (c["settled_base"], c["settled_tip"], c["both"]) == (3, 3, 2)
    assert math.isclose(c["geomean"], math.sqrt(0.5 * 1.0))
    assert math.isclose(c["median"], 0.75)
    assert c["only_base"] == ["c"] and c["only_tip"] == ["d"]
    assert c["faster"][0] == ("a", 0.5)
    assert (c["total_base"], c["total_tip"]) == (14.0, 9.0)
    text = ab_trees.report(c, "cpu")
    assert "settled by the base only: c" in text and "settled by the tip only: d" in text


def test_a_wrong_answer_in_either_tree_is_listed():
    base = {("a", "sat"): 1.0}
    tip = {("a", "sat"): "WRONG"}
    c = ab_trees.compare(base, tip, "sat")
    assert c["wrong"] == ["a"] and "WRONG: a" in ab_trees.report(c, "cpu")


@pytest.mark.skipif(not (ROOT.parent / "shared" / "data" / "variants").is_dir(),
                    reason="needs ../shared/data/variants")
def test_the_same_tree_twice_end_to_end(tmp_path, capsys):
    out = tmp_path / "lines.jsonl"
    code = ab_trees.main(["--base", str(ROOT), "--tip", str(ROOT), "--paradigms", "sat",
                          "--passes", "2", "--no-warm", "--ids", "iss-examples-0",
                          "--out", str(out)])
    text = capsys.readouterr().out
    assert code == 0
    assert "sat: settled base 1, tip 1; over the 1 both settle" in text
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted((r["tree"], r["run"]) for r in lines) == [("base", 0), ("base", 1),
                                                            ("tip", 0), ("tip", 1)]
    assert all(r["verdict"] == "ok" and r["ms"] > 0 for r in lines)


def test_a_base_that_is_neither_folder_nor_revision_is_one_line(capsys):
    code = ab_trees.main(["--base", "no-such-revision-xyz", "--ids", "iss-examples-0"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "no-such-revision-xyz" in err


def test_rows_below_keeps_only_the_puzzles_iss_settles_under_the_bound(tmp_path):
    rows = tmp_path / "wider.jsonl"
    rows.write_text("".join(json.dumps(r) + "\n" for r in (
        {"id": "a", "iss": 0.4}, {"id": "b", "iss": 1.0}, {"id": "c", "iss": None},
        {"id": "d", "iss": 0.99})))
    assert ab_trees.under(str(rows), 1.0) == {"a", "d"}
    assert ab_trees.under(str(rows), 0.5) == {"a"}


def test_node_counts_that_differ_between_trees_are_named():
    ok = {"paradigm": "fast", "verdict": "ok", "ms": 1.0}
    rows = {"base": [dict(ok, id="a", nodes=3), dict(ok, id="b", nodes=5),
                     dict(ok, id="c", nodes=None)],
            "tip": [dict(ok, id="a", nodes=3), dict(ok, id="b", nodes=4),
                    dict(ok, id="c", nodes=None), dict(ok, id="b", paradigm="sat", nodes=9)]}
    assert ab_trees.moved_nodes(rows, "fast") == ["b"]
    assert ab_trees.moved_nodes(rows, "sat") == []


@pytest.mark.skipif(not (ROOT.parent / "shared" / "data" / "variants").is_dir(),
                    reason="needs ../shared/data/variants")
def test_rows_below_and_repeat_end_to_end(tmp_path, capsys):
    rows = tmp_path / "wider.jsonl"
    rows.write_text(json.dumps({"id": "iss-examples-0", "iss": 0.5}) + "\n"
                    + json.dumps({"id": "iss-examples-1", "iss": 5.0}) + "\n")
    out = tmp_path / "lines.jsonl"
    code = ab_trees.main(["--base", str(ROOT), "--tip", str(ROOT), "--paradigms", "sat",
                          "--passes", "1", "--no-warm", "--rows", str(rows), "--below", "1",
                          "--repeat", "3", "--out", str(out)])
    text = capsys.readouterr().out
    assert code == 0 and text.startswith("1 puzzles;")
    assert "base median" in text
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert {r["id"] for r in lines} == {"iss-examples-0"} and len(lines) == 2


ISS = Path("/work/peers/iss")


@pytest.mark.skipif(not (ISS / "data" / "collections.js").is_file()
                    or not (ROOT.parent / "shared" / "data" / "variants").is_dir(),
                    reason="needs an ISS checkout and ../shared/data/variants")
def test_the_checkout_set_adds_only_puzzles_the_shared_sets_lack():
    data = ROOT.parent / "shared" / "data"
    shared = ab_trees.records(data, ["iss", "fpuzzles"], None)
    wider = ab_trees.records(data, ["iss", "fpuzzles", "iss-checkout"], None, str(ISS))
    added = wider[len(shared):]
    assert wider[:len(shared)] == shared and added
    assert all(r["id"].startswith("iss:") for r in added)
    texts = [r["puzzle"].strip() for r in wider]
    assert len(texts) == len(set(texts))
    one = ab_trees.records(data, ["iss-checkout"], {added[0]["id"]}, str(ISS))
    assert [r["id"] for r in one] == [added[0]["id"]]


def test_the_checkout_set_without_iss_is_one_line(monkeypatch, capsys):
    monkeypatch.delenv("ISS", raising=False)
    code = ab_trees.main(["--base", str(ROOT), "--sets", "iss-checkout"])
    err = capsys.readouterr().err
    assert code == 2 and "ISS" in err and err.count("\n") == 1


@pytest.mark.skipif(not (ROOT.parent / "shared" / "data" / "variants").is_dir(),
                    reason="needs ../shared/data/variants")
def test_repeat_solves_each_settled_puzzle_that_many_times(tmp_path, monkeypatch, capsys):
    import argparse

    from sudoku_cp.variants import paradigms

    calls = []
    real = paradigms.solve
    monkeypatch.setattr(paradigms, "solve", lambda *a, **k: calls.append(1) or real(*a, **k))
    recs = tmp_path / "recs.jsonl"
    recs.write_text("".join(json.dumps(r) + "\n" for r in ab_trees.records(
        ROOT.parent / "shared" / "data", ["iss"], {"iss-examples-0"})))
    args = argparse.Namespace(records=str(recs), paradigms="sat", clock="cpu", time_limit=5.0,
                              repeat=4)
    assert ab_trees.work(args) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["verdict"] == "ok" and line["ms"] > 0
    assert len(calls) == 1 + 4  # the warm-up, then four timed solves


def test_two_checked_solutions_are_second_not_wrong_and_a_bad_grid_is_wrong():
    """An entry that states no solution and is not unique (ISS's "Classic sudoku, was slow"
    grids) is neither timed nor a wrong answer; a solution the checker refuses is WRONG,
    however many were found; a unique answer that is not the stated one is WRONG too."""
    from sudoku_cp.variants.iss import parse_iss
    from sudoku_cp.variants.paradigms import solve

    empty = parse_iss(".Shape~4x4")
    r = solve(empty, "sat", limit=2)
    assert r.count == 2 and ab_trees.verdict_of(empty, r, None) == "second"
    first = list(r.solutions[0])
    broken = [first[1], first[0]] + first[2:]  # two cells of a row swapped: a column repeats
    bad = type(r)(r.paradigm, [first, broken], r.exhausted, r.status)
    assert ab_trees.verdict_of(empty, bad, None) == "WRONG"
    given = parse_iss(".Shape~4x4" + "".join(f".~R{i // 4 + 1}C{i % 4 + 1}_{v}"
                                              for i, v in enumerate(first[:12])))
    one = solve(given, "sat", limit=2)
    assert one.count == 1 and ab_trees.verdict_of(given, one, first) == "ok"
    other = [v for v in first]
    other[0], other[1] = other[1], other[0]
    assert ab_trees.verdict_of(given, one, other) == "WRONG"


def test_no_solution_is_none_where_none_is_stated_and_wrong_where_one_is():
    """ISS's "Zero solution" collections state no solution and have none: a finished search
    finding none is ``none`` (it was listed WRONG); where the entry states a solution, a
    search finding none is still WRONG, and a timeout stays a timeout."""
    from sudoku_cp.variants.iss import parse_iss
    from sudoku_cp.variants.paradigms import solve

    clash = parse_iss(".Shape~4x4.~R1C1_1.~R1C2_1")
    r = solve(clash, "sat", limit=2)
    assert r.count == 0 and r.exhausted
    assert ab_trees.verdict_of(clash, r, None) == "none"
    assert ab_trees.verdict_of(clash, r, [1] * 16) == "WRONG"
    cut = type(r)(r.paradigm, [], False, "timeout")
    assert ab_trees.verdict_of(clash, cut, None) == "timeout"
