"""What a full-rank clue implies, for the CNF and CP-SAT encoders (issue 38): both add it
to the rule's definition, and neither the witness nor ``fast`` reads it from here.

The ranked lines are every row and column read either way, so a line's first cell lies on
one of the four edges (the first or last column or row): the rows read rightwards start
on the first column, leftwards on the last, the columns read down start on the first
row, up on the last. When each edge is a house over exactly ``size`` values, every value
starts exactly four lines, one per edge. Lines are compared from their first cell, so a
line that starts on a smaller value reads smaller, and rank ``r`` (``r - 1`` lines read
smaller) means: the line starts on the ``ceil(r / 4)``-th value, and of the three other
lines starting on that value exactly ``(r - 1) % 4`` read smaller. This holds in every
tie mode (a tie reads no smaller). ``implied`` says so only where that premise holds.
"""

from __future__ import annotations

from typing import NamedTuple


class Implied(NamedTuple):
    """The first value of a clued line, how many of the lines starting on the same value
    read smaller (0..3), and the lines that may be those (the other three edges')."""

    first: int
    below: int
    others: tuple


def edges(n: int) -> tuple:
    """The lines starting on each edge: rows rightwards, rows leftwards, columns down,
    columns up (each a tuple of cell tuples, read from their first cell)."""
    rows = tuple(tuple(range(r * n, r * n + n)) for r in range(n))
    cols = tuple(tuple(range(k, n * n, n)) for k in range(n))
    return (rows, tuple(x[::-1] for x in rows), cols, tuple(x[::-1] for x in cols))


def premise(puzzle) -> bool:
    """Each of the four edges is a house of ``size`` cells over exactly ``size`` values,
    so each value sits once on each edge."""
    n = puzzle.size
    lo, hi = puzzle.values
    if puzzle.raw or puzzle.cols != n or hi - lo + 1 != n:
        return False
    houses = {tuple(sorted(h)) for h in puzzle.houses()}
    sides = (tuple(range(n)), tuple(range(n * n - n, n * n)),
             tuple(range(0, n * n, n)), tuple(range(n - 1, n * n, n)))
    return all(s in houses for s in sides)


def implied(puzzle, c) -> Implied | None:
    """What clue ``c`` (a ``full_rank``) implies, or None where the premise fails (the
    grid, its values, its houses) or the rank is past the lines (the definition alone
    then says there is no solution)."""
    n = puzzle.size
    if not premise(puzzle) or not 1 <= c.rank <= 4 * n:
        return None
    line = tuple(c.cells)
    mine = [k for k, edge in enumerate(edges(n)) if line in edge]
    if len(mine) != 1:
        return None
    others = tuple(x for k, edge in enumerate(edges(n)) if k != mine[0] for x in edge)
    return Implied(puzzle.values[0] + (c.rank - 1) // 4, (c.rank - 1) % 4, others)
