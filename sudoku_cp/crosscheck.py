"""The cross-checker: several backends on one board, one verdict.

Each backend is asked for up to two solutions (``limit=2``). Every solution is checked
by the independent ``is_solution`` before it counts. From what each backend *claims*
(unique, multiple, none, unknown) and the valid solutions they found, one verdict:

- ``unique``: every backend found the same single solution and exhausted its search;
- ``multiple``: two distinct valid solutions exist (both are given as the witness);
- ``none``: every backend exhausted its search without a solution;
- ``disagree``: some backend contradicts the evidence (says none or unique while a
  valid second solution exists, or returns a non-solution): a bug, shown loudly;
- ``unknown``: a time limit stopped some backend before the question was settled;
- ``mismatch``: the input stated a solution (``expected``) and the puzzle is unique
  with another one: the input is wrong, or every backend is.

The verdict is decided by the rules every cross-check shares, a variant puzzle's too
(``sudoku_cp.reconcile``); the records, the command line, the batch and the page read it
from the one ``Report`` (``sudoku_cp.report``).

**Large boards.** Above ``LARGE_ABOVE`` (25×25) a default cross-check leaves out the
backends of ``SLOW_ON_LARGE`` and says so in ``Report.notes``: the backtracker has no
clause learning, and on a 36×36 puzzle with half its cells given it met 9,556 dead ends
in 27 CPU seconds without reaching a solution (docs/large_boards.md). Naming backends
explicitly (``backends=[...]``, ``--backends``) runs exactly those. A last note says
how the others search a large board (``LARGE_NOTE``). And there a default check runs
``cpsat`` first and stops as soon as one backend returns two distinct solutions that
both pass ``is_solution``: they prove ``multiple`` whatever the other backends would
claim, and ``sat`` can search a half-given 36×36 board for many minutes without a first
solution where ``cpsat`` finds two in well under one (docs/large_boards.md). A note names
the backends not run; ``unique`` and ``none`` still need every backend.
"""

from __future__ import annotations

import time
from typing import Iterable, Sequence

from .board import Board, cell_name
from .check import clashes, is_solution
from .reconcile import claim as claim_of, differing_cells, reconcile
from .report import Report
from .result import Result
from .verdicts import Verdict

#: Board side above which a default cross-check leaves out ``SLOW_ON_LARGE``.
LARGE_ABOVE = 25
#: Backends left out of a default cross-check of a large board, with the reason.
SLOW_ON_LARGE = {"backtrack": "no clause learning: its search on large boards can run for hours"}
#: The note a default cross-check of a large board ends with: how the rest search.
#: Run first in a default check of a large board (it finds witnesses of 'multiple' soonest).
FIRST_ON_LARGE = "cpsat"
LARGE_NOTE = ("sat solves the puzzle's own pre-propagated formula and cpsat runs 2 workers; "
              "a large board with about half its cells given can still take minutes "
              "(docs/large_boards.md): --time-limit S bounds each backend")


def claim(result: Result) -> str:
    """What one backend's result says about the number of solutions.

    'unique', 'multiple', 'none' or 'unknown' (the search was cut short).
    """
    return claim_of(result.solutions, result.exhausted)


def crosscheck(board: Board, backends: Sequence[str] | None = None, *,
               time_limit: float | None = None,
               expected: Sequence[int] | None = None) -> Report:
    """Run ``backends`` (default: ``backends.DEFAULT_CHECK``) with ``limit=2`` and compare.

    ``backends`` is a list of names or specs, or one string of them separated by
    commas. ``time_limit`` applies to each backend separately. ``expected`` is the
    solution the input states, if any (see ``judge``). A backend stopped
    short with no time limit set was interrupted (Ctrl-C reached the solver): that
    raises ``KeyboardInterrupt`` rather than report the puzzle as unknown.

    The time limit is checked by every backend's ``solve`` (``backends.base``).

    A variant puzzle (``variants.VariantPuzzle``) is checked by its paradigms
    (``variants.crosscheck``: ``backends`` names them), into the same ``Report`` by the
    same rules (``sudoku_cp.reconcile``); ``expected`` is then ignored (a variant entry
    carries its stated solution, which the record compares).

    >>> report = crosscheck(Board.parse("1..." "...2" "..4." ".3.."), ["backtrack"])
    >>> report.verdict, report.board.to_text(report.solution)
    (<Verdict.UNIQUE: 'unique'>, '1234341221434321')
    """
    from .backends import get_backend

    if getattr(board, "KIND", None) == "variant":
        from .variants.crosscheck import crosscheck as by_paradigms

        if isinstance(backends, str):
            backends = [part.strip() for part in backends.split(",") if part.strip()]
        return by_paradigms(board, backends or None, time_limit=time_limit)
    start = time.perf_counter()
    if isinstance(backends, str):
        backends = [part.strip() for part in backends.split(",") if part.strip()]
    specs, notes = (list(backends), []) if backends else default_backends(board)
    settle_early = not backends and board.n > LARGE_ABOVE
    results = {}
    for i, spec in enumerate(specs):
        result = get_backend(spec).solve(board, limit=2, time_limit=time_limit)
        if time_limit is None and result.timed_out:
            raise KeyboardInterrupt(f"{spec} was interrupted")
        results[spec] = result
        rest = specs[i + 1:]
        if rest and not settle_early:
            continue  # judged once, when every backend has answered
        # on a large board judged as the results come: two valid solutions settle it
        report = judge(board, results, expected)
        if rest and report.verdict is Verdict.MULTIPLE:
            notes.append(f"{', '.join(rest)} not run: {', '.join(results)} found two "
                         f"different solutions, both checked by is_solution, which settles "
                         f"'multiple'")
            break
    report.time_s = time.perf_counter() - start
    report.notes = notes
    return report


