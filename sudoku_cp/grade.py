"""Grading: how hard a puzzle is for a person, from the techniques it needs.

A *logical solver* works on candidates the way a person does, in the manner of
QQWing and HoDoKu: it always applies the easiest technique that makes progress,
starting again from the easiest after each step. The techniques, easiest first:

- **naked single**: a cell with one candidate takes it.
- **hidden single**: a value with one possible cell in a full house goes there (a
  house is *full* when it has n cells and so holds every value; a smaller extra house
  only keeps its values apart, so naked subsets apply to it, hidden ones do not).
- **pointing**: a value whose candidates in a box all lie on one row (or column)
  leaves the rest of that row (column).
- **box-line**: a value whose candidates in a row (or column) all lie in one box
  leaves the rest of that box. Pointing and box-line are the *locked candidates*.
- **naked pair / triple**: k cells of a house whose candidates together are k
  values; those values leave the house's other cells.
- **hidden pair / triple**: k values of a house that fit in only k cells; those
  cells lose every other candidate.
- **X-wing**: a value with exactly two candidate cells in each of two rows, in the
  same two columns, leaves the rest of those columns (and likewise with rows and
  columns swapped).
- **guess**: none of the above applies. The solver then places the right value in a
  cell with the fewest candidates (an oracle's guess, taken from the solution the
  backtracker found) and goes on; ``techniques["guess"]`` counts these.

The **level** is that of the hardest technique used (``TECHNIQUES``), where one guess
counts as hard and ``EXPERT_GUESSES`` (two) or more make a puzzle expert. The search
effort of the reference backtracker (``stats["nodes"]``, to find a solution and prove
there is no second) is reported beside it. All houses come from ``board.geometry``, so
any box shape is graded the same way.

>>> from sudoku_cp import Board
>>> g = grade(Board.from_values([0, 4, 0, 3,  3, 0, 0, 0,  0, 2, 0, 0,  0, 0, 0, 4]))
>>> g.level, g.techniques, g.solved_by_logic, g.unique
('easy', {'naked_single': 11}, True, True)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Callable, Sequence

from .board import Board, Geometry, PuzzleError
from .check import clashes, is_solution

#: Levels, easiest first.
LEVELS = ("easy", "medium", "hard", "expert")

#: Technique name -> level, in the order the logical solver tries them.
TECHNIQUES: dict[str, str] = {
    "naked_single": "easy",
    "hidden_single": "easy",
    "pointing": "medium",
    "box_line": "medium",
    "naked_pair": "medium",
    "hidden_pair": "medium",
    "naked_triple": "hard",
    "hidden_triple": "hard",
    "x_wing": "hard",
    "guess": "hard",  # one guess; EXPERT_GUESSES or more make the puzzle expert
}
#: Guesses from which a puzzle is expert rather than hard.
EXPERT_GUESSES = 2


class Contradiction(Exception):
    """A cell lost its last candidate: the givens have no solution."""


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is: its level and the evidence for it."""

    level: str
    techniques: dict[str, int]  # name -> times used, only those used
    nodes: int  # backtracker search nodes to solve and prove uniqueness
    solved_by_logic: bool  # no guess was needed
    unique: bool  # the backtracker found exactly one solution

    @property
    def hardest(self) -> str | None:
        """The hardest technique used (None for a board already full)."""
        used = [t for t in TECHNIQUES if self.techniques.get(t)]
        return used[-1] if used else None

    def to_dict(self) -> dict:
        return {"difficulty": self.level, "techniques": self.techniques, "nodes": self.nodes,
                "solved_by_logic": self.solved_by_logic, "unique": self.unique}


def level_of(techniques: dict[str, int]) -> str:
    """The level of the hardest technique used; two or more guesses make it expert.

    >>> level_of({"naked_single": 40, "pointing": 1}), level_of({"guess": 1}), level_of({"guess": 2})
    ('medium', 'hard', 'expert')
    """
    if techniques.get("guess", 0) >= EXPERT_GUESSES:
        return "expert"
    rank = max((LEVELS.index(TECHNIQUES[t]) for t, k in techniques.items() if k), default=0)
    return LEVELS[rank]


