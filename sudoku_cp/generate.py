"""The generator: puzzles with exactly one solution, any box shape, symmetric, minimal, graded.

Glossary (the words of ``sudoku_cp.board`` plus these):

- **full grid**: a solution of the empty board, the answer a puzzle is dug out of.
- **orbit**: the cells a clue-pattern *symmetry* maps onto each other; clues are
  removed a whole orbit at a time, so the pattern keeps its symmetry.
- **dig**: remove the clues of one orbit and keep the removal only if the puzzle
  still has exactly one solution (``solve(board, backend, limit=2)`` finds one
  solution and exhausts its search).
- **minimal**: no remaining clue can be removed without losing uniqueness (checked
  clue by clue, whatever the symmetry). **Orbit-minimal**: no *orbit* can be removed;
  a symmetric pattern is that after one complete dig, but seldom minimal clue by clue.
- **target**: what a caller asked of a puzzle (a clue count, minimality, a level);
  a puzzle that misses one says so in ``Puzzle.missed``.

Every random choice comes from ``random.Random(seed)``. Each puzzle has its own seed,
drawn from the master seed, and ``make_puzzle(puzzle.seed, ...)`` rebuilds it alone.
Every puzzle that leaves ``generate`` (unless ``verify=False``) has been confirmed
unique, with its grid as the solution, by ``default_verifiers`` (``fast`` and ``sat``,
two paradigms, so at least one is not the backend that dug it; the cross-checker's
defaults without numba) or by those named in ``verify``; anything else raises
``VerificationError``. Grading is
lazy: ``Puzzle.grade`` is computed when first read, or at once for a level target.

>>> p = next(generate(1, box=(2, 2), seed=7))
>>> p.board.n, p.clues == p.board.clues, p.level in LEVELS
(4, True, True)
"""

from __future__ import annotations

import random
from functools import lru_cache
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from .board import Board, Geometry, geometry
from .errors import GenerationError, UsageError, VerificationError  # noqa: F401  (raised here)
from .check import is_solution
from .logic.ratings import LEVELS, band  # light: the logic engine loads on the first grade

if TYPE_CHECKING:
    from .grade import Grade

#: Clue-pattern symmetries: each maps (row, col) on an n×n board to its image.
SYMMETRIES: dict[str, Callable[[int, int, int], tuple[int, int]] | None] = {
    "none": None,
    "rot180": lambda r, c, n: (n - 1 - r, n - 1 - c),   # half turn about the centre
    "rot90": lambda r, c, n: (c, n - 1 - r),            # quarter turn
    "mirror": lambda r, c, n: (r, n - 1 - c),           # left-right reflection
    "diagonal": lambda r, c, n: (c, r),                 # reflection in the main diagonal
}

#: Default attempts (fresh full grids) per puzzle before giving up on a target.
ATTEMPTS = 30
#: Attempts (full grids, each dug in ``DIGS_PER_GRID`` orders) for a puzzle that must be
#: minimal clue by clue with a symmetry: the search goes on until one is found (about 1
#: in 50 orbit-minimal 9x9 rot180 patterns is); this only bounds a target that cannot be
#: met (say, with a clue count no minimal puzzle has), at 40,000 digs as before.
MINIMAL_ATTEMPTS = 625
#: Removal orders tried on one full grid when a puzzle must be minimal clue by clue with a
#: symmetry. A new grid costs about one dig, and the compiled dig keeps the second
#: solutions it finds on a grid for its later orders, so later orders are cheaper:
#: 64 made about 1.3x the puzzles per CPU second of 8 (docs/generator.md, Measured).
DIGS_PER_GRID = 64


