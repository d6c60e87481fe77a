"""Work that can be stopped: each job runs in its own worker process.

A solver deep in a search cannot be interrupted from another thread, but a process can be
killed. So every job (check, solve, hint, grade, generate) runs in a child process forked
from a *fork server* that imported the library and the solver packages once; starting a
job costs a fork, not an import. The server waits for the answer with a time limit and
kills the child when the limit passes or when the page cancels the job by its id.

Road not taken: a thread per job with cooperative cancel flags. The generator and the
backends have no cancel hook, so a cancelled thread would go on using a core until it
finished by itself.
"""

from __future__ import annotations

import multiprocessing
import threading
import traceback
from typing import Any

#: Imported once by the fork server, so that each job starts warm ("__main__" too, so that
#: a job does not run the main script again).
PRELOAD = ["__main__", "sudoku_cp.gui.work", "sudoku_cp.gui.hints", "sudoku_cp.grade", "sudoku_cp.generate",
           "sudoku_cp.crosscheck", "sudoku_cp.backends.backtrack", "sudoku_cp.backends.sat",
           "sudoku_cp.backends.cpsat"]


class JobError(Exception):
    """A job that did not finish: ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int, **extra: Any):
        super().__init__(message)
        self.status = status
        self.extra = extra


def _child(conn, task: str, args: tuple) -> None:
    """Run one task in the worker and send back ("ok", result) or ("error", ...)."""
    from .work import TASKS, BadRequest

    try:
        conn.send(("ok", TASKS[task](*args)))
    except BadRequest as exc:
        conn.send(("error", (str(exc), exc.status, exc.extra)))
    except Exception as exc:  # a bug: say so in one line, keep the traceback on the console
        traceback.print_exc()
        conn.send(("error", (f"internal error in {task}: {type(exc).__name__}: {exc}", 422, {})))
    finally:
        conn.close()


class Jobs:
    """Running jobs by id; at most ``workers`` at once."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._ctx = multiprocessing.get_context("forkserver")
        self._ctx.set_forkserver_preload(PRELOAD)
        self._running: dict[str, Any] = {}
        self._cancelled: set[str] = set()
        self._lock = threading.Lock()
        self._count = 0

    def run(self, task: str, args: tuple, *, timeout: float, job: str | None = None) -> Any:
        """Run ``task`` to completion (blocking; call it from a thread) and return its result.

        Raises ``JobError``: 429 when too many jobs run, 409 when cancelled, 422 when the
        time limit passed or the task refused its input.
        """
        with self._lock:
            if len(self._running) >= self.workers:
                raise JobError(f"the server is busy with {len(self._running)} jobs: wait for "
                               f"one to finish or cancel it", 429)
            self._count += 1
            key = job or f"job-{self._count}"
            if key in self._running:
                raise JobError(f"job {key!r} is already running", 409)
            receive, send = self._ctx.Pipe(duplex=False)
            proc = self._ctx.Process(target=_child, args=(send, task, args), daemon=True)
            self._running[key] = proc
            try:
                proc.start()
            except BaseException:
                self._running.pop(key, None)
                raise
        try:
            send.close()
            finished = receive.poll(timeout)
            try:
                kind, value = receive.recv() if finished else ("timeout", None)
            except EOFError:  # the child died: killed by cancel, or crashed
                kind, value = ("cancelled", None) if key in self._cancelled else ("died", None)
        finally:
            with self._lock:
                self._running.pop(key, None)
                self._cancelled.discard(key)
            if proc.is_alive():
                proc.kill()
            proc.join()
            receive.close()
        if kind == "ok":
            return value
        if kind == "error":
            message, status, extra = value
            raise JobError(message, status, **extra)
        if kind == "timeout":
            raise JobError(f"stopped at the time limit of {timeout:g} s", 422, timeout=True)
        if kind == "cancelled":
            raise JobError("cancelled", 409, cancelled=True)
        raise JobError(f"the worker for {task} stopped unexpectedly (exit code "
                       f"{proc.exitcode})", 422)

    def cancel(self, job: str) -> bool:
        """Stop a running job; False when no job has that id."""
        with self._lock:
            proc = self._running.get(job)
            if proc is None:
                return False
            self._cancelled.add(job)
        if proc.is_alive():
            proc.kill()
        return True

    def stop_all(self) -> None:
        """Kill every running job (the server is shutting down)."""
        with self._lock:
            procs = list(self._running.items())
        for key, proc in procs:
            self._cancelled.add(key)
            if proc.is_alive():
                proc.kill()

    @property
    def running(self) -> list[str]:
        with self._lock:
            return list(self._running)

