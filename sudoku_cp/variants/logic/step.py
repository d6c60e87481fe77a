"""One step of a variant solve path: what it removes or places, why, and its score."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class VStep:
    """A deduction: ``technique`` (a key of ``scores.SCORES``), its ``score``, the values
    it places and the candidates it removes as ``(cell, value)``, the cells that justify
    it (to highlight), and one sentence in plain words."""

    technique: str
    score: float
    placements: tuple
    eliminations: tuple
    cells: tuple
    text: str

    def to_dict(self) -> dict:
        """JSON-ready: every field, tuples as lists."""
        return {"technique": self.technique, "rating": self.score,
                "placements": [list(p) for p in self.placements],
                "eliminations": [list(e) for e in self.eliminations],
                "cells": list(self.cells), "text": self.text}

    def __str__(self) -> str:
        return self.text