@dataclass(frozen=True)
class Puzzle:
    """A generated puzzle and what is known about it.

    The grade (``level``, ``rating``, ``techniques``, ``nodes``) is computed on first
    use and then kept: grading costs several times more than making and verifying a
    9x9 puzzle, so a caller who never reads it never pays for it. A puzzle made for a
    level or rating target was graded while it was made.
    """

    board: Board
    solution: tuple[int, ...]
    clues: int
    seed: int
    symmetry: str = "none"
    minimal: bool | None = None  # True/False when known (checked or implied), else None
    missed: tuple[str, ...] = ()  # targets not reached, in words
    verified: tuple[str, ...] = ()  # backends that confirmed it unique with this solution
    _grade: Grade | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def graded(self) -> bool:
        """True once the grade is known (reading ``grade`` computes it)."""
        return self._grade is not None

    @property
    def grade(self) -> Grade:
        """The grader's verdict, computed on first use (a time limit above 9x9: then
        ``grade.complete`` may be False and the rating a lower bound)."""
        if self._grade is None:
            _keep_grade(self, _grade_of(self.board))
        return self._grade

    @property
    def level(self) -> str:
        return self.grade.level

    @property
    def rating(self) -> float:
        return self.grade.rating

    @property
    def techniques(self) -> dict[str, int]:
        return self.grade.techniques

    @property
    def nodes(self) -> int:
        """The reference backtracker's nodes to solve and prove uniqueness (from the grade)."""
        return self.grade.nodes

    def to_dict(self, *, graded: bool = True) -> dict:
        """A JSON-ready summary (what ``sudoku-cp generate --json`` prints); with
        ``graded=False`` the grade's fields are None unless already known."""
        known = graded or self.graded
        return {
            "puzzle": self.board.to_text(),
            "solution": self.board.to_text(self.solution),
            "clues": self.clues,
            "level": self.level if known else None,
            "rating": self.rating if known else None,
            "techniques": self.techniques if known else None,
            "seed": self.seed,
            "box": f"{self.board.box[0]}x{self.board.box[1]}",
            "symmetry": self.symmetry,
            "minimal": self.minimal,
            "nodes": self.nodes if known else None,
            "missed": list(self.missed),
            "verified": list(self.verified),
        }


#: Seconds the grader may spend on a puzzle larger than 9x9 (its rating is then a lower bound).
GRADE_TIME_LIMIT = 5.0


# -- choices -----------------------------------------------------------------------------
def removal_backend(box: tuple[int, int]) -> str:
    """The backend for uniqueness checks while digging, chosen by measurement
    (``python3 benchmarks/bench_generate.py --compare``, docs/generator.md): the SAT
    backend (one reused Glucose solver per shape, givens as assumptions). It digs a 9×9
    puzzle about 1.5× faster than the backtracker and a 16×16 one over 10× faster;
    CaDiCaL was level with Glucose within the noise, so the project default stays.

    Issue 12: when numba is installed, ``fast`` digs the whole grid in one compiled
    call, several times faster again (``benchmarks/bench_fast.py``, docs/fast.md).

    >>> removal_backend((3, 3)) in ("fast", "sat")
    True
    """
    from .fill import numba_installed

    if box[0] * box[1] <= 64 and numba_installed():
        return "fast"
    return "sat"


def _check_options(box, symmetry, clues, difficulty, attempts, min_rating=None,
                   max_rating=None) -> Geometry:
    g = geometry(*box)
    if symmetry not in SYMMETRIES:
        raise UsageError(f"unknown symmetry {symmetry!r}; choose from: {', '.join(SYMMETRIES)}")
    if clues is not None and not 0 <= clues <= g.ncells:
        raise UsageError(f"a {g.n}x{g.n} board has 0..{g.ncells} clues, not {clues}")
    if difficulty is not None and difficulty not in LEVELS:
        raise UsageError(f"unknown difficulty {difficulty!r}; choose from: {', '.join(LEVELS)}")
    if min_rating is not None and max_rating is not None and min_rating > max_rating:
        raise UsageError(f"min_rating {min_rating} is above max_rating {max_rating}")
    if attempts < 1:
        raise UsageError(f"attempts must be at least 1, not {attempts}")
    return g


