"""``fast`` for variants: sums, lunchboxes, sum lines and renban, each propagator alone
against every filling.

A sum of four or more terms of coefficient ±1 (little killers, arrows with a one-cell
bulb, double arrows, long sums) is kept exactly, values differing within the groups of
cells ``program`` forms from shared houses. One propagator runs on random candidates of
a few cells of a Latin square (rows and columns are houses); the truth is every filling
of those candidates: it must keep every value a filling that respects all the houses
uses, keep exactly the values of the fillings that respect its groups, and fail exactly
when there are none. The engine's solutions go through the independent checker.

A lunchbox (its cells differ; those between its smallest and largest value sum to the
total) runs the sandwich's propagator on any line: alone against every filling, on
every 4x4 grid against the checker, and on a real ISS puzzle.

A sum line (or loop) is exact: alone against every filling, read by the checker's own
``_splits``; on 4x4 grids against the checker; on ISS's sum-line example against sat.

A renban keeps the windows of consecutive values whose every value some cell can hold
and which every cell meets: alone against every filling and that rule, and on 4x4 grids
against the checker.
"""

from __future__ import annotations

import functools
import itertools
import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants import sat  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402


def _run_one(prog, n, kind=None):
    """Run the program's one ``GROUPSUM`` (or ``kind``) once on ``prog.dom``, no watcher
    queued (one run reaches its fixpoint: a value kept has a filling of kept values);
    (ok, dom)."""
    from sudoku_cp.variants.fastvar.program import GROUPSUM

    p = int(np.flatnonzero(prog.kinds == (GROUPSUM if kind is None else kind))[0])
    dom = prog.dom.copy()
    ok = engine.propagate_once(prog, dom, [p], watch=False)
    return ok, dom


