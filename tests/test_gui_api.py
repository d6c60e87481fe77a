"""The gui's JSON API through Starlette's test client: every endpoint, every bad input.

Hints are checked by their shape and by replaying them against the solution, never by
their wording.
"""

from __future__ import annotations

import json
import threading
import time

import pytest

pytest.importorskip("starlette", reason="the gui extra (starlette) is not installed")
try:  # Starlette's test client: httpx2 since Starlette 1.x (httpx before, now deprecated)
    import httpx2  # noqa: F401
except ImportError:
    pytest.importorskip("httpx", reason="Starlette's test client needs httpx2 or httpx")

from starlette.testclient import TestClient  # noqa: E402

from sudoku_cp import Board, is_solution, solve  # noqa: E402
from sudoku_cp.generate import is_symmetric  # noqa: E402
from sudoku_cp.grade import LEVELS  # noqa: E402
from sudoku_cp.gui.app import create_app  # noqa: E402
from sudoku_cp.gui.hints import next_step  # noqa: E402

from conftest import load  # noqa: E402

TOP95 = load("top95_sample.txt")[0]
EASY4 = ".4.3" "3..." ".2.." "...4"  # unique (see sudoku_cp.grade)
MULTI = "1..." "...." "...." "...."  # many solutions
STEP_KEYS = {"technique", "rating", "placements", "eliminations", "cells", "houses", "links",
             "text", "assumes_uniqueness", "source"}
POSTS = ["parse", "check", "solve", "hint", "grade", "generate", "cancel"]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(time_limit=30, workers=2)) as c:
        yield c


def the_solution(text: str, box=None) -> tuple[int, ...]:
    board = Board.parse(text, box=box)
    result = solve(board, "backtrack", limit=2)
    assert len(result.solutions) == 1 and is_solution(board, result.solution)
    return result.solution


def error_of(response, status: int) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert isinstance(body["error"], str) and body["error"] and "Traceback" not in body["error"]
    return body["error"]


# -- the page and the info ---------------------------------------------------------------------
def test_info_names_backends_menus_and_limits(client):
    info = client.get("/api/info").json()
    from sudoku_cp.backends import BACKENDS, DEFAULT_CHECK

    assert info["backends"] == list(BACKENDS)  # every registered backend, the default first
    assert set(DEFAULT_CHECK) <= set(info["backends"])
    assert "rot180" in info["symmetries"] and info["levels"] == list(LEVELS)
    assert [2, 3] in info["shapes"] and [4, 4] in info["shapes"]
    assert info["hints"] == "logic" and info["initial"] is None


def test_the_page_is_served_and_loads_nothing_from_the_network(client):
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    scripts = [(name, "javascript") for name in ("board.js", "game.js", "ask.js", "app.js")]
    for name, kind in scripts + [("app.css", "text/css")]:
        r = client.get(f"/{name}")
        assert r.status_code == 200 and kind in r.headers["content-type"]
        assert name in page.text
        text = r.text.replace('"http://www.w3.org/2000/svg"', "")  # a namespace name
        assert "http://" not in text and "https://" not in text  # works offline
    assert "http://" not in page.text and "https://" not in page.text


# -- parse ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    TOP95,
    Board.parse(TOP95).grid(),                                     # the CLI's grid output
    "\n".join(",".join(TOP95[r * 9:(r + 1) * 9]).replace(".", "") for r in range(9)),  # CSV
])
def test_parse_reads_every_form_the_cli_reads(client, text):
    body = client.post("/api/parse", json={"text": text}).json()
    (puzzle,) = body["puzzles"]
    assert puzzle["text"] == TOP95 and puzzle["n"] == 9 and puzzle["box"] == [3, 3]
    assert puzzle["clues"] == sum(1 for ch in TOP95 if ch != ".")


def test_parse_keeps_going_past_bad_lines_and_counts_them(client):
    body = client.post("/api/parse", json={"text": f"{EASY4}\n1.3?\n{TOP95}\n"}).json()
    assert [p["line"] for p in body["puzzles"]] == [1, 3] and body["total"] == 3
    assert body["errors"][0]["line"] == 2 and "line 2" in body["errors"][0]["error"]


def test_parse_box_shape_for_a_six_by_six(client):
    text = "." * 36
    assert client.post("/api/parse", json={"text": text}).json()["puzzles"][0]["box"] == [2, 3]
    assert client.post("/api/parse", json={"text": text, "box": "3x2"}).json()["puzzles"][0]["box"] == [3, 2]


