"""Full grids: random solutions of the empty board, the answers puzzles are dug out of.

Glossary (the words of ``sudoku_cp.board`` and ``sudoku_cp.search`` plus these):

- **fill**: a depth-first search on the empty board that makes random choices: the
  cell is drawn among the unfixed cells with the fewest candidates, the value among
  that cell's candidates not tried yet; naked and hidden singles after each choice.
  A fill that visits more than its *budget* of nodes restarts from the empty board.
- **stream**: the fill's own random numbers, SplitMix64 from one 64-bit seed. It is
  plain integer arithmetic, so the Python fill here and the compiled fill of the
  ``fast`` backend (``fast.kernels.fill``) draw the same numbers, make the same choices
  and return the same grid: a seed gives the same puzzles with numba or without.
- **shuffle**: a random validity-preserving transformation of a grid (values relabelled,
  bands, stacks, rows and columns permuted, a transposition when the box is square).

The compiled fill is used when numba is installed and the board fits its 64-bit masks;
this module's Python fill is the reference it is tested against and the fallback.

``generate.full_grid`` puts the two together: values from a seed drawn from the
puzzle's ``random.Random``, then a shuffle drawn from it, checked by ``is_solution``.
"""

from __future__ import annotations

import functools
import random
from typing import Sequence

from .board import Geometry

#: Nodes a fill may visit, per cell, before it restarts from the empty board.
FILL_BUDGET_PER_CELL = 4
#: The stream's constants (SplitMix64: Steele, Lea and Flood, 2014).
GOLDEN, MIX1, MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
MASK64 = (1 << 64) - 1


def random_values(g: Geometry, seed: int, *, compiled: bool | None = None) -> list[int]:
    """The values (row-major) of a random solution of the empty board, by the stream
    from the 64-bit ``seed``; not yet shuffled.

    ``compiled`` picks the fill: True the ``fast`` kernel, False the Python one, None
    the kernel when numba is installed and n <= 64. Both give the same values.

    >>> from sudoku_cp.board import geometry
    >>> g = geometry(2, 2)
    >>> random_values(g, 5, compiled=False) == random_values(g, 5, compiled=False)
    True
    """
    budget = FILL_BUDGET_PER_CELL * g.ncells
    if compiled is None:
        compiled = can_compile(g)
    if compiled:  # the backend that declares the fill capability: fast
        from .backends import get_backend
        from .backends.base import capability

        return capability(get_backend("fast"), "fill")(g, seed, budget)
    return fill(g, seed, budget)


def can_compile(g: Geometry) -> bool:
    """True when the compiled fill can run: numba is installed and n <= 64."""
    return g.n <= 64 and numba_installed()


@functools.lru_cache(maxsize=1)
def numba_installed() -> bool:
    """Whether numba can be imported, asked once per process: with the stored object code
    numba is never imported, so ``find_spec`` walks the path on every call, about a
    millisecond each on a loaded machine, and the generator asks for every attempt."""
    from importlib.util import find_spec

    return find_spec("numba") is not None


