"""Rules between pairs of cells as ``fast`` propagators (``program`` takes them in): the
negative constraints (no dot, no XV where none is drawn), anti-knight and anti-king,
non-consecutive, chess leapers, knightmare, nabner and anti-taxicab. Each is a ``PAIR``
relation per two cells it rules, its predicate written once here on two values.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..model import leaper_steps
from .program_kept import _rule_tables

ORTHO = ((0, 1), (1, 0))          # each unordered orthogonal pair once
KNIGHT = ((1, 2), (2, 1), (1, -2), (2, -1))
KING = ((1, 1), (1, -1))


def _steps(puzzle, steps) -> tuple:
    """(a, b): each two cells of the grid one of ``steps`` (row, column) apart (kept per
    geometry and steps: an anti-knight 9x9's walk cost ~0.1 ms a puzzle, warm)."""
    return _grid_steps(puzzle.size, puzzle.cols, steps)


@lru_cache(maxsize=64)
def _grid_steps(n: int, w: int, steps: tuple) -> tuple:
    """``_steps`` of ``n`` rows by ``w`` columns.

    >>> _grid_steps(2, 2, ORTHO)
    ((0, 1), (0, 2), (1, 3), (2, 3))
    """
    return tuple((r * w + c, (r + dr) * w + c + dc)
                 for r in range(n) for c in range(w) for dr, dc in steps
                 if 0 <= r + dr < n and 0 <= c + dc < w)


def _differ_steps(steps):
    def build(prog, p, c):
        prog.relations(_steps(p, steps), lambda x, y: x != y, "differ")
    return build


def _non_consecutive(prog, p, c):
    prog.relations(_steps(p, ORTHO), lambda x, y: abs(x - y) != 1, "non_consecutive")


def _marked(p, types):
    return {frozenset(c.cells) for c in p.constraints if c.TYPE in types}


def _negative_dots(prog, p, c):
    dotted = _marked(p, ("difference_dot", "ratio_dot"))
    # (black: 2 and every ratio a ratio dot shows, as f-puzzles and dclamage's solvers read it)
    ratios = {2} | {d.ratio for d in p.constraints if d.TYPE == "ratio_dot"} if c.black else set()
    ok = lambda x, y: (not (c.white and abs(x - y) == 1)  # noqa: E731
                       and not any(x == r * y or y == r * x for r in ratios))
    key = ("negative_dots", c.white, frozenset(ratios))  # (all ``ok`` reads)
    prog.relations(((a, b) for a, b in _steps(p, ORTHO) if frozenset((a, b)) not in dotted),
                   ok, key)


def _negative_xv(prog, p, c):
    marked = _marked(p, ("xv",))
    ok = lambda x, y: not (c.x and x + y == 10) and not (c.v and x + y == 5)  # noqa: E731
    prog.relations(((a, b) for a, b in _steps(p, ORTHO) if frozenset((a, b)) not in marked),
                   ok, ("negative_xv", c.x, c.v))


def _chess(prog, p, c):
    ruled = set(c.cells)
    ok = (lambda x, y: x != y) if not c.values else (lambda x, y: x != y or x not in c.values)
    prog.relations(((a, b) for a, b in _steps(p, leaper_steps(c.moves))
                    if a < b and (not ruled or a in ruled or b in ruled)),
                   ok, ("chess", tuple(c.values)))


def _knightmare(prog, p, c):
    ok = lambda x, y: x + y not in c.sums  # noqa: E731
    prog.relations(((a, b) for a, b in _steps(p, KNIGHT) if a < b), ok,
                   ("knightmare", tuple(c.sums)))


def _nabner(prog, p, c):
    ok = lambda x, y: abs(x - y) >= 2  # noqa: E731
    for a, b in combinations(c.cells, 2):
        prog.relation(a, b, ok, "nabner")


def _diagonal_non_consecutive(prog, p, c):
    prog.relations(_steps(p, KING), lambda x, y: abs(x - y) != 1, "non_consecutive")


def _anti_taxicab(prog, p, c):
    """Two cells ``d`` orthogonal steps apart do not both hold ``d``: a pair rule for each
    such two cells (none where a house of the puzzle already makes them differ)."""
    tables = {d: _rule_tables(("taxicab", d), lambda x, y, d=d: x != d or y != d, prog.lo,
                              prog.hi) for d in range(max(prog.lo, 1), prog.hi + 1)}
    prog.tabled([(a, b) + tables[d] for a, b, d in
                 _taxicab_pairs(p.size, prog.geometry, max(prog.lo, 1), prog.hi)])


@lru_cache(maxsize=16)
def _taxicab_pairs(n: int, geometry: tuple, first: int, last: int) -> tuple:
    """(a, b, d): the cells ``a < b`` ``d`` steps apart, ``first <= d <= last``, that no
    house of ``geometry`` holds both of (kept per geometry and values)."""
    shared = set()
    for house in geometry:
        shared.update(combinations(sorted(house), 2))
    out = []
    for a in range(n * n):
        r, col = divmod(a, n)
        for b in range(a + 1, n * n):
            d = b // n - r + abs(b % n - col)  # (b is below or right of a: no abs on rows)
            if first <= d <= last and (a, b) not in shared:
                out.append((a, b, d))
    return tuple(out)


BUILDERS = {
    "anti_knight": _differ_steps(KNIGHT),
    "anti_king": _differ_steps(KING),
    "non_consecutive": _non_consecutive,
    "negative_dots": _negative_dots,
    "negative_xv": _negative_xv,
    "chess": _chess,
    "knightmare": _knightmare,
    "nabner": _nabner,
    "diagonal_non_consecutive": _diagonal_non_consecutive,
    "anti_taxicab": _anti_taxicab,
}
