"""``fast``'s branching weighs a failed choice's cell (``engine.WEIGHED``), as ISS does.

A program with no branching order of its own (no chaos construction's labels) is searched
with ``state[INORDER]`` at ``engine.WEIGHED``: each failure adds one to the weight of the
cell whose choice failed, besides the failing propagator's cells. The order changes, the
verdict and the solutions do not.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.variants import model as m  # noqa: E402
from sudoku_cp.variants.fastvar import engine  # noqa: E402
from sudoku_cp.variants.fastvar.program import compile_puzzle  # noqa: E402
from sudoku_cp.variants.rules import check_solution  # noqa: E402

#: Two thermometers and 13 givens (drawn by ``test_variants_fastvar``'s thermo family, seed
#: 23): more than one solution, the second found in 37 nodes weighing the failing
#: propagators' cells only, in 39 weighing the failed choices' cells too.
PUZZLE = m.VariantPuzzle(
    9, givens=((10, 7), (12, 5), (14, 3), (20, 5), (22, 8), (23, 2), (25, 9), (41, 9), (57, 7),
               (61, 3), (66, 2), (68, 8), (75, 3)),
    constraints=(m.Thermometer((58, 48, 57, 47)), m.Thermometer((21, 12, 10))))


def _orders(monkeypatch, prog):
    """The ``state[INORDER]`` each kernel call of ``engine._search`` on ``prog`` gets."""
    real = engine.kernel()
    seen = []

    class Spy:
        def __getattr__(self, name):
            return getattr(real, name)

        def search(self, *args):
            seen.append(int(args[14][real.INORDER]))
            return real.search(*args)

    monkeypatch.setattr(engine, "kernel", lambda: Spy())
    engine._search(np, prog, 2, None, [], None)
    return set(seen)


def test_a_program_without_an_order_of_its_own_is_searched_weighed(monkeypatch):
    assert engine.WEIGHED == 3
    assert _orders(monkeypatch, compile_puzzle(PUZZLE)) == {engine.WEIGHED}


def test_labels_branched_on_first_keep_their_order(monkeypatch):
    prog = compile_puzzle(PUZZLE)
    prog.first = 40  # (as a chaos construction's labels would set it, with no order)
    assert _orders(monkeypatch, prog) == {0}
    prog.inorder = 2
    assert _orders(monkeypatch, prog) == {2}


def test_weighing_the_failed_choice_moves_the_order_not_the_verdict(monkeypatch):
    got = {}
    for weighed in (0, 3):
        monkeypatch.setattr(engine, "WEIGHED", weighed)
        r = engine.solve(PUZZLE, limit=2)
        assert r.count == 2 and not r.exhausted  # (not unique, either way)
        for s in r.solutions:
            assert not check_solution(PUZZLE, s)
        got[weighed] = r.stats["nodes"]
    assert got[0] != got[3]  # the failed choices' weights were read
