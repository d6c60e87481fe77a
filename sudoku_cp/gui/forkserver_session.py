"""The page's fork server launched in a session of its own, out of reach of the terminal's Ctrl-C.

A terminal's Ctrl-C sends SIGINT to every process of its foreground process group. Launched
by ``multiprocessing`` as it stands, the fork server is in the page's group, and it ignores
SIGINT only once its own Python start-up is done (``forkserver_deaf``, the first module it
preloads): a Ctrl-C pressed meanwhile killed it with a KeyboardInterrupt traceback on the
console (a CI flake: 1 start in 4 under load). In a session of its own (``setsid``) it is
in no terminal's group, so no Ctrl-C reaches it, and the page's own Ctrl-C handling is left
as it is. It needs no signal to stop: it ends when the page does (its "alive" pipe closes),
and the page kills it as it ends (``Jobs.stop_fork_server``); its workers are killed by the
page too, or end when their pipe to it closes.

``multiprocessing`` has no option for it: ``ForkServer.ensure_running`` launches the fork
server through ``util.spawnv_passfds(path, args, passfds)`` (CPython 3.8 to 3.13 alike).
``ensure_running`` below runs it with that one name, as the ``forkserver`` module sees it and
for that call only, pointing to the same launch in a new session: ``subprocess.Popen`` with
the same arguments, only ``passfds`` kept open, signal dispositions not restored (as the stock
launch does) and ``start_new_session``. Where the internals differ, it falls back to the stock
launch (in the page's group, ``forkserver_deaf`` still narrowing the window);
``tests/test_gui_jobs_session.py`` fails on a Python where the new-session launch is not taken.
"""

from __future__ import annotations

import subprocess
import threading
from multiprocessing import forkserver, util

#: The fork servers launched here. Kept: a ``Popen`` dropped while its process runs is reaped
#: later by ``subprocess`` itself, behind ``ForkServer``'s back (whose own ``waitpid`` on it
#: would then fail); ``ForkServer`` waits for the process, these objects never do.
LAUNCHED: list[subprocess.Popen] = []

_LOCK = threading.Lock()


def _spawn_in_new_session(path, args, passfds) -> int:
    """``util.spawnv_passfds``, but the child starts a session of its own."""
    proc = subprocess.Popen(args, executable=path, pass_fds=tuple(sorted(map(int, passfds))),
                            close_fds=True, restore_signals=False, start_new_session=True)
    LAUNCHED.append(proc)
    return proc.pid


class _SessionUtil:
    """``multiprocessing.util`` as ``forkserver`` sees it while it launches: the same module,
    but ``spawnv_passfds`` starts a new session."""

    spawnv_passfds = staticmethod(_spawn_in_new_session)

    def __getattr__(self, name: str):
        return getattr(util, name)


def supported() -> bool:
    """Does this Python's ``forkserver`` launch through ``util.spawnv_passfds``, as assumed?"""
    return (getattr(forkserver, "util", None) is util
            and callable(getattr(util, "spawnv_passfds", None))
            and callable(getattr(getattr(forkserver, "_forkserver", None), "ensure_running", None)))


def ensure_running() -> bool:
    """Start the fork server (``multiprocessing``'s, with the preload set on it) unless it
    runs already; a new one starts in a session of its own. False when this Python's
    internals differ and the stock launch was used."""
    if not supported():
        forkserver.ensure_running()
        return False
    with _LOCK:
        forkserver.util = _SessionUtil()
        try:
            forkserver.ensure_running()
        finally:
            forkserver.util = util
    return True
