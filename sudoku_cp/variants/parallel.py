"""A cross-check's paradigms at once, each in a warm worker process of its own.

Run in turn, a check costs the sum of its paradigms; run at once, the slowest of them.
``Pool`` keeps one worker process per paradigm (a *lane*), started when a check first
asks for that paradigm and kept for the next puzzles, so each solver's package is
imported once and its per-shape state (``sat``'s loaded clauses, ``fast``'s compiled
kernel) stays warm. A check sends the puzzle down every lane and reads the answers as
they come: the report says when each paradigm finished (``finished``, seconds from
the start of the check) and which agreed on the verdict (``agreed``).

With ``first`` the check ends at the first verdict two paradigms agree on (or at a
disagreement, which no later answer can undo); the lanes still searching are killed
and named in ``cancelled``; the next puzzle that asks for them starts fresh ones (not at
once: a one-off check would wait for, or kill, a worker still importing its solver).

Workers are forked (``fork``: no re-import of the package, a few milliseconds each);
``available()`` is False where the platform has no fork, and a check there runs its
paradigms in turn as before. A worker ignores Ctrl-C (the parent kills it), dies with
its parent (Linux ``PR_SET_PDEATHSIG``) and is a daemon process (killed at the
parent's exit): no worker outlives the command.

The command line opens a pool around its loop (``check``, ``--first``);
``crosscheck`` uses the pool that is open (``current()``), in this process::

    with Pool(first=True):
        report = crosscheck(puzzle)      # report.finished, report.cancelled

Roads not taken (measured on the 2-core machine, docs/variants.md "A check at once,
and its start-up"): threads for every paradigm. PySAT and CP-SAT do release the GIL while they
search, and the compiled kernel is ``nogil``, but the imports (OR-Tools, numba), the
encoders and the witness are Python and take the GIL in turn: a one-off check then
costs about the sum of its imports, which processes spread over the cores; and a
thread cannot be cancelled, a process can.
"""

from __future__ import annotations

import gc
import multiprocessing as mp
import os
import signal
import sys
import time
from multiprocessing.connection import wait

from ..errors import SudokuCpError

#: Seconds a worker is given to end after its pipe is closed, before it is killed.
GRACE = 1.0

_current: "Pool | None" = None


def available() -> bool:
    """True where workers can be forked (Linux, macOS); elsewhere checks run in turn."""
    return "fork" in mp.get_all_start_methods()


def current() -> "Pool | None":
    """The pool the checks of this process use now (opened by ``Pool``), or None."""
    return _current


