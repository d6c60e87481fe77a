"""Independent checks of solutions and givens.

``is_solution`` deliberately shares no code with the solvers or with the board's
cached geometry: it rebuilds rows, columns and boxes from the box shape with its own
arithmetic, so a bug in the geometry tables cannot make a wrong answer look right.
Extra houses of a variant are taken from the board, since only the board knows them.
"""

from __future__ import annotations

from typing import Sequence

from .board import Board, cell_name

#: Largest side checked with sums of powers of two in 64-bit integers (``is_solution_many``):
#: n values of at most 2**n add up to less than 2**63; larger boards are sorted instead.
MAX_BITS_N = 57


def is_solution(board: Board, solution: Sequence[int] | None) -> bool:
    """True when ``solution`` fills the board, keeps every given, and repeats no value
    in any row, column, box or extra house.

    >>> b = Board.parse("1..." "...2" "..4." ".3..")
    >>> is_solution(b, [1,2,3,4, 3,4,1,2, 2,1,4,3, 4,3,2,1])
    True
    >>> is_solution(b, [1,2,3,4, 3,4,1,2, 2,1,4,3, 4,3,1,2])
    False
    """
    if solution is None:
        return False
    br, bc = board.box
    n = br * bc
    sol = list(solution)
    if len(sol) != n * n or len(board.givens) != n * n:
        return False
    full = set(range(1, n + 1))
    # whole-list operations in C (sets, slices, map): this runs on every solution shown
    if not set(map(type, sol)) <= {int, bool} or not set(sol) <= full:
        return False
    if [s for g, s in zip(board.givens, sol) if g] != [g for g in board.givens if g]:
        return False
    for i in range(n):
        if set(sol[i * n:(i + 1) * n]) != full:  # row i
            return False
        if set(sol[i::n]) != full:  # column i
            return False
    for top in range(0, n, br):
        for left in range(0, n, bc):
            box: set[int] = set()
            for r in range(top, top + br):
                box.update(sol[r * n + left:r * n + left + bc])
            if box != full:
                return False
    for house in board.geometry.extra:
        vals = [sol[c] for c in house]
        if len(set(vals)) != len(vals):
            return False
    return True


def is_solution_many(box: tuple[int, int], givens, solutions,
                     extra: Sequence[Sequence[int]] = ()):
    """``is_solution`` for many boards of one shape at once: a numpy array of bools.

    ``givens`` and ``solutions`` are arrays of shape (P, n*n), row i the givens of a
    board and a candidate solution; ``extra`` the board's extra houses. The same
    rules as ``is_solution``, with the same independence (houses rebuilt from the box
    shape by reshaping, no geometry tables), in whole-array operations, for a batch of
    a million checks: every value in 1..n, every given kept, every row, column and box
    holds 1..n (the sum of 2**value over its cells is 2**(n+1) - 2; sorted is 1..n on
    boards too large for that sum), no value twice in an extra house. Needs numpy.

    >>> import numpy as np
    >>> g = np.array([[1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 4, 0, 0, 3, 0, 0]] * 2)
    >>> s = np.array([[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1],
    ...               [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 1, 2]])
    >>> is_solution_many((2, 2), g, s).tolist()
    [True, False]
    """
    import numpy as np

    br, bc = box
    n = br * bc
    givens, sol = np.asarray(givens), np.asarray(solutions)
    count = sol.shape[0]
    if sol.ndim != 2 or sol.shape[1] != n * n or givens.shape != sol.shape:
        return np.zeros(count, dtype=bool)
    ok = ((sol >= 1) & (sol <= n)).all(axis=1)
    ok &= ((givens == 0) | (givens == sol)).all(axis=1)
    if n <= MAX_BITS_N:
        # A house holds 1..n exactly when the sum of 2**value over its n cells is
        # 2**(n+1) - 2: n powers of two add up to a number of n one-bits only when no two
        # are equal. Sums over short axes are made by adding slices (numpy's reductions
        # and sorts along an axis of nine are several times slower).
        bits = np.left_shift(1, sol.astype(np.int64, copy=False) & 63)  # (rows out of range
        # are refused above; the mask keeps their shifts defined)
        full = (1 << (n + 1)) - 2
        grid = bits.reshape(count, n, n)  # [board, row, column]
        ok &= (_sum_over(grid, 2) == full).all(axis=1)  # rows
        ok &= (_sum_over(grid, 1) == full).all(axis=1)  # columns
        bands = grid.reshape(count, n // br, br, n // bc, bc)
        ok &= (_sum_over(_sum_over(bands, 4), 2) == full).all(axis=(1, 2))  # boxes
    else:
        grid = sol.reshape(count, n, n)
        values = np.arange(1, n + 1)
        boxes = grid.reshape(count, n // br, br, n // bc, bc).transpose(0, 1, 3, 2, 4)
        for houses in (grid, grid.transpose(0, 2, 1), boxes.reshape(count, n, n)):
            ok &= (np.sort(houses, axis=2) == values).all(axis=(1, 2))
    for house in extra:
        cells = np.sort(sol[:, list(house)], axis=1)
        ok &= (cells[:, 1:] != cells[:, :-1]).all(axis=1)
    return ok


def _sum_over(a, axis: int):
    """``a.sum(axis)``, as one addition per index of that axis."""
    import numpy as np

    parts = np.moveaxis(a, axis, 0)
    total = parts[0].copy()
    for part in parts[1:]:
        total += part
    return total


def clashes(board: Board) -> list[str]:
    """Givens that repeat a value in a house, as readable sentences (empty if none).

    A puzzle with clashing givens is valid input whose verdict is 'none'.

    >>> clashes(Board.parse("11.." "...." "...." "...."))
    ['value 1 twice in row 1 (r1c1, r1c2)', 'value 1 twice in box 1 (r1c1, r1c2)']
    """
    g = board.geometry
    found = []
    for h, house in enumerate(g.houses):
        seen: dict[int, int] = {}
        for cell in house:
            v = board.givens[cell]
            if not v:
                continue
            if v in seen:
                found.append(
                    f"value {v} twice in {g.house_name(h)} "
                    f"({cell_name(seen[v], g.n)}, {cell_name(cell, g.n)})"
                )
            else:
                seen[v] = cell
    return found
