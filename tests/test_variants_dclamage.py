"""dclamage's rules (issue 37): nabner, knightmare and chess, each paradigm against plain
enumeration on 4x4 grids and against each other on 9x9 grids read off random full grids;
his SudokuSolver ``-c`` strings (``variants.dclamage``) read, refused and written back;
and SudokuSolver's own knightmare test puzzle (SudokuTests/SolverTests.cs, KnightmareTest).
"""

from __future__ import annotations

import importlib.util
import json
import random
import re

import pytest

from sudoku_cp.errors import PuzzleError
from sudoku_cp.variants import model as m
from sudoku_cp.variants.dclamage import (add_solver_constraints, read_solver_constraints,
                                         solver_constraints)
from sudoku_cp.variants.formats import read_entry
from sudoku_cp.variants.fpuzzles import parse_fpuzzles, write_fpuzzles
from sudoku_cp.variants.paradigms import PARADIGMS, solve
from sudoku_cp.variants.rules import check_solution, is_solution
from test_variants_iss_types import _line, _solutions
from test_variants_properties import _all_grids_4x4, random_grid

PRESENT = [name for name, module in PARADIGMS.items() if importlib.util.find_spec(module)]
if importlib.util.find_spec("highspy"):
    PRESENT.append("mip")
TAGS = ("nabner", "knightmare", "chess", "diagonal_non_consecutive")


