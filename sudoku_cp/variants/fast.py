"""The ``fast`` paradigm: compiled search, the classic solver for houses, ``fastvar`` for the rest.

A puzzle of any other rule goes to ``sudoku_cp.variants.fastvar`` (a compiled propagating
search with one propagator per constraint family); what neither takes is declined by
name. The rest of this docstring is about the classic path, which stays the one for
puzzles that are only houses with ``size`` consecutive values (``1..size``, or ``0..size-1``
as ISS's 0-indexed puzzles have): it is the faster of the two there.

Many variants add nothing but all-different groups of cells to the classic rules: both
diagonals, disjoint groups, windoku and other extra regions, irregular regions (jigsaw),
no boxes (a Latin square), anti-king and anti-knight (pairs of cells that differ: houses
of two cells), and plain classic grids of any size. For those the project's ``fast``
backend (``sudoku_cp.backends.fast``: compiled bitmask search over houses given as data)
settles uniqueness in milliseconds, so the puzzle becomes a ``Board`` whose geometry
carries the extra houses, and that backend solves it. Any other constraint type, or
any other number of values, is declined by name (``UnsupportedConstraint``), and the
cross-check lists it as not run: this paradigm adds a fourth, independent check where it
applies, never a replacement for the other three.

Irregular regions and Latin squares are a geometry of boxes ``1 x n`` (the boxes are
then the rows again: a repeated house changes nothing) with the regions as extra houses.

>>> from sudoku_cp.variants.model import VariantPuzzle, Thermometer
>>> board_of(VariantPuzzle(4, givens=((0, 1),))).givens[:2]
(1, 0)
>>> board_of(VariantPuzzle(4, constraints=(Thermometer((0, 1)),)))
Traceback (most recent call last):
...
sudoku_cp.variants.paradigms.UnsupportedConstraint: unsupported constraint thermometer (fast: only houses (all-different groups of cells) reduce to the compiled classic solver)
"""

from __future__ import annotations

import time

from .paradigms import UnsupportedConstraint, VariantResult

NAME = "fast"
WHY = "fast: only houses (all-different groups of cells) reduce to the compiled classic solver"

#: The compiled masks hold one bit per value: at most 64 values.
MAX_SIZE = 64

_backend = None  # the FastBackend, made on first use (importing numba is start-up)


def _knight_or_king(n: int, moves):
    for r in range(n):
        for c in range(n):
            for dr, dc in moves:
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < n and 0 <= c2 < n:
                    yield (r * n + c, r2 * n + c2)


#: The constraint types ``extra_houses`` may turn into houses; a puzzle with any other goes
#: to ``fastvar`` at once (``solve`` asks before trying ``board_of``, whose refusal, an
#: exception with its message, cost about as much as the rest of the wrapper).
HOUSE_TYPES = frozenset(("extra_region", "diagonal", "disjoint_groups", "anti_knight",
                         "anti_king"))


def extra_houses(puzzle) -> list[tuple[int, ...]]:
    """The all-different groups the puzzle's constraints add; declines any other rule."""
    n = puzzle.size
    houses: list[tuple[int, ...]] = []
    for c in puzzle.constraints:
        kind = c.TYPE
        if kind == "extra_region":
            houses.append(tuple(c.cells))
        elif kind == "diagonal":
            houses.append(tuple(r * n + (r if c.slope == -1 else n - 1 - r) for r in range(n)))
        elif kind == "disjoint_groups" and puzzle.box is not None and puzzle.regions is None:
            boxes = puzzle.boxes()
            houses.extend(tuple(box[i] for box in boxes) for i in range(len(boxes[0])))
        elif kind == "anti_knight":
            houses.extend(_knight_or_king(n, ((1, 2), (2, 1), (1, -2), (2, -1))))
        elif kind == "anti_king":
            houses.extend(_knight_or_king(n, ((1, 1), (1, -1))))
        else:
            raise UnsupportedConstraint(kind, WHY)
    return houses


def board_of(puzzle):
    """The classic ``Board`` (geometry with extra houses, givens) equal to ``puzzle``, its
    values ``lo..lo+n-1`` written ``1..n``: houses only ask that values differ, so any
    ``n`` consecutive values solve as ``1..n`` do (``solve`` adds ``lo - 1`` back)."""
    from ..board import Board
    from ..geometry import Geometry

    n = puzzle.size
    if puzzle.cols != n:
        raise UnsupportedConstraint("shape", f"fast: a non-square {puzzle.shape_name} grid")
    if puzzle.extra:
        raise UnsupportedConstraint("extra cells", "fast: cells beyond the grid")
    if puzzle.raw:
        raise UnsupportedConstraint("raw grid", "fast: rows and columns that are no houses")
    lo, hi = puzzle.values
    if hi - lo != n - 1:
        raise UnsupportedConstraint("values", f"fast: values {lo}..{hi}, not {n} of them")
    if n > MAX_SIZE:
        raise UnsupportedConstraint("size", f"fast: a {n}x{n} grid is over {MAX_SIZE} values")
    key = (n, puzzle.box, puzzle.regions, puzzle.constraints)  # (all ``extra_houses`` reads)
    try:
        geometry = _GEOMETRIES.get(key)
    except TypeError:  # (a field no hash takes: made afresh)
        key, geometry = None, None
    if geometry is None:
        extra = extra_houses(puzzle)
        if puzzle.box is not None and puzzle.regions is None:
            geometry = Geometry(puzzle.box[0], puzzle.box[1], tuple(extra))
        else:  # regions or none: boxes 1 x n repeat the rows
            geometry = Geometry(1, n, tuple(puzzle.regions or ()) + tuple(extra))
        if key is not None:
            if len(_GEOMETRIES) >= MAX_GEOMETRIES:
                _GEOMETRIES.clear()
            _GEOMETRIES[key] = geometry
    givens = [0] * (n * n)
    for cell, value in puzzle.givens:
        givens[cell] = value + 1 - lo
    return Board(geometry, tuple(givens))


