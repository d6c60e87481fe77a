"""``fast``'s program build keeps what depends only on the geometry or on a rule's numbers
across programs (``program_kept``: a geometry's houses and their packed arrays, pair
rules' tables by the key naming all their predicate reads; ``program``: the crossings;
``implied``: the areas; ``program_lines``: the leftovers, automata unrolled along a
line's shape; ``program_pairs``: anti-taxicab's pairs). A key that missed a field would
hand one puzzle another's tables: every program below, built after all the others
(caches full), must be the very arrays a cold build makes, and puzzles that differ in
one such field only must get different programs."""

from __future__ import annotations

import numpy as np

from sudoku_cp.variants import model as m
from sudoku_cp.variants.fastvar import (implied, program, program_kept, program_lines,
                                        program_pairs)
from sudoku_cp.variants.fastvar.program import compile_puzzle

ARRAYS = ("dom", "kinds", "pstart", "cstart", "data", "pcells", "tab", "hstart", "hcells",
          "hbits", "wlist", "wstart")
LINE = (0, 1, 2, 3, 4)
APART = (0, 12, 24, 36)  # (each step between cells sharing no house)
DOT = (10, 11)
REGIONS = ((0, 1, 2, 3, 9, 10, 11, 12, 18), (4, 5, 6, 7, 8, 13, 14, 15, 16))


def _regions():
    """A jigsaw of 9x9 as rows of boxes bent: the first two regions from ``REGIONS``,
    the rest the 3x3 boxes of rows 3..8 and what the two leave of rows 0..2."""
    first = set(REGIONS[0]) | set(REGIONS[1])
    top = tuple(x for x in range(27) if x not in first)
    boxes = tuple(tuple((r0 + i) * 9 + c0 + j for i in range(3) for j in range(3))
                  for r0 in (3, 6) for c0 in (0, 3, 6))
    return REGIONS + (top,) + boxes


def _pairs():
    """(name, puzzle, puzzle): two puzzles differing in one field a cache key must hold."""
    def one(c, **kw):
        return m.VariantPuzzle(9, constraints=(c,), **kw)

    return [
        ("whisper difference", one(m.Whisper(LINE, 5)), one(m.Whisper(LINE, 4))),
        ("lockout difference", one(m.Lockout(LINE, 4)), one(m.Lockout(LINE, 3))),
        ("thermometer or slow", one(m.Thermometer(APART)), one(m.SlowThermometer(APART))),
        ("difference dot", one(m.DifferenceDot(DOT, 1)), one(m.DifferenceDot(DOT, 2))),
        ("ratio dot", one(m.RatioDot(DOT, 2)), one(m.RatioDot(DOT, 3))),
        ("xv total", one(m.XV(DOT, 10)), one(m.XV(DOT, 5))),
        ("modulus", one(m.Modular(LINE, 3)), one(m.Modular(LINE, 4))),
        ("pair allowed", one(m.Pair(DOT, (1, 2, 2, 1))), one(m.Pair(DOT, (1, 3, 3, 1)))),
        ("negative dots", one(m.NegativeDots(white=True, black=False)),
         one(m.NegativeDots(white=False, black=True))),
        ("negative dots' ratios", m.VariantPuzzle(9, constraints=(
            m.NegativeDots(white=False, black=True), m.RatioDot((40, 41), 2))),
         m.VariantPuzzle(9, constraints=(
             m.NegativeDots(white=False, black=True), m.RatioDot((40, 41), 3)))),
        ("negative xv", one(m.NegativeXV(x=True, v=False)), one(m.NegativeXV(x=False, v=True))),
        ("chess values", one(m.Chess((1, 2), (1,))), one(m.Chess((1, 2), (2,)))),
        ("knightmare sums", one(m.Knightmare((5, 15))), one(m.Knightmare((7,)))),
        ("values", one(m.XV(DOT, 10)), one(m.XV(DOT, 10), values=(0, 8))),
        ("entropic values", one(m.Entropic(LINE)), one(m.Entropic(LINE), values=(1, 12))),
        ("anti-taxicab values", one(m.AntiTaxicab()), one(m.AntiTaxicab(), values=(0, 8))),
        ("anti-taxicab regions", one(m.AntiTaxicab()),
         one(m.AntiTaxicab(), box=None, regions=_regions())),
        ("boxes or regions", one(m.KillerCage((0, 1, 9), 6)),
         one(m.KillerCage((0, 1, 9), 6), box=None, regions=_regions())),
        ("box shape", m.VariantPuzzle(6, box=(2, 3), constraints=(m.KillerCage((0, 1), 3),)),
         m.VariantPuzzle(6, box=(3, 2), constraints=(m.KillerCage((0, 1), 3),))),
        ("full houses by values", m.VariantPuzzle(6, box=(2, 3), constraints=(
            m.KillerCage((0, 1, 2), 6),)),
         m.VariantPuzzle(6, box=(2, 3), values=(1, 7), constraints=(
             m.KillerCage((0, 1, 2), 6),))),
        ("regex pattern", one(m.Regex(LINE, "1.*")), one(m.Regex(LINE, "2.*"))),
        ("nfa segments", one(m.Nfa(LINE[:4], 2, (0,), (0,), (0, 0, 1, 1, 1, 0, 0, 9, 0))),
         one(m.Nfa(LINE[:4], 2, (0,), (0,), (0, 0, 1, 1, 1, 0, 0, 9, 0), (2, 2)))),
        ("a diagonal's crossings", one(m.KillerCage((0, 1), 3)),
         m.VariantPuzzle(9, constraints=(m.KillerCage((0, 1), 3), m.Diagonal(1)))),
    ]