def test_the_exact_sum_keeps_exactly_what_the_fillings_of_its_groups_use():
    from sudoku_cp.variants.fastvar.program import GROUPSUM, Program

    rng = random.Random("groupsum")
    checked = failed = 0
    for trial in range(300):
        n = rng.randint(4, 6)
        lo = rng.choice([0, 1])
        hi = lo + n - 1
        k = rng.randint(4, 6)
        cells = tuple(rng.sample(range(n * n), k))
        weights = tuple(rng.choice([1, 1, -1]) for _ in cells)
        total = sum(w * rng.randint(lo, hi) for w in weights) + rng.choice([0, 0, 1, -1])
        puzzle = m.VariantPuzzle(n, box=None, values=(lo, hi),
                                 constraints=(m.Sum(cells, total, weights),))
        prog = Program(puzzle)
        for house in puzzle.houses():
            prog.house(house)
        prog.linear(zip(cells, weights), total)
        prog.freeze()
        assert GROUPSUM in prog.kinds.tolist()
        for x in cells:
            prog.dom[x] &= rng.randrange(1, 1 << n) | rng.randrange(1 << n)
        before = prog.dom.copy()
        # the groups, as the program's data lists them
        p = int(np.flatnonzero(prog.kinds == GROUPSUM)[0])
        data = prog.data[prog.pstart[p]:prog.pstart[p + 1]].tolist()
        ngroups = data[2]
        sizes = data[3:3 + 2 * ngroups:2]
        order = data[3 + 2 * ngroups:]
        group = {}
        at = 0
        for g, size in enumerate(sizes):
            for x in order[at:at + size]:
                group[x] = g
            at += size
        weight = dict(zip(cells, weights))
        exact = {x: 0 for x in cells}
        sound = {x: 0 for x in cells}
        for line in itertools.product(*[[v for v in range(lo, hi + 1)
                                         if before[x] >> (v - lo) & 1] for x in cells]):
            if sum(weight[x] * v for x, v in zip(cells, line)) != total:
                continue
            val = dict(zip(cells, line))
            pairs = list(itertools.combinations(cells, 2))
            if any(group[a] == group[b] and val[a] == val[b] for a, b in pairs):
                continue
            for x in cells:
                exact[x] |= 1 << (val[x] - lo)
            if not any((a // n == b // n or a % n == b % n) and val[a] == val[b]
                       for a, b in pairs):
                for x in cells:
                    sound[x] |= 1 << (val[x] - lo)
        ok, dom = _run_one(prog, n)
        where = (trial, puzzle.to_json(), [int(before[x]) for x in cells])
        if not any(exact.values()):
            assert not ok, where
            failed += 1
            continue
        assert ok, where
        checked += 1
        for x in cells:
            assert int(dom[x]) == exact[x], where
            assert sound[x] & ~int(dom[x]) == 0, where
    assert checked > 50 and failed >= 5  # both sides of the rule were exercised


def test_groups_are_cells_of_one_sign_sharing_a_house():
    from sudoku_cp.variants.fastvar.program import GROUPSUM, compile_puzzle

    # a little killer down the main diagonal of a 9x9: three boxes, three cells each
    diag = tuple(i * 10 for i in range(9))
    prog = compile_puzzle(m.VariantPuzzle(9, constraints=(m.LittleKiller(diag, 45),)))
    p = int(np.flatnonzero(prog.kinds == GROUPSUM)[0])
    data = prog.data[prog.pstart[p]:prog.pstart[p + 1]].tolist()
    assert data[:3] == [9, 45 - 9, 3] and data[3:9] == [3, 1] * 3
    assert data[9:] == list(diag)


@pytest.mark.parametrize("n", [6, 9])
def test_little_killers_and_long_sums_agree_with_sat_through_the_checker(n):
    """Little killers, sums with weights ±1 and double arrows read off a random grid, a
    few givens: ``fast`` and ``sat`` agree on the count and the solution, and every
    solution ``fast`` gives the independent checker keeps."""
    rng = random.Random(f"sums{n}")
    box = m.DEFAULT_BOXES[n]
    for trial in range(5):
        found = sat.solve(m.VariantPuzzle(n, box=box, givens=(
            (rng.randrange(n * n), rng.randint(1, n)),)), limit=1).solutions
        grid = found[0]
        rules = []
        for _ in range(4):
            r, c = rng.randrange(n), 0
            cells = tuple((r + i) * n + c + i for i in range(n - r))
            if len(cells) >= 2:
                rules.append(m.LittleKiller(cells, sum(grid[x] for x in cells)))
        for _ in range(2):
            cells = tuple(rng.sample(range(n * n), rng.randint(4, 7)))
            weights = tuple(rng.choice([1, -1]) for _ in cells)
            rules.append(m.Sum(cells, sum(w * grid[x] for w, x in zip(weights, cells)), weights))
        givens = tuple((x, grid[x]) for x in rng.sample(range(n * n), n * n // 4))
        p = m.VariantPuzzle(n, box=box, givens=givens, constraints=tuple(rules))
        assert not check_solution(p, grid)
        want = sat.solve(p, limit=2, time_limit=30)
        got = engine.solve(p, limit=2, time_limit=30)
        assert want.status != "timeout" and got.status != "timeout"
        assert got.count == want.count, (trial, p.to_json())
        if want.count == 1:
            assert got.solutions == want.solutions
        for s in got.solutions:
            assert not check_solution(p, s)


def _lunchbox_sum(line):
    i, j = sorted((line.index(min(line)), line.index(max(line))))
    return sum(line[i + 1:j])


def test_a_lunchbox_never_removes_a_value_some_filling_uses_and_is_exact_when_filled():
    from sudoku_cp.variants.fastvar.program import SANDWICH, Program
    from sudoku_cp.variants.fastvar.program_rules import BUILDERS

    rng = random.Random("lunchbox")
    for trial in range(300):
        n = rng.randint(4, 7)
        lo = rng.choice([0, 1])
        k = rng.randint(2, min(n, 6))
        cells = tuple(rng.sample(range(n * n), k))
        filled = rng.random() < 0.3
        if filled:  # one value each, distinct: exact
            line = rng.sample(range(lo, lo + n), k)
            total = _lunchbox_sum(line) + rng.choice([0, 0, 1])
        else:
            total = rng.randint(0, 3 * n)
        puzzle = m.VariantPuzzle(n, box=None, values=(lo, lo + n - 1),
                                 constraints=(m.Lunchbox(cells, total),))
        prog = Program(puzzle)
        BUILDERS["lunchbox"](prog, puzzle, puzzle.constraints[0])
        prog.freeze()
        for i, x in enumerate(cells):
            prog.dom[x] = (1 << (line[i] - lo) if filled else
                           rng.randrange(1, 1 << n) | rng.randrange(1 << n))
        before = prog.dom.copy()
        kept = {x: 0 for x in cells}
        for vals in itertools.product(*[[v for v in range(lo, lo + n)
                                         if before[x] >> (v - lo) & 1] for x in cells]):
            if len(set(vals)) == k and _lunchbox_sum(list(vals)) == total:
                for x, v in zip(cells, vals):
                    kept[x] |= 1 << (v - lo)
        ok, dom = _run_one(prog, n, SANDWICH)
        where = (trial, puzzle.to_json(), [int(before[x]) for x in cells])
        if filled:
            assert ok == any(kept.values()), where
        if ok:
            for x in cells:
                assert kept[x] & ~int(dom[x]) == 0, where
        else:
            assert not any(kept.values()), where


def _finds_exactly_the_checkers_grids(box, lo, grids, rules, trial) -> None:
    """fast, on a 4x4 puzzle of ``rules``, finds exactly the ``grids`` the checker keeps."""
    p = m.VariantPuzzle(4, box=box, values=(lo, lo + 3), constraints=tuple(rules))
    truth = sorted(g for g in grids if not check_solution(p, g))
    r = engine.solve(p, limit=len(truth) + 1)
    assert r.exhausted and sorted(r.solutions) == truth, (trial, p.to_json())


@functools.cache
def _latin4(box):
    rows = list(itertools.permutations(range(4)))
    out = []

    def walk(grid):
        if len(grid) == 4:
            g = [v for r in grid for v in r]
            if box is None or all(len({g[(2 * br + i) * 4 + 2 * bc + j] for i in (0, 1)
                                       for j in (0, 1)}) == 4
                                  for br in (0, 1) for bc in (0, 1)):
                out.append(tuple(g))
            return
        for r in rows:
            if all(r[c] != row[c] for row in grid for c in range(4)):
                walk(grid + [r])

    walk([])
    return out


def _random_latin4(rng):
    """A random 4x4 setting: values from 1 (twice as often) or 0, boxes or none, every
    Latin square of it, and one of them as the hidden grid."""
    lo = rng.choice([1, 1, 0])
    box = rng.choice([(2, 2), None])
    grids = [tuple(v + lo for v in g) for g in _latin4(box)]
    return lo, box, grids, rng.choice(grids)


def test_lunchboxes_on_4x4_keep_exactly_the_checkers_grids():
    rng = random.Random("lunchbox4")
    for trial in range(25):
        lo, box, grids, grid = _random_latin4(rng)
        rules = []
        for _ in range(rng.randint(1, 3)):
            cells = tuple(rng.sample(range(16), rng.randint(2, 4)))
            held = [grid[x] for x in cells]
            total = (_lunchbox_sum(held) if len(set(held)) == len(held) else 1) + rng.choice(
                [0, 0, 0, 1])
            rules.append(m.Lunchbox(cells, total))
        _finds_exactly_the_checkers_grids(box, lo, grids, rules, trial)


#: ISS's own lunchbox example (its examples, in the shared set as iss-examples-19)
LUNCHBOXES = (".Lunchbox~11~R1C2~R1C1~R2C1~R3C1~R4C1.Lunchbox~7~R1C3~R1C4~R1C5~R1C6~R1C7"
              ".Lunchbox~4~R1C9~R2C9~R2C8~R3C8~R4C8.Lunchbox~8~R2C7~R2C6~R3C6~R4C6~R5C6"
              ".Lunchbox~23~R2C4~R2C3~R3C3~R3C2~R4C2~R5C2.Lunchbox~0~R6C1~R7C1~R7C2~R8C2"
              ".Lunchbox~0~R8C4~R8C3~R9C3.Lunchbox~7~R9C6~R9C5~R8C5~R7C5~R7C6~R7C7~R6C7~R6C8"
              ".Lunchbox~2~R5C7~R5C8~R5C9.Lunchbox~14~R6C2~R6C3~R6C4~R5C4"
              ".Lunchbox~17~R3C5~R4C5~R5C5~R6C5~R6C6.")


def test_a_real_lunchbox_puzzle_has_one_solution_the_checker_keeps_and_sat_agrees():
    from sudoku_cp.variants.iss import parse_iss

    p = parse_iss(LUNCHBOXES)
    r = engine.solve(p, limit=2, time_limit=60)
    assert r.exhausted and r.count == 1
    assert not check_solution(p, r.solutions[0])
    assert sat.solve(p, limit=2, time_limit=60).solutions == r.solutions


def _is_renban(vals):
    return len(set(vals)) == len(vals) and max(vals) - min(vals) == len(vals) - 1


def test_a_renban_keeps_what_fillings_use_and_drops_values_of_windows_it_cannot_fill():
    from sudoku_cp.variants.fastvar.program import RENBAN, Program
    from sudoku_cp.variants.fastvar.program_rules import BUILDERS

    rng = random.Random("renban")
    dropped = 0
    for trial in range(400):
        n = rng.randint(4, 8)
        lo = rng.choice([0, 1])
        k = rng.randint(2, min(n, 5))
        cells = tuple(rng.sample(range(n * n), k))
        puzzle = m.VariantPuzzle(n, box=None, values=(lo, lo + n - 1),
                                 constraints=(m.Renban(cells),))
        prog = Program(puzzle)
        BUILDERS["renban"](prog, puzzle, puzzle.constraints[0])
        prog.freeze()
        filled = rng.random() < 0.25
        for x in cells:
            prog.dom[x] = (1 << rng.randrange(n) if filled
                           else rng.randrange(1, 1 << n) | rng.randrange(1 << n))
        before = [int(prog.dom[x]) for x in cells]
        kept = [0] * k
        for vals in itertools.product(*[[v for v in range(n) if b >> v & 1] for b in before]):
            if _is_renban(vals):
                for i, v in enumerate(vals):
                    kept[i] |= 1 << v
        # the windows every cell meets and whose every value some cell holds
        windows = 0
        for s in range(n - k + 1):
            w = ((1 << k) - 1) << s
            union = 0
            for b in before:
                union |= b & w
            if all(b & w for b in before) and union == w:
                windows |= w
        ok, dom = _run_one(prog, n, RENBAN)
        where = (trial, puzzle.to_json(), before)
        if filled:
            assert ok == _is_renban([b.bit_length() - 1 for b in before]), where
        if not ok:
            assert not any(kept), where
            continue
        for i, x in enumerate(cells):
            assert kept[i] & ~int(dom[x]) == 0, where  # nothing a filling uses is lost
            assert int(dom[x]) & ~windows == 0, where  # nothing outside those windows stays
            dropped += bin(before[i] & ~windows).count("1")
    assert dropped > 50


def test_renban_on_4x4_keeps_exactly_the_checkers_grids():
    rng = random.Random("renban4")
    for trial in range(25):
        lo = rng.choice([1, 1, 0])
        box = rng.choice([(2, 2), None])
        grids = [tuple(v + lo for v in g) for g in _latin4(box)]
        rules = [m.Renban(tuple(rng.sample(range(16), rng.randint(2, 4))))
                 for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.5:
            a, b = rng.sample(range(16), 2)
            rules.append(m.Thermometer((a, b)))
        _finds_exactly_the_checkers_grids(box, lo, grids, rules, trial)


def test_a_sum_line_keeps_exactly_what_the_fillings_use():
    from sudoku_cp.variants.fastvar.program import Program
    from sudoku_cp.variants.fastvar.program_rules import BUILDERS

    rng = random.Random("sumline")
    failed = 0
    for trial in range(400):
        n = rng.randint(4, 7)
        lo = rng.choice([0, 1, 1])
        k = rng.randint(1, 6)
        cells = tuple(rng.sample(range(n * n), k))
        total = rng.randint(0, 2 * n + 3) if lo == 0 else rng.randint(1, 2 * n + 3)
        loop = rng.random() < 0.4
        puzzle = m.VariantPuzzle(n, box=None, values=(lo, lo + n - 1),
                                 constraints=(m.SumLine(cells, total, loop),))
        prog = Program(puzzle)
        BUILDERS["sum_line"](prog, puzzle, puzzle.constraints[0])
        prog.freeze()
        for x in cells:
            prog.dom[x] = rng.randrange(1, 1 << n) | rng.randrange(1 << n)
        failed += _sum_line_keeps_the_fillings(prog, puzzle, lo, total, loop, trial)
    assert failed > 10


def _sum_line_keeps_the_fillings(prog, puzzle, lo, total, loop, trial) -> bool:
    """Run a sum line's propagator on ``prog``'s candidates: it keeps exactly the values
    some filling uses (a loop's from any of its starts), and fails when none is left.
    True when it failed."""
    from sudoku_cp.variants.fastvar.program import SUMLINE
    from sudoku_cp.variants.rules import _splits

    n, cells = puzzle.size, puzzle.constraints[0].cells
    k = len(cells)
    before = [int(prog.dom[x]) for x in cells]
    kept = [0] * k
    for vals in itertools.product(*[[lo + v for v in range(n) if b >> v & 1]
                                    for b in before]):
        if any(_splits(list(vals[r:] + vals[:r]), total) for r in (range(k) if loop else (0,))):
            for i, v in enumerate(vals):
                kept[i] |= 1 << (v - lo)
    ok, dom = _run_one(prog, n, SUMLINE)
    where = (trial, puzzle.to_json(), before)
    if not any(kept):
        assert not ok, where
        return True
    assert ok, where
    assert [int(dom[x]) for x in cells] == kept, where
    return False


def test_a_long_sum_loop_keeps_exactly_what_the_fillings_use():
    """Loops longer than ``total // lo`` cells, where the propagator tries only the first
    ``total // lo`` starts: still exactly the values some filling (from any start) uses."""
    from sudoku_cp.variants.fastvar.program import Program
    from sudoku_cp.variants.fastvar.program_rules import BUILDERS

    rng = random.Random("sumloop")
    failed = 0
    for trial in range(300):
        n = rng.randint(4, 6)
        lo = rng.choice([1, 1, 2])
        k = rng.randint(5, 9)
        cells = tuple(rng.sample(range(n * n), k))
        total = rng.randint(lo, lo * (k - 1))  # so total // lo < k
        puzzle = m.VariantPuzzle(n, box=None, values=(lo, lo + n - 1),
                                 constraints=(m.SumLine(cells, total, True),))
        prog = Program(puzzle)
        BUILDERS["sum_line"](prog, puzzle, puzzle.constraints[0])
        prog.freeze()
        for x in cells:
            prog.dom[x] = 1 << rng.randrange(n) | 1 << rng.randrange(n) | (
                1 << rng.randrange(n) if rng.random() < 0.3 else 0)
        failed += _sum_line_keeps_the_fillings(prog, puzzle, lo, total, True, trial)
    assert 10 < failed < 290


def test_sum_lines_on_4x4_keep_exactly_the_checkers_grids():
    rng = random.Random("sumline4")
    for trial in range(25):
        lo, box, grids, grid = _random_latin4(rng)
        rules = []
        for _ in range(rng.randint(1, 2)):
            cells = tuple(rng.sample(range(16), rng.randint(2, 6)))
            total = rng.choice([sum(grid[x] for x in cells[:j]) for j in range(1, len(cells) + 1)])
            rules.append(m.SumLine(cells, total, rng.random() < 0.4))
        _finds_exactly_the_checkers_grids(box, lo, grids, rules, trial)


#: ISS's own sum-line example (its examples, in the shared set as iss-examples-12)
SUM_LINES = (".SumLine~10~R1C3~R1C2~R1C1~R2C1~R3C1.SumLine~10~R3C4~R3C3~R3C2~R2C2~R2C3~R1C4"
             ".SumLine~10~R1C5~R1C6~R2C6~R3C6.SumLine~10~R1C7~R2C7~R3C7~R3C8~R3C9"
             ".SumLine~10~R4C4~R3C5~R4C6~R5C7.SumLine~10~R7C1~R6C1~R6C2~R6C3"
             ".SumLine~10~R8C2~R7C2~R7C3~R7C4.SumLine~10~R6C6~R7C5~R8C4~R9C3"
             ".SumLine~10~R9C5~R9C6~R8C6~R7C6.SumLine~10~R8C7~R7C8~R7C9~R6C8~R6C7"
             ".SumLine~10~R4C5~R5C6~R6C5~R5C4~LOOP.")


def test_iss_sum_line_example_agrees_with_sat_through_the_checker():
    from sudoku_cp.variants.iss import parse_iss

    p = parse_iss(SUM_LINES)
    want = sat.solve(p, limit=2, time_limit=60)
    got = engine.solve(p, limit=2, time_limit=60)
    assert want.status != "timeout" and got.exhausted
    assert got.count == want.count == 1 and got.solutions == want.solutions
    for s in got.solutions:
        assert not check_solution(p, s)
