"""Batch checking at scale: ``sudoku-cp check -f FILE --workers N --out RESULTS.jsonl``.

The input is streamed: puzzles are read and parsed one at a time in the parent,
packed into small *chunks* (``--chunk-size``, default 32) and handed to worker
processes, with at most a few chunks per worker in flight. Memory stays flat on a
file of millions of lines; a uniqueness check takes a few milliseconds, so a chunk
makes the cost of a round trip between processes small beside the work. Each worker
process keeps its backends (``get_backend`` caches them), so every solver loads the
formula or builds the model once per process, not once per puzzle.

Each finished puzzle becomes one JSON line in RESULTS, written with a single
``write()`` as soon as its chunk comes back (so lines are in completion order, not
input order; ``line`` and ``index`` say where each puzzle came from)::

    {"line": 12, "source": "in.txt", "index": 11, "verdict": "unique", "puzzle": "...",
     "box": "3x3", "solution": "...", "solutions": [...], "backends": {...},
     "evidence": [], "time_s": 0.004, "error": null}

A line that is not a puzzle is recorded as ``{"line": N, ..., "verdict": "invalid",
"error": "..."}``; a backend that raises is recorded as verdict ``"error"`` (a bug,
exit code 3 like a disagreement).

**Resume.** ``--resume`` continues an interrupted run, even one killed with SIGKILL in
the middle of a write: RESULTS is cut back to its last complete line, the
``(source, line)`` pairs in it are skipped, and new results are appended. Resume with
the same ``-f`` arguments: a puzzle is known by the file name as given and its line.

**Engines.** ``--engine local`` (the default) uses a ``ProcessPoolExecutor``;
``--engine dask`` runs the same chunks on a Dask cluster, at ``--scheduler ADDRESS``
or on a ``LocalCluster`` of ``--workers`` processes started for the run. The workers
of a remote cluster need ``sudoku_cp`` and its solver packages installed.

Roads not taken: ``multiprocessing.Pool.imap_unordered`` reads its whole input
iterator ahead (unbounded memory on a big file); writing results in input order
would hold finished results behind one slow puzzle; a thread pool would serialise
the pure-Python parts of every backend on the GIL.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections import Counter
from concurrent.futures import BrokenExecutor
from typing import Iterable, Iterator

#: Every verdict a results line can carry, mapped to the CLI's exit codes by ``cli.verdict_exit``.
VERDICTS = ("unique", "multiple", "none", "unknown", "disagree", "invalid", "error")
#: Chunks in flight per worker: enough to keep every worker busy, few enough to bound memory.
IN_FLIGHT_PER_WORKER = 4
#: Seconds between ``os.fsync`` calls on RESULTS (each line is flushed as written).
FSYNC_EVERY = 5.0

_PREFIX = re.compile(rb'^\{"line": (\d+), "source": ("(?:[^"\\]|\\.)*"), "index": \d+, '
                     rb'"verdict": "(\w+)"')


# -- options -------------------------------------------------------------------------------
def add_batch_options(parser: argparse.ArgumentParser) -> None:
    """Add the batch options to the ``check`` parser (cheap: imports nothing heavy)."""
    g = parser.add_argument_group("batch (parallel, resumable; any of --workers, --out, "
                                  "--engine turns it on)")
    g.add_argument("--workers", type=_positive_int, metavar="N",
                   help="worker processes (default: CPU count)")
    g.add_argument("--out", metavar="RESULTS.jsonl",
                   help="write one JSON line per puzzle here (default: stdout)")
    g.add_argument("--resume", action="store_true",
                   help="skip the puzzles already in --out and append the rest")
    g.add_argument("--engine", choices=["local", "dask"],
                   help="local processes (default) or a Dask cluster")
    g.add_argument("--scheduler", metavar="ADDRESS",
                   help="Dask scheduler, e.g. tcp://127.0.0.1:8786 (default: a local "
                        "cluster of --workers processes)")
    g.add_argument("--chunk-size", type=_positive_int, default=32, metavar="K",
                   help="puzzles per task sent to a worker (default 32)")
    g.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: when stderr is a terminal)")


def wants_batch(args) -> bool:
    """True when the command line asks for a batch run."""
    return any(getattr(args, name, None) for name in ("workers", "out", "engine", "resume"))


# -- the worker side ---------------------------------------------------------------------------
def check_chunk(chunk: list[tuple], backends: list[str] | None,
                time_limit: float | None) -> list[tuple[str, str]]:
    """Cross-check a chunk of puzzles; returns ``(verdict, json_line)`` for each.

    A chunk item is ``(source, line, index, givens, box, extra_houses, expected)``.
    Runs in a worker process; backends are cached there between chunks.
    """
    from .backends import MissingDependencyError, UnknownBackendError
    from .board import Board
    from .crosscheck import crosscheck

    if backends == ["fast"]:  # issue 12: one compiled call per chunk (same records)
        from .backends.fast_batch import check_chunk as check_chunk_fast

        return check_chunk_fast(chunk, time_limit)
    out = []
    for source, line, index, givens, box, extra, expected in chunk:
        board = Board.from_values(givens, box=box, houses=extra)
        head = {"line": line, "source": source, "index": index}
        try:
            report = crosscheck(board, backends, time_limit=time_limit)
        except (MissingDependencyError, UnknownBackendError):
            raise  # the same for every puzzle: stop the run with the message
        except Exception as exc:  # a backend bug must not stop a million-puzzle run
            record = {**head, "verdict": "error", "puzzle": board.to_text(),
                      "error": f"{type(exc).__name__}: {exc}"}
        else:
            d = report.to_dict()
            record = {**head, "verdict": d["verdict"], "puzzle": board.to_text(), **d,
                      "time_s": round(report.time_s, 6), "error": None}
            if expected is not None:
                record["expected_solution"] = (
                    "match" if report.solution is not None
                    and tuple(report.solution) == tuple(expected) else "differs")
        out.append((record["verdict"], json.dumps(record)))
    return out


def _init_worker(parent_pid: int) -> None:
    """Worker start-up: leave Ctrl-C to the parent, and exit if the parent is killed."""
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


# -- engines -----------------------------------------------------------------------------------
class LocalEngine:
    """Chunks on a pool of local worker processes (forkserver start: no fork with threads)."""

    def __init__(self, workers: int):
        self.workers = workers
        self.capacity = workers * IN_FLIGHT_PER_WORKER

    def __enter__(self) -> "LocalEngine":
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        self.pool = ProcessPoolExecutor(self.workers, multiprocessing.get_context(method),
                                        initializer=_init_worker, initargs=(os.getpid(),))
        self.pending: set = set()
        return self

    def __exit__(self, *exc) -> None:
        self.pool.shutdown(wait=exc[0] is None, cancel_futures=True)

    def submit(self, chunk, backends, time_limit) -> None:
        self.pending.add(self.pool.submit(check_chunk, chunk, backends, time_limit))

    @property
    def in_flight(self) -> int:
        return len(self.pending)

    def finished(self) -> Iterator[list[tuple[str, str]]]:
        """Wait for at least one chunk, then yield every finished chunk's results."""
        from concurrent.futures import FIRST_COMPLETED, wait

        done, self.pending = wait(self.pending, return_when=FIRST_COMPLETED)
        for future in done:
            yield future.result()


