"""``fast`` for variants: every rank clue of a puzzle as one propagator (``FULLRANKS``,
``varlines._full_ranks``, built by ``program_lines._full_rank``), against the rule's
definition (``rules.check_solution``) and against ``sat``.

- On random candidate sets around 4x4 grids, it keeps every value of every grid that
  keeps the houses and the clues (all such grids, enumerated), in each tie mode; on a
  full grid it fails exactly when a clue is broken.
- On 6x6 puzzles with many clues (most rank sets with two or more), ``fast`` counts to
  two as ``sat`` does.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants import sat  # noqa: E402
from sudoku_cp.variants.fastvar import engine, program, program_lines  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402
from test_variants_sets import all_grids  # noqa: E402

TIES = [None, "none", "only-unclued", "any"]


def _rank(n, g, line):
    """The rank of ``line`` on grid ``g`` among every row and column read both ways."""
    read = [tuple(g[x] for x in e) for e in program_lines.readings(n)]
    mine = tuple(g[x] for x in line)
    return 1 + sum(r < mine for r in read)


def _clues(rng, n, g, count, wrong=0.0):
    """``count`` rank clues on distinct readings of ``g`` (its true ranks; now and then,
    with chance ``wrong``, one off by one)."""
    out = []
    for line in rng.sample(program_lines.readings(n), count):
        r = _rank(n, g, line)
        if rng.random() < wrong:
            r = min(4 * n, max(1, r + rng.choice([-1, 1])))
        out.append(m.FullRank(line, r))
    return out


def _puzzle(n, box, lo, clues, ties):
    rules = tuple(clues) + ((m.FullRankTies(ties),) if ties else ())
    return m.VariantPuzzle(n, box=box, values=(lo, lo + n - 1), constraints=rules)


def _ranks(prog):
    return [int(i) for i in np.flatnonzero((prog.kinds == program.FULLRANKS)
                                           | (prog.kinds == program.FULLRANK)
                                           | (prog.kinds == program.NOTIES))]


def _run(prog, dom):
    """The rank propagators alone (no houses) to their own fixpoint; False on a failure."""
    props = _ranks(prog)
    while True:
        before = dom.copy()
        if not engine.propagate_once(prog, dom, props, watch=False):
            return False
        if (dom == before).all():
            return True


def _around(rng, prog, grid, lo, n):
    """Candidates holding ``grid``'s values, each cell with a few others at random."""
    dom = prog.dom.copy()
    full = (1 << n) - 1
    for x, v in enumerate(grid):
        extra = rng.randrange(1 << n) & rng.randrange(1 << n) if rng.random() < 0.8 else full
        dom[x] &= (1 << (v - lo)) | extra
    return dom


def test_one_propagator_for_distinct_ranks_the_old_one_per_clue_for_shared():
    g = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    every = program_lines.readings(4)
    distinct = [m.FullRank(line, _rank(4, g, line)) for line in every[:3]]
    prog = program.compile_puzzle(_puzzle(4, (2, 2), 1, distinct, None))
    kinds = prog.kinds.tolist()
    assert kinds.count(program.FULLRANKS) == 1 and program.FULLRANK not in kinds
    shared = distinct + [m.FullRank(every[5], distinct[0].rank)]
    prog = program.compile_puzzle(_puzzle(4, (2, 2), 1, shared, "any"))
    kinds = prog.kinds.tolist()
    assert kinds.count(program.FULLRANK) == 4 and program.FULLRANKS not in kinds


def test_each_clue_fixes_its_first_cell_and_a_clue_inside_an_or_is_refused():
    g = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    every = program_lines.readings(4)
    clues = [m.FullRank(every[i], _rank(4, g, every[i])) for i in (0, 3, 6, 9, 12)]
    prog = program.compile_puzzle(_puzzle(4, (2, 2), 2, clues, None))  # (values 2..5)
    for clue in clues:  # rank r: the reading starts with the ((r - 1) // 4)-th value
        assert int(prog.dom[clue.cells[0]]) == 1 << (clue.rank - 1) // 4
    kinds = prog.kinds.tolist()
    assert kinds.count(program.FULLRANKS) == 1  # (stated once, by the first clue)
    inner = m.FullRank(every[1], _rank(4, g, every[1]))
    for rules in ((m.Or((inner, m.Thermometer((0, 1)))),) + tuple(clues),
                  tuple(clues) + (m.Or((inner, m.Thermometer((0, 1)))),)):
        with pytest.raises(program.UnsupportedConstraint):  # (before or after the others)
            program.compile_puzzle(m.VariantPuzzle(4, box=(2, 2), constraints=rules))


def test_a_clue_alone_reads_its_line_then_every_other_reading():
    g = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    every = program_lines.readings(4)
    clues = [m.FullRank(every[i], _rank(4, g, every[i])) for i in (0, 3, 6)]
    clues.append(m.FullRank(every[5], clues[0].rank))  # (two share a rank: each alone)
    prog = program.compile_puzzle(_puzzle(4, (2, 2), 1, clues, "any"))
    alone = np.flatnonzero(prog.kinds == program.FULLRANK).tolist()
    assert len(alone) == len(clues)
    for i, clue in zip(alone, clues):
        data = prog.data[prog.pstart[i]:prog.pstart[i + 1]].tolist()
        line = list(clue.cells)
        rest = [x for other in every if list(other) != line for x in other]
        assert data == [4, (clue.rank - 1) % 4, 0] + line + rest


