"""The SVG picture of a variant puzzle: every supported type drawn or named, never dropped."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from sudoku_cp.variants import model as m
from sudoku_cp.variants.display import DRAW, to_svg

from test_variants_model import CASES, G


def test_every_type_has_a_drawing():
    assert set(DRAW) == set(m.TYPES)


def test_each_type_draws_well_formed_svg_with_its_mark():
    marked = {"killer_cage": "cage", "thermometer": "thermometer", "arrow": "arrow",
              "difference_dot": "dot", "ratio_dot": "dot", "xv": "xv", "whisper": "whisper",
              "little_killer": "little_killer", "sandwich": "sandwich", "odd": "odd", "even": "even"}
    for tag, holds, _ in CASES:
        svg = to_svg(m.VariantPuzzle(9, givens=((0, G[0]),), constraints=(holds,)))
        ET.fromstring(svg)  # well-formed XML
        if tag in marked:
            assert f'class="{marked[tag]}"' in svg, tag
        assert "not drawn" not in svg


def test_givens_bold_solution_blue_and_jupyter_hook():
    p = m.VariantPuzzle(4, givens=((0, 1), (5, 4)))
    svg = to_svg(p, solution=(1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1))
    assert svg.count('class="given"') == 2 and svg.count('class="solved"') == 14
    assert p._repr_svg_() == to_svg(p)
    thick = re.findall(r'stroke-width="3"', to_svg(m.VariantPuzzle(4, box=None)))
    assert len(thick) == 1  # a Latin square: only the outer frame is thick
