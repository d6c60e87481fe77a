"""Exact grid counts and Knuth's estimate (sudoku_cp.research.count, .estimate, solve --count)."""

from __future__ import annotations

import importlib.util
import json

import pytest

from sudoku_cp import Board, solve
from sudoku_cp.cli import main

pytestmark = pytest.mark.skipif(importlib.util.find_spec("numba") is None,
                                reason='numba is not installed (pip install "sudoku-cp[fast]")')

#: Published grid counts: 4x4 and 6x6 are classic; the 8x8 (2x4 boxes) figure is the
#: one in OEIS A107739 and Russell and Jarvis's work.
EXACT = {(2, 2): 288, (2, 3): 28_200_960, (2, 4): 29_136_487_207_403_520}


@pytest.mark.parametrize("box,count", [((2, 2), 288), ((2, 3), 28_200_960),
                                       ((3, 2), 28_200_960),
                                       # Latin squares (1xN boxes): reduced counts × n!(n-1)!
                                       ((1, 4), 576), ((1, 5), 161_280), ((1, 6), 812_851_200)])
def test_exact_counts_match_the_published_ones(box, count):
    from sudoku_cp.research.count import count_grids

    assert count_grids(box).count == count


def test_the_4x4_count_agrees_with_plain_enumeration():
    result = solve(Board.empty((2, 2)), "backtrack", limit=1000)
    assert result.exhausted and len(result.solutions) == 288


def test_each_first_band_class_completes_as_the_fast_backend_counts():
    """The compiled counter's reduced count times the lower-row factor is the number of
    completions a general solver finds for the same first band, class by class."""
    import numpy as np

    from sudoku_cp.research._compiled import load
    from sudoku_cp.research.count import band_classes, lower_factor

    kernels = load("_count_kernels")
    box_rows, box_cols = 2, 3
    n = 6
    classes = band_classes(box_rows, box_cols)
    assert sum(size for _, size in classes) == 36
    for band, _ in classes:
        givens = [v + 1 for row in band for v in row] + [0] * (n * n - box_rows * n)
        full = solve(Board.from_values(givens, box=(box_rows, box_cols)), "fast", limit=10**6)
        assert full.exhausted
        grid = np.array(givens, np.int64)
        reduced = kernels.count_completions(grid, n, box_rows, box_cols)
        assert reduced * lower_factor(box_rows, n) == len(full.solutions)


def test_no_exact_count_past_8x8():
    from sudoku_cp.errors import UsageError
    from sudoku_cp.research.count import count_grids

    with pytest.raises(UsageError, match="9x9 grids is out of reach"):
        count_grids((3, 3))


@pytest.mark.parametrize("box", sorted(EXACT))
def test_the_estimate_interval_holds_the_exact_count(box):
    from sudoku_cp.research.estimate import estimate_count

    est = estimate_count(Board.empty(box), samples=20_000, seed=7)
    assert est.contains(EXACT[box]), est.text()
    assert est.rse < 0.05 and est.samples == 20_000


def test_the_estimate_is_unbiased_on_a_puzzle_with_a_known_count():
    """Hidden singles (on by default with givens) keep the mean: the interval holds the
    count that exhaustive search finds, with and without them."""
    from sudoku_cp.research.estimate import estimate_count

    puzzle = Board.parse("41..6........5..4.......31...5..7....9.........."
                         "912..82...4.57.......68.....7..9.")  # 22 givens of a valid grid
    exact = solve(puzzle, "fast", limit=10**6)
    assert exact.exhausted and len(exact.solutions) > 100
    for singles in (True, False):
        est = estimate_count(puzzle, samples=20_000, seed=3, singles=singles)
        assert est.contains(len(exact.solutions)), (singles, est.text())


def test_a_clash_estimates_zero():
    from sudoku_cp.research.estimate import estimate_count

    est = estimate_count(Board.parse("11" + "." * 14), samples=10)
    assert est.mean == 0 and est.dead == 10 and est.text().startswith("about 0 ")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_count_empty_prints_the_exact_count(capsys):
    code, out, err = run(capsys, "solve", "--count", "--empty", "--box", "2x3")
    assert code == 0, err
    assert "28,200,960 complete grids (exact" in out


