"""The witness's sum lines, lunchboxes and counting circles: each propagator alone against
every filling of random candidates, and the whole witness against the checker (every 4x4
grid) and against sat (counts of random 6x6 puzzles).

Alone, a propagator must keep every value some filling of its cells that satisfies its
rule uses, and fail only when there is no such filling; the sum line is exact (it keeps
nothing else). The truth is plain enumeration, read by the rule written out here.
"""

from __future__ import annotations

import itertools
import random

from conftest import grids_4x4, pattern_grid

from sudoku_cp.variants import model as m
from sudoku_cp.variants import sat, witness
from sudoku_cp.variants.rules import check_solution
from sudoku_cp.variants.witness_linesums import CountingCircles, Lunchbox, SumLine

GRIDS = grids_4x4()


def _divides(vals, total, loop):
    for start in range(len(vals)) if loop else (0,):
        run, ok = 0, True
        for v in vals[start:] + vals[:start]:
            run += v
            if run == total:
                run = 0
            elif run > total:
                ok = False
                break
        if ok and run == 0:
            return True
    return False


def _lunch(vals):
    i, j = sorted((vals.index(min(vals)), vals.index(max(vals))))
    return sum(vals[i + 1:j])


def _circles(vals):
    return all(vals.count(v) == v for v in vals)


def _against_fillings(rng, prop_of, rule, trials, exact=False):
    """Run ``prop_of(cells)`` on random candidates of values lo..lo+n-1; compare with the
    values the fillings that satisfy ``rule(vals, k)`` use. Returns how many failed."""
    failed = 0
    for trial in range(trials):
        n = rng.randint(4, 7)
        lo = rng.choice([0, 1, 1])
        k = rng.randint(1, 5)
        cells = tuple(range(k))
        prop, ok_vals = prop_of(rng, cells, n, lo)
        masks = [(rng.randrange(1, 1 << n) | rng.randrange(1 << n)) << lo for _ in cells]
        before = list(masks)
        kept = [0] * k
        for vals in itertools.product(*[[v for v in range(lo, lo + n) if b >> v & 1]
                                        for b in before]):
            if ok_vals(list(vals)):
                for i, v in enumerate(vals):
                    kept[i] |= 1 << v
        changed = []
        ok = prop.run(masks, changed)
        where = (trial, prop.__class__.__name__, vars(prop), before)
        if not any(kept):
            failed += 1
            if exact:
                assert not ok, where
            continue
        assert ok, where
        for i in range(k):
            assert kept[i] & ~masks[i] == 0, where  # no value a filling uses is lost
            assert masks[i] & ~before[i] == 0, where
            if exact:
                assert masks[i] == kept[i], where
        assert set(changed) == {i for i in range(k) if masks[i] != before[i]}, where
    return failed


def test_a_sum_line_keeps_exactly_the_values_its_fillings_use():
    def make(rng, cells, n, lo):
        total = rng.randint(0, 2 * n + 3) if lo == 0 else rng.randint(1, 2 * n + 3)
        loop = rng.random() < 0.4
        return SumLine(cells, total, loop), lambda vs: _divides(vs, total, loop)

    assert _against_fillings(random.Random("w-sumline"), make, None, 500, exact=True) > 20


def test_a_lunchbox_never_removes_a_value_some_filling_uses():
    def make(rng, cells, n, lo):
        total = rng.randint(0, 3 * n)
        return Lunchbox(cells, total), lambda vs: len(set(vs)) == len(vs) and _lunch(vs) == total

    assert _against_fillings(random.Random("w-lunchbox"), make, None, 500) > 20


def test_a_long_lunchbox_never_removes_a_value_some_filling_uses():
    # Six to eight cells over values 1..9, two or three candidates each (the fillings stay
    # few): the lengths of a lunchbox along a row, where the pairs of ends are many.
    rng = random.Random("w-lunchbox-long")
    hit = 0
    for trial in range(300):
        k = rng.randint(6, 8)
        cells = tuple(range(k))
        masks = [sum(1 << v for v in rng.sample(range(1, 10), rng.choice((2, 3))))
                 for _ in cells]
        fillings = [vs for vs in itertools.product(*[[v for v in range(1, 10) if b >> v & 1]
                                                     for b in masks])
                    if len(set(vs)) == len(vs)]
        total = _lunch(list(rng.choice(fillings))) if fillings and rng.random() < 0.8 \
            else rng.randint(0, 35)
        kept = [0] * k
        for vs in fillings:
            if _lunch(list(vs)) == total:
                for i, v in enumerate(vs):
                    kept[i] |= 1 << v
        before = list(masks)
        ok = Lunchbox(cells, total).run(masks, [])
        if not any(kept):
            continue
        hit += 1
        assert ok, (trial, before, total)
        for i in range(k):
            assert kept[i] & ~masks[i] == 0, (trial, before, total)
    assert hit > 100