# -- full grids ----------------------------------------------------------------------------
def full_grid(box: tuple[int, int] = (3, 3), rng: random.Random | None = None,
              *, seed: int | None = None, compiled: bool | None = None) -> tuple[int, ...]:
    """A random solution grid of the empty board: a randomized fill driven by a 64-bit
    seed drawn from ``rng`` (``sudoku_cp.fill``), then a random relabelling of values
    and permutation of bands, stacks, rows within bands and columns within stacks (and
    a transposition when the box is square), drawn from ``rng``. ``compiled`` picks the
    fill (default: the ``fast`` kernel when numba is installed); both give the same grid.

    >>> g = full_grid((2, 3), seed=1)
    >>> is_solution(Board.empty((2, 3)), g), g == full_grid((2, 3), seed=1, compiled=False)
    (True, True)
    """
    from .fill import random_values, shuffle

    rng = rng if rng is not None else random.Random(seed)
    g = geometry(*box)
    values = random_values(g, rng.getrandbits(64), compiled=compiled)
    grid = shuffle(values, g, rng)
    if not is_solution(Board(g, (0,) * g.ncells), grid):
        raise GenerationError(f"the random fill made a {g.n}x{g.n} grid that is no solution")
    return grid


# -- symmetry --------------------------------------------------------------------------------
def orbits(g: Geometry, symmetry: str = "none") -> list[tuple[int, ...]]:
    """The cells grouped into orbits of a symmetry, in cell order.

    >>> orbits(geometry(2, 2), "rot180")[:2]
    [(0, 15), (1, 14)]
    """
    return list(_orbits(g, symmetry))


@lru_cache(maxsize=64)
def _orbits(g: Geometry, symmetry: str) -> tuple[tuple[int, ...], ...]:
    """``orbits`` computed once per geometry and symmetry (the generator asks per puzzle)."""
    image = SYMMETRIES[symmetry]
    n, seen, result = g.n, set(), []
    for cell in range(g.ncells):
        if cell in seen:
            continue
        orbit = [cell]
        if image is not None:
            r, c = divmod(cell, n)
            while True:
                r, c = image(r, c, n)
                if r * n + c == cell:
                    break
                orbit.append(r * n + c)
        seen.update(orbit)
        result.append(tuple(sorted(set(orbit))))
    return tuple(result)


def is_symmetric(board: Board, symmetry: str) -> bool:
    """True when the board's clue pattern is unchanged by the symmetry.

    >>> is_symmetric(Board.from_values([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4]), "rot180")
    True
    """
    return all(len({bool(board.givens[c]) for c in orbit}) == 1
               for orbit in orbits(board.geometry, symmetry))


# -- uniqueness ------------------------------------------------------------------------------
def is_unique(board: Board, backend: str, solution: Sequence[int] | None = None) -> bool:
    """True when ``board`` has exactly one solution; with ``solution`` known, a backend
    that returns any other single solution raises ``GenerationError``."""
    from .backends import solve

    result = solve(board, backend, limit=2)
    unique = result.exhausted and len(result.solutions) == 1
    if unique and solution is not None and result.solution != tuple(solution):
        raise GenerationError(f"{backend} says unique with another solution than the grid",
                              [board.to_text(), board.to_text(result.solution)])
    return unique


def is_minimal(board: Board, backend: str | None = None, symmetry: str = "none") -> bool:
    """True when removing the clues of any one orbit (with ``symmetry="none"``: any one
    clue) gives a puzzle with more than one solution. Checked orbit by orbit; the board
    itself is assumed to be unique."""
    backend = backend or removal_backend(board.box)
    for orbit in orbits(board.geometry, symmetry):
        if not board.givens[orbit[0]]:
            continue
        givens = list(board.givens)
        for cell in orbit:
            givens[cell] = 0
        if is_unique(board.with_givens(givens), backend):
            return False
    return True


