"""The logic engine: techniques on crafted positions, soundness of every step on samples
of every shared set and on generated boards of four sizes, ratings against Sudoku
Explainer's, trial and error, the Step record, pictures, and the explain API."""

from __future__ import annotations

import json
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sudoku_cp import Board, PuzzleError, geometry, solve
from sudoku_cp.logic import (LEVELS, TECHNIQUES, NoSolutionError, SeveralSolutionsError, State,
                             WrongValueError, explain, level_of, rate_board)
from sudoku_cp.logic import basic, chains, solver, wings
from conftest import board_of, load


def empty(box=(3, 3), without=None) -> State:
    """Candidates of an empty board, less ``without``: {value: cells that lose it}."""
    s = State.from_values(geometry(*box), [0] * (box[0] * box[1]) ** 2)
    for value, cells in (without or {}).items():
        for cell in cells:
            s.eliminate(cell, value)
    return s


def only(s: State, cell: int, values) -> None:
    for v in range(1, s.n + 1):
        if v not in values:
            s.eliminate(cell, v)


# -- techniques on crafted positions --------------------------------------------------------
def test_hidden_single_in_a_box_is_rated_below_one_in_a_row():
    givens = [0] * 81
    for r, c in [(1, 4), (2, 7), (4, 1), (7, 2)]:  # 1s that leave box 1 only r1c1
        givens[r * 9 + c] = 1
    steps = basic.hidden_single_box(State.from_board(Board.from_values(givens)))
    box = [st for st in steps if st.placements == ((0, 1),)]
    assert box and box[0].rating == 1.2 and box[0].houses == (18,)
    assert box[0].text == "Hidden single: in box 1, 1 fits only r1c1"


def test_naked_single_and_full_house():
    s = State.from_board(Board.from_values([1, 2, 3, 0] + [0] * 12))
    assert [st.placements for st in basic.full_house(s)] == [((3, 4),)]
    assert basic.full_house(s)[0].rating == 1.0
    s = empty((2, 2))
    only(s, 5, [3])
    step = basic.naked_single(s)[0]
    assert step.placements == ((5, 3),) and step.rating == 2.3


def test_pointing_and_its_direct_form():
    s = empty(without={5: [9, 10, 11, 18, 19, 20]})  # box 1: 5 only in row 1
    step = basic.pointing(s)[0]
    assert step.technique == "pointing" and step.rating == 2.6
    assert {c for c, v in step.eliminations} == set(range(3, 9)) and step.cells == (0, 1, 2)
    assert basic.direct_pointing(s) == []  # nothing becomes a single yet
    # box 2 keeps 5 only at r1c6 and r2c4: the pointing leaves it r2c4 alone (SE's
    # direct pointing: a single in another box along the line)
    for c in (3, 4, 13, 14, 21, 22, 23):
        s.eliminate(c, 5)
    s.memo = {}
    direct = basic.direct_pointing(s)
    assert direct and direct[0].placements == ((12, 5),) and direct[0].rating == 1.7
    # a single in a column (not a box) does not make the pointing direct
    s = empty(without={5: [9, 10, 11, 18, 19, 20] + [r * 9 + 4 for r in range(1, 9) if r != 4]})
    assert basic.pointing(s) and basic.direct_pointing(s) == []


def test_naked_and_hidden_subsets():
    s = empty(without={v: [0, 1] for v in range(3, 10)})  # r1c1, r1c2 = {1, 2}
    step = basic.naked_pair(s)[0]
    assert step.technique == "naked_pair" and (2, 1) in step.eliminations
    s = empty(without={1: range(2, 9), 2: range(2, 9)})  # row 1: 1, 2 only in c1, c2
    step = basic.hidden_pair(s)[0]
    assert step.technique == "hidden_pair" and step.cells == (0, 1)
    assert set(step.eliminations) == {(c, v) for c in (0, 1) for v in range(3, 10)}


def test_x_wing_and_swordfish():
    cols = [c for c in range(9) if c not in (2, 6)]
    s = empty(without={7: [r * 9 + c for r in (1, 5) for c in cols]})
    step = basic.x_wing(s)[0]
    assert step.technique == "x_wing" and step.rating == 3.2
    assert {c for c, _ in step.eliminations} == {r * 9 + c for r in range(9) if r not in (1, 5)
                                                 for c in (2, 6)}
    assert basic.swordfish(empty(without={7: [r * 9 + c for r in (1, 4, 7) for c in range(9)
                                              if c not in (0, 3, 6)]}))


