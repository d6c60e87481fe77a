"""benchmarks/peers/iss_random_sums.py and iss_random_more.py: the differential's generators
for the ISS types ``diff_iss.py`` never drew before (``Sum``, ``SumLine``, ``Lunchbox``,
``CountingCircles``; cages, contents, indexing, outside clues and pairs), on request.

An honest clue must hold on the grid it was read off, by the project's own checker
(``rules.check_solution``, written from the rules' definitions); a dishonest one must
sometimes fail there, or the differential would never see a "none"."""

from __future__ import annotations

import functools
import random
import sys
from pathlib import Path

import pytest

from sudoku_cp.variants.iss import ISS_NAMES, parse_iss
from sudoku_cp.variants.rules import check_solution

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks" / "peers"))

import iss_random  # noqa: E402
import iss_random_more  # noqa: E402
import iss_random_sums  # noqa: E402

#: ISS type -> the project's model type it reads as (the parser's own table).
MODEL = {iss: model for model, names in ISS_NAMES.items() for iss in names}
TYPES = [t for extra in iss_random.EXTRA for t in extra.ON_REQUEST]
#: the types of a local clue; a global rule's (its grid is a search of its own: ~14 s each)
#: have test functions of their own, listed in tests/slow.txt
LOCAL = [t for t in TYPES if t not in iss_random_more.GLOBAL]


@functools.lru_cache(maxsize=None)
def geometry(seed, lo, rule=None):
    """A random geometry and a full grid for it, keeping the global ``rule`` when given (a
    grid costs a SAT call: shared by the types)."""
    rng = random.Random(f"grid-{seed}-{lo}")
    geo = iss_random.Geometry(rng, rng.choice((4, 6, 9)), lo, 1 if rng.random() < 0.2 else 0,
                              rng.choice(iss_random.LAYOUTS))
    pairs = iss_random.global_pairs(geo, rule) if rule else []
    return geo, iss_random.fill(rng, geo, geo.houses, pairs)


def drawn(t, seed, honest):
    """(ISS string, full grid) of one clue of type ``t`` on a random geometry, or None."""
    extra = next(x for x in iss_random.EXTRA if t in x.ON_REQUEST)
    rule = t if honest and t in iss_random_more.GLOBAL else None  # (dishonest: any grid)
    geo, grid = geometry(seed, 0 if seed % 3 == 0 else 1, rule)
    if not extra.allowed(t, geo):
        geo, grid = geometry(seed, 1, rule)
    if not extra.allowed(t, geo):
        return None
    rng = random.Random(f"{t}-{seed}-{honest}")
    items = extra.clue(rng, geo, grid, t, honest) if grid else []
    return ("." + ".".join(geo.items + items), grid) if items else None


@pytest.mark.parametrize("t", LOCAL)
def test_an_honest_clue_holds_on_its_grid_and_a_dishonest_one_sometimes_not(t):
    honest_and_dishonest(t)


@pytest.mark.parametrize("t", iss_random_more.GLOBAL)
def test_an_honest_global_rule_holds_on_its_grid_and_a_dishonest_one_sometimes_not(t):
    honest_and_dishonest(t)


def honest_and_dishonest(t):
    held = broke = 0
    kinds = set()
    rule = t in iss_random_more.GLOBAL  # (a grid keeping a global rule is dear: fewer)
    for seed in range(8 if rule else 24):
        for honest in (True, False):
            got = drawn(t, seed, honest)
            if got is None:
                continue
            text, grid = got
            assert f".{t}~" in text or text.endswith(f".{t}")
            puzzle = parse_iss(text)
            kinds |= {c.TYPE for c in puzzle.constraints}
            broken = check_solution(puzzle, grid)
            if honest:
                assert broken == [], (text, grid, broken)
                held += 1
            else:
                broke += bool(broken)
    least = (2, 2) if rule else (18, 4)  # (a global grid is often not found in budget)
    assert held >= least[0] and broke >= least[1], (held, broke)
    assert MODEL[t] in kinds


@pytest.mark.parametrize("t", LOCAL)
def test_the_puzzles_diff_iss_draws_for_the_type_read_and_name_it(t):
    draws_read_and_named(t)


@pytest.mark.parametrize("t", iss_random_more.GLOBAL)
def test_the_puzzles_diff_iss_draws_for_a_global_rule_read_and_name_it(t):
    draws_read_and_named(t)


def draws_read_and_named(t):
    import diff_iss

    sizes, kinds = set(), set()
    for i in range(3 if t in iss_random_more.GLOBAL else 9):
        text = diff_iss.puzzle_string(f"pytest:{i}", (t,), (4, 6, 9))
        assert text == diff_iss.puzzle_string(f"pytest:{i}", (t,), (4, 6, 9))
        puzzle = parse_iss(text)
        kinds |= {c.TYPE for c in puzzle.constraints}
        sizes.add(puzzle.size)
    assert MODEL[t] in kinds
    assert sizes == {4, 6, 9} or t in iss_random_more.GLOBAL


def test_the_sums_a_line_splits_into_and_a_lunch():
    assert iss_random_sums.split_sums([3, 1, 2, 3], loop=False) == [3, 9]
    assert iss_random_sums.split_sums([1, 3, 2], loop=True) == [3, 6]  # (cut after the 1)
    assert iss_random_sums.split_sums([0, 2, 0, 2], loop=False) == [2, 4]
    assert iss_random_sums.lunch([4, 2, 3, 1, 5]) == 0  # (1 and 5 side by side)
    assert iss_random_sums.lunch([5, 2, 3, 1, 4]) == 2 + 3


def test_the_helpers_of_the_second_batch():
    assert iss_random_more.hidden([2, 4, 3, 1]) == 3 and iss_random_more.hidden([1, 2, 3]) is None
    assert iss_random_more.equality([1, 2, 3, 4], 1, 4)  # 2 even, 2 odd; 1,2 low, 3,4 high
    assert not iss_random_more.equality([1, 3, 2, 4][:2], 1, 4)  # 1 and 3: both odd
    assert not iss_random_more.equality([4, 6], 1, 9)  # both even
    assert not iss_random_more.equality([5, 2], 1, 9)  # 5: the middle of 1..9, neither half
    assert iss_random_more.equality([0, 3], 0, 3)  # 0 even and low, 3 odd and high
    # the key as the project reads it: exactly the pairs written
    pairs = {(1, 2), (2, 1), (4, 4), (3, 1)}
    text = f".Shape~4x4.Pair~{iss_random_more.pair_key(pairs, 1, 4)}~R1C1~R1C2"
    got = parse_iss(text).constraints[0].allowed
    assert set(zip(got[::2], got[1::2])) == pairs