def shuffled(count: int, rng: random.Random) -> list[int]:
    """``0 .. count - 1`` in a random order drawn from ``rng``: the order
    ``rng.shuffle(list(range(count)))`` gives (CPython's algorithm, Fisher-Yates with
    ``getrandbits``, written out: the generator draws one per dig, and the method calls
    of ``random.shuffle`` were a tenth of a symmetric minimal search; a test holds the two
    equal). Written out, it also stays the same if ``random.shuffle`` ever changes.

    >>> rng = random.Random(3); shuffled(5, rng)
    [0, 2, 3, 4, 1]
    """
    x = list(range(count))
    draw = rng.getrandbits
    for i in range(count - 1, 0, -1):
        m = i + 1
        k = m.bit_length()
        j = draw(k)
        while j >= m:
            j = draw(k)
        x[i], x[j] = x[j], x[i]
    return x


def dig(grid: Sequence[int], g: Geometry, rng: random.Random, *, symmetry: str = "none",
        clues: int | None = None, backend: str | None = None) -> tuple[tuple[int, ...], bool]:
    """Remove orbits of clues in random order while the puzzle stays unique.

    Stops at ``clues`` clues when given (an orbit that would go below is skipped).
    Returns the givens and whether every orbit was tried: then no orbit can be removed,
    because a removal that failed once fails on any subset of the clues (fewer clues,
    more solutions), so one pass leaves the pattern minimal for its symmetry.
    """
    return _dig(grid, g, rng, symmetry, clues, backend)[:2]


def _dig(grid: Sequence[int], g: Geometry, rng: random.Random, symmetry: str,
         clues: int | None, backend: str | None, minimal: bool = False
         ) -> tuple[tuple[int, ...], bool, bool | None]:
    """``dig``, and with ``minimal`` whether the result is minimal clue by clue (asked only
    when every orbit was tried, else None; see ``removable_clue``)."""
    base = _orbits(g, symmetry)
    order = [base[i] for i in shuffled(len(base), rng)]
    return _dig_in_order(grid, g, order, clues, backend or removal_backend(g.box), minimal)


def _dig_in_order(grid: Sequence[int], g: Geometry, order: list[tuple[int, ...]],
                  clues: int | None, backend: str, minimal: bool = False
                  ) -> tuple[tuple[int, ...], bool, bool | None]:
    """``dig`` with the orbits tried in ``order`` (see ``dig``), and, with ``minimal``
    and every orbit tried, whether no single clue of the result can be removed (else None)."""
    from .backends import get_backend
    from .backends.base import capability

    dig_all = capability(get_backend(backend), "dig")
    if dig_all is not None:  # the whole removal in one call of the backend (fast), same rule
        if minimal:
            return dig_all(grid, g, order, clues, minimal=True)
        return (*dig_all(grid, g, order, clues), None)
    givens = list(grid)
    count = g.ncells
    tried_all = True
    for orbit in order:
        if clues is not None and count - len(orbit) < clues:
            tried_all = False  # the target is reached, or this orbit would overshoot it
            continue
        trial = list(givens)
        for cell in orbit:
            trial[cell] = 0
        if is_unique(Board(g, tuple(trial)), backend, grid):
            givens, count = trial, count - len(orbit)
    known = None
    if minimal and tried_all:
        known = is_minimal(Board(g, tuple(givens)), backend)
    return tuple(givens), tried_all, known


@lru_cache(maxsize=16)
def _dig_orders(backend: str):
    """The backend's ``dig_orders`` capability (several removal orders in one call), or None."""
    from .backends import get_backend
    from .backends.base import capability

    return capability(get_backend(backend), "dig_orders")


def _dig_search(grid: Sequence[int], g: Geometry, rng: random.Random, symmetry: str,
                backend: str, digs: int, ask: bool
                ) -> tuple[tuple[int, ...], bool, bool | None, int]:
    """``digs`` removal orders drawn from ``rng`` as ``dig`` draws them, one after the other
    (so the same puzzles), dug in one call of the backend's ``dig_orders`` until one is
    minimal clue by clue (when ``ask``): ``(givens, tried_all, minimal, k)``, the k-th order's."""
    order = _orbits(g, symmetry)
    orders = [shuffled(len(order), rng) for _ in range(digs)]  # as ``_dig`` draws them
    return _dig_orders(backend)(grid, g, order, orders, None, minimal=ask)