@pytest.mark.parametrize("body, words", [
    ({"text": "1.3." "3..." "...." "..1x"}, "r4c4"),          # the parser's own message
    ({"text": "1..G" + "." * 77}, "outside 1..9"),
    ({"text": ""}, "no puzzle"),
    ({"text": "# only a comment\n"}, "no puzzle"),
    ({"text": "." * 36 * 36}, "36x36"),                      # larger than the page plays
    ({"text": ".."}, ""),
    ({"text": 17}, "'text'"),
    ({}, "'text'"),
    ({"text": TOP95, "box": "2x"}, "box"),
    ({"text": TOP95, "box": [0, 3]}, "box"),
])
def test_parse_rejects_bad_text_with_one_sentence(client, body, words):
    message = error_of(client.post("/api/parse", json=body), 400)
    assert words in message


# -- check ---------------------------------------------------------------------------------------------
def test_check_shows_each_backend_and_names_a_wrong_entry(client):
    solution = the_solution(TOP95)
    values = list(Board.parse(TOP95).givens)
    cell = values.index(0)
    values[cell] = solution[cell] % 9 + 1  # a value the solution does not have there
    right = values.index(0)
    values[right] = solution[right]
    body = client.post("/api/check", json={"puzzle": TOP95, "values": values}).json()
    assert body["verdict"] == "unique" and tuple(body["solution"]) == solution
    assert set(body["backends"]) == {"sat", "cpsat", "backtrack"}
    for name, key in [("sat", "conflicts"), ("cpsat", "branches"), ("backtrack", "nodes")]:
        r = body["backends"][name]
        assert r["claim"] == "unique" and r["time_s"] >= 0 and isinstance(r["stats"][key], int)
    assert body["wrong"] == [{"cell": cell, "name": f"r{cell // 9 + 1}c{cell % 9 + 1}",
                              "value": values[cell]}]
    assert body["complete"] is False


def test_check_says_complete_when_the_player_filled_the_solution(client):
    solution = list(the_solution(EASY4))
    body = client.post("/api/check", json={"puzzle": EASY4, "values": solution}).json()
    assert body["verdict"] == "unique" and body["wrong"] == [] and body["complete"] is True


def test_check_several_solutions_shows_two_witnesses_and_where_they_differ(client):
    board = Board.parse(MULTI)
    body = client.post("/api/check", json={"puzzle": list(board.givens)}).json()
    assert body["verdict"] == "multiple" and len(body["solutions"]) == 2
    a, b = body["solutions"]
    assert is_solution(board, a) and is_solution(board, b)
    assert body["differ"] == [c for c in range(16) if a[c] != b[c]] and body["differ"]


def test_check_no_solution_gives_the_clash_as_evidence(client):
    body = client.post("/api/check", json={"puzzle": "11.." + "." * 12}).json()
    assert body["verdict"] == "none" and any("r1c1" in e for e in body["evidence"])


# -- solve and count --------------------------------------------------------------------------------
@pytest.mark.parametrize("backend", ["sat", "cpsat", "backtrack"])
def test_solve_returns_a_checked_solution(client, backend):
    body = client.post("/api/solve", json={"puzzle": TOP95, "backend": backend}).json()
    assert body["backend"] == backend and body["status"] == "solved"
    assert tuple(body["solutions"][0]) == the_solution(TOP95)


def test_count_up_to_two(client):
    one = client.post("/api/solve", json={"puzzle": TOP95, "limit": 2}).json()
    assert one["count"] == "1" and one["differ"] == []
    two = client.post("/api/solve", json={"puzzle": MULTI, "limit": 2}).json()
    assert two["count"] == "2+" and len(two["solutions"]) == 2
    a, b = two["solutions"]
    assert a != b and two["differ"] == [c for c in range(16) if a[c] != b[c]]
    none = client.post("/api/solve", json={"puzzle": "11.." + "." * 12, "limit": 2}).json()
    assert none["count"] == "0" and none["solutions"] == []


# -- hint ----------------------------------------------------------------------------------------------
def check_step(step: dict, board: Board, position: list[int], solution) -> None:
    """A step has the agreed shape, highlights cells on the board, and keeps the position
    consistent with the solution."""
    assert STEP_KEYS <= set(step) and step["source"] == "logic"
    assert isinstance(step["technique"], str) and step["technique"]
    assert isinstance(step["text"], str) and step["text"]
    assert step["rating"] is None or step["rating"] > 0
    assert step["placements"] or step["eliminations"]
    n = board.n
    shown = step["cells"] + [c for c, _ in step["placements"]] + [c for c, _ in step["eliminations"]]
    assert shown and all(0 <= c < n * n for c in shown)
    assert all(0 <= h < len(board.houses) for h in step["houses"])
    for c, v in step["placements"]:
        assert not position[c] and solution[c] == v
    for c, v in step["eliminations"]:
        assert not position[c] and solution[c] != v


