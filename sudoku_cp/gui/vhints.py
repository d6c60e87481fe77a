"""Hints, the solve path and the grade of variant puzzles, as the page shows them.

The variant logic engine (``sudoku_cp.variants.logic``) does the work; this module starts
it from the player's position, as ``gui.hints`` does for classic puzzles: the player's
values (each first compared with the puzzle's one solution: a wrong one is named, never
hinted from) become givens of the walk, and the ``excluded`` candidates (those earlier
hints removed, or the player struck) are ruled out where the solution allows it.

Each step goes to the page in the classic step's shape (technique, title, rating,
placements, eliminations, cells, text, house_names) and with what a variant board draws:

- ``constraints``: indices into the puzzle's constraints (the order ``variant/open``
  answers them in) whose rule the step applies, or whose cells form the group it reads
  (a cage, a renban line, an extra region): the page outlines them;
- ``areas``: the cells of each group the step reads (a row, a region, a diagonal);
- ``rules``: the format's own names for those constraints' types ("Thermo", "killercage").

A puzzle holding a type the engine has no step logic for is still hinted from the other
rules (every step stays sound: it uses fewer rules, never a wrong one), and the answer
names the type as the format does (``unhandled``). When no step applies the answer says
so (``stuck``), naming those types when there are any: the page never pretends.

Every step is compared with the solution before it is sent (the steps never look at it):
a step against it is a bug, answered 422 with its sentence.
"""

from __future__ import annotations

from dataclasses import replace

from .work import BadRequest

#: Routes under /api/ this module answers.
ROUTES = ("variant/hint", "variant/path", "variant/grade")
#: The puzzles whose solution a worker keeps (text -> (puzzle, names, solution)): a player
#: asks for hint after hint on one puzzle, and the proof of uniqueness is the slow part.
KEEP = 8
_solved: dict = {}
#: Seconds the classic engine (fish, wings, chains on the houses) may take for one hinted
#: step; past them the hint is the labelled trial step, or none. ``explain``, ``grade``,
#: the page's Grade and Solve path give it the engine's own 5 s: a hint is asked for
#: while the player waits, step by step, and a hard position's chain search took 2 to 5 s.
HINT_CLASSIC_SECONDS = 1.0
#: The share of a job's time the walk may start new steps in: the engine checks the time
#: between steps, and one step (a classic chain, a trial) may take seconds more; the walk
#: then answers the steps so far (``complete`` false) before the job would be stopped.
WALK_SHARE = 0.75
_ladders: dict = {}


def read_excluded(body: dict, puzzle) -> list[tuple[int, int]]:
    """``excluded``: ``[cell, value]`` pairs (candidates the player's hints removed)."""
    raw = body.get("excluded") or []
    n2, lo, hi = puzzle.num_cells, *puzzle.values
    if not isinstance(raw, list) or len(raw) > n2 * (hi - lo + 1) or not all(
            isinstance(p, list) and len(p) == 2 and all(
                isinstance(x, int) and not isinstance(x, bool) for x in p)
            and 0 <= p[0] < n2 and lo <= p[1] <= hi for p in raw):
        raise BadRequest(f"'excluded' must be [cell, value] pairs, cells 0 to {n2 - 1} and "
                         f"values {lo} to {hi}")
    return [tuple(p) for p in raw]


def solution_of(text: str, seconds: float, known=None):
    """``(puzzle, names, solution)`` for a puzzle's text, found and proved unique by the
    ``sat`` paradigm (``cli.vlogic.unique_solution``), or a 422 saying why there is none.
    Kept for the next question on the same puzzle (``KEEP``). ``known``: the solution a
    worker proved unique before (the server keeps it, so that the other worker need not
    prove it again); taken when the independent checker passes it for this puzzle."""
    from ..cli.vlogic import unique_solution
    from ..variants.rules import check_solution
    from .variant import read_played

    if text in _solved:
        return _solved[text]
    puzzle, entry = read_played(text)
    if known is not None and len(known) == puzzle.num_cells and \
            not check_solution(puzzle, known):
        solution = tuple(known)
    else:
        solution = unique_solution(puzzle, seconds)
    if isinstance(solution, str):
        raise BadRequest(solution[:1].upper() + solution[1:], 422)
    while len(_solved) >= KEEP:
        del _solved[next(iter(_solved))]
    _solved[text] = puzzle, dict(entry.names), solution
    return _solved[text]


