"""Variant puzzles on the page: open one for drawing, check, solve, count, all possibilities.

The page sends the puzzle's own text (an f-puzzles string or link, an ISS string, or the
project's variant JSON), detected as the command line detects it
(``sudoku_cp.variants.formats``); every job reads it again in the worker, so nothing but
text crosses the process boundary. A constraint the project does not support is refused
by name (``unsupported constraint Doppelganger``) with a 400 before any job starts.

- ``open_answer(body)``: what the page draws: size, box, the region of each cell, givens,
  and every constraint as its JSON dict (``VariantPuzzle.to_dict``); ``{"variant": false}``
  for text that is no variant format, which the page then opens as a classic puzzle.
  A puzzle the board cannot play (``shown_only``: a non-square grid, a raw grid, cells
  beyond the grid) comes as its ``picture`` (``variants.picture``'s SVG) and what makes it
  so; ``check`` and ``solve`` then add the picture with the solution and the names of the
  cells where two solutions differ.
- ``check``: the cross-check over every paradigm (``variants.crosscheck``), and the
  player's entries that differ from the unique solution.
- ``solve``: up to two solutions from the first paradigm that takes the puzzle; with two,
  the cells where they differ.
- ``possibilities``: for each cell, the values some solution gives it.
- ``export_answer`` (``variant/export``, no job: it only writes text): the puzzle as the
  project's JSON, an f-puzzles string and link, and an ISS string and link (or, for a puzzle
  ISS cannot carry, why not): the setter's page (static/setter.js) offers them.

Every solution sent to the page has passed the independent checker
(``variants.rules.check_solution``), which shares no code with any paradigm.
"""

from __future__ import annotations

from typing import Any

from .work import MAX_N, MIN_N, BadRequest

#: Endpoints under /api/ this module answers (the page posts JSON to each).
ROUTES = ("variant/open", "variant/check", "variant/solve", "variant/possibilities",
          "variant/export")
#: The most characters of puzzle text accepted (f-puzzles links of big puzzles run long).
MAX_TEXT = 200_000


def read_text(body: dict) -> str:
    """The ``puzzle`` text of a request."""
    text = body.get("puzzle")
    if not isinstance(text, str) or not text.strip():
        raise BadRequest("'puzzle' must be the puzzle's text: an f-puzzles string or link, "
                         "an ISS string or variant JSON")
    if len(text) > MAX_TEXT:
        raise BadRequest(f"the puzzle text is longer than {MAX_TEXT} characters")
    return text.strip()


def is_variant(text: str) -> bool:
    """True when ``text`` is in a variant format (not a plain grid line)."""
    from ..variants.formats import detect

    return detect(text) is not None


def read_puzzle(text: str):
    """``(puzzle, entry)`` for ``text``; a problem (unsupported constraint, bad string) is a
    ``BadRequest`` naming it; so is a puzzle the page cannot play."""
    from ..variants.formats import read_entry

    entry = read_entry(text)
    if entry.error:
        raise BadRequest(entry.error[:1].upper() + entry.error[1:])
    p = entry.puzzle
    if shown_only(p):  # drawn by the server, checked and solved: no range to play in
        if max(p.size, p.cols) > MAX_N:
            raise BadRequest(f"the page shows grids of up to {MAX_N} rows and columns, "
                             f"not {p.shape_name}")
        return p, entry
    if not MIN_N <= p.size <= MAX_N:
        raise BadRequest(f"the page plays grids from {MIN_N}x{MIN_N} to {MAX_N}x{MAX_N}, "
                         f"not {p.size}x{p.size}")
    if tuple(p.values) != (1, p.size):
        raise BadRequest(f"the page plays the values 1..{p.size}; this puzzle uses "
                         f"{p.values[0]}..{p.values[1]}")
    return p, entry


def read_played(text: str):
    """``read_puzzle`` for what needs the board (hints, grades, the solve path): a puzzle the
    page only shows is refused in one line naming what the board cannot play."""
    puzzle, entry = read_puzzle(text)
    shown = shown_only(puzzle)
    if shown:
        raise BadRequest(f"the board plays square grids of houses, and this puzzle has {shown}: "
                         f"the page shows it, checks and solves it, but gives no hints on it")
    return puzzle, entry


def shown_only(puzzle) -> str:
    """What makes ``puzzle`` one the page shows but does not play ('' when it plays it): a
    non-square grid, cells beyond the grid, a raw grid (issue 37's shapes). The board plays
    square grids of houses; these are drawn by ``variants.picture`` (the picture Jupyter
    shows), checked and solved, the solution drawn in the picture."""
    return ", ".join(what for what, has in (
        (f"a non-square {puzzle.shape_name} grid", puzzle.cols != puzzle.size),
        ("a raw grid (no houses)", puzzle.raw),
        ("cells beyond the grid (ISS's Var or Doppelganger cells)", bool(puzzle.extra))) if has)


