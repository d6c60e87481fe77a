"""Batch checking at scale, the library behind ``sudoku-cp check --workers N --out RESULTS.jsonl``.

``Batch(sink).run(engine, entries)`` takes puzzle entries and returns the count of
each verdict; it knows nothing of the command line, which turns the counts into an
exit code and a summary (``sudoku_cp.cli.check``).

The input is streamed: puzzles are read and parsed one at a time in the parent,
packed into small *chunks* (``--chunk-size``, default 32; 1,000 for ``fast`` alone) and
handed to worker processes, with at most a few chunks per worker in flight. A stretch
of a file that holds only plain 9x9 one-line puzzles (and blank or comment lines) is
read a chunk at a time without parsing (``parse.read_blocks``) and travels as the
givens' bytes; the worker makes the boards: the parent, which every worker waits on,
then costs well under a microsecond a puzzle instead of about ten. Memory
stays flat on a file of millions of lines; a uniqueness check takes a few
milliseconds, so a chunk makes the cost of a round trip between processes small
beside the work (``fast`` takes tens of microseconds, hence its larger chunks). Each worker
process keeps its backends (``get_backend`` caches them), so every solver loads the
formula or builds the model once per process, not once per puzzle.

Each finished puzzle becomes one JSON line in RESULTS; a chunk's lines are written
with a single ``write()`` as soon as the chunk comes back (so lines are in completion
order, not input order; ``line`` and ``index`` say where each puzzle came from). When
the parent only writes them (no ``--certify``), a worker makes a chunk's lines one
``bytes`` (``pipeline.CheckedChunk``), which the parent writes as it came; a local
worker puts them in a shared buffer the parent lent the chunk (``workers.Slots``, where a
plain block's givens came too), so that only their length goes through the executor's
pipe (the Dask engine's workers send the bytes)::

    {"line": 12, "source": "in.txt", "index": 11, "verdict": "unique", "puzzle": "...",
     "box": "3x3", "solution": "...", "solutions": [...], "backends": {...},
     "evidence": [], "time_s": 0.004, "error": null}

A line that is not a puzzle is recorded as ``{"line": N, ..., "verdict": "invalid",
"error": "..."}``; a backend that raises is recorded as verdict ``"error"`` (a bug,
exit code 3 like a disagreement).

RESULTS starts with a header record naming each input by the SHA-256 of its content
(``sudoku_cp.results``).

**Resume.** ``--resume`` continues an interrupted run, even one killed with SIGKILL in
the middle of a write: RESULTS is validated (a file that is not a results file, or
whose inputs changed, is refused untouched), its partial last line is cut off, the
``(source, line)`` pairs in it are skipped, and new results are appended. Inputs are
matched by content, so ``./in.txt`` resumes a run of ``in.txt``.

**Engines.** ``--engine local`` (the default) uses a ``ProcessPoolExecutor`` whose
workers all start, and load the run's backends, when the engine opens (``workers``);
``--engine dask`` runs the same chunks on a Dask cluster, at ``--scheduler ADDRESS``
or on a ``LocalCluster`` of ``--workers`` processes started for the run. The workers
of a remote cluster need ``sudoku_cp`` and its solver packages installed.

Roads not taken: ``multiprocessing.Pool.imap_unordered`` reads its whole input
iterator ahead (unbounded memory on a big file); writing results in input order
would hold finished results behind one slow puzzle; a thread pool would serialise
the pure-Python parts of every backend on the GIL.
"""

from __future__ import annotations

import itertools
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from .errors import MissingDependencyError, UsageError
from .results import DoneSet, Sink
from .verdicts import VERDICTS
#: The engines a batch can run on; the first is the default.
ENGINES = ("local", "dask")
#: Chunks in flight per worker: enough to keep every worker busy, few enough to bound memory.
IN_FLIGHT_PER_WORKER = 4
#: Puzzles per chunk by default; ``fast`` alone checks a puzzle in tens of microseconds,
#: so its chunks are larger (fewer round trips between processes, one compiled call each).
CHUNK_SIZE, CHUNK_SIZE_FAST = 32, 1000


def default_chunk_size(backends: list[str] | None) -> int:
    """The chunk size when ``--chunk-size`` is not given, for these backends."""
    return CHUNK_SIZE_FAST if backends == ["fast"] else CHUNK_SIZE


