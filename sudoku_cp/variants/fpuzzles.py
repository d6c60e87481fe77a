"""Read and write f-puzzles strings: LZString-compressed base64 JSON, as in ``?load=`` links.

The JSON fields are those of dclamage/SudokuSolver's ``FPuzzlesBoard``: ``size``, ``grid``
(rows of ``{"value", "given", "region", "givenPencilMarks"}``), global flags
(``diagonal+``, ``antiknight``, ``nonconsecutive``, ``negative``...) and one list per
constraint type (``killercage``, ``thermometer``, ``arrow``, ``ratio``...). Cells are
``R<row>C<col>``, 1-based; outside clues sit on row or column 0 or ``size + 1``.

Every field naming a rule this module does not read is refused at once, by its key
(``unsupported constraints: columnindexer, chaosconstruction``). Fields drawn or shown but
carrying no rule are skipped and listed in ``ignored`` by ``read_fpuzzles``: ``line``,
``text``, ``circle``, ``rectangle``, ``successMessage`` and ``cage`` (f-puzzles' cosmetic
cage: its value is a label, never a sum, as in dclamage's SudokuVariantSolverJS, which
reads no ``cage``; an invisible one valued ``msgcorrect: ...`` carries the success
message). A ``lockout`` line's ends differ by at least ``size // 2`` (4 on 9x9), as in
the f-puzzles lockout plugin and SudokuVariantSolverJS; its ``value`` is not read.

>>> from sudoku_cp.variants.model import VariantPuzzle, KillerCage
>>> p = VariantPuzzle(4, constraints=(KillerCage((0, 1), 3),))
>>> parse_fpuzzles(write_fpuzzles(p)) == p
True
"""

from __future__ import annotations

import json
import re

from ..errors import MissingDependencyError, PuzzleError
from . import model as m
from .paradigms import UnsupportedConstraint
from .reading import Reading, Said

#: Fields that describe the puzzle or the editor, not a rule: read without a word.
METADATA = {"size", "grid", "title", "author", "ruleset", "solution", "disabledlogic",
            "truecandidatesoptions", "highlightConflicts", "darkmode", "version"}
#: Drawn or shown, never a rule: skipped, and named in ``ignored``.
COSMETIC = {"line", "text", "circle", "rectangle", "cage", "successMessage"}

_CELL = re.compile(r"^[Rr](\d+)[Cc](\d+)$")
_LK_STEP = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}
_BASE64 = re.compile(r"[A-Za-z0-9+/=\-_$]+")  # (LZString's base64 and URL-safe alphabets)


def _lz():
    try:
        import lzstring
    except ImportError:
        raise MissingDependencyError("f-puzzles strings need lzstring, a dependency of "
                                     "sudoku-cp: pip install lzstring") from None
    return lzstring.LZString()


def _bare(text: str) -> str:
    """The LZString part of an f-puzzles string or URL, its URL escapes undone."""
    t = text.strip()
    if "?load=" in t:
        t = t.split("?load=", 1)[1].split("&", 1)[0]
    return t.replace("%2B", "+").replace("%2F", "/").replace("%3D", "=").replace(" ", "+")


def looks_like_fpuzzles(text: str) -> bool:
    """True for an f-puzzles URL or a bare LZString base64 string.

    Compressed JSON starts ``N4`` (the code of ``{``), and a grid line never does; a string
    that starts otherwise (the JSON after a space, or an array) is one when it decompresses
    to JSON. A grid line of digits and capitals is not tried."""
    t = text.strip()
    if "?load=" in t or t.startswith("N4Ig"):
        return True
    t = _bare(t)
    if not _BASE64.fullmatch(t):
        return False
    return t.startswith("N4") or _holds_json(t)


def _holds_json(t: str) -> bool:
    if len(t) < 16 or not (re.search("[a-z]", t) and re.search("[A-Z]", t)):
        return False
    try:
        raw = _decompress(_lz(), t)
    except MissingDependencyError:
        return False  # (detection cannot tell; reading an N4 string says what to install)
    return bool(raw) and raw.lstrip()[:1] in ("{", "[")


