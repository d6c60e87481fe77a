"""Each technique's score on Sudoku Explainer's scale, and the levels as rating bands.

The scores are those Sudoku Explainer (SE) 1.2 gives the same reasoning, so a puzzle's
rating (the hardest step its solve path needed, SE's rule) can be compared with SE's.
Techniques SE does not name (W-wing, skyscraper, kite, turbot fish) are scored as the
chain SE would use in their place. Chains add SE's length increment (``length_bonus``).
"""

from __future__ import annotations

#: technique -> (score, name in sentences). Ordered easiest first: the ladder's order.
TECHNIQUES: dict[str, tuple[float, str]] = {
    "full_house": (1.0, "Full house"),
    "hidden_single": (1.2, "Hidden single"),  # 1.2 in a box, 1.5 in a row, column or other house
    "direct_pointing": (1.7, "Direct pointing"),
    "direct_claiming": (1.9, "Direct claiming"),
    "direct_hidden_pair": (2.0, "Direct hidden pair"),
    "naked_single": (2.3, "Naked single"),
    "direct_hidden_triple": (2.5, "Direct hidden triple"),
    "pointing": (2.6, "Pointing"),
    "claiming": (2.8, "Claiming"),
    "naked_pair": (3.0, "Naked pair"),
    # techniques SE does not have (HoDoKu's; used on the HoDoKu scale's own path, never
    # in an SE rating), scored as what SE would use in their place:
    "locked_pair": (3.0, "Locked pair"),  # a naked pair in two houses
    "x_wing": (3.2, "X-wing"),
    "hidden_pair": (3.4, "Hidden pair"),
    "naked_triple": (3.6, "Naked triple"),
    "locked_triple": (3.6, "Locked triple"),
    "swordfish": (3.8, "Swordfish"),
    "hidden_triple": (4.0, "Hidden triple"),
    "xy_wing": (4.2, "XY-wing"),
    "xyz_wing": (4.4, "XYZ-wing"),
    "unique_rectangle": (4.5, "Unique rectangle"),  # types 1, 2 and 4: 4.5 (SE 1.2)
    "unique_rectangle_3": (4.6, "Unique rectangle type 3"),  # SE: 4.5 plus the naked set
    "unique_rectangle_5": (4.6, "Unique rectangle type 5"),  # SE has none of these three:
    "unique_rectangle_6": (4.6, "Unique rectangle type 6"),  # scored beside SE's URs
    "hidden_rectangle": (4.6, "Hidden rectangle"),
    "naked_quad": (5.0, "Naked quad"),
    "jellyfish": (5.2, "Jellyfish"),
    "hidden_quad": (5.4, "Hidden quad"),
    "bug_plus_one": (5.6, "BUG+1"),
    "bug_type_2": (5.7, "BUG type 2"),
    "bug_type_4": (5.7, "BUG type 4"),
    "aligned_pair_exclusion": (6.2, "Aligned pair exclusion"),
    "x_cycle": (6.5, "X-cycle"),  # SE's bidirectional X-cycle: a closed loop on one value
    "y_cycle": (6.5, "Y-cycle"),  # SE's bidirectional Y-cycle: a closed loop of bivalue cells
    "skyscraper": (6.6, "Skyscraper"),
    "two_string_kite": (6.6, "Two-string kite"),
    "turbot_fish": (6.6, "Turbot fish"),
    "empty_rectangle": (6.6, "Empty rectangle"),  # a turbot fish with a box's cross
    "finned_x_wing": (6.6, "Finned X-wing"),  # finned fish: X-chains through a group
    "sashimi_x_wing": (6.6, "Sashimi X-wing"),
    "finned_swordfish": (6.6, "Finned swordfish"),
    "sashimi_swordfish": (6.6, "Sashimi swordfish"),
    "finned_jellyfish": (6.6, "Finned jellyfish"),
    "sashimi_jellyfish": (6.6, "Sashimi jellyfish"),
    "x_chain": (6.6, "X-chain"),
    "simple_colouring": (6.6, "Simple colouring"),  # a colour wrap: 6.6 plus its length
    "xy_cycle": (7.0, "Cycle"),  # SE's bidirectional cycle: both kinds of strong link
    "w_wing": (7.0, "W-wing"),
    "xy_chain": (7.0, "XY-chain"),
    "remote_pair": (7.0, "Remote pair"),  # an XY-chain on one pair
    "sue_de_coq": (7.0, "Sue de Coq"),  # SE would need a chain through sets
    "als_xz": (7.0, "ALS-XZ"),
    "als_xy_wing": (7.0, "ALS-XY-wing"),
    "aic": (7.0, "Alternating inference chain"),
    "nishio": (7.5, "Nishio forcing chain"),
    "cell_forcing_chain": (8.0, "Cell forcing chain"),
    "region_forcing_chain": (8.0, "Region forcing chain"),
    "dynamic_forcing_chain": (8.5, "Dynamic forcing chain"),
    # SE's nested levels (logic/nested.py): a dynamic chain that may also use pairs,
    # locked candidates and X-wings (9.0), then forcing chains (9.5), cell and region
    # forcing chains (10.0), dynamic forcing chains (10.5) on the position it reaches
    "dynamic_forcing_chain_plus": (9.0, "Dynamic forcing chain (+)"),
    "nested_forcing_chain": (9.5, "Nested forcing chain (+ forcing chains)"),
    "nested_multiple_forcing_chain": (10.0, "Nested forcing chain (+ multiple forcing chains)"),
    "nested_dynamic_forcing_chain": (10.5, "Nested forcing chain (+ dynamic forcing chains)"),
    # nothing logical applies (not even SE's deepest nesting, whose ratings end near 11.9)
    "guess": (12.0, "Trial and error"),
}