# -- the worker side ---------------------------------------------------------------------------
def check_chunk(chunk: list[tuple], backends: list[str] | None,
                time_limit: float | None, values: bool = True, slot: str | None = None):
    """Check a chunk of packed puzzles (``pipeline.item_of``, ``pipeline.block_item``)
    in a worker process. With ``values`` (the parent certifies the solutions) returns
    their ``pipeline.Checked`` outcomes, solutions included; without, one
    ``pipeline.CheckedChunk``: the chunk's lines as one ``bytes``, for the parent to
    write as they are, or put in the shared buffer ``slot`` the parent lent the chunk
    (``workers.Slots``), only their length coming back. Backends are cached in the
    worker between chunks."""
    from .pipeline import check_items, check_items_text

    if slot is not None:
        from .workers import got_values, put_lines

        chunk = got_values(slot, chunk)
    if values:
        return check_items(chunk, backends, time_limit, values)
    out = check_items_text(chunk, backends, time_limit)
    if slot is not None and out.text:
        if put_lines(slot, out.text):
            return out._replace(text=b"", stored=len(out.text))
    return out


# -- engines -----------------------------------------------------------------------------------
class LocalEngine:
    """Chunks on a pool of local worker processes (forkserver start: no fork with
    threads). Every worker starts, and loads the run's backends, when the engine opens:
    the executor would start a second process only when a second chunk is sent."""

    def __init__(self, workers: int, backends: list[str] | None = None, variants: bool = False):
        self.workers = workers
        self.backends = backends
        self.variants = variants  # the input has variant puzzles: load their paradigms too
        self.capacity = workers * IN_FLIGHT_PER_WORKER

    def __enter__(self) -> "LocalEngine":
        import multiprocessing
        import queue
        from concurrent.futures import ProcessPoolExecutor

        from .workers import Slots, init_worker, started

        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        context = multiprocessing.get_context(method)
        self.slots = Slots(self.capacity)  # shared buffers for the chunks' lines
        self.slot_of: dict = {}  # a chunk's future -> the buffer lent to it
        together = context.Barrier(self.workers) if self.slots.names else None
        self.pool = ProcessPoolExecutor(self.workers, context, initializer=init_worker,
                                        initargs=(os.getpid(), self.backends,
                                                  self.slots.names, together, self.variants,
                                                  self.workers >= (os.cpu_count() or 1)))
        self.pending: set = set()
        self.ready: queue.SimpleQueue = queue.SimpleQueue()  # futures done, as they finish
        try:  # one call per worker, sent at once: each finds no idle worker, so each starts one
            for future in [self.pool.submit(started) for _ in range(self.workers)]:
                future.result()
            self.slots.forget()  # every worker has mapped them (init_worker's barrier)
        except BaseException:
            self.__exit__(KeyboardInterrupt, None, None)
            raise
        return self

    @property
    def processes(self) -> list:
        """The worker processes alive (none once the engine has closed)."""
        return list((getattr(self.pool, "_processes", None) or {}).values())

    def __exit__(self, *exc) -> None:
        interrupted = exc[0] is not None and issubclass(exc[0], KeyboardInterrupt)
        if interrupted:
            # Ctrl-C: stop the workers now rather than wait for their chunks (nothing they
            # finish after this is recorded). Python 3.14 has terminate_workers() for this.
            for process in self.processes:
                process.terminate()
        # Any other error (a full disk, say) still waits for the running chunks, which are
        # small: a pool left to shut down on its own races Python 3.11's exit hook, which
        # can then write to the pool's closed wake-up pipe and print a traceback.
        try:
            self.pool.shutdown(wait=not interrupted, cancel_futures=True)
        finally:
            self.slots.close()

    def submit(self, chunk, backends, time_limit, values=True) -> None:
        slot = None if values else self.slots.take()  # (no buffer free: the pipe's way)
        if slot is not None:
            chunk = self.slots.put_values(slot, chunk)
        future = self.pool.submit(check_chunk, chunk, backends, time_limit, values, slot)
        if slot is not None:
            self.slot_of[future] = slot
        self._track(future)

    def submit_call(self, fn, *args) -> None:
        """Run ``fn(*args)`` on a worker (a picklable module-level function); its value
        comes back through ``finished``."""
        self._track(self.pool.submit(fn, *args))

    def _track(self, future) -> None:
        self.pending.add(future)
        future.add_done_callback(self.ready.put)  # (in the executor's thread, once done)

    def cancel(self) -> None:
        """Drop the chunks not started yet (running ones finish; nothing more is yielded)."""
        for future in self.pending:
            slot = self.slot_of.pop(future, None)
            if future.cancel() and slot is not None:  # (a running chunk keeps its buffer)
                self.slots.give(slot)
        self.pending = set()

    @property
    def in_flight(self) -> int:
        return len(self.pending)

    def finished(self) -> Iterator[list]:
        """Wait for at least one chunk, then yield every finished chunk's results.

        Finished futures come from a queue their done-callbacks fill: a
        ``concurrent.futures.wait`` per answer (a waiter hooked on every pending future,
        then unhooked) cost the parent several times as much."""
        done: list = []
        while self.pending and not done:
            done = [self.ready.get()]  # (Ctrl-C interrupts the wait)
            while not self.ready.empty():
                done.append(self.ready.get())
            done = [future for future in done if future in self.pending]  # (not cancelled)
        self.pending.difference_update(done)
        for future in done:
            slot = self.slot_of.pop(future, None)
            try:
                result = future.result()
                if slot is None or getattr(result, "stored", -1) < 0:
                    yield result
                    continue
                view = self.slots.view(slot, result.stored)  # the lines, where they are
                try:
                    yield result._replace(text=view, stored=-1)
                finally:
                    view.release()
            finally:  # written (or failed): the buffer can be lent again
                if slot is not None:
                    self.slots.give(slot)


