"""ISS's set, connection, rank and doppelganger rules (issue 37, second batch): the checker
by definition, each paradigm against plain enumeration on 4x4 grids (values 1..4, and
wider ranges where the rule needs them), the paradigms against each other on 9x9 puzzles
read off random full grids, and the ISS strings that carry them (RegionSize,
SearchPriority included).
"""

from __future__ import annotations

import importlib.util
import random
from functools import lru_cache

import pytest

from sudoku_cp.errors import PuzzleError
from sudoku_cp.variants import model as m
from sudoku_cp.variants.iss import parse_iss, read_iss
from sudoku_cp.variants.iss_write import write_iss
from sudoku_cp.variants.paradigms import PARADIGMS, UnsupportedConstraint, solve
from sudoku_cp.variants.rules import check_solution, is_solution
from test_variants_properties import random_grid

PRESENT = [name for name, module in PARADIGMS.items() if importlib.util.find_spec(module)]
NEW = ("same_values", "region_same_values", "connected_values", "doppelganger", "full_rank",
       "full_rank_ties")
GRID = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)


def all_grids(puzzle):
    """Every grid keeping the houses and givens of ``puzzle`` (plain backtracking)."""
    return _all_grids(puzzle.size, puzzle.box, puzzle.regions, puzzle.values, puzzle.givens)


@lru_cache(maxsize=None)
def _all_grids(n, box, regions, values, givens):
    p = m.VariantPuzzle(n, box=box, regions=regions, values=values, givens=givens)
    peers = [set() for _ in range(n * n)]
    for h in p.houses():
        for a in h:
            peers[a].update(y for y in h if y < a)
    fixed, grid, out = dict(givens), [None] * (n * n), []

    def fill(x):
        if x == n * n:
            out.append(tuple(grid))
            return
        for v in ([fixed[x]] if x in fixed else p.value_range):
            if all(grid[y] != v for y in peers[x]):
                grid[x] = v
                fill(x + 1)
        grid[x] = None

    fill(0)
    return out


def _agree(puzzle, limit=400):
    truth = {g for g in all_grids(puzzle) if is_solution(puzzle, g)}
    for paradigm in PRESENT:
        r = solve(puzzle, paradigm, limit=limit, time_limit=60)
        assert r.exhausted, (paradigm, r.status)
        found = {tuple(s) for s in r.solutions}
        for s in found:
            assert check_solution(puzzle, s) == [], paradigm
        assert found == truth, (paradigm, len(found), len(truth))
    return len(truth)


# -- the checker, from the definitions --------------------------------------------------------------

def test_same_values_counts_each_value():
    # R1C1=1 R2C3=1; R1C2=2 R3C1=2: sets (1,2) and (1,2) hold the same; (1,2) and (1,1) do not
    assert is_solution(m.VariantPuzzle(4, constraints=(m.SameValues((0, 1, 6, 8), 2),)), GRID)
    broken = m.VariantPuzzle(4, constraints=(m.SameValues((0, 1, 6, 13), 2),))
    assert check_solution(broken, GRID)[0].startswith("same_values")
    assert is_solution(m.VariantPuzzle(4, constraints=(m.SameValues((0, 6, 9), 3),)), GRID)


def test_connected_values_by_definition():
    # the 1s and 2s of GRID: (0,1),(1,... ) ; rows 0 and 1 hold 1 2 / . . 1 2 / 2 1 / . . 2 1
    ones_twos = {x for x in range(16) if GRID[x] in (1, 2)}
    assert ones_twos == {0, 1, 6, 7, 8, 9, 14, 15}
    # 1,2 at (0,1) touch; (6,7) touch each other, not (0,1): so two groups at least
    assert not is_solution(m.VariantPuzzle(4, constraints=(m.ConnectedValues((1, 2)),)), GRID)
    everything = m.ConnectedValues((1, 2, 3, 4), 16)
    assert is_solution(m.VariantPuzzle(4, constraints=(everything,)), GRID)
    wrong_size = m.ConnectedValues((1, 2, 3, 4), 15)
    assert not is_solution(m.VariantPuzzle(4, constraints=(wrong_size,)), GRID)