def test_counting_circles_never_remove_a_value_some_filling_uses():
    def make(rng, cells, n, lo):
        return CountingCircles(cells), _circles

    assert _against_fillings(random.Random("w-circles"), make, None, 500) > 20


def test_a_value_its_circles_already_hold_leaves_the_other_circles():
    # Circles of values 1..5, some already holding a value v as many times as v says:
    # every filling leaves v out of the others, and so must the propagator (which keeps
    # the fillings' values: the test above).
    rng = random.Random("w-circles-held")
    hit = 0
    for trial in range(400):
        k = rng.randint(3, 8)
        v = rng.randint(1, min(3, k - 1))
        masks = [1 << v] * v + [rng.randrange(1, 1 << 5) << 1 | 1 << v for _ in range(k - v)]
        rng.shuffle(masks)
        before = list(masks)
        if not CountingCircles(tuple(range(k))).run(masks, []):
            continue
        hit += 1
        for i, m in enumerate(masks):
            assert before[i] == 1 << v or not m >> v & 1, (trial, before, masks)
    assert hit > 50


def _same_as_checker(rules, box=(2, 2)):
    p = m.VariantPuzzle(4, box=box, constraints=tuple(rules))
    truth = sorted(g for g in GRIDS if not check_solution(p, g))
    r = witness.solve(p, limit=len(truth) + 1)
    assert r.exhausted and sorted(r.solutions) == truth, p.to_json()


def test_on_4x4_the_witness_finds_exactly_the_checkers_grids():
    rng = random.Random("w-linesums-4x4")
    for _ in range(30):
        grid = rng.choice(GRIDS)
        rules = []
        for _ in range(rng.randint(1, 3)):
            kind = rng.choice(["sum", "lunch", "circles"])
            cells = tuple(rng.sample(range(16), rng.randint(2, 6)))
            held = [grid[x] for x in cells]
            if kind == "sum":
                total = rng.choice([sum(held[:j]) for j in range(1, len(held) + 1)])
                rules.append(m.SumLine(cells, total, rng.random() < 0.4))
            elif kind == "lunch":
                total = (_lunch(held) if len(set(held)) == len(held) else 1) + rng.choice([0, 0, 1])
                rules.append(m.Lunchbox(cells, total))
            else:
                rules.append(m.CountingCircles(tuple(rng.sample(range(16), rng.randint(3, 10)))))
        _same_as_checker(rules)


def _grid6(rng):
    """A random valid 6x6 grid (2x3 boxes): a pattern grid with its values relabelled and
    rows swapped within bands."""
    g = pattern_grid(2, 3)
    relabel = list(range(1, 7))
    rng.shuffle(relabel)
    rows = [g[r * 6:(r + 1) * 6] for r in range(6)]
    for band in (0, 2, 4):
        if rng.random() < 0.5:
            rows[band], rows[band + 1] = rows[band + 1], rows[band]
    return [relabel[v - 1] for row in rows for v in row]


def test_on_6x6_the_witness_counts_like_sat():
    rng = random.Random("w-linesums-6x6")
    settled = 0
    for trial in range(12):
        grid = _grid6(rng)
        rules = []
        for _ in range(rng.randint(2, 4)):
            kind = rng.choice(["sum", "lunch", "circles"])
            start = rng.randrange(36)
            cells = [start]
            while len(cells) < rng.randint(3, 7):  # a walk to orthogonal neighbours
                r, c = divmod(cells[-1], 6)
                steps = [(r + dr) * 6 + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                         if 0 <= r + dr < 6 and 0 <= c + dc < 6
                         and (r + dr) * 6 + c + dc not in cells]
                if not steps:
                    break
                cells.append(rng.choice(steps))
            held = [grid[x] for x in cells]
            if kind == "sum":
                total = rng.choice([sum(held[:j]) for j in range(2, len(held) + 1)])
                rules.append(m.SumLine(tuple(cells), total, False))
            elif kind == "lunch" and len(set(held)) == len(held):
                rules.append(m.Lunchbox(tuple(cells), _lunch(held)))
            else:
                rules.append(m.CountingCircles(tuple(rng.sample(range(36), rng.randint(3, 8)))))
        givens = tuple((x, grid[x]) for x in rng.sample(range(36), rng.randint(6, 12)))
        p = m.VariantPuzzle(6, box=(2, 3), givens=givens, constraints=tuple(rules))
        want = sat.solve(p, limit=100, time_limit=60)
        got = witness.solve(p, limit=100, time_limit=60)
        assert want.status != "timeout" and got.status != "timeout", (trial, p.to_json())
        assert got.count == want.count, (trial, p.to_json())
        if want.exhausted:  # (below the limit both found every solution)
            settled += 1
            assert got.exhausted and sorted(got.solutions) == sorted(want.solutions), (
                trial, p.to_json())
    assert settled >= 6


