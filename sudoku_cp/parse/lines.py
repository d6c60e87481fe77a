"""One line of a stream: what it is before any grouping (skip, puzzle text, or bad bytes).

- **skipped**: a blank line, a ``#`` comment, the header line that ``sudoku-cp solve`` and
  ``check`` print above a grid (``puzzle 3 (in.txt:7), 9x9, 24 givens: ...``), so that
  their output reads back, and QQWing's closing ``N puzzles generated in ...`` line.
- **trailing comment**: ``<puzzle> # note``: a ``#`` after whitespace ends the line.
- **tab-separated cells**: a line with tabs, no comma, no space and no ``|`` is a
  spreadsheet row whose fields are cells, so ``5\\t\\t3`` keeps its empty cell; a line
  of three tabs or more and nothing else is a row of empty cells, not a blank line. A
  field longer than a cell (two characters) makes it a row of whole puzzles
  (``PUZZLE\\tSOLUTION``), whose leading tabs only indent it.
- **bad bytes**: text decoded with ``errors="surrogateescape"`` keeps each byte that is
  not UTF-8 as a lone surrogate; such a line is reported, never parsed.

Plus the helpers that classify a cleaned line for grouping: is it a CSV record, could it
be a grid row (and of how many cells), could it be a whole puzzle alone.
"""

from __future__ import annotations

import re

from ..board import MAX_COMPACT_N
from ..text import csv_fields, decode, is_number, is_separator, read_cells, square

PUZZLE_COLUMNS = ("puzzle", "puzzles", "quiz", "quizzes", "sudoku", "grid", "givens", "problem")
SOLUTION_COLUMNS = ("solution", "solutions", "answer", "answers", "solved")

#: The header ``sudoku-cp solve`` / ``check`` print above each grid.
_REPORT_HEADER = re.compile(r"^puzzle \d+ \(.*\)")
#: QQWing's statistics lines after its puzzles.
_QQWING = re.compile(r"^\d+ puzzles? (generated|solved|counted)\b", re.IGNORECASE)
_COMMENT = re.compile(r"\s#.*$")
_BAD_BYTE = re.compile("[\udc80-\udcff]")
_WORD = re.compile(r"[A-Za-z]{3,}")


def bad_bytes(raw: str) -> str | None:
    """A message for a line holding bytes that are not UTF-8, or None.

    >>> bad_bytes("caf\\udce9 au lait")
    'line is not valid UTF-8 (byte 0xE9 at column 4)'
    """
    found = _BAD_BYTE.search(raw)
    if found is None:
        return None
    return (f"line is not valid UTF-8 (byte 0x{ord(found.group()) - 0xDC00:02X} "
            f"at column {found.start() + 1})")


def clean(raw: str) -> str | None:
    """The puzzle text of a line, or None when the line is to be skipped.

    >>> clean("  1.3.3.........1.  # easy"), clean("# a comment"), clean("12 puzzles generated in 0.1 s")
    ('1.3.3.........1.', None, None)
    """
    line = raw.strip()
    if not line:  # three tabs or more: a spreadsheet row of empty cells
        return ",".join([""] * (raw.count("\t") + 1)) if raw.count("\t") >= 3 else None
    if line.startswith("#"):
        return None
    if _REPORT_HEADER.match(line) or _QQWING.match(line):
        return None
    if "#" in line:
        line = _COMMENT.sub("", line).rstrip()
    cells = raw.strip(" \r\n")
    if "\t" in cells and not any(ch in cells for ch in ", |"):
        if any(len(field) > 2 for field in cells.split("\t")):  # not a row of cells: its
            cells = cells.lstrip("\t")  # leading tabs indent it (a puzzle, its solution)
        line = _COMMENT.sub("", cells).replace("\t", ",")
    return line


def looks_like_text(line: str) -> bool:
    """Two words of three letters or more: a title or a note, not a puzzle."""
    return len(_WORD.findall(line)) >= 2


def header_columns(line: str) -> tuple[int, int | None] | None:
    """The (puzzle, solution) columns named by a CSV header line, or None if it is data."""
    if "," not in line and ";" not in line:
        return (0, None) if line.lower() in PUZZLE_COLUMNS else None
    names = [f.lower() for f in csv_fields(line)]
    word = names[0].replace("_", "").replace("-", "").replace(" ", "")
    if len(word) < 2 or not word.isalpha():
        return None
    puzzle = next((i for i, name in enumerate(names) if name in PUZZLE_COLUMNS), 0)
    solution = next((i for i, name in enumerate(names) if name in SOLUTION_COLUMNS), None)
    if solution is None and len(names) == 2 and puzzle == 0:
        solution = 1
    return puzzle, solution


def is_record(line: str) -> bool:
    """A headerless CSV line whose first field is a whole puzzle, not one cell."""
    if "," not in line and ";" not in line:
        return False
    return len(csv_fields(line)[0].strip('"')) >= 4


def row_size(line: str) -> tuple[int, bool]:
    """How many cells a line holds as a grid row, and whether it can be one."""
    if "," in line or ";" in line:
        size = len(csv_fields(line))
        return size, size >= 2
    tokens = line.replace("|", " ").split()
    if len(tokens) == 1:  # compact symbols, one per character
        return len(tokens[0]), 2 <= len(tokens[0]) <= MAX_COMPACT_N
    if all(len(t) == 1 for t in tokens):
        return len(tokens), True
    chars = [ch for t in tokens for ch in t]
    numbers = all(is_number(t) for t in tokens)

    def fits(cells: list[str]) -> bool:
        return all((v := decode(c)) is not None and v <= len(cells) for c in cells)

    if numbers and fits(tokens):
        return len(tokens), True
    if len(chars) <= MAX_COMPACT_N and fits(chars):
        return len(chars), True
    if numbers and max(map(len, tokens)) <= 2:
        return len(tokens), True
    return len(chars), len(chars) <= MAX_COMPACT_N


def whole_board(line: str, box: tuple[int, int] | None) -> bool:
    """Could this line alone be a whole puzzle: a square number of cells, at least 4x4 unless
    the box says otherwise (files of 2x2 or 3x3 one-line puzzles are not worth the ambiguity
    with rows of 4x4 or 9x9 grids)?"""
    if not any(ch in line for ch in ",;|") and not any(ch.isspace() for ch in line):
        count = len(line)
    else:
        count = len(read_cells([line], box)[0])
    return square(count, box) and (box is not None or count >= 16)


def leading_puzzle(line: str) -> str | None:
    """The first field of a line whose other fields are not cells (rating columns such as
    ``<puzzle> 6.6 3`` or ``<puzzle>;ED=9.0/1.2/1.2``): the puzzle's text, else None."""
    first = re.split(r"[\s,;]", line, maxsplit=1)[0]
    if first != line and len(first) >= 16 and not is_separator(first):
        return first
    return None
