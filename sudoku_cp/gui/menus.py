"""What the page's Generate menu offers: the levels the generator delivers at each size.

The generator aims at a level by digging up to ``attempts`` grids and keeps the nearest
when none lands in the band (``Puzzle.missed`` says so). Offering a level it almost never
reaches within the page's time limit over-promises, so the menu lists, per board side,
the levels it reached in a trial run (``generate(1, box=..., difficulty=LEVEL, seed=S,
attempts=10)`` for seeds 1 to 3, on a loaded 2-core machine):

- 4x4 and 6x6: only "beginner" comes out (small boards have few harder patterns);
- 9x9: beginner to expert (hard missed twice in three, falling back to expert);
  master and extreme were never reached;
- other sides: no level target (grading while digging is slow there); 25x25 is not
  generated at all (one did not finish in 10 minutes): open or type one in instead.
"""

from __future__ import annotations

#: board side -> the levels offered (besides "any"); sides not listed offer only "any".
LEVELS_BY_SIDE = {4: ["beginner"], 6: ["beginner"],
                  9: ["beginner", "easy", "medium", "hard", "expert"]}
#: Board sides the Generate button refuses (the page can still open or type them in).
NOT_GENERATED = [25]


def offer() -> dict:
    """The menu as JSON: ``levels`` by side (as text keys) and the sides not generated."""
    return {"levels": {str(n): levels for n, levels in LEVELS_BY_SIDE.items()},
            "not_generated": NOT_GENERATED}
