"""The public face of the logic engine: ``explain`` (the steps) and ``rate_board``.

Both assume the puzzle has one solution: ``explain`` checks that first with the
reference backtracker (and that a player's position agrees with that solution), since
a rating, a hint or a uniqueness technique means nothing otherwise.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Sequence

from ..board import Board, PuzzleError, cell_name
from .ratings import level_of
from .solver import Path, solve_path
from .state import Contradiction, State


class NoSolutionError(PuzzleError):
    """The puzzle (or the position) has no solution."""


class SeveralSolutionsError(PuzzleError):
    """The puzzle has more than one solution: nothing to explain or rate; ``cells`` are
    the cells where two of them differ."""

    def __init__(self, message: str, cells=()) -> None:
        super().__init__(message)
        self.cells = list(cells)


class WrongValueError(PuzzleError):
    """A player's placed value differs from the solution (``cell``, ``value``)."""

    def __init__(self, message: str, cell: int, value: int) -> None:
        super().__init__(message)
        self.cell, self.value = cell, value


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is for a person: its level, its rating and the evidence.

    ``rate_board`` fills what the solve path shows; ``grade.grade`` adds what the
    backtracker proves (``unique``, ``nodes``). One type for both: a rating is a grade
    whose uniqueness was not asked.
    """

    level: str
    techniques: dict[str, int]  # technique -> steps that used it, easiest first
    nodes: int = 0  # backtracker search nodes to solve and prove uniqueness (grade only)
    solved_by_logic: bool = True  # no guess was needed
    unique: bool = False  # the backtracker proved exactly one solution (grade only)
    rating: float = 0.0  # the hardest step's score on SE's scale (its ER)
    hardest: str | None = None  # the technique of the hardest step
    guesses: int = 0  # trial-and-error steps on the solve path
    steps: int = 0  # steps on the solve path
    complete: bool = True  # False: the time limit stopped the path; rating is a lower bound
    ep: float = 0.0  # SE's EP: the hardest step up to the first placement (scales.se_triple)
    ed: float = 0.0  # SE's ED: the first step's score
    hodoku_score: int = 0  # HoDoKu's score and level, from HoDoKu's own path (logic.hodoku;
    hodoku_level: str = ""  # filled when asked: rate_board(hodoku=True), else 0 and "")
    hodoku_techniques: dict = field(default_factory=dict, compare=False)  # on that path
    path: list = field(repr=False, default_factory=list, compare=False)  # the Steps
    values: tuple = field(repr=False, default=(), compare=False)  # where the path ended
    solution: tuple = field(repr=False, default=(), compare=False)  # proved unique (grade only)

    @property
    def serate(self) -> str:
        """ER/EP/ED as SE's serate prints them, e.g. ``7.1/1.2/1.2``."""
        return f"{self.rating:.1f}/{self.ep:.1f}/{self.ed:.1f}"

    def to_dict(self) -> dict:
        return {"level": self.level, "rating": self.rating, "ep": self.ep, "ed": self.ed,
                "hodoku_score": self.hodoku_score, "hodoku_level": self.hodoku_level,
                "hodoku_techniques": self.hodoku_techniques,
                "hardest": self.hardest,
                "techniques": self.techniques, "steps": self.steps, "guesses": self.guesses,
                "nodes": self.nodes, "solved_by_logic": self.solved_by_logic,
                "unique": self.unique, "complete": self.complete}


def rate_board(board: Board, *, assume_unique: bool = False, time_limit: float | None = None,
               position: Sequence[int] | None = None, on_step=None,
               hodoku: bool = False, candidates: Sequence[int] | None = None) -> Grade:
    """Solve like a person, easiest step first, and rate by the hardest step.
    ``candidates``: a bitmask per cell the open cells start from (a sukaku's pencil marks).

    ``on_step(state)`` is called after each round of steps (``logic.solver.solve_path``).
    ``hodoku`` also walks HoDoKu's own path (``logic.hodoku``: its techniques in its
    order) for the HoDoKu score and level, which SE's path cannot give; it costs a
    second solve. Raises ``PuzzleError`` when the givens contradict themselves on the way.
    """
    path = _path(board, position, assume_unique=assume_unique, time_limit=time_limit,
                 on_step=on_step, candidates=candidates)
    grade = _rating(path)
    if hodoku:
        from . import hodoku as hodoku_path
        from .scales import hodoku as hodoku_scale

        s = _start(board, position, candidates)
        try:
            other = hodoku_path.solve_path(s, assume_unique=assume_unique, time_limit=time_limit)
        except Contradiction as exc:
            raise NoSolutionError(f"the puzzle has no solution: {exc}") from None
        score, level = hodoku_scale(other.steps)
        grade = replace(grade, hodoku_score=score, hodoku_level=level,
                        hodoku_techniques=_counts(other.steps),
                        complete=grade.complete and other.complete)
    return grade


def _counts(steps) -> dict[str, int]:
    """technique -> steps that used it, easiest first (``TECHNIQUES``' order)."""
    from .ratings import TECHNIQUES

    counts = Counter(st.technique for st in steps)
    order = list(TECHNIQUES)
    return {t: counts[t] for t in sorted(counts, key=order.index)}


