"""The batch runner's hook for ``check --backends fast``: one compiled call per chunk.

``sudoku_cp.batch.check_chunk`` hands a chunk to ``check_chunk`` here when ``fast`` is
the only backend. The records are the ones the generic path writes (the same keys,
the same verdicts, every solution checked by ``is_solution``); only the way they are
computed differs:

- every puzzle of one geometry goes through ``fast.check_array`` in a single call
  instead of one ``solve`` per puzzle;
- the common case, a puzzle whose single solution the search proved unique and
  ``is_solution`` accepts, with no stated solution to compare, has its JSON line
  written by ``unique_line`` from a template: the text ``json.dumps`` would make of
  ``records.check_record``, byte for byte (a test compares the two), without the
  ``Result``, the ``Report`` and the dictionaries (a third of a 17-clue check's time);
- everything else (no solution, two or more, a stated solution, a solution that
  fails ``is_solution``, a time limit) goes the generic way: ``crosscheck.judge`` and
  ``check_record``; a puzzle with two or more solutions (whose second solution the
  batch call does not return) and any run with a time limit go through
  ``FastBackend.solve``.
"""

from __future__ import annotations

import json
import time
from json.encoder import encode_basestring_ascii as _string

from ..board import MAX_COMPACT_N, SYMBOLS, Board, format_line
from ..check import is_solution_many
from ..crosscheck import judge
from ..records import check_record
from .fast import FastBackend, _result, check_array

#: Each value's symbol as a byte ("." for 0), to write many boards' text in one step.
_SYMBOL_BYTES = ("." + SYMBOLS).encode("ascii")


def check_chunk(chunk: list[tuple], time_limit: float | None) -> list[tuple[str, str]]:
    """``(verdict, json_line)`` for each item ``(source, line, index, givens, box,
    extra_houses, expected)`` of a chunk, as ``batch.check_chunk`` returns them."""
    from . import get_backend

    backend = get_backend("fast")
    if time_limit is not None:
        boards = [_board(item) for item in chunk]
        results = [backend.solve(b, limit=2, time_limit=time_limit) for b in boards]
        return [_generic(item, board, result) for item, board, result in
                zip(chunk, boards, results)]
    out: list[tuple[str, str]] = []
    start = 0
    while start < len(chunk):  # runs of puzzles that share a shape (box, extra houses)
        shape = chunk[start][4:6]
        stop = start + 1
        while stop < len(chunk) and chunk[stop][4:6] == shape:
            stop += 1
        out.extend(_run(chunk[start:stop], backend))
        start = stop
    return out


def _board(item: tuple) -> Board:
    return Board.from_values(item[3], box=item[4], houses=item[5])


def _run(items: list[tuple], backend: FastBackend) -> list[tuple[str, str]]:
    """The records of a run of puzzles of one shape: one compiled call for all, one
    ``is_solution_many`` for all their first solutions."""
    import numpy as np

    began = time.perf_counter()
    g = _board(items[0]).geometry  # the shape, checked
    grid = _grid([item[3] for item in items], g.ncells)
    if grid is None or grid.min() < 0 or grid.max() > g.n:  # Board names the problem
        grid = np.array([_board(item).givens for item in items], dtype=np.int64)
    counts, first, stats = check_array(grid, g, 2)
    each = (time.perf_counter() - began) / len(items)
    sure = (counts == 1) & (stats[:, 2] == 1)  # one solution, search exhausted
    sure &= is_solution_many(g.box, grid, first, g.extra)
    size = g.ncells
    if g.n <= MAX_COMPACT_N:  # every board's text in one step: a byte per cell, then slices
        lut = np.frombuffer(_SYMBOL_BYTES, dtype=np.uint8)
        puzzles = lut[grid].tobytes().decode("ascii")
        solved = lut[first].tobytes().decode("ascii")
    out = []
    for i, item in enumerate(items):
        began = time.perf_counter()
        if sure[i] and item[6] is None:  # proved unique: the line from its template
            if g.n <= MAX_COMPACT_N:
                puzzle, text = puzzles[i * size:(i + 1) * size], solved[i * size:(i + 1) * size]
            else:
                puzzle = format_line(grid[i].tolist(), g.n)
                text = format_line(first[i].tolist(), g.n)
            out.append(("unique", unique_line(item, puzzle, g.box, text, stats[i], each,
                                              each + time.perf_counter() - began)))
            continue
        board = _board(item)  # everything else the generic way
        if counts[i] >= 2:  # the witness needs both solutions
            result = backend.solve(board, limit=2)
        else:
            result = _result(int(counts[i]), first[i], stats[i], 2, each)
        out.append(_generic(item, board, result, began))
    return out


def _grid(givens: list, ncells: int):
    """The givens of a run as one (P, ncells) int64 array, or None if some row has
    another length (or is not a sequence of integers)."""
    import numpy as np

    if all(type(v) is bytes and len(v) == ncells for v in givens):  # as batch.packed sends
        return np.frombuffer(b"".join(givens), dtype=np.uint8).astype(np.int64).reshape(
            len(givens), ncells)
    try:
        grid = np.array(givens, dtype=np.int64)
    except (TypeError, ValueError):
        return None
    return grid if grid.shape == (len(givens), ncells) else None


def _generic(item: tuple, board: Board, result, began: float | None = None) -> tuple[str, str]:
    """The record of one puzzle the generic way: ``judge`` and ``check_record``."""
    source, line, index, _, _, _, expected = item
    began = time.perf_counter() if began is None else began
    report = judge(board, {"fast": result})
    report.time_s = result.time_s + time.perf_counter() - began
    record = check_record(report, expected=expected, line=line, source=source, index=index)
    return record["verdict"], json.dumps(record)


def unique_line(item: tuple, puzzle: str, box: tuple[int, int], solution: str, stats,
                time_fast: float, time_all: float) -> str:
    """The JSON line of a puzzle ``fast`` proved unique, exactly as ``json.dumps`` writes
    ``check_record`` of its report (``item`` as in ``check_chunk``, without a stated
    solution; ``puzzle`` and ``solution`` as ``Board.to_text`` writes them; ``stats``
    the row (nodes, guesses, exhausted) of ``check_array``)."""
    source, line, index = item[0], item[1], item[2]
    sol = _string(solution)
    return (f'{{"line": {_int(line)}, "source": {_string(source)}, "index": {_int(index)}, '
            f'"verdict": "unique", "puzzle": {_string(puzzle)}, "box": "{box[0]}x{box[1]}", '
            f'"solution": {sol}, "solutions": [{sol}], "backends": {{"fast": {{'
            f'"status": "solved", "solutions": 1, "exhausted": true, '
            f'"time_s": {round(time_fast, 6)!r}, "stats": {{"nodes": {int(stats[0])}, '
            f'"guesses": {int(stats[1])}, "count": 1}}, "claim": "unique"}}}}, '
            f'"evidence": [], "time_s": {round(time_all, 6)!r}, "error": null}}')


def _int(v) -> str:
    return "null" if v is None else str(int(v))
