"""``fast`` for variants: region sum lines, every two segments stated equal.

A region sum line's segments (its runs of cells in one box or region) all sum alike; the
builder states each pair of segments as a sum (before: each against the first only, and a
sum's bounds pass on no more than bounds). Checked here: lines of three segments or more
that a grid holds, with a few givens, against ``sat`` (up to two solutions), the pairs
the builder states, that a one-cell segment takes only the sums of distinct values of a
two-cell one (its cells share a box), exactly, and that a segment longer than an exact
sum's groups of three is bounded as one run of distinct values.
"""

from __future__ import annotations

import itertools
import random

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.fastvar.program import Program  # noqa: E402
from sudoku_cp.variants.fastvar.program_rules import _region_sum_line, _segments  # noqa: E402

from test_variants_fastvar import _agrees_with_sat, _grid, _line  # noqa: E402


def _held_line(rng, p, grid, longest=0):
    """A random line of three segments or more (two, with a segment of ``longest`` cells or
    more) whose segments ``grid`` sums alike."""
    for _ in range(3000):
        cells = _line(rng, p.size, rng.randint(3, 8) + longest)
        segs = _segments(p, cells)
        if longest and max(map(len, segs)) < longest:
            continue
        if len(segs) >= (2 if longest else 3) and len({sum(grid[x] for x in s) for s in segs}) == 1:
            return m.RegionSumLine(cells)
    return None


def test_every_two_segments_are_stated():
    p = m.VariantPuzzle(6, box=(2, 3))
    line = m.RegionSumLine((0, 6, 12, 13, 14, 15))  # segments (0, 6), (12, 13, 14), (15,)
    assert [list(s) for s in _segments(p, line.cells)] == [[0, 6], [12, 13, 14], [15]]
    prog = Program(p)
    _region_sum_line(prog, p, line)
    stated = {frozenset(cells) for _, cells, _ in prog.props}
    assert stated == {frozenset((0, 6, 12, 13, 14)), frozenset((0, 6, 15)),
                      frozenset((12, 13, 14, 15))}


def test_region_sum_lines_of_several_segments_agree_with_sat():
    """6x6 puzzles of one to three lines a grid holds (and a few givens): ``fast`` finds
    what ``sat`` finds, up to two solutions, and no more."""
    rng = random.Random("region-sum-vs-sat")
    checked = 0
    for trial in range(30):
        lo = rng.choice([1, 1, 0])
        grid = _grid(rng, 6, (2, 3), lo)
        p = m.VariantPuzzle(6, box=(2, 3), values=(lo, lo + 5))
        rules = [r for r in (_held_line(rng, p, grid) for _ in range(rng.randint(1, 3)))
                 if r is not None]
        if not rules:
            continue
        givens = tuple((x, grid[x]) for x in rng.sample(range(36), rng.randint(4, 12)))
        p = m.VariantPuzzle(6, box=(2, 3), values=(lo, lo + 5), givens=givens,
                            constraints=tuple(rules))
        _agrees_with_sat(p, grid, trial)
        checked += 1
    assert checked >= 20


def _sums_of_distinct(dom, pair, single, lo, hi):
    """Per cell, the values of the fillings where ``single`` is the sum of two distinct
    values of ``pair`` (the rule's own reading, by enumeration)."""
    out = {x: 0 for x in pair + single}
    ranges = [[v for v in range(lo, hi + 1) if dom[x] >> (v - lo) & 1] for x in pair + single]
    for a, b, s in itertools.product(*ranges):
        if a != b and a + b == s:
            for x, v in zip(pair + single, (a, b, s)):
                out[x] |= 1 << (v - lo)
    return out


