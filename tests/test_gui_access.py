"""Accessibility: axe-core (from the npm registry) injected into the page in Chromium, at a
phone's and a desktop's window, light and dark: no serious or critical violation.

axe-core is a test-only JavaScript package: ``npm install --prefix tests/node axe-core``
(the CI script does it, best effort). The test skips, saying so, only when it is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_gui_browser import (  # noqa: F401  (fixtures: server, browser)
    DIALOGS, TOP95, answer_dialog, browser, open_text, server)

from playwright.sync_api import expect  # noqa: E402

AXE = Path(__file__).resolve().parent / "node" / "node_modules" / "axe-core" / "axe.min.js"
if not AXE.exists():
    pytest.skip(f"axe-core is not installed (npm install --prefix tests/node axe-core): "
                f"no {AXE.relative_to(Path(__file__).resolve().parent.parent)}",
                allow_module_level=True)


@pytest.mark.parametrize("width,height", [(390, 844), (1920, 1080)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_or_critical_violations(browser, server, width, height, scheme):
    url, _ = server
    page = browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme)
    page.set_default_timeout(15000)
    DIALOGS.update(accept=True, seen=[])
    page.on("dialog", answer_dialog)
    try:
        page.goto(url)
        expect(page.locator("#board .cell").first).to_be_visible()
        open_text(page, TOP95)
        page.check("#show-candidates")
        page.locator(".cell[data-cell='1']").click()
        page.click("#hint")  # the hint's colours and its card are checked too
        page.click("#more")
        page.click("#more")
        expect(page.locator("#apply")).to_be_visible()
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3], v["help"])
               for v in result["violations"] if v["impact"] in ("serious", "critical")]
        assert not bad, bad
    finally:
        page.close()
