"""Locked candidates in the ``fast`` kernel (``fast.kernels.locked`` and ``settle``).

The kernel's fixed point of singles plus locked candidates (pointing and claiming
between a box and a row or a column, and triads: the cells a box shares with a line
holding exactly as many values as there are cells) is compared with a plain Python
reference written here from the rule's definition, contradiction for contradiction. Every rule is an
elimination, so the fixed point is the same in whatever order the rules are applied.
"""

from __future__ import annotations

import pytest

from sudoku_cp.board import Board, Geometry

pytest.importorskip("numba", reason="the fast backend needs numba (the 'fast' extra)")

from sudoku_cp import search  # noqa: E402
from sudoku_cp.backends.fast import backend as fast  # noqa: E402

from test_fast_kernel import DATA, boards, kernel_start  # noqa: E402  (the same boards)


def box_lines(g: Geometry):
    """(box, line) cell sets for every box and every row or column that crosses it."""
    n, br, bc = g.n, g.box_rows, g.box_cols
    rows = [frozenset(r * n + c for c in range(n)) for r in range(n)]
    cols = [frozenset(r * n + c for r in range(n)) for c in range(n)]
    boxes = [frozenset((i * br + a) * n + j * bc + b for a in range(br) for b in range(bc))
             for i in range(bc) for j in range(br)]
    return [(b, line) for b in boxes for line in rows + cols if len(b & line) >= 2]


def python_locked_fixed_point(board: Board):
    """Singles (``search.propagate``) and locked candidates to a fixed point, in Python:
    the masks, or None on a contradiction."""
    t = search.tables(board.geometry)
    masks = search.initial_masks(board, t)
    if masks is None:
        return None
    todo = [c for c, v in enumerate(board.givens) if v]
    pairs = box_lines(board.geometry)
    while True:
        if not search.propagate(masks, todo, t.all_houses, t):
            return None
        changed = False
        for box, line in pairs:
            shared = box & line
            held = 0
            for c in shared:
                held |= masks[c]
            if bin(held).count("1") < len(shared):
                return None  # too few values for the shared cells
            if bin(held).count("1") > len(shared):
                held = 0  # a triad only when the shared cells have exactly as many values
            for a, b in ((box, line), (line, box)):
                inside = outside = 0
                for c in shared:
                    inside |= masks[c]
                for c in a - shared:
                    outside |= masks[c]
                locked = (inside & ~outside) | held  # in house a, only in shared (or a triad)
                for c in b - shared:
                    if masks[c] & locked:
                        masks[c] &= ~locked
                        changed = True
                        if masks[c] == 0:
                            return None
                        if masks[c] & (masks[c] - 1) == 0:
                            todo.append(c)
        if not changed:
            return masks


def kernel_locked_fixed_point(board: Board):
    """The kernel's ``settle`` from the givens with unlimited passes: masks, or None."""
    import numpy as np

    k, t, m, todo, ntodo, dirty, chg, flat = kernel_start(board)
    lk = (t.segments, t.n, t.box[0], t.box[1], 1 << 62, 1 << 62)
    seg = np.zeros(2 * t.ncells, dtype=np.int64)
    if not k.settle(m, todo, ntodo, dirty, chg, flat, t.npeers, t.n, t.full, lk, seg, 1 << 62):
        return None
    return [int(x) & ((1 << t.n) - 1) for x in m]


def test_the_kernel_reaches_the_python_locked_fixed_point():
    cases = boards()
    verdicts = []
    stronger = 0
    for board in cases:
        want = python_locked_fixed_point(board)
        got = kernel_locked_fixed_point(board)
        assert got == want, board.givens
        verdicts.append(want is None)
        t = search.tables(board.geometry)
        singles = search.initial_masks(board, t)
        if want is not None and singles is not None and search.propagate(
                singles, [c for c, v in enumerate(board.givens) if v], t.all_houses, t):
            stronger += singles != want
    assert any(verdicts) and not all(verdicts)
    assert stronger >= 5  # locked candidates changed the fixed point on several boards


def test_every_placement_of_two_values_on_a_small_board():
    """4x4 (2x2 boxes): a 1 and a 2 in every pair of cells, so that locked candidates
    (and their contradictions) turn up in every position; kernel and reference agree."""
    for a in range(16):
        for b in range(16):
            if a != b:
                values = [0] * 16
                values[a], values[b] = 1, 2
                board = Board.from_values(values, box=(2, 2))
                assert kernel_locked_fixed_point(board) == python_locked_fixed_point(board)


@pytest.mark.parametrize("box", [(2, 2), (3, 3)])
def test_the_search_counts_the_same_however_many_passes(box):
    """Counts, first solutions and exhaustion are the same with no locked candidates,
    with the default passes and with a fixed point at every node; the nodes never grow."""
    from sudoku_cp.board import geometry

    g = geometry(*box)
    if box == (2, 2):
        puzzles = [[0] * 16, [1] + [0] * 15]
        limit = 1000
    else:
        puzzles = [[0 if ch in ".0" else int(ch) for ch in b]
                   for b in [s.split()[0] for s in (DATA / "17clue_sample.txt").read_text()
                             .splitlines() if s.strip() and not s.startswith("#")][:20]]
        puzzles.append(puzzles[0][:80] + [0])  # still unique or not: counted the same
        puzzles.append([0] * 9 + puzzles[1][9:])
        limit = 2
    t = fast.tables(g)
    saved = t.tab[9:11].copy()
    try:
        seen = []
        for passes in ((0, 0), tuple(fast.LOCK_PASSES), (1 << 62, 1 << 62)):
            t.tab[9:11] = passes
            counts, first, stats = fast.check_array(puzzles, g, limit=limit)
            seen.append((counts.tolist(), first.tolist(), stats[:, 2].tolist(),
                         int(stats[:, 0].sum())))
    finally:
        t.tab[9:11] = saved
    assert seen[0][:3] == seen[1][:3] == seen[2][:3]
    assert seen[0][3] >= seen[1][3] >= seen[2][3]
    if box == (3, 3):
        assert seen[0][3] > seen[1][3]  # locked candidates spared some nodes
