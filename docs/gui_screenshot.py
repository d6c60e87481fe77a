"""Draw docs/gui.png: the page in Chromium, mid-game, with a hint on the board.

    python docs/gui_screenshot.py [OUT.png]

Starts the server on a free port in a thread, opens the first top95 puzzle, applies hints
until the next one removes candidates instead of placing a value, shows the candidates
and takes the picture. Needs the gui extra, playwright (python) and a chromium executable.
"""

from __future__ import annotations

import shutil
import sys
import threading
import time
from pathlib import Path

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
# top95, first puzzle (../shared/data/norvig_top95.txt, also tests/data/top95_sample.txt)
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def missing() -> str | None:
    """What this script needs and does not find, in one line (None: all there)."""
    import importlib.util

    for module, install in (("uvicorn", 'pip install "sudoku-cp[gui]"'),
                            ("playwright", "pip install playwright")):
        if importlib.util.find_spec(module) is None:
            return f"gui_screenshot: needs {module}: {install}"
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        return ("gui_screenshot: needs a chromium executable on PATH (Debian: apt-get install "
                "chromium); Playwright's own browser download is not used")
    return None


def main(out: str) -> None:
    import uvicorn
    from playwright.sync_api import sync_playwright

    from sudoku_cp.gui.app import create_app
    from sudoku_cp.gui_cli import listen

    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    try:
        with sync_playwright() as p:
            chromium = shutil.which("chromium") or shutil.which("chromium-browser")
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            page = browser.new_page(viewport={"width": 1120, "height": 800},
                                    device_scale_factor=1)
            page.goto(f"http://127.0.0.1:{sock.getsockname()[1]}/")
            page.wait_for_selector(".cell")
            page.fill("#paste", PUZZLE)
            page.click("#open")
            for _ in range(81):
                with page.expect_response("**/api/hint") as answer:
                    page.click("#hint")
                step = answer.value.json()["step"]
                if step["eliminations"]:
                    break
                page.click("#apply")
            page.check("#show-candidates")
            page.keyboard.press("Escape")  # no cell selected: the hint's colours alone
            page.screenshot(path=out)
            browser.close()
    finally:
        server.should_exit = True
    print(f"wrote {out}")


if __name__ == "__main__":
    problem = missing()
    if problem:
        print(problem, file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).with_name("gui.png")))