def removable_clue(grid: Sequence[int], givens: Sequence[int], g: Geometry,
                   backend: str | None = None) -> bool:
    """True when some single clue of ``givens``, a unique puzzle dug out of ``grid``,
    can be removed with the puzzle staying unique: False means the puzzle is minimal.

    One call of the digging backend's dig with the question asked (for ``fast``, one
    compiled call, see ``fast.dig``): the cells already removed as one orbit first (the
    puzzle itself, unique), then the question, clue by clue. It answers what
    ``is_minimal`` does, without a Python call per clue.
    """
    removed = tuple(c for c in range(g.ncells) if not givens[c])
    order = [removed] if removed else []
    _, _, known = _dig_in_order(grid, g, order, None, backend or removal_backend(g.box), True)
    return not known


# -- puzzles ---------------------------------------------------------------------------------
def make_puzzle(seed: int, *, box: tuple[int, int] = (3, 3), symmetry: str = "none",
                clues: int | None = None, minimal: bool = False, difficulty: str | None = None,
                backend: str | None = None, orbit_minimal: bool = False,
                min_rating: float | None = None, max_rating: float | None = None) -> Puzzle:
    """The one puzzle that ``seed`` makes (unverified): a full grid, dug; graded now
    only for a level or rating target (otherwise on first use of ``puzzle.grade``).

    Targets that the puzzle misses (clue count, minimality, level) are listed in
    ``missed``; ``generate`` tries other seeds until none is missed. ``minimal`` asks
    for minimal clue by clue, ``orbit_minimal`` for no removable orbit of the symmetry
    (the same thing without a symmetry).
    """
    g = _check_options(box, symmetry, clues, difficulty, 1, min_rating, max_rating)
    rng = random.Random(seed)
    grid = full_grid(box, rng)
    search = minimal and symmetry != "none"  # rare: several removal orders per grid
    ask = symmetry != "none" and (minimal or orbit_minimal)  # clue by clue, in the dig's call
    digs = DIGS_PER_GRID if search else 1
    backend = backend or removal_backend(box)
    if clues is None and _dig_orders(backend) is not None:
        # every order in one call, which stops at the first minimal puzzle (or the last)
        attempts = [_dig_search(grid, g, rng, symmetry, backend, digs, ask)[:3]]
    else:
        attempts = (_dig(grid, g, rng, symmetry, clues, backend, ask) for _ in range(digs))
    for givens, complete, clue_minimal in attempts:
        board = Board(g, givens)
        # After a complete pass no orbit can be removed (see dig); with no symmetry the
        # orbits are single clues, so the puzzle is minimal without further checks.
        orbit_ok = complete or ((minimal or orbit_minimal)
                                and is_minimal(board, backend, symmetry))
        known_minimal: bool | None = None
        if symmetry == "none":
            known_minimal = orbit_ok if (complete or minimal or orbit_minimal) else None
        elif ask:  # clue by clue: only worth asking of an orbit-minimal one
            known_minimal = orbit_ok and (clue_minimal if complete else is_minimal(board, backend))
        if known_minimal or not search:
            break
    missed = []
    if clues is not None and board.clues != clues:
        missed.append(f"{clues} clues (got {board.clues})")
    if minimal and not known_minimal:
        missed.append("minimal")
    elif orbit_minimal and not orbit_ok:
        missed.append("minimal" if symmetry == "none" else f"minimal for {symmetry} symmetry")
    rating = None
    if difficulty is not None or min_rating is not None or max_rating is not None:
        rating = _grade_of(board)
        if difficulty is not None and rating.level != difficulty:
            missed.append(f"level {difficulty} (got {rating.level}, rating {rating.rating})")
        if min_rating is not None and rating.rating < min_rating:
            missed.append(f"rating at least {min_rating} (got {rating.rating})")
        if max_rating is not None and rating.rating > max_rating:
            missed.append(f"rating at most {max_rating} (got {rating.rating})")
    return _keep_grade(Puzzle(board, tuple(grid), board.clues, seed, symmetry, known_minimal,
                              tuple(missed)), rating)


