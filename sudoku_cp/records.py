"""One JSON record per puzzle: the schema every command writes (see docs/json.md).

A record always has the same keys in the same order, whichever command wrote it and
whether it ran as a batch or not; a key without a value holds ``null`` (or an empty
list or object). The first four keys come first so that a results file can be read
back quickly (``--resume`` matches them with a regular expression before it falls
back to parsing JSON).

>>> from sudoku_cp import Board, crosscheck
>>> b = Board.parse("1..." "...2" "..4." ".3..")
>>> r = check_record(crosscheck(b, ["backtrack"]), line=1, source="<argument>", index=1)
>>> list(r)[:6], r["verdict"], r["solution"]
(['line', 'source', 'index', 'verdict', 'puzzle', 'format'], 'unique', '1234341221434321')
"""

from __future__ import annotations

from typing import Sequence

from json.encoder import encode_basestring_ascii as _string

from .verdicts import Verdict

#: Every key of a record, in order: one schema for classic and variant puzzles alike
#: (docs/json.md). A key that means nothing for a puzzle holds null or an empty value.
KEYS = ("line", "source", "index", "verdict", "puzzle", "format", "id", "size", "box",
        "solution", "solutions", "backends", "agreed", "finished", "cancelled", "not_run",
        "evidence", "notes", "candidates", "conflict", "time_s", "error")

#: ``format`` of a puzzle read by the classic reader (a line, a grid, CSV, SDM...).
CLASSIC = "classic"


def record(*, line: int | None, source: str, index: int, verdict: str, puzzle: str | None,
           format: str | None = CLASSIC, id: str | None = None, size: int | None = None,
           box: str | None = None, solution=None, solutions: Sequence = (),
           backends: dict | None = None, agreed: Sequence[str] = (),
           finished: dict | None = None, cancelled: Sequence[str] = (),
           not_run: dict | None = None,
           evidence: Sequence[str] = (), notes: Sequence[str] = (), candidates=None,
           conflict=None, time_s: float | None = None, error: str | None = None,
           **extra) -> dict:
    """A record with every key of ``KEYS`` in order, then any ``extra`` keys. ``size``
    defaults to the side a ``box`` of ``RxC`` gives."""
    if size is None and box:
        r, c = box.split("x")
        size = int(r) * int(c)
    return {"line": line, "source": source, "index": index, "verdict": str(verdict),
            "puzzle": puzzle, "format": format, "id": id, "size": size, "box": box,
            "solution": solution, "solutions": list(solutions), "backends": backends or {},
            "agreed": list(agreed), "finished": finished or {}, "cancelled": list(cancelled),
            "not_run": not_run or {}, "evidence": list(evidence), "notes": list(notes),
            "candidates": candidates, "conflict": conflict,
            "time_s": None if time_s is None else round(time_s, 6), "error": error, **extra}


def invalid_record(*, line: int | None, source: str, index: int, text: str, error: str) -> dict:
    """The record of a line that is not a puzzle."""
    return record(line=line, source=source, index=index, verdict=Verdict.INVALID,
                  puzzle=text, error=error)


def error_record(board, exc: BaseException, *, line, source, index) -> dict:
    """The record of a puzzle on which a backend raised (a bug, kept in the results)."""
    return record(line=line, source=source, index=index, verdict=Verdict.ERROR,
                  puzzle=board.to_text(), box=_box(board), error=f"{type(exc).__name__}: {exc}")


def check_record(report, *, line, source, index) -> dict:
    """The record of one cross-checked puzzle (``sudoku-cp check``); the verdict is the
    report's (``crosscheck.judge`` decides it, a stated solution included)."""
    d = report.to_dict()
    extra = {}
    if report.expected is not None:
        extra["expected_solution"] = report.expected
    return record(line=line, source=source, index=index, verdict=d["verdict"],
                  puzzle=report.board.to_text(), box=d["box"], solution=d["solution"],
                  solutions=d["solutions"], backends=d["backends"],
                  agreed=agreed(d["verdict"], d["backends"]), evidence=d["evidence"],
                  notes=getattr(report, "notes", ()), time_s=report.time_s, **extra)


