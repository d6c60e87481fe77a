"""Pictures of a board: SVG text, HTML for Jupyter, and image files (SVG or PNG).

A picture is laid out once (``layout``: shaded cells, lines and symbols at pixel
positions) and then written out, as SVG text by ``to_svg`` or painted as PNG with
matplotlib by ``save_image``, so both formats show the same picture. Thin lines
separate cells, thick lines separate boxes of any shape; givens are bold black,
solved values (from ``solution``) blue, empty cells empty. Values use the symbols
of the text form: 1-9 then A-Z, integers when n > 35.

Library code returns strings or writes the file it is asked to; it never prints.
PNG needs the optional extra ``image`` (matplotlib): ``pip install 'sudoku-cp[image]'``.

>>> from sudoku_cp import Board
>>> svg = to_svg(Board.parse("1..." "...2" "..4." ".3.."))
>>> svg.startswith("<svg") and svg.count('class="given"') == 4
True
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Iterable, Protocol, Sequence

from .geometry import MAX_COMPACT_N, SYMBOLS, Geometry, cell_name


class BoardLike(Protocol):
    """What a picture reads of a board (a ``sudoku_cp.board.Board``): this module stands
    below the board, whose ``_repr_svg_`` and ``_repr_html_`` call it."""

    geometry: Geometry
    givens: tuple[int, ...]

    @property
    def n(self) -> int: ...
from .errors import MissingDependencyError

#: Formats ``save_image`` writes, by file suffix.
IMAGE_FORMATS = (".svg", ".png")
#: The pip extra that brings what PNG needs.
IMAGE_EXTRA = "pip install 'sudoku-cp[image]'  (or: pip install matplotlib)"

GIVEN_COLOUR = "#000000"
SOLVED_COLOUR = "#1f5bd6"
HIGHLIGHT_COLOUR = "#fff2a8"
CELL_LINE_COLOUR = "#9a9a9a"
BOX_LINE_COLOUR = "#000000"
FONT_FAMILY = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"


#: The old name of the missing-package error (one class now: ``errors.MissingDependencyError``).
MissingExtraError = MissingDependencyError


@dataclass(frozen=True)
class Symbol:
    """One value to write: baseline position, text, size, and its kind ('given' or 'solved')."""

    x: float
    y: float
    text: str
    size: float
    kind: str
    cell: int


@dataclass(frozen=True)
class Drawing:
    """A laid-out picture in pixels; ``to_svg`` and the PNG painter only write it out."""

    width: float
    height: float
    shaded: tuple[tuple[float, float, float], ...]  # (x, y, side) of highlighted cells
    cell_lines: tuple[tuple[float, float, float, float], ...]  # (x1, y1, x2, y2)
    box_lines: tuple[tuple[float, float, float, float], ...]
    cell_width: float  # stroke widths
    box_width: float
    symbols: tuple[Symbol, ...]
    title: str | None
    title_xy: tuple[float, float]
    title_size: float
    label: str  # a one-line description (SVG <title> when there is no title)


def symbol(value: int, n: int) -> str:
    """The text of a value, as in the one-line text form.

    >>> symbol(9, 9), symbol(10, 16), symbol(36, 36)
    ('9', 'A', '36')
    """
    return SYMBOLS[value - 1] if n <= MAX_COMPACT_N else str(value)


def layout(board: BoardLike, solution: Sequence[int] | None = None, *, cell_size: float = 40,
           highlight: Iterable[int] | None = None, title: str | None = None) -> Drawing:
    """Place every line and symbol of a board's picture (pixels, origin top left).

    ``solution`` is n*n values (0 leaves a cell empty) shown where there is no given;
    ``highlight`` is cells (0 .. n*n-1) to shade, e.g. ``board.houses[h]``.
    """
    g = board.geometry
    n, br, bc = g.n, g.box_rows, g.box_cols
    if cell_size <= 0:
        raise ValueError(f"cell_size must be positive, not {cell_size}")
    values = _shown_values(board, solution)
    s = float(cell_size)
    thin = max(1.0, s / 40)
    thick = max(2.0 * thin, s / 13)
    pad = thick  # keeps the outer border inside the picture
    title_h = 0.9 * s if title else 0.0
    left, top = pad, pad + title_h
    side = n * s

    shaded = []
    for cell in sorted(set(highlight or ())):
        if not 0 <= cell < g.ncells:
            raise ValueError(f"highlight cell {cell} is off the board (0..{g.ncells - 1})")
        r, c = divmod(cell, n)
        shaded.append((left + c * s, top + r * s, s))

    cell_lines, box_lines = [], []
    for i in range(n + 1):  # line i runs between row (or column) i-1 and i
        y, x = top + i * s, left + i * s
        (box_lines if i % br == 0 else cell_lines).append((left, y, left + side, y))
        (box_lines if i % bc == 0 else cell_lines).append((x, top, x, top + side))

    widest = len(symbol(n, n))
    size = s * min(0.62, 0.78 / (0.72 * widest))  # a bold digit is ~0.72 em wide
    symbols = []
    for cell, (v, kind) in enumerate(values):
        if v:
            r, c = divmod(cell, n)
            symbols.append(Symbol(left + (c + 0.5) * s, top + (r + 0.5) * s + 0.36 * size,
                                  symbol(v, n), size, kind, cell))

    solved = sum(1 for sym in symbols if sym.kind == "solved")
    label = f"{n}x{n} sudoku, box {br}x{bc}, {board.clues} givens"
    if solved:
        label += f", {solved} solved values"
    return Drawing(
        width=side + 2 * pad, height=side + 2 * pad + title_h,
        shaded=tuple(shaded), cell_lines=tuple(cell_lines), box_lines=tuple(box_lines),
        cell_width=thin, box_width=thick, symbols=tuple(symbols),
        title=title, title_xy=(left + side / 2, pad + 0.62 * s),
        title_size=min(0.5 * s, side / (0.62 * max(1, len(title or "")))),  # fits the width
        label=label,
    )


def _shown_values(board: BoardLike, solution: Sequence[int] | None) -> list[tuple[int, str]]:
    """(value, kind) per cell: the given, else the solution's value, else (0, '')."""
    n, ncells = board.n, board.geometry.ncells
    if solution is None:
        return [(v, "given" if v else "") for v in board.givens]
    solution = list(solution)
    if len(solution) != ncells:
        raise ValueError(f"a {n}x{n} solution has {ncells} values, not {len(solution)}")
    shown = []
    for cell, (given, v) in enumerate(zip(board.givens, solution)):
        if not 0 <= v <= n:
            raise ValueError(f"value {v} at {cell_name(cell, n)} is outside 1..{n}")
        if given and v and v != given:
            raise ValueError(f"the solution has {v} at {cell_name(cell, n)}, "
                             f"but the given is {given}")
        shown.append((given, "given") if given else (v, "solved" if v else ""))
    return shown


