"""Sukaku (pencil-mark) lines in ``explain`` and ``grade``.

A 729-character line gives each cell's candidates (``variants.sukaku``). The logic engine
starts from those marks (``logic.state.State.from_candidates``); since the givens alone
rarely have one solution, the solution is proved unique under the marks first, by the
variant cross-check (``variants.sukaku.proven_solution``), and every step is checked
against it. A cell with a single mark is a given, as ``check`` and ``solve`` read it.
"""

from __future__ import annotations

from .common import UsageError


def is_sukaku(text: str, box) -> bool:
    """Whether ``text`` is a pencil-mark line (and no box shape says otherwise)."""
    from ..text import looks_like_sukaku

    return box is None and looks_like_sukaku(list(text.strip()))


def read_marks(text: str, what: str = "PUZZLE"):
    """``(board, candidates, puzzle)`` of a sukaku line; a line that is not one is bad
    input, named."""
    from ..errors import PuzzleError
    from ..variants.sukaku import pencil_marks, read_sukaku

    try:
        puzzle = read_sukaku(text)
    except PuzzleError as exc:
        raise UsageError(f"{what}: {exc}") from None
    board, candidates = pencil_marks(puzzle)
    return board, candidates, puzzle


def solution_of(puzzle, time_limit: float | None = None):
    """The sukaku's proven solution (``variants.sukaku.proven_solution``)."""
    from ..variants.sukaku import proven_solution

    return proven_solution(puzzle, time_limit)
