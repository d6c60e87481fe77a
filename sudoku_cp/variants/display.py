"""An SVG picture of a variant puzzle, for Jupyter (``VariantPuzzle._repr_svg_``) and files.

Drawn from the model alone, one small function per constraint family: houses (thick
borders between boxes or regions), killer cages dashed with their sum, thermometers
(bulb and tube), arrows (circle and shaft with a head), lines in the colours setters use
(whispers green, renban purple, others grey), kropki dots, X and V, greater-than marks,
odd circles and even squares, quadruple circles, outside clues (little killer, sandwich,
X-sum, skyscraper), the diagonals, and givens (bold) or a solution (blue).
A type with no drawing is named in a caption under the grid, never silently dropped.

>>> from sudoku_cp.variants.model import VariantPuzzle, KillerCage, Thermometer
>>> svg = to_svg(VariantPuzzle(4, givens=((0, 1),), constraints=(KillerCage((1, 2), 5), Thermometer((4, 5)))))
>>> svg.startswith("<svg") and 'class="cage"' in svg and 'class="thermometer"' in svg
True
"""

from __future__ import annotations

from html import escape

CELL = 40
MARGIN = 40  # room for outside clues
LINE_COLOURS = {"whisper": "#5cc35c", "renban": "#c27be0", "palindrome": "#b0b0b0",
                "between": "#7fb2e5", "lockout": "#e59f7f", "region_sum_line": "#4f8fe0",
                "zipper": "#c8a0d8", "entropic": "#e8b060", "modular": "#e6be9b",
                "double_arrow": "#9a9a9a", "slow_thermometer": "#c8c8c8",
                "sum_line": "#64c864", "value_indexing": "#8888cc", "pair": "#a0a0d0",
                "regex": "#7a9cc6", "nfa": "#6aa39a"}


def to_svg(puzzle, solution=None) -> str:
    """The SVG text of ``puzzle`` (and of ``solution``'s values in the empty cells)."""
    puzzle = Drawn(puzzle)
    width, height = puzzle.width, puzzle.height
    unknown = []
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 20}" '
             f'viewBox="0 0 {width} {height + 20}" font-family="sans-serif">',
             f'<rect x="0" y="0" width="{width}" height="{height + 20}" fill="white"/>']
    for c in puzzle.constraints:
        draw = DRAW.get(c.TYPE)
        if draw is None:
            unknown.append(c.TYPE)
        else:
            parts.extend(draw(puzzle, c))
    parts.extend(_grid(puzzle))
    parts.extend(_extra_cells(puzzle))
    given = dict(puzzle.givens)
    for cell in puzzle.corner:
        x, y = _centre(puzzle, cell)
        if cell in given:
            parts.append(_text(x, y + 7, given[cell], 22, "#000", 'class="given" font-weight="bold"'))
        elif solution is not None:
            parts.append(_text(x, y + 7, solution[cell], 22, "#1f5bd6", 'class="solved"'))
    if unknown:
        names = ", ".join(sorted(set(unknown)))
        parts.append(_text(width / 2, height + 12, f"not drawn: {names}", 11, "#a00"))
    parts.append("</svg>")
    return "\n".join(parts)


