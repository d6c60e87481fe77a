"""The picture Jupyter shows (``sudoku_cp.variants.picture``): every constraint type leaves a
mark in the SVG or is named in a caption, the SVG parses, sums, givens, solution values and
candidates appear as text."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from sudoku_cp.variants import model as m
from sudoku_cp.variants import display
from sudoku_cp.variants.picture import GLOBAL, to_svg

from test_variants_model import CASES, WITH_CHAOS, G

SVG = "{http://www.w3.org/2000/svg}"
KILLER_CAGES = ((0, 1, 9), (2, 3), (10, 11, 12))


def texts(svg: str) -> list[str]:
    return [t.text for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_every_type_draws_a_mark_or_is_named_in_the_caption():
    empty = to_svg(m.VariantPuzzle(9, givens=((0, G[0]),)))
    seen = set()
    for tag, holds, _ in CASES:
        svg = to_svg(m.VariantPuzzle(9, givens=((0, G[0]),), constraints=(holds,)))
        ET.fromstring(svg)  # well-formed XML
        assert "not drawn" not in svg, tag
        if tag in GLOBAL:
            caption = [t for t in texts(svg) if t and t.startswith("also:")]
            assert caption and GLOBAL[tag] in caption[0], tag
        else:
            assert len(svg) > len(empty) and "also:" not in svg, f"{tag} left no mark"
        seen.add(tag)
    alone = to_svg(m.VariantPuzzle(9, constraints=(m.ChaosConstruction(),)))
    for tag, clue in WITH_CHAOS.items():  # (a clue on the regions: beside its construction)
        svg = to_svg(m.VariantPuzzle(9, constraints=(m.ChaosConstruction(), clue)))
        ET.fromstring(svg)
        assert "not drawn" not in svg and len(svg) > len(alone), f"{tag} left no mark"
        seen.add(tag)
    assert seen == set(m.TYPES)  # CASES and WITH_CHAOS cover every type of the model


def test_killer_sums_givens_and_solution_values_appear_as_text():
    cages = tuple(m.KillerCage(cells, sum(G[c] for c in cells)) for cells in KILLER_CAGES)
    p = m.VariantPuzzle(9, givens=((40, G[40]),), constraints=cages)
    words = texts(to_svg(p, solution=G))
    for cage in cages:
        assert str(cage.total) in words
    # 81 values: the given (bold) and 80 solution values, in reading order
    values = [w for w in words if w and w.isdigit() and len(w) == 1]
    assert values == [str(v) for v in G]
    assert to_svg(p).count('class="cage"') > 0 and to_svg(p).count('class="solved"') == 0


def test_candidates_are_written_in_the_empty_cells_only():
    p = m.VariantPuzzle(4, givens=((0, 1),))
    cands = [{1: 1}] + [{2: 1, 3: 0, 4: 2}] * 15  # a dict of counts: only counts > 0
    svg = to_svg(p, candidates=cands)
    ET.fromstring(svg)
    marks = re.findall(r'class="candidate"[^>]*>(\d)<', svg)
    assert len(marks) == 15 * 2 and set(marks) == {"2", "4"}
    assert to_svg(p, candidates=[[v for v in range(1, 5)]] * 16).count('class="candidate"') == 60


def test_nothing_to_add_gives_the_drawing_unchanged_and_jupyter_uses_the_picture():
    plain = m.VariantPuzzle(4, constraints=(m.Thermometer((0, 1, 2)),))
    assert to_svg(plain) == display.to_svg(plain) == plain._repr_svg_()
    ruled = m.VariantPuzzle(4, constraints=(m.AntiKing(), m.NegativeXV(x=True, v=False)))
    svg = ruled._repr_svg_()
    assert svg == to_svg(ruled) and "also: anti-king, negative XV (X)" in svg
    root = ET.fromstring(svg)
    assert int(root.get("height")) > int(ET.fromstring(display.to_svg(ruled)).get("height"))


def test_irregular_regions_get_thick_borders_exactly_between_regions():
    regions = ((0, 1, 2, 4), (3, 7, 11, 15), (5, 6, 9, 10), (8, 12, 13, 14))
    p = m.VariantPuzzle(4, regions=regions)
    region = {c: k for k, r in enumerate(regions) for c in r}
    between = sum(1 for c in range(16) for d in (c + 1, c + 4)
                  if (d == c + 4 and d < 16 or d == c + 1 and c % 4 < 3) and region[c] != region[d])
    thick = re.findall(r'stroke-width="3"', to_svg(p))
    assert len(thick) == between + 1  # the inner borders between regions, and the frame
