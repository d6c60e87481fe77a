"""The next logical step for a player's position, as Step-shaped JSON.

The page asks for a hint; the answer is one *step* in the shape of
``sudoku_cp.logic.Step.to_dict()`` (technique, rating, placements, eliminations, cells,
houses, links, text, assumes_uniqueness) plus ``source``, which says where it came from:

- ``"logic"``: the human-style logic engine, ``sudoku_cp.logic.explain``, when installed;
- ``"grader"``: otherwise, the techniques of today's grader (``sudoku_cp.grade``), whose
  step functions are run on a copy of the candidates to see what each would change.

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
from itertools import combinations, product
from typing import Iterable, Sequence

from ..board import Board, PuzzleError, cell_name

#: Sudoku Explainer's scores for the grader's techniques (the logic engine rates its own).
SE_RATING = {"hidden_single": 1.5, "naked_single": 2.3, "pointing": 2.6, "box_line": 2.8,
             "naked_pair": 3.0, "x_wing": 3.2, "hidden_pair": 3.4, "naked_triple": 3.6,
             "hidden_triple": 4.0}


class HintError(PuzzleError):
    """No hint can be given; ``cells`` are the cells the message is about."""

    def __init__(self, message: str, cells: Iterable[int] = ()):
        super().__init__(message)
        self.cells = list(cells)


def logic_engine():
    """``sudoku_cp.logic.explain``, or None while that module is absent."""
    try:
        from ..logic import explain
    except ModuleNotFoundError as exc:
        if exc.name not in ("sudoku_cp.logic", __package__.rpartition(".")[0] + ".logic"):
            raise
        return None
    return explain


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
    explain = logic_engine()
    if explain is None:
        return _dress(_from_grader(board, position, excluded, solution), board, position)
    steps = _walk(board, position, excluded, solution, first=True, time_limit=time_limit)
    if not steps:  # the walk only comes back empty-handed when its time ran out
        raise HintError(f"no step found within the time limit of {time_limit:g} s")
    return _dress(steps[0], board, position)


def solve_path(board: Board, position: Sequence[int], excluded: Iterable[tuple[int, int]] = (),
               time_limit: float | None = None) -> dict:
    """Every step from ``position`` to the solution, easiest first at each point, as the
    logic engine finds them: ``steps``, ``rating`` (the hardest), ``complete`` (False when
    the time limit stopped the walk). Needs the logic engine."""
    solution = solution_of(board)
    _check_entries(board, position, solution)
    if logic_engine() is None:
        raise HintError("the solve path needs the logic engine (sudoku_cp.logic)")
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
        path = walk(s, first=first, time_limit=time_limit)
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
    try:
        from ..logic.ratings import TECHNIQUES
    except ModuleNotFoundError:
        TECHNIQUES = {}
    if technique in TECHNIQUES:
        return TECHNIQUES[technique][1]
    return {"box_line": "Box-line reduction"}.get(technique,
                                                  technique.replace("_", " ").capitalize())


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
    """The puzzle's rating on Sudoku Explainer's scale (its hardest step), when the logic
    engine is installed; None otherwise."""
    explain = logic_engine()
    if explain is None:
        return None
    try:
        steps = explain(board, time_limit=time_limit)
    except PuzzleError:
        return None
    return max((s.rating for s in steps), default=None)


def _cells_named(message: str, n: int) -> list[int]:
    """Cells named rNcM in a message (to highlight them)."""
    return [(int(r) - 1) * n + int(c) - 1 for r, c in re.findall(r"\br(\d+)c(\d+)\b", message)
            if 1 <= int(r) <= n and 1 <= int(c) <= n]


# -- the grader's techniques as steps -----------------------------------------------------------
def solution_of(board: Board) -> tuple[int, ...]:
    """The one solution of ``board`` (checked), or a HintError saying why there is none."""
    from ..backends import solve
    from ..check import clashes, is_solution
    from ..errors import MissingDependencyError

    found = clashes(board)
    if found:
        raise HintError(f"the puzzle has no solution: {found[0]}", _cells_named(found[0], board.n))
    try:  # the SAT backend answers a 16x16 in milliseconds where the backtracker may take seconds
        result = solve(board, "sat", limit=2)
    except MissingDependencyError:
        result = solve(board, "backtrack", limit=2)
    if not result.solutions:
        raise HintError("the puzzle has no solution")
    if len(result.solutions) > 1:
        a, b = result.solutions[:2]
        raise HintError("the puzzle has several solutions, so logic alone cannot finish it",
                        [c for c in range(len(a)) if a[c] != b[c]])
    if not is_solution(board, result.solution):
        raise RuntimeError(f"a backend returned a non-solution for {board.to_text()}")
    return result.solution


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


def _from_grader(board, position, excluded, solution) -> dict:
    from ..grade import STEPS, Candidates

    s = Candidates.from_board(board.with_givens(position))
    for c, v in sorted(excluded):
        if 0 <= c < len(position) and 1 <= v <= board.n and solution[c] != v:
            s.eliminate(c, 1 << (v - 1))  # only sound exclusions are kept
    single = _naked_single(s) or _hidden_single(s)
    if single:
        return single
    for name, apply in STEPS[2:]:  # the singles are found above, one at a time
        trial = _copy(s)
        if apply(trial):
            gone = [(c, v) for c in range(len(s.masks)) if not s.values[c]
                    for v in s.candidates(c) if not trial.masks[c] >> (v - 1) & 1]
            return _elimination(name, s, gone)
    return _guess(s, solution)


def _copy(s):
    from ..grade import Candidates

    t = Candidates.__new__(Candidates)
    t.geometry, t.t, t.masks, t.values = s.geometry, s.t, list(s.masks), list(s.values)
    return t


def _step(technique, text, placements=(), eliminations=(), cells=(), houses=()) -> dict:
    return {"technique": technique, "rating": SE_RATING.get(technique),
            "placements": [list(p) for p in placements],
            "eliminations": [list(e) for e in sorted(eliminations)],
            "cells": sorted(set(cells)), "houses": sorted(set(houses)), "links": [],
            "text": text, "assumes_uniqueness": False, "source": "grader"}


def _naked_single(s) -> dict | None:
    g = s.geometry
    for cell, m in enumerate(s.masks):
        if not s.values[cell] and m.bit_count() == 1:
            v = m.bit_length()
            seen = [p for p in g.peers[cell] if s.values[p]]
            return _step("naked_single", f"Naked single: {v} is the only value left for "
                         f"{cell_name(cell, g.n)}; its row, column and box hold all the others",
                         [(cell, v)], cells=seen)
    return None


def _hidden_single(s) -> dict | None:
    g = s.geometry
    for h in (*range(2 * g.n, 3 * g.n), *range(2 * g.n), *range(3 * g.n, len(g.houses))):
        open_ = s.open(g.houses[h])
        for v in range(1, g.n + 1):
            places = [c for c in open_ if s.masks[c] >> (v - 1) & 1]
            if len(places) == 1 and v not in (s.values[c] for c in g.houses[h]):
                cell = places[0]
                blockers = [p for c in open_ if c != cell for p in g.peers[c] if s.values[p] == v]
                step = _step("hidden_single", f"Hidden single: in {g.house_name(h)}, {v} fits "
                             f"only {cell_name(cell, g.n)}", [(cell, v)], cells=blockers,
                             houses=[h])
                if 2 * g.n <= h < 3 * g.n:
                    step["rating"] = 1.2  # a hidden single in a box is the easiest step
                return step
    return None


def _elimination(name: str, s, gone: list[tuple[int, int]]) -> dict:
    """Describe an elimination step from what it removed, finding the pattern behind it."""
    g, n = s.geometry, s.geometry.n
    targets = {c for c, _ in gone}
    values = sorted({v for _, v in gone})
    names = ", ".join(cell_name(c, n) for c in sorted(targets))
    label = {"box_line": "Box-line", "x_wing": "X-wing"}.get(name) or \
        name.replace("_", " ").capitalize()
    has = lambda c, v: not s.values[c] and s.masks[c] >> (v - 1) & 1  # noqa: E731
    for h, house in enumerate(g.houses):  # a set: naked or hidden, inside one house
        open_ = s.open(house)
        if name.startswith("naked") and targets <= set(open_):
            k = 2 if name.endswith("pair") else 3
            for group in combinations([c for c in open_ if c not in targets], k):
                union = {v for c in group for v in s.candidates(c)}
                if len(union) == k and set(values) <= union:
                    return _step(name, f"{label}: {_cells(group, n)} in {g.house_name(h)} hold "
                                 f"only {_values(union)}, so those values leave {names}",
                                 eliminations=gone, cells=group, houses=[h])
        if name.startswith("hidden") and targets <= set(open_):
            k = 2 if name.endswith("pair") else 3
            for keep in combinations(range(1, n + 1), k):
                where = {c for c in open_ for v in keep if has(c, v)}
                if len(where) == k and targets <= where:
                    return _step(name, f"{label}: in {g.house_name(h)}, {_values(keep)} fit only "
                                 f"in {_cells(where, n)}, so those cells lose their other "
                                 f"candidates", eliminations=gone, cells=where, houses=[h])
    v = values[0]
    if name in ("pointing", "box_line"):
        lines, boxes = range(2 * n), range(2 * n, 3 * n)
        for h, k in product(*((boxes, lines) if name == "pointing" else (lines, boxes))):
            common = set(g.houses[h]) & set(g.houses[k])
            inside = [c for c in g.houses[h] if has(c, v)]
            if inside and set(inside) <= common and targets <= set(g.houses[k]) - common:
                return _step(name, f"{label}: in {g.house_name(h)}, {v} can only go where it "
                             f"meets {g.house_name(k)}, so {v} leaves {names}",
                             eliminations=gone, cells=inside, houses=[h, k])
    if name == "x_wing":
        for lines, offset in ((g.rows, 0), (g.cols, n)):
            spots = {i: tuple(j for j, c in enumerate(line) if has(c, v))
                     for i, line in enumerate(lines)}
            for i, k in combinations(range(n), 2):
                if len(spots[i]) == 2 and spots[i] == spots[k]:
                    corners = [lines[r][j] for r in (i, k) for j in spots[i]]
                    if not targets & set(lines[i] + lines[k]):
                        return _step(name, f"X-wing on {v}: in {g.house_name(offset + i)} and "
                                     f"{g.house_name(offset + k)} it fits only in the same two "
                                     f"places, so {v} leaves {names}", eliminations=gone,
                                     cells=corners, houses=[offset + i, offset + k])
    return _step(name, f"{label}: {', '.join(map(str, values))} leave {names}", eliminations=gone)


def _guess(s, solution) -> dict:
    n = s.geometry.n
    cell = min((c for c in range(len(s.masks)) if not s.values[c]),
               key=lambda c: s.masks[c].bit_count())
    k = s.masks[cell].bit_count()
    return _step("guess", f"No technique of the grader applies here: {cell_name(cell, n)} has "
                 f"the fewest candidates ({k}); the solution has {solution[cell]} there",
                 [(cell, solution[cell])], cells=[cell])


def _cells(cells, n) -> str:
    return " and ".join(cell_name(c, n) for c in sorted(cells))


def _values(values) -> str:
    vs = sorted(values)
    return ", ".join(map(str, vs[:-1])) + f" and {vs[-1]}" if len(vs) > 1 else str(vs[0])
