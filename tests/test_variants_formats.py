"""Reading f-puzzles and ISS strings, writing f-puzzles back, and refusing by name.

Samples come from tests/data/variants_sample.jsonl (copied from ../shared/data/variants,
each record naming its source); their stated solutions must pass the checker once read.
"""

from __future__ import annotations

import json

import lzstring
import pytest

from sudoku_cp.variants import model as m
from sudoku_cp.variants.formats import detect, read_entry
from sudoku_cp.variants.fpuzzles import parse_fpuzzles, read_fpuzzles, write_fpuzzles
from sudoku_cp.variants.iss import parse_iss
from sudoku_cp.variants.paradigms import UnsupportedConstraint
from sudoku_cp.variants.rules import check_solution

from conftest import DATA

SAMPLES = [json.loads(line) for line in (DATA / "variants_sample.jsonl").read_text().splitlines()
           if line.strip() and not line.startswith("#")]
# (iss-examples-57's Or is read now; 47's Doppelganger is read, its extra cells, which the
# Whispers use, are not)
REFUSED: dict = {}  # (iss-examples-47, Dutch-pelgänger, is read since its extra cells are)
LZ = lzstring.LZString()
KEEP_OFF_THE_BORDER = json.loads((DATA / "variants_fpuzzles_lockout.jsonl").read_text().splitlines()[-1])


def fp(data: dict) -> str:
    return LZ.compressToBase64(json.dumps(data))


@pytest.mark.parametrize("rec", SAMPLES, ids=[r["id"] for r in SAMPLES])
def test_samples_read_and_their_solutions_check(rec):
    parse = parse_fpuzzles if rec["format"] == "fpuzzles" else parse_iss
    if rec["id"] in REFUSED:
        with pytest.raises(UnsupportedConstraint, match=f"^unsupported {REFUSED[rec['id']]}$"):
            parse(rec["puzzle"])
        return
    puzzle = parse(rec["puzzle"])
    assert puzzle.size == rec["size"]
    cells = list(rec["cells"])
    if puzzle.extra:  # the sample states the grid: its extra cells (Doppelganger's) follow from it
        from dataclasses import replace

        from sudoku_cp.variants.sat import solve as sat_solve

        found = sat_solve(replace(puzzle, givens=tuple(enumerate(cells))), limit=2).solutions
        assert len(found) == 1 and list(found[0][:len(cells)]) == cells
        cells = list(found[0])
    assert check_solution(puzzle, cells) == []
    wrong = list(cells)
    wrong[0], wrong[1] = wrong[1], wrong[0]
    assert check_solution(puzzle, wrong)  # the checker is not vacuous on this puzzle


@pytest.mark.parametrize("rec", [r for r in SAMPLES if r["id"] not in REFUSED and r["id"] not in
                                 ("iss-examples-43", "iss-examples-57",  # (57: Or, no f-puzzles field)
                                  "iss-examples-47")],  # (47: extra cells, none in f-puzzles)
                         ids=lambda r: r["id"])
def test_fpuzzles_round_trip(rec):
    parse = parse_fpuzzles if rec["format"] == "fpuzzles" else parse_iss
    puzzle = parse(rec["puzzle"])
    again = parse_fpuzzles(write_fpuzzles(puzzle))
    assert sorted(map(repr, again.constraints)) == sorted(map(repr, puzzle.constraints))
    assert (again.givens, again.regions, again.box) == (puzzle.givens, puzzle.regions, puzzle.box)


def test_export_refuses_what_fpuzzles_cannot_carry():
    with pytest.raises(UnsupportedConstraint, match=r"^unsupported constraint lockout \(difference 3 "
                                                   r"in f-puzzles, whose lockout ends differ by 4\)$"):
        write_fpuzzles(parse_iss(".Lockout~3~R1C1~R1C2~R1C3"))
    with pytest.raises(UnsupportedConstraint, match="values 0..3"):
        write_fpuzzles(m.VariantPuzzle(4, values=(0, 3)))


