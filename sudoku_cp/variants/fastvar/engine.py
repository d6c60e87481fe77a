"""Run the compiled variant search: load the kernel, search in node budgets, map back.

>>> from sudoku_cp.variants.model import VariantPuzzle, Thermometer
>>> r = solve(VariantPuzzle(4, givens=((5, 4), (9, 1), (14, 1)),
...                         constraints=(Thermometer((0, 1, 2, 3)),)))
>>> r.status, r.solutions[0][:4]
('solved', (1, 2, 3, 4))
"""

from __future__ import annotations

import time
from contextlib import nullcontext

from ...compiled_cache import FIRST_COMPILE, compiling
from ..paradigms import VariantResult

NAME = "fast"
#: Nodes per call into the kernel between looks at the clock: the first call's, and the
#: most any call gets. Under a time limit each later call gets the nodes that fit in
#: ``SLICE`` seconds at the rate measured so far (a node costs 5 us to 0.2 ms, so a fixed
#: 20,000 let a 1 s limit run to 3 s on a hard killer).
BUDGET = 20000
FIRST_BUDGET = 250
SLICE = 0.05
#: Solutions the kernel keeps before handing them over (a large ``limit`` streams in chunks).
CHUNK = 1024
#: How the kernel picks the cell to branch on: 0 fewest candidates per conflict weight
#: (dom/wdeg), 1 fewest candidates, ties to the heaviest.
BRANCHING = 0

_kernel = None
#: Whether numba's cache held nothing of the kernel when ``kernel`` first loaded it: the
#: first search then compiles (and says so), whichever call loaded the module (the build's
#: ``watch_lists`` does, before the search).
_cold = False


def kernel():
    """The compiled module, numba imported (and its cache chosen) on first use."""
    global _kernel, _cold
    if _kernel is None:
        _cold = not warm()  # (before the import: importing makes nothing warm)
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


#: Propagator kinds run in a last ring, once the others have settled. The box-line
#: crossings (CROSS): a cell is in about ten of them, and each narrowing woke all of them
#: among the cages and sums, where 97% of their runs changed nothing; run last, each runs
#: once per settled round (ISS's examples and collections, 1 s each: CPU geomean 16.3 ->
#: 14.7 ms, median ratio 0.92, verdicts unchanged; docs/variants_speed.md). Not the exact
#: sums (GROUPSUM): alone they doubled a 1-node root's runs (337 -> 657 on
#: iss-examples-24), and beside CROSS they won nothing more (geomean 15.0 ms). A house's
#: crossings grouped (CROSSES: a box's six) run there too.
COSTLY = ("CROSS", "CROSSES")
#: Propagator kinds woken only when a cell's lowest or highest candidate goes (a cell
#: fixed is one of them), not on every narrowing: they read nothing else of a cell (linear
#: sums by bounds, and the between and lockout lines), so they would remove nothing more.
#: Not the exact sums (GROUPSUM): they read every candidate, and waking them so (a weaker
#: propagation) was measured and not kept (docs/variants_speed.md).
BOUNDS = ("LINEAR", "BETWEEN", "LOCKOUT")


class Run:
    """The kernel's queue, watcher lists and scratch for one program: ``wlist`` entries
    ``512 * propagator + 8 * few + 4 * b + ring`` (ring 0 houses and pairs, 1 the rest, 2
    ``COSTLY``; ``b`` 1 for ``BOUNDS``; ``few``: see ``varkernel.prepare``), the
    three rings of ``queue``, ``inq`` (queued or running), ``state`` (``varbase``'s slots)
    and ``work`` (the propagators' scratch: see ``varkernel.prepare``)."""

    def __init__(self, prog, k, everything=True):
        """With ``everything``, every propagator queued once, each in its ring (the root)."""
        costly, bounds = _kinds_of(k)
        self.ring, self.wlist, self.queue, self.inq, self.state, self.work = k.prepare(
            prog.kinds, prog.pstart, prog.data, prog.tab, prog.nv, prog.wstart, prog.wlist,
            costly, bounds, everything)
        self.nprops = prog.kinds.shape[0]
        self.qhead = k.QHEAD

    def queue_only(self, props):
        """The propagators ``props`` (distinct, none queued yet) queued, in order."""
        for p in props:
            r, n = int(self.ring[p]), self.nprops
            s = self.qhead + 3 * r
            t = int(self.state[s + 1])
            self.queue[r * n + t] = p
            self.state[s + 1] = (t + 1) % n
            self.state[s + 2] += 1
            self.inq[p] = True


_KINDS: dict = {}  # id(kernel module) -> (module, ``COSTLY``'s and ``BOUNDS``' kinds)


def _kinds_of(k) -> tuple:
    """The kernel's numbers of the kinds ``COSTLY`` and ``BOUNDS`` as int64 arrays ([-1]
    for none), made once per kernel module (the kernel reads them and writes neither)."""
    got = _KINDS.get(id(k))
    if got is None or got[0] is not k or got[1] != (COSTLY, BOUNDS):
        import numpy as np

        got = _KINDS[id(k)] = (k, (COSTLY, BOUNDS), tuple(
            np.array([getattr(k, name) for name in names] or [-1], dtype=np.int64)
            for names in (COSTLY, BOUNDS)))
    return got[2]


def watch_lists(pcells, cstart, kinds, ncells: int) -> tuple:
    """``(wstart, wlist)`` of a program (``varkernel.watchers``) for ``program.freeze``."""
    return kernel().watchers(pcells, cstart, kinds, ncells)


