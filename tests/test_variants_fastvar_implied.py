"""What ``fast`` derives beyond the rules as stated loses no solution and admits none:

- the sums killer cages imply (``fastvar.implied``: innies, outies, mixed), on grids
  where every cell is caged;
- a long sum stated a second time, its cells grouped across the first grouping, and a
  sum inside one house kept as a cage (``program``), on grids with disjoint groups.

``fast`` must find exactly the grids the independent checker keeps (4x4, every grid with
boxes) or count as ``sat`` does (6x6 and 9x9)."""

from __future__ import annotations

import itertools
import random

import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants import sat  # noqa: E402
from sudoku_cp.variants.fastvar import engine, implied  # noqa: E402
from sudoku_cp.variants.fastvar.program import GROUPSUM, LINEAR, SMALLSUM, compile_puzzle  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402


def _counts_as_sat(p, trial):
    """``fast`` counts ``p`` to two as sat does, and finds sat's solution when unique."""
    want = sat.solve(p, limit=2, time_limit=60)
    got = engine.solve(p, limit=2, time_limit=60)
    assert want.status != "timeout" and got.status != "timeout"
    assert got.count == want.count, (trial, p.to_json())
    if want.count == 1:
        assert got.solutions == want.solutions


def _sudokus4():
    """Every 4x4 grid with 2x2 boxes, values 1..4, by plain enumeration."""
    out = []
    for rows in itertools.product(itertools.permutations(range(1, 5)), repeat=4):
        grid = tuple(v for row in rows for v in row)
        if all(len({grid[r * 4 + c] for r in range(4)}) == 4 for c in range(4)) and all(
                len({grid[(br + r) * 4 + bc + c] for r in range(2) for c in range(2)}) == 4
                for br in (0, 2) for bc in (0, 2)):
            out.append(grid)
    return out


def _cages(rng, n, grid, most, plain=False):
    """Every cell in a cage: connected cages of 1 to ``most`` cells grown from random
    cells, cells of a cage holding distinct values of ``grid``, totals read off it.
    ``plain``: ``Sum`` constraints instead, whose values may repeat."""
    free = set(range(n * n))
    cages = []
    while free:
        cell = rng.choice(sorted(free))
        cage = [cell]
        free.discard(cell)
        want = rng.randint(1, most)
        while len(cage) < want:
            steps = [y for x in cage for y in (x - n, x + n, x - 1 if x % n else -1,
                                               x + 1 if x % n < n - 1 else -1)
                     if y in free and (plain or grid[y] not in {grid[z] for z in cage})]
            if not steps:
                break
            y = rng.choice(steps)
            cage.append(y)
            free.discard(y)
        total = sum(grid[x] for x in cage)
        cages.append(m.Sum(tuple(sorted(cage)), total) if plain
                     else m.KillerCage(tuple(sorted(cage)), total=total))
    return tuple(cages)