def test_xy_wing():
    s = empty()
    only(s, 0, [1, 2])      # pivot r1c1 {1,2}
    only(s, 4, [1, 3])      # pincer r1c5 {1,3}
    only(s, 27, [2, 3])     # pincer r4c1 {2,3}
    step = wings.xy_wing(s)[0]
    assert step.cells == (0, 4, 27) and step.rating == 4.2
    assert (31, 3) in step.eliminations  # r4c5 sees both pincers


def test_unique_rectangle_type_1_says_it_assumes_uniqueness():
    s = empty()
    for c in (0, 1, 9):
        only(s, c, [1, 2])
    only(s, 10, [1, 2, 3])  # r1c1, r1c2, r2c1 {1,2}; r2c2 {1,2,3}: two boxes? no: one box
    assert wings.unique_rectangle(s) == []  # a rectangle inside one box is no deadly pattern
    s = empty()
    for c in (0, 3, 9):
        only(s, c, [1, 2])
    only(s, 12, [1, 2, 3])
    step = wings.unique_rectangle(s)[0]
    assert step.assumes_uniqueness and set(step.eliminations) == {(12, 1), (12, 2)}


def test_a_skyscraper_is_the_shortest_x_chain():
    # rows 1 and 9 hold 4 only in c1 and c5, c1 and c6: a skyscraper standing on column 1
    s = empty()
    for c in range(9):
        if c not in (0, 4):
            s.eliminate(9 * 0 + c, 4)  # row 1: 4 only in c1, c5
        if c not in (0, 5):
            s.eliminate(9 * 8 + c, 4)  # row 9: 4 only in c1, c6
    step = chains.chains(s)[0]
    assert step.technique == "skyscraper" and step.rating == 6.6
    assert [kind for *_, kind in step.links] == ["strong", "weak", "strong"]
    # r1c5 or r9c6 holds 4: every cell seeing both loses it (r2c6, r3c6, r7c5, r8c5)
    assert {(14, 4), (23, 4), (58, 4), (67, 4)} <= set(step.eliminations)


def test_techniques_work_on_a_6x6_board_with_2x3_boxes():
    s = empty((2, 3), without={4: [6, 7, 8]})  # box 1 (rows 1-2, cols 1-3): 4 only in row 1
    step = basic.pointing(s)[0]
    assert {c for c, _ in step.eliminations} == {3, 4, 5}


def test_extra_houses_hold_distinct_values_but_not_every_value():
    g = geometry(2, 2).with_houses([(0, 5, 10)])  # a short diagonal: three cells, four values
    s = State.from_values(g, [0] * 16)
    for c in (0, 5):
        s.eliminate(c, 1)
    # 1 fits only r3c3 in the short house, but it need not be there: no hidden single
    every_house = range(len(g.houses))
    assert not any(st.placements == ((10, 1),) for st in basic.hidden_singles(s, every_house))
    assert not any(st.placements == ((10, 1),) for st in basic.hidden_single_line(s))


# -- the ladder, trial and error ---------------------------------------------------------------
def test_the_ladder_is_ordered_by_score():
    lows = [low for _, low, _, _ in solver.LADDER]
    assert lows == sorted(lows)
    scores = [score for score, _ in TECHNIQUES.values()]
    assert scores == sorted(scores)
    assert LEVELS[0] == "beginner" and level_of(1.5) == "beginner" and level_of(10.0) == LEVELS[-1]


def test_trial_and_error_is_a_real_guess_that_can_be_wrong():
    # forum_hardest puzzle 1 leaves even forcing chains stuck: trial and error takes over
    board = board_of(load("forum_hardest_sample.txt")[0])
    solution = solve(board, "backtrack").solution
    s = State.from_board(board)
    path = solver.Path()
    for _ in range(3):
        step = solver.guess(s, path)
        c, v = (step.placements or step.eliminations)[0]
        # the guess tried the smallest candidate of a cell with the fewest: no oracle
        assert v == min(s.candidates(c))
        if step.eliminations:
            assert solution[c] != v and "contradiction" in step.text
        else:
            assert solution[c] == v
        solver.apply(s, step)
    assert path.guesses == 3 and path.trial_nodes >= 3