# -- SVG and HTML ------------------------------------------------------------------------
def to_svg(board: BoardLike, solution: Sequence[int] | None = None, *, cell_size: float = 40,
           highlight: Iterable[int] | None = None, title: str | None = None) -> str:
    """The board as an SVG picture (a string); see ``layout`` for the arguments.

    Lines and symbols are grouped by class (``cell-lines``, ``box-lines``, ``givens``,
    ``solved``, ``highlight``), each symbol a ``<text>`` of class ``given`` or ``solved``.
    """
    d = layout(board, solution, cell_size=cell_size, highlight=highlight, title=title)
    w, h = _num(d.width), _num(d.height)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="{FONT_FAMILY}" role="img" '
        f'aria-label="{escape(d.title or d.label)}">',
        f"<title>{escape(d.title or d.label)}</title>",
        f'<rect class="background" x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>',
    ]
    if d.title:
        x, y = d.title_xy
        out.append(f'<text class="title" x="{_num(x)}" y="{_num(y)}" text-anchor="middle" '
                   f'font-size="{_num(d.title_size)}" fill="{GIVEN_COLOUR}">'
                   f"{escape(d.title)}</text>")
    if d.shaded:
        out.append(f'<g class="highlight" fill="{HIGHLIGHT_COLOUR}">')
        out.extend(f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(s)}" height="{_num(s)}"/>'
                   for x, y, s in d.shaded)
        out.append("</g>")
    for kind, lines, colour, width, cap in (
        ("cell-lines", d.cell_lines, CELL_LINE_COLOUR, d.cell_width, "butt"),
        ("box-lines", d.box_lines, BOX_LINE_COLOUR, d.box_width, "square"),
    ):
        if lines:
            out.append(f'<g class="{kind}" stroke="{colour}" stroke-width="{_num(width)}" '
                       f'stroke-linecap="{cap}">')
            out.extend(f'<line x1="{_num(a)}" y1="{_num(b)}" x2="{_num(c)}" y2="{_num(e)}"/>'
                       for a, b, c, e in lines)
            out.append("</g>")
    for kind, group, weight, colour in (("given", "givens", "bold", GIVEN_COLOUR),
                                        ("solved", "solved", "normal", SOLVED_COLOUR)):
        symbols = [sym for sym in d.symbols if sym.kind == kind]
        if symbols:
            out.append(f'<g class="{group}" font-weight="{weight}" fill="{colour}" '
                       f'text-anchor="middle">')
            out.extend(f'<text class="{kind}" x="{_num(sym.x)}" y="{_num(sym.y)}" '
                       f'font-size="{_num(sym.size)}">{escape(sym.text)}</text>'
                       for sym in symbols)
            out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def to_html(board: BoardLike, solution: Sequence[int] | None = None, **options) -> str:
    """The SVG picture wrapped in a ``<div>``, as Jupyter shows it (``_repr_html_``)."""
    return f'<div class="sudoku-cp">\n{to_svg(board, solution, **options)}</div>\n'


class HTML(str):
    """A string that Jupyter shows as HTML (what ``picture`` and ``side_by_side`` return)."""

    def _repr_html_(self) -> str:
        return str(self)


