"""What the page asks of the library: plain JSON in, plain JSON out.

``read_*`` functions check a request body and raise ``BadRequest`` (one sentence naming
the field, cell or symbol) before any work starts. The ``TASKS`` run in a worker process
(see ``sudoku_cp.gui.jobs``) so that a time limit or the page's Cancel button can stop them;
they take and return plain data, since they cross a process boundary.

Every solution shown to the player has passed the independent ``is_solution``.
"""

from __future__ import annotations

from ..errors import SudokuCpError

from typing import Any, Sequence

from ..board import Board, PuzzleError, cell_name, parse_box

#: Board sides the page plays (25x25 works but is slow to generate).
MIN_N, MAX_N = 4, 25
#: Most puzzles one parse request returns (a file may hold many more).
MAX_PUZZLES = 500


class BadRequest(SudokuCpError, ValueError):
    """A request the server cannot act on: answered 4xx with ``{"error": message}``."""

    def __init__(self, message: str, status: int = 400, **extra: Any):
        super().__init__(message)
        self.status = status
        self.extra = extra


# -- reading requests --------------------------------------------------------------------------
def read_box(value) -> tuple[int, int] | None:
    """A box shape from ``"2x3"``, ``[2, 3]`` or None."""
    if value in (None, ""):
        return None
    try:
        if isinstance(value, str):
            return parse_box(value)
        rows, cols = value
        if isinstance(rows, int) and isinstance(cols, int) and rows > 0 and cols > 0:
            return rows, cols
    except PuzzleError as exc:
        raise BadRequest(str(exc)) from None
    except (TypeError, ValueError):
        pass
    raise BadRequest(f"'box' must be text such as \"2x3\" or two positive integers, not {value!r}")


def read_board(body: dict) -> Board:
    """The puzzle of a request: ``puzzle`` as text in any form the CLI reads, or a list of
    n*n integers (0 empty); ``box`` optional."""
    box = read_box(body.get("box"))
    puzzle = body.get("puzzle")
    try:
        if isinstance(puzzle, str):
            from ..parse import parse_puzzle

            board = parse_puzzle(puzzle, box=box)
        elif isinstance(puzzle, list) and all(_is_int(v) for v in puzzle):
            board = Board.from_values(puzzle, box)
        else:
            raise BadRequest("'puzzle' must be text or a list of n*n integers (0 empty)")
    except PuzzleError as exc:
        raise BadRequest(str(exc)) from None
    if not MIN_N <= board.n <= MAX_N:
        raise BadRequest(f"the page plays boards from {MIN_N}x{MIN_N} to {MAX_N}x{MAX_N}, "
                         f"not {board.n}x{board.n}")
    return board


def read_position(body: dict, board: Board) -> list[int]:
    """The player's position: ``values``, n*n integers 0..n that keep every given
    (a given's cell may also be 0). Defaults to the givens."""
    values = body.get("values")
    if values is None:
        return list(board.givens)
    n = board.n
    if not isinstance(values, list) or len(values) != n * n or not all(_is_int(v) for v in values):
        raise BadRequest(f"'values' must be a list of {n * n} integers (0 empty)")
    for cell, (g, v) in enumerate(zip(board.givens, values)):
        if not 0 <= v <= n:
            raise BadRequest(f"value {v} at {cell_name(cell, n)} is outside 1..{n}", cells=[cell])
        if g and v and v != g:
            raise BadRequest(f"{cell_name(cell, n)} is the given {g}, not {v}", cells=[cell])
    return [v or g for g, v in zip(board.givens, values)]


def read_excluded(body: dict, board: Board) -> list[tuple[int, int]]:
    """Candidates removed by hints the player applied: a list of [cell, value] pairs."""
    pairs = body.get("excluded") or []
    n = board.n
    if (not isinstance(pairs, list) or len(pairs) > n ** 3
            or not all(isinstance(p, list) and len(p) == 2 and all(_is_int(x) for x in p)
                       and 0 <= p[0] < n * n and 1 <= p[1] <= n for p in pairs)):
        raise BadRequest(f"'excluded' must be a list of [cell, value] pairs with cell in "
                         f"0..{n * n - 1} and value in 1..{n}")
    return [tuple(p) for p in pairs]


def read_choice(body: dict, key: str, choices: Sequence, default):
    value = body.get(key, default)
    if value is None:
        value = default
    if value not in choices:
        raise BadRequest(f"'{key}' must be one of {', '.join(map(str, choices))}, not {value!r}")
    return value


def read_seconds(body: dict, cap: float) -> float:
    """``time_limit`` in seconds, at most the server's ``cap`` (the default)."""
    value = body.get("time_limit", cap)
    if value is None:
        return cap
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise BadRequest(f"'time_limit' must be a positive number of seconds, not {value!r}")
    return min(float(value), cap)


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def parse(body: dict) -> dict:
    """Every puzzle in a pasted text or a file's text (the same reader as the CLI)."""
    from ..parse import parse_many

    text = body.get("text")
    if not isinstance(text, str):
        raise BadRequest("'text' must be the puzzle text (any form the CLI reads)")
    box = read_box(body.get("box"))
    puzzles, errors, total = [], [], 0
    for entry in parse_many(text, box=box, source="<pasted>"):
        total += 1
        if len(puzzles) + len(errors) >= MAX_PUZZLES:
            continue
        if entry.error:
            errors.append({"line": entry.line, "error": f"line {entry.line}: {entry.error}"})
        elif not MIN_N <= entry.board.n <= MAX_N:
            errors.append({"line": entry.line, "error": f"line {entry.line}: the page plays "
                           f"boards from {MIN_N}x{MIN_N} to {MAX_N}x{MAX_N}, not "
                           f"{entry.board.n}x{entry.board.n}"})
        else:
            puzzles.append({"line": entry.line, **board_json(entry.board)})
    if not puzzles:
        message = errors[0]["error"] if errors else "no puzzle in the text"
        raise BadRequest(message, errors=errors)
    return {"puzzles": puzzles, "errors": errors, "total": total}