def test_a_one_cell_segment_takes_only_sums_of_two_distinct_values():
    """Segments (0, 1) (a box's) and (3,) (the next box's) of a 9x9 line, on random
    candidates: the line's propagators, each run once, leave each cell exactly the values
    some filling with two distinct values in the box uses (three terms summed as if the
    two could be equal kept, e.g., 2 in both cells for a 4: iss-examples-11's extra nodes)."""
    p = m.VariantPuzzle(9, box=(3, 3))
    line = m.RegionSumLine((0, 1, 3))
    pair, single = [0, 1], [3]
    assert [list(s) for s in _segments(p, line.cells)] == [pair, single]
    prog = Program(p)
    for house in p.houses():
        prog.house(house)
    _region_sum_line(prog, p, line)
    prog.freeze()
    mine = [q for q in range(prog.kinds.shape[0])
            if set(prog.pcells[prog.cstart[q]:prog.cstart[q + 1]].tolist()) == {0, 1, 3}]
    assert mine
    rng = random.Random("region-sum-distinct")
    full = (1 << 9) - 1
    failed = narrowed = distinct_mattered = 0
    for trial in range(400):
        dom = prog.dom.copy()
        for x in pair + single:
            dom[x] = full & rng.randrange(1, 1 << 9) & rng.randrange(1, 1 << 9) or 1
        before = dom.copy()
        exact = _sums_of_distinct(before, pair, single, 1, 9)
        ok = engine.propagate_once(prog, dom, mine, watch=False)
        where = (trial, [int(before[x]) for x in pair + single])
        if not ok:
            assert not any(exact.values()), where
            failed += 1
            continue
        assert [int(dom[x]) for x in pair + single] == [exact[x] for x in pair + single], where
        narrowed += any(dom[x] != before[x] for x in pair + single)
        loose = {x: 0 for x in pair + single}  # (equal values allowed)
        for a, b in itertools.product(range(9), repeat=2):
            if before[0] >> a & 1 and before[1] >> b & 1 and before[3] >> (a + b + 1) & 1:
                for x, i in ((0, a), (1, b), (3, a + b + 1)):
                    loose[x] |= 1 << i
        distinct_mattered += loose != exact
    assert failed >= 10 and narrowed >= 100 and distinct_mattered >= 10


def _line_only(p, line):
    """``p``'s houses and ``line``'s program, frozen; the propagators of the line."""
    prog = Program(p)
    for house in p.houses():
        prog.house(house)
    _region_sum_line(prog, p, line)
    prog.freeze()
    cells = set(line.cells)
    return prog, [q for q in range(prog.kinds.shape[0])
                  if set(prog.pcells[prog.cstart[q]:prog.cstart[q + 1]].tolist()) <= cells]


def test_a_five_cell_segment_makes_a_two_cell_one_sum_to_fifteen_or_more():
    """A box's five cells sum to 15 or more (1 to 5): the two cells of the next box they
    equal keep 6 to 9 (15 = 6 + 9 = 7 + 8), at the line's own fixpoint. An exact sum
    alone, in groups of three and two, bounds the five by 1+2+3 + 1+2 = 9 only."""
    p = m.VariantPuzzle(9, box=(3, 3))
    line = m.RegionSumLine((0, 1, 2, 11, 10, 12, 13))  # (0, 1, 2, 11, 10) box 0, (12, 13) box 1
    assert list(map(len, _segments(p, line.cells))) == [5, 2]
    prog, mine = _line_only(p, line)
    dom = prog.dom.copy()
    assert engine.propagate_once(prog, dom, mine)
    assert [int(dom[x]) for x in (12, 13)] == [0b111100000] * 2


def test_region_sum_lines_with_a_long_segment_agree_with_sat():
    """9x9 puzzles of one or two lines a grid holds, one segment of four cells or more (the
    bounds beside the exact sums), and a few givens: ``fast`` finds what ``sat`` finds."""
    rng = random.Random("region-sum-long-vs-sat")
    checked = 0
    for trial in range(12):
        grid = _grid(rng, 9, (3, 3), 1)
        p = m.VariantPuzzle(9, box=(3, 3))
        rules = [r for r in (_held_line(rng, p, grid, 4) for _ in range(rng.randint(1, 2)))
                 if r is not None]
        if not rules:
            continue
        givens = tuple((x, grid[x]) for x in rng.sample(range(81), rng.randint(22, 34)))
        p = m.VariantPuzzle(9, box=(3, 3), givens=givens, constraints=tuple(rules))
        _agrees_with_sat(p, grid, trial)
        checked += 1
    assert checked >= 8
