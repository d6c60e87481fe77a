"""The exact number of complete grids of a box shape, by enumeration with symmetry reduction.

A complete grid is a solution of the empty puzzle, so counting grids is counting the
solutions of the empty board; brute enumeration is hopeless past 6×6, so the count is
taken apart by the symmetries that map grids to grids:

1. **Relabelling.** Every grid is one of n! relabellings of a grid whose first row is
   1, 2, …, n: count those and multiply by n!.
2. **First band classes.** The first band (the first ``box_rows`` rows) is completed in
   the same number of ways after a permutation of the columns that keeps the stacks
   (within stacks, and of whole stacks) followed by the relabelling that restores the
   first row. The bands with first row 1..n fall into a few classes under that group;
   one member of each is completed, weighted by the size of its class.
3. **Lower rows.** Permuting the rows inside each lower band, and the lower bands among
   themselves, keeps the first band. Their first-column values all differ, so each orbit
   has exactly one member whose first column increases inside every lower band and whose
   lower bands are in increasing order of their first value: only those are enumerated
   (by the compiled counter), and the count is multiplied by the size of that group,
   (box_rows!)^(bands-1) · (bands-1)!.

A box shape and its transpose have the same count (transposing maps one's grids to
the other's), so ``box_rows <= box_cols`` is arranged first.

>>> count_grids((2, 2)).count
288
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from time import perf_counter

from ..errors import UsageError

#: Largest board side counted exactly: 8×8 takes minutes; 9×9 would take years this way.
MAX_EXACT_N = 8


@dataclass(frozen=True)
class GridCount:
    """An exact grid count: the number, the time it took and how it was reduced."""

    box: tuple[int, int]
    count: int
    time_s: float
    band_classes: int   # classes of first bands (with first row 1..n) completed
    first_bands: int    # first bands with first row 1..n
    factor: int         # the lower-row symmetry factor each completion count was multiplied by


def first_bands(box_rows: int, box_cols: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every first band whose first row is 0, 1, …, n-1 (values 0-based), row by row.

    >>> len(first_bands(2, 2)), len(first_bands(2, 3))
    (4, 36)
    """
    n = box_rows * box_cols
    first = tuple(range(n))
    bands = []

    def rows_below(band: list[tuple[int, ...]]) -> None:
        if len(band) == box_rows:
            bands.append(tuple(band))
            return
        for row in _band_rows(band, box_cols, n):
            band.append(row)
            rows_below(band)
            band.pop()

    rows_below([first])
    return bands


def _band_rows(band, box_cols: int, n: int):
    """Rows that can follow ``band``'s rows in the same band (columns and boxes differ)."""
    row: list[int] = []

    def cells(col: int):
        if col == n:
            yield tuple(row)
            return
        stack = col // box_cols
        used = set(row)
        for above in band:
            used.add(above[col])
            used.update(above[stack * box_cols:(stack + 1) * box_cols])
        used.update(row[stack * box_cols:])
        for v in range(n):
            if v not in used:
                row.append(v)
                yield from cells(col + 1)
                row.pop()

    yield from cells(0)


def _column_maps(box_rows: int, box_cols: int):
    """Every column permutation that keeps the stacks: within stacks, and of stacks."""
    stacks = box_rows * box_cols // box_cols
    inner = list(itertools.permutations(range(box_cols)))
    for order in itertools.permutations(range(stacks)):
        for within in itertools.product(inner, repeat=stacks):
            yield tuple(order[s] * box_cols + within[s][k]
                        for s in range(stacks) for k in range(box_cols))


def _moved(band, columns) -> tuple[tuple[int, ...], ...]:
    """``band`` with its columns permuted, relabelled so that the first row is 0..n-1."""
    moved = [tuple(row[c] for c in columns) for row in band]
    label = {v: i for i, v in enumerate(moved[0])}
    return tuple(tuple(label[v] for v in row) for row in moved)


def band_classes(box_rows: int, box_cols: int):
    """``(representative, class size)`` for the first bands under the stack-keeping column
    permutations (with the relabelling that restores the first row).

    >>> [size for _, size in band_classes(2, 2)]
    [2, 2]
    """
    bands = first_bands(box_rows, box_cols)
    maps = list(_column_maps(box_rows, box_cols))
    seen: set = set()
    classes = []
    for band in bands:
        if band in seen:
            continue
        orbit = {_moved(band, m) for m in maps}
        seen |= orbit
        classes.append((band, len(orbit)))
    assert len(seen) == len(bands)
    return classes


def lower_factor(box_rows: int, n: int) -> int:
    """The size of the group of row permutations inside and among the lower bands."""
    bands = n // box_rows
    return math.factorial(box_rows) ** (bands - 1) * math.factorial(bands - 1)


def count_grids(box: tuple[int, int]) -> GridCount:
    """The exact number of complete grids with ``box`` boxes (n <= ``MAX_EXACT_N``)."""
    import numpy as np

    from ._compiled import load

    box_rows, box_cols = sorted(box)  # the transpose has the same count
    n = box_rows * box_cols
    if n > MAX_EXACT_N:
        raise UsageError(f"an exact count of {n}x{n} grids is out of reach of enumeration "
                         f"(exact up to {MAX_EXACT_N}x{MAX_EXACT_N}); estimate it instead")
    kernels = load("_count_kernels")
    kernels.count_completions(np.array([1, 2, 3, 4] + [0] * 12, np.int64), 4, 1, 4)  # load it
    start = perf_counter()
    classes = band_classes(box_rows, box_cols)
    factor = lower_factor(box_rows, n)
    total = 0
    for band, size in classes:
        grid = np.zeros(n * n, np.int64)
        grid[:box_rows * n] = [v + 1 for row in band for v in row]
        total += size * int(kernels.count_completions(grid, n, box_rows, box_cols))
    total *= factor * math.factorial(n)
    return GridCount(tuple(box), total, perf_counter() - start, len(classes),
                     sum(size for _, size in classes), factor)