def test_a_time_limit_gives_a_lower_bound():
    line = load("cb002_sample.txt")[-1].split()  # SE 8.5 or more: forcing chains
    board = board_of(line[0])
    full = rate_board(board, assume_unique=True)
    cut = rate_board(board, assume_unique=True, time_limit=0.01)
    assert full.complete and full.rating >= 7.5
    assert not cut.complete and cut.rating < full.rating and 0 in cut.values


# -- soundness: every step agrees with the solution ---------------------------------------------
def check_path(board: Board, steps) -> None:
    solution = solve(board, "backtrack", limit=2).solution
    for step in steps:
        assert all(solution[c] == v for c, v in step.placements), step.text
        assert all(solution[c] != v for c, v in step.eliminations), step.text
        assert step.placements or step.eliminations


#: sample -> seconds per puzzle (None: to the end); the steps taken are checked either way
SETS = {"cb002_sample.txt": None, "magictour_sample.txt": 0.3, "norvig_easy_sample.txt": None,
        "17clue_sample.txt": None, "top95_sample.txt": 0.3, "norvig_hardest.txt": 0.3,
        "forum_hardest_sample.txt": 0.3}


@lru_cache(maxsize=None)
def explained(name: str) -> tuple:
    """(board, steps) for each puzzle of a sample (shared by the tests below)."""
    out = []
    for line in load(name):
        board = board_of(line.split()[0])
        out.append((board, explain(board, assume_unique=True, time_limit=SETS[name])))
    return tuple(out)


@pytest.mark.parametrize("name", SETS)
def test_every_step_is_sound_on_the_shared_sets(name):
    for board, steps in explained(name):
        check_path(board, steps)
        assert all(st.text and st.technique in TECHNIQUES for st in steps)


def test_puzzles_with_several_solutions_are_not_explained():
    for line in load("serg_sample.txt")[:3]:  # serg's benchmark puzzles have many solutions
        with pytest.raises(SeveralSolutionsError, match="several solutions"):
            explain(board_of(line))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), box=st.sampled_from([(2, 2), (2, 3), (3, 3), (4, 4)]))
def test_every_step_is_sound_on_generated_puzzles(seed, box):
    from sudoku_cp.generate import make_puzzle

    board = make_puzzle(seed, box=box, clues=150 if box == (4, 4) else None).board
    steps = explain(board, assume_unique=True, time_limit=2.0)
    check_path(board, steps)


# -- ratings against Sudoku Explainer ----------------------------------------------------------
def test_ratings_follow_sudoku_explainer_on_a_sample():
    rows = [line.split() for line in load("cb002_sample.txt")]
    ours = [max(st.rating for st in steps) for _, steps in explained("cb002_sample.txt")]
    se = [float(r[1]) for r in rows]
    exact = sum(abs(a - b) < 0.05 for a, b in zip(ours, se))
    assert exact >= len(se) // 2  # the same score as SE for most puzzles
    from itertools import combinations

    pairs = [(i, j) for i, j in combinations(range(len(se)), 2) if abs(se[i] - se[j]) >= 1.0]
    agree = sum((ours[i] - ours[j]) * (se[i] - se[j]) > 0 for i, j in pairs)
    assert agree >= 0.95 * len(pairs)  # puzzles a point apart on SE are ordered the same way


# -- the API, the Step record, pictures ------------------------------------------------------
HARD = "...57..3.1......2.7...234......8...4..7..4...49....6.5.42...3.....7..9....18....."


def test_explain_first_is_the_hint_and_steps_are_easiest_first():
    board = board_of(HARD)
    steps = explain(board)
    assert explain(board, first=True)[0] == steps[0]
    assert basic.full_house(State.from_board(board)) == [] and steps[0].rating == 1.2


