"""The rule of 45 on any set of whole houses (``variants.logic.innies``): every sum piece
it derives holds in every solution.

On 4x4 the judge is exhaustive (all 288 grids, or all 576 Latin squares for a jigsaw,
filtered by the independent checker); on 6x6 and 9x9 each piece is judged on the grid
the cages were cut from (a solution by construction), with groups of boxes included.
"""

from __future__ import annotations

import random

import pytest

from sudoku_cp.generate import full_grid
from sudoku_cp.variants import model as m
from sudoku_cp.variants.logic import solve_path
from sudoku_cp.variants.logic.innies import innies_outies
from sudoku_cp.variants.logic.state import Geometry
from sudoku_cp.variants.rules import is_solution

from test_variant_logic import GRIDS4, _latin4


def _cages(grid, n, rng, count):
    """Up to ``count`` disjoint cages of 2-4 orthogonally joined cells, totals from ``grid``."""
    free, cages = set(range(n * n)), []
    for _ in range(count):
        if not free:
            break
        cells = [rng.choice(sorted(free))]
        for _ in range(rng.randint(1, 3)):
            x = rng.choice(cells)
            r, c = divmod(x, n)
            near = [x + n if r + 1 < n else -1, x - n if r else -1,
                    x + 1 if c + 1 < n else -1, x - 1 if c else -1]
            nxt = [y for y in near if y in free and y not in cells
                   and grid[y] not in [grid[z] for z in cells]]
            if nxt:
                cells.append(rng.choice(nxt))
        if len(cells) > 1:
            free -= set(cells)
            cages.append(m.KillerCage(tuple(cells), sum(grid[x] for x in cells)))
    return tuple(cages)


def _holds(piece, grid) -> bool:
    (coef, const), = piece.linears
    return sum(k * grid[piece.cells[i]] for i, k in coef.items()) == const


def _check_all(puzzle, grids):
    sols = [s for s in grids if is_solution(puzzle, s)]
    assert sols
    pieces = innies_outies(Geometry(puzzle))
    for piece in pieces:
        for s in sols:
            assert _holds(piece, s), (piece.label, s)
    return pieces


@pytest.mark.parametrize("seed", range(12))
def test_every_piece_holds_in_every_solution_on_4x4(seed):
    rng = random.Random(seed)
    grid = rng.choice(GRIDS4)
    puzzle = m.VariantPuzzle(4, constraints=_cages(grid, 4, rng, 5))
    _check_all(puzzle, GRIDS4)


def test_mixed_innies_and_outies_and_box_groups_are_derived():
    """Row 2 meets the cage on R2C2-R3C2 only: R2C1+R2C3+R2C4 less R3C2 make 10 - 5."""
    cages = (m.KillerCage((0, 1, 4), 7), m.KillerCage((2, 3, 6), 9), m.KillerCage((5, 9), 5))
    pieces = _check_all(m.VariantPuzzle(4, constraints=cages), GRIDS4)
    by_label = {p.label: p for p in pieces}
    mixed = by_label["innies and outies of row 3"]
    assert mixed.meta["innies"] == (8, 10, 11) and mixed.meta["outies"] == (5,)
    assert mixed.meta["total"] == 5


def test_jigsaw_region_groups_hold_in_every_solution():
    regions = ((0, 1, 4, 8), (2, 3, 7, 11), (5, 6, 9, 10), (12, 13, 14, 15))
    latin = _latin4()
    used = 0
    for seed in range(8):
        rng = random.Random(seed)
        base = m.VariantPuzzle(4, regions=regions)
        grid = rng.choice([s for s in latin if is_solution(base, s)])
        puzzle = m.VariantPuzzle(4, regions=regions, constraints=_cages(grid, 4, rng, 4))
        pieces = _check_all(puzzle, latin)
        assert all(len(p.cells) <= 5 for p in pieces)
        used += sum("regions" in p.label for p in pieces)
    assert used  # (groups of regions were derived and judged)