def test_solve_count_empty_json(capsys):
    code, out, _ = run(capsys, "solve", "--count", "--empty", "--size", "4", "--json")
    record = json.loads(out)
    assert code == 0 and record["count"] == "288" and record["exact"] is True


def test_solve_estimate_says_about_with_interval_and_samples(capsys):
    code, out, _ = run(capsys, "solve", "--estimate", "--empty", "--box", "2x2",
                       "--samples", "500", "--seed", "4")
    assert code == 0
    assert "about " in out and "95% CI" in out and "500 random paths" in out and "seed 4" in out


def test_solve_count_empty_9x9_falls_back_to_an_estimate(capsys):
    code, out, err = run(capsys, "solve", "--count", "--empty", "--box", "3x3",
                         "--samples", "300")
    assert code == 0
    assert "out of reach" in err and "about " in out and "complete grids" in out


@pytest.mark.parametrize("argv,message", [
    (["--empty", "--box", "2x2"], "needs --count"),
    (["--count", "--empty"], "needs --box RxC or --size N"),
    (["--estimate", "--empty", "--box", "2x2", "--samples", "1"], "at least 2"),
    (["--count", "--empty", "--box", "2x2", "1..."], "give no PUZZLE"),
    (["--count", "--size", "4"], "goes with --empty"),
    # an estimate's options where no estimate can be made were ignored without a word
    (["1...............", "--samples", "50"], "--samples goes with --estimate"),
    (["1...............", "--count", "--seed", "3"], "--seed goes with --estimate"),
    # options of a solve that a count by enumeration or random paths never used
    (["1...............", "--estimate", "--image", "p.svg"], "--image does not apply"),
    (["1...............", "--estimate", "--limit", "3"], "--limit does not apply"),
    (["--count", "--empty", "--size", "4", "--backend", "cpsat"], "--backend does not apply"),
])
def test_bad_counting_options_are_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, "solve", *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_kernels_still_work_after_the_fast_backend_loaded_its_stored_code():
    """The fast backend's stored object code binds numba's runtime helpers to aborting
    stubs process-wide; research kernels linked afterwards must rebind them (a subprocess:
    the failure is an abort)."""
    import subprocess
    import sys
    from pathlib import Path

    script = ("from sudoku_cp import Board, solve\n"
              "from sudoku_cp.research.count import count_grids\n"
              "assert count_grids((2, 2)).count == 288\n"
              "assert len(solve(Board.empty((2, 2)), 'fast', limit=300).solutions) == 288\n"
              "from sudoku_cp.research.estimate import estimate_count\n"
              "print(estimate_count(Board.empty((2, 3)), samples=1000, seed=9).text())\n")
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("about ")


def test_a_count_cut_by_the_time_limit_adds_an_estimate(capsys):
    one_given = "." * 78 + "1.."
    code, out, _ = run(capsys, "solve", "--count", "--time-limit", "0.2", "--samples", "2000",
                       one_given)
    first, second = out.splitlines()[:2]
    # the count is not known: "unknown" and exit 4 (check's time-out code), never "solved"
    assert code == 4 and ": unknown by " in first and "solved" not in first
    assert "at least " in first and "a lower bound, the count is unknown" in first
    assert second.startswith("  instead: about ") and "2,000 random paths" in second
    low, high = (float(x) for x in second.split("CI ")[1].split(";")[0].split(" .. "))
    assert low <= 6_670_903_752_021_072_936_960 / 9 <= high


def test_a_count_cut_by_the_time_limit_is_a_lower_bound_in_json(capsys):
    one_given = "." * 78 + "1.."
    code, out, _ = run(capsys, "solve", "--count", "--time-limit", "0.1", "--json", one_given)
    record = json.loads(out.splitlines()[0])
    assert code == 4 and record["verdict"] == "unknown" and record["exhausted"] is False
    assert record["count_is"] == "lower bound" and record["count"].startswith(">=")
    code, out, _ = run(capsys, "solve", "--count", "--json", "--box", "2x2", "." * 15 + "1")
    record = json.loads(out)
    assert code == 0 and record["count_is"] == "exact" and int(record["count"]) == 288 // 4
