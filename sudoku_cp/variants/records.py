"""One variant puzzle's JSON record, and the check that fills it.

A variant record is the project's one record (``sudoku_cp.records.KEYS``, docs/json.md):
the same keys in the same order as a board's, so one results file, lock and ``--resume``
serve both, and a key means the same in both (``backends`` per paradigm, as per backend).
"""

from __future__ import annotations

from ..records import KEYS


def record(**fields) -> dict:
    """A variant puzzle's record: the one schema (``sudoku_cp.records.KEYS``), every key
    in order, absent ones null or empty."""
    from ..records import record as make

    extra = set(fields) - set(KEYS)
    assert not extra, extra  # a key outside the documented schema is a bug
    fields.setdefault("puzzle", None)
    return make(**fields)


def base(index, source, line, entry) -> dict:
    """The keys that say where a puzzle came from and how it was read."""
    rec = {"index": index, "source": source, "line": line, "id": entry.ident,
           "format": entry.format, "puzzle": entry.text, "notes": []}
    puzzle = getattr(entry, "puzzle", None)
    if puzzle is not None:
        rec["size"] = puzzle.size
        if puzzle.box:
            rec["box"] = f"{puzzle.box[0]}x{puzzle.box[1]}"
    if entry.ignored:
        rec["notes"] = [f"ignored cosmetic f-puzzles element(s): {', '.join(entry.ignored)}"]
    rec["notes"] += list(entry.notes)
    return rec


def check_one(entry, paradigms, time_limit, cap=None) -> dict:
    """The verdict keys of one entry: invalid, or the cross-check of its paradigms
    (``mismatch`` when it is unique with another solution than the one it states;
    ``error`` when a paradigm raised: kept as this puzzle's record, the batch goes on)."""
    return checked(entry, paradigms, time_limit, cap)[0]


def checked(entry, paradigms, time_limit, cap=None) -> tuple[dict, object]:
    """``check_one``'s keys and the cross-check's ``Report`` (None when none ran),
    which the command line prints from where the check ran in its process."""
    from .crosscheck import ParadigmError, first_line, candidates, crosscheck
    from .rules import clashes

    if entry.error:
        return {"verdict": "invalid", "error": entry.error}, None
    try:
        report = crosscheck(entry.puzzle, paradigms, time_limit=time_limit, type_names=entry.names)
    except ParadigmError as exc:
        return {"verdict": "error", "error": str(exc)}, None
    found = report.to_dict()
    rec = {k: found[k] for k in ("verdict", "solutions", "backends", "not_run", "evidence",
                                 "agreed", "finished", "cancelled")}
    rec["time_s"] = found["time_s"]
    sol = report.solution
    rec["solution"] = list(sol) if sol and report.verdict.value == "unique" else None
    if report.verdict.value == "none":  # why, where the givens say it (as a classic record)
        found = clashes(entry.puzzle)
        rec["evidence"] += found
        if not found:  # else: which rules cannot hold together (variants.conflict)
            why = _conflict(entry, time_limit)
            if why is not None:
                rec["conflict"] = why.to_dict()
                rec["evidence"].append(why.sentence())
    stated = len(entry.expected) if entry.expected is not None else 0  # (the grid alone, or with the extra cells)
    if entry.expected is not None and report.verdict.value == "unique" and tuple(sol[:stated]) != entry.expected:
        rec["verdict"] = "mismatch"
        rec["evidence"].append("the stated solution differs from the puzzle's solution")
    if cap:
        try:
            rec["candidates"] = candidates(entry.puzzle, cap=cap, time_limit=time_limit).to_dict()
        except Exception as exc:  # (a bug, as above: this puzzle's record says it)
            rec.update(verdict="error", error=f"candidates: {type(exc).__name__}: {first_line(exc)}")
    return rec, report


#: The most a record spends naming the rules that conflict (seconds).
CONFLICT_SECONDS = 5.0


def _conflict(entry, time_limit):
    from .conflict import conflict

    limit = CONFLICT_SECONDS if time_limit is None else min(CONFLICT_SECONDS, time_limit)
    return conflict(entry.puzzle, names=entry.names, time_limit=limit)


def checked_record(index, source, line, entry, paradigms, time_limit, cap=None) -> dict:
    """The whole record of one entry."""
    return record(**base(index, source, line, entry), **check_one(entry, paradigms,
                                                                   time_limit, cap))
