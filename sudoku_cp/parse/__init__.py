"""Reading puzzles: every accepted text form, with errors that name the problem.

**One puzzle** (``parse_puzzle``, in ``cells``): one line of symbols, integers separated by
commas or whitespace, a multi-line grid with or without borders, or a spreadsheet CSV.

**A stream** (``iter_puzzles``, ``read_puzzles``, ``parse_many``, in ``stream``) holds one
puzzle per line, grids of several lines, or CSV records, and yields an ``Entry`` for every
puzzle and for every line that is not one: a valid puzzle never disappears without a
line in the results. The modules, in the order a line meets them:

- ``lines``: what one line is before grouping: skipped (blank, ``#`` comment, the header
  ``solve``/``check`` print, QQWing's closing line), bytes that are not UTF-8 (an invalid
  entry), a trailing ``# comment`` cut, tab-separated cells;
- ``grouping``: lines into puzzles: one-line puzzles, grids, CSV records and their headers,
  rating columns after a puzzle;
- ``cells``: the cells and values of one puzzle, and the board size limit
  (``board.MAX_SIZE``, 64, raised with ``max_size=``).

A plain one-line puzzle outside a grid (n*n symbols, n >= 6) skips the grouping and the
general parser: ``boards.plain_board`` (on ``text.plain_values``) reads it in two string operations, with the same
result (a bulk check reads a million such lines).
"""

from .boards import parse_puzzle, parse_solution
from .entry import Entry
from .lines import PUZZLE_COLUMNS, SOLUTION_COLUMNS
from .stream import PlainBlock, iter_puzzles, parse_many, read_blocks, read_puzzles

__all__ = ["Entry", "PUZZLE_COLUMNS", "SOLUTION_COLUMNS", "PlainBlock", "iter_puzzles",
           "parse_many", "parse_puzzle", "parse_solution", "read_blocks", "read_puzzles"]