def test_url_and_cosmetic_elements():
    data = {"size": 4, "grid": [[{}] * 4 for _ in range(4)], "line": [{"lines": [["R1C1", "R1C2"]]}],
            "text": [{"cells": ["R1C1"], "value": "hi"}], "thermometer": [{"lines": [["R1C1", "R1C2"]]}]}
    reading = read_fpuzzles("https://f-puzzles.com/?load=" + fp(data))
    assert reading.puzzle.constraints == (m.Thermometer((0, 1)),)
    assert reading.ignored == ["line", "text"] and reading.notes == []
    assert reading.names == {"thermometer": "thermometer"}
    assert detect("https://f-puzzles.com/?load=" + fp(data)) == "fpuzzles"


@pytest.mark.parametrize("text, words", [
    ("N4Ig!!!not-base64", "not LZString base64"),
    ("N4IgzglgXgpiBcBOANCA5gJwgEwQbT2A", "does not decompress"),
    (LZ.compressToBase64("{not json"), "bad JSON inside the string"),
    (fp({"size": 4, "grid": [[{}] * 4] * 4, "killercage": [{"cells": ["R1C1", "R5C1"], "value": "3"}]}),
     "cell R5C1 is outside the 4x4 grid"),
    (fp({"size": 4, "grid": [[{}] * 4] * 4, "killercage": [{"cells": ["R1C1", "R1C2"], "value": "9"}]}),
     "killer cage sum 9 over 2 cells at R1C1 cannot be made of distinct values 1..4"),
    (fp({"size": 4, "grid": [[{}] * 4] * 4, "chaosconstruction": True}), "unsupported constraint chaosconstruction"),
    (fp({"size": 4, "grid": [[{}] * 4] * 4, "lockout": [{"lines": [["R1C1"]]}]}),
     "lockout: needs at least 2 cells, has 1"),
    (fp({"size": 4, "grid": [[{}] * 3] * 4}), "grid row 1 does not have 4 cells"),
    (fp({"size": 4, "grid": [[{}] * 4] * 4, "renban": [{"lines": 5}]}), "malformed 'renban' field"),
    (fp({"size": 4, "grid": [[{}] * 4] * 4, "negative": [{}]}), "malformed 'negative' field"),
    (fp({"size": 4, "grid": [[{}] * 4] * 4, "ratio": [{"cells": ["R1C1"]}]}), "a dot joins two cells"),
    # these were read as something else: letters of a string, a rounded number, a diagonal
    (fp({"size": 4, "grid": [[{}] * 4] * 4, "negative": "ratio"}), "malformed 'negative' field"),
    (fp({"size": 4, "grid": [[{"value": 1.5, "given": True}] + [{}] * 3] + [[{}] * 4] * 3}),
     "f-puzzles: bad value 1.5"),
    (fp({"size": 4, "grid": [[{}] * 4] * 4, "killercage": [{"cells": ["R1C1", "R1C2"], "value": True}]}),
     "f-puzzles: bad cage sum True"),
    (fp({"size": 4, "grid": [[{}] * 4] * 4,
         "littlekillersum": [{"cell": "R2C2", "direction": "DR", "value": "5"}]}),
     "little killer clue at R2C2 is inside the grid"),
])
def test_malformed_fpuzzles_is_one_line(text, words):
    entry = read_entry(text)
    assert entry.puzzle is None and words in entry.error and "\n" not in entry.error


