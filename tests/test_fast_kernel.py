"""The compiled propagation of the ``fast`` backend reaches the same fixed point as the
Python one (``sudoku_cp.search.propagate``), contradiction for contradiction.

This is what lets the kernel change how it finds singles (branch-free elimination,
order of the house scans) without changing a search: the masks after singles decide
every choice, so the compiled fill still draws what the Python fill draws, and the
nodes and first solutions of a check stay the same.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sudoku_cp.board import Board, geometry

pytest.importorskip("numba", reason="the fast backend needs numba (the 'fast' extra)")

from sudoku_cp import search  # noqa: E402
from sudoku_cp.backends.fast import backend as fast  # noqa: E402

DATA = Path(__file__).parent / "data"


def lines(name: str) -> list[str]:
    return [s.split()[0] for s in (DATA / name).read_text().splitlines()
            if s.strip() and not s.startswith("#")]


def python_fixed_point(board: Board):
    """The Python propagation from the givens: the masks, or None on a contradiction."""
    t = search.tables(board.geometry)
    masks = search.initial_masks(board, t)
    if masks is None:
        return None
    todo = [c for c, v in enumerate(board.givens) if v]
    return masks if search.propagate(masks, todo, t.all_houses, t) else None


def kernel_start(board: Board):
    """What the kernel's propagation takes for ``board``'s givens, built by hand:
    ``(kernels, tables, masks, todo, ntodo, dirty, chg, flat)``."""
    import numpy as np

    k = fast.kernels()
    t = fast.tables(board.geometry)
    m = np.full(t.ncells, t.full, dtype=np.int64)
    todo = np.zeros(t.ncells, dtype=np.int64)
    ntodo = 0
    for c, v in enumerate(board.givens):
        if v:
            m[c] = np.int64(1) << (v - 1)
            todo[ntodo] = c
            ntodo += 1
    dirty = t.full_houses.view(np.int64).copy()  # every house of n cells
    chg = np.zeros(t.peers.shape[1], dtype=np.int64)
    flat = (t.peers.ravel(), t.peers.shape[1], t.houses.ravel(), t.houses.shape[1],
            t.house_bits.ravel().view(np.int64), t.words,
            t.full_houses.view(np.int64))  # as fast.kernels.tables gives them
    return k, t, m, todo, ntodo, dirty, chg, flat


def kernel_fixed_point(board: Board):
    """The kernel's propagation from the givens, called directly: the masks, or None."""
    k, t, m, todo, ntodo, dirty, chg, flat = kernel_start(board)
    ok = k.propagate(m, todo, ntodo, dirty, chg, flat, t.npeers, t.n, t.full)
    if not ok:
        return None
    return [int(x) & ((1 << t.n) - 1) for x in m]  # as Python's unsigned masks


