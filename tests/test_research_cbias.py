"""Controlled-bias generation and clue statistics (sudoku_cp.research.cbias, stats command)."""

from __future__ import annotations

import importlib.util
import json
import math

import pytest

from sudoku_cp import Board, solve
from sudoku_cp.cli import main
from sudoku_cp.research.cbias import (PUBLISHED, chi2_homogeneity, chi2_sf, clue_stats,
                                      correction_factors, histogram_stats)
from conftest import DATA, pattern_grid

needs_numba = pytest.mark.skipif(importlib.util.find_spec("numba") is None,
                                 reason='numba is not installed (pip install "sudoku-cp[fast]")')

#: Berthier's clue-count histogram of all his controlled-bias collections (5,926,343
#: puzzles; CB-stats.clp in his repository), and his figures for it (2009, Table 4).
BERTHIER = {20: 2, 21: 164, 22: 6651, 23: 110103, 24: 704089, 25: 1814413, 26: 2002349,
            27: 1007700, 28: 247259, 29: 31449, 30: 2088, 31: 74, 32: 2}


def test_the_correction_factors_are_berthiers():
    """His published sequence for n = 19..31 with cf(26) = 1 (Berthier 2009, section V.B)."""
    published = [0.00134, 0.00415, 0.0120, 0.0329, 0.0843, 0.204, 0.464, 1, 2.037, 3.929,
                 7.180, 12.445, 20.474]
    ours = list(correction_factors(range(19, 32)).values())
    for mine, his in zip(ours, published):
        assert mine == pytest.approx(his, rel=0.006)


def test_his_histogram_gives_his_means():
    stats = histogram_stats(BERTHIER)
    assert stats.samples == 5_926_343
    assert round(stats.mean, 3) == PUBLISHED["cb_mean"] and round(stats.sd, 3) == 1.117
    assert abs(stats.corrected_mean - PUBLISHED["real_mean"]) < 0.005
    assert stats.corrected_ci[0] < PUBLISHED["real_mean"] < stats.corrected_ci[1]


def test_chi2_sf_against_known_quantiles():
    # the 5% and 1% critical values of the chi-square distribution
    for x, dof, p in [(3.841, 1, 0.05), (6.635, 1, 0.01), (11.070, 5, 0.05), (15.086, 5, 0.01),
                      (18.307, 10, 0.05), (0.0, 3, 1.0)]:
        assert chi2_sf(x, dof) == pytest.approx(p, abs=5e-4)


def test_chi2_homogeneity_tells_same_from_different():
    same = chi2_homogeneity({24: 100, 25: 300, 26: 320, 27: 180},
                            {24: 110, 25: 290, 26: 330, 27: 170})
    other = chi2_homogeneity({24: 100, 25: 300, 26: 320, 27: 180},
                             {24: 300, 25: 320, 26: 200, 27: 80})
    assert same[2] > 0.5 and other[2] < 1e-6 and same[1] == 3


def _minimal_puzzles_by_clues(grid, box):
    """Every minimal puzzle of one small grid, counted by clues (brute force over all
    subsets of cells, uniqueness from the fast engine)."""
    import numpy as np

    from sudoku_cp.backends import fast
    from sudoku_cp.board import geometry

    cells = len(grid)
    subsets = np.arange(1 << cells)
    bits = (subsets[:, None] >> np.arange(cells)) & 1
    counts, _, _ = fast.check_array(bits * np.array(grid), geometry(*box), 2)
    unique = counts == 1
    by_clues = {}
    for mask in np.flatnonzero(unique):
        if all(not unique[mask & ~(1 << c)] for c in range(cells) if mask >> c & 1):
            n = bin(mask).count("1")
            by_clues[n] = by_clues.get(n, 0) + 1
    return by_clues


@needs_numba
def test_controlled_bias_draws_with_the_known_law_on_a_4x4_grid():
    """From one grid, an n-clue minimal puzzle comes out with probability 1/C(16, n): the
    clue counts of a large sample fit M(n)/C(16, n), M(n) counted by brute force."""
    from sudoku_cp.research.cbias import controlled_bias

    grid = pattern_grid(2, 2)
    minimal = _minimal_puzzles_by_clues(grid, (2, 2))
    sample = controlled_bias(3000, box=(2, 2), seed=11, grid=grid, batch=5000)
    assert len(sample.puzzles) == 3000
    for puzzle in sample.puzzles[:200]:
        board = Board.from_values(list(puzzle), box=(2, 2))
        result = solve(board, "backtrack", limit=2)
        assert len(result.solutions) == 1 and tuple(result.solution) == tuple(grid)
        for c, v in enumerate(puzzle):
            if v:
                fewer = board.with_givens(puzzle[:c] + (0,) + puzzle[c + 1:])
                assert len(solve(fewer, "backtrack", limit=2).solutions) == 2
    weights = {n: m / math.comb(16, n) for n, m in minimal.items()}
    total = sum(weights.values())
    drawn = clue_stats([sum(1 for v in p if v) for p in sample.puzzles]).histogram
    assert set(drawn) <= set(minimal)
    stat = sum((drawn.get(n, 0) - 3000 * w / total) ** 2 / (3000 * w / total)
               for n, w in weights.items())
    assert chi2_sf(stat, len(weights) - 1) > 0.001, (drawn, weights)
    # and a top-down law (1/M-weighted as drawn, i.e. no correction) would not fit
    assert drawn != minimal


