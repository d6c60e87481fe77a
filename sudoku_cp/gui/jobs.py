"""Work that can be stopped: jobs run in worker processes that can be killed.

A solver deep in a search cannot be interrupted from another thread, but a process can be
killed. So every job (check, solve, hint, grade, generate) is sent to a *worker* process,
which runs jobs one after another and keeps the backends' per-shape state (encoded
formulas, base models) warm between them. The server waits for the answer with a time
limit; when the limit passes, or the page cancels the job by its id, the worker is killed
and a fresh one takes its place later. Workers are forked from a *fork server* that
imported the library and the solver packages once, so a new worker costs a fork, not
an import. The fork server runs in a session of its own, so that a Ctrl-C at the terminal,
meant for the page, never reaches it (``forkserver_session``).

Roads not taken: a thread per job with cooperative cancel flags (the generator and the
backends have no cancel hook, so a cancelled thread would go on using a core until it
finished by itself); a fresh process per job (simplest, but it rebuilds every encoding:
about 0.4 s more per request on a loaded 2-core machine, ``benchmarks/bench_gui.py``).
"""

from __future__ import annotations

from ..errors import SudokuCpError
from . import forkserver_session

import multiprocessing
import os
import signal
import threading
import traceback
from typing import Any

#: Imported once by the fork server, so that each worker starts warm ("__main__" too, so
#: that a worker does not run the main script again); first, the module that makes the fork
#: server deaf to a Ctrl-C while it imports the others (``forkserver_deaf``: belt and braces
#: behind ``forkserver_session``, and the guard where this Python launches it the stock way).
PRELOAD = ["sudoku_cp.gui.forkserver_deaf", "__main__", "sudoku_cp.gui.tasks", "sudoku_cp.gui.work", "sudoku_cp.gui.hints",
           "sudoku_cp.grade", "sudoku_cp.generate", "sudoku_cp.crosscheck", "sudoku_cp.backends.backtrack",
           "sudoku_cp.backends.sat", "sudoku_cp.backends.cpsat", "pysat.solvers",
           "ortools.sat.python.cp_model"]


class JobError(SudokuCpError):
    """A job that did not finish: ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int, **extra: Any):
        super().__init__(message)
        self.status = status
        self.extra = extra


def _serve(conn) -> None:
    """A worker's loop: run each (task, args) received, send ("ok", result) or ("error", ...)."""
    from .tasks import TASKS
    from .work import BadRequest

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the server, which kills us
    while True:
        try:
            task, args = conn.recv()
        except (EOFError, OSError):  # the server is gone
            return
        try:
            answer = ("ok", TASKS[task](*args))
        except BadRequest as exc:
            answer = ("error", (str(exc), exc.status, exc.extra))
        except Exception as exc:  # a bug: one line for the page, the traceback on the console
            traceback.print_exc()
            answer = ("error", (f"internal error in {task}: {type(exc).__name__}: {exc}", 422, {}))
        conn.send(answer)


class _Worker:
    def __init__(self, ctx) -> None:
        forkserver_session.ensure_running()  # (a new fork server: out of the Ctrl-C's reach)
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child,), daemon=True)
        self.proc.start()
        child.close()

    def kill(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join()
        self.conn.close()


class Jobs:
    """Running jobs by id; at most ``workers`` at once, each in its own worker process."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._ctx = multiprocessing.get_context("forkserver")
        self._ctx.set_forkserver_preload(PRELOAD)
        self._running: dict[str, _Worker | None] = {}
        self._idle: list[_Worker] = []
        self._cancelled: set[str] = set()
        self._lock = threading.Lock()
        self._count = 0
        self._closed = False

    def warm(self) -> None:
        """Start one idle worker now, so that the first request does not wait for it.

        A start that fails (Ctrl-C reached the fork server first) is left quiet: a
        request starts its own worker, and says so if that fails too."""
        with self._lock:
            if self._closed:  # the server stopped before this thread ran (a Ctrl-C at once)
                return
        try:
            worker = _Worker(self._ctx)
        except (OSError, EOFError):
            return
        with self._lock:
            if not self._closed:
                self._idle.append(worker)
                return
        worker.kill()

    def run(self, task: str, args: tuple, *, timeout: float, job: str | None = None) -> Any:
        """Run ``task`` to completion (blocking; call it from a thread) and return its result.

        Raises ``JobError``: 429 when too many jobs run, 409 when cancelled, 422 when the
        time limit passed or the task refused its input.
        """
        with self._lock:
            if len(self._running) >= self.workers:
                raise JobError(f"the server is busy with {len(self._running)} jobs: wait for "
                               f"one to finish or cancel it", 429, running=list(self._running))
            self._count += 1
            key = job or f"job-{self._count}"
            if key in self._running:
                raise JobError(f"job {key!r} is already running", 409)
            worker = self._idle.pop() if self._idle else None
            self._running[key] = worker
        kind, value = "died", None
        try:
            if worker is None:
                worker = _Worker(self._ctx)
                with self._lock:
                    self._running[key] = worker
            if key not in self._cancelled:
                worker.conn.send((task, args))
                if worker.conn.poll(timeout):
                    kind, value = worker.conn.recv()
                else:
                    kind = "timeout"
        except (EOFError, OSError):  # the worker was killed (cancel) or crashed
            pass
        finally:
            with self._lock:
                self._running.pop(key, None)
                cancelled = key in self._cancelled
                self._cancelled.discard(key)
                healthy = kind in ("ok", "error") and not cancelled
                if worker is not None and healthy and len(self._idle) < self.workers:
                    self._idle.append(worker)
                    worker = None
            if worker is not None:
                worker.kill()
        if cancelled:
            raise JobError("cancelled", 409, cancelled=True)
        if kind == "ok":
            return value
        if kind == "error":
            message, status, extra = value
            raise JobError(message, status, **extra)
        if kind == "timeout":
            raise JobError(f"stopped at the time limit of {timeout:g} s (to allow more, start "
                           f"the page with: sudoku-cp gui --time-limit SECONDS)", 422, timeout=True)
        raise JobError(f"the worker for {task} stopped unexpectedly", 422)

    def cancel(self, job: str) -> bool:
        """Stop a running job; False when no job has that id."""
        with self._lock:
            if job not in self._running:
                return False
            self._cancelled.add(job)
            worker = self._running[job]
        if worker is not None and worker.proc.is_alive():
            worker.proc.kill()
        return True

    def stop_all(self) -> None:
        """Kill every worker (the server is shutting down)."""
        with self._lock:
            running = list(self._running.items())
            idle, self._idle = self._idle, []
            self._closed = True
            self._cancelled.update(key for key, _ in running)
        for worker in idle + [w for _, w in running if w is not None]:
            if worker.proc.is_alive():
                worker.proc.kill()

    def stop_fork_server(self) -> None:
        """Kill the fork server as the process ends. Left alone it goes on importing the
        solver packages it preloads (seconds, more under load), holding the standard output
        and error it inherited: a reader of the page's output (a pipe, ``| tee``) waited for
        it after the page had stopped. Only for the process's end: a server that is killed
        is started afresh by the next worker (``multiprocessing`` checks)."""
        from multiprocessing import forkserver

        pid = getattr(forkserver._forkserver, "_forkserver_pid", None)  # (no public API)
        if pid:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:  # gone already
                pass

    @property
    def running(self) -> list[str]:
        with self._lock:
            return list(self._running)
