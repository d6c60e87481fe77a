"""ISS's set, connection, rank and doppelganger rules as model types (issue 37, second batch).

Each a frozen dataclass registered in ``model.TYPES`` by ``@constraint``, its rule in one
sentence; ``model`` re-exports them. The rest of each type's places: ``rules_sets``,
``encode_cnf_sets``, ``encode_cp_sets``, ``witness_sets``, ``iss_sets``, ``display``.
"""

from __future__ import annotations

from .model import Cells, constraint


@constraint("same_values")
class SameValues:
    """``cells`` cut in order into ``sets`` groups of equal size: every group holds the same
    values, each as many times (one-cell groups: every cell holds the same value)."""

    cells: Cells
    sets: int = 2


@constraint("region_same_values")
class RegionSameValues:
    """Every house of the most cells among the rows, columns and boxes or regions holds the
    same set of values (a rule only when the values outnumber the cells of those houses)."""


@constraint("connected_values")
class ConnectedValues:
    """The cells holding any of ``values`` form one non-empty orthogonally connected group,
    of exactly ``size`` cells when ``size`` is not 0."""

    values: tuple
    size: int = 0


@constraint("doppelganger")
class Doppelganger:
    """Every row, column and box holds a 0 and so, on values 0..size, misses one value of
    1..size; no two rows (columns, boxes) miss the same value; at each 0 its row, column
    and box miss different values."""


@constraint("full_rank")
class FullRank:
    """Read from the clue as a number, the whole row or column ``cells`` ranks ``rank``-th
    among the rows and columns read either way: ``rank - 1`` of them are smaller (ties as
    ``full_rank_ties`` says: by default no other line reads the same as a clued one)."""

    cells: Cells
    rank: int


#: The tie rules of ``full_rank_ties``: ISS's names, its default second.
TIES = ("none", "only-unclued", "any")


@constraint("full_rank_ties")
class FullRankTies:
    """Which rows and columns read either way may read the same: ``none`` of them,
    ``only-unclued`` ones (a line with a rank clue ties with no other), or ``any`` (a clued
    line may tie only when every tie rule of the puzzle says ``any``)."""

    ties: str = "only-unclued"
