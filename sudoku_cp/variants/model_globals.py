"""The global rules (diagonals, anti-knight and anti-king, non-consecutive, the negative
dots, 2x2-square classes...) as model types: rules over the whole grid, no cells named.

Each a frozen dataclass registered in ``model.TYPES`` by ``@constraint``, its rule in one
sentence; ``model`` re-exports them (moved here to keep ``model`` under ~800 lines).
"""

from __future__ import annotations

from .model import constraint


@constraint("diagonal")
class Diagonal:
    """The values on a main diagonal differ: ``slope`` 1 is bottom-left to top-right, -1 is
    top-left to bottom-right."""

    slope: int


@constraint("anti_knight")
class AntiKnight:
    """Cells a chess knight's move apart have different values."""


@constraint("anti_king")
class AntiKing:
    """Diagonally touching cells have different values."""


@constraint("non_consecutive")
class NonConsecutive:
    """Orthogonally adjacent cells never hold consecutive values."""


@constraint("disjoint_groups")
class DisjointGroups:
    """Cells in the same position of their boxes have different values."""


@constraint("negative_dots")
class NegativeDots:
    """Orthogonal neighbours joined by no dot are not consecutive (when ``white``) and
    not in ratio 2, nor in any ratio a ratio dot of the puzzle shows (when ``black``)."""

    white: bool = True
    black: bool = True


@constraint("negative_xv")
class NegativeXV:
    """Orthogonal neighbours joined by no X or V sum neither to 10 (when ``x``) nor to 5 (when ``v``)."""

    x: bool = True
    v: bool = True


@constraint("anti_taxicab")
class AntiTaxicab:
    """No two cells at taxicab (orthogonal steps) distance ``v`` both hold the value ``v``."""


@constraint("global_mod")
class GlobalMod:
    """Every 2x2 square of cells holds a value of each remainder mod 3."""


@constraint("global_entropy")
class GlobalEntropy:
    """Every 2x2 square of cells holds a low, a middle and a high value (the value range
    split into three equal thirds)."""


@constraint("dutch_flatmates")
class DutchFlatmates:
    """Every cell holding the middle value (the range's ``ceil(count / 2)``-th) has the
    lowest value directly above it or the highest directly below it."""
