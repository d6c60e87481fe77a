"""The page's variant hints, solve path and grade (``gui.vhints``) through Starlette's test
client: every hinted step judged against the stated solution of the shared puzzles in
tests/data/page_variants.jsonl (its placements are the solution's values, its eliminations
never the solution's value), from the givens and from positions a player reaches by
applying the hints as the page does (values placed, eliminations sent back as
``excluded``)."""

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
from sudoku_cp.variants.model import constraint_cells  # noqa: E402
from sudoku_cp.variants.rules import is_solution  # noqa: E402

DATA = Path(__file__).parent / "data" / "page_variants.jsonl"
PUZZLES = {d["id"]: d for d in map(json.loads, DATA.read_text().splitlines())}
READABLE = [k for k, d in PUZZLES.items() if not read_entry(d["puzzle"]).error
            and not read_entry(d["puzzle"]).puzzle.extra]  # (extra cells: not on the page)
KILLER = PUZZLES["iss-examples-17"]
THERMO = PUZZLES["iss-examples-3"]
#: a puzzle whose only rule has no step logic yet (ISS's Or example; the file says more)
NO_LOGIC = {"puzzle": (Path(__file__).parent / "data" / "no_step_logic.txt").read_text()
            .splitlines()[-1]}
UNSUPPORTED = PUZZLES["iss-examples-47"]
#: hints taken one after another on each puzzle (each applied before the next)
WALK = 12


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(time_limit=30, workers=2)) as c:
        yield c


def post(client, path, **body):
    return client.post(f"/api/{path}", json=body)


def sound(step, solution) -> None:
    assert step["placements"] or step["eliminations"], step
    for c, v in step["placements"]:
        assert solution[c] == v, step["text"]
    for c, v in step["eliminations"]:
        assert solution[c] != v, step["text"]


def test_the_stated_solutions_are_solutions():
    for key in READABLE:
        record = PUZZLES[key]
        assert is_solution(read_entry(record["puzzle"]).puzzle, record["cells"]), key


@pytest.mark.parametrize("key", READABLE)
def test_each_hint_on_the_way_is_sound(client, key):
    """Hint, apply it as the page does, hint again: every step agrees with the solution."""
    record = PUZZLES[key]
    solution = record["cells"]
    puzzle = read_entry(record["puzzle"]).puzzle
    values = [0] * puzzle.num_cells
    for cell, value in puzzle.givens:
        values[cell] = value
    excluded: set = set()
    for _ in range(WALK):
        r = post(client, "variant/hint", puzzle=record["puzzle"], values=values,
                 excluded=sorted(map(list, excluded)))
        assert r.status_code == 200, r.text
        d = r.json()
        assert "_solution" not in d  # (kept by the server for its workers, never sent)
        if d["step"] is None:
            assert d["done"] or d["stuck"] or d["complete"] is False
            break
        step = d["step"]
        sound(step, solution)
        assert step["text"] and step["title"] and step["cells"]
        for i in step["constraints"]:  # the outlined constraints hold the step's cells
            cells = set(constraint_cells(puzzle.constraints[i]))
            assert cells & set(step["cells"]), (step["text"], i)
        for area in step["areas"]:
            assert set(step["cells"]) <= set(area) or step["technique"] == "locked candidates"
        for c, v in step["placements"]:
            values[c] = v
        excluded |= {tuple(e) for e in step["eliminations"]}


@pytest.mark.parametrize("key", READABLE)
def test_the_solve_path_from_the_givens_is_sound(client, key):
    record = PUZZLES[key]
    r = post(client, "variant/path", puzzle=record["puzzle"])
    assert r.status_code == 200, r.text
    d = r.json()
    for step in d["steps"]:
        sound(step, record["cells"])
    assert "_solution" not in d
    if d["solved"]:  # the path's placements with the givens are the whole solution
        placed = {c: v for step in d["steps"] for c, v in step["placements"]}
        placed.update(read_entry(record["puzzle"]).puzzle.givens)
        assert [placed.get(c) for c in range(len(record["cells"]))] == record["cells"]
    else:
        assert d["stuck"] or not d["complete"]