def test_full_rank_counts_the_smaller_lines():
    # rows 1234, 3412, 2143, 4321 and their reverses 4321, 2143, 3412, 1234; columns
    # 1324, 2413, 3142, 4231 and reverses 4231, 3142, 2413, 1324: 1234 is smallest, tied once
    # (row 1 forward = row 4 backward), so it ranks 1 only where ties are allowed
    row1 = (0, 1, 2, 3)
    assert not is_solution(m.VariantPuzzle(4, constraints=(m.FullRank(row1, 1),)), GRID)
    ok = m.VariantPuzzle(4, constraints=(m.FullRank(row1, 1), m.FullRankTies("any")))
    assert is_solution(ok, GRID)
    assert not is_solution(m.VariantPuzzle(4, constraints=(m.FullRankTies("none"),)), GRID)
    assert is_solution(m.VariantPuzzle(4, constraints=(m.FullRankTies("only-unclued"),)), GRID)
    # column 1 read down, 1324: smaller are 1234 twice, so rank 3 (any ties)
    col1 = (0, 4, 8, 12)
    assert is_solution(m.VariantPuzzle(4, constraints=(m.FullRank(col1, 3), m.FullRankTies("any"))), GRID)


def test_doppelganger_by_definition():
    p = m.VariantPuzzle(4, values=(0, 4), constraints=(m.Doppelganger(),))
    # rows miss 3 2 1 4, columns 4 2 3 1, boxes 2 3 4 1; the 0s: R1C1 sees 3 4 2, R2C4
    # 2 1 3, R3C2 1 2 4, R4C3 4 3 1: every rule kept
    kept = (0, 1, 2, 4,
            3, 4, 1, 0,
            2, 0, 4, 3,
            1, 3, 0, 2)
    assert check_solution(p, kept) == []
    # every row misses 4 (so do the columns and boxes), and each 0 sees 4 missed thrice
    same = (0, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0)
    assert any("two rows miss the same value" in why for why in check_solution(p, same))
    no_zero = (0, 1, 2, 3, 2, 3, 1, 4, 1, 0, 3, 2, 3, 2, 0, 1)  # row 2 holds no 0
    assert "row 2 misses [0]" in check_solution(p, no_zero)[0]
    assert not is_solution(m.VariantPuzzle(4, constraints=(m.Doppelganger(),)), GRID)  # no 0


# -- the paradigms against enumeration ---------------------------------------------------------------

ROW = ((0, 1), (1, 2), (2, 3), (3, 4))


@pytest.mark.parametrize("puzzle", [
    m.VariantPuzzle(4, constraints=(m.SameValues((0, 5, 10, 15), 2),)),
    m.VariantPuzzle(4, constraints=(m.SameValues((0, 6, 9), 3),)),
    m.VariantPuzzle(4, givens=ROW[:2], constraints=(m.RegionSameValues(),)),
    m.VariantPuzzle(4, values=(1, 5), givens=ROW, constraints=(m.RegionSameValues(),)),
    m.VariantPuzzle(4, values=(1, 5), givens=ROW + ((4, 5),), constraints=(m.ConnectedValues((5,)),)),
    m.VariantPuzzle(4, box=None, givens=ROW[:2], constraints=(m.ConnectedValues((1, 2, 3)),)),
    m.VariantPuzzle(4, box=None, givens=ROW[:2], constraints=(m.ConnectedValues((1, 2, 3), 12),)),
    m.VariantPuzzle(4, box=None, givens=ROW[:2], constraints=(m.ConnectedValues((1, 2)),)),
    m.VariantPuzzle(4, values=(0, 4), givens=((0, 0), (1, 1), (5, 4)), constraints=(m.Doppelganger(),)),
    m.VariantPuzzle(4, constraints=(m.FullRank((0, 1, 2, 3), 3),)),
    m.VariantPuzzle(4, constraints=(m.FullRank((0, 1, 2, 3), 3), m.FullRankTies("any"))),
    m.VariantPuzzle(4, constraints=(m.FullRank((3, 7, 11, 15), 10), m.FullRankTies("none"))),
    m.VariantPuzzle(4, givens=ROW[:1], constraints=(m.FullRankTies("none"),)),
], ids=lambda p: "+".join(c.TYPE for c in p.constraints) + f"-{p.values[0]}..{p.values[1]}")
def test_each_paradigm_finds_the_grids_enumeration_finds(puzzle):
    _agree(puzzle)


