"""The picture of issue 37's grids (``variants.display``): a non-square grid drawn rows by
columns with its boxes, every mark on the cells it names; cells beyond the grid drawn below
it in ISS's blocks, their values in a solution; a raw grid without house lines."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from sudoku_cp.variants import model as m
from sudoku_cp.variants.display import CELL, MARGIN, to_svg
from sudoku_cp.variants.iss import parse_iss as read_iss
from sudoku_cp.variants.picture import to_svg as picture

SVG = "{http://www.w3.org/2000/svg}"


def centre(cols, cell):
    """Where a grid cell's centre is drawn, from the rows-by-columns rule alone."""
    r, c = divmod(cell, cols)
    return MARGIN + c * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2


def of_class(svg, tag, cls):
    return [e for e in ET.fromstring(svg).iter(f"{SVG}{tag}") if e.get("class") == cls]


@pytest.mark.parametrize("rows, cols", [(4, 6), (6, 4), (5, 7), (6, 8)])
def test_every_cell_mark_lands_on_its_cell_of_a_non_square_grid(rows, cols):
    """An odd circle on every cell, and a dot between random neighbours: each is drawn at
    the cell (or the edge) it names, counted from the grid's own columns."""
    n = rows * cols
    marks = [m.Odd(c) for c in range(n)]
    rnd = random.Random(rows * 100 + cols)
    pairs = []
    for _ in range(10):
        a = rnd.randrange(n)
        b = a + 1 if a % cols + 1 < cols and rnd.random() < 0.5 else a + cols
        if b < n:
            pairs.append((a, b))
    dots = [m.DifferenceDot((a, b), 1) for a, b in dict.fromkeys(pairs)]
    svg = to_svg(m.VariantPuzzle(rows, cols=cols, constraints=(*marks, *dots)))
    drawn = [(float(e.get("cx")), float(e.get("cy"))) for e in of_class(svg, "circle", "odd")]
    assert drawn == [centre(cols, c) for c in range(n)]
    spots = [(float(e.get("cx")), float(e.get("cy"))) for e in of_class(svg, "circle", "dot")]
    assert spots == [tuple((p + q) / 2 for p, q in zip(centre(cols, a), centre(cols, b)))
                     for a, b in (d.cells for d in dots)]
    root = ET.fromstring(svg)
    assert root.get("width") == str(2 * MARGIN + cols * CELL)


def test_a_non_square_grid_has_iss_boxes_as_thick_lines():
    """ISS tiles a 4x6 grid with 2x3 boxes: one thick line across and one down, the frame."""
    p = read_iss(".Shape~4x6.~R1C1_1")
    assert p.regions is not None  # (the boxes, as ISS computes them)
    thick = [e for e in ET.fromstring(to_svg(p)).iter(f"{SVG}line") if e.get("stroke-width") == "3"]
    across = {e.get("y1") for e in thick if e.get("y1") == e.get("y2")}
    down = {e.get("x1") for e in thick if e.get("x1") == e.get("x2")}
    assert across == {str(MARGIN + 2 * CELL)} and down == {str(MARGIN + 3 * CELL)}
    assert len(thick) == 6 + 4  # a segment a cell along each


def test_lines_cages_and_outside_clues_on_a_non_square_grid():
    p = read_iss(".Shape~4x6.Thermo~R1C1~R2C3~R3C6.Cage~9~R4C5~R4C6"
                 ".Sandwich~3~C6")
    svg = to_svg(p)
    tube = next(e for e in ET.fromstring(svg).iter(f"{SVG}polyline"))
    assert tube.get("points") == " ".join(f"{x:.1f},{y:.1f}" for x, y in (
        centre(6, 0), centre(6, 8), centre(6, 17)))
    sums = of_class(svg, "text", "killer_cage")
    assert [(s.text, float(s.get("x")), float(s.get("y"))) for s in sums] == [
        ("9", MARGIN + 4 * CELL + 5, MARGIN + 3 * CELL + 13)]  # in R4C5's corner
    sandwich = of_class(svg, "text", "sandwich")[0]
    assert float(sandwich.get("x")) == centre(6, 5)[0] and float(sandwich.get("y")) < MARGIN


def test_extra_cells_sit_below_the_grid_in_their_groups_with_their_values():
    p = read_iss(".Shape~4x4.Var~B~~3.Var~A.Thermo~VA~VB1~R1C1")
    solution = [1] * 16 + [2, 3, 4, 1]  # (any values: the drawing only writes them)
    svg = to_svg(p, solution)
    labels = [(e.text, float(e.get("y"))) for e in of_class(svg, "text", "extra-label")]
    assert [t for t, _ in labels] == ["VA [1]", "VB [3]"]  # ISS's order: by group name
    assert MARGIN + 4 * CELL < labels[0][1] < labels[1][1]
    boxes = [(float(e.get("x")), float(e.get("y"))) for e in of_class(svg, "rect", "extra-cell")]
    assert [x for x, _ in boxes] == [MARGIN, MARGIN, MARGIN + CELL, MARGIN + 2 * CELL]
    assert boxes[0][1] < boxes[1][1] == boxes[2][1] == boxes[3][1]  # VB's three in one row
    values = {(float(e.get("x")), float(e.get("y"))): e.text for e in of_class(svg, "text", "solved")}
    assert [values[(x + CELL / 2, y + CELL / 2 + 7)] for x, y in boxes] == ["2", "3", "4", "1"]
    tube = next(e for e in ET.fromstring(svg).iter(f"{SVG}polyline"))
    x0, y0 = boxes[0]  # the thermometer starts in VA, runs through VB1 to R1C1
    assert tube.get("points").split()[0] == f"{x0 + CELL / 2:.1f},{y0 + CELL / 2:.1f}"
    assert tube.get("points").split()[-1] == "{:.1f},{:.1f}".format(*centre(4, 0))
    root = ET.fromstring(svg)
    assert float(root.get("height")) > boxes[-1][1] + CELL  # the picture holds them


def test_doppelgangers_box_cells_are_laid_out_as_a_box_and_its_ties_not_shaded():
    p = read_iss(".Shape~4x4~0-4.Doppelganger.Thermo~DGR1~DGR2")
    svg = picture(p)
    labels = [e.text for e in of_class(svg, "text", "extra-label")]
    assert labels == ["DGB [4]", "DGC [4]", "DGR [4]", "DGZ [1]"]
    boxes = [(float(e.get("x")), float(e.get("y"))) for e in of_class(svg, "rect", "extra-cell")]
    assert len({x for x, _ in boxes[:4]}) == 2 and len({y for _, y in boxes[:4]}) == 2  # 2x2
    assert not of_class(svg, "rect", "extra_region")  # the ties are the rule's, named below
    assert "also: doppelganger" in svg


def test_a_raw_grid_has_no_house_lines():
    p = read_iss(".Shape~3x5~~Raw.Thermo~R1C1~R1C2.~R2C2_1")
    svg = picture(p)
    root = ET.fromstring(svg)
    assert not [e for e in root.iter() if e.get("stroke-width") == "3"]
    assert len(of_class(svg, "rect", "raw")) == 1  # a thin grey frame
    assert len(re.findall(r'stroke="#9a9a9a"', svg)) == 3 * 4 + 2 * 5  # every inner edge thin
