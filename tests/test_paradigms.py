"""The dlx, mip and asp backends beyond the shared contract (tests/test_contract.py):
agreement of all six on random puzzles with extra houses, time limits that end in
'unknown', boards a backend refuses, missing extras, and the command line."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sudoku_cp import Board, PuzzleError, Status, Verdict, crosscheck, is_solution, solve
from sudoku_cp.backends import backend_class
from sudoku_cp.errors import MissingDependencyError
from sudoku_cp.cli import main
from conftest import ALL_BACKENDS, DATA, OPTIONAL, backend_param, load, pattern_grid

AVAILABLE = [b for b in ALL_BACKENDS
             if b not in OPTIONAL or importlib.util.find_spec(OPTIONAL[b][0]) is not None]
NEW = [backend_param(b) for b in ("dlx", "mip", "asp")]


# -- property: all six agree on random puzzles with extra houses of 2..n cells -------------
@st.composite
def puzzles_with_extra_houses(draw):
    """A valid grid (relabelled pattern), some givens, and extra houses of 2..n cells whose
    values in the grid differ, so the grid stays a solution."""
    br, bc = draw(st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3)]))
    n = br * bc
    relabel = draw(st.permutations(range(1, n + 1)))
    full = [relabel[v - 1] for v in pattern_grid(br, bc)]
    houses = []
    for _ in range(draw(st.integers(1, 3))):
        size = draw(st.integers(2, n))
        cells = draw(st.lists(st.integers(0, n * n - 1), min_size=size, max_size=size,
                              unique_by=lambda c: full[c]))
        houses.append(tuple(cells))
    keep = draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    givens = [v if k else 0 for v, k in zip(full, keep)]
    return (Board.from_values(full, box=(br, bc), houses=houses),
            Board.from_values(givens, box=(br, bc), houses=houses))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles_with_extra_houses())
def test_all_backends_agree_with_extra_houses_of_any_size(case):
    full, board = case
    assert is_solution(full, full.givens)  # the generator keeps the grid a solution
    report = crosscheck(board, AVAILABLE)
    assert report.verdict in (Verdict.UNIQUE, Verdict.MULTIPLE), report.evidence
    assert all(is_solution(board, s) for s in report.solutions)
    if report.verdict is Verdict.UNIQUE:
        assert report.solution == full.givens


@pytest.mark.parametrize("name", NEW)
def test_a_small_extra_house_is_at_most_once_not_every_value(name):
    # A 4x4 whose extra house of 3 cells cannot hold all 4 values: still solvable, and
    # every solution keeps the three cells distinct.
    board = Board.from_values([0] * 16, houses=[(0, 5, 10)])
    result = solve(board, name, limit=5)
    assert result.status is Status.SOLVED and len(result.solutions) == 5
    assert all(is_solution(board, s) for s in result.solutions)


# -- time limits that end before any solution: 'unknown' -------------------------------------
def test_dlx_reads_the_clock_and_answers_unknown(monkeypatch):
    import sudoku_cp.backends.dlx as dlx

    monkeypatch.setattr(dlx, "CLOCK_EVERY", 1)  # read it at every node
    result = dlx.DlxBackend().solve(Board.empty((3, 3)), limit=1, time_limit=0.0)
    assert result.status is Status.UNKNOWN and not result.exhausted and not result.solutions


@pytest.mark.parametrize("name", [backend_param("mip"), backend_param("asp")])
def test_own_time_limit_gives_unknown(name):
    """The backend's own clock stops it: asked for a million solutions of an empty 16x16
    board, it can neither find them all nor exhaust the search within the limit. (Asked
    for one, clasp found it in 3 ms and sometimes beat its own cancel under load.)"""
    board = Board.empty((4, 4))
    result = solve(board, name, limit=10**6, time_limit=0.05)
    assert result.timed_out and not result.exhausted
    assert all(is_solution(board, s) for s in result.solutions)
    assert result.time_s < 20


# -- boards a backend refuses --------------------------------------------------------------
@pytest.mark.parametrize("name,box", [("dlx", (5, 13)), ("mip", (7, 7)), ("asp", (7, 7))])
def test_a_board_too_large_is_refused_with_the_reason(name, box):
    if name in OPTIONAL:
        module, extra = OPTIONAL[name]
        pytest.importorskip(module, reason=f'{module} is not installed ("sudoku-cp[{extra}]")')
    with pytest.raises(PuzzleError, match=rf"the {name} backend refuses a (\d+)x\1 board"):
        solve(Board.empty(box), name)


def test_the_cli_refuses_it_in_one_line(tmp_path, capsys):
    pytest.importorskip("highspy", reason='highspy is not installed ("sudoku-cp[mip]")')
    puzzle = tmp_path / "big.txt"
    puzzle.write_text(",".join(["0"] * 49 ** 2) + "\n")
    assert main(["solve", "--backend", "mip", "-f", str(puzzle)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "refuses a 49x49 board" in err[0]


# -- missing extras, and living beside OR-Tools ----------------------------------------------
@pytest.mark.parametrize("name,module,extra", [("mip", "highspy", "mip"),
                                               ("asp", "clingo", "asp")])
def test_a_missing_package_names_its_extra(monkeypatch, name, module, extra):
    monkeypatch.setitem(sys.modules, module, None)  # makes `import` fail
    with pytest.raises(MissingDependencyError, match=rf'pip install "sudoku-cp\[{extra}\]"'):
        backend_class(name)()


@pytest.mark.skipif(importlib.util.find_spec("highspy") is None,
                    reason='highspy is not installed (pip install "sudoku-cp[mip]")')
@pytest.mark.parametrize("first", ["cpsat", "mip"])
def test_mip_and_cpsat_share_one_process_in_either_order(first):
    # OR-Tools bundles its own HiGHS as libhighs.so.1: a highspy of another HiGHS version
    # fails to load after it (or breaks it). pyproject.toml pins the matching one.
    second = "mip" if first == "cpsat" else "cpsat"
    line = load("17clue_sample.txt")[0]
    code = ("from sudoku_cp import Board, solve; "
            f"b = Board.parse({line!r}); "
            f"print(solve(b, {first!r}, limit=2).count, solve(b, {second!r}, limit=2).count)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["1", "1"]


def test_importing_the_package_loads_neither_highspy_nor_clingo():
    code = ("import sys, sudoku_cp, sudoku_cp.cli, sudoku_cp.encode.formats; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('highspy', 'clingo')))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


# -- statistics -----------------------------------------------------------------------------
def test_native_statistics_of_each_paradigm():
    board = Board.parse(load("top95_sample.txt")[0])
    expected = {"dlx": {"nodes", "updates"},
                "mip": {"simplex_iterations", "nodes", "presolve_solved"},
                "asp": {"choices", "conflicts", "ground_s", "solve_s"}}
    for name in AVAILABLE:
        if name in expected:
            stats = solve(board, name, limit=2).stats
            assert expected[name] <= set(stats), name
    if "dlx" in AVAILABLE:
        stats = solve(board, "dlx", limit=2).stats
        assert stats["nodes"] > 0 and stats["updates"] > stats["nodes"]


# -- the command line -------------------------------------------------------------------------
def test_check_cross_checks_any_mix_of_paradigms(tmp_path, capsys):
    lines = load("17clue_sample.txt")[:2] + load("top95_sample.txt")[:1]
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("\n".join(lines) + "\n")
    specs = ",".join(["sat", *[b for b in ("dlx", "mip", "asp") if b in AVAILABLE]])
    assert main(["check", "--backends", specs, "--json", "-f", str(puzzles)]) == 0
    import json

    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["verdict"] for r in records] == ["unique"] * 3
    assert set(records[0]["backends"]) == set(specs.split(","))


def test_bench_takes_their_specs(tmp_path):
    pytest.importorskip("matplotlib", reason="the bench plots need matplotlib")
    specs = ",".join(b for b in ("dlx", "mip", "asp") if b in AVAILABLE)
    out = tmp_path / "bench"
    assert main(["bench", str(DATA / "17clue_sample.txt"), "--limit", "3", "--backends", specs,
                 "--out", str(out), "--no-progress"]) == 0
    summary = (out / "summary.md").read_text()
    assert all(spec in summary for spec in specs.split(","))
