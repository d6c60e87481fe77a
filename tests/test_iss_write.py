"""The ISS writer (variants/iss_write.py): what it writes reads back as the same puzzle."""

import json
from pathlib import Path

import pytest

from sudoku_cp.variants import model as m
from sudoku_cp.variants.formats import read_entry
from sudoku_cp.variants.iss import parse_iss
from sudoku_cp.variants.iss_write import IssWriteError, write_iss

N = 9
R = lambda r, c: (r - 1) * N + c - 1  # noqa: E731

ONE_EACH = [
    m.KillerCage((R(1, 1), R(1, 2)), 10), m.KillerCage((R(2, 1), R(3, 1))),
    m.Thermometer((R(4, 4), R(4, 5), R(4, 6))), m.Whisper((R(5, 1), R(5, 2)), 5),
    m.Whisper((R(6, 1), R(6, 2)), 4), m.Renban((R(7, 1), R(7, 2))),
    m.Palindrome((R(8, 1), R(8, 2), R(8, 3))), m.Between((R(9, 1), R(9, 2), R(9, 3))),
    m.RegionSumLine((R(1, 3), R(1, 4))), m.Zipper((R(2, 3), R(2, 4), R(2, 5))),
    m.Lockout((R(3, 3), R(3, 4), R(3, 5)), 4), m.Modular((R(4, 1), R(4, 2), R(4, 3)), 3),
    m.Entropic((R(5, 4), R(5, 5), R(5, 6))), m.DoubleArrow((R(6, 4), R(6, 5), R(6, 6))),
    m.Arrow((R(7, 4),), (R(7, 5), R(7, 6))), m.Arrow((R(8, 4), R(8, 5)), (R(8, 6), R(8, 7))),
    m.DifferenceDot((R(1, 8), R(1, 9)), 1), m.RatioDot((R(2, 8), R(2, 9)), 2),
    m.XV((R(3, 8), R(3, 9)), 10), m.XV((R(4, 8), R(4, 9)), 5),
    m.GreaterThan((R(5, 8), R(5, 9))),
    m.LittleKiller(tuple(R(1 + i, 1 + i) for i in range(9)), 45),
    m.Sandwich(tuple(R(6, c) for c in range(1, 10)), 12),
    m.XSum(tuple(R(r, 7) for r in range(1, 10)), 20),
    m.XSum(tuple(R(r, 7) for r in range(9, 0, -1)), 15),
    m.Skyscraper(tuple(R(9, c) for c in range(9, 0, -1)), 3),
    m.Quadruple((R(7, 8), R(7, 9), R(8, 8), R(8, 9)), (1, 2)),
    m.Candidates(R(9, 9), (4, 6)),
    m.Diagonal(1), m.Diagonal(-1), m.AntiKnight(), m.AntiKing(), m.NonConsecutive(),
    m.DisjointGroups(), m.NegativeDots(True, True), m.NegativeXV(True, True),
    # issue 37: ISS's sets, global rules and indexing
    m.ExtraRegion((R(1, 1), R(5, 5), R(9, 9))), m.Sum((R(1, 1), R(2, 2)), 7, (1, -2)),
    m.RellikCage((R(1, 5), R(1, 6)), 4), m.EqualityCage((R(2, 5), R(2, 6))),
    m.ContainExact((R(3, 5), R(3, 6), R(3, 7)), (2, 2)), m.Lunchbox((R(4, 5), R(4, 6), R(4, 7)), 0),
    m.SumLine((R(5, 5), R(5, 6), R(6, 6)), 10, True), m.CountingCircles((R(6, 1), R(9, 5))),
    m.ValueIndexing((R(7, 1), R(7, 2), R(7, 3))), m.CountDistinct(R(9, 6), (R(9, 7), R(9, 8))),
    m.EqualSum((R(8, 8), R(9, 8), R(9, 9)), (1, 2)), m.Indexing(R(2, 7), tuple(R(2, c) for c in range(1, 10)), 7),
    m.Indexing(R(1, 1), tuple(R(1, c) for c in range(1, 10)), 5),
    m.HiddenSkyscraper(tuple(R(r, 2) for r in range(9, 0, -1)), 4),
    m.AntiTaxicab(), m.GlobalMod(), m.GlobalEntropy(), m.DutchFlatmates(),
    m.Pair((R(6, 7), R(6, 8), R(6, 9)), (1, 2, 2, 3, 9, 9), True),
]


def same(a: m.VariantPuzzle, b: m.VariantPuzzle) -> bool:
    key = lambda p: sorted(json.dumps(m.constraint_to_dict(c), sort_keys=True) for c in p.constraints)  # noqa: E731
    return (a.size, a.box, a.regions and sorted(map(sorted, a.regions)), a.givens, key(a)) == \
           (b.size, b.box, b.regions and sorted(map(sorted, b.regions)), b.givens, key(b))


@pytest.mark.parametrize("con", ONE_EACH, ids=lambda c: c.TYPE)
def test_each_type_reads_back(con):
    p = m.VariantPuzzle(9, givens=((R(5, 5), 7),), constraints=(con,))
    assert same(parse_iss(write_iss(p)), p), write_iss(p)


def test_all_at_once_and_geometries():
    p = m.VariantPuzzle(9, givens=((0, 3), (80, 9)), constraints=tuple(ONE_EACH))
    assert same(parse_iss(write_iss(p)), p)
    six = m.VariantPuzzle(6, constraints=(m.KillerCage((0, 1), 3),))
    assert write_iss(six).startswith(".Shape~6x6.Cage~3~R1C1~R1C2")
    assert same(parse_iss(write_iss(six)), six)
    latin = m.VariantPuzzle(4, box=None)
    assert same(parse_iss(write_iss(latin)), latin)
    regions = ((0, 1, 4, 5), (2, 3, 6, 7), (8, 9, 12, 13), (10, 11, 14, 15))
    jig = m.VariantPuzzle(4, regions=((0, 1, 2, 4), (3, 5, 6, 7), (8, 9, 12, 13), (10, 11, 14, 15)))
    assert same(parse_iss(write_iss(jig)), jig) and regions


@pytest.mark.parametrize("con", [m.Odd(0), m.XV((0, 1), 7), m.LittleKiller((1, 11), 5),
                                 m.Indexing(0, (1, 2, 3), 4)], ids=lambda c: c.TYPE)
def test_refused_by_name(con):
    with pytest.raises(IssWriteError):
        write_iss(m.VariantPuzzle(9, constraints=(con,)))


def test_shared_sample_round_trip():
    """Every sample puzzle the writer takes reads back identical; most are taken."""
    taken = total = 0
    path = Path(__file__).parent / "data" / "variants_sample.jsonl"
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        e = read_entry(line)
        if e.error:
            continue
        total += 1
        try:
            text = write_iss(e.puzzle)
        except IssWriteError:
            continue
        taken += 1
        back = parse_iss(text)
        assert same(back, m.VariantPuzzle(e.puzzle.size, box=e.puzzle.box, regions=e.puzzle.regions,
                                          givens=e.puzzle.givens, constraints=e.puzzle.constraints,
                                          cols=e.puzzle.cols, extra=e.puzzle.extra, raw=e.puzzle.raw,
                                          values=e.puzzle.values)), text
    assert taken >= total // 2, (taken, total)