#: cb002 positions (puzzle, the player's values) where SE's ladder takes a chain and a
#: person, with the techniques SE lacks, a named pattern: (puzzle, position, the hint's
#: technique, SE's technique, needs uniqueness)
HINT_POSITIONS = [
    ("1.3...........9.3.6...27..5..4768...3..9...2..9..4............1.41....579.5...34.",
     "1.34.6..94..1.9.3.6893274152147685933..915.2459.2431..73.594..18416329579.587134.",
     "finned_x_wing", "two_string_kite", False),
    ("1...5..8..5..89....6...3.4...4.3..1....9.267.........23.......7..2.78..19.1...8..",
     "1...5..8.45..89....6...3.4...4.3..1....9.267.........238..9...7.42.78..1971...8..",
     "sashimi_x_wing", "skyscraper", False),
    ("1.3....8..5..89..6...7...5...496...3.7....498..5...........7..2.6....3....1.459..",
     "1.3..678..5..89.36...7...5..1496.573.7....498..5.7.6215.96.78.2.6..9.3.5..1.45967",
     "hidden_rectangle", "aic", True),
    ("1..4...8...7.8.2.6..........9..7.31...8..1..7...6....8....95...8......73941..3...",
     "1..4.678.457189236.8.3.7....9.57831.5.89.1..771.6.2598372895...8652149739417638..",
     "unique_rectangle_6", "aic", True),
]


@pytest.mark.parametrize("puzzle, position, hint, se, unique", HINT_POSITIONS)
def test_a_hint_takes_the_pattern_a_person_uses_where_se_takes_a_chain(
        puzzle, position, hint, se, unique):
    board = board_of(puzzle)
    values = list(board_of(position).givens)
    solution = solve(board, "backtrack").solution
    step, = explain(board, position=values, assume_unique=unique, first=True)
    assert step.technique == hint and step.eliminations
    assert all(solution[c] != v for c, v in step.eliminations), step.text
    assert step.rating < 7.0 and step.assumes_uniqueness == unique
    other, = explain(board, position=values, assume_unique=unique, first=True, hints=False)
    assert other.technique == se and other.rating >= step.rating


def test_explain_walks_the_new_techniques_soundly_and_the_rating_keeps_se_ladder():
    board = board_of(HINT_POSITIONS[2][0])  # cb002: ALS-XZ, ALS-XY-wing, finned fish
    steps = explain(board)
    check_path(board, steps)
    used = {st.technique for st in steps}
    assert {"als_xz", "als_xy_wing", "finned_x_wing"} <= used
    se = explain(board, hints=False)
    check_path(board, se)
    assert not {st.technique for st in se} & {"als_xz", "als_xy_wing", "finned_x_wing"}
    assert rate_board(board).rating == max(st.rating for st in se)  # the rating: SE's path


def test_the_hint_ladder_is_se_ladder_plus_the_new_techniques_in_score_order():
    lows = [low for _, low, _, _ in solver.HINT_LADDER]
    assert lows == sorted(lows)  # the ladder stops at the first rung above the best found
    families = [rung[0] for rung in solver.HINT_LADDER]
    assert [rung for rung in solver.HINT_LADDER if rung[0] in {r[0] for r in solver.LADDER}] \
        == list(solver.LADDER)
    assert families.index("x_wing") < families.index("finned_x_wing") < families.index("chains")
    assert families.index("als_xz") < families.index("forcing")
    assert not {"finned_x_wing", "als_xz", "empty_rectangle"} & {r[0] for r in solver.LADDER}


def test_step_to_dict_is_json_with_every_field():
    step = explain(board_of(HARD), first=True)[0]
    d = json.loads(json.dumps(step.to_dict()))
    assert set(d) == {"technique", "rating", "placements", "eliminations", "cells", "houses",
                      "links", "text", "assumes_uniqueness"}
    assert d["placements"] == [list(p) for p in step.placements]


def test_a_step_draws_itself_with_its_evidence():
    _, steps = explained("cb002_sample.txt")[26]
    chain = next(st for _, path in explained("cb002_sample.txt") for st in path if st.links)
    svg = chain._repr_svg_()
    assert svg.startswith("<svg") and svg.count('class="link') == len(chain.links)
    assert svg.count('class="eliminated"') == len(chain.eliminations)
    single = steps[0]._repr_svg_()
    assert 'class="placement"' in single and 'class="candidate"' in single


