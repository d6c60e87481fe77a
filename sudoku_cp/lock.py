"""One writer at a time for a file that runs append to (a results file, a manifest).

``hold(path)`` takes an advisory lock on a small side file, ``PATH.lock``, that holds
the process id of the writer. A second writer is refused at once with a
``FileBusyError`` naming the file and the holder's pid: it does not wait (a batch
can run for hours) and it does not guess. The lock is the kernel's (``flock``), so a
run killed with SIGKILL lets go of it when it dies: a stale side file left behind
blocks nothing, the next run takes it over and writes its own pid.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
>>> with hold(path):
...     try:
...         hold(path)
...     except FileBusyError as exc:
...         print(str(exc).replace(path, "R").replace(str(os.getpid()), "PID"))
R is being written by another sudoku-cp run (pid PID); wait for it to finish, or give another file
>>> os.path.exists(path + ".lock")
False

Roads not taken: locking the results file itself (a lock cannot carry the holder's
pid, and the message should name it); an ``O_EXCL`` pid file without a kernel lock
(a killed run leaves it behind, and telling a stale pid from a live one races with
pid reuse); waiting for the lock (two resumes of one file are a mistake to report,
not to serialise: the second would redo nothing and look as if it had worked).
"""

from __future__ import annotations

import os

from .errors import SudokuCpError

SUFFIX = ".lock"


class FileBusyError(SudokuCpError, OSError):
    """Another process is writing the file: the message names it and the holder's pid."""


class Held:
    """A lock taken by ``hold``; ``release()`` (or leaving a ``with``) lets it go."""

    def __init__(self, path: str, fd: int) -> None:
        self.path, self.fd = path, fd

    def release(self) -> None:
        if self.fd is None:
            return
        try:  # remove the side file while still holding it: a waiter re-checks the inode
            os.unlink(self.path + SUFFIX)
        except OSError:
            pass
        os.close(self.fd)  # closing lets go of the lock
        self.fd = None

    def __enter__(self) -> "Held":
        return self

    def __exit__(self, *exc) -> None:
        self.release()


def hold(path: str) -> Held:
    """Lock ``path`` for this process, or raise ``FileBusyError`` at once.

    The side file's parent folder is made if missing (the file it guards will be
    made there too). On a system without ``fcntl`` (Windows) ``msvcrt`` locks it.
    """
    lock_path = path + SUFFIX
    parent = os.path.dirname(lock_path)
    if parent:
        os.makedirs(parent, exist_ok=True)
    while True:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o666)
        try:
            if not _try_lock(fd):
                raise FileBusyError(f"{path} is being written by another sudoku-cp run "
                                    f"(pid {_holder(fd)}); wait for it to finish, or give "
                                    f"another file")
            try:  # the holder may have removed the side file between our open and lock
                same = os.path.samestat(os.fstat(fd), os.stat(lock_path))
            except FileNotFoundError:
                same = False
            if not same:
                os.close(fd)
                continue
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
            return Held(path, fd)
        except BaseException:
            try:
                os.close(fd)
            except OSError:
                pass
            raise


def _try_lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False


def _holder(fd: int) -> str:
    """The pid written in the side file by the holder ("unknown" if it has not yet)."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except (OSError, AttributeError):
        text = ""
    return text if text.isdigit() else "unknown"