@pytest.mark.parametrize("ties", TIES)
def test_it_keeps_every_value_of_every_4x4_grid_that_keeps_the_clues(ties):
    rng = random.Random(f"rank keeps {ties}")
    narrowed = failed = 0
    for trial in range(40):
        lo = rng.choice([1, 1, 0])
        box = rng.choice([(2, 2), None])
        grids = all_grids(m.VariantPuzzle(4, box=box, values=(lo, lo + 3)))
        g = rng.choice(grids)
        clues = _clues(rng, 4, g, rng.randint(2, 9), wrong=0.15)
        p = _puzzle(4, box, lo, clues, ties)
        prog = program.compile_puzzle(p)
        if program.FULLRANKS not in prog.kinds.tolist():
            continue
        kept = [x for x in grids if not check_solution(p, x)]
        for _ in range(12):
            dom = _around(rng, prog, rng.choice(kept) if kept and rng.random() < 0.8
                          else g, lo, 4)
            inside = [x for x in kept
                      if all(dom[i] >> (v - lo) & 1 for i, v in enumerate(x))]
            before = dom.copy()
            ok = _run(prog, dom)
            where = (trial, p.to_json(), before.tolist())
            if inside:
                assert ok, where
            if not ok:
                failed += 1
                continue
            for x in inside:
                assert all(dom[i] >> (v - lo) & 1 for i, v in enumerate(x)), (where, x)
            narrowed += (dom != before).any()
    assert narrowed >= 40 and failed >= 10  # (both sides exercised)


@pytest.mark.parametrize("ties", TIES)
def test_on_a_full_4x4_grid_it_fails_exactly_when_a_clue_is_broken(ties):
    rng = random.Random(f"rank full {ties}")
    broken = 0
    for trial in range(150):
        lo = rng.choice([1, 0])
        box = rng.choice([(2, 2), None])
        grids = all_grids(m.VariantPuzzle(4, box=box, values=(lo, lo + 3)))
        g = rng.choice(grids)
        p = _puzzle(4, box, lo, _clues(rng, 4, g, rng.randint(2, 8), wrong=0.05), ties)
        prog = program.compile_puzzle(p)
        x = rng.choice(grids) if rng.random() < 0.2 else g
        dom = prog.dom.copy()
        for i, v in enumerate(x):
            dom[i] &= 1 << (v - lo)
        bad = bool(check_solution(p, x))
        broken += bad
        held = dom.all() and _run(prog, dom)  # (a first value ``program`` ruled out: 0)
        assert held != bad, (trial, p.to_json(), x)
    assert broken >= 15 and 150 - broken >= 15  # (grids kept and broken both)


@pytest.mark.parametrize("ties", TIES)
def test_it_keeps_a_6x6_grid_that_keeps_the_clues(ties):
    rng = random.Random(f"rank 6x6 {ties}")
    narrowed = 0
    for trial in range(60):
        lo = rng.choice([1, 0])
        g = sat.solve(m.VariantPuzzle(6, values=(lo, lo + 5), givens=tuple(
            (i, lo + v) for i, v in enumerate(rng.sample(range(6), 6)))), limit=1).solutions[0]
        clues = _clues(rng, 6, g, rng.randint(3, 16))
        p = _puzzle(6, m.DEFAULT_BOXES[6], lo, clues, ties)
        if check_solution(p, g):  # (a tie the mode forbids)
            continue
        prog = program.compile_puzzle(p)
        for _ in range(10):
            dom = _around(rng, prog, g, lo, 6)
            before = dom.copy()
            assert _run(prog, dom), (trial, p.to_json(), before.tolist())
            assert all(dom[i] >> (v - lo) & 1 for i, v in enumerate(g)), (trial, p.to_json())
            narrowed += (dom != before).any()
    assert narrowed >= 100


@pytest.mark.parametrize("ties", TIES)
def test_fast_counts_to_two_as_sat_does_on_6x6_rank_puzzles(ties):
    rng = random.Random(f"rank count {ties}")
    seen = {0: 0, 1: 0, 2: 0}
    for trial in range(14):
        lo = rng.choice([1, 0])
        g = sat.solve(m.VariantPuzzle(6, values=(lo, lo + 5), givens=tuple(
            (i, lo + v) for i, v in enumerate(rng.sample(range(6), 6)))), limit=1).solutions[0]
        clues = _clues(rng, 6, g, rng.randint(6, 18), wrong=0.05)
        givens = tuple((x, g[x]) for x in rng.sample(range(36), rng.randint(0, 6)))
        p = m.VariantPuzzle(6, values=(lo, lo + 5), givens=givens, constraints=tuple(clues) + (
            (m.FullRankTies(ties),) if ties else ()))
        want = sat.solve(p, limit=2, time_limit=60)
        got = engine.solve(p, limit=2, time_limit=60)
        assert want.status != "timeout" and got.status != "timeout"
        assert got.count == want.count, (trial, p.to_json())
        for s in got.solutions:
            assert not check_solution(p, s)
        seen[got.count] += 1
    assert seen[0] and seen[1] + seen[2]
