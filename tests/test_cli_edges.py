"""The edges of the command line (issue 8 and the CLI part of issue 9): odd arguments,
degenerate boards, output formats, counts and summaries. Each test failed before
the change it covers."""

from __future__ import annotations

import csv
import io
import json

import pytest

from sudoku_cp import Board, crosscheck
from sudoku_cp.cli import main
from sudoku_cp.errors import PuzzleError, SudokuCpError, UsageError

UNIQUE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
MULTIPLE = "." * 80 + "1"
SMALL = "1..." "...2" "..4." ".3.."  # 4x4, unique


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def usage_failure(capsys, *argv) -> str:
    """Run argv expecting a usage error; return the error line (never a traceback)."""
    with pytest.raises(SystemExit) as exc:
        main(list(argv))
    _, err = capsys.readouterr()
    assert exc.value.code == 2 and "Traceback" not in err
    return err.strip().splitlines()[-1]


# -- arguments ------------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["0", "-3"])
def test_limit_below_one_is_a_usage_error(capsys, value):
    assert "--limit" in usage_failure(capsys, "solve", SMALL, "--limit", value)


@pytest.mark.parametrize("value", ["nan", "inf", "0", "-1"])
def test_time_limit_must_be_a_positive_number(capsys, value):
    assert "--time-limit" in usage_failure(capsys, "check", SMALL, "--time-limit", value)
    assert "--time-limit" in usage_failure(capsys, "solve", SMALL, "--time-limit", value)


def test_api_refuses_limits_that_cannot_work():
    board = Board.parse(SMALL)
    for bad in (0, -1, float("nan")):
        with pytest.raises(UsageError):
            crosscheck(board, ["backtrack"], time_limit=bad)
    from sudoku_cp import solve

    with pytest.raises(UsageError):
        solve(board, "backtrack", limit=0)


@pytest.mark.parametrize("command", ["solve", "check", "batch", "bench"])
def test_a_solver_that_cannot_be_stopped_refuses_a_time_limit_up_front(tmp_path, capsys,
                                                                          command):
    """Issue 9: ``--backends sat:lingeling --time-limit 1`` made every puzzle of a batch an
    'error' record and exited 3; it is one usage error before any puzzle is read."""
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(f"{SMALL}\n{UNIQUE}\n")
    out = tmp_path / "r.jsonl"
    argv = {"solve": ["solve", SMALL, "--backend", "sat:lingeling"],
            "check": ["check", SMALL, "--backends", "sat:lingeling"],
            "batch": ["check", "-f", str(puzzles), "--workers", "1", "--out", str(out),
                      "--backends", "sat:lingeling"],
            "bench": ["bench", str(puzzles), "--out", str(tmp_path / "b"),
                      "--backends", "sat:lingeling"]}[command]
    try:
        code, _, err = run(capsys, *argv, "--time-limit", "1")
    except SystemExit as exc:  # argparse-style exit
        code, err = exc.code, capsys.readouterr()[1]
    assert code == 2 and "Traceback" not in err
    assert "lingeling" in err and "time limit" in err and len(err.strip().splitlines()) == 1
    assert not out.exists() and not (tmp_path / "b").exists()
    assert command == "bench" or run(capsys, *argv)[0] == 0  # without a time limit it runs


def test_crosscheck_takes_a_bare_backend_string():
    board = Board.parse(SMALL)
    assert list(crosscheck(board, "backtrack").results) == ["backtrack"]
    assert list(crosscheck(board, "backtrack,sat").results) == ["backtrack", "sat"]


@pytest.mark.parametrize("value", [1.9, "1", True])
def test_from_values_refuses_what_is_not_an_integer(value):
    values = [0] * 16
    values[5] = value
    with pytest.raises(PuzzleError, match="r2c2 is not an integer"):
        Board.from_values(values)


@pytest.mark.parametrize("box", [(3,), (3, 3, 3), ("a", 3), (0, 4), 3])
def test_from_values_refuses_a_box_that_is_not_two_positive_integers(box):
    with pytest.raises(PuzzleError):
        Board.from_values([0] * 81, box=box)


def test_every_error_of_the_package_has_one_root():
    from sudoku_cp.backends import get_backend
    from sudoku_cp.errors import MissingDependencyError, UnknownBackendError

    for cls in (PuzzleError, UsageError, UnknownBackendError, MissingDependencyError):
        assert issubclass(cls, SudokuCpError)
    with pytest.raises(SudokuCpError):
        get_backend("nonesuch")


