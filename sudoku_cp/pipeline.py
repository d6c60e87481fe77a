"""The check pipeline: one entry in, one ``Checked`` out, the same for every caller.

``sudoku-cp check`` (one puzzle at a time), the batch workers, ``--certify`` and the
page all go through here, so a puzzle is judged once, by ``crosscheck.judge``, and its
record is built once, by ``records.check_record``::

    entry (puzzle, stated solution, where)  ->  crosscheck  ->  Checked
                                                               verdict, record line,
                                                               solutions as values

``check_entry`` checks one parsed entry; ``check_items`` checks a batch chunk (what a
worker process receives: ``item_of`` packs an entry for the trip, ``block_item`` a
block of plain lines). A chunk for one backend that declares the ``check_array``
capability (``fast``) is checked in one bulk call, and every first solution by one
``is_solution_many``; its proved-unique puzzles get their record lines from the
template of ``records.unique_lines``, the text ``check_record`` would make (a test
holds the two equal), and every other puzzle the generic way.

A ``Checked`` carries the solutions as values and the record as its JSON line, so a
parent process writes the line and certifies the solutions without parsing text back.
A parent that only writes the lines asks ``check_items_text`` instead: a
``CheckedChunk`` holds the chunk's lines as one ``bytes``, the count of unique
puzzles, and a ``Checked`` for each other puzzle (the parent reports those), so a
chunk of a thousand puzzles travels back as one string, not a thousand objects.
"""

from __future__ import annotations

import json
import time
from typing import Iterator, NamedTuple, Sequence

from .board import MAX_COMPACT_N, SYMBOLS, Board, format_line
from .errors import MissingDependencyError, UnknownBackendError
from .records import check_record, error_record, invalid_record, unique_lines

#: Each value's byte as its symbol ("." for 0), to write many boards' text in one step.
_SYMBOL_TABLE = bytes.maketrans(bytes(range(len(SYMBOLS) + 1)), ("." + SYMBOLS).encode("ascii"))


class Checked(NamedTuple):
    """One puzzle checked: the final verdict, its record, the solutions as values.

    ``line`` is the record as one JSON line (``record`` reads it back); ``givens``,
    ``box`` and ``extra`` rebuild the board (``board``); each solution is a tuple of
    values, or ``bytes`` of them from the bulk road; ``report`` is the cross-check
    report where the check ran in this process (None from a worker); ``variant`` a
    variant puzzle's text (``box`` None), which a certifier reads again. A named tuple:
    a chunk of a thousand travels back from a worker cheaply.
    """

    verdict: str
    line: str
    index: int
    givens: tuple | bytes = ()
    box: tuple[int, int] | None = None
    extra: tuple = ()
    solutions: tuple[tuple[int, ...], ...] = ()
    report: object = None
    variant: str | None = None

    @property
    def record(self) -> dict:
        return json.loads(self.line)

    @property
    def board(self) -> Board | None:
        if self.box is None:
            return None
        return Board.from_values(self.givens, box=self.box, houses=self.extra)


class CheckedChunk(NamedTuple):
    """A chunk checked for a parent that only writes its lines (``check_items_text``):
    ``text`` every puzzle's record line in the chunk's order, each ending in a newline,
    as one ``bytes``; ``unique`` how many of them say ``unique``; ``others`` a
    ``Checked`` (verdict, line, index) for every other puzzle, in order. From a local
    worker the lines may come in the chunk's shared buffer instead (``workers.Slots``):
    ``text`` is then empty and ``stored`` their length (-1 otherwise); the engine hands
    them on as a ``memoryview`` of the buffer."""

    text: bytes | memoryview
    unique: int
    others: tuple[Checked, ...] = ()
    stored: int = -1

    @classmethod
    def of(cls, lines: Sequence[str], outcomes: Sequence[Checked]) -> "CheckedChunk":
        """The chunk of these record ``lines`` whose puzzles other than the unique ones
        are ``outcomes``."""
        text = ("\n".join(lines) + "\n").encode() if lines else b""
        others = tuple(Checked(*c[:3]) for c in outcomes if c.verdict != "unique")
        return cls(text, len(lines) - len(others), others)


