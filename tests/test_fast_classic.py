"""The classic 9x9 board's own kernel in ``fast`` (``fast.kernels.classic_run``): the same
solutions as an independent backend, through ``solve`` and the batch entry point, and the
general kernel still used wherever the board is not the classic one."""

from __future__ import annotations

import random

import pytest

from sudoku_cp import Board, is_solution, solve
from sudoku_cp.board import geometry
from conftest import pattern_grid

pytest.importorskip("numba", reason="the fast backend needs numba (the 'fast' extra)")

from sudoku_cp.backends.fast import backend as fast  # noqa: E402
from sudoku_cp.backends.fast import kernels  # noqa: E402


def _puzzles(count: int, keep: int, seed: int) -> list[list[int]]:
    """Grids with ``keep`` givens kept at random from a relabelled, shuffled full grid:
    with few givens most have many solutions; some get a clashing given."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        labels = list(range(1, 10))
        rng.shuffle(labels)
        grid = [labels[v - 1] for v in pattern_grid(3, 3)]
        bands = rng.sample(range(3), 3)
        rows = [3 * b + r for b in bands for r in rng.sample(range(3), 3)]
        grid = [grid[rows[i // 9] * 9 + i % 9] for i in range(81)]
        cells = set(rng.sample(range(81), keep))
        values = [grid[c] if c in cells else 0 for c in range(81)]
        if k % 5 == 4:  # a clash, or a given that only the search rules out
            values[rng.randrange(81)] = rng.randint(1, 9)
        out.append(values)
    return out


@pytest.mark.parametrize("keep", [22, 26, 30, 34])
def test_every_solution_is_the_one_backtrack_finds(keep):
    for values in _puzzles(12, keep, seed=keep):
        board = Board.from_values(values)
        ours = solve(board, "fast", limit=40)
        theirs = solve(board, "backtrack", limit=40)
        assert ours.exhausted == theirs.exhausted, values
        assert len(ours.solutions) == len(set(ours.solutions)) == len(theirs.solutions)
        assert all(is_solution(board, s) for s in ours.solutions), values
        if theirs.exhausted:  # every solution found: the same ones (else in another order)
            assert set(ours.solutions) == set(theirs.solutions), values


def test_the_batch_entry_point_counts_as_solve_does():
    puzzles = _puzzles(40, 24, seed=7)
    counts, first, stats = fast.check_array(puzzles, geometry(3, 3), limit=3)
    for values, count, sol, st in zip(puzzles, counts.tolist(), first.tolist(), stats.tolist()):
        r = solve(Board.from_values(values), "fast", limit=3)
        assert (count, bool(st[2])) == (len(r.solutions), r.exhausted), values
        if count:
            assert tuple(sol) == r.solutions[0]  # the same search: the same first solution


def test_only_the_classic_board_takes_the_classic_kernel():
    from numba import njit

    @njit
    def is_classic(address):
        flat, npeers, n, full, lk = kernels.tables(kernels._int64s_at(address))
        return kernels._is_classic(flat, npeers, n, lk)

    def classic(g) -> bool:
        return is_classic(fast.tables(g).tab_address)

    diagonal = tuple(9 * i + i for i in range(9))
    assert classic(geometry(3, 3))
    assert not classic(geometry(3, 3).with_houses([diagonal]))  # a house of nine more
    assert not classic(geometry(3, 3).with_houses([(0, 80)]))  # two cells made peers
    assert not classic(geometry(2, 2)) and not classic(geometry(4, 4))


def _transpose(p: int) -> int:
    """A 3x3 pattern (bit 3 r + k) with its rows and columns traded."""
    return sum(1 << (3 * k + r) for r in range(3) for k in range(3) if (p >> (3 * r + k)) & 1)


def test_locked_candidates_read_a_stack_as_the_transpose_of_a_band():
    """The kernel looks a stack's pattern (bands as rows, columns as boxes) up in the same
    table as a band's, transposed; that holds only if the table commutes with transposing.
    Each entry is also checked from its definition: a segment is kept exactly when some
    way of giving every row and every box one segment uses it."""
    from itertools import permutations

    ways = [sum(1 << (3 * r + s[r]) for r in range(3)) for s in permutations(range(3))]
    for p in range(512):
        kept = 0
        for e in ways:
            if p & e == e:
                kept |= e
        assert kernels._C_MATCH[p] == kept, p
        assert kernels._C_MATCH[_transpose(p)] == _transpose(int(kernels._C_MATCH[p])), p
