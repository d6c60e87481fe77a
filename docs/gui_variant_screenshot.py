"""Draw the page's variant pictures in docs/: a killer and a thermometer-and-arrow puzzle.

    python docs/gui_variant_screenshot.py [OUT_DIR]

Starts the server on a free port in a thread, opens two puzzles of
tests/data/page_variants.jsonl at 1280x900 (light) and takes a picture of each after a
few values are typed: ``gui_variant_killer.png`` (ISS's "Cages & sums", with one clash
shown) and ``gui_variant_thermo_arrow.png`` (an f-puzzles anti-king puzzle with arrows
and thermometers, with "All possibilities" shown). Needs what docs/gui_screenshot.py
needs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from gui_screenshot import missing, served_browser, snap  # noqa: E402

DATA = HERE.parent / "tests" / "data" / "page_variants.jsonl"


def puzzles() -> dict:
    return {d["id"]: d for d in map(json.loads, DATA.read_text().splitlines())}


def main(out: Path) -> None:
    found = puzzles()
    killer, thermo = found["iss-examples-17"], found["dclamage-uniqueVariantFPuzzles-5"]
    with served_browser() as (browser, url):
        for record, name in ((killer, "gui_variant_killer.png"),
                             (thermo, "gui_variant_thermo_arrow.png")):
            page = browser.new_page(viewport={"width": 1280, "height": 900},
                                    device_scale_factor=1, color_scheme="light")
            page.goto(url)
            page.wait_for_selector(".cell")
            page.fill("#paste", record["puzzle"])
            page.click("#open")
            page.wait_for_selector("svg.variant")
            solution = record["cells"]
            for c in (0, 1, 2, 10):  # a few right values, as in a game
                if not page.locator(f".cell[data-cell='{c}'].given").count():
                    page.click(f".cell[data-cell='{c}']")
                    page.keyboard.press(str(solution[c]))
            if record is killer:  # a wrong value: r1c2 over its cage's sum clashes
                page.click(".cell[data-cell='1']")
                page.keyboard.press(str(solution[1] % 9 + 1))
                page.wait_for_selector(".cell.clash")
            else:
                page.click("#possible")
                page.wait_for_selector("#possible-result")
            page.keyboard.press("Escape")
            snap(page, out / name)


if __name__ == "__main__":
    problem = missing()
    if problem:
        print(problem, file=sys.stderr)
        sys.exit(2)
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE)