def check_entry(entry, backends: Sequence[str] | None = None, *, source: str, index: int,
                time_limit: float | None = None) -> Checked:
    """Check one parsed entry (``parse.Entry``): a line that is not a puzzle becomes an
    ``invalid`` record; a puzzle is cross-checked against its stated solution, if any."""
    if not entry.error and not _is_variant(entry):
        return _check_board(entry.board, getattr(entry, "solution", None), backends,
                            time_limit, (source, entry.line, index), keep_report=True)
    if _is_variant(entry):  # (an unreadable variant line is its own record's error)
        return _check_variant(source, entry.line, index, entry, backends, time_limit,
                              keep_report=True)
    rec = invalid_record(line=entry.line, source=source, index=index, text=entry.text,
                         error=entry.error)
    return Checked(rec["verdict"], json.dumps(rec), index)


def check_board(board: Board, backends: Sequence[str] | None = None, *,
                time_limit: float | None = None, expected: Sequence[int] | None = None,
                source: str = "<board>", index: int = 1, line: int | None = None) -> Checked:
    """Check one board (the page's road: no parsed entry behind it)."""
    return _check_board(board, expected, backends, time_limit, (source, line, index),
                        keep_report=True)


def item_of(source: str, index: int, entry) -> tuple:
    """An entry packed for the trip to a worker: ``(source, line, index, givens, box,
    extra_houses, expected)``; givens travel as bytes when every value fits in one
    (they pickle in one piece, and a bulk backend reads a chunk of them as one array)."""
    if _is_variant(entry):  # a variant puzzle travels as its text (it is read again there)
        return ("variant", source, entry.line, index, entry.text, entry.cap)
    board, expected = entry.board, getattr(entry, "solution", None)
    return (source, entry.line, index, packed(board), board.box, board.geometry.extra,
            tuple(expected) if expected else None)


def block_item(source: str, block, first_index: int, done) -> tuple[tuple | None, int]:
    """A ``parse.PlainBlock`` packed for a worker as one item, ``("plain", source, lines,
    indices, values, box)``, less the lines already in ``done`` (a resumed run); returns
    the item (None when every line was done) and how many lines were left out. Lines
    and indices travel as ``range`` objects where they run without a gap (a few bytes
    pickled, not a thousand integers)."""
    size = block.geometry.ncells
    lines, indices = block.lines, range(first_index, first_index + len(block.lines))
    values = block.values
    if done.count:  # a resumed run: leave out the lines already done
        keep = [i for i, line in enumerate(lines) if (source, line) not in done]
        if len(keep) < len(lines):
            values = b"".join(values[i * size:(i + 1) * size] for i in keep)
            lines = tuple(lines[i] for i in keep)
            indices = tuple(indices[i] for i in keep)
    item = ("plain", source, lines, indices, values, block.geometry.box) if lines else None
    return item, len(block.lines) - len(lines)


def _unblocked(items: list[tuple]) -> list[tuple]:
    """Items as ``item_of`` packs them, with every ``block_item`` opened up."""
    out = []
    for item in items:
        if item[0] != "plain":
            out.append(item)
            continue
        _, source, lines, indices, values, box = item
        size = len(values) // len(lines)
        out.extend((source, line, index, values[k * size:(k + 1) * size], box, (), None)
                   for k, (line, index) in enumerate(zip(lines, indices)))
    return out


def _is_variant(entry) -> bool:
    return hasattr(entry, "puzzle")  # a variants.formats.VariantEntry


def _check_variant(source, line, index, entry, paradigms, time_limit,
                   keep_report: bool = False) -> Checked:
    """One variant puzzle: its record (``variants.records``), the same road in a worker;
    in this process the ``Checked`` keeps the cross-check's report, as for a board."""
    from .variants.paradigms import of_backends
    from .variants.records import base, checked, record

    try:  # (a classic run's backends, for a variant line met among its boards)
        paradigms = of_backends(paradigms)
    except UnknownBackendError as exc:
        rec = record(**base(index, source, line, entry), verdict="invalid", error=str(exc))
        return Checked(rec["verdict"], json.dumps(rec), index)
    found, report = checked(entry, paradigms, time_limit, entry.cap)
    rec = record(**base(index, source, line, entry), **found)
    sols = tuple(tuple(s) for s in report.solutions) if report is not None else ()
    return Checked(rec["verdict"], json.dumps(rec), index, solutions=sols,
                   report=report if keep_report else None, variant=entry.text)