@pytest.mark.parametrize("n,seed", [(6, 0), (6, 1), (9, 0), (9, 1), (9, 2)])
def test_pieces_hold_on_the_grid_the_cages_came_from(n, seed):
    rng = random.Random(seed)
    box = (2, 3) if n == 6 else (3, 3)
    grid = list(full_grid(box, rng))
    puzzle = m.VariantPuzzle(n, box=box, constraints=_cages(grid, n, rng, n * n // 3))
    assert is_solution(puzzle, grid)
    pieces = innies_outies(Geometry(puzzle))
    assert any("boxes" in p.label for p in pieces)
    for piece in pieces:
        assert _holds(piece, grid), piece.label
    path = solve_path(puzzle, trials=False, classic=False, time_limit=20)
    for step in path.steps:
        assert all(grid[c] != v for c, v in step.eliminations), step.text


def test_sandwich_ends_keep_the_smallest_and_largest_out_of_other_cells():
    """Every case of a sandwich puts 1 and 4 at its ends, so the cells outside its span
    lose both; each first step judged on all the 4x4's solutions."""
    from sudoku_cp.variants.logic.engine import start
    from sudoku_cp.variants.logic.families import PieceFinder
    from sudoku_cp.variants.logic.pieces import build_pieces

    checked = 0
    for total in range(0, 6):
        for line in ((0, 1, 2, 3), (0, 4, 8, 12), (12, 13, 14, 15)):
            for given in ((5, 1), (6, 4), (10, 2), ()):
                p = m.VariantPuzzle(4, givens=(given,) if given else (),
                                    constraints=(m.Sandwich(line, total),))
                sols = [s for s in GRIDS4 if is_solution(p, s)]
                state = start(p)
                pieces, _ = build_pieces(p)
                step = PieceFinder("outside clue", pieces)(state)
                if step is None or not sols:
                    continue
                checked += 1
                assert not any(s[c] == v for s in sols for c, v in step.eliminations), step.text
    assert checked > 10
    # sandwich 0 on row 1 with R1C4 one of 1 and 4: the other end is R1C3 (nothing
    # between), so R1C1 and R1C2 hold neither 1 nor 4 (a case's free cells lose them)
    from sudoku_cp.variants.logic.search import supports

    piece = build_pieces(m.VariantPuzzle(4, constraints=(m.Sandwich((0, 1, 2, 3), 0),)))[0][0]
    support = supports(piece, [15, 15, 15, 9], lambda a, b: True, lo=1)[0]
    assert support == [6, 6, 9, 9]
    sols = [s for s in GRIDS4 if s[3] in (1, 4) and is_solution(
        m.VariantPuzzle(4, constraints=(m.Sandwich((0, 1, 2, 3), 0),)), s)]
    assert all(s[0] in (2, 3) and s[1] in (2, 3) and s[2] in (1, 4) for s in sols)


@pytest.mark.parametrize("line,loop", [((0, 1, 5, 4), False), ((0, 1, 2, 3, 7, 6, 5, 4), False),
                                       ((0, 1, 5, 4), True), ((0, 4, 8, 12, 13, 9, 5, 1), True)])
def test_sum_line_steps_hold_in_every_solution(line, loop):
    """Sum lines, walked whole (4 cells) or in windows (8 cells), as a line or a loop: the
    line pieces' first step for each total and one given, judged on all 4x4 solutions."""
    from sudoku_cp.variants.logic.engine import start
    from sudoku_cp.variants.logic.families import PieceFinder
    from sudoku_cp.variants.logic.pieces import build_pieces

    found = 0
    for total in (3, 4, 5, 6, 7, 10):
        for given in ((), ((line[1], 1),), ((line[0], 3),), ((15, 2),)):
            p = m.VariantPuzzle(4, givens=given, constraints=(m.SumLine(line, total, loop),))
            sols = [s for s in GRIDS4 if is_solution(p, s)]
            if not sols:
                continue
            state = start(p)
            pieces, missing = build_pieces(p)
            assert not missing
            step = PieceFinder("line", pieces)(state)
            if step is not None:
                found += 1
                assert not any(s[c] == v for s in sols for c, v in step.eliminations), step.text
            path = solve_path(p, trials=False, classic=False)
            for st in path.steps:
                assert not any(s[c] == v for s in sols for c, v in st.eliminations), st.text
    assert found


def _sum_line_from(grid, n, rng):
    """A path of orthogonal neighbours whose values split into runs of one total (the
    total from the path's first cells), or None."""
    start = rng.randrange(n * n)
    total = rng.randint(grid[start] + 1, 17)
    path, run = [start], grid[start]
    while len(path) < 9:
        r, c = divmod(path[-1], n)
        near = [y for y in (path[-1] + n if r + 1 < n else -1, path[-1] - n if r else -1,
                            path[-1] + 1 if c + 1 < n else -1, path[-1] - 1 if c else -1)
                if y >= 0 and y not in path and run + grid[y] <= total]
        if not near:
            break
        y = rng.choice(near)
        path.append(y)
        run = (run + grid[y]) % total
    while path and run:  # (cut back to the last complete run)
        run = (run - grid[path.pop()]) % total
    return (tuple(path), total) if len(path) >= 3 else None


@pytest.mark.parametrize("seed", range(6))
def test_sandwiches_and_sum_lines_sound_on_random_9x9(seed):
    """Sandwich clues and sum lines read off a random grid, with a few givens: every step
    of the path judged against the grid."""
    rng = random.Random(seed)
    grid = list(full_grid((3, 3), rng))
    cons = []
    for k in rng.sample(range(18), 6):
        line = tuple(range(k * 9, k * 9 + 9)) if k < 9 else tuple(range(k - 9, 81, 9))
        v = [grid[x] for x in line]
        i, j = sorted((v.index(1), v.index(9)))
        cons.append(m.Sandwich(line, sum(v[i + 1:j])))
    lines = [found for found in (_sum_line_from(grid, 9, rng) for _ in range(12)) if found]
    cons += [m.SumLine(cells, total) for cells, total in lines[:5]]
    givens = tuple((x, grid[x]) for x in rng.sample(range(81), 12))
    puzzle = m.VariantPuzzle(9, box=(3, 3), givens=givens, constraints=tuple(cons))
    assert is_solution(puzzle, grid) and any(c.TYPE == "sum_line" for c in cons)
    path = solve_path(puzzle, trials=False, classic=False, time_limit=30)
    for step in path.steps:
        assert all(grid[c] != v for c, v in step.eliminations), step.text
        assert all(grid[c] == v for c, v in step.placements), step.text
    assert path.steps
