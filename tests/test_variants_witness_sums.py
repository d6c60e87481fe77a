"""The witness's sum propagation: what distinct-value sets prune beyond bounds."""

from sudoku_cp.variants import witness
from sudoku_cp.variants.model import LittleKiller, VariantPuzzle
from sudoku_cp.variants.witness_build import build
from sudoku_cp.variants.witness_search import Engine


def test_little_killer_within_one_box_uses_sets_of_distinct_values():
    # r1c2 and r2c1 lie on one diagonal and in box 1, so they differ: 6 is 1 + 5 or 2 + 4,
    # never 3 + 3, so 3 goes from both cells (bounds alone would keep 1..5).
    puzzle = VariantPuzzle(9, constraints=(LittleKiller((1, 9), 6),))
    masks, props = build(puzzle)
    assert Engine(len(masks), props).propagate(masks)
    for cell in (1, 9):
        assert sorted(v for v in range(1, 10) if masks[cell] >> v & 1) == [1, 2, 4, 5]


def test_little_killer_within_one_box_keeps_every_solution():
    # 4x4: the diagonal r1c2, r2c1 lies in box 1; the sum 4 is 1 + 3 only. Every grid the
    # witness finds breaks no rule (it checks), and their number equals plain enumeration.
    puzzle = VariantPuzzle(4, constraints=(LittleKiller((1, 4), 4),))
    result = witness.solve(puzzle, limit=1000)
    assert result.exhausted
    assert all({g[1], g[4]} == {1, 3} for g in result.solutions)
    # Of the 288 4x4 grids, by symmetry of the values each ordered pair of distinct values
    # fills the two cells in 288 / 12 of them; {1, 3} is two of those pairs.
    assert result.count == 288 * 2 // 12


# Innie / outie sums, mixed: cages that reach out of a union of houses.

import itertools  # noqa: E402
import random  # noqa: E402

import pytest  # noqa: E402
from conftest import grids_4x4  # noqa: E402

from sudoku_cp.variants.model import KillerCage  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402
from sudoku_cp.variants.witness_build import Context, signed_sum  # noqa: E402


GRIDS = grids_4x4()


def _tiling(rng, grid, n):
    """Cages covering the whole grid, grown along random walks, with distinct values of
    ``grid`` in each cage and its sums: cages cross rows, columns and boxes freely."""
    free, cages = set(range(n * n)), []
    while free:
        cell = rng.choice(sorted(free))
        cage = [cell]
        free.discard(cell)
        for _ in range(rng.randint(0, 3)):
            r, c = divmod(cage[-1], n)
            steps = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                     if 0 <= r + dr < n and 0 <= c + dc < n]
            steps = [x for x in steps if x in free and grid[x] not in {grid[y] for y in cage}]
            if not steps:
                break
            nxt = rng.choice(steps)
            cage.append(nxt)
            free.discard(nxt)
        cages.append(KillerCage(tuple(sorted(cage)), sum(grid[x] for x in cage)))
    return cages


@pytest.mark.parametrize("seed", range(12))
def test_mixed_innies_outies_keep_exactly_the_solutions_on_4x4(seed):
    # A 4x4 tiled by cages read off a random grid (no givens): the witness, with its
    # derived sums, finds exactly the grids plain enumeration filtered by the checker finds.
    rng = random.Random(seed)
    grid = rng.choice(GRIDS)
    puzzle = VariantPuzzle(4, constraints=tuple(_tiling(rng, grid, 4)))
    truth = sorted(g for g in GRIDS if not check_solution(puzzle, g))
    assert tuple(grid) in truth
    result = witness.solve(puzzle, limit=len(truth) + 1)
    assert result.exhausted and sorted(result.solutions) == truth


def test_mixed_innie_outie_is_derived():
    # Row 1 of a 9x9 is covered by two cages that both reach into row 2: A = r1c1-r1c6 +
    # r2c1 (sum 28) and B = r1c7-r1c9 + r2c9. Taking A alone: r1c7 + r1c8 + r1c9 - r2c1
    # = 45 - 28 = 17, a sum neither the innies (no cage inside row 1) nor the outies
    # (r2c1 + r2c9) give.
    a_cells = (0, 1, 2, 3, 4, 5, 9)
    puzzle = VariantPuzzle(9, constraints=(KillerCage(a_cells, 28), KillerCage((6, 7, 8, 17), 30)))
    _, props = build(puzzle)
    mixed = [p for p in props if set(p.cells) == {6, 7, 8, 9}]
    assert len(mixed) == 1
    p = mixed[0]
    assert dict(zip(p.cells, p.coefs)) == {6: 1, 7: 1, 8: 1, 9: -1} and p.low == p.high == 17


