"""The CNF encoder and the ``sat`` backend: clause counts, answers, reuse, limits, DIMACS."""

from __future__ import annotations

import random
import time
from itertools import permutations

import pytest

pysat = pytest.importorskip("pysat")

from pysat.formula import CNF  # noqa: E402
from pysat.solvers import Solver  # noqa: E402

from sudoku_cp import Board, Status, clashes, is_solution, solve  # noqa: E402
from sudoku_cp.backends import get_backend, parse_spec  # noqa: E402
from sudoku_cp.backends.sat import (  # noqa: E402
    DEFAULT_SOLVER, SOLVER_OPTIONS, ZERO_DECISION_SOLVERS, SatBackend, available_solvers,
)
from sudoku_cp.board import geometry  # noqa: E402
from sudoku_cp.encode.cnf import (  # noqa: E402
    decode, encode, givens_literals, key, to_dimacs, var,
)
from conftest import board_of, load, pattern_grid  # noqa: E402

SHAPES = [(2, 2), (2, 3), (3, 3), (4, 4)]
LIMITABLE = [s for s in available_solvers() if s != "lingeling"]


# -- puzzles built without any solver ---------------------------------------------------------
def singles_solve(board: Board) -> list[int] | None:
    """Fill naked singles until stuck: a full grid proves the puzzle has one solution."""
    values = list(board.givens)
    g = board.geometry
    progress = True
    while progress:
        progress = False
        for cell in range(g.ncells):
            if values[cell]:
                continue
            cands = set(range(1, g.n + 1)) - {values[p] for p in g.peers[cell]}
            if len(cands) == 1:
                values[cell] = cands.pop()
                progress = True
    return values if all(values) else None


def unique_puzzle(box, seed=0) -> Board:
    """Blank cells of a pattern grid while naked singles still solve it (so it is unique)."""
    grid = pattern_grid(*box)
    board = Board.from_values(grid, box=box)
    cells = list(range(len(grid)))
    random.Random(seed).shuffle(cells)
    givens = list(grid)
    for cell in cells:
        givens[cell] = 0
        if singles_solve(board.with_givens(givens)) is None:
            givens[cell] = grid[cell]
    return board.with_givens(givens)


def multiple_puzzle(box) -> Board:
    """Only the first row given: for n >= 4 there are many solutions."""
    grid = pattern_grid(*box)
    n = box[0] * box[1]
    return Board.from_values(grid[:n] + [0] * (n * n - n), box=box)


def clash_puzzle(box) -> Board:
    n = box[0] * box[1]
    return Board.from_values([1, 1] + [0] * (n * n - 2), box=box)


def dead_end_puzzle(box) -> Board:
    """No clash, no solution: row 1 leaves cell r1c(n-1) only {n-1, n}, and its column
    already holds both, below the first band."""
    br, bc = box
    n = br * bc
    givens = [0] * (n * n)
    givens[:n - 2] = range(1, n - 1)
    givens[br * n + n - 2] = n - 1
    givens[(br + 1) * n + n - 2] = n
    return Board.from_values(givens, box=box)


def literature() -> list[Board]:
    return [board_of(line) for name in ("17clue_sample.txt", "top95_sample.txt",
                                        "forum_hardest_sample.txt") for line in load(name)]


# -- encoder ----------------------------------------------------------------------------------
@pytest.mark.parametrize("box, encoding, clauses", [
    ((3, 3), "minimal", 8_829), ((3, 3), "extended", 11_988),
    ((4, 4), "minimal", 92_416), ((4, 4), "extended", 123_904),
])
def test_clause_and_variable_counts(box, encoding, clauses):
    enc = encode(geometry(*box), encoding)
    n = box[0] * box[1]
    assert len(enc.cnf.clauses) == clauses
    assert enc.nv == enc.cnf.nv == enc.pool.top == n ** 3