class DaskEngine:
    """Chunks on a Dask cluster: the one at ``scheduler``, or a LocalCluster of processes."""

    def __init__(self, workers: int, scheduler: str | None):
        self.workers = workers
        self.scheduler = scheduler
        self.cluster = None

    def __enter__(self) -> "DaskEngine":
        from .backends import require

        require("distributed", "'dask[distributed]'", "dask engine")
        from distributed import Client, LocalCluster, as_completed

        if self.scheduler:
            self.client = Client(self.scheduler)
            nworkers = len(self.client.scheduler_info().get("workers", {})) or self.workers
        else:
            self.cluster = LocalCluster(n_workers=self.workers, threads_per_worker=1,
                                        processes=True, host="127.0.0.1",
                                        dashboard_address=None, silence_logs=40)
            self.client = Client(self.cluster)
            nworkers = self.workers
        self.capacity = max(1, nworkers) * IN_FLIGHT_PER_WORKER
        self.queue = as_completed([], with_results=True)
        self.in_flight = 0
        return self

    def __exit__(self, *exc) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def submit(self, chunk, backends, time_limit) -> None:
        self.queue.add(self.client.submit(check_chunk, chunk, backends, time_limit, pure=False))
        self.in_flight += 1

    def finished(self) -> Iterator[list[tuple[str, str]]]:
        try:
            future, result = next(self.queue)
        except RuntimeError as exc:
            if "deserializ" not in str(exc):
                raise
            from .backends import MissingDependencyError

            raise MissingDependencyError(
                "the Dask scheduler or a worker cannot load sudoku_cp: install sudoku-cp and "
                f"its solver packages on every machine of the cluster ({' '.join(str(exc).split())})"
            ) from exc
        self.in_flight -= 1
        future.release()
        yield result
        for future, result in self.queue.next_batch(block=False):
            self.in_flight -= 1
            future.release()
            yield result


# -- results file --------------------------------------------------------------------------------
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


