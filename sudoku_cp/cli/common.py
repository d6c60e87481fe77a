"""The command line's shared toolkit: exit codes, input, validators, output records.

Every command module (``sudoku_cp.cli.solve``, ``.check``, ``.export``, ``.generate``,
``.bench``, and those of other features) builds on these names and on nothing private
of another command.

Exit codes (the most severe over all puzzles wins, in the order of ``SEVERITY``):

- 0 every puzzle solved (``solve``) or unique (``check``);
- 1 some puzzle has no solution or several;
- 4 a time limit left some puzzle unknown;
- 2 usage or input error (a bad option, a line that is not a puzzle);
- 3 backends disagree, a backend returned a non-solution or raised, or the input's
  stated solution differs from the real one (``mismatch``);
- 130 interrupted (Ctrl-C), as a shell reports a process killed by SIGINT;
- 141 the reader of standard output went away (``| head``), as a shell reports a
  process killed by SIGPIPE; nothing is printed.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from typing import Iterator

from ..board import parse_box
from ..errors import PuzzleError, UsageError

from ..verdicts import (EXIT_BROKEN_PIPE, EXIT_DISAGREE, EXIT_INPUT,  # noqa: F401
                        EXIT_INTERRUPTED, EXIT_NOT_UNIQUE, EXIT_OF, EXIT_OK, EXIT_UNKNOWN,
                        SEVERITY, verdict_exit, worst)


# -- input --------------------------------------------------------------------------------
#: Where puzzle sets are looked for when a FILE is not found as given (after --data and
#: the environment variable SUDOKU_CP_DATA): a ``shared/data`` folder beside the clone.
DEFAULT_DATA = os.path.join("..", "shared", "data")
DATA_ENV = "SUDOKU_CP_DATA"


def data_dir(option: str | None = None) -> str:
    """The folder of puzzle sets: ``--data``, else ``$SUDOKU_CP_DATA``, else ``../shared/data``."""
    return option or os.environ.get(DATA_ENV) or DEFAULT_DATA


def find_data(path: str, option: str | None = None) -> str:
    """A puzzle file as given, or else by name in the data folder (``.txt`` may be left off).

    >>> find_data("no/such/file.txt", "/nowhere")
    Traceback (most recent call last):
    ...
    sudoku_cp.errors.UsageError: no/such/file.txt: no such file (nor in the data folder /nowhere: set it with --data DIR or SUDOKU_CP_DATA)
    """
    if path == "-" or os.path.exists(path):
        return path
    folder = data_dir(option)
    for name in (path, path + ".txt"):
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate):
            return candidate
    raise UsageError(f"{path}: no such file (nor in the data folder {folder}: set it with "
                     f"--data DIR or {DATA_ENV})")


def entries(args, blocks: int = 0, variants: bool = False) -> Iterator[tuple[str, object]]:
    """Every puzzle named on the command line, in files (-f) or on standard input.

    Yields ``(source, entry)`` where source names where the puzzle came from. With
    ``blocks`` (the batch runner's chunk size) a file's stretches of plain 9x9 lines
    come as ``parse.PlainBlock`` entries of up to that many lines (``parse.read_blocks``).
    With ``variants`` a line the board reader refuses and a variant format reads (an ISS
    string, f-puzzles, JSON: ``variants.formats.detect``) comes as that format's entry,
    so one input may hold both (``check``: one check road for both kinds).
    """
    if variants:
        for source, entry in entries(args, blocks):
            yield source, _as_variant(entry)
        return
    from ..parse import parse_many, read_blocks, read_puzzles

    box = args.box
    limit = {"max_size": args.max_size} if getattr(args, "max_size", None) else {}
    puzzles = list(args.puzzles or [])
    files = list(args.file or [])
    if not puzzles and not files:
        puzzles = ["-"]
    if "-" in puzzles and (sys.stdin is None or sys.stdin.closed):
        raise UsageError("standard input is closed: give PUZZLE arguments or -f FILE")
    seen = 0
    for text in puzzles:
        found = (read_puzzles("-", box=box, **limit) if text == "-"
                 else parse_many(text, box=box, **limit))
        source = "<stdin>" if text == "-" else "<argument>"
        for entry in found:
            seen += 1
            yield source, entry
    for path in files:  # (``main`` resolved each FILE once, in the data folder if need be)
        try:
            found = (read_blocks(path, box, blocks, **limit) if blocks
                     else read_puzzles(path, box=box, **limit))
            for entry in found:
                seen += 1
                yield path, entry
        except OSError as exc:
            raise UsageError(f"{path}: {exc.strerror or exc}") from None
    if not seen:
        raise UsageError("no puzzle in the input: give PUZZLE arguments, -f FILE, or "
                         "puzzles on standard input")


def _as_variant(entry):
    """``entry``, or the variant entry its text is when the board reader refused it."""
    if not getattr(entry, "error", None):
        return entry
    from ..variants.formats import detect, read_entry

    text = entry.text.strip()
    if "\n" in text or detect(text) is None:
        return entry
    found = read_entry(text)
    found.line = entry.line
    return found


class Outcome:
    """One command's run over its puzzles: the exit code so far (the most severe wins)."""

    def __init__(self, args) -> None:
        self.args = args
        self.code = EXIT_OK

    def add(self, code: int) -> None:
        self.code = worst(self.code, code)

    def puzzles(self) -> Iterator[tuple[int, str, object]]:
        """``(index, source, entry)`` for each puzzle that parsed; bad ones are reported
        on stderr (and as JSON with --json) and make the exit code 2."""
        for index, (source, entry) in enumerate(entries(self.args), 1):
            if entry.error:
                self.add(EXIT_INPUT)
                report_invalid(self.args, index, source, entry)
                continue
            yield index, source, entry


def where(source: str, entry) -> str:
    """Where a puzzle came from, for messages: ``FILE:LINE``, or ``PUZZLE`` (an argument,
    named as argparse names it); ``show.place``, the one label of every command."""
    from .show import place

    return place(source, entry.line)


def error_line(source: str, entry) -> str:
    return f"{where(source, entry)}: {entry.error}"


def report_invalid(args, index: int, source: str, entry) -> None:
    """A line that is not a puzzle: one line on stderr, and a record with --json."""
    from ..records import invalid_record

    print(error_line(source, entry), file=sys.stderr)
    if getattr(args, "json", False):
        emit(invalid_record(line=entry.line, source=source, index=index, text=entry.text,
                            error=entry.error))


# -- output -------------------------------------------------------------------------------
def emit(obj: dict) -> None:
    """One JSON object on one line of standard output, flushed."""
    print(json.dumps(obj), flush=True)


def box_text(board) -> str:
    """A board's box shape as written on the command line, e.g. ``3x3``."""
    return f"{board.box[0]}x{board.box[1]}"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


# -- validators ---------------------------------------------------------------------------
def split_list(text: str | None) -> list[str] | None:
    """A comma-separated option as a list (blank parts dropped), or None when empty.

    >>> split_list("sat, cpsat,,backtrack"), split_list("")
    (['sat', 'cpsat', 'backtrack'], None)
    """
    if not text:
        return None
    return [part.strip() for part in text.split(",") if part.strip()] or None


def check_board_size(args) -> None:
    """The one size limit for every command that builds a board from ``--size`` or
    ``--box``: refused before anything is allocated (``--max-size N`` raises it).

    >>> check_board_size(argparse.Namespace(size=99999, box=None))
    Traceback (most recent call last):
    ...
    sudoku_cp.errors.UsageError: --size 99999: a 99999x99999 board is above the size limit of 64 (raise it with --max-size N)
    """
    from ..board import MAX_SIZE

    limit = getattr(args, "max_size", None) or MAX_SIZE
    size, box = getattr(args, "size", None), getattr(args, "box", None)
    n, option = ((size, f"--size {size}") if size else
                 (box[0] * box[1], f"--box {box[0]}x{box[1]}") if box else (None, ""))
    if n is not None and n > limit:
        raise UsageError(f"{option}: a {n}x{n} board is above the size limit of {limit} "
                         f"(raise it with --max-size N)")


def add_max_size(p: argparse.ArgumentParser) -> None:
    """``--max-size N``: the largest board side a command reads or builds (default 64)."""
    p.add_argument("--max-size", type=positive_int, default=None, metavar="N",
                   help="largest board side read or built (default 64)")


def box_arg(text: str) -> tuple[int, int]:
    """``--box RxC`` for argparse."""
    try:
        return parse_box(text)
    except PuzzleError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def check_scheduler(address: str) -> None:
    """Refuse a Dask scheduler address that is not ``[PROTOCOL://]HOST:PORT``."""
    import re

    if not re.fullmatch(r"(?:[a-z]+://)?\[?[\w.:-]*[\w\]]:\d{1,5}/?", address):
        raise UsageError(f"--scheduler {address!r} is not an address such as "
                         f"tcp://127.0.0.1:8786")


def positive_float(text: str) -> float:
    """A number of seconds above zero (``nan`` and ``inf`` are refused)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text} is not a positive number of seconds")
    return value


def positive_int(text: str) -> int:
    """A whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} must be at least 1")
    return value