def test_a_zipper_keeps_exactly_the_values_its_fillings_use():
    from sudoku_cp.variants.witness_lines import Zipper

    def make(rng, cells, n, lo):
        k = len(cells)
        pairs = [(cells[i], cells[k - 1 - i]) for i in range(k // 2)]
        centre = cells[k // 2] if k % 2 else None

        def ok(vs):
            sums = {vs[i] + vs[k - 1 - i] for i in range(k // 2)}
            if centre is not None:
                sums.add(vs[k // 2])
            return len(sums) <= 1
        return Zipper(pairs, centre, lo + n - 1), ok

    assert _against_fillings(random.Random("w-zipper"), make, None, 500, exact=True) > 2


def test_doppelganger_on_4x4_the_witness_counts_like_sat():
    """Values 0..4 on a 4x4: each house holds a 0 and misses one of 1..4, different per
    kind of house; with and without the cells that hold the missed values."""
    from sudoku_cp.variants.iss import read_iss

    rng = random.Random("w-doppelganger")
    settled = 0
    for trial in range(10):
        named = rng.random() < 0.5
        givens = "".join(f"~R{r + 1}C{c + 1}_{rng.randint(0, 4)}"
                         for r, c in rng.sample([(r, c) for r in range(4) for c in range(4)],
                                                rng.randint(2, 5)))
        extra = ".Whisper~2~DGC1~DGC2" if named else ""
        p = read_iss(f".Shape~4x4~0-4.Doppelganger{extra}.{givens}").puzzle
        want = sat.solve(p, limit=200, time_limit=60)
        got = witness.solve(p, limit=200, time_limit=60)
        assert got.count == want.count, (trial, p.to_json())
        if want.exhausted:
            settled += 1
            assert got.exhausted and sorted(got.solutions) == sorted(want.solutions), (
                trial, p.to_json())
    assert settled >= 5


def test_all_pairs_keep_exactly_the_values_their_fillings_use():
    from sudoku_cp.variants.witness_linesums import AllPairs

    def make(rng, cells, n, lo):
        top = lo + n - 1
        if rng.random() < 0.5:  # Nabner's rule
            def allowed(v, w):
                return abs(v - w) >= 2
        else:
            table = {(v, w) for v in range(lo, top + 1) for w in range(lo, top + 1)
                     if rng.random() < 0.6}

            def allowed(v, w):
                return (v, w) in table
        k = len(cells)
        edges = [(i, j) for i in range(k) for j in range(i + 1, k)]
        if rng.random() < 0.5:  # some pairs only (a loop, a net)
            edges = [e for e in edges if rng.random() < 0.6]
        return AllPairs(cells, allowed, top, edges), lambda vs: all(
            allowed(vs[i], vs[j]) for i, j in edges)

    assert _against_fillings(random.Random("w-allpairs"), make, None, 400, exact=True) > 20


def test_nabner_groups_on_4x4_the_witness_finds_exactly_the_checkers_grids():
    rng = random.Random("w-nabner-4x4")
    for _ in range(15):
        groups = [tuple(rng.sample(range(16), rng.randint(2, 3))) for _ in range(rng.randint(1, 2))]
        _same_as_checker([m.Pair(g, (1, 3, 3, 1, 1, 4, 4, 1, 2, 4, 4, 2), True) for g in groups])


def test_whisper_loops_on_4x4_the_witness_finds_exactly_the_checkers_grids():
    rng = random.Random("w-whisper-loop-4x4")
    for _ in range(15):
        rules = []
        for _ in range(rng.randint(1, 2)):
            cells = rng.sample(range(16), rng.randint(3, 4))
            rules.append(m.Whisper(tuple(cells + cells[:1]), rng.choice([1, 2])))
        _same_as_checker(rules)


def test_a_renban_keeps_exactly_the_values_its_fillings_use():
    from sudoku_cp.variants.witness_lines import Renban

    def make(rng, cells, n, lo):
        def ok(vs):
            return sorted(vs) == list(range(min(vs), min(vs) + len(vs)))
        return Renban(cells, ((1 << n) - 1) << lo), ok

    assert _against_fillings(random.Random("w-renban"), make, None, 500, exact=True) > 20