def packed(board: Board) -> bytes | tuple[int, ...]:
    """A board's givens as ``bytes`` (a value a byte) when every value fits, else the tuple;
    ``Board.from_values`` takes either."""
    return bytes(board.givens) if board.n < 256 else board.givens


def check_items(items: list[tuple], backends: Sequence[str] | None,
                time_limit: float | None, values: bool = True) -> list[Checked]:
    """Check a chunk of packed items (``item_of``, ``block_item``): in a worker process,
    or here.

    Without ``values`` each ``Checked`` carries the verdict, the line and the index only:
    a parent that only writes the lines (no ``--certify``) gets a third of the bytes
    back from its workers (``check_items_text`` sends fewer still)."""
    bulk = _bulk_backend(items, backends, time_limit)
    if bulk is not None:
        return _bulk(items, *bulk, values)[1]
    return _one_by_one(items, backends, time_limit, values)


def check_items_text(items: list[tuple], backends: Sequence[str] | None,
                     time_limit: float | None) -> CheckedChunk:
    """``check_items`` for a parent that only writes the lines and counts the verdicts:
    the chunk's lines as one ``bytes`` (``CheckedChunk``)."""
    bulk = _bulk_backend(items, backends, time_limit)
    if bulk is None:
        out = _one_by_one(items, backends, time_limit, False)
        return CheckedChunk.of([c.line for c in out], out)
    lines, outcomes = _bulk(items, *bulk, False, text=True)
    return CheckedChunk.of(lines, outcomes)


def _bulk_backend(items, backends, time_limit) -> tuple | None:
    """``(backend, check_array)`` when a chunk goes through one bulk call: one backend
    that has the ``check_array`` capability, no time limit, and no variant puzzles."""
    if not items or any(item[0] == "variant" for item in items) or not backends \
            or len(backends) != 1 or time_limit is not None:
        return None
    from .backends import get_backend
    from .backends.base import capability

    backend = get_backend(backends[0])
    bulk = capability(backend, "check_array")
    return None if bulk is None else (backend, bulk)


def _one_by_one(items, backends, time_limit, values: bool) -> list[Checked]:
    """A chunk checked puzzle by puzzle (``crosscheck`` on each), boards and variant
    puzzles alike (a variant one is read again here, from its text)."""
    out = []
    for item in _unblocked(items):
        if item[0] == "variant":
            from .variants.formats import read_entry

            _, source, line, index, text, cap = item
            entry = read_entry(text)
            entry.line, entry.cap = line, cap
            out.append(_check_variant(source, line, index, entry, backends, time_limit))
            continue
        source, line, index, givens, box, extra, expected = item
        board = Board.from_values(givens, box=box, houses=extra)
        checked = _check_board(board, expected, backends, time_limit, (source, line, index))
        out.append(checked if values else Checked(*checked[:3]))
    return out


def _check_board(board: Board, expected, backends, time_limit, where: tuple,
                 keep_report: bool = False) -> Checked:
    from .crosscheck import crosscheck

    source, line, index = where
    at = {"line": line, "source": source, "index": index}
    try:
        report = crosscheck(board, backends, time_limit=time_limit, expected=expected)
    except (MissingDependencyError, UnknownBackendError):
        raise  # the same for every puzzle: stop the run with the message
    except Exception as exc:  # a backend bug must not stop a million-puzzle run
        rec, report = error_record(board, exc, **at), None
    else:
        rec = check_record(report, **at)
    return Checked(rec["verdict"], json.dumps(rec), index, board.givens, board.box,
                   board.geometry.extra, tuple(report.solutions) if report else (),
                   report if keep_report else None)


def _of_report(report, at: dict, keep_report: bool) -> Checked:
    board = report.board
    rec = check_record(report, **at)
    return Checked(rec["verdict"], json.dumps(rec), at["index"], board.givens, board.box,
                   board.geometry.extra, tuple(report.solutions),
                   report if keep_report else None)


