"""A step of a human-style solve: what it places or removes, why, and a sentence.

``Step`` is the one record every technique returns. It carries the evidence a
teacher highlights (``cells``, ``houses``, ``links``) and a sentence in the
project's vocabulary. It renders itself in Jupyter as an SVG of the board before
the step, with the candidates, the evidence and the outcome coloured
(``sudoku_cp.logic.draw``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Link = tuple[tuple[int, int], tuple[int, int], str]


@dataclass(frozen=True)
class Step:
    """One step: technique (a key of ``TECHNIQUES``), its rating on Sudoku Explainer's
    scale, placements and eliminations as ``(cell, value)``, the justifying cells,
    houses (indexes into ``geometry.houses``) and chain links, and a sentence."""

    technique: str
    rating: float
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]
    cells: tuple[int, ...]
    houses: tuple[int, ...]
    links: tuple[Link, ...]
    text: str
    assumes_uniqueness: bool = False
    # the position the step was found in, for pictures: (board, values, candidate masks)
    before: Any = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict:
        """JSON-ready: every field (tuples as lists), without the picture's snapshot."""
        return {
            "technique": self.technique, "rating": self.rating,
            "placements": [list(p) for p in self.placements],
            "eliminations": [list(e) for e in self.eliminations],
            "cells": list(self.cells), "houses": list(self.houses),
            "links": [[list(a), list(b), kind] for a, b, kind in self.links],
            "text": self.text, "assumes_uniqueness": self.assumes_uniqueness,
        }

    def to_svg(self, **options) -> str:
        """The board before this step with its evidence and outcome highlighted."""
        from .draw import step_svg

        if self.before is None:
            raise ValueError("this step carries no position to draw")
        return step_svg(self, **options)

    def _repr_svg_(self) -> str | None:
        return self.to_svg() if self.before is not None else None

    def __str__(self) -> str:
        return self.text
