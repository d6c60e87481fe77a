"""Reading puzzles: every accepted text form, with errors that name the problem.

**One puzzle** (``parse_puzzle``) may be written as

- one line of n*n symbols: ``.`` or ``0`` for an empty cell, then ``1``-``9``, ``A``-``Z``
  (either case) for the values 1..35, as in ``board.SYMBOLS``;
- integers separated by commas or whitespace (``.`` or ``0`` empty), needed from n = 36;
- a multi-line grid of either: lines made only of ``-``, ``+``, ``=``, ``|`` are dropped and
  ``|`` is removed, so ``Board.grid()`` output reads back as the same board;
- a spreadsheet CSV: n rows of n comma-separated cells, an empty cell empty or ``0``, with an
  optional byte-order mark and trailing empty fields beyond the n-th.

Whitespace-separated text with a token longer than one character is read either as integers
(one cell per token) or as grouped symbols (one cell per character, e.g. ``53. .7. ...``):
the reading whose cells form a whole board with every value in range wins, integers first.

**A stream** (``iter_puzzles``) holds one puzzle per line, grids of several lines, or CSV
records. Blank lines and ``#`` comments are skipped; they also end a *run* of lines.

- *CSV records*: if the first line is a header (its first field a word: ``puzzle,solution``,
  ``quizzes,solutions``), every later line is a record; the puzzle is the column named
  puzzle/quizzes/... (else the first), the solution the column named solution/... (else the
  second of exactly two). Without a header, a line with a comma whose first field has 4 or more
  characters is a record too (a grid row's field is one cell); its second field is taken as
  the solution when it is as long as the first.
- *Whole lines*: a line is a whole puzzle when its cells are a square number, at least 16
  (4x4) unless ``box`` is given. A *row* has 2 or more cells, at most 35 if written without
  spaces (so an 81-character line is never a row).
- *Grids*: a line that is a row but not a whole puzzle (6 cells of a 6x6, 9 of a 9x9) starts a
  grid of as many rows as it has cells; so does any row containing ``|`` or following a
  separator line. The grid ends after that many rows (separators not counted) or at the end of
  the run. Until its second row, a row of another size ends it early (the short grid is
  reported as an error and the line is read afresh); after that, odd rows are kept and the
  grid is reported as one error naming the odd row.
- *Square rows*: a line that is both (16 cells: a 4x4 puzzle or a 16x16 row) is a grid row only
  if exactly c lines of c cells come together, not followed by yet another line of c cells
  (or are k >= 2 spreadsheet rows whose fields after the k-th are empty). Otherwise each line
  is a puzzle, and so is every later whole line of the run.

Memory stays bounded: at most one grid (c lines) is held at a time. Road not taken: choosing
between "c puzzles" and "one grid" by which reading gives valid boards; it needs unbounded
lookahead and would make the grouping depend on the values rather than the layout.
"""

from __future__ import annotations

import csv
import math
import sys
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Iterator

from .board import MAX_COMPACT_N, SYMBOLS, Board, PuzzleError, cell_name, default_box

#: Value of each one-character cell: ``.`` and ``0`` empty, then SYMBOLS in either case.
_VALUES: dict[str, int] = {".": 0, "0": 0}
for _v, _ch in enumerate(SYMBOLS, 1):
    _VALUES[_ch] = _VALUES[_ch.lower()] = _v
del _v, _ch

PUZZLE_COLUMNS = ("puzzle", "puzzles", "quiz", "quizzes", "sudoku", "grid", "givens", "problem")
SOLUTION_COLUMNS = ("solution", "solutions", "answer", "answers", "solved")


# -- one puzzle --------------------------------------------------------------------------------
def parse_puzzle(text: str, box: tuple[int, int] | None = None) -> Board:
    """Read one puzzle in any accepted form; ``box`` fixes the box shape.

    >>> parse_puzzle("1.3.3.........1.").givens[:4]
    (1, 0, 3, 0)
    >>> parse_puzzle("0,0,3,0, 3,0,0,0, 0,0,0,0, 0,0,1,0").to_text()
    '..3.3.........1.'
    >>> parse_puzzle("1.3..G" + "." * 75)
    Traceback (most recent call last):
    ...
    sudoku_cp.errors.PuzzleError: value 16 ('G') at r1c6 is outside 1..9
    """
    if box is not None and (box[0] < 1 or box[1] < 1):
        raise PuzzleError(f"box shape {box[0]}x{box[1]} needs positive sides")
    text = text.lstrip("\ufeff").strip()
    if text and not any(ch in text for ch in " \t\n\r,|") and not _is_separator(text):
        cells, sizes = list(text), [len(text)]  # the common case: one compact line
    else:
        rows = [r.strip() for r in text.splitlines()]
        rows = [r for r in rows if r and not _is_separator(r)]
        if not rows:
            raise PuzzleError("empty puzzle")
        cells, sizes = _read_cells(rows, box)
    values, box = _values(cells, sizes, box)
    return Board.from_values(values, box)


