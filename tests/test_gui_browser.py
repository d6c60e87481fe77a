"""End to end in a real browser: Debian's Chromium driven by Playwright for Python.

The server runs in a thread of the test process on a free port; each test opens the page
afresh. Playwright cannot download its own browser here, so the tests use the system's
``chromium`` and skip (saying so) only when there is none.
"""

from __future__ import annotations

import shutil
import threading
import time

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if not CHROMIUM:
    pytest.skip("no chromium executable on PATH (apt install chromium)", allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="playwright (python) is not installed")
pytest.importorskip("uvicorn", reason="the gui extra (uvicorn) is not installed")

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from sudoku_cp import Board, is_solution, solve  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
# top95, first puzzle (tests/data/top95_sample.txt)
TOP95 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY4 = ".4.3" "3..." ".2.." "...4"
MULTI = "1..." "...." "...." "...."


@pytest.fixture(scope="module")
def server():
    import uvicorn

    from sudoku_cp.gui.app import create_app
    from sudoku_cp.cli.gui import listen

    sock = listen("127.0.0.1", 0)
    app = create_app(time_limit=30)
    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.time() + 10
    while not srv.started and time.time() < deadline:
        time.sleep(0.02)
    assert srv.started
    yield f"http://127.0.0.1:{sock.getsockname()[1]}/", app
    srv.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


#: What the page's confirm() dialogs get: accepted unless a test says otherwise; their texts.
DIALOGS: dict = {"accept": True, "seen": []}


def answer_dialog(dialog) -> None:
    DIALOGS["seen"].append(dialog.message)
    dialog.accept() if DIALOGS["accept"] else dialog.dismiss()


@pytest.fixture
def page(browser, server):
    url, _ = server
    pg = browser.new_page(viewport={"width": 1180, "height": 900})
    pg.set_default_timeout(15000)
    DIALOGS.update(accept=True, seen=[])
    pg.on("dialog", answer_dialog)
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(url)
    expect(pg.locator(".cell")).to_have_count(81)  # the sample puzzle
    yield pg
    pg.close()
    assert not errors, errors


def open_text(page, text: str) -> None:
    page.fill("#paste", text)
    page.click("#open")
    expect(page.locator("#line")).to_have_value(Board.parse(text).to_text())


def cell(page, c: int):
    return page.locator(f".cell[data-cell='{c}']")


def solution_of(text: str):
    board = Board.parse(text)
    result = solve(board, "backtrack", limit=2)
    assert len(result.solutions) == 1 and is_solution(board, result.solution)
    return result.solution


def test_paste_a_puzzle_and_see_a_clash_as_it_is_typed(page):
    open_text(page, TOP95)
    expect(page.locator(".cell.given")).to_have_count(sum(ch != "." for ch in TOP95))
    cell(page, 1).click()
    page.keyboard.press("4")  # r1c1 is a given 4
    for c in (0, 1):
        expect(cell(page, c)).to_have_class(_has("clash"))
    expect(page.locator("#status")).to_contain_text("2 cells clash")
    page.keyboard.press("Control+z")
    expect(page.locator(".cell.clash")).to_have_count(0)
    expect(cell(page, 1).locator(".sr-only")).to_have_text("r1c2 empty")
    page.keyboard.press("Control+y")
    expect(page.locator(".cell.clash")).to_have_count(2)
    page.keyboard.press("Backspace")
    page.keyboard.press("Shift+Digit3")  # a pencil mark
    expect(cell(page, 1).locator(".cands")).to_have_text("3")
    page.check("#show-candidates")  # every candidate: not 4, 8, 5 (row) nor 3 (box)
    shown = cell(page, 1).locator(".cands").inner_text().split()
    assert shown and not {"3", "4", "5", "8"} & set(shown)


def _has(name: str):
    import re

    return re.compile(rf"(^|\s){name}(\s|$)")