def picture(puzzle, solution=None) -> str:
    """The SVG of ``puzzle`` (and ``solution``'s values) as Jupyter shows it."""
    from ..variants.picture import to_svg

    return to_svg(puzzle, solution)


def read_values(body: dict, puzzle) -> list[int] | None:
    """The player's position: n*n integers from 0 (empty) to n, or None."""
    values = body.get("values")
    if values is None:
        return None
    if shown_only(puzzle):
        raise BadRequest("'values' are for a puzzle the page plays; this one it only shows")
    n2 = puzzle.num_cells
    if (not isinstance(values, list) or len(values) != n2
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= puzzle.size
                       for v in values)):
        raise BadRequest(f"'values' must be {n2} integers from 0 (empty) to {puzzle.size}")
    return values


def drawing(puzzle, entry) -> dict:
    """The JSON the page draws from (see the module docstring)."""
    from ..variants.model import constraint_to_dict

    shown = shown_only(puzzle)
    if shown:  # the picture, and what the page says of it
        return {"variant": True, "shown_only": shown, "picture": picture(puzzle),
                "rows": puzzle.size,
                "cols": puzzle.cols, "extra": list(puzzle.extra), "clues": len(puzzle.givens),
                "title": puzzle.title, "format": entry.format, "ignored": list(entry.ignored),
                "constraints": [constraint_to_dict(c) for c in puzzle.constraints]}
    n = puzzle.size
    region = [0] * (n * n)
    for k, house in enumerate(puzzle.boxes()):
        for cell in house:
            region[cell] = k + 1
    givens = [0] * (n * n)
    for cell, value in puzzle.givens:
        givens[cell] = value
    return {"variant": True, "n": n, "box": list(puzzle.box) if puzzle.box else None,
            "irregular": puzzle.regions is not None, "region": region, "givens": givens,
            "clues": len(puzzle.givens), "title": puzzle.title, "format": entry.format,
            "ignored": list(entry.ignored),
            "constraints": [constraint_to_dict(c) for c in puzzle.constraints]}


def open_answer(body: dict) -> dict:
    """The answer to ``variant/open``: the drawing, or ``{"variant": false}``."""
    text = read_text(body)
    if not is_variant(text):
        return {"variant": False}
    return drawing(*read_puzzle(text))


FPUZZLES_LINK = "https://www.f-puzzles.com/?load="
ISS_LINK = "https://sigh.github.io/Interactive-Sudoku-Solver/?q="


def export_answer(body: dict) -> dict:
    """The answer to ``variant/export``: the puzzle in each format the project writes."""
    from urllib.parse import quote

    from ..errors import PuzzleError
    from ..variants.fpuzzles import write_fpuzzles
    from ..variants.iss_write import write_iss

    puzzle, _ = read_puzzle(read_text(body))
    out = {"json": puzzle.to_json()}
    try:
        f = write_fpuzzles(puzzle)
        out.update(fpuzzles=f, fpuzzles_link=FPUZZLES_LINK + f)
    except PuzzleError as exc:
        out["fpuzzles_error"] = str(exc)
    try:
        i = write_iss(puzzle)
        out.update(iss=i, iss_link=ISS_LINK + quote(i, safe=""))
    except PuzzleError as exc:
        out["iss_error"] = str(exc)
    return out


# -- jobs (run in a worker process; see gui.jobs) ---------------------------------------------
def _verified(puzzle, solutions) -> list[list[int]]:
    from ..variants.rules import check_solution

    out = []
    for sol in solutions:
        broken = check_solution(puzzle, sol)
        if broken:  # a paradigm's bug: never shown as a solution
            raise BadRequest(f"a solver returned a grid that breaks a rule ({broken[0]}); "
                             f"that is a bug in sudoku-cp", 422)
        out.append(list(sol))
    return out


def _differ(solutions) -> list[int]:
    if len(solutions) < 2:
        return []
    a, b = solutions[:2]
    return [c for c in range(len(a)) if a[c] != b[c]]


def check(text: str, values: list[int] | None, seconds: float) -> dict:
    """The cross-check verdict; ``wrong``: the player's values that differ from the solution."""
    from ..variants.crosscheck import crosscheck
    from ..variants.paradigms import PARADIGMS

    puzzle, entry = read_puzzle(text)
    # The time is shared by the paradigms that take every rule; fast (houses only)
    # declines at once or takes milliseconds. The default set (None), not a list: a
    # default check leaves fast out while its code is not compiled on this machine (a
    # first compile of 30 s or more is not worth a fourth opinion; CI failed on it).
    report = crosscheck(puzzle, None, time_limit=seconds / len(PARADIGMS),
                        type_names=entry.names)
    d = report.to_dict()
    solutions = [list(s) for s in report.solutions]  # checked by crosscheck's reconcile
    wrong, complete = [], False
    if values is not None and d["verdict"] == "unique":
        sol = solutions[0]
        wrong = [{"cell": c, "name": puzzle.cell_name(c).lower(), "value": v}
                 for c, v in enumerate(values) if v and v != sol[c]]
        complete = not wrong and all(values)
    backends = d["backends"]  # as a record says them, and a board's check (docs/json.md)
    differ = _differ(solutions)
    out = {"verdict": d["verdict"], "backends": backends, "not_run": d["not_run"],
           "evidence": d["evidence"], "differ": differ,
           "differ_values": [[c, solutions[0][c], solutions[1][c]] for c in differ],
           "wrong": wrong,
           "complete": complete, "time_s": d["time_s"]}
    if shown_only(puzzle):  # the page names cells by the model's names, draws the solution
        out["differ_names"] = [puzzle.cell_name(c) for c in differ]
        if d["verdict"] == "unique":
            out["picture"] = picture(puzzle, solutions[0])
    if d["verdict"] == "none":  # which of the setter's rules cannot hold together
        from ..variants.conflict import conflict

        found = conflict(puzzle, names=entry.names,
                         time_limit=min(CONFLICT_SECONDS, max(0.5, seconds - d["time_s"])))
        if found is not None:
            out["conflict"] = {**found.to_dict(), "sentence": found.sentence()}
    return out


