"""The composite rules (``or``, ``and``) and the sequence rules (``regex``, ``nfa``) of
the variant model (ISS's ``Or``, ``And``, ``Regex`` and ``NFA``; its ``Replicate`` is read
as the shifted copies it stands for).

Split from ``model`` to keep each module of the variant stack under ~800 lines; ``model``
imports this module at its end, so ``model.Or`` and the others are registered in
``model.TYPES`` like every type.

>>> from sudoku_cp.variants.model import VariantPuzzle, Odd, Even
>>> p = VariantPuzzle(4, constraints=(Or((Odd(0), And((Even(1), Even(2))))),))
>>> VariantPuzzle.from_json(p.to_json()) == p, p.constraints[0].cells
(True, (0, 1, 2))
"""

from __future__ import annotations

from .automaton import Automaton, compile_regex
from .model import Cells, constraint

#: A field holding constraints (a composite's parts), told apart from cells by its type.
Constraints = tuple


def _cells_of(parts) -> tuple:
    from .model import constraint_cells

    return tuple(dict.fromkeys(x for c in parts for x in constraint_cells(c)))


@constraint("or")
class Or:
    """At least one of ``branches`` holds (none: the rule never holds)."""

    branches: Constraints

    @property
    def cells(self) -> tuple:
        return _cells_of(self.branches)


@constraint("and")
class And:
    """Every one of ``parts`` holds (a unit inside an ``or``)."""

    parts: Constraints

    @property
    def cells(self) -> tuple:
        return _cells_of(self.parts)


#: Composite type -> the name of its field of constraints.
PARTS = {"or": "branches", "and": "parts"}


def parts(c) -> tuple:
    """The constraints inside a composite (empty for any other constraint)."""
    return getattr(c, PARTS[c.TYPE]) if c.TYPE in PARTS else ()


@constraint("regex")
class Regex:
    """The values along ``cells``, read in order as characters (``0``-``9``, then ``A``
    for 10...), match ``pattern``, an ISS regular expression, as a whole."""

    cells: Cells
    pattern: str


@constraint("nfa")
class Nfa:
    """The values along ``cells`` (cut in order into segments of ``lengths`` cells, one
    segment when empty) are a path of the automaton: from a state of ``start``, each value
    ``v`` moves along a triple ``(state, v - lo, next)`` of ``moves`` (flat), a segment
    break along symbol ``hi - lo + 1``, and the path ends in a state of ``accept``."""

    cells: Cells
    states: int
    start: tuple
    accept: tuple
    moves: tuple
    lengths: tuple = ()

    def automaton(self) -> Automaton:
        m = self.moves
        return Automaton(self.states, self.start, self.accept,
                         tuple(zip(m[::3], m[1::3], m[2::3])))


def automaton_of(p, c) -> Automaton:
    """The automaton of a ``regex`` or ``nfa`` constraint on puzzle ``p``."""
    if c.TYPE == "regex":
        return compile_regex(c.pattern, *p.values)
    return c.automaton()


def check_sequence(p, c) -> None:
    """Refuse a pattern ISS cannot read or an automaton whose triples do not fit."""
    from .model import ConstraintError, PuzzleError

    if c.TYPE == "regex":
        if not isinstance(c.pattern, str):
            raise ConstraintError("regex", f": pattern must be text, not {c.pattern!r}")
        try:
            compile_regex(c.pattern, *p.values)
        except PuzzleError as exc:
            raise ConstraintError("regex", f": {exc}") from None
        return
    if len(c.moves) % 3:
        raise ConstraintError("nfa", ": moves are (state, symbol, next) triples")
    states = set(c.start) | set(c.accept) | set(c.moves[::3]) | set(c.moves[2::3])
    if any(not 0 <= q < c.states for q in states) or min(c.moves[1::3], default=0) < 0:
        raise ConstraintError("nfa", f": a state outside 0..{c.states - 1} or a negative symbol")
    if c.lengths and (sum(c.lengths) != len(c.cells) or min(c.lengths) < 0):
        raise ConstraintError("nfa", f": segments of {list(c.lengths)} cells do not cut "
                                     f"{len(c.cells)} cells")
