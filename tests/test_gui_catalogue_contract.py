"""The setter's page against the model's registry (issue 41: "every constraint type the model
reads can be drawn, exported and read back identical").

For EVERY type in ``model.TYPES`` the test asks the page itself (Chromium): which tool, switch
or group button offers it; then builds one constraint of it the way the page builds it (its
tool chosen, the cells selected, Add, its number or values typed as digits, its text typed in
the text box, its parts ticked and grouped) and takes what the page put in the draft. That
constraint must be the one meant (``EVERY``, the endpoint test's table, bar the fields the
page has no box for), and must read back identical from the project's JSON, and from the ISS
string and the f-puzzles string whenever the writer carries it (a writer that refuses must
name the type). The live check after each change is switched off here: it is not under test
and would keep the shared machine busy for nothing.
"""

from __future__ import annotations

import json
import urllib.request

from test_gui_browser import (  # noqa: F401  (fixtures: server, browser, page)
    DIALOGS, answer_dialog, browser, page, server)
from test_gui_setter_api import EVERY, NEEDS

from sudoku_cp.gui.catalogue import catalogue
from sudoku_cp.variants.formats import read_entry
from sudoku_cp.variants.model import TYPES, NegativeDots, NonConsecutive

#: What the typed tools get in their text box (the rest of EVERY's constraint is the selection).
TEXTS = {"regex": "1[2-4]+", "pair": "all 12 23 31", "nfa": "start 0; accept 1; 0 5 2, 2 3 1",
         "chess": "2 2; values 1 3", "connected_values": "1 2 3 4 5 6 7 8; size 72"}
#: Fields the page has no box for: the constraint it builds has the model's default there.
PAGE_DEFAULTS = {"sum": {"weights": []}, "sum_line": {"loop": False}, "chaos_count": {"offset": 0},
                 "chaos_same": {"size": 1},
                 "full_rank_ties": {"ties": "only-unclued"}}
#: Tools that read their cells from the first one or two (an outside clue's ray, a quadruple's block).
FIRST_CELLS = {"little_killer": 2, "sandwich": 1, "x_sum": 1, "skyscraper": 1, "quadruple": 1}

OFFER = """(type) => ({
  tools: Object.keys(TOOLS).filter((k) => typeOf(k) === type),
  globals: GLOBAL_RULES.filter(([k]) => globalOf(k).type === type).map(([k]) => k),
  group: !!(GENERIC[type] && GENERIC[type].shape === "group" && !$(`edit-group-${type}`).hidden),
  shape: GENERIC[type] ? GENERIC[type].shape : null })"""

BUILD = """async ([tool, sel, text, digits]) => {
  $("edit-tool").value = tool;
  $("edit-tool").dispatchEvent(new Event("change"));
  $("edit-text").value = text;
  for (const s of sel) { E.sel = s.slice(); await commit(); }
  for (const d of digits) digit(d);
}"""


def selection(kind: str, con: dict, shape) -> list[list[int]]:
    """The selections the page is given for ``con`` (one per Add; an equal sum's per segment)."""
    if kind == "arrow":
        return [con["bulb"] + con["shaft"]]
    if kind in FIRST_CELLS:
        return [con["cells"][:FIRST_CELLS[kind]]]
    if shape == "arms":  # (the control cell with the first arm, then each arm)
        out, at = [], 0
        for k in con["lengths"]:
            out.append(([con["cell"]] if not at else []) + con["cells"][at:at + k])
            at += k
        return out
    if shape == "segments":
        out, at = [], 0
        for k in con["lengths"]:
            out.append(con["cells"][at:at + k])
            at += k
        return out
    if shape == "text":
        return [[]]
    head = [con["cell"]] if "cell" in con else []
    return [head + con.get("cells", []) + con.get("copy", [])]


def typed_digits(kind: str, con: dict, number) -> list[int]:
    """The digits typed after Add: a number field's digits, or each value of a values field."""
    if number and number in con:
        return [int(ch) for ch in str(con[number])]
    if "values" in con and kind not in ("chess", "connected_values"):
        return list(con["values"])
    return []