def _decompress(lz, t: str):
    """The text inside ``t``: base64 as f-puzzles writes it, else LZString's URL-safe form
    (``-`` and ``$`` in place of ``/`` and ``=``); None when neither decompresses."""
    raw = None
    for form in _decoders(lz):
        try:
            raw = form(t)
        except Exception:  # (lzstring raises what it meets on a string cut short)
            raw = None
        if (raw and raw.lstrip()[:1] in ("{", "[")) or not re.search(r"[-$]", t):
            break
    return raw


_DECODERS = None


def _decoders(lz):
    """lzstring's base64 and URL-safe decompressions. Its own algorithm (its module's
    ``_decompress``), handed each character's value from a table made once: its public
    methods look each character up through ``getBaseValue``, which builds the alphabet's
    table again on every call (about 13 ms of CPU per f-puzzles string, most of reading
    one). The public methods where the module has no such parts."""
    global _DECODERS
    if _DECODERS is None:
        import sys

        mod = sys.modules[type(lz).__module__]
        parts = [getattr(mod, k, None) for k in ("_decompress", "keyStrBase64", "keyStrUriSafe")]
        if None in parts:
            return lz.decompressFromBase64, lz.decompressFromEncodedURIComponent
        inner, b64, uri = parts
        _DECODERS = _table_decoder(inner, b64, ""), _table_decoder(inner, uri, " ")
    return _DECODERS


def _table_decoder(inner, alphabet: str, space: str):
    """``inner`` (lzstring's ``_decompress``) over ``alphabet``, 6 bits a character; a
    ``space`` read as ``+`` (the URL-safe form's own rule); an empty string is None."""
    table = {ch: i for i, ch in enumerate(alphabet)}

    def decompress(t: str):
        if t == "":
            return None
        if space:
            t = t.replace(space, "+")
        return inner(len(t), 32, lambda i: table[t[i]])
    return decompress


def decode(text: str) -> dict:
    """The JSON object inside an f-puzzles string or URL."""
    t = _bare(text)
    if not t:
        raise PuzzleError("f-puzzles: the link holds no puzzle after '?load='")
    if not _BASE64.fullmatch(t):
        raise PuzzleError("f-puzzles: not LZString base64 (bad character)")
    raw = _decompress(_lz(), t)  # (a missing lzstring is said, with what to install)
    if not raw:
        raise PuzzleError("f-puzzles: the base64 string does not decompress (is it cut short?)")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise PuzzleError(f"f-puzzles: bad JSON inside the string ({exc.msg})") from None
    if not isinstance(data, dict):
        raise PuzzleError("f-puzzles: the JSON is not an object")
    return data


def encode(data: dict) -> str:
    """The f-puzzles string for a JSON object."""
    return _lz().compressToBase64(json.dumps(data, separators=(",", ":")))


class _Reader:
    def __init__(self, n):
        self.n = n

    def cell(self, text, inside=True):
        match = _CELL.match(str(text))
        if not match:
            raise PuzzleError(f"f-puzzles: bad cell {text!r}")
        r, c = int(match.group(1)) - 1, int(match.group(2)) - 1
        if inside and not (0 <= r < self.n and 0 <= c < self.n):
            raise PuzzleError(f"f-puzzles: cell {text} is outside the {self.n}x{self.n} grid")
        return r, c

    def idx(self, text):
        r, c = self.cell(text)
        return r * self.n + c

    def cells(self, seq):
        return tuple(self.idx(x) for x in seq or ())

    def outside_line(self, text):
        """The row or column an outside clue looks along, read from the clue."""
        n = self.n
        r, c = self.cell(text, inside=False)
        if r in (-1, n) and 0 <= c < n:
            line = tuple(i * n + c for i in range(n))
            return line if r == -1 else line[::-1]
        if c in (-1, n) and 0 <= r < n:
            line = tuple(r * n + j for j in range(n))
            return line if c == -1 else line[::-1]
        raise PuzzleError(f"f-puzzles: outside clue at {text} is not beside a row or column")


