"""Variant Sudoku: a typed constraint model, its checker, formats and paradigms.

>>> from sudoku_cp.variants import VariantPuzzle, KillerCage, check_solution
>>> p = VariantPuzzle(4, constraints=(KillerCage((0, 1), 3),))
>>> check_solution(p, (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1))
[]

Nothing here imports a solver package; the paradigms (``sat``, ``cpsat``, ``witness``)
are loaded by name through ``sudoku_cp.variants.paradigms``.
"""

from __future__ import annotations

from .model import (
    TYPES, VariantPuzzle, constraint_cells,
    AntiKing, AntiKnight, Arrow, Between, Candidates, Clone, Diagonal, DifferenceDot,
    DisjointGroups, DoubleArrow, Entropic, Even, ExtraRegion, GreaterThan, KillerCage,
    LittleKiller, Lockout, Maximum, Minimum, Modular, NegativeDots, NegativeXV, NonConsecutive,
    Odd, Palindrome, Quadruple, RatioDot, RegionSumLine, Renban, Sandwich, Skyscraper,
    SlowThermometer, Thermometer, Whisper, XSum, XV, Zipper,
)
from .paradigms import PARADIGMS, VariantResult, get_paradigm, solve
from .rules import check_solution, is_solution

__all__ = [
    "TYPES", "VariantPuzzle", "constraint_cells", "AntiKing", "AntiKnight", "Arrow", "Between",
    "Candidates", "Clone", "Diagonal", "DifferenceDot", "DisjointGroups", "DoubleArrow",
    "Entropic", "Even", "ExtraRegion", "GreaterThan", "KillerCage", "LittleKiller", "Lockout",
    "Maximum", "Minimum", "Modular", "NegativeDots", "NegativeXV", "NonConsecutive", "Odd",
    "Palindrome", "Quadruple", "RatioDot", "RegionSumLine", "Renban", "Sandwich", "Skyscraper",
    "SlowThermometer", "Thermometer", "Whisper", "XSum", "XV", "Zipper", "PARADIGMS",
    "VariantResult", "get_paradigm", "solve", "check_solution", "is_solution",
]
