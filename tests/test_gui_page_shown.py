"""Grids the board cannot play, on the page in Chromium (issue 37): a non-square grid (ISS's
``Shape~RxC``), cells beyond the grid (ISS's ``Var``, Doppelganger's cells) and a raw grid
(no houses) are shown read-only as the server's picture, rows by columns, extra cells below
the grid; Check and Solve work on them end to end and draw the solution in the picture.
Fixtures come from test_gui_browser."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from test_gui_browser import (  # noqa: F401  (fixtures: server, browser, page)
    TOP95, browser, open_text, page, server)

from playwright.sync_api import expect  # noqa: E402

from sudoku_cp.variants.formats import read_entry  # noqa: E402
from sudoku_cp.variants.paradigms import solve  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402

HERE = Path(__file__).resolve().parent
#: Unique puzzles of each kind (givens added to the rules until one solution is left).
NON_SQUARE = (".Shape~4x6.Thermo~R1C1~R1C2~R2C3~R3C4.Cage~14~R4C5~R4C6~R3C6.BlackDot~R2C5~R2C6"
              ".Arrow~R3C1~R4C2~R4C3.~R1C4_6~R2C6_4~R3C6_3")
VAR = ".Shape~4x4.Var~A~~2.Thermo~VA1~R1C1~R1C2.Cage~7~VA2~R4C4.Whisper~3~VA1~VA2.~R2C2_3~R3C3_4"
RAW = (".Shape~3x4~~Raw.Thermo~R1C1~R1C2~R1C3~R1C4.Cage~10~R2C1~R2C2~R2C3~R2C4"
       ".Renban~R3C1~R3C2~R3C3.~R2C2_3~R2C4_1~R3C1_3~R3C3_1~R3C4_1~R2C3_2")
DOPPELGANGER = next(d for d in map(json.loads, (HERE / "data" / "page_variants.jsonl")
                                   .read_text().splitlines()) if d["id"] == "iss-examples-47")
SVG = "{http://www.w3.org/2000/svg}"
CELL, MARGIN = 40, 40  # (display.CELL, display.MARGIN: a cell's side and the frame's margin)
SHOTS = Path("out") / "page_shots"


def solution(text):
    """The one solution of ``text``, confirmed by the independent checker."""
    puzzle = read_entry(text).puzzle
    r = solve(puzzle, "cpsat", limit=2, time_limit=60)
    assert len(r.solutions) == 1 and not check_solution(puzzle, r.solutions[0])
    return puzzle, r.solutions[0]


def picture(page):
    return ET.fromstring(page.locator("#shown-picture > svg").evaluate("s => s.outerHTML"))


def written(svg) -> dict:
    """(x, y) of each value written in the picture's cells (givens and solution) -> the value."""
    return {(float(t.get("x")), float(t.get("y"))): int(t.text) for t in svg.iter(f"{SVG}text")
            if t.get("class") in ("given", "solved")}


def grid_values(svg, rows, cols) -> list[int | None]:
    """The value written in each grid cell, read by where it stands (row by row)."""
    at = written(svg)
    return [at.get((MARGIN + c * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2 + 7))
            for r in range(rows) for c in range(cols)]


def open_shown(page, text, what):
    page.fill("#paste", text)
    page.click("#open")
    expect(page.locator("#shown")).to_be_visible()
    expect(page.locator("#shown-note")).to_contain_text(what)
    expect(page.locator(".board-wrap")).to_be_hidden()


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_a_non_square_grid_is_drawn_rows_by_columns_checked_and_its_solution_drawn(page):
    puzzle, sol = solution(NON_SQUARE)
    open_shown(page, NON_SQUARE, "a non-square 4x6 grid")
    svg = picture(page)
    assert svg.get("width") == str(2 * MARGIN + 6 * CELL)  # six columns across
    # the thermometer lands on R1C1, R1C2, R2C3, R3C4 of a grid six cells wide
    tube = next(p for p in svg.iter(f"{SVG}polyline") if p.get("stroke") == "#c8c8c8")
    centres = [(MARGIN + c * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2)
               for r, c in ((0, 0), (0, 1), (1, 2), (2, 3))]
    assert tube.get("points") == " ".join(f"{x:.1f},{y:.1f}" for x, y in centres)
    assert grid_values(svg, 4, 6) == [dict(puzzle.givens).get(c) for c in range(24)]
    expect(page.locator("#hint")).to_be_hidden()
    page.click("#check")
    expect(page.locator("#verdict")).to_contain_text("exactly one solution", ignore_case=True)
    expect(page.locator("#shown-solved")).to_be_visible()
    assert grid_values(picture(page), 4, 6) == list(sol)
    shot(page, "non_square_checked")


