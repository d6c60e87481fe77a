"""Killer sudokus with no givens whose cages cover as few cells as possible, searched exactly.

The question and its definitions are those of spaanse/minimal-killer-sudoku (6×6, 2×3
boxes): a **cage** is a set of 2 to n orthogonally connected cells whose values differ
(a cage of one cell would be a given); the cages of a **configuration** do not overlap
(they may touch); a **puzzle** is a configuration with one sum per cage, and it is
unique when exactly one complete grid has those cage sums. Two puzzles are the same when
one becomes the other by permuting rows inside bands, bands, columns inside stacks and
stacks (the moves that map grids to grids, less relabelling, which changes sums).

The search, for a number of covered cells:

1. **Configurations.** Every set of disjoint connected cages covering that many cells
   (compiled, cage sizes in non-increasing order).
2. **Twin lines.** Two rows of a band (or columns of a stack) that meet the same cages in
   the same cells can be swapped in any grid without changing a cage's values: no sum
   tuple of that configuration is unique, so it is dropped.
3. **Orbits.** Each configuration's canonical form under the row and column moves; one
   configuration per form is kept (uniqueness is the same along an orbit).
4. **Symbolic filter.** Over the 39,168 grids whose first row is 1..n (one per
   relabelling class, enumerated by the ``fast`` backend), the pattern of which cages
   each value lies in, values unnamed: a unique puzzle needs a pattern that one grid has
   and whose values lie in differing cage sets (``_killer_kernels.symbolic_singles``).
5. **Sums, exactly.** For each configuration left, every grid (each class times its n!
   relabellings: 28,200,960 for 6×6) is mapped to its sum tuple; a tuple met once is a
   unique puzzle, and the one grid that met it is its solution.

On 4×4 (cages of 2, 3 and 4 cells: dominoes, trominoes, tetrominoes placed):

>>> [len(v) for v in cage_shapes(4).values()]
[24, 52, 113]
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from time import perf_counter

from ..errors import SudokuCpError, UsageError

#: Board sides searched (cell masks are int64 and the sums table is n! rows).
SIDES = (4, 6)

#: Most caged cells searched: at most 4 cages, so a membership pattern indexes a table of
#: 2**(2**4) entries and a sum tuple one of 2**20 (5 cages would need 2**32 and 2**25).
MAX_CELLS = 9


@dataclass(frozen=True)
class Puzzle:
    """A unique killer: its cages (cell tuples, row-major indices), sums and solution."""

    cages: tuple
    sums: tuple
    solution: tuple  # values 1..n, row-major

    def to_text(self) -> str:
        """The cages as ``cells=sum`` groups, the notation of spaanse's Readme plus sums."""
        return " | ".join(" ".join(map(str, c)) + f" ={s}" for c, s in zip(self.cages, self.sums))


@dataclass
class SizeResult:
    """The search's figures for one multiset of cage sizes."""

    sizes: tuple
    configurations: int = 0  # disjoint connected cages with these sizes
    no_twins: int = 0        # of them, with no swappable twin lines
    orbits: int = 0          # of those, up to row and column moves
    symbolic: int = 0        # orbits passing the symbolic filter
    puzzles: list = field(default_factory=list)  # unique puzzles, one per orbit


@dataclass
class SearchResult:
    box: tuple
    cells: int
    grids: int               # complete grids the sums ranged over
    by_sizes: list
    time_s: float

    @property
    def puzzles(self) -> list:
        return [p for r in self.by_sizes for p in r.puzzles]


def cage_shapes(n: int, largest: int | None = None) -> dict:
    """Size -> sorted cell masks of every connected set of 2..``largest`` cells (default n).

    >>> len(cage_shapes(6)[2])  # dominoes on a 6x6 board
    60
    """
    largest = largest or n
    level = {1 << c for c in range(n * n)}
    shapes = {}
    for size in range(2, largest + 1):
        grown = set()
        for m in level:
            for cell in range(n * n):
                if not (m >> cell) & 1:
                    continue
                r, c = divmod(cell, n)
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= rr < n and 0 <= cc < n:
                        grown.add(m | 1 << (rr * n + cc))
        level = {m for m in grown if bin(m).count("1") == size}
        shapes[size] = sorted(level)
    return shapes


