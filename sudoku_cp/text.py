"""One puzzle from its text: cells, symbols, the board's size.

The forms, and how cells are told apart:

- one line of n*n symbols: ``.`` or ``0`` for an empty cell, then ``1``-``9``, ``A``-``Z``
  (either case) for the values 1..35, as in ``board.SYMBOLS``;
- integers separated by commas or whitespace (``.`` or ``0`` empty), needed from n = 36;
- a multi-line grid of either: lines made only of ``-``, ``+``, ``=``, ``|`` are dropped and
  ``|`` is removed, so ``Board.grid()`` output reads back as the same board;
- a spreadsheet CSV: n rows of n comma-separated cells (a semicolon or a tab may stand for
  the comma), an empty cell empty or ``0``, trailing empty fields beyond the n-th dropped.

*Whitespace* is any Unicode space (a no-break space, a tab, a vertical tab, U+3000 ...):
all separate cells alike. Only ``\\n``, ``\\r\\n`` and ``\\r`` end a row.

Whitespace-separated text with a token longer than one character is read either as integers
(one cell per token) or as grouped symbols (one cell per character, e.g. ``53. .7. ...``):
the reading whose cells form a whole board with every value in range wins, integers first.

**Size limit.** A board larger than ``board.MAX_SIZE`` (64x64) is refused unless the
caller raises ``max_size``: a 10,000-character line would otherwise be a 100x100 board
whose CNF alone takes gigabytes.
"""

from __future__ import annotations

import csv
import math
import re
import sys
from collections import Counter
from collections.abc import Sequence

from .errors import PuzzleError
from .geometry import MAX_COMPACT_N, MAX_SIZE, SYMBOLS, Geometry, cell_name, default_box, geometry

#: Value of each one-character cell: ``.`` and ``0`` empty, then SYMBOLS in either case.
VALUES: dict[str, int] = {".": 0, "0": 0}
for _v, _ch in enumerate(SYMBOLS, 1):
    VALUES[_ch] = VALUES[_ch.lower()] = _v
del _v, _ch

#: Anything that is not a plain compact line: whitespace, a field separator, a border.
_SPECIAL = re.compile(r"[\s,;|]")
#: The ends of rows: only real line breaks (a vertical tab or U+2028 is whitespace).
_ROW_BREAK = re.compile(r"\r\n|\r|\n")


def read_puzzle(text: str, box: tuple[int, int] | None = None, *,
                max_size: int = MAX_SIZE) -> tuple[list[int], tuple[int, int]]:
    """The values and box shape of one puzzle in any accepted form (``box`` fixes the
    shape); ``Board.parse`` and ``parse.boards.parse_puzzle`` make the board.

    >>> read_puzzle("1.3.3.........1.")[0][:4], read_puzzle("1.3.3.........1.")[1]
    ([1, 0, 3, 0], (2, 2))
    >>> read_puzzle("1.3..G" + "." * 75)
    Traceback (most recent call last):
    ...
    sudoku_cp.errors.PuzzleError: value 16 ('G') at r1c6 is outside 1..9
    """
    if box is not None and (box[0] < 1 or box[1] < 1):
        raise PuzzleError(f"box shape {box[0]}x{box[1]} needs positive sides")
    if box is not None and box[0] * box[1] > max_size:
        raise PuzzleError(_too_big(box[0] * box[1], max_size))
    text = text.lstrip("\ufeff").strip()
    if text and not _SPECIAL.search(text):
        cells, sizes = list(text), [len(text)]  # the common case: one compact line
    else:
        rows = [r.strip() for r in _ROW_BREAK.split(text)]
        rows = [r for r in rows if r and not is_separator(r)]
        if not rows:
            raise PuzzleError("empty puzzle")
        cells, sizes = read_cells(rows, box)
    return _values(cells, sizes, box, max_size)


#: Per board side n: the symbols a compact line of that board may hold, the table that
#: turns each one into its value, and the default geometry (``plain_board``).
_PLAIN: dict[int, tuple] = {}