def _grade_of(board: Board) -> Grade:
    """The grade; boards above 9x9 can need long forcing chains, so their rating found
    within ``GRADE_TIME_LIMIT`` is a lower bound (``Grade.complete`` says which)."""
    return grade(board, time_limit=GRADE_TIME_LIMIT if board.n > 9 else None)


def grade(board: Board, **options) -> Grade:
    """``sudoku_cp.grade.grade``, loaded on the first call: the logic engine behind it
    takes a tenth of a second to import, which every ``sudoku-cp --help`` paid."""
    from .grade import grade as grade_board

    return grade_board(board, **options)


def _keep_grade(puzzle: Puzzle, known: Grade | None) -> Puzzle:
    """The puzzle with a grade already computed attached (so it is not computed again)."""
    if known is not None:
        object.__setattr__(puzzle, "_grade", known)
    return puzzle


def verify(puzzle: Puzzle, backends: Sequence[str] | None = None):
    """Cross-check a puzzle with every backend; raise ``VerificationError`` unless all
    agree that it is unique with the grid as its solution. Returns the report."""
    from .crosscheck import Verdict, crosscheck

    report = crosscheck(puzzle.board, backends)
    if report.verdict is Verdict.UNIQUE and report.solution == puzzle.solution:
        return report
    evidence = [f"puzzle {puzzle.board.to_text()} (seed {puzzle.seed})",
                f"verdict {report.verdict.value}; claims {report.claims}", *report.evidence]
    if report.verdict is Verdict.UNIQUE:
        evidence.append(f"the agreed solution {puzzle.board.to_text(report.solution)} "
                        f"is not the grid {puzzle.board.to_text(puzzle.solution)}")
    raise VerificationError("the cross-checker did not confirm a generated puzzle",
                            evidence, report)


#: Who confirms each generated puzzle by default when numba is installed: ``fast`` (the
#: compiled bitmask search, one batch call per batch of puzzles) and ``sat`` (CDCL on
#: the CNF encoding, which shares no code with it). Whichever of the two dug the puzzle,
#: the other is an independent witness. Without numba (or above ``fast``'s 64x64) the
#: cross-checker's default backends confirm, one puzzle at a time, as before issue 24.
GENERATOR_CHECK = ("fast", "sat")
#: The most puzzles verified together; batches grow 1, 2, 4, ... up to this, so the
#: first puzzles are not kept waiting.
VERIFY_BATCH = 64


def default_verifiers(g: Geometry) -> tuple[str, ...] | None:
    """The backends that confirm a generated puzzle of geometry ``g`` when the caller
    names none: ``GENERATOR_CHECK`` when ``fast`` can run, else None (the cross-checker's
    defaults).

    >>> default_verifiers(geometry(3, 3)) in (GENERATOR_CHECK, None)
    True
    """
    from .fill import can_compile

    return GENERATOR_CHECK if can_compile(g) else None