def size_multisets(cells: int, n: int, smallest: int = 2):
    """Every multiset of cage sizes (smallest..n, non-increasing) adding up to ``cells``.

    >>> list(size_multisets(8, 6))
    [(6, 2), (5, 3), (4, 4), (4, 2, 2), (3, 3, 2), (2, 2, 2, 2)]
    """
    def parts(left, cap):
        if left == 0:
            yield ()
        for s in range(min(cap, left), smallest - 1, -1):
            for rest in parts(left - s, s):
                yield (s,) + rest
    return list(parts(cells, n))


def line_maps(box_rows: int, box_cols: int):
    """(row maps, column maps) that keep bands and stacks, as int64 arrays (line i goes to
    ``maps[m, i]``): (box_rows!)^bands·bands! and (box_cols!)^stacks·stacks! of them."""
    import numpy as np

    from .count import _column_maps

    rows = np.array(sorted(set(_column_maps(box_cols, box_rows))), np.int64)
    cols = np.array(sorted(set(_column_maps(box_rows, box_cols))), np.int64)
    return rows, cols


def base_grids(box: tuple):
    """Every complete grid whose first row is 1..n, values 0-based (uint8 array, one grid
    a row): one per relabelling class, enumerated by the ``fast`` backend."""
    import numpy as np

    from ..board import Board
    from ..backends import solve

    n = box[0] * box[1]
    first = list(range(1, n + 1)) + [0] * (n * n - n)
    result = solve(Board.from_values(first, box=box), "fast", limit=10**7)
    if not result.exhausted:
        raise SudokuCpError("the grid enumeration stopped before the end")
    return np.array(result.solutions, np.uint8) - 1


def perm_sums(n: int):
    """``table[p, m]``: the sum of value set ``m`` (bit v for value v, 0-based) after the
    p-th relabelling of 0..n-1 to 1..n; and the relabellings themselves."""
    import numpy as np

    perms = np.array(list(itertools.permutations(range(n))), np.int64)
    table = np.zeros((len(perms), 1 << n), np.int64)
    for m in range(1 << n):
        for v in range(n):
            if (m >> v) & 1:
                table[:, m] += perms[:, v] + 1
    return table, perms


def labels(cages, n: int):
    """Cell -> cage index (or -1) for the cage masks ``cages``."""
    lab = [-1] * (n * n)
    for j, m in enumerate(cages):
        for cell in range(n * n):
            if (m >> cell) & 1:
                lab[cell] = j
    return lab


def mask_cells(m: int) -> tuple:
    """The cells of the cell mask ``m``, in increasing order."""
    return tuple(c for c in range(m.bit_length()) if (m >> c) & 1)