def read_off(rng, grid, n, tag):
    """A constraint of ``tag`` that ``grid`` keeps, picked at random."""
    if tag == "same_values":  # sets of the same k values, each value's cells picked at random
        values, used, sets = rng.sample(range(1, n + 1), rng.randint(1, 3)), set(), rng.randint(2, 3)
        cells = []
        for _ in range(sets):
            for w in values:
                x = rng.choice([x for x in range(n * n) if grid[x] == w and x not in used])
                used.add(x)
                cells.append(x)
        return m.SameValues(tuple(cells), sets)
    if tag == "full_rank":
        lines = [tuple(range(r * n, r * n + n)) for r in range(n)]
        lines += [tuple(range(k, n * n, n)) for k in range(n)]
        lines += [line[::-1] for line in lines]
        line = rng.choice(lines)
        read = [tuple(grid[x] for x in ln) for ln in lines]
        return m.FullRank(line, 1 + sum(r < tuple(grid[x] for x in line) for r in read))
    raise ValueError(tag)


@pytest.mark.parametrize("seed", range(3))
def test_the_paradigms_agree_on_9x9_from_random_grids(seed):
    rng = random.Random(300 + seed)
    grid = random_grid(rng, 3, 3)
    cs = [read_off(rng, grid, 9, "same_values") for _ in range(2)]
    cs += [read_off(rng, grid, 9, "full_rank") for _ in range(3)]
    keep = sorted(rng.sample(range(81), 30))
    puzzle = m.VariantPuzzle(9, givens=tuple((x, grid[x]) for x in keep), constraints=tuple(cs))
    assert is_solution(puzzle, grid)
    found = [{tuple(s) for s in solve(puzzle, p, limit=2, time_limit=60).solutions}
             for p in PRESENT]
    assert all(f == found[0] for f in found) and found[0]


# -- ISS strings --------------------------------------------------------------------------------------

def test_iss_reads_the_new_types_and_writes_them_back():
    text = (".Shape~4x4.SameValues~2~R1C1~R2C2~R3C3~R4C4.ConnectedValues~~1_2~6"
            ".FullRank~R1~3~.FullRank~C2~~10.FullRankTies~any.RegionSameValues")
    p = parse_iss(text)
    assert [c.TYPE for c in p.constraints] == ["same_values", "connected_values", "full_rank",
                                               "full_rank", "full_rank_ties", "region_same_values"]
    assert p.constraints[3].cells == (13, 9, 5, 1) and p.constraints[1] == m.ConnectedValues((1, 2), 6)
    back = parse_iss(write_iss(p))  # (the writer gathers outside clues at the end)
    assert set(back.constraints) == set(p.constraints) and back.houses() == p.houses()


def test_region_size_sets_the_boxes_as_iss_picks_them():
    p = parse_iss(".Shape~6x6~9.RegionSize~9")
    assert p.box is None and sorted(map(len, p.regions)) == [9, 9, 9, 9]
    assert p.regions[0] == (0, 1, 2, 6, 7, 8, 12, 13, 14)
    assert parse_iss(write_iss(p)) == p
    assert parse_iss(".Shape~7x7~9.RegionSize~9").boxes() == ()  # no 9-cell box tiles 7x7
    assert parse_iss(".Shape~9x9.RegionSize~9").box == (3, 3)
    # DisjointSets on 9-cell boxes of a 6x6 grid: one house per position, four cells each
    sets = parse_iss(".Shape~6x6~9.RegionSize~9.DisjointSets").constraints
    assert [c.cells for c in sets][:2] == [(0, 3, 18, 21), (1, 4, 19, 22)] and len(sets) == 9


def test_search_priority_is_noted_never_refused():
    r = read_iss(".Shape~4x4.SearchPriority~5~R1C1~R1C2.~R1C1_1")
    assert r.puzzle.constraints == () and r.puzzle.givens == ((0, 1),)
    assert r.ignored == ["SearchPriority"] and "not a rule" in r.notes[0]


@pytest.mark.parametrize("text, words", [
    (".Shape~9x9.Doppelganger", "values 0"),
    (".ConnectedValues~DG~1", "var-cell group"),
    (".FullRankTies~sometimes", "Invalid FullRankTies"),
    (".SameValues~2~R1C1~R1C2~R1C3", "do not cut"),
    (".Shape~9x9~0-9.Doppelganger.NoBoxes.Jigsaw~" + "".join(str(c // 9) for c in range(81)),
     "jigsaw"),
])
def test_iss_refusals_name_the_problem(text, words):
    with pytest.raises(PuzzleError, match=words) as info:
        parse_iss(text)
    assert "\n" not in str(info.value)


def test_the_last_tie_rule_wins_as_in_iss():
    p = parse_iss(".Shape~4x4.FullRankTies~none.FullRankTies~any")
    assert p.constraints == (m.FullRankTies("any"),)
