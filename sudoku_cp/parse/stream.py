"""Streams of puzzles: files, standard input, a text; one ``Entry`` per puzzle or bad line."""

from __future__ import annotations

import io
import sys
from typing import Iterable, Iterator

from ..board import MAX_SIZE
from .entry import Entry
from .boards import plain_board
from .grouping import Grouper
from .lines import bad_bytes, clean, header_columns


def read_puzzles(path, box: tuple[int, int] | None = None, *,
                 max_size: int = MAX_SIZE) -> Iterator[Entry]:
    """Stream the puzzles of a file (``'-'`` is standard input); see ``iter_puzzles``.

    Bytes that are not UTF-8 do not stop the reading: each line holding some is one
    invalid entry (``errors="surrogateescape"`` keeps them for ``lines.bad_bytes``).
    """
    if str(path) == "-":
        stdin = sys.stdin
        if hasattr(stdin, "buffer"):
            stdin = io.TextIOWrapper(stdin.buffer, encoding="utf-8-sig",
                                     errors="surrogateescape", newline=None)
        yield from iter_puzzles(stdin, box=box, source="<stdin>", max_size=max_size)
        return
    with open(path, encoding="utf-8-sig", errors="surrogateescape", newline=None) as lines:
        yield from iter_puzzles(lines, box=box, source=str(path), max_size=max_size)


def parse_many(text: str, box: tuple[int, int] | None = None, source: str = "<argument>",
               *, max_size: int = MAX_SIZE) -> list[Entry]:
    """Every puzzle in a text: a multi-line grid is one puzzle, one-line puzzles are several.

    >>> [(e.line, e.board.n) for e in parse_many("1.3.3.........1.\\n\\n" + "." * 81)]
    [(1, 4), (3, 9)]
    """
    return list(iter_puzzles(text.splitlines(), box=box, source=source, max_size=max_size))


def iter_puzzles(lines: Iterable[str], box: tuple[int, int] | None = None,
                 source: str = "<stdin>", *, max_size: int = MAX_SIZE) -> Iterator[Entry]:
    """Yield an ``Entry`` per puzzle in a stream of lines, lazily; bad input never stops it.

    The rules for one-line puzzles, grids and CSV are in ``sudoku_cp.parse``.

    >>> [e.line for e in iter_puzzles(["# comment", "", "1.3.3.........1.", "1.3?"])]
    [3, 4]
    """
    if isinstance(lines, str):
        lines = lines.splitlines()
    grouper = Grouper(box, source, max_size)
    columns = None  # (puzzle, solution) columns once a CSV header is seen
    first = True
    for number, raw in enumerate(lines, 1):
        raw = raw.rstrip("\r\n")
        if number == 1:
            raw = raw.lstrip("\ufeff")
        if columns is None and grouper.mode in ("start", "singles"):
            board = plain_board(raw, box, max_size=max_size)
            if board is not None:  # the common case, on a short road: see plain_board
                first = False
                grouper.singles()
                yield Entry(number, raw, board=board, source=source)
                continue
        problem = bad_bytes(raw)
        if problem is not None:
            yield from grouper.end_run()
            yield Entry(number, raw.encode("utf-8", "surrogateescape").decode("utf-8", "replace"),
                        error=problem, source=source)
            continue
        line = clean(raw)
        if line is None:
            yield from grouper.end_run()
            continue
        if first:
            first = False
            columns = header_columns(line)
            if columns:
                continue
        if columns:
            yield grouper.record(number, line, columns)
        else:
            yield from grouper.line(number, line, raw.rstrip() if line == raw.strip() else line)
    yield from grouper.end_run()