def test_a_killer_hint_names_its_cage_and_the_iss_rule(client):
    d = post(client, "variant/hint", puzzle=KILLER["puzzle"]).json()
    step = d["step"]
    puzzle = read_entry(KILLER["puzzle"]).puzzle
    assert step["technique"] == "cage combinations" and step["rules"] == ["Cage"]
    (i,) = step["constraints"]
    cage = puzzle.constraints[i]
    assert cage.TYPE == "killer_cage" and set(step["cells"]) == set(cage.cells)
    assert f"Cage {cage.total} at" in step["text"]


def test_a_hint_from_a_position_uses_the_players_values(client):
    """With the thermometer puzzle's first row filled from the solution, no hint places
    or removes anything there (the walk starts from the player's values)."""
    solution = THERMO["cells"]
    values = [solution[c] if c < 9 else 0 for c in range(81)]
    d = post(client, "variant/hint", puzzle=THERMO["puzzle"], values=values).json()
    sound(d["step"], solution)
    assert all(c >= 9 for c, _ in d["step"]["placements"] + d["step"]["eliminations"])


def test_a_wrong_value_is_named_with_its_cell(client):
    solution = THERMO["cells"]
    givens = dict(read_entry(THERMO["puzzle"]).puzzle.givens)
    cell = next(c for c in range(81) if c not in givens)
    values = [0] * 81
    values[cell] = solution[cell] % 9 + 1
    r = post(client, "variant/hint", puzzle=THERMO["puzzle"], values=values)
    assert r.status_code == 422
    assert "contradicts the solution" in r.json()["error"] and r.json()["cells"] == [cell]


def test_excluded_candidates_against_the_solution_are_not_taken(client):
    """An exclusion that would remove the solution's value (a player's wrong strike) is
    ignored: the hint stays sound."""
    solution = KILLER["cells"]
    wrong = [[c, solution[c]] for c in range(81)]  # every cell's own value struck
    d = post(client, "variant/hint", puzzle=KILLER["puzzle"], excluded=wrong).json()
    sound(d["step"], solution)


def test_a_rule_with_no_step_logic_is_named_as_the_format_names_it(client):
    d = post(client, "variant/hint", puzzle=NO_LOGIC["puzzle"]).json()
    assert d["unhandled"] == ["Or"]
    p = post(client, "variant/path", puzzle=NO_LOGIC["puzzle"]).json()
    assert p["unhandled"] == ["Or"]
    if not p["solved"]:  # stuck: the last position gets an honest "no step"
        placed = {c: v for s in p["steps"] for c, v in s["placements"]}
        values = [placed.get(c, 0) for c in range(81)]
        for c, v in read_entry(NO_LOGIC["puzzle"]).puzzle.givens:
            values[c] = v
        excluded = sorted({tuple(e) for s in p["steps"] for e in s["eliminations"]})
        d = post(client, "variant/hint", puzzle=NO_LOGIC["puzzle"], values=values,
                 excluded=[list(e) for e in excluded]).json()
        assert d["step"] is None and d["stuck"] and d["unhandled"] == ["Or"]


def test_grade_of_a_killer(client):
    d = post(client, "variant/grade", puzzle=KILLER["puzzle"]).json()
    assert d["solved"] and d["level"] in ("easy", "medium", "hard", "expert", "extreme")
    assert d["hardest_title"] and d["rating"] > 0 and d["unhandled"] == []


def test_bad_requests_get_one_line(client):
    r = post(client, "variant/hint", puzzle=UNSUPPORTED["puzzle"])
    assert r.status_code == 400 and "Doppelganger cells" in r.json()["error"]
    r = post(client, "variant/hint", puzzle=KILLER["puzzle"], excluded=[[0, 99]])
    assert r.status_code == 400 and "'excluded'" in r.json()["error"]
    r = post(client, "variant/hint", puzzle=KILLER["puzzle"], values=[0] * 5)
    assert r.status_code == 400 and "'values'" in r.json()["error"]
    several = ".Cage~3~R1C1~R1C2"  # one cage: many solutions
    r = post(client, "variant/grade", puzzle=several)
    assert r.status_code == 422 and "several solutions" in r.json()["error"]
