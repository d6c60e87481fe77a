"""The declared backend interface: one base class, one search loop, optional capabilities.

A backend is a class that derives from ``Backend``, has a ``name`` and implements one of
two hooks; ``Backend.solve`` does the rest (the clock, the limit, the ``Result``):

- ``iter_solutions(board, deadline, stats)``: a generator of distinct solutions, in any
  order, that returns when the search space is exhausted and raises ``TimeUp`` once
  ``deadline`` has passed. The base class counts solutions up to ``limit``. This is the
  road for a search written in Python (``backtrack``) or a solver asked again and again
  with blocking clauses or cuts (``sat``, ``mip``).
- ``search(board, limit, deadline, stats) -> (solutions, exhausted)``: for an engine that
  counts to a limit natively (a compiled kernel, a solver callback that stops at N).
  ``exhausted`` is True only when the whole search space was explored.

``deadline`` is a ``time.perf_counter()`` value or None (see ``deadline_after``);
``stats`` is a dict the hook fills with the solver's own statistics.

**Capabilities** are optional methods a tool asks for by name, never by importing a
backend: ``capability(backend, "check_many")`` returns the bound method or None.

- ``check_many(boards, limit) -> list[Result]``: many boards in one call (bulk entry).
- ``check_array(puzzles, geometry, limit) -> (counts, first, stats)``: many puzzles of
  one geometry as one integer array (the batch pipeline's bulk road, ``pipeline``).
- ``dig(grid, geometry, order, target, minimal=False)``: the generator's clue removal;
  with ``minimal=True`` it also says whether the result is minimal clue by clue.
- ``dig_orders(grid, geometry, orbits, orders, target, minimal=False)``: ``dig`` in
  several orders of the same orbits in one call, stopping at the first minimal result.
- ``fill(geometry, seed, budget)``: a random full grid (the generator's first step).
- ``confirm_many(boards, solutions) -> list[bool]``: for each board, whether it has no
  solution other than the one given (the generator's verification; the caller checks
  the given one with ``is_solution``).
- ``supports(board) -> str | None``: why this backend declines ``board``, or None.
- ``refuses(options, time_limit) -> str | None`` (a static method): why a spec with
  these options cannot honour ``time_limit``, asked before any puzzle is read.

To add a backend, copy ``TEMPLATE.py`` beside this file, fill it in, and register it in
``BACKENDS`` (``sudoku_cp/backends/__init__.py``); ``tests/test_contract.py`` runs every
registered backend, and the template itself, through the same contract.
"""

from __future__ import annotations

import importlib
import math
import time
from typing import Any, Callable, Iterator

from ..board import Board
from ..cache import ShapeCache
from ..errors import MissingDependencyError, SudokuCpError, UsageError
from ..result import Result

#: Per-shape state kept by each backend (formulas, models, tables): the most recently used
#: this many shapes. A classic batch uses one; a batch of variants, one per extra-house set.
KEEP_SHAPES = 16
#: The optional methods a backend may declare (see the module docstring).
CAPABILITIES = ("check_many", "check_array", "dig", "dig_orders", "fill", "confirm_many",
                "supports", "refuses")


__all__ = ["CAPABILITIES", "KEEP_SHAPES", "Backend", "ShapeCache", "TimeUp", "capability",
           "deadline_after", "passed", "require", "time_left"]


class TimeUp(SudokuCpError):
    """Raised inside a search once its deadline has passed; ``Backend.solve`` catches it."""


def require(module: str, package: str, backend: str, extra: str | None = None):
    """Import a solver package, or explain how to install it (through the package's
    extra of sudoku-cp when it has one)."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        how = f'pip install "sudoku-cp[{extra}]"' if extra else f"pip install {package}"
        raise MissingDependencyError(
            f"the {backend} backend needs {package}: {how} ({exc})"
        ) from exc


# -- the deadline ---------------------------------------------------------------------------
def deadline_after(time_limit: float | None, start: float | None = None) -> float | None:
    """The ``perf_counter`` value at which ``time_limit`` seconds from ``start`` run out.

    >>> deadline_after(None) is None
    True
    >>> deadline_after(2.0, start=10.0)
    12.0
    """
    if time_limit is None:
        return None
    return (time.perf_counter() if start is None else start) + time_limit


def time_left(deadline: float | None) -> float | None:
    """Seconds until ``deadline`` (at least 0), or None when there is none."""
    return None if deadline is None else max(0.0, deadline - time.perf_counter())


def passed(deadline: float | None) -> bool:
    """Whether ``deadline`` has passed (never, when there is none)."""
    return deadline is not None and time.perf_counter() >= deadline


# -- the interface ---------------------------------------------------------------------------
class Backend:
    """The base of every backend: ``solve`` derived from one search hook.

    Subclasses set ``name`` (the registry key) and ``SPEC_OPTIONS`` (the positional
    options of a spec such as ``sat:cadical195:extended``), and implement
    ``iter_solutions`` or ``search``.
    """

    name: str = ""
    SPEC_OPTIONS: tuple[str, ...] = ()

    def solve(self, board: Board, *, limit: int = 1, time_limit: float | None = None) -> Result:
        """Up to ``limit`` distinct solutions of ``board``; uniqueness is ``limit=2``.

        ``time_limit`` (seconds) makes the search stop with what it found; the result
        then says it was not exhausted.
        """
        if time_limit is not None and not 0 < time_limit < math.inf:  # NaN fails both
            raise UsageError(f"time limit {time_limit!r} is not a positive number of seconds")
        start = time.perf_counter()
        deadline = None if time_limit is None else start + time_limit
        stats: dict[str, Any] = {}
        solutions, exhausted = self.search(board, limit, deadline, stats)
        return Result.of(self.name, solutions, exhausted, time.perf_counter() - start,
                         stats, limit)

    def search(self, board: Board, limit: int, deadline: float | None,
               stats: dict) -> tuple[list[tuple[int, ...]], bool]:
        """Up to ``limit`` solutions and whether the search was exhausted: by default,
        ``iter_solutions`` counted to ``limit`` (the one place that logic lives)."""
        solutions: list[tuple[int, ...]] = []
        found = self.iter_solutions(board, deadline, stats)
        try:
            for solution in found:
                solutions.append(solution)
                if len(solutions) >= limit:
                    return solutions, False
        except TimeUp:
            return solutions, False
        finally:
            found.close()  # runs the generator's clean-up now, not when it is collected
        return solutions, True

    def iter_solutions(self, board: Board, deadline: float | None,
                       stats: dict) -> Iterator[tuple[int, ...]]:
        """Every solution of ``board``, each once; raises ``TimeUp`` past ``deadline``."""
        raise NotImplementedError(
            f"{type(self).__name__} implements neither iter_solutions nor search")


def capability(backend: Any, name: str) -> Callable | None:
    """The optional method ``name`` of ``backend`` (an instance), or None.

    >>> from sudoku_cp.backends import get_backend
    >>> capability(get_backend("backtrack"), "dig") is None
    True
    """
    if name not in CAPABILITIES:
        raise ValueError(f"unknown capability {name!r}; the declared ones: "
                         f"{', '.join(CAPABILITIES)}")
    return getattr(backend, name, None)
