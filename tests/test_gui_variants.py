"""The page's variant endpoints through Starlette's test client.

The puzzles are in tests/data/page_variants.jsonl, copied from the shared set
(data/variants/*.jsonl); each record names its source (sigh's ISS examples, MIT;
dclamage's SudokuSolver tests, GPL-3.0) and carries its stated solution in ``cells``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the gui extra (starlette) is not installed")
pytest.importorskip("pysat", reason="the variant paradigms need python-sat")
try:
    import httpx2  # noqa: F401
except ImportError:
    pytest.importorskip("httpx", reason="Starlette's test client needs httpx2 or httpx")

from starlette.testclient import TestClient  # noqa: E402

from sudoku_cp.gui.app import create_app  # noqa: E402
from sudoku_cp.variants.formats import read_entry  # noqa: E402
from sudoku_cp.variants.rules import is_solution  # noqa: E402

DATA = Path(__file__).parent / "data" / "page_variants.jsonl"
PUZZLES = {d["id"]: d for d in map(json.loads, DATA.read_text().splitlines())}
KILLER = PUZZLES["iss-examples-17"]      # "Cages & sums"
THERMO = PUZZLES["iss-examples-3"]       # "Lines": thermometers
ARROW = PUZZLES["iss-examples-23"]
JIGSAW = PUZZLES["iss-examples-48"]
FPUZZLES = PUZZLES["dclamage-uniqueVariantFPuzzles-5"]  # anti-king, arrows, thermometers
DOPPELGANGER = PUZZLES["iss-examples-47"]  # cells beyond the grid: the page shows it, read-only
UNSUPPORTED = ".Shape~9x9~0-9.GlobalMod.~R1C1_1"  # ISS's GlobalMod takes nine values only


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(time_limit=30, workers=2)) as c:
        yield c


def post(client, path, **body):
    return client.post(f"/api/{path}", json=body)


def error_of(response, status):
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert isinstance(message, str) and message and "Traceback" not in message
    return message


# -- open --------------------------------------------------------------------------------------
def test_open_killer_answers_cages_with_their_cells_and_sums(client):
    d = post(client, "variant/open", puzzle=KILLER["puzzle"]).json()
    assert d["variant"] and d["n"] == 9 and d["box"] == [3, 3] and d["format"] == "iss"
    cages = [c for c in d["constraints"] if c["type"] == "killer_cage"]
    puzzle = read_entry(KILLER["puzzle"]).puzzle
    assert len(cages) == len(puzzle.constraints) > 10
    solution = KILLER["cells"]
    for cage in cages:  # each cage's sum is the stated solution's sum over its cells
        assert sum(solution[c] for c in cage["cells"]) == cage["total"]
    assert sorted(set(d["region"])) == list(range(1, 10))


def test_open_fpuzzles_link_and_jigsaw_regions(client):
    link = "https://f-puzzles.com/?load=" + FPUZZLES["puzzle"]
    d = post(client, "variant/open", puzzle=link).json()
    assert d["format"] == "fpuzzles"
    assert {"thermometer", "arrow", "anti_king"} <= {c["type"] for c in d["constraints"]}
    arrow = next(c for c in d["constraints"] if c["type"] == "arrow")
    assert arrow["bulb"] and arrow["shaft"]
    j = post(client, "variant/open", puzzle=JIGSAW["puzzle"]).json()
    assert j["irregular"] and j["box"] is None
    sizes = [j["region"].count(k) for k in range(1, 10)]
    assert sizes == [9] * 9 and sum(1 for g in j["givens"] if g) == j["clues"] > 0


def test_open_plain_line_is_no_variant(client):
    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    assert post(client, "variant/open", puzzle=line).json() == {"variant": False}


def test_unsupported_constraint_is_refused_by_name(client):
    for path in ("variant/open", "variant/check", "variant/solve", "variant/possibilities"):
        message = error_of(post(client, path, puzzle=UNSUPPORTED), 400)
        assert message.startswith("Unsupported constraint GlobalMod (values 0..9") and "\n" not in message


@pytest.mark.parametrize("text, what", [
    (".Shape~4x6.Thermo~R1C1~R2C3", "a non-square 4x6 grid"),
    (".Shape~4x4~~Raw.Thermo~R1C1~R1C2", "a raw grid (no houses)"),
    (".Shape~4x4.Var~A~~2.Thermo~VA1~R1C1", "cells beyond the grid (ISS's Var or Doppelganger cells)"),
])
def test_grids_the_board_cannot_play_come_as_a_picture_and_hints_refuse_them(client, text, what):
    """Issue 37's grids: opened as the picture Jupyter shows (no board geometry to play),
    checked and solved with the solution drawn; the hints, which need the board, refuse
    them in one line naming what the board cannot play."""
    from sudoku_cp.variants.picture import to_svg

    puzzle = read_entry(text).puzzle
    d = post(client, "variant/open", puzzle=text).json()
    assert d["shown_only"] == what and d["picture"] == to_svg(puzzle)
    assert (d["rows"], d["cols"], d["extra"]) == (puzzle.size, puzzle.cols, list(puzzle.extra))
    assert "region" not in d and "givens" not in d  # nothing the board would draw wrongly
    s = post(client, "variant/solve", puzzle=text, time_limit=10).json()
    assert len(s["solutions"]) == 2 and s["differ_names"]
    assert all(puzzle.cell_name(c) in s["differ_names"] for c in s["differ"])
    assert s["picture"] == to_svg(puzzle, s["solutions"][0])
    for path in ("variant/hint", "variant/grade"):
        message = error_of(post(client, path, puzzle=text), 400)
        assert what in message and "board plays square grids" in message and "\n" not in message
    message = error_of(post(client, "variant/check", puzzle=text, values=[0] * puzzle.num_cells), 400)
    assert "only shows" in message


def test_a_doppelganger_puzzle_is_solved_and_its_solution_drawn(client):
    """Doppelganger's 28 cells beyond a 9x9 grid of values 0..9: the solution the server
    sends passes the checker and is the one drawn, every cell's value written."""
    from sudoku_cp.variants.picture import to_svg
    from sudoku_cp.variants.rules import check_solution

    puzzle = read_entry(DOPPELGANGER["puzzle"]).puzzle
    d = post(client, "variant/solve", puzzle=DOPPELGANGER["puzzle"], time_limit=60).json()
    assert len(d["solutions"]) == 1 and d["exhausted"], d
    solved = d["solutions"][0]
    assert not check_solution(puzzle, solved) and d["picture"] == to_svg(puzzle, solved)
    shown = [int(v) for v in re.findall(r'class="solved">(\d+)<', d["picture"])]
    assert len(shown) == puzzle.num_cells - len(puzzle.givens)


