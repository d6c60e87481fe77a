"""The setter's typed tools in Chromium (static/setter_more.js): a regex, a pair rule and an
automaton drawn by pointer and by keys with their text typed; a bad pattern refused in one
line; a leaper rule from its moves; an equal sum segment by segment; an or and an and grouped
from constraints ticked in the list (pointer, then keys); each drawn on the board, exported
and opened again identical; no model type left "not drawn"; axe-core on the text box and
the list's ticks. Fixtures from
test_gui_browser; helpers from test_gui_setter."""

from __future__ import annotations

import json

from test_gui_browser import (  # noqa: F401  (fixtures: server, browser, page)
    DIALOGS, answer_dialog, browser, page, server)
from test_gui_setter import AXE, canon, drag, draft, new_draft, verdict
from test_gui_setter_api import EVERY

from playwright.sync_api import expect  # noqa: E402


def typed(page, tool: str, text: str) -> None:
    page.select_option("#edit-tool", tool)
    page.fill("#edit-text", text)


def added(page, kind: str) -> list[dict]:
    return [c for c in draft(page)["constraints"] if c["type"] == kind]


def reopen(page, fmt: str) -> dict:
    """Export the draft as ``fmt``, open the text again, and return the draft it opens to."""
    want = draft(page)
    page.click(f"#export-{fmt}")
    expect(page.locator("#export-out")).not_to_have_value("")
    text = page.input_value("#export-out")
    page.evaluate("() => stopEdit()")
    page.click("#edit-start")
    page.fill("#paste", text)
    page.click("#open")
    page.wait_for_function(f"() => E.on && E.draft && E.draft.constraints.length === {len(want['constraints'])}")
    return draft(page)


def test_regex_pair_and_nfa_by_pointer_with_a_bad_pattern_refused(page):
    new_draft(page, 6)
    typed(page, "regex", "1[2-")
    drag(page, [0, 1, 2])
    expect(page.locator("#edit-said")).to_contain_text("Not added")
    expect(page.locator("#edit-said")).to_contain_text("1[2-")
    assert added(page, "regex") == []
    typed(page, "regex", "1[2-4]+")
    drag(page, [0, 1, 2])
    expect(page.locator("#edit-said")).to_contain_text("Added: Regex")
    assert added(page, "regex") == [{"type": "regex", "cells": [0, 1, 2], "pattern": "1[2-4]+"}]
    typed(page, "pair", "21 12 34 43 12")  # sorted, each once
    drag(page, [12, 13])
    page.wait_for_function("() => E.draft.constraints.some((x) => x.type === 'pair')")
    assert added(page, "pair") == [{"type": "pair", "cells": [12, 13],
                                    "allowed": [1, 2, 2, 1, 3, 4, 4, 3], "all_pairs": False}]
    typed(page, "nfa", "start 0; accept 1; 0 5 2, 2 3 1")
    drag(page, [24, 25])
    page.wait_for_function("() => E.draft.constraints.some((x) => x.type === 'nfa')")
    assert added(page, "nfa") == [{"type": "nfa", "cells": [24, 25], "states": 3, "start": [0],
                                   "accept": [1], "moves": [0, 4, 2, 2, 2, 1], "lengths": []}]
    expect(page.locator("svg.variant path.line.regex")).to_have_count(1)
    expect(page.locator("svg.variant path.line.pair")).to_have_count(1)
    expect(page.locator("svg.variant text.tag.regex")).to_have_text("1[2-4]+")
    expect(page.locator("svg.variant text.tag.pair")).to_have_text("12 21 34 43")
    expect(page.locator("svg.variant text.tag.nfa")).to_have_text("NFA")
    # a click on the regex picks it: its pattern in the box; a new one typed, Enter changes it
    page.select_option("#edit-tool", "regex")
    page.click(".cell[data-cell='1']")
    expect(page.locator("#edit-text")).to_have_value("1[2-4]+")
    page.fill("#edit-text", "1[2-4]*6?")
    page.press("#edit-text", "Enter")
    page.wait_for_function("() => E.draft.constraints.some((x) => x.pattern === '1[2-4]*6?')")
    assert [c["pattern"] for c in added(page, "regex")] == ["1[2-4]*6?"]
    verdict(page, "multiple")
    for fmt in ("json", "iss"):
        back = reopen(page, fmt)
        assert canon(back) == canon({"constraints": [
            {"type": "regex", "cells": [0, 1, 2], "pattern": "1[2-4]*6?"},
            {"type": "pair", "cells": [12, 13], "allowed": [1, 2, 2, 1, 3, 4, 4, 3], "all_pairs": False},
            {"type": "nfa", "cells": [24, 25], "states": 3, "start": [0], "accept": [1],
             "moves": [0, 4, 2, 2, 2, 1], "lengths": []}]}), fmt


