"""The scores of the variant techniques, on a scale shaped like Sudoku
Explainer's (hidden single 1.5, naked single 2.3, pairs 3.0-3.4, quads 5.0-5.4).

The classic rungs take SE's values; each constraint family's score is a judgement placed
between them by how much a solver has to hold in mind (one dot: less than a naked
single; a cage's combinations: about a pointing pair; the rule of 45 or an outside clue:
about a pair). Set by judgement, not fitted; against SudokuVariantSolverJS's order
(solved without a trial, with one, not finished) the ratings give Spearman's rho 0.89
on 153 real puzzles (``benchmarks/bench_variant_logic.py``; docs/logic.md, "Variants";
re-measured 0.89 after issue 39's rule links and forcing chains).
"""

from __future__ import annotations

#: technique -> score; the engine tries techniques in this order (easiest first).
SCORES = {
    "cell rule": 1.0,          # odd/even/candidates: one cell's own rule
    "hidden single": 1.5,
    "pair rule": 1.8,          # a dot, XV, greater-than, clone, palindrome pair, negative rules
    "naked single": 2.3,
    "thermometer": 2.2,
    "cage combinations": 2.4,
    "arrow": 2.5,
    "locked candidates": 2.6,
    "line": 2.8,               # whisper, renban, between, lockout, entropic, modular, zipper...
    "little killer": 2.8,
    "naked pair": 3.0,
    "overlapping rules": 3.1,  # two constraints on the same cells walked together (overlaps.py)
    "innies and outies": 3.2,
    "law of leftovers": 3.3,   # a jigsaw's rows against its regions (leftovers.py)
    "hidden pair": 3.4,
    "outside clue": 3.4,       # sandwich, x-sum, skyscraper
    "naked triple": 3.6,
    "hidden triple": 4.0,
    "cell forcing": 4.2,       # every option of one cell rules a candidate out (one link each)
    "value forcing": 4.4,      # every place of a value in a house rules a candidate out
    "naked quad": 5.0,
    "hidden quad": 5.4,
    "constraint chain": 6.0,   # an AIC on the constraints' links: 6.0-7.0 by length (chains.py)
    "forcing chain": 7.2,      # every option leads to one conclusion by links and singles (forcing_chains.py)
    "contradiction (trial)": 7.5,  # labelled: assumes a candidate, follows easy steps (forcing.py)
}

ORDER = sorted(SCORES, key=SCORES.get)

#: the bands of a path's rating (its hardest step), as for classic puzzles.
BANDS = ((1.5, "easy"), (2.5, "medium"), (3.0, "hard"), (4.0, "expert"), (99.0, "extreme"))


def level_of(rating: float) -> str:
    """The band of a rating.

    >>> level_of(2.3), level_of(3.2)
    ('medium', 'expert')
    """
    for top, name in BANDS:
        if rating <= top:
            return name
    return BANDS[-1][1]
