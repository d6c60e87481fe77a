"""``fast`` for variants (``sudoku_cp.variants.fastvar``): the compiled propagating search.

Two kinds of property test, seeded, one per constraint family:

- on 4x4 grids (values 1..4 or 0..3, boxes or a Latin square), random constraints of the
  family, drawn near a random grid so that some hold; the truth is every Latin square kept
  by the independent checker (``rules.py``), and ``fast`` must find exactly those grids;
- on 6x6 and 9x9 grids, constraints read off a random full grid (those it keeps) plus a few
  givens; ``fast`` must agree with ``sat`` on the verdict and on the solution.

A type it has no propagator for is declined by name.
"""

from __future__ import annotations

import dataclasses
import itertools
import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants import sat  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.paradigms import UnsupportedConstraint  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402


def _latin(n):
    """Every n x n Latin square with values 0..n-1, by plain enumeration (small n)."""
    out = []
    for rows in itertools.product(itertools.permutations(range(n)), repeat=n):
        if all(len({rows[r][c] for r in range(n)}) == n for c in range(n)):
            out.append(tuple(v for row in rows for v in row))
    return out


LATIN4 = _latin(4)


def _agrees_with_sat(p, grid, trial) -> int:
    """``fast`` and ``sat`` count ``p`` (built on ``grid``) alike to two, every solution
    passes the checker, and a unique one is the same grid; the count (for tests that
    want both verdicts to occur)."""
    want = sat.solve(p, limit=2).solutions
    got = engine.solve(p, limit=2).solutions
    assert grid in want or len(want) == 2, (trial, p.to_json())
    assert len(got) == len(want) and all(not check_solution(p, g) for g in got), \
        (trial, p.to_json())
    if len(want) == 1:
        assert got == want, (trial, p.to_json())
    return len(want)


