"""benchmarks/peers/iss_random_sums.py: the differential's generator for ISS's ``Sum``,
``SumLine``, ``Lunchbox`` and ``CountingCircles`` (before, ``diff_iss.py`` never drew them).

An honest clue must hold on the grid it was read off, by the project's own checker
(``rules.check_solution``, written from the rules' definitions); a dishonest one must
sometimes fail there, or the differential would never see a "none"."""

from __future__ import annotations

import functools
import random
import sys
from pathlib import Path

import pytest

from sudoku_cp.variants.iss import parse_iss
from sudoku_cp.variants.rules import check_solution

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks" / "peers"))

import iss_random  # noqa: E402
import iss_random_sums  # noqa: E402

MODEL = {"Sum": "sum", "SumLine": "sum_line", "Lunchbox": "lunchbox",
         "CountingCircles": "counting_circles"}


@functools.lru_cache(maxsize=None)
def geometry(seed, lo):
    """A random geometry and a full grid for it (a grid costs a SAT call: shared by the types)."""
    rng = random.Random(f"grid-{seed}-{lo}")
    geo = iss_random.Geometry(rng, rng.choice((4, 6, 9)), lo, 1 if rng.random() < 0.2 else 0,
                              rng.choice(iss_random.LAYOUTS))
    return geo, iss_random.fill(rng, geo, geo.houses, [])


def drawn(t, seed, honest):
    """(ISS string, full grid) of one clue of type ``t`` on a random geometry, or None."""
    geo, grid = geometry(seed, 1 if t == "Lunchbox" or seed % 3 else 0)
    rng = random.Random(f"{t}-{seed}-{honest}")
    items = iss_random_sums.clue(rng, geo, grid, t, honest) if grid else []
    return ("." + ".".join(geo.items + items), grid) if items else None


@pytest.mark.parametrize("t", iss_random_sums.ON_REQUEST)
def test_an_honest_clue_holds_on_its_grid_and_a_dishonest_one_sometimes_not(t):
    held = broke = 0
    for seed in range(24):
        for honest in (True, False):
            got = drawn(t, seed, honest)
            if got is None:
                continue
            text, grid = got
            assert f".{t}~" in text
            puzzle = parse_iss(text)
            assert MODEL[t] in {c.TYPE for c in puzzle.constraints}, text
            broken = check_solution(puzzle, grid)
            if honest:
                assert broken == [], (text, grid, broken)
                held += 1
            else:
                broke += bool(broken)
    assert held >= 18 and broke >= 4, (held, broke)


@pytest.mark.parametrize("t", iss_random_sums.ON_REQUEST)
def test_the_puzzles_diff_iss_draws_for_the_type_read_and_name_it(t):
    import diff_iss

    sizes, kinds = set(), set()
    for i in range(9):
        text = diff_iss.puzzle_string(f"pytest:{i}", (t,), (4, 6, 9))
        assert text == diff_iss.puzzle_string(f"pytest:{i}", (t,), (4, 6, 9))
        puzzle = parse_iss(text)
        kinds |= {c.TYPE for c in puzzle.constraints}
        sizes.add(puzzle.size)
    assert MODEL[t] in kinds
    assert sizes == {4, 6, 9}


def test_the_sums_a_line_splits_into_and_a_lunch():
    assert iss_random_sums.split_sums([3, 1, 2, 3], loop=False) == [3, 9]
    assert iss_random_sums.split_sums([1, 3, 2], loop=True) == [3, 6]  # (cut after the 1)
    assert iss_random_sums.split_sums([0, 2, 0, 2], loop=False) == [2, 4]
    assert iss_random_sums.lunch([4, 2, 3, 1, 5]) == 0  # (1 and 5 side by side)
    assert iss_random_sums.lunch([5, 2, 3, 1, 4]) == 2 + 3