def plain_values(line: str, box: tuple[int, int] | None = None, *,
                 max_size: int = MAX_SIZE) -> tuple[Geometry, tuple[int, ...]] | None:
    """The geometry and givens of a plain one-line puzzle too long to be a grid row, or None.

    Plain means: n*n symbols of ``VALUES`` (n >= 6, so more than ``MAX_COMPACT_N``
    characters), each in range, no space or separator, and ``box``, if given, fits.
    Such a line is a whole puzzle wherever it stands outside a grid (see
    ``parse.grouping``), and ``read_puzzle`` would give the same values; this is only
    a faster road for files of one-line puzzles (a bulk check reads a million of
    them). None sends the line down the general road, which also names any problem.

    >>> plain_values("1" + "." * 80)[1][:3], plain_values("1 " + "." * 79)
    ((1, 0, 0), None)
    """
    count = len(line)
    if count <= MAX_COMPACT_N:
        return None
    n = math.isqrt(count)
    if n * n != count or n > min(max_size, MAX_COMPACT_N):
        return None
    if box is not None and (box[0] < 1 or box[1] < 1 or box[0] * box[1] != n):
        return None
    if box is None and looks_like_sukaku(line):  # the line itself: a list of it cost 0.5 µs
        return None  # the general road refuses it by name
    plain = _PLAIN.get(n) or _plain(n)
    if plain[2] is None and box is None:
        return None  # no default box (n is prime)
    try:
        values = line.encode("latin-1").translate(plain[1])
    except UnicodeEncodeError:
        return None
    if NOT_A_SYMBOL in values:  # one search in C for a character that is no symbol here
        return None
    g = plain[2] if box is None else geometry(*box)
    return g, tuple(values)  # every value in 0..n: checked just above


#: What ``plain_values``' tables give a character that is not a symbol of the board.
NOT_A_SYMBOL = 255


def _plain(n: int) -> tuple:
    symbols = ".0" + SYMBOLS[:n] + SYMBOLS[9:n].lower()
    table = bytearray([NOT_A_SYMBOL]) * 256
    for ch in symbols:
        table[ord(ch)] = VALUES[ch]
    try:
        g = geometry(*default_box(n))
    except PuzzleError:  # a prime n: the general road asks for --box
        g = None
    _PLAIN[n] = (symbols, bytes(table), g)
    return _PLAIN[n]


def is_separator(row: str) -> bool:
    """A line of box borders only, such as ``------+------``."""
    return all(ch in "-+=|" or ch.isspace() for ch in row)


def decode(cell: str) -> int | None:
    """The value of one cell's text (0 empty), or None for an unknown symbol."""
    v = VALUES.get(cell)
    if v is not None:
        return v
    if cell == "":
        return 0
    if cell.isascii() and cell.isdigit():
        return int(cell) if len(cell) < 100 else sys.maxsize
    return None


def is_number(token: str) -> bool:
    return token in VALUES or (token.isascii() and token.isdigit())


def square(count: int, box: tuple[int, int] | None) -> bool:
    if box is not None:
        return count == (box[0] * box[1]) ** 2
    return count > 0 and math.isqrt(count) ** 2 == count


def fits(cells: list[str], box: tuple[int, int] | None) -> bool:
    """Do these cells make a whole board with every value in range?"""
    if not square(len(cells), box):
        return False
    n = math.isqrt(len(cells))
    return all((v := decode(c)) is not None and v <= n for c in cells)


def _flat(rows: list[list[str]]) -> tuple[list[str], list[int]]:
    return [c for row in rows for c in row], [len(row) for row in rows]


def read_cells(rows: list[str], box: tuple[int, int] | None) -> tuple[list[str], list[int]]:
    """The raw text of every cell, and how many cells each row held."""
    if any(sep in r for r in rows for sep in ",;"):
        return _read_csv(rows, box)
    token_rows = [r.replace("|", " ").split() for r in rows]
    if all(len(t) == 1 for ts in token_rows for t in ts):
        return _flat(token_rows)
    chars = _flat([[ch for t in ts for ch in t] for ts in token_rows])
    if not all(is_number(t) for ts in token_rows for t in ts):
        return chars
    ints = _flat(token_rows)
    for reading in (ints, chars):
        if fits(reading[0], box):
            return reading
    # Neither reads cleanly: report on the likelier one.
    int_square, char_square = square(len(ints[0]), box), square(len(chars[0]), box)
    if int_square != char_square:
        return ints if int_square else chars
    return ints if max(len(t) for ts in token_rows for t in ts) <= 2 else chars