def picture(board: BoardLike, solution: Sequence[int] | None = None, title: str | None = None,
            highlight=None, cell_size: float = 26) -> HTML:
    """A board as a picture for a notebook: givens bold, other values of ``solution`` blue.

    >>> from sudoku_cp import Board
    >>> picture(Board.parse("1..." "...2" "..4." ".3.."), title="4x4")._repr_html_()[:24]
    '<div class="sudoku-cp">\\n'
    """
    return HTML(to_html(board, solution, cell_size=cell_size, title=title, highlight=highlight))


def side_by_side(*pictures: str) -> HTML:
    """Pictures in one row (wrapping when the page is narrow)."""
    style = "display:flex; gap:2em; flex-wrap:wrap; align-items:flex-start"
    return HTML(f'<div style="{style}">' + "".join(pictures) + "</div>")


def _num(x: float) -> str:
    """A coordinate without needless digits: 40.0 -> '40', 1/3 -> '0.33'."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


# -- files ------------------------------------------------------------------------------
def image_format(path: str | os.PathLike) -> str:
    """The format a file name asks for, 'svg' or 'png'; anything else is a ValueError.

    >>> image_format("grid.PNG")
    'png'
    """
    suffix = Path(path).suffix.lower()
    if suffix not in IMAGE_FORMATS:
        raise ValueError(f"cannot write a picture as {suffix or 'a file without a suffix'} "
                         f"({os.fspath(path)}); name the file .svg or .png")
    return suffix[1:]


def check_image_path(path: str | os.PathLike) -> str:
    """``image_format``, and for PNG also that matplotlib is installed: a command line
    can call this before any work, so a wrong name or missing extra fails at once."""
    fmt = image_format(path)
    if fmt == "png" and importlib.util.find_spec("matplotlib") is None:
        raise MissingDependencyError(f"writing PNG needs matplotlib: {IMAGE_EXTRA}")
    return fmt


def image_path(path: str | os.PathLike, index: int) -> Path:
    """Where the picture of puzzle ``index`` (1-based) of several goes.

    ``{index}`` in the name is replaced; otherwise the first puzzle takes the name as
    given and later ones get ``-INDEX`` before the suffix.

    >>> [str(image_path(p, i)) for p, i in [("out/p{index}.svg", 3), ("p.png", 1), ("p.png", 2)]]
    ['out/p3.svg', 'p.png', 'p-2.png']
    """
    text = os.fspath(path)
    if "{index}" in text:
        return Path(text.replace("{index}", str(index)))
    p = Path(text)
    return p if index == 1 else p.with_name(f"{p.stem}-{index}{p.suffix}")


def save_image(board: BoardLike, path: str | os.PathLike, solution: Sequence[int] | None = None,
               **options) -> Path:
    """Write the picture to ``path``: ``.svg`` as text, ``.png`` painted with matplotlib.

    ``options`` are those of ``to_svg``. Returns the path written. A ``.png`` without
    matplotlib raises ``MissingDependencyError`` naming the extra to install.
    """
    fmt = image_format(path)
    path = Path(path)
    if fmt == "svg":
        path.write_text(to_svg(board, solution, **options), encoding="utf-8")
    else:
        _paint_png(layout(board, solution, **options), path)
    return path


def _paint_png(d: Drawing, path: Path) -> None:
    """Paint a laid-out picture with matplotlib's Agg canvas (no pyplot, no window)."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.collections import LineCollection
        from matplotlib.figure import Figure
        from matplotlib.patches import Rectangle
    except ImportError as exc:
        raise MissingDependencyError(f"writing PNG needs matplotlib: {IMAGE_EXTRA} ({exc})") from exc

    dpi = 100
    pt = 72 / dpi  # points per pixel: matplotlib sizes lines and fonts in points
    fig = Figure(figsize=(d.width / dpi, d.height / dpi), dpi=dpi, facecolor="white")
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, d.width)
    ax.set_ylim(d.height, 0)
    ax.set_axis_off()
    for x, y, s in d.shaded:
        ax.add_patch(Rectangle((x, y), s, s, facecolor=HIGHLIGHT_COLOUR, linewidth=0))
    for lines, colour, width, cap in ((d.cell_lines, CELL_LINE_COLOUR, d.cell_width, "butt"),
                                      (d.box_lines, BOX_LINE_COLOUR, d.box_width, "projecting")):
        segments = [((a, b), (c, e)) for a, b, c, e in lines]
        ax.add_collection(LineCollection(segments, colors=colour, linewidths=width * pt,
                                         capstyle=cap))
    font = {"family": "DejaVu Sans", "ha": "center", "va": "baseline"}
    if d.title:
        ax.text(*d.title_xy, d.title, fontsize=d.title_size * pt, color=GIVEN_COLOUR, **font)
    for sym in d.symbols:
        given = sym.kind == "given"
        ax.text(sym.x, sym.y, sym.text, fontsize=sym.size * pt,
                fontweight="bold" if given else "normal",
                color=GIVEN_COLOUR if given else SOLVED_COLOUR, **font)
    fig.savefig(path, dpi=dpi, format="png", facecolor="white")
