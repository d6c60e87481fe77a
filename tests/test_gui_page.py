"""The page as a player keeps it open, in Chromium: the defects of issue 23 (one scenario
each) and the features that keep a game (saved, linked, timed), hints in levels, marks,
layout and printing. Fixtures and helpers come from test_gui_browser."""

from __future__ import annotations

import re
import time

import pytest

from test_gui_browser import (  # noqa: F401  (fixtures: server, browser, page)
    DIALOGS, EASY4, MULTI, TOP95, _has, answer_dialog, browser, cell, open_text, page,
    quiet_mistake, server, solution_of)

from playwright.sync_api import expect  # noqa: E402

from sudoku_cp import Board  # noqa: E402

from conftest import load  # noqa: E402

AIC = load("top95_sample.txt")[7]  # its solve path has an alternating inference chain

# `generate(1, box=(4, 4), seed=7)`: its first hint took 21 s when the page's hint walked
# the whole solve path
HEX = ("....F.5..G93....2.9..D.......E.7D.5.8431...C....F....C.6...2...1G......3..5.4A..5A"
       "....E.C..G8.9..........2....7F.21.....98.FC5B..1..2..C.FD.E8....42.8.D..B..6..ABF."
       "5....4.....3..7.E1.4.6.9...C.5A6.F1.D....28.........7.8.....C....59...3.B.F...3EB"
       ".C...26.7..")


@pytest.fixture
def open_page(browser, server):
    """A factory: a page at a window size and colour scheme, closed after the test."""
    url, _ = server
    pages = []

    def make(width=1180, height=900, scheme="light", hash_=""):
        pg = browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme)
        pg.set_default_timeout(15000)
        pg.on("dialog", answer_dialog)
        pg.goto(url + hash_)
        expect(pg.locator("#board .cell").first).to_be_visible()
        pages.append(pg)
        return pg

    DIALOGS.update(accept=True, seen=[])
    yield make
    for pg in pages:
        pg.close()


def hint_at_level(page, level: int) -> dict:
    with page.expect_response("**/api/hint") as answer:
        page.click("#hint")
    for _ in range(level - 1):
        page.click("#more")
    return answer.value.json()["step"]


def cells_with(page, name: str) -> set[int]:
    return {int(c) for c in page.locator(f".cell.{name}").evaluate_all(
        "cells => cells.map(c => c.dataset.cell)")}


# -- the fifteen defects ------------------------------------------------------------------
def test_d1_a_sixteen_by_sixteen_hint_comes_in_seconds(page):
    open_text(page, HEX)
    start = time.perf_counter()
    page.click("#hint")
    expect(page.locator("#step")).to_be_visible(timeout=5000)
    assert time.perf_counter() - start < 5


def test_d2_a_reload_during_a_job_stops_it_and_the_fresh_page_is_served(page, server):
    _, app = server
    for _ in range(2):  # two reloads, each during a 16x16 generate (the server has 2 workers)
        page.select_option("#gen-size", "4x4")
        page.click("#generate")
        expect(page.locator("#busy")).to_be_visible()
        deadline = time.time() + 5
        while not app.state.jobs.running and time.time() < deadline:
            time.sleep(0.02)
        page.reload()
        expect(page.locator("#board .cell").first).to_be_visible()
    deadline = time.time() + 5
    while app.state.jobs.running and time.time() < deadline:
        time.sleep(0.05)
    assert app.state.jobs.running == []
    page.click("#hint")
    expect(page.locator("#step")).to_be_visible()


def test_d2_a_busy_answer_offers_to_stop_the_jobs_it_names(page):
    page.route("**/api/hint", lambda route: route.fulfill(
        status=429, content_type="application/json",
        body='{"error": "the server is busy with 2 jobs: wait", "running": ["page-old-1"]}'))
    page.click("#hint")
    expect(page.locator("#failure")).to_contain_text("The server is busy")
    with page.expect_request("**/api/cancel") as cancel:
        page.click("#stop-jobs")
    assert cancel.value.post_data_json == {"job": "page-old-1"}
    expect(page.locator("#stopped")).to_be_visible()


