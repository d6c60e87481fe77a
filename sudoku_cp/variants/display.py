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
    if puzzle.cols != puzzle.size or puzzle.extra:  # (every drawing below reads the grid as square)
        from ..errors import PuzzleError

        raise PuzzleError(f"a non-square {puzzle.shape_name} grid is not drawn yet" if not puzzle.extra
                          else "cells beyond the grid (ISS's Var) are not drawn yet")
    n = puzzle.size
    side = 2 * MARGIN + n * CELL
    unknown = []
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side + 20}" '
             f'viewBox="0 0 {side} {side + 20}" font-family="sans-serif">',
             f'<rect x="0" y="0" width="{side}" height="{side + 20}" fill="white"/>']
    for c in puzzle.constraints:
        draw = DRAW.get(c.TYPE)
        if draw is None:
            unknown.append(c.TYPE)
        else:
            parts.extend(draw(puzzle, c))
    parts.extend(_grid(puzzle))
    given = dict(puzzle.givens)
    for cell in range(n * n):
        x, y = _centre(n, cell)
        if cell in given:
            parts.append(_text(x, y + 7, given[cell], 22, "#000", 'class="given" font-weight="bold"'))
        elif solution is not None:
            parts.append(_text(x, y + 7, solution[cell], 22, "#1f5bd6", 'class="solved"'))
    if unknown:
        names = ", ".join(sorted(set(unknown)))
        parts.append(_text(side / 2, side + 12, f"not drawn: {names}", 11, "#a00"))
    parts.append("</svg>")
    return "\n".join(parts)


def _centre(n, cell):
    r, c = divmod(cell, n)
    return MARGIN + c * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2


def _text(x, y, words, size, colour, extra=""):
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{colour}" '
            f'text-anchor="middle" {extra}>{escape(str(words))}</text>')


def _grid(puzzle):
    n = puzzle.size
    region = {}
    for k, house in enumerate(puzzle.boxes()):
        for x in house:
            region[x] = k
    out = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        x0, y0 = MARGIN + c * CELL, MARGIN + r * CELL
        right = cell + 1 if c + 1 < n else None
        below = cell + n if r + 1 < n else None
        for other, (x1, y1, x2, y2) in ((right, (x0 + CELL, y0, x0 + CELL, y0 + CELL)),
                                       (below, (x0, y0 + CELL, x0 + CELL, y0 + CELL))):
            if other is None:
                continue
            thick = region and region.get(cell) != region.get(other)
            out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke='
                       f'"{"#000" if thick else "#9a9a9a"}" stroke-width="{3 if thick else 1}"/>')
    out.append(f'<rect x="{MARGIN}" y="{MARGIN}" width="{n * CELL}" height="{n * CELL}" '
               f'fill="none" stroke="#000" stroke-width="3"/>')
    return out


def _polyline(puzzle, cells, colour, width, extra=""):
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (_centre(puzzle.size, c) for c in cells))
    return (f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="{width}" '
            f'stroke-linecap="round" stroke-linejoin="round" {extra}/>')


def _cage(puzzle, c, label=None):
    n = puzzle.size
    if label is None and c.total is not None:
        label = str(c.total)
    inset = 4
    inside = set(c.cells)
    out = []
    for cell in c.cells:
        r, col = divmod(cell, n)
        x0, y0 = MARGIN + col * CELL + inset, MARGIN + r * CELL + inset
        x1, y1 = MARGIN + (col + 1) * CELL - inset, MARGIN + (r + 1) * CELL - inset
        # an edge runs on to the cell's border where the cage continues beside it
        left = x0 - inset if col and cell - 1 in inside else x0
        right = x1 + inset if col + 1 < n and cell + 1 in inside else x1
        top = y0 - inset if r and cell - n in inside else y0
        bottom = y1 + inset if r + 1 < n and cell + n in inside else y1
        for nb, seg in ((cell - n if r else None, (left, y0, right, y0)),
                        (cell + n if r + 1 < n else None, (left, y1, right, y1)),
                        (cell - 1 if col else None, (x0, top, x0, bottom)),
                        (cell + 1 if col + 1 < n else None, (x1, top, x1, bottom))):
            if nb not in inside:
                out.append(f'<line class="cage" x1="{seg[0]}" y1="{seg[1]}" x2="{seg[2]}" '
                           f'y2="{seg[3]}" stroke="#333" stroke-width="1" stroke-dasharray="3,2"/>')
    if label is not None:
        first = min(c.cells)
        r, col = divmod(first, n)
        out.append(f'<text class="{c.TYPE}" x="{MARGIN + col * CELL + inset + 1}" '
                   f'y="{MARGIN + r * CELL + inset + 9}" font-size="10" fill="#000">{label}</text>')
    return out


def _labelled(label):
    """A cage-like set drawn as a cage with ``label(c)`` in its first cell."""
    return lambda puzzle, c: _cage(puzzle, c, label(c))


def _thermo(puzzle, c):
    x, y = _centre(puzzle.size, c.cells[0])
    return [f'<circle class="thermometer" cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.35}" fill="#c8c8c8"/>',
            _polyline(puzzle, c.cells, "#c8c8c8", CELL * 0.3)]


def _line(puzzle, c):
    return [_polyline(puzzle, c.cells, LINE_COLOURS.get(c.TYPE, "#b0b0b0"), CELL * 0.18,
                      f'class="{c.TYPE}" opacity="0.8"')]