def _rating(path: Path) -> Grade:
    from .scales import se_triple

    rating = round(path.rating, 1)
    _er, ep, ed = se_triple(path.steps)
    if not path.complete:  # the step cut short rates at least path.floor: bounds for all three
        ed = ed if path.steps else round(path.floor, 1)
        ep = ep if any(st.placements for st in path.steps) else max(ep, round(path.floor, 1))
    return Grade(level_of(rating), _counts(path.steps), 0, path.guesses == 0, False, rating,
                 path.hardest, path.guesses, len(path.steps), path.complete, ep, ed,
                 path=path.steps, values=tuple(path.values))


def _start(board: Board, position, candidates=None) -> State:
    values = _merge(board, position)
    try:
        if candidates is not None:
            if len(candidates) != len(values):
                raise PuzzleError(f"pencil marks for {len(candidates)} cells, not {len(values)}")
            return State.from_candidates(board.geometry, values, candidates)
        return State.from_values(board.geometry, values)
    except Contradiction as exc:
        raise NoSolutionError(f"the position has no solution: {exc}") from None


def _merge(board: Board, position) -> list[int]:
    """The givens with a player's values on top (checked for range and givens)."""
    values = list(board.givens)
    if position is not None:
        position = list(position)
        if len(position) != len(values):
            raise PuzzleError(f"a position has {len(values)} values, not {len(position)}")
        n = board.n
        for cell, (given, v) in enumerate(zip(board.givens, position)):
            if not 0 <= v <= n:
                raise PuzzleError(f"value {v} at {cell_name(cell, n)} is outside 1..{n}")
            if given and v and v != given:
                raise PuzzleError(f"{cell_name(cell, n)} holds the given {given}, not {v}")
            if v:
                values[cell] = v
    return values


def _path(board, position, *, record=None, candidates=None, **options) -> Path:
    s = _start(board, position, candidates)
    try:
        return solve_path(s, record=record, **options)
    except Contradiction as exc:
        raise NoSolutionError(f"the puzzle has no solution: {exc}") from None


def solution_of(board: Board) -> tuple[int, ...]:
    """The one solution, by the reference backtracker; PuzzleError for none or several."""
    return unique_solution(board)[0]


def unique_solution(board: Board, backend: str = "backtrack"):
    """(solution, the backend's Result); PuzzleError for no solution or several (with
    ``cells``: where two solutions differ). The page asks ``sat``, which settles a 16x16
    in milliseconds where the backtracker may take seconds."""
    from ..backends import solve
    from ..check import clashes, is_solution

    found = clashes(board)
    if found:
        raise NoSolutionError(f"the puzzle has no solution: {found[0]}")
    result = solve(board, backend, limit=2)
    if not result.solutions:
        raise NoSolutionError("the puzzle has no solution")
    if len(result.solutions) > 1:
        a, b = result.solutions[:2]
        raise SeveralSolutionsError("the puzzle has several solutions; a rating or an "
                                    "explanation assumes exactly one",
                                    [c for c in range(len(a)) if a[c] != b[c]])
    solution = tuple(result.solutions[0])
    if not is_solution(board, solution):
        raise RuntimeError(f"the backtracker returned a non-solution for {board.to_text()}")
    return solution, result


def check_position(board: Board, position, solution) -> None:
    """Name the first placed value of a player that differs from the solution."""
    if position is None:
        return
    n = board.n
    for cell, (given, v) in enumerate(zip(board.givens, position)):
        if v and not given and v != solution[cell]:
            raise WrongValueError(f"the position contradicts the solution: "
                                  f"{cell_name(cell, n)} holds {v}, which is wrong", cell, v)


def explain(board: Board, *, position: Sequence[int] | None = None, assume_unique: bool = False,
            first: bool = False, time_limit: float | None = None,
            candidates: Sequence[int] | None = None, solution: Sequence[int] | None = None,
            hints: bool = True) -> list:
    """The steps a person takes from the givens (or ``position``) to the solution,
    easiest technique first at every point; ``first`` gives only the next step (a hint).
    The steps may use techniques SE lacks (finned fish, ALS-XZ, ...: ``solver.HINT_LADDER``)
    where a person would, so their hardest is not always the SE rating (``rate_board``);
    ``hints=False`` walks SE's own ladder, whose hardest step is.

    ``candidates`` (a bitmask per cell) starts the open cells from pencil marks (a
    sukaku); the givens alone then rarely have one solution, so the caller passes the
    ``solution`` it proved unique under those marks, which every step is checked against.

    Raises ``PuzzleError`` (a subclass of it for each case, with a readable message)
    when the puzzle has no solution or several, or the position contradicts it.
    """
    if (candidates is None) != (solution is None):
        raise ValueError("explain takes pencil marks together with their proven solution")
    solution = solution_of(board) if solution is None else tuple(solution)
    if position is not None:
        _merge(board, position)  # range and given checks first
        check_position(board, position, solution)

    def record(s: State):
        return (board, tuple(s.values), tuple(s.cand))

    path = _path(board, position, record=record, assume_unique=assume_unique, first=first,
                 time_limit=time_limit, candidates=candidates, hints=hints)
    for st in path.steps:  # never trust a step: each agrees with the checked solution
        if any(solution[c] != v for c, v in st.placements) or \
                any(solution[c] == v for c, v in st.eliminations):
            raise RuntimeError(f"unsound step on {board.to_text()}: {st.text}")
    return path.steps