def test_d3_a_typed_given_can_be_removed_or_changed(page):
    page.select_option("#gen-size", "2x2")
    page.click("#blank")
    cell(page, 1).click()
    page.keyboard.press("4")
    expect(page.locator(".cell.given")).to_have_count(1)
    page.keyboard.press("Backspace")
    expect(page.locator(".cell.given")).to_have_count(0)
    page.keyboard.press("3")
    page.keyboard.press("2")  # another value replaces it
    expect(cell(page, 1)).to_have_text("2")
    page.locator("#keypad button.erase").click()
    expect(page.locator(".cell.given")).to_have_count(0)
    page.keyboard.press("3")
    page.reload()  # still typing the same puzzle after a reload, without a question
    expect(page.locator("#done-editing")).to_be_visible()
    expect(cell(page, 1)).to_have_text("3")
    assert DIALOGS["seen"] == []


def test_d4_with_candidates_shown_a_candidate_can_be_struck_and_restored(page):
    open_text(page, TOP95)
    page.check("#show-candidates")
    cell(page, 1).click()
    first = cell(page, 1).locator(".cands span").filter(has_text=re.compile(r"^\d$")).first
    value = first.inner_text()
    page.keyboard.press(f"Shift+Digit{value}")
    expect(cell(page, 1).locator(".cands span.struck")).to_have_text(value)
    said = cell(page, 1).locator(".sr-only").inner_text()
    assert "candidates" in said and value not in said.split("candidates")[1]
    page.keyboard.press(f"Shift+Digit{value}")
    expect(cell(page, 1).locator(".cands span.struck")).to_have_count(0)


def test_d5_a_hint_that_arrives_after_the_player_moved_is_refused(page):
    open_text(page, TOP95)
    page.evaluate("""() => { const f = window.fetch; window.fetch = (u, o) => String(u).includes('api/hint')
        ? new Promise(r => setTimeout(r, 1200)).then(() => f(u, o)) : f(u, o); }""")
    page.click("#hint")
    expect(page.locator("#busy")).to_be_visible()
    cell(page, 1).click()
    page.keyboard.press("1")
    expect(page.locator("#stale")).to_be_visible()
    expect(page.locator("#apply")).to_have_count(0)
    expect(cell(page, 1)).to_have_text("1")


def test_a_check_that_arrives_after_the_player_moved_marks_no_value_wrong(page):
    """The verdict is about the givens and stands; the values were compared as they were
    when Check was pressed, so a mark on a cell typed or erased meanwhile would mislead."""
    open_text(page, TOP95)
    c, v = quiet_mistake(TOP95)
    cell(page, c).click()
    page.keyboard.press(str(v))  # wrong: the check would mark it
    page.evaluate("""() => { const f = window.fetch; window.fetch = (u, o) => String(u).includes('api/check')
        ? new Promise(r => setTimeout(r, 1200)).then(() => f(u, o)) : f(u, o); }""")
    page.click("#check")
    expect(page.locator("#busy")).to_be_visible()
    cell(page, c).click()
    page.keyboard.press("Backspace")  # erased while the check runs
    expect(page.locator("#stale")).to_be_visible()
    expect(page.locator("#verdict")).to_contain_text("Exactly one solution")
    expect(page.locator("#wrong")).to_have_count(0)
    expect(page.locator("#board .wrong")).to_have_count(0)