def verify_many(puzzles: Sequence[Puzzle], backends: Sequence[str] | None = None
                ) -> list[tuple[str, ...]]:
    """Confirm that every puzzle is unique with its grid as the solution; returns, per
    puzzle, the backends that confirmed it (what ``Puzzle.verified`` holds).

    ``backends`` default to ``default_verifiers``. Each backend asks for two solutions of
    each puzzle: in one call for the batch when it has the ``check_array`` capability,
    else puzzle by puzzle; a backend with the ``confirm_many`` capability (``sat``)
    instead proves that the puzzle has no solution other than its grid, in one call. A
    puzzle passes a backend when the search was exhausted with exactly one solution, the
    grid (or, for ``confirm_many``, no solution but the grid); and every grid is checked
    against its puzzle by ``is_solution`` (``is_solution_many`` for the batch), none of
    the backends. When the default is the cross-checker (None from
    ``default_verifiers``), each puzzle goes through ``verify``. Anything short of a confirmation goes to ``verify`` too, for the
    cross-checker's report, and raises ``VerificationError``.
    """
    from .backends import get_backend
    from .backends.base import capability

    if not puzzles:
        return []
    g = puzzles[0].board.geometry
    specs = list(backends) if backends is not None else default_verifiers(g)
    if specs is None or any(p.board.geometry != g for p in puzzles):
        return [tuple(verify(p, specs).results) for p in puzzles]
    for p, ok in zip(puzzles, _solutions_hold(puzzles, g)):
        if not ok:
            _refuted(p, specs, "is_solution: the grid does not solve the puzzle")
    for spec in specs:
        backend = get_backend(spec)
        bulk = capability(backend, "check_array")
        confirm = capability(backend, "confirm_many")
        if confirm is not None:  # (is_solution has checked every grid, above)
            confirmed = confirm([p.board for p in puzzles], [p.solution for p in puzzles])
        elif bulk is not None:
            counts, first, stats = bulk([p.board.givens for p in puzzles], g, 2)
            confirmed = [int(counts[i]) == 1 and bool(stats[i, 2])
                         and tuple(first[i].tolist()) == p.solution
                         for i, p in enumerate(puzzles)]
        else:
            confirmed = []
            for p in puzzles:
                r = backend.solve(p.board, limit=2)
                confirmed.append(r.exhausted and len(r.solutions) == 1
                                 and r.solution == p.solution)
        for p, ok in zip(puzzles, confirmed):
            if not ok:
                _refuted(p, specs, f"{spec} did not find the grid as the only solution")
    return [tuple(specs)] * len(puzzles)


def _solutions_hold(puzzles: Sequence[Puzzle], g: Geometry) -> list[bool]:
    """For each puzzle (all of geometry ``g``), whether its grid solves it: the independent
    checker, ``check.is_solution_many`` for the batch when numpy is there (whole-array
    operations: a 9x9 puzzle in a batch of 64 costs a quarter of ``is_solution``), else
    ``is_solution``."""
    try:
        import numpy
    except ImportError:
        return [is_solution(p.board, p.solution) for p in puzzles]
    from .check import is_solution_many

    givens = numpy.array([p.board.givens for p in puzzles], dtype=numpy.int64)
    grids = numpy.array([p.solution for p in puzzles], dtype=numpy.int64)
    return is_solution_many(g.box, givens, grids, g.extra).tolist()


def _refuted(puzzle: Puzzle, specs, why: str):
    """Raise ``VerificationError`` for a puzzle a verifier did not confirm, with the
    cross-checker's report (``verify`` raises it) or, should the cross-checker confirm
    it after all, with what the batch check saw."""
    verify(puzzle, specs)
    raise VerificationError("a generated puzzle was not confirmed",
                            [f"puzzle {puzzle.board.to_text()} (seed {puzzle.seed})", why,
                             "the cross-checker, asked again, confirmed it"])


