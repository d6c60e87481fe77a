"""Streams of puzzles: files, standard input, a text; one ``Entry`` per puzzle or bad line."""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from ..board import MAX_SIZE, Geometry
from .entry import Entry
from .boards import plain_board
from .grouping import Grouper
from .lines import bad_bytes, clean, header_columns


def stdin_lines():
    """Standard input read as a file is: a BOM dropped, bytes that are not UTF-8 kept
    (``surrogateescape``) for the line that holds them to be refused alone."""
    stdin = sys.stdin
    if hasattr(stdin, "buffer"):
        stdin = io.TextIOWrapper(stdin.buffer, encoding="utf-8-sig",
                                 errors="surrogateescape", newline=None)
    return stdin


def read_puzzles(path, box: tuple[int, int] | None = None, *,
                 max_size: int = MAX_SIZE) -> Iterator[Entry]:
    """Stream the puzzles of a file (``'-'`` is standard input); see ``iter_puzzles``.

    Bytes that are not UTF-8 do not stop the reading: each line holding some is one
    invalid entry (``errors="surrogateescape"`` keeps them for ``lines.bad_bytes``).
    """
    if str(path) == "-":
        yield from iter_puzzles(stdin_lines(), box=box, source="<stdin>", max_size=max_size)
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
                 source: str = "<stdin>", *, max_size: int = MAX_SIZE, start: int = 1,
                 after_plain: bool | None = None) -> Iterator[Entry]:
    """Yield an ``Entry`` per puzzle in a stream of lines, lazily; bad input never stops it.

    The rules for one-line puzzles, grids and CSV are in ``sudoku_cp.parse``. ``start``
    is the number of the first line; ``after_plain`` says that earlier lines were read
    already, all plain one-line puzzles or skipped lines, the last of them a puzzle
    (True) or a skipped line (False): ``read_blocks`` goes on here from such a stretch.

    >>> [e.line for e in iter_puzzles(["# comment", "", "1.3.3.........1.", "1.3?"])]
    [3, 4]
    """
    if isinstance(lines, str):
        lines = lines.splitlines()
    grouper = Grouper(box, source, max_size)
    columns = None  # (puzzle, solution) columns once a CSV header is seen
    first = True
    if after_plain is not None:  # the state such a stretch leaves (see read_blocks)
        first = False
        if after_plain:
            grouper.singles()
    for number, raw in enumerate(lines, start):
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


@dataclass(frozen=True)
class PlainBlock:
    """Consecutive plain one-line puzzles of one file, not yet made into boards: their
    line numbers, their givens as bytes (a value a byte, n*n per puzzle) and their
    geometry. What ``plain_board`` would read from each line, read for all at once."""

    source: str
    lines: Sequence[int]  # a range when the block has no blank or comment line
    values: bytes
    geometry: Geometry


