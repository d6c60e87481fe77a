"""What ``program`` keeps across programs: everything that depends only on a puzzle's
geometry or on a rule's numbers, made once and handed to every program that asks again.

- ``_shape``: a geometry's houses, their ``HOUSE`` propagators, full houses and which of
  those hold each cell, by all ``VariantPuzzle.houses`` reads and the count of values;
- ``_rule_tables``: a pair rule's tables, by a key naming all its predicate reads (the
  rule and its numbers, never its cells) and the values;
- ``_packed``: a tuple of propagators as arrays (a geometry's houses, the crossings).

A key that missed a field would hand one puzzle another's program:
tests/test_variants_fastvar_build.py builds puzzles that differ in one such field each,
warm and cold. The caches empty themselves when full.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

# ``program``'s kind of a house, restated here: ``program`` imports this module
# (tests/test_variants_fastvar_build.py checks the two agree).
HOUSE = 0


class _Shape:
    """What a geometry gives every program on it: its houses (rows, columns, boxes or
    regions), their ``HOUSE`` propagators and full houses, and which of those hold each
    cell (as bits)."""

    def __init__(self, houses, nv):
        self.houses = houses
        self.sets = frozenset(frozenset(h) for h in houses)
        self.props = tuple((HOUSE, list(h), [len(h)] + list(h)) for h in houses if len(h) > 1)
        self.full = tuple(tuple(h) for h in houses if len(h) > 1 and len(h) == nv)
        self.distinct = tuple(dict.fromkeys(self.full))
        cells = 1 + max((x for h in houses for x in h), default=-1)
        holding = [0] * cells
        for i, (_, h, _) in enumerate(self.props):
            for x in h:
                holding[x] |= 1 << i
        self.holding = tuple(holding)


_SHAPES: dict[tuple, _Shape] = {}
#: Geometries kept (a cache: emptied when it fills).
MAX_SHAPES = 64


def _shape(puzzle, nv: int) -> _Shape:
    """The ``_Shape`` of ``puzzle``'s geometry, kept by all ``VariantPuzzle.houses`` reads
    (size, columns, raw, box, regions) and the count of values (what a full house holds)."""
    key = (puzzle.size, puzzle.cols, puzzle.raw, puzzle.box, puzzle.regions, nv)
    got = _SHAPES.get(key)
    if got is None:
        if len(_SHAPES) >= MAX_SHAPES:
            _SHAPES.clear()
        got = _SHAPES[key] = _Shape(puzzle.houses(), nv)
    return got


def _masks(ok, lo: int, hi: int) -> tuple[tuple, tuple]:
    """A binary rule's tables: for each value of the first cell, the mask of the second's
    values it allows, and the same the other way."""
    values = range(lo, hi + 1)
    ab = tuple(sum(1 << (w - lo) for w in values if ok(v, w)) for v in values)
    ba = tuple(sum(1 << (v - lo) for v in values if ok(v, w)) for w in values)
    return ab, ba


_RULES: dict[tuple, tuple] = {}  # (key, lo, hi) -> ``_masks``
#: Rule tables kept across programs (a cache: emptied when it fills).
MAX_RULES = 4096


def _rule_tables(key, ok, lo: int, hi: int) -> tuple[tuple, tuple]:
    """``_masks`` of ``ok``, kept by ``key`` (all ``ok`` reads) and the values."""
    got = _RULES.get((key, lo, hi))
    if got is None:
        if len(_RULES) >= MAX_RULES:
            _RULES.clear()
        got = _RULES[(key, lo, hi)] = _masks(ok, lo, hi)
    return got


@lru_cache(maxsize=1024)
def _differing(masks: tuple) -> tuple:
    """A relation's table less equal values (its two cells share a house)."""
    return tuple(m & ~(1 << v) for v, m in enumerate(masks))


def _pack(props) -> tuple:
    """``props``' kinds, data lengths, cell counts, data and cells as int64 arrays (a
    propagator's data is a list, or an int64 array joined as it is: an automaton's)."""
    data, pcells, dlen, clen = [], [], [], []
    pieces = []  # (the data before each array, and the arrays)
    for _, c, d in props:
        if d.__class__ is np.ndarray:
            pieces += (np.array(data, dtype=np.int64), d)
            data = []
        else:
            data += d
        pcells += c
        dlen.append(len(d))
        clen.append(len(c))
    if pieces:
        pieces.append(np.array(data, dtype=np.int64))
        data = np.concatenate(pieces)
    return tuple(np.asarray(x, dtype=np.int64)
                 for x in ([k for k, _, _ in props], dlen, clen, data, pcells))


_PACKED: dict[int, tuple] = {}  # id(props) -> (props, ``_pack`` of them)


def _packed(props: tuple) -> tuple:
    """``_pack(props)`` of a tuple kept across programs (a geometry's houses, crossings)."""
    got = _PACKED.get(id(props))
    if got is None or got[0] is not props:
        if len(_PACKED) >= 4 * MAX_SHAPES:
            _PACKED.clear()
        got = _PACKED[id(props)] = (props, _pack(props))
    return got[1]