def board_json(board: Board) -> dict:
    br, bc = board.box
    return {"n": board.n, "box": [br, bc], "givens": list(board.givens), "text": board.to_text(),
            "clues": board.clues}


# -- work (runs in a worker process) --------------------------------------------------------------
def differ(a: Sequence[int], b: Sequence[int]) -> list[int]:
    return [c for c, (x, y) in enumerate(zip(a, b)) if x != y]


def check(board: Board, position: list[int], time_limit: float) -> dict:
    """The cross-check verdict, each backend side by side, and the player's wrong entries."""
    from ..pipeline import check_board
    from .hints import wrong_entries

    checked = check_board(board, time_limit=time_limit)
    if checked.report is None:  # a backend raised: a bug, reported as the job's error
        raise RuntimeError(checked.record["error"])
    report = checked.report
    out = report.to_dict()
    out["time_s"] = round(report.time_s, 4)
    out["solutions"] = [list(s) for s in report.solutions]
    out["solution"] = list(report.solution) if report.solution else None
    out["differ"] = differ(*report.solutions[:2]) if len(report.solutions) > 1 else []
    unique = report.verdict.value == "unique"
    wrong = wrong_entries(board, position, report.solution) if unique else []
    out["wrong"] = [{"cell": c, "name": cell_name(c, board.n), "value": position[c]} for c in wrong]
    out["complete"] = bool(report.solution) and out["verdict"] == "unique" and \
        list(position) == list(report.solution)
    return out


def solve(board: Board, limit: int, backend: str, time_limit: float) -> dict:
    """Up to ``limit`` solutions from one backend; with two, the cells where they differ."""
    from ..backends import solve as run
    from ..check import is_solution

    result = run(board, backend, limit=limit, time_limit=time_limit)
    valid = [list(s) for s in result.solutions if is_solution(board, s)]
    if len(valid) != len(result.solutions):
        raise BadRequest(f"the {backend} backend returned a non-solution (a bug): run "
                         f"'sudoku-cp check {board.to_text()}' for the evidence", status=422)
    return {"backend": backend, "status": result.status.value, "count": result.count,
            "exhausted": result.exhausted, "time_s": round(result.time_s, 4),
            "stats": result.stats, "solutions": valid,
            "differ": differ(*valid[:2]) if len(valid) > 1 else []}


def hint(board: Board, position: list[int], excluded, time_limit: float) -> dict:
    from .hints import HintError, next_step

    try:
        step = next_step(board, position, excluded, time_limit=time_limit)
    except HintError as exc:
        raise BadRequest(str(exc), status=422, cells=exc.cells) from None
    return {"step": step, "done": step is None}


def path(board: Board, position: list[int], excluded, time_limit: float) -> dict:
    """Every step from the player's position to the solution (the solve-path panel)."""
    from .hints import HintError, solve_path

    try:
        return solve_path(board, position, excluded, time_limit=time_limit)
    except HintError as exc:
        raise BadRequest(str(exc), status=422, cells=exc.cells) from None


def grade(board: Board, time_limit: float) -> dict:
    from ..grade import grade as rate
    from .hints import rating, title_of

    try:
        g = rate(board)
    except PuzzleError as exc:
        raise BadRequest(str(exc), status=422) from None
    score = getattr(g, "rating", None)  # the grader rates puzzles once it runs on the logic engine
    return {**g.to_dict(), "level": g.level, "hardest": g.hardest,
            "hardest_title": title_of(g.hardest) if g.hardest else None,
            "rating": score if score is not None else rating(board, time_limit=time_limit)}


def generate(box: tuple[int, int], symmetry: str, difficulty: str | None, seed: int | None,
             time_limit: float) -> dict:
    """One puzzle with exactly one solution, confirmed by the generator's default verifiers
    (``generate.default_verifiers``), and its grade."""
    from ..generate import generate as make
    from .hints import rating, title_of

    puzzle = next(make(1, box=box, symmetry=symmetry, difficulty=difficulty, seed=seed,
                       attempts=10 if difficulty else 1))
    score = getattr(puzzle.grade, "rating", None)
    return {**puzzle.to_dict(), **board_json(puzzle.board), "level": puzzle.level,
            "solution_values": list(puzzle.solution),
            "hardest": puzzle.grade.hardest if puzzle.grade else None,
            "hardest_title": title_of(puzzle.grade.hardest) if puzzle.grade and
            puzzle.grade.hardest else None,
            "rating": score if score is not None else rating(puzzle.board, time_limit=time_limit)}