@pytest.mark.parametrize("body, words", [
    ({}, "'puzzle'"),
    ({"puzzle": 7}, "'puzzle'"),
    ({"puzzle": ".Thermo~R1C1~R9C99"}, "R9C99"),
    ({"puzzle": ".Shape~9x9~0-8.Thermo~R1C1~R1C2"}, "0..8"),
])
def test_bad_input_gets_one_line(client, body, words):
    message = error_of(post(client, "variant/open", **body), 400)
    assert words in message and "\n" not in message


def test_bad_values_named(client):
    message = error_of(post(client, "variant/check", puzzle=THERMO["puzzle"], values=[1, 2]), 400)
    assert "'values'" in message


# -- check, solve, count -----------------------------------------------------------------------
def test_check_unique_across_paradigms_and_wrong_entries(client):
    values = [0] * 81
    solution = THERMO["cells"]
    values[0] = solution[0] % 9 + 1  # a wrong value
    values[1] = solution[1]          # a right one
    d = post(client, "variant/check", puzzle=THERMO["puzzle"], values=values).json()
    assert d["verdict"] == "unique" and len(d["backends"]) >= 2
    assert [w["cell"] for w in d["wrong"]] == [0] and not d["complete"]
    done = post(client, "variant/check", puzzle=THERMO["puzzle"], values=solution).json()
    assert done["wrong"] == [] and done["complete"]


def test_check_does_not_wait_for_a_first_compile(monkeypatch):
    """The page's check is a default check: with fast's code not compiled on this machine
    it runs without fast and says why, instead of compiling for 30 s or more inside the
    setter's time limit (what failed CI on a fresh machine)."""
    from sudoku_cp.gui import variant
    from sudoku_cp.variants import fast as vfast

    monkeypatch.setattr(vfast, "not_ready", lambda: "fast: not compiled on this machine yet")
    d = variant.check(THERMO["puzzle"], None, 20.0)
    assert d["verdict"] == "unique" and "fast" not in d["backends"]
    assert "not compiled" in d["not_run"]["fast"]


@pytest.mark.parametrize("record", [KILLER, THERMO, ARROW, FPUZZLES], ids=lambda r: r["id"])
def test_solve_gives_the_stated_solution(client, record):
    d = post(client, "variant/solve", puzzle=record["puzzle"]).json()
    assert d["solutions"] == [record["cells"]] and d["exhausted"] and d["differ"] == []
    assert is_solution(read_entry(record["puzzle"]).puzzle, d["solutions"][0])


def test_count_on_several_solutions_shows_where_they_differ(client):
    # the thermometers without their givens: many solutions
    text = ".".join(part for part in THERMO["puzzle"].split(".") if part.startswith("Thermo"))
    d = post(client, "variant/solve", puzzle="." + text, backend="cpsat").json()
    assert d["backend"] == "cpsat" and len(d["solutions"]) == 2 and d["differ"]
    a, b = d["solutions"]
    assert all(a[c] != b[c] for c in d["differ"]) and a != b


def test_unknown_paradigm_named(client):
    message = error_of(post(client, "variant/solve", puzzle=THERMO["puzzle"], backend="dlx"), 400)
    assert "'backend'" in message and "sat" in message


# -- all possibilities -------------------------------------------------------------------------
def test_possibilities_on_a_unique_puzzle_are_its_solution(client):
    d = post(client, "variant/possibilities", puzzle=ARROW["puzzle"]).json()
    assert d["complete"] and d["unique"]
    assert [cell[0] for cell in d["cells"]] == ARROW["cells"]


def test_possibilities_without_givens_are_wider(client):
    text = "." + ".".join(p for p in THERMO["puzzle"].split(".") if p.startswith("Thermo"))
    d = post(client, "variant/possibilities", puzzle=text).json()
    assert d["complete"] and not d["unique"]
    puzzle = read_entry(text).puzzle
    bulb = puzzle.constraints[0].cells[0]
    tip = puzzle.constraints[0].cells[-1]
    assert 9 not in d["cells"][bulb] and 1 not in d["cells"][tip]  # a bulb is never the top
    assert max(len(c) for c in d["cells"]) == 9


def test_the_time_limit_reaches_the_possibilities(client):
    # an empty 16x16 with one thermometer takes about a second; a millisecond stops it early
    d = post(client, "variant/possibilities", puzzle=".Shape~16x16.Thermo~R1C1~R1C2~R1C3",
             time_limit=0.001).json()
    assert d["complete"] is False and not d["unique"]
    assert len(d["cells"]) == 256