def test_d6_focus_returns_to_the_board_the_grid_has_rows_and_a_selected_cell(page):
    open_text(page, EASY4)
    page.click("#hint")
    expect(page.locator("#step")).to_be_visible()
    page.wait_for_function("document.activeElement.id === 'board'", timeout=2000)
    page.click("#more")  # the button goes away with the level it showed
    page.wait_for_function("document.activeElement.id === 'board'", timeout=2000)
    rows = page.locator("#board [role=row]")
    expect(rows).to_have_count(4)
    for r in range(4):
        expect(rows.nth(r).locator("[role=gridcell]")).to_have_count(4)
    order = page.locator("#board [role=gridcell]").evaluate_all("cs => cs.map(c => +c.dataset.cell)")
    assert order == list(range(16))  # reading order
    cell(page, 6).click()
    expect(page.locator("[aria-selected=true]")).to_have_count(1)
    expect(cell(page, 6)).to_have_attribute("aria-selected", "true")
    expect(page.locator("#board")).to_have_attribute("aria-activedescendant", "cell-6")
    ratio = page.evaluate("""() => {
        const lum = (css) => { const [r, g, b] = css.match(/\\d+/g).slice(0, 3).map(Number).map(v => {
            v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
        const a = lum(getComputedStyle(document.getElementById('board')).outlineColor);
        const b = lum(getComputedStyle(document.body).backgroundColor);
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); }""")
    assert ratio >= 3, f"the focus ring's contrast is {ratio:.2f}:1"


def test_d7_technique_names_are_the_engines_own(page):
    from sudoku_cp.logic import explain
    from sudoku_cp.logic.ratings import TECHNIQUES

    board = Board.parse(AIC)
    values, excluded = list(board.givens), []
    naive = lambda t: t.replace("_", " ").capitalize()  # noqa: E731  (the old page's way)
    for st in explain(board):
        if TECHNIQUES[st.technique][1] != naive(st.technique):
            break
        for c, v in st.placements:
            values[c] = v
        excluded += [f"{c}:{v}" for c, v in st.eliminations]
    else:
        pytest.skip("no step of this puzzle has a name the old page garbled")
    open_text(page, AIC)
    page.evaluate("([values, excluded]) => { S.values = values; S.excluded = new Set(excluded); update(); }",
                  [values, excluded])
    step = hint_at_level(page, 1)
    assert step["technique"] == st.technique
    expect(page.locator("#step-title")).to_have_text(TECHNIQUES[st.technique][1])


def test_d8_a_hidden_single_shows_the_givens_that_rule_out_the_other_cells(page):
    open_text(page, TOP95)
    for _ in range(30):
        step = hint_at_level(page, 2)
        if step["technique"] == "hidden_single" and step["blockers"]:
            break
        page.click("#more")
        page.click("#apply")
    else:
        pytest.fail("no hidden single in 30 hints")
    assert set(step["blockers"]) <= cells_with(page, "hint-cell")
    expect(page.locator("#step-look")).to_contain_text("givens that rule out")


def test_d9_a_hint_on_several_solutions_outlines_where_they_differ(page):
    open_text(page, MULTI)
    page.click("#hint")
    expect(page.locator("#failure")).to_contain_text("several solutions")
    assert page.inner_text("#failure")[0].isupper()
    assert len(cells_with(page, "differ")) >= 2


def test_d10_solve_on_several_solutions_fills_nothing_and_shows_where(page):
    open_text(page, MULTI)
    page.click("#solve")
    expect(page.locator("#count-result")).to_contain_text("several solutions")
    assert page.input_value("#line") == Board.parse(MULTI).to_text()
    assert len(cells_with(page, "differ")) >= 2


def test_d11_generate_open_and_paste_ask_before_replacing_a_game(page):
    open_text(page, TOP95)
    cell(page, 1).click()
    page.keyboard.press("1")
    DIALOGS["accept"] = False
    page.select_option("#gen-size", "2x2")
    page.click("#generate")
    page.fill("#paste", EASY4)
    page.click("#open")
    page.click("#board")
    page.evaluate("""text => { const data = new DataTransfer(); data.setData('text/plain', text);
        document.body.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true})); }""",
                  EASY4)
    assert len(DIALOGS["seen"]) == 3 and "game in progress" in DIALOGS["seen"][0]
    expect(page.locator(".cell")).to_have_count(81)
    expect(cell(page, 1)).to_have_text("1")
    expect(page.locator("#undo")).to_be_enabled()
    DIALOGS["accept"] = True
    page.click("#open")
    expect(page.locator(".cell")).to_have_count(16)