def test_variables_are_numbered_by_row_col_value():
    enc = encode(geometry(3, 3))
    assert var(enc, 0, 0, 1) == 1 and var(enc, 0, 0, 9) == 9 and var(enc, 0, 1, 1) == 10
    assert var(enc.pool, 8, 8, 9) == 729
    assert all(key(enc, var(enc, r, c, v)) == (r, c, v)
               for r in range(9) for c in range(9) for v in range(1, 10))
    with pytest.raises(KeyError):
        var(enc, 9, 0, 1)
    assert enc.pool.top == 729  # the failed lookup added nothing


def test_short_extra_houses_get_no_at_least_once_clause():
    g = geometry(3, 3).with_houses([(0, 10, 20)])
    assert len(encode(g, "extended").cnf.clauses) == 11_988 + 9 * 3
    assert len(encode(g, "minimal").cnf.clauses) == 8_829 + 9 * 3


def test_decode_and_givens_literals_round_trip():
    box = (2, 3)
    grid = pattern_grid(*box)
    board = Board.from_values(grid, box=box)
    enc = encode(board.geometry)
    lits = givens_literals(enc, board)
    model = [lit if lit in set(lits) else -lit for lit in range(1, enc.nv + 1)]
    assert decode(enc, model) == tuple(grid)


# -- answers ----------------------------------------------------------------------------------
@pytest.mark.parametrize("encoding", ["extended", "minimal"])
@pytest.mark.parametrize("box", SHAPES)
def test_unique_multiple_and_none(box, encoding):
    backend = SatBackend(encoding=encoding)
    board = unique_puzzle(box)
    r = backend.solve(board, limit=2)
    assert r.status is Status.SOLVED and r.exhausted and len(r.solutions) == 1
    assert is_solution(board, r.solution) and list(r.solution) == singles_solve(board)

    board = multiple_puzzle(box)
    r = backend.solve(board, limit=2)
    assert r.status is Status.SOLVED and not r.exhausted and r.count == "2+"
    assert len(set(r.solutions)) == 2 and all(is_solution(board, s) for s in r.solutions)

    for board in (clash_puzzle(box), dead_end_puzzle(box)):
        r = backend.solve(board, limit=2)
        assert r.status is Status.NONE and r.exhausted and r.solutions == ()
    assert clashes(dead_end_puzzle(box)) == []


@pytest.mark.parametrize("encoding", ["extended", "minimal"])
def test_empty_4x4_has_288_solutions(encoding):
    board = Board.empty((2, 2))
    r = SatBackend(encoding=encoding).solve(board, limit=1000)
    assert r.exhausted and len(r.solutions) == 288 == len(set(r.solutions))
    assert all(is_solution(board, s) for s in r.solutions)
    assert r.stats["blocking_clauses"] == 288 and r.stats["calls"] == 289


def test_literature_puzzles_are_unique():
    backend = SatBackend()
    for board in literature():
        r = backend.solve(board, limit=2)
        assert r.exhausted and len(r.solutions) == 1 and is_solution(board, r.solution)
        assert r.stats["solver"] == DEFAULT_SOLVER and r.stats["variables"] == 729
        assert r.stats["clauses"] == 11_988 and r.stats["assumptions"] == board.clues


def test_sudoku_x_diagonals():
    n = 4
    diagonals = [tuple(i * n + i for i in range(n)), tuple(i * n + n - 1 - i for i in range(n))]
    board = Board.from_values([0] * 16, houses=diagonals)
    r = SatBackend().solve(board, limit=1000)
    # independent count: rows are permutations, filtered by columns, boxes and diagonals
    rows = list(permutations(range(1, 5)))
    expected = sum(is_solution(board, [v for row in (a, b, c, d) for v in row])
                   for a in rows[:1] for b in rows for c in rows for d in rows) * len(rows)
    # (relabelling values maps solutions to solutions, so fixing row 1 and multiplying
    # by 4! counts them all)
    assert r.exhausted and len(r.solutions) == expected > 0
    assert all(is_solution(board, s) for s in r.solutions)
    board9 = Board.from_values([0] * 81, houses=[tuple(i * 10 for i in range(9)),
                                                 tuple(8 * (i + 1) for i in range(9))])
    r = SatBackend().solve(board9, limit=2)
    assert len(r.solutions) == 2 and all(is_solution(board9, s) for s in r.solutions)


