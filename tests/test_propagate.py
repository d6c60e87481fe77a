"""Unit propagation, failed-literal probing, and the at-most-one encodings.

Propagation must never contradict the cross-checked solution; the extended encoding
must fix at least the cells the minimal one fixes; probing on the extended encoding
solves every 17-clue sample puzzle; every at-most-one encoding keeps the solutions and
has the clause counts the notebooks report.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pysat")

from pysat.solvers import Solver  # noqa: E402

from sudoku_cp import Board, Verdict, crosscheck, is_solution  # noqa: E402
from sudoku_cp.board import geometry  # noqa: E402
from sudoku_cp.encode.amo import AMO_ENCODINGS, at_most_one, size  # noqa: E402
from sudoku_cp.encode.cnf import encode, to_dimacs  # noqa: E402
from sudoku_cp.propagate import Propagator, probe, unit_propagate  # noqa: E402

from conftest import board_of, load  # noqa: E402

SAMPLES = ["17clue_sample.txt", "top95_sample.txt", "norvig_hardest.txt"]


@pytest.fixture(scope="module")
def checked():
    """(board, solution) for every sample puzzle, the solution cross-checked as unique."""
    pairs = []
    for name in SAMPLES:
        for line in load(name):
            board = board_of(line)
            report = crosscheck(board)
            assert report.verdict is Verdict.UNIQUE, line
            pairs.append((board, report.solution))
    return pairs


def agrees(values, solution) -> bool:
    return values is not None and all(v in (0, s) for v, s in zip(values, solution))


@pytest.mark.parametrize("encoding", ["minimal", "extended"])
def test_propagation_never_contradicts_the_solution(checked, encoding):
    with Propagator(geometry(3, 3), encoding) as p:
        for board, solution in checked:
            unit, probed = p.unit(board), p.probe(board)
            assert agrees(unit, solution) and agrees(probed, solution), board.to_text()
            # what is fixed only grows: givens within unit, unit within probing
            assert all(v in (0, u) for v, u in zip(board.givens, unit))
            assert all(u in (0, q) for u, q in zip(unit, probed))


def test_extended_fixes_at_least_what_minimal_fixes(checked):
    g = geometry(3, 3)
    with Propagator(g, "minimal") as minimal, Propagator(g, "extended") as extended:
        for board, _ in checked:
            for method in ("unit", "probe"):
                a = getattr(minimal, method)(board)
                b = getattr(extended, method)(board)
                assert all(x in (0, y) for x, y in zip(a, b)), (method, board.to_text())


def test_probing_solves_every_17_clue_sample_puzzle(checked):
    boards = [board_of(line) for line in load("17clue_sample.txt")]
    assert len(boards) == 20
    solutions = dict((b.to_text(), s) for b, s in checked)
    with Propagator(geometry(3, 3), "extended") as p:
        for board in boards:
            values = p.probe(board)
            assert all(values) and tuple(values) == tuple(solutions[board.to_text()])
    # unit propagation alone does not (13 of these 20; about 45% of Royle's collection)
    solved = sum(all(unit_propagate(b)) for b in boards)
    assert 0 < solved < 20


def test_minimal_unit_propagation_solves_no_17_clue_sample_puzzle():
    boards = [board_of(line) for line in load("17clue_sample.txt")]
    with Propagator(geometry(3, 3), "minimal") as p:
        assert not any(all(p.unit(b)) for b in boards)


def test_clashing_givens_are_a_conflict():
    board = Board.parse("11.." "...." "...." "....")
    assert unit_propagate(board) is None
    assert probe(board) is None
    # no clash, and no solution: the minimal encoding's unit propagation misses it
    board = Board.parse("..3." "1..." "...." ".3..")
    assert crosscheck(board).verdict is Verdict.NONE
    assert unit_propagate(board, "minimal") is not None and unit_propagate(board) is None
    # a 17-clue puzzle with a wrong 18th given: only probing finds out
    wrong = board_of("8" + load("17clue_sample.txt")[0][1:])
    assert crosscheck(wrong).verdict is Verdict.NONE
    assert unit_propagate(wrong) is not None and probe(wrong) is None


def test_a_propagator_holds_one_geometry():
    with Propagator(geometry(2, 2)) as p:
        with pytest.raises(ValueError, match="4x4"):
            p.unit(Board.empty((3, 3)))


@pytest.mark.parametrize("amo", AMO_ENCODINGS)
@pytest.mark.parametrize("encoding", ["minimal", "extended"])
def test_every_amo_encoding_keeps_the_288_solutions_of_the_empty_4x4(amo, encoding):
    enc = encode(geometry(2, 2), encoding, amo)
    empty = Board.empty((2, 2))
    found = set()
    with Solver(name="glucose4", bootstrap_with=enc.cnf.clauses) as s:
        while s.solve():
            true = [lit for lit in s.get_model()[:enc.nv] if lit > 0]
            values = tuple(enc.value_of[lit] for lit in true)
            assert is_solution(empty, values)
            found.add(values)
            s.add_clause([-lit for lit in true])  # block the cell-value part only
            assert len(found) <= 288
    assert len(found) == 288


@pytest.mark.parametrize("amo", AMO_ENCODINGS)
def test_unit_propagation_is_the_same_under_every_amo_encoding(amo):
    boards = [board_of(line) for line in load("17clue_sample.txt")]
    g = geometry(3, 3)
    with Propagator(g, "extended") as pairwise, Propagator(g, "extended", amo) as other:
        for board in boards:
            assert pairwise.unit(board) == other.unit(board)


#: (clauses, variables) of the 9×9 CNF, as notebook 01 reports them.
COUNTS_9X9 = {
    ("minimal", "pairwise"): (8829, 729),
    ("extended", "pairwise"): (11988, 729),
    ("extended", "sequential"): (7776, 3321),
    ("extended", "bitwise"): (11988, 2025),
    ("extended", "ladder"): (11988, 3969),
    ("extended", "cardnetwork"): (17496, 12069),
}


@pytest.mark.parametrize("variant", sorted(COUNTS_9X9))
def test_clause_and_variable_counts(variant):
    enc = encode(geometry(3, 3), *variant)
    assert (len(enc.cnf.clauses), enc.pool.top) == COUNTS_9X9[variant]
    assert enc.cnf.nv == enc.pool.top  # every auxiliary variable is used


def test_amo_sizes():
    sizes = [(36, 0), (23, 8), (36, 4), (36, 10), (53, 35)]
    assert [size(9, amo) for amo in AMO_ENCODINGS] == sizes
    for k in (2, 3, 5, 16, 25):
        assert size(k, "pairwise") == (k * (k - 1) // 2, 0)
        assert size(k, "sequential") == (3 * k - 4, k - 1)
    assert at_most_one([7]) == [] and at_most_one([], None, "pairwise") == []


def test_pairwise_is_the_default_and_unchanged():
    g = geometry(3, 3)
    for encoding in ("minimal", "extended"):
        assert encode(g, encoding).cnf.clauses == encode(g, encoding, "pairwise").cnf.clauses
    text = to_dimacs(g)
    assert "p cnf 729 11988" in text


def test_unknown_amo_encoding_lists_the_valid_ones():
    with pytest.raises(ValueError, match="pairwise, sequential"):
        encode(geometry(2, 2), "extended", "binomial")
    with pytest.raises(ValueError, match="IDPool"):
        at_most_one([1, 2, 3], None, "sequential")