def boards():
    """17-clue and hardest puzzles, puzzles with a clue removed or a clue changed (many
    of them contradictions, found in different places), 16x16 and 6x6 boards with
    random clues, and 9x9 boards with an extra house of 3 or 9 cells."""
    rng = random.Random(12)
    out = []
    for s in lines("17clue_sample.txt")[:8] + lines("forum_hardest_sample.txt"):
        givens = [0 if ch in ".0" else int(ch) for ch in s]
        out.append(Board.from_values(givens))
        filled = [i for i, v in enumerate(givens) if v]
        for _ in range(3):
            changed = list(givens)
            changed[rng.choice(filled)] = rng.randint(1, 9)
            out.append(Board.from_values(changed))
    for box, clues in (((4, 4), 90), ((4, 4), 120), ((2, 3), 9), ((3, 2), 14)):
        g = geometry(*box)
        for seed in range(4):
            grid = fast.fill(g, seed, 4 * g.ncells)
            values = [0] * g.ncells
            for c in random.Random(seed).sample(range(g.ncells), clues):
                values[c] = grid[c]
            out.append(Board.from_values(values, box=box))
    extra = [(0, 10, 20), tuple(range(0, 81, 10))]  # a short diagonal, the main diagonal
    for house in extra:
        for s in lines("17clue_sample.txt")[:3]:
            givens = [0 if ch in ".0" else int(ch) for ch in s]
            out.append(Board.from_values(givens, houses=[house]))
    # the house bitset in two words (25x25: 75 houses) and in three (6x6 with 110
    # extra houses of two cells and then 10 of six, which fall in the third word; each
    # extra house holds distinct values of a filled grid)
    g = geometry(5, 5)
    for fill_seed, counts in ((3, (250, 300, 330)), (4, (250,))):
        grid = fast.fill(g, fill_seed, 4 * g.ncells)
        for clues in counts:
            for seed in range(3):
                values = [0] * g.ncells
                for c in random.Random(clues * 10 + seed).sample(range(g.ncells), clues):
                    values[c] = grid[c]
                out.append(Board.from_values(values, box=(5, 5)))
    rng = random.Random(12)
    g = geometry(2, 3)
    grid = fast.fill(g, 5, 4 * g.ncells)
    where = {v: [c for c in range(36) if grid[c] == v] for v in range(1, 7)}
    for _ in range(6):
        pairs, full = set(), set()
        while len(pairs) < 110:
            a, b = rng.sample(range(36), 2)
            if grid[a] != grid[b]:
                pairs.add(tuple(sorted((a, b))))
        while len(full) < 10:
            full.add(tuple(sorted(rng.choice(where[v]) for v in range(1, 7))))
        for clues in range(1, 7):
            values = [0] * 36
            for c in rng.sample(range(36), clues):
                values[c] = grid[c]
            out.append(Board.from_values(values, box=(2, 3), houses=sorted(pairs) + sorted(full)))
    return out


def test_the_kernel_reaches_the_python_fixed_point_contradiction_for_contradiction():
    cases = boards()
    verdicts = []
    for board in cases:
        want = python_fixed_point(board)
        got = kernel_fixed_point(board)
        assert got == want, board.givens
        verdicts.append(want is None)
    # the sample holds both kinds, or the test would prove little
    assert any(verdicts) and not all(verdicts)


def test_a_value_pushed_out_of_every_cell_of_a_house_is_a_contradiction():
    """On 4x4, a 1 in row 0 and a 1 in column 0 (outside the top-left box) and a 2 in
    the box's last cell leave value 1 no place in that box; no cell is emptied."""
    values = [0] * 16
    values[2], values[8], values[5] = 1, 1, 2
    board = Board.from_values(values, box=(2, 2))
    assert kernel_fixed_point(board) is None
    assert python_fixed_point(board) is None
    values[5] = 0  # without the 2, cell 5 is the one place of 1 in the box
    board = Board.from_values(values, box=(2, 2))
    masks = kernel_fixed_point(board)
    assert masks == python_fixed_point(board) and masks[5] == 1


@pytest.mark.parametrize("slice_nodes", [1, 3, 7])
def test_a_search_cut_into_slices_of_a_few_nodes_finds_the_same(monkeypatch, slice_nodes):
    """A time limit runs the search in slices of ``SLICE_NODES`` nodes, resumed from the
    saved frames; a cell's last value reuses its parent's frame, so every slice must
    pick up exactly where the last one stopped: the same solutions in the same order,
    the same statistics, on the empty 4x4 board (288 solutions, over several batches of
    ``OUT_ROWS``) and on a hard 9x9 puzzle."""
    from sudoku_cp import solve

    hard = [0 if ch in ".0" else int(ch) for ch in lines("forum_hardest_sample.txt")[0]]
    cases = [(Board.empty((2, 2)), 300), (Board.from_values(hard), 2)]
    whole = [solve(b, "fast", limit=k) for b, k in cases]
    monkeypatch.setattr(fast, "SLICE_NODES", slice_nodes)
    for (board, limit), want in zip(cases, whole):
        sliced = solve(board, "fast", limit=limit, time_limit=600)
        assert sliced.solutions == want.solutions and sliced.stats == want.stats
    assert len(whole[0].solutions) == 288 and whole[1].stats["nodes"] > 3 * 7
