"""``Entry``: one puzzle read from a stream, or the reason a line is not one."""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board


@dataclass(frozen=True)
class Entry:
    """One puzzle read from a stream: where it starts, its text, and a board or an error."""

    line: int
    text: str
    board: Board | None = None
    error: str | None = None
    solution: tuple[int, ...] | None = None
    source: str = "<stdin>"

    @property
    def ok(self) -> bool:
        return self.error is None