def _value(x, what, default=None):
    """An integer field (f-puzzles writes numbers and numeric strings); a bool or a
    fraction is refused, never rounded."""
    if x is None or x == "":
        return default
    if isinstance(x, bool) or (isinstance(x, float) and not x.is_integer()):
        raise PuzzleError(f"f-puzzles: bad {what} {x!r}")
    try:
        return int(x)
    except (TypeError, ValueError):
        raise PuzzleError(f"f-puzzles: bad {what} {x!r}") from None


def _lines(entries):
    for e in entries or ():
        for line in e.get("lines") or ():
            yield e, line


def read_fpuzzles(text: str) -> Reading:
    """The puzzle of an f-puzzles string or URL, the cosmetic items skipped (with notes on
    some) and the f-puzzles key of each constraint type read."""
    data = decode(text)
    n = data.get("size")
    grid = data.get("grid")
    if not isinstance(n, int) or not isinstance(grid, list) or len(grid) != n:
        raise PuzzleError("f-puzzles: 'size' and 'grid' do not describe a square grid")
    refused = _unsupported(data)
    if refused:
        raise UnsupportedConstraint.of(refused)
    reading = Reading(None)
    for key in data:
        if key in COSMETIC:
            _cosmetic(key, data[key], reading)
    where, said = ["grid"], Said()  # (where: the field being read, for a malformed one)
    try:
        reading.puzzle = _build(data, n, where, said)
    except (TypeError, AttributeError, KeyError, IndexError):
        raise PuzzleError(f"f-puzzles: malformed '{where[0]}' field") from None
    except m.ConstraintError as exc:
        raise exc.spoken(said.names) from None
    reading.names = said.names
    return reading


def _unsupported(data) -> list:
    """``(key, "")`` for every field stating a rule this module does not read (an empty
    list or a false flag states none), and ``negative X`` for each negated kind it does not."""
    refused = [(key, "") for key, value in data.items()
               if key not in METADATA and key not in SUPPORTED and key not in COSMETIC
               and value not in (None, False, "", [], {})]
    negative = data.get("negative")
    if isinstance(negative, list):
        refused += [(f"negative {x}", "") for x in negative
                    if isinstance(x, str) and x not in ("ratio", "xv")]
    return refused


def _cosmetic(key, value, reading) -> None:
    """Name a cosmetic field in ``reading.ignored``; a cage's value is explained in a note."""
    entries = value if key == "cage" and isinstance(value, list) and value else [None]
    for e in entries:
        label = " ".join(str(e.get("value") or "").split()) if isinstance(e, dict) else ""
        item = key
        if re.match(r"(?i)msgcorrect\s*:", label):
            item = "cage (the success message)"
        elif re.fullmatch(r"-?\d+", label):
            reading.notes.append(f"cage with value {label} is cosmetic in f-puzzles, not a sum "
                                 f"(a killer cage is a 'killercage')")
        elif label:
            shown = label if len(label) <= 40 else label[:39] + "…"
            reading.notes.append(f'cage with text "{shown}" is a label, not a sum')
        if item not in reading.ignored:
            reading.ignored.append(item)
    reading.notes[:] = list(dict.fromkeys(reading.notes))


