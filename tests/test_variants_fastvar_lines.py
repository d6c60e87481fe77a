"""``fast`` for variants: full rank, regular expressions and NFAs, global mod and entropy,
Dutch flatmates and same values (``fastvar.program_lines``, ``fastvar.varlines``).

The same two property tests as ``test_variants_fastvar``, one per type, seeded:

- on 4x4 grids (values 1..4 or 0..3, boxes or a Latin square) random rules of the type,
  drawn near a random grid so that some hold; the truth is every Latin square the
  independent checker (``rules.py``) keeps, and ``fast`` must find exactly those grids;
- on 6x6 grids, rules read off a random full grid plus a few givens: ``fast`` counts to
  two as ``sat`` does, and every solution it gives the checker keeps.

And the ISS example puzzles of these types each have the one solution ISS gives.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants import sat  # noqa: E402
from sudoku_cp.variants.paradigms import UnsupportedConstraint  # noqa: E402
from sudoku_cp.variants.automaton import compile_regex  # noqa: E402
from sudoku_cp.variants.fastvar import engine, program, program_lines  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402


def _latin(n):
    out = []
    for rows in itertools.product(itertools.permutations(range(n)), repeat=n):
        if all(len({rows[r][c] for r in range(n)}) == n for c in range(n)):
            out.append(tuple(v for row in rows for v in row))
    return out


LATIN4 = _latin(4)


def _grid(rng, n, box, lo):
    """A random full grid with ``box`` (None: a Latin square), values from ``lo``."""
    br, bc = box or (1, n)
    base = [[(bc * (r % br) + r // br + c) % n for c in range(n)] for r in range(n)]
    rows = [b * br + r for b in rng.sample(range(n // br), n // br) for r in rng.sample(range(br), br)]
    cols = [s * bc + c for s in rng.sample(range(n // bc), n // bc) for c in rng.sample(range(bc), bc)]
    values = rng.sample(range(n), n)
    return tuple(lo + values[base[r][c]] for r in rows for c in cols)


def _line(rng, n, k):
    """``k`` distinct cells, each orthogonally next to the one before (or fewer)."""
    cells = [rng.randrange(n * n)]
    while len(cells) < k:
        r, c = divmod(cells[-1], n)
        steps = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                 if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc not in cells]
        if not steps:
            break
        cells.append(rng.choice(steps))
    return tuple(cells)


def _rank(n, g, line):
    """The rank of ``line`` read on grid ``g`` among every row and column read both ways."""
    read = [tuple(g[x] for x in e) for e in program_lines.readings(n)]
    mine = tuple(g[x] for x in line)
    return 1 + sum(r < mine for r in read)


def _full_rank(rng, n, g, lo):
    out = []
    every = program_lines.readings(n)
    for line in rng.sample(every, rng.randint(1, 3)):
        out.append(m.FullRank(line, max(1, _rank(n, g, line) + rng.choice([0, 0, 0, 1, -1]))))
    if rng.random() < 0.4:
        out.append(m.FullRankTies(rng.choice(["none", "only-unclued", "any"])))
    return out


def _char(v):
    return "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v]


def _pattern(rng, held, lo, hi):
    """A pattern the values ``held`` match (its parts now and then widened), or, now and
    then, one value changed."""
    held = list(held)
    if rng.random() < 0.2:
        held[rng.randrange(len(held))] = rng.randint(lo, hi)
    parts = []
    for v in held:
        kind = rng.random()
        if kind < 0.4:
            parts.append(_char(v))
        elif kind < 0.6:
            parts.append(".")
        elif kind < 0.8:
            a, b = sorted((v, rng.randint(lo, hi)))
            parts.append(f"[{_char(a)}-{_char(b)}]")
        else:
            parts.append(f"[^{_char(rng.randint(lo, hi))}]")
    if rng.random() < 0.3:
        i = rng.randrange(len(parts))
        parts[i] += rng.choice(["+", "*"])
    if rng.random() < 0.2:
        parts = [f"({''.join(parts)}|{_char(lo)}+)"]
    return "".join(parts)


def _regex(rng, n, g, lo):
    out = []
    for _ in range(rng.randint(1, 2)):
        cells = _line(rng, n, rng.randint(2, n))
        out.append(m.Regex(cells, _pattern(rng, [g[x] for x in cells], lo, lo + n - 1)))
    return out


def _nfa(rng, n, g, lo):
    """An NFA from a pattern, or one of two segments: the second's values above the least
    value of the first (the break is symbol n)."""
    cells = _line(rng, n, rng.randint(2, n))
    if rng.random() < 0.5 or len(cells) < 3:
        a = compile_regex(_pattern(rng, [g[x] for x in cells], lo, lo + n - 1), lo, lo + n - 1)
        return [m.Nfa(cells, a.states, a.start, a.accept,
                      tuple(v for move in a.moves for v in move))]
    cut = rng.randint(1, len(cells) - 1)
    # state 1 + i: the first segment's least value so far is i; n + 1 + i: in the second
    moves = [(0, v, 1 + v) for v in range(n)]
    moves += [(1 + i, v, 1 + min(i, v)) for i in range(n) for v in range(n)]
    moves += [(1 + i, n, n + 1 + i) for i in range(n)]
    moves += [(n + 1 + i, v, n + 1 + i) for i in range(n) for v in range(i + 1, n)]
    return [m.Nfa(cells, 2 * n + 1, (0,), tuple(range(n + 1, 2 * n + 1)),
                  tuple(x for move in moves for x in move), (cut, len(cells) - cut))]


def _same_values(rng, n, g, lo):
    sets = rng.choice([2, 2, 3])
    k = rng.randint(1, 3)
    cells = tuple(rng.sample(range(n * n), sets * k))
    if rng.random() < 0.5:  # groups that hold the same values in the grid, when there are
        by_value = {}
        for x in range(n * n):
            by_value.setdefault(g[x], []).append(x)
        cells = tuple(by_value[v][s] for s in range(sets) for v in
                      sorted(by_value)[:k])
    return [m.SameValues(cells, sets)]


def _unary(rng, n, g, lo):
    """A rule on one cell that holds on ``g`` or, now and then, not."""
    x = rng.randrange(n * n)
    v = g[x] if rng.random() < 0.7 else rng.randint(lo, lo + n - 1)
    kind = rng.random()
    if kind < 0.6:
        return m.Candidates(x, tuple(sorted({v, rng.randint(lo, lo + n - 1)})))
    return m.Odd(x) if v % 2 else m.Even(x)


def _or(rng, n, g, lo):
    out = []
    for _ in range(rng.randint(1, 4)):
        branches = []
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.3:
                branches.append(m.And(tuple(_unary(rng, n, g, lo) for _ in range(2))))
            else:
                branches.append(_unary(rng, n, g, lo))
        out.append(m.Or(tuple(branches)))
    return out


FAMILIES = {
    "or": _or,
    "full_rank": _full_rank,
    "regex": _regex,
    "nfa": _nfa,
    "global_mod": lambda rng, n, g, lo: [m.GlobalMod()],
    "global_entropy": lambda rng, n, g, lo: [m.GlobalEntropy()],
    "dutch_flatmates": lambda rng, n, g, lo: [m.DutchFlatmates()],
    "same_values": _same_values,
}


#: No 4x4 grid keeps these: on four values two of the three classes are one value each,
#: and no Latin square has those two values in every 2x2 square. 6x6 grids test them.
NONE_ON_4X4 = {"global_mod", "global_entropy"}


def _puzzle(rng, family, n, box, lo, grid, ngivens, kept=False):
    constraints = FAMILIES[family](rng, n, grid, lo)
    if kept:
        bare = dict(box=box, values=(lo, lo + n - 1))
        constraints = [c for c in constraints if c.TYPE == "full_rank_ties" or
                       not check_solution(m.VariantPuzzle(n, constraints=(c,), **bare), grid)]
    givens = tuple((x, grid[x]) for x in rng.sample(range(n * n), ngivens))
    try:
        return m.VariantPuzzle(n, box=box, values=(lo, lo + n - 1), givens=givens,
                               constraints=tuple(constraints))
    except m.PuzzleError:
        return None


def test_the_kind_numbers_agree_with_program():
    for name in ("LINEAR", "FULLRANK", "NOTIES", "AUTOMATON", "CLASSES", "FLATMATE",
                 "SAMEVALUES", "EITHER", "ZERODIFF"):
        assert getattr(program_lines, name) == getattr(program, name), name


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_fast_finds_exactly_the_4x4_grids_the_checker_keeps(family):
    rng = random.Random(family)
    seen = 0
    for trial in range(16):
        lo = rng.choice([1, 1, 0])
        box = rng.choice([(2, 2), (2, 2), None])
        grid = _grid(rng, 4, box, lo)
        p = _puzzle(rng, family, 4, box, lo, grid, rng.randint(0, 2))
        if p is None:
            continue
        truth = sorted(g for g in (tuple(v + lo for v in s) for s in LATIN4)
                       if not check_solution(p, g))
        seen += bool(truth)
        r = engine.solve(p, limit=len(truth) + 1)
        assert r.exhausted and sorted(r.solutions) == truth, (trial, p.to_json())
    assert seen >= 4 or family in NONE_ON_4X4  # (grids to find, not only empty puzzles)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_fast_counts_to_two_as_sat_does_on_6x6(family):
    rng = random.Random(f"{family}6")
    box = m.DEFAULT_BOXES[6]
    for trial in range(8):
        lo = rng.choice([1, 1, 0])
        grid = _grid(rng, 6, box, lo)
        if family in NONE_ON_4X4:  # a grid that keeps the rule, found by sat
            seed = m.VariantPuzzle(6, box=box, values=(lo, lo + 5), givens=((0, grid[0]),),
                                   constraints=tuple(FAMILIES[family](rng, 6, grid, lo)))
            grid = sat.solve(seed, limit=1, time_limit=30).solutions[0]
        p = _puzzle(rng, family, 6, box, lo, grid, rng.randint(4, 14), kept=True)
        if p is None:
            continue
        want = sat.solve(p, limit=2, time_limit=30)
        got = engine.solve(p, limit=2, time_limit=30)
        assert want.status != "timeout" and got.status != "timeout"
        assert got.count == want.count, (trial, p.to_json())
        for s in got.solutions:
            assert not check_solution(p, s)


ISS = Path(__file__).resolve().parents[2] / "shared" / "data" / "variants" / "iss.jsonl"
EXAMPLES = ("iss-examples-33", "iss-examples-39", "iss-examples-45", "iss-examples-46",
            "iss-examples-51", "iss-examples-52", "iss-examples-55", "iss-examples-56",
            "iss-examples-57")  # (-47's doppelganger: off in fast, program_lines.DOPPELGANGER)


@pytest.mark.skipif(not ISS.exists(), reason="the shared variant set is not here")
def test_the_iss_examples_of_these_types_have_issues_solution():
    from sudoku_cp.variants.iss import parse_iss

    records = {r["id"]: r for r in map(json.loads, ISS.read_text().splitlines())}
    for name in EXAMPLES:
        rec = records[name]
        p = parse_iss(rec["puzzle"])
        r = engine.solve(p, limit=2, time_limit=60)
        assert r.exhausted and len(r.solutions) == 1, name
        assert not check_solution(p, r.solutions[0])
        assert "".join(map(str, r.solutions[0])) == rec["solution"] or p.values != (1, p.size)


#: ISS's "Full rank - 6 clue snipe" (sigh, data/collections.js) and its solution.
SNIPE = (".FullRank~R5~17~.FullRank~R4~1~.FullRank~C2~32~.FullRank~C3~28~.FullRank~C4~23~"
         ".FullRank~R1~34~.")
SNIPE_SOLUTION = "987624153654381972231975648179842536568793214423156789845267391396518427712439865"


def test_six_rank_clues_are_settled_by_placing_each_clues_first_value_on_the_edges():
    """Branching first on where a clued rank's first value goes on each edge (ISS's
    candidate finders) settles the snipe in a few hundred nodes; by fewest candidates
    alone it took over 600,000 without an answer."""
    from sudoku_cp.variants.iss import parse_iss

    p = parse_iss(SNIPE)
    r = engine.solve(p, limit=2, time_limit=120)
    assert r.exhausted and [("".join(map(str, s))) for s in r.solutions] == [SNIPE_SOLUTION]
    assert not check_solution(p, r.solutions[0])
    assert r.stats["nodes"] < 20000


def test_an_or_with_a_branch_that_asks_nothing_always_holds_and_one_with_none_never():
    """(Edge cases the random draws do not make: checked against the checker on 4x4.)"""
    for rule in (m.Or((m.Candidates(0, (2,)), m.And(()))), m.Or(()),
                 m.Or((m.And((m.Odd(0), m.Even(0))), m.Candidates(1, (3,))))):
        p = m.VariantPuzzle(4, constraints=(rule,))
        truth = sorted(g for g in (tuple(v + 1 for v in s) for s in LATIN4)
                       if not check_solution(p, g))
        r = engine.solve(p, limit=len(truth) + 1)
        assert r.exhausted and sorted(r.solutions) == truth, rule


def _doppel_grid(rng, n, box):
    """A grid of values 0..n with a 0 in every row, column and box that keeps the rule,
    found by sat from one random given (None when there is none)."""
    seed = m.VariantPuzzle(n, box=box, values=(0, n), constraints=(m.Doppelganger(),),
                           givens=((rng.randrange(n * n), rng.randint(0, n)),))
    found = sat.solve(seed, limit=1, time_limit=30).solutions
    return found[0] if found else None


def test_doppelganger_is_declined_by_name_while_it_is_off():
    from sudoku_cp.variants.fastvar import program_lines

    assert not program_lines.DOPPELGANGER
    p = m.VariantPuzzle(4, box=(2, 2), values=(0, 4), constraints=(m.Doppelganger(),))
    with pytest.raises(UnsupportedConstraint, match="doppelganger"):
        engine.solve(p, limit=2)


@pytest.mark.parametrize("n, box", [(4, (2, 2)), (6, (2, 3))])
def test_doppelganger_with_extra_cells_counts_as_sat_does(n, box, monkeypatch):
    """Values 0..n, a helper cell per row, column and box (ISS's Var cells) in an extra
    region with it (so it holds what the house misses), rules on those cells: ``fast``
    counts (to 12 on 4x4, to 2 on 6x6) as ``sat`` does, every solution kept by the checker."""
    from sudoku_cp.variants.fastvar import program_lines

    monkeypatch.setattr(program_lines, "DOPPELGANGER", True)  # (off by default: slow)
    rng = random.Random(f"doppelganger{n}")
    limit = 12 if n == 4 else 2
    rows = [tuple(r * n + k for k in range(n)) for r in range(n)]
    cols = [tuple(r * n + k for r in range(n)) for k in range(n)]
    boxes = [tuple(b) for b in m.VariantPuzzle(n, box=box).boxes()]
    houses = rows + cols + boxes
    extra = tuple(f"D{i}" for i in range(len(houses)))
    compared = 0
    for trial in range(10):
        grid = _doppel_grid(rng, n, box)
        if grid is None:
            continue
        helper = [n * n + i for i in range(len(houses))]
        missed = [(set(range(n + 1)) - {grid[x] for x in h}).pop() for h in houses]
        rules = [m.Doppelganger()] + [m.ExtraRegion(h + (helper[i],)) for i, h in enumerate(houses)]
        for _ in range(rng.randint(1, 3)):  # a thermometer or whisper on helpers, held or not
            a, b = rng.sample(range(len(houses)), 2)
            if rng.random() < 0.5:
                lo_hi = (a, b) if missed[a] < missed[b] else (b, a)
                rules.append(m.Thermometer((helper[lo_hi[0]], helper[lo_hi[1]])))
            else:
                rules.append(m.Whisper((helper[a], helper[b]), rng.randint(1, 3)))
        givens = tuple((x, grid[x]) for x in rng.sample(range(n * n), rng.randint(0, n * n // 3)))
        p = m.VariantPuzzle(n, box=box, values=(0, n), extra=extra, givens=givens,
                            constraints=tuple(rules))
        want = sat.solve(p, limit=limit, time_limit=60)
        got = engine.solve(p, limit=limit, time_limit=60)
        assert want.status != "timeout" and got.status != "timeout"
        assert got.count == want.count, (trial, p.to_json())
        assert all(not check_solution(p, s) for s in got.solutions)
        if got.count < limit:
            assert sorted(got.solutions) == sorted(want.solutions)
        compared += 1
    assert compared >= 5