def test_extra_cells_are_drawn_below_the_grid_and_solve_fills_them(page):
    puzzle, sol = solution(VAR)
    open_shown(page, VAR, "cells beyond the grid")
    svg = picture(page)
    labels = [t.text for t in svg.iter(f"{SVG}text") if t.get("class") == "extra-label"]
    assert labels == ["VA [2]"]
    boxes = [(float(r.get("x")), float(r.get("y"))) for r in svg.iter(f"{SVG}rect")
             if r.get("class") == "extra-cell"]
    below = MARGIN + 4 * CELL
    assert len(boxes) == 2 and all(y > below for _, y in boxes)  # under the grid, side by side
    assert boxes[1] == (boxes[0][0] + CELL, boxes[0][1])
    page.click("#solve")
    expect(page.locator("#solved")).to_be_visible()
    svg = picture(page)
    at = written(svg)
    assert grid_values(svg, 4, 4) == list(sol[:16])
    assert [at[(x + CELL / 2, y + CELL / 2 + 7)] for x, y in boxes] == list(sol[16:])
    shot(page, "var_cells_solved")


def test_a_raw_grid_has_no_house_lines_and_is_checked(page):
    puzzle, sol = solution(RAW)
    open_shown(page, RAW, "a raw grid (no houses)")
    svg = picture(page)
    assert not [e for e in svg.iter() if e.get("stroke-width") == "3"]  # no box or frame line
    page.click("#check")
    expect(page.locator("#verdict")).to_contain_text("exactly one solution", ignore_case=True)
    assert grid_values(picture(page), 3, 4) == list(sol)
    page.click("#count")
    expect(page.locator("#count-result")).to_contain_text("Exactly one solution")
    shot(page, "raw_checked")
    open_text(page, TOP95)  # a classic puzzle brings the board back
    expect(page.locator("#shown")).to_be_hidden()
    expect(page.locator(".board-wrap")).to_be_visible()
    expect(page.locator("#hint")).to_be_visible()


def test_doppelganger_cells_sit_in_iss_blocks_and_the_editor_says_read_only(page):
    open_shown(page, DOPPELGANGER["puzzle"], "cells beyond the grid")
    svg = picture(page)
    labels = [t.text for t in svg.iter(f"{SVG}text") if t.get("class") == "extra-label"]
    assert labels == ["DGB [9]", "DGC [9]", "DGR [9]", "DGZ [1]"]  # ISS's groups, by name
    boxes = [(float(r.get("x")), float(r.get("y"))) for r in svg.iter(f"{SVG}rect")
             if r.get("class") == "extra-cell"]
    assert len({x for x, _ in boxes[:9]}) == 3  # the box cells three wide, as a box
    assert len({x for x, _ in boxes[9:18]}) == 9  # a row's worth for the column cells
    expect(page.locator("#edit-start")).to_be_hidden()
    note = page.locator("#setter-card > .actions").evaluate(
        "a => getComputedStyle(a, '::after').content")
    assert "read-only" in note
    shot(page, "doppelganger_shown")


def test_a_two_solution_non_square_grid_names_the_cells_that_differ(page):
    text = re.sub(r"\.~.*$", "", NON_SQUARE)  # the rules without their givens
    open_shown(page, text, "non-square")
    page.click("#solve")
    expect(page.locator("#count-result")).to_contain_text("several solutions")
    expect(page.locator("#output")).to_contain_text(re.compile(r"differ in R\dC\d"))
    assert not [t for t in picture(page).iter(f"{SVG}text") if t.get("class") == "solved"]