def _build(data, n, where, said):
    rd = _Reader(n)
    givens, out = [], []
    regions = _regions(data, n)
    rd.regions = regions if regions is not None else m.VariantPuzzle(n).boxes()
    for r, row in enumerate(data["grid"]):
        if not isinstance(row, list) or len(row) != n:
            raise PuzzleError(f"f-puzzles: grid row {r + 1} does not have {n} cells")
        for c, entry in enumerate(row):
            entry = entry or {}
            if entry.get("given") and entry.get("value"):
                v = _value(entry["value"], "value")
                if not 1 <= v <= n:
                    raise PuzzleError(f"f-puzzles: given {v} at R{r + 1}C{c + 1} is outside 1..{n}")
                givens.append((r * n + c, v))
            elif entry.get("givenPencilMarks"):
                marks = tuple(sorted(_value(v, "pencilmark") for v in entry["givenPencilMarks"]))
                out += said.add("givenPencilMarks", [m.Candidates(r * n + c, marks)])
    for flag, make in _FLAGS.items():
        if data.get(flag):
            out += said.add(flag, [make()])
    where[0] = "negative"
    if not isinstance(data.get("negative") or [], list):  # (a string would read as letters)
        raise PuzzleError("f-puzzles: malformed 'negative' field")
    negative = set(data.get("negative") or ())  # (other kinds were refused by _unsupported)
    white = bool(data.get("nonconsecutive"))
    if white or "ratio" in negative:
        out += said.add("nonconsecutive" if white else "negative",
                        [m.NegativeDots(white=white, black="ratio" in negative)])
    if "xv" in negative:
        out += said.add("negative", [m.NegativeXV(True, True)])
    for key, make in (("minimum", m.Minimum), ("maximum", m.Maximum)):
        where[0] = key
        if data.get(key):
            out += said.add(key, [make(tuple(rd.idx(e.get("cell")) for e in data[key]))])
    for key, read in _FIELDS.items():
        where[0] = key
        if key in _LINE_FIELDS:
            for entry, line in _lines(data.get(key)):
                out += said.add(key, read(rd, entry, rd.cells(line)))
        else:
            for entry in data.get(key) or ():
                out += said.add(key, read(rd, entry))
    return m.VariantPuzzle(n, box=None if regions is not None else "default",
                           regions=regions, givens=tuple(givens), constraints=tuple(out),
                           title=str(data.get("title") or ""))


def parse_fpuzzles(text: str) -> m.VariantPuzzle:
    """The ``VariantPuzzle`` an f-puzzles string or URL describes."""
    return read_fpuzzles(text).puzzle