def walk(board: Board, solution, steps: int | None = None) -> list[dict]:
    """Apply hints one after another, as the page's Apply button does."""
    position, excluded, seen = list(board.givens), set(), []
    while steps is None or len(seen) < steps:
        step = next_step(board, position, sorted(excluded))
        if step is None:
            break
        check_step(step, board, position, solution)
        for c, v in step["placements"]:
            position[c] = v
        excluded |= {(c, v) for c, v in step["eliminations"]}
        seen.append(step)
    return seen, position


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2)])
def test_hints_replayed_to_the_end_give_the_solution(box):
    from sudoku_cp.generate import make_puzzle

    board = make_puzzle(11, box=box).board
    solution = the_solution(board.to_text(), box=box)
    steps, position = walk(board, solution)
    assert tuple(position) == solution and steps


def test_hints_on_a_hard_puzzle_stay_consistent_with_the_solution():
    board = Board.parse(TOP95)
    steps, _ = walk(board, the_solution(TOP95), steps=25)
    assert len(steps) == 25
    assert any(s["eliminations"] for s in steps) or any(s["technique"] == "guess" for s in steps)


def test_hint_endpoint_gives_a_step_for_the_players_position(client):
    solution = the_solution(TOP95)
    board = Board.parse(TOP95)
    position = list(board.givens)
    body = client.post("/api/hint", json={"puzzle": TOP95, "values": position}).json()
    assert body["done"] is False
    check_step(body["step"], board, position, solution)


def test_hint_skips_what_the_player_already_excluded(client):
    board = Board.parse(TOP95)
    solution = the_solution(TOP95)
    steps, position = walk(board, solution, steps=40)
    done = [s for s in steps if s["eliminations"]]
    if not done:
        pytest.skip("no elimination in the first 40 steps of this source")  # pragma: no cover
    first = steps.index(done[0])
    before = list(board.givens)
    for s in steps[:first]:
        for c, v in s["placements"]:
            before[c] = v
    body = {"puzzle": TOP95, "values": before,
            "excluded": [list(e) for e in done[0]["eliminations"]]}
    step = client.post("/api/hint", json=body).json()["step"]
    check_step(step, board, before, solution)
    assert not set(map(tuple, step["eliminations"])) <= set(map(tuple, done[0]["eliminations"])) \
        or step["placements"]


def test_hint_names_a_players_value_that_contradicts_the_solution(client):
    solution = the_solution(TOP95)
    values = list(Board.parse(TOP95).givens)
    cell = values.index(0)
    values[cell] = solution[cell] % 9 + 1
    r = client.post("/api/hint", json={"puzzle": TOP95, "values": values})
    assert f"r{cell // 9 + 1}c{cell % 9 + 1}" in error_of(r, 422)
    assert cell in r.json()["cells"]


@pytest.mark.parametrize("puzzle, words", [(MULTI, "several solutions"),
                                           ("11.." + "." * 12, "no solution")])
def test_hint_refuses_a_puzzle_without_exactly_one_solution(client, puzzle, words):
    assert words in error_of(client.post("/api/hint", json={"puzzle": puzzle}), 422)


def test_hint_on_a_full_board_is_done(client):
    solution = list(the_solution(EASY4))
    body = client.post("/api/hint", json={"puzzle": EASY4, "values": solution}).json()
    assert body == {"step": None, "done": True}


# -- grade and generate -----------------------------------------------------------------------------
def test_grade(client):
    body = client.post("/api/grade", json={"puzzle": TOP95}).json()
    assert body["level"] in LEVELS and body["techniques"] and body["unique"] is True
    assert "no solution" in error_of(client.post("/api/grade", json={"puzzle": "11.." + "." * 12}), 422)


def test_generate_a_six_by_six_with_symmetry(client):
    body = client.post("/api/generate", json={"box": "2x3", "symmetry": "rot180",
                                              "seed": 5}).json()
    board = Board.from_values(body["givens"], tuple(body["box"]))
    assert body["n"] == 6 and body["box"] == [2, 3] and body["clues"] == board.clues
    assert body["level"] in LEVELS and body["symmetry"] == "rot180"
    assert is_symmetric(board, "rot180")
    assert tuple(body["solution_values"]) == the_solution(board.to_text(), box=(2, 3))
    again = client.post("/api/generate", json={"box": [2, 3], "symmetry": "rot180", "seed": 5})
    assert again.json()["givens"] == body["givens"]  # same seed, same puzzle


