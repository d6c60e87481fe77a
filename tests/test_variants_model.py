"""The variant model: JSON round trip (with the documented schema) and the independent checker.

Each constraint type is checked twice on one valid grid: an instance read off the grid
holds, and the same instance with its number or order changed is reported broken.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sudoku_cp.errors import PuzzleError, SudokuCpError
from sudoku_cp.variants import model as m
from sudoku_cp.variants.rules import check_solution, is_solution

#: A valid 9x9 grid (the solution of iss-examples-0 in ../shared/data/variants/iss.jsonl).
G = tuple(int(c) for c in
          "534678912672195348198342567859761423426853791713924856961537284287419635345286179")
N = 9


def cell(r, c):
    return r * N + c


def first(ok, k):
    """The first ``k`` distinct cells of row 0 and 1 (in index order) for which ``ok`` holds."""
    from itertools import permutations

    for cells in permutations(range(18), k):
        if ok(*(G[x] for x in cells)):
            return cells
    raise AssertionError("no such cells in G")


def held_and_broken():
    """``(type, holds, broken)`` for every constraint type, read off ``G``."""
    row0 = tuple(range(9))
    diag = tuple(cell(i, i) for i in range(9))
    inc = tuple(sorted(row0, key=lambda x: G[x]))  # row 0 ordered by value: a thermometer
    dec = inc[::-1]
    total = _sandwich(row0)
    cage = (0, 1, 9)
    cage_sum = sum(G[x] for x in cage)
    yield "killer_cage", m.KillerCage(cage, cage_sum), m.KillerCage(cage, cage_sum + 1)
    yield "little_killer", m.LittleKiller(diag, sum(G[x] for x in diag)), m.LittleKiller(diag, 1)
    yield "sandwich", m.Sandwich(row0, total), m.Sandwich(row0, total + 1)
    yield "x_sum", m.XSum(row0, sum(G[:G[0]])), m.XSum(row0, sum(G[:G[0]]) + 1)
    yield "skyscraper", m.Skyscraper(row0, _seen(row0)), m.Skyscraper(row0, _seen(row0) + 1)
    b, s1, s2 = first(lambda b, s1, s2: b == s1 + s2, 3)
    yield "arrow", m.Arrow((b,), (s1, s2)), m.Arrow((s1,), (b, s2))
    yield "double_arrow", m.DoubleArrow((s1, b, s2)), m.DoubleArrow((b, s1, s2))
    yield "thermometer", m.Thermometer(inc), m.Thermometer(dec)
    yield "slow_thermometer", m.SlowThermometer(inc), m.SlowThermometer(dec)
    yield "whisper", m.Whisper((inc[0], inc[8], inc[1]), 5), m.Whisper((inc[0], inc[1]), 5)
    yield "renban", m.Renban(row0), m.Renban((inc[0], inc[2]))
    a, c = _equal_pair()
    yield "palindrome", m.Palindrome((a, 1 if a != 1 else 2, c)), m.Palindrome((0, 1))
    yield "between", m.Between((inc[0], inc[4], inc[8])), m.Between((inc[4], inc[0], inc[8]))
    yield "lockout", m.Lockout((inc[3], inc[0], inc[8], inc[5]), 2), m.Lockout((inc[0], inc[4], inc[8]), 4)
    yield "region_sum_line", m.RegionSumLine((a, c)), m.RegionSumLine((cell(0, 2), cell(0, 3)))
    yield "zipper", m.Zipper(first(lambda u, mid, v: u + v == mid, 3)), m.Zipper((0, 1, 2))
    yield "entropic", m.Entropic((inc[0], inc[4], inc[8], inc[1])), m.Entropic((inc[0], inc[1], inc[2]))
    yield "modular", m.Modular((inc[0], inc[1], inc[2], inc[3])), m.Modular((inc[0], inc[3], inc[6]))
    yield "difference_dot", m.DifferenceDot(_pair(lambda u, v: abs(u - v) == 1)), m.DifferenceDot(_pair(lambda u, v: abs(u - v) > 1))
    yield "ratio_dot", m.RatioDot(_pair(lambda u, v: u == 2 * v or v == 2 * u)), m.RatioDot(_pair(lambda u, v: u != 2 * v and v != 2 * u))
    pair = _pair(lambda u, v: True)
    yield "xv", m.XV(pair, G[pair[0]] + G[pair[1]]), m.XV(pair, G[pair[0]] + G[pair[1]] + 1)
    big = pair if G[pair[0]] > G[pair[1]] else pair[::-1]
    yield "greater_than", m.GreaterThan(big), m.GreaterThan(big[::-1])
    yield "odd", m.Odd(G.index(1)), m.Odd(G.index(2))
    yield "even", m.Even(G.index(2)), m.Even(G.index(1))
    yield "maximum", m.Maximum((G.index(9),)), m.Maximum((G.index(1),))
    yield "minimum", m.Minimum((G.index(1),)), m.Minimum((G.index(9),))
    quad = (0, 1, 9, 10)
    yield "quadruple", m.Quadruple(quad, tuple(G[x] for x in quad[:3])), m.Quadruple(quad, (G[0], G[0]))
    twin = next(x for x in range(1, 81) if G[x] == G[0])
    yield "clone", m.Clone((0,), (twin,)), m.Clone((0,), (1,))
    yield "candidates", m.Candidates(0, (G[0], G[1])), m.Candidates(0, (G[1],))
    yield "extra_region", m.ExtraRegion(row0), m.ExtraRegion((0, twin))
    yield ("sum", m.Sum((0, 1, 9), G[0] + 2 * G[1] - G[9], (1, 2, -1)),
           m.Sum((0, 1, 9), G[0] + 2 * G[1] - G[9] + 1, (1, 2, -1)))
    yield "rellik_cage", m.RellikCage((0, 1), 1), m.RellikCage((0, 1), G[0] + G[1])
    # row 0 is 5 3 4 6 7 8 9 1 2: 3 (odd, low) and 8 (even, high); 3 and 9 are both odd
    yield "equality_cage", m.EqualityCage((1, 5)), m.EqualityCage((1, 6))
    yield "contain_exact", m.ContainExact((0, 1, 2), (G[0], G[1])), m.ContainExact((0, 1, 2), (G[0], G[0]))
    # lunchbox over row 0 (5 3 4 6 7 8 9 1 2): between the 9 and the 1 nothing, so 0
    yield "lunchbox", m.Lunchbox(row0, 0), m.Lunchbox(row0, 1)
    yield "indexing", m.Indexing(0, row0, G[G[0] - 1]), m.Indexing(0, row0, G[G[0] - 1] + 1)
    # row 0: R1C2 holds 3, and the third cell after it (R1C5, 7) differs from R1C1 (5)
    yield "value_indexing", m.ValueIndexing((4, 1, 2, 3, 4)), m.ValueIndexing(row0[:5])
    yield "hidden_skyscraper", m.HiddenSkyscraper(row0, 3), m.HiddenSkyscraper(row0, 4)
    yield "counting_circles", m.CountingCircles((G.index(1),)), m.CountingCircles((G.index(2),))
    yield "sum_line", m.SumLine((0, 1, 2, 3), 18), m.SumLine((0, 1, 2, 3), 9)
    # row 0 (5 3 4 6 7 8 9 1 2): 5+3 = 8 = 8 alone; then 4+6 = 10 is not 8
    yield "equal_sum", m.EqualSum((0, 1, 5), (2, 1)), m.EqualSum((0, 1, 2, 3), (2, 2))
    yield "count_distinct", m.CountDistinct(G.index(3), (0, 1, 2)), m.CountDistinct(0, (1, 2))
    ups = tuple(x for a in range(1, 10) for b in range(a + 1, 10) for x in (a, b))  # a < b
    yield "pair", m.Pair(inc[:4], ups), m.Pair(dec[:4], ups)
    yield from _dclamage_cases()
    # composites and sequences (row 0 starts 5 3 4 6): 3 < 5 read from R1C2; 5 + 3 = 8
    up, down, eight = m.Thermometer((1, 0)), m.Thermometer((0, 1)), m.KillerCage((0, 1), 8)
    yield "or", m.Or((down, up)), m.Or((down, m.KillerCage((0, 1), 9)))
    yield "and", m.And((up, eight)), m.And((up, down))
    yield "regex", m.Regex((0, 1, 2, 3), "53(4|7)[1-9]+"), m.Regex((0, 1, 2, 3), "5[^3].*")
    five_three = (0, 4, 1, 1, 2, 2)  # 5 (symbol 4) then 3 (symbol 2), into the accepting state
    yield "nfa", m.Nfa((0, 1), 3, (0,), (2,), five_three), m.Nfa((1, 0), 3, (0,), (2,), five_three)
    yield "same_values", m.SameValues((a, c), 2), m.SameValues((0, 1), 2)
    # every value's cells together are the whole grid: one group; the 1s are nine apart
    yield "connected_values", m.ConnectedValues(tuple(range(1, 10)), 81), m.ConnectedValues((1,), 0)
    lines = [tuple(range(r * 9, r * 9 + 9)) for r in range(9)] + [tuple(range(k, 81, 9)) for k in range(9)]
    read = [tuple(G[x] for x in line[::d]) for line in lines for d in (1, -1)]
    rank = 1 + sum(other < tuple(G[:9]) for other in read)
    yield "full_rank", m.FullRank(row0, rank), m.FullRank(row0, rank + 1)
    for tag, c in (("region_same_values", m.RegionSameValues()), ("doppelganger", m.Doppelganger()),
                   ("full_rank_ties", m.FullRankTies("none"))):
        yield tag, c, c  # global rules: see test_variants_sets
    for tag, c in (("diagonal", m.Diagonal(1)), ("anti_knight", m.AntiKnight()),
                   ("anti_king", m.AntiKing()), ("non_consecutive", m.NonConsecutive()),
                   ("disjoint_groups", m.DisjointGroups()), ("negative_dots", m.NegativeDots()),
                   ("negative_xv", m.NegativeXV()), ("anti_taxicab", m.AntiTaxicab()),
                   ("global_mod", m.GlobalMod()), ("global_entropy", m.GlobalEntropy()),
                   ("dutch_flatmates", m.DutchFlatmates()),
                   ("chaos_construction", m.ChaosConstruction())):
        yield tag, c, c  # global rules: see test_global_rules


def _dclamage_cases():
    """nabner, knightmare and chess (dclamage's rules), read off ``G``."""
    odd = tuple(G.index(v) for v in (1, 3, 5, 7, 9))  # row 0: pairwise 2 or more apart
    yield "nabner", m.Nabner(odd), m.Nabner((G.index(3), G.index(4)))
    knight = [(a, b) for a in range(81) for b in range(81)
              if {abs(a // 9 - b // 9), abs(a % 9 - b % 9)} == {1, 2}]
    totals = {G[a] + G[b] for a, b in knight}
    absent = min(set(range(2, 19)) - totals, default=1)
    yield "knightmare", m.Knightmare((absent,)), m.Knightmare((absent, min(totals)))
    a, b = _equal_pair()
    move = (abs(a // 9 - b // 9), abs(a % 9 - b % 9))
    yield "chess", m.Chess((0, 1)), m.Chess(move, values=(G[a],))
    yield "diagonal_non_consecutive", m.DiagonalNonConsecutive(), m.DiagonalNonConsecutive()


def _equal_pair():
    """Two cells of G with equal values, not in a shared row, column or box."""
    return next((a, b) for a in range(81) for b in range(a + 1, 81)
                if G[a] == G[b] and a // 27 != b // 27 and a % 9 // 3 != b % 9 // 3)


def _sandwich(line):
    vals = [G[x] for x in line]
    i, j = sorted((vals.index(1), vals.index(9)))
    return sum(vals[i + 1:j])


def _seen(line):
    top, seen = 0, 0
    for x in line:
        if G[x] > top:
            top, seen = G[x], seen + 1
    return seen


def _pair(ok):
    for a in range(81):
        for b in (a + 1, a + 9):
            if b < 81 and (b != a + 1 or a % 9 != 8) and ok(G[a], G[b]):
                return (a, b)
    raise AssertionError("no such pair in G")


CASES = list(held_and_broken())
GLOBAL = {"diagonal", "anti_knight", "anti_king", "non_consecutive", "disjoint_groups",
          "negative_dots", "negative_xv", "anti_taxicab", "global_mod", "global_entropy",
          "dutch_flatmates", "region_same_values", "doppelganger", "full_rank_ties"}
GLOBAL |= {"diagonal_non_consecutive"}  # (tested on grids: test_variants_dclamage)
GLOBAL |= {"chaos_construction"}  # (rows that differ are a split: test_variants_chaos)


#: Clues that read another constraint's unknowns (the chaos construction's regions): never
#: alone in a puzzle, so held and broken against enumeration in test_variants_chaos_clues.
WITH_CHAOS = {"chaos_arrow": m.ChaosArrow(0, (1, 2, 3), (3,)),
              "chaos_count": m.ChaosCount(0, (1, 2, 10), 1),
              "chaos_same": m.ChaosSame((0, 1, 2)), "chaos_regions": m.ChaosRegions(0, (1, 2, 10))}


def test_every_type_has_a_case_and_a_check():
    assert {t for t, _, _ in CASES} | set(WITH_CHAOS) == set(m.TYPES)


@pytest.mark.parametrize("tag, holds, broken", [c for c in CASES if c[0] not in GLOBAL],
                         ids=[c[0] for c in CASES if c[0] not in GLOBAL])
def test_rule_held_and_broken(tag, holds, broken):
    assert check_solution(m.VariantPuzzle(N, constraints=(holds,)), G) == []
    found = check_solution(m.VariantPuzzle(N, constraints=(broken,)), G)
    assert found and all(line.startswith(tag) for line in found)


def test_global_rules_on_grids_that_keep_or_break_them():
    # Each expectation is computed here from the rule's own definition, then compared.
    king = [(a, b) for a in range(81) for b in (a + 8, a + 10)
            if b < 81 and abs(a % 9 - b % 9) == 1 and G[a] == G[b]]
    assert is_solution(m.VariantPuzzle(N, constraints=(m.AntiKing(),)), G) == (not king)
    consecutive = [(a, b) for a in range(81) for b in (a + 1, a + 9)
                   if b < 81 and (b == a + 9 or a % 9 != 8) and abs(G[a] - G[b]) == 1]
    assert consecutive  # so non-consecutive and the negative white dot must fail
    assert not is_solution(m.VariantPuzzle(N, constraints=(m.NonConsecutive(),)), G)
    assert not is_solution(m.VariantPuzzle(N, constraints=(m.NegativeDots(True, False),)), G)
    dots = tuple(m.DifferenceDot(p) for p in consecutive)
    assert is_solution(m.VariantPuzzle(N, constraints=(*dots, m.NegativeDots(True, False))), G)
    assert is_solution(m.VariantPuzzle(N, constraints=(m.DisjointGroups(),)), G) == all(
        len({G[(r0 + i) * 9 + c0 + j] for r0 in (0, 3, 6) for c0 in (0, 3, 6)}) == 9
        for i in range(3) for j in range(3))
    main = {G[i * 10] for i in range(9)}
    assert is_solution(m.VariantPuzzle(N, constraints=(m.Diagonal(-1),)), G) == (len(main) == 9)


@pytest.mark.parametrize("tag, holds, broken", CASES, ids=[c[0] for c in CASES])
def test_json_round_trip(tag, holds, broken):
    p = m.VariantPuzzle(N, givens=((0, G[0]),), constraints=(holds, broken), title="t")
    text = p.to_json()
    assert m.VariantPuzzle.from_json(text) == p
    assert json.loads(text)["constraints"][0]["type"] == tag


def test_geometry_and_value_range():
    p = m.VariantPuzzle(6)
    assert p.box == (2, 3) and len(p.houses()) == 18
    latin = m.VariantPuzzle(5, box=None)
    assert len(latin.houses()) == 10
    zero = m.VariantPuzzle(4, values=(0, 3))
    assert list(zero.value_range) == [0, 1, 2, 3]
    regions = tuple(tuple(range(r * 7, r * 7 + 7)) for r in range(7))
    assert m.VariantPuzzle(7, regions=regions).box is None


@pytest.mark.parametrize("data, words", [
    ({"size": 4, "constraints": [{"type": "ChaosConstruction"}]}, "unsupported constraint ChaosConstruction"),
    ({"size": 4, "constraints": [{"type": "thermometer", "cells": [0, 99]}]}, "outside the 4x4 grid"),
    ({"size": 4, "box": [3, 2]}, "does not tile"),
    ({"size": 4, "givens": [[0, 1], [0, 2]]}, "two different givens at R1C1"),
    ({"size": 4, "colour": "red"}, "unknown field 'colour'"),
    ({"size": 4, "constraints": [{"type": "odd", "cells": [1]}]}, "odd: unknown field 'cells'"),
    # wrong types and numbers no rule can use: refused here, never a crash in an encoder
    ({"size": 4, "constraints": [{"type": "killer_cage", "cells": [0, 1], "total": "3"}]},
     "killer_cage: total must be an integer, not '3'"),
    ({"size": 4, "constraints": [{"type": "little_killer", "cells": [0, 5], "total": None}]},
     "little_killer: total must be an integer, not None"),
    ({"size": 4, "constraints": [{"type": "thermometer", "cells": [True, 1]}]},
     "thermometer: cells (each of them) must be an integer, not True"),
    ({"size": 4, "constraints": [{"type": "negative_dots", "white": "no"}]},
     "negative_dots: white must be true or false, not 'no'"),
    ({"size": 4, "givens": [[0.5, 1]]}, "a given's cell must be an integer, not 0.5"),
    ({"size": 4, "constraints": [{"type": "skyscraper", "cells": [0, 1, 2, 3], "count": 5}]},
     "skyscraper clue 5 (read from R1C1) is outside 1..4"),
    ({"size": 4, "constraints": [{"type": "quadruple", "cells": [0, 1, 4, 5], "values": [9]}]},
     "quadruple at R1C1: value 9 is outside 1..4"),
    ({"size": 4, "constraints": [{"type": "quadruple", "cells": [0, 1, 4, 5], "values": [1] * 5}]},
     "quadruple at R1C1: 5 values for 4 cells"),
    ({"size": 4, "constraints": [{"type": "candidates", "cell": 0, "values": [1, 9]}]},
     "candidates at R1C1: value 9 is outside 1..4"),
    ({"size": 4, "constraints": [{"type": "modular", "cells": [0, 1, 2], "modulus": 0}]},
     "modular: modulus 0 is below 1"),
    ({"size": 4, "constraints": [{"type": "diagonal", "slope": 5}]}, "slope 5 is neither 1 nor -1"),
    # numbers beyond what a solver's 64-bit integers carry (CP-SAT raised TypeError, sat
    # OverflowError), and more values than any grid here uses
    ({"size": 4, "constraints": [{"type": "sandwich", "cells": [0, 1, 2, 3], "total": 10 ** 20}]},
     "sandwich: total 100000000000000000000 is beyond ±1000000000"),
    ({"size": 4, "values": [1, 65]}, "values 1..65 are more than 64"),
    # a cell listed twice where the cells are a set (it could only ever mean "no solution")
    ({"size": 4, "constraints": [{"type": "killer_cage", "cells": [0, 1, 0], "total": 6}]},
     "killer_cage: cell R1C1 is listed twice"),
    ({"size": 4, "constraints": [{"type": "extra_region", "cells": [5, 6, 5]}]},
     "extra_region: cell R2C2 is listed twice"),
    ({"size": 4, "constraints": [{"type": "ratio_dot", "cells": [3, 3]}]}, "ratio_dot: cell R1C4 is listed twice"),
])
def test_bad_json_is_one_named_error(data, words):
    with pytest.raises(PuzzleError, match=re.escape(words)) as info:
        m.VariantPuzzle.from_dict(data)
    assert isinstance(info.value, SudokuCpError) and "\n" not in str(info.value)


def test_documented_schema_matches_the_model():
    """docs/variants.md lists every type tag with its fields; the model has exactly those."""
    doc = (Path(__file__).parent.parent / "docs" / "variants.md").read_text()
    doc = doc.split("## The constraint types", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)` \| ([^|]*) \|", doc, flags=re.M)
    documented = {tag: sorted(re.findall(r"`([a-z_]+)`", fields)) for tag, fields in rows}
    from dataclasses import fields as dc_fields

    actual = {tag: sorted(f.name for f in dc_fields(cls)) for tag, cls in m.TYPES.items()}
    assert documented == actual