def _regions(data, n):
    """Irregular regions when the grid overrides f-puzzles' default regions, else None."""
    box = m.DEFAULT_BOXES.get(n)
    ids = []
    overridden = False
    for r, row in enumerate(data["grid"]):
        for c, entry in enumerate(row if isinstance(row, list) else ()):
            default = (r // box[0]) * (n // box[1]) + c // box[1] if box else r
            if isinstance(entry, dict) and "region" in entry:
                if entry["region"] is None:
                    raise UnsupportedConstraint("region", f"R{r + 1}C{c + 1} has none")
                overridden = True
                ids.append(_value(entry["region"], "region"))
            else:
                ids.append(default)
    if not overridden and box:
        return None
    groups = {}
    for cell, k in enumerate(ids):
        groups.setdefault(k, []).append(cell)
    if any(len(g) != n for g in groups.values()):
        raise PuzzleError(f"f-puzzles: a region does not have {n} cells")
    return tuple(tuple(g) for _, g in sorted(groups.items()))


# -- readers: one per f-puzzles field ----------------------------------------------------------

def _killer(rd, e):
    return [m.KillerCage(rd.cells(e.get("cells")), _value(e.get("value"), "cage sum"))]


def _little_killer(rd, e):
    total = _value(e.get("value"), "little killer sum")
    if total is None:
        return []
    step = _LK_STEP.get(e.get("direction"))
    if step is None:
        raise PuzzleError(f"f-puzzles: bad little killer direction {e.get('direction')!r}")
    r, c = rd.cell(e.get("cell"), inside=False)
    if 0 <= r < rd.n and 0 <= c < rd.n:
        raise PuzzleError(f"f-puzzles: little killer clue at {e.get('cell')} is inside the grid")
    cells = []
    r, c = r + step[0], c + step[1]
    while 0 <= r < rd.n and 0 <= c < rd.n:
        cells.append(r * rd.n + c)
        r, c = r + step[0], c + step[1]
    if not cells:
        raise PuzzleError(f"f-puzzles: little killer at {e.get('cell')} points at no cell")
    return [m.LittleKiller(tuple(cells), total)]


def _outside(make):
    def read(rd, e):
        v = _value(e.get("value"), "clue")
        return [] if v is None else [make(rd.outside_line(e.get("cell")), v)]
    return read


def _single(make):
    return lambda rd, e: [make(rd.idx(e.get("cell")))]


def _dot(make, default):
    def read(rd, e):
        cells = rd.cells(e.get("cells"))
        if len(cells) != 2:
            raise PuzzleError("f-puzzles: a dot joins two cells")
        return [make(cells, _value(e.get("value"), "dot value", default))]
    return read


def _xv(rd, e):
    cells = rd.cells(e.get("cells"))
    v = str(e.get("value") or "").upper()
    if v not in ("X", "V") or len(cells) != 2:
        raise PuzzleError(f"f-puzzles: bad xv entry {e!r}")
    return [m.XV(cells, 10 if v == "X" else 5)]


def _arrow(rd, e, line):
    bulb = rd.cells(e.get("cells"))
    if not bulb or not line or line[0] not in bulb:
        raise PuzzleError("f-puzzles: an arrow line must start in its bulb")
    return [m.Arrow(bulb, line[1:])]


def _whisper(rd, e, line):
    # without a value the difference is half the size, rounded up (5 on 9x9, 3 on 6x6), as in
    # dclamage's solvers (SVSJS's WhispersConstraint.ts, the C# WhispersConstraint)
    return [m.Whisper(line, _value(e.get("value"), "whisper difference", (rd.n + 1) // 2))]


def _entropic(rd, e, line):
    if rd.n % 3:  # SVSJS splits 1..4 as 1 / 2-3 / 4; ISS and dclamage's C# solver take 1..9 only
        raise UnsupportedConstraint("entropicline", f"values 1..{rd.n} have no three equal thirds")
    return [m.Entropic(line)]


def _modular(rd, e, line):
    return [m.Modular(line, _value(e.get("value"), "modulus", 3))]


def _quad(rd, e):
    return [m.Quadruple(rd.cells(e.get("cells")), tuple(_value(v, "value") for v in e.get("values") or ()))]


def _clone(rd, e):
    a, b = rd.cells(e.get("cells")), rd.cells(e.get("cloneCells"))
    if len(a) != len(b):
        raise PuzzleError("f-puzzles: clone cells and cloneCells differ in length")
    return [m.Clone(a, b)]


_LINE_FIELDS = {
    "thermometer": lambda rd, e, line: [m.Thermometer(line)],
    "slowthermometer": lambda rd, e, line: [m.SlowThermometer(line)],
    "arrow": _arrow,
    "palindrome": lambda rd, e, line: [m.Palindrome(line)],
    "renban": lambda rd, e, line: [m.Renban(line)],
    "whispers": _whisper,
    "regionsumline": lambda rd, e, line: [m.RegionSumLine(line)],
    "betweenline": lambda rd, e, line: [m.Between(line)],
    "entropicline": _entropic,
    "modularline": _modular,
    "doublearrow": lambda rd, e, line: [m.DoubleArrow(line)],
    "zipperline": lambda rd, e, line: [m.Zipper(line)],
    "lockout": lambda rd, e, line: [m.Lockout(line, rd.n // 2)],
    "nabner": lambda rd, e, line: [m.Nabner(line)],  # (dclamage's field, SVSJS and C#)
}

def _indexer(kind):
    """dclamage's indexers: a cell at (r, c) holding k puts r+1 in row k of its column
    (``rowindexer``), c+1 in column k of its row (``columnindexer``), or its place in its
    box in the box's k-th cell (``boxindexer``): SudokuVariantSolverJS's IndexerConstraint."""
    def read(rd, e):
        out = []
        for cell in rd.cells(e.get("cells")):
            line, value = indexer_line(rd.n, rd.regions, kind, cell)
            out.append(m.Indexing(cell, line, value))
        return out
    return read


def indexer_line(n, regions, kind, cell):
    """The cells an indexer cell of ``kind`` indexes and the value it places there."""
    r, c = divmod(cell, n)
    if kind == "rowindexer":
        return tuple(range(c, n * n, n)), r + 1
    if kind == "columnindexer":
        return tuple(range(r * n, r * n + n)), c + 1
    box = next(b for b in regions if cell in b)
    return tuple(box), box.index(cell) + 1


_FIELDS = {
    "rowindexer": _indexer("rowindexer"),
    "columnindexer": _indexer("columnindexer"),
    "boxindexer": _indexer("boxindexer"),
    "killercage": _killer,
    "littlekillersum": _little_killer,
    "sandwichsum": _outside(m.Sandwich),
    "xsum": _outside(m.XSum),
    "skyscraper": _outside(m.Skyscraper),
    "odd": _single(m.Odd),
    "even": _single(m.Even),
    "difference": _dot(m.DifferenceDot, 1),
    "ratio": _dot(m.RatioDot, 2),
    "xv": _xv,
    "quadruple": _quad,
    "clone": _clone,
    "extraregion": lambda rd, e: [m.ExtraRegion(rd.cells(e.get("cells")))],
    **_LINE_FIELDS,
}

_FLAGS = {
    "diagonal+": lambda: m.Diagonal(1),
    "diagonal-": lambda: m.Diagonal(-1),
    "antiknight": m.AntiKnight,
    "antiking": m.AntiKing,
    "disjointgroups": m.DisjointGroups,
}

#: The f-puzzles fields this module reads as rules.
SUPPORTED = frozenset(_FIELDS) | frozenset(_FLAGS) | {"negative", "nonconsecutive",
                                                      "minimum", "maximum"}


#: Model type -> the f-puzzles fields read as it (and written back by ``to_fpuzzles_dict``).
FPUZZLES_NAMES = {
    "killer_cage": ("killercage",), "little_killer": ("littlekillersum",),
    "sandwich": ("sandwichsum",), "x_sum": ("xsum",), "skyscraper": ("skyscraper",),
    "odd": ("odd",), "even": ("even",), "difference_dot": ("difference",),
    "ratio_dot": ("ratio",), "xv": ("xv",), "quadruple": ("quadruple",), "clone": ("clone",),
    "extra_region": ("extraregion",), "thermometer": ("thermometer",),
    "slow_thermometer": ("slowthermometer",), "arrow": ("arrow",),
    "palindrome": ("palindrome",), "renban": ("renban",), "whisper": ("whispers",),
    "region_sum_line": ("regionsumline",), "between": ("betweenline",),
    "entropic": ("entropicline",), "modular": ("modularline",),
    "double_arrow": ("doublearrow",), "zipper": ("zipperline",), "lockout": ("lockout",),
    "diagonal": ("diagonal+", "diagonal-"), "anti_knight": ("antiknight",),
    "anti_king": ("antiking",), "disjoint_groups": ("disjointgroups",),
    "negative_dots": ("nonconsecutive", "negative"), "negative_xv": ("negative",),
    "non_consecutive": ("nonconsecutive",), "minimum": ("minimum",),
    "maximum": ("maximum",), "candidates": ("givenPencilMarks",),
    "indexing": ("rowindexer", "columnindexer", "boxindexer"),
}
#: Model types f-puzzles has no field for, and why.
NOT_IN_FPUZZLES = {t: "f-puzzles has no field for it" for t in (
    "greater_than", "sum", "rellik_cage", "equality_cage", "contain_exact", "anti_taxicab", "global_mod",
    "global_entropy", "dutch_flatmates", "lunchbox", "sum_line", "counting_circles",
    "value_indexing", "hidden_skyscraper", "equal_sum", "count_distinct", "pair",
    "or", "and", "regex", "nfa")}
FPUZZLES_NAMES["nabner"] = ("nabner",)
NOT_IN_FPUZZLES.update({t: ("f-puzzles has no field for it; dclamage's SudokuSolver takes it "
                            f"only on its command line (-c {t}:...), see variants/dclamage.py")
                        for t in ("knightmare", "chess", "diagonal_non_consecutive")})
NOT_IN_FPUZZLES.update({t: "f-puzzles has no field for it" for t in (  # (issue 37: ISS's)
    "same_values", "region_same_values", "connected_values", "doppelganger", "full_rank",
    "full_rank_ties")})
NOT_IN_FPUZZLES.update(dict.fromkeys(  # (issue 37)
    ("chaos_arrow", "chaos_count", "chaos_same", "chaos_regions"),
    "f-puzzles has no clue on a chaos construction's regions; ISS strings carry them"))
NOT_IN_FPUZZLES["chaos_construction"] = (  # (issue 37)
    "f-puzzles marks it (chaosconstruction) but not yet read here; ISS strings carry it")


# -- writing ------------------------------------------------------------------------------------

def _name(n, cell):
    return f"R{cell // n + 1}C{cell % n + 1}"


def _outside_cell(n, line):
    """The f-puzzles clue cell in front of a row or column read from ``line[0]``."""
    first, second = line[0], line[1]
    r, c = divmod(first, n)
    if second - first == 1:
        return f"R{r + 1}C0"
    if second - first == -1:
        return f"R{r + 1}C{n + 1}"
    if second - first == n:
        return f"R0C{c + 1}"
    return f"R{n + 1}C{c + 1}"


def _little_killer_entry(n, c):
    cells = c.cells
    r0, c0 = divmod(cells[0], n)
    if len(cells) > 1:
        r1, c1 = divmod(cells[1], n)
        dr, dc = r1 - r0, c1 - c0
    else:  # a one-cell diagonal sits in a corner; point at it from outside
        dr = 1 if r0 == 0 else -1
        dc = 1 if c0 == 0 else -1
    direction = {(-1, 1): "UR", (-1, -1): "UL", (1, 1): "DR", (1, -1): "DL"}.get((dr, dc))
    if direction is None:
        raise UnsupportedConstraint("little_killer", "cells are not a diagonal")
    return {"cell": f"R{r0 - dr + 1}C{c0 - dc + 1}", "direction": direction,
            "value": str(c.total), "cells": [_name(n, x) for x in cells]}


class CannotCarry(UnsupportedConstraint):
    """A grid f-puzzles has no form for (issue 37's shapes): one line naming the grid and why.

    >>> str(CannotCarry("a non-square 6x8 grid", "its grids are square"))
    'f-puzzles cannot carry a non-square 6x8 grid: its grids are square'
    """

    def __init__(self, what: str, why: str):
        super().__init__(what, "f-puzzles")
        self.why = why
        self.args = (f"f-puzzles cannot carry {what}: {why}",)

    def __reduce__(self):
        return CannotCarry, (self.name, self.why)


def to_fpuzzles_dict(p: m.VariantPuzzle) -> dict:
    """The f-puzzles JSON object of ``p``; a rule f-puzzles cannot carry is refused by name."""
    if p.cols != p.size:
        raise CannotCarry(f"a non-square {p.shape_name} grid", "its grids are square (rows and "
                          "columns of one size)")
    if p.extra:
        shown = ", ".join(p.extra[:3]) + (", ..." if len(p.extra) > 3 else "")
        raise CannotCarry(f"cells beyond the grid ({shown})", "it has no cells but the grid's")
    if p.raw:
        raise CannotCarry("a raw grid (rows and columns that are no houses)",
                          "in f-puzzles every row and column is a house")
    n = p.size
    if p.values != (1, n):
        raise UnsupportedConstraint(f"values {p.values[0]}..{p.values[1]}", "f-puzzles")
    if p.regions is None and p.box != m.DEFAULT_BOXES.get(n):
        raise UnsupportedConstraint("no boxes" if p.box is None else f"box {p.box}", "f-puzzles")
    grid = [[{} for _ in range(n)] for _ in range(n)]
    for cell, v in p.givens:
        grid[cell // n][cell % n] = {"value": v, "given": True}
    if p.regions is not None:
        for k, region in enumerate(p.regions):
            for cell in region:
                grid[cell // n][cell % n]["region"] = k
    data = {"size": n, "grid": grid}
    if p.title:
        data["title"] = p.title
    names = lambda cells: [_name(n, x) for x in cells]  # noqa: E731
    add = lambda key, entry: data.setdefault(key, []).append(entry)  # noqa: E731
    line = lambda cells: {"lines": [names(cells)]}  # noqa: E731
    negative = []
    for c in p.constraints:
        t = c.TYPE
        if t == "killer_cage":
            total = {} if c.total is None else {"value": str(c.total)}
            add("killercage", {"cells": names(c.cells), **total})
        elif t == "little_killer":
            add("littlekillersum", _little_killer_entry(n, c))
        elif t in ("sandwich", "x_sum", "skyscraper"):
            key = {"sandwich": "sandwichsum", "x_sum": "xsum", "skyscraper": "skyscraper"}[t]
            clue = c.count if t == "skyscraper" else c.total
            add(key, {"cell": _outside_cell(n, c.cells), "value": str(clue)})
        elif t == "arrow":
            add("arrow", {"cells": names(c.bulb), "lines": [names(c.bulb[:1] + c.shaft)]})
        elif t == "lockout":
            if c.difference != n // 2:
                raise UnsupportedConstraint("lockout", f"difference {c.difference} in f-puzzles, "
                                                       f"whose lockout ends differ by {n // 2}")
            add("lockout", line(c.cells))
        elif t in _LINE_KEYS:
            entry = line(c.cells)
            if t == "whisper" and c.difference != (n + 1) // 2:
                entry["value"] = str(c.difference)
            if t == "modular" and c.modulus != 3:
                raise UnsupportedConstraint("modular", f"modulus {c.modulus} in f-puzzles")
            add(_LINE_KEYS[t], entry)
        elif t == "difference_dot":
            other = {"value": str(c.difference)} if c.difference != 1 else {}
            add("difference", {"cells": names(c.cells), **other})
        elif t == "ratio_dot":
            other = {"value": str(c.ratio)} if c.ratio != 2 else {}
            add("ratio", {"cells": names(c.cells), **other})
        elif t == "xv":
            if c.total not in (5, 10):
                raise UnsupportedConstraint("xv", f"sum {c.total}")
            add("xv", {"cells": names(c.cells), "value": "X" if c.total == 10 else "V"})
        elif t in ("odd", "even"):
            add(t, {"cell": _name(n, c.cell)})
        elif t in ("minimum", "maximum"):
            for x in c.cells:
                add(t, {"cell": _name(n, x)})
        elif t == "quadruple":
            add("quadruple", {"cells": names(c.cells), "values": list(c.values)})
        elif t == "clone":
            add("clone", {"cells": names(c.cells), "cloneCells": names(c.copy)})
        elif t == "candidates":
            grid[c.cell // n][c.cell % n]["givenPencilMarks"] = list(c.values)
        elif t == "extra_region":
            add("extraregion", {"cells": names(c.cells)})
        elif t == "indexing":
            kind = next((k for k in ("rowindexer", "columnindexer", "boxindexer")
                         if indexer_line(n, p.boxes(), k, c.cell) == (c.cells, c.value)), None)
            if kind is None:
                raise UnsupportedConstraint("indexing", "f-puzzles: not a row, column or box indexer")
            add(kind, {"cells": [_name(n, c.cell)]})
        elif t == "diagonal":
            data["diagonal+" if c.slope == 1 else "diagonal-"] = True
        elif t in ("anti_knight", "anti_king", "disjoint_groups"):
            data[t.replace("_", "")] = True
        elif t == "negative_dots":
            if c.white:
                data["nonconsecutive"] = True
            if c.black:
                negative.append("ratio")
        elif t == "negative_xv":
            if not (c.x and c.v):
                raise UnsupportedConstraint("negative_xv", "X or V alone in f-puzzles")
            negative.append("xv")
        elif t == "non_consecutive":
            if any(o.TYPE in ("difference_dot", "ratio_dot") for o in p.constraints):
                raise UnsupportedConstraint("non_consecutive", "beside kropki dots in f-puzzles")
            data["nonconsecutive"] = True
        else:
            raise UnsupportedConstraint(t, "f-puzzles")
    if negative:
        data["negative"] = negative
    return data


_LINE_KEYS = {"thermometer": "thermometer", "slow_thermometer": "slowthermometer",
              "palindrome": "palindrome", "renban": "renban", "whisper": "whispers",
              "region_sum_line": "regionsumline", "between": "betweenline",
              "entropic": "entropicline", "modular": "modularline",
              "double_arrow": "doublearrow", "zipper": "zipperline", "nabner": "nabner"}


def write_fpuzzles(p: m.VariantPuzzle) -> str:
    """The f-puzzles string (the part after ``?load=``) for ``p``."""
    return encode(to_fpuzzles_dict(p))
