"""The minimal-killer search (sudoku_cp.research.minimal_killer) against plain enumeration
and against two variant paradigms.

The whole 6×6 search takes minutes (benchmarks/minimal_killer_6x6.py); here each of its
pieces meets an independent answer on something small: on 4×4 the search's puzzles,
spread over their orbits, are exactly the unique (configuration, sums) pairs that a plain
loop over every configuration and every grid finds; on 6×6 each sum tuple the exact
count calls unique on spaanse's configuration is unique by SAT and CP-SAT with the same
solution, and a tuple it does not call unique is not.
"""

from __future__ import annotations

import importlib.util
import itertools
from collections import Counter

import pytest

from sudoku_cp import Board, solve

needs_numba = pytest.mark.skipif(importlib.util.find_spec("numba") is None,
                                 reason='numba is not installed (pip install "sudoku-cp[fast]")')

#: spaanse's configuration: cells in reading order from 0 (row * 6 + column).
SPAANSE = ((2, 8), (9, 14, 15), (18, 24), (22, 28))


def _connected(cells, n):
    cells = set(cells)
    seen, todo = set(), [min(cells)]
    while todo:
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        r, k = divmod(c, n)
        todo += [x for x in (c - n, c + n) if x in cells]
        todo += [c + d for d in (-1, 1) if 0 <= k + d < n and c + d in cells]
    return seen == cells


def _plain_unique_puzzles(n, box, covered):
    """Every unique (cages, sums) pair with ``covered`` caged cells, by brute force."""
    grids = solve(Board.empty(box), "backtrack", limit=10**6).solutions
    cages = [c for size in range(2, n + 1) for c in itertools.combinations(range(n * n), size)
             if _connected(c, n)]
    # per cage, its sum in every grid (None where the grid repeats a value in it)
    sums = [[sum(g[c] for c in cage) if len({g[c] for c in cage}) == len(cage) else None
             for g in grids] for cage in cages]
    found = set()

    def extend(chosen, used, start, left):
        if left == 0:
            tuples = Counter(t for t in zip(*(sums[i] for i in chosen)) if None not in t)
            for t, count in tuples.items():
                if count == 1:
                    found.add(frozenset(zip((frozenset(cages[i]) for i in chosen), t)))
            return
        for i in range(start, len(cages)):
            cage = cages[i]
            if len(cage) <= left and not used & set(cage):
                extend(chosen + [i], used | set(cage), i + 1, left - len(cage))

    extend([], set(), 0, covered)
    return found


@needs_numba
def test_the_search_finds_every_unique_4x4_killer_on_7_cells():
    """Twin-line pruning, orbits, the symbolic filter and the exact sums together lose no
    unique puzzle and invent none: the search's puzzles moved by every row and column
    move that keeps the cages connected are the brute-force set (which is not empty)."""
    from sudoku_cp.research.minimal_killer import line_maps, search

    n, box = 4, (2, 2)
    result = search(box, 7)
    rows, cols = line_maps(*box)
    assert len(rows) == len(cols) == 8
    spread = set()
    for p in result.puzzles:
        for rm, cm in itertools.product(rows, cols):
            moved = [frozenset(int(rm[c // n]) * n + int(cm[c % n]) for c in cage)
                     for cage in p.cages]
            if all(_connected(cage, n) for cage in moved):  # a move may split a cage
                spread.add(frozenset(zip(moved, p.sums)))
    plain = _plain_unique_puzzles(n, box, 7)
    assert plain and spread == plain


@needs_numba
def test_the_exact_count_on_spaanses_configuration_agrees_with_two_paradigms():
    from sudoku_cp.research.minimal_killer import as_variant, canonical_form, unique_tuples
    from sudoku_cp.variants.crosscheck import crosscheck

    tuples = unique_tuples(SPAANSE)
    assert tuples
    for sums, solution in tuples.items():
        report = crosscheck(as_variant(SPAANSE, sums), ["sat", "cpsat"])
        assert report.verdict.value == "unique", sums
        assert tuple(report.solution) == solution
    # a tuple next to a unique one, not itself unique: several grids (or none) give it
    sums = min(tuples)
    other = sums[:-1] + (sums[-1] + 1,)
    assert other not in tuples
    report = crosscheck(as_variant(SPAANSE, other), ["sat", "cpsat"])
    assert report.verdict.value in ("multiple", "none")
    # spaanse's cage list and its mirror image left to right are one configuration up to
    # the moves; moving one domino down a row (out of the rows 3 and 4) makes another
    mirror = tuple(tuple(6 * (c // 6) + 5 - c % 6 for c in cage) for cage in SPAANSE)
    assert canonical_form(mirror) == canonical_form(SPAANSE)
    moved = ((2, 8), (9, 14, 15), (24, 30), (22, 28))
    assert canonical_form(moved) != canonical_form(SPAANSE)
