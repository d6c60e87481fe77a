"""Hint, Solve path and Grade of variant puzzles on the page, in Chromium: the step's cage
or line outlined on the board, its eliminations shown, its sentence in words, Apply.
Puzzles from tests/data/page_variants.jsonl; fixtures from test_gui_browser.

The hint pictures are written to the test's own folder; with ``SUDOKU_CP_SHOTS=docs``
they go to docs/ (docs/gui_variant_hint*.png were taken so)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from test_gui_browser import browser, page, server  # noqa: F401  (fixtures)

from playwright.sync_api import expect  # noqa: E402

from sudoku_cp.variants.formats import read_entry  # noqa: E402

HERE = Path(__file__).resolve().parent
PUZZLES = {d["id"]: d for d in map(json.loads, (HERE / "data" / "page_variants.jsonl")
                                   .read_text().splitlines())}
KILLER = PUZZLES["iss-examples-17"]
THERMO = PUZZLES["iss-examples-3"]
#: a puzzle whose only rule has no step logic yet (ISS's Or example; the file says more)
NO_LOGIC = {"puzzle": (Path(__file__).parent / "data" / "no_step_logic.txt").read_text()
            .splitlines()[-1]}


@pytest.fixture
def shots(tmp_path) -> Path:
    """Where the pictures go (see the module docstring)."""
    chosen = os.environ.get("SUDOKU_CP_SHOTS")
    return HERE.parent / chosen if chosen else tmp_path


def open_variant(page, record) -> None:
    page.fill("#paste", record["puzzle"])
    page.click("#open")
    expect(page.locator("svg.variant")).to_have_count(1)


def hint_to_the_step(page) -> None:
    """Hint, then the two further levels: where to look, the cells, the whole step."""
    page.click("#hint")
    expect(page.locator("#step")).to_have_attribute("data-level", "1", timeout=60000)
    page.click("#more")
    expect(page.locator("#step")).to_have_attribute("data-level", "2")
    page.click("#more")
    expect(page.locator("#step-text")).to_be_visible()


def outlined(page) -> list[dict]:
    return page.evaluate("""() => [...document.querySelectorAll('svg.hint-shapes [data-index]')]
        .map((e) => ({tag: e.tagName, type: e.dataset.type, index: Number(e.dataset.index)}))""")


def test_hint_on_a_killer_outlines_the_cage_and_says_its_combinations(page, shots):
    open_variant(page, KILLER)
    expect(page.locator("#hint")).to_be_enabled()
    page.click("#hint")
    look = page.locator("#step-look")
    expect(look).to_contain_text("Cage at r", timeout=60000)  # as ISS calls it
    assert outlined(page) == []  # level 1 says where to look, nothing drawn yet
    page.click("#more")
    shapes = outlined(page)
    assert shapes and all(s["type"] == "killer_cage" for s in shapes)
    cage = read_entry(KILLER["puzzle"]).puzzle.constraints[shapes[0]["index"]]
    step = page.evaluate("() => S.step")
    assert set(step["cells"]) <= set(cage.cells)
    for c in cage.cells:
        expect(page.locator(f".cell[data-cell='{c}']")).to_have_class(re.compile(r"\bhint-cell\b"))
    page.click("#more")
    text = page.locator("#step-text").inner_text()
    assert f"Cage {cage.total} at" in text and "combinations" in text and "cannot be" in text
    expect(page.locator("#step .meta")).to_contain_text("rule: Cage")
    expect(page.locator(".cands span.elim").first).to_be_visible()  # the eliminations shown
    page.locator("#board").screenshot(path=str(shots / "gui_variant_hint.png"))
    page.locator("main").screenshot(path=str(shots / "gui_variant_hint_page.png"))
    solution = KILLER["cells"]
    page.click("#apply")
    expect(page.locator("#applied")).to_be_visible()
    excluded = page.evaluate("() => [...S.excluded]")
    assert excluded and all(solution[int(k.split(":")[0])] != int(k.split(":")[1])
                            for k in excluded)


def test_hint_on_a_thermometer_puzzle_draws_the_line_and_names_the_thermo(page, shots):
    open_variant(page, THERMO)
    hint_to_the_step(page)
    shapes = outlined(page)
    assert [s["type"] for s in shapes] == ["thermometer"] and shapes[0]["tag"] == "path"
    expect(page.locator("#step-title")).to_have_text("Thermometer")
    expect(page.locator("#step-text")).to_contain_text("values rise from the bulb")
    expect(page.locator("#step .meta")).to_contain_text("rule: Thermo")
    page.locator("#board").screenshot(path=str(shots / "gui_variant_hint_thermo.png"))
    first = page.evaluate("() => S.step.text")
    page.click("#apply")
    page.click("#hint")  # the next hint starts from the position the first one left
    expect(page.locator("#step")).to_be_visible(timeout=60000)
    assert page.evaluate("() => S.step.text") != first


def test_the_hint_starts_from_the_players_values_and_a_wrong_one_is_named(page):
    open_variant(page, THERMO)
    solution = THERMO["cells"]
    givens = page.evaluate("() => S.givens.slice()")
    open_cells = [c for c, v in enumerate(givens) if not v]
    wrong_cell = open_cells[0]
    page.locator(f".cell[data-cell='{wrong_cell}']").click()
    page.keyboard.press(str(solution[wrong_cell] % 9 + 1))
    page.click("#hint")
    expect(page.locator("#failure")).to_contain_text("contradicts the solution", timeout=60000)
    expect(page.locator(f".cell[data-cell='{wrong_cell}']")).to_have_class(re.compile(r"\bwrong\b"))


def test_solve_path_and_grade_of_a_killer(page):
    open_variant(page, KILLER)
    page.click("#grade")
    expect(page.locator("#grade-result")).to_contain_text("Level", timeout=60000)
    expect(page.locator("#grade-result")).to_contain_text("hardest technique: Cage combinations")
    page.click("#show-path")
    expect(page.locator("#path-summary")).to_contain_text("steps from here", timeout=60000)
    items = page.locator("#path-list li")
    assert items.count() > 50
    items.nth(3).locator("button").click()
    expect(page.locator("#step-text")).to_be_visible()
    expect(page.locator("#apply")).to_be_disabled()  # only the first step applies here


def test_a_rule_without_step_logic_is_named(page):
    open_variant(page, NO_LOGIC)  # (no given, no other rule: no step at all)
    page.click("#hint")
    expect(page.locator("#no-step")).to_contain_text("no step logic for Or",
                                                     timeout=60000)
