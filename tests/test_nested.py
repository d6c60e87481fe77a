"""SE's nested forcing chains (``logic/nested.py``): every implication sound, the first
step rated as Sudoku Explainer rates it, and a time limit that gives a lower bound."""

from __future__ import annotations

import time
from functools import lru_cache

import pytest

from sudoku_cp import solve
from sudoku_cp.logic import nested, rate_board
from sudoku_cp.logic.state import State, TimeUp
from conftest import board_of

# From the forum's hardest list (shared/data/forum_hardest_1106.txt). SE's serate
# (SukakuExplainer with SE 1.2's techniques) rates it 10.6/10.6/10.4: its first step is a
# dynamic forcing chain nesting forcing chains (SE 9.5) of length 75, so 10.4.
HARD = "1.......2.2.....6...34..5.....8.5.....8.3.9.....9.4.....5..34...7.....1.6.......7"


@lru_cache(maxsize=None)
def start():
    board = board_of(HARD)
    return board, solve(board, "backtrack", limit=2).solution


def implied(level: int, nest: int, cells: int):
    """Every potential that assuming the true value of each of the first ``cells`` open
    cells implies, by a level-``level`` chain."""
    board, solution = start()
    s = State.from_board(board)
    ch = nested.Chainer(s.t, s.values, s.cand[:], level, nest, True, None, {})
    open_cells = [c for c in range(s.t.ncells) if s.cand[c]][:cells]
    for c in open_cells:
        branch = ch.close((c, solution[c], True))
        yield branch, solution


@pytest.mark.parametrize("level, nest, cells", [(1, 0, 60), (2, 0, 60), (3, 0, 6), (4, 0, 2)])
def test_a_true_assumption_implies_only_truths(level, nest, cells):
    # each implication (singles, pairs, locked candidates, X-wings, nested chains) must
    # hold when the assumption is the solution's value: no contradiction, nothing false
    used = 0
    for branch, solution in implied(level, nest, cells):
        assert branch.contradiction is None
        for (c, v, on), (_, why, inner) in branch.info.items():
            assert (solution[c] == v) == on, (c, v, on, why)
            used += why == "advanced"
    assert used  # the level's extra rules took part


def test_the_first_step_is_rated_as_se_rates_it():
    board, solution = start()
    steps = nested.nested(State.from_board(board))
    assert steps and {st.rating for st in steps} == {10.4}
    assert {st.technique for st in steps} == {"nested_forcing_chain"}
    for st in steps:
        assert all(solution[c] == v for c, v in st.placements), st.text
        assert all(solution[c] != v for c, v in st.eliminations), st.text
        assert "contradiction" in st.text and "SE length" in st.text


def test_every_conclusion_of_a_level_is_sound():
    # all of level 1's conclusions on a position from the path, not only the easiest
    board, solution = start()
    s = State.from_board(board)
    hints = nested.Chainer(s.t, s.values, s.cand[:], 1, 0, True, None, {}).multiple()
    for h in hints:
        assert (solution[h.cell] == h.value) == h.on
        assert all(solution[c] != v for c, v in h.removable)


def test_a_time_limit_gives_a_lower_bound_and_no_guess():
    board, _ = start()
    s = State.from_board(board)
    with pytest.raises(TimeUp) as stop:
        nested.nested(s, deadline=time.perf_counter())
    assert stop.value.floor == 9.0  # the first nested level's score
    # the first step needs over a second of search: 0.3 s stops it (at 9.0, the nested
    # rung, unless a loaded machine passes the limit in the rungs before, from 6.6 on)
    cut = rate_board(board, assume_unique=True, time_limit=0.3)
    assert not cut.complete and cut.guesses == 0 and cut.rating >= 6.6


def test_a_cut_short_triple_is_a_lower_bound_too():
    board, _ = start()
    cut = rate_board(board, assume_unique=True, time_limit=0.3)
    # nothing was placed or removed before the limit: EP and ED are bounded like ER
    assert cut.steps == 0
    assert cut.serate == f"{cut.rating:.1f}/{cut.rating:.1f}/{cut.rating:.1f}"


@pytest.mark.parametrize("box", [(2, 2), (2, 3)])
def test_every_conclusion_is_sound_on_other_box_shapes(box):
    # from the givens of a generated minimal puzzle every level finds plenty (the
    # easier techniques are not tried first here): each must agree with the solution
    from sudoku_cp.generate import generate

    board = next(iter(generate(1, box=box, seed=5, minimal=True, verify=False))).board
    solution = solve(board, "backtrack", limit=2).solution
    s = State.from_board(board)
    for level in (1, 2, 3):
        hints = nested.Chainer(s.t, s.values, s.cand[:], level, 0, True, None, {}).multiple()
        assert hints
        for h in hints:
            assert (solution[h.cell] == h.value) == h.on
            assert all(solution[c] != v for c, v in h.removable)


def test_a_time_limit_inside_the_forcing_rung_still_gives_its_floor(monkeypatch):
    """A rung that finds its deadline passed mid-search (forcing chains check it between
    assumptions) raises TimeUp without a score: the rating cut short there is still the
    rung's floor, as every easier rung found nothing. (Under load, the limit once passed
    inside that rung and the rating came out 0.0.)"""
    from sudoku_cp.logic import forcing, solver

    board, _ = start()
    calls = []

    def cut(s, deadline=None):
        calls.append(deadline)
        raise TimeUp

    ladder = tuple((fam, low, cut if fam == "forcing" else find, unique)
                   for fam, low, find, unique in solver.LADDER)
    monkeypatch.setattr(solver, "LADDER", ladder)
    got = rate_board(board, assume_unique=True, time_limit=600)
    assert calls and not got.complete and got.guesses == 0
    assert got.rating == dict((f, low) for f, low, _, _ in ladder)["forcing"] == 7.5
    assert forcing.forcing is not cut  # (the real rung is untouched outside this test)