def parse_solution(text: str, box: tuple[int, int] | None = None) -> tuple[int, ...]:
    """Read a full grid (no empty cell) in any form ``parse_puzzle`` accepts.

    >>> parse_solution("1234" "3412" "2143" "4321")[:4]
    (1, 2, 3, 4)
    """
    try:
        board = parse_puzzle(text, box)
    except PuzzleError as exc:
        message = str(exc).replace("puzzle has", "solution has").replace("empty puzzle",
                                                                         "empty solution")
        raise PuzzleError(message) from None
    if 0 in board.givens:
        cell = board.givens.index(0)
        raise PuzzleError(f"solution has an empty cell at {cell_name(cell, board.n)}")
    return board.givens


def _is_separator(row: str) -> bool:
    """A line of box borders only, such as ``------+------``."""
    return all(ch in "-+=|" or ch.isspace() for ch in row)


def _decode(cell: str) -> int | None:
    """The value of one cell's text (0 empty), or None for an unknown symbol."""
    v = _VALUES.get(cell)
    if v is not None:
        return v
    if cell == "":
        return 0
    if cell.isascii() and cell.isdigit():
        return int(cell) if len(cell) < 100 else sys.maxsize
    return None


def _is_number(token: str) -> bool:
    return token in _VALUES or (token.isascii() and token.isdigit())


def _square(count: int, box: tuple[int, int] | None) -> bool:
    if box is not None:
        return count == (box[0] * box[1]) ** 2
    return count > 0 and math.isqrt(count) ** 2 == count


def _fits(cells: list[str], box: tuple[int, int] | None) -> bool:
    """Do these cells make a whole board with every value in range?"""
    if not _square(len(cells), box):
        return False
    n = math.isqrt(len(cells))
    return all((v := _decode(c)) is not None and v <= n for c in cells)


def _flat(rows: list[list[str]]) -> tuple[list[str], list[int]]:
    return [c for row in rows for c in row], [len(row) for row in rows]


def _read_cells(rows: list[str], box: tuple[int, int] | None) -> tuple[list[str], list[int]]:
    """The raw text of every cell, and how many cells each row held."""
    if any("," in r for r in rows):
        return _read_csv(rows, box)
    token_rows = [r.replace("|", " ").split() for r in rows]
    if all(len(t) == 1 for ts in token_rows for t in ts):
        return _flat(token_rows)
    chars = _flat([[ch for t in ts for ch in t] for ts in token_rows])
    if not all(_is_number(t) for ts in token_rows for t in ts):
        return chars
    ints = _flat(token_rows)
    for reading in (ints, chars):
        if _fits(reading[0], box):
            return reading
    # Neither reads cleanly: report on the likelier one.
    int_square, char_square = _square(len(ints[0]), box), _square(len(chars[0]), box)
    if int_square != char_square:
        return ints if int_square else chars
    return ints if max(len(t) for ts in token_rows for t in ts) <= 2 else chars


def _csv_fields(line: str) -> list[str]:
    """The stripped fields of one CSV line (quotes allowed)."""
    try:
        fields = next(csv.reader([line]))
    except csv.Error:  # e.g. a NUL byte: plain splitting still locates the problem
        fields = line.split(",")
    return [f.strip() for f in fields]


def _read_csv(rows: list[str], box: tuple[int, int] | None) -> tuple[list[str], list[int]]:
    """Comma-separated cells: one line of n*n, or n rows of n (extra empty fields dropped)."""
    field_rows = [_csv_fields(r) for r in rows]
    if len(field_rows) == 1:
        fields = field_rows[0]
        if not _square(len(fields), box) and len(fields) > 1 and fields[-1] == "":
            fields = fields[:-1]  # a trailing comma
        return fields, [len(fields)]
    n = box[0] * box[1] if box else len(field_rows)
    return _flat([r[:n] if len(r) > n and not any(r[n:]) else r for r in field_rows])