def test_paste_anywhere_and_open_a_file_through_the_picker(page):
    page.evaluate("""text => {
        const data = new DataTransfer(); data.setData('text/plain', text);
        document.body.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true}));
    }""", EASY4)
    expect(page.locator(".cell")).to_have_count(16)
    page.set_input_files("#file", files=[{"name": "two.txt", "mimeType": "text/plain",
                                          "buffer": f"{TOP95}\n{EASY4}\n".encode()}])
    expect(page.locator(".cell")).to_have_count(81)
    expect(page.locator("#pick option")).to_have_count(2)
    page.select_option("#pick", "1")
    expect(page.locator(".cell")).to_have_count(16)
    page.fill("#paste", "1.3?" + "." * 12)
    page.click("#open")
    expect(page.locator("#paste-error")).to_contain_text("r1c4")


def test_hint_highlights_its_cells_shows_its_sentence_and_applies(page, tmp_path):
    open_text(page, TOP95)
    with page.expect_response("**/api/hint") as answer:
        page.click("#hint")
    step = answer.value.json()["step"]
    expect(page.locator("#step")).to_be_visible()
    page.click("#more")
    page.click("#more")
    assert page.inner_text("#step-text").strip()
    shown = {int(c) for c in page.locator(".cell.hint-cell").evaluate_all(
        "cells => cells.map(c => c.dataset.cell)")}
    targets = {int(c) for c in page.locator(".cell.hint-target").evaluate_all(
        "cells => cells.map(c => c.dataset.cell)")}
    assert shown == set(step["cells"]) | set(step["blockers"])
    assert targets == {c for c, _ in step["placements"]}
    assert shown or targets
    expect(page.locator(".cands span.elim")).to_have_count(len(step["eliminations"]))
    page.screenshot(path=str(tmp_path / "hint.png"))
    page.click("#apply")
    line = page.input_value("#line")
    solution = solution_of(TOP95)
    assert all(ch == "." or int(ch) == v for ch, v in zip(line, solution))
    for c, v in step["placements"]:
        expect(cell(page, c)).to_have_text(str(v))


def quiet_mistake(text: str) -> tuple[int, int]:
    """An empty cell of ``text`` and a wrong value for it that clashes with no given, so
    that only Check can tell."""
    solution = solution_of(text)
    board = Board.parse(text)
    return next((c, v) for c in range(len(text)) if not board.givens[c]
                for v in range(1, board.n + 1)
                if v != solution[c] and all(board.givens[p] != v for p in board.geometry.peers[c]))


def test_check_shows_three_backends_and_names_a_wrong_entry(page):
    open_text(page, TOP95)
    c, v = quiet_mistake(TOP95)
    cell(page, c).click()
    page.keyboard.press(str(v))
    page.click("#check")
    expect(page.locator("#backends tbody tr")).to_have_count(3)
    for name in ("sat", "cpsat", "backtrack"):
        row = page.locator(f"#backends tr[data-backend='{name}']")
        expect(row).to_contain_text("unique")
    expect(page.locator("#backends")).to_contain_text("conflicts")
    expect(page.locator("#backends")).to_contain_text("nodes")
    expect(page.locator("#verdict")).to_contain_text("Exactly one solution")
    expect(page.locator("#wrong")).to_contain_text(f"r{c // 9 + 1}c{c % 9 + 1}")
    expect(cell(page, c)).to_have_class(_has("wrong"))


def test_solve_fills_the_solution_and_count_shows_where_two_differ(page):
    open_text(page, TOP95)
    page.click("#solve")
    expect(page.locator("#solved")).to_be_visible()
    assert tuple(Board.parse(page.input_value("#line")).givens) == solution_of(TOP95)
    open_text(page, MULTI)
    page.click("#count")
    expect(page.locator("#count-result")).to_contain_text("At least two solutions")
    assert page.locator(".cell.differ").count() >= 2