def generate(count: int | None = None, *, box: tuple[int, int] = (3, 3), symmetry: str = "none",
             clues: int | None = None, minimal: bool = False, difficulty: str | None = None,
             seed: int | None = None, verify: bool | str | Sequence[str] = True,
             backend: str | None = None,
             attempts: int = ATTEMPTS, orbit_minimal: bool = False,
             min_rating: float | None = None, max_rating: float | None = None
             ) -> Iterator[Puzzle]:
    """Yield ``count`` puzzles (forever when None), each with exactly one solution.

    ``symmetry`` is one of ``SYMMETRIES``; ``clues`` a target clue count (removal stops
    there); ``minimal`` asks that no clue can be removed, checked clue by clue, whatever
    the symmetry; ``orbit_minimal`` only that no orbit of the symmetry can be removed;
    ``difficulty`` one of ``grade.LEVELS`` (a band of the rating); ``min_rating`` /
    ``max_rating`` bound the rating itself. A puzzle that misses a target is retried with
    a fresh grid up to ``attempts`` times (``MINIMAL_ATTEMPTS`` for ``minimal`` with a
    symmetry: the search goes on until one is found), then the attempt nearest the
    targets (fewest missed, then the rating nearest the asked band, then the clue count
    nearest) is yielded with ``missed`` filled in.
    ``backend`` names the backend for uniqueness checks while digging (default
    ``removal_backend(box)``). Same ``seed``, same puzzles.

    ``verify`` says who confirms each puzzle before it is yielded (``verify_many``):
    True (the default) ``default_verifiers``, that is ``fast`` and ``sat`` when numba is
    installed (two paradigms, so one of them is not the backend that dug), else the
    cross-checker's default backends; a list of backend specs (or one string of them
    separated by commas) exactly those; False nobody. Puzzles are verified in batches
    (``VERIFY_BATCH``) and yielded once their batch is confirmed. ``Puzzle.verified``
    names the backends that confirmed it. Grading is lazy: a puzzle is graded when a
    level or rating target asks for it or when its grade is first read.
    """
    _check_options(box, symmetry, clues, difficulty, attempts, min_rating, max_rating)
    if count is not None and count < 0:
        raise UsageError(f"count must not be negative, not {count}")
    if isinstance(verify, str):
        verify = [part.strip() for part in verify.split(",") if part.strip()]
    if not isinstance(verify, bool):
        verify = list(verify)
        if not verify:
            raise UsageError("verify names no backend: pass False to skip the check")
        from .backends import get_backend

        for spec in verify:
            get_backend(spec)  # an unknown name fails here, with the valid ones
    if minimal and symmetry != "none":
        attempts = max(attempts, MINIMAL_ATTEMPTS)
    targets = dict(box=box, symmetry=symmetry, clues=clues, minimal=minimal,
                   difficulty=difficulty, backend=backend, orbit_minimal=orbit_minimal,
                   min_rating=min_rating, max_rating=max_rating)
    return _generate(count, seed, verify, attempts, targets)


def _generate(count, seed, check, attempts, targets) -> Iterator[Puzzle]:
    target = _rating_target(targets["difficulty"], targets["min_rating"], targets["max_rating"])
    master = random.Random(seed)
    made = 0
    clues = targets["clues"]
    batch, size = [], 1
    while count is None or made < count:
        best = None
        for _ in range(attempts):
            puzzle = make_puzzle(master.getrandbits(63), **targets)
            if best is None or _distance(puzzle, clues, target) < _distance(best, clues, target):
                best = puzzle
            if not puzzle.missed:
                break
        batch.append(best)
        made += 1
        if len(batch) < size and made != count:
            continue
        if check:
            confirmed = verify_many(batch, None if check is True else check)
            batch = [_keep_grade(replace(p, verified=names), p._grade)
                     for p, names in zip(batch, confirmed)]
        yield from batch
        batch, size = [], min(2 * size, VERIFY_BATCH)


def _rating_target(difficulty, min_rating, max_rating) -> tuple[float, float]:
    """The ratings ``[low, high]`` the targets ask for (the level's band within the bounds)."""
    low, high = band(difficulty) if difficulty is not None else (0.0, float("inf"))
    if min_rating is not None:
        low = max(low, min_rating)
    if max_rating is not None:
        high = min(high, max_rating)
    return low, high


def _distance(puzzle: Puzzle, clues: int | None,
              target: tuple[float, float] = (0.0, float("inf"))) -> tuple[int, float, int]:
    """How far a puzzle is from its targets: targets missed, then how far its rating is
    from the asked band, then clues off the mark."""
    low, high = target
    rating = puzzle.rating if puzzle.graded else 0.0  # graded when a rating is a target
    gap = low - rating if rating < low else rating - high if rating > high else 0.0
    return len(puzzle.missed), round(gap, 2), abs(puzzle.clues - clues) if clues is not None else 0