# -- degenerate boards -------------------------------------------------------------------------
@pytest.mark.parametrize("text", [".", "1", "1234", "." * 49])
def test_boards_below_4x4_or_with_a_box_side_of_1_are_refused(capsys, text):
    code, out, err = run(capsys, "check", text)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "--box" in err  # the message says how to ask for it anyway


def test_a_latin_square_may_be_asked_for_explicitly(capsys):
    code, out, err = run(capsys, "check", "1." + "." * 23, "--box", "1x5",
                         "--backends", "backtrack,sat")
    assert code == 1 and "MULTIPLE" in out  # a 5x5 Latin square with one given: many
    code, _, err = run(capsys, "generate", "--size", "7")
    assert code == 2 and "--box 1x7" in err


def test_a_stray_one_character_line_in_a_file_is_an_invalid_line(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text(f"{UNIQUE}\n1\n{UNIQUE}\n")
    code, out, err = run(capsys, "check", "-f", str(path), "--backends", "backtrack",
                         "--format", "line")
    assert code == 2 and f"{path}:2:" in err
    assert [line.split("\t")[1] for line in out.splitlines()] == ["unique", "invalid", "unique"]


# -- check: formats, quiet, summary ---------------------------------------------------------
def test_check_formats_line_csv_json_and_quiet(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text(f"{UNIQUE}\nnot a puzzle\n{MULTIPLE}\n")
    args = ("check", "-f", str(path), "--backends", "backtrack")

    code, out, err = run(capsys, *args, "--format", "line")
    assert code == 2
    lines = [line.split("\t") for line in out.splitlines()]
    assert [w[1] for w in lines] == ["unique", "invalid", "multiple"] and len(lines[0][2]) == 81
    assert "check: 3 puzzles" in err and "unique 1" in err and "invalid 1" in err

    code, out, _ = run(capsys, *args, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["verdict"] for r in rows] == ["unique", "invalid", "multiple"]
    assert rows[1]["line"] == "2" and rows[1]["error"]

    code, out, _ = run(capsys, *args, "--format", "json")
    assert [json.loads(line)["verdict"] for line in out.splitlines()] == \
        ["unique", "invalid", "multiple"]

    code, out, err = run(capsys, *args, "-q")
    assert code == 2 and out == ""
    assert f"{path}:2:" in err and "check: 3 puzzles" in err


def test_a_batch_prints_one_stderr_line_per_bad_puzzle(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text(f"{UNIQUE}\nnot a puzzle\n{UNIQUE}\n12345\n")
    code, _, err = run(capsys, "check", "-f", str(path), "--backends", "backtrack",
                       "--workers", "1", "--out", str(tmp_path / "r.jsonl"))
    assert code == 2
    assert f"{path}:2:" in err and f"{path}:4:" in err


# -- solve: how many, and whether that is all ---------------------------------------------------
def test_solve_says_how_many_solutions_and_whether_the_search_was_exhaustive(capsys):
    code, out, _ = run(capsys, "solve", MULTIPLE, "--limit", "3", "--backend", "backtrack")
    assert code == 0
    assert "3 solutions (stopped at --limit 3: there may be more)" in out
    assert "solution 3:" in out
    code, out, _ = run(capsys, "solve", UNIQUE, "--limit", "2", "--backend", "backtrack")
    assert "1 solution (the search was exhaustive: there is no other)" in out


def test_solve_count_counts_without_printing_grids(capsys):
    code, out, _ = run(capsys, "solve", "1" + "." * 15, "--count", "--backend", "backtrack")
    assert code == 0 and "72 solutions (the search was exhaustive" in out  # 288 / 4
    assert "|" not in out  # no grid
    code, out, _ = run(capsys, "solve", "1" + "." * 15, "--count", "--limit", "5", "--json",
                       "--backend", "backtrack")
    rec = json.loads(out)
    assert rec["count"] == "5+" and rec["exhausted"] is False and rec["solutions"] == []


# -- bench checks its extra before the work ------------------------------------------------------
def test_bench_without_matplotlib_fails_before_any_run(tmp_path, capsys, monkeypatch):
    import sys

    from sudoku_cp import bench
    from conftest import DATA

    ran = []
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed
    monkeypatch.setattr(bench, "run_bench", lambda *a, **k: ran.append(1) or [])
    code, out, err = run(capsys, "bench", str(DATA / "top95_sample.txt"), "--backends",
                         "backtrack", "--limit", "1", "--out", str(tmp_path / "b"))
    assert code == 2 and not ran
    assert 'sudoku-cp[bench]' in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "b").exists()  # nothing left behind


# -- where data sets live ---------------------------------------------------------------------
def test_a_file_name_is_looked_for_in_the_data_folder(tmp_path, capsys, monkeypatch):
    from conftest import DATA

    code, _, err = run(capsys, "check", "-f", "top95_sample", "--data", str(DATA),
                       "--backends", "backtrack", "-q")
    assert code == 0 and "unique 10" in err
    monkeypatch.setenv("SUDOKU_CP_DATA", str(DATA))
    code, _, err = run(capsys, "check", "-f", "top95_sample.txt", "--backends", "backtrack", "-q")
    assert code == 0 and "unique 10" in err
    monkeypatch.delenv("SUDOKU_CP_DATA")
    monkeypatch.chdir(tmp_path)  # no ../shared/data beside it
    code, _, err = run(capsys, "check", "-f", "top95_sample")
    assert code == 2 and "data folder" in err and "--data" in err


# -- QQWing's names -----------------------------------------------------------------------------
def test_generate_takes_qqwing_names(capsys):
    same = {}
    for name in ("rot180", "rotate180"):
        code, out, _ = run(capsys, "generate", "-n", "2", "--box", "2x2", "--seed", "5",
                           "--symmetry", name, "--no-verify")
        assert code == 0
        same[name] = out
    assert same["rot180"] == same["rotate180"]
    code, out, _ = run(capsys, "generate", "-n", "1", "--box", "2x2", "--seed", "5",
                       "--symmetry", "rotate90", "--no-verify")
    assert code == 0 and len(out.strip()) == 16
    code, out, _ = run(capsys, "generate", "-n", "3", "--box", "2x2", "--seed", "5",
                       "--symmetry", "random", "--difficulty", "any", "--json", "--no-verify")
    records = [json.loads(line) for line in out.splitlines()]
    from sudoku_cp.generate import SYMMETRIES

    assert code == 0 and len(records) == 3 and all(r["symmetry"] in SYMMETRIES for r in records)
    again = run(capsys, "generate", "-n", "3", "--box", "2x2", "--seed", "5",
                "--symmetry", "random", "--json", "--no-verify")[1]
    assert again == out  # random symmetries come from the seed too


# -- one place for status and verdict words -------------------------------------------------------
def test_result_status_follows_from_solutions_and_exhaustion():
    from sudoku_cp.result import Result, Status

    assert Result.of("x", [], True).status is Status.NONE
    assert Result.of("x", [], False).status is Status.UNKNOWN
    assert Result("x", None, ((1,),), False).status is Status.SOLVED
    with pytest.raises(ValueError):
        Result("x", Status.NONE, ((1,),), True)  # a status that contradicts its solutions


def test_the_verdict_words_live_in_one_place():
    from sudoku_cp import Verdict
    from sudoku_cp.cli.common import EXIT_OF
    from sudoku_cp.verdicts import VERDICTS

    assert set(EXIT_OF) == set(VERDICTS) and Verdict("mismatch").value in VERDICTS


def test_the_library_does_not_import_the_command_line():
    import subprocess
    import sys

    code = ("import sys, sudoku_cp, sudoku_cp.batch, sudoku_cp.results, sudoku_cp.records; "
            "print(sorted(m for m in sys.modules if m.startswith('sudoku_cp.cli')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip() == "[]", done.stderr


def test_command_modules_use_only_the_shared_toolkit():
    from pathlib import Path

    import sudoku_cp.cli as cli

    folder = Path(cli.__file__).parent
    toolkit = {"__init__", "common", "output", "app",  # shared by the command modules:
                "certificates", "counting", "sampling",  # check --certify, solve --count,
                "variant",  # generate --method ..., variant puzzles in check, solve, export
                "marks",  # sukaku pencil marks in explain and grade
                "generate_variant",  # generate --variant (generate's options and run)
                "vlogic",  # explain and grade of variant puzzles
                "show"}  # how check and solve say an outcome, classic or variant
    commands = {p.stem for p in folder.glob("*.py")} - toolkit
    for path in folder.glob("*.py"):
        text = path.read_text()
        for other in commands - {path.stem}:
            assert f"from .{other} import" not in text, (path.name, other)


def test_the_parser_does_not_load_the_logic_engine_or_a_solver():
    # every command, --help included, builds the whole parser first: it must stay light
    from conftest import loaded_by

    assert loaded_by("from sudoku_cp.cli import build_parser; build_parser()",
                     ("sudoku_cp.logic.api", "sudoku_cp.grade", "ortools", "pysat", "numpy",
                      "numba")) == []


def test_a_command_line_naming_a_command_builds_that_parser_alone():
    # every command's name leads to the module that registers it, and to no other
    from sudoku_cp.cli import app

    whole = app.build_parser()._subparsers._group_actions[0].choices
    assert set(whole) == set(app.NAMES) and set(app.NAMES.values()) == set(app.COMMANDS)
    for name in app.NAMES:
        alone = app.build_parser([name, "--x"])._subparsers._group_actions[0].choices
        assert name in alone and len(alone) <= 2, (name, sorted(alone))  # (generate, grade)
    assert set(app.build_parser(["--help"])._subparsers._group_actions[0].choices) == set(whole)


def test_ctrl_c_while_the_command_modules_load_is_exit_130(monkeypatch, capsys):
    from sudoku_cp.cli import app

    def interrupted(argv=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(app, "build_parser", interrupted)
    assert app.main(["check", "."]) == 130
    assert capsys.readouterr().err == "sudoku-cp: interrupted\n"


# -- a puzzle and its solution on one tab-separated line ----------------------------------------
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = ("483921657967345821251876493548132976729564138136798245"
                 "372689514814253769695417382")


@pytest.mark.parametrize("command", ["check", "solve"])
def test_a_puzzle_tab_solution_line_is_read_as_a_classic_puzzle(tmp_path, capsys, command):
    # joined without its tab the line read as givens plus a jigsaw layout: solve said
    # "none" (the solution's digits as regions) and check said "unknown" (exit 4)
    path = tmp_path / "pairs.txt"
    path.write_text(f"{EASY}\t{EASY_SOLUTION}\n")
    extra = ["--backends", "sat", "--format", "line"] if command == "check" else []
    code, out, err = run(capsys, command, "-f", str(path), *extra)
    assert code == 0, err
    shown = out.split("\t")[2] if command == "check" else "".join(  # (the drawn grid)
        ch for line in out.splitlines()[1:] for ch in line if ch.isdigit())
    assert "variant" not in err and shown.strip() == EASY_SOLUTION


def test_a_wrong_stated_solution_after_a_tab_is_a_mismatch(tmp_path, capsys):
    path = tmp_path / "pairs.txt"
    path.write_text(f"{EASY}\t{EASY_SOLUTION[:-1]}1\n")
    code, out, _ = run(capsys, "check", "-f", str(path), "--backends", "sat", "--format", "line")
    assert code == 3 and "\tmismatch\t" in out


# -- options that would do nothing are refused by name ------------------------------------------
@pytest.mark.parametrize("argv, named", [
    (["--workers", "1", "--format", "line"], "--format line"),
    (["--out", "r.jsonl", "--format", "csv"], "--format csv"),
    (["--workers", "1", "-q"], "-q"),
    (["--checker", "dratify"], "--checker"),
    (["--proof-solver", "glucose4"], "--proof-solver"),
    (["--cap", "5"], "--cap"),
])
def test_check_refuses_an_option_that_would_be_ignored(tmp_path, monkeypatch, capsys, argv, named):
    monkeypatch.chdir(tmp_path)  # (--out r.jsonl would be written here)
    code, out, err = run(capsys, "check", SMALL, "--backends", "backtrack", *argv)
    assert code == 2 and out == "" and not (tmp_path / "r.jsonl").exists()
    assert err.startswith(f"sudoku-cp: error: {named}") and len(err.splitlines()) == 1


def test_check_batch_still_takes_json_and_quiet_with_out(tmp_path, capsys):
    code, out, _ = run(capsys, "check", SMALL, "--backends", "backtrack", "--workers", "1",
                       "--format", "json")
    assert code == 0 and json.loads(out)["verdict"] == "unique"
    code, out, _ = run(capsys, "check", SMALL, "--backends", "backtrack", "--workers", "1",
                       "-q", "--out", str(tmp_path / "r.jsonl"))
    assert code == 0 and out == "" and '"unique"' in (tmp_path / "r.jsonl").read_text()