@pytest.mark.parametrize("seed", range(30))
def test_signed_sum_removes_no_supported_value(seed):
    # sum(plus) - sum(minus) == total on random candidate masks: every value that some
    # assignment satisfying the sum (and the distinctness of cells sharing a house) uses
    # is kept, found by brute force over the cells' candidates.
    rng = random.Random(seed)
    ctx = Context(VariantPuzzle(9))
    cells = rng.sample(range(81), rng.randint(1, 5))
    k = rng.randint(0, len(cells))
    plus, minus = sorted(cells[:k]), sorted(cells[k:])
    masks = [ctx.full] * 81
    for c in cells:
        masks[c] = sum(1 << v for v in rng.sample(range(1, 10), rng.randint(1, 6)))
    order = plus + minus
    fits = [a for a in itertools.product(*[[v for v in range(1, 10) if masks[c] >> v & 1]
                                           for c in order])
            if all(a[i] != a[j] or not ctx.is_house((order[i], order[j]))
                   for i in range(len(a)) for j in range(i + 1, len(a)))]
    total = rng.choice([sum(a[:len(plus)]) - sum(a[len(plus):]) for a in fits]) if fits else 0
    prop = signed_sum(ctx, plus, minus, total)
    kept = list(masks)
    ok = prop.run(kept, [])
    support = {c: 0 for c in order}
    for a in fits:
        if sum(a[:len(plus)]) - sum(a[len(plus):]) == total:
            for c, v in zip(order, a):
                support[c] |= 1 << v
    if any(support.values()):
        assert ok
        for c in order:
            assert kept[c] & support[c] == support[c], (c, bin(kept[c]), bin(support[c]))
    for c in order:
        assert kept[c] & ~masks[c] == 0


# Skyscrapers: the mask-based passes against brute force on one line.

from sudoku_cp.variants.witness_lines import Skyscraper  # noqa: E402


@pytest.mark.parametrize("seed", range(60))
def test_skyscraper_keeps_exactly_the_values_some_filling_uses(seed):
    # A line of 2 to 6 cells with random candidate masks over 0..6 (repeats allowed: the
    # propagator reads the line alone): it keeps exactly the values of the fillings that
    # show ``count`` cells, found by enumeration, and fails when there is none. The ground
    # is 0: a 0 is never seen (ISS's meaning under values 0..n-1).
    rng = random.Random(seed)
    k = rng.randint(2, 6)
    cells = list(range(k))
    masks = [sum(1 << v for v in rng.sample(range(7), rng.randint(1, 4))) for _ in cells]
    count = rng.randint(1, k)
    support = [0] * k
    for filling in itertools.product(*[[v for v in range(7) if m >> v & 1] for m in masks]):
        tallest, seen = 0, 0
        for v in filling:
            if v > tallest:
                tallest, seen = v, seen + 1
        if seen == count:
            for i, v in enumerate(filling):
                support[i] |= 1 << v
    kept = list(masks)
    ok = Skyscraper(cells, count).run(kept, [])
    if any(support):
        assert ok and kept == support
    else:
        assert not ok


# Linear sums: the pass that skips groups whose reach fits the slack, against the plain
# one pass it shortens (every cell's bounds from the other groups' and its own group's).

from sudoku_cp.variants.witness_props import Linear  # noqa: E402


def _linear_plain(masks, groups, low, high):
    """The bounds pass written out for every cell: None on failure, else the masks."""
    def ends(union, k):  # sums of the k smallest / largest values of union, and of k - 1
        vs = [v for v in range(union.bit_length()) if union >> v & 1]
        return sum(vs[:k - 1]), sum(vs[:k]), sum(vs[len(vs) - k + 1:]) if k > 1 else 0, sum(vs[len(vs) - k:])

    def term(k, lo, hi):
        return (k * lo, k * hi) if k > 0 else (k * hi, k * lo)

    info, smin, smax = [], 0, 0
    for k, cells in groups:
        ms = [masks[c] for c in cells]
        union = 0
        for m in ms:
            union |= m
        ind_lo = sum((m & -m).bit_length() - 1 for m in ms)
        ind_hi = sum(m.bit_length() - 1 for m in ms)
        if len(cells) > 1 and union.bit_count() < len(cells):
            return None
        s1, s, l1, lg = ends(union, len(cells)) if len(cells) > 1 else (0, ind_lo, 0, ind_hi)
        a, b = term(k, max(ind_lo, s), min(ind_hi, lg))
        info.append((a, b, ind_lo, ind_hi, s1, l1))
        smin, smax = smin + a, smax + b
    if smax < low or smin > high:
        return None
    out = list(masks)
    for (k, cells), (a, b, ind_lo, ind_hi, s1, l1) in zip(groups, info):
        for c in cells:
            m = masks[c]
            lo_c, hi_c = (m & -m).bit_length() - 1, m.bit_length() - 1
            omin, omax = (0, 0) if len(cells) == 1 else term(
                k, max(ind_lo - lo_c, s1), min(ind_hi - hi_c, l1))
            lo_t, hi_t = low - (smax - b + omax), high - (smin - a + omin)
            keep = sum(1 << v for v in range(m.bit_length()) if m >> v & 1 and lo_t <= k * v <= hi_t)
            if not keep:
                return None
            out[c] = keep
    return out


