"""What the witness's builders know about a puzzle (``Context``): its size, values,
houses and dots, the cliques a sum splits into, and the pair rules' tables, made once per
rule and shared by the pairs of cells under it (``relation``, keyed by ``_rule_key``).
"""

from __future__ import annotations

from .witness_props import Relation, RelationTables, between


class Context:
    """What a builder needs to know about the puzzle: size, values, houses, dots."""

    def __init__(self, puzzle) -> None:
        self.puzzle = puzzle
        self.n, self.cols = puzzle.size, puzzle.cols  # (rows, columns)
        self.lo, self.hi = puzzle.values
        self.full = between(self.lo, self.hi)
        self.houses = [tuple(h) for h in puzzle.houses()]
        self.box_of: dict[int, int] = {}
        for i, box in enumerate(puzzle.boxes()):
            for c in box:
                self.box_of[c] = i
        self.peers: set[tuple[int, int]] = set()  # pairs already in one house
        for h in self.houses:
            for a in h:
                for b in h:
                    if a < b:
                        self.peers.add((a, b))
        pairs_of = {}
        for c in puzzle.constraints:
            if c.TYPE in ("difference_dot", "ratio_dot", "xv"):
                pairs_of.setdefault(c.TYPE, set()).add(frozenset(c.cells))
        self.dotted = pairs_of.get("difference_dot", set()) | pairs_of.get("ratio_dot", set())
        self.xv = pairs_of.get("xv", set())
        # Full houses the rules add (diagonals, disjoint groups, full extra regions): filled
        # in by ``build`` before the builders run; pairs sharing one of them differ too.
        self.extra_houses: list[tuple[int, ...]] = []
        self._rules: dict = {}  # a pair rule's key (``_rule_key``) -> its RelationTables

    def is_house(self, cells) -> bool:
        """True when the cells all differ because every pair shares a house."""
        return all((a, b) in self.peers or (b, a) in self.peers
                   for i, a in enumerate(cells) for b in cells[i + 1:])

    def cliques(self, positions, cells):
        """Split ``positions`` (indices into ``cells``) into groups whose cells all share
        houses pairwise: a sum over each group is a sum of distinct values. Two splits
        are made, one greedy as the cells come, one taking first the house that holds
        most of the cells left; the one whose groups bound a sum of distinct values
        tighter wins (the bound grows with the square of a group: a long arrow's shaft of
        32 cells is at least 80 split as the cells come, 98 split by its boxes)."""
        greedy = self._greedy([], list(positions), cells)
        left = list(positions)
        by_house: list[list[int]] = []
        houses = self._house_sets()
        while houses:
            held = [cells[i] for i in left]
            best = max(houses, key=lambda h: sum(map(h.__contains__, held)))
            group = [i for i in left if cells[i] in best]
            if len(group) < 2 or len({cells[i] for i in group}) < len(group):
                break  # (a cell met twice is no group of distinct values)
            by_house.append(group)
            left = [i for i in left if cells[i] not in best]
        by_house = self._greedy(by_house, left, cells)

        def bound(groups):
            return sum(len(g) * (len(g) + 1) for g in groups)
        return by_house if bound(by_house) > bound(greedy) else greedy

    def _house_sets(self) -> list:
        """Every full house (the grid's and the rules' extra ones) as a set, made once
        per set of extra houses (``cliques`` runs for every sum the innies and outies find)."""
        count = len(self.extra_houses)
        if getattr(self, "_sets_for", None) != count:
            self._sets = [frozenset(h) for h in self.houses + self.extra_houses]
            self._sets_for = count
        return self._sets

    def _greedy(self, groups, positions, cells):
        """``groups`` with each of ``positions`` put in the first that it shares houses
        with, or in a group of its own."""
        for i in positions:
            for g in groups:
                if all(self.is_house((cells[i], cells[j])) for j in g):
                    g.append(i)
                    break
            else:
                groups.append([i])
        return groups

    def extra_cliques(self, cells):
        """Positions of ``cells`` grouped by the extra full house holding them (a second
        partition into distinct values, beside ``cliques``'s by rows, columns and boxes);
        None when no two of the cells share an extra house."""
        groups: dict[int, list[int]] = {}
        for i, cell in enumerate(cells):
            key = next((j for j, h in enumerate(self.extra_houses) if cell in h), -1 - i)
            groups.setdefault(key, []).append(i)
        return list(groups.values()) if len(groups) < len(cells) else None

    def relation(self, a: int, b: int, allowed) -> Relation:
        """The rule ``allowed(v, w)`` between cells ``a`` and ``b``. A builder makes one
        function per pair (a lambda in a loop), so the tables are shared by what makes
        the function's answers: its code, defaults and the values it closes over (a
        rule over every neighbour pair, 144 on a 9x9, builds its tables once)."""
        key = _rule_key(allowed)
        tables = self._rules.get(key) if key is not None else None
        if tables is None:
            tables = RelationTables(allowed, self.hi)
            if key is not None:
                self._rules[key] = tables
        return Relation(a, b, allowed, self.hi, tables)

    def neighbours(self):
        """Every orthogonally adjacent pair of cells, each once."""
        n, w = self.n, self.cols
        for r in range(n):
            for c in range(w):
                if c + 1 < w:
                    yield r * w + c, r * w + c + 1
                if r + 1 < n:
                    yield r * w + c, (r + 1) * w + c

    def offsets(self, moves):
        """Pairs of cells ``moves`` apart (each pair once) not already in one house."""
        n, w = self.n, self.cols
        for r in range(n):
            for c in range(w):
                for dr, dc in moves:
                    r2, c2 = r + dr, c + dc
                    if 0 <= r2 < n and 0 <= c2 < w:
                        a, b = r * w + c, r2 * w + c2
                        if a < b and (a, b) not in self.peers:
                            yield a, b


def _rule_key(fn):
    """What decides a pure function's answers: its code, defaults and closed-over values;
    None when one of them cannot be a key (a set, a list), and then nothing is shared."""
    try:
        key = (fn.__code__, fn.__defaults__,
               tuple(cell.cell_contents for cell in fn.__closure__ or ()))
        hash(key)
    except (AttributeError, TypeError, ValueError):  # (not a plain function; unhashable)
        return None
    return key