def test_d12_the_menu_offers_what_the_generator_delivers_and_says_when_it_fell_back(page):
    from sudoku_cp.gui import work

    levels = lambda: page.locator("#gen-level option").all_inner_texts()  # noqa: E731
    page.select_option("#gen-size", "3x3")
    assert levels() == ["any", "beginner", "easy", "medium", "hard", "expert"]
    page.select_option("#gen-size", "4x4")
    assert levels() == ["any"]
    page.select_option("#gen-size", "5x5")
    expect(page.locator("#generate")).to_be_disabled()
    expect(page.locator("#gen-why")).to_contain_text("open or type one in")
    answer = work.generate((2, 2), "none", None, 1, 10)
    answer["missed"] = ["level hard (got beginner, rating 1.2)"]  # the generator's own words
    import json

    page.route("**/api/generate", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(answer)))
    page.select_option("#gen-size", "2x2")
    page.click("#generate")
    expect(page.locator("#gen-info")).to_contain_text("this is the closest (level hard (got beginner")


def test_d13_the_board_fills_the_window_and_a_phone_sees_the_hint(open_page):
    big = open_page(2560, 1440)
    box = big.locator("#board").bounding_box()
    assert box["height"] >= 0.6 * 1440, box
    wide = open_page(1920, 1080)
    open_text(wide, HEX)
    wide.check("#show-candidates")
    size = wide.evaluate("parseFloat(getComputedStyle(document.querySelector('.cands')).fontSize)")
    assert size >= 9, f"16x16 candidates are {size} px"
    phone = open_page(390, 844)
    hint_at_level(phone, 3)
    assert phone.locator("#apply").bounding_box()["y"] + 30 <= 844
    tops = {round(b["y"]) for b in (phone.locator("#keypad button").nth(i).bounding_box()
                                    for i in range(10))}
    assert len(tops) == 1, "the keypad wraps"


def test_a_phone_browser_gets_a_board_as_wide_as_its_screen(browser, server):
    url, _ = server  # a phone's browser widens innerWidth to whatever overflowed at first
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    try:
        pg = context.new_page()
        pg.goto(url)
        expect(pg.locator("#board .cell").first).to_be_visible()
        board = pg.locator("#board").bounding_box()
        assert board["x"] >= 0 and board["x"] + board["width"] <= 375, board
        assert pg.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        context.close()


def test_d14_dark_mode_and_a_print_stylesheet(open_page):
    dark = open_page(1920, 1080, scheme="dark")
    bg = dark.evaluate("getComputedStyle(document.body).backgroundColor")
    assert sum(map(int, re.findall(r"\d+", bg)[:3])) < 150, bg
    dark.emulate_media(media="print")
    expect(dark.locator(".panels .card").first).to_be_hidden()
    expect(dark.locator("#keypad")).to_be_hidden()
    expect(dark.locator("#print-info")).to_be_visible()
    expect(dark.locator("#print-info")).to_contain_text(dark.evaluate("lineOf(S.givens)"))
    mm = dark.evaluate("""() => { const d = document.createElement('div');
        d.style.width = '100mm'; document.body.appendChild(d); const w = d.offsetWidth; d.remove();
        return w / 100; }""")
    width = dark.locator("#board").bounding_box()["width"] / mm
    assert 160 <= width <= 180, f"the printed board is {width:.0f} mm wide (A4 leaves 180)"