def _grid(rng, n, box, lo):
    """A random full grid: the pattern of a box shape, its bands, stacks and values shuffled."""
    if box is None:
        base = [[(r + c) % n for c in range(n)] for r in range(n)]
    else:
        br, bc = box
        base = [[(bc * (r % br) + r // br + c) % n for c in range(n)] for r in range(n)]
    rows = [b * box[0] + r for b in rng.sample(range(n // box[0]), n // box[0])
            for r in rng.sample(range(box[0]), box[0])] if box else rng.sample(range(n), n)
    cols = [s * box[1] + c for s in rng.sample(range(n // box[1]), n // box[1])
            for c in rng.sample(range(box[1]), box[1])] if box else rng.sample(range(n), n)
    values = rng.sample(range(n), n)
    return tuple(lo + values[base[r][c]] for r in rows for c in cols)


def _line(rng, n, k):
    """A random path of ``k`` distinct orthogonally or diagonally adjacent cells (or fewer)."""
    cell = rng.randrange(n * n)
    path = [cell]
    while len(path) < k:
        r, c = divmod(path[-1], n)
        steps = [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
                 and (r + dr) * n + c + dc not in path]
        if not steps:
            break
        path.append(rng.choice(steps))
    return tuple(path)


def _pair(rng, n):
    a = rng.randrange(n * n)
    r, c = divmod(a, n)
    b = rng.choice([(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < n and 0 <= c + dc < n])
    return (a, b)


# -- one generator per family: constraints that the grid ``g`` keeps (mostly) -------------------
def _cage(rng, n, g, lo):
    cells = _line(rng, n, rng.randint(2, 4))
    cells = tuple(dict((g[x], x) for x in cells).values())  # distinct values in the grid
    return [m.KillerCage(cells, sum(g[x] for x in cells) if rng.random() < 0.9 else None)]


def _little_killer(rng, n, g, lo):
    start = rng.randrange(n)
    cells = tuple(r * n + start + r for r in range(n - start))
    return [m.LittleKiller(cells, sum(g[x] for x in cells))]


def _thermo(rng, n, g, lo, slow=False):
    cells = _line(rng, n, rng.randint(2, 4))
    cells = sorted(cells, key=lambda x: g[x])
    if not slow:
        cells = list(dict((g[x], x) for x in cells).values())
    cls = m.SlowThermometer if slow else m.Thermometer
    return [cls(tuple(cells))] if len(cells) > 1 else []


def _arrow(rng, n, g, lo):
    bulb = rng.randrange(n * n)
    for _ in range(50):
        shaft = _line(rng, n, rng.randint(1, 3))
        if bulb not in shaft and sum(g[x] for x in shaft) == g[bulb]:
            return [m.Arrow((bulb,), shaft)]
    return [m.Arrow((bulb,), (rng.randrange(n * n),))] if rng.random() < 0.3 else []


def _pill_arrow(rng, n, g, lo):
    bulb = _line(rng, n, 2)
    number = g[bulb[0]] * 10 + g[bulb[1]]
    for _ in range(200):
        shaft = tuple(x for x in _line(rng, n, rng.randint(2, 8)) if x not in bulb)
        if sum(g[x] for x in shaft) == number:
            return [m.Arrow(bulb, shaft)]
    return []


def _dots(rng, n, g, lo):
    out = []
    for _ in range(rng.randint(1, 6)):
        a, b = _pair(rng, n)
        x, y = g[a], g[b]
        if abs(x - y) == 1:
            out.append(m.DifferenceDot((a, b)))
        elif x == 2 * y or y == 2 * x:
            out.append(m.RatioDot((a, b)))
        elif x + y in (5, 10):
            out.append(m.XV((a, b), x + y))
        else:
            out.append(m.GreaterThan((a, b) if x > y else (b, a)))
    kind = rng.random()
    if kind < 0.3:
        out.append(m.NegativeDots(rng.random() < 0.7, rng.random() < 0.7))
    elif kind < 0.5:
        out.append(m.NegativeXV(rng.random() < 0.7, rng.random() < 0.7))
    return out


def _lines(rng, n, g, lo):
    """One of the line types, drawn as a random path (kept or not by the grid)."""
    cells = _line(rng, n, rng.randint(2, 5))
    kind = rng.choice(["whisper", "renban", "palindrome", "between", "lockout", "modular",
                       "entropic", "zipper", "region_sum", "double_arrow"])
    if kind == "whisper":
        return [m.Whisper(cells, rng.randint(1, n // 2))]
    if kind == "renban":
        return [m.Renban(cells)]
    if kind == "palindrome":
        return [m.Palindrome(cells)]
    if kind == "between":
        return [m.Between(cells)]
    if kind == "lockout":
        return [m.Lockout(cells, rng.randint(1, n // 2))]
    if kind == "modular":
        return [m.Modular(cells, rng.randint(2, 3))]
    if kind == "entropic":
        return [m.Entropic(cells)]
    if kind == "zipper":
        return [m.Zipper(cells)]
    if kind == "region_sum":
        return [m.RegionSumLine(cells)]
    return [m.DoubleArrow(cells)] if len(cells) >= 3 else []


def _cells(rng, n, g, lo):
    out = []
    for x in rng.sample(range(n * n), rng.randint(1, 4)):
        kind = rng.random()
        if kind < 0.4:
            out.append(m.Odd(x) if g[x] % 2 else m.Even(x))
        else:
            out.append(m.Candidates(x, tuple(sorted({g[x], lo + rng.randrange(n)}))))
    if rng.random() < 0.5:
        cells = _line(rng, n, 4)
        out.append(m.Quadruple(cells, tuple(g[x] for x in cells[:rng.randint(1, 3)])))
    if rng.random() < 0.3:
        out.append(m.Minimum((rng.randrange(n * n),)))
        out.append(m.Maximum((rng.randrange(n * n),)))
    return out


def _globals(rng, n, g, lo):
    pool = [m.AntiKnight(), m.AntiKing(), m.NonConsecutive(), m.Diagonal(1), m.Diagonal(-1),
            m.DisjointGroups(), m.ExtraRegion(_line(rng, n, n // 2 + 1))]
    out = rng.sample(pool, rng.randint(1, 2))
    if rng.random() < 0.3:
        a = _line(rng, n, 2)
        out.append(m.Clone(a, tuple(reversed(a))))
    return out


def _outside(rng, n, g, lo):
    """Sandwich, x-sum and skyscraper clues on rows and columns, read from either end; the
    clue is the grid's (or, now and then, one off)."""
    out = []
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(n)
        cells = tuple(k * n + c for c in range(n)) if rng.random() < 0.5 else \
            tuple(r * n + k for r in range(n))
        if rng.random() < 0.5:
            cells = cells[::-1]
        line = [g[x] for x in cells]
        off = rng.choice([0, 0, 0, 1, -1])
        kind = rng.choice(["sandwich", "x_sum", "skyscraper"])
        if kind == "sandwich":
            i, j = sorted((line.index(min(line)), line.index(max(line))))
            out.append(m.Sandwich(cells, sum(line[i + 1:j]) + off))
        elif kind == "x_sum" and 1 <= line[0] <= n:
            out.append(m.XSum(cells, sum(line[:line[0]]) + off))
        elif kind == "skyscraper":
            seen, top = 0, 0
            for v in line:
                if v > top:
                    seen, top = seen + 1, v
            out.append(m.Skyscraper(cells, min(max(seen + off, 1), n)))
    return out


def _others(rng, n, g, lo):
    """Sums with weights, rellik and equality cages, exact contents, indexing, value
    indexing, pairs and counting circles, near the grid."""
    out = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(["sum", "rellik", "equality", "exact", "indexing", "value_indexing",
                           "pair", "circles"])
        cells = _line(rng, n, rng.randint(2, 4))
        held = [g[x] for x in cells]
        if kind == "sum":
            weights = tuple(rng.choice([1, 1, 2, -1]) for _ in cells)
            out.append(m.Sum(cells, sum(w * v for w, v in zip(weights, held))
                             + rng.choice([0, 0, 1]), weights))
        elif kind == "rellik":
            cells = tuple(dict((g[x], x) for x in cells).values())
            sums = {sum(s) for k in range(1, len(cells) + 1)
                    for s in itertools.combinations([g[x] for x in cells], k)}
            free = [t for t in range(1, 2 * n + 2) if t not in sums]
            out.append(m.RellikCage(cells, rng.choice(free)))
        elif kind == "equality":
            cells = tuple(dict((g[x], x) for x in cells).values())
            out.append(m.EqualityCage(cells[:len(cells) // 2 * 2]))
        elif kind == "exact":
            out.append(m.ContainExact(cells, tuple(held[:rng.randint(1, len(cells))])))
        elif kind == "indexing":
            at = rng.randrange(n * n)
            line = tuple(range(at - at % n, at - at % n + n))  # the cell's own row
            if 1 <= g[at] <= n:
                out.append(m.Indexing(at, line, g[line[g[at] - 1]]))
        elif kind == "value_indexing" and len(cells) >= 3:
            out.append(m.ValueIndexing(cells))
        elif kind == "pair":
            allowed = tuple(v for a, b in zip(held, held[1:]) for v in (a, b))
            extra = (lo + rng.randrange(n), lo + rng.randrange(n))
            out.append(m.Pair(cells, allowed + extra, rng.random() < 0.3))
        elif kind == "circles":
            out.append(m.CountingCircles(cells))
    return out


def _equal_sums(rng, n, g, lo):
    """Equal-sum segments: random lines, or a row cut into equal parts (whose common sum
    the row's total implies) and a line elsewhere; now and then the anti-taxicab rule."""
    out = [m.AntiTaxicab()] if rng.random() < 0.4 else []
    if rng.random() < 0.5:
        parts = rng.choice([k for k in (2, 3) if n % k == 0])
        r = rng.randrange(n)
        segments = [tuple(r * n + c for c in range(i * n // parts, (i + 1) * n // parts))
                    for i in range(parts)]
        segments.append(_line(rng, n, n // parts))
    else:
        segments = [_line(rng, n, rng.randint(1, 3)) for _ in range(rng.randint(2, 3))]
    out.append(m.EqualSum(tuple(x for s in segments for x in s), tuple(map(len, segments))))
    return out


FAMILIES = {"others": _others, "equal_sums": _equal_sums, "outside": _outside, "cage": _cage, "little_killer": _little_killer, "thermo": _thermo,
            "slow_thermo": lambda *a: _thermo(*a, slow=True), "arrow": _arrow,
            "pill_arrow": _pill_arrow, "dots": _dots, "lines": _lines, "cells": _cells,
            "globals": _globals}


def _puzzle(rng, family, n, box, lo, grid, ngivens, kept=False):
    """A puzzle of ``family`` drawn near ``grid``; ``kept``: only constraints it keeps."""
    constraints = []
    for _ in range(rng.randint(1, 3) * (3 if family == "lines" else 1)):
        constraints += FAMILIES[family](rng, n, grid, lo)
    if box is None:  # (rules.py cannot cut a region-sum line without boxes: it raises)
        constraints = [c for c in constraints if c.TYPE != "region_sum_line"]
    if kept:
        bare = m.VariantPuzzle(n, box=box, values=(lo, lo + n - 1))
        constraints = [c for c in constraints
                       if not check_solution(m.VariantPuzzle(n, box, values=bare.values,
                                                             constraints=(c,)), grid)]
    givens = tuple((x, grid[x]) for x in rng.sample(range(n * n), ngivens))
    try:
        return m.VariantPuzzle(n, box=box, values=(lo, lo + n - 1), givens=givens,
                               constraints=tuple(constraints))
    except m.PuzzleError:
        return None


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_fast_finds_exactly_the_4x4_grids_the_checker_keeps(family):
    rng = random.Random(family)
    for trial in range(12):
        lo = rng.choice([1, 1, 0])
        box = rng.choice([(2, 2), (2, 2), None])
        grid = _grid(rng, 4, box, lo)
        p = _puzzle(rng, family, 4, box, lo, grid, rng.randint(0, 3))
        if p is None:
            continue
        truth = sorted(g for g in (tuple(v + lo for v in s) for s in LATIN4)
                       if not check_solution(p, g))
        r = engine.solve(p, limit=len(truth) + 1)
        assert r.exhausted and sorted(r.solutions) == truth, (trial, p.to_json())


@pytest.mark.parametrize("box, lo, some", [(None, 0, True), (None, 3, True), ((2, 2), 1, False)])
def test_anti_taxicab_alone_keeps_exactly_the_checkers_grids(box, lo, some):
    # (on 4x4 the rule leaves a few Latin squares with values 0..3 or 3..6, none with 1..4)
    p = m.VariantPuzzle(4, box=box, values=(lo, lo + 3), constraints=(m.AntiTaxicab(),))
    truth = sorted(g for g in (tuple(v + lo for v in s) for s in LATIN4) if not check_solution(p, g))
    r = engine.solve(p, limit=len(truth) + 1)
    assert bool(truth) == some and r.exhausted and sorted(r.solutions) == truth


@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("n", [6, 9])
def test_fast_agrees_with_sat_on_verdict_and_solution(family, n):
    rng = random.Random(f"{family}{n}")
    box = m.DEFAULT_BOXES[n]
    for trial in range(4 if n == 9 else 6):
        lo = rng.choice([1, 1, 0])
        grid = _grid(rng, n, box, lo)
        rules = ()
        if family == "globals":  # a grid that keeps some global rules, found by sat
            rules = tuple(_globals(rng, n, grid, lo))
            seed = m.VariantPuzzle(n, values=(lo, lo + n - 1), constraints=rules,
                                   givens=((rng.randrange(n * n), grid[0]),))
            found = sat.solve(seed, limit=1, time_limit=30).solutions
            if not found:
                continue
            grid = found[0]
        p = _puzzle(rng, family, n, box, lo, grid, rng.randint(n * n // 5, n * n // 2),
                    kept=True)
        if p is None:
            continue
        p = dataclasses.replace(p, constraints=p.constraints + rules)
        want = sat.solve(p, limit=2, time_limit=30)
        got = engine.solve(p, limit=2, time_limit=30)
        assert want.status != "timeout" and got.status != "timeout"
        assert got.count == want.count, (trial, p.to_json())
        if want.count == 1:
            assert got.solutions == want.solutions
        for s in got.solutions:
            assert not check_solution(p, s)


@pytest.mark.parametrize("rule", [m.Or((m.Sandwich((0, 1, 5), 3),)), m.Sandwich((0, 1, 5), 3),
                                  m.ConnectedValues((1, 2))])
def test_a_type_without_a_propagator_is_declined_by_name(rule):
    with pytest.raises(UnsupportedConstraint) as caught:
        engine.solve(m.VariantPuzzle(4, constraints=(rule, m.Thermometer((4, 5)))))
    assert caught.value.names == (rule.TYPE,)


def test_a_given_outside_the_candidates_is_no_solution_at_once():
    p = m.VariantPuzzle(4, givens=((0, 2),), constraints=(m.Odd(0),))
    r = engine.solve(p)
    assert r.exhausted and r.count == 0


def test_a_time_limit_stops_the_search():
    r = engine.solve(m.VariantPuzzle(9, constraints=(m.Thermometer((0, 1)),)), limit=10 ** 5,
                     time_limit=0.05)
    assert r.status == "timeout" and not r.exhausted


def test_under_a_time_limit_each_kernel_call_gets_the_nodes_that_fit_in_a_slice(monkeypatch):
    """A fixed 20,000 nodes per call let a 1 s limit run to 3 s where a node costs 0.1 ms."""
    real = engine.kernel()
    budgets = []

    class Spy:
        def __getattr__(self, name):
            return getattr(real, name)

        def search(self, *args):
            budgets.append(args[20])
            return real.search(*args)

    monkeypatch.setattr(engine, "kernel", lambda: Spy())
    puzzle = m.VariantPuzzle(9, constraints=(m.Thermometer((0, 1)),))
    engine.solve(puzzle, limit=5000)
    assert budgets and set(budgets) == {engine.BUDGET}  # no limit, no clock
    budgets.clear()
    monkeypatch.setattr(engine, "SLICE", 1e-6)  # fewer than 100 nodes fit: the floor
    r = engine.solve(puzzle, limit=10 ** 6, time_limit=0.5)
    assert r.status == "timeout"
    assert budgets[0] == engine.FIRST_BUDGET and len(budgets) > 1
    assert set(budgets[1:]) == {100}


# -- the outside-clue propagators alone, against every filling of their line -------------------
def _sandwich_sum(line):
    i, j = sorted((line.index(min(line)), line.index(max(line))))
    return sum(line[i + 1:j])


def _x_sum(line):
    return sum(line[:line[0]]) if 1 <= line[0] <= len(line) else None


def _seen(line):
    seen, top = 0, 0
    for v in line:
        if v > top:
            seen, top = seen + 1, v
    return seen


OUTSIDE = {"sandwich": (m.Sandwich, _sandwich_sum), "x_sum": (m.XSum, _x_sum),
           "skyscraper": (m.Skyscraper, _seen)}


@pytest.mark.parametrize("kind", sorted(OUTSIDE))
def test_an_outside_clue_never_removes_a_value_some_filling_uses(kind):
    """One propagator on one row with random candidates: every value some filling of the
    row uses (distinct values for the sums, which ``program`` builds on houses only) stays,
    and it fails only when no filling is left; the skyscraper keeps exactly those values on
    a diagonal (values may repeat), and on a row (they differ) keeps every value used."""
    from sudoku_cp.variants.fastvar.program import Program
    from sudoku_cp.variants.fastvar.program_rules import BUILDERS

    cls, rule = OUTSIDE[kind]
    rng = random.Random(kind)
    for trial in range(150):
        n = rng.randint(3, 6)
        lo = rng.choice([0, 1])
        values = range(lo, lo + n + rng.choice([0, 0, 1]))
        cells = tuple(range(n)) if rng.random() < 0.5 else tuple(range(n - 1, -1, -1))
        house = True
        if kind == "skyscraper" and rng.random() < 0.5:
            cells, house = tuple(i * (n + 1) for i in range(n)), False  # no house
        clue = rng.randint(1, n) if kind == "skyscraper" else rng.randint(0, 2 * n + 6)
        puzzle = m.VariantPuzzle(n, box=None, values=(values[0], values[-1]),
                                 constraints=(cls(cells, clue),))
        prog = Program(puzzle)
        BUILDERS[kind](prog, puzzle, puzzle.constraints[0])
        prog.freeze()
        for x in cells:
            prog.dom[x] &= rng.randrange(1, 1 << len(values)) | rng.randrange(1 << len(values))
        before = prog.dom.copy()
        kept = [0] * n
        for line in itertools.product(*[[v for v in values if before[x] >> (v - lo) & 1]
                                        for x in cells]):
            if (not house or len(set(line)) == n) and rule(list(line)) == clue:
                for i, v in enumerate(line):
                    kept[i] |= 1 << (v - lo)
        dom = before.copy()
        ok = engine.propagate_once(prog, dom, [0])  # the one propagator, to its fixpoint
        where = (trial, puzzle.to_json(), [int(before[x]) for x in cells])
        if not any(kept):
            assert house or not ok, where  # the skyscraper off a house is exact: it fails
            continue
        assert ok, where
        for i, x in enumerate(cells):
            assert kept[i] & ~int(dom[x]) == 0, where  # nothing a filling uses is lost
            if not house:
                assert int(dom[x]) == kept[i], where


@pytest.mark.parametrize("lo, clue, first, last", [(1, 1, {4}, None), (0, 1, {0, 3}, None),
                                                    (1, 4, {1}, {4}), (1, 3, {1, 2}, None)])
def test_a_skyscraper_on_a_house_reads_that_its_values_differ(lo, clue, first, last):
    """On a row of a 4x4 the tallest is the highest value and ``count`` values stand above
    the first cell's: one clue seen alone at the root settles what each reading gives."""
    from sudoku_cp.variants.fastvar.program import Program
    from sudoku_cp.variants.fastvar.program_rules import BUILDERS

    puzzle = m.VariantPuzzle(4, box=None, values=(lo, lo + 3),
                             constraints=(m.Skyscraper((0, 1, 2, 3), clue),))
    prog = Program(puzzle)
    BUILDERS["skyscraper"](prog, puzzle, puzzle.constraints[0])
    prog.freeze()
    dom = prog.dom.copy()
    assert engine.propagate_once(prog, dom, [0])
    assert {lo + i for i in range(4) if dom[0] >> i & 1} == first
    if last is not None:
        assert {lo + i for i in range(4) if dom[3] >> i & 1} == last


@pytest.mark.parametrize("lo", [0, 1])
def test_a_skyscraper_on_a_house_hides_a_cell_only_below_the_tallest(lo):
    """Where a row's values differ, a cell unseen stands strictly lower than the tallest
    before it: on a 5-cell row with six values, a clue of 1 puts a tall value first and
    no later cell keeps that value (read alone, without the row's house); the ground
    hides a 0 still (a clue of 2 with the first cell the lowest value holds)."""
    from sudoku_cp.variants.fastvar.program import Program
    from sudoku_cp.variants.fastvar.program_rules import BUILDERS

    for clue, first in ((1, 4), (2, 0)):
        puzzle = m.VariantPuzzle(5, box=None, values=(lo, lo + 5),
                                 constraints=(m.Skyscraper((0, 1, 2, 3, 4), clue),))
        prog = Program(puzzle)
        BUILDERS["skyscraper"](prog, puzzle, puzzle.constraints[0])
        prog.freeze()
        dom = prog.dom.copy()
        dom[0] = 1 << first  # the first cell: the tallest so far
        assert engine.propagate_once(prog, dom, [0])
        later = {lo + i for x in range(1, 5) for i in range(6) if dom[x] >> i & 1}
        if clue == 1:
            assert later == {lo + i for i in range(first)}, dom  # lower than it, not equal
        else:
            assert lo + 5 in later, dom


def test_counting_circles_over_many_cells_keep_exactly_the_checkers_grids():
    """Counting circles on 3 to 10 cells of a 4x4 (the values held must fill them: the
    subset-sum part of the propagator), some with a line whose cells all differ."""
    rng = random.Random("circles")
    for trial in range(60):
        lo = rng.choice([1, 1, 0])
        rules = [m.CountingCircles(tuple(rng.sample(range(16), rng.randint(3, 10))))]
        if rng.random() < 0.5:
            rules.append(m.Pair(tuple(rng.sample(range(16), 4)), (1, 3, 3, 1, 1, 4, 4, 1), True))
        p = m.VariantPuzzle(4, box=rng.choice([(2, 2), None]), values=(lo, lo + 3),
                            constraints=tuple(rules))
        truth = sorted(g for g in (tuple(v + lo for v in s) for s in LATIN4)
                       if not check_solution(p, g))
        r = engine.solve(p, limit=len(truth) + 1)
        assert r.exhausted and sorted(r.solutions) == truth, (trial, p.to_json())


#: ISS's "Hidden Hostility" (sigh/Interactive-Sudoku-Solver, data/collections.js, MIT): a
#: 6x6 grid over values 1..9 with four regions of nine cells. Its rows hold six of nine
#: values, so a band of rows has no total; ``fast`` once summed bands of them as full
#: houses for killer innies/outies and said "none" (sat, cpsat and the witness: unique).
HIDDEN_HOSTILITY = (
    ".Shape~6x6~9.RegionSize~9.Diagonal~-1.Cage~8~R1C2~R1C1~R2C1.Cage~7~R5C1~R6C1~R6C2"
    ".Cage~23~R4C2~R5C2~R5C3.Cage~22~R2C3~R2C2~R3C2.Cage~23~R2C4~R2C5~R3C5"
    ".Cage~21~R4C5~R5C5~R5C4.Cage~8~R5C6~R6C6~R6C5.Cage~7~R1C5~R1C6~R2C6"
    ".GreaterThan~R1C3~R1C4.GreaterThan~R6C3~R6C2.GreaterThan~R3C5~R3C6")


def test_killer_innies_take_no_band_of_rows_that_hold_only_some_values():
    from sudoku_cp.variants.iss import parse_iss

    p = parse_iss(HIDDEN_HOSTILITY)
    want = sat.solve(p, limit=2, time_limit=60)
    got = engine.solve(p, limit=2, time_limit=60)
    assert want.exhausted and want.count == 1
    assert got.exhausted and got.solutions == want.solutions


@pytest.mark.parametrize("seed", range(6))
def test_killers_over_a_wider_value_range_count_as_sat_does(seed):
    """4x4 Latin rows and columns over values 1..5 (one value missing from each row and
    column: no row is a full house), random cages read off a random filling; ``fast``
    counts to two as ``sat`` does."""
    rng = random.Random(f"wide{seed}")
    compared = 0
    for _ in range(8):
        p0 = m.VariantPuzzle(4, box=None, values=(1, 5),
                             givens=((rng.randrange(16), rng.randint(1, 5)),))
        found = sat.solve(p0, limit=1, time_limit=30).solutions
        if not found:
            continue
        grid = found[0]
        cages = []
        for _ in range(rng.randint(2, 4)):
            a = rng.randrange(16)
            b = a + 1 if a % 4 < 3 else a + 4 if a < 12 else a - 4
            cages.append(m.KillerCage((a, b), total=grid[a] + grid[b]))
        p = dataclasses.replace(p0, givens=(), constraints=tuple(cages))
        want = sat.solve(p, limit=2, time_limit=30)
        got = engine.solve(p, limit=2, time_limit=30)
        assert got.count == want.count and got.exhausted == want.exhausted, p.to_json()
        compared += 1
    assert compared >= 4