def _cold() -> None:
    """Empty every cache the build keeps across programs."""
    program_kept._RULES.clear()
    program_kept._SHAPES.clear()
    program_kept._PACKED.clear()
    program_kept._differing.cache_clear()
    program._crossings.cache_clear()
    program._grouped_crossings.cache_clear()
    program_lines._leftover_pairs.cache_clear()
    program_lines._unrolled.cache_clear()
    program_pairs._taxicab_pairs.cache_clear()
    implied._areas.cache_clear()
    implied._GROUPS.clear()
    program._GROUPINGS.clear()


def _arrays(puzzle) -> dict:
    prog = compile_puzzle(puzzle)
    return {name: getattr(prog, name).copy() for name in ARRAYS}


def _same(a: dict, b: dict) -> bool:
    return all(np.array_equal(a[k], b[k]) for k in ARRAYS)


def test_a_warm_build_makes_the_arrays_a_cold_one_does():
    puzzles = [p for _, first, second in _pairs() for p in (first, second)]
    cold = []
    for p in puzzles:
        _cold()
        cold.append(_arrays(p))
    _cold()
    for p in puzzles:  # every cache filled, in this order
        compile_puzzle(p)
    for p, want in zip(reversed(puzzles), reversed(cold)):  # then read back the other way
        assert _same(_arrays(p), want), p


def test_puzzles_differing_in_one_keyed_field_get_different_programs():
    for name, first, second in _pairs():
        a = _arrays(first)
        assert not _same(a, _arrays(second)), name
        assert _same(a, _arrays(first)), name  # (the second left no trace in the first)


def test_a_program_built_on_after_freezing_stays_whole():
    """``freeze`` again after more rules: the kept segments are re-checked, not trusted."""
    puzzle = m.VariantPuzzle(4, constraints=(m.Thermometer((0, 1, 2)),))
    prog = compile_puzzle(puzzle)
    before = len(prog.kinds)
    prog.relation(5, 6, lambda a, b: a < b)
    prog.props[0] = (program.HOUSE, [0, 1], [2, 0, 1])  # (a geometry house replaced)
    prog.freeze()
    assert len(prog.kinds) == before + 1
    assert prog.data[prog.pstart[0]:prog.pstart[1]].tolist() == [2, 0, 1]


def test_the_kept_module_names_a_house_as_program_does():
    assert program_kept.HOUSE == program.HOUSE


def _houses(prog) -> list[set]:
    """The cells of each ``HOUSE`` propagator of a frozen program."""
    return [set(prog.data[prog.pstart[p] + 1:prog.pstart[p + 1]].tolist())
            for p in range(len(prog.kinds)) if prog.kinds[p] == program.HOUSE]


def test_counting_circles_see_from_each_group_the_cells_sharing_a_house_with_all_of_it():
    """``circle_groups`` (per group, as bits of each cell's peers): each group's seeing
    cells are exactly the cells outside it that share some house with every cell of it,
    recomputed here from the program's houses (an extra region and a killer cage among
    them)."""
    circles = (0, 1, 10, 20, 30, 40, 44, 80, 72)
    prog = compile_puzzle(m.VariantPuzzle(9, constraints=(
        m.CountingCircles(circles), m.ExtraRegion((30, 40, 50, 60, 70, 80, 8, 16, 24)),
        m.KillerCage((44, 45), 10))))
    (p,) = [p for p in range(len(prog.kinds)) if prog.kinds[p] == program.CIRCLES]
    data = prog.data[prog.pstart[p]:prog.pstart[p + 1]].tolist()
    n = data[0]
    cells, ngroups = data[1:1 + n], data[1 + n]
    sizes = data[2 + n:2 + n + ngroups]
    assert sorted(cells) == sorted(circles) and ngroups < n  # (some groups of two or more)
    houses = _houses(prog)
    at, first = 2 + n + ngroups, 0
    for size in sizes:
        group = cells[first:first + size]
        first += size
        count, seeing = data[at], data[at + 1:at + 1 + data[at]]
        at += 1 + count
        want = [x for x in range(81) if x not in group
                and all(any(x in h and y in h for h in houses) for y in group)]
        assert seeing == want, group
    assert at == len(data)
