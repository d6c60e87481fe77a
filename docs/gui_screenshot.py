"""Draw the page's pictures in docs/: four window sizes, light and dark, mid-game.

    python docs/gui_screenshot.py [OUT_DIR]

Starts the server on a free port in a thread and, for each window size (1280x900,
390x844, 1920x1080, 2560x1440) and colour scheme, opens the first top95 puzzle, applies
hints until the next one removes candidates instead of placing a value, shows the
candidates and that hint in full, and takes the picture: ``gui_WxH_SCHEME.png``
(``gui.png``, the README's picture, is the 1280x900 light one). A ninth picture,
``gui_1920x1080_16x16_dark.png``, shows a 16x16 puzzle's candidates at 1920x1080. Colours are
reduced to a palette to keep the files small, when Pillow is installed (it comes with
matplotlib). Needs the gui extra, playwright (python) and a chromium executable.
"""

from __future__ import annotations

import shutil
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
# top95, first puzzle (../shared/data/norvig_top95.txt, also tests/data/top95_sample.txt)
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# a 16x16 puzzle: `sudoku-cp generate --box 4x4 --seed 7`
HEX = ("....F.5..G93....2.9..D.......E.7D.5.8431...C....F....C.6...2...1G......3..5.4A..5A"
       "....E.C..G8.9..........2....7F.21.....98.FC5B..1..2..C.FD.E8....42.8.D..B..6..ABF."
       "5....4.....3..7.E1.4.6.9...C.5A6.F1.D....28.........7.8.....C....59...3.B.F...3EB"
       ".C...26.7..")
SIZES = [(1280, 900), (390, 844), (1920, 1080), (2560, 1440)]


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


def shrink(path: Path) -> None:
    """Reduce the picture to a 256-colour palette: a fraction of the size, no visible loss
    (left as it is, with a note, without Pillow)."""
    try:
        from PIL import Image
    except ModuleNotFoundError:
        print(f"{path.name}: left full-colour (pip install pillow to shrink it)")
        return

    with Image.open(path) as im:
        small = im.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)


def mid_game(page, puzzle: str) -> None:
    page.fill("#paste", puzzle)
    page.click("#open")
    page.wait_for_function(f"lineOf(S.givens) === {puzzle!r}")
    for _ in range(81):
        with page.expect_response("**/api/hint") as answer:
            page.click("#hint")
        step = answer.value.json()["step"]
        page.click("#more")
        page.click("#more")
        if step["eliminations"]:
            break
        page.click("#apply")
    page.check("#show-candidates")
    page.keyboard.press("Escape")  # no cell selected: the hint's colours alone


@contextmanager
def served_browser():
    """The page served on a free local port in a thread, and Chromium driven by
    Playwright: yields ``(browser, url)``; both stop on leaving."""
    import uvicorn
    from playwright.sync_api import sync_playwright

    from sudoku_cp.cli.gui import listen
    from sudoku_cp.gui.app import create_app

    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    try:
        with sync_playwright() as p:
            chromium = shutil.which("chromium") or shutil.which("chromium-browser")
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            try:
                yield browser, f"http://127.0.0.1:{sock.getsockname()[1]}/"
            finally:
                browser.close()
    finally:
        server.should_exit = True


def snap(page, path: Path) -> None:
    """The page from its top, as a small PNG at ``path``; the page is closed."""
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(200)
    page.screenshot(path=str(path))
    shrink(path)
    page.close()
    print(f"wrote {path}")


def main(out: Path) -> None:
    shots = [(w, h, scheme, PUZZLE) for w, h in SIZES for scheme in ("light", "dark")]
    shots.append((1920, 1080, "dark", HEX))
    with served_browser() as (browser, url):
        for w, h, scheme, puzzle in shots:
            page = browser.new_page(viewport={"width": w, "height": h},
                                    device_scale_factor=1, color_scheme=scheme)
            page.goto(url)
            page.wait_for_selector(".cell")
            if puzzle == HEX:
                page.fill("#paste", puzzle)
                page.click("#open")
                page.wait_for_function("S.n === 16")
                page.check("#show-candidates")
                page.click("#hint")
                page.click("#more")
                page.click("#more")
                page.keyboard.press("Escape")
                name = f"gui_{w}x{h}_16x16_{scheme}.png"
            else:
                mid_game(page, puzzle)
                name = "gui.png" if (w, h, scheme) == (1280, 900, "light") \
                    else f"gui_{w}x{h}_{scheme}.png"
            snap(page, out / name)


if __name__ == "__main__":
    problem = missing()
    if problem:
        print(problem, file=sys.stderr)
        sys.exit(2)
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent)
