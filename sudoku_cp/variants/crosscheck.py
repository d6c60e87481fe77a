"""Cross-check a variant puzzle: several paradigms, every solution verified, one verdict.

Each paradigm is asked for up to two solutions. Every solution it returns is checked by
``rules.check_solution`` (which shares no code with any encoder) before it counts. The
verdict words are the project's (``sudoku_cp.verdicts``):

- ``unique``: every paradigm that ran found the same single valid solution and finished;
- ``multiple``: two distinct valid solutions exist (for a chaos construction, whose regions
  are unknowns, one grid with two splits into regions is two solutions, as ISS counts);
- ``none``: every paradigm finished without a solution;
- ``disagree``: a paradigm returned a non-solution, or claims unique/none against the
  evidence of another: a bug, reported loudly;
- ``unknown``: a time limit stopped a paradigm first, or fewer than two paradigms could run;
  the evidence names the paradigms stopped and says what the others found ("witness
  stopped by the time limit; sat and cpsat agree: unique"). Two paradigms that settled
  it are not enough: a verdict needs every paradigm that ran, as on the classic side.

A paradigm that cannot run (not installed, or a constraint type it declines) is listed in
``not_run`` with its reason, the type named as the puzzle's format names it when
``type_names`` says (``Thermo`` for an ISS string, not ``thermometer``); the report always
says which paradigms ran.

>>> from sudoku_cp.variants.model import VariantPuzzle, Thermometer
>>> r = crosscheck(VariantPuzzle(4, givens=((5, 4), (9, 1), (14, 1)),
...                              constraints=(Thermometer((0, 1, 2, 3)),)), ["sat", "cpsat"])
>>> r.verdict.value, r.ran
('unique', ['sat', 'cpsat'])
"""

from __future__ import annotations

import threading
import time
from contextlib import nullcontext
from dataclasses import dataclass

from ..errors import MissingDependencyError, SudokuCpError
from ..reconcile import claim, differing_cells, reconcile as shared_reconcile
from ..report import Report
from ..verdicts import Verdict
from . import parallel
from .paradigms import (HOUSES_ONLY, PARADIGMS, PYTHON_SEARCH, UnsupportedConstraint,
                        VariantResult, get_paradigm, not_ready)
from .rules import check_solution

#: Paradigms a default cross-check runs, in order: the three that take every constraint
#: type, then ``fast`` (the compiled classic solver), which runs only on a puzzle that is
#: houses only and otherwise declines at once, listed in ``not_run`` (as it is when its
#: compiled code is not on this machine yet: a default check does not wait for that).
DEFAULT_PARADIGMS = tuple(PARADIGMS) + tuple(HOUSES_ONLY)

#: Whether the witness searches on a thread beside the other paradigms (``crosscheck``).
#: A batch worker whose engine already takes every core turns it off (``workers.
#: init_worker``): no core is spare, and each thread the other paradigms start or join
#: then waits for the witness to hand the interpreter over (docs/variants_speed.md).
BESIDE = True


def crosscheck(puzzle, paradigms=None, *, time_limit: float | None = None,
               type_names: dict | None = None) -> Report:
    """Run ``paradigms`` (default: all registered) on ``puzzle`` and reconcile them.

    ``type_names``: constraint type -> the name the puzzle's format gives it, for the reasons
    in ``not_run`` (``formats.VariantEntry.names``).

    A paradigm searching in Python (``PYTHON_SEARCH``, the witness) runs on a thread of
    its own beside the others when there are others; a Ctrl-C, or any error, on the
    calling thread stops it before the error goes on."""
    start = time.perf_counter()
    names = list(paradigms) if paradigms else list(DEFAULT_PARADIGMS)
    if (pool := parallel.current()) is not None:  # all at once, in warm processes
        return pool.crosscheck(puzzle, names, asked=bool(paradigms), time_limit=time_limit,
                               type_names=type_names)
    from concurrent.futures import ThreadPoolExecutor  # (here: a check at once needs none)

    outcomes: dict[str, tuple] = {}
    aside = (next((n for n in names if n in PYTHON_SEARCH), None)
             if len(names) > 1 and BESIDE else None)
    stop = threading.Event()
    with ThreadPoolExecutor(1, "witness") if aside else nullcontext() as pool:
        beside = pool.submit(_run, aside, puzzle, time_limit, stop, type_names) if aside else None
        try:
            for name in names:
                if name == aside:
                    continue
                if not paradigms and name in HOUSES_ONLY and (why := not_ready(name)):
                    outcomes[name] = (None, why)  # a fourth opinion, not worth a compile unasked
                    continue
                outcomes[name] = _run(name, puzzle, time_limit, type_names=type_names)
            if beside is not None:
                outcomes[aside] = beside.result()
        except BaseException:
            stop.set()  # the thread's search ends at its next node; leaving `with` waits for it
            raise
    results = {n: outcomes[n][0] for n in names if outcomes[n][0] is not None}
    not_run = {n: outcomes[n][1] for n in names if outcomes[n][0] is None}
    verdict, solutions, evidence = settle(puzzle, results)
    return Report(puzzle, verdict, solutions, results, evidence,
                  time.perf_counter() - start, not_run=not_run)