def recover(path: str) -> tuple[DoneSet, Counter]:
    """Read RESULTS for ``--resume``: drop a partial last line, return what is done.

    The file is truncated to its last newline (a run killed mid-write leaves at most
    one partial line), then each line's ``line``, ``source`` and ``verdict`` are read.
    """
    done, verdicts = DoneSet(), Counter()
    if not os.path.exists(path):
        return done, verdicts
    with open(path, "rb+") as f:
        end = f.seek(0, os.SEEK_END)
        keep = end
        while keep > 0:  # find the last newline, reading backwards in blocks
            start = max(0, keep - 65536)
            f.seek(start)
            block = f.read(keep - start)
            nl = block.rfind(b"\n")
            if nl >= 0:
                keep = start + nl + 1
                break
            keep = start
        if keep != end:
            f.truncate(keep)
        f.seek(0)
        for raw in f:
            if not raw.strip():
                continue
            m = _PREFIX.match(raw)
            if m:
                source, line, verdict = json.loads(m[2]), int(m[1]), m[3].decode()
            else:  # written by something else, or keys reordered: read it properly
                try:
                    rec = json.loads(raw)
                    source, line, verdict = rec.get("source", ""), int(rec["line"]), rec["verdict"]
                except (ValueError, KeyError, TypeError):
                    print(f"sudoku-cp: warning: {path}: unreadable results line skipped",
                          file=sys.stderr)
                    continue
            done.add(source, line)
            verdicts[verdict] += 1
    return done, verdicts


class Sink:
    """Where results lines go: RESULTS (one unbuffered write per line) or stdout."""

    def __init__(self, path: str | None):
        from .cli import UsageError

        self.path = path
        try:
            self.file = open(path, "ab", buffering=0) if path else None
        except OSError as exc:
            raise UsageError(f"{path}: {exc.strerror or exc}") from None
        self.last_sync = time.monotonic()

    def write(self, line: str) -> None:
        data = (line + "\n").encode()
        if self.file is None:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
            return
        view = memoryview(data)
        while view:  # one write() in practice; a short write only on a full disk or signal
            view = view[self.file.write(view):]
        if time.monotonic() - self.last_sync > FSYNC_EVERY:
            os.fsync(self.file.fileno())
            self.last_sync = time.monotonic()

    def close(self) -> None:
        if self.file is not None:
            os.fsync(self.file.fileno())
            self.file.close()


# -- the parent side ------------------------------------------------------------------------------
def count_puzzle_lines(paths: Iterable[str]) -> int | None:
    """Lines that may hold a puzzle (not blank, not '#'), for the progress bar's ETA."""
    total = 0
    for path in paths:
        try:
            with open(path, "rb") as f:
                total += sum(1 for raw in f if raw.strip() and not raw.lstrip().startswith(b"#"))
        except OSError:
            return None
    return total


def _progress_bar(args, done_before: int):
    from .progress import progress_bar, wanted

    if not wanted(args.progress):  # count the input's lines only for a bar
        return None
    files = list(args.file or [])
    total = count_puzzle_lines(files) if files and not args.puzzles else None
    if total is not None:
        total = max(0, total - done_before)
    return progress_bar(total, show=True, tell_missing=True, smoothing=0.05,
                        dynamic_ncols=True, desc="check")


def run_batch(args) -> int:
    """Run ``check`` as a batch (see the module docstring); returns the exit code.

    Reads ``args.file``, ``args.puzzles``, ``args.box``, ``args.backends``,
    ``args.time_limit``, ``args.json`` and the options of ``add_batch_options``.
    With ``--json`` and ``--out`` the closing summary is also printed on stdout as JSON.
    """
    from .backends import BACKENDS, parse_spec
    from .cli import UsageError, entries

    out = getattr(args, "out", None)
    resume = getattr(args, "resume", False)
    engine_name = getattr(args, "engine", None) or "local"
    workers = getattr(args, "workers", None) or os.cpu_count() or 1
    if resume and not out:
        raise UsageError("--resume needs --out RESULTS.jsonl")
    if getattr(args, "scheduler", None) and engine_name != "dask":
        raise UsageError("--scheduler needs --engine dask")
    if out and not resume and os.path.exists(out) and os.path.getsize(out) > 0:
        raise UsageError(f"{out} exists: add --resume to continue it, or remove it")
    backends = [s.strip() for s in (args.backends or "").split(",") if s.strip()] or None
    for spec in backends or BACKENDS:
        parse_spec(spec)  # unknown names fail here, before any worker starts

    done, before = recover(out) if resume else (DoneSet(), Counter())
    engine = (DaskEngine(workers, getattr(args, "scheduler", None)) if engine_name == "dask"
              else LocalEngine(workers))
    batch = _Batch(Sink(out), before, _progress_bar(args, done.count))
    try:
        with engine:
            batch.feed(engine, entries(args), done, backends, args.time_limit,
                       getattr(args, "chunk_size", None) or 32)
    except KeyboardInterrupt:
        print(summary_line(batch.summary()) + " (interrupted: --resume continues)",
              file=sys.stderr)
        raise
    except BrokenExecutor as exc:  # a worker died (a crash in a solver, or killed): a bug
        print(f"sudoku-cp: a worker process died ({exc}); the results so far are kept and "
              f"--resume continues", file=sys.stderr)
        batch.outcome("error")
    finally:
        batch.close()
    summary = batch.summary()
    print(summary_line(summary), file=sys.stderr)
    if args.json and out:
        print(json.dumps(summary), flush=True)
    return batch.code