def _values(cells: list[str], sizes: list[int],
            box: tuple[int, int] | None) -> tuple[list[int], tuple[int, int]]:
    """Check the number of cells and each symbol; return the values and the box shape."""
    count = len(cells)
    if not _square(count, box):
        raise PuzzleError(_count_message(count, sizes, box))
    n = math.isqrt(count)
    box = box or default_box(n)
    values = list(map(_VALUES.get, cells))
    if None in values or max(values) > n:
        values = [_decode(c) for c in cells]
        for i, (cell, v) in enumerate(zip(cells, values)):
            if v is None:
                raise PuzzleError(f"unknown symbol {cell!r} at {cell_name(i, n)} (cell {i + 1})")
            if v > n:
                shown = f"{v} ({cell.upper()!r})" if not cell.isdigit() else cell.lstrip("0")[:20]
                raise PuzzleError(f"value {shown} at {cell_name(i, n)} is outside 1..{n}")
    return values, box


def _count_message(count: int, sizes: list[int], box: tuple[int, int] | None) -> str:
    if count == 0:
        return "empty puzzle"
    if box is not None:
        br, bc = box
        m = math.isqrt(count)
        if m * m == count:
            return f"box {br}x{bc} does not fit a {m}x{m} board"
        n = br * bc
        message = f"puzzle has {count} cells; box {br}x{bc} needs {n * n} ({n}x{n})"
    else:
        lo = math.isqrt(count)
        k = lo if lo and count - lo * lo < (lo + 1) ** 2 - count else lo + 1
        message = f"puzzle has {count} cells; expected a square number such as {k * k} ({k}x{k})"
    if len(sizes) > 1:
        usual = Counter(sizes).most_common(1)[0][0]
        odd = next((i for i, s in enumerate(sizes) if s != usual), None)
        if odd is not None:
            message += f"; row {odd + 1} has {sizes[odd]} cells where the others have {usual}"
    return message


# -- streams -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """One puzzle read from a stream: where it starts, its text, and a board or an error."""

    line: int
    text: str
    board: Board | None = None
    error: str | None = None
    solution: tuple[int, ...] | None = None
    source: str = "<stdin>"

    @property
    def ok(self) -> bool:
        return self.error is None


def read_puzzles(path, box: tuple[int, int] | None = None) -> Iterator[Entry]:
    """Stream the puzzles of a file (``'-'`` is standard input); see ``iter_puzzles``."""
    if str(path) == "-":
        yield from iter_puzzles(sys.stdin, box=box, source="<stdin>")
        return
    with open(path, encoding="utf-8-sig", newline=None) as lines:
        yield from iter_puzzles(lines, box=box, source=str(path))


def parse_many(text: str, box: tuple[int, int] | None = None,
               source: str = "<argument>") -> list[Entry]:
    """Every puzzle in a text: a multi-line grid is one puzzle, one-line puzzles are several.

    >>> [(e.line, e.board.n) for e in parse_many("1.3.3.........1.\\n\\n" + "." * 81)]
    [(1, 4), (3, 9)]
    """
    return list(iter_puzzles(text.splitlines(), box=box, source=source))


def iter_puzzles(lines: Iterable[str], box: tuple[int, int] | None = None,
                 source: str = "<stdin>") -> Iterator[Entry]:
    """Yield an ``Entry`` per puzzle in a stream of lines, lazily; bad input never stops it.

    The rules for one-line puzzles, grids and CSV are in the module docstring.

    >>> [e.line for e in iter_puzzles(["# comment", "", "1.3.3.........1.", "1.3?"])]
    [3, 4]
    """
    if isinstance(lines, str):
        lines = lines.splitlines()
    grouper = _Grouper(box, source)
    columns = None  # (puzzle, solution) columns once a CSV header is seen
    first = True
    for number, raw in enumerate(lines, 1):
        raw = raw.rstrip("\r\n")
        if number == 1:
            raw = raw.lstrip("\ufeff")
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            yield from grouper.end_run()
            continue
        if first:
            first = False
            columns = _header_columns(stripped)
            if columns:
                continue
        if columns:
            yield grouper.record(number, stripped, columns)
        else:
            yield from grouper.line(number, raw, stripped)
    yield from grouper.end_run()