def _arrow(puzzle, c):
    n = puzzle.size
    out = []
    for cell in c.bulb:
        x, y = _centre(n, cell)
        out.append(f'<circle class="arrow" cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.4}" '
                   f'fill="none" stroke="#888" stroke-width="2"/>')
    if c.shaft:
        out.append(_polyline(puzzle, (c.bulb[-1], *c.shaft), "#888", 2, 'marker-end="url(#head)"'))
        out.insert(0, '<defs><marker id="head" markerWidth="8" markerHeight="8" refX="6" refY="4" '
                      'orient="auto"><path d="M0,0 L8,4 L0,8" fill="none" stroke="#888"/></marker></defs>')
    return out


def _between_cells(puzzle, a, b):
    (x1, y1), (x2, y2) = _centre(puzzle.size, a), _centre(puzzle.size, b)
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
    a, b = c.cells
    mark = {1: ">", -1: "<", puzzle.size: "∨", -puzzle.size: "∧"}[b - a]
    return [_text(x, y + 5, mark, 16, "#000", 'class="greater_than"')]


def _cell_mark(shape):
    def draw(puzzle, c):
        x, y = _centre(puzzle.size, c.cell)
        if shape == "circle":
            return [f'<circle class="odd" cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.4}" fill="#ddd"/>']
        h = CELL * 0.8
        return [f'<rect class="even" x="{x - h / 2:.1f}" y="{y - h / 2:.1f}" width="{h}" height="{h}" fill="#ddd"/>']
    return draw


def _extreme(puzzle, c):
    out = []
    for cell in c.cells:
        x, y = _centre(puzzle.size, cell)
        out.append(_text(x, y - 10, "▲" if c.TYPE == "maximum" else "▼", 9, "#777", f'class="{c.TYPE}"'))
    return out


def _quad(puzzle, c):
    n = puzzle.size
    top = min(c.cells)
    x, y = MARGIN + (top % n + 1) * CELL, MARGIN + (top // n + 1) * CELL
    return [f'<circle class="quadruple" cx="{x}" cy="{y}" r="12" fill="white" stroke="#000"/>',
            _text(x, y + 4, "".join(map(str, c.values)), 9, "#000")]


def _outside(label):
    def draw(puzzle, c):
        n = puzzle.size
        first, second = c.cells[0], c.cells[1]
        x, y = _centre(n, first)
        step = second - first
        dx, dy = {1: (-1, 0), -1: (1, 0), n: (0, -1), -n: (0, 1)}.get(step, (0, 0))
        text = label.format(next(getattr(c, f) for f in ("count", "total", "value") if hasattr(c, f)))
        if c.TYPE == "little_killer":  # the clue sits one diagonal step before the first cell
            dc = 1 if second % n > first % n else -1
            dr = 1 if second > first else -1
            dx, dy = -dc, -dr
            text += {(1, 1): "↘", (1, -1): "↙", (-1, 1): "↗", (-1, -1): "↖"}[(dr, dc)]
        return [_text(x + dx * CELL * 0.8, y + dy * CELL * 0.8 + 5, text, 13, "#000",
                      f'class="{c.TYPE}"')]
    return draw


def _diagonal(puzzle, c):
    n = puzzle.size
    cells = [r * n + (n - 1 - r if c.slope == 1 else r) for r in range(n)]
    return [_polyline(puzzle, (cells[0], cells[-1]), "#5a8fd6", 1.5, 'class="diagonal" opacity="0.7"')]


def _region(puzzle, c):
    out = []
    for cell in c.cells:
        r, col = divmod(cell, puzzle.size)
        out.append(f'<rect class="extra_region" x="{MARGIN + col * CELL}" y="{MARGIN + r * CELL}" '
                   f'width="{CELL}" height="{CELL}" fill="#e6eefc"/>')
    return out


def _clone(puzzle, c):
    out = []
    for cell in (*c.cells, *c.copy):
        r, col = divmod(cell, puzzle.size)
        out.append(f'<rect class="clone" x="{MARGIN + col * CELL + 2}" y="{MARGIN + r * CELL + 2}" '
                   f'width="{CELL - 4}" height="{CELL - 4}" fill="#f3e8cf"/>')
    return out


def _circles(puzzle, c):
    out = []
    for cell in c.cells:
        x, y = _centre(puzzle.size, cell)
        out.append(f'<circle class="counting_circles" cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.4}" '
                   f'fill="none" stroke="#777" stroke-width="1.5"/>')
    return out


def _index(puzzle, c):
    """The indexing cell, ringed; its line is the row, column or box it indexes."""
    x, y = _centre(puzzle.size, c.cell)
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
    x, y = _centre(puzzle.size, c.cell)
    out, at = [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.4}" fill="none" '
               f'stroke="#7a4fa0" stroke-width="2"/>'], 0
    for length in c.lengths:
        arm, at = c.cells[at:at + length], at + length
        if len(arm) > 1:
            out.append(_polyline(puzzle, arm, "#b49ad0", CELL * 0.12))
    return out


DRAW["chaos_arrow"] = _chaos_arrow
DRAW["chaos_count"] = lambda puzzle, c: _cage(puzzle, c, "=" + puzzle.cell_name(c.cell))
DRAW["chaos_same"] = lambda puzzle, c: [_polyline(puzzle, c.cells, "#7a4fa0", CELL * 0.08)]
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
