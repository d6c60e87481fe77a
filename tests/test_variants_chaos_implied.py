"""The implied rules of chaos construction (no region of one cell, none of two alone)
cut no solution: on random 5x5 puzzles (no boxes, a chaos construction, a few givens),
``sat`` finds the same (grid, split) pairs with them as without (and ``cpsat`` with them
as ``sat``), and each grid comes as many times as the checker's own search
(``rules_chaos.splits``, which shares no code with the encoders) finds splits of it.
"""

from __future__ import annotations

import importlib.util
import random

import pytest

from sudoku_cp.variants import encode_cnf_chaos, encode_cp_chaos
from sudoku_cp.variants import model as m
from sudoku_cp.variants.paradigms import solve
from sudoku_cp.variants.rules_chaos import splits

CHAOS = (m.ChaosConstruction(),)
LIMIT = 200


def _latin_square(rng, n):
    """A random n x n Latin square: the cyclic one, rows, columns and values shuffled."""
    rows, cols, values = (rng.sample(range(n), n) for _ in range(3))
    return tuple(values[(rows[r] + cols[c]) % n] + 1 for r in range(n) for c in range(n))


def _puzzle(seed):
    rng = random.Random(seed)
    n = 5
    grid = _latin_square(rng, n)
    cells = sorted(rng.sample(range(n * n), rng.randint(12, 16)))
    return m.VariantPuzzle(n, box=None, givens=tuple((x, grid[x]) for x in cells),
                           constraints=CHAOS)


def _counted(p, paradigm):
    r = solve(p, paradigm, limit=LIMIT, time_limit=120)
    assert r.exhausted, f"{paradigm}: more than {LIMIT} solutions or out of time"
    return {g: r.solutions.count(g) for g in set(r.solutions)}


def _truth(p, found):
    """Each grid found, with the checker's count of its splits."""
    truth = {g: k for g in found if (k := len(list(splits(p, g))))}
    assert truth, "the draw has no solution: the test would compare nothing"
    return truth


@pytest.mark.parametrize("seed", range(6))
def test_sat_s_implied_clauses_keep_every_grid_and_split(seed, monkeypatch):
    p = _puzzle(seed)
    monkeypatch.setattr(encode_cnf_chaos, "IMPLIED", frozenset())
    without = _counted(p, "sat")
    monkeypatch.setattr(encode_cnf_chaos, "IMPLIED", frozenset({"lone", "pair"}))
    assert without == _counted(p, "sat") == _truth(p, without)


@pytest.mark.skipif(not importlib.util.find_spec("ortools"), reason="OR-Tools not installed")
def test_cpsat_s_implied_rules_keep_every_grid_and_split(monkeypatch):
    p = _puzzle(1)  # (48 splits of one grid: cpsat re-solves once a solution, ~4 s)
    monkeypatch.setattr(encode_cp_chaos, "IMPLIED", frozenset({"lone", "pair"}))
    got = _counted(p, "cpsat")
    assert got == _truth(p, got) == _counted(p, "sat")