def _header_columns(line: str) -> tuple[int, int | None] | None:
    """The (puzzle, solution) columns named by a CSV header line, or None if it is data."""
    if "," not in line:
        return (0, None) if line.lower() in PUZZLE_COLUMNS else None
    names = [f.lower() for f in _csv_fields(line)]
    word = names[0].replace("_", "").replace("-", "").replace(" ", "")
    if len(word) < 2 or not word.isalpha():
        return None
    puzzle = next((i for i, name in enumerate(names) if name in PUZZLE_COLUMNS), 0)
    solution = next((i for i, name in enumerate(names) if name in SOLUTION_COLUMNS), None)
    if solution is None and len(names) == 2 and puzzle == 0:
        solution = 1
    return puzzle, solution


def _is_record(line: str) -> bool:
    """A headerless CSV line whose first field is a whole puzzle, not one cell."""
    return "," in line and len(line.split(",", 1)[0].strip().strip('"')) >= 4


def _row_size(line: str) -> tuple[int, bool]:
    """How many cells a line holds as a grid row, and whether it can be one."""
    if "," in line:
        size = len(_csv_fields(line))
        return size, size >= 2
    tokens = line.replace("|", " ").split()
    if len(tokens) == 1:  # compact symbols, one per character
        return len(tokens[0]), 2 <= len(tokens[0]) <= MAX_COMPACT_N
    if all(len(t) == 1 for t in tokens):
        return len(tokens), True
    chars = [ch for t in tokens for ch in t]
    numbers = all(_is_number(t) for t in tokens)

    def fits(cells: list[str]) -> bool:
        return all((v := _decode(c)) is not None and v <= len(cells) for c in cells)

    if numbers and fits(tokens):
        return len(tokens), True
    if len(chars) <= MAX_COMPACT_N and fits(chars):
        return len(chars), True
    if numbers and max(map(len, tokens)) <= 2:
        return len(tokens), True
    return len(chars), len(chars) <= MAX_COMPACT_N


def _whole_board(line: str, box: tuple[int, int] | None) -> bool:
    """Could this line alone be a whole puzzle: a square number of cells, at least 4x4 unless
    the box says otherwise (files of 2x2 or 3x3 one-line puzzles are not worth the ambiguity
    with rows of 4x4 or 9x9 grids)?"""
    if not any(ch in line for ch in " \t,|"):
        count = len(line)
    else:
        count = len(_read_cells([line], box)[0])
    return _square(count, box) and (box is not None or count >= 16)