# -- reuse --------------------------------------------------------------------------------------
def fifty_puzzles() -> list[Board]:
    boards = literature()[:26]
    for seed, box in enumerate(SHAPES[:3] * 3):
        boards += [unique_puzzle(box, seed), multiple_puzzle(box)]
    boards += [clash_puzzle(b) for b in SHAPES[:3]] + [dead_end_puzzle(b) for b in SHAPES[:3]]
    return boards[:50]


def answer(r):
    return r.status, r.solutions if r.exhausted else len(r.solutions), r.exhausted


def test_reused_backend_answers_like_a_fresh_one():
    boards = fifty_puzzles()
    assert len(boards) == 50
    shared = SatBackend()
    shared.REBUILD_AFTER = 7  # exercise rebuilding too
    for board in boards:
        for limit in (1, 2):
            assert answer(shared.solve(board, limit=limit)) == \
                answer(SatBackend().solve(board, limit=limit))


def test_blocking_clauses_do_not_leak_into_the_next_puzzle():
    backend = SatBackend()
    a = board_of(load("17clue_sample.txt")[0])
    first = backend.solve(a, limit=2)
    again = backend.solve(a, limit=2)
    assert first.solutions == again.solutions and again.exhausted and len(again.solutions) == 1
    grid = Board.from_values(first.solution)  # the full grid: its one solution is itself
    assert backend.solve(grid, limit=2).solutions == (first.solution,)


# -- solvers, specs and time limits --------------------------------------------------------------
@pytest.mark.parametrize("name", available_solvers())
def test_every_solver_name_works(name):
    backend = SatBackend(name)
    board = board_of(load("top95_sample.txt")[0])
    r = backend.solve(board, limit=2)
    assert r.exhausted and len(r.solutions) == 1 and is_solution(board, r.solution)
    assert backend.solve(dead_end_puzzle((3, 3)), limit=2).status is Status.NONE
    if name != "lingeling":
        r = backend.solve(board, limit=2, time_limit=30)
        assert r.exhausted and len(r.solutions) == 1


def test_bad_names_are_refused_with_the_valid_ones():
    with pytest.raises(ValueError, match="glucose4"):
        SatBackend("nosuchsolver")
    with pytest.raises(ValueError, match="assumptions"):
        SatBackend("kissat")
    with pytest.raises(ValueError, match="minimal"):
        SatBackend(encoding="tiny")
    assert SatBackend("G4").solver == "glucose4"


def test_spec_names_solver_and_encoding():
    assert parse_spec("sat:cadical195:extended") == (
        "sat", {"solver": "cadical195", "encoding": "extended"})
    backend = get_backend("sat:minisat22:minimal")
    assert (backend.solver, backend.encoding) == ("minisat22", "minimal")


def pigeonhole_board() -> Board:
    """16×16 plus an extra house of 17 cells: no solution, and very hard to refute."""
    n = 16
    house = [r * n + (5 * r) % n for r in range(n)] + [1]
    return Board.from_values([0] * n * n, houses=[house])


@pytest.mark.parametrize("name", sorted({DEFAULT_SOLVER, "cadical195", "glucose4"}))
def test_time_limit_stops_a_hard_search(name):
    backend = SatBackend(name)
    board = pigeonhole_board()
    backend.solve(board, limit=1, time_limit=0.05)  # pay for encoding outside the clock
    # CPU seconds, not wall: on a loaded machine the wall clock runs on while this process
    # waits for a core, but a search the limit failed to stop keeps burning CPU
    start = time.process_time()
    r = backend.solve(board, limit=1, time_limit=0.3)
    assert time.process_time() - start < 2.5
    assert r.status is Status.UNKNOWN and not r.exhausted and r.timed_out
    # the solver is still usable afterwards, with and without a limit
    board = board_of(load("17clue_sample.txt")[1])
    assert len(backend.solve(board, limit=2).solutions) == 1
    assert backend.solve(board, limit=2, time_limit=10).exhausted


