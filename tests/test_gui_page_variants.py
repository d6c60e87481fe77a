"""Variant puzzles on the page, in Chromium: opened (Open, a #p= link), drawn, played with
clashes, checked, solved, counted, and "All possibilities". Puzzles from
tests/data/page_variants.jsonl (copied from the shared set; each record names its source).
Fixtures come from test_gui_browser."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from test_gui_browser import (  # noqa: F401  (fixtures: server, browser, page)
    DIALOGS, TOP95, answer_dialog, browser, cell, open_text, page, server)

from playwright.sync_api import expect  # noqa: E402

from sudoku_cp.variants.formats import read_entry  # noqa: E402

HERE = Path(__file__).resolve().parent
PUZZLES = {d["id"]: d for d in map(json.loads, (HERE / "data" / "page_variants.jsonl")
                                   .read_text().splitlines())}
KILLER = PUZZLES["iss-examples-17"]
THERMO = PUZZLES["iss-examples-3"]
ARROW = PUZZLES["iss-examples-23"]
JIGSAW = PUZZLES["iss-examples-48"]
FPUZZLES = PUZZLES["dclamage-uniqueVariantFPuzzles-5"]
UNSUPPORTED = {"puzzle": ".Shape~9x9~0-9.GlobalMod.~R1C1_1"}  # ISS's GlobalMod takes nine values only
SEVEN = PUZZLES["dclamage-uniqueVariantFPuzzles-23"]  # 7x7, irregular regions, no boxes
DOUBLE = PUZZLES["iss-examples-24"]  # double arrows whose end circles hold givens
LITTLE = PUZZLES["iss-examples-35"]  # little killer clues on all four sides
PENCIL = PUZZLES["iss-examples-2"]  # "Pencilmark sudoku": given candidates, no givens
BLISTER = PUZZLES["dclamage-uniqueVariantFPuzzles-9"]  # killer cages and little killers
AXE = HERE / "node" / "node_modules" / "axe-core" / "axe.min.js"


def open_variant(page, record) -> None:
    page.fill("#paste", record["puzzle"])
    page.click("#open")
    expect(page.locator("svg.variant")).to_have_count(1)


def of_type(record, name):
    return [c for c in read_entry(record["puzzle"]).puzzle.constraints if c.TYPE == name]


def board_values(page) -> list[int]:
    return page.evaluate("() => S.values.slice()")


def test_a_killer_is_drawn_with_dashed_cages_and_their_sums(page):
    open_variant(page, KILLER)
    cages = of_type(KILLER, "killer_cage")
    expect(page.locator("svg.variant path.cage")).to_have_count(len(cages))
    sums = page.locator("svg.variant text.cage-sum").all_text_contents()
    assert sorted(map(int, sums)) == sorted(c.total for c in cages)
    dash = page.locator("svg.variant path.cage").first.evaluate(
        "p => getComputedStyle(p).strokeDasharray")
    assert dash not in ("", "none")
    expect(page.locator("#hint")).to_be_enabled()  # the variant logic engine hints (vhint.js)


def test_a_link_opens_a_thermometer_puzzle_and_a_reload_keeps_the_game(browser, server):
    url, _ = server
    pg = browser.new_page(viewport={"width": 1280, "height": 900})
    pg.set_default_timeout(15000)
    DIALOGS.update(accept=True, seen=[])
    pg.on("dialog", answer_dialog)
    try:
        pg.goto(url + "#p=" + quote(THERMO["puzzle"], safe=""))
        expect(pg.locator("svg.variant")).to_have_count(1)
        thermos = of_type(THERMO, "thermometer")
        expect(pg.locator("svg.variant circle.thermo")).to_have_count(len(thermos))
        expect(pg.locator("svg.variant path.thermo-line")).to_have_count(len(thermos))
        empty = next(c for c, v in enumerate(THERMO["cells"]) if not pg.evaluate(f"S.givens[{c}]"))
        cell(pg, empty).click()
        pg.keyboard.press(str(THERMO["cells"][empty]))
        pg.reload()
        expect(pg.locator("svg.variant circle.thermo")).to_have_count(len(thermos))
        assert board_values(pg)[empty] == THERMO["cells"][empty]
    finally:
        pg.close()


def test_arrows_lines_dots_and_a_jigsaw_are_drawn(page):
    open_variant(page, FPUZZLES)
    arrows = of_type(FPUZZLES, "arrow")
    expect(page.locator("svg.variant path.arrow-line")).to_have_count(len(arrows))
    expect(page.locator("svg.variant circle.arrow-bulb")).to_have_count(
        sum(len(a.bulb) == 1 for a in arrows))
    expect(page.locator("#variant-rules")).to_contain_text("anti-king")
    open_variant(page, JIGSAW)
    expect(page.locator("svg.variant path.region")).to_have_count(1)
    expect(page.locator(".cell.br")).to_have_count(0)  # the box borders give way to the regions


def test_a_seven_by_seven_without_boxes_opens_and_shows_every_candidate(page):
    open_variant(page, SEVEN)  # a side with no box shape used to throw while opening
    expect(page.locator(".cell")).to_have_count(49)
    expect(page.locator("#gen-info")).to_contain_text("7×7 variant")
    assert page.evaluate("S.houses.length") == 3 * 7  # rows, columns, the seven regions
    page.click("#show-candidates")
    shown = page.evaluate("[...S.cells[0].querySelectorAll('.cands span')].map(s => s.textContent)")
    assert [v for v in shown if v] == [str(v) for v in range(1, 8)]
    cell(page, 8).click()
    page.keyboard.press("7")
    assert board_values(page)[8] == 7


def test_a_given_inside_a_drawn_circle_is_painted_over_it(page):
    open_variant(page, DOUBLE)
    givens = dict(read_entry(DOUBLE["puzzle"]).puzzle.givens)
    ends = [c for line in of_type(DOUBLE, "double_arrow") for c in (line.cells[0], line.cells[-1])
            if c in givens]
    assert ends
    page.evaluate("document.querySelector('svg.variant').style.pointerEvents = 'auto'")
    for c in ends:  # the topmost thing at the cell's centre: the value, not the circle's fill
        top = page.evaluate("""(c) => { const r = S.cells[c].getBoundingClientRect();
            const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return [e.tagName.toLowerCase(), e.textContent]; }""", c)
        assert top == ["span", str(givens[c])], (c, top)


def test_clues_outside_the_grid_have_room_of_their_own(page):
    open_variant(page, LITTLE)
    expect(page.locator("svg.variant text.outside")).to_have_count(
        len(of_type(LITTLE, "little_killer")))
    for width, height in ((1180, 900), (375, 667)):  # beside the panels; a phone
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)  # the resize handler sizes the board
        problems = page.evaluate("""() => {
            const box = (e) => e.getBoundingClientRect();
            const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom
                && b.top < a.bottom;
            const wrap = box(document.querySelector('.board-wrap'));
            const others = [...document.querySelectorAll('.collabels span, .rowlabels span')]
                .map(box).concat([box(document.getElementById('keypad'))]);
            return [...document.querySelectorAll('svg.variant text.outside')].map(box)
                .filter((t) => others.some((o) => hit(t, o)) || t.left < wrap.left
                    || t.right > wrap.right || t.top < wrap.top || t.bottom > wrap.bottom)
                .map((t) => [t.left, t.top]); }""")
        assert problems == [], (width, problems)  # on a label, the keypad or off the board's frame


def test_a_printed_board_keeps_its_outside_clues_on_the_page(page):
    open_variant(page, LITTLE)
    page.emulate_media(media="print")  # the row and column labels are not printed
    mm = page.evaluate("""() => { const d = document.createElement('div');
        d.style.width = '100mm'; document.body.appendChild(d); const w = d.offsetWidth; d.remove();
        return w / 100; }""")
    wrap, outside = page.evaluate("""() => [document.querySelector('.board-wrap'),
        ...document.querySelectorAll('svg.variant text.outside')].map((e) => {
            const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })
        .reduce((acc, r, i) => (i ? (acc[1].push(r), acc) : [r, []]), null)""")
    assert (wrap[2] - wrap[0]) / mm <= 180, "A4 leaves 180 mm"
    for box in outside:  # every clue inside the printed frame, none in the page's margin
        assert wrap[0] <= box[0] and box[2] <= wrap[2] and wrap[1] <= box[1] and box[3] <= wrap[3], box


def test_on_a_phone_the_rules_without_a_picture_are_named_under_the_board(page):
    page.set_viewport_size({"width": 375, "height": 667})
    open_variant(page, LITTLE)
    expect(page.locator("#variant-rules")).to_contain_text("disjoint groups")
    rules = page.locator("#variant-rules").bounding_box()
    board = page.locator("#board").bounding_box()
    assert rules["y"] >= board["y"] + board["height"], (rules, board)


def test_given_candidates_are_written_in_their_cells_and_followed(page):
    open_variant(page, PENCIL)  # its only clues: without them the board is blank
    expect(page.locator("#variant-rules")).not_to_contain_text("candidates")
    given = {c.cell: sorted(c.values) for c in of_type(PENCIL, "candidates")}
    assert given[0] == [1, 2]
    expect(cell(page, 0).locator(".cands span.allowed")).to_have_text(["1", "2"])
    expect(page.locator(".cands span.allowed")).to_have_count(sum(map(len, given.values())))
    cell(page, 0).click()
    page.keyboard.press("5")  # not one of r1c1's candidates
    expect(cell(page, 0)).to_have_class(re.compile(r"\bclash\b"))
    page.keyboard.press("1")
    expect(page.locator(".cell.clash")).to_have_count(0)
    page.click("#show-candidates")
    shown = page.evaluate("[...S.cells[10].querySelectorAll('.cands span')].map(s => s.textContent)")
    assert set(filter(None, shown)) <= {str(v) for v in given[10]}, shown


def test_a_cages_sum_leaves_every_candidate_of_its_cell_in_sight(page):
    open_variant(page, KILLER)
    page.click("#show-candidates")  # an empty board: every cell shows candidates
    covered = page.evaluate("""() => {
        const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom
            && b.top < a.bottom;
        const labels = [...document.querySelectorAll('svg.variant rect.cage-back')]
            .map((r) => r.getBoundingClientRect());
        return [...document.querySelectorAll('.cands span')].filter((s) => s.textContent)
            .filter((s) => { const box = s.getBoundingClientRect();
                // the glyph's own box: the span is a flex box a third of the cell wide
                const h = parseFloat(getComputedStyle(s).fontSize) * 0.7, mid = (box.top + box.bottom) / 2;
                const w = h * 0.6, x = (box.left + box.right) / 2;
                const glyph = {left: x - w / 2, right: x + w / 2, top: mid - h / 2, bottom: mid + h / 2};
                return labels.some((l) => hit(glyph, l)); })
            .map((s) => [s.closest('.cell').dataset.cell, s.textContent]); }""")
    assert covered == [], covered  # a candidate under a sum would look ruled out


def test_cage_sums_and_outside_clues_stay_readable_on_a_phone(page):
    open_variant(page, BLISTER)
    page.set_viewport_size({"width": 375, "height": 667})  # the drawing follows the resize
    expect(page.locator("svg.variant text.cage-sum")).to_have_count(
        len(of_type(BLISTER, "killer_cage")))
    heights = page.evaluate("""() => ['text.cage-sum', 'text.outside'].map((s) => Math.min(
        ...[...document.querySelectorAll('svg.variant ' + s)]
            .map((t) => t.getBoundingClientRect().height)))""")
    assert heights[0] >= 9 and heights[1] >= 10.5, heights  # px; 0.22 of a 30 px cell is 6.6


DOTS = {"size": 4, "values": [1, 4], "box": [2, 2], "regions": None, "givens": [], "constraints": [
    {"type": "ratio_dot", "cells": [0, 1], "ratio": 3},
    {"type": "difference_dot", "cells": [4, 5], "difference": 2}]}


def test_a_dots_own_ratio_or_difference_can_be_read_on_it(page):
    open_variant(page, {"puzzle": json.dumps(DOTS)})
    colours = page.evaluate("""() => [...document.querySelectorAll('svg.variant text.dot-label')]
        .map((t) => [t.textContent, getComputedStyle(t).fill,
                     getComputedStyle(t.previousElementSibling).fill])""")
    assert sorted(c[0] for c in colours) == ["2", "3"]
    for label, ink, dot in colours:  # the number in another colour than its dot
        assert ink != dot, (label, ink, dot)


def test_quadruples_and_dot_numbers_stay_readable_on_a_phone(page):
    small = {**DOTS, "size": 9, "values": [1, 9], "box": [3, 3], "constraints": [
        *DOTS["constraints"], {"type": "quadruple", "cells": [10, 11, 19, 20], "values": [1, 2, 5, 6]}]}
    page.set_viewport_size({"width": 375, "height": 667})
    open_variant(page, {"puzzle": json.dumps(small)})
    heights = page.evaluate("""() => [...document.querySelectorAll(
        'svg.variant text.quad-label, svg.variant text.dot-label')]
        .map((t) => t.getBoundingClientRect().height)""")
    assert len(heights) == 3 and min(heights) >= 8, heights  # px; 0.16 of a 35 px cell is 5.6


def test_clashes_follow_the_cage_sums_and_the_thermometers(page):
    open_variant(page, KILLER)
    cage = next(c for c in of_type(KILLER, "killer_cage") if c.total <= 5)
    first = cage.cells[0]
    cell(page, first).click()
    page.keyboard.press(str(cage.total + 1))  # alone already over the cage's sum
    expect(cell(page, first)).to_have_class(re.compile(r"\bclash\b"))
    page.keyboard.press("Backspace")
    expect(page.locator(".cell.clash")).to_have_count(0)
    open_variant(page, THERMO)
    thermo = next(t for t in of_type(THERMO, "thermometer")
                  if not any(page.evaluate(f"S.givens[{c}]") for c in t.cells[:2]))
    a, b = thermo.cells[:2]
    cell(page, a).click()
    page.keyboard.press("5")
    cell(page, b).click()
    page.keyboard.press("3")  # a thermometer rises from its bulb
    expect(page.locator(".cell.clash")).to_have_count(2)


def test_check_runs_every_paradigm_and_names_a_wrong_value(page):
    open_variant(page, ARROW)
    wrong_cell = next(c for c in range(81) if not page.evaluate(f"S.givens[{c}]"))
    cell(page, wrong_cell).click()
    page.keyboard.press(str(ARROW["cells"][wrong_cell] % 9 + 1))
    page.click("#check")  # (a first check starts the worker's imports: more than 5 s on a loaded machine)
    expect(page.locator("#verdict")).to_contain_text("Exactly one solution", timeout=30000)
    assert page.locator("#backends tbody tr").count() >= 2
    expect(page.locator("#wrong")).to_be_visible()


@pytest.mark.parametrize("record", [KILLER, FPUZZLES], ids=lambda r: r["id"])
def test_solve_fills_the_stated_solution(page, record):
    open_variant(page, record)
    page.click("#solve")
    expect(page.locator("#solved")).to_be_visible()
    assert board_values(page) == record["cells"]


def test_count_on_a_puzzle_with_several_solutions(page):
    text = "." + ".".join(p for p in THERMO["puzzle"].split(".") if p.startswith("Thermo"))
    open_variant(page, {"puzzle": text})
    page.click("#count")
    expect(page.locator("#count-result")).to_contain_text("At least two solutions")
    assert page.locator(".cell.differ").count() > 0


def test_all_possibilities_on_a_unique_puzzle_are_the_solution(page):
    open_variant(page, ARROW)
    page.click("#possible")
    expect(page.locator("#possible-result")).to_contain_text("exactly one possible value")
    shown = page.evaluate("""() => S.cells.map(d => {
        const c = d.querySelector('.cands');
        return c ? [...c.children].map(s => s.textContent).filter(Boolean) : null; })""")
    for c, values in enumerate(shown):
        if values is not None:  # an empty cell: its one candidate is its solution value
            assert values == [str(ARROW["cells"][c])], (c, values)
    assert sum(v is not None for v in shown) == 81 - len(read_entry(ARROW["puzzle"]).puzzle.givens)


def test_an_unsupported_constraint_is_named_and_the_game_stays(page):
    open_text(page, TOP95)
    page.fill("#paste", UNSUPPORTED["puzzle"])
    page.click("#open")
    expect(page.locator("#paste-error")).to_contain_text("Unsupported constraint GlobalMod (values 0..9")
    expect(page.locator("svg.variant")).to_have_count(0)
    assert page.evaluate("lineOf(S.givens)") == TOP95


def test_a_classic_puzzle_after_a_variant_plays_classic_again(page):
    open_variant(page, KILLER)
    open_text(page, TOP95)
    expect(page.locator("svg.variant")).to_have_count(0)
    expect(page.locator("#hint")).to_be_enabled()
    expect(page.locator("#possible")).to_be_hidden()


def test_axe_on_a_variant_page(browser, server):
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm install --prefix tests/node axe-core)")
    url, _ = server
    for scheme in ("light", "dark"):
        pg = browser.new_page(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
        pg.set_default_timeout(15000)
        try:
            pg.goto(url)
            expect(pg.locator("#board .cell").first).to_be_visible()
            open_variant(pg, FPUZZLES)
            pg.click("#possible")
            expect(pg.locator("#possible-result")).to_be_visible()
            pg.add_script_tag(path=str(AXE))
            result = pg.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
            bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
                   for v in result["violations"] if v["impact"] in ("serious", "critical")]
            assert not bad, (scheme, bad)
        finally:
            pg.close()


def test_json_lines_of_the_shared_set_open_their_first_puzzle(page):
    text = "\n".join(json.dumps(r) for r in (KILLER, THERMO)) + "\n"
    page.fill("#paste", text)
    page.click("#open")
    expect(page.locator("svg.variant path.cage")).to_have_count(len(of_type(KILLER, "killer_cage")))
    expect(page.locator("#gen-info")).to_contain_text("first of 2 puzzles")
    expect(page.locator("#pick option")).to_have_text(["Puzzle 1 of 2: Cages & sums",
                                                       "Puzzle 2 of 2: Lines"])
    page.select_option("#pick", "1")
    expect(page.locator("svg.variant circle.thermo")).to_have_count(len(of_type(THERMO, "thermometer")))


def test_the_file_picker_offers_variant_json_and_json_lines(page, tmp_path):
    hint = page.get_attribute("#paste", "placeholder")  # the paste box says variants open too
    assert "f-puzzles" in hint and "ISS" in hint, hint
    accepted = page.get_attribute("#file", "accept").split(",")
    assert {".json", ".jsonl"} <= set(accepted), accepted  # the picker greys out the rest
    path = tmp_path / "two.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in (KILLER, THERMO)) + "\n")
    page.set_input_files("#file", str(path))
    expect(page.locator("#pick option")).to_have_count(2)
    expect(page.locator("svg.variant path.cage")).to_have_count(len(of_type(KILLER, "killer_cage")))


def test_variant_strings_one_a_line_are_listed_and_a_wrapped_one_is_joined(page):
    lines = [UNSUPPORTED["puzzle"], KILLER["puzzle"]]  # the first is refused: the menu still lists both
    page.fill("#paste", "\n".join(lines))
    page.click("#open")
    expect(page.locator("#paste-error")).to_contain_text("Unsupported constraint GlobalMod (values 0..9")
    expect(page.locator("#pick option")).to_have_count(2)
    page.select_option("#pick", "1")
    expect(page.locator("svg.variant path.cage")).to_have_count(len(of_type(KILLER, "killer_cage")))
    expect(page.locator("#paste-error")).to_be_hidden()
    text = FPUZZLES["puzzle"]  # an f-puzzles string broken over lines, as a mail client does
    page.fill("#paste", "\n".join(text[i:i + 76] for i in range(0, len(text), 76)))
    page.click("#open")
    expect(page.locator("svg.variant path.arrow-line")).to_have_count(len(of_type(FPUZZLES, "arrow")))
    expect(page.locator("#pick")).to_be_hidden()


def test_opening_another_puzzle_stops_the_servers_job_for_the_last_one(page, server):
    """A job whose answer the page will not show is cancelled on the server, not left to
    use a core: the little killers of iss-examples-35 take seconds to check. (The server
    is asked while the job runs; how fast a cancelled job ends depends on the machine's
    load, so the test watches the request, not the clock.)"""
    _, app = server
    jobs = app.state.jobs
    running, asked = jobs._running, []
    cancel = jobs.cancel
    jobs.cancel = lambda job: asked.append((job, job in running)) or cancel(job)
    try:
        open_variant(page, PUZZLES["iss-examples-35"])
        page.click("#check")
        expect(page.locator("#busy")).to_be_visible()
        deadline = time.time() + 10
        while not running and time.time() < deadline:  # the job has reached the server
            time.sleep(0.02)
        assert running, "the check never started on the server"
        key = next(iter(running))
        page.evaluate("""(text) => { const data = new DataTransfer(); data.setData('text', text);
            document.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data})); }""",
                      PUZZLES["iss-examples-3"]["puzzle"])  # Open waits; a paste anywhere does not
        expect(page.locator("#failure")).to_contain_text("Another puzzle was opened", timeout=30000)
        assert (key, True) in asked  # cancelled while it ran
    finally:
        jobs.cancel = cancel


def test_hint_grade_and_solve_path_are_offered_for_a_variant_and_stay_after_a_job(page):
    """Hint, Grade and Solve path work for a variant (the variant logic engine): enabled
    when it opens, and again after a job."""
    open_variant(page, KILLER)  # (graded in a fraction of a second)
    for button in ("#hint", "#grade", "#show-path"):
        expect(page.locator(button)).to_be_enabled()
    page.click("#grade")
    expect(page.locator("#grade-result")).to_be_visible(timeout=60000)
    for button in ("#hint", "#grade", "#show-path"):
        expect(page.locator(button)).to_be_enabled()


def test_same_value_sets_and_full_rank_clues_are_drawn_and_the_global_rules_named(page):
    # (issue 37, second batch) two sets of two cells: two cages marked ≡; a rank clue outside
    text = (".Shape~4x4.SameValues~2~R1C1~R2C3~R3C2~R4C4.FullRank~R1~3~"
            ".FullRankTies~any.ConnectedValues~~1_2_3_4")
    open_variant(page, {"puzzle": text})
    expect(page.locator("svg.variant path.cage")).to_have_count(2)
    expect(page.locator("svg.variant text.full_rank")).to_have_text("#3")
    expect(page.locator("#variant-rules")).to_contain_text("full-rank ties")
    expect(page.locator("#variant-rules")).to_contain_text("connected values")
    expect(page.locator("#variant-rules")).not_to_contain_text("Not drawn")
