"""Certificates of variant uniqueness: made by ``check --certify DIR`` (in one process,
and by the batch engine with ``--out``), verified by ``certify verify DIR``, and every
tampered file caught."""

from __future__ import annotations

import json
import shutil

import pytest

from sudoku_cp.certify.variant import variant_formula
from sudoku_cp.certify.verify import verify_directory
from sudoku_cp.cli import main
from sudoku_cp.variants.generate import make_puzzle
from sudoku_cp.variants.iss_write import write_iss


@pytest.fixture(scope="module")
def certified(tmp_path_factory):
    """Two generated 6x6 puzzles (a zero-given killer and a thermo) certified."""
    root = tmp_path_factory.mktemp("vcert")
    lines = [write_iss(make_puzzle(s, (kind,), size=6).puzzle) for s, kind in ((3, "killer"), (4, "thermo"))]
    (root / "p.txt").write_text("\n".join(lines) + "\n")
    code = main(["check", "-f", str(root / "p.txt"), "--certify", str(root / "cert"), "-q"])
    assert code == 0
    return root / "cert"


@pytest.fixture(scope="module")
def batch_certified(certified):
    """The same puzzles certified on the batch road: two worker processes, ``--out``."""
    root = certified.parent
    code = main(["check", "-f", str(root / "p.txt"), "--out", str(root / "r.jsonl"),
                 "--workers", "2", "--certify", str(root / "bcert"), "-q"])
    assert code == 0
    return root / "bcert"


def _manifest(directory):
    return [json.loads(line) for line in (directory / "manifest.jsonl").read_text().splitlines()]


def _ok(directory):
    return [v.ok for v in verify_directory(str(directory))]


def test_every_unique_variant_puzzle_is_certified_and_verifies(certified, capsys):
    recs = [json.loads(line) for line in (certified / "manifest.jsonl").read_text().splitlines()]
    assert [r["verdict"] for r in recs] == ["unique", "unique"] and recs[0]["kind"] == "variant"
    cnf = (certified / "puzzle-000001.cnf").read_text()
    assert "c sudoku_cp variant CNF: sudoku_cp.variants.encode_cnf" in cnf
    assert cnf.count("c constraint ") == len(recs[0]["puzzle"]["constraints"])
    assert _ok(certified) == [True, True]
    assert main(["certify", "verify", str(certified)]) == 0


def test_the_batch_road_certifies_as_one_process_does(certified, batch_certified):
    """Workers check the puzzles, the parent certifies each from the puzzle's text and
    solutions the worker sends back: the same files, each verified."""
    results = [r for r in map(json.loads, (certified.parent / "r.jsonl").read_text().splitlines())
               if "verdict" in r]  # (the first line says the job)
    assert [r["verdict"] for r in results] == ["unique", "unique"]
    one, many = _manifest(certified), _manifest(batch_certified)
    assert [(r["kind"], r["puzzle"], r["solutions"]) for r in many] == \
        [(r["kind"], r["puzzle"], r["solutions"]) for r in one]
    assert [r["solutions"][0] for r in many] == [r["solution"] for r in results]
    for name in ("puzzle-000001.cnf", "puzzle-000002.sol"):
        assert (batch_certified / name).read_text() == (certified / name).read_text()
    assert _ok(batch_certified) == [True, True]
    assert main(["certify", "verify", str(batch_certified)]) == 0


def test_the_batch_road_certifies_multiple_and_none(tmp_path):
    lines = [".Thermo~R1C1~R1C2~R1C3~R1C4.Shape~4x4",
             ".Thermo~R1C1~R1C2.~R1C1_3~R1C2_2.Shape~4x4"]
    (tmp_path / "p.txt").write_text("\n".join(lines) + "\n")
    main(["check", "-f", str(tmp_path / "p.txt"), "--out", str(tmp_path / "r.jsonl"),
          "--certify", str(tmp_path / "c"), "-q"])
    recs = _manifest(tmp_path / "c")
    assert sorted(r["verdict"] for r in recs) == ["multiple", "none"]
    assert _ok(tmp_path / "c") == [True, True]


@pytest.mark.parametrize("road", ["one process", "batch"])
@pytest.mark.parametrize("what", ["proof", "cnf", "solution"])
def test_tampering_is_caught(certified, batch_certified, tmp_path, what, road):
    copy = tmp_path / "cert"
    shutil.copytree(certified if road == "one process" else batch_certified, copy)
    if what == "proof":  # a proof cut short no longer reaches the empty clause
        path = copy / "puzzle-000001.drat"
        path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 3])
    elif what == "cnf":  # one clause of the puzzle dropped: a weaker formula
        path = copy / "puzzle-000001.cnf"
        lines = path.read_text().splitlines()
        first = next(i for i, line in enumerate(lines) if line.startswith("p cnf"))
        del lines[first + 5]
        path.write_text("\n".join(lines) + "\n")
    else:  # two values swapped: not the solution (and not the one the proof blocks)
        path = copy / "puzzle-000001.sol"
        values = path.read_text().split()
        values[0], values[1] = values[1], values[0]
        path.write_text(" ".join(values) + "\n")
    results = list(verify_directory(str(copy)))
    assert not results[0].ok and results[1].ok
    assert results[0].problems[0].startswith(what if what != "proof" else "proof")


def test_the_formula_with_the_solution_blocked_is_what_the_proof_refutes():
    made = make_puzzle(3, ("killer",), size=6)
    text, formula = variant_formula(made.puzzle, made.solution)
    assert text.splitlines()[-1].startswith("-")  # the blocking clause, last
    from pysat.solvers import Solver

    with Solver(name="glucose4", bootstrap_with=formula.clauses()) as s:
        assert not s.solve()
    _, plain = variant_formula(made.puzzle)
    with Solver(name="glucose4", bootstrap_with=plain.clauses()) as s:
        assert s.solve()


def test_multiple_and_none_are_certified_too(tmp_path):
    """Two solutions for ``multiple``; a proof that the puzzle's own CNF has no model
    for ``none`` (a thermometer that must fall where its given values rise)."""
    lines = [".Thermo~R1C1~R1C2~R1C3~R1C4.Shape~4x4",
             ".Thermo~R1C1~R1C2.~R1C1_3~R1C2_2.Shape~4x4"]
    (tmp_path / "p.txt").write_text("\n".join(lines) + "\n")
    main(["check", "-f", str(tmp_path / "p.txt"), "--certify", str(tmp_path / "c"), "-q"])
    recs = [json.loads(line) for line in (tmp_path / "c" / "manifest.jsonl").read_text().splitlines()]
    assert [r["verdict"] for r in recs] == ["multiple", "none"]
    assert len(recs[0]["solutions"]) == 2 and "proof" in recs[1]["files"]
    assert _ok(tmp_path / "c") == [True, True]
