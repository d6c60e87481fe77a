"""Grouping the lines of a run into puzzles: one-line puzzles, grids, CSV records.

A *run* is a stretch of lines between blank lines, comments and skipped lines.

- *CSV records*: a line with a comma (or a semicolon) whose first field has 4 or more
  characters is a record (a grid row's field is one cell); its second field is the
  solution when it is as long as the first, and later fields (ratings) are ignored.
- *Whole lines*: a line is a whole puzzle when its cells are a square number, at least 16
  (4x4) unless ``box`` is given. A *row* has 2 or more cells, at most 35 if written without
  spaces (so an 81-character line is never a row).
- *Grids*: a line that is a row but not a whole puzzle (6 cells of a 6x6, 9 of a 9x9) starts a
  grid of as many rows as it has cells; so does any row containing ``|`` or following a
  separator line. The grid ends after that many rows (separators not counted), at the end of
  the run, or at a line that is a whole puzzle of another size. Until its second row, a row
  of another size ends it early (the short grid is reported as an error and the line is read
  afresh); after that, odd rows are kept and the grid is reported as one error naming the
  odd row.
- *A grid only when it is one*: a block that does not read as a board while one of its lines
  reads as a puzzle on its own is given back line by line, so a title such as
  ``Set A | hard | 2024`` costs only itself and never the puzzles after it.
- *Square rows*: a line that is both (16 cells: a 4x4 puzzle or a 16x16 row) is a grid row only
  if exactly c lines of c cells come together, not followed by yet another line of c cells
  (or are k >= 2 spreadsheet rows whose fields after the k-th are empty). Otherwise each line
  is a puzzle, and so is every later whole line of the run.

Memory stays bounded: at most one grid (c lines) is held at a time. Road not taken: choosing
between "c puzzles" and "one grid" by which reading gives valid boards; it needs unbounded
lookahead and would make the grouping depend on the values rather than the layout.
"""

from __future__ import annotations

from typing import Iterator

from ..board import PuzzleError
from .boards import parse_puzzle, parse_solution
from ..text import csv_fields, is_separator
from .entry import Entry
from .lines import is_record, leading_puzzle, looks_like_text, row_size, whole_board