def agreed(verdict: str, backends: dict) -> list[str]:
    """The backends whose own claim is the verdict (none for ``disagree`` or ``unknown``).

    >>> agreed("unique", {"sat": {"claim": "unique"}, "cpsat": {"claim": "unknown"}})
    ['sat']
    """
    if verdict not in ("unique", "multiple", "none"):
        return []
    return [name for name, answer in backends.items() if answer.get("claim") == verdict]


def unique_line(where: tuple, puzzle: str, box: tuple[int, int], solution: str, stats,
                time_backend: float, time_all: float, backend: str = "fast") -> str:
    """The JSON line of a puzzle one bulk backend proved unique, exactly as ``json.dumps``
    writes ``check_record`` of its report, without building the report (a third of a
    17-clue check's time in a ``fast`` batch). ``where`` is ``(source, line, index)``;
    ``stats`` the row (nodes, guesses, exhausted) of the bulk call. A test holds the two
    equal, byte for byte; ``unique_lines`` makes many at once."""
    source, line, index = where[:3]
    return unique_lines(source, box, backend, [line], [index], [puzzle], [solution],
                        [stats[0]], [stats[1]], time_backend, time_all)[0]


def unique_lines(source: str, box: tuple[int, int], backend: str, lines: Sequence,
                 indices: Sequence[int], puzzles: Sequence[str], solutions: Sequence[str],
                 nodes: Sequence[int], guesses: Sequence[int], time_backend: float,
                 time_all: float) -> list[str]:
    """``unique_line`` for many puzzles of one source, shape and backend, in one pass:
    puzzle i has ``lines[i]``, ``indices[i]``, its givens and solution as text
    (``puzzles[i]``, ``solutions[i]``) and its search's ``nodes[i]`` and ``guesses[i]``
    (Python integers: they are written with ``str``);
    the times are each puzzle's share of the bulk call and of the whole check. The parts
    every line shares are encoded once; the texts are escaped only when some character
    needs it (never for the symbols of a compact board)."""
    head = f', "source": {_string(source)}, "index": '
    shape = (f'", "format": "{CLASSIC}", "id": null, "size": {box[0] * box[1]}, '
             f'"box": "{box[0]}x{box[1]}", "solution": "')
    name = (f'"], "backends": {{{_string(backend)}: {{"status": "solved", "solutions": 1, '
            f'"exhausted": true, "time_s": {round(time_backend, 6)!r}, "stats": {{"nodes": ')
    tail = (f', "count": 1}}, "claim": "unique"}}}}, "agreed": [{_string(backend)}], '
            f'"finished": {{}}, "cancelled": [], "not_run": {{}}, "evidence": [], '
            f'"notes": [], "candidates": null, "conflict": null, '
            f'"time_s": {round(time_all, 6)!r}, "error": null}}')
    texts = "".join(puzzles) + "".join(solutions)
    if len(_string(texts)) != len(texts) + 2:  # some character needs escaping
        puzzles = [_string(p)[1:-1] for p in puzzles]
        solutions = [_string(p)[1:-1] for p in solutions]
    if None in lines:  # (a puzzle that came from no line)
        lines = [_int(v) for v in lines]
    return [f'{{"line": {line}{head}{index}, "verdict": "unique", "puzzle": "{puzzle}{shape}'
            f'{sol}", "solutions": ["{sol}{name}{n}, "guesses": {g}{tail}'
            for line, index, puzzle, sol, n, g in zip(lines, indices, puzzles, solutions,
                                                      nodes, guesses)]


def _int(v) -> str:
    return "null" if v is None else str(int(v))


def _box(board) -> str:
    return f"{board.box[0]}x{board.box[1]}"