def settle(puzzle, results) -> tuple:
    """``(verdict, solutions, evidence)`` of the paradigms that ran: ``reconcile``, and
    ``unknown`` when fewer than two ran (a verdict needs two agreeing)."""
    verdict, solutions, evidence = reconcile(puzzle, results)
    if len(results) < 2 and verdict is not Verdict.DISAGREE and verdict is not Verdict.MULTIPLE:
        evidence.append(f"only {len(results)} paradigm(s) ran; a verdict needs two agreeing")
        verdict = Verdict.UNKNOWN
    return verdict, solutions, evidence


def _run(name, puzzle, time_limit, stop=None, type_names=None):
    """``(result, None)``, or ``(None, why)`` for a paradigm that cannot run here."""
    solve = get_paradigm(name)
    extra = {"stop": stop} if stop is not None else {}
    try:
        return solve(puzzle, limit=2, time_limit=time_limit, **extra), None
    except UnsupportedConstraint as exc:
        return None, str(exc.spoken(type_names or {}))
    except MissingDependencyError as exc:
        return None, str(exc)
    except Exception as exc:  # a bug in one paradigm: say which, the caller records it
        raise ParadigmError(f"{name} raised {type(exc).__name__}: {first_line(exc)}") from exc


def first_line(exc) -> str:
    """The first line of an exception's message (a record's error is one line)."""
    return (str(exc).strip().splitlines() or [""])[0]


class ParadigmError(SudokuCpError, RuntimeError):
    """A paradigm raised on a puzzle (a bug, not bad input: the record's verdict is
    ``error``); the message names the paradigm, the exception is its ``__cause__``."""


def reconcile(puzzle, results):
    """``(verdict, solutions, evidence)`` from the paradigms' results, by the rules every
    cross-check shares (``sudoku_cp.reconcile``) with the checker ``rules.check_solution``.
    A chaos construction's regions are unknowns: one grid returned twice (two splits into
    regions) is two solutions there, as ISS counts."""
    def fault(sol):
        broken = check_solution(puzzle, sol)
        return broken[0] if broken else None

    return shared_reconcile(
        {name: r.solutions for name, r in results.items()},
        {name: claim(r.solutions, r.exhausted) for name, r in results.items()}, fault,
        lambda a, b: differing_cells(a, b, lambda i: puzzle.cell_name(i).lower()),
        regions_unknown=any(c.TYPE == "chaos_construction" for c in puzzle.constraints))


@dataclass
class Candidates:
    """For each cell, the values some solution gives it, with counts up to ``cap``."""

    counts: list  # counts[cell][value], 0 for a value no solution uses
    cap: int
    complete: bool
    solutions_seen: int

    def values(self, cell) -> list[int]:
        return [v for v, k in self.counts[cell].items() if k]

    def to_dict(self) -> dict:
        return {"cap": self.cap, "complete": self.complete,
                "candidates": [{str(v): k for v, k in c.items() if k} for c in self.counts]}


def candidates(puzzle, *, cap: int = 2, time_limit: float | None = None) -> Candidates:
    """The setters' "all possibilities", by incremental SAT; every solution met is verified."""
    from .sat import candidates as sat_candidates

    counts, complete, seen = sat_candidates(puzzle, cap=cap, time_limit=time_limit)
    for sol in seen:
        broken = check_solution(puzzle, sol)
        if broken:
            raise AssertionError(f"sat returned a grid that breaks: {broken[0]}")
    return Candidates(counts, cap, complete, len(seen))