class _Grouper:
    """The state of ``iter_puzzles`` within a run of lines: one-line puzzles or a grid.

    Modes: ``start`` (a run begins), ``singles`` (one puzzle per line), ``grid`` (rows of a
    grid are being gathered) and ``lookahead`` (lines of c cells, c square, that may be
    c one-line puzzles or the c rows of one grid).
    """

    def __init__(self, box: tuple[int, int] | None, source: str) -> None:
        self.box, self.source = box, source
        self.reset()

    def reset(self) -> None:
        self.mode = "start"
        self.size = 0  # cells in the first row of the grid being gathered
        self.block: list[tuple[int, str]] = []  # (line number, raw line), separators included
        self.rows = 0  # rows in the block, separators not counted
        self.confirmed = False  # a grid for sure: a marker or a second row of the same size
        self.border = False  # the last line was a separator

    # -- entries -------------------------------------------------------------------------
    def single(self, number: int, text: str) -> Entry:
        try:
            return Entry(number, text, board=parse_puzzle(text, self.box), source=self.source)
        except PuzzleError as exc:
            return Entry(number, text, error=str(exc), source=self.source)

    def record(self, number: int, line: str,
               columns: tuple[int, int | None] | None = None) -> Entry:
        """A CSV line: the puzzle and solution columns of a header, else a headerless guess."""
        fields = _csv_fields(line)
        if columns is None:  # headerless: a second field of the puzzle's size is its solution
            same = len(fields) > 1 and len(fields[1]) == len(fields[0])
            columns = (0, 1 if same else None)
        col, sol_col = columns
        text = fields[col] if col < len(fields) else ""
        solution_text = fields[sol_col] if sol_col is not None and sol_col < len(fields) else ""
        try:
            board = parse_puzzle(text, self.box)
        except PuzzleError as exc:
            return Entry(number, text, error=str(exc), source=self.source)
        solution = None
        if solution_text:
            try:
                solution = parse_solution(solution_text, self.box)
                if len(solution) != len(board.givens):
                    raise PuzzleError(f"solution has {len(solution)} cells "
                                      f"but the puzzle has {len(board.givens)}")
            except PuzzleError as exc:
                message = str(exc)
                if not message.startswith("solution"):
                    message = f"solution: {message}"
                return Entry(number, text, error=message, source=self.source)
        return Entry(number, text, board=board, solution=solution, source=self.source)

    def close(self) -> Iterator[Entry]:
        """The gathered block, as one grid puzzle."""
        if self.rows:
            yield self.single(self.block[0][0], "\n".join(raw for _, raw in self.block))
        self.reset()

    def release(self) -> Iterator[Entry]:
        """The looked-ahead lines are one-line puzzles after all."""
        block = self.block
        self.reset()
        self.mode = "singles"
        for number, raw in block:
            yield self.single(number, raw.strip())

    def end_run(self) -> Iterator[Entry]:
        """A blank line, comment or the end of the input."""
        if self.mode == "grid":
            yield from self.close()
        elif self.mode == "lookahead":
            yield from self.close() if self.is_grid() else self.release()
        self.reset()

    def is_grid(self) -> bool:
        """Are the looked-ahead lines a grid: c rows of c cells, or a spreadsheet whose k rows
        of c fields are empty after the k-th?"""
        k = self.rows
        if k == self.size:
            return True
        return k >= 2 and all("," in raw and not any(_csv_fields(raw)[k:]) for _, raw in self.block)

    # -- lines ---------------------------------------------------------------------------
    def line(self, number: int, raw: str, line: str) -> Iterator[Entry]:
        separator = _is_separator(line)
        if self.mode == "singles":
            if _is_record(line):
                yield self.record(number, line)
            elif not separator and "|" not in line and _whole_board(line, self.box):
                yield self.single(number, line)
            else:
                yield from self.start(number, raw, line, separator)
        elif self.mode == "start":
            yield from self.start(number, raw, line, separator)
        elif self.mode == "lookahead":
            yield from self.look(number, raw, line, separator)
        else:
            yield from self.grid(number, raw, line, separator)

    def start(self, number: int, raw: str, line: str, separator: bool) -> Iterator[Entry]:
        """Decide what a line begins."""
        if separator:
            self.mode, self.border = "start", True
            return
        if _is_record(line):
            self.reset()
            self.mode = "singles"
            yield self.record(number, line)
            return
        size, row = _row_size(line)
        whole = _whole_board(line, self.box)
        marked = self.border or "|" in line
        self.reset()
        if row and (marked or not whole):
            self.mode, self.confirmed = "grid", marked
        elif row:
            self.mode = "lookahead"
        else:
            self.mode = "singles" if whole else "start"
            yield self.single(number, line)
            return
        self.size, self.block, self.rows = size, [(number, raw)], 1

    def look(self, number: int, raw: str, line: str, separator: bool) -> Iterator[Entry]:
        """Lines of c cells, c square: a grid if exactly c of them come together."""
        if (separator or "|" in line) and self.rows < self.size:  # a grid marker
            self.mode, self.confirmed = "grid", True
            yield from self.grid(number, raw, line, separator)
            return
        same = not separator and not _is_record(line) and _row_size(line)[0] == self.size
        if same and self.rows < self.size:
            self.block.append((number, raw))
            self.rows += 1
            return
        if not same and self.is_grid():
            yield from self.close()
            yield from self.start(number, raw, line, separator)
        else:
            yield from self.release()
            yield from self.line(number, raw, line)

    def grid(self, number: int, raw: str, line: str, separator: bool) -> Iterator[Entry]:
        """One more line of a grid; the grid ends after as many rows as its first had cells."""
        if separator:
            self.block.append((number, raw))
            self.confirmed = True
            return
        if _is_record(line) or (not self.confirmed and _row_size(line)[0] != self.size):
            yield from self.close()
            yield from self.start(number, raw, line, False)
            return
        self.block.append((number, raw))
        self.rows += 1
        self.confirmed = True
        if self.rows == self.size:
            yield from self.close()
