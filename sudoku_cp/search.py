"""The search core shared by the backtracker and the generator's random fill.

Candidates as bitmasks, naked and hidden singles to a fixed point, and the MRV cell
choice. No solver state lives here: callers own their masks and their stack, so the
backtracker (``sudoku_cp.backends.backtrack``) and the generator's fill
(``sudoku_cp.generate``) use the same steps without reaching into each other.

Glossary (the words of ``sudoku_cp.board`` plus these):

- **mask**: the candidates of one cell as an int, bit ``v - 1`` set when value ``v``
  is still possible. A cell is *fixed* when its mask has exactly one bit, and then
  ``mask.bit_length()`` is its value.
- **eliminate**: once a cell is fixed, remove its value from the masks of its peers.
- **naked single**: a cell left with one candidate; it becomes fixed, which eliminates.
- **hidden single**: a value with one possible cell in a house; that cell is fixed.
- **contradiction**: a cell with no candidate left, a house in which some value has
  no cell left, or one cell that is the only place for two values. The branch dies.
- **propagate**: apply naked and hidden singles until nothing changes (a fixed point)
  or a contradiction appears. Only *dirty* houses, in which some mask changed since
  they were last searched, are searched again for hidden singles.
- **MRV** (minimum remaining values): branch on an unfixed cell with the fewest
  candidates; among those, the one whose candidates appear in most peers, so that
  each guess eliminates as much as possible.

>>> from sudoku_cp import Board
>>> b = Board.parse("1..." "...2" "..4." ".3..")
>>> t = tables(b.geometry)
>>> masks = initial_masks(b, t)
>>> propagate(masks, [c for c, v in enumerate(b.givens) if v], t.all_houses, t)
True
>>> choose_cell(masks, t)  # singles alone solve this one: no cell left to branch on
-1
"""

from __future__ import annotations

from .cache import ShapeCache
from .board import Board, Geometry


class Tables:
    """What the search needs from a geometry, as plain tuples and ints.

    ``full`` is the mask with every value; ``houses`` the cells of each house;
    ``peers[cell]`` the peers of a cell; ``house_bits[cell]`` the houses of n cells
    that hold a cell, as a bitmask over house numbers (bit h for house h), and
    ``all_houses`` every house of n cells: the houses searched for hidden singles.
    """

    __slots__ = ("n", "full", "houses", "peers", "house_bits", "all_houses")

    def __init__(self, g: Geometry) -> None:
        self.n = g.n
        self.full = (1 << g.n) - 1
        self.houses = g.houses
        self.peers = g.peers
        # Hidden singles need every value in the house, so only houses of n cells take
        # part; a smaller extra house only keeps its values apart (through the peers).
        full = [len(house) == g.n for house in g.houses]
        self.house_bits = tuple(sum(1 << h for h in hs if full[h]) for hs in g.houses_of)
        self.all_houses = sum(1 << h for h, f in enumerate(full) if f)


#: Geometries whose tables are kept (least recently used dropped first): variant boards
#: each bring one.
KEEP_SHAPES = 32
#: The tables for a geometry, built on first use and then cached.
tables: ShapeCache[Geometry, Tables] = ShapeCache(Tables, KEEP_SHAPES)


def initial_masks(board: Board, t: Tables) -> list[int] | None:
    """One mask per cell with each given fixed, or None when two givens clash."""
    givens = board.givens
    masks = [t.full] * len(givens)
    for cell, v in enumerate(givens):
        if v:
            if any(givens[p] == v for p in t.peers[cell]):
                return None
            masks[cell] = 1 << (v - 1)
    return masks


def propagate(masks: list[int], todo: list[int], dirty: int, t: Tables) -> bool:
    """Naked and hidden singles to a fixed point, changing ``masks`` in place.

    ``todo`` lists fixed cells whose value is not yet eliminated from their peers;
    ``dirty`` marks the houses (bit h for house h) in which a mask changed since they
    were last searched for hidden singles. Returns False on a contradiction.
    """
    peers, houses, full, house_bits = t.peers, t.houses, t.full, t.house_bits
    while True:
        # Naked singles: eliminate each fixed value from the peers of its cell.
        while todo:
            cell = todo.pop()
            bit = masks[cell]
            for p in peers[cell]:
                m = masks[p]
                if m & bit:
                    m ^= bit
                    if not m:
                        return False  # a cell with no candidate left
                    masks[p] = m
                    dirty |= house_bits[p]
                    if not m & (m - 1):
                        todo.append(p)
        # Hidden singles: in each dirty house, values seen in exactly one unfixed cell.
        while dirty:
            low = dirty & -dirty
            dirty ^= low
            house = houses[low.bit_length() - 1]
            once = twice = fixed = 0
            for c in house:
                m = masks[c]
                if m & (m - 1):
                    twice |= once & m
                    once |= m
                else:
                    fixed |= m
            if once | fixed != full:
                return False  # some value has no cell left in this house
            hidden = once & ~(twice | fixed)
            if hidden:
                for c in house:
                    m = masks[c]
                    h = m & hidden
                    if h and m & (m - 1):  # an unfixed cell holding a hidden value
                        if h & (h - 1):
                            return False  # two values need this one cell
                        masks[c] = h
                        dirty |= house_bits[c]
                        todo.append(c)
        if not todo:
            return True


def choose_cell(masks: list[int], t: Tables) -> int:
    """The MRV cell: fewest candidates, ties broken by most peers sharing one of
    them; -1 when every cell is fixed (the masks are a solution)."""
    peers = t.peers
    best, fewest, most = -1, t.n + 1, -1
    for c, m in enumerate(masks):
        if m & (m - 1):
            k = m.bit_count()
            if k <= fewest:
                shared = len([p for p in peers[c] if masks[p] & m])
                if k < fewest or shared > most:
                    best, fewest, most = c, k, shared
    return best
