"""Which format a line of input is in, and the variant puzzle it holds.

Formats, tried in this order:

- ``json``: an object; the project's own variant JSON (``{"size": ..., "constraints": [...]}``,
  docs/variants.md) or a record ``{"format": "fpuzzles"|"iss"|"json", "puzzle": ...}`` with an
  optional stated solution (``cells``: values row by row, or ``solution``) and optional
  ``solver_constraints``, dclamage's SudokuSolver ``-c`` strings (``variants.dclamage``);
- ``fpuzzles``: an f-puzzles link (``...?load=N4Ig...``) or the bare LZString string;
- ``iss``: an ISS constraint string (``.Thermo~R1C1~R1C2...``) or one of ISS's text forms,
  among them a plain grid line (81 characters for 9x9) and SudokuWiki's packed killer
  string (``3x3::k:6150:6150:...``, ``variants.sudokuwiki``).

A link (ISS's ``?q=``, SudokuPad's ``fpuzzles...``) is read as the string it carries
(``links.unwrap``); one that carries none this reads is ``"link"``, and reading it says why.

>>> detect(".Thermo~R1C1~R1C2"), detect("N4IgzglgXgpiBcBOAN"), detect('{"size": 4}')
('iss', 'fpuzzles', 'json')
>>> detect("1" + "." * 15 + "0000111122223333")  # a 4x4 jigsaw: givens, then the layout
'iss'

>>> detect("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79") is None
True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from ..errors import PuzzleError
from ..parse.lines import bad_bytes
from .fpuzzles import looks_like_fpuzzles, read_fpuzzles
from .iss import parse_plain, read_iss
from .links import is_link, unwrap
from .model import VariantPuzzle, unreachable_cage
from .sukaku import read_sukaku
from .sudokuwiki import looks_like_packed_killer
from ..text import looks_like_sukaku

FORMATS = ("json", "fpuzzles", "iss", "sukaku")


def detect(text: str) -> str | None:
    """The variant format ``text`` is in, or None for a plain grid line (or nothing known)."""
    t = text.strip()
    if is_link(t) and "?load=" not in t:
        try:
            return detect(unwrap(t)) or "iss"
        except PuzzleError:
            return "link"  # a variant input all the same: reading it says what is wrong
    if t.startswith("{") or re.match(r"\[\s*(\{|$)", t):  # ('[' or '[{': a JSON document)
        return "json"
    if looks_like_packed_killer(t):  # SudokuWiki's 3x3::k:..., one of ISS's text forms
        return "iss"
    if looks_like_fpuzzles(t):
        return "fpuzzles"
    if t.startswith(".") and ("~" in t or re.match(r"^\.[A-Z][a-z]", t)):
        return "iss"
    if looks_like_sukaku(list(t)):
        return "sukaku"
    if re.fullmatch(r"[0-9A-Za-j^<v>`',.]{81}", t) and re.search(r"[<v>^`',]", t):
        return "iss"  # ISS's short killer format
    bare = re.sub(r"\s+", "", t)
    if len(bare) > 8 and len(bare) % 2 == 0:
        try:
            plain = parse_plain(bare)
        except PuzzleError:
            return None
        if plain is not None and plain.regions is not None:
            return "iss"  # givens followed by a jigsaw layout
    return None


@dataclass
class VariantEntry:
    """One puzzle read from input: the puzzle, or the one-line reason it is not one."""

    text: str
    puzzle: VariantPuzzle | None = None
    expected: tuple | None = None  # a stated solution, row by row
    ident: str | None = None
    format: str | None = None
    ignored: tuple = ()  # cosmetic elements skipped (f-puzzles), as the format names them
    notes: tuple = ()  # sentences on some of them (a cage whose text is a label)
    names: dict = field(default_factory=dict)  # constraint type -> the format's name for it
    error: str | None = None
    line: int | None = None  # where it stood in its input (set by the reader of the input)
    cap: int | None = None  # count candidates up to this (``check --candidates``)


def read_entry(text: str) -> VariantEntry:
    """The entry for one line of input; a problem becomes ``error``, never an exception.

    A line read with ``errors="surrogateescape"`` that holds bytes that are not UTF-8 is
    such an entry, as in a classic file (``parse.lines.bad_bytes``)."""
    problem = bad_bytes(text)
    if problem is not None:
        shown = text.strip().encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        return VariantEntry(shown, error=problem)
    entry = VariantEntry(text.strip().lstrip("\ufeff"))
    try:
        _read(entry)
        why = unreachable_cage(entry.puzzle)
        if why is not None:  # a slip in the drawing, whatever the format
            raise PuzzleError(why)
    except PuzzleError as exc:
        entry.puzzle, entry.error = None, str(exc)
    return entry


def _read(entry: VariantEntry) -> None:
    text = unwrap(entry.text)
    fmt = detect(text) or "iss"
    entry.format = fmt
    if fmt == "json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            where = (f"line {exc.lineno} column {exc.colno}" if "\n" in entry.text
                     else f"character {exc.pos}")  # (a whole document read as one entry)
            raise PuzzleError(f"bad JSON: {exc.msg} at {where}") from None
        _read_record(entry, data)
    elif fmt == "fpuzzles":
        _take(entry, read_fpuzzles(text))
    elif fmt == "sukaku":
        entry.puzzle = read_sukaku(text)
    elif text.lstrip().startswith(".") or parse_plain(text) is not None:
        _take(entry, read_iss(text))
    else:
        entry.format = None
        raise PuzzleError("not a puzzle: neither an f-puzzles string, an ISS string, JSON "
                          "nor a grid line")


def _take(entry: VariantEntry, reading) -> None:
    entry.puzzle, entry.names = reading.puzzle, reading.names
    entry.ignored, entry.notes = tuple(reading.ignored), tuple(reading.notes)


def _read_record(entry: VariantEntry, data) -> None:
    if not isinstance(data, dict):
        raise PuzzleError("a JSON puzzle must be an object")
    if "puzzle" not in data:
        entry.puzzle = VariantPuzzle.from_dict(data)
        return
    inner = data["puzzle"]
    if not isinstance(inner, (str, dict)):
        raise PuzzleError(f"'puzzle' must be a string or an object, not {json.dumps(inner)[:40]}")
    if isinstance(inner, str):
        inner = unwrap(inner)
    fmt = data.get("format") or ((detect(inner) or "iss") if isinstance(inner, str) else "json")
    entry.ident = data.get("id")
    entry.format = fmt
    if fmt != "json" and not isinstance(inner, str):
        raise PuzzleError(f"'puzzle' in the {fmt} format must be a string")
    if fmt == "json":
        entry.puzzle = (VariantPuzzle.from_dict(inner) if isinstance(inner, dict)
                        else VariantPuzzle.from_json(inner))
    elif fmt == "fpuzzles":
        _take(entry, read_fpuzzles(inner))
    elif fmt == "iss":
        _take(entry, read_iss(inner))
    elif fmt == "sukaku":
        entry.puzzle = read_sukaku(inner)
    else:
        raise PuzzleError(f"unknown puzzle format {fmt!r} (known: {', '.join(FORMATS)})")
    if data.get("solver_constraints") is not None:  # dclamage's -c strings (variants/dclamage.py)
        from .dclamage import add_solver_constraints

        entry.puzzle = add_solver_constraints(entry.puzzle, data["solver_constraints"])
    cells = data.get("cells")
    if cells is None and isinstance(data.get("solution"), list):
        cells = data["solution"]
    if cells is not None:
        if not isinstance(cells, list) or len(cells) not in (entry.puzzle.num_cells, entry.puzzle.grid_cells):
            raise PuzzleError("the stated solution does not fill the grid")  # (extra cells: may be left out)
        if not all(type(v) is int for v in cells):
            odd = next(v for v in cells if type(v) is not int)
            raise PuzzleError(f"the stated solution holds {json.dumps(odd)}, not a value")
        entry.expected = tuple(cells)
