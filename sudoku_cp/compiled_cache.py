"""Where compiled code is kept: the user's cache directory, never beside the package.

numba (the ``fast`` backend, the DRAT checker's kernel) keeps compiled code on disk.
Left to itself it writes into ``__pycache__`` beside the source, that is into an
installed ``site-packages/sudoku_cp``: after ``pip install .`` and then
``pip install -e .`` the uninstall left that folder behind (it holds files pip did not
install), it shadowed the editable package, and every command failed with an
``ImportError``. So every numba user in the package calls ``prepare()`` before it
imports numba: ``NUMBA_CACHE_DIR`` is set to ``cache_dir()``, which is

- ``NUMBA_CACHE_DIR`` when the user set it;
- else platformdirs' user cache directory for ``sudoku_cp``, then ``numba``, then a
  folder named by the source of the kernels other compiled modules call
  (``~/.cache/sudoku_cp/numba/3f9c0a1b2c4d`` on Linux; the same place by hand without
  platformdirs). numba checks only the file a cached function is in: the controlled-bias
  kernels (``research``) inline ``fast``'s, and after ``fast``'s kernels changed they
  ran their old copies from the cache (one crashed with a memory error). A new kernel
  source is a new folder, so everything is compiled again.

The first compile takes a minute or more (``FIRST_COMPILE``). ``compiling(what)``
wraps it: it tells ``notify`` (a callable the command line sets at a terminal; the
library itself prints nothing) that it is about to happen, has ``progress`` rewrite one
line with the seconds spent while it runs, and says when it is done. ``sudoku-cp
warm-up`` does it ahead of time. A default check that would use ``fast`` does not wait
for it: it checks without it and has ``in_background()`` start ``sudoku-cp warm-up`` in a
process of its own, detached and at low priority (one per machine at a time, its
progress written to ``warm-up.log`` in the cache folder), so that later checks find the
code compiled; ``SUDOKU_CP_BACKGROUND_COMPILE=0`` turns that off.

Roads not taken: beside the package when its folder is writable (what broke the
reinstall); a folder under the current directory (a run from elsewhere would compile
again, and it litters projects).
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
import time
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Callable

#: Set by the command line to show notices (on stderr); None: the library stays quiet.
notify: Callable[[str], None] | None = None
#: Set by the command line at a terminal: rewrites one line in place (the seconds spent).
progress: Callable[[str], None] | None = None
#: How often ``progress`` is told, in seconds.
TICK = 1.0
#: The first compile of each numba user, in seconds of CPU (about its wall time on an idle
#: machine), measured on the 2-core development machine on 2026-11-29 with an empty
#: ``NUMBA_CACHE_DIR`` (``docs/fast.md``, "The first compile").
FIRST_COMPILE = {"fast": 85, "fastvar": 25, "drat": 7}


def user_cache_dir() -> Path:
    """The per-user cache directory for compiled code (platformdirs when installed)."""
    try:
        from platformdirs import user_cache_dir as where
    except ImportError:
        if sys.platform == "win32":
            base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
        elif sys.platform == "darwin":
            base = Path.home() / "Library" / "Caches"
        else:
            base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        return base / "sudoku_cp" / "numba"
    return Path(where("sudoku_cp")) / "numba"


#: Package files whose functions other files' compiled functions call (and inline): numba
#: checks only a cached function's own file, so a change in one of these must be a new
#: cache folder (``tests/test_compiled_cache.py`` finds every such file and checks it is here).
SHARED_SOURCES = ("backends/fast/kernels.py", "variants/fastvar/varbase.py",
                  "variants/fastvar/varclues.py", "variants/fastvar/varlines.py",
                  "variants/fastvar/varchaos.py", "variants/fastvar/varsums.py",
                  "variants/fastvar/varcross.py",
                  "variants/fastvar/varrenban.py")


@lru_cache(maxsize=None)
def sources_key(files: tuple[str, ...] = SHARED_SOURCES) -> str:
    """A short hash of ``files`` (paths inside the package): the cache folder's name."""
    h = hashlib.sha256()
    root = Path(__file__).resolve().parent
    for name in files:
        try:
            h.update((root / name).read_bytes())
        except OSError:  # (a trimmed install: no fast backend to go stale)
            h.update(name.encode())
    return h.hexdigest()[:12]


