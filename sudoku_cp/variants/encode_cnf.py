"""The CNF encoding of a variant puzzle: one Boolean per (row, col, value), clauses per rule.

Builds clauses and a variable pool and never solves (``sudoku_cp.variants.sat`` does).
Cell-value variables come from an ``IDPool`` keyed by ``(row, col, value)``; auxiliary
variables by tuples that start with a string naming their constraint.

The base is the project's extended encoding: every cell exactly one value, every value
at most once per house and at least once in a house with as many cells as values.
Each constraint type has one function in ``ENCODERS``, gathered here from the modules
of its family (``encode_cnf_sums``, ``encode_cnf_relations``, ``encode_cnf_cages``,
``encode_cnf_globals``, ``encode_cnf_positions``; the shared machinery is
``encode_cnf_base``); the families:

- *binary relations* (thermometer steps, whispers, dots, XV, greater-than, anti-knight...)
  use the support encoding: ``x[a]=va -> OR x[b]=vb over the vb allowed with va``;
- *sums* (killer cages, little killers, arrows, region-sum lines, sandwiches, X-sums)
  use a layered partial-sum encoding (an MDD over one-hot cells): a state variable
  per reachable partial sum, forward and backward support clauses; killer cages with a
  total use clauses over the allowed combinations of distinct values instead, and so do
  arrow shafts and region-sum segments whose cells share a house (``_set_sum``), with
  the total a variable (the bulb's value, the number its digits spell, the common sum);
  a long arrow shaft sums the sums of its runs of cells that share a house (``_run_terms``);
- *conditional* rules (a sandwich between positions i and j, an X-sum for x) add the
  negated condition to every clause of the encoding they switch on.

A ``deadline`` (a ``time.perf_counter()`` value) bounds the building: past it, the
encoder gives up with ``EncodingTimeUp`` between constraints, between the layers of a
sum and every few thousand clauses, so that a time limit covers the encoding too (a
long arrow took seconds to encode). ``sat`` turns it into a timeout result.

>>> from sudoku_cp.variants.model import VariantPuzzle, KillerCage
>>> enc = encode(VariantPuzzle(4, constraints=(KillerCage((0, 1), 3),)))
>>> enc.nv >= 64, len(enc.clauses) > 0
(True, True)
"""

from __future__ import annotations

from . import (encode_cnf_cages, encode_cnf_globals, encode_cnf_positions, encode_cnf_relations,
               encode_cnf_sets, encode_cnf_sums)
from .encode_cnf_base import (CNF, EncodingTimeUp, _house, _on_time, _sum_plan, _until,  # noqa: F401
                              cell_literals, cell_terms, rule)
from .model import VariantPuzzle
from .paradigms import UnsupportedConstraint


#: How killer cages with a total are encoded: ``combinations`` (the default, chosen by
#: measurement: docs/variants.md) or ``sums`` (the layered partial sums other sums use).
CAGE_ENCODINGS = ("combinations", "sums")


def encode(puzzle: VariantPuzzle, cage: str = CAGE_ENCODINGS[0],
           deadline: float | None = None) -> CNF:
    """The CNF of ``puzzle`` (givens as unit clauses); an unknown type is refused by name."""
    enc = CNF(puzzle, deadline=deadline)
    enc.cage = cage
    _cells_and_houses(enc)
    for cell, value in puzzle.givens:
        enc.add([enc.x[cell][value]])
    _own(enc)
    return enc


def shape_key(puzzle: VariantPuzzle) -> tuple:
    """What the classic part of a puzzle's CNF depends on: its shape, cells (the extra ones
    too: their literals come before any auxiliary), values and houses."""
    return puzzle.size, puzzle.cols, puzzle.num_cells, tuple(puzzle.value_range), puzzle.houses()


def encode_shape(puzzle: VariantPuzzle) -> CNF:
    """The classic part alone, the same for every puzzle of ``shape_key(puzzle)``: every
    cell one value, every house distinct (and complete when it has as many cells as
    values). Its only variables are the cell-value literals of ``cell_literals``."""
    enc = CNF(puzzle)
    _cells_and_houses(enc)
    return enc


def encode_own(puzzle: VariantPuzzle, start: int, cage: str = CAGE_ENCODINGS[0],
               guard=(), deadline: float | None = None) -> CNF:
    """The rest: the clauses of ``puzzle``'s own constraints, auxiliary variables numbered
    from ``start`` on, and no givens (the caller assumes them). With ``encode_shape``'s
    clauses and the givens as units it is the formula of ``encode``. Every clause starts
    with the literals of ``guard``; ``EncodingTimeUp`` past ``deadline``."""
    enc = CNF(puzzle, start, guard, deadline)
    enc.cage = cage
    _own(enc)
    return enc


def _cells_and_houses(enc):
    count = len(enc.values)
    for cell in range(enc.puzzle.num_cells):
        enc.exactly_one(list(enc.x[cell].values()))
    for house in enc.puzzle.houses():
        _house(enc, house, count)


def _own(enc):
    for c in enc.puzzle.constraints:  # refused by name before any work, whatever the deadline
        if c.TYPE not in ENCODERS:
            raise UnsupportedConstraint(c.TYPE, "sat")
    with _until(enc.deadline):
        for k, c in enumerate(enc.puzzle.constraints):
            _on_time()
            ENCODERS[c.TYPE](enc, c, k)
        _on_time()
        enc.relations_done()



#: Constraint type -> its encoder ``(enc, constraint, index) -> None``, from every family.
ENCODERS = {**encode_cnf_sums.ENCODERS, **encode_cnf_relations.ENCODERS,
            **encode_cnf_cages.ENCODERS, **encode_cnf_globals.ENCODERS,
            **encode_cnf_positions.ENCODERS, **encode_cnf_sets.ENCODERS}

from . import encode_cnf_composite  # noqa: E402  (issue 37: or, and, regex, nfa)

ENCODERS.update(encode_cnf_composite.ENCODERS)

from . import encode_cnf_chaos  # noqa: E402  (issue 37: chaos construction)

ENCODERS.update(encode_cnf_chaos.ENCODERS)
