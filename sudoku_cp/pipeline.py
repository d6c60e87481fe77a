"""The check pipeline: one entry in, one ``Checked`` out, the same for every caller.

``sudoku-cp check`` (one puzzle at a time), the batch workers, ``--certify`` and the
page all go through here, so a puzzle is judged once, by ``crosscheck.judge``, and its
record is built once, by ``records.check_record``::

    entry (puzzle, stated solution, where)  ->  crosscheck  ->  Checked
                                                               verdict, record line,
                                                               solutions as values

``check_entry`` checks one parsed entry; ``check_items`` checks a batch chunk (what a
worker process receives: ``item_of`` packs an entry for the trip). A chunk for one
backend that declares the ``check_array`` capability (``fast``) is checked in one bulk
call; its proved-unique puzzles get their record line from the template of
``records.unique_line`` (``unique_line_maker``), the text ``check_record`` would make
(a test holds the two equal), and every other puzzle the generic way.

A ``Checked`` carries the solutions as values and the record as its JSON line, so a
parent process writes the line and certifies the solutions without parsing text back.
"""

from __future__ import annotations

import json
import time
from typing import NamedTuple, Sequence

from .board import MAX_COMPACT_N, SYMBOLS, Board, format_line
from .errors import MissingDependencyError, UnknownBackendError
from .records import check_record, error_record, invalid_record, unique_line_maker

#: Each value's symbol as a byte ("." for 0), to write many boards' text in one step.
_SYMBOL_BYTES = ("." + SYMBOLS).encode("ascii")


class Checked(NamedTuple):
    """One puzzle checked: the final verdict, its record, the solutions as values.

    ``line`` is the record as one JSON line (``record`` reads it back); ``givens``,
    ``box`` and ``extra`` rebuild the board (``board``); each solution is a tuple of
    values, or ``bytes`` of them from the bulk road; ``report`` is the cross-check
    report where the check ran in this process (None from a worker). A named tuple:
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

    @property
    def record(self) -> dict:
        return json.loads(self.line)

    @property
    def board(self) -> Board | None:
        if self.box is None:
            return None
        return Board.from_values(self.givens, box=self.box, houses=self.extra)


def check_entry(entry, backends: Sequence[str] | None = None, *, source: str, index: int,
                time_limit: float | None = None) -> Checked:
    """Check one parsed entry (``parse.Entry``): a line that is not a puzzle becomes an
    ``invalid`` record; a puzzle is cross-checked against its stated solution, if any."""
    if not entry.error and not _is_variant(entry):
        return _check_board(entry.board, getattr(entry, "solution", None), backends,
                            time_limit, (source, entry.line, index), keep_report=True)
    if _is_variant(entry):  # (an unreadable variant line is its own record's error)
        return _check_variant(source, entry.line, index, entry, backends, time_limit)
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
    the item (None when every line was done) and how many lines were left out."""
    size = block.geometry.ncells
    lines, indices = block.lines, tuple(range(first_index, first_index + len(block.lines)))
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


def _check_variant(source, line, index, entry, paradigms, time_limit) -> Checked:
    """One variant puzzle: its record (``variants.records``), the same road in a worker."""
    from .variants.records import checked_record

    rec = checked_record(index, source, line, entry, paradigms, time_limit, entry.cap)
    return Checked(rec["verdict"], json.dumps(rec), index)


def packed(board: Board) -> bytes | tuple[int, ...]:
    """A board's givens as ``bytes`` (a value a byte) when every value fits, else the tuple;
    ``Board.from_values`` takes either."""
    return bytes(board.givens) if board.n < 256 else board.givens


