"""The classic engine's harder techniques (fish, wings, chains, ALS...) on a variant's
houses, when the variant engine has nothing easier.

A classic deduction uses only "each full house holds each value once" and the current
candidates; every variant keeps those rules, so the classic step holds for it too. The
variant's houses become a classic geometry: its box shape plus every other full group
(diagonals, extra regions, disjoint groups, nine-cell cages) as extra houses. Only for
boxed grids with values 1..n (``sudoku_cp.geometry`` has no irregular regions), and never
a uniqueness technique (a variant's uniqueness is the constraints' as much as the houses').
"""

from __future__ import annotations

import time

from .houses import placement
from .step import VStep


#: the classic engine's forcing families (SE's forcing chains and nested ones): the
#: variant engine tries its own chains on the constraints' links before them.
FORCING = ("forcing", "nested")


def classic_finder(g, *, seconds: float = 5.0, part: str = "all", clock=None):
    """A finder taking the classic engine's easiest step at the variant's position, or
    None when the puzzle's geometry is not one the classic engine has. ``part``:
    ``"patterns"`` (every family but the forcing ones), ``"forcing"`` (only those) or
    ``"all"``. ``clock``: a dict two parts share so that one step spends ``seconds`` in
    all (the patterns part notes what it spent, the forcing part takes the rest)."""
    p = g.puzzle
    if p.box is None or p.values != (1, p.size) or p.size > 36:
        return None
    from ...geometry import Geometry
    from ...logic.solver import LADDER, next_step
    from ...logic.state import Contradiction, State, TimeUp

    ladder = {"all": LADDER,
              "patterns": tuple(r for r in LADDER if r[0] not in FORCING),
              "forcing": tuple(r for r in LADDER if r[0] in FORCING)}[part]

    n = p.size
    extra = tuple(tuple(g.groups[h]) for h in g.full_houses if h >= 3 * n)
    geo = Geometry(p.box[0], p.box[1], extra)

    def find(state):
        values = [state.values(x)[0] if state.placed[x] else 0 for x in range(n * n)]
        began = time.perf_counter()
        budget = seconds
        if clock is not None and part == "forcing":
            budget = max(seconds - clock.get("spent", 0.0), 0.2 * seconds)
        try:
            s = State.from_candidates(geo, values, list(state.cands))
            found = next_step(s, assume_unique=False, deadline=began + budget, ladder=ladder)
        except (Contradiction, TimeUp):
            return None
        finally:
            if clock is not None and part == "patterns":
                clock["spent"] = time.perf_counter() - began
        for st in found:
            gone = {(c, v) for c, v in st.eliminations if state.has(c, v)}
            places = tuple((c, v) for c, v in st.placements if not state.placed[c])
            for c, v in places:
                gone.update(placement(state, c, v))
            if gone or places:
                return VStep(f"classic: {st.technique}", st.rating, places,
                             tuple(sorted(gone)), tuple(st.cells), st.text)
        return None
    return find