# -- the stream ------------------------------------------------------------------------------
class Stream:
    """SplitMix64 numbers from a 64-bit seed; ``below(k)`` is uniform enough on 0..k-1
    (63 bits modulo k: a bias below k / 2**63).

    >>> a, b = Stream(7), Stream(7)
    >>> [a.below(6) for _ in range(8)] == [b.below(6) for _ in range(8)]
    True
    >>> all(0 <= a.below(3) < 3 for _ in range(100))
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def below(self, k: int) -> int:
        """The next number of the stream, reduced to 0..k-1 (63 high bits, modulo k)."""
        x = self.state = (self.state + GOLDEN) & MASK64
        x = ((x ^ (x >> 30)) * MIX1) & MASK64
        x = ((x ^ (x >> 27)) * MIX2) & MASK64
        return ((x ^ (x >> 31)) >> 1) % k


# -- the Python fill ---------------------------------------------------------------------------
def fill(g: Geometry, seed: int, budget: int) -> list[int]:
    """The values of a random solution of the empty board, by the stream from ``seed``.

    The search keeps its own stack of (masks, cell, candidates not yet tried) rather
    than recursing, so a 36x36 board (over a thousand choices deep) cannot overflow
    Python's stack. Restarts from the empty board after ``budget`` nodes.
    """
    from .search import propagate, tables

    t = tables(g)
    stream = Stream(seed)
    while True:
        values = _fill_once(t, g.n, stream, budget, propagate)
        if values is not None:
            return values


def _fill_once(t, n: int, stream: Stream, budget: int, propagate) -> list[int] | None:
    """One fill from the empty board; None after ``budget`` nodes, all zeros when the
    search is exhausted (a board with no solution)."""
    root = [t.full] * len(t.peers)
    cell = _pick_cell(root, n, stream)
    if cell < 0:
        return [m.bit_length() for m in root]
    stack = [(root, cell, root[cell])]
    nodes = 1
    while stack:
        masks, cell, rem = stack[-1]
        if not rem:
            stack.pop()
            continue
        bit = _pick_bit(rem, stream)
        stack[-1] = (masks, cell, rem ^ bit)
        child = list(masks)
        child[cell] = bit
        if not propagate(child, [cell], t.house_bits[cell], t):
            continue
        nodes += 1
        if nodes > budget:
            return None
        nxt = _pick_cell(child, n, stream)
        if nxt < 0:
            return [m.bit_length() for m in child]
        stack.append((child, nxt, child[nxt]))
    return [0] * len(root)


def _pick_cell(masks: list[int], n: int, stream: Stream) -> int:
    """A cell drawn among the unfixed cells with the fewest candidates (-1: none left)."""
    fewest, ties = n + 1, []
    for cell, m in enumerate(masks):
        if m & (m - 1):
            k = m.bit_count()
            if k < fewest:
                fewest, ties = k, [cell]
            elif k == fewest:
                ties.append(cell)
    return ties[stream.below(len(ties))] if ties else -1


def _pick_bit(rem: int, stream: Stream) -> int:
    """A set bit of ``rem`` drawn from the stream (the r-th lowest)."""
    r = stream.below(rem.bit_count())
    for _ in range(r):
        rem &= rem - 1
    return rem & -rem


# -- the shuffle ---------------------------------------------------------------------------------
def permutation(count: int, rng: random.Random) -> list[int]:
    """``0 .. count - 1`` in a random order: what ``rng.sample(range(count), count)``
    gives, and the same draws from ``rng`` (CPython's pool algorithm, which ``sample``
    uses whenever it takes the whole population, written out: the generator draws
    nine of these per 9x9 grid, and ``sample``'s checks and method calls cost more than
    the draws; a test holds the two equal).

    >>> permutation(4, random.Random(1)) == random.Random(1).sample(range(4), 4)
    True
    """
    pool = list(range(count))
    result = [0] * count
    draw = rng.getrandbits
    for i in range(count):
        m = count - i
        k = m.bit_length()
        j = draw(k)
        while j >= m:
            j = draw(k)
        result[i] = pool[j]
        pool[j] = pool[m - 1]
    return result


def shuffle(values: Sequence[int], g: Geometry, rng: random.Random) -> tuple[int, ...]:
    """The grid under a random validity-preserving transformation."""
    n, br, bc = g.n, g.box_rows, g.box_cols
    bands = permutation(n // br, rng)
    rows = [band * br + r for band in bands for r in permutation(br, rng)]
    stacks = permutation(n // bc, rng)
    cols = [stack * bc + c for stack in stacks for c in permutation(bc, rng)]
    relabel = [0] + [v + 1 for v in permutation(n, rng)]
    if br == bc and rng.random() < 0.5:  # transposing keeps boxes as boxes only when square
        return tuple(relabel[values[rows[c] * n + cols[r]]] for r in range(n) for c in range(n))
    return tuple(relabel[values[rows[r] * n + cols[c]]] for r in range(n) for c in range(n))