@pytest.mark.parametrize("level", [LEVELS[0], LEVELS[1]])
def test_generate_a_level_or_say_it_was_missed(client, level):
    body = client.post("/api/generate", json={"box": "2x2", "difficulty": level, "seed": 1}).json()
    assert body["n"] == 4 and body["level"] in LEVELS
    if body["level"] != level:  # a 4x4 may be too easy for some levels: then it says so
        assert any(level in m for m in body["missed"]), body["missed"]
    else:
        assert body["missed"] == []


@pytest.mark.parametrize("body, words", [
    ({}, "'box' is required"),
    ({"box": "6x6"}, "36x36"),
    ({"box": "1x2"}, "2x2"),
    ({"box": "2x3", "symmetry": "spiral"}, "symmetry"),
    ({"box": "2x3", "difficulty": "fiendish"}, "difficulty"),
    ({"box": "2x3", "seed": -1}, "seed"),
    ({"box": "2x3", "seed": "7"}, "seed"),
    ({"box": "2x3", "time_limit": 0}, "time_limit"),
    ({"box": "2x3", "time_limit": True}, "time_limit"),
])
def test_generate_rejects_bad_options(client, body, words):
    assert words in error_of(client.post("/api/generate", json=body), 400)


# -- long work: time limit, cancel, busy ------------------------------------------------------------
def test_a_job_past_its_time_limit_is_stopped(client):
    start = time.perf_counter()
    r = client.post("/api/generate", json={"box": "5x5", "time_limit": 0.3})
    assert "time limit" in error_of(r, 422) and r.json()["timeout"] is True
    assert time.perf_counter() - start < 10


def test_cancel_stops_a_running_job():
    with TestClient(create_app(time_limit=60, workers=1)) as c:
        answer = {}
        worker = threading.Thread(target=lambda: answer.update(
            r=c.post("/api/generate", json={"box": "5x5", "job": "big"})))
        start = time.perf_counter()
        worker.start()
        jobs = c.app.state.jobs
        while "big" not in jobs.running and time.perf_counter() - start < 10:
            time.sleep(0.02)
        busy = c.post("/api/solve", json={"puzzle": EASY4})  # one worker, and it is taken
        assert "busy" in error_of(busy, 429)
        assert c.post("/api/cancel", json={"job": "big"}).json() == {"cancelled": True}
        worker.join(20)
        assert error_of(answer["r"], 409) == "cancelled"
        assert time.perf_counter() - start < 15 and jobs.running == []
        assert c.post("/api/cancel", json={"job": "big"}).json() == {"cancelled": False}
        assert c.post("/api/solve", json={"puzzle": EASY4}).status_code == 200  # free again


# -- bad requests, for every endpoint ----------------------------------------------------------------
@pytest.mark.parametrize("endpoint", POSTS)
@pytest.mark.parametrize("body", [[], "text", 3, None, True])
def test_every_endpoint_wants_a_json_object(client, endpoint, body):
    r = client.post(f"/api/{endpoint}", content=json.dumps(body),
                    headers={"Content-Type": "application/json"})
    assert "JSON object" in error_of(r, 400)


@pytest.mark.parametrize("endpoint", POSTS)
def test_every_endpoint_rejects_broken_json_and_other_content_types(client, endpoint):
    r = client.post(f"/api/{endpoint}", content=b"{not json",
                    headers={"Content-Type": "application/json"})
    assert "not valid JSON" in error_of(r, 400)
    r = client.post(f"/api/{endpoint}", content=b"puzzle=1", headers={
        "Content-Type": "application/x-www-form-urlencoded"})  # what a cross-site form sends
    error_of(r, 415)
    assert "use POST" in error_of(client.get(f"/api/{endpoint}"), 405)
    r = client.post(f"/api/{endpoint}", content=b"", headers={"Content-Type": "application/json"})
    assert "not valid JSON" in error_of(r, 400)


