"""``benchmarks/witness_runs.py``: the witness's propagator runs counted by class."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from witness_runs import tally_runs  # noqa: E402

from sudoku_cp.variants import witness  # noqa: E402
from sudoku_cp.variants.model import KillerCage, VariantPuzzle  # noqa: E402


#: A classic with few givens (A. Inkala's), which the houses alone do not finish.
_GIVENS = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def _puzzle():
    """That classic with a cage of two cells from its solution: 39 failed guesses."""
    givens = tuple((i, int(ch)) for i, ch in enumerate(_GIVENS) if ch != ".")
    return VariantPuzzle(9, givens=givens, constraints=(KillerCage((79, 80), 7),))


def test_every_failed_guess_is_one_failing_run_and_the_search_is_unchanged():
    plain = witness.solve(_puzzle(), limit=2)
    result, tally = tally_runs(_puzzle())
    assert result.stats == plain.stats and result.solutions == plain.solutions
    assert plain.stats["backtracks"] > 0
    # propagate stops at the first failing run: one a backtrack (the root does not fail)
    assert sum(tally["fail"].values()) == plain.stats["backtracks"]
    for name, runs in tally["runs"].items():
        assert tally["fail"][name] + tally["narrow"][name] <= runs
    assert set(tally["runs"]) >= {"Houses", "DistinctSum"}
    assert len(plain.solutions) == 1


def test_a_node_budget_stops_the_search_and_counts_less():
    full = tally_runs(_puzzle())[1]
    result, part = tally_runs(_puzzle(), nodes=2)
    assert result.status == "timeout" and result.stats["nodes"] <= 3
    assert sum(part["runs"].values()) < sum(full["runs"].values())


def test_each_propagator_counts_add_up_to_its_class():
    by_class = tally_runs(_puzzle())[1]
    result, each = tally_runs(_puzzle(), each=True)
    assert result.stats == witness.solve(_puzzle(), limit=2).stats
    for key in ("runs", "fail", "narrow"):
        summed = {}
        for name, count in each[key].items():
            index, cls, cells = name.split(":")
            assert int(index) >= 0 and int(cells) > 0
            summed[cls] = summed.get(cls, 0) + count
        assert summed == {k: v for k, v in by_class[key].items() if v}
    # one line per propagator: the houses and the cage's sum at least
    assert len({name.split(":")[0] for name in each["runs"]}) >= 2