def _knight_sums(grid, n):
    return {grid[a] + grid[b] for a in range(n * n) for b in range(n * n)
            if {abs(a // n - b // n), abs(a % n - b % n)} == {1, 2}}


def read_off(rng, grid, n, tag):
    """A constraint of ``tag`` that ``grid`` keeps (chess: a random one, kept or not)."""
    if tag == "nabner":
        for _ in range(300):
            line = _line(rng, n, rng.randint(2, (n + 1) // 2))
            if all(abs(grid[a] - grid[b]) >= 2 for i, a in enumerate(line) for b in line[i + 1:]):
                return m.Nabner(line)
        return None
    if tag == "knightmare":
        absent = sorted(set(range(2, 2 * n + 1)) - _knight_sums(grid, n))
        return m.Knightmare(tuple(rng.sample(absent, min(2, len(absent))))) if absent else None
    if tag == "diagonal_non_consecutive":  # (a global rule, as it comes: 4x4 grids break it)
        return m.DiagonalNonConsecutive()
    moves = tuple(rng.choice(((1, 1), (1, 2), (0, 2), (2, 2), (1, 3))))
    values = tuple(sorted(rng.sample(range(1, n + 1), rng.randint(1, n - 1)))) \
        if rng.random() < 0.5 else ()
    cells = tuple(rng.sample(range(n * n), 3)) if rng.random() < 0.3 else ()
    return m.Chess(moves, values, cells)


@pytest.mark.parametrize("tag", TAGS)
@pytest.mark.parametrize("seed", range(4))
def test_each_paradigm_finds_the_grids_enumeration_finds_on_4x4(tag, seed):
    rng = random.Random(seed)
    grid = random_grid(rng, 2, 2)
    cs = [read_off(rng, grid, 4, tag) for _ in range(2)]
    givens = tuple((x, grid[x]) for x in sorted(rng.sample(range(16), 3)))  # (so mip, which
    # enumerates by re-solving, meets tens of solutions, not 288)
    puzzle = m.VariantPuzzle(4, givens=givens, constraints=tuple(dict.fromkeys(c for c in cs if c)))
    truth = {g for g in _all_grids_4x4() if is_solution(puzzle, g)}
    for paradigm in PRESENT:
        assert _solutions(puzzle, paradigm, 300) == truth, paradigm


@pytest.mark.parametrize("seed", range(2))
def test_fast_finds_the_grids_enumeration_finds_on_4x4(seed):
    """``fast`` (compiled: the first call compiles it, so this runs on a cold cache too)."""
    pytest.importorskip("numba")
    rng = random.Random(50 + seed)
    grid = random_grid(rng, 2, 2)
    cs = [read_off(rng, grid, 4, tag) for tag in TAGS for _ in range(3)]
    kept = [c for c in cs if c and is_solution(m.VariantPuzzle(4, constraints=(c,)), grid)]
    puzzle = m.VariantPuzzle(4, constraints=tuple(dict.fromkeys(kept)))
    truth = {g for g in _all_grids_4x4() if is_solution(puzzle, g)}
    assert tuple(grid) in truth and len(puzzle.constraints) >= 3
    assert _solutions(puzzle, "fast", 300) == truth


@pytest.mark.parametrize("seed", range(3))
def test_the_paradigms_agree_on_9x9_from_random_grids(seed):
    rng = random.Random(200 + seed)
    grid = random_grid(rng, 3, 3)
    cs = [read_off(rng, grid, 9, tag) for tag in ("nabner", "nabner", "knightmare")]
    chess = [c for c in (read_off(rng, grid, 9, "chess") for _ in range(20))
             if is_solution(m.VariantPuzzle(9, constraints=(c,)), grid)]
    cs += chess[:2]
    full = m.VariantPuzzle(9, givens=tuple(enumerate(grid)),
                           constraints=tuple(dict.fromkeys(c for c in cs if c)))
    assert is_solution(full, grid)
    keep = sorted(rng.sample(range(81), 30))
    puzzle = m.VariantPuzzle(9, givens=tuple((x, grid[x]) for x in keep), constraints=full.constraints)
    found = [_solutions(puzzle, paradigm, 2) for paradigm in PRESENT]
    assert all(len(f) == len(found[0]) for f in found) and found[0]


def test_the_checker_follows_each_definition_on_a_4x4_grid():
    grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    # R1C1=1 and R2C3=1 are a knight's move apart: 1+1 = 2
    assert check_solution(m.VariantPuzzle(4, constraints=(m.Knightmare((2,)),)), grid)[0] == \
        "knightmare (whole grid): 1 at R1C1 and 1 at R2C3 sum to 2"
    # a (1, 1) leaper is the anti-king: R1C1=1 and R2C2=4 differ, R1C2=2 and R2C1=3... all
    # diagonal neighbours here differ only if no 2x2 square repeats a value on a diagonal
    king = [(a, b) for a in range(16) for b in range(16) if a < b
            and abs(a // 4 - b // 4) == 1 and abs(a % 4 - b % 4) == 1 and grid[a] == grid[b]]
    assert is_solution(m.VariantPuzzle(4, constraints=(m.Chess((1, 1)),)), grid) == (not king)
    # only the values listed: a rule on a value no diagonal pair repeats holds
    repeated = {grid[a] for a, _ in king}
    others = tuple(v for v in range(1, 5) if v not in repeated)
    assert is_solution(m.VariantPuzzle(4, constraints=(m.Chess((1, 1), others),)), grid)
    touching = [(a, b) for a in range(16) for b in range(16) if a < b
                and abs(a // 4 - b // 4) == 1 and abs(a % 4 - b % 4) == 1
                and abs(grid[a] - grid[b]) == 1]
    dnc = m.VariantPuzzle(4, constraints=(m.DiagonalNonConsecutive(),))
    assert is_solution(dnc, grid) == (not touching) and touching  # (R1C2=2, R2C1=3)
    assert m.leaper_steps((0, 2)) == ((-2, 0), (0, -2), (0, 2), (2, 0))
    assert not is_solution(m.VariantPuzzle(4, constraints=(m.Nabner((0, 1)),)), grid)  # 1, 2
    assert not is_solution(m.VariantPuzzle(4, constraints=(m.Nabner((0, 6)),)), grid)  # 1, 1
    assert is_solution(m.VariantPuzzle(4, constraints=(m.Nabner((0, 2)),)), grid)  # 1, 3


@pytest.mark.parametrize("data, words", [
    ({"type": "chess", "moves": [1]}, "chess: moves lists (row, column) pairs"),
    ({"type": "chess", "moves": [0, 0]}, "chess: moves lists (row, column) pairs"),
    ({"type": "chess", "moves": [1, 1], "values": [7]}, "chess: value 7 is outside 1..4"),
    ({"type": "nabner", "cells": [0, 5, 0]}, "nabner: cell R1C1 is listed twice"),
    ({"type": "knightmare", "sums": "5"}, "knightmare: sums must be a list"),
    ({"type": "sum", "cells": [0, 1], "total": 3, "weights": [0, 1]}, "sum: a weight of 0"),
])
def test_bad_json_is_one_named_error(data, words):
    with pytest.raises(PuzzleError, match=re.escape(words)):
        m.VariantPuzzle.from_dict({"size": 4, "constraints": [data]})


# -- dclamage's -c strings ----------------------------------------------------------------------

def test_the_strings_read_as_the_csharp_classes_define_them():
    p = m.VariantPuzzle(9)
    got = read_solver_constraints(["knightmare", "knightmare:3, 17", "chess:1,1;v1,3;r1c1-3",
                                   "taxi:3", "selftaxi", "disjointoffset:2", "nabner:r1c1r1c3r2,3c5",
                                   "knight", "djg", "dneg", "dnc"], p)
    assert got == [m.Knightmare((5, 15)), m.Knightmare((3, 17)),
                   m.Chess((1, 1), (1, 3), (0, 1, 2)), m.Chess((0, 3, 1, 2)), m.AntiTaxicab(),
                   m.ExtraRegion((1, 4, 7, 28, 31, 34, 55, 58, 61)), m.Nabner((0, 2, 13, 22)),
                   m.AntiKnight(), m.DisjointGroups(), m.Diagonal(-1), m.DiagonalNonConsecutive()]
    # taxi d: every cell pair at |dr| + |dc| = d, by the definition
    steps = set(m.leaper_steps(got[3].moves))
    assert steps == {(r, c) for r in range(-3, 4) for c in range(-3, 4) if abs(r) + abs(c) == 3}


@pytest.mark.parametrize("strings, words", [
    (["killer:10;r1c1r1c2"], "unsupported constraint killer"),  # (an f-puzzles rule)
    (["mskiller:3,4;r1c1;r2c2"], "one cell group expected"),
    (["chess:1"], "'chess:1': chess: '1' is not a move a,b"),
    (["chess:v1"], "at least one move"),
    (["taxi:0"], "taxi: the distance must be one whole number from 1"),
    (["nabner:r1c1d2"], "names no cells"),
    (["nabner:r10c1"], "outside the 9x9 grid"),
    (["disjointoffset:10"], "disjointoffset"),
    ("knightmare", "must be a list of strings"),
])
def test_a_bad_string_is_one_named_error(strings, words):
    with pytest.raises(PuzzleError, match=re.escape(words)) as info:
        add_solver_constraints(m.VariantPuzzle(9), strings)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("where, cells, offsets", [
    ("r1c1r1c2r2c1", (0, 1, 4), (0, 2)),  # the grid's sum and one more
    ("r1-2c3", (2, 6), (-1, 0, 3)),
    ("r3c1-3", (8, 9, 10), (0,)),  # one sum: a killer cage
    ("r1c1r2c2", (0, 5), None),  # no sums: the cells differ, no more
])
def test_a_multisum_cage_finds_what_enumeration_finds_on_4x4(where, cells, offsets):
    """SudokuSolver's MultiSumKillerCageConstraint: the cells differ, their sum is one of
    the sums; checked by enumerating every 4x4 grid, not by the checker."""
    rng = random.Random(where)
    grid = random_grid(rng, 2, 2)
    sums = None if offsets is None else {sum(grid[x] for x in cells) + o for o in offsets}
    string = f"mskiller:{','.join(map(str, sorted(sums)))};{where}" if sums else f"mskiller:{where}"
    givens = tuple((x, grid[x]) for x in sorted(rng.sample([x for x in range(16) if x not in cells], 3)))
    puzzle = add_solver_constraints(m.VariantPuzzle(4, givens=givens), [string])
    truth = {g for g in _all_grids_4x4() if all(g[x] == v for x, v in givens)
             and len({g[x] for x in cells}) == len(cells)
             and (sums is None or sum(g[x] for x in cells) in sums)}
    assert tuple(grid) in truth
    for paradigm in PRESENT:
        if paradigm == "mip" and any(c.TYPE == "or" for c in puzzle.constraints):
            continue  # (mip declines an or by name; the three paradigms take it)
        assert _solutions(puzzle, paradigm, 300) == truth, paradigm


def test_the_written_strings_read_back_to_the_same_rules():
    cs = (m.Knightmare((5, 15)), m.Chess((2, 1, 0, 3), (2, 4), (10, 20)), m.AntiTaxicab(),
          m.Chess((1, 1)), m.DiagonalNonConsecutive())
    p = m.VariantPuzzle(9, constraints=cs)
    assert tuple(read_solver_constraints(solver_constraints(p), p)) == cs


def test_the_nabner_field_of_fpuzzles_round_trips():
    p = m.VariantPuzzle(9, constraints=(m.Nabner((0, 10, 20)), m.Nabner((40, 42))))
    back = parse_fpuzzles(write_fpuzzles(p))
    assert back.constraints == p.constraints


#: SudokuSolver's own test (SudokuTests/SolverTests.cs, KnightmareTest): an f-puzzles
#: puzzle of renban lines, unique with ``-c knightmare`` (and ``-c knightmare:5,15``).
KNIGHTMARE = ("N4IgzglgXgpiBcBOANCALhNAbO8QGkA7CAcwAs0BbAQwCcYACNGMNEVWgVxzBjbwByAe1o0sDAMqchAa04MuPBtQA"
              "OKrAE8AdAB1CAYRhYsYZViGESyhgAVOtdYwBKMQgCNqhBgBkIhRpScrAwAZiKU1rxoDEIhDADGFrzxnBgAbowA"
              "JqSYpn7KhBoxtJkwtLqERKQUNPQMTtwsFYbGptQMVeRoAOSmlEIZyip00fGehELRYJwRaEIMAKzFDACMC1rs"
              "ICS0EJkIANr7oGnUWJy4AGyoJBAZhAhoXDAAvsjAr+9vH99vICdnuAALNdbq4Hk8fu8ALrII6Qj5/U7nBBXLa"
              "g+7wR7neFfXHQ2GfQkI/7I+AAZhBd3B2LxOOOSNwKDRVMxEJhcNpnKJtPZ9IBCAWlLBrJp3LFdOevMhiP58AA"
              "7EKMViXlyZaTUTcWcrpSTcILmcLtV8pVyJTyCcSGQLFdSVeLfrqECsbSK7ZbZcCDUqIcaLarHfAABwuo2EtW4"
              "ABMIZ94qhMJA9HcngOoCwfhYB32ICcEf0C02TjJ+guBaLcoLucDIDjCLT/jAmeziH0EYLgf0ZLb+kBBeb+Zrv"
              "zrGfgh2zcu7BYueYLC2LBcB+nLqEL+irA9T6YbI6zTinKxnLfnHdLx+Xudb65AQ63o5X+eXC/v2dn/ahktQQ5"
              "TV83jZz0+XRYlgBi4Vqu1bxkIqRDvoCAgAAxAAYgADBccrIZsADuuxoGQCBIVonohLQQiUPoSSPNQfj8NmrgeP"
              "ctY/tuTaHsu7adqxE7Ln24GoJB2DpjBeCIShaFIZh2G4fA+GEcRpHkbQlGENRLhJvRg6Mbe449suU5Pk4s5Ad"
              "mC5LtmRZrhBUECbBwmoehqBYZkOF4QRqBESRZGEKwClUbBKl0SADH1r+e4Hq2D6nqZEV/heFn8f4gnwchtlifZE"
              "nOTJ7nyYpym0cmgXDreRZ6Y+B6vrxlnxdZSWieJjmSdJrmyR5XnZb5uX0W+QA=")
KNIGHTMARE_SOLUTION = "631298475942657138785314269813425796564739821297186354126543987358971642479862513"


@pytest.mark.parametrize("strings", [["knightmare"], ["knightmare:5,15"]])
def test_sudokusolvers_knightmare_puzzle_is_unique_with_its_solution(strings):
    entry = read_entry(json.dumps({"format": "fpuzzles", "puzzle": KNIGHTMARE,
                                   "solver_constraints": strings}))
    assert entry.error is None and entry.puzzle.constraints[-1] == m.Knightmare((5, 15))
    want = tuple(int(ch) for ch in KNIGHTMARE_SOLUTION)
    for paradigm in (p for p in PRESENT if p != "mip"):  # (mip declines its renban lines)
        assert _solutions(entry.puzzle, paradigm, 2) == {want}, paradigm


def test_without_knightmare_the_puzzle_is_not_unique():
    entry = read_entry(json.dumps({"format": "fpuzzles", "puzzle": KNIGHTMARE}))
    assert len(_solutions(entry.puzzle, "sat", 2)) == 2


def test_a_bad_solver_constraint_in_a_record_is_the_entrys_error():
    entry = read_entry(json.dumps({"format": "fpuzzles", "puzzle": KNIGHTMARE,
                                   "solver_constraints": ["taxi:x"]}))
    assert entry.puzzle is None and entry.error == \
        "solver constraint 'taxi:x': taxi distance: 'x' is not a list of whole numbers"


def test_nabner_lengths_where_svsjs_special_cases_them():
    """SVSJS's NabnerConstraint.ts: on an odd size a line of (n - 1) / 2 + 1 cells takes odd
    values only, a longer one is invalid. Both follow from the rule; every paradigm says so."""
    five = m.VariantPuzzle(9, constraints=(m.Nabner((0, 10, 20, 30, 40)),))
    for paradigm in PRESENT:
        r = solve(five, paradigm, limit=1, time_limit=60)
        assert r.count == 1 and all(r.solutions[0][x] % 2 for x in (0, 10, 20, 30, 40)), paradigm
    six = m.VariantPuzzle(9, constraints=(m.Nabner((0, 10, 20, 30, 40, 50)),))
    for paradigm in PRESENT:
        r = solve(six, paradigm, limit=1, time_limit=60)
        assert r.count == 0 and r.exhausted, paradigm


#: Found by diff_svsjs.py (seed 39, shrunk): two 5-cell nabner lines on 9x9, anti-king,
#: thermometers. SVSJS answers "multiple": for a line of (n - 1) / 2 + 1 cells its
#: NabnerConstraint.ts only removes the even values and links no pair, so it lets two cells
#: of the line that share no house repeat an odd value (5, 3, 9, 5, 1). dclamage's C#
#: NabnerConstraint links every pair (equal or consecutive), as the rule says: unique.
SVSJS_FIVE_CELL_LINES = ("N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq0kANwEMAbAVzngBZUaCKxgA7BABcMvCmy68EKdC"
              "PFSZMJtXqEVosQAVxAYwicAsuwwBrMPgCMyABzJEtLeU/NK8nnxd6avDSsjreHuF0DD4cfggAbEKqEsEaEYGGJma"
              "WNnbweI4ATMiCAKzIiQDszu5eWmERjSzC+kZiphZWtvjFAMwlyOVVtcQNdeORo9G+ivDlGeqyE01UY6Cxs8otQSG"
              "ay14zfI4LqUsxCnyCJ7tEtPQgYuwARmIwGPignBCveQQgAErxADC8RAqEBQMqYIBlUh0P+sKc8OBiBAdzkXx++Dw"
              "MKB9nhTiBhXhsN6yKBZPBpQpaPc93YYkkEGs3zQixgqEkAAs3gBbAD2vJgkjeHxAmJgvxx/3scPBsqR4MKcoBvRV"
              "/34IPhmtKtIx30l2IBhNR4MQQNNxqBiqtUPR7iAA")


def test_a_five_cell_nabner_line_still_rules_every_pair():
    p = parse_fpuzzles(SVSJS_FIVE_CELL_LINES)
    lines = [c.cells for c in p.constraints if c.TYPE == "nabner"]
    assert [len(line) for line in lines] == [5, 5]
    for paradigm in (p for p in PRESENT if p != "mip"):  # (mip: 23 s on this one)
        found = _solutions(p, paradigm, 2)
        assert len(found) == 1, paradigm
    odd_only = m.VariantPuzzle(9, givens=p.givens, constraints=tuple(
        c for c in p.constraints if c.TYPE != "nabner") + tuple(m.Odd(x) for line in lines for x in line))
    r = solve(odd_only, "sat", limit=2, time_limit=60)
    assert r.count == 2  # (SVSJS's reading: more than one solution)
    assert any(len({s[x] for x in line}) < 5 for s in r.solutions for line in lines)