def ladder_of(text: str, puzzle, classic_seconds: float):
    """The engine's finders for a puzzle (``logic.engine.finders``), built once per puzzle
    and kept with what they learnt: the next hint on the same puzzle reuses them."""
    from ..variants.logic.engine import finders
    from ..variants.logic.state import Geometry

    key = (text, classic_seconds)
    if key not in _ladders:
        while len(_ladders) >= KEEP:
            del _ladders[next(iter(_ladders))]
        _ladders[key] = finders(Geometry(puzzle), classic_seconds=classic_seconds)
    return _ladders[key]


def _position(text, values, excluded, seconds, known):
    """The puzzle with the player's right values as givens, the candidates to remove,
    and what the answers need."""
    puzzle, names, solution = solution_of(text, seconds, known)
    values = values or [0] * puzzle.num_cells
    wrong = [c for c, v in enumerate(values) if v and v != solution[c]]
    if wrong:
        c = wrong[0]
        raise BadRequest(f"{puzzle.cell_name(c)} holds {values[c]}, which contradicts the "
                         f"solution: take it out first", 422, cells=wrong)
    givens = {c: v for c, v in puzzle.givens}
    givens.update((c, v) for c, v in enumerate(values) if v)
    here = replace(puzzle, givens=tuple(givens.items()))
    removed = sorted({(c, v) for c, v in excluded if not givens.get(c) and solution[c] != v})
    return puzzle, here, names, solution, removed


def _walk(text, values, excluded, seconds, first, known, classic_seconds=5.0):
    from ..variants.logic import solve_path

    puzzle, here, names, solution, removed = _position(text, values, excluded, seconds, known)
    path = solve_path(here, first=first, time_limit=WALK_SHARE * seconds, removed=removed,
                      ladder=ladder_of(text, puzzle, classic_seconds))
    for step in path.steps:  # never trust a step: each agrees with the checked solution
        if any(solution[c] != v for c, v in step.placements) or \
                any(solution[c] == v for c, v in step.eliminations):
            raise BadRequest(f"a step against the solution ({step.text}): that is a bug in "
                             f"sudoku-cp", 422)
    return puzzle, names, path, list(solution)


def title_of(technique: str) -> str:
    """A technique's name on the page: the variant engine's, capitalised, or for a step of
    the classic engine (``classic: x_wing``) the classic engine's own ("X-wing")."""
    if technique.startswith("classic: "):
        from .hints import title_of as classic_title

        return classic_title(technique.split(": ", 1)[1])
    return technique[:1].upper() + technique[1:]


def _dress(step, puzzle, names, geometry) -> dict:
    """The step as the page shows it (see the module docstring)."""
    from ..variants.model import constraint_cells

    areas = [list(geometry.groups[h]) for h in step.groups]
    constraints = list(step.sources)
    for area in map(set, areas):  # a group that is a constraint's cells: a cage, a renban
        constraints += [i for i, c in enumerate(puzzle.constraints)
                        if c.TYPE in ("killer_cage", "renban", "extra_region")
                        and set(constraint_cells(c)) == area and i not in constraints]
    kinds = dict.fromkeys(puzzle.constraints[i].TYPE for i in constraints)
    title = title_of(step.technique)
    return {**step.to_dict(), "title": title, "source": "variant logic", "houses": [],
            "house_names": [geometry.names[h] for h in step.groups], "areas": areas,
            "constraints": constraints, "rules": [names.get(k, k) for k in kinds],
            "blockers": [], "links": []}