#: The most a check spends naming the rules that conflict, after a "none".
CONFLICT_SECONDS = 3.0


def solve(text: str, paradigm: str | None, seconds: float) -> dict:
    """Up to two solutions from ``paradigm`` (None: the first that takes the puzzle)."""
    from ..errors import MissingDependencyError
    from ..variants.paradigms import PARADIGMS, UnsupportedConstraint, get_paradigm

    puzzle, entry = read_puzzle(text)
    declined = {}
    for name in [paradigm] if paradigm else list(PARADIGMS):
        try:
            r = get_paradigm(name)(puzzle, limit=2, time_limit=seconds)
        except UnsupportedConstraint as exc:
            declined[name] = str(exc.spoken(entry.names))
            continue
        except MissingDependencyError as exc:
            declined[name] = str(exc)
            continue
        solutions = _verified(puzzle, r.solutions)
        status = ("none" if not solutions and r.exhausted else
                  "timeout" if not r.exhausted and len(solutions) < 2 else r.status)
        shown = {} if not shown_only(puzzle) else {
            "differ_names": [puzzle.cell_name(c) for c in _differ(solutions)],
            **({"picture": picture(puzzle, solutions[0])} if solutions else {})}
        return {**shown, "backend": name, "solutions": solutions, "exhausted": r.exhausted,
                "status": status, "differ": _differ(solutions), "time_s": round(r.time, 6),
                "declined": declined}
    raise BadRequest("no variant paradigm takes this puzzle: " +
                     "; ".join(f"{k}: {v}" for k, v in declined.items()))


def possibilities(text: str, seconds: float) -> dict:
    """For each cell the values some solution gives it (ISS's "all possibilities")."""
    from ..variants.crosscheck import candidates

    puzzle, _ = read_puzzle(text)
    try:
        found = candidates(puzzle, cap=1, time_limit=seconds)
    except AssertionError as exc:  # a solution that broke a rule: a bug, said as one
        raise BadRequest(f"{exc}; that is a bug in sudoku-cp", 422) from None
    cells = [found.values(c) for c in range(puzzle.num_cells)]
    return {"cells": cells, "complete": found.complete, "solutions_seen": found.solutions_seen,
            "unique": found.complete and all(len(v) == 1 for v in cells)}


TASKS: dict[str, Any] = {"variant_check": check, "variant_solve": solve,
                         "variant_possibilities": possibilities}


def handlers(job, time_limit: float, grace: float) -> dict:
    """The async handlers of ``ROUTES`` for ``gui.app``: ``job(body, task, args, seconds)``
    runs a task in a worker."""
    from starlette.concurrency import run_in_threadpool

    from . import work
    from ..variants.paradigms import PARADIGMS

    async def open_(body: dict) -> dict:
        return await run_in_threadpool(open_answer, body)

    async def check_(body: dict) -> dict:
        text = read_text(body)
        puzzle, _ = await run_in_threadpool(read_puzzle, text)  # refused before any job
        values = read_values(body, puzzle)
        seconds = work.read_seconds(body, time_limit)
        return await job(body, "variant_check", (text, values, seconds), seconds + grace)

    async def solve_(body: dict) -> dict:
        text = read_text(body)
        await run_in_threadpool(read_puzzle, text)
        paradigm = work.read_choice(body, "backend", [None, *PARADIGMS], None)
        seconds = work.read_seconds(body, time_limit)
        return await job(body, "variant_solve", (text, paradigm, seconds), seconds + grace)

    async def possibilities_(body: dict) -> dict:
        text = read_text(body)
        await run_in_threadpool(read_puzzle, text)
        seconds = work.read_seconds(body, time_limit)
        return await job(body, "variant_possibilities", (text, seconds), seconds + grace)

    async def export_(body: dict) -> dict:
        return await run_in_threadpool(export_answer, body)

    return dict(zip(ROUTES, (open_, check_, solve_, possibilities_, export_)))
