"""What a backend returns: one status vocabulary for every solver."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Status(str, Enum):
    """A backend's answer for one puzzle.

    - ``SOLVED``: at least one solution was found (``Result.solutions``).
    - ``NONE``: the search was exhausted and there is no solution.
    - ``UNKNOWN``: a time limit stopped the search before any solution was found.

    The status follows from what was found and whether the search finished; that rule
    lives in one place, ``status_of``.
    """

    SOLVED = "solved"
    NONE = "none"
    UNKNOWN = "unknown"

    def __str__(self) -> str:  # plain value in f-strings and JSON
        return self.value


def status_of(solutions, exhausted: bool) -> Status:
    """The status that ``solutions`` and ``exhausted`` imply.

    >>> status_of([(1,)], False), status_of([], True), status_of([], False)
    (<Status.SOLVED: 'solved'>, <Status.NONE: 'none'>, <Status.UNKNOWN: 'unknown'>)
    """
    if solutions:
        return Status.SOLVED
    return Status.NONE if exhausted else Status.UNKNOWN


@dataclass(frozen=True)
class Result:
    """One backend's run on one board.

    ``solutions`` holds up to ``limit`` distinct solutions (tuples of n*n values, row
    major). ``exhausted`` is True when the whole search space was explored, so that
    ``len(solutions)`` is the exact number of solutions; it is False when the search
    stopped at ``limit`` solutions or at the time limit.

    ``status`` is derived from the two (``status_of``): build results with
    ``Result.of``, or pass ``status=None``; a status that contradicts them is a bug
    and raises ``ValueError``.
    """

    backend: str
    status: Status | None
    solutions: tuple[tuple[int, ...], ...] = ()
    exhausted: bool = False
    time_s: float = 0.0
    stats: dict = field(default_factory=dict)
    limit: int = 1

    def __post_init__(self) -> None:
        derived = status_of(self.solutions, self.exhausted)
        if self.status is None:
            object.__setattr__(self, "status", derived)
        elif Status(self.status) is not derived:
            raise ValueError(f"{self.backend}: status {self.status} contradicts "
                             f"{len(self.solutions)} solutions, exhausted={self.exhausted}")

    @classmethod
    def of(cls, backend: str, solutions=(), exhausted: bool = False, time_s: float = 0.0,
           stats: dict | None = None, limit: int = 1) -> "Result":
        """A result whose status follows from ``solutions`` and ``exhausted``.

        >>> Result.of("x", [(1,)], exhausted=True, limit=2).status.value
        'solved'
        """
        solutions = tuple(solutions)
        result = object.__new__(cls)  # the status comes from status_of: nothing to check,
        fields = result.__dict__  # and filling the fields one by one is faster than
        fields["backend"] = backend  # __init__, and than __dict__.update(**fields)
        fields["status"] = status_of(solutions, exhausted)
        fields["solutions"] = solutions
        fields["exhausted"] = exhausted
        fields["time_s"] = time_s
        fields["stats"] = {} if stats is None else stats
        fields["limit"] = limit
        return result

    @property
    def solution(self) -> tuple[int, ...] | None:
        """The first solution, or None."""
        return self.solutions[0] if self.solutions else None

    @property
    def timed_out(self) -> bool:
        """True when the time limit, not the limit on solutions, ended the search."""
        return not self.exhausted and len(self.solutions) < self.limit

    @property
    def count(self) -> str:
        """The solution count as known: '0', '1', '2+' (at least), or '>=1'/'?' after a time-out.

        >>> Result("x", Status.SOLVED, ((1,),), exhausted=True, limit=2).count
        '1'
        """
        k = len(self.solutions)
        if self.exhausted:
            return str(k)
        if k >= self.limit:
            return f"{k}+"
        return f">={k}" if k else "?"

    def to_dict(self) -> dict:
        return {
            "status": self.status.value,
            "solutions": len(self.solutions),
            "exhausted": self.exhausted,
            "time_s": round(self.time_s, 6),
            "stats": self.stats,
        }
