"""The sudoku-cp command line: output, JSON fields and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys


from sudoku_cp.cli import main
from conftest import load

UNIQUE = load("top95_sample.txt")[0]
CLASH = "55" + "." * 79
EMPTY4 = "." * 16


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_unique_exits_0_and_prints_the_grid(capsys):
    code, out, err = run(capsys, "check", UNIQUE)
    assert code == 0, err
    assert "UNIQUE" in out and "backtrack" in out and "cpsat" in out and "sat" in out
    assert "|" in out  # a grid


def test_check_json_fields(capsys):
    code, out, _ = run(capsys, "check", UNIQUE, EMPTY4, "--json")
    assert code == 1  # the empty 4x4 has many solutions
    first, second = (json.loads(line) for line in out.splitlines())
    assert set(first) >= {"index", "puzzle", "box", "verdict", "solution", "solutions",
                          "backends", "error"}
    assert first["verdict"] == "unique" and first["index"] == 1 and first["error"] is None
    assert set(first["backends"]["sat"]) >= {"status", "solutions", "time_s", "stats"}
    assert second["verdict"] == "multiple" and len(second["solutions"]) == 2
    assert second["box"] == "2x2"


def test_check_none_exits_1_and_names_the_clash(capsys):
    code, out, _ = run(capsys, "check", CLASH)
    assert code == 1
    assert "NONE" in out and "value 5 twice in row 1" in out


def test_solve_each_backend(capsys):
    for backend in ("backtrack", "sat", "cpsat", "sat:minisat22:minimal"):
        code, out, err = run(capsys, "solve", UNIQUE, "--backend", backend, "--json")
        assert code == 0, err
        record = json.loads(out)
        assert record["verdict"] == "solved" and len(record["solution"]) == 81


def test_solve_no_solution_exits_1(capsys):
    code, _, _ = run(capsys, "solve", CLASH)
    assert code == 1


def test_unknown_backend_is_one_line_and_exit_2(capsys):
    code, _, err = run(capsys, "solve", UNIQUE, "--backend", "nope")
    assert code == 2
    assert err.strip().count("\n") == 0 and "backtrack" in err and "cpsat" in err


def test_bad_puzzle_is_one_line_and_exit_2(capsys):
    code, out, err = run(capsys, "check", UNIQUE[:-1])
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "80" in err
    code, _, err = run(capsys, "check", UNIQUE[:-1] + "?")
    assert code == 2 and "'?'" in err and "r9c9" in err


def test_a_file_with_a_bad_line_keeps_going(tmp_path, capsys):
    path = tmp_path / "batch.txt"
    path.write_text("# a comment\n" + UNIQUE + "\n\nnot a puzzle\n" + load("top95_sample.txt")[1] + "\n")
    code, out, err = run(capsys, "check", "-f", str(path), "--backends", "sat", "--json")
    assert code == 2
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["verdict"] for r in records] == ["unique", "invalid", "unique"]
    assert records[1]["line"] == 4 and f"{path}:4:" in err


def test_missing_file_is_exit_2(capsys):
    code, _, err = run(capsys, "check", "-f", "/no/such/file.txt")
    assert code == 2 and "/no/such/file.txt" in err


def test_time_limit_unknown_exits_4(capsys):
    # backtrack and cpsat: the SAT backend's first 36x36 call spends ~10 s encoding
    code, out, _ = run(capsys, "check", "." * (36 * 36), "--backends", "backtrack,cpsat",
                       "--time-limit", "0.01", "--json")
    assert out, (code, _)
    record = json.loads(out)
    assert record["verdict"] in ("unknown", "multiple")
    assert code == (4 if record["verdict"] == "unknown" else 1)


def test_box_option_for_a_3x2_board(capsys):
    puzzle = "." * 36
    code, out, _ = run(capsys, "solve", puzzle, "--box", "3x2", "--json")
    assert code == 0 and json.loads(out)["box"] == "3x2"


def test_export_dimacs(capsys):
    code, out, _ = run(capsys, "export", UNIQUE, "--format", "dimacs", "--encoding", "minimal")
    assert code == 0
    header = next(line for line in out.splitlines() if line.startswith("p cnf"))
    assert header.split()[2] == "729"


def test_export_refuses_what_it_would_ignore(capsys):
    # each of these exported something without a word about the option it dropped: the
    # empty board instead of the PUZZLE, the puzzle at its own size, an LP file as always
    for argv, said in (([UNIQUE, "--empty", "--box", "3x3"], "give no PUZZLE"),
                       ([UNIQUE, "--size", "9"], "--size N goes with --empty"),
                       (["--empty", "--box", "3x3", "--size", "4"], "does not fit --size 4"),
                       ([UNIQUE, "--format", "lp", "--encoding", "minimal"],
                        "--encoding applies to --format dimacs")):
        code, out, err = run(capsys, "export", *argv)
        assert code == 2 and out == "" and said in err and len(err.splitlines()) == 1


def test_stdin_and_python_m():
    proc = subprocess.run([sys.executable, "-m", "sudoku_cp", "check", "--backends", "sat"],
                          input=UNIQUE + "\n", capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "UNIQUE" in proc.stdout


def test_usage_error_exit_2():
    proc = subprocess.run([sys.executable, "-m", "sudoku_cp", "check", "--time-limit", "-1"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_no_puzzle_at_all_is_an_input_error(tmp_path, capsys):
    empty = tmp_path / "empty.txt"
    empty.write_text("# only a comment\n\n")
    for argv in (["check", ""], ["solve", "-f", str(empty)], ["check", "-f", str(empty), "--workers", "1",
                                                               "--out", str(tmp_path / "r.jsonl")]):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "no puzzle" in err, argv


def test_a_solution_column_is_compared(tmp_path, capsys):
    from sudoku_cp import Board, solve

    solution = Board.parse(UNIQUE).to_text(solve(Board.parse(UNIQUE), "backtrack").solution)
    wrong = solution[:-2] + solution[-1] + solution[-2]
    path = tmp_path / "with_solutions.csv"
    path.write_text(f"puzzle,solution\n{UNIQUE},{solution}\n{UNIQUE},{wrong}\n")
    code, out, err = run(capsys, "check", "-f", str(path), "--backends", "sat", "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["expected_solution"] for r in records] == ["match", "differs"]
    # a stated solution that differs is a failed check: its own verdict, exit 3, counted
    assert [r["verdict"] for r in records] == ["unique", "mismatch"]
    assert code == 3
    assert f"{path}:3" in err and "MISMATCH" in err and "mismatch 1" in err
    results = tmp_path / "r.jsonl"
    code, out, err = run(capsys, "check", "-f", str(path), "--backends", "sat",
                         "--out", str(results), "--workers", "1")
    assert code == 3 and "mismatch 1" in err and f"{path}:3" in err
    assert sorted(json.loads(line)["verdict"] for line in results.read_text().splitlines()[1:]) \
        == ["mismatch", "unique"]


def test_disagreement_exits_3_with_the_evidence_on_stderr(monkeypatch, capsys):
    from sudoku_cp import backends

    monkeypatch.setitem(backends.BACKENDS, "liar", "conftest:LyingBackend")
    code, out, err = run(capsys, "check", UNIQUE, "--backends", "sat,liar")
    assert code == 3
    assert "DISAGREE" in err and "liar says none" in err and "sat" in err