def test_d15_words_times_trimmed_pastes_failed_opens_and_the_size_menu(page):
    open_text(page, MULTI)
    expect(page.locator("#status")).to_contain_text("1 given ·")
    expect(page.locator("#gen-size")).to_have_value("2x2")  # the menu follows the puzzle
    page.click("#count")
    expect(page.locator("#count-result")).to_be_visible()
    assert not re.search(r"(?<![\d.])0 ms", page.inner_text("#count-result"))
    page.set_input_files("#file", files=[{"name": "first.txt", "mimeType": "text/plain",
                                          "buffer": f"{EASY4}\n".encode()}])
    expect(page.locator("#gen-info")).to_contain_text("first.txt")
    page.fill("#paste", "1.3?" + "." * 12)
    page.click("#open")
    expect(page.locator("#paste-error")).to_contain_text("r1c4")
    expect(page.locator("#gen-info")).not_to_contain_text("Opened first.txt")
    big = (TOP95 + "\n") * 13000  # over 1 MiB: trimmed to whole lines, as a file is
    page.evaluate("text => { document.getElementById('paste').value = text; }", big)
    page.click("#open")
    expect(page.locator("#gen-info")).to_contain_text("its first")
    expect(page.locator("#paste-error")).to_be_hidden()


# -- keeping and sharing a game ------------------------------------------------------------
def test_a_link_opens_its_puzzle(open_page):
    pg = open_page(hash_=f"#p={TOP95}")
    expect(pg.locator("#line")).to_have_value(TOP95)
    pg2 = open_page(hash_=f"#p={EASY4}&v={'1' + EASY4[1:]}")
    expect(cell(pg2, 0)).to_have_text("1")


def test_a_broken_link_says_so_beside_the_board(open_page):
    pg = open_page(hash_=f"#p={TOP95[:80]}")  # a link cut short in a chat
    expect(pg.locator("#link-refused")).to_contain_text("The link")
    expect(pg.locator("#link-refused")).to_contain_text("80 cells")
    expect(pg.locator("#link-refused")).to_contain_text("a sample puzzle instead")
    expect(pg.locator("#paste-error")).to_have_text(re.compile(r"^The link: Puzzle has 80 cells"))


def test_a_server_that_is_gone_is_said_in_words(page):
    page.route("**/api/**", lambda route: route.abort())  # as when the server was stopped
    page.click("#check")
    expect(page.locator("#failure")).to_contain_text("The server did not answer")
    page.fill("#paste", TOP95)
    page.click("#open")
    expect(page.locator("#paste-error")).to_contain_text("The server did not answer")


def test_an_error_nothing_caught_is_shown_not_swallowed(open_page):
    pg = open_page()
    pg.evaluate("setTimeout(() => { null.x; }, 0)")  # as a bug in a handler would
    expect(pg.locator("#page-error")).to_contain_text("Something went wrong on this page")
    pg.evaluate("() => { Promise.reject(new Error('a promise nobody awaited')); }")
    expect(pg.locator("#page-error")).to_contain_text("a promise nobody awaited")


def test_an_answer_about_a_puzzle_replaced_meanwhile_is_not_applied(page):
    page.evaluate("""() => { const f = window.fetch; window.asked = [];  // a slow Solve
        window.fetch = (url, ...a) => { window.asked.push(String(url));
            return new Promise((r) => setTimeout(() => r(f(url, ...a)),
                String(url).includes('solve') ? 1500 : 0)); }; }""")
    page.click("#solve")
    expect(page.locator("#pick")).to_be_disabled()  # the file's other puzzles wait too
    page.evaluate("""(text) => { const data = new DataTransfer(); data.setData('text', text);
        document.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data})); }""", TOP95)
    expect(page.locator("#line")).to_have_value(TOP95)  # a paste anywhere is not locked
    expect(page.locator("#failure")).to_contain_text("Another puzzle was opened")
    assert page.evaluate("lineOf(S.values)") == TOP95  # the sample's solution not filled in
    assert "api/cancel" in page.evaluate("window.asked")  # the server was told to drop the job



