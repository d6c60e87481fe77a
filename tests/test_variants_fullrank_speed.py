"""Full rank made fast (issue 38): what a rank clue implies where the edges are houses
(``variants/encode_rank.py``, read by the CNF and CP-SAT encoders) against brute-force
counting on every 4x4 grid, in each tie mode; the paradigms against enumeration on 4x4
rank puzzles, some with rank clues inside ``or`` branches; and ISS's 9x9 example settled
by each paradigm.
"""

from __future__ import annotations

import random

import pytest

from sudoku_cp.variants import model as m
from sudoku_cp.variants.encode_rank import edges, implied, premise
from sudoku_cp.variants.rules import check_solution, is_solution
from test_variants_sets import PRESENT, all_grids

#: 4x4 geometries: boxes and values 1..4; no boxes (a Latin square); values 0..3.
GEOMETRIES = [dict(), dict(box=None), dict(values=(0, 3))]
#: No tie rule (ISS's default, only-unclued), and each rule said.
TIES = [(), (m.FullRankTies("none"),), (m.FullRankTies("only-unclued"),), (m.FullRankTies("any"),)]


def lines(n):
    return [x for edge in edges(n) for x in edge]


def keeps_implied(puzzle, grid) -> bool:
    """Whether ``grid`` keeps what each rank clue of ``puzzle`` implies, by counting."""
    for c in puzzle.constraints:
        if c.TYPE != "full_rank":
            continue
        imp = implied(puzzle, c)
        assert imp is not None  # every puzzle here has the premise
        read = tuple(grid[x] for x in c.cells)
        if grid[c.cells[0]] != imp.first:
            return False
        mates = [f for f in imp.others if grid[f[0]] == imp.first]
        assert len(mates) == 3  # one line per other edge starts on each value
        if sum(tuple(grid[x] for x in f) < read for f in mates) != imp.below:
            return False
    return True


def test_the_edges_hold_every_line_once():
    for n in (4, 6, 9):
        found = lines(n)
        assert len(found) == len(set(found)) == 4 * n
        assert {x[0] for x in edges(n)[0]} == set(range(0, n * n, n))  # first column


def test_the_premise_needs_the_edges_as_houses_over_size_values():
    assert premise(m.VariantPuzzle(4)) and premise(m.VariantPuzzle(4, box=None))
    assert premise(m.VariantPuzzle(4, values=(0, 3)))
    assert not premise(m.VariantPuzzle(4, values=(1, 5)))  # a value may miss an edge
    assert not premise(m.VariantPuzzle(4, raw=True))  # rows and columns are no houses
    assert not premise(m.VariantPuzzle(4, cols=6))
    c = m.FullRank((0, 1, 2, 3), 3)
    assert implied(m.VariantPuzzle(4, values=(1, 5)), c) is None
    assert implied(m.VariantPuzzle(4), m.FullRank((0, 1, 2, 3), 17)) is None  # past the lines
    assert implied(m.VariantPuzzle(4), c) == (1, 2, implied(m.VariantPuzzle(4), c).others)
    assert implied(m.VariantPuzzle(4, values=(0, 3)), m.FullRank((3, 2, 1, 0), 16))[:2] == (3, 3)


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=lambda g: "-".join(map(str, g.items())) or "boxes")
@pytest.mark.parametrize("ties", TIES, ids=lambda t: t[0].ties if t else "unsaid")
def test_one_clue_implies_nothing_the_definition_does_not(geometry, ties):
    """Every line, every rank 1..16, every grid: the grids the definition keeps keep
    the implied rule too (counts with and without it are equal)."""
    grids = all_grids(m.VariantPuzzle(4, **geometry))
    kept = 0
    for line in lines(4):
        for rank in range(1, 17):
            p = m.VariantPuzzle(4, constraints=(m.FullRank(line, rank),) + ties, **geometry)
            by_definition = [g for g in grids if is_solution(p, g)]
            assert sum(keeps_implied(p, g) for g in by_definition) == len(by_definition), (line, rank)
            kept += len(by_definition)
    # where clued lines may tie, each grid keeps each line at exactly one rank; else
    # at most one (a reading some other line shares is kept at none)
    assert kept == 16 * len(grids) if ties and ties[0].ties == "any" else 0 < kept < 16 * len(grids)