def check_items(items: list[tuple], backends: Sequence[str] | None,
                time_limit: float | None, values: bool = True) -> list[Checked]:
    """Check a chunk of packed items (``item_of``): in a worker process, or here.

    Without ``values`` each ``Checked`` carries the verdict, the line and the index only:
    a parent that only writes the lines (no ``--certify``) gets a third of the bytes
    back from its workers."""
    if items and items[0][0] == "plain":  # plain lines read in bulk by the parent
        items = _unblocked(items)
    if items and items[0][0] == "variant":  # variant puzzles: read, then cross-checked
        from .variants.formats import read_entry

        out = []
        for _, source, line, index, text, cap in items:
            entry = read_entry(text)
            entry.line, entry.cap = line, cap
            out.append(_check_variant(source, line, index, entry, backends, time_limit))
        return out
    if backends and len(backends) == 1 and time_limit is None:
        from .backends import get_backend
        from .backends.base import capability

        backend = get_backend(backends[0])
        bulk = capability(backend, "check_array")
        if bulk is not None:
            return _bulk(items, backend, bulk, values)
    out = []
    for source, line, index, givens, box, extra, expected in items:
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
def _bulk(items: list[tuple], backend, check_array, values: bool = True) -> list[Checked]:
    """A chunk through a backend's ``check_array``: one call per run of one shape."""
    out: list[Checked] = []
    start = 0
    while start < len(items):  # runs of puzzles that share a shape (box, extra houses)
        shape = items[start][4:6]
        stop = start + 1
        while stop < len(items) and items[stop][4:6] == shape:
            stop += 1
        out.extend(_bulk_run(items[start:stop], backend, check_array, values))
        start = stop
    return out


def _bulk_run(items: list[tuple], backend, check_array, values: bool) -> list[Checked]:
    """The outcomes of a run of one shape: one bulk call for all, one
    ``is_solution_many`` for all their first solutions."""
    import numpy as np

    from .check import is_solution_many
    from .crosscheck import judge
    from .result import Result

    began = time.perf_counter()
    first_board = Board.from_values(items[0][3], box=items[0][4], houses=items[0][5])
    g = first_board.geometry  # the shape, checked
    grid = _grid([item[3] for item in items], g.ncells)
    if grid is None or grid.min() < 0 or grid.max() > g.n:  # Board names the problem
        grid = np.array([Board.from_values(item[3], box=item[4], houses=item[5]).givens
                         for item in items], dtype=np.int64)
    counts, first, stats = check_array(grid, g, 2)
    each = (time.perf_counter() - began) / len(items)
    sure = (counts == 1) & (stats[:, 2] == 1)  # one solution, search exhausted
    sure &= is_solution_many(g.box, grid, first, g.extra)
    size = g.ncells
    if g.n <= MAX_COMPACT_N:  # every board's text in one step: a byte per cell, then slices
        lut = np.frombuffer(_SYMBOL_BYTES, dtype=np.uint8)
        puzzles = lut[grid].tobytes().decode("ascii")
        solved = lut[first].tobytes().decode("ascii")
    solved_bytes = first.astype(np.uint8).tobytes() if values and g.n < 256 else None
    sure_rows, stats_rows = sure.tolist(), stats.tolist()  # Python values: no numpy per row
    makers: dict = {}  # per source: the parts of its lines that every puzzle shares
    out = []
    for i, (source, line, index, givens, box, extra, expected) in enumerate(items):
        began = time.perf_counter()
        if sure_rows[i] and expected is None:  # proved unique: the line from its template
            if g.n <= MAX_COMPACT_N:
                puzzle, text = puzzles[i * size:(i + 1) * size], solved[i * size:(i + 1) * size]
            else:
                puzzle = format_line(grid[i].tolist(), g.n)
                text = format_line(first[i].tolist(), g.n)
            make = makers.get(source)
            if make is None:
                make = makers[source] = unique_line_maker(source, g.box, backend.name)
            text = make(line, index, puzzle, text, stats_rows[i], each,
                        each + time.perf_counter() - began)
            if not values:
                out.append(Checked("unique", text, index))
                continue
            solution = (solved_bytes[i * size:(i + 1) * size] if solved_bytes is not None
                        else tuple(first[i].tolist()))
            out.append(Checked("unique", text, index, givens, g.box, g.extra, (solution,)))
            continue
        board = Board.from_values(givens, box=box, houses=extra)  # the rest the generic way
        if counts[i] >= 2:  # the witness needs both solutions
            result = backend.solve(board, limit=2)
        else:
            solutions = (tuple(first[i].tolist()),) if counts[i] else ()
            result = Result.of(backend.name, solutions, bool(stats[i][2]), each,
                               {"nodes": int(stats[i][0]), "guesses": int(stats[i][1]),
                                "count": int(counts[i])}, 2)
        report = judge(board, {backend.name: result}, expected)
        report.time_s = result.time_s + time.perf_counter() - began
        checked = _of_report(report, {"line": line, "source": source, "index": index}, False)
        out.append(checked if values else Checked(*checked[:3]))
    return out


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