@pytest.mark.parametrize("seed", range(160))
def test_linear_matches_the_plain_pass(seed):
    # Random cells with random masks, coefficients 1, -1 or -10 (only 1 for odd seeds:
    # the coefficient-1 pass), some runs of cells grouped as distinct values; a total near
    # a sum some choice of values reaches.
    rng = random.Random(seed)
    cells = list(range(rng.randint(1, 7)))
    masks = [sum(1 << v for v in rng.sample(range(1, 10), rng.randint(1, 9))) for _ in cells]
    coefs, groups = [], []
    while len(coefs) < len(cells):
        size = rng.randint(1, min(3, len(cells) - len(coefs)))
        run = list(range(len(coefs), len(coefs) + size))
        coefs += [rng.choice([1, 1, -1, -10]) if seed % 2 == 0 else 1] * size
        groups += [run] if rng.random() < 0.6 else [[x] for x in run]
    pick = [rng.choice([v for v in range(10) if m >> v & 1]) for m in masks]
    total = sum(k * v for k, v in zip(coefs, pick))
    low, high = total - rng.randint(0, 3), total + rng.randint(0, 3)
    want = _linear_plain(masks, [(coefs[g[0]], g) for g in groups], low, high)
    linear = Linear(cells, coefs, low, high, groups)
    # the pass by coefficient-1 terms (when every one is 1), the table pass, the one by hand
    assert linear.unit == (seed % 2 == 1 or all(k == 1 for k in coefs))
    for run in (linear.run, linear._run_tables, linear._run_plain):
        got = list(masks)
        ok = run(got, [])
        assert ok == (want is not None)
        if ok:
            assert got == want


def test_linear_past_its_tables_works_by_hand():
    # Values up to 16 (a 16x16 board): masks past the 10-bit tables take the plain pass.
    # 33 from {15, 16} + {1, 16} + {1, 2}: the middle cell must be 16 (15 + 16 + 2 or
    # 16 + 16 + 1), the others keep both values.
    cells, coefs = [0, 1, 2], [1, 1, 1]
    masks = [1 << 16 | 1 << 15, 1 << 16 | 1 << 1, 0b110]
    got = list(masks)
    assert Linear(cells, coefs, 33, 33).run(got, [])
    assert got == [1 << 16 | 1 << 15, 1 << 16, 0b110]


# Killer cages: the sets of distinct values with the sum, against the rule written out.

from sudoku_cp.variants.witness_props import DistinctSum  # noqa: E402


@pytest.mark.parametrize("seed", range(60))
def test_distinct_sum_matches_its_rule_written_out(seed):
    # 2 to 4 cage cells and 3 outside cells with random masks over 1..9; the propagator
    # keeps in each cell the values of the fitting sets (k distinct values with the sum,
    # each held by some cell, each cell holding one of them), puts a value every fitting set holds in its only
    # place, and takes it from the outside cells; nothing else changes.
    rng = random.Random(seed)
    k = rng.randint(2, 4)
    cells, outside = list(range(k)), [k, k + 1, k + 2]
    masks = [sum(1 << v for v in rng.sample(range(1, 10), rng.randint(1, 6)))
             for _ in cells + outside]
    total = sum(rng.sample(range(1, 10), k))
    fitting = [set(s) for s in itertools.combinations(range(1, 10), k) if sum(s) == total
               and all(any(masks[c] >> v & 1 for v in s) for c in cells)
               and all(any(masks[c] >> v & 1 for c in cells) for v in s)]
    got = list(masks)
    ok = DistinctSum(cells, total, 0b1111111110, outside).run(got, [])
    if not fitting:
        assert not ok
        return
    keep = sum(1 << v for v in set().union(*fitting))
    want = [m & keep for m in masks[:k]] + masks[k:]
    for v in sorted(set.intersection(*fitting)):  # lowest first, in one pass
        places = [c for c in cells if want[c] >> v & 1]
        if not places:
            assert not ok
            return
        if len(places) == 1:
            want[places[0]] = 1 << v
        for c in outside:
            want[c] &= ~(1 << v)
    if not all(want):
        assert not ok
        return
    assert ok and got == want
    # and it keeps every value some assignment of distinct values with the sum uses
    for a in itertools.product(*[[v for v in range(1, 10) if masks[c] >> v & 1] for c in cells]):
        if len(set(a)) == k and sum(a) == total:
            assert all(got[c] >> v & 1 for c, v in zip(cells, a))


