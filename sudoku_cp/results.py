"""A batch's results file: a header that names its inputs, then one record a line.

The first line is the **header** record::

    {"sudoku_cp_results": 1, "inputs": {"in.txt": {"sha256": "...", "lines": 95}},
     "backends": ["sat", "cpsat", "backtrack"], "time_limit": null, "version": "0.1.0"}

It identifies each input by the SHA-256 of its bytes, not by the path as typed, so
``--resume`` can tell ``./in.txt`` from a changed ``in.txt``. Every later line is a
record (``sudoku_cp.records``).

``read_results`` validates a file before anything is appended to it: a file without
the header (or with a line that is not a record of one of its inputs) is refused and
left exactly as it was; only a partial last line, which a run killed in the middle of
a write leaves behind, is cut off.

Roads not taken: matching inputs by path (``./r.txt`` and ``r.txt`` differ as
strings; an edited file keeps its name); a side file for the header (two files to
keep together); hashing only the first megabyte (a change further down would pass).
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from .errors import OutputError, UsageError
from .verdicts import VERDICTS

FORMAT = 1
#: Seconds between ``os.fsync`` calls on RESULTS (each line is flushed as written).
FSYNC_EVERY = 5.0

_PREFIX = re.compile(rb'^\{"line": (\d+), "source": ("(?:[^"\\]|\\.)*"), "index": \d+, '
                     rb'"verdict": "(\w+)"')


# -- inputs ------------------------------------------------------------------------------------
def digest(path: str) -> dict:
    """The SHA-256 and line count of a file's bytes: how a results file knows its input."""
    import hashlib  # (here: loading OpenSSL took 5-8 ms of every check, results file or not)

    h, lines = hashlib.sha256(), 0
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
            lines += block.count(b"\n")
    return {"sha256": h.hexdigest(), "lines": lines + 1}


def digest_text(texts: list[str]) -> dict:
    """The same for puzzles given as arguments."""
    import hashlib

    data = "\n".join(texts).encode()
    return {"sha256": hashlib.sha256(data).hexdigest(), "lines": data.count(b"\n") + 1}


def header(inputs: dict[str, dict], backends, time_limit) -> dict:
    from . import __version__

    return {"sudoku_cp_results": FORMAT, "inputs": inputs, "backends": backends,
            "time_limit": time_limit, "version": __version__}