@needs_numba
@pytest.mark.parametrize("cut", [16, 4])
def test_controlled_bias_success_rate_is_the_law_on_a_4x4_grid(cut):
    """A try succeeds with probability sum over n <= cut of M(n)/C(16, n): the law's scale,
    not only its shape, and with a cut (the deletions before it unchecked and undrawn)."""
    from sudoku_cp.research.cbias import run_chunk

    grid = pattern_grid(2, 2)
    minimal = _minimal_puzzles_by_clues(grid, (2, 2))
    p = sum(m / math.comb(16, n) for n, m in minimal.items() if n <= cut)
    part = run_chunk((2, 2), 1, 0, 1, 20_000, cut, grid=grid)
    assert part.tries == 20_000 and {sum(1 for v in q if v) for q in part.puzzles} \
        == {n for n in minimal if n <= cut}
    sd = math.sqrt(p * (1 - p) / part.tries)
    assert abs(len(part.puzzles) / part.tries - p) < 4 * sd, (len(part.puzzles), p)


@needs_numba
@pytest.mark.parametrize("cut", [36, 12])
def test_known_unavoidable_sets_change_nothing_but_the_searches(cut):
    """The learned unavoidable sets only answer checks a search would answer the same way:
    with them off, a chunk gives the same puzzles from the same tries."""
    from sudoku_cp.research.cbias import run_chunk

    with_sets = run_chunk((2, 3), 4, 0, 20, 50, cut)
    without = run_chunk((2, 3), 4, 0, 20, 50, cut, sets=0)
    assert with_sets.puzzles == without.puzzles and with_sets.puzzles
    assert with_sets.tries == without.tries == 1000
    assert with_sets.skipped > 0 and without.skipped == 0
    assert with_sets.searches + with_sets.skipped == without.searches
    for puzzle in with_sets.puzzles:  # unique and minimal, by the independent backtracker
        board = Board.from_values(list(puzzle), box=(2, 3))
        assert len(solve(board, "backtrack", limit=2).solutions) == 1
        for c, v in enumerate(puzzle):
            if v:
                fewer = board.with_givens(puzzle[:c] + (0,) + puzzle[c + 1:])
                assert len(solve(fewer, "backtrack", limit=2).solutions) == 2


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_stats_command(capsys, tmp_path):
    path = tmp_path / "sample.txt"
    lines = [line.split()[0] for line in (DATA / "cb002_sample.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run(capsys, "stats", "-f", str(path), "--against", str(path))
    assert code == 0
    assert f"{len(lines)} puzzles of 81 cells" in out and "corrected mean" in out
    assert "p = 1" in out
    code, out, _ = run(capsys, "stats", "-f", str(path), "--json")
    record = json.loads(out)
    assert record["samples"] == len(lines) and record["corrected_mean"] > record["mean"]


@needs_numba
def test_generate_controlled_bias_command(capsys):
    code, out, err = run(capsys, "generate", "--method", "controlled-bias", "-n", "3",
                         "--box", "2x2", "--seed", "5", "-q")
    assert code == 0 and len(out.split()) == 3
    assert "3 minimal puzzles" in err and "tries/s" in err and "per CPU second" in err


@needs_numba
def test_controlled_bias_on_worker_processes_gives_the_same_puzzles(capsys):
    """Chunk i is seeded from (seed, i) and chunks are taken in index order: two local
    worker processes give the puzzles one process gives."""
    argv = ["generate", "--method", "controlled-bias", "-n", "12", "--box", "2x3", "--seed",
            "5", "-q", "--no-verify"]
    code, alone, _ = run(capsys, *argv)
    code2, pooled, err = run(capsys, *argv, "--workers", "2")
    assert code == code2 == 0 and alone == pooled and len(alone.split()) == 12, err


@pytest.mark.parametrize("argv,message", [
    (["--method", "controlled-bias", "--symmetry", "rot180"], "--symmetry does not apply"),
    (["--method", "controlled-bias", "--clues", "25", "--difficulty", "easy"],
     "--clues, --difficulty do not apply"),
    (["--time-limit", "5"], "--time-limit goes with --method controlled-bias"),
    (["--workers", "2", "--engine", "dask"], "--workers, --engine go with --method controlled"),
    (["--method", "controlled-bias", "--scheduler", "tcp://127.0.0.1:8786"],
     "--scheduler needs --engine dask"),
])
def test_generate_refuses_options_that_do_not_apply(capsys, argv, message):
    code, out, err = run(capsys, "generate", *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_stats_of_4x4_puzzles_is_a_table_not_a_traceback(capsys):
    # cf was normalised by C(cells, 26), which is 0 for a 16-cell board: ZeroDivisionError
    from sudoku_cp.cli import main

    assert main(["stats", "1...............", "12..............", "123............."]) == 0
    out = capsys.readouterr().out
    assert "3 puzzles of 16 cells" in out and "corrected mean" in out


def test_the_corrected_figures_do_not_depend_on_the_reference_count():
    from sudoku_cp.research.cbias import correction_factors, histogram_stats

    stats = histogram_stats({24: 3, 26: 5, 30: 1})
    cf = correction_factors([24, 26, 30])  # Berthier's normalisation, cf(26) = 1
    total = 3 * cf[24] + 5 * cf[26] + cf[30]
    assert stats.corrected[24] == pytest.approx(3 * cf[24] / total)