class Drawn:
    """``puzzle`` as drawn: its attributes, and where each cell sits (``corner``: the top-left
    (x, y) of every cell shown). The grid is ``size`` rows by ``cols`` columns; the extra
    cells sit below it in ISS's layout (``CellPositioner`` in ISS's ``js/display.js``): one
    block a group (``VA1..``, ``DGR1..``), under a label naming it, as many columns as the
    grid (Doppelganger's box cells as wide as a box; its ``DGZ``, always 0, is shown, where
    ISS hides it). ``groups``: (label, x, y) of each block's label."""

    GAP, LABEL = 24, 14  # above each block of extra cells: a gap, then its label

    def __init__(self, puzzle):
        self.puzzle = puzzle
        rows, cols = puzzle.size, puzzle.cols
        self.corner = {cell: (MARGIN + (cell % cols) * CELL, MARGIN + (cell // cols) * CELL)
                       for cell in range(rows * cols)}
        self.groups = []
        y, widest = MARGIN + rows * CELL, cols
        for prefix, cells in _extra_groups(puzzle):
            across = cols
            if prefix == "DGB":
                from .iss_shape import box_shape

                shape = box_shape(rows, cols, max(rows, cols))
                across = shape[1] if shape else cols
            self.groups.append((f"{prefix} [{len(cells)}]", MARGIN, y + self.GAP + self.LABEL - 3))
            top = y + self.GAP + self.LABEL
            for i, cell in enumerate(cells):
                self.corner[cell] = (MARGIN + (i % across) * CELL, top + (i // across) * CELL)
            y = top + -(-len(cells) // across) * CELL
            widest = max(widest, min(across, len(cells)))
        self.width = 2 * MARGIN + widest * CELL
        self.height = y + MARGIN
        self.at = {xy: cell for cell, xy in self.corner.items()}

    def __getattr__(self, name):
        return getattr(self.puzzle, name)

    def beside(self, cell, dx, dy):
        """The cell drawn ``dx`` cells right and ``dy`` down of ``cell`` (None: none drawn)."""
        x, y = self.corner[cell]
        return self.at.get((x + dx * CELL, y + dy * CELL))


def _extra_groups(puzzle):
    """(prefix, cells) of each group of extra cells, in the puzzle's order: ``VA1``, ``VA2``
    are group ``VA``; a name without a number is a group of its own."""
    import re

    out = []
    for i, name in enumerate(puzzle.extra):
        prefix = re.sub(r"\d+$", "", name) or name
        if out and out[-1][0] == prefix:
            out[-1][1].append(puzzle.grid_cells + i)
        else:
            out.append((prefix, [puzzle.grid_cells + i]))
    return out


def _centre(puzzle, cell):
    x, y = puzzle.corner[cell]
    return x + CELL / 2, y + CELL / 2


def _text(x, y, words, size, colour, extra=""):
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{colour}" '
            f'text-anchor="middle" {extra}>{escape(str(words))}</text>')


def _grid(puzzle):
    """Thin lines between cells, thick between boxes or regions and round the grid; a raw
    grid (no houses) has thin lines only and a grey frame."""
    rows, cols = puzzle.size, puzzle.cols
    region = {}
    for k, house in enumerate(puzzle.boxes()):
        for x in house:
            region[x] = k
    out = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        x0, y0 = MARGIN + c * CELL, MARGIN + r * CELL
        right = cell + 1 if c + 1 < cols else None
        below = cell + cols if r + 1 < rows else None
        for other, (x1, y1, x2, y2) in ((right, (x0 + CELL, y0, x0 + CELL, y0 + CELL)),
                                       (below, (x0, y0 + CELL, x0 + CELL, y0 + CELL))):
            if other is None:
                continue
            thick = region and region.get(cell) != region.get(other)
            out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke='
                       f'"{"#000" if thick else "#9a9a9a"}" stroke-width="{3 if thick else 1}"/>')
    frame = 'stroke="#666" stroke-width="1.5" class="raw"' if puzzle.raw else 'stroke="#000" stroke-width="3"'
    out.append(f'<rect x="{MARGIN}" y="{MARGIN}" width="{cols * CELL}" height="{rows * CELL}" '
               f'fill="none" {frame}/>')
    return out


def _extra_cells(puzzle):
    """Each extra cell a framed square, each block's label above it."""
    out = [f'<rect class="extra-cell" x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
           f'fill="none" stroke="#000" stroke-width="1.5"/>'
           for cell, (x, y) in puzzle.corner.items() if cell >= puzzle.grid_cells]
    out += [f'<text class="extra-label" x="{x}" y="{y}" font-size="12" fill="#333">{escape(label)}</text>'
            for label, x, y in puzzle.groups]
    return out


def _polyline(puzzle, cells, colour, width, extra=""):
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (_centre(puzzle, c) for c in cells))
    return (f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="{width}" '
            f'stroke-linecap="round" stroke-linejoin="round" {extra}/>')


def _cage(puzzle, c, label=None):
    if label is None and c.total is not None:
        label = str(c.total)
    inset = 4
    inside = set(c.cells)
    out = []
    for cell in c.cells:
        x0, y0 = (v + inset for v in puzzle.corner[cell])
        x1, y1 = x0 + CELL - 2 * inset, y0 + CELL - 2 * inset
        up, down = puzzle.beside(cell, 0, -1), puzzle.beside(cell, 0, 1)
        left, right = puzzle.beside(cell, -1, 0), puzzle.beside(cell, 1, 0)
        # an edge runs on to the cell's border where the cage continues beside it
        x_left = x0 - inset if left in inside else x0
        x_right = x1 + inset if right in inside else x1
        y_top = y0 - inset if up in inside else y0
        y_bottom = y1 + inset if down in inside else y1
        for nb, seg in ((up, (x_left, y0, x_right, y0)), (down, (x_left, y1, x_right, y1)),
                        (left, (x0, y_top, x0, y_bottom)), (right, (x1, y_top, x1, y_bottom))):
            if nb is None or nb not in inside:
                out.append(f'<line class="cage" x1="{seg[0]}" y1="{seg[1]}" x2="{seg[2]}" '
                           f'y2="{seg[3]}" stroke="#333" stroke-width="1" stroke-dasharray="3,2"/>')
    if label is not None:
        x, y = min(puzzle.corner[x][::-1] for x in c.cells)[::-1]  # the top cell, then the left
        out.append(f'<text class="{c.TYPE}" x="{x + inset + 1}" '
                   f'y="{y + inset + 9}" font-size="10" fill="#000">{label}</text>')
    return out


def _labelled(label):
    """A cage-like set drawn as a cage with ``label(c)`` in its first cell."""
    return lambda puzzle, c: _cage(puzzle, c, label(c))


def _thermo(puzzle, c):
    x, y = _centre(puzzle, c.cells[0])
    return [f'<circle class="thermometer" cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.35}" fill="#c8c8c8"/>',
            _polyline(puzzle, c.cells, "#c8c8c8", CELL * 0.3)]


def _line(puzzle, c):
    return [_polyline(puzzle, c.cells, LINE_COLOURS.get(c.TYPE, "#b0b0b0"), CELL * 0.18,
                      f'class="{c.TYPE}" opacity="0.8"')]


def _arrow(puzzle, c):
    out = []
    for cell in c.bulb:
        x, y = _centre(puzzle, cell)
        out.append(f'<circle class="arrow" cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.4}" '
                   f'fill="none" stroke="#888" stroke-width="2"/>')
    if c.shaft:
        out.append(_polyline(puzzle, (c.bulb[-1], *c.shaft), "#888", 2, 'marker-end="url(#head)"'))
        out.insert(0, '<defs><marker id="head" markerWidth="8" markerHeight="8" refX="6" refY="4" '
                      'orient="auto"><path d="M0,0 L8,4 L0,8" fill="none" stroke="#888"/></marker></defs>')
    return out


def _between_cells(puzzle, a, b):
    (x1, y1), (x2, y2) = _centre(puzzle, a), _centre(puzzle, b)
    return (x1 + x2) / 2, (y1 + y2) / 2


def _dot(fill):
    def draw(puzzle, c):
        x, y = _between_cells(puzzle, *c.cells)
        return [f'<circle class="dot" cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{fill}" stroke="#000"/>']
    return draw


def _xv(puzzle, c):
    x, y = _between_cells(puzzle, *c.cells)
    letter = {10: "X", 5: "V"}.get(c.total, str(c.total))
    return [f'<rect x="{x - 7:.1f}" y="{y - 8:.1f}" width="14" height="16" fill="white"/>',
            _text(x, y + 6, letter, 16, "#000", 'class="xv" font-weight="bold"')]


def _greater(puzzle, c):
    x, y = _between_cells(puzzle, *c.cells)
    (xa, ya), (xb, yb) = (_centre(puzzle, cell) for cell in c.cells)  # the first is greater
    mark = (">" if xb > xa else "<") if ya == yb else ("∨" if yb > ya else "∧")
    return [_text(x, y + 5, mark, 16, "#000", 'class="greater_than"')]


def _cell_mark(shape):
    def draw(puzzle, c):
        x, y = _centre(puzzle, c.cell)
        if shape == "circle":
            return [f'<circle class="odd" cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.4}" fill="#ddd"/>']
        h = CELL * 0.8
        return [f'<rect class="even" x="{x - h / 2:.1f}" y="{y - h / 2:.1f}" width="{h}" height="{h}" fill="#ddd"/>']
    return draw


def _extreme(puzzle, c):
    out = []
    for cell in c.cells:
        x, y = _centre(puzzle, cell)
        out.append(_text(x, y - 10, "▲" if c.TYPE == "maximum" else "▼", 9, "#777", f'class="{c.TYPE}"'))
    return out


def _quad(puzzle, c):
    x, y = (v + CELL for v in puzzle.corner[min(c.cells)])  # the corner the four cells share
    return [f'<circle class="quadruple" cx="{x}" cy="{y}" r="12" fill="white" stroke="#000"/>',
            _text(x, y + 4, "".join(map(str, c.values)), 9, "#000")]


def _outside(label):
    def draw(puzzle, c):
        first, second = c.cells[0], c.cells[1]
        (x, y), (x2, y2) = _centre(puzzle, first), _centre(puzzle, second)
        sign = lambda d: (d > 0) - (d < 0)  # noqa: E731
        dx, dy = -sign(x2 - x), -sign(y2 - y)  # one step back from the first cell
        text = label.format(next(getattr(c, f) for f in ("count", "total", "value") if hasattr(c, f)))
        if c.TYPE == "little_killer":  # the clue sits one diagonal step before the first cell
            text += {(1, 1): "↘", (1, -1): "↙", (-1, 1): "↗", (-1, -1): "↖"}[(-dy, -dx)]
        elif dx and dy:  # a clue along a row or column only
            dx = dy = 0
        return [_text(x + dx * CELL * 0.8, y + dy * CELL * 0.8 + 5, text, 13, "#000",
                      f'class="{c.TYPE}"')]
    return draw


def _diagonal(puzzle, c):
    n = puzzle.size  # (a diagonal is a square grid's)
    cells = [r * n + (n - 1 - r if c.slope == 1 else r) for r in range(n)]
    return [_polyline(puzzle, (cells[0], cells[-1]), "#5a8fd6", 1.5, 'class="diagonal" opacity="0.7"')]


def _region(puzzle, c):
    if any(cell >= puzzle.grid_cells and puzzle.cell_name(cell).startswith("DG") for cell in c.cells):
        return []  # Doppelganger's ties (a row and its DGC cell...): its rule, named in the caption
    out = []
    for cell in c.cells:
        x, y = puzzle.corner[cell]
        out.append(f'<rect class="extra_region" x="{x}" y="{y}" '
                   f'width="{CELL}" height="{CELL}" fill="#e6eefc"/>')
    return out


def _clone(puzzle, c):
    out = []
    for cell in (*c.cells, *c.copy):
        x, y = puzzle.corner[cell]
        out.append(f'<rect class="clone" x="{x + 2}" y="{y + 2}" '
                   f'width="{CELL - 4}" height="{CELL - 4}" fill="#f3e8cf"/>')
    return out


def _circles(puzzle, c):
    out = []
    for cell in c.cells:
        x, y = _centre(puzzle, cell)
        out.append(f'<circle class="counting_circles" cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.4}" '
                   f'fill="none" stroke="#777" stroke-width="1.5"/>')
    return out


def _index(puzzle, c):
    """The indexing cell, ringed; its line is the row, column or box it indexes."""
    x, y = _centre(puzzle, c.cell)
    return [f'<circle class="indexing" cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.42}" '
            f'fill="none" stroke="#c0392b" stroke-width="1.5"/>']


def _nothing(puzzle, c):
    return []  # a global rule: stated in the title, no mark in the grid


def _segments(puzzle, c):
    """A sequence line, dashed, each segment of a multi-segment NFA drawn apart."""
    out, at = [], 0
    for k in getattr(c, "lengths", ()) or (len(c.cells),):
        if k:
            out.append(_polyline(puzzle, c.cells[at:at + k], LINE_COLOURS[c.TYPE], CELL * 0.14,
                                 f'class="{c.TYPE}" opacity="0.8" stroke-dasharray="4 6"'))
        at += k
    return out


def _parts(puzzle, c):
    """An or / and: its parts' own marks, faded and grouped (an or's branches are
    alternatives: each is drawn, one of them holds)."""
    from .model_composite import parts

    inner = [mark for part in parts(c) for mark in DRAW.get(part.TYPE, _nothing)(puzzle, part)]
    return [f'<g class="{c.TYPE}" opacity="0.55">', *inner, "</g>"] if inner else []


DRAW = {
    "or": _parts, "and": _parts, "regex": _segments, "nfa": _segments,
    "killer_cage": _cage, "thermometer": _thermo, "slow_thermometer": _line,
    "arrow": _arrow, "double_arrow": _line, "whisper": _line, "renban": _line,
    "palindrome": _line, "between": _line, "lockout": _line, "region_sum_line": _line,
    "zipper": _line, "entropic": _line, "modular": _line,
    "difference_dot": _dot("white"), "ratio_dot": _dot("black"), "xv": _xv,
    "greater_than": _greater, "odd": _cell_mark("circle"), "even": _cell_mark("square"),
    "minimum": _extreme, "maximum": _extreme, "quadruple": _quad,
    "little_killer": _outside("{}"), "sandwich": _outside("{}"), "x_sum": _outside("⟨{}⟩"),
    "skyscraper": _outside("[{}]"), "diagonal": _diagonal, "extra_region": _region,
    "anti_knight": _nothing, "anti_king": _nothing, "non_consecutive": _nothing,
    "disjoint_groups": _nothing, "negative_dots": _nothing, "negative_xv": _nothing,
    "candidates": _nothing, "clone": _clone,
    "sum": _labelled(lambda c: f"Σ{c.total}" if not c.weights else f"Σw{c.total}"),
    "rellik_cage": _labelled(lambda c: f"≠{c.total}"), "equality_cage": _labelled(lambda c: "="),
    "contain_exact": _labelled(lambda c: ",".join(map(str, c.values)) + "!"),
    "anti_taxicab": _nothing, "global_mod": _nothing, "global_entropy": _nothing,
    "dutch_flatmates": _nothing, "lunchbox": _labelled(lambda c: f"▭{c.total}"),
    "sum_line": _line, "counting_circles": _circles,
    "value_indexing": _line, "indexing": _index, "equal_sum": _labelled(lambda c: "=Σ"),
    "count_distinct": _labelled(lambda c: "#"), "pair": _line, "hidden_skyscraper": _outside("|{}|"),
}
DRAW["chaos_construction"] = _nothing  # (the regions are unknowns: no mark until solved)


def _chaos_arrow(puzzle, c):
    """The control cell ringed, each arm a thin dashed line from the shared start."""
    x, y = _centre(puzzle, c.cell)
    out, at = [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.4}" fill="none" '
               f'stroke="#7a4fa0" stroke-width="2"/>'], 0
    for length in c.lengths:
        arm, at = c.cells[at:at + length], at + length
        if len(arm) > 1:
            out.append(_polyline(puzzle, arm, "#b49ad0", CELL * 0.12))
    return out


DRAW["chaos_arrow"] = _chaos_arrow
DRAW["chaos_count"] = lambda puzzle, c: _cage(puzzle, c, "=" + puzzle.cell_name(c.cell))
DRAW["chaos_same"] = lambda puzzle, c: [  # each set a thin line through its cells
    _polyline(puzzle, c.cells[i:i + c.size] if c.size > 1 else c.cells, "#7a4fa0", CELL * 0.08)
    for i in (range(0, len(c.cells), c.size) if c.size > 1 else (0,))]
DRAW["chaos_regions"] = lambda puzzle, c: _cage(puzzle, c, "#R=" + puzzle.cell_name(c.cell))
DRAW.update({"nabner": _line, "knightmare": _nothing, "chess": _nothing,
             "diagonal_non_consecutive": _nothing})
LINE_COLOURS["nabner"] = "#e07070"



# -- issue 37: ISS's sets, connections, ranks, doppelganger -------------------------------------

def _same_sets(puzzle, c):
    """Each set of a same-values rule as a cage marked ≡ (the sets hold the same values)."""
    from types import SimpleNamespace

    k = len(c.cells) // c.sets
    return [mark for i in range(c.sets)
            for mark in _cage(puzzle, SimpleNamespace(TYPE="same_values", total=None,
                                                      cells=c.cells[i * k:(i + 1) * k]), "≡")]


def _rank(puzzle, c):
    from types import SimpleNamespace

    return _outside("#{}")(puzzle, SimpleNamespace(TYPE="full_rank", cells=c.cells, value=c.rank))


DRAW.update({"same_values": _same_sets, "full_rank": _rank, "region_same_values": _nothing,
             "connected_values": _nothing, "doppelganger": _nothing, "full_rank_ties": _nothing})