def test_little_killers_within_a_box_give_the_rest_of_the_box_its_sum():
    # Box 1 of a 9x9 holds two little killers, r1c3-r2c2-r3c1 (12) and r1c2-r2c1 (9): its
    # four other cells r1c1, r2c3, r3c2, r3c3 sum to 45 - 12 - 9 = 24. A house holding
    # no cage (every other box, row and column) gives no sum: 45 over it says nothing.
    puzzle = VariantPuzzle(9, constraints=(LittleKiller((2, 10, 18), 12), LittleKiller((1, 9), 9)))
    _, props = build(puzzle)
    derived = [p for p in props if set(p.cells) == {0, 11, 19, 20}]
    assert len(derived) == 1 and derived[0].low == derived[0].high == 24
    houses = {frozenset(h) for h in puzzle.houses()}
    assert not any(frozenset(p.cells) in houses for p in props if hasattr(p, "coefs"))


@pytest.mark.parametrize("seed", range(8))
def test_little_killers_within_boxes_keep_exactly_the_solutions_on_4x4(seed):
    # Two-cell little killers inside boxes (read off a random grid) beside a few cages:
    # with the sums derived from both, the witness finds exactly the grids plain
    # enumeration filtered by the checker finds.
    rng = random.Random(seed)
    grid = rng.choice(GRIDS)
    killers = []
    for start in rng.sample([(1, 4), (3, 6), (9, 12), (11, 14)], 2):
        killers.append(LittleKiller(start, grid[start[0]] + grid[start[1]]))
    taken = {x for k in killers for x in k.cells}
    cages = [c for c in _tiling(rng, grid, 4) if taken.isdisjoint(c.cells)][:2]
    puzzle = VariantPuzzle(4, constraints=tuple(killers + cages))
    truth = sorted(g for g in GRIDS if not check_solution(puzzle, g))
    assert tuple(grid) in truth
    result = witness.solve(puzzle, limit=len(truth) + 1)
    assert result.exhausted and sorted(result.solutions) == truth


# Little killers grouped by the extra houses too (disjoint groups, diagonals).

from sudoku_cp.variants.model import DisjointGroups  # noqa: E402


def test_long_little_killer_is_also_grouped_by_the_disjoint_groups():
    # The 9x9 anti-diagonal meets boxes 3, 5, 7 in three cells each (the rows-columns-boxes
    # grouping) and the disjoint groups of box positions 3, 5 and 7 in three cells each:
    # a second sum, grouped that way, bounds it as three other sums of distinct values.
    diagonal = tuple(r * 9 + 8 - r for r in range(9))
    puzzle = VariantPuzzle(9, constraints=(DisjointGroups(), LittleKiller(diagonal, 62)))
    _, props = build(puzzle)
    sums = [p for p in props if set(p.cells) == set(diagonal)]
    by_group = sorted(sorted(cells) for _, cells in sums[1].groups)
    assert len(sums) == 2
    assert by_group == [[8, 32, 56], [16, 40, 64], [24, 48, 72]]  # one disjoint group each
    assert sorted(sorted(cells) for _, cells in sums[0].groups) == [
        [8, 16, 24], [32, 40, 48], [56, 64, 72]]  # one box each


