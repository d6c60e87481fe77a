"""TEMPLATE: copy this file to add a backend (``backends/mine.py``), then fill it in.

It is a complete, working backend (a plain recursive search, the slowest of all), so
that the copy passes the contract suite before you change a line:
``tests/test_contract.py`` runs it beside every registered backend.

The steps:

1. Copy this file and rename the class; set ``name`` (the registry key) and
   ``SPEC_OPTIONS`` (the positional options of a spec such as ``mine:opt1:opt2``; each
   becomes a keyword argument of ``__init__``).
2. Import your solver package inside ``__init__`` with ``require`` (so that
   ``import sudoku_cp`` stays light, and a missing package says how to install it).
3. Build what depends only on the board's shape (a formula, a model) once, in a
   ``ShapeCache``, never per puzzle.
4. Implement ONE of the two hooks (see ``backends/base.py``):
   ``iter_solutions`` (a generator; the base class counts to the limit) or ``search``
   (your engine counts to the limit itself). Raise ``TimeUp`` past the deadline, or
   return what you found with ``exhausted=False``. Put your solver's own statistics in
   ``stats``.
5. Declare what you cannot do: a ``supports(board)`` that returns the reason, and any
   capability of ``base.CAPABILITIES`` your engine offers.
6. Register the class in ``BACKENDS`` (``backends/__init__.py``) and add its name to
   ``ALL_BACKENDS`` in ``tests/conftest.py``; document it in docs/paradigms.md.

Never trust a solver's word: the cross-checker checks every solution you return with
an independent ``is_solution``, and so should your tests.
"""

from __future__ import annotations

from typing import Iterator

from ..board import Board, Geometry
from .base import KEEP_SHAPES, Backend, ShapeCache, TimeUp, passed


class TemplateBackend(Backend):
    """A plain recursive search: fewest candidates first, no propagation.

    >>> r = TemplateBackend().solve(Board.empty((2, 2)), limit=300)
    >>> r.status.value, len(r.solutions), r.exhausted
    ('solved', 288, True)
    """

    name = "template"
    SPEC_OPTIONS: tuple[str, ...] = ()

    def __init__(self) -> None:
        # Step 2 would be: self.solver_package = require("package", "pip-name", self.name)
        self._peers: ShapeCache[Geometry, tuple] = ShapeCache(lambda g: g.peers, KEEP_SHAPES)

    def supports(self, board: Board) -> str | None:
        """Why this backend declines ``board``, or None: this one takes every board."""
        return None

    def iter_solutions(self, board: Board, deadline: float | None,
                       stats: dict) -> Iterator[tuple[int, ...]]:
        """Every solution of ``board``: the cell with the fewest candidates, each value."""
        peers = self._peers(board.geometry)
        values = list(board.givens)
        everything = set(range(1, board.n + 1))
        stats.update(nodes=0)
        for cell, v in enumerate(values):  # clashing givens: no solution
            if v and any(values[p] == v for p in peers[cell]):
                return

        def candidates(cell: int) -> set[int]:
            return everything - {values[p] for p in peers[cell]}

        def below() -> Iterator[tuple[int, ...]]:
            stats["nodes"] += 1
            if passed(deadline):
                raise TimeUp
            empty = [c for c, v in enumerate(values) if not v]
            if not empty:
                yield tuple(values)
                return
            cell = min(empty, key=lambda c: len(candidates(c)))
            for v in sorted(candidates(cell)):
                values[cell] = v
                yield from below()
            values[cell] = 0

        yield from below()