@pytest.mark.parametrize("text, words", [
    (".Thermo~R1C1~R9Z9", "bad cell 'R9Z9'"),
    (".Thermo~R1C1~RaC1.Shape~9x9", "cell RaC1 is outside the 9x9 grid"),
    (".Cage~x~R1C1~R1C2", "bad sum 'x'"),
    (".~R1C1_12", "given 12 at R1C1 is outside 1..9"),
    (".~R1C1_7.Shape~4x4", "given 7 at R1C1 is outside 1..4"),
    (".~R1C1_2_7.Shape~4x4", "given 7 at R1C1 is outside 1..4"),
    (".~R1C1_x", "bad given 'R1C1_x'"),
    (".Thermo~R1C1~R10C1.Shape~4x4", "Thermo: cell R10C1 is outside the 4x4 grid"),
    # ISS reads one base-17 digit a row: R10C1 is no cell there even on 16x16
    (".Thermo~R1C1~R10C1.Shape~16x16", "Thermo: bad cell 'R10C1': ISS writes a row or column "
                                       "over 9 as one letter (10 is 'a', 16 is 'g')"),
    (".Shape~5x7.Windoku", "unsupported constraint Windoku (on a non-square 5x7 grid: ISS takes "
                           "it on square grids only)"),
    (".Shape~5x17", "bad grid shape 'Shape~5x17' (ISS takes 1 to 16 rows and columns)"),
    (".Shape~abc", "bad grid shape 'Shape~abc'"),
    (".Shape~9x9~0-8.NFA~abc~R1C1", "NFA: the NFA string ends early"),  # (ISS: "Unexpected end of bit stream")
    (".Or.~R1C1_1", "an Or, And or Replicate is not closed by End"),
    (".Between~R1C1", "Between: needs at least 2 cells, has 1"),
    (".WhiteDot~R1C1~R1C3", "WhiteDot: no two of its cells are orthogonal neighbours"),
])
def test_bad_iss_is_one_named_line(text, words):
    entry = read_entry(text)
    assert entry.puzzle is None and words in entry.error and "\n" not in entry.error


