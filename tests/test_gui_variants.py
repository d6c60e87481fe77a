"""The page's variant endpoints through Starlette's test client.

The puzzles are in tests/data/page_variants.jsonl, copied from the shared set
(data/variants/*.jsonl); each record names its source (sigh's ISS examples, MIT;
dclamage's SudokuSolver tests, GPL-3.0) and carries its stated solution in ``cells``.
"""

from __future__ import annotations

import json
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
UNSUPPORTED = PUZZLES["iss-examples-47"]  # cells beyond the grid: the page does not draw them


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
        message = error_of(post(client, path, puzzle=UNSUPPORTED["puzzle"]), 400)
        assert "this puzzle has cells beyond the grid (ISS's Var or Doppelganger cells)" in message


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