class _Batch:
    """The parent's side of a run: feeds chunks to an engine, writes what comes back."""

    def __init__(self, sink: Sink, before: Counter, bar) -> None:
        self.sink, self.before, self.bar = sink, before, bar
        self.counts: Counter = Counter()
        self.skipped = 0
        self.code = 0  # cli.EXIT_OK
        for verdict in before:  # the exit code covers the whole results file
            self.outcome(verdict)
        self.say = bar.write if bar is not None else (lambda t: print(t, file=sys.stderr))
        self.start = time.perf_counter()

    def feed(self, engine, entries, done: DoneSet, backends, time_limit, chunk_size) -> None:
        """Stream ``entries`` to ``engine`` in chunks, never more than its capacity in flight."""
        chunk: list[tuple] = []
        for index, (source, entry) in enumerate(entries, 1):
            if (source, entry.line) in done:
                self.skipped += 1
                continue
            if entry.error:  # recorded here: no worker needed
                self.collect([("invalid", json.dumps(
                    {"line": entry.line, "source": source, "index": index, "verdict": "invalid",
                     "puzzle": entry.text, "error": entry.error}))])
                continue
            board, expected = entry.board, getattr(entry, "solution", None)
            chunk.append((source, entry.line, index, board.givens, board.box,
                          board.geometry.extra, tuple(expected) if expected else None))
            if len(chunk) >= chunk_size:
                engine.submit(chunk, backends, time_limit)
                chunk = []
                while engine.in_flight >= engine.capacity:
                    self.drain(engine)
        if chunk:
            engine.submit(chunk, backends, time_limit)
        while engine.in_flight:
            self.drain(engine)

    def drain(self, engine) -> None:
        for results in engine.finished():
            self.collect(results)

    def collect(self, results: list[tuple[str, str]]) -> None:
        """Write finished puzzles' lines; count them; say a disagreement out loud."""
        for verdict, line in results:
            self.sink.write(line)
            self.counts[verdict] += 1
            self.outcome(verdict)
            if verdict in ("disagree", "error"):
                rec = json.loads(line)
                self.say(f"{verdict.upper()} on {rec['source']}:{rec['line']}: {rec['puzzle']}")
                for why in rec.get("evidence") or [rec.get("error")]:
                    self.say(f"  {why}")
        if self.bar is not None:
            self.bar.update(len(results))

    def outcome(self, verdict: str) -> None:
        """Fold one verdict into the exit code: the most severe wins (``cli.worst``)."""
        from .cli import verdict_exit, worst

        self.code = worst(self.code, verdict_exit(verdict))

    def summary(self) -> dict:
        return summarize(self.counts, self.before, self.skipped,
                         time.perf_counter() - self.start)

    def close(self) -> None:
        self.sink.close()
        if self.bar is not None:
            self.bar.close()


def summarize(counts: Counter, before: Counter, skipped: int, wall: float) -> dict:
    """The closing numbers of a run (this run's verdicts, plus what RESULTS held before)."""
    checked = sum(n for v, n in counts.items() if v != "invalid")
    return {
        "summary": True,
        "puzzles": sum(counts.values()),
        "verdicts": {v: counts[v] for v in VERDICTS if counts[v]},
        "checked_per_s": round(checked / wall, 1) if wall > 0 else None,
        "wall_s": round(wall, 3),
        "skipped_done": skipped,
        "before": {v: before[v] for v in VERDICTS if before[v]},
    }


def summary_line(s: dict) -> str:
    verdicts = ", ".join(f"{v} {n}" for v, n in s["verdicts"].items()) or "nothing to do"
    text = (f"batch: {s['puzzles']} puzzles in {s['wall_s']:.1f} s "
            f"({s['checked_per_s'] or 0:.1f} checks/s): {verdicts}")
    if s["skipped_done"]:
        text += f"; {s['skipped_done']} already in the results file were skipped"
    return text


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value
