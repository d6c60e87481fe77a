"""Two more ways to state a solve path's difficulty: SE's ER/EP/ED and a HoDoKu-style score.

**ER/EP/ED** (Sudoku Explainer's triple, as its ``serate`` tool prints ``%r/%p/%d``):
ER is the hardest step of the whole path (the rating), EP the hardest step up to and
including the first step that places a value, ED the first step's score (SE's "diamond":
the hardest step before the first elimination, which is the first step itself). A
puzzle whose first step is a single is ``x/1.2/1.2`` or ``x/1.5/1.5``; the forum's lists
of hardest puzzles are sorted by this triple.

**The HoDoKu scale**: HoDoKu scores a path by adding a fixed score for every step (a
hidden single 14, an X-wing 140, an XY-chain 260, a forcing chain 500, ...) and gives it
the level of the hardest *technique* used (each technique belongs to one of Easy,
Medium, Hard, Unfair, Extreme), raised while the score passes the level's ceiling
(800, 1000, 1600, 1800). The per-technique scores and levels are HoDoKu's defaults. The
score is meant for HoDoKu's own path (``logic.hodoku``: its techniques in its order, one
step at a time), which ``rate_board(..., hodoku=True)`` walks; techniques only SE's path
uses are scored as what HoDoKu would use in their place (SE's "direct" shortcuts as the
single they place, SE's forcing chains as HoDoKu's forcing chain, dynamic ones as its
forcing net, trial and error as its brute force), so ``hodoku`` accepts any path.

>>> from sudoku_cp import Board
>>> from sudoku_cp.logic import explain
>>> steps = explain(Board.parse("1..." "...2" "..4." ".3.."))
>>> se_triple(steps), hodoku(steps)
((1.2, 1.2, 1.2), (128, 'easy'))
"""

from __future__ import annotations

from typing import Sequence

#: HoDoKu's levels, easiest first, with the score each level may reach.
HODOKU_LEVELS: tuple[tuple[str, float], ...] = (
    ("easy", 800), ("medium", 1000), ("hard", 1600), ("unfair", 1800),
    ("extreme", float("inf")),
)

#: technique -> (HoDoKu score per step, HoDoKu level of the technique).
HODOKU: dict[str, tuple[int, str]] = {
    "full_house": (4, "easy"),
    "hidden_single": (14, "easy"),
    "naked_single": (4, "easy"),
    # SE's "direct" shortcuts come before naked singles on SE's ladder; HoDoKu takes a
    # naked single first and seldom needs them: scored as the single they place
    "direct_pointing": (14, "easy"),
    "direct_claiming": (14, "easy"),
    "direct_hidden_pair": (14, "easy"),
    "direct_hidden_triple": (100 + 14, "medium"),  # a hidden triple and its single
    "pointing": (50, "medium"),
    "claiming": (50, "medium"),
    "locked_pair": (40, "medium"),
    "locked_triple": (60, "medium"),
    "naked_pair": (60, "medium"),
    "hidden_pair": (70, "medium"),
    "naked_triple": (80, "medium"),
    "hidden_triple": (100, "medium"),
    "naked_quad": (120, "hard"),
    "hidden_quad": (150, "hard"),
    "x_wing": (140, "hard"),
    "swordfish": (150, "hard"),
    "jellyfish": (160, "hard"),
    "xy_wing": (160, "hard"),
    "xyz_wing": (180, "hard"),
    "unique_rectangle": (100, "hard"),
    "unique_rectangle_3": (100, "hard"),
    "unique_rectangle_5": (100, "hard"),
    "unique_rectangle_6": (100, "hard"),
    "hidden_rectangle": (100, "hard"),
    "remote_pair": (110, "hard"),
    "empty_rectangle": (120, "hard"),
    "finned_x_wing": (130, "hard"),
    "sashimi_x_wing": (150, "hard"),
    "finned_swordfish": (200, "unfair"),
    "sashimi_swordfish": (240, "unfair"),
    "finned_jellyfish": (250, "unfair"),
    "sashimi_jellyfish": (260, "unfair"),
    "sue_de_coq": (250, "unfair"),
    "als_xz": (300, "unfair"),
    "als_xy_wing": (320, "unfair"),
    "bug_plus_one": (100, "hard"),
    "bug_type_2": (100, "hard"),  # HoDoKu has BUG+1 only: scored as it
    "bug_type_4": (100, "hard"),
    "skyscraper": (130, "hard"),
    "two_string_kite": (150, "hard"),
    "turbot_fish": (120, "hard"),
    "simple_colouring": (150, "hard"),
    "w_wing": (150, "hard"),
    "aligned_pair_exclusion": (300, "unfair"),  # HoDoKu has none: scored as its ALS-XZ
    "x_cycle": (280, "unfair"),  # HoDoKu finds cycles as continuous nice loops
    "y_cycle": (280, "unfair"),
    "xy_cycle": (280, "unfair"),
    "x_chain": (260, "unfair"),
    "xy_chain": (260, "unfair"),
    "aic": (280, "unfair"),
    "nishio": (500, "extreme"),
    "cell_forcing_chain": (500, "extreme"),
    "region_forcing_chain": (500, "extreme"),
    "dynamic_forcing_chain": (700, "extreme"),  # HoDoKu's forcing net
    # SE's nested chains: HoDoKu's forcing nets too (it has nothing nested)
    "dynamic_forcing_chain_plus": (700, "extreme"),
    "nested_forcing_chain": (700, "extreme"),
    "nested_multiple_forcing_chain": (700, "extreme"),
    "nested_dynamic_forcing_chain": (700, "extreme"),
    "guess": (10000, "extreme"),  # HoDoKu's brute force
}


def se_triple(steps: Sequence) -> tuple[float, float, float]:
    """(ER, EP, ED) of a solve path, SE's rule (0.0 for an empty path).

    >>> from sudoku_cp.logic.basic import make
    >>> a = make("pointing", (), [(5, 3)])
    >>> b = make("hidden_single", [(4, 2)], rating=1.5)
    >>> c = make("x_wing", (), [(6, 1)])
    >>> se_triple([a, b, c])
    (3.2, 2.6, 2.6)
    """
    if not steps:
        return 0.0, 0.0, 0.0
    er = max(st.rating for st in steps)
    ed = steps[0].rating
    ep, hardest = er, 0.0
    for st in steps:
        hardest = max(hardest, st.rating)
        if st.placements:
            ep = hardest
            break
    return round(er, 1), round(ep, 1), round(ed, 1)


def serate(steps: Sequence) -> str:
    """The triple as SE's ``serate`` prints it by default: ``ER/EP/ED``, e.g. ``7.1/1.2/1.2``."""
    return "/".join(f"{x:.1f}" for x in se_triple(steps))


def hodoku(steps: Sequence) -> tuple[int, str]:
    """(score, level) of a solve path on the HoDoKu-style scale (module docstring)."""
    names = [name for name, _ in HODOKU_LEVELS]
    score, level = 0, 0
    for st in steps:
        points, at = HODOKU[st.technique]
        score += points
        level = max(level, names.index(at))
    while score > HODOKU_LEVELS[level][1]:
        level += 1
    return score, names[level]
