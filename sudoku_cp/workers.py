"""A local worker process's start-up, for the batch's ``--engine local``.

The engine is ``concurrent.futures.ProcessPoolExecutor`` (``batch.LocalEngine``); each
of its processes runs ``init_worker`` as it starts: Ctrl-C is left to the parent, the
worker exits if the parent is killed, and the run's backends are made (and a bulk
backend's compiled code loaded) before the first chunk comes.

A chunk's record lines come back through shared memory (``Slots``,
``multiprocessing.shared_memory``): the parent lends each chunk it sends one of a few
buffers (with a plain block's givens in it: ``Slots.put_values``), the worker copies the
lines into it (``put_lines``) and answers with their length only, and the parent writes
them from the buffer and lends it again. A pickled ``bytes`` through the executor's pipe
cost the parent, which every worker waits on, a read out of the pipe, an unpickling copy
and the work of its manager thread: more than half of its CPU time on the 17-clue file
(docs/fast.md, round 3 of ``check --workers N``). Lines that do not fit, or a chunk sent
with no buffer free, still come the pipe's way.

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


def init_worker(parent_pid: int, backends: list[str] | None = None, slots=(),
                together=None, variants: bool = False, every_core: bool = False) -> None:
    """Worker start-up: leave Ctrl-C to the parent, exit if the parent is killed, load
    the backends of the run (``warm_backends``), and with ``variants`` (the input starts
    with a variant puzzle) the variant paradigms too (``warm_paradigms``), before the
    first call comes, and map the parent's buffers ``slots`` for the chunks' lines
    (``attach``). ``every_core``: the engine runs a worker per core, so a variant check
    runs its witness in turn, not on a thread beside (``variants.crosscheck.BESIDE``)."""
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
    if variants:
        warm_paradigms(backends)
        if every_core:  # (the engine's workers take every core: no thread beside)
            from .variants import crosscheck

            crosscheck.BESIDE = False
    freeze_start_up()
    attach(slots, together)


def freeze_start_up() -> None:
    """Move every object made so far (modules, the paradigms' tables and compiled code,
    some 135,000 of them in a variant worker) out of the collector's sight: they live
    as long as the worker, and each full collection walked them all again (59 ms CPU
    once every sixty or so variant puzzles, charged to whichever puzzle it fell on)."""
    import gc

    gc.freeze()


def warm_backends(backends: list[str] | None) -> None:
    """Make and keep the named backends in this process, and put one tiny chunk through
    a bulk backend's road (its compiled code loaded, the record road's modules imported),
    so that a worker's start-up is over before its first chunk (every worker loads at
    once, while the parent reads the first chunks). A backend that cannot be made is
    left for the first chunk to report."""
    from .backends import get_backend
    from .backends.base import capability

    for name in backends or ():
        try:
            if capability(get_backend(name), "check_array") is not None:
                from .pipeline import check_items_text

                check_items_text([WARM_UP], [name], None)
        except Exception:  # (the first chunk raises it again, with its message)
            pass


def warm_paradigms(backends: list[str] | None) -> None:
    """Load the variant paradigms a run's ``backends`` ask of a variant puzzle (all of the
    default check's for None) and solve a small puzzle with each: ``fast``'s compiled
    search is loaded from numba's cache here, not at the worker's first variant puzzle
    (numba's first load in a process, about 1 s, was charged to that puzzle). Never a
    first compile; a paradigm that cannot be made is left for the first puzzle to say."""
    from .variants.parallel import warm_paradigm
    from .variants.crosscheck import DEFAULT_PARADIGMS
    from .variants.paradigms import of_backends

    try:
        names = of_backends(backends)
    except Exception:  # (a classic backend among them: the first variant puzzle says so)
        return
    for name in names or DEFAULT_PARADIGMS:
        warm_paradigm(name)


#: The chunk of ``warm_backends``: one plain 4x4 block of a puzzle with one solution.
WARM_UP = ("plain", "<warm-up>", (1,), (1,), bytes([1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 4, 0,
                                                     0, 3, 0, 0]), (2, 2))


def attach(names, together=None) -> None:
    """In a worker's start-up: map the parent's buffers ``names`` (``Slots``), then wait
    at ``together`` (a ``Barrier`` of every worker) so that, when the engine's first calls
    come back, every worker holds them and the parent can remove their names. A buffer
    that cannot be opened is left out (its chunks' lines come by the pipe)."""
    from multiprocessing.shared_memory import SharedMemory

    for name in names:
        try:  # (it registers with the parent's resource tracker, which every worker shares)
            _attached[name] = SharedMemory(name)
        except OSError:
            pass
    if together is not None:
        try:
            together.wait(BARRIER_S)
        except Exception:  # (a worker that never came: only its buffers' names outlive start-up)
            pass


def put_lines(name: str, data: bytes) -> bool:
    """In a worker: copy a chunk's lines into the parent's buffer ``name`` (mapped at
    start-up, ``attach``); False when they do not fit or it was not mapped (the lines
    then travel through the executor's pipe)."""
    buffer = _attached.get(name)
    if buffer is None or len(data) > buffer.size:
        return False
    buffer.buf[:len(data)] = data
    return True


def got_values(name: str, chunk: list[tuple]) -> list[tuple]:
    """In a worker: the chunk as it was packed, its plain block's givens read back from
    the buffer ``name`` where the parent put them (``Slots.put_values``)."""
    if len(chunk) == 1 and chunk[0][0] == "plain" and type(chunk[0][4]) is int:
        item = chunk[0]
        return [item[:4] + (bytes(_attached[name].buf[:item[4]]),) + item[5:]]
    return chunk


#: The parent's buffers this worker has mapped, by name.
_attached: dict = {}
#: How long a worker waits at start-up for the others to map the buffers.
BARRIER_S = 60.0
#: One buffer's size: a chunk of a thousand 9x9 records is about 620 KB. Only the pages
#: written are ever allocated.
SLOT_BYTES = 4 << 20


class Slots:
    """The parent's shared buffers for chunks' lines: ``take`` lends one to a chunk being
    sent (None when all are lent), ``view`` reads what its worker put there, ``give``
    takes it back once written.

    Every worker maps them at start-up (``attach``); then ``forget`` removes their names,
    so that a run killed with SIGKILL (the resource tracker with it) leaves nothing in
    ``/dev/shm``: the memory goes with the last process that maps it. Where shared
    memory cannot be had there are no buffers, and every chunk's lines use the pipe."""

    def __init__(self, count: int, size: int = SLOT_BYTES) -> None:
        from multiprocessing.shared_memory import SharedMemory

        self.buffers: dict = {}
        self.named = True
        try:
            for _ in range(count):
                buffer = SharedMemory(create=True, size=size)
                self.buffers[buffer.name] = buffer
        except OSError:  # (a full or missing /dev/shm)
            self.close()
        self.free = list(self.buffers)

    @property
    def names(self) -> list[str]:
        return list(self.buffers)

    def take(self) -> str | None:
        return self.free.pop() if self.free else None

    def give(self, name: str) -> None:
        self.free.append(name)

    def put_values(self, name: str, chunk: list[tuple]) -> list[tuple]:
        """A chunk of one plain block (``pipeline.block_item``) with its givens put in
        the buffer ``name``, the item carrying their length instead (``got_values``
        reads them back): the chunk then goes to its worker in a few hundred bytes."""
        if len(chunk) == 1 and chunk[0][0] == "plain" and type(chunk[0][4]) is bytes:
            item, buffer = chunk[0], self.buffers[name]
            if len(item[4]) <= buffer.size:
                buffer.buf[:len(item[4])] = item[4]
                return [item[:4] + (len(item[4]),) + item[5:]]
        return chunk

    def view(self, name: str, length: int) -> memoryview:
        return self.buffers[name].buf[:length]

    def forget(self) -> None:
        """Remove the buffers' names (every worker has mapped them)."""
        if self.named:
            self.named = False
            for buffer in self.buffers.values():
                buffer.unlink()

    def close(self) -> None:
        """Unmap the parent's buffers (and remove their names if still there)."""
        self.forget()
        for buffer in self.buffers.values():
            try:
                buffer.close()
            except BufferError:  # (a view still held: the mapping goes with the process)
                pass
        self.buffers, self.free = {}, []


def started() -> int:
    """A call that returns at once: the engine sends one to each worker as it opens."""
    return os.getpid()