def cache_dir() -> Path:
    """Where compiled code is kept: ``NUMBA_CACHE_DIR`` if set, else ``user_cache_dir()``
    and the folder of the current kernels' source (``sources_key``)."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    return user_cache_dir() / sources_key()


def prepare() -> Path:
    """Point numba's cache at ``cache_dir()`` (before numba is imported, or in its config
    if it already is) and make the folder; returns it."""
    target = cache_dir()
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError:  # numba then says it cannot cache, and compiles each time
        pass
    os.environ.setdefault("NUMBA_CACHE_DIR", str(target))
    numba = sys.modules.get("numba")
    if numba is not None and getattr(numba, "config", None) is not None:
        numba.config.CACHE_DIR = os.environ["NUMBA_CACHE_DIR"]
    return target


def is_cold(stem: str) -> bool:
    """True when nothing compiled from the module whose file stem is ``stem`` (with its
    dot: ``"kernels."``) is cached yet.

    A warm answer is kept for the process (``_WARM``, by folder and stem): the cache
    only grows while a command runs, and the walk of the folder is not free. A default
    check asks before every puzzle whether ``fast`` is compiled (``variants.fast.
    not_ready``), and with a cache of ~1,900 files (one machine, several source
    versions) the walk took 2.5-3 ms of CPU, on each puzzle's road before its paradigms
    were handed the puzzle. A cold answer is not kept: a compile may finish meanwhile."""
    root = cache_dir()
    if (str(root), stem) in _WARM:
        return False
    try:
        cold = not any(p.name.startswith(stem) for p in root.rglob("*") if p.is_file())
    except OSError:
        return True
    if not cold:
        _WARM.add((str(root), stem))
    return cold


#: ``(cache folder, stem)`` pairs ``is_cold`` found warm in this process.
_WARM: set = set()


#: ``SUDOKU_CP_BACKGROUND_COMPILE=0``: never start a compile in the background.
BACKGROUND_ENV = "SUDOKU_CP_BACKGROUND_COMPILE"
#: The command ``in_background`` runs (a list of arguments after the Python executable).
BACKGROUND_COMMAND = ["-m", "sudoku_cp", "warm-up", "--log"]


def in_background() -> Path | None:
    """Start ``sudoku-cp warm-up`` in a detached process at low priority, unless one is
    running already (its pid in ``warm-up.pid`` in the cache folder) or
    ``SUDOKU_CP_BACKGROUND_COMPILE`` is ``0``; returns the log it writes its progress to,
    or None when none runs. It outlives the command that started it: that is the point."""
    if os.environ.get(BACKGROUND_ENV, "1").strip() == "0":
        return None
    import subprocess

    folder = prepare()
    pid_file, log = folder / "warm-up.pid", folder / "warm-up.log"
    for _ in range(2):  # a second try after clearing the file of a run that has ended
        try:
            fd = os.open(pid_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            if _alive(pid_file):
                return log
            pid_file.unlink(missing_ok=True)
            continue
        except OSError:  # an unwritable cache: numba cannot store the code either
            return None
        with os.fdopen(fd, "w") as out, open(log, "w") as sink:
            child = subprocess.Popen(
                [sys.executable, *BACKGROUND_COMMAND], stdin=subprocess.DEVNULL,
                stdout=sink, stderr=subprocess.STDOUT, start_new_session=True,
                env={**os.environ, BACKGROUND_ENV: "0", "NUMBA_CACHE_DIR": str(folder)},
                preexec_fn=_lower_priority if hasattr(os, "nice") else None)
            out.write(str(child.pid))
        return log
    return None


def _alive(pid_file: Path) -> bool:
    try:
        pid = int(pid_file.read_text().strip())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return False
    try:  # (a child that has ended but was not waited for is a zombie: not running)
        status = Path(f"/proc/{pid}/stat").read_text().split(") ")[-1][:1]
    except OSError:
        return True
    return status != "Z"


def _lower_priority() -> None:
    os.nice(10)


def notice(what: str, seconds: int) -> None:
    """Tell ``notify`` that ``what`` is being compiled for the first time."""
    if notify is not None:
        notify(f"sudoku-cp: compiling {what} once, about {seconds} s on an idle machine "
               f"(later runs load it from "
               f"{cache_dir()}; `sudoku-cp warm-up` does this ahead of time)")


@contextmanager
def compiling(what: str, seconds: int, cold: bool = True):
    """Around a first compile of ``what`` (``cold``; else nothing is said): ``notice``,
    then ``progress`` every ``TICK`` seconds with the time spent, then one line saying
    how long it took. Without ``notify`` (a library user, a pipe) it stays quiet."""
    if not cold or notify is None:
        yield
        return
    notice(what, seconds)
    start = time.monotonic()
    stop = threading.Event()

    def tick() -> None:
        while not stop.wait(TICK):
            if progress is not None:
                progress(f"sudoku-cp: compiling {what}: {time.monotonic() - start:.0f} s")

    ticker = threading.Thread(target=tick, name="compile-progress", daemon=True)
    ticker.start()
    try:
        yield
    finally:
        stop.set()
        ticker.join()
        if notify is not None:
            notify(f"sudoku-cp: compiled {what} in {time.monotonic() - start:.0f} s")


def restore_numba_symbols() -> None:
    """Bind numba's runtime helpers (``NRT_*``, ``numba_*``) to numba again.

    ``backends.fast.native.load`` binds the helpers the stored code names but never calls to stubs that abort
    (its ``_stub_addresses``). LLVM's symbol table is process-wide, so numba code compiled or
    linked afterwards in the same process would reach a stub at its first ``NRT_Free``.
    The stored code was resolved when it was finalized, so rebinding now changes nothing
    for it. (numba binds them itself when it is imported after ``load``.)
    """
    try:
        import llvmlite.binding as ll
        from numba import _dynfunc, _helperlib
        from numba.core.runtime import _nrt_python
    except ImportError:  # another numba layout: nothing known to rebind
        return
    for helpers in (_helperlib.c_helpers, _dynfunc.c_helpers):
        for name, address in helpers.items():
            ll.add_symbol("numba_" + name, address)
    for name, address in _nrt_python.c_helpers.items():
        ll.add_symbol(name if name.startswith("_") else "NRT_" + name, address)
