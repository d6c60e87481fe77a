"""The ``asp`` backend: the answer set program (``encode.asp``) grounded and solved by clingo.

**Ground once per board shape.** clingo turns the program into a propositional one
(*grounding*) and then searches for answer sets (*solving*, by clasp, a CDCL solver).
Grounding depends only on the shape and its extra houses, so the backend keeps one
grounded ``clingo.Control`` per geometry and passes a puzzle's givens as
*assumptions*: the literals of ``x(R,C,V)`` assumed true for this solve only. The
program's ``given/3`` rule is what an external run of ``models/sudoku.lp`` uses
instead; it is empty here. Nogoods clasp learns are consequences of the program
alone, never of the assumptions, so keeping them between puzzles is sound.

**Enumeration**: clasp is asked for up to ``limit`` answer sets (uniqueness is
``limit=2``); ``exhausted`` is its own report that the search space was covered.

**Time limit**: with one, the solve runs asynchronously; the backend waits for what is
left of the time limit and then cancels it (clingo's ``SolveHandle.wait`` and
``cancel``). Without one it is a plain solve: the solving thread an asynchronous solve
starts costs ~5 ms a call, more than a 17-clue puzzle.

**Statistics**: ``choices`` and ``conflicts`` of clasp in this puzzle's solve,
``solve_s`` (clasp's solving time), ``ground_s`` (grounding done by this call: the
shape's one-time cost on its first puzzle, 0 afterwards) and ``ground_once_s``
(what grounding this shape cost, whenever it happened).

Roads not taken: givens as facts grounded per puzzle (the textbook way, and what
the exported files do: grounding a 9×9 takes longer than solving it); ``#external``
atoms for givens (the same effect as assumptions, with an extra rule per candidate).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..board import Board, Geometry, PuzzleError
from ..encode.asp import MODEL, facts
from .base import KEEP_SHAPES, Backend, ShapeCache, require, time_left

#: Largest board (n) the backend grounds: 36×36 grounds in a few seconds.
MAX_N = 36


@dataclass
class _Grounded:
    """One geometry's grounded program and the literal of each (cell, value)."""

    control: Any
    literal: list  # literal[cell][value]
    ground_s: float


class AspBackend(Backend):
    """Answer set programming with clingo, one grounded program per board shape."""

    name = "asp"
    SPEC_OPTIONS = ()

    def __init__(self):
        self.clingo = require("clingo", "clingo", self.name, extra="asp")
        self._grounded: ShapeCache[Geometry, _Grounded] = ShapeCache(self._build, KEEP_SHAPES)

    def _ground(self, geometry: Geometry) -> tuple[_Grounded, float]:
        """The grounded program of a geometry, and the seconds spent grounding it now."""
        fresh = geometry not in self._grounded
        done = self._grounded(geometry)
        return done, done.ground_s if fresh else 0.0

    def _build(self, geometry: Geometry) -> _Grounded:
        if geometry.n > MAX_N:
            raise PuzzleError(f"the asp backend refuses a {geometry.n}x{geometry.n} board: "
                              f"grounding grows as n^4 (at most {MAX_N}x{MAX_N})")
        began = time.perf_counter()
        clingo = self.clingo
        control = clingo.Control(["--warn=none"], logger=lambda code, message: None)
        control.add("base", [], MODEL + "\n".join(facts(geometry)) + "\n")
        control.ground([("base", [])])
        n = geometry.n
        atoms = control.symbolic_atoms
        literal = [[0] * (n + 1) for _ in range(geometry.ncells)]
        for cell in range(geometry.ncells):
            r, c = divmod(cell, n)
            for v in range(1, n + 1):
                atom = atoms[clingo.Function("x", [clingo.Number(r + 1), clingo.Number(c + 1),
                                                   clingo.Number(v)])]
                literal[cell][v] = atom.literal
        return _Grounded(control, literal, time.perf_counter() - began)

    def search(self, board: Board, limit: int, deadline: float | None,
               stats: dict) -> tuple[list[tuple[int, ...]], bool]:
        """clasp enumerates up to ``limit`` answer sets under the givens as assumptions."""
        grounded, ground_s = self._ground(board.geometry)
        control = grounded.control
        n = board.n
        assumptions = [grounded.literal[cell][v] for cell, v in enumerate(board.givens) if v]
        control.configuration.solve.models = str(limit)
        solutions: list[tuple[int, ...]] = []

        def on_model(model) -> None:
            grid = [0] * (n * n)
            for sym in model.symbols(shown=True):
                r, c, v = (a.number for a in sym.arguments)
                grid[(r - 1) * n + c - 1] = v
            solutions.append(tuple(grid))

        interrupted = False
        if deadline is None:  # a plain solve: no solving thread to start and join
            outcome = control.solve(assumptions=assumptions, on_model=on_model)
        else:
            with control.solve(assumptions=assumptions, on_model=on_model, async_=True) as handle:
                if not handle.wait(time_left(deadline)):
                    handle.cancel()
                    interrupted = True
                outcome = handle.get()
        exhausted = bool(outcome.exhausted) and not interrupted
        tree = control.statistics  # a snapshot of clasp's statistics, as nested dicts
        stats.update(
            choices=int(tree["solving"]["solvers"]["choices"]),
            conflicts=int(tree["solving"]["solvers"]["conflicts"]),
            solve_s=round(float(tree["summary"]["times"]["solve"]), 6),
            ground_s=round(ground_s, 6),
            ground_once_s=round(grounded.ground_s, 6),
            atoms=int(tree["problem"]["lp"]["atoms"]),
        )
        return solutions, exhausted
