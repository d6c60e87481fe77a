"""The ``mip`` backend: the 0-1 model (``encode.mip``) solved by HiGHS through ``highspy``.

**Model.** Binary x[cell, value]; one equality per cell and per value of every house
of n cells, ``<= 1`` per value of a smaller extra house; no objective. The matrix is
built once per board shape (as numpy arrays); each puzzle gets a fresh HiGHS
instance loaded from it, with the givens' variables fixed to 1 by their bounds.

**Uniqueness.** After a solution, a *no-good cut* forbids exactly that solution:
the sum of its true variables over the empty cells is at most their number minus
one. Solving again finds a second solution or proves there is none. With ``limit``
k, up to k - 1 cuts.

**Statistics** (summed over the solves of one puzzle): ``simplex_iterations`` (LP
work, in the root and in the branch-and-bound nodes), ``nodes`` (branch-and-bound
nodes; 0 means no branching), ``presolve_solved`` (presolve alone fixed every
variable in every solve: HiGHS never ran the simplex method), ``solves``, ``cuts``.

**Time limit**: HiGHS's own ``time_limit`` option, set to what is left before each
solve; a solve stopped by it makes the answer ``unknown`` (or the solutions found so
far, not exhausted). HiGHS's log is off (``output_flag``).

Roads not taken: one HiGHS instance per shape with bounds changed and cuts deleted
per puzzle (its presolve and branching state then depend on the previous puzzle;
a fresh instance costs well under a millisecond on 9×9); an objective that makes
the second solve look for a different solution (a cut is exact and simpler);
``<= 1`` everywhere (weaker LP relaxation, more branching).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from ..board import Board, Geometry, PuzzleError
from ..encode.mip import MipModel, encode
from ..errors import MissingDependencyError
from .base import KEEP_SHAPES, Backend, ShapeCache, TimeUp, require, time_left

#: Largest number of binaries (n³) the backend builds: 36×36 is 46,656.
MAX_VARIABLES = 36 ** 3
#: HiGHS options set on every instance: no log. HiGHS's feasibility-jump heuristic
#: costs ~8 ms per solve before the search starts (a 17-clue solve takes 3.3 ms without it
#: against 6.0 ms with it), but without it an empty or nearly empty board, whose LP
#: relaxation is all ninths, takes seconds instead of milliseconds (the empty 9x9:
#: 9.8 s against 0.05 s for two solutions): it stays on.
OPTIONS = {"output_flag": False}


@dataclass
class _Arrays:
    """The model of one shape as the column-wise arrays HiGHS takes."""

    model: MipModel
    start: Any
    index: Any
    value: Any
    row_upper: Any
    row_lower: Any


def import_highspy():
    """highspy, or an error that says why it cannot be loaded next to OR-Tools."""
    import sys

    try:
        return require("highspy", "highspy", "mip", extra="mip")
    except ImportError as exc:
        if "undefined symbol" in str(exc) and "ortools" in sys.modules:
            raise MissingDependencyError(
                "the mip backend's highspy cannot load after OR-Tools in one process: both "
                "ship HiGHS as libhighs.so.1, and this highspy is not the HiGHS version inside "
                'OR-Tools (ortools 9.15 needs pip install "highspy==1.12.*"; see pyproject.toml)'
            ) from exc
        raise


class MipBackend(Backend):
    """0-1 integer programming with HiGHS; uniqueness by a no-good cut and a re-solve."""

    name = "mip"
    SPEC_OPTIONS = ("threads",)

    def __init__(self, threads: int | str = 1):
        self.highspy = import_highspy()
        self.np = require("numpy", "numpy", self.name, extra="mip")
        self.threads = int(threads)
        if self.threads < 1:
            raise ValueError(f"mip threads must be at least 1, not {threads}")
        self._model: ShapeCache[Geometry, _Arrays] = ShapeCache(self._arrays, KEEP_SHAPES)

    def _arrays(self, geometry: Geometry) -> _Arrays:
        if geometry.n ** 3 > MAX_VARIABLES:
            raise PuzzleError(
                f"the mip backend refuses a {geometry.n}x{geometry.n} board: "
                f"{geometry.n ** 3:,} binary variables (at most {MAX_VARIABLES:,})")
        return self._build(encode(geometry))

    def _build(self, model: MipModel) -> _Arrays:
        np = self.np
        by_column: list[list[int]] = [[] for _ in range(model.ncols)]
        for r, row in enumerate(model.rows):
            for c in row.columns:
                by_column[c].append(r)
        start = np.zeros(model.ncols + 1, dtype=np.int32)
        start[1:] = np.cumsum([len(rows) for rows in by_column])
        index = np.array([r for rows in by_column for r in rows], dtype=np.int32)
        value = np.ones(len(index))
        row_upper = np.ones(len(model.rows))
        row_lower = np.array([1.0 if row.sense == "=" else 0.0 for row in model.rows])
        return _Arrays(model, start, index, value, row_upper, row_lower)

    def _highs(self, arrays: _Arrays, board: Board):
        """A fresh, quiet HiGHS instance holding this puzzle's model."""
        hs, np = self.highspy, self.np
        model = arrays.model
        ncols = model.ncols
        lower = np.zeros(ncols)
        lower[model.fixed_columns(board)] = 1.0
        h = hs.Highs()
        for key, value in OPTIONS.items():
            h.setOptionValue(key, value)
        h.setOptionValue("threads", self.threads)
        lp = hs.HighsLp()
        lp.num_col_, lp.num_row_ = ncols, len(model.rows)
        lp.col_cost_ = np.zeros(ncols)
        lp.col_lower_, lp.col_upper_ = lower, np.ones(ncols)
        lp.row_lower_, lp.row_upper_ = arrays.row_lower, arrays.row_upper
        lp.a_matrix_.format_ = hs.MatrixFormat.kColwise
        lp.a_matrix_.start_, lp.a_matrix_.index_ = arrays.start, arrays.index
        lp.a_matrix_.value_ = arrays.value
        lp.integrality_ = [hs.HighsVarType.kInteger] * ncols
        h.passModel(lp)
        return h

    def iter_solutions(self, board: Board, deadline: float | None,
                       stats: dict) -> Iterator[tuple[int, ...]]:
        """Solve, then cut the solution off and solve again, until infeasible."""
        arrays = self._model(board.geometry)
        model = arrays.model
        n = board.n
        h = self._highs(arrays, board)
        ok = self.highspy.HighsModelStatus
        free = [cell for cell, v in enumerate(board.givens) if not v]
        stats.update(simplex_iterations=0, nodes=0, presolve_solved=True, solves=0, cuts=0,
                     variables=model.ncols, constraints=len(model.rows))
        while True:
            left = time_left(deadline)
            if left is not None:
                if left <= 0:
                    raise TimeUp
                h.setOptionValue("time_limit", left)
            h.run()
            status = h.getModelStatus()
            info = h.getInfo()
            stats["solves"] += 1
            stats["simplex_iterations"] += max(info.simplex_iteration_count, 0)
            stats["nodes"] += max(info.mip_node_count, 0)
            if info.simplex_iteration_count > 0 or info.mip_node_count > 1:
                stats["presolve_solved"] = False
            if status == ok.kInfeasible:
                return
            if status == ok.kTimeLimit:
                raise TimeUp
            if status != ok.kOptimal:
                raise RuntimeError(f"HiGHS answered {h.modelStatusToString(status)} "
                                   "for a sudoku model")
            x = h.getSolution().col_value
            values = list(board.givens)
            for cell in free:
                base = cell * n
                values[cell] = max(range(n), key=lambda v: x[base + v]) + 1
            yield tuple(values)
            # No-good cut: not all of this solution's free choices again.
            chosen = [cell * n + values[cell] - 1 for cell in free]
            if not chosen:  # every cell is given: nothing else can exist
                return
            h.addRow(-self.np.inf, len(chosen) - 1, len(chosen),
                     self.np.array(chosen, dtype=self.np.int32), self.np.ones(len(chosen)))
            stats["cuts"] += 1