@pytest.mark.parametrize("seed", range(6))
def test_clues_read_off_a_grid_keep_the_same_count_with_the_implied_rule(seed):
    rng = random.Random(3800 + seed)
    geometry, ties = rng.choice(GEOMETRIES), rng.choice(TIES)
    grids = all_grids(m.VariantPuzzle(4, **geometry))
    grid = rng.choice(grids)
    clues = []
    for line in rng.sample(lines(4), rng.randint(1, 3)):
        read = tuple(grid[x] for x in line)
        clues.append(m.FullRank(line, 1 + sum(tuple(grid[x] for x in f) < read for f in lines(4))))
    p = m.VariantPuzzle(4, constraints=tuple(clues) + ties, **geometry)
    by_definition = [g for g in grids if is_solution(p, g)]
    assert len([g for g in by_definition if keeps_implied(p, g)]) == len(by_definition)
    assert by_definition or ties  # the grid it was read off, unless a tie rule bars it


# -- the paradigms against enumeration --------------------------------------------------------------

def _puzzles():
    rng = random.Random(38)
    out = []
    for k in range(9):
        geometry, ties = GEOMETRIES[k % 3], TIES[k % 4]
        grid = rng.choice(all_grids(m.VariantPuzzle(4, **geometry)))
        clues = []
        for line in rng.sample(lines(4), 2 + k % 2):
            read = tuple(grid[x] for x in line)
            clues.append(m.FullRank(line, 1 + sum(tuple(grid[x] for x in f) < read for f in lines(4))))
        out.append(m.VariantPuzzle(4, constraints=tuple(clues) + ties, **geometry))
    return out


@pytest.mark.parametrize("puzzle", _puzzles(), ids=lambda p: f"{p.values[0]}..{p.values[1]}-"
                         + "-".join(str(getattr(c, "rank", getattr(c, "ties", ""))) for c in p.constraints))
def test_each_paradigm_finds_the_grids_enumeration_finds(puzzle):
    truth = {g for g in all_grids(puzzle) if is_solution(puzzle, g)}
    for paradigm in PRESENT:
        from sudoku_cp.variants.paradigms import solve

        r = solve(puzzle, paradigm, limit=600, time_limit=60)
        assert r.exhausted, (paradigm, r.status)
        found = {tuple(s) for s in r.solutions}
        assert all(check_solution(puzzle, s) == [] for s in found), paradigm
        assert found == truth, (paradigm, len(found), len(truth))


def _in_ors():
    """Rank clues inside ``or`` branches beside clues outside (the encoders' literals
    made once per pair of cells or lines must not carry one branch's guard into another)."""
    rng = random.Random(3838)
    out = []
    for k in range(4):
        grid = rng.choice(all_grids(m.VariantPuzzle(4)))
        lines4 = rng.sample(lines(4), 4)

        def clue(line, shift=0):
            read = tuple(grid[x] for x in line)
            return m.FullRank(line, shift + 1 + sum(tuple(grid[x] for x in f) < read for f in lines(4)))
        wrong = clue(lines4[1], 1 + k % 3)  # a rank the grid does not keep
        out.append(m.VariantPuzzle(4, constraints=(
            m.Or((wrong, clue(lines4[2]))), m.Or((clue(lines4[0]), m.And((wrong, clue(lines4[3]))))),
            clue(lines4[3]), *TIES[k])))
    return out


@pytest.mark.parametrize("puzzle", _in_ors(), ids=lambda p: str(p.constraints[2].rank))
def test_rank_clues_inside_ors_find_the_grids_enumeration_finds(puzzle):
    test_each_paradigm_finds_the_grids_enumeration_finds(puzzle)


#: ISS's example "DSM 2023 Leftover: Full Rank Sudoku" (iss-examples-39 of the shared data,
#: from sigh/Interactive-Sudoku-Solver data/example_puzzles.js, MIT) and its stated solution.
ISS_39 = (".FullRank~C2~26~.FullRank~C4~32~.FullRank~C6~6~.FullRank~C8~35~.FullRank~R1~17~"
          ".FullRank~R3~13~.FullRank~R5~10~.FullRank~R7~21~.FullRank~C3~~12.FullRank~C5~~19."
          "FullRank~C7~~2.FullRank~C9~~14.FullRank~R8~~23.FullRank~R6~~20.FullRank~R4~~34."
          "FullRank~R2~~11.")
ISS_39_SOLUTION = ("576832491829514763431769852768125349354698217"
                   "192473685615347928247981536983256174")


def test_iss_example_39_is_settled_by_each_paradigm():
    """ISS's 16-clue full-rank example (5 s to 13 s per paradigm before issue 38): each
    paradigm finds its one solution and shows there is no other."""
    from sudoku_cp.variants.iss import parse_iss
    from sudoku_cp.variants.paradigms import solve

    p = parse_iss(ISS_39)
    stated = tuple(int(ch) for ch in ISS_39_SOLUTION)
    for paradigm in PRESENT:
        r = solve(p, paradigm, limit=2, time_limit=120)
        assert r.exhausted and [tuple(s) for s in r.solutions] == [stated], (paradigm, r.status)