def test_generate_a_six_by_six(page):
    from sudoku_cp.grade import LEVELS

    page.select_option("#gen-size", "2x3")
    page.select_option("#gen-symmetry", "rot180")
    page.click("#generate")
    expect(page.locator(".cell")).to_have_count(36)
    expect(page.locator("#gen-info")).to_contain_text("6×6")
    expect(page.locator("#gen-info")).to_contain_text("rot180 symmetry")
    info = page.inner_text("#gen-info")
    assert any(f"level {level} " in info or f"level {level}." in info for level in LEVELS), info
    board = Board.parse(page.input_value("#line"), box=(2, 3))
    assert len(solve(board, "backtrack", limit=2).solutions) == 1


def test_long_work_shows_progress_and_cancels(page, server):
    _, app = server
    page.select_option("#gen-size", "4x4")
    page.click("#generate")
    expect(page.locator("#busy")).to_be_visible()
    expect(page.locator("#busy-text")).to_contain_text("Generating a 16×16 puzzle")
    expect(page.locator("#hint")).to_be_disabled()
    page.click("#cancel")
    expect(page.locator("#busy")).to_be_hidden()
    expect(page.locator("#gen-info")).to_contain_text("Cancelled")
    deadline = time.time() + 5
    while app.state.jobs.running and time.time() < deadline:
        time.sleep(0.05)
    assert app.state.jobs.running == []


def test_type_in_a_puzzle_then_count_its_solutions(page):
    page.select_option("#gen-size", "2x2")
    page.click("#blank")
    expect(page.locator(".cell")).to_have_count(16)
    expect(page.locator("#status")).to_contain_text("Typing a new 4×4 puzzle")
    for c, v in [(1, "4"), (3, "3"), (4, "3")]:  # three givens: several solutions
        cell(page, c).click()
        page.keyboard.press(v)
    expect(page.locator(".cell.given")).to_have_count(3)
    page.click("#done-editing")
    expect(page.locator("#count-result")).to_contain_text("At least two solutions")
    expect(page.locator("#done-editing")).to_be_hidden()
    cell(page, 0).click()
    page.keyboard.press("1")  # now a player's value, not a given
    expect(page.locator(".cell.given")).to_have_count(3)


def test_filling_the_last_cell_checks_the_board(page):
    solution = solution_of(EASY4)
    open_text(page, EASY4)
    empty = [c for c, ch in enumerate(EASY4) if ch == "."]
    for c in empty:
        cell(page, c).click()
        page.keyboard.press(str(solution[c]))
    expect(page.locator("#status")).to_contain_text("Solved!")
    expect(page.locator("#backends tbody tr")).to_have_count(3)


def test_keys_reach_the_board_after_a_button_was_pressed(page):
    open_text(page, EASY4)
    cell(page, 0).click()
    page.click("#mode-corner")  # the focus was on a button
    page.keyboard.press("ArrowDown")  # r2c1 is a given 3: a pencil mark cannot go there
    page.keyboard.press("ArrowRight")
    page.keyboard.press("1")
    expect(cell(page, 5).locator(".cands")).to_have_text("1")
    page.click("#mode-pen")
    page.keyboard.press("1")
    expect(cell(page, 5)).to_have_text("1")


def test_a_chains_links_are_drawn_between_candidates(page):
    """The logic engine's chain steps carry links; this step is written by hand so the
    drawing is checked on known links: two from r1c1's 1, one strong, one weak."""
    open_text(page, "." * 16)
    page.evaluate("""() => showStep({technique: "x_chain", rating: 6.6, placements: [],
        eliminations: [[5, 1]], cells: [0, 1, 4], houses: [], text: "A chain on 1",
        links: [[[0, 1], [1, 1], "strong"], [[1, 1], [4, 1], "weak"]],
        assumes_uniqueness: false, source: "logic"}, 3)""")
    expect(page.locator("svg.links line")).to_have_count(2)
    expect(page.locator("svg.links line.weak")).to_have_count(1)
    expect(page.locator("svg.links circle")).to_have_count(3)
    expect(cell(page, 4).locator(".cands")).to_contain_text("1")  # shown though candidates are off
    page.click("#apply")
    expect(page.locator("svg.links")).to_have_count(0)