def build(page, kind: str, con: dict, offer: dict, entry: dict) -> list[dict]:
    """The constraints the page adds to an empty 9x9 draft when ``con`` is drawn on it."""
    needs = json.dumps(NEEDS.get(kind, []))
    page.evaluate(f"() => startEdit({{size: 9, box: [3, 3], givens: [[40, 5]], constraints: {needs}}})")
    if offer["globals"]:
        key = offer["globals"][0]
        if kind == "diagonal":
            key = "diagonal_up" if con["slope"] > 0 else "diagonal_down"
        page.evaluate(f"() => onGlobal({json.dumps(key)}, true)")
    elif offer["group"]:
        field = "branches" if kind == "or" else "parts"
        for part in con[field]:
            one = page.evaluate("() => E.draft.constraints.length")
            built = build_part(page, part)
            assert built, part
            assert page.evaluate("() => E.draft.constraints.length") == one + len(built)
        page.evaluate("() => { listConstraints(); document.querySelectorAll('#edit-list input[data-tick]')"
                      ".forEach((b) => { b.checked = true; }); }")
        page.evaluate("() => { document.querySelector('#setter-card details').open = true; }")
        page.click(f"#edit-group-{kind}")
    else:
        tool = offer["tools"][0]
        if kind == "xv":
            tool = "x" if con["total"] == 10 else "v"
        if kind == "arrow":
            tool = "arrow" if len(con["bulb"]) == 1 else "pill_arrow"
        number = entry.get("number") or {"killer_cage": "total", "little_killer": "total",
                                         "sandwich": "total", "x_sum": "total",
                                         "skyscraper": "count"}.get(kind)
        page.evaluate(BUILD, [tool, selection(kind, con, offer["shape"]), TEXTS.get(kind, ""),
                              typed_digits(kind, con, number)])
    return page.evaluate("() => JSON.parse(draftText()).constraints")[len(NEEDS.get(kind, [])):]


def build_part(page, part: dict) -> list[dict]:
    """One part of an or / and, drawn with its own tool into the same draft."""
    kind = part["type"]
    before = page.evaluate("() => E.draft.constraints.length")
    offer = page.evaluate(OFFER, kind)
    tool = "x" if kind == "xv" and part["total"] == 10 else "v" if kind == "xv" else offer["tools"][0]
    number = {"killer_cage": "total"}.get(kind)
    page.evaluate(BUILD, [tool, selection(kind, part, offer["shape"]), "",
                          typed_digits(kind, part, number)])
    return page.evaluate("() => JSON.parse(draftText()).constraints")[before:]


def export(url: str, puzzle: dict) -> dict:
    req = urllib.request.Request(url + "api/variant/export", method="POST",
                                 data=json.dumps({"puzzle": json.dumps(puzzle)}).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)


def test_the_catalogue_names_every_type_it_gives_no_shape():
    entries = {e["type"]: e for e in catalogue()}
    assert set(entries) == set(TYPES)
    for kind, e in entries.items():
        assert e["shape"] or e["why"], kind
    # the only ones without a shape have hand-made tools (an arrow's bulb, a diagonal's slope)
    assert {k for k, e in entries.items() if not e["shape"]} == {"arrow", "diagonal"}


def test_every_model_type_is_drawn_exported_and_read_back_identical(page, server):
    url, _ = server
    assert set(EVERY) == set(TYPES)
    entries = {e["type"]: e for e in catalogue()}
    page.evaluate("() => { window.scheduleCheck = () => {}; }")  # see the module docstring
    wrong, carried = [], {"json": 0, "iss": 0, "fpuzzles": 0}
    for kind in sorted(TYPES):
        offer = page.evaluate(OFFER, kind)
        if not (offer["tools"] or offer["globals"] or offer["group"]):
            wrong.append(f"{kind}: not offered ({entries[kind]['why']})")
            continue
        want = {"type": kind, **EVERY[kind], **PAGE_DEFAULTS.get(kind, {})}
        got = build(page, kind, want, offer, entries[kind])
        if got != [want]:
            wrong.append(f"{kind}: the page built {got}, not {[want]}")
            continue
        puzzle = {"size": 9, "box": [3, 3], "givens": [[40, 5]],
                  "constraints": NEEDS.get(kind, []) + got}
        mine = read_entry(json.dumps(puzzle))
        assert not mine.error, (kind, mine.error)
        d = export(url, puzzle)
        for key, fmt in (("json", "json"), ("iss", "iss"), ("fpuzzles", "fpuzzles")):
            if key not in d:
                why = d.get(f"{key}_error", "")
                if kind not in why and kind.replace("_", " ") not in why and kind.split("_")[0] not in why.lower():
                    wrong.append(f"{kind}: {fmt} refused without naming it: {why!r}")
                continue
            back = read_entry(d[key])
            if back.error:
                wrong.append(f"{kind}: {fmt} does not read back: {back.error}")
                continue
            expect = set(mine.puzzle.constraints)
            if key == "iss" and kind == "and":  # ISS builds a top-level And as its parts
                expect = set(mine.puzzle.constraints[0].parts)
            got_back = set(back.puzzle.constraints)
            if key == "fpuzzles" and kind == "non_consecutive":  # f-puzzles' own name for it
                got_back = {NonConsecutive() if c == NegativeDots(True, False) else c for c in got_back}
            if (back.puzzle.givens, got_back) != (mine.puzzle.givens, expect):
                wrong.append(f"{kind}: {fmt} reads back {sorted(map(repr, got_back))}")
                continue
            carried[fmt] += 1
    print(f"\n{len(TYPES)} types drawn by the page and read back: {carried}")
    assert not wrong, "\n".join(wrong)