@pytest.mark.parametrize("endpoint", ["check", "solve", "hint", "grade"])
@pytest.mark.parametrize("body, words", [
    ({}, "'puzzle'"),
    ({"puzzle": 5}, "'puzzle'"),
    ({"puzzle": [1, 2, 3]}, "square"),
    ({"puzzle": [True] * 16}, "'puzzle'"),
    ({"puzzle": "1.3?" + "." * 12}, "r1c4"),
    ({"puzzle": "." * 4}, ""),
    ({"puzzle": EASY4, "box": "3x3"}, "3x3"),
    ({"puzzle": EASY4, "time_limit": -1}, "time_limit"),
    ({"puzzle": EASY4, "job": "x" * 100}, "'job'"),
])
def test_puzzle_endpoints_reject_bad_puzzles(client, endpoint, body, words):
    assert words in error_of(client.post(f"/api/{endpoint}", json=body), 400)


@pytest.mark.parametrize("endpoint", ["check", "hint"])
@pytest.mark.parametrize("values, words", [
    ([0] * 15, "16 integers"),
    ("1234", "16 integers"),
    ([0] * 15 + [5], "r4c4"),
    ([0, 2] + [0] * 14, "r1c2 is the given 4"),
])
def test_position_endpoints_reject_bad_positions(client, endpoint, values, words):
    r = client.post(f"/api/{endpoint}", json={"puzzle": EASY4, "values": values})
    assert words in error_of(r, 400)


@pytest.mark.parametrize("excluded", [[[16, 1]], [[0, 5]], [[0]], "0:1", [[0, "1"]]])
def test_hint_rejects_bad_exclusions(client, excluded):
    r = client.post("/api/hint", json={"puzzle": EASY4, "excluded": excluded})
    assert "'excluded'" in error_of(r, 400)


@pytest.mark.parametrize("body, words", [({"puzzle": EASY4, "limit": 3}, "'limit'"),
                                         ({"puzzle": EASY4, "backend": "nosuch"}, "'backend'")])
def test_solve_rejects_bad_options(client, body, words):
    assert words in error_of(client.post("/api/solve", json=body), 400)


def test_cancel_needs_a_job_id(client):
    assert "'job'" in error_of(client.post("/api/cancel", json={}), 400)


def test_unknown_endpoints_answer_json_404(client):
    assert "no such endpoint" in error_of(client.get("/api/files?path=/etc/passwd"), 404)
    assert "no such endpoint" in error_of(client.post("/api/shutdown", json={}), 404)
    assert client.get("/../../etc/passwd").status_code == 404


def test_request_bodies_are_size_limited():
    with TestClient(create_app(max_body=1000)) as c:
        big = {"text": "." * 2000}
        assert "1000 bytes" in error_of(c.post("/api/parse", json=big), 413)
        chunks = (b'{"text": "' + b"." * 256 + b'"}' for _ in range(1))  # no Content-Length
        r = c.post("/api/parse", content=chunks, headers={"Content-Type": "application/json"})
        assert r.json()["puzzles"][0]["n"] == 16
        many = iter([b'{"text": "', b"." * 600, b"." * 600, b'"}'])
        r = c.post("/api/parse", content=many, headers={"Content-Type": "application/json"})
        assert "1000 bytes" in error_of(r, 413)


def test_only_the_servers_own_host_names_are_answered():
    with TestClient(create_app(hosts={"127.0.0.1"}), base_url="http://127.0.0.1") as c:
        assert c.get("/api/info").status_code == 200
        assert c.get("/api/info", headers={"Host": "localhost:8765"}).status_code == 200
        r = c.get("/api/info", headers={"Host": "rebound.example:8765"})
        assert "rebound.example" in error_of(r, 400)


# -- fuzz: whatever arrives, the answer is a JSON refusal or a result, never a crash ----------------
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(max_size=20), lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
FIELDS = st.fixed_dictionaries({}, optional={
    "puzzle": st.one_of(JSON, st.text(alphabet="0123456789.|-+, \nAG?", max_size=120),
                        st.lists(st.integers(-2, 20), min_size=16, max_size=16)),
    "box": st.one_of(JSON, st.sampled_from(["2x2", "2x3", "3x", "0x4", [2, 2]])),
    "values": st.one_of(JSON, st.lists(st.integers(-1, 5), min_size=16, max_size=16)),
    "excluded": JSON, "text": st.one_of(JSON, st.text(max_size=100)), "limit": JSON,
    "time_limit": JSON, "job": JSON, "symmetry": JSON, "difficulty": JSON, "seed": JSON})


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(endpoint=st.sampled_from(["parse", "grade", "hint", "cancel"]), body=FIELDS)
def test_random_requests_get_an_answer_or_a_json_refusal(client, endpoint, body):
    r = client.post(f"/api/{endpoint}", json=body)
    assert r.status_code in (200, 400, 409, 422), r.text
    if r.status_code != 200:
        assert isinstance(r.json()["error"], str) and r.json()["error"]
