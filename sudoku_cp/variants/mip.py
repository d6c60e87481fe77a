"""The ``mip`` paradigm: the 0-1 model of ``encode_mip`` solved by HiGHS (``highspy``).

Asked for by name (``--backends mip``), not run by a default check: it takes the types
whose rules are linear rows (sums, orderings, binary relations, houses; see
``encode_mip``) and declines the others by name, as a further opinion beside ``sat``,
``cpsat`` and ``witness``.

**Uniqueness** as in the classic ``mip`` backend: after each solution a *no-good cut*
(the free cells' chosen variables sum to at most their number minus one) forbids exactly
it, and HiGHS solves again, up to ``limit`` solutions or infeasibility. **Time limit**:
HiGHS's own ``time_limit``, set to what is left before each solve. One thread, log off.
``stats``: ``solves``, ``cuts``, ``nodes`` (branch-and-bound), ``simplex_iterations``,
``variables``, ``rows``, ``build_time``.
"""

from __future__ import annotations

import time

from .encode_mip import encode
from .paradigms import VariantResult

NAME = "mip"


def _highs(mip, hs, np):
    """A quiet one-thread HiGHS instance holding ``mip``'s rows, column-wise."""
    ncols = mip.ncols
    by_column: list[list[tuple[int, float]]] = [[] for _ in range(ncols)]
    for r, row in enumerate(mip.rows):
        for col, coef in zip(row.columns, row.coefficients):
            by_column[col].append((r, coef))
    start = np.zeros(ncols + 1, dtype=np.int32)
    start[1:] = np.cumsum([len(entries) for entries in by_column])
    lp = hs.HighsLp()
    lp.num_col_, lp.num_row_ = ncols, len(mip.rows)
    lp.col_cost_ = np.zeros(ncols)
    lp.col_lower_ = np.array(mip.lower, dtype=float)
    lp.col_upper_ = np.array(mip.upper, dtype=float)
    lp.row_lower_ = np.array([row.lower for row in mip.rows], dtype=float)
    lp.row_upper_ = np.array([row.upper for row in mip.rows], dtype=float)
    lp.a_matrix_.format_ = hs.MatrixFormat.kColwise
    lp.a_matrix_.start_ = start
    lp.a_matrix_.index_ = np.array([r for entries in by_column for r, _ in entries], dtype=np.int32)
    lp.a_matrix_.value_ = np.array([k for entries in by_column for _, k in entries], dtype=float)
    lp.integrality_ = [hs.HighsVarType.kInteger] * ncols
    h = hs.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    h.passModel(lp)
    return h


def solve(puzzle, *, limit: int = 2, time_limit: float | None = None, into=None) -> VariantResult:
    """Up to ``limit`` solutions of ``puzzle``; ``exhausted`` when fewer exist. ``into``:
    where the solutions go (``tally.Tally`` counts them; default a new list)."""
    from ..backends.mip import import_highspy
    from ..backends.base import require

    hs = import_highspy()
    np = require("numpy", "numpy", NAME, extra="mip")
    start = time.perf_counter()
    mip = encode(puzzle)
    h = _highs(mip, hs, np)
    stats = {"solves": 0, "cuts": 0, "nodes": 0, "simplex_iterations": 0,
             "variables": mip.ncols, "rows": len(mip.rows),
             "build_time": time.perf_counter() - start}
    ok = hs.HighsModelStatus
    given = {cell for cell, _ in puzzle.givens}
    free = [cell for cell in range(mip.ncells) if cell not in given]
    solutions, state, exhausted = [] if into is None else into, "limit", False
    while len(solutions) < limit:
        if time_limit is not None:
            left = time_limit - (time.perf_counter() - start)
            if left <= 0:
                state = "timeout"
                break
            h.setOptionValue("time_limit", left)
        h.run()
        status = h.getModelStatus()
        info = h.getInfo()
        stats["solves"] += 1
        stats["nodes"] += max(info.mip_node_count, 0)
        stats["simplex_iterations"] += max(info.simplex_iteration_count, 0)
        if status == ok.kInfeasible:
            exhausted, state = True, "solved"
            break
        if status == ok.kTimeLimit:
            state = "timeout"
            break
        if status != ok.kOptimal:
            raise RuntimeError(f"HiGHS answered {h.modelStatusToString(status)} "
                               "for a variant sudoku model")
        x = h.getSolution().col_value
        values = tuple(max(mip.values, key=lambda v: x[mip.x(cell, v)])
                       for cell in range(mip.ncells))
        solutions.append(values)
        chosen = [mip.x(cell, values[cell]) for cell in free]
        if not chosen:  # every cell given: nothing else can exist
            exhausted, state = True, "solved"
            break
        if len(solutions) < limit:  # no-good cut: not all of these choices again
            h.addRow(-np.inf, len(chosen) - 1, len(chosen),
                     np.array(chosen, dtype=np.int32), np.ones(len(chosen)))
            stats["cuts"] += 1
    return VariantResult(NAME, solutions, exhausted, state, stats,
                         time.perf_counter() - start)
