"""What a SAT solver knows before it searches: unit propagation and failed-literal probing.

Glossary (the words of ``sudoku_cp.board`` plus these):

- **unit propagation**: with the givens assumed true, every clause with one literal
  left unassigned forces that literal, until nothing changes or a clause is falsified
  (a *conflict*). It is all a SAT solver does before its first decision.
- **fixed**: a cell whose cell-value variable for some value was set true.
- **probe**: assume one more literal "cell holds value" and propagate. If that
  ends in a conflict the literal is *failed*: the cell cannot hold that value, so
  its negation is added to what is known and propagation runs again.
- **failed-literal probing**: probe every candidate of every unfixed cell, again
  and again, until a whole round finds no failed literal.

How much the two settle depends on the encoding (``encode.cnf``): the minimal one
finds only naked singles (a cell with one value left), the extended one also hidden
singles (a value with one cell left in a house). The solver is only asked to
propagate (PySAT's ``Solver.propagate``), never to solve.

>>> from sudoku_cp import Board
>>> board = Board.parse("....12....1....2")
>>> board.to_text(unit_propagate(board, "minimal"))  # no naked single: nothing fixed
'....12....1....2'
>>> board.to_text(unit_propagate(board))  # extended: hidden singles fix four cells
'..2112..2.1..1.2'
>>> unit_propagate(Board.parse("11.." "...." "...." "...."))  # a clash: None
"""

from __future__ import annotations

from typing import Sequence

from .board import Board, Geometry
from .encode.cnf import Encoding, encode, givens_literals

#: The PySAT solver used to propagate (CaDiCaL cannot propagate through PySAT).
DEFAULT_SOLVER = "glucose4"


class Propagator:
    """A SAT solver loaded once with the CNF of one geometry, used only to propagate.

    A context manager; reuse one for many boards of the same shape, since loading the
    formula costs more than propagating a puzzle. ``calls`` counts propagation calls.

    >>> from sudoku_cp import Board
    >>> board = Board.parse("1..." "...2" "..4." ".3..")
    >>> with Propagator(board.geometry, "minimal") as p:
    ...     board.to_text(p.unit(board)), p.calls
    ('1234341221434321', 1)
    """

    def __init__(self, geometry: Geometry, encoding: str = "extended", amo: str = "pairwise",
                 solver: str = DEFAULT_SOLVER):
        from .backends.base import require

        solvers = require("pysat.solvers", "python-sat", "propagate")
        self.encoding: Encoding = encode(geometry, encoding, amo)
        self.solver = solvers.Solver(name=solver, bootstrap_with=self.encoding.cnf.clauses)
        self.calls = 0

    def __enter__(self) -> "Propagator":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self.solver is not None:
            self.solver.delete()
            self.solver = None

    def _propagate(self, assumptions: Sequence[int]) -> list[int] | None:
        """The literals set by propagating ``assumptions``, or None on a conflict."""
        self.calls += 1
        ok, lits = self.solver.propagate(assumptions=assumptions)
        return lits if ok else None

    def values(self, lits: Sequence[int]) -> tuple[int, ...]:
        """Cell values (0 where not fixed) read from propagated literals."""
        g = self.encoding.geometry
        nv, pool = self.encoding.nv, self.encoding.pool
        values = [0] * g.ncells
        for lit in lits:
            if 0 < lit <= nv:
                row, col, value = pool.obj(lit)
                values[g.cell(row, col)] = value
        return tuple(values)

    def _check(self, board: Board) -> None:
        if board.geometry != self.encoding.geometry:
            raise ValueError(f"this propagator holds the CNF of {self.encoding.describe()}, "
                             f"not of a {board.n}x{board.n} board with box "
                             f"{board.box[0]}x{board.box[1]}")

    def unit(self, board: Board) -> tuple[int, ...] | None:
        """The values unit propagation fixes from the givens (0 elsewhere), or None
        when it reaches a conflict (the givens have no solution)."""
        self._check(board)
        lits = self._propagate(givens_literals(self.encoding, board))
        return None if lits is None else self.values(lits)

    def probe(self, board: Board) -> tuple[int, ...] | None:
        """The values fixed by failed-literal probing (0 elsewhere), or None when the
        givens are shown to have no solution."""
        self._check(board)
        x = self.encoding.x
        known = givens_literals(self.encoding, board)
        lits = self._propagate(known)
        if lits is None:
            return None
        changed = True
        while changed:
            changed = False
            assigned = set(lits)
            for cell in range(board.geometry.ncells):
                cell_lits = x[cell][1:]
                if any(lit in assigned for lit in cell_lits):
                    continue  # fixed
                for lit in cell_lits:
                    if -lit in assigned or self._propagate(known + [lit]) is not None:
                        continue
                    known.append(-lit)  # failed: the cell cannot hold this value
                    lits = self._propagate(known)
                    if lits is None:
                        return None
                    assigned = set(lits)
                    changed = True
                    if any(v in assigned for v in cell_lits):
                        break
        return self.values(lits)


def unit_propagate(board: Board, encoding: str = "extended",
                   amo: str = "pairwise") -> tuple[int, ...] | None:
    """The values unit propagation alone fixes (0 elsewhere); None on a conflict."""
    with Propagator(board.geometry, encoding, amo) as p:
        return p.unit(board)


def probe(board: Board, encoding: str = "extended",
          amo: str = "pairwise") -> tuple[int, ...] | None:
    """The values failed-literal probing fixes (0 elsewhere); None on a conflict.

    A 17-clue puzzle (Royle's first): unit propagation leaves 56 cells empty under
    the extended encoding; probing fixes them all.

    >>> from sudoku_cp import Board
    >>> board = Board.parse(".................1.....2.3......3.2...1.4......5...."
    ...                     "6..3......4.7..8...962...7...")
    >>> unit_propagate(board).count(0), probe(board).count(0)
    (56, 0)
    """
    with Propagator(board.geometry, encoding, amo) as p:
        return p.probe(board)