def search(box: tuple = (2, 3), cells: int = 9, *, sizes=None, grids=None,
           progress=None) -> SearchResult:
    """All unique killers of ``box`` whose cages cover ``cells`` cells, one per orbit.

    ``sizes``: only these multisets of cage sizes (default: all). ``progress``: called
    with each ``SizeResult`` as it is finished.
    """
    import numpy as np

    from ._compiled import load

    n = box[0] * box[1]
    if n not in SIDES:
        raise UsageError(f"the minimal-killer search covers {' and '.join(map(str, SIDES))}"
                         f"-sided boards, not {n}x{n}")
    if not 2 <= cells <= MAX_CELLS:
        raise UsageError(f"the minimal-killer search covers 2 to {MAX_CELLS} caged cells, "
                         f"not {cells}")
    kernels = load("_killer_kernels")
    start = perf_counter()
    shapes = cage_shapes(n)
    order = [m for s in range(2, n + 1) for m in shapes[s]]
    starts = np.zeros(n + 2, np.int64)
    for s in range(2, n + 1):
        starts[s + 1] = starts[s] + len(shapes[s])
    masks = np.array(order, np.int64)
    rows, cols = line_maps(*box)
    grids = base_grids(box) if grids is None else grids
    table, _ = perm_sums(n)
    bits = (n * (n + 1) // 2).bit_length()
    results = []
    for sz in sizes or size_multisets(cells, n):
        sz = tuple(sz)
        res = SizeResult(sz)
        res.puzzles = _search_sizes(kernels, res, masks, starts, box, rows, cols, grids,
                                    table, bits)
        results.append(res)
        if progress:
            progress(res)
    total = len(grids) * math.factorial(n)
    return SearchResult(tuple(box), cells, total, results, perf_counter() - start)


def _search_sizes(kernels, res, masks, starts, box, rows, cols, grids, table, bits):
    import numpy as np

    n = box[0] * box[1]
    k = len(res.sizes)
    cap = 1 << 16
    while True:
        canon = np.zeros((cap, k), np.int64)
        orig = np.zeros((cap, k), np.int64)
        kept, total = kernels.configurations(masks, starts, np.array(res.sizes, np.int64), n,
                                             box[0], box[1], rows, cols, canon, orig)
        if kept <= cap:
            break
        cap = kept
    res.configurations, res.no_twins = int(total), int(kept)
    if not kept:
        return []
    _, first = np.unique(canon[:kept], axis=0, return_index=True)
    reps = orig[np.sort(first)]
    res.orbits = len(reps)
    labs = np.array([labels(r, n) for r in reps], np.int64)
    singles = kernels.symbolic_singles(labs, grids, n)
    puzzles = []
    _, perms = perm_sums(n)
    for rep, lab, s in zip(reps, labs, singles):
        if not s:
            continue
        res.symbolic += 1
        keys, g, p, _ = kernels.unique_sums(lab, grids, n, table, bits)
        found = []
        for key, gi, pi in zip(keys, g, p):
            sums = tuple(int(key >> (bits * j)) & ((1 << bits) - 1) for j in range(k))
            solution = tuple(int(perms[pi][v]) + 1 for v in grids[gi])
            found.append(Puzzle(tuple(mask_cells(int(m)) for m in rep), sums, solution))
        puzzles += one_per_orbit(found, rep, n, rows, cols)
    return puzzles


def stabiliser(cages, n: int, rows, cols) -> list:
    """The row-and-column moves that map the configuration onto itself, each as the
    permutation of cage indices it induces (cage j goes to ``perm[j]``)."""
    index = {int(m): j for j, m in enumerate(cages)}
    found = []
    for rm in rows:
        for cm in cols:
            perm = []
            for m in cages:
                img = 0
                for cell in mask_cells(int(m)):
                    img |= 1 << (int(rm[cell // n]) * n + int(cm[cell % n]))
                if img not in index:
                    break
                perm.append(index[img])
            else:
                found.append(tuple(perm))
    return found


def one_per_orbit(found: list, cages, n: int, rows, cols) -> list:
    """The puzzles of one configuration, one per orbit under the moves that keep it (the
    one whose sum tuple is smallest)."""
    perms = stabiliser(cages, n, rows, cols)
    kept = []
    for p in found:
        images = []
        for perm in perms:
            moved = [0] * len(p.sums)
            for j, s in enumerate(p.sums):
                moved[perm[j]] = s
            images.append(tuple(moved))
        if p.sums == min(images):  # every image is a unique tuple of ``found`` too
            kept.append(p)
    return sorted(kept, key=lambda p: p.sums)


def unique_tuples(cages, box: tuple = (2, 3), grids=None) -> dict:
    """Sum tuple -> solution for every unique puzzle on the configuration ``cages`` (cell
    tuples, in the order the sums are given)."""
    import numpy as np

    from ._compiled import load

    n = box[0] * box[1]
    kernels = load("_killer_kernels")
    masks = [sum(1 << c for c in cage) for cage in cages]
    lab = np.array(labels(masks, n), np.int64)
    grids = base_grids(box) if grids is None else grids
    table, perms = perm_sums(n)
    bits = (n * (n + 1) // 2).bit_length()
    keys, g, p, _ = kernels.unique_sums(lab, grids, n, table, bits)
    out = {}
    for key, gi, pi in zip(keys, g, p):
        sums = tuple(int(key >> (bits * j)) & ((1 << bits) - 1) for j in range(len(cages)))
        out[sums] = tuple(int(perms[pi][v]) + 1 for v in grids[gi])
    return out


def as_variant(cages, sums, n: int = 6):
    """The killer puzzle (cages, sums, no givens) as a ``VariantPuzzle``, for the
    paradigms of ``sudoku_cp.variants`` to solve it independently of this search."""
    from ..variants.model import KillerCage, VariantPuzzle

    return VariantPuzzle(n, constraints=tuple(KillerCage(tuple(c), s)
                                              for c, s in zip(cages, sums)))


def canonical_form(cages, box: tuple = (2, 3)) -> tuple:
    """The configuration's canonical form (its smallest image under the row and column
    moves): two configurations are the same up to those moves exactly when these agree."""
    import numpy as np

    from ._compiled import load

    n = box[0] * box[1]
    rows, cols = line_maps(*box)
    masks = np.array([sum(1 << c for c in cage) for cage in cages], np.int64)
    out = np.zeros(len(masks), np.int64)
    load("_killer_kernels").canonical(masks, len(masks), n, rows, cols, out)
    return tuple(int(m) for m in out)
