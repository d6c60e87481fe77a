"""The chaos construction and the clues on its regions as model types (issue 37).

Each a frozen dataclass registered in ``model.TYPES`` by ``@constraint``, its rule in one
sentence; ``model`` re-exports them (moved here to keep ``model`` under ~800 lines). The
rest of each type's places: ``rules_chaos``, ``encode_cnf_chaos``, ``encode_cp_chaos``,
``witness_chaos``, ``iss_chaos``, ``display``.
"""

from __future__ import annotations

from .model import Cells, constraint


@constraint("chaos_construction")
class ChaosConstruction:
    """The grid also splits into ``size`` regions, unknowns of the puzzle: each region is
    ``size`` orthogonally connected cells holding every value once; a solution is a grid
    with one such split, so a grid with two splits counts twice (as ISS counts)."""


#: The chaos construction and the clues on its regions (they read its split).
CHAOS = ("chaos_construction", "chaos_arrow", "chaos_count", "chaos_same", "chaos_regions")


@constraint("chaos_arrow")
class ChaosArrow:
    """``cells`` cut in order into arms of ``lengths`` cells sharing their first cell; in
    the chaos construction's split, the cells from each arm's start that share its region
    (up to the first that does not), the start counted once, number the value of ``cell``
    plus ``offset``."""

    cell: int
    cells: Cells
    lengths: tuple
    offset: int = 0


@constraint("chaos_count")
class ChaosCount:
    """The cells of ``cells`` in the chaos construction's region of its first cell (that
    cell too) number the value of ``cell`` plus ``offset``."""

    cell: int
    cells: Cells
    offset: int = 0


@constraint("chaos_same")
class ChaosSame:
    """``cells`` cut in order into sets of ``size`` cells meet the chaos construction's
    regions alike: each region holds as many cells of one set as of any other (ISS's
    ``SameValues`` over region cells: the sets hold the same region labels, counts
    included). With ``size`` 1, every cell lies in one region."""

    cells: Cells
    size: int = 1


@constraint("chaos_regions")
class ChaosRegions:
    """The value of ``cell`` is the number of the chaos construction's regions that
    ``cells`` meet (ISS's ``CountDistinct`` over region cells)."""

    cell: int
    cells: Cells
