"""A step's picture: the board before the step, candidates in small type, the evidence
shaded, the step's outcome coloured and chain links drawn.

Built on ``sudoku_cp.display.layout`` (the same grid, givens and values as every board
picture) with an overlay: justifying cells shaded yellow, houses outlined, candidates
that justify the step blue, eliminated candidates red and struck through, placed values
green, strong links solid and weak links dashed.
"""

from __future__ import annotations

from html import escape

from ..display import _num, layout, symbol, to_svg

HOUSE_COLOUR = "#7aa6f0"
ELIM_COLOUR = "#d62728"
PLACE_COLOUR = "#2ca02c"
KEY_COLOUR = "#1f5bd6"
CAND_COLOUR = "#777777"


def step_svg(step, *, cell_size: float = 44, candidates: bool = True) -> str:
    """The SVG text of a step's picture (see the module docstring)."""
    board, values, cand = step.before
    g = board.geometry
    n, br, bc = g.n, g.box_rows, g.box_cols
    shown = [v if not given else 0 for v, given in zip(values, board.givens)]
    base = to_svg(board, shown, cell_size=cell_size, highlight=step.cells,
                  title=None)
    d = layout(board, shown, cell_size=cell_size)
    s = float(cell_size)
    left = top = d.box_width
    out = []
    cx = lambda c: left + (c % n + 0.5) * s  # noqa: E731
    cy = lambda c: top + (c // n + 0.5) * s  # noqa: E731

    def spot(c, v):  # centre of candidate v's small square in cell c
        i = v - 1
        return (left + (c % n) * s + (i % bc + 0.5) * s / bc,
                top + (c // n) * s + (i // bc + 0.5) * s / br)

    for h in step.houses:
        cells = g.houses[h]
        rows = [c // n for c in cells]
        cols = [c % n for c in cells]
        if len(cells) == (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1):
            out.append(f'<rect class="house" x="{_num(left + min(cols) * s + 2)}" '
                       f'y="{_num(top + min(rows) * s + 2)}" '
                       f'width="{_num((max(cols) - min(cols) + 1) * s - 4)}" '
                       f'height="{_num((max(rows) - min(rows) + 1) * s - 4)}" fill="none" '
                       f'stroke="{HOUSE_COLOUR}" stroke-width="3" rx="4"/>')
    keys = {node for link in step.links for node in link[:2]}
    elims = set(step.eliminations)
    small = s / max(br, bc) * 0.62
    if candidates:
        for c, m in enumerate(cand):
            if not m or values[c]:
                continue
            for v in range(1, n + 1):
                if not m >> (v - 1) & 1:
                    continue
                x, y = spot(c, v)
                colour = ELIM_COLOUR if (c, v) in elims else KEY_COLOUR if (c, v) in keys \
                    else CAND_COLOUR
                weight = "bold" if colour != CAND_COLOUR else "normal"
                out.append(f'<text class="candidate" x="{_num(x)}" y="{_num(y + small * 0.36)}" '
                           f'font-size="{_num(small)}" text-anchor="middle" fill="{colour}" '
                           f'font-weight="{weight}">{symbol(v, n)}</text>')
                if (c, v) in elims:
                    r = small * 0.45
                    out.append(f'<line class="eliminated" x1="{_num(x - r)}" y1="{_num(y + r)}" '
                               f'x2="{_num(x + r)}" y2="{_num(y - r)}" stroke="{ELIM_COLOUR}" '
                               f'stroke-width="1.5"/>')
    for a, b, kind in step.links:
        (x1, y1), (x2, y2) = spot(*a), spot(*b)
        dash = "" if kind == "strong" else ' stroke-dasharray="4 3"'
        out.append(f'<line class="link {kind}" x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" '
                   f'y2="{_num(y2)}" stroke="{KEY_COLOUR}" stroke-width="1.6" '
                   f'stroke-opacity="0.75"{dash}/>')
    for c, v in step.placements:
        out.append(f'<circle class="placement" cx="{_num(cx(c))}" cy="{_num(cy(c))}" '
                   f'r="{_num(s * 0.4)}" fill="{PLACE_COLOUR}" fill-opacity="0.18" '
                   f'stroke="{PLACE_COLOUR}" stroke-width="2"/>')
        out.append(f'<text class="placed" x="{_num(cx(c))}" y="{_num(cy(c) + s * 0.2)}" '
                   f'font-size="{_num(s * 0.55)}" text-anchor="middle" fill="{PLACE_COLOUR}" '
                   f'font-weight="bold">{symbol(v, n)}</text>')
    caption = escape(step.text)
    body = base.rstrip().removesuffix("</svg>")
    overlay = '<g class="step">\n' + "\n".join(out) + "\n</g>\n"
    return body + overlay + f"<desc>{caption}</desc>\n</svg>\n"
