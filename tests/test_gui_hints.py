"""The page's server-side hints: one step's work, the engine's names, the blocking givens
of a single, the solve path, several solutions outlined, and a busy server that names
its jobs so that a fresh page can stop them."""

from __future__ import annotations

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
from sudoku_cp.gui.app import create_app  # noqa: E402
from sudoku_cp.gui.hints import HintError, next_step, title_of  # noqa: E402

TOP95 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
MULTI = "1..." "...." "...." "...."
# `generate(1, box=(4, 4), seed=7)`: its first hint cost 21 s when the whole path was walked
HEX = ("....F.5..G93....2.9..D.......E.7D.5.8431...C....F....C.6...2...1G......3..5.4A..5A"
       "....E.C..G8.9..........2....7F.21.....98.FC5B..1..2..C.FD.E8....42.8.D..B..6..ABF."
       "5....4.....3..7.E1.4.6.9...C.5A6.F1.D....28.........7.8.....C....59...3.B.F...3EB"
       ".C...26.7..")


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(time_limit=30, workers=2)) as c:
        yield c


def the_solution(board: Board):
    result = solve(board, "backtrack", limit=2)
    assert len(result.solutions) == 1 and is_solution(board, result.solution)
    return result.solution


def test_a_sixteen_by_sixteen_hint_works_out_one_step_not_the_whole_path():
    board = Board.parse(HEX, box=(4, 4))
    start = time.perf_counter()
    step = next_step(board, list(board.givens), time_limit=60)
    took = time.perf_counter() - start
    # one step, not the whole path: the path takes minutes; a step takes about a second on
    # an idle machine (a bound this loose holds under CI's load and still tells them apart)
    assert took < 30, f"a 16x16 hint took {took:.1f} s: was the whole path worked out?"
    solution = the_solution(board)
    assert step["placements"] or step["eliminations"]
    assert all(solution[c] == v for c, v in step["placements"])
    assert all(solution[c] != v for c, v in step["eliminations"])


def test_steps_carry_the_engines_own_names():
    assert title_of("aic") == "Alternating inference chain"
    assert title_of("xy_wing") == "XY-wing" and title_of("guess") == "Trial and error"
    board = Board.parse(TOP95)
    step = next_step(board, list(board.givens))
    from sudoku_cp.logic.ratings import TECHNIQUES

    assert step["title"] == TECHNIQUES[step["technique"]][1]
    assert step["house_names"] == [board.geometry.house_name(h) for h in step["houses"]]


def test_a_hidden_single_names_the_givens_that_rule_out_the_other_cells(client):
    board = Board.parse(TOP95)
    g = board.geometry
    position = list(board.givens)
    excluded: list = []
    for _ in range(40):  # walk until a hidden single comes up
        step = client.post("/api/hint", json={"puzzle": TOP95, "values": position,
                                              "excluded": excluded}).json()["step"]
        if step["technique"] == "hidden_single" and step["blockers"]:
            break
        for c, v in step["placements"]:
            position[c] = v
        excluded += step["eliminations"]
    else:
        pytest.fail("no hidden single in 40 steps")
    (cell, value), = step["placements"]
    house = g.houses[step["houses"][0]]
    for c in house:
        if c != cell and not position[c]:  # every other open cell is seen by a blocker
            assert any(c in g.peers[b] for b in step["blockers"]), g.house_name(step["houses"][0])
    assert all(position[b] == value for b in step["blockers"])


def test_a_naked_single_names_a_placed_value_for_every_other_value():
    board = Board.parse(TOP95)
    solution = the_solution(board)
    position = list(solution)
    position[0] = 0  # one open cell: a full house or a naked single, both singles
    step = next_step(board, position)
    assert step["placements"] == [[0, solution[0]]]
    if step["technique"] == "naked_single":
        assert {position[b] for b in step["blockers"]} == set(range(1, 10)) - {solution[0]}


def test_a_hint_on_a_puzzle_with_several_solutions_names_where_two_differ(client):
    r = client.post("/api/hint", json={"puzzle": MULTI})
    assert r.status_code == 422
    body = r.json()
    assert "several solutions" in body["error"] and len(body["cells"]) >= 2
    with pytest.raises(HintError) as err:
        next_step(Board.parse(MULTI), list(Board.parse(MULTI).givens))
    assert len(err.value.cells) >= 2


def test_the_solve_path_replays_to_the_solution_and_rates_its_hardest_step(client):
    board = Board.parse(TOP95)
    position = list(board.givens)
    d = client.post("/api/path", json={"puzzle": TOP95}).json()
    assert d["complete"] and d["steps"]
    for st in d["steps"]:
        for c, v in st["placements"]:
            position[c] = v
        assert st["title"]
    assert tuple(position) == the_solution(board)
    assert d["rating"] == max(st["rating"] for st in d["steps"])


def test_a_busy_server_names_its_jobs_so_that_another_page_can_stop_them():
    with TestClient(create_app(time_limit=30, workers=1)) as c:
        done = []
        slow = threading.Thread(target=lambda: done.append(c.post(
            "/api/generate", json={"box": "5x5", "job": "old-page-1"})))
        slow.start()
        deadline = time.time() + 10
        while "old-page-1" not in c.app.state.jobs.running and time.time() < deadline:
            time.sleep(0.02)
        busy = c.post("/api/hint", json={"puzzle": TOP95})
        assert busy.status_code == 429 and busy.json()["running"] == ["old-page-1"]
        assert c.post("/api/cancel", json={"job": "old-page-1"}).json() == {"cancelled": True}
        slow.join(10)
        assert done and done[0].status_code == 409
        assert c.post("/api/hint", json={"puzzle": TOP95}).status_code == 200


def test_the_page_hint_is_a_finned_x_wing_where_se_would_chain():
    # a cb002 position where SE's ladder takes a two-string kite (tests/test_logic.py)
    board = Board.parse("1.3...........9.3.6...27..5..4768...3..9...2..9..4..........."
                        ".1.41....579.5...34.")
    position = list(Board.parse("1.34.6..94..1.9.3.6893274152147685933..915.2459.2431..73."
                                "594..18416329579.587134.").givens)
    step = next_step(board, position)
    solution = solve(board, "backtrack").solution
    assert step["technique"] == "finned_x_wing" and step["title"] == "Finned X-wing"
    assert step["eliminations"] and all(solution[c] != v for c, v in step["eliminations"])
