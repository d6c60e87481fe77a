"""One step of a variant solve path: what it removes or places, why, and its score."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class VStep:
    """A deduction: ``technique`` (a key of ``scores.SCORES``), its ``score``, the values
    it places and the candidates it removes as ``(cell, value)``, the cells that justify
    it (to highlight), and one sentence in plain words. Where the step is known to come
    from them: ``groups``, the indices of the ``state.Geometry`` groups it reads (a row, a
    region, a cage as a group), and ``sources``, the indices of the puzzle's constraints
    whose rule it applies (so a page can draw the cage or line involved)."""

    technique: str
    score: float
    placements: tuple
    eliminations: tuple
    cells: tuple
    text: str
    groups: tuple = ()
    sources: tuple = ()

    def to_dict(self) -> dict:
        """JSON-ready: every field, tuples as lists."""
        return {"technique": self.technique, "rating": self.score,
                "placements": [list(p) for p in self.placements],
                "eliminations": [list(e) for e in self.eliminations],
                "cells": list(self.cells), "text": self.text,
                "groups": list(self.groups), "sources": list(self.sources)}

    def __str__(self) -> str:
        return self.text
