"""The next logical step for a player's position, as Step-shaped JSON.

The page asks for a hint; the answer is one *step* in the shape of
``sudoku_cp.logic.Step.to_dict()`` (technique, rating, placements, eliminations, cells,
houses, links, text, assumes_uniqueness) plus ``source`` (``"logic"``: the human-style
logic engine, ``sudoku_cp.logic``).

``excluded`` lists candidates ``(cell, value)`` the player already removed by applying
earlier hints; the page's position alone does not carry them. The walk starts from the
position's candidates without the excluded ones the solution allows to remove, and stops
after one step: a hint on a 16x16 costs one step's search, not the whole solve path.
Each step also carries ``title`` (the engine's name for its technique), ``house_names``
and, for singles, ``blockers`` (placed values that rule out the other places).

Errors a person can act on (no solution, several solutions, a placed value that contradicts
the solution) are ``HintError``; ``cells`` names the cells to show.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from ..board import Board, PuzzleError, cell_name

class HintError(PuzzleError):
    """No hint can be given; ``cells`` are the cells the message is about."""

    def __init__(self, message: str, cells: Iterable[int] = ()):
        super().__init__(message)
        self.cells = list(cells)


def next_step(board: Board, position: Sequence[int], excluded: Iterable[tuple[int, int]] = (),
              time_limit: float | None = None) -> dict | None:
    """The next step from ``position`` (None when the board is full).

    Only the next step is worked out (the engine stops after one), from the candidates
    the position leaves minus the ``excluded`` ones that the solution allows to remove.
    """
    if all(position):
        return None
    solution = solution_of(board)
    _check_entries(board, position, solution)
    steps = _walk(board, position, excluded, solution, first=True, time_limit=time_limit)
    if not steps:  # the walk only comes back empty-handed when its time ran out
        raise HintError(f"no step found within the time limit of {time_limit:g} s")
    return _dress(steps[0], board, position)


def solve_path(board: Board, position: Sequence[int], excluded: Iterable[tuple[int, int]] = (),
               time_limit: float | None = None) -> dict:
    """Every step from ``position`` to the solution, easiest first at each point, as the
    logic engine finds them: ``steps``, ``rating`` (the hardest), ``complete`` (False when
    the time limit stopped the walk)."""
    solution = solution_of(board)
    _check_entries(board, position, solution)
    walked: dict = {}
    steps = _walk(board, position, excluded, solution, first=False, time_limit=time_limit,
                  out=walked)
    dressed = [_dress(st, board, position) for st in steps]
    return {"steps": dressed, "complete": walked["complete"],
            "rating": max((st["rating"] for st in dressed), default=None)}


def _walk(board, position, excluded, solution, *, first, time_limit, out=None) -> list[dict]:
    """The logic engine's steps from the position, each checked against the solution."""
    from ..logic.solver import solve_path as walk
    from ..logic.state import Contradiction, State

    try:
        s = State.from_values(board.geometry, position)
        for c, v in sorted({(int(c), int(v)) for c, v in excluded}):
            if 0 <= c < len(position) and not position[c] and 1 <= v <= board.n \
                    and solution[c] != v:
                s.eliminate(c, v)  # only sound exclusions are kept
        path = walk(s, first=first, time_limit=time_limit, hints=True)
    except Contradiction as exc:  # cannot happen for a position that agrees with the solution
        raise HintError(f"the position has no solution: {exc}") from None
    for st in path.steps:  # never trust a step: each agrees with the checked solution
        if any(solution[c] != v for c, v in st.placements) or \
                any(solution[c] == v for c, v in st.eliminations):
            raise RuntimeError(f"unsound step on {board.to_text()}: {st.text}")
    if out is not None:
        out["complete"] = path.complete
    return [{**st.to_dict(), "source": "logic"} for st in path.steps]


def title_of(technique: str) -> str:
    """The technique's name as the logic engine writes it ("XY-wing", "Trial and error")."""
    from ..logic.ratings import TECHNIQUES

    if technique in TECHNIQUES:
        return TECHNIQUES[technique][1]
    return technique.replace("_", " ").capitalize()


def _dress(step: dict, board: Board, position: Sequence[int]) -> dict:
    """Add what the page shows besides the engine's fields: ``title``, ``house_names`` and,
    for a single, ``blockers``: the placed values that rule out every other place."""
    g = board.geometry
    return {**step, "title": title_of(step["technique"]),
            "house_names": [g.house_name(h) for h in step["houses"]],
            "blockers": _blockers(step, g, board.givens, position)}


def _blockers(step: dict, g, givens: Sequence[int], position: Sequence[int]) -> list[int]:
    """For a hidden single, one placed value (a given when there is one) that sees each
    other open cell of the house; for a naked single, one per other value."""
    if step["technique"] not in ("hidden_single", "naked_single") or not step["placements"]:
        return []
    (cell, value), = step["placements"]

    def seer(c: int, v: int) -> int | None:
        holders = [p for p in g.peers[c] if position[p] == v]
        return min(holders, key=lambda p: (not givens[p], p)) if holders else None

    found = set()
    if step["technique"] == "hidden_single":
        for h in step["houses"]:
            for c in g.houses[h]:
                if c != cell and not position[c]:
                    p = seer(c, value)
                    if p is not None:
                        found.add(p)
    else:
        for v in range(1, g.n + 1):
            p = seer(cell, v) if v != value else None
            if p is not None:
                found.add(p)
    return sorted(found)


def rating(board: Board, time_limit: float | None = None) -> float | None:
    """The puzzle's rating on Sudoku Explainer's scale (its hardest step); None when it
    has no single solution."""
    from ..logic import explain

    try:
        steps = explain(board, time_limit=time_limit, hints=False)  # SE's ladder
    except PuzzleError:
        return None
    return max((s.rating for s in steps), default=None)


def _cells_named(message: str, n: int) -> list[int]:
    """Cells named rNcM in a message (to highlight them)."""
    return [(int(r) - 1) * n + int(c) - 1 for r, c in re.findall(r"\br(\d+)c(\d+)\b", message)
            if 1 <= int(r) <= n and 1 <= int(c) <= n]


def solution_of(board: Board) -> tuple[int, ...]:
    """The one solution of ``board`` (``logic.api.unique_solution``, checked), or a
    HintError saying why there is none, with the cells to outline."""
    from ..logic.api import unique_solution

    try:
        return unique_solution(board, "sat")[0]
    except PuzzleError as exc:
        raise HintError(str(exc), getattr(exc, "cells", None) or
                        _cells_named(str(exc), board.n)) from None


def wrong_entries(board: Board, position: Sequence[int], solution: Sequence[int]) -> list[int]:
    """The player's cells whose value differs from the solution."""
    return [c for c, v in enumerate(position) if v and not board.givens[c] and v != solution[c]]


def _check_entries(board: Board, position: Sequence[int], solution: Sequence[int]) -> None:
    """A HintError naming the player's values that contradict the solution."""
    wrong = wrong_entries(board, position, solution)
    if wrong:
        c = wrong[0]
        raise HintError(f"{cell_name(c, board.n)} holds {position[c]}, which contradicts the "
                        f"solution: take it out first", wrong)
