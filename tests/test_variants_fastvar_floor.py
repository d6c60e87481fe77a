"""``fast``'s per-solve build, made cheaper without changing a program (issue 38, round 23):
each shortcut below against the plain definition it replaces.

- ``implied._distinct_groups`` and ``program._groupings`` keep a grouping by the cells, their
  signs and the houses holding each: the same cells under other houses must get those
  houses' grouping, warm or cold;
- ``program_rules._distinct`` reads the geometry's houses holding each cell, not each
  house's set;
- ``Program.freeze``'s watcher lists: per cell, each propagator on it once, in order,
  ``~p`` for a slow one;
- ``program_rules._params``: a rule's fields but its cells;
- ``varkernel.watchers`` (round 24): the watcher lists in one compiled pass.
"""

from __future__ import annotations

import random

import numpy as np

from sudoku_cp.variants import model as m
from sudoku_cp.variants.fastvar import implied, program
from sudoku_cp.variants.fastvar.program import compile_puzzle
from sudoku_cp.variants.fastvar.program_rules import _distinct, _params


def _holding(houses, cells=81) -> list[int]:
    return [sum(1 << h for h, house in enumerate(houses) if x in house) for x in range(cells)]


def _houses_9x9() -> list[set]:
    rows = [set(range(r * 9, r * 9 + 9)) for r in range(9)]
    cols = [set(range(c, 81, 9)) for c in range(9)]
    boxes = [set(r * 9 + c for r in range(b // 3 * 3, b // 3 * 3 + 3)
                 for c in range(b % 3 * 3, b % 3 * 3 + 3)) for b in range(9)]
    return rows + cols + boxes


def test_a_kept_grouping_is_the_grouping_of_the_houses_asked_with():
    """The same terms under two sets of houses (rows, columns and boxes, then columns and
    the two diagonals), asked in turn, warm and cold: each answer is what the plain
    grouping makes of those houses (a key without the houses hands back the first)."""
    rng = random.Random("floor5")
    plain = _houses_9x9()
    other = _houses_9x9()[9:18] + [set(range(0, 81, 10)), set(range(8, 73, 8))]
    differ = 0
    for trial in range(200):
        cells = rng.sample(range(81), rng.randint(4, 30))
        terms = [(x, rng.choice((1, 1, -1))) for x in cells]
        cell_list = [x for x, _ in terms]
        merged = dict(terms)
        for houses in (plain, other, plain):
            holding = _holding(houses)
            want = [list(g) for g in implied._grouped_apart(terms, holding)]
            assert [list(g) for g in implied._distinct_groups(terms, holding)] == want, trial
            for most in (2, 3):
                for stated in (False, True):
                    first = program._grouped(cell_list, merged, holding, most, {})
                    got, second = program._groupings(cell_list, merged, holding, most, stated)
                    assert [list(g) for g in got] == first, trial
                    if stated:
                        apart = {x: j for j, g in enumerate(first) for x in g}
                        assert [list(g) for g in second] == program._grouped(
                            cell_list, merged, holding, most, apart), trial
                    else:
                        assert second is None
        differ += (implied._distinct_groups(terms, _holding(plain))
                   != implied._distinct_groups(terms, _holding(other)))
    assert differ > 150  # (the two sets of houses do group most of them apart)


def test_cells_in_one_house_read_from_the_houses_holding_each_cell():
    """``_distinct`` against its definition (different cells, all in one of the
    geometry's houses' sets), on a 9x9, a 6x6 and a jigsaw, with cells repeated and cells
    outside the grid (an extra cell)."""
    rng = random.Random("distinct")
    regions = tuple(tuple(x for x in range(36) if (x // 6 + x % 6) % 6 == k) for k in range(6))
    for puzzle in (m.VariantPuzzle(9), m.VariantPuzzle(6), m.VariantPuzzle(6, regions=regions)):
        prog = program.Program(puzzle)
        n = puzzle.size * puzzle.cols
        houses = [h for h in prog.geometry_sets]
        seen = [0, 0]
        for trial in range(3000):
            k = rng.randint(0, 6)
            if trial % 3 == 0:  # (often the cells of one house: the answer True is common)
                house = sorted(rng.choice(houses))
                cells = rng.sample(house, min(k, len(house)))
            else:
                cells = [rng.randrange(n + 2) for _ in range(k)]
            want = len(set(cells)) == len(cells) and any(h.issuperset(cells) for h in houses)
            assert _distinct(prog, cells) == want, (puzzle.size, cells)
            seen[want] += 1
        assert min(seen) > 300


def _watchers(prog) -> list[list[int]]:
    """Per cell, the propagators naming it, each once and in order, ``~p`` for one of the
    kinds that wait (above ``PAIR``): read from the packed cells, not from the sort."""
    out = [[] for _ in range(len(prog.dom))]
    for p in range(len(prog.kinds)):
        for x in prog.pcells[prog.cstart[p]:prog.cstart[p + 1]].tolist():
            w = ~p if prog.kinds[p] > program.PAIR else p
            if w not in out[x]:
                out[x].append(w)
    return out


def test_the_watcher_lists_name_each_propagator_on_a_cell_once_in_order():
    """On programs of several kinds, and one whose propagator names a cell twice (a
    quadruple listing cell 0 twice, packed as it stands): ``wlist`` from ``wstart`` is the
    plain per-cell list."""
    puzzles = [m.VariantPuzzle(9, constraints=(m.Thermometer((0, 1, 2)), m.LittleKiller(
                   (0, 10, 20, 30), 20), m.CountingCircles((5, 15, 25, 35)))),
               m.VariantPuzzle(4), m.VariantPuzzle(1),
               m.VariantPuzzle(6, constraints=(m.KillerCage((0, 1, 6), 10),
                                               m.GreaterThan((7, 8))))]
    progs = [compile_puzzle(p) for p in puzzles]
    prog = program.Program(m.VariantPuzzle(4))
    prog.add_geometry()
    prog.props.append((program.QUAD, [0, 1, 0], [3, 1, 0, 1, 0, 0, 1]))
    progs.append(prog.freeze())
    twice = False
    for prog in progs:
        want = _watchers(prog)
        for x, cell in enumerate(want):
            got = prog.wlist[prog.wstart[x]:prog.wstart[x + 1]].tolist()
            assert got == cell, (x, got, cell)
        assert prog.wstart[-1] == sum(map(len, want))
        assert prog.wstart.dtype == prog.wlist.dtype == np.int64
        twice |= len(prog.pcells) > prog.wstart[-1]
    assert twice  # (the quadruple did name a cell twice)


def test_a_rules_parameters_are_its_fields_but_its_cells():
    """``_params`` against its definition (the instance's fields less ``cells`` and
    ``cell``, in order), for rules with none, one and several."""
    rules = [m.GreaterThan((0, 1)), m.DifferenceDot((0, 1), 3), m.XV((0, 1), 5),
             m.Candidates(4, (1, 2)), m.Indexing(0, (1, 2, 3), 2), m.LittleKiller((0, 10), 5),
             m.Thermometer((0, 1, 2))]
    for c in rules + rules:  # (the second time the names come from the class's entry)
        assert _params(c) == tuple(v for k, v in vars(c).items() if k not in ("cells", "cell"))
    assert _params(m.DifferenceDot((0, 1), 3)) != _params(m.DifferenceDot((0, 1), 2))


def test_an_or_of_candidates_is_the_either_the_general_merge_makes():
    """``program_lines._either_candidates`` against ``_either``'s general path (the same
    branches each wrapped in an ``and`` of one part, which the shortcut leaves alone): the
    same program, on random ``or``s of 1 to 4 branches, a cell named by several branches,
    and branches that leave their cell no value."""
    from sudoku_cp.variants.model_composite import And, Or

    rng = random.Random("either")
    failed = 0
    for trial in range(150):
        branches = [m.Candidates(rng.choice((0, 1, 5, 15)),
                                 tuple(rng.sample((1, 2, 3, 4), rng.randint(0, 2))))
                    for _ in range(rng.randint(1, 4))]
        fast = compile_puzzle(m.VariantPuzzle(4, constraints=(Or(tuple(branches)),)))
        plain = compile_puzzle(m.VariantPuzzle(4, constraints=(
            Or(tuple(And((b,)) for b in branches)),)))
        for name in ("dom", "kinds", "pstart", "cstart", "data", "pcells", "tab", "wlist",
                     "wstart"):
            assert np.array_equal(getattr(fast, name), getattr(plain, name)), (trial, name)
        failed += program.LINEAR in fast.kinds.tolist()  # (no branch left: the rule fails)
    assert failed  # (some draws left no branch)


def test_the_compiled_watcher_lists_are_the_plain_ones_on_random_programs():
    """``varkernel.watchers`` (round 24, floor6: the lists built in one compiled pass, not a
    numpy sort) against the plain per-cell list: random propagators of random kinds naming
    random cells, repeats within a propagator, cells no propagator names, none at all."""
    from sudoku_cp.variants.fastvar import varkernel

    rng = random.Random(2406)
    shapes = [(0, 5), (1, 1), (3, 0)] + [(rng.randint(1, 40), rng.randint(1, 30))
                                         for _ in range(200)]
    for nprops, ncells in shapes:
        lists = [[rng.randrange(ncells) for _ in range(rng.randint(0, 6))] if ncells else []
                 for _ in range(nprops)]
        kinds = np.array([rng.randint(0, 6) for _ in lists], dtype=np.int64)
        cstart = np.zeros(nprops + 1, dtype=np.int64)
        cstart[1:] = np.cumsum([len(c) for c in lists])
        pcells = np.array([x for c in lists for x in c] or [0], dtype=np.int64)
        want = [[] for _ in range(ncells)]
        for p, cells in enumerate(lists):
            w = ~p if kinds[p] > program.PAIR else p
            for x in cells:
                if w not in want[x]:
                    want[x].append(w)
        wstart, wlist = varkernel.watchers(pcells, cstart, kinds, ncells)
        assert wstart.tolist() == np.cumsum([0] + [len(w) for w in want]).tolist()
        assert wlist.tolist() == ([w for ws in want for w in ws] or [0])


def test_the_first_search_after_a_cold_load_by_the_build_still_says_it_compiles(monkeypatch):
    """The build loads the kernel now (its watcher lists): a cold cache seen at that load
    must still wrap the first search in ``compiling`` (once), not be lost."""
    from contextlib import nullcontext

    from sudoku_cp.variants.fastvar import engine

    engine.kernel()
    said = []
    monkeypatch.setattr(engine, "_kernel", None)
    monkeypatch.setattr(engine, "_cold", False)
    monkeypatch.setattr(engine, "warm", lambda: False)
    monkeypatch.setattr(engine, "compiling", lambda *a: said.append(a[0]) or nullcontext())
    puzzle = m.VariantPuzzle(4, constraints=(m.Thermometer((0, 1, 2)),))
    compile_puzzle(puzzle)  # (loads the kernel: the cache seen cold)
    assert engine._kernel is not None and said == []
    engine.solve(puzzle)
    engine.solve(puzzle)
    assert said == ["the fast variant engine"]