def test_iss_forms():
    assert parse_iss(".Shape~9x9~0-8.~R1C1_0").values == (0, 8)
    assert parse_iss(".Shape~9x9~0-8.~R1C1_0").box == (3, 3)
    # ten values: ISS keeps the boxes all the same (boxRegions: empty only under NoBoxes),
    # each then holds nine distinct values of ten, as each row does
    assert parse_iss(".Shape~9x9~10").box == (3, 3)
    assert parse_iss(".Shape~9x9~10.NoBoxes").box is None
    little = parse_iss(".LittleKiller~10~R1C2").constraints[0]
    assert little.cells == (1, 9)  # down-left from the top edge, as ISS's cellMap reads it
    sky = parse_iss(".Skyscraper~C2~3~4").constraints
    assert [c.cells[0] for c in sky] == [1, 73] and [c.count for c in sky] == [3, 4]
    dots = parse_iss(".WhiteDot~R1C1~R1C2~R2C2").constraints
    assert [c.cells for c in dots] == [(0, 1), (1, 10)]
    pill = parse_iss(".PillArrow~2~R1C2~R1C1~R2C1").constraints[0]
    assert pill.bulb == (0, 1) and pill.shaft == (9,)
    plain = parse_iss("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    assert len(plain.givens) == 30 and plain.constraints == ()


def test_json_records_with_a_stated_solution():
    rec = next(r for r in SAMPLES if r["id"] == "iss-examples-3")
    entry = read_entry(json.dumps(rec))
    assert entry.ident == "iss-examples-3" and entry.expected == tuple(rec["cells"])
    own = read_entry(entry.puzzle.to_json())
    assert own.format == "json" and own.puzzle == entry.puzzle


@pytest.mark.parametrize("rec, words", [
    ({"format": "iss", "puzzle": 5}, "'puzzle' must be a string or an object, not 5"),
    ({"puzzle": None}, "'puzzle' must be a string or an object, not null"),
    ({"format": "json", "puzzle": "{oops"}, "bad JSON: Expecting property name"),
    ({"format": "iss", "puzzle": {"size": 4}}, "'puzzle' in the iss format must be a string"),
    ({"format": "iss", "puzzle": ".Shape~4x4", "cells": ["1"] * 16}, "the stated solution holds \"1\""),
])
def test_a_record_of_the_wrong_shape_is_one_line(rec, words):
    """A JSONL record whose ``puzzle`` or stated solution has the wrong type is that
    line's error (these raised TypeError or JSONDecodeError out of the reader)."""
    entry = read_entry(json.dumps(rec))
    assert entry.puzzle is None and words in entry.error and "\n" not in entry.error


def test_a_record_holding_a_plain_grid_reads_it_as_iss_does():
    entry = read_entry(json.dumps({"id": "p", "puzzle": "1...........4.3."}))
    assert entry.error is None and entry.format == "iss" and entry.puzzle.givens[0] == (0, 1)


@pytest.mark.parametrize("text, words", [
    (".Shape~6x6.Entropic~R1C1~R1C2~R1C3", "unsupported constraint Entropic (values other than 1..9)"),
    (".Shape~4x4.GlobalMod", "unsupported constraint GlobalMod (values 1..4 (ISS takes 9 values))"),
])
def test_a_type_refused_on_this_grid_says_so_once(text, words):
    """The refusal is the whole message, as for a type not read at all (it was prefixed
    with the type again: 'Entropic: unsupported constraint Entropic (...)')."""
    assert read_entry(text).error == words


@pytest.mark.parametrize("text, words", [
    (".Cage~100~R1C1~R1C2", "killer cage sum 100 over 2 cells at R1C1 cannot be made of distinct "
                            "values 1..9 (3..17)"),
    ('{"size": 4, "values": [0, 3], "constraints": [{"type": "killer_cage", "cells": [0, 1], '
     '"total": 0}]}', "killer cage sum 0 over 2 cells at R1C1 cannot be made of distinct values 0..3 (1..5)"),
])
def test_a_cage_sum_out_of_reach_is_refused_in_every_format(text, words):
    """As from f-puzzles; ISS and the JSON had it checked and said 'none'. (The model itself
    takes such a cage: its answer is no solution.)"""
    assert read_entry(text).error == words


@pytest.mark.parametrize("text, words", [
    (".Arrow~R1C1", "Arrow: the shaft has no cell"),
    (".PillArrow~2~R1C1~R1C2", "PillArrow: a pill of 2 cells needs a shaft after it; 2 cells given"),
    (fp({"size": 4, "grid": [[{}] * 4] * 4, "arrow": [{"cells": ["R1C1"], "lines": [["R1C1"]]}]}),
     "arrow: the shaft has no cell"),
])
def test_an_arrow_without_a_shaft_is_named(text, words):
    """It was checked, and said 'none' (an empty shaft sums to 0)."""
    assert read_entry(text).error == words


def test_an_empty_or_cut_link_says_so():
    assert read_entry("https://f-puzzles.com/?load=").error == \
        "f-puzzles: the link holds no puzzle after '?load='"  # it said: a bad character
    whole = fp({"size": 4, "grid": [[{}] * 4] * 4, "thermometer": [{"lines": [["R1C1", "R1C2"]]}]})
    assert read_entry(whole[:len(whole) // 2]).error.endswith("does not decompress (is it cut short?)")


def test_only_a_list_of_objects_reads_as_a_json_document():
    """'[' alone or '[{' opens a JSON document of puzzles; '[Hard]', a section title in
    a classic file, must not send the whole file down the variant road."""
    assert [detect(t) for t in ("[", '[{"size": 4}]', "[Hard]", "[1, 2]")] == ["json", "json", None, None]


def test_a_plain_line_is_read_from_4x4_up():
    """'12' read as a 1x1 jigsaw (its given, then its layout) and checked 'unique'."""
    assert read_entry("12").error.startswith("not a puzzle") and read_entry("1...").puzzle is None
    assert read_entry("1" + "." * 15).puzzle.size == 4


# -- links setters share (variants/links.py) ------------------------------------------------
def _sample(fmt):
    rec = next(r for r in SAMPLES if r["format"] == fmt and not read_entry(r["puzzle"]).error)
    bare = rec["puzzle"].split("?load=", 1)[-1]
    return bare, read_entry(rec["puzzle"]).puzzle


def test_an_iss_link_reads_as_the_string_in_its_q_parameter():
    from urllib.parse import urlencode

    text, puzzle = _sample("iss")
    link = ("https://sigh.github.io/Interactive-Sudoku-Solver/?"
            + urlencode({"q": text, "mode": "all-possibilities"}))
    for form in (link, link.replace("~", "%7E")):  # the browser's URLSearchParams writes %7E
        entry = read_entry(form)
        assert entry.error is None and entry.format == "iss" and entry.puzzle == puzzle
        assert detect(form) == "iss"
    record = read_entry(json.dumps({"format": "iss", "puzzle": link}))
    assert record.error is None and record.puzzle == puzzle


@pytest.mark.parametrize("form", ["https://sudokupad.app/fpuzzles{}",
                                  "https://sudokupad.app/?puzzleid=fpuzzles{}",
                                  "sudokupad.app/fpuzzles{}"])
def test_a_sudokupad_link_holding_an_fpuzzles_string_reads_as_that_string(form):
    from urllib.parse import quote

    text, puzzle = _sample("fpuzzles")  # (base64: the path may hold slashes)
    for payload in (text, quote(text, safe="")):
        entry = read_entry(form.format(payload))
        assert entry.error is None and entry.format == "fpuzzles" and entry.puzzle == puzzle


@pytest.mark.parametrize("link, said", [
    ("https://sudokupad.app/sclN4IgzglgXgpiBcBOAN", "its own 'scl' format"),
    ("https://sudokupad.app/ctcN4IgzglgXgpiBcBOAN", "its own 'ctc' format"),
    ("https://sudokupad.app/abc123xyz", "a short name stored on SudokuPad's server"),
    ("https://app.crackingthecryptic.com/sudoku/abc123", "a short name stored"),
    ("https://example.com/puzzle?id=3", "a link (example.com) that carries no puzzle"),
    ("https://sigh.github.io/Interactive-Sudoku-Solver/?q=", "the 'q' parameter is empty"),
])
def test_a_link_that_carries_no_puzzle_read_here_says_which_and_why(link, said):
    assert detect(link) == "link"  # a variant input all the same, for the command line
    entry = read_entry(link)
    assert entry.puzzle is None and said in entry.error and "\n" not in entry.error


# -- every refusal at once, in the format's own names ---------------------------------------
EMPTY4 = {"size": 4, "grid": [[{}] * 4] * 4}


@pytest.mark.parametrize("text, said, names", [
    (fp({**EMPTY4, "columnindexer": [{"cells": ["R1C1"]}], "chaosconstruction": True,
         "negative": ["sum", "xv", "difference"]}),
     "unsupported constraints: chaosconstruction, negative sum, negative difference",
     ("chaosconstruction", "negative sum", "negative difference")),
    (fp({**EMPTY4, "fog": [{"cells": ["R1C1"]}]}), "unsupported constraint fog",
     ("fog",)),  # (nabner was this example until it was read: issue 37)
    # (Or, NFA, SameValues and Var are read since issue 37; ISS's Container is not yet)
    (".Thermo~R1C1~R1C2.Container~x.End", "unsupported constraint Container", ("Container",)),
    (".Shape~4x4.GlobalMod.Entropic~R1C1~R1C2~R1C3",
     "unsupported constraints: GlobalMod (values 1..4 (ISS takes 9 values)), Entropic (values "
     "other than 1..9)", ("GlobalMod", "Entropic")),
])
def test_one_refusal_names_every_unsupported_item(text, said, names):
    """A puzzle with three unsupported things was refused three times in turn, one name
    each; now once, each named as the setter typed it."""
    from sudoku_cp.variants.fpuzzles import read_fpuzzles
    from sudoku_cp.variants.iss import read_iss

    read = read_fpuzzles if text.startswith("N4") else read_iss
    with pytest.raises(UnsupportedConstraint) as caught:
        read(text)
    assert str(caught.value) == said and caught.value.names == names
    assert caught.value.name == names[0]
    assert read_entry(text).error == said


def test_an_unsupported_field_that_states_nothing_is_not_refused():
    """An empty list or a false flag carries no rule (SudokuVariantSolverJS skips them too)."""
    entry = read_entry(fp({**EMPTY4, "columnindexer": [], "chaosconstruction": False}))
    assert entry.error is None and entry.puzzle.constraints == ()


@pytest.mark.parametrize("text, said", [
    # (an ISS cage may list a cell twice: ISS counts it twice in the sum, tests/test_iss_meaning.py)
    (fp({**EMPTY4, "killercage": [{"cells": ["R1C1", "R1C2", "R1C1"], "value": "6"}]}),
     "killercage: cell R1C1 is listed twice"),
    (".Quad~R1C1~7.Shape~4x4", "Quad at R1C1: value 7 is outside 1..4"),
    (fp({**EMPTY4, "quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [7]}]}),
     "quadruple at R1C1: value 7 is outside 1..4"),
    (fp({**EMPTY4, "skyscraper": [{"cell": "R0C1", "value": "5"}]}),
     "skyscraper clue 5 (read from R1C1) is outside 1..4"),
])
def test_errors_name_the_constraint_as_the_format_does(text, said):
    assert read_entry(text).error == said


def test_the_names_of_the_read_types_are_the_formats():
    iss = read_entry(".Cage~3~R1C1~R1C2.WhiteDot~R3C1~R3C2.X~R4C1~R4C2.V~R4C3~R4C4.Shape~4x4")
    assert iss.names == {"killer_cage": "Cage", "difference_dot": "WhiteDot", "xv": "X/V"}
    fpz = read_entry(fp({**EMPTY4, "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
                         "difference": [{"cells": ["R3C1", "R3C2"]}], "diagonal+": True}))
    assert fpz.names == {"diagonal": "diagonal+", "killer_cage": "killercage",
                         "difference_dot": "difference"}


# -- f-puzzles lockout lines and cosmetic items -----------------------------------------------
def test_fpuzzles_lockout_lines_differ_by_half_the_size():
    """As the f-puzzles lockout plugin and SudokuVariantSolverJS read them: each line of an
    entry on its own, its ends at least size // 2 apart (4 on 9x9, 2 on 4x4)."""
    text = fp({"size": 9, "grid": [[{}] * 9] * 9,
               "lockout": [{"lines": [["R1C1", "R1C2", "R1C3"], ["R1C3", "R2C3"]]}]})
    entry = read_entry(text)
    assert entry.error is None and entry.names == {"lockout": "lockout"}
    assert entry.puzzle.constraints == (m.Lockout((0, 1, 2), 4), m.Lockout((2, 11), 4))
    four = read_entry(fp({**EMPTY4, "lockout": [{"lines": [["R1C1", "R2C2", "R3C3"]], "value": "9"}]}))
    assert four.puzzle.constraints == (m.Lockout((0, 5, 10), 2),)  # (its value is not read)
    assert parse_fpuzzles(write_fpuzzles(entry.puzzle)) == entry.puzzle


def test_fpuzzles_lockout_puzzle_from_sudokuvariantsolverjs_checks_its_solution():
    """'Keep off the Border!' (SudokuVariantSolverJS puzzles.json): lockout lines, an
    invisible cage carrying the success message, successMessage, rectangles and lines."""
    entry = read_entry(KEEP_OFF_THE_BORDER["puzzle"])
    assert entry.error is None, entry.error
    assert entry.ignored == ("rectangle", "line", "successMessage", "cage (the success message)")
    assert entry.notes == ()
    assert check_solution(entry.puzzle, [int(v) for v in KEEP_OFF_THE_BORDER["solution"]]) == []
    assert sum(c.TYPE == "lockout" for c in entry.puzzle.constraints) == 7


@pytest.mark.parametrize("cages, ignored, notes", [
    ([{"cells": ["R1C1"], "value": "msgcorrect: Well done!", "outlineC": "#ffffff00"}],
     ("cage (the success message)",), ()),
    ([{"cells": ["R1C1", "R1C2"], "value": "ABC"}], ("cage",), ('cage with text "ABC" is a label, not a sum',)),
    ([{"cells": ["R1C1", "R1C2"], "value": "7"}], ("cage",),
     ("cage with value 7 is cosmetic in f-puzzles, not a sum (a killer cage is a 'killercage')",)),
    ([{"cells": ["R1C1", "R1C2"]}, {"cells": ["R2C1"], "value": "x" * 50}], ("cage",),
     ('cage with text "' + "x" * 39 + '…" is a label, not a sum',)),
])
def test_a_cosmetic_cage_is_noted_never_refused(cages, ignored, notes):
    """f-puzzles' 'cage' is drawn only (a killer cage is 'killercage'); SudokuVariantSolverJS
    reads no 'cage' either. It was refused as soon as it carried a value."""
    entry = read_entry(fp({**EMPTY4, "cage": cages, "title": "t", "author": "a", "ruleset": "r"}))
    assert entry.error is None and entry.puzzle.constraints == ()
    assert entry.ignored == ignored and entry.notes == notes


def test_an_lzstring_string_that_does_not_start_n4_is_read_as_fpuzzles():
    """JSON after a space compresses to 'AQ...', not 'N4...': it fell to the grid reader."""
    text = LZ.compressToBase64(" " + json.dumps({**EMPTY4, "thermometer": [{"lines": [["R1C1", "R1C2"]]}]}))
    assert not text.startswith("N4") and detect(text) == "fpuzzles"
    assert read_entry(text).puzzle.constraints == (m.Thermometer((0, 1)),)
    uri = LZ.compressToEncodedURIComponent(json.dumps({**EMPTY4, "thermometer": [{"lines": [["R1C1", "R1C2"]]}]}))
    assert read_entry(uri).puzzle.constraints == (m.Thermometer((0, 1)),)
    array = LZ.compressToBase64(json.dumps([EMPTY4]))
    assert detect(array) == "fpuzzles" and read_entry(array).error == "f-puzzles: the JSON is not an object"
    assert detect("1234567890" * 8 + "1") is None  # a grid line is not tried


def test_a_missing_lzstring_is_said_with_what_to_install(monkeypatch):
    """decode() swallowed it: a real string was 'the base64 string does not decompress'."""
    import sys

    from sudoku_cp.errors import MissingDependencyError
    from sudoku_cp.variants.fpuzzles import decode

    text = fp(EMPTY4)
    monkeypatch.setitem(sys.modules, "lzstring", None)
    with pytest.raises(MissingDependencyError, match="pip install lzstring"):
        decode(text)
    with pytest.raises(MissingDependencyError, match="pip install lzstring"):
        read_entry(text)


@pytest.mark.parametrize("text, said", [
    (".Thermo~R1C1~R1C2.Shape~4x4", "unsupported constraint Thermo (declines: a test)"),
    (fp({**EMPTY4, "thermometer": [{"lines": [["R1C1", "R1C2"]]}]}),
     "unsupported constraint thermometer (declines: a test)"),
    ('{"size": 4, "constraints": [{"type": "thermometer", "cells": [0, 1]}]}',
     "unsupported constraint thermometer (declines: a test)"),
])
def test_a_paradigm_that_declines_is_noted_in_the_formats_names(monkeypatch, text, said):
    """The record's not_run said 'killer_cage' and 'difference_dot' to a setter who typed
    'Cage' or 'killercage'."""
    from sudoku_cp.variants import crosscheck
    from sudoku_cp.variants.records import checked_record

    real = crosscheck.get_paradigm

    def declining(puzzle, **_):
        raise UnsupportedConstraint(puzzle.constraints[0].TYPE, "declines: a test")

    monkeypatch.setattr(crosscheck, "get_paradigm", lambda name: declining if name == "no" else real(name))
    rec = checked_record(1, "<argument>", 1, read_entry(text), ["sat", "cpsat", "no"], None)
    assert rec["verdict"] == "multiple" and rec["not_run"] == {"no": said}