# -- candidates ---------------------------------------------------------------------------------
class _Tables:
    """Per-geometry tables: houses, peers, locked-candidate pairs, lines for X-wings."""

    def __init__(self, g: Geometry) -> None:
        self.n, self.ncells = g.n, g.ncells
        self.houses, self.peers = g.houses, g.peers
        # Hidden singles and subsets assume every value is somewhere in the house.
        self.full_houses = tuple(h for h in g.houses if len(h) == g.n)
        self.rows, self.cols = g.rows, g.cols
        # (A, B): if a value's candidates in house A all lie in A ∩ B, it leaves B \ A.
        self.pointing, self.box_line = [], []
        for box in g.boxes:
            for line in g.rows + g.cols:
                common = set(box) & set(line)
                if 2 <= len(common) < min(len(box), len(line)):
                    self.pointing.append(_pair(box, line, common))
                    self.box_line.append(_pair(line, box, common))


def _pair(a, b, common):
    return (tuple(c for c in a if c in common), tuple(c for c in a if c not in common),
            tuple(c for c in b if c not in common))


@lru_cache(maxsize=32)  # variants bring a geometry each: keep a few
def tables(g: Geometry) -> _Tables:
    return _Tables(g)


class Candidates:
    """Every cell's candidates as a bitmask (bit ``v - 1`` for value ``v``) and the
    values placed so far (``0`` for an open cell)."""

    def __init__(self, g: Geometry) -> None:
        self.geometry = g
        self.t = tables(g)
        self.masks = [(1 << g.n) - 1] * g.ncells
        self.values = [0] * g.ncells

    @classmethod
    def from_board(cls, board: Board) -> "Candidates":
        s = cls(board.geometry)
        for cell, v in enumerate(board.givens):
            if v:
                s.place(cell, v)
        return s

    def place(self, cell: int, value: int) -> None:
        """Put ``value`` in ``cell`` and remove it from the cell's peers."""
        bit = 1 << (value - 1)
        if not self.masks[cell] & bit:
            raise Contradiction(f"{value} is no longer a candidate of cell {cell}")
        self.values[cell] = value
        self.masks[cell] = bit
        for p in self.t.peers[cell]:
            self.eliminate(p, bit)

    def eliminate(self, cell: int, bits: int) -> bool:
        """Remove candidates ``bits`` from an open cell; True if any was there."""
        m = self.masks[cell]
        if self.values[cell] or not m & bits:
            return False
        m &= ~bits
        if not m:
            raise Contradiction(f"cell {cell} has no candidate left")
        self.masks[cell] = m
        return True

    def open(self, cells: Sequence[int]) -> list[int]:
        return [c for c in cells if not self.values[c]]

    def candidates(self, cell: int) -> list[int]:
        """The values still possible in ``cell``."""
        m = self.masks[cell]
        return [v for v in range(1, self.t.n + 1) if m >> (v - 1) & 1]

    @property
    def solved(self) -> bool:
        return all(self.values)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


# -- techniques: each applies once (singles: one sweep) and returns how often it was used ----
def naked_single(s: Candidates) -> int:
    used = 0
    for cell, m in enumerate(s.masks):
        if not s.values[cell] and not m & (m - 1):
            s.place(cell, m.bit_length())
            used += 1
    return used


def hidden_single(s: Candidates) -> int:
    used = 0
    for house in s.t.full_houses:
        once = twice = 0
        for c in s.open(house):
            twice |= once & s.masks[c]
            once |= s.masks[c]
        for bit in _bits(once & ~twice):
            for c in s.open(house):
                if s.masks[c] & bit:
                    s.place(c, bit.bit_length())
                    used += 1
                    break
    return used


def _locked(s: Candidates, pairs) -> int:
    for inside, rest_a, rest_b in pairs:
        here = there = 0
        for c in s.open(inside):
            here |= s.masks[c]
        for c in s.open(rest_a):
            there |= s.masks[c]
        for bit in _bits(here & ~there):
            if sum(s.eliminate(c, bit) for c in rest_b):
                return 1
    return 0


def pointing(s: Candidates) -> int:
    return _locked(s, s.t.pointing)


def box_line(s: Candidates) -> int:
    return _locked(s, s.t.box_line)


def _naked(s: Candidates, k: int) -> int:
    for house in s.t.houses:
        open_ = s.open(house)
        if len(open_) <= k:
            continue
        small = [c for c in open_ if s.masks[c].bit_count() <= k]
        for group in combinations(small, k):
            union = 0
            for c in group:
                union |= s.masks[c]
            if union.bit_count() == k:
                if sum(s.eliminate(c, union) for c in open_ if c not in group):
                    return 1
    return 0