def test_pair_by_keys_and_an_or_and_an_and_grouped(page):
    new_draft(page, 4)
    page.select_option("#edit-tool", "pair")
    page.focus("#edit-text")
    page.keyboard.type("all 13 31 24 42")
    page.focus("#board")
    for key in ["ArrowDown", "ArrowRight", "Shift+ArrowRight", "Enter"]:
        page.keyboard.press(key)
    page.wait_for_function("() => E.draft.constraints.length === 1")
    assert added(page, "pair") == [{"type": "pair", "cells": [5, 6], "allowed": [1, 3, 2, 4, 3, 1, 4, 2], "all_pairs": True}]
    expect(page.locator("svg.variant path.cage.pair-all")).to_have_count(1)
    # two thermometers and a V, by pointer; tick the thermometers, Or of the ticked
    page.select_option("#edit-tool", "thermometer")
    drag(page, [0, 1])
    drag(page, [8, 9])
    page.select_option("#edit-tool", "v")
    drag(page, [12, 13])
    page.click("#setter-card details summary")
    page.click("#edit-list input[data-tick='1']")
    page.click("#edit-list input[data-tick='2']")
    page.click("#edit-group-or")
    ors = added(page, "or")
    assert ors == [{"type": "or", "branches": [{"type": "thermometer", "cells": [0, 1]},
                                               {"type": "thermometer", "cells": [8, 9]}]}]
    expect(page.locator("svg.variant g.composite.or path.thermo-line")).to_have_count(2)
    expect(page.locator("svg.variant text.composite-tag")).to_have_text("or ×2")
    expect(page.locator("#edit-list")).to_contain_text("or: (Thermometer: r1c1 r1c2) | (Thermometer: r3c1 r3c2)")
    # by keys: tick the V and the or (Space), then And of the ticked (Enter)
    items = [c["type"] for c in draft(page)["constraints"]]
    for kind in ("xv", "or"):
        page.focus(f"#edit-list input[data-tick='{items.index(kind)}']")
        page.keyboard.press("Space")
    page.focus("#edit-group-and")
    page.keyboard.press("Enter")
    ands = added(page, "and")
    assert ands == [{"type": "and", "parts": [{"type": "xv", "cells": [12, 13], "total": 5}, ors[0]]}]
    verdict(page, "multiple")
    assert canon(reopen(page, "json")) == canon({"constraints": [added(page, "pair")[0], ands[0]]})
    # Ungroup takes the and apart again
    page.click("#setter-card details summary") if not page.evaluate(
        "() => document.querySelector('#setter-card details').open") else None
    page.click(f"#edit-list input[data-tick='{[c['type'] for c in draft(page)['constraints']].index('and')}']")
    page.click("#edit-ungroup")
    assert added(page, "and") == [] and added(page, "or") == ors


def test_a_leaper_rule_and_an_equal_sum_segment_by_segment(page):
    new_draft(page, 6)
    typed(page, "chess", "1 2; values 1 3")
    page.click("#edit-add")
    page.wait_for_function("() => E.draft.constraints.length === 1")
    assert added(page, "chess") == [{"type": "chess", "moves": [1, 2], "values": [1, 3], "cells": []}]
    expect(page.locator("#variant-rules")).to_contain_text("leaper (1,2) on values 1 3")
    typed(page, "chess", "1")
    page.click("#edit-add")
    expect(page.locator("#edit-said")).to_contain_text("pairs of whole numbers")
    page.select_option("#edit-tool", "equal_sum")
    drag(page, [0, 1])
    drag(page, [12, 18, 24])
    assert added(page, "equal_sum") == [{"type": "equal_sum", "cells": [0, 1, 12, 18, 24], "lengths": [2, 3]}]
    expect(page.locator("#edit-said")).to_contain_text("2 segments")
    expect(page.locator("svg.variant text.tag.equal_sum")).to_have_count(2)
    page.focus("#board")
    page.keyboard.press("Escape")  # a new equal sum
    drag(page, [4, 5])
    assert len(added(page, "equal_sum")) == 2
    verdict(page, "multiple")


def test_no_model_type_is_left_not_drawn(page):
    constraints = [{"type": k, **v} for k, v in EVERY.items()]
    page.evaluate(f"() => startEdit({json.dumps({'size': 9, 'box': [3, 3], 'givens': [], 'constraints': constraints})})")
    rules = page.text_content("#variant-rules")
    assert "Not drawn" not in rules, rules
    for mark in ("≠4", "Σw7", "▭0", "#≠", "1[2-4]+", "=Σ", "=reg", "run"):
        assert page.locator("svg.variant text", has_text=mark).count() >= 1, mark
    expect(page.locator("svg.variant .cage.distinct")).to_have_count(1)
    expect(page.locator("svg.variant .cage.rellik_cage")).to_have_count(1)
    if not AXE.exists():  # the rest: axe-core on the text box and the ticks of the list
        return
    page.select_option("#edit-tool", "nfa")
    page.click("#setter-card details summary")
    expect(page.locator("#edit-text")).to_be_visible()
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
           for v in result["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, bad


def test_any_constraint_as_json_read_by_the_model(page):
    """The last resort: a field no box gives (a sum's weights) typed as JSON; bad JSON and an
    unknown type said in one line, the draft unchanged."""
    new_draft(page, 6)
    page.click("#setter-card details summary")
    for text, said in (("{\"type\": ", "not JSON"), ("[1]", 'with a "type"'),
                       ('{"type": "spiral", "cells": [0]}', "constraint spiral"),
                       ('{"type": "sum", "cells": [0, 1], "total": 7, "weights": [1]}', "weights")):
        page.fill("#edit-json", text)
        page.click("#edit-json-add")
        expect(page.locator("#edit-said")).to_contain_text(said)
        expect(page.locator("#edit-said")).to_contain_text("Not added")
        assert draft(page)["constraints"] == []
    page.fill("#edit-json", '{"type": "sum", "cells": [0, 1], "total": 7, "weights": [1, 2]}')
    page.click("#edit-json-add")
    page.wait_for_function("() => E.draft.constraints.length === 1")
    assert added(page, "sum") == [{"type": "sum", "cells": [0, 1], "total": 7, "weights": [1, 2]}]
    expect(page.locator("svg.variant text", has_text="Σw7")).to_have_count(1)
    page.fill("#edit-json", '{"type": "sum", "cells": [0, 1], "total": 8, "weights": [1, 2]}')
    page.click("#edit-json-add")  # the same type on the same cells: replaced
    expect(page.locator("#edit-said")).to_contain_text("Replaced")
    assert [c["total"] for c in added(page, "sum")] == [8]