def test_a_game_survives_a_reload_with_marks_undo_and_timer(page):
    open_text(page, TOP95)
    cell(page, 1).click()
    page.keyboard.press("1")
    cell(page, 2).click()
    page.keyboard.press("Shift+Digit2")
    page.keyboard.press("Control+Digit3")
    page.click("#mode-colour")
    page.keyboard.press("4")
    page.wait_for_timeout(1100)
    page.reload()
    expect(cell(page, 1)).to_have_text("1")
    expect(cell(page, 2).locator(".cands")).to_have_text("2")
    expect(cell(page, 2).locator(".centre")).to_have_text("3")
    expect(cell(page, 2)).to_have_class(_has("colour-4"))
    assert page.inner_text("#timer") != "0:00"
    page.keyboard.press("Control+z")  # the undo history came back too
    expect(cell(page, 2)).not_to_have_class(_has("colour-4"))


def test_the_timer_pauses_while_the_page_is_hidden(page):
    hide = """on => { Object.defineProperty(document, 'hidden', {value: on, configurable: true});
                     document.dispatchEvent(new Event('visibilitychange')); }"""
    page.wait_for_timeout(1100)
    page.evaluate(hide, True)
    before = page.evaluate("elapsed()")
    page.wait_for_timeout(1000)
    assert page.evaluate("elapsed()") == before
    page.evaluate(hide, False)
    page.wait_for_timeout(300)
    assert page.evaluate("elapsed()") > before


# -- hints in levels, the solve path, the grade ----------------------------------------------
def test_a_hint_comes_in_three_levels(page):
    open_text(page, TOP95)
    step = hint_at_level(page, 1)
    expect(page.locator("#step-look")).to_contain_text("Look at")
    assert not cells_with(page, "hint-cell") and not cells_with(page, "hint-target")
    expect(page.locator("#apply")).to_have_count(0)
    page.click("#more")
    assert cells_with(page, "hint-cell") == set(step["cells"]) | set(step["blockers"])
    assert not cells_with(page, "hint-target")
    page.click("#more")
    assert cells_with(page, "hint-target") == {c for c, _ in step["placements"]}
    expect(page.locator("#announce")).to_contain_text(step["title"])


def test_the_solve_path_lists_every_step_and_shows_one(page):
    open_text(page, TOP95)
    with page.expect_response("**/api/path") as answer:
        page.click("#show-path")
    d = answer.value.json()
    expect(page.locator("#path-list li")).to_have_count(len(d["steps"]))
    expect(page.locator("#path-summary")).to_contain_text(f"rating {d['rating']}")
    page.locator("#path-list button").nth(1).click()
    expect(page.locator("#step-title")).to_have_text(d["steps"][1]["title"])
    expect(page.locator("#apply")).to_be_disabled()
    assert d["steps"][0]["placements"]  # top95 #1 starts with a single
    for c, v in d["steps"][0]["placements"]:  # the board as it is before that step
        expect(cell(page, c)).to_have_text(str(v))
        expect(cell(page, c)).to_have_class(_has("preview"))
    page.locator("#path-list button").nth(0).click()
    expect(page.locator(".cell.preview")).to_have_count(0)
    expect(page.locator("#apply")).to_be_enabled()


def test_grade_rates_the_puzzle(page):
    open_text(page, EASY4)
    page.click("#grade")
    expect(page.locator("#grade-result")).to_contain_text("Level ")


def test_the_highlight_shows_where_a_value_is_and_may_go(page):
    open_text(page, TOP95)
    page.click("#board")
    page.keyboard.press("/")
    page.keyboard.press("4")
    fours = {c for c, ch in enumerate(TOP95) if ch == "4"}
    assert cells_with(page, "digit") == fours
    maybe = cells_with(page, "maybe")
    assert maybe and not maybe & fours
    solution = solution_of(TOP95)
    assert {c for c in range(81) if solution[c] == 4} - fours <= maybe