def default_backends(board: Board) -> tuple[list[str], list[str]]:
    """The default check list, less ``SLOW_ON_LARGE`` and with ``FIRST_ON_LARGE`` first
    above ``LARGE_ABOVE``; and notes saying which were left out and why.

    >>> default_backends(Board.empty((3, 3)))
    (['sat', 'cpsat', 'backtrack'], [])
    >>> default_backends(Board.empty((5, 6)))[0]
    ['cpsat', 'sat']
    """
    from .backends import DEFAULT_CHECK

    specs = list(DEFAULT_CHECK)
    if board.n <= LARGE_ABOVE:
        return specs, []
    left = [s for s in specs if s in SLOW_ON_LARGE]
    notes = [f"{s} left out on a {board.n}x{board.n} board ({SLOW_ON_LARGE[s]}); "
             f"name it in --backends to run it" for s in left] + [LARGE_NOTE]
    kept = [s for s in specs if s not in SLOW_ON_LARGE]
    return sorted(kept, key=lambda s: s != FIRST_ON_LARGE), notes


def judge(board: Board, results: dict[str, Result],
          expected: Sequence[int] | None = None) -> Report:
    """The verdict from backend results that were already run, compared with the
    solution the input states (``expected``) when there is one."""
    report = _judge(board, results)
    if expected:
        same = report.solution is not None and tuple(expected) == tuple(report.solution)
        report.expected = "match" if same else "differs"
        if not same:
            report.evidence.append("the solution stated in the input differs from the one found")
            if report.verdict is Verdict.UNIQUE:
                report.verdict = Verdict.MISMATCH
    return report


def _judge(board: Board, results: dict[str, Result]) -> Report:
    """The verdict by the one set of rules (``sudoku_cp.reconcile``), with the board's
    checker (``is_solution``) and, for ``none``, the clashes among the givens."""
    verdict, solutions, evidence = reconcile(
        {name: r.solutions for name, r in results.items()},
        {name: claim(r) for name, r in results.items()},
        lambda sol: None if is_solution(board, sol) else
        f"{board.to_text(sol)} ({_first_fault(board, sol)})",
        lambda a, b: _diff(board, a, b))
    if verdict is Verdict.NONE:
        evidence = clashes(board)
    return Report(board, verdict, solutions, results, evidence)


def _diff(board: Board, a: Iterable[int], b: Iterable[int]) -> str:
    return differing_cells(tuple(a), tuple(b), lambda i: cell_name(i, board.n))


def _first_fault(board: Board, sol: Sequence[int]) -> str:
    """A readable reason why ``sol`` is not a solution (for the evidence)."""
    n = board.n
    if len(sol) != n * n:
        return f"{len(sol)} values for {n * n} cells"
    for cell, (g, v) in enumerate(zip(board.givens, sol)):
        if not 1 <= v <= n:
            return f"value {v} at {cell_name(cell, n)} is outside 1..{n}"
        if g and g != v:
            return f"{cell_name(cell, n)} is {v} but the given is {g}"
    g = board.geometry
    for h, house in enumerate(g.houses):
        seen = {}
        for cell in house:
            if sol[cell] in seen:
                return (f"value {sol[cell]} twice in {g.house_name(h)} "
                        f"({cell_name(seen[sol[cell]], n)}, {cell_name(cell, n)})")
            seen[sol[cell]] = cell
    return "rejected by is_solution"