def csv_fields(line: str) -> list[str]:
    """The stripped fields of one CSV line (quotes allowed); ``;`` stands for ``,`` in a
    line without commas, as European spreadsheets write it."""
    delimiter = ";" if ";" in line and "," not in line else ","
    try:
        fields = next(csv.reader([line], delimiter=delimiter))
    except csv.Error:  # e.g. a NUL byte: plain splitting still locates the problem
        fields = line.split(delimiter)
    return [f.strip() for f in fields]


def _read_csv(rows: list[str], box: tuple[int, int] | None) -> tuple[list[str], list[int]]:
    """Comma-separated cells: one line of n*n, or n rows of n (extra empty fields dropped)."""
    field_rows = [csv_fields(r) for r in rows]
    if len(field_rows) == 1:
        fields = field_rows[0]
        if not square(len(fields), box) and len(fields) > 1 and fields[-1] == "":
            fields = fields[:-1]  # a trailing comma
        return fields, [len(fields)]
    n = box[0] * box[1] if box else len(field_rows)
    return _flat([r[:n] if len(r) > n and not any(r[n:]) else r for r in field_rows])


#: A sukaku (pencil-mark) line: 81 cells of 9 candidate marks each.
_MARKS, _MARKED_CELLS = 9, 81
SUKAKU = ("this 729-character line is a sukaku (pencil-mark) line, 9 candidate marks per "
          "cell: check and solve read it (as a variant puzzle with candidate restrictions); "
          "this command reads givens only")


def looks_like_sukaku(cells: Sequence[str]) -> bool:
    """Whether one-character cells are a 729-character pencil-mark line (as tdoku and Sudoku
    Explainer write them): in each block of 9, position k holds the digit k + 1 or an empty
    mark, and some cell has two or more candidates. 729 is also 27x27, and such a line
    would otherwise be read as a 27x27 puzzle, wrongly. A board holds no candidate
    restrictions, so here it is refused by name; ``check`` and ``solve`` read it as a
    variant puzzle (``variants.sukaku``). A line of empty marks is an empty 27x27.

    >>> looks_like_sukaku(list("123456789" * 81)), looks_like_sukaku(list("." * 729))
    (True, False)
    """
    if len(cells) != _MARKS * _MARKED_CELLS:
        return False
    several = False
    for start in range(0, len(cells), _MARKS):
        marks = 0
        for k, ch in enumerate(cells[start:start + _MARKS]):
            if ch == str(k + 1):
                marks += 1
            elif ch not in ".0":
                return False
        several = several or marks > 1
    return several


def _too_big(n: int, max_size: int) -> str:
    return (f"a {n}x{n} board is above the size limit of {max_size} (--max-size N raises "
            f"it; max_size=N from Python)")


def _values(cells: list[str], sizes: list[int], box: tuple[int, int] | None,
            max_size: int) -> tuple[list[int], tuple[int, int]]:
    """Check the number of cells and each symbol; return the values and the box shape."""
    count = len(cells)
    if count > max_size * max_size:
        n = math.isqrt(count)
        if n * n != count:
            raise PuzzleError(f"puzzle has {count} cells, more than a board at the size "
                              f"limit holds ({max_size}x{max_size} = {max_size * max_size})")
        raise PuzzleError(_too_big(n, max_size))
    if box is None and looks_like_sukaku(cells):  # not a 27x27 puzzle: refused by name
        raise PuzzleError(SUKAKU)
    if not square(count, box):
        raise PuzzleError(_count_message(count, sizes, box))
    n = math.isqrt(count)
    box = box or default_box(n)
    values = list(map(VALUES.get, cells))
    if None in values or max(values) > n:
        values = [decode(c) for c in cells]
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
        k = max(k, 4)  # (boards start at 4x4: never "such as 1 (1x1)")
        message = f"puzzle has {count} cells; expected a square number such as {k * k} ({k}x{k})"
    if len(sizes) > 1:
        usual = Counter(sizes).most_common(1)[0][0]
        odd = next((i for i, s in enumerate(sizes) if s != usual), None)
        if odd is not None:
            message += f"; row {odd + 1} has {sizes[odd]} cells where the others have {usual}"
    return message