def _hidden(s: Candidates, k: int) -> int:
    for house in s.t.full_houses:
        open_ = s.open(house)
        if len(open_) <= k:
            continue
        where: dict[int, int] = {}  # value bit -> bitmask over positions in open_
        for i, c in enumerate(open_):
            for bit in _bits(s.masks[c]):
                where[bit] = where.get(bit, 0) | 1 << i
        few = [bit for bit, w in where.items() if 2 <= w.bit_count() <= k]
        for group in combinations(few, k):
            cells = keep = 0
            for bit in group:
                cells |= where[bit]
                keep |= bit
            if cells.bit_count() == k:
                if sum(s.eliminate(open_[i], ~keep) for i in range(len(open_)) if cells >> i & 1):
                    return 1
    return 0


def naked_pair(s: Candidates) -> int:
    return _naked(s, 2)


def hidden_pair(s: Candidates) -> int:
    return _hidden(s, 2)


def naked_triple(s: Candidates) -> int:
    return _naked(s, 3)


def hidden_triple(s: Candidates) -> int:
    return _hidden(s, 3)


def x_wing(s: Candidates) -> int:
    t = s.t
    for bit in _bits((1 << t.n) - 1):
        for lines, across in ((t.rows, t.cols), (t.cols, t.rows)):
            seen: dict[int, int] = {}  # positions along the line -> first line with them
            for i, line in enumerate(lines):
                pos = 0
                for j, c in enumerate(line):
                    if not s.values[c] and s.masks[c] & bit:
                        pos |= 1 << j
                if pos.bit_count() != 2:
                    continue
                if pos not in seen:
                    seen[pos] = i
                    continue
                other = seen[pos]
                if sum(s.eliminate(across[j][r], bit) for j in range(t.n) if pos >> j & 1
                       for r in range(t.n) if r not in (i, other)):
                    return 1
    return 0


#: The logical solver's steps, easiest first (names as in ``TECHNIQUES``).
STEPS: tuple[tuple[str, Callable[[Candidates], int]], ...] = (
    ("naked_single", naked_single),
    ("hidden_single", hidden_single),
    ("pointing", pointing),
    ("box_line", box_line),
    ("naked_pair", naked_pair),
    ("hidden_pair", hidden_pair),
    ("naked_triple", naked_triple),
    ("hidden_triple", hidden_triple),
    ("x_wing", x_wing),
)


def logical_solve(board: Board, solution: Sequence[int] | None = None) -> tuple[Counter, list[int]]:
    """Apply the techniques, easiest first, until the board is full or none applies.

    With ``solution``, a stall is passed by an oracle's guess (counted as ``guess``) and
    the board is always filled; without it the solver stops at the stall. Returns the
    technique counts and the values placed (``0`` where still open).
    """
    s = Candidates.from_board(board)
    used: Counter = Counter()
    while not s.solved:
        for name, step in STEPS:
            k = step(s)
            if k:
                used[name] += k
                break
        else:
            if solution is None:
                break
            cell = min((c for c in range(s.t.ncells) if not s.values[c]),
                       key=lambda c: s.masks[c].bit_count())
            s.place(cell, solution[cell])
            used["guess"] += 1
    return used, s.values


def grade(board: Board) -> Grade:
    """Grade a puzzle: the techniques a person needs, the level, the search effort.

    Raises ``PuzzleError`` when the puzzle has no solution.
    """
    from .backends import solve

    found = clashes(board)
    if found:
        raise PuzzleError(f"the puzzle has no solution: {found[0]}")
    result = solve(board, "backtrack", limit=2)
    solution = result.solution
    if solution is None:
        raise PuzzleError("the puzzle has no solution")
    if not is_solution(board, solution):
        raise RuntimeError(f"the backtracker returned a non-solution: {board.to_text(solution)}")
    used, values = logical_solve(board, solution)
    if tuple(values) != tuple(solution):  # logic is sound: it never departs from a solution
        raise RuntimeError(f"the logical solver went wrong on {board.to_text()}")
    techniques = {name: used[name] for name in TECHNIQUES if used[name]}
    return Grade(level_of(techniques), techniques, int(result.stats.get("nodes", 0)),
                 not used["guess"], result.exhausted and len(result.solutions) == 1)