class DaskEngine:
    """Chunks on a Dask cluster: the one at ``scheduler``, or a LocalCluster of processes."""

    def __init__(self, workers: int, scheduler: str | None):
        self.workers = workers
        self.scheduler = scheduler
        self.cluster = None

    def __enter__(self) -> "DaskEngine":
        from .backends.base import require

        require("distributed", "'dask[distributed]'", "dask engine")
        from distributed import Client, LocalCluster, as_completed

        if self.scheduler:
            try:
                self.client = Client(self.scheduler, timeout=10)
            except (OSError, TimeoutError, ValueError) as exc:
                raise UsageError(f"cannot reach the Dask scheduler at {self.scheduler}: "
                                 f"{' '.join(str(exc).split()) or type(exc).__name__}") from None
            nworkers = len(self.client.scheduler_info().get("workers", {})) or self.workers
        else:
            import dask

            # No dashboard: Dask's HTTP servers would listen on 8787 (the scheduler) even
            # with dashboard_address=None; they get a random local port and no routes.
            with dask.config.set({"distributed.scheduler.http.routes": [],
                                  "distributed.worker.http.routes": []}):
                self.cluster = LocalCluster(
                    n_workers=self.workers, threads_per_worker=1, processes=True,
                    host="127.0.0.1", dashboard_address=None, silence_logs=40,
                    scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"})
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

    def submit(self, chunk, backends, time_limit, values=True) -> None:
        self.submit_call(check_chunk, chunk, backends, time_limit, values)

    def submit_call(self, fn, *args) -> None:
        """Run ``fn(*args)`` on a worker; its value comes back through ``finished``."""
        self.queue.add(self.client.submit(fn, *args, pure=False))
        self.in_flight += 1

    def cancel(self) -> None:
        """Drop every chunk still queued or running (nothing more is yielded)."""
        futures = list(self.queue.futures)
        self.queue.clear()
        if futures:
            self.client.cancel(futures)
        self.in_flight = 0

    def finished(self) -> Iterator[list]:
        try:
            future, result = next(self.queue)
        except RuntimeError as exc:
            if "deserializ" not in str(exc):
                raise
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


# -- the parent side ------------------------------------------------------------------------------
def count_puzzle_lines(paths: Iterable[str], cap: int | None = None) -> int | None:
    """Lines that may hold a puzzle (not blank, not '#'): for the progress bar's ETA, and
    for ``check --workers`` (how many workers the input can use), which needs no more than
    ``cap``: the reading stops there. None when a file cannot be read."""
    total = 0
    for path in paths:
        try:
            with open(path, "rb") as f:
                for raw in f:
                    if cap is not None and total >= cap:
                        return total
                    total += bool(raw.strip() and not raw.lstrip().startswith(b"#"))
        except OSError:
            return None
    return total


class Batch:
    """The parent's side of a run: feeds chunks to an engine, writes what comes back.

    ``run`` returns the verdict counts of this run (``counts``); ``skipped`` counts the
    puzzles already done (``done``). ``on_record(checked)`` sees each puzzle's
    ``pipeline.Checked`` after its line is written (the command line uses it to report disagreements and
    bad lines, and to move a progress bar); a chunk whose lines came back as one
    ``pipeline.CheckedChunk`` shows its puzzles other than the unique ones that way, and
    its unique ones to ``on_unique(count)`` (or to ``on_record`` one by one, as a
    ``Checked`` without a line, when ``on_unique`` is not given).
    """

    def __init__(self, sink: "Sink", on_record=None, on_unique=None) -> None:
        self.sink = sink
        self.on_record = on_record
        self.on_unique = on_unique
        self.counts: Counter = Counter()
        self.skipped = 0
        self.start = time.perf_counter()

    def run(self, engine, entries, done: "DoneSet | None" = None, backends=None,
            time_limit: float | None = None, chunk_size: int = 32,
            values: bool = False) -> Counter:
        """Stream ``entries`` (``(source, entry)`` pairs) to ``engine`` in chunks, never
        more than its capacity in flight; returns the verdict counts. With ``values`` the
        workers send back each puzzle's board and solutions (``on_record`` certifies)."""
        from .pipeline import block_item, check_entry, item_of

        done = done if done is not None else DoneSet()
        chunk: list[tuple] = []
        index = 0
        for source, entry in entries:
            if type(entry).__name__ == "PlainBlock":  # plain lines, parsed in the worker
                item, skipped = block_item(source, entry, index + 1, done)
                index += len(entry.lines)
                self.skipped += skipped
                if item is not None:
                    engine.submit([item], backends, time_limit, values)
                    while engine.in_flight >= engine.capacity:
                        self.drain(engine)
                continue
            index += 1
            if (source, entry.line) in done:
                self.skipped += 1
                continue
            if entry.error:  # recorded here: no worker needed
                self.collect([check_entry(entry, source=source, index=index)])
                continue
            chunk.append(item_of(source, index, entry))
            if len(chunk) >= chunk_size:
                engine.submit(chunk, backends, time_limit, values)
                chunk = []
                while engine.in_flight >= engine.capacity:
                    self.drain(engine)
        if chunk:
            engine.submit(chunk, backends, time_limit, values)
        while engine.in_flight:
            self.drain(engine)
        return self.counts

    def drain(self, engine) -> None:
        for results in engine.finished():
            self.collect(results)

    def collect(self, results) -> None:
        """Write finished puzzles' lines (one write for a chunk) and count them."""
        from .pipeline import Checked, CheckedChunk

        if isinstance(results, CheckedChunk):  # the lines as they came, in one piece
            self.sink.write_bytes(results.text)
            self.counts["unique"] += results.unique
            if self.on_unique is not None:
                self.on_unique(results.unique)
            elif self.on_record is not None:
                for _ in range(results.unique):
                    self.on_record(Checked("unique", "", 0))
            results = results.others
        else:
            self.sink.write_lines([checked.line for checked in results])
        for checked in results:
            self.counts[checked.verdict] += 1
            if self.on_record is not None:
                self.on_record(checked)

    def summary(self, before: Counter | None = None) -> dict:
        return summarize(self.counts, before or Counter(), self.skipped,
                         time.perf_counter() - self.start)


# -- a whole run ------------------------------------------------------------------------------
@dataclass
class BatchJob:
    """What a batch run is asked to do; the command line fills it from its options.

    ``inputs`` names each input with its digest (``results.digest``); ``entries`` yields
    ``(source, entry)`` pairs, ``source`` as the inputs name them.
    """

    entries: Iterable
    inputs: dict
    out: str | None = None
    resume: bool = False
    force: bool = False
    backends: list[str] | None = None
    default_backends: tuple = ()
    time_limit: float | None = None
    engine: str = ENGINES[0]
    workers: int = 1
    scheduler: str | None = None
    chunk_size: int | None = None
    values: bool = False  # the workers send solutions back (for --certify)


def _shown(value) -> str:
    """A header setting as an option would say it: ``sat,cpsat``, ``2.5``, ``none``."""
    return ",".join(value) if isinstance(value, list) else "none" if value is None \
        else f"{value:g}"


@dataclass
class BatchRun:
    """One run of a ``BatchJob``: the results file locked and read back (``before``, the
    verdicts already in it), then ``go`` streams the rest and lets the lock go (so does
    leaving a ``with``). ``failure`` says why a run stopped early but kept its results
    (a worker died, a full disk)."""

    job: BatchJob
    failure: str | None = None
    failed_verdict: str | None = None
    batch: "Batch | None" = field(default=None, repr=False)
    held: object = field(default=None, repr=False)

    def __post_init__(self) -> None:
        from .lock import hold

        job = self.job
        # one writer per results file, from before it is read back until the run ends: a
        # second run on it is refused at once (``lock.FileBusyError``), never interleaved
        self.held = hold(job.out) if job.out else None
        try:
            self._read_back()
        except BaseException:
            self.release()
            raise

    def _read_back(self) -> None:
        from .results import Existing, match_inputs, read_results

        job = self.job
        if job.out and job.resume and os.path.exists(job.out):
            self.existing = read_results(job.out)
        else:
            self.existing = Existing(None)
        self.names = {name: name for name in job.inputs}
        if self.existing.header is not None:
            self.names = match_inputs(self.existing.header, job.inputs, job.out)
            self._same_settings(self.existing.header)
        self.before = self.existing.verdicts

    def _same_settings(self, head: dict) -> None:
        """Refuse to resume with other backends or another time limit than the header
        names: the records would mix two runs under a header that describes one (a job
        that names no backends, only reading the file back, is not asked)."""
        from .errors import UsageError

        job = self.job
        ran = [("--time-limit", head.get("time_limit"), job.time_limit)]
        if job.backends is not None:
            ran.append(("--backends", head.get("backends"), list(job.backends)))
        for option, before, now in ran:
            if before != now:
                raise UsageError(f"{job.out} was written with {option} {_shown(before)}, "
                                 f"this run has {_shown(now)}: resume with the same "
                                 f"{option}, or give another --out")

    def go(self, on_checked: Callable | None = None,
           on_unique: Callable | None = None) -> "BatchRun":
        """Check every input not yet in the results file; ``on_checked(checked)`` sees
        each puzzle's ``pipeline.Checked`` once its line is written, or, for puzzles
        that came back unique in a chunk of lines, ``on_unique(count)`` their number
        (see ``Batch``)."""
        from concurrent.futures import BrokenExecutor

        from .errors import OutputError
        from .results import Sink, header

        job, existing = self.job, self.existing
        head = header(job.inputs, job.backends or list(job.default_backends), job.time_limit)
        sink = Sink(job.out, head=head if existing.header is None else None,
                    keep=existing.keep if job.resume else 0, follow=job.force)
        entries, variants = _peek_variant(job.entries)
        engine = (DaskEngine(job.workers, job.scheduler) if job.engine == "dask"
                  else LocalEngine(job.workers, job.backends, variants))
        self.batch = Batch(sink, on_checked, on_unique)
        renamed = ((self.names.get(source, source), entry) for source, entry in entries)
        try:
            with engine:
                self.batch.run(engine, renamed, existing.done, job.backends, job.time_limit,
                               job.chunk_size or default_chunk_size(job.backends), job.values)
        except BrokenExecutor as exc:  # a worker died (a crash in a solver, or killed): a bug
            self.failure = (f"a worker process died ({exc}); the results so far are kept and "
                            f"--resume continues")
            self.failed_verdict = "error"
        except OutputError as exc:  # a full disk: say which file, and still sum up
            self.failure = f"error: {exc}"
            self.failed_verdict = "invalid"
        finally:
            sink.close()
            self.release()
        return self

    def release(self) -> None:
        """Let go of the results file's lock (``go`` does it when the run ends)."""
        if self.held is not None:
            self.held.release()
            self.held = None

    def __enter__(self) -> "BatchRun":
        return self

    def __exit__(self, *exc) -> None:
        self.release()

    def summary(self) -> dict:
        if self.batch is None:
            return summarize(Counter(), self.before, 0, 0.0)
        return self.batch.summary(self.before)


def _peek_variant(entries) -> tuple[Iterable, bool]:
    """The entries again, and whether the first is a variant puzzle (its workers then load
    the variant paradigms at start-up, ``workers.init_worker``)."""
    it = iter(entries)
    for first in it:
        return itertools.chain((first,), it), hasattr(first[1], "puzzle")  # (VariantEntry)
    return (), False


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


def summary_line(s: dict, label: str = "check") -> str:
    """The summary as one line for people, e.g. ``check: 95 puzzles in 1.2 s (...): unique 95``."""
    verdicts = ", ".join(f"{v} {n}" for v, n in s["verdicts"].items()) or "nothing to do"
    text = (f"{label}: {s['puzzles']} puzzle{'s' if s['puzzles'] != 1 else ''} in {s['wall_s']:.1f} s "
            f"({s['checked_per_s'] or 0:.1f} checks/s): {verdicts}")
    if s["skipped_done"]:
        text += f"; {s['skipped_done']} already in the results file were skipped"
    return text