class Lane:
    """One paradigm's worker process and the pipe to it (``warm``: the worker solves a
    4x4 puzzle before the first one comes, as a batch wants; a one-off check's worker
    only imports its solver, the puzzle is already on its way)."""

    def __init__(self, name: str, warm: bool = True):
        ctx = mp.get_context("fork")
        self.name = name
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(name, child, self.conn, warm),
                                   name=f"sudoku-cp {name}", daemon=True)
        self.process.start()
        child.close()

    def ask(self, puzzle, time_limit, type_names) -> None:
        self.conn.send((puzzle, time_limit, type_names))

    def kill(self) -> None:
        """End the worker now (a search under way is abandoned) and reap it."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.conn.close()

    def tell_end(self) -> None:
        """Ask the worker to end once it has read what came before."""
        try:
            self.conn.send(None)
        except OSError:
            pass

    def close(self) -> None:
        """Ask the worker to end; kill it if it has not after ``GRACE``."""
        self.tell_end()
        self.process.join(GRACE)
        self.kill()


class Pool:
    """Worker processes for the paradigms of cross-checks, one per paradigm, reused.

    A context manager: while open it is ``current()``; ``close`` ends every worker.

    ``one_off``: the pool serves a single puzzle (``check PUZZLE``). A default check then
    leaves the compiled paradigms out (``ONE_OFF``): loading ``fast``'s compiled code
    takes its worker about a second, longer than ``sat``, ``cpsat`` and the witness take
    together on most puzzles, and on two cores it would slow them too. A batch
    (``check -f``) runs them: the load is paid once, the worker stays warm."""

    def __init__(self, first: bool = False, one_off: bool = False):
        if not available():
            raise SudokuCpError("paradigms at once need fork (Linux or macOS); run the "
                                "check without it")
        self.first = first
        self.one_off = one_off
        self.lanes: dict[str, Lane] = {}
        self.ready: set[str] = set()  # paradigms found ready (``left_out``)

    def __enter__(self) -> "Pool":
        global _current
        _current = self
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        global _current
        if _current is self:
            _current = None
        for lane in self.lanes.values():  # (all told first: they end side by side)
            lane.tell_end()
        for lane in self.lanes.values():
            lane.close()
        self.lanes.clear()

    def start(self, names=None) -> "Pool":
        """Start the workers of ``names`` (None: a default check's) now, before the first
        puzzle is read: their imports and warm-up overlap the reading."""
        from . import crosscheck  # noqa: F401  (imported once here, not in each worker)
        from .crosscheck import DEFAULT_PARADIGMS

        default = [n for n in DEFAULT_PARADIGMS if not self.left_out(n)]
        for name in sorted(names or default, key=_slowest_first):
            self.lane(name)
        return self

    def left_out(self, name: str) -> str | None:
        """Why a default check in this pool leaves ``name`` out, or None. A paradigm
        found ready stays ready for the pool's life (its compiled code is on this
        machine: a batch asks once, not before each puzzle); one not ready is asked
        again, as a compile in the background may end meanwhile."""
        from .paradigms import HOUSES_ONLY

        if self.one_off and name in HOUSES_ONLY:
            return ONE_OFF
        if name in self.ready:
            return None
        why = _left_out(name)
        if why is None:
            self.ready.add(name)
        return why

    def crosscheck(self, puzzle, names, *, asked=True, time_limit=None, type_names=None):
        """``crosscheck.crosscheck`` with the paradigms ``names`` at once (``asked``: the
        caller named them; else a compiled paradigm not ready here is left out, as a
        default check in turn leaves it)."""
        from ..report import Report
        from .crosscheck import settle

        start = time.perf_counter()
        not_run = {}
        if not asked:
            not_run = {n: why for n in names if (why := self.left_out(n))}
        outcomes, finished, cancelled = self.run(
            puzzle, [n for n in names if n not in not_run], time_limit, type_names,
            settled=lambda found: _agreed(puzzle, found))
        results = {n: outcomes[n][0] for n in names if outcomes.get(n, (None,))[0] is not None}
        not_run.update({n: outcomes[n][1] for n in names if n in outcomes and outcomes[n][0] is None})
        verdict, solutions, evidence = settle(puzzle, results)
        return Report(puzzle, verdict, solutions, results, evidence,
                      time.perf_counter() - start, not_run=not_run, finished=finished,
                      cancelled=cancelled)

    def lane(self, name: str) -> Lane:
        if name not in self.lanes:
            self.lanes[name] = Lane(name, warm=not self.one_off)
        return self.lanes[name]

    def _drop(self, name: str) -> None:
        """Kill ``name``'s worker; the next check that asks for it starts a fresh one."""
        lane = self.lanes.pop(name, None)
        if lane is not None:
            lane.kill()

    def run(self, puzzle, names, time_limit=None, type_names=None, settled=None):
        """Ask each paradigm of ``names`` for up to two solutions, all at once.

        Returns ``(outcomes, finished, cancelled)``: ``outcomes[name]`` is ``(result,
        None)`` or ``(None, why)`` as ``crosscheck._run`` gives it; ``finished[name]``
        the seconds from the start until its answer came; ``cancelled`` the paradigms
        stopped because ``settled(outcomes)`` (called after each answer when ``first``)
        said the verdict was in. A paradigm that raised raises ``ParadigmError`` here,
        after the others are stopped."""
        from .crosscheck import ParadigmError

        start = time.perf_counter()
        waiting = {}
        for name in names:
            lane = self.lane(name)
            try:
                lane.ask(puzzle, time_limit, type_names)
            except OSError:  # a worker that died since its last puzzle: a fresh one
                self._drop(name)
                self.lane(name).ask(puzzle, time_limit, type_names)
            waiting[self.lanes[name].conn] = name
        outcomes, finished, cancelled = {}, {}, []
        try:
            while waiting:
                for conn in wait(list(waiting)):
                    name = waiting.pop(conn)
                    try:
                        kind, value = conn.recv()
                    except (EOFError, OSError):
                        self.lanes[name].process.join(GRACE)
                        code = self.lanes[name].process.exitcode
                        self._drop(name)
                        kind, value = "error", (f"{name} ended without an answer (its worker "
                                                f"process exited with code {code})")
                    finished[name] = time.perf_counter() - start
                    if kind == "error":
                        raise ParadigmError(value)
                    outcomes[name] = value
                if self.first and waiting and settled is not None and settled(outcomes):
                    for name in waiting.values():
                        self._drop(name)
                        cancelled.append(name)
                    waiting.clear()
        except BaseException:  # (a Ctrl-C included) the searches still under way end here
            for name in waiting.values():
                self._drop(name)
            raise
        return outcomes, finished, cancelled


