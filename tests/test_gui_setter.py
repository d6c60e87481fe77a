"""The setter's edit mode in Chromium (static/setter.js): a 6x6 killer drawn from nothing to
uniqueness by pointer alone, then broken by one cage (the differing cells shown with both
values); a thermometer, an arrow, a dot and a little killer by pointer and by keys; export and
re-open in every format; a reload keeps the draft; axe-core in edit mode, light and dark, 1280
and 375 px. Fixtures come from test_gui_browser."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest

from test_gui_browser import (  # noqa: F401  (fixtures: server, browser, page)
    DIALOGS, answer_dialog, browser, page, server)

from playwright.sync_api import expect  # noqa: E402

AXE = Path(__file__).resolve().parent / "node" / "node_modules" / "axe-core" / "axe.min.js"

# A 6x6 killer (boxes 2x3) found for this test: these cages (sums from SOLUTION) make it
# unique; without cage BREAK it has several solutions.
SOLUTION = [1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 2, 3, 1, 5, 6, 4,
            5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4, 5, 6, 4, 5, 3, 1, 2]
CAGES = [[0, 6], [1, 2, 3], [4, 10], [5, 11], [7, 13], [14, 8, 9], [12, 18], [15, 16],
         [17, 23], [19, 25], [20, 26], [21, 27], [22, 28], [24, 30], [29, 35], [31, 32, 33]]
BREAK = 5


def center(page, c: int):
    box = page.locator(f".cell[data-cell='{c}']").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page, cells) -> None:
    page.mouse.move(*center(page, cells[0]))
    page.mouse.down()
    for c in cells[1:]:
        page.mouse.move(*center(page, c), steps=4)
    page.mouse.up()


def verdict(page, state: str) -> None:
    try:
        page.wait_for_function(f"() => document.getElementById('edit-verdict').dataset.state === '{state}'",
                               timeout=30000)
    except Exception:
        raise AssertionError(f"not {state}: {page.text_content('#edit-verdict')!r} on "
                             f"{page.evaluate('draftText()')}") from None


def draft(page) -> dict:
    return page.evaluate("() => JSON.parse(draftText())")


def canon(d: dict) -> list:
    return sorted(json.dumps(c, sort_keys=True) for c in d["constraints"])


def new_draft(page, size: int) -> None:
    page.select_option("#edit-size", str(size))
    page.click("#edit-new")
    expect(page.locator(".cell")).to_have_count(size * size)
    expect(page.locator("#edit-tools")).to_be_visible()


def test_a_6x6_killer_drawn_by_pointer_to_uniqueness_then_broken_by_one_cage(page):
    actions = 0
    new_draft(page, 6)
    actions += 2
    for cage in CAGES:  # the tool is Killer cage from the start
        drag(page, cage)
        for digit in str(sum(SOLUTION[c] for c in cage)):
            page.click(f"#keypad button[data-value='{digit}']")
            actions += 1
        actions += 1
    assert len(draft(page)["constraints"]) == len(CAGES)
    verdict(page, "unique")
    text = page.text_content("#edit-verdict")
    assert "Unique" in text and "sat" in text
    print(f"\n6x6 killer drawn to uniqueness by pointer alone in {actions} actions "
          f"({len(CAGES)} cages, their sums typed on the keypad)")
    expect(page.locator("svg.variant path.cage")).to_have_count(len(CAGES))
    # break it: remove one cage from the list (pointer), see where two solutions differ
    page.click("#setter-card details summary")
    page.click(f"#edit-list button[data-remove='{BREAK}']")
    verdict(page, "multiple")
    differ = page.evaluate("() => E.answer.differ_values")
    assert differ and all(a != b for _, a, b in differ)
    assert set(c for c, _, _ in differ) <= set(CAGES[BREAK]) | set(range(36))
    expect(page.locator(".cell.differ")).to_have_count(len(differ))
    pairs = page.locator("svg.differ-values text").all_text_contents()
    assert sorted(pairs) == sorted(f"{a}|{b}" for _, a, b in differ)
    assert "differ in" in page.text_content("#edit-verdict")
    # undo brings the cage back: unique again
    page.click("#edit-undo")
    verdict(page, "unique")
    expect(page.locator(".cell.differ")).to_have_count(0)


def test_thermometer_arrow_dot_and_little_killer_by_pointer(page):
    new_draft(page, 6)
    page.select_option("#edit-tool", "thermometer")
    drag(page, [0, 1, 2])
    page.select_option("#edit-tool", "arrow")
    drag(page, [6, 7, 8])
    page.select_option("#edit-tool", "difference_dot")
    drag(page, [12, 13])
    page.select_option("#edit-tool", "little_killer")
    drag(page, [5, 10])  # from r1c6 down-left
    page.click("#keypad button[data-value='9']")
    d = draft(page)
    assert {"type": "thermometer", "cells": [0, 1, 2]} in d["constraints"]
    assert {"type": "arrow", "bulb": [6], "shaft": [7, 8]} in d["constraints"]
    assert {"type": "difference_dot", "cells": [12, 13], "difference": 1} in d["constraints"]
    assert {"type": "little_killer", "cells": [5, 10, 15, 20, 25, 30], "total": 9} in d["constraints"]
    expect(page.locator("svg.variant circle.thermo")).to_have_count(1)
    expect(page.locator("svg.variant path.arrow-line")).to_have_count(1)
    expect(page.locator("svg.variant circle.dot")).to_have_count(1)
    expect(page.locator("svg.variant text.little_killer")).to_have_text("9")
    verdict(page, "multiple")


def test_the_same_by_keys_with_undo_and_redo(page):
    new_draft(page, 4)
    page.focus("#board")
    page.select_option("#edit-tool", "thermometer")
    page.focus("#board")
    for key in ["Shift+ArrowRight", "Shift+ArrowRight", "Enter"]:
        page.keyboard.press(key)
    page.select_option("#edit-tool", "arrow")
    page.focus("#board")
    for key in ["ArrowDown", "ArrowLeft", "ArrowLeft", "Shift+ArrowRight", "Shift+ArrowRight", "Enter"]:
        page.keyboard.press(key)
    page.select_option("#edit-tool", "ratio_dot")
    page.focus("#board")
    for key in ["ArrowDown", "Shift+ArrowRight", "Enter"]:
        page.keyboard.press(key)
    page.select_option("#edit-tool", "given")
    page.focus("#board")
    for key in ["ArrowDown", "3"]:
        page.keyboard.press(key)
    d = draft(page)
    assert {"type": "thermometer", "cells": [0, 1, 2]} in d["constraints"]
    assert {"type": "arrow", "bulb": [4], "shaft": [5, 6]} in d["constraints"]
    assert {"type": "ratio_dot", "cells": [10, 11], "ratio": 2} in d["constraints"]
    assert d["givens"] == [[15, 3]]
    page.keyboard.press("Control+z")
    assert draft(page)["givens"] == []
    page.keyboard.press("Control+y")
    assert draft(page)["givens"] == [[15, 3]]
    # a cage's sum typed after Enter; Backspace takes a digit back; Delete removes it
    page.select_option("#edit-tool", "killer_cage")
    page.focus("#board")
    for key in ["ArrowLeft", "Shift+ArrowLeft", "Enter", "1", "2", "Backspace", "7"]:
        page.keyboard.press(key)
    assert {"type": "killer_cage", "cells": [14, 13], "total": 17} in draft(page)["constraints"]
    page.keyboard.press("Delete")
    assert not [c for c in draft(page)["constraints"] if c["type"] == "killer_cage"]
    expect(page.locator("svg.variant circle.dot")).to_have_count(1)


MIXED = {"size": 9, "box": [3, 3], "givens": [[0, 5], [40, 1]], "constraints": [
    {"type": "killer_cage", "cells": [1, 2, 10], "total": 12},
    {"type": "killer_cage", "cells": [20, 21]},
    {"type": "thermometer", "cells": [30, 31, 32]},
    {"type": "arrow", "bulb": [45], "shaft": [46, 47]},
    {"type": "whisper", "cells": [60, 61, 62], "difference": 5},
    {"type": "renban", "cells": [70, 71]},
    {"type": "difference_dot", "cells": [7, 8], "difference": 1},
    {"type": "ratio_dot", "cells": [16, 17], "ratio": 2},
    {"type": "xv", "cells": [25, 26], "total": 10},
    {"type": "little_killer", "cells": [0, 10, 20, 30, 40, 50, 60, 70, 80], "total": 45},
    {"type": "sandwich", "cells": list(range(72, 81)), "total": 10},
    {"type": "anti_king"}]}


@pytest.mark.parametrize("kind", ["fpuzzles", "iss", "json"])
def test_export_and_reopen(page, kind):
    page.evaluate(f"() => startEdit({json.dumps(MIXED)})")
    page.click(f"#export-{kind}")
    expect(page.locator("#export-out")).not_to_have_value("")
    text = page.input_value("#export-out")
    if kind == "fpuzzles":
        assert text.startswith("https://www.f-puzzles.com/?load=")
    if kind == "iss":
        assert text.startswith("https://sigh.github.io/Interactive-Sudoku-Solver/?q=")
    page.evaluate("() => stopEdit()")  # play mode: then open the exported text, it goes to edit
    page.click("#edit-start")
    page.fill("#paste", text)
    page.click("#open")
    page.wait_for_function("() => E.on && E.draft && E.draft.constraints.length > 0")
    back = draft(page)
    assert canon(back) == canon(MIXED)
    assert sorted(map(tuple, back["givens"])) == sorted(map(tuple, MIXED["givens"]))
    assert "&edit=1" in page.evaluate("location.hash")


def test_a_link_opens_to_edit_and_a_reload_keeps_the_draft(browser, server):
    url, _ = server
    pg = browser.new_page(viewport={"width": 1280, "height": 900})
    pg.set_default_timeout(15000)
    DIALOGS.update(accept=True, seen=[])
    pg.on("dialog", answer_dialog)
    try:
        pg.goto(url + "#p=" + quote(json.dumps(MIXED), safe="") + "&edit=1")
        pg.wait_for_function("() => E.on")
        assert canon(draft(pg)) == canon(MIXED)
        pg.select_option("#edit-tool", "odd")
        drag(pg, [80])
        before = draft(pg)
        assert {"type": "odd", "cell": 80} in before["constraints"]
        pg.reload()
        pg.wait_for_function("() => E.on && E.draft")
        assert canon(draft(pg)) == canon(before)
    finally:
        pg.close()


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed (npm install --prefix tests/node axe-core)")
@pytest.mark.parametrize("width,height", [(375, 812), (1280, 900)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_edit_mode_has_no_serious_or_critical_violations(browser, server, width, height, scheme):
    url, _ = server
    pg = browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme)
    pg.set_default_timeout(15000)
    DIALOGS.update(accept=True, seen=[])
    pg.on("dialog", answer_dialog)
    try:
        pg.goto(url)
        expect(pg.locator("#board .cell").first).to_be_visible()
        pg.evaluate(f"() => startEdit({json.dumps(dict(MIXED, givens=[]))})")
        verdict(pg, "multiple")  # the differing cells and their values drawn
        pg.click("#setter-card details summary")
        pg.click("#export-json")
        pg.add_script_tag(path=str(AXE))
        result = pg.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3], v["help"])
               for v in result["violations"] if v["impact"] in ("serious", "critical")]
        assert not bad, bad
    finally:
        pg.close()


def test_regions_painted_by_pointer_and_a_little_killer_by_keys(page):
    new_draft(page, 4)
    page.select_option("#edit-tool", "region")
    drag(page, [2, 1])  # r1c2 joins the top-right box: 3 and 5 cells, said so
    expect(page.locator("#edit-said")).to_contain_text("a jigsaw needs 4")
    drag(page, [5, 6])  # r2c3 joins the top-left region: 4 and 4 again
    regions = sorted(sorted(r) for r in draft(page)["regions"])
    assert regions == [[0, 4, 5, 6], [1, 2, 3, 7], [8, 9, 12, 13], [10, 11, 14, 15]]
    assert draft(page)["box"] is None
    expect(page.locator("svg.variant path.region")).to_have_count(1)
    verdict(page, "multiple")
    page.select_option("#edit-tool", "little_killer")
    page.focus("#board")
    for key in ["Escape", "ArrowUp", "ArrowLeft", "ArrowLeft", "Enter", "1", "0"]:
        page.keyboard.press(key)
    assert {"type": "little_killer", "cells": [0, 5, 10, 15], "total": 10} in draft(page)["constraints"]
    expect(page.locator("svg.variant text.little_killer")).to_have_text("10")


def test_no_solution_says_what_each_paradigm_found(page):
    new_draft(page, 4)
    page.evaluate("() => { setGiven(0, 1); setGiven(1, 1); }")
    verdict(page, "none")
    said = page.text_content("#edit-differ")
    assert "sat: no solution" in said and "cpsat: no solution" in said
    # which rules cannot hold together: the two givens, named, their cells outlined
    words = page.text_content("#edit-verdict")
    assert "given 1 at R1C1" in words and "given 1 at R1C2" in words, words
    assert "remove any one and the rest has a solution" in words
    expect(page.locator(".cell.conflict")).to_have_count(2)
    page.evaluate("() => setGiven(1, 2)")  # mended: the outline goes
    verdict(page, "multiple")
    expect(page.locator(".cell.conflict")).to_have_count(0)


def test_quadruple_minimum_and_a_negative_rule(page):
    new_draft(page, 6)
    page.select_option("#edit-tool", "quadruple")
    page.mouse.click(*center(page, 7))
    page.click("#keypad button[data-value='1']")
    page.click("#keypad button[data-value='3']")
    page.select_option("#edit-tool", "minimum")
    page.mouse.click(*center(page, 20))
    page.check("#edit-g-negative_dots")
    d = draft(page)["constraints"]
    assert {"type": "quadruple", "cells": [7, 8, 13, 14], "values": [1, 3]} in d
    assert {"type": "minimum", "cells": [20]} in d
    assert {"type": "negative_dots", "white": True, "black": True} in d
    expect(page.locator("svg.variant text.quad-label")).to_have_text("13")
    page.uncheck("#edit-g-negative_dots")
    assert not [c for c in draft(page)["constraints"] if c["type"] == "negative_dots"]
    verdict(page, "multiple")


# -- every other type of the model, from its catalogue (gui/catalogue.py) -------------------
#: per catalogue type: the cells dragged (6x6), the digits typed, the constraint expected.
CATALOGUE_DRAWN = {
    "rellik_cage": ([0, 1, 2], "4", {"cells": [0, 1, 2], "total": 4}),
    "sum": ([6, 7, 13], "12", {"cells": [6, 7, 13], "total": 12, "weights": []}),
    "sum_line": ([18, 19, 20, 21], "5", {"cells": [18, 19, 20, 21], "total": 5, "loop": False}),
    "lunchbox": ([24, 25, 26, 27, 28, 29], "7", {"cells": [24, 25, 26, 27, 28, 29], "total": 7}),
    "equality_cage": ([30, 31, 32, 33], "", {"cells": [30, 31, 32, 33]}),
    "counting_circles": ([3, 10, 17], "", {"cells": [3, 10, 17]}),
    "count_distinct": ([5, 11, 17, 23], "", {"cell": 5, "cells": [11, 17, 23]}),
    "contain_exact": ([34, 35], "12", {"cells": [34, 35], "values": [1, 2]}),
    "clone": ([14, 15, 8, 9], "", {"cells": [14, 15], "copy": [8, 9]}),
    "candidates": ([4], "56", {"cell": 4, "values": [5, 6]}),
}


def test_every_other_type_is_drawn_from_the_catalogue_and_read_back(page):
    """A type with no tool of its own is offered from the model's catalogue: drawn by
    pointer and keys, its rule as the option's title, exported as the project's JSON and
    ISS and read back identical; the global ones are switches."""
    from sudoku_cp.gui.catalogue import catalogue

    offered = {g["type"] for g in catalogue() if g["shape"] and g["shape"] != "global"}
    new_draft(page, 6)
    options = page.eval_on_selector_all("#edit-tool optgroup[label='More types'] option",
                                        "os => os.map(o => [o.value, o.title])")
    assert {t for t, _ in options} >= set(CATALOGUE_DRAWN) and all(title for _, title in options)
    assert {t for t, _ in options} <= offered
    for kind, (cells, typed, fields) in CATALOGUE_DRAWN.items():
        page.select_option("#edit-tool", kind)
        drag(page, cells) if len(cells) > 1 else page.click(f".cell[data-cell='{cells[0]}']")
        for ch in typed:
            page.click(f"#keypad button[data-value='{ch}']")
        got = [c for c in draft(page)["constraints"] if c["type"] == kind]
        assert got == [{"type": kind, **fields}], (kind, got)
    page.check("#edit-g-global_mod")
    drawn = draft(page)
    assert {"type": "global_mod"} in drawn["constraints"]
    reopen(page, "json", drawn)
    page.click("#export-iss")  # ISS has no clones as the project reads them: said, not dropped
    expect(page.locator("#export-said")).to_contain_text("clone")
    assert page.input_value("#export-out") == ""
    page.evaluate("() => { change((d) => { d.constraints = d.constraints.filter("
                  "(x) => x.type !== 'clone' && x.type !== 'global_mod'); }); }")
    reopen(page, "iss", draft(page))


def reopen(page, fmt: str, drawn: dict) -> None:
    """Export the draft as ``fmt``, open the text again, and find the same constraints."""
    page.click(f"#export-{fmt}")
    expect(page.locator("#export-out")).not_to_have_value("")
    text = page.input_value("#export-out")
    page.evaluate("() => stopEdit()")
    page.click("#edit-start")
    page.fill("#paste", text)
    page.click("#open")
    page.wait_for_function("() => E.on && E.draft && E.draft.constraints.length > 5")
    assert canon(draft(page)) == canon(drawn), fmt


def test_a_pill_arrow_by_pointer(page):
    new_draft(page, 6)
    page.select_option("#edit-tool", "pill_arrow")
    drag(page, [0, 1, 7, 8])  # default: a two-cell bulb
    page.fill("#edit-value", "3")
    page.dispatch_event("#edit-value", "change")
    drag(page, [18, 19, 20, 26, 32])
    arrows = [c for c in draft(page)["constraints"] if c["type"] == "arrow"]
    assert arrows == [{"type": "arrow", "bulb": [0, 1], "shaft": [7, 8]},
                      {"type": "arrow", "bulb": [18, 19, 20], "shaft": [26, 32]}]
    expect(page.locator("svg.variant path.arrow-line")).to_have_count(2)
