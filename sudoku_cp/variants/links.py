"""The links setters share, unwrapped to the puzzle string they carry.

- **f-puzzles**: ``https://www.f-puzzles.com/?load=N4Ig...``: left as it is (``fpuzzles``
  reads the ``load`` parameter itself);
- **ISS**: ``https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Thermo~R1C1...``: the
  constraint string in the ``q`` parameter, URL-encoded (``~`` as ``%7E``, a space as ``+``);
- **SudokuPad**: ``https://sudokupad.app/fpuzzlesN4Ig...`` (or ``?puzzleid=fpuzzles...``):
  the f-puzzles string after ``fpuzzles``. SudokuPad's own formats (``scl...``, ``ctc...``)
  and its short names (a puzzle stored on its server) are refused by name.

>>> unwrap("https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Thermo%7ER1C1%7ER1C2&mode=all")
'.Thermo~R1C1~R1C2'
>>> unwrap("https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcBOAN")
'N4IgzglgXgpiBcBOAN'
>>> unwrap(".Thermo~R1C1~R1C2")  # no link: unchanged
'.Thermo~R1C1~R1C2'
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, unquote, urlsplit

from ..errors import PuzzleError

_LINK = re.compile(r"(https?://|www\.|sudokupad\.app/|sigh\.github\.io/)", re.IGNORECASE)


def is_link(text: str) -> bool:
    """True for a text that is a web address (a whole puzzle link, nothing around it)."""
    t = text.strip()
    return _LINK.match(t) is not None and not any(ch.isspace() for ch in t)


def unwrap(text: str) -> str:
    """The puzzle string the link ``text`` carries (``text`` itself when it is no link,
    or an f-puzzles ``?load=`` link); a ``PuzzleError`` for a link that carries none this
    project reads."""
    t = text.strip()
    if not is_link(t) or "?load=" in t:
        return text
    parts = urlsplit(t if "://" in t else "https://" + t)
    host = parts.netloc.lower()
    query = parse_qs(parts.query, keep_blank_values=True)
    if "q" in query:  # ISS
        found = query["q"][0].strip()
        if not found:
            raise PuzzleError("ISS link: the 'q' parameter is empty")
        return found
    if "sudokupad" in host or "crackingthecryptic" in host:
        name = query.get("puzzleid", [""])[0] or unquote(parts.path.lstrip("/"))
        if name.startswith("sudoku/"):  # (app.crackingthecryptic.com/sudoku/NAME)
            name = name[len("sudoku/"):]
        if name.startswith("fpuzzles"):
            found = name[len("fpuzzles"):].lstrip("/?=")
            if not found:
                raise PuzzleError("SudokuPad link: nothing after 'fpuzzles'")
            return found
        kind = re.match(r"(scl|ctc)", name)
        if kind:
            raise PuzzleError(f"SudokuPad link in its own '{kind.group(1)}' format, which this "
                              "does not read; share it from SudokuPad as an f-puzzles link")
        raise PuzzleError("SudokuPad link: a short name stored on SudokuPad's server, not the "
                          "puzzle itself; share it from SudokuPad as an f-puzzles link")
    raise PuzzleError(f"a link ({host or t[:40]}) that carries no puzzle this reads: an "
                      "f-puzzles link has '?load=', an ISS link '?q='")