def read_blocks(path, box: tuple[int, int] | None = None, size: int = 1000, *,
                max_size: int = MAX_SIZE) -> Iterator[PlainBlock | Entry]:
    r"""The puzzles of a file as ``read_puzzles`` gives them, but a stretch of ``size``
    lines that are all plain 9x9 one-line puzzles, blank lines or comments comes as one
    ``PlainBlock`` (checked in one ``translate`` for all its lines, not parsed line by
    line): the batch runner's parent then only reads and forwards, and its workers make
    the boards. At the first stretch with any other line the rest of the file goes
    through ``iter_puzzles``, in the state those lines left it, so the entries are the
    ones ``read_puzzles`` would give (the same boards, line numbers and errors).

    The file is read as bytes, ``82 * size`` at a time: a stretch of whole 81-symbol
    lines becomes a block without a Python string per line. A file with a carriage
    return or a byte-order mark is read as text from there on, as ``read_puzzles`` reads
    it (universal newlines, the mark dropped).

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    ...     _ = f.write("# two\n" + "1" + "." * 80 + "\n\n" + "." * 81 + "\n1.3?\n")
    >>> [type(x).__name__ for x in read_blocks(f.name, size=3)]  # 3 lines, then 2 entries
    ['PlainBlock', 'Entry', 'Entry']
    >>> os.unlink(f.name)
    """
    reader = _Blocks(str(path), box, max_size)
    with open(path, "rb") as f:
        while True:
            at = f.tell()
            data = f.read(82 * size)
            if not data:
                return
            values = _plain_bytes(data, reader.table)  # the common case, in a few steps
            if values is not None:
                block = reader.whole(values, data[:81].decode("ascii"), len(data) // 82)
                if block is not None:
                    yield block
                    continue
            parts = _byte_lines(data, size, eof=len(data) < 82 * size, first=at == 0)
            if parts is None:  # a carriage return, a byte-order mark, a very long line
                f.seek(at)
                yield from reader.text(io.TextIOWrapper(
                    f, encoding="utf-8-sig" if at == 0 else "utf-8", errors="surrogateescape",
                    newline=None), size)
                return
            f.seek(at + sum(map(len, parts)))
            lines = [part.decode("utf-8", "surrogateescape") for part in parts]
            block, plain = reader.mixed(lines)
            if not plain:
                yield from reader.rest(lines, io.TextIOWrapper(
                    f, encoding="utf-8", errors="surrogateescape", newline=None))
                return
            if block is not None:
                yield block


class _Blocks:
    """``read_blocks``' state between blocks: the lines read so far (``done``), whether a
    plain puzzle was seen and whether the last line read was one."""

    def __init__(self, source: str, box, max_size: int) -> None:
        from ..text import _plain

        self.source, self.box, self.max_size = source, box, max_size
        self.table = _plain(9)[1]
        self.done, self.seen_plain, self.last_plain = 0, False, False

    def whole(self, values: bytes, first: str, count: int) -> PlainBlock | None:
        """The block of ``count`` plain lines, ``values`` their givens and ``first`` the
        first line's text; None when that line is no puzzle here (``box``, ``max_size``)."""
        plain = plain_board(first, self.box, max_size=self.max_size)
        if plain is None:
            return None
        block = PlainBlock(self.source, range(self.done + 1, self.done + count + 1), values,
                           plain.geometry)
        self.seen_plain = self.last_plain = True
        self.done += count
        return block

    def mixed(self, lines: list[str]) -> tuple[PlainBlock | None, bool]:
        """Lines that are not all plain puzzles: ``(the block of those that are, True)``
        when every other line is blank or a comment, else ``(None, False)`` (the rest of
        the file, these lines first, goes through ``rest``)."""
        from .lines import clean
        from ..text import NOT_A_SYMBOL

        done, table = self.done, self.table
        texts = [raw.rstrip("\r\n") for raw in lines]
        numbers = [done + i + 1 for i, t in enumerate(texts) if len(t) == 81]
        values = _translated([texts[k - done - 1] for k in numbers], table)
        if values is not None and NOT_A_SYMBOL in values:  # some are not puzzles
            bad = _rows_with(values, NOT_A_SYMBOL, 81)
            numbers = [k for j, k in enumerate(numbers) if j not in bad]
            values = b"".join(values[j * 81:(j + 1) * 81]
                              for j in range(len(values) // 81) if j not in bad)
        elif values is None:  # some characters are not Latin-1: which lines?
            numbers = [k for k in numbers
                       if NOT_A_SYMBOL not in (_translated([texts[k - done - 1]], table)
                                               or bytes([NOT_A_SYMBOL]))]
            values = _translated([texts[k - done - 1] for k in numbers], table)
        kept = set(numbers)
        others = [t for i, t in enumerate(texts, done + 1) if i not in kept]
        g = None
        if numbers:
            plain = plain_board(texts[numbers[0] - done - 1], self.box, max_size=self.max_size)
            g = plain.geometry if plain is not None else None
        if (numbers and g is None) or any(
                clean(t) is not None or bad_bytes(t) is not None
                or (done == 0 and t.startswith("\ufeff")) for t in others):
            return None, False
        block = None
        if numbers:
            block = PlainBlock(self.source, tuple(numbers), values, g)
            self.seen_plain = True
        self.last_plain = done + len(lines) in kept  # else it ends with a skipped line
        self.done += len(lines)
        return block, True

    def rest(self, lines: list[str], stream) -> Iterator[Entry]:
        """The entries of ``lines`` and of the lines of ``stream`` after them."""
        from itertools import chain

        return iter_puzzles(chain(lines, stream), self.box, self.source,
                            max_size=self.max_size, start=self.done + 1,
                            after_plain=self.last_plain if self.seen_plain else None)

    def text(self, f, size: int) -> Iterator[PlainBlock | Entry]:
        """The blocks and entries of the rest of a file read as text, ``size`` lines at a
        time."""
        from itertools import islice

        while True:
            lines = list(islice(f, size))
            if not lines:
                return
            values = _all_plain(lines, self.table)  # the common case, without a step per line
            if values is not None:
                block = self.whole(values, lines[0][:81], len(lines))
                if block is not None:
                    yield block
                    continue
            block, plain = self.mixed(lines)
            if not plain:
                yield from self.rest(lines, f)
                return
            if block is not None:
                yield block


def _plain_bytes(data: bytes, table: bytes) -> bytes | None:
    """The values of ``data`` when it is whole lines of 81 symbols and a newline, else
    None."""
    from ..text import NOT_A_SYMBOL

    count = len(data) // 82
    if len(data) != 82 * count or data[81::82] != b"\n" * count:
        return None
    values = data.translate(table, b"\n")
    return None if len(values) != 81 * count or NOT_A_SYMBOL in values else values


def _byte_lines(data: bytes, size: int, *, eof: bool, first: bool) -> list[bytes] | None:
    """The first ``size`` whole lines of ``data`` (each with its newline; the file's last
    line may have none), or None when it should be read as text: a carriage return (a
    newline of another system), a byte-order mark at the start of the file, or no whole
    line in a full read."""
    if b"\r" in data or (first and data.startswith(b"\xef\xbb\xbf")):
        return None
    parts = data.split(b"\n")
    tail = parts.pop()  # after the last newline: part of a line, or nothing
    parts = [part + b"\n" for part in parts[:size]]
    if eof and tail and len(parts) < size:
        parts.append(tail)
    return parts or None


def _all_plain(lines: list[str], table: bytes) -> bytes | None:
    """The values of these lines when every one is 81 symbols and its newline (a few
    whole-string operations for them all: ``_plain_bytes``), else None."""
    try:
        data = "".join(lines).encode("latin-1")
    except UnicodeEncodeError:
        return None
    return _plain_bytes(data, table) if len(data) == 82 * len(lines) else None


def _rows_with(values: bytes, byte: int, size: int) -> set[int]:
    """The rows (of ``size`` bytes) of ``values`` holding ``byte``, found without a step
    per row."""
    rows, at = set(), values.find(byte)
    while at >= 0:
        rows.add(at // size)
        at = values.find(byte, (at // size + 1) * size)
    return rows


def _translated(texts: list[str], table: bytes) -> bytes | None:
    """The values of 81-character lines as bytes (``NOT_A_SYMBOL`` for a character that
    is no 9x9 symbol), None when some character is not Latin-1."""
    try:
        return "".join(texts).encode("latin-1").translate(table)
    except UnicodeEncodeError:
        return None