def test_time_limit_during_enumeration_keeps_what_was_found():
    board = Board.empty((3, 3))
    backend = SatBackend()
    backend.solve(board)  # encode and load the solver first: the limit is for the search
    r = backend.solve(board, limit=10 ** 9, time_limit=1.0)
    assert r.status is Status.SOLVED and not r.exhausted and r.timed_out
    assert 0 < len(r.solutions) == len(set(r.solutions))
    assert all(is_solution(board, s) for s in r.solutions[:20])


def test_lingeling_refuses_a_time_limit():
    if "lingeling" not in available_solvers():
        pytest.skip("lingeling not built")
    with pytest.raises(ValueError, match="time limit"):
        SatBackend("lingeling").solve(Board.empty((2, 2)), time_limit=1)


# -- DIMACS -------------------------------------------------------------------------------------
@pytest.mark.parametrize("encoding", ["extended", "minimal"])
def test_dimacs_round_trip(encoding):
    board = board_of(load("17clue_sample.txt")[2])
    text = to_dimacs(board, encoding)
    assert text == to_dimacs(board, encoding)  # deterministic
    cnf = CNF(from_string=text)
    base = 11_988 if encoding == "extended" else 8_829
    assert cnf.nv == 729 and len(cnf.clauses) == base + board.clues
    assert "sudoku_cp" in text.splitlines()[0] and "box 3x3" in text and encoding in text
    for line in ("c var 1 = r1c1#1", "c var 10 = r1c2#1", "c var 729 = r9c9#9"):
        assert line in text.splitlines()
    assert sum(line.startswith("c var ") for line in text.splitlines()) == 729
    with Solver(name="glucose4", bootstrap_with=cnf.clauses) as solver:
        assert solver.solve()
        assert is_solution(board, decode(encode(board.geometry, encoding), solver.get_model()))
    empty = CNF(from_string=to_dimacs(board.geometry, encoding))
    assert len(empty.clauses) == base
    assert len(CNF(from_string=to_dimacs(board, encoding, givens=False)).clauses) == base


def test_dimacs_names_extra_houses():
    board = Board.from_values([0] * 16, houses=[(0, 5, 10, 15)])
    text = to_dimacs(board)
    assert "c extra house 1: r1c1 r2c2 r3c3 r4c4" in text
    assert len(CNF(from_string=text).clauses) == 448 + 4 * 6 + 4


def test_the_zero_decision_shortcut_is_sound():
    # Issue 12: a first call without decisions proves uniqueness, so no second call.
    # Puzzles settled that way must be truly unique (the backtracker agrees), and
    # puzzles with two solutions (a 17-clue puzzle minus a clue) must never be.
    backend = SatBackend("cadical195")
    lines = load("17clue_sample.txt")
    forced = 0
    for line in lines:
        board = board_of(line)
        r = backend.solve(board, limit=2)
        forced += r.stats["forced_by_propagation"]
        if r.stats["forced_by_propagation"]:
            assert r.stats["calls"] == 1 and r.stats["decisions"] == 0
        other = solve(board, "backtrack", limit=2)
        assert r.solutions == other.solutions and r.exhausted and other.exhausted
        fewer = list(board.givens)
        fewer[next(c for c, v in enumerate(fewer) if v)] = 0
        r = backend.solve(board.with_givens(fewer), limit=2)
        assert len(r.solutions) == 2 and not r.stats["forced_by_propagation"]
    assert forced > 0  # the shortcut is taken on some of them