def test_a_players_position():
    board = board_of(HARD)
    solution = solve(board, "backtrack").solution
    position = list(board.givens)
    position[0] = solution[0]
    steps = explain(board, position=position)
    assert all(c != 0 for st in steps for c, _ in st.placements)
    position[0] = solution[0] % 9 + 1
    with pytest.raises(WrongValueError, match=f"r1c1 holds {position[0]}, which is wrong") as exc:
        explain(board, position=position)
    assert (exc.value.cell, exc.value.value) == (0, position[0])
    assert isinstance(exc.value, PuzzleError)


def test_a_puzzle_without_solution_is_refused():
    with pytest.raises(NoSolutionError, match="no solution"):
        explain(Board.from_values([1, 1] + [0] * 14))


def test_explain_is_importable_lazily_from_the_package():
    import subprocess
    import sys

    code = ("import sys, sudoku_cp; assert 'sudoku_cp.logic' not in sys.modules; "
            "from sudoku_cp import explain; print(explain.__module__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "sudoku_cp.logic.api"


# -- the command ------------------------------------------------------------------------------
def test_cli_explain(capsys):
    from sudoku_cp.cli import main

    assert main(["explain", HARD, "--first"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].startswith("1. Hidden single")
    assert main(["explain", HARD, "--json"]) == 0
    steps = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert steps[0]["index"] == 1 and all("technique" in s for s in steps)
    assert main(["explain", "1......1" + "." * 8]) == 1
    assert "several solutions" in capsys.readouterr().err
    assert main(["explain", "12x"]) == 2
    bad = "2" + HARD[1:]  # r1c1 is 6 in the solution
    assert main(["explain", HARD, "--position", bad]) == 1
    assert "r1c1 holds 2, which is wrong" in capsys.readouterr().err


def test_cli_explain_draws_steps(tmp_path):
    from sudoku_cp.cli import main

    assert main(["explain", HARD, "--first", "--image", str(tmp_path / "s.svg")]) == 0
    assert (tmp_path / "s.svg").read_text().startswith("<svg")


def test_cli_explain_images_follow_the_output_rule(tmp_path, capsys):
    # an existing file was overwritten without --force, and a missing folder ended in a
    # bare "[Errno 2]" after the steps were printed
    from sudoku_cp.cli import main

    kept = tmp_path / "kept.svg"
    kept.write_text("mine")
    assert main(["explain", HARD, "--first", "--image", str(kept)]) == 2
    assert kept.read_text() == "mine" and "--force" in capsys.readouterr().err
    assert main(["explain", HARD, "--first", "--image", str(kept), "--force"]) == 0
    assert kept.read_text().startswith("<svg")
    assert main(["explain", HARD, "--first", "--image", str(tmp_path / "new" / "s.svg")]) == 0
    assert (tmp_path / "new" / "s.svg").read_text().startswith("<svg")


def test_cli_explain_reads_a_dash_from_stdin(monkeypatch, capsys):
    # '-' was read as the puzzle text itself: "give exactly one puzzle, not 0"
    import io

    from sudoku_cp.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO(HARD + "\n"))
    assert main(["explain", "-", "--first"]) == 0
    assert capsys.readouterr().out.startswith("1. ")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["explain", "-", "--first"]) == 2
    assert "no puzzle on standard input" in capsys.readouterr().err


def test_simple_colouring_finds_a_colour_wrap():
    # strong links on 1: row 1 (r1c1-r1c4), column 4 (r1c4-r4c4), row 4 (r4c4-r4c3),
    # column 3 (r4c3-r3c3): r1c1 and r3c3 take one colour and share box 1
    gone = [1, 2, 4, 5, 6, 7, 8] + [12, 21, 39, 48, 57, 66, 75] + [27, 28, 31, 32, 33, 34, 35] \
        + [11, 38, 47, 56, 65, 74]
    s = empty(without={1: gone})
    step = chains.simple_colouring(s)[0]
    assert step.technique == "simple_colouring" and step.houses == (18,)
    assert {(0, 1), (20, 1), (30, 1)} <= set(step.eliminations)
    assert not {(3, 1), (29, 1)} & set(step.eliminations)  # the other colour stays
    assert all(kind == "strong" for *_, kind in step.links)
