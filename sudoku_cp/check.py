"""Independent checks of solutions and givens.

``is_solution`` deliberately shares no code with the solvers or with the board's
cached geometry: it rebuilds rows, columns and boxes from the box shape with its own
arithmetic, so a bug in the geometry tables cannot make a wrong answer look right.
Extra houses of a variant are taken from the board, since only the board knows them.
"""

from __future__ import annotations

from typing import Sequence

from .board import Board, cell_name


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