# -- the bulk road: one call for a chunk --------------------------------------------------------
class _Run(NamedTuple):
    """Puzzles of one shape for one bulk call, as columns: puzzle i came from
    ``sources[i]``, ``lines[i]``, ``indices[i]``, with ``givens[i]`` (as it travelled)
    and the stated solution ``expected[i]`` (None when there is none); ``values``, when
    not None, is every puzzle's givens in one ``bytes`` (a plain block)."""

    sources: Sequence[str]
    lines: Sequence
    indices: Sequence[int]
    givens: Sequence
    expected: Sequence
    box: tuple[int, int] | None
    extra: tuple
    values: bytes | None = None


class _Slices:
    """The givens of puzzle i of a plain block: ``values`` cut in pieces of ``size``."""

    def __init__(self, values: bytes, size: int) -> None:
        self.values, self.size = values, size

    def __len__(self) -> int:
        return len(self.values) // self.size

    def __getitem__(self, i: int) -> bytes:
        return self.values[i * self.size:(i + 1) * self.size]


def _runs(items: list[tuple]) -> Iterator[_Run]:
    """A chunk as runs of puzzles that share a shape (box, extra houses); a plain block
    is one run."""
    start = 0
    while start < len(items):
        if items[start][0] == "plain":
            _, source, lines, indices, values, box = items[start]
            yield _Run([source] * len(lines), lines, indices,
                       _Slices(values, len(values) // len(lines)), [None] * len(lines), box,
                       (), values)
            start += 1
            continue
        shape = items[start][4:6]
        stop = start + 1
        while stop < len(items) and items[stop][0] != "plain" and items[stop][4:6] == shape:
            stop += 1
        source, line, index, givens, _, _, expected = zip(*items[start:stop])
        yield _Run(source, line, index, givens, expected, *shape)
        start = stop


def _bulk(items: list[tuple], backend, check_array, values: bool = True, text: bool = False
          ) -> tuple[list[str], list[Checked]]:
    """A chunk through a backend's ``check_array``: one call per run of one shape.
    Returns every puzzle's line in order (``text``; else an empty list) and the
    ``Checked`` of every puzzle (``text``: of those not proved unique)."""
    lines: list[str] = []
    out: list[Checked] = []
    for run in _runs(items):
        run_lines, run_out = _bulk_run(run, backend, check_array, values, text)
        lines.extend(run_lines)
        out.extend(run_out)
    return lines, out


def _bulk_run(run: _Run, backend, check_array, values: bool, text: bool
              ) -> tuple[list[str], list[Checked]]:
    """The outcomes of a run of one shape (as ``_bulk``): one bulk call for all, one
    ``is_solution_many`` for all their first solutions, one template for the lines of
    those proved unique."""
    import numpy as np

    from .check import is_solution_many

    began = time.perf_counter()
    count = len(run.lines)
    first_board = Board.from_values(run.givens[0], box=run.box, houses=run.extra)
    g = first_board.geometry  # the shape, checked
    grid = None
    if run.values is not None and len(run.values) == count * g.ncells:
        grid = np.frombuffer(run.values, dtype=np.uint8).astype(np.int64).reshape(
            count, g.ncells)
    elif run.values is None:
        grid = _grid(list(run.givens), g.ncells)
    if grid is None or grid.min() < 0 or grid.max() > g.n:  # Board names the problem
        grid = np.array([Board.from_values(run.givens[i], box=run.box,
                                           houses=run.extra).givens for i in range(count)],
                        dtype=np.int64)
    counts, first, stats = check_array(grid, g, 2)
    each = (time.perf_counter() - began) / count
    sure = (counts == 1) & (stats[:, 2] == 1)  # one solution, search exhausted
    sure &= is_solution_many(g.box, grid, first, g.extra)
    if run.values is None:  # a stated solution: the generic road compares it
        sure &= np.array([e is None for e in run.expected], dtype=bool)
    share = (time.perf_counter() - began) / count  # each puzzle's share of the check
    chosen = np.flatnonzero(sure).tolist()
    made = _unique_lines(run, chosen, grid, first, stats, g, backend.name, each, share)
    if len(chosen) == count and text:  # every puzzle proved unique (the common case)
        return made, []
    size = g.ncells
    solved_bytes = first.astype(np.uint8).tobytes() if values and g.n < 256 else None
    lines: list[str] = []
    out: list[Checked] = []
    made_of = dict(zip(chosen, made))
    for i in range(count):
        line = made_of.get(i)
        if line is not None:
            if text:
                lines.append(line)
            elif not values:
                out.append(Checked("unique", line, run.indices[i]))
            else:
                solution = (solved_bytes[i * size:(i + 1) * size] if solved_bytes is not None
                            else tuple(first[i].tolist()))
                out.append(Checked("unique", line, run.indices[i], run.givens[i], g.box,
                                   g.extra, (solution,)))
            continue
        checked = _generic(run, i, backend, counts[i], first[i], stats[i], each)
        if text:
            lines.append(checked.line)
        out.append(checked if values else Checked(*checked[:3]))
    return lines, out


def _unique_lines(run: _Run, chosen: list[int], grid, first, stats, g, backend: str,
                  each: float, share: float) -> list[str]:
    """The record lines of the puzzles ``chosen`` of a run (proved unique), in order."""
    import numpy as np

    if not chosen:
        return []
    every = len(chosen) == len(run.lines)
    if not every:
        grid, first, stats = grid[chosen], first[chosen], stats[chosen]
    size = g.ncells
    if g.n <= MAX_COMPACT_N:  # every board's text in one step: a byte per cell, then slices
        givens = run.values if every and run.values is not None else \
            grid.astype(np.uint8).tobytes()
        puzzles_text = givens.translate(_SYMBOL_TABLE).decode("ascii")
        solved_text = first.astype(np.uint8).tobytes().translate(_SYMBOL_TABLE).decode("ascii")
        cuts = range(0, len(chosen) * size, size)
        puzzles = [puzzles_text[k:k + size] for k in cuts]
        solved = [solved_text[k:k + size] for k in cuts]
    else:
        puzzles = [format_line(row, g.n) for row in grid.tolist()]
        solved = [format_line(row, g.n) for row in first.tolist()]
    nodes, guesses = stats[:, 0].tolist(), stats[:, 1].tolist()
    pick = (lambda column: column) if every else (lambda column: [column[i] for i in chosen])
    sources, lines, indices = pick(run.sources), pick(run.lines), pick(run.indices)
    if run.values is not None or all(s == sources[0] for s in sources):  # one source
        return unique_lines(sources[0], g.box, backend, lines, indices, puzzles, solved,
                            nodes, guesses, each, share)
    out = []
    for k, source in enumerate(sources):  # several files in one chunk: line by line
        out.extend(unique_lines(source, g.box, backend, lines[k:k + 1], indices[k:k + 1],
                                puzzles[k:k + 1], solved[k:k + 1], nodes[k:k + 1],
                                guesses[k:k + 1], each, share))
    return out


def _generic(run: _Run, i: int, backend, count: int, first, stats, each: float) -> Checked:
    """Puzzle i of a run the generic way (not proved unique by the bulk call alone)."""
    from .crosscheck import judge
    from .result import Result

    began = time.perf_counter()
    board = Board.from_values(run.givens[i], box=run.box, houses=run.extra)
    if count >= 2:  # the witness needs both solutions
        result = backend.solve(board, limit=2)
    else:
        solutions = (tuple(first.tolist()),) if count else ()
        result = Result.of(backend.name, solutions, bool(stats[2]), each,
                           {"nodes": int(stats[0]), "guesses": int(stats[1]),
                            "count": int(count)}, 2)
    report = judge(board, {backend.name: result}, run.expected[i])
    report.time_s = result.time_s + time.perf_counter() - began
    return _of_report(report, {"line": run.lines[i], "source": run.sources[i],
                               "index": run.indices[i]}, False)


def _grid(givens: list, ncells: int):
    """The givens of a run as one (P, ncells) int64 array, or None if some row has
    another length (or is not a sequence of integers)."""
    import numpy as np

    if all(type(v) is bytes and len(v) == ncells for v in givens):  # as item_of packs them
        return np.frombuffer(b"".join(givens), dtype=np.uint8).astype(np.int64).reshape(
            len(givens), ncells)
    try:
        grid = np.array(givens, dtype=np.int64)
    except (TypeError, ValueError):
        return None
    return grid if grid.shape == (len(givens), ncells) else None