#: ``board_of``'s geometries, kept by the size, boxes, regions and constraints (a cache,
#: emptied when full): a ``Geometry`` checks every extra house as it is made, which cost
#: more than the search on a small puzzle (anti-knight: 324 houses of two cells, 0.5 ms).
_GEOMETRIES: dict = {}
MAX_GEOMETRIES = 64


#: From this size on, a grid whose irregular regions or extra regions cross the rows and
#: columns goes to ``fastvar``: its crossings (pointing and claiming between any two full
#: houses) and leftovers cut the search the classic solver's box-line locked candidates
#: leave (iss-examples-59, a 16x16 jigsaw: 289 nodes -> 7; 16x16 Windoku: 460,000 nodes,
#: 2.1 s -> 3,567, 0.22 s). On a 9x9 the classic solver stays faster (0.03 ms against
#: 0.25 on iss-examples-48: ``fastvar``'s build costs more than the whole search).
#: Diagonals stay classic (16x16 Sudoku X: ``fastvar`` 10x slower). docs/variants_speed.md,
#: "Twenty-third round".
CROSSING_SIZE = 16
#: ``fastvar``'s masks hold at most this many values.
CROSSING_MAX = 62


def _crossing_regions(puzzle) -> bool:
    """True when ``puzzle`` is big enough, and has regions or extra regions, for ``fastvar``
    to beat the classic solver (``CROSSING_SIZE``)."""
    n = puzzle.size
    return (CROSSING_SIZE <= n <= CROSSING_MAX
            and (puzzle.regions is not None
                 or any(c.TYPE == "extra_region" for c in puzzle.constraints)))


def _board_or_none(puzzle):
    """``board_of(puzzle)``, or None when it refuses (a rule that is no house, another
    shape or other values: ``fastvar``'s) or when ``fastvar`` is the faster there
    (``_crossing_regions``)."""
    n = puzzle.size
    if (puzzle.cols != n or puzzle.extra or puzzle.raw or _crossing_regions(puzzle)
            or puzzle.values[1] - puzzle.values[0] != n - 1
            or any(c.TYPE not in HOUSE_TYPES for c in puzzle.constraints)):
        return None  # (it would refuse: no exception built for the common cases, 10 us)
    try:
        return board_of(puzzle)
    except UnsupportedConstraint:
        return None


def not_ready() -> str | None:
    """Why a default check leaves this paradigm out: the compiled code is not on this
    machine yet, and a setter's first check should not wait a minute or two for a fourth
    opinion (``--backends ...,fast`` asks for it, and waits). The compile then starts in
    the background (``compiled_cache.in_background``), so that later checks have it."""
    from ..backends.fast.backend import warm
    from ..compiled_cache import in_background
    from .fastvar.engine import warm as warm_variants

    if warm() and warm_variants():
        return None
    log = in_background()
    how = (f"it is being compiled in the background now, about two minutes of CPU, "
           f"progress in {log}" if log else "`sudoku-cp warm-up` compiles it once, about two minutes")
    return f"not compiled on this machine yet, and a default check does not wait for it ({how})"


def solve(puzzle, *, limit: int = 2, time_limit: float | None = None, into=None) -> VariantResult:
    """Up to ``limit`` solutions of ``puzzle``: houses only by the classic solver, the
    rest by ``fastvar``; a rule neither takes is declined by name. ``into``: where the
    solutions go (``tally.Tally``; the classic solver hands them over at its end)."""
    global _backend
    start = time.perf_counter()
    board = _board_or_none(puzzle)
    if board is None:
        from .fastvar.engine import solve as solve_variant

        return solve_variant(puzzle, limit=limit, time_limit=time_limit, into=into)
    if _backend is None:
        from ..backends.fast.backend import FastBackend

        _backend = FastBackend()  # keeps its tables per geometry; one per process
    result = _backend.solve(board, limit=limit, time_limit=time_limit)
    solutions = [] if into is None else into
    shift = puzzle.values[0] - 1
    solutions += [tuple(v + shift for v in s) if shift else tuple(s) for s in result.solutions]
    if result.exhausted:
        status = "solved"
    elif len(solutions) >= limit:
        status = "limit"
    else:
        status = "timeout"
    stats = {k: v for k, v in result.stats.items() if isinstance(v, (int, float))}
    return VariantResult(NAME, solutions, result.exhausted, status, stats,
                         time.perf_counter() - start)
