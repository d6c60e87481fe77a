"""Minimal lexicographic forms (minlex) of puzzles and grids under the Sudoku group.

Two puzzles are *the same puzzle* when one becomes the other by the moves that map
every grid to a grid: relabelling the values, permuting the rows inside a band, the
bands, the columns inside a stack, the stacks, and (square boxes only) transposing.
The **minlex form** is the smallest of all those images, read row by row as a string
in which an empty cell (0) comes before every value; so two puzzles are the same
exactly when their minlex forms are equal, and deduplicating a set is grouping by it.

For 9×9 that group has 2 · 6⁸ = 3,359,232 cell maps (times 9! relabellings, each
image being relabelled in order of first appearance, which is the smallest
relabelling). The compiled search (``_canon_kernels``) builds the form row by row and
keeps only the partial maps whose rows so far are the smallest: see that module.

Box shapes: any whose column maps fit a table (4×4, 6×6 either way, 8×8 either way,
9×9); 12×12 and up are refused by name.

>>> from sudoku_cp.board import Board
>>> a = Board.parse("1...............")
>>> b = Board.parse("...............3")
>>> canon(a).to_text() == canon(b).to_text() == "...............1"
True
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from functools import lru_cache
from time import perf_counter
from typing import Iterable, Sequence

from ..errors import UsageError

#: Largest table of stack-keeping column maps built (9×9 has 1,296).
MAX_COLUMN_MAPS = 2_000


@dataclass(frozen=True)
class Tables:
    """The column maps of a box shape and, per set of given columns, the smallest row-0
    pattern and the maps that achieve it (as CSR arrays)."""

    box_rows: int
    box_cols: int
    taus: object     # int64 (maps, n): output column j takes source column taus[k, j]
    minpat: object   # int64 (2**n,): smallest pattern of a row whose given columns are m
    tstart: object   # int64 (2**n + 1,): where the maps achieving minpat[m] start in tlist
    tlist: object    # int64: map indices

    @property
    def n(self) -> int:
        return self.box_rows * self.box_cols

    @property
    def transposable(self) -> bool:
        return self.box_rows == self.box_cols


def column_maps(box_rows: int, box_cols: int) -> list[tuple[int, ...]]:
    """Every column permutation that keeps the stacks (of ``box_cols`` columns each).

    >>> len(column_maps(3, 3)), len(column_maps(2, 3)), column_maps(2, 2)[:2]
    (1296, 72, [(0, 1, 2, 3), (0, 1, 3, 2)])
    """
    stacks = box_rows  # n / box_cols
    inner = list(itertools.permutations(range(box_cols)))
    return [tuple(order[s] * box_cols + within[s][k] for s in range(stacks)
                  for k in range(box_cols))
            for order in itertools.permutations(range(stacks))
            for within in itertools.product(inner, repeat=stacks)]


@lru_cache(maxsize=None)
def tables(box_rows: int, box_cols: int) -> Tables:
    """The tables of a box shape (built once per process)."""
    import numpy as np

    n = box_rows * box_cols
    count = math.factorial(box_cols) ** box_rows * math.factorial(box_rows)
    if count > MAX_COLUMN_MAPS:
        raise UsageError(f"canonical forms are built for boxes up to 3x3 and 8x8 boards, not "
                         f"{box_rows}x{box_cols} boxes ({count:,} column maps)")
    taus = np.array(column_maps(box_rows, box_cols), np.int64)
    weights = np.int64(1) << np.arange(n - 1, -1, -1, dtype=np.int64)
    minpat = np.zeros(1 << n, np.int64)
    tstart = np.zeros((1 << n) + 1, np.int64)
    lists = []
    for m in range(1 << n):
        pats = ((m >> taus) & 1) @ weights
        minpat[m] = pats.min()
        ties = np.flatnonzero(pats == minpat[m])
        lists.append(ties)
        tstart[m + 1] = tstart[m] + len(ties)
    return Tables(box_rows, box_cols, taus, minpat, tstart,
                  np.concatenate(lists).astype(np.int64))


def _shape(box: Sequence[int]) -> tuple[int, int]:
    return int(box[0]), int(box[1])


def canon_values(values: Sequence[int], box: tuple[int, int]) -> tuple[int, ...]:
    """The minlex form of one puzzle or grid given as row-major values (0 empty)."""
    return tuple(int(v) for v in canon_array([values], box)[0])


def canon_array(puzzles, box: tuple[int, int]):
    """Minlex forms of many puzzles of one box shape in one compiled call: a 2-D int
    array (one row of n·n values per puzzle) in, the same shape out."""
    import numpy as np

    from ._compiled import load

    tab = tables(*_shape(box))
    array = np.asarray(puzzles, dtype=np.int64)
    if array.ndim != 2 or array.shape[1] != tab.n * tab.n:
        raise UsageError(f"canon_array needs rows of {tab.n * tab.n} values")
    kernels = load("_canon_kernels")
    return kernels.canon_many(array, 2 if tab.transposable else 1, tab.n, tab.box_rows,
                              tab.taus, tab.minpat, tab.tstart, tab.tlist)


def canon(board):
    """The minlex form of ``board`` as a board of the same shape (extra houses refused:
    the group of a variant is not the Sudoku group)."""
    from ..board import Board

    if board.geometry.extra:
        raise UsageError("canonical forms are for classic boards; this board has extra "
                         "houses (a variant), whose symmetry group differs")
    return Board(board.geometry, canon_values(board.givens, board.box))


def canon_with_map(board):
    """``(form, transformation, automorphisms)`` for one board: the transformation is a
    ``Transform`` that maps ``board`` to its form (a check that the form is an image),
    and automorphisms counts the maps that give the form."""
    import numpy as np

    from ._compiled import load

    tab = tables(*board.box)
    n = tab.n
    p = np.zeros((2, n * n), np.int64)
    for cell, v in enumerate(board.givens):
        p[0, cell] = v
        p[1, (cell % n) * n + cell // n] = v
    width = 5 + n + n + 1
    out = np.zeros(n * n, np.int64)
    trans = np.zeros(width, np.int64)
    kernels = load("_canon_kernels")
    autos, *_ = kernels.canon_one(p, 2 if tab.transposable else 1, n, tab.box_rows, tab.taus,
                                  tab.minpat, tab.tstart, tab.tlist, out, trans,
                                  np.zeros((64, width), np.int64),
                                  np.zeros((64, width), np.int64), np.zeros(64, np.int64))
    labels = [int(v) for v in trans[5 + n:]]
    spare = iter(sorted(set(range(1, n + 1)) - set(labels)))
    labels = [0] + [label or next(spare) for label in labels[1:]]  # values not given
    transform = Transform(bool(trans[0]), tuple(int(r) for r in trans[5:5 + n]),
                          tuple(int(c) for c in tab.taus[trans[1]]), tuple(labels))
    return tuple(int(v) for v in out), transform, int(autos)


@dataclass(frozen=True)
class Transform:
    """One element of the Sudoku group: transpose first (if ``transpose``), then output
    row i takes source row ``rows[i]``, output column j source column ``cols[j]``, and
    value v becomes ``labels[v]`` (``labels[0] == 0``)."""

    transpose: bool
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    labels: tuple[int, ...]

    def apply(self, values: Sequence[int]) -> tuple[int, ...]:
        """The image of row-major ``values`` (a puzzle or a grid).

        >>> grid = (1, 2, 3, 4,  3, 4, 1, 2,  2, 1, 4, 3,  4, 3, 2, 1)
        >>> Transform(True, (0, 1, 2, 3), (0, 1, 2, 3), (0, 1, 2, 3, 4)).apply(grid)[:4]
        (1, 3, 2, 4)
        """
        n = len(self.rows)
        source = list(values)
        if self.transpose:
            source = [source[(c % n) * n + c // n] for c in range(n * n)]
        return tuple(self.labels[source[r * n + c]] for r in self.rows for c in self.cols)


def random_transform(box: tuple[int, int], rng: random.Random) -> Transform:
    """A uniformly random element of the Sudoku group of ``box`` (seeded by ``rng``)."""
    box_rows, box_cols = _shape(box)
    n = box_rows * box_cols

    def lines(group: int, groups: int) -> tuple[int, ...]:
        order = rng.sample(range(groups), groups)
        return tuple(g * group + k for g in order for k in rng.sample(range(group), group))

    labels = (0, *rng.sample(range(1, n + 1), n))
    return Transform(box_rows == box_cols and rng.random() < 0.5,
                     lines(box_rows, n // box_rows), lines(box_cols, n // box_cols), labels)


@dataclass(frozen=True)
class Dedupe:
    """The result of grouping puzzles by minlex form."""

    total: int
    distinct: int
    first: dict  # minlex text -> index (0-based) of its first puzzle
    time_s: float


def dedupe(boards: Iterable, box: tuple[int, int] | None = None) -> Dedupe:
    """Group ``boards`` (all of one box shape) by minlex form."""
    import numpy as np

    from ..board import format_line

    boards = list(boards)
    if not boards:
        return Dedupe(0, 0, {}, 0.0)
    box = box or boards[0].box
    start = perf_counter()
    forms = canon_array(np.array([b.givens for b in boards], np.int64), box)
    first: dict = {}
    n = box[0] * box[1]
    for i, row in enumerate(forms):
        first.setdefault(format_line(row.tolist(), n), i)
    return Dedupe(len(boards), len(first), first, perf_counter() - start)