def _shuffled(rng, n, box):
    """A random full grid of size ``n``: a pattern, its bands, stacks and values shuffled."""
    br, bc = box
    base = [[(bc * (r % br) + r // br + c) % n for c in range(n)] for r in range(n)]
    rows = [b * br + r for b in rng.sample(range(n // br), n // br) for r in rng.sample(range(br), br)]
    cols = [s * bc + c for s in rng.sample(range(n // bc), n // bc) for c in rng.sample(range(bc), bc)]
    values = rng.sample(range(1, n + 1), n)
    return tuple(values[base[r][c]] for r in rows for c in cols)


def test_full_grid_killers_on_4x4_keep_exactly_the_checkers_grids():
    rng = random.Random("implied4")
    grids = _sudokus4()
    mixed = 0
    for trial in range(40):
        cages = _cages(rng, 4, rng.choice(grids), rng.choice([2, 3, 4]))
        p = m.VariantPuzzle(4, constraints=cages)
        truth = sorted(g for g in grids if not check_solution(p, g))
        r = engine.solve(p, limit=len(truth) + 1)
        assert r.exhausted and sorted(r.solutions) == truth, (trial, p.to_json())
        mixed += _mixed_sums(p)
    assert mixed >= 10  # the test reaches the rule it is for


@pytest.mark.parametrize("n", [6, 9])
def test_full_grid_killers_count_as_sat_does(n):
    rng = random.Random(f"implied{n}")
    box = m.DEFAULT_BOXES[n]
    mixed = 0
    for trial in range(8 if n == 6 else 4):
        grid = _shuffled(rng, n, box)
        cages = _cages(rng, n, grid, rng.choice([3, 4, 5]))
        p = m.VariantPuzzle(n, box=box, constraints=cages,
                            givens=tuple((x, grid[x]) for x in rng.sample(range(n * n), n)))
        _counts_as_sat(p, trial)
        mixed += _mixed_sums(p)
    assert mixed >= 4


def test_plain_sums_on_4x4_keep_exactly_the_checkers_grids():
    """Every cell in a ``Sum`` (values may repeat) read off a random grid, now and then a
    little killer over them (the crossing sums read it): the innies, outies and mixed sums
    these imply keep exactly the grids the checker keeps."""
    rng = random.Random("plain4")
    grids = _sudokus4()
    mixed = 0
    for trial in range(40):
        grid = rng.choice(grids)
        rules = list(_cages(rng, 4, grid, rng.choice([2, 3, 4]), plain=True))
        if rng.random() < 0.5:
            diag = (1, 6, 11) if rng.random() < 0.5 else (4, 9, 14)
            rules.append(m.LittleKiller(diag, sum(grid[x] for x in diag)))
        p = m.VariantPuzzle(4, constraints=tuple(rules))
        truth = sorted(g for g in grids if not check_solution(p, g))
        r = engine.solve(p, limit=len(truth) + 1)
        assert r.exhausted and sorted(r.solutions) == truth, (trial, p.to_json())
        mixed += _mixed_sums(p)
    assert mixed >= 10


#: A 7x7 grid over values 1..9 (rows of seven cells hold no total: no full houses), its
#: nine overlapping regions of nine cells the full houses, and one grid keeping them
#: (ISS's "7x7: Killer Squishdoku", its answer).
SQUISH_REGIONS = (
    (2, 3, 4, 9, 10, 11, 16, 17, 18), (18, 19, 20, 25, 26, 27, 32, 33, 34),
    (16, 17, 18, 23, 24, 25, 30, 31, 32), (14, 15, 16, 21, 22, 23, 28, 29, 30),
    (30, 31, 32, 37, 38, 39, 44, 45, 46), (0, 1, 2, 7, 8, 9, 14, 15, 16),
    (4, 5, 6, 11, 12, 13, 18, 19, 20), (28, 29, 30, 35, 36, 37, 42, 43, 44),
    (32, 33, 34, 39, 40, 41, 46, 47, 48))
SQUISH_GRID = tuple(int(v) for v in "9372514214986785613293428751179548642361755687293")


def test_sums_over_regions_beyond_the_rows_count_as_sat_does():
    """7x7 over values 1..9: the regions are the full houses, the rows and columns are
    not. Sums (values may repeat) cut the whole grid, read off a grid keeping the rules,
    a few givens: ``fast`` counts to two as ``sat`` does, and states mixed sums."""
    rng = random.Random("squish")
    regions = tuple(m.ExtraRegion(cells) for cells in SQUISH_REGIONS)
    base = m.VariantPuzzle(7, box=None, values=(1, 9), constraints=regions)
    assert not check_solution(base, SQUISH_GRID)
    mixed = 0
    for trial in range(6):
        sums = _cages(rng, 7, SQUISH_GRID, rng.choice([3, 4, 5]), plain=True)
        givens = tuple((x, SQUISH_GRID[x]) for x in rng.sample(range(49), 4))
        p = m.VariantPuzzle(7, box=None, values=(1, 9), constraints=regions + sums, givens=givens)
        _counts_as_sat(p, trial)
        mixed += _mixed_sums(p)
    assert mixed >= 3


def _mixed_sums(p) -> int:
    """How many sums with terms of both signs ``fast`` states for ``p`` (all implied: a
    killer has none of its own)."""
    prog = compile_puzzle(p)
    count = 0
    for kind, cells, data in prog.props:
        if kind in (LINEAR, SMALLSUM):
            coefs = data[3:2 + 2 * data[0]:2]
        elif kind == GROUPSUM:
            ngroups = data[2]
            coefs = data[4:4 + 2 * ngroups:2]
        else:
            continue
        count += any(c > 0 for c in coefs) and any(c < 0 for c in coefs)
    return count


def test_mixed_sums_are_bounded_in_size():
    """No mixed sum over more than ``implied.MIXED_CELLS`` cells."""
    rng = random.Random("size")
    grid = _shuffled(rng, 9, (3, 3))
    p = m.VariantPuzzle(9, constraints=_cages(rng, 9, grid, 5))
    prog = compile_puzzle(p)
    assert _mixed_sums(p)
    for kind, cells, _ in prog.props:
        if kind in (LINEAR, SMALLSUM, GROUPSUM):
            assert len(cells) <= max(implied.MIXED_CELLS, implied.IMPLIED_CELLS)


def _second_groupings(p) -> int:
    """How many sums ``fast`` states twice, grouped two ways (``program._grouped``)."""
    prog = compile_puzzle(p)
    seen: dict[frozenset, int] = {}
    for kind, cells, _ in prog.props:
        if kind == GROUPSUM:
            seen[frozenset(cells)] = seen.get(frozenset(cells), 0) + 1
    return sum(k - 1 for k in seen.values())


def test_an_implied_sum_is_stated_once_a_stated_sum_twice():
    """A killer's implied sums (innies, outies, mixed) are each stated once, grouped one
    way (a second grouping of them cost more than it saved: docs/variants_speed.md,
    twenty-second round); a long sum the puzzle states keeps its second grouping (the
    disjoint groups' tests below count it)."""
    rng = random.Random("implied once")
    implied_sums = 0
    for trial in range(6):
        grid = _shuffled(rng, 9, (3, 3))
        p = m.VariantPuzzle(9, constraints=_cages(rng, 9, grid, rng.choice([3, 4, 5])))
        prog = compile_puzzle(p)
        implied_sums += sum(1 for kind in prog.kinds if kind == GROUPSUM)
        assert _second_groupings(p) == 0, trial
    assert implied_sums >= 20  # (a killer has no GROUPSUM of its own: all are implied)
    diagonal = tuple(i * 10 for i in range(9))
    grid = _shuffled(rng, 9, (3, 3))
    stated = m.VariantPuzzle(9, constraints=(
        m.DisjointGroups(), m.LittleKiller(diagonal, sum(grid[x] for x in diagonal))))
    assert _second_groupings(stated) == 1


def test_long_sums_over_disjoint_groups_on_4x4_keep_exactly_the_checkers_grids():
    """Sums of four to seven cells, weights ±1, read off a random grid with disjoint
    groups (each sum's cells grouped by box, then again across those groups): ``fast``
    finds exactly the grids the checker keeps."""
    rng = random.Random("second4")
    grids = _sudokus4()
    disjoint = m.VariantPuzzle(4, constraints=(m.DisjointGroups(),))
    kept = [g for g in grids if not check_solution(disjoint, g)]
    twice = 0
    for trial in range(30):
        grid = rng.choice(kept)
        rules = [m.DisjointGroups()]
        for _ in range(rng.randint(1, 2)):
            cells = tuple(rng.sample(range(16), rng.randint(4, 7)))
            weights = tuple(rng.choice([1, 1, -1]) for _ in cells)
            rules.append(m.Sum(cells, sum(w * grid[x] for w, x in zip(weights, cells)), weights))
        if rng.random() < 0.5:
            diag = (0, 5, 10, 15) if rng.random() < 0.5 else (3, 6, 9, 12)
            rules.append(m.LittleKiller(diag, sum(grid[x] for x in diag)))
        p = m.VariantPuzzle(4, constraints=tuple(rules))
        truth = sorted(g for g in grids if not check_solution(p, g))
        assert grid in truth
        r = engine.solve(p, limit=len(truth) + 1)
        assert r.exhausted and sorted(r.solutions) == truth, (trial, p.to_json())
        twice += _second_groupings(p)
    assert twice >= 5


def test_little_killers_over_disjoint_groups_count_as_sat_does():
    """9x9 with disjoint groups, little killers along random diagonals read off a random
    grid, a few givens: ``fast`` counts to two as ``sat`` does."""
    rng = random.Random("second9")
    twice = 0
    for trial in range(5):
        grid = _shuffled(rng, 9, (3, 3))
        p0 = m.VariantPuzzle(9, constraints=(m.DisjointGroups(),))
        if check_solution(p0, grid):  # (a shuffled grid rarely keeps disjoint groups)
            found = sat.solve(m.VariantPuzzle(9, constraints=(m.DisjointGroups(),), givens=(
                (rng.randrange(81), rng.randint(1, 9)),)), limit=1, time_limit=30).solutions
            grid = found[0]
        rules = [m.DisjointGroups()]
        for _ in range(4):
            r = rng.randrange(5)
            down = tuple((r + i) * 9 + i for i in range(9 - r))
            up = tuple((r + i) * 9 + 8 - i for i in range(9 - r))
            for cells in (down, up):
                rules.append(m.LittleKiller(cells, sum(grid[x] for x in cells)))
        givens = tuple((x, grid[x]) for x in rng.sample(range(81), 12))
        p = m.VariantPuzzle(9, givens=givens, constraints=tuple(rules))
        assert not check_solution(p, grid)
        _counts_as_sat(p, trial)
        twice += _second_groupings(p)
    assert twice >= 5


def _crossing_props(p, monkeypatch) -> int:
    """How many propagators ``implied._crossing`` adds to ``p``'s program."""
    with_it = len(compile_puzzle(p).props)
    with monkeypatch.context() as mp:
        mp.setattr(implied, "_crossing", lambda *args: None)
        without = len(compile_puzzle(p).props)
    return with_it - without


def _diagonal_little_killers(n, grid, rng, every=False):
    """Little killers along random diagonals one or two off the main diagonal and the
    anti-diagonal (at most one per line), totals read off ``grid``; ``every``: all four
    beside the main diagonal (they and it cover its boxes)."""
    out = []
    for off in [-2, -1, 1, 2] if every else rng.sample([-2, -1, 1, 2], rng.randint(1, 4)):
        down = tuple(r * n + r + off for r in range(n) if 0 <= r + off < n)
        up = tuple(r * n + n - 1 - r + off for r in range(n) if 0 <= n - 1 - r + off < n)
        for cells in (down, up):
            if rng.random() < 0.7 or every and cells is down:
                out.append(m.LittleKiller(cells, sum(grid[x] for x in cells)))
    return out


def test_sums_crossing_the_diagonals_on_4x4_keep_exactly_the_checkers_grids(monkeypatch):
    """Both diagonals houses, little killers beside them and a few cages read off a
    random grid: the sums ``_crossing`` derives (a box covered by little killers and a
    diagonal) keep exactly the grids the checker keeps."""
    rng = random.Random("crossing4")
    diagonals = (m.Diagonal(1), m.Diagonal(-1))
    grids = [g for g in _sudokus4() if not check_solution(m.VariantPuzzle(4, constraints=diagonals), g)]
    reached = 0
    for trial in range(40):
        grid = rng.choice(grids)
        rules = list(diagonals) + _diagonal_little_killers(4, grid, rng)
        cages = _cages(rng, 4, grid, 2)
        rules += rng.sample(cages, min(len(cages), rng.randint(0, 2)))
        p = m.VariantPuzzle(4, constraints=tuple(rules))
        truth = sorted(g for g in grids if not check_solution(p, g))
        r = engine.solve(p, limit=len(truth) + 1)
        assert r.exhausted and sorted(r.solutions) == truth, (trial, p.to_json())
        reached += _crossing_props(p, monkeypatch) > 0
    assert reached >= 8


#: ISS's "Hailstone - little killer" (both diagonals, little killers beside them, four
#: cages) and its answer: the cells beside the main diagonal outside its boxes sum to 81,
#: those beside the anti-diagonal to 83, sums that narrow.
HAILSTONE = (".Cage~14~R5C3~R5C4~R6C4.Cage~19~R6C6~R6C5~R7C5.Cage~14~R4C4~R4C5~R3C5"
             ".Cage~14~R4C6~R5C6~R5C7.Diagonal~1.Diagonal~-1.LittleKiller~47~R3C1"
             ".LittleKiller~49~R2C1.LittleKiller~30~R8C9.LittleKiller~45~R7C9"
             ".LittleKiller~43~R1C7.LittleKiller~44~R1C8.LittleKiller~34~R9C2.LittleKiller~52~R9C3")
HAILSTONE_GRID = tuple(int(v) for v in
                       "815432976763918245942567318278351694154896732396274581437685129681729453529143867")


def test_sums_crossing_the_diagonals_count_as_sat_does(monkeypatch):
    """Hailstone's rules with a few of its answer's values given (the whole puzzle takes
    ``sat`` too long for a test), and the same kind of rules read off random grids
    keeping both diagonals: ``fast`` counts to two as ``sat`` does."""
    from sudoku_cp.variants.iss import parse_iss

    hail = parse_iss(HAILSTONE)
    assert not check_solution(hail, HAILSTONE_GRID)
    assert _crossing_props(hail, monkeypatch) >= 2  # the sums 81 and 83
    rng = random.Random("crossing9")
    diagonals = (m.Diagonal(1), m.Diagonal(-1))
    puzzles = []
    for trial in range(3):
        givens = tuple((x, HAILSTONE_GRID[x]) for x in rng.sample(range(81), 12))
        puzzles.append(m.VariantPuzzle(9, givens=givens, constraints=hail.constraints))
    for trial in range(3):
        seed = ((rng.randrange(81), rng.randint(1, 9)),)
        grid = sat.solve(m.VariantPuzzle(9, constraints=diagonals, givens=seed),
                         limit=1, time_limit=30).solutions[0]
        rules = diagonals + tuple(_diagonal_little_killers(9, grid, rng, every=True))
        givens = tuple((x, grid[x]) for x in rng.sample(range(81), 14))
        puzzles.append(m.VariantPuzzle(9, givens=givens, constraints=rules))
    for trial, p in enumerate(puzzles):
        _counts_as_sat(p, trial)