def count_arg(text: str) -> int:
    """A whole number of at least 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} must not be negative")
    return value


def add_data(p: argparse.ArgumentParser) -> None:
    """``--data DIR``: where puzzle sets named by FILE are looked for."""
    p.add_argument("--data", metavar="DIR",
                   help=f"folder of puzzle sets for FILE names not found as given (default: "
                        f"${DATA_ENV}, else {DEFAULT_DATA})")


def add_input(p: argparse.ArgumentParser, many: bool = True) -> None:
    """The input options every puzzle-reading command shares: PUZZLE, -f FILE, --box."""
    p.add_argument("puzzles", nargs="*" if many else "?", metavar="PUZZLE",
                   help="puzzle text (one line, '.' or '0' empty); '-' or none reads stdin")
    p.add_argument("-f", "--file", action="append", metavar="FILE",
                   help="file with one puzzle per line ('#' comments and blank lines skipped); "
                        "a FILE not found as given is looked for in the data folder")
    add_data(p)
    p.add_argument("--box", type=box_arg, metavar="RxC",
                   help="box shape, e.g. 3x2 (default: square, or the widest box not above "
                        "sqrt(n) rows)")
    p.add_argument("--max-size", type=positive_int, default=None, metavar="N",
                   help="largest board side read (default 64); a larger board is an invalid line")
