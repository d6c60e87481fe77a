"""Local worker processes for batch work: ``WorkerPool``, the engine behind ``--engine local``.

Each worker is a process (forkserver start: no fork with threads) with a pipe for the
calls it is sent and a pipe for what it sends back; the parent sends each worker at
most ``PREFETCH`` calls at a time (one running, the next waiting, so a worker never
waits on the parent between calls), keeps the rest queued, and reads the answers as
they come with one ``multiprocessing.connection.wait`` over every pipe and process.
The parent has no helper thread; a call costs it one ``send`` and one ``recv``.

Why not ``concurrent.futures.ProcessPoolExecutor``: it moves every call and answer
through two more threads of the parent (a feeder and a manager), which on the
17-clue file with ``fast`` (fifty answers of 600 KB) cost the parent four to five
times the CPU of reading the pipes directly, on a machine where the parent shares
the cores with the workers it feeds. A worker that dies (a crash in a solver, or
killed) raises ``BrokenProcessPool`` in the parent, as the executor did.

Each worker reads its calls in a thread of its own, so that the parent's ``send``
never waits for a worker busy writing an answer the parent has not read yet.
"""

from __future__ import annotations

import os
import time
from collections import deque
from typing import Iterator

#: Calls sent to one worker before its answers come back: the one it runs and the next.
PREFETCH = 2
#: Bytes each pipe to and from a worker may hold (Linux): an answer of a thousand 9x9
#: records (600 KB) then leaves a worker in one write, not in 64 KiB pieces each
#: waiting for the parent to read the one before.
PIPE_BYTES = 1 << 20


class WorkerPool:
    """``workers`` local processes that run module-level functions: ``submit_call``
    queues a call, ``finished`` yields answers as they come (re-raising a worker's
    exception), ``in_flight`` counts the calls not yet answered. ``backends`` are made
    (and a bulk backend's compiled code loaded) in every worker as it starts."""

    def __init__(self, workers: int, backends: list[str] | None = None,
                 capacity_per_worker: int = 4):
        self.workers = workers
        self.backends = backends
        self.capacity = workers * capacity_per_worker

    def __enter__(self) -> "WorkerPool":
        import multiprocessing

        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        ctx = multiprocessing.get_context(method)
        self.queued: deque = deque()  # (number, fn, args) not sent yet
        self.sent: list[set] = []  # per worker: the numbers sent, not answered
        self.wanted: set = set()  # numbers whose answers are still to be yielded
        self.number = 0
        self.processes, self.calls, self.answers = [], [], []
        try:
            for _ in range(self.workers):  # every worker starts (and loads) at once
                calls_in, calls_out = ctx.Pipe(duplex=False)
                answers_in, answers_out = ctx.Pipe(duplex=False)
                for end in (calls_in, answers_in):
                    widen(end.fileno())
                process = ctx.Process(target=serve, daemon=True,
                                      args=(calls_in, answers_out, os.getpid(), self.backends))
                process.start()
                calls_in.close()
                answers_out.close()
                self.processes.append(process)
                self.calls.append(calls_out)
                self.answers.append(answers_in)
                self.sent.append(set())
        except BaseException:
            self._stop(now=True)
            raise
        return self

    def __exit__(self, *exc) -> None:
        # Ctrl-C, an error, or calls still running (after ``cancel``): stop the workers
        # now (nothing they finish after this is recorded); else let them end.
        self._stop(now=exc[0] is not None or any(self.sent))

    def _stop(self, now: bool) -> None:
        for k, process in enumerate(self.processes):
            if now:
                process.terminate()
            else:
                try:
                    self.calls[k].send(None)
                except OSError:
                    pass
        for process in self.processes:
            process.join(timeout=None if now else 10)
            if process.is_alive():
                process.terminate()
                process.join()
        for conn in self.calls + self.answers:
            conn.close()
        self.processes, self.calls, self.answers = [], [], []

    def submit_call(self, fn, *args) -> None:
        """Run ``fn(*args)`` on a worker (a picklable module-level function); its value
        comes back through ``finished``."""
        self.number += 1
        self.queued.append((self.number, fn, args))
        self.wanted.add(self.number)
        self._send()

    def _send(self) -> None:
        """Give queued calls to the workers with room, the least busy first."""
        while self.queued:
            k = min(range(len(self.sent)), key=lambda i: len(self.sent[i]))
            if len(self.sent[k]) >= PREFETCH:
                return
            call = self.queued.popleft()
            try:
                self.calls[k].send(call)
            except OSError as exc:  # (not the parent's stdout: a closed pipe to a worker)
                from concurrent.futures.process import BrokenProcessPool

                raise BrokenProcessPool(f"a worker process ended abruptly (exit code "
                                        f"{self.processes[k].exitcode})") from exc
            self.sent[k].add(call[0])

    def cancel(self) -> None:
        """Drop the calls not sent yet; those running finish, and nothing more is yielded."""
        self.queued.clear()
        self.wanted = set()

    @property
    def in_flight(self) -> int:
        return len(self.wanted)

    def finished(self) -> Iterator:
        """Wait for at least one answer, then yield every answer that has come."""
        from concurrent.futures.process import BrokenProcessPool
        from multiprocessing.connection import wait

        got = not self.wanted  # (nothing to wait for)
        while not got:
            ready = wait(self.answers + [p.sentinel for p in self.processes])
            for k, conn in enumerate(self.answers):
                while conn in ready or conn.poll():
                    try:
                        number, ok, value = conn.recv()
                    except (EOFError, OSError):
                        break  # the worker is gone: its process says so below
                    finally:
                        ready = [c for c in ready if c is not conn]
                    self.sent[k].discard(number)
                    self._send()
                    if number not in self.wanted:  # (cancelled)
                        continue
                    self.wanted.discard(number)
                    if not ok:
                        raise value
                    got = True
                    yield value
            for process in self.processes:
                if not process.is_alive():
                    raise BrokenProcessPool(f"a worker process ended abruptly (exit code "
                                            f"{process.exitcode})")


