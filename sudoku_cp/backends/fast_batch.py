"""The batch runner's hook for ``check --backends fast``: one compiled call per chunk.

``sudoku_cp.batch.check_chunk`` hands a chunk to ``check_chunk`` here when ``fast`` is
the only backend. The records are the ones the generic path writes (the same keys,
the same verdicts from ``crosscheck.judge``, so every solution is checked by
``is_solution``); only the way the counts are computed differs: every puzzle of one
geometry goes through ``fast.check_array`` in a single call instead of one ``solve``
per puzzle. A puzzle with two or more solutions (whose second solution the batch
call does not return) and any run with a time limit go through ``FastBackend.solve``.
"""

from __future__ import annotations

import json
import time

from ..board import Board
from ..crosscheck import judge
from ..records import check_record
from .fast import FastBackend, _result, check_array


def check_chunk(chunk: list[tuple], time_limit: float | None) -> list[tuple[str, str]]:
    """``(verdict, json_line)`` for each item ``(source, line, index, givens, box,
    extra_houses, expected)`` of a chunk, as ``batch.check_chunk`` returns them."""
    from . import get_backend

    boards = [Board.from_values(givens, box=box, houses=extra)
              for _, _, _, givens, box, extra, _ in chunk]
    results = _results(boards, time_limit, get_backend("fast"))
    out = []
    for (source, line, index, _, _, _, expected), board, result in zip(chunk, boards, results):
        began = time.perf_counter()
        report = judge(board, {"fast": result})
        report.time_s = result.time_s + time.perf_counter() - began
        record = check_record(report, expected=expected, line=line, source=source, index=index)
        out.append((record["verdict"], json.dumps(record)))
    return out


def _results(boards: list[Board], time_limit: float | None, backend: FastBackend) -> list:
    if time_limit is not None:
        return [backend.solve(b, limit=2, time_limit=time_limit) for b in boards]
    results = []
    start = 0
    while start < len(boards):  # runs of boards that share a geometry
        g = boards[start].geometry
        stop = start
        while stop < len(boards) and boards[stop].geometry == g:
            stop += 1
        began = time.perf_counter()
        counts, first, stats = check_array([b.givens for b in boards[start:stop]], g, 2)
        each = (time.perf_counter() - began) / (stop - start)
        for i, board in enumerate(boards[start:stop]):
            if counts[i] >= 2:  # the witness needs both solutions
                results.append(backend.solve(board, limit=2))
            else:
                results.append(_result(int(counts[i]), first[i], stats[i], 2, each))
        start = stop
    return results