class Grouper:
    """The state of ``iter_puzzles`` within a run of lines: one-line puzzles or a grid.

    Modes: ``start`` (a run begins), ``singles`` (one puzzle per line), ``grid`` (rows of a
    grid are being gathered) and ``lookahead`` (lines of c cells, c square, that may be
    c one-line puzzles or the c rows of one grid).
    """

    def __init__(self, box: tuple[int, int] | None, source: str, max_size: int) -> None:
        self.box, self.source, self.max_size = box, source, max_size
        self.reset()

    def reset(self) -> None:
        self.mode = "start"
        self.size = 0  # cells in the first row of the grid being gathered
        self.block: list[tuple[int, str]] = []  # (line number, line), separators included
        self.rows = 0  # rows in the block, separators not counted
        self.confirmed = False  # a grid for sure: a marker or a second row of the same size
        self.border = False  # the last line was a separator

    def singles(self) -> None:
        """A whole one-line puzzle was read outside a grid (``boards.plain_board``): what
        ``start`` or ``line`` do with such a line, less the parsing."""
        if self.mode != "singles":
            self.reset()
            self.mode = "singles"

    # -- entries -------------------------------------------------------------------------
    def parse(self, text: str):
        return parse_puzzle(text, self.box, max_size=self.max_size)

    def single(self, number: int, text: str) -> Entry:
        """One line (or a grid's text) read as one puzzle."""
        try:
            return Entry(number, text, board=self.parse(text), source=self.source)
        except PuzzleError as exc:
            error = str(exc)
        lead = leading_puzzle(text) if "\n" not in text else None
        if lead is not None:  # a puzzle followed by columns that are not cells (ratings)
            try:
                return Entry(number, lead, board=self.parse(lead), source=self.source)
            except PuzzleError:
                pass
        if "\n" not in text and looks_like_text(text):
            shown = text if len(text) <= 40 else text[:37] + "..."
            error = f"not a puzzle: {shown!r} reads as text (a title? start it with '#')"
        return Entry(number, text, error=error, source=self.source)

    def record(self, number: int, line: str,
               columns: tuple[int, int | None] | None = None) -> Entry:
        """A CSV line: the puzzle and solution columns of a header, else a headerless guess."""
        fields = csv_fields(line)
        if columns is None:  # headerless: a second field of the puzzle's size is its solution
            same = len(fields) > 1 and len(fields[1]) == len(fields[0])
            columns = (0, 1 if same else None)
        col, sol_col = columns
        text = fields[col] if col < len(fields) else ""
        solution_text = fields[sol_col] if sol_col is not None and sol_col < len(fields) else ""
        try:
            board = self.parse(text)
        except PuzzleError as exc:
            return Entry(number, text, error=str(exc), source=self.source)
        solution = None
        if solution_text:
            try:
                solution = parse_solution(solution_text, self.box, max_size=self.max_size)
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
        """The gathered block, as one grid puzzle; line by line when it is no grid but
        holds a line that is a puzzle on its own."""
        block, size = self.block, self.size
        self.reset()
        if not any(not is_separator(line) for _, line in block):
            return
        entry = self.single(block[0][0], "\n".join(line for _, line in block))
        rows = sum(1 for _, line in block if not is_separator(line))
        if rows == 1 or (entry.ok and entry.board.n == rows):
            yield entry
            return
        if entry.ok:  # cells enough for a board, but not n rows of n: no grid
            entry = Entry(entry.line, entry.text, error=f"{rows} lines do not make a grid of "
                          f"{entry.board.n} rows", source=self.source)
        singles = [self.single(number, line.strip()) for number, line in block
                   if not is_separator(line)]
        if any(e.ok and whole_board(e.text, self.box) for e in singles):
            self.mode = "singles"
            yield from singles
        elif 1 < rows < size and all(row_size(line)[0] == size  # a grid cut short: say so,
                                     for _, line in block if not is_separator(line)):
            yield Entry(entry.line, entry.text, source=self.source,  # not what its cells make
                        error=f"a grid of {size}-cell rows ends after {rows} rows, not {size} "
                              f"(a blank line, a '#' comment or the end of the input ends it)")
        else:
            yield entry

    def release(self) -> Iterator[Entry]:
        """The looked-ahead lines are one-line puzzles after all."""
        block = self.block
        self.reset()
        self.mode = "singles"
        for number, line in block:
            yield self.single(number, line.strip())

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
        return k >= 2 and all(("," in line or ";" in line) and not any(csv_fields(line)[k:])
                              for _, line in self.block)

    # -- lines ---------------------------------------------------------------------------
    def line(self, number: int, line: str, text: str | None = None) -> Iterator[Entry]:
        """Take one cleaned line; ``text`` is the line as written (kept in a grid's text)."""
        self.text = line if text is None else text
        separator = is_separator(line)
        if self.mode == "singles":
            if is_record(line):
                yield self.record(number, line)
            elif not separator and "|" not in line and whole_board(line, self.box):
                yield self.single(number, line)
            else:
                yield from self.start(number, line, separator)
        elif self.mode == "start":
            yield from self.start(number, line, separator)
        elif self.mode == "lookahead":
            yield from self.look(number, line, separator)
        else:
            yield from self.grid(number, line, separator)

    def start(self, number: int, line: str, separator: bool) -> Iterator[Entry]:
        """Decide what a line begins."""
        if separator:
            self.mode, self.border = "start", True
            return
        if is_record(line):
            self.reset()
            self.mode = "singles"
            yield self.record(number, line)
            return
        size, row = row_size(line)
        whole = whole_board(line, self.box)
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
        self.size, self.block, self.rows = size, [(number, self.text)], 1

    def look(self, number: int, line: str, separator: bool) -> Iterator[Entry]:
        """Lines of c cells, c square: a grid if exactly c of them come together."""
        if (separator or "|" in line) and self.rows < self.size:  # a grid marker
            self.mode, self.confirmed = "grid", True
            yield from self.grid(number, line, separator)
            return
        same = not separator and not is_record(line) and row_size(line)[0] == self.size
        if same and self.rows < self.size:
            self.block.append((number, self.text))
            self.rows += 1
            return
        if not same and self.is_grid():
            yield from self.close()
            yield from self.start(number, line, separator)
        else:
            yield from self.release()
            yield from self.line(number, line, self.text)

    def grid(self, number: int, line: str, separator: bool) -> Iterator[Entry]:
        """One more line of a grid; the grid ends after as many rows as its first had cells."""
        if separator:
            self.block.append((number, self.text))
            self.confirmed = True
            return
        size = row_size(line)[0]
        if is_record(line) or (not self.confirmed and size != self.size) or (
                size != self.size and "|" not in line and whole_board(line, self.box)):
            yield from self.close()
            yield from self.start(number, line, False)
            return
        self.block.append((number, self.text))
        self.rows += 1
        self.confirmed = True
        if self.rows == self.size:
            yield from self.close()