def propagate_once(prog, dom, props, *, watch=True) -> bool:
    """Run the propagators ``props`` of ``prog`` on ``dom`` (in place) to their fixpoint,
    or each once with ``watch=False`` (a narrowing queues no watcher): for tests of one
    propagator. False when one fails."""
    import numpy as np

    k = kernel()
    run = Run(prog, k, everything=False)
    run.queue_only(props)
    wstart = prog.wstart if watch else 0 * prog.wstart
    return bool(k.propagate(dom, prog.kinds, prog.pstart, prog.data, prog.tab, wstart,
                            run.wlist, prog.cstart, prog.pcells,
                            np.zeros(dom.shape[0], dtype=np.int64), prog.lo, prog.nv,
                            run.queue, run.inq, run.state, run.work))


def solve(puzzle, *, limit: int = 2, time_limit: float | None = None, into=None) -> VariantResult:
    """Up to ``limit`` solutions of ``puzzle``; declines (``UnsupportedConstraint``) what
    ``program`` cannot state. ``into``: where the solutions go (``tally.Tally`` counts
    them; default a new list).

    A puzzle with ``LIGHT_SUMS`` or more sums that imply others (``implied.implying``) is
    first searched without the implied sums for ``LIGHT`` nodes: most small killers settle
    so, and their implied sums cost most of their time (building and packing them). The
    implied sums are consequences of the rules, so that search's verdict is the puzzle's;
    when it runs out of nodes, the search starts again on the whole program (the
    solutions it found, none handed over yet, are found again)."""
    import numpy as np  # (here: ``warm`` is asked before a check, and needs none of it)

    from .implied import implying
    from .program import compile_puzzle

    start = time.perf_counter()
    if limit < 1:
        compile_puzzle(puzzle)  # (declines first, as before)
        raise ValueError(f"limit must be at least 1, not {limit}")
    deadline = None if time_limit is None else start + time_limit
    solutions = [] if into is None else into
    light = 0
    if LIGHT and limit <= CHUNK and implying(puzzle) >= LIGHT_SUMS:
        prog = compile_puzzle(puzzle, implied=False)
        found: list = []
        code, stats = _search(np, prog, limit, None, found, LIGHT)
        if code:
            solutions += found
            return VariantResult(NAME, solutions, code == 2, _STATUS[code], stats,
                                 time.perf_counter() - start)
        light = stats["nodes"]
    prog = compile_puzzle(puzzle)
    code, stats = _search(np, prog, limit, deadline, solutions, None)
    if light:
        stats["light"] = light
    return VariantResult(NAME, solutions, code == 2, _STATUS[code], stats,
                         time.perf_counter() - start)


#: The search without implied sums (``solve``): its nodes, and the fewest cages and sums
#: (``implied.implying``) it is tried for. Chosen on the 43 puzzles of the wider set it
#: touches (docs/variants_speed.md, eighteenth round): the small killers settle in 1 to 55
#: nodes; with fewer sums the implied ones cost little to build, and it rarely paid.
LIGHT = 60
LIGHT_SUMS = 12
_STATUS = {2: "solved", 1: "limit", 0: "timeout"}


def _search(np, prog, limit, deadline, solutions, nodes):
    """The kernel's search of ``prog`` to ``limit`` solutions (added to ``solutions``), in
    budgets until ``deadline`` (None: none); with ``nodes``, one budget of that many only.
    The kernel's code (2 exhausted, 1 the limit reached, 0 out of time or of ``nodes``)
    and the stats."""
    global _cold
    k = kernel()
    cold, _cold = _cold, False  # (the first search compiles, when the cache was cold)
    ncells = prog.dom.shape[0]
    dom = prog.dom.copy()
    stats = {"propagators": prog.kinds.shape[0], "nodes": 0, "fails": 0}
    if not dom.all():  # a cell with no candidate
        return 2, stats
    run = Run(prog, k)
    state = run.state
    state[k.FIRST], state[k.INORDER] = prog.first, prog.inorder
    frames = np.empty((ncells + 1, ncells), dtype=np.int64)  # (a level is written before read)
    bcell = np.zeros(ncells + 1, dtype=np.int64)
    bbit = np.zeros(ncells + 1, dtype=np.int64)
    weight = np.zeros(ncells, dtype=np.int64)
    out = np.zeros((min(max(limit, 1), CHUNK), ncells), dtype=np.int64)
    budget = nodes or (BUDGET if deadline is None else FIRST_BUDGET)
    while True:
        room = min(out.shape[0], limit - len(solutions))
        called, before = time.perf_counter(), int(state[k.NODES])
        with (compiling("the fast variant engine", FIRST_COMPILE["fastvar"]) if cold
              else nullcontext()):  # (warm: no generator-made context at each budget)
            code = k.search(dom, prog.kinds, prog.pstart, prog.data, prog.tab, prog.wstart,
                            run.wlist, prog.cstart, prog.pcells, weight, prog.lo, prog.nv,
                            run.queue, run.inq, state, frames, bcell, bbit, out, room, budget,
                            BRANCHING, prog.hstart, prog.hcells, prog.hbits, run.work)
        cold = False  # numba compiles at the first call only
        solutions += [tuple(row[:prog.shown]) for row in out[:state[k.FOUND]].tolist()]
        state[k.FOUND] = 0
        if code == 1 and len(solutions) < limit:
            code = 0  # the chunk is full, not the limit reached
        if code or nodes:
            break
        if deadline is not None:
            now = time.perf_counter()
            if now > deadline:
                break
            done = int(state[k.NODES]) - before
            if done:
                per_node = (now - called) / done
                budget = max(100, min(BUDGET, int(min(SLICE, deadline - now) / per_node)))
    stats.update(nodes=int(state[k.NODES]), fails=int(state[k.FAILS]), runs=int(state[k.RUNS]))
    return code, stats
