"""What a backend returns: one status vocabulary for every solver."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Status(str, Enum):
    """A backend's answer for one puzzle.

    - ``SOLVED``: at least one solution was found (``Result.solutions``).
    - ``NONE``: the search was exhausted and there is no solution.
    - ``UNKNOWN``: a time limit stopped the search before any solution was found.
    """

    SOLVED = "solved"
    NONE = "none"
    UNKNOWN = "unknown"

    def __str__(self) -> str:  # plain value in f-strings and JSON
        return self.value


@dataclass(frozen=True)
class Result:
    """One backend's run on one board.

    ``solutions`` holds up to ``limit`` distinct solutions (tuples of n*n values, row
    major). ``exhausted`` is True when the whole search space was explored, so that
    ``len(solutions)`` is the exact number of solutions; it is False when the search
    stopped at ``limit`` solutions or at the time limit.
    """

    backend: str
    status: Status
    solutions: tuple[tuple[int, ...], ...] = ()
    exhausted: bool = False
    time_s: float = 0.0
    stats: dict = field(default_factory=dict)
    limit: int = 1

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
