"""The setter's live answer: time from a change in edit mode to the verdict shown, in Chromium.

    python3 benchmarks/bench_gui_setter.py              # 6 changes a puzzle
    python3 benchmarks/bench_gui_setter.py --changes 10

Starts the page's server (as ``sudoku-cp gui`` does) and headless Chromium (the system's
``chromium``), opens each puzzle of tests/data/page_variants.jsonl named below to edit
(``#p=...&edit=1``), and makes changes a setter makes: a given from the puzzle's stated
solution put in an empty cell (the puzzle stays unique), then taken out again. Each change is
timed in the page, from the moment the draft changed (``E.changed``) to the verdict written
(``showAnswer``): the page's debounce (``DEBOUNCE_MS``), the request, the cross-check on the
server (the project's default: every variant paradigm, each solution through the independent
checker) and the drawing. Printed: per puzzle the median and the largest time, the server's
own time (``time_s`` of the answer) and the paradigms that answered.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PUZZLES = ["iss-examples-17", "iss-examples-3", "iss-examples-23",
           "dclamage-uniqueVariantFPuzzles-5", "iss-examples-48"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--changes", type=int, default=6)
    args = ap.parse_args(argv)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("no chromium on PATH (apt install chromium)")
        return 1
    import uvicorn
    from playwright.sync_api import sync_playwright

    from sudoku_cp.cli.gui import listen
    from sudoku_cp.gui.app import create_app

    data = ROOT / "tests" / "data" / "page_variants.jsonl"
    found = {d["id"]: d for d in map(json.loads, data.read_text().splitlines())}
    sock = listen("127.0.0.1", 0)
    srv = uvicorn.Server(uvicorn.Config(create_app(time_limit=30), log_level="warning"))
    threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not srv.started:
        time.sleep(0.02)
    url = f"http://127.0.0.1:{sock.getsockname()[1]}/"
    every = []
    print(f"{'puzzle':44} {'median ms':>9} {'max ms':>7} {'server ms':>9}  paradigms")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("dialog", lambda d: d.accept())
        for pid in PUZZLES:
            rec = found[pid]
            page.goto("about:blank")
            page.goto(url + "#p=" + quote(rec["puzzle"], safe="") + "&edit=1")
            page.wait_for_function("() => typeof E !== 'undefined' && E.on && E.answer !== undefined")
            wait(page)
            givens = page.evaluate("() => E.draft.givens.map(([c]) => c)")
            empty = [c for c in range(len(rec["cells"])) if c not in givens]
            times, server, ran = [], [], set()
            for i in range(args.changes):
                c = empty[(i // 2 * 7) % len(empty)]
                value = rec["cells"][c] if i % 2 == 0 else 0
                page.evaluate(f"() => setGiven({c}, {value})")
                ms, d = wait(page)
                times.append(ms)
                server.append(d["time_s"] * 1000)
                ran |= {k for k, r in d["backends"].items() if r["status"] != "declined"}
            every += times
            title = f"{pid} ({rec.get('title', '')})"[:44]
            print(f"{title:44} {statistics.median(times):9.0f} {max(times):7.0f} "
                  f"{statistics.median(server):9.0f}  {', '.join(sorted(ran))}")
        browser.close()
    srv.should_exit = True
    print(f"all {len(every)} changes: median {statistics.median(every):.0f} ms, max {max(every):.0f} ms "
          f"(debounce included)")
    return 0


def wait(page):
    page.wait_for_function("() => { const v = document.getElementById('edit-verdict'); "
                           "return v.dataset.state && v.dataset.state !== 'pending'; }", timeout=60000)
    ms = float(page.evaluate("() => document.getElementById('edit-verdict').dataset.ms"))
    return ms, page.evaluate("() => E.answer || {time_s: 0, backends: {}}")


if __name__ == "__main__":
    sys.exit(main())