# -- variants on the classic solver (one-off extra houses ride under an activation literal) --
def _variant_cases():
    """Puzzles of one 4x4 grid with extra houses that keep, break or split the solution."""
    from sudoku_cp.generate import full_grid

    grid = full_grid((2, 2), seed=7)
    few = list(grid[:4]) + [0] * 12  # the first row: several solutions
    # a 2-cell house over two cells of the same value: no solution of the grid fits
    same = next((a, b) for a in range(16) for b in range(a + 1, 16)
                if grid[a] == grid[b] and b // 4 != a // 4 and b % 4 != a % 4)
    return grid, few, same


def test_one_off_variants_ride_on_the_classic_solver_and_leave_nothing_behind():
    from sudoku_cp.backends import sat
    from sudoku_cp.crosscheck import claim

    grid, few, same = _variant_cases()
    backend = sat.SatBackend()
    fresh = lambda board: sat.SatBackend().solve(board, limit=2)  # noqa: E731
    classic = Board.from_values(few, (2, 2))
    before = claim(backend.solve(classic, limit=2))
    for houses in ([list(same)], [[0, 5, 10, 15]], [[0, 1, 2, 3, 4]], [[3, 6, 9, 12], [0, 5]]):
        board = Board.from_values(few, (2, 2), houses=houses)
        result = backend.solve(board, limit=2)
        assert result.stats["extra_houses_added"] is True  # served by the 2x2 classic solver
        assert claim(result) == claim(fresh(board)), houses
        assert all(is_solution(board, s) for s in result.solutions)
    # the extra houses were retired with their puzzles: the classic board answers as before
    assert claim(backend.solve(classic, limit=2)) == before == "multiple"
    full = Board.from_values(grid, (2, 2), houses=[list(same)])
    assert claim(backend.solve(full, limit=2)) == "none"
    assert claim(backend.solve(Board.from_values(grid, (2, 2)), limit=2)) == "unique"


def test_a_variant_that_repeats_gets_a_solver_of_its_own():
    from sudoku_cp.backends import sat

    _, few, _ = _variant_cases()
    backend = sat.SatBackend()
    diagonals = [[0, 5, 10, 15], [3, 6, 9, 12]]
    added = [backend.solve(Board.from_values(few, (2, 2), houses=diagonals), limit=2)
             .stats["extra_houses_added"] for _ in range(sat.OWN_SOLVER_AFTER + 2)]
    assert added == [True] * (sat.OWN_SOLVER_AFTER - 1) + [False] * 3


def test_pysat_s_own_report_of_ctrl_c_becomes_a_keyboard_interrupt():
    """PySAT raises its own error when Ctrl-C lands inside a solver call; the backend
    turns it into KeyboardInterrupt (exit 130), and leaves other errors alone."""
    from sudoku_cp.backends.sat import interrupt_or

    caught = interrupt_or(RuntimeError("Caught keyboard interrupt"))
    assert isinstance(caught, KeyboardInterrupt) and isinstance(caught.__cause__, RuntimeError)
    other = ValueError("something else")
    assert interrupt_or(other) is other


# -- issue 12: the per-puzzle path after trimming ----------------------------------------------
def test_lazy_backtracking_keeps_assumption_levels_between_calls():
    """PySAT's CaDiCaL 1.9.5 reuses the trail of the previous call (``ilb``, on by
    default) where its decisions are this call's assumptions: the same puzzle solved
    again propagates far fewer literals. ``SatBackend._forced`` (point 2) explains why
    the zero-decision shortcut stays sound with it; if a PySAT release turns it off,
    this test says the explanation has gone stale (the shortcut holds either way)."""
    enc = encode(geometry(3, 3))
    solver = Solver(name="cadical195", bootstrap_with=enc.cnf.clauses)
    try:
        assumptions = givens_literals(enc, board_of(load("17clue_sample.txt")[0]))
        assert solver.solve(assumptions=assumptions)
        before = solver.accum_stats()["propagations"]
        assert solver.solve(assumptions=assumptions)
        assert solver.accum_stats()["propagations"] - before < enc.nv // 2
    finally:
        solver.delete()


@pytest.mark.parametrize("name", sorted(ZERO_DECISION_SOLVERS))
def test_puzzles_sharing_givens_in_a_row_keep_every_claim(name):
    """Consecutive puzzles that share most givens are where reused trail levels matter:
    each puzzle, a superset of its givens taken from its solution, the puzzle without
    one given (two solutions or more) and the puzzle again, on one reused backend, must
    each get the claim and solutions of ``backtrack``; the zero-decision shortcut may
    only fire on a puzzle ``backtrack`` finds unique."""
    from sudoku_cp.crosscheck import claim

    rng = random.Random(12)
    backend = SatBackend(name)
    shortcut = 0
    for line in load("17clue_sample.txt")[:12]:
        board = board_of(line)
        solution = solve(board, "backtrack", limit=1).solution
        more = list(board.givens)
        for cell in rng.sample([c for c, v in enumerate(more) if not v], 6):
            more[cell] = solution[cell]
        fewer = list(board.givens)
        fewer[rng.choice([c for c, v in enumerate(fewer) if v])] = 0
        for givens in (board.givens, more, fewer, board.givens):
            puzzle = board.with_givens(givens)
            ours = backend.solve(puzzle, limit=2)
            theirs = solve(puzzle, "backtrack", limit=2)
            assert claim(ours) == claim(theirs), (line, givens)
            assert ours.solutions == theirs.solutions or len(ours.solutions) == 2
            assert all(is_solution(puzzle, s) for s in ours.solutions)
            if ours.stats["forced_by_propagation"]:
                shortcut += 1
                assert claim(theirs) == "unique" and ours.stats["calls"] == 1
    assert shortcut > 0


@pytest.mark.parametrize("box, amo, houses", [
    ((2, 2), "auto", ()), ((3, 3), "auto", ()), ((3, 3), "sequential", ()),
    ((2, 2), "auto", ([0, 5, 10, 15],)),  # a one-off variant, on the classic 4x4 solver
])
def test_statistics_name_the_formula_the_puzzle_was_solved_on(box, amo, houses):
    """The statistics shared by every puzzle of a solver (built once per solver) name
    that solver's formula, and the per-puzzle ones are the puzzle's own."""
    from sudoku_cp.backends.sat import amo_for

    backend = SatBackend(amo=amo)
    board = Board.from_values(unique_puzzle(box).givens, box=box, houses=houses)
    for _ in range(2):  # the second time on the solver state kept from the first
        result = backend.solve(board, limit=2)
        stats = result.stats
        classic = encode(geometry(*box), "extended", amo_for(board.n, amo))
        assert stats["variables"] == board.n ** 3
        assert stats["clauses"] == len(classic.cnf.clauses)
        assert stats["amo"] == amo_for(board.n, amo) and stats["solver"] == DEFAULT_SOLVER
        assert stats["encoding"] == "extended"
        assert stats["extra_houses_added"] is bool(houses)
        assert stats["assumptions"] == board.clues
        settled = stats["forced_by_propagation"] or not result.solutions  # one call
        assert stats["calls"] == (1 if settled else 2)
        assert stats["blocking_clauses"] == stats["calls"] - 1
        assert list(stats) == [  # the order results files have always had
            "conflicts", "decisions", "propagations", "restarts", "calls", "blocking_clauses",
            "forced_by_propagation", "solver", "encoding", "amo", "variables", "clauses",
            "assumptions", "extra_houses_added"]


@pytest.mark.parametrize("name", [n for n in ("cadical103", "cadical153", "cadical195")
                                  if n in available_solvers()])
def test_the_shortcut_is_used_only_where_pysat_passes_options_on(name):
    """The shortcut needs variable elimination off (``_forced``, point 3), and PySAT's
    ``configure`` silently ignores CaDiCaL 1.0.3. Observed with lucky phases: on a
    formula that "all false" satisfies, CaDiCaL finds the model without a decision
    unless ``lucky=0`` reaches it."""
    clauses = [[-1, -2], [-2, -3], [-3, -4, -5], [1, -5]]
    decisions = []
    for options in ({}, {"lucky": 0}):
        solver = Solver(name=name, bootstrap_with=clauses)
        solver.configure(options)
        assert solver.solve()
        decisions.append(solver.accum_stats()["decisions"])
        solver.delete()
    passed_on = decisions[0] == 0 and decisions[1] > 0
    assert passed_on == (name in SOLVER_OPTIONS) == (name in ZERO_DECISION_SOLVERS)
    backend = SatBackend(name)
    forced = [backend.solve(board_of(line), limit=2).stats["forced_by_propagation"]
              for line in load("17clue_sample.txt")]
    assert any(forced) == passed_on  # the shortcut fires exactly where it is sound
