"""Run the compiled variant search: load the kernel, search in node budgets, map back.

>>> from sudoku_cp.variants.model import VariantPuzzle, Thermometer
>>> r = solve(VariantPuzzle(4, givens=((5, 4), (9, 1), (14, 1)),
...                         constraints=(Thermometer((0, 1, 2, 3)),)))
>>> r.status, r.solutions[0][:4]
('solved', (1, 2, 3, 4))
"""

from __future__ import annotations

import time

from ...compiled_cache import FIRST_COMPILE, compiling
from ..paradigms import VariantResult

NAME = "fast"
#: Nodes per call into the kernel between looks at the clock.
BUDGET = 20000
#: Solutions the kernel keeps before handing them over (a large ``limit`` streams in chunks).
CHUNK = 1024
#: How the kernel picks the cell to branch on: 0 fewest candidates per conflict weight
#: (dom/wdeg), 1 fewest candidates, ties to the heaviest.
BRANCHING = 0

_kernel = None


def kernel():
    """The compiled module, numba imported (and its cache chosen) on first use."""
    global _kernel
    if _kernel is None:
        from ...compiled_cache import prepare

        prepare()  # NUMBA_CACHE_DIR, before numba is imported
        from ...errors import MissingDependencyError

        try:
            import numba  # noqa: F401
        except ImportError as exc:
            raise MissingDependencyError(
                f'fast needs numba: pip install "sudoku-cp[fast]" ({exc})') from exc
        from . import varkernel

        _kernel = varkernel
    return _kernel


def warm() -> bool:
    """True when the kernel is loaded here or numba's cache of it is on this machine."""
    if _kernel is not None:
        return True
    from ...compiled_cache import is_cold

    return not is_cold("varkernel.")


def solve(puzzle, *, limit: int = 2, time_limit: float | None = None, into=None) -> VariantResult:
    """Up to ``limit`` solutions of ``puzzle``; declines (``UnsupportedConstraint``) what
    ``program`` cannot state. ``into``: where the solutions go (``tally.Tally`` counts
    them; default a new list)."""
    import numpy as np  # (here: ``warm`` is asked before a check, and needs none of it)

    from .program import compile_puzzle

    start = time.perf_counter()
    prog = compile_puzzle(puzzle)
    cold = _kernel is None and not warm()  # before kernel(): its import makes nothing warm
    k = kernel()
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    ncells = prog.dom.shape[0]
    nprops = prog.kinds.shape[0]
    dom = prog.dom.copy()
    stats = {"propagators": nprops, "nodes": 0, "fails": 0}
    if (dom == 0).any():
        return VariantResult(NAME, [], True, "solved", stats, time.perf_counter() - start)
    queue = np.zeros(2 * nprops, dtype=np.int64)  # two rings: fast, then slow propagators
    inq = np.ones(nprops, dtype=np.bool_)
    state = np.zeros(16, dtype=np.int64)
    slow = prog.slow()
    fast_ids, slow_ids = np.flatnonzero(~slow), np.flatnonzero(slow)
    queue[:len(fast_ids)] = fast_ids  # every propagator queued once at the root
    queue[nprops:nprops + len(slow_ids)] = slow_ids
    state[k.QTAIL], state[k.QSIZE] = len(fast_ids) % nprops, len(fast_ids)
    state[k.STAIL], state[k.SSIZE] = len(slow_ids) % nprops, len(slow_ids)
    state[k.FIRST], state[k.INORDER] = prog.first, prog.inorder
    frames = np.zeros((ncells + 1, ncells), dtype=np.int64)
    bcell = np.zeros(ncells + 1, dtype=np.int64)
    bbit = np.zeros(ncells + 1, dtype=np.int64)
    weight = np.zeros(ncells, dtype=np.int64)
    out = np.zeros((min(max(limit, 1), CHUNK), ncells), dtype=np.int64)
    deadline = None if time_limit is None else start + time_limit
    solutions = [] if into is None else into
    while True:
        room = min(out.shape[0], limit - len(solutions))
        with compiling("the fast variant engine", FIRST_COMPILE["fastvar"], cold):
            code = k.search(dom, prog.kinds, prog.pstart, prog.data, prog.tab, prog.wstart,
                            prog.wlist, prog.cstart, prog.pcells, weight, prog.lo, prog.nv,
                            queue, inq, state, frames, bcell, bbit, out, room, BUDGET, BRANCHING,
                            prog.hstart, prog.hcells, prog.hbits)
        cold = False  # numba compiles at the first call only
        solutions += [tuple(row[:prog.shown]) for row in out[:state[k.FOUND]].tolist()]
        state[k.FOUND] = 0
        if code == 1 and len(solutions) < limit:
            code = 0  # the chunk is full, not the limit reached
        if code or (deadline is not None and time.perf_counter() > deadline):
            break
    stats.update(nodes=int(state[k.NODES]), fails=int(state[k.FAILS]), runs=int(state[k.RUNS]))
    status = {2: "solved", 1: "limit", 0: "timeout"}[code]
    return VariantResult(NAME, solutions, code == 2, status, stats, time.perf_counter() - start)