def _said(names, types) -> list[str]:
    return [names.get(t, t) for t in types]


# Each task answers ``_solution`` too: the server keeps it (``handlers``) and never sends it.
def hint(text: str, values: list[int] | None, excluded, seconds: float, known=None) -> dict:
    """The next step from the player's position (``done`` when the board is full)."""
    from ..variants.logic.state import Geometry

    if values is not None and all(values):
        return {"step": None, "done": True}
    puzzle, names, path, solution = _walk(text, values, excluded, seconds, True, known,
                                          classic_seconds=HINT_CLASSIC_SECONDS)
    unhandled = _said(names, path.unhandled)
    if not path.steps:
        return {"step": None, "done": False, "stuck": path.stuck, "complete": path.complete,
                "unhandled": unhandled, "contradiction": path.contradiction,
                "classic_seconds": HINT_CLASSIC_SECONDS, "_solution": solution}
    return {"step": _dress(path.steps[0], puzzle, names, Geometry(puzzle)), "done": False,
            "unhandled": unhandled, "_solution": solution}


def path(text: str, values: list[int] | None, excluded, seconds: float, known=None) -> dict:
    """Every step from the player's position, easiest first at each point."""
    from ..variants.logic.state import Geometry

    puzzle, names, p, solution = _walk(text, values, excluded, seconds, False, known)
    g = Geometry(puzzle)
    steps = [_dress(s, puzzle, names, g) for s in p.steps]
    return {"steps": steps, "complete": p.complete, "solved": p.solved, "stuck": p.stuck,
            "unhandled": _said(names, p.unhandled),
            "rating": max((s["rating"] for s in steps), default=None), "_solution": solution}


def grade(text: str, seconds: float, known=None) -> dict:
    """The puzzle's level and rating from the givens (provisional scale: ``logic.scores``)."""
    puzzle, names, p, solution = _walk(text, None, (), seconds, False, known)
    d = p.to_dict()
    hardest = d["hardest"]
    return {**d, "unhandled": _said(names, p.unhandled),
            "hardest_title": title_of(hardest) if hardest else None,
            "time_s": round(p.seconds, 6), "_solution": solution}


TASKS = {"variant_hint": hint, "variant_path": path, "variant_grade": grade}


def handlers(job, time_limit: float, grace: float) -> dict:
    """The async handlers of ``ROUTES`` for ``gui.app``: the puzzle is read (and a bad or
    unsupported one refused by name) before any job starts."""
    from starlette.concurrency import run_in_threadpool

    from . import work
    from .variant import read_played, read_text, read_values

    known: dict = {}  # text -> the solution a worker proved unique (for the other worker)

    async def read(body: dict):
        text = read_text(body)
        puzzle, _ = await run_in_threadpool(read_played, text)
        return text, puzzle, work.read_seconds(body, time_limit)

    async def ask(body: dict, task: str, text: str, args: tuple, seconds: float) -> dict:
        answer = await job(body, task, (text, *args, seconds, known.get(text)), seconds + grace)
        solution = answer.pop("_solution", None)
        if solution is not None and text not in known:
            while len(known) >= 4 * KEEP:
                del known[next(iter(known))]
            known[text] = solution
        return answer

    async def hint_(body: dict) -> dict:
        text, puzzle, seconds = await read(body)
        args = (read_values(body, puzzle), read_excluded(body, puzzle))
        return await ask(body, "variant_hint", text, args, seconds)

    async def path_(body: dict) -> dict:
        text, puzzle, seconds = await read(body)
        args = (read_values(body, puzzle), read_excluded(body, puzzle))
        return await ask(body, "variant_path", text, args, seconds)

    async def grade_(body: dict) -> dict:
        text, _, seconds = await read(body)
        return await ask(body, "variant_grade", text, (), seconds)

    return dict(zip(ROUTES, (hint_, path_, grade_)))
