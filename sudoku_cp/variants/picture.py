"""The picture Jupyter shows for a variant puzzle: the drawing, candidates and the global rules.

``sudoku_cp.variants.display`` draws the grid and every constraint that has a mark in it.
This module adds what a grid mark cannot say: the *global* rules (anti-knight, anti-king,
non-consecutive, disjoint groups, the negative constraints, pencilmark restrictions) are
named in a caption line under the grid, and ``candidates`` (the values still possible in
each cell, e.g. from ``sat.candidates``) are written small in the empty cells. When there is
nothing to add, the picture is exactly ``display.to_svg``'s; otherwise that picture is
nested, unchanged, in a taller one.

>>> from sudoku_cp.variants.model import VariantPuzzle, AntiKnight, KillerCage
>>> svg = to_svg(VariantPuzzle(4, constraints=(AntiKnight(), KillerCage((0, 1), 3))))
>>> 'class="rules"' in svg and "anti-knight" in svg and 'class="cage"' in svg
True

Roads not taken: a second, independent drawing of every constraint type (two pictures of
one puzzle would drift apart); drawing the global rules as marks between cells (every
pair of cells a knight's move apart would cover the grid).
"""

from __future__ import annotations

from html import escape

from . import display

#: Rules that hold everywhere and so have no mark in the grid; named in the caption.
GLOBAL = {"anti_knight": "anti-knight", "anti_king": "anti-king",
          "non_consecutive": "non-consecutive", "disjoint_groups": "disjoint groups",
          "negative_dots": "negative dots", "negative_xv": "negative XV",
          "candidates": "restricted candidates", "anti_taxicab": "anti-taxicab",
          "global_mod": "global mod 3", "global_entropy": "global entropy",
          "dutch_flatmates": "Dutch flatmates", "region_same_values": "largest houses hold "
          "the same values", "connected_values": "connected values", "doppelganger": "doppelganger",
          "full_rank_ties": "full-rank ties"}
GLOBAL.update({"knightmare": "knightmare", "chess": "chess (leaper) rule",
               "diagonal_non_consecutive": "diagonal non-consecutive",
               "chaos_construction": "chaos construction (regions unknown)"})
CAPTION = 18  # height of the caption line


def rules_caption(puzzle) -> str:
    """The caption naming the puzzle's global rules ('' when it has none).

    >>> from sudoku_cp.variants.model import VariantPuzzle, NegativeDots
    >>> rules_caption(VariantPuzzle(4, constraints=(NegativeDots(white=True, black=False),)))
    'also: negative dots (white)'
    """
    names = []
    for c in puzzle.constraints:
        name = GLOBAL.get(c.TYPE)
        if name is None:
            continue
        if c.TYPE == "negative_dots" and not (c.white and c.black):
            name += " (white)" if c.white else " (black)"
        if c.TYPE == "negative_xv" and not (c.x and c.v):
            name += " (X)" if c.x else " (V)"
        if c.TYPE == "connected_values":
            name += f" {'/'.join(map(str, c.values))}" + (f" ({c.size} cells)" if c.size else "")
        if c.TYPE == "full_rank_ties":
            name += f": {c.ties}"
        if name not in names:
            names.append(name)
    return "also: " + ", ".join(names) if names else ""


def to_svg(puzzle, solution=None, candidates=None) -> str:
    """SVG text of ``puzzle``, with ``solution`` values or ``candidates`` in the empty cells.

    ``candidates`` is one collection of values per cell (a dict of counts counts the
    values with a count above 0); cells with a given or a solution value show no
    candidates.
    """
    base = display.to_svg(puzzle, solution)
    caption = rules_caption(puzzle)
    if not caption and candidates is None:
        return base
    drawn = display.Drawn(puzzle)
    side, below = drawn.width, drawn.height
    height = below + 20 + (CAPTION if caption else 0)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{height}" '
             f'viewBox="0 0 {side} {height}" font-family="sans-serif">',
             f'<rect x="0" y="0" width="{side}" height="{height}" fill="white"/>',
             base.replace("<svg ", '<svg x="0" y="0" ', 1)]
    if candidates is not None:
        parts.extend(_candidates(drawn, solution, candidates))
    if caption:
        parts.append(f'<text class="rules" x="{side / 2:.1f}" y="{below + 20 + 12}" '
                     f'font-size="12" fill="#333" text-anchor="middle">{escape(caption)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def _candidates(puzzle, solution, candidates):
    """Small values in a sub-grid of each empty cell (value k at the k-th place);
    ``puzzle`` as drawn (``display.Drawn``)."""
    size = display.CELL
    given = dict(puzzle.givens)
    values = list(puzzle.value_range)
    across = 1
    while across * across < len(values):
        across += 1
    inset = 6  # leave the top-left corner to a cage's sum
    step = (size - inset) / across
    out = []
    for cell, possible in enumerate(candidates):
        if cell in given or solution is not None:
            continue
        if isinstance(possible, dict):
            possible = [v for v, count in possible.items() if count]
        if cell not in puzzle.corner:  # (a hidden extra cell: ISS's DGZ)
            continue
        x, y = puzzle.corner[cell]
        x0, y0 = x + inset / 2, y + inset
        for v in sorted(possible):
            i, j = divmod(values.index(v), across)
            out.append(f'<text class="candidate" x="{x0 + (j + 0.5) * step:.1f}" '
                       f'y="{y0 + (i + 0.5) * step + 3:.1f}" font-size="{max(7, int(step * 0.65))}" '
                       f'fill="#555" text-anchor="middle">{v}</text>')
    return out
