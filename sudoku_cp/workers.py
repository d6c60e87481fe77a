"""A local worker process's start-up, for the batch's ``--engine local``.

The engine is ``concurrent.futures.ProcessPoolExecutor`` (``batch.LocalEngine``); each
of its processes runs ``init_worker`` as it starts: Ctrl-C is left to the parent, the
worker exits if the parent is killed, and the run's backends are made (and a bulk
backend's compiled code loaded) before the first chunk comes.

A road measured and not taken: a pool written here (two pipes per worker, no helper
thread in the parent) took the parent 0.029 s of CPU for fifty answers of 620 KB where
the executor took 0.042 s (two workers, load about 5), and over the 17-clue run with
two workers about 0.06 s less (scaling 1.67x against 1.36x by the CPU bound; docs/fast.md).
The project runs its parallel work on the libraries made for it, and that gain was
not worth a second process pool to keep correct through Ctrl-C, killed workers and
full disks.
"""

from __future__ import annotations

import os
import time


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


def started() -> int:
    """A call that returns at once: the engine sends one to each worker as it opens."""
    return os.getpid()