#: Levels as bands of the rating: (level, lowest rating in the band), easiest first.
#: beginner: full houses and hidden singles (no pencil marks needed); easy: naked
#: singles and the "direct" shortcuts that end in a single; medium: locked candidates,
#: pairs, triples, X-wing, swordfish; hard: hidden triples, wings, unique rectangles,
#: quads, jellyfish; expert: BUGs, aligned pair exclusion, cycles and chains; master:
#: forcing chains (nested ones up to SE 10); extreme: nested forcing chains from SE 10 on, and
#: trial and error.
BANDS: tuple[tuple[str, float], ...] = (
    ("beginner", 0.0), ("easy", 1.7), ("medium", 2.6), ("hard", 4.0),
    ("expert", 5.6), ("master", 7.5), ("extreme", 10.0),
)
LEVELS: tuple[str, ...] = tuple(name for name, _ in BANDS)


def score(technique: str) -> float:
    return TECHNIQUES[technique][0]


def title(technique: str) -> str:
    return TECHNIQUES[technique][1]


def level_of(rating: float) -> str:
    """The band a rating falls in.

    >>> level_of(1.5), level_of(2.3), level_of(3.4), level_of(4.2), level_of(7.1), level_of(8.3)
    ('beginner', 'easy', 'medium', 'hard', 'expert', 'master')
    """
    level = LEVELS[0]
    for name, low in BANDS:
        if rating >= low - 1e-9:
            level = name
    return level


def band(level: str) -> tuple[float, float]:
    """The ratings ``[low, high)`` of a level."""
    i = LEVELS.index(level)
    high = BANDS[i + 1][1] if i + 1 < len(BANDS) else float("inf")
    return BANDS[i][1], high


def length_bonus(length: int) -> float:
    """SE's increment for a chain of ``length`` links: +0.1 each time the length passes
    4, 6, 8, 12, 16, 24, 32, ... (the ceiling grows by 3/2 and 4/3 in turn).

    >>> [length_bonus(k) for k in (4, 5, 7, 9, 13, 17)]
    [0.0, 0.1, 0.2, 0.3, 0.4, 0.5]
    """
    added, ceil, odd = 0, 4, False
    while length > ceil:
        added += 1
        ceil = ceil * 4 // 3 if odd else ceil * 3 // 2
        odd = not odd
    return added / 10