def serve(calls, answers, parent_pid: int, backends: list[str] | None) -> None:
    """A worker's life: start up (``init_worker``), then run each call as it comes and
    send back ``(number, True, value)``, or ``(number, False, exception)``, until the
    parent sends None or goes away."""
    import pickle
    import queue
    import threading

    init_worker(parent_pid, backends)
    inbox: queue.SimpleQueue = queue.SimpleQueue()

    def read() -> None:  # calls are read at once, whatever the worker is doing
        try:
            while True:
                call = calls.recv()
                inbox.put(call)
                if call is None:
                    return
        except (EOFError, OSError):
            inbox.put(None)

    threading.Thread(target=read, daemon=True).start()
    while True:
        call = inbox.get()
        if call is None:
            return
        number, fn, args = call
        try:
            answer = (number, True, fn(*args))
        except Exception as exc:  # the parent re-raises it
            answer = (number, False, exc)
        try:
            answers.send(answer)
        except (pickle.PicklingError, TypeError, AttributeError) as exc:
            answers.send((number, False, RuntimeError(f"a worker's answer cannot be sent "
                                                      f"back: {type(exc).__name__}: {exc}")))


def init_worker(parent_pid: int, backends: list[str] | None = None) -> None:
    """Worker start-up: leave Ctrl-C to the parent, exit if the parent is killed, and
    load the backends of the run (``warm_backends``) before the first call comes."""
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(parent_pid, 0)
            except ProcessLookupError:
                os._exit(1)
            except PermissionError:
                pass

    threading.Thread(target=watch, daemon=True).start()
    warm_backends(backends)


def warm_backends(backends: list[str] | None) -> None:
    """Make and keep the named backends in this process, and load a bulk backend's
    compiled code with one tiny call, so that a worker's start-up is over before its
    first chunk (every worker loads at once, while the parent reads the first chunks).
    A backend that cannot be made is left for the first chunk to report."""
    from .backends import get_backend
    from .backends.base import capability
    from .board import geometry

    for name in backends or ():
        try:
            bulk = capability(get_backend(name), "check_array")
            if bulk is not None:
                bulk([[0] * 16], geometry(2, 2), 1)
        except Exception:  # (the first chunk raises it again, with its message)
            pass


def widen(fd: int) -> None:
    """Let a pipe hold ``PIPE_BYTES`` (Linux; elsewhere, or past the system's limit,
    the default stays)."""
    import fcntl

    setsize = getattr(fcntl, "F_SETPIPE_SZ", None)
    if setsize is not None:
        try:
            fcntl.fcntl(fd, setsize, PIPE_BYTES)
        except OSError:
            pass