# -- reading -----------------------------------------------------------------------------------
class DoneSet:
    """The ``(source, line)`` pairs already in RESULTS: one bit per line, per source."""

    def __init__(self) -> None:
        self._bits: dict[str, bytearray] = {}
        self.count = 0

    def add(self, source: str, line: int) -> None:
        bits = self._bits.setdefault(source, bytearray())
        byte, bit = divmod(line, 8)
        if byte >= len(bits):
            bits.extend(bytes(byte + 1 - len(bits) + len(bits) // 2))
        if not bits[byte] >> bit & 1:
            bits[byte] |= 1 << bit
            self.count += 1

    def __contains__(self, key: tuple[str, int]) -> bool:
        bits = self._bits.get(key[0])
        byte, bit = divmod(key[1], 8)
        return bits is not None and byte < len(bits) and bool(bits[byte] >> bit & 1)


@dataclass
class Existing:
    """What a results file already holds."""

    header: dict | None
    done: DoneSet = field(default_factory=DoneSet)
    verdicts: Counter = field(default_factory=Counter)
    keep: int = 0  # bytes of complete lines; anything after is a partial last line


def read_results(path: str) -> Existing:
    """Read and validate RESULTS for ``--resume``; raise ``UsageError`` if it is not ours.

    Nothing is written here: ``Existing.keep`` says where the complete lines end.
    """
    with open(path, "rb") as f:
        data_end = f.seek(0, os.SEEK_END)
        f.seek(0)
        first = f.readline()
        if not first:
            return Existing(None)
        head = _header(path, first)
        found = Existing(head, keep=len(first) if first.endswith(b"\n") else 0)
        limits = {name: spec["lines"] for name, spec in head["inputs"].items()}
        number = 1
        for raw in f:
            number += 1
            if not raw.endswith(b"\n"):  # a partial last line: cut off when appending
                break
            if raw.strip():
                source, line, verdict = _record(path, number, raw, limits)
                found.done.add(source, line)
                found.verdicts[verdict] += 1
            found.keep += len(raw)
        if found.keep + (len(first) if not found.keep else 0) > data_end:
            found.keep = data_end
    return found


def _header(path: str, raw: bytes) -> dict:
    try:
        head = json.loads(raw)
    except ValueError:
        head = None
    ok = (isinstance(head, dict) and head.get("sudoku_cp_results") == FORMAT
          and isinstance(head.get("inputs"), dict)
          and all(isinstance(v, dict) and isinstance(v.get("sha256"), str)
                  and _whole(v.get("lines"), 1, None) for v in head["inputs"].values()))
    if not ok:
        raise UsageError(f"{path} is not a sudoku-cp results file (its first line is not the "
                         f"header); it was left untouched: give another --out")
    return head


def _record(path: str, number: int, raw: bytes, limits: dict[str, int]) -> tuple[str, int, str]:
    """``(source, line, verdict)`` of one results line, checked against the header."""
    m = _PREFIX.match(raw)
    if m:
        source, line, verdict = json.loads(m[2]), int(m[1]), m[3].decode()
    else:  # keys reordered or spaced otherwise: read it properly
        try:
            rec = json.loads(raw)
            source, line, verdict = rec["source"], rec["line"], rec["verdict"]
        except (ValueError, KeyError, TypeError):
            source = line = verdict = None
    if source not in limits or not _whole(line, 1, limits.get(source)) or verdict not in VERDICTS:
        raise UsageError(f"{path}:{number}: not a record of this results file's inputs; "
                         f"it was left untouched")
    return source, line, verdict


def _whole(v, low: int, high: int | None) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= low and \
        (high is None or v <= high)


def match_inputs(head: dict, current: dict[str, dict], path: str) -> dict[str, str]:
    """Map each current input to its name in the header, by content; refuse changes.

    >>> head = {"inputs": {"r.txt": {"sha256": "ab", "lines": 3}}}
    >>> match_inputs(head, {"./r.txt": {"sha256": "ab", "lines": 3}}, "R")
    {'./r.txt': 'r.txt'}
    """
    by_hash = {spec["sha256"]: name for name, spec in head["inputs"].items()}
    names = {}
    for name, spec in current.items():
        old = by_hash.get(spec["sha256"])
        if old is None:
            raise UsageError(f"{name} is not an input of {path} (or it changed since: its "
                             f"content differs); resume with the same input, or give another --out")
        names[name] = old
    missing = set(head["inputs"]) - set(names.values())
    if missing:
        raise UsageError(f"{path} was written for more inputs: resume with "
                         f"{', '.join(sorted(missing))} too")
    return names


# -- writing -----------------------------------------------------------------------------------
class Sink:
    """Where results lines go: RESULTS (one unbuffered write per chunk of lines) or stdout.

    The file is opened on the first write, so a run that fails before it has any
    result leaves nothing behind. ``keep`` cuts a partial last line before appending;
    ``head`` is written first into a new file. A symbolic link is not followed
    unless ``follow`` (a link's target is someone else's file).
    """

    def __init__(self, path: str | None, *, head: dict | None = None, keep: int | None = None,
                 follow: bool = False):
        self.path, self.head, self.keep, self.follow = path, head, keep, follow
        self.file = None
        self.last_sync = time.monotonic()

    def _open(self) -> None:
        flags = os.O_WRONLY | os.O_CREAT | (0 if self.follow else getattr(os, "O_NOFOLLOW", 0))
        try:
            parent = os.path.dirname(self.path)
            if parent:
                os.makedirs(parent, exist_ok=True)
            fd = os.open(self.path, flags, 0o666)
            self.file = os.fdopen(fd, "wb", buffering=0)
            if self.keep is not None and os.fstat(fd).st_size > self.keep:
                self.file.truncate(self.keep)  # a partial last line, or --force
            self.file.seek(0, os.SEEK_END)
            if self.head is not None and self.file.tell() == 0:
                self._put((json.dumps(self.head) + "\n").encode())
        except OSError as exc:
            raise OutputError(f"{self.path}: {exc.strerror or exc}") from None

    def write(self, line: str) -> None:
        self.write_lines([line])

    def write_lines(self, lines: list[str]) -> None:
        """Write finished lines with one ``write()`` (a chunk's worth: a killed run
        leaves at most a partial last line, which ``--resume`` cuts off)."""
        if not lines:
            return
        text = "\n".join(lines) + "\n"
        if self.path is None:
            sys.stdout.write(text)
            sys.stdout.flush()
            return
        self.write_bytes(text.encode())

    def write_bytes(self, data: bytes | memoryview) -> None:
        """Write finished lines that come as one ``bytes`` (or a ``memoryview``; each
        line ending in a newline), with one ``write()``, as ``write_lines`` does."""
        if not data:
            return
        if self.path is None:
            out = getattr(sys.stdout, "buffer", None)
            if out is None:  # a text-only stream (a test's)
                sys.stdout.write(bytes(data).decode())
            else:
                sys.stdout.flush()  # (whatever was printed before comes first)
                out.write(data)
                out.flush()
            return
        if self.file is None:
            self._open()
        try:
            self._put(data)
            if time.monotonic() - self.last_sync > FSYNC_EVERY:
                os.fsync(self.file.fileno())
                self.last_sync = time.monotonic()
        except OSError as exc:
            raise OutputError(f"cannot write to {self.path}: {exc.strerror or exc} (the "
                              f"results before it are kept; --resume continues)") from None

    def _put(self, data: bytes) -> None:
        view = memoryview(data)
        while view:  # one write() in practice; a short write only on a full disk or signal
            view = view[self.file.write(view):]

    def close(self) -> None:
        if self.file is not None:
            try:
                os.fsync(self.file.fileno())
            except OSError:  # not a regular file (a pipe, /dev/full): nothing to sync
                pass
            try:
                self.file.close()
            except OSError:
                pass
            self.file = None
