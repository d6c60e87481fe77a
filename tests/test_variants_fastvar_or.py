"""``fast`` for variants: an ``or`` of branches that are rules (``fastvar.program_or``, the
kernel's ``_or``).

Each branch's propagators run on a scratch copy of the candidates; a failing branch is
dropped and every cell keeps the union of what the others left. Checked against the
independent checker (``rules.check_solution``): on random 4x4 puzzles of ors of random
rules (honest numbers read off a hidden grid, or off by one), ``fast`` finds exactly the
Latin squares the checker keeps; the ``OR`` propagator alone, on random candidates, never
removes a value a grid the checker keeps uses, and fails only when there is none. A
real ISS puzzle of each kind of branch agrees with sat.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants import sat  # noqa: E402
from sudoku_cp.variants.fastvar import engine, program, program_or  # noqa: E402
from sudoku_cp.variants.paradigms import UnsupportedConstraint  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402
from test_variants_fastvar_props import _random_latin4  # noqa: E402  (a 4x4 setting)

LINES = [tuple(r * 4 + k for k in range(4)) for r in range(4)] + \
        [tuple(r * 4 + k for r in range(4)) for k in range(4)]
LINES += [line[::-1] for line in LINES]


def _seen(vals):
    top, out = -1, 0
    for v in vals:
        if v > top:
            top, out = v, out + 1
    return out


def _between(vals):
    i, j = sorted((vals.index(min(vals)), vals.index(max(vals))))
    return sum(vals[i + 1:j])


def _rule(rng, grid, lo):
    """A random rule on the 4x4 ``grid`` (values ``lo..lo + 3``), its number read off the
    grid, or off by one a third of the time."""
    off = rng.choice([0, 0, 1, -1])
    line = rng.choice(LINES)
    cells = tuple(rng.sample(range(16), rng.randint(2, 4)))
    held = [grid[x] for x in cells]
    kind = rng.randrange(11)
    if kind == 0:
        part = line[:rng.randint(2, 3)]
        return m.KillerCage(part, sum(grid[x] for x in part) + off)
    if kind == 1:
        return m.Skyscraper(line, min(4, max(1, _seen([grid[x] for x in line]) + off)))
    if kind == 2 and lo == 1:
        return m.XSum(line, sum(grid[x] for x in line[:grid[line[0]]]) + off)
    if kind == 3 and len(set(held)) == len(held):
        return m.Lunchbox(cells, max(0, _between(held) + off))
    if kind == 4:
        return m.Thermometer(tuple(sorted(cells, key=grid.__getitem__)) if off == 0 else cells)
    if kind == 5:
        return m.Sum(cells, sum(held) + off)
    if kind == 6:
        return (m.Odd if (grid[cells[0]] % 2 == 1) == (off == 0) else m.Even)(cells[0])
    if kind == 7:
        return m.Candidates(cells[0], tuple(sorted({min(lo + 3, max(lo, grid[cells[0]] + off)),
                                                    lo + 3})))
    if kind == 8:
        return m.HiddenSkyscraper(line, rng.randint(lo, lo + 3))
    if kind == 9:
        return m.Renban(cells)
    return m.DifferenceDot(cells[:2], max(1, abs(held[0] - held[1]) + off))


def _or(rng, grid, lo, depth=0):
    branches = []
    for _ in range(rng.randint(1, 3)):
        pick = rng.randrange(8)
        if pick == 0:
            branches.append(m.And((_rule(rng, grid, lo), _rule(rng, grid, lo))))
        elif pick == 1 and depth == 0:
            branches.append(_or(rng, grid, lo, 1))
        else:
            branches.append(_rule(rng, grid, lo))
    return m.Or(tuple(branches))


def test_ors_of_rules_on_4x4_keep_exactly_the_checkers_grids():
    rng = random.Random("or4")
    stated = 0
    for trial in range(120):
        lo, box, grids, grid = _random_latin4(rng)
        rules = [_or(rng, grid, lo) for _ in range(rng.randint(1, 2))]
        if rng.random() < 0.3:
            rules.append(_rule(rng, grid, lo))
        p = m.VariantPuzzle(4, box=box, values=(lo, lo + 3), constraints=tuple(rules))
        try:
            prog = program.compile_puzzle(p)
        except UnsupportedConstraint:
            continue
        stated += program.OR in prog.kinds.tolist()
        truth = sorted(g for g in grids if not check_solution(p, g))
        r = engine.solve(p, limit=len(truth) + 1)
        assert r.exhausted and sorted(r.solutions) == truth, (trial, p.to_json())
    assert stated >= 60  # (most draws hold an ``OR``, not only restrictions)


def test_the_or_alone_never_removes_a_value_a_kept_grid_uses():
    rng = random.Random("or-candidates")
    narrowed = failed = 0
    for trial in range(300):
        lo, box, grids, grid = _random_latin4(rng)
        rule = _or(rng, grid, lo)
        p = m.VariantPuzzle(4, box=box, values=(lo, lo + 3), constraints=(rule,))
        try:
            prog = program.compile_puzzle(p)
        except UnsupportedConstraint:
            continue
        kinds = prog.kinds.tolist()
        if program.OR not in kinds:
            continue
        dom = prog.dom.copy()
        for x in range(16):  # random candidates, the hidden grid's kept half the time
            keep = rng.getrandbits(4) | (1 << (grid[x] - lo) if rng.random() < 0.5 else 0)
            dom[x] &= keep or dom[x]
        start = dom.copy()
        ok = engine.propagate_once(prog, dom, [kinds.index(program.OR)], watch=False)
        inside = [g for g in grids
                  if all(start[x] >> (g[x] - lo) & 1 for x in range(16))
                  and not check_solution(p, g)]
        where = (trial, p.to_json(), start.tolist())
        if not ok:
            failed += 1
            assert not inside, where
            continue
        for g in inside:
            assert all(dom[x] >> (g[x] - lo) & 1 for x in range(16)), where
        narrowed += bool((dom != start).any())
    assert narrowed >= 30 and failed >= 10


def test_the_kind_numbers_restated_in_program_or_agree():
    for name in ("PAIR", "LINEAR", "CAGE", "RENBAN", "GROUPSUM", "CLASSES", "EITHER", "OR"):
        assert getattr(program_or, name) == getattr(program, name), name


def test_a_rule_a_branch_cannot_hold_is_declined_by_name():
    p = m.VariantPuzzle(4, constraints=(m.Or((m.Skyscraper((0, 1, 2, 3), 2),
                                              m.Sandwich((0, 1, 5), 3))),))
    with pytest.raises(UnsupportedConstraint, match="or.*inside a branch.*sandwich"):
        program.compile_puzzle(p)


def test_a_branch_that_asks_nothing_leaves_the_or_out():
    p = m.VariantPuzzle(4, constraints=(m.Or((m.Skyscraper((0, 1, 2, 3), 2), m.And(()))),))
    assert program.OR not in program.compile_puzzle(p).kinds.tolist()


#: ISS puzzles whose ors hold killer cages or lunchboxes, skyscrapers, x-sums or arrows
#: (small ones of the kinds in the ISS collections: City Planning, Killer lunchboxes...).
SMALL = (
    ".Shape~6x6.Or.Skyscraper~R1~2~.Skyscraper~C1~3~.End"
    ".Or.Cage~10~R2C2~R2C3~R3C3.Lunchbox~3~R2C2~R2C3~R3C3.End"
    ".Or.Arrow~R4C4~R4C5~R5C5.Cage~6~R4C4~R4C5.End"
    ".~R1C1_1~R3C4_2~R6C6_3~R5C2_4~R2C5_5.",  # (19 solutions)
)


@pytest.mark.parametrize("text", SMALL)
def test_small_iss_ors_agree_with_sat(text):
    from sudoku_cp.variants.iss import parse_iss

    p = parse_iss(text)
    r = engine.solve(p, limit=100, time_limit=60)
    want = sat.solve(p, limit=100, time_limit=60)
    assert r.exhausted and want.exhausted and len(want.solutions) > 1
    assert sorted(r.solutions) == sorted(want.solutions)
    assert all(not check_solution(p, s) for s in r.solutions)
