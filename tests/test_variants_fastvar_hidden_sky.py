"""``fast``'s hidden skyscraper (``varclues._hidden_skyscraper``): the propagator alone
against every filling of its line (exact where values may repeat, keeping every value
used where they differ), and whole puzzles counted against ``sat``."""

from __future__ import annotations

import itertools
import random

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants import sat  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402


def _first_hidden(line):
    """The first value lower than one before it, None when none is (from the rule's words)."""
    for i, v in enumerate(line):
        if i and v < max(line[:i]):
            return v
    return None


def _propagated(puzzle, cells, masks):
    from sudoku_cp.variants.fastvar.program import Program
    from sudoku_cp.variants.fastvar.program_rules import BUILDERS

    prog = Program(puzzle)
    BUILDERS["hidden_skyscraper"](prog, puzzle, puzzle.constraints[0])
    prog.freeze()
    for x, mask in zip(cells, masks):
        prog.dom[x] &= mask
    dom = prog.dom.copy()
    ok = engine.propagate_once(prog, dom, [0])
    return ok, [int(dom[x]) for x in cells]


@pytest.mark.parametrize("house", [False, True], ids=["diagonal", "row"])
def test_the_propagator_keeps_every_value_a_filling_uses(house):
    """Random candidates on a row (values differ) or a diagonal (they may repeat): every
    value some filling with that first hidden value uses stays, it fails only when no
    filling is left, and off a house it keeps exactly those values."""
    rng = random.Random(f"hidden-{house}")
    pruned = 0
    for trial in range(300):
        n = rng.randint(3, 6)
        lo = rng.choice([0, 1, -1])
        nv = n + rng.choice([0, 0, 1])
        values = range(lo, lo + nv)
        cells = tuple(range(n)) if house else tuple(i * (n + 1) for i in range(n))
        if rng.random() < 0.5:
            cells = cells[::-1]
        clue = rng.choice(values)
        puzzle = m.VariantPuzzle(n, box=None, values=(lo, lo + nv - 1),
                                 constraints=(m.HiddenSkyscraper(cells, clue),))
        masks = [rng.randrange(1, 1 << nv) | rng.randrange(1 << nv) for _ in cells]
        kept = [0] * n
        for line in itertools.product(*[[v for v in values if mk >> (v - lo) & 1]
                                        for mk in masks]):
            if (not house or len(set(line)) == n) and _first_hidden(line) == clue:
                for i, v in enumerate(line):
                    kept[i] |= 1 << (v - lo)
        ok, got = _propagated(puzzle, cells, masks)
        where = (trial, puzzle.to_json(), masks)
        if not any(kept):
            assert house or not ok, where  # off a house it is exact: it fails
            continue
        assert ok, where
        for i in range(n):
            assert kept[i] & ~got[i] == 0, where  # nothing a filling uses is lost
            if not house:
                assert got[i] == kept[i], where
            pruned += bin(masks[i] & ~got[i]).count("1")
    assert pruned > 100  # (it does narrow)


def test_no_hidden_value_above_every_other_and_on_a_house_values_rise_strictly():
    """Values 1..4: 4 never hides (nothing stands above it). Cell 0 holding 2, cell 2
    holding 1, 1 hidden: on a row the values rise strictly, so cell 1 is 3; on a diagonal
    it may repeat 2 (2, 2, 1: 1 is the first lower than a value before it)."""
    row, diagonal = (0, 1, 2, 3), (0, 5, 10, 15)
    for cells in (row, diagonal):
        puzzle = m.VariantPuzzle(4, box=None, constraints=(m.HiddenSkyscraper(cells, 4),))
        assert not _propagated(puzzle, cells, [15] * 4)[0]
        puzzle = m.VariantPuzzle(4, box=None, constraints=(m.HiddenSkyscraper(cells, 1),))
        ok, got = _propagated(puzzle, cells, [0b0010, 0b0110, 0b0001, 15])
        assert ok and got[1] == (0b0100 if cells == row else 0b0110)


def _random_puzzle(rng, n, box):
    """A random grid's hidden skyscrapers on some rows and columns, plus a few givens."""
    p = m.VariantPuzzle(n, box=box)
    grid = sat.solve(dataclasses_replace(p, givens=tuple(
        (c, v) for c, v in zip(rng.sample(range(n * n), 1), [rng.randint(1, n)]))), limit=1)
    if not grid.solutions:
        return None
    g = grid.solutions[0]
    lines = [tuple(r * n + c for c in range(n)) for r in range(n)]
    lines += [tuple(r * n + c for r in range(n)) for c in range(n)]
    rules = []
    for line in rng.sample(lines, rng.randint(2, 5)):
        if rng.random() < 0.5:
            line = line[::-1]
        value = _first_hidden([g[x] for x in line])
        if value is None:
            continue
        if rng.random() < 0.2:  # sometimes a clue the grid breaks
            value = rng.randint(1, n)
        rules.append(m.HiddenSkyscraper(line, value))
    givens = tuple((c, g[c]) for c in rng.sample(range(n * n), rng.randint(0, n)))
    return m.VariantPuzzle(n, box=box, givens=givens, constraints=tuple(rules))


def dataclasses_replace(p, **kw):
    import dataclasses

    return dataclasses.replace(p, **kw)


def test_puzzles_count_as_sat_counts():
    """4x4 and 6x6 puzzles of hidden skyscrapers: ``fast`` finds as many solutions as
    ``sat`` (up to 20) and each passes the checker."""
    rng = random.Random("hidden-puzzles")
    seen = set()
    for trial in range(40):
        n, box = rng.choice([(4, (2, 2)), (6, (2, 3))])
        p = _random_puzzle(rng, n, box)
        if p is None:
            continue
        want = sat.solve(p, limit=20, time_limit=30)
        got = engine.solve(p, limit=20, time_limit=30)
        assert want.status != "timeout" and got.status != "timeout"
        assert got.count == want.count, (trial, p.to_json())
        for s in got.solutions:
            assert not check_solution(p, s)
        seen.add(min(want.count, 2))
    assert seen == {0, 1, 2}  # none, one and many solutions all met