#: Why a one-off check (``Pool(one_off=True)``) leaves a compiled paradigm out.
ONE_OFF = ("a check of one puzzle does not wait for the compiled engine to load "
           "(about a second); a batch (check -f) runs it, and --backends "
           "sat,cpsat,witness,fast asks for it")

#: The order workers are forked in: the one whose solver package takes longest to
#: import first (OR-Tools: numpy and its native library), so its import overlaps the rest.
_FORK_ORDER = ("cpsat", "sat", "witness")


def _slowest_first(name: str) -> int:
    return _FORK_ORDER.index(name) if name in _FORK_ORDER else len(_FORK_ORDER)


def _left_out(name: str) -> str | None:
    """Why a default check leaves ``name`` out (``paradigms.not_ready``), or None."""
    from .paradigms import HOUSES_ONLY, not_ready

    return not_ready(name) if name in HOUSES_ONLY else None


def _agreed(puzzle, outcomes) -> bool:
    """True once the answers so far settle the verdict: two paradigms give the same
    answer and none contradicts it, or a disagreement (a bug whatever comes later)."""
    from ..verdicts import Verdict
    from ..reconcile import claim
    from .crosscheck import reconcile

    results = {n: r for n, (r, _) in outcomes.items() if r is not None}
    verdict = reconcile(puzzle, results)[0]
    if verdict is Verdict.DISAGREE:
        return True
    return sum(claim(r.solutions, r.exhausted) == verdict.value for r in results.values()) >= 2


def _serve(name: str, conn, parent_end, warm: bool = True) -> None:
    """A worker's loop: answer each puzzle sent with ``crosscheck._run``'s outcome."""
    parent_end.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C is the parent's to handle
    _die_with_parent()
    collecting = _quiet_start_up()
    from .crosscheck import _run, first_line

    if warm:
        warm_paradigm(name)
    else:
        _import(name)
    from ..workers import freeze_start_up

    freeze_start_up()
    if collecting:
        gc.enable()
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            break
        if job is None:
            break
        puzzle, time_limit, type_names = job
        try:
            reply = ("ok", _run(name, puzzle, time_limit, type_names=type_names))
        except SudokuCpError as exc:  # (ParadigmError: says which paradigm raised)
            reply = ("error", str(exc))
        except BaseException as exc:  # noqa: BLE001 (a worker must answer, whatever happened)
            reply = ("error", f"{name} raised {type(exc).__name__}: {first_line(exc)}")
        try:
            conn.send(reply)
        except (OSError, KeyboardInterrupt):
            break
    conn.close()
    sys.stdout.flush()
    os._exit(0)  # (no atexit of the parent's, inherited by the fork, runs here)


def _quiet_start_up() -> bool:
    """Prepare a fresh worker for its imports; returns whether the collector was on.

    The collector is off until the start-up is frozen (``workers.freeze_start_up``): an
    import makes many objects and little garbage, and each full collection in between
    walked the objects inherited from the parent too (about 25 of a ``cpsat`` worker's
    290 ms of CPU under load). BLAS gets one thread (``OPENBLAS_NUM_THREADS``, unless
    the user set it): a lane's search is single-threaded, the lanes share the cores, and
    numpy's import (OR-Tools imports it) no longer starts a thread per core (about 20 ms
    of CPU of its ~140)."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    collecting = gc.isenabled()
    gc.disable()
    return collecting


def warm_paradigm(name: str) -> None:
    """Import the paradigm's solver package and solve a 4x4 thermometer puzzle (the
    compiled kernel loaded from its cache, the solver's first call made) before the first
    puzzle comes; never a first compile (``not_ready``)."""
    from .model import Thermometer, VariantPuzzle
    from .paradigms import get_paradigm, not_ready

    try:
        solve = get_paradigm(name)
        if not_ready(name) is None:
            solve(VariantPuzzle(4, givens=((5, 4), (9, 1), (14, 1)),
                                constraints=(Thermometer((0, 1, 2, 3)),)), limit=2)
    except Exception:  # (a missing package or a bug is said when a puzzle asks for it)
        pass


def _import(name: str) -> None:
    """Import the paradigm's module (and so its solver package) before the puzzle comes."""
    from .paradigms import get_paradigm

    try:
        get_paradigm(name)
    except Exception:  # (said when the puzzle asks for it)
        pass


def _die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies (``PR_SET_PDEATHSIG``)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
