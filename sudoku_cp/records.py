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
(['line', 'source', 'index', 'verdict', 'puzzle', 'box'], 'unique', '1234341221434321')
"""

from __future__ import annotations

from typing import Sequence

from .verdicts import Verdict

#: Every key of a record, in order.
KEYS = ("line", "source", "index", "verdict", "puzzle", "box", "solution", "solutions",
        "backends", "evidence", "time_s", "error")


def record(*, line: int | None, source: str, index: int, verdict: str, puzzle: str,
           box: str | None = None, solution: str | None = None, solutions: Sequence[str] = (),
           backends: dict | None = None, evidence: Sequence[str] = (),
           time_s: float | None = None, error: str | None = None, **extra) -> dict:
    """A record with every key of ``KEYS`` in order, then any ``extra`` keys."""
    return {"line": line, "source": source, "index": index, "verdict": str(verdict),
            "puzzle": puzzle, "box": box, "solution": solution, "solutions": list(solutions),
            "backends": backends or {}, "evidence": list(evidence),
            "time_s": None if time_s is None else round(time_s, 6), "error": error, **extra}


def invalid_record(*, line: int | None, source: str, index: int, text: str, error: str) -> dict:
    """The record of a line that is not a puzzle."""
    return record(line=line, source=source, index=index, verdict=Verdict.INVALID,
                  puzzle=text, error=error)


def error_record(board, exc: BaseException, *, line, source, index) -> dict:
    """The record of a puzzle on which a backend raised (a bug, kept in the results)."""
    return record(line=line, source=source, index=index, verdict=Verdict.ERROR,
                  puzzle=board.to_text(), box=_box(board), error=f"{type(exc).__name__}: {exc}")


def expected_verdict(report, expected: Sequence[int] | None) -> tuple[str, str | None]:
    """The verdict once the input's stated solution is compared, and ``match``/``differs``.

    A unique puzzle whose stated solution is not its solution is a ``mismatch``: the
    input is wrong (or a backend is), and either way the check failed.
    """
    verdict = report.verdict.value
    if not expected:
        return verdict, None
    same = report.solution is not None and tuple(expected) == tuple(report.solution)
    if verdict == Verdict.UNIQUE and not same:
        return Verdict.MISMATCH.value, "differs"
    return verdict, "match" if same else "differs"


def check_record(report, *, line, source, index, expected=None) -> dict:
    """The record of one cross-checked puzzle (``sudoku-cp check``)."""
    d = report.to_dict()
    verdict, compared = expected_verdict(report, expected)
    evidence = list(d["evidence"])
    extra = {}
    if getattr(report, "notes", None):  # how the check was run, e.g. backends left out
        extra["notes"] = list(report.notes)
    if compared is not None:
        extra["expected_solution"] = compared
        if compared == "differs":
            evidence.append("the solution stated in the input differs from the one found")
    return record(line=line, source=source, index=index, verdict=verdict,
                  puzzle=report.board.to_text(), box=d["box"], solution=d["solution"],
                  solutions=d["solutions"], backends=d["backends"], evidence=evidence,
                  time_s=report.time_s, **extra)


def _box(board) -> str:
    return f"{board.box[0]}x{board.box[1]}"