@pytest.mark.parametrize("seed", range(8))
def test_little_killers_with_disjoint_groups_keep_exactly_the_solutions_on_4x4(seed):
    # 4x4 with disjoint groups and the two long diagonals as little killers (sums read off
    # a random grid that keeps the groups distinct, one of them nudged by one in half the
    # seeds): the witness finds exactly the grids plain enumeration filtered by the
    # checker finds.
    rng = random.Random(seed)
    puzzle0 = VariantPuzzle(4, constraints=(DisjointGroups(),))
    grids = [g for g in GRIDS if not check_solution(puzzle0, g)]
    grid = rng.choice(grids)
    main, anti = (0, 5, 10, 15), (3, 6, 9, 12)
    nudge = rng.choice([0, 0, 1, -1])
    puzzle = VariantPuzzle(4, constraints=(
        DisjointGroups(), LittleKiller(main, sum(grid[c] for c in main) + nudge),
        LittleKiller(anti, sum(grid[c] for c in anti))))
    truth = sorted(g for g in GRIDS if not check_solution(puzzle, g))
    result = witness.solve(puzzle, limit=len(truth) + 1)
    assert result.exhausted and sorted(result.solutions) == truth


@pytest.mark.parametrize("seed", range(6))
def test_little_killer_along_a_diagonal_rule_keeps_exactly_the_solutions_on_4x4(seed):
    # A little killer lying wholly on a diagonal that must hold distinct values: its second
    # sum is one group of distinct values. Sums near 10 (the only total four distinct
    # values reach), plus a short killer: the witness matches plain enumeration.
    from sudoku_cp.variants.model import Diagonal
    rng = random.Random(seed)
    main = (0, 5, 10, 15)
    total = 10 + rng.choice([0, 0, 1, -1])
    grid = rng.choice(GRIDS)
    puzzle = VariantPuzzle(4, constraints=(
        Diagonal(-1), LittleKiller(main, total), LittleKiller((3, 6), grid[3] + grid[6])))
    _, props = build(puzzle)
    assert any(set(p.cells) == set(main) and len(getattr(p, "groups", ())) == 1 for p in props)
    truth = sorted(g for g in GRIDS if not check_solution(puzzle, g))
    result = witness.solve(puzzle, limit=len(truth) + 1)
    assert result.exhausted and sorted(result.solutions) == truth



def _walk(rng, n, length):
    """A random path of distinct orthogonally adjacent cells on an n x n grid."""
    path = [rng.randrange(n * n)]
    while len(path) < length:
        r, c = divmod(path[-1], n)
        steps = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                 if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc not in path]
        if not steps:
            break
        path.append(rng.choice(steps))
    return path


@pytest.mark.parametrize("seed", range(20))
def test_cliques_split_a_long_line_into_groups_of_one_house_at_least_as_tight(seed):
    # A random path of 5 to 40 cells on a 9x9: the groups split the positions, each
    # group's cells share a house pairwise, and their bound on a sum of distinct values
    # (a group of k at least 1 + ... + k) is no looser than the split by boxes alone.
    rng = random.Random(seed)
    ctx = Context(VariantPuzzle(9))
    cells = _walk(rng, 9, rng.randint(5, 40))
    groups = ctx.cliques(range(len(cells)), cells)
    assert sorted(i for g in groups for i in g) == list(range(len(cells)))
    assert all(ctx.is_house([cells[i] for i in g]) for g in groups)
    boxes = {}
    for i, cell in enumerate(cells):
        boxes.setdefault(ctx.box_of[cell], []).append(i)

    def bound(gs):
        return sum(len(g) * (len(g) + 1) // 2 for g in gs)
    assert bound(groups) >= bound(boxes.values()), (cells, groups)



@pytest.mark.parametrize("seed", range(10))
def test_long_arrows_keep_exactly_the_solutions_on_4x4(seed):
    # Two-cell bulbs over shafts of 4 to 11 cells along random paths, drawn until the
    # arrow holds on a random grid: the witness (shafts split by houses) finds exactly
    # the grids plain enumeration filtered by the checker finds.
    from sudoku_cp.variants.model import Arrow
    rng = random.Random(seed)
    grid = rng.choice(GRIDS)
    arrows = []
    while len(arrows) < 2:
        path = _walk(rng, 4, rng.randint(6, 13))
        bulb, shaft = path[:2], path[2:]
        if len(shaft) >= 4 and 10 * grid[bulb[0]] + grid[bulb[1]] == sum(grid[x] for x in shaft):
            arrows.append(Arrow(tuple(bulb), tuple(shaft)))
    puzzle = VariantPuzzle(4, constraints=tuple(arrows))
    truth = sorted(g for g in GRIDS if not check_solution(puzzle, g))
    assert tuple(grid) in truth
    result = witness.solve(puzzle, limit=len(truth) + 1)
    assert result.exhausted and sorted(result.solutions) == truth
