"""Counting solutions without keeping them: what ``solve --count`` hands a paradigm.

A paradigm collects its solutions in a list: it ``append``s each (``fast`` adds a
chunk with ``+=``) and reads ``len`` to stop at ``limit``. Given ``into=Tally(puzzle)``
it collects them there instead: each solution is checked against the rules as it comes
(``rules.check_solution``: never trust a solver), counted, and dropped, but for the
first valid ones (``keep``, for the record's ``solution``) and the first that breaks a
rule (a bug, said loudly). So a count of a million solutions holds a few grids in
Python, not a million.

What a paradigm needs of its own to enumerate stays with it: ``sat`` blocks each
solution with a clause in its solver, ``mip`` with a constraint in its model; ``cpsat``
enumerates in one solve and keeps each solution's values to tell a new one from its
helper variables' repeats (a constraint per solution only on its second road); the
witness and ``fast`` (``fastvar``) keep nothing per solution.

>>> from sudoku_cp.variants.model import VariantPuzzle
>>> t = Tally(VariantPuzzle(4, box=(2, 2)))
>>> t.append((1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1))
>>> t += [(1,) * 16]
>>> len(t), t.valid, t.first, t.bad[0][1]
(2, 1, (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1), 'house repeats 1 at R1C1 and R1C2')
"""

from __future__ import annotations

from .rules import check_solution


class Tally:
    """A list-like that counts the solutions appended, checks each, keeps ``keep``."""

    def __init__(self, puzzle, keep: int = 1):
        self.puzzle = puzzle
        self.keep = keep
        self.clear()

    def clear(self) -> None:
        """Forget every solution (a paradigm that starts its search again)."""
        self.count = self.valid = 0
        self.kept: list[tuple[int, ...]] = []  # the first ``keep`` valid solutions
        self.bad: list[tuple[tuple[int, ...], str]] = []  # the first grid breaking a rule

    def append(self, solution) -> None:
        solution = tuple(solution)
        self.count += 1
        broken = check_solution(self.puzzle, solution)
        if broken:
            if not self.bad:
                self.bad.append((solution, broken[0]))
            return
        self.valid += 1
        if len(self.kept) < self.keep:
            self.kept.append(solution)

    def __iadd__(self, solutions) -> "Tally":
        for solution in solutions:
            self.append(solution)
        return self

    def __len__(self) -> int:
        return self.count

    @property
    def first(self):
        """The first valid solution, or None."""
        return self.kept[0] if self.kept else None
