"""The CP-SAT model of a variant puzzle: one integer variable per cell, native constraints.

Builds an ``ortools.sat.python.cp_model.CpModel`` and never solves it
(``sudoku_cp.variants.cpsat`` does). ``x[cell]`` is named ``x[r,c]`` (0-based).
Houses and cages are ``add_all_different``; sums are linear equalities; orderings are
inequalities; binary rules with no arithmetic form (ratio dots, negative constraints)
are tables of allowed or forbidden pairs; lines that depend on positions (sandwich,
X-sum, skyscraper) use Boolean indicators reified on linear conditions.

>>> from sudoku_cp.variants.model import VariantPuzzle, Thermometer
>>> m = encode(VariantPuzzle(4, constraints=(Thermometer((0, 1)),)))
>>> len(m.x), m.x[5].name
(16, 'x[1,1]')
"""

from __future__ import annotations

from itertools import combinations, product

from .model import KING, KNIGHT, ORTHO, VariantPuzzle, leaper_steps, line_segments, neighbours as _neighbours, shown_ratios
from .paradigms import UnsupportedConstraint


class CP:
    """A ``CpModel`` and its cell variables ``x``."""

    def __init__(self, puzzle: VariantPuzzle):
        from ..cp_import import cp_model as load_cp_model, new_model  # (without pandas)

        cp_model = load_cp_model()

        self.cp_model = cp_model
        self.puzzle = puzzle
        self.model = new_model()  # (snake_case only: no camelCase aliases made per model)
        w = puzzle.cols
        self.lo, self.hi = puzzle.values
        self.values = list(puzzle.value_range)
        self._is = {}
        self.shown = []  # unknowns a solution is told apart by (chaos regions)
        self.parameters = {}  # CP-SAT parameters an encoding asks for (chaos: no LP)
        domains = candidates(puzzle) if CANDIDATES else {}
        self.x = [self._cell_var(domains.get(c), f"x[{c // w},{c % w}]")
                  for c in range(puzzle.num_cells)]

    def _cell_var(self, values, name):
        if values is None:
            return self.model.new_int_var(self.lo, self.hi, name)
        return self.model.new_int_var_from_domain(self.cp_model.Domain.FromValues(values), name)

    def int_var(self, lo, hi, name):
        return self.model.new_int_var(lo, hi, name)

    def bool_var(self, name):
        return self.model.new_bool_var(name)

    def is_value(self, cell, value):
        """The Boolean "cell holds value", made once and channelled to ``x[cell]``."""
        key = (cell, value)
        if key not in self._is:  # (on the model itself: a definition, never enforced by an or)
            model = getattr(self.model, "_model", self.model)
            b = model.new_bool_var(f"is[{cell},{value}]")
            model.add(self.x[cell] == value).OnlyEnforceIf(b)
            model.add(self.x[cell] != value).OnlyEnforceIf(b.Not())
            self._is[key] = b
        return self._is[key]

    def table(self, ok) -> list:
        """The value pairs ``ok(u, v)`` allows."""
        return [(u, v) for u, v in product(self.values, repeat=2) if ok(u, v)]

    def pairs(self, a, b, ok):
        """A table of the value pairs ``ok`` allows between cells ``a`` and ``b``; ``ok``
        may be the table itself (``table``: a rule over many pairs makes it once)."""
        table = ok if isinstance(ok, list) else self.table(ok)
        self.model.add_allowed_assignments([self.x[a], self.x[b]], table)


#: Cell variables start from the givens' eliminations in the houses (and the singles that
#: follow) instead of the full value range: fewer values for CP-SAT to encode.
CANDIDATES = True


def candidates(puzzle: VariantPuzzle) -> dict:
    """Cell -> its sorted candidate values where the givens narrow it: a given's value
    is taken out of every other cell of its houses (all different in every paradigm),
    and a cell left with one value does the same. A cell left with none is not narrowed
    (the all-different says there is no solution)."""
    houses = puzzle.houses()
    if not puzzle.givens or not houses:
        return {}
    of = {}
    for h in houses:
        for c in h:
            of.setdefault(c, []).append(h)
    full = frozenset(puzzle.value_range)
    cand = {}
    todo = list(puzzle.givens)
    fixed = set()
    while todo:
        cell, value = todo.pop()
        if cell in fixed:
            continue
        fixed.add(cell)
        for h in of.get(cell, ()):
            for o in h:
                if o == cell or o in fixed:
                    continue
                left = cand.get(o, full)
                if value in left:
                    left = left - {value}
                    cand[o] = left
                    if len(left) == 1:
                        todo.append((o, next(iter(left))))
    given = {c for c, _ in puzzle.givens}
    return {c: sorted(v) for c, v in cand.items() if v and c not in given}


def encode(puzzle: VariantPuzzle) -> CP:
    """The CP model of ``puzzle`` (givens fixed); an unknown type is refused by name."""
    cp = CP(puzzle)
    for house in puzzle.houses():
        cp.model.add_all_different([cp.x[c] for c in house])
    for cell, value in puzzle.givens:
        cp.model.add(cp.x[cell] == value)
    for k, c in enumerate(puzzle.constraints):
        encoder = ENCODERS.get(c.TYPE)
        if encoder is None:
            raise UnsupportedConstraint(c.TYPE, "cpsat")
        encoder(cp, c, k)
    return cp


def _xs(cp, cells):
    return [cp.x[c] for c in cells]


# -- one encoder per constraint type ------------------------------------------------------------

#: How a chosen set of a killer cage bounds its cells: ``clauses`` (the set chosen implies
#: "the cell holds one of its values", over the cells' value Booleans) or ``domain`` (a
#: domain constraint on the cell, enforced by the set; before 2026-11-30). Over the 34
#: killers of the wider set, CPU geomean x0.90 where both settle, iss-examples-18 20,993 ->
#: 12,245 conflicts (docs/variants_speed.md, sixteenth round).
CAGE_IN = "clauses"


def _killer_cage(cp, c, k):
    xs = _xs(cp, c.cells)
    cp.model.add_all_different(xs)
    if c.total is None:
        return
    cp.model.add(sum(xs) == c.total)
    # Beside the sum, choose one allowed set of distinct values: the set bounds every
    # cell's domain, each of its values sits in some cell, and a cell's value needs a
    # chosen set that holds it. Without this CP-SAT timed out (20 s) on a killer with no
    # givens that it now solves in about 2 s; a table of every ordering did not help.
    sets = [s for s in combinations(cp.values, len(xs)) if sum(s) == c.total]
    choice = [cp.bool_var(f"cage{k}_{'_'.join(map(str, s))}") for s in sets]
    cp.model.add_exactly_one(choice)
    for s, chosen in zip(sets, choice):
        for cell, x in zip(c.cells, xs):
            if CAGE_IN == "clauses":
                cp.model.add_bool_or([cp.is_value(cell, v) for v in s]).OnlyEnforceIf(chosen)
                continue
            inside = cp.cp_model.Domain.FromValues(list(s))
            cp.model.add_linear_expression_in_domain(x, inside).OnlyEnforceIf(chosen)
        for v in s:
            cp.model.add_bool_or([cp.is_value(cell, v) for cell in c.cells]).OnlyEnforceIf(chosen)
    for cell in c.cells:
        for v in cp.values:
            holders = [ch for s, ch in zip(sets, choice) if v in s]
            cp.model.add_bool_or([*holders, cp.is_value(cell, v).Not()])


def _sum(cp, c, k):
    cp.model.add(sum(_xs(cp, c.cells)) == c.total)


def _arrow(cp, c, k):
    nb = len(c.bulb)
    number = sum(10 ** (nb - 1 - i) * cp.x[b] for i, b in enumerate(c.bulb))
    cp.model.add(number == sum(_xs(cp, c.shaft)))


def _double_arrow(cp, c, k):
    cp.model.add(cp.x[c.cells[0]] + cp.x[c.cells[-1]] == sum(_xs(cp, c.cells[1:-1])))


def _is(cp, var, value, name):
    b = cp.bool_var(name)
    cp.model.add(var == value).OnlyEnforceIf(b)
    cp.model.add(var != value).OnlyEnforceIf(b.Not())
    return b


def _gated(cp, var, on, name):
    """``var`` when ``on`` else 0."""
    y = cp.int_var(min(0, cp.lo), max(0, cp.hi), name)
    cp.model.add(y == var).OnlyEnforceIf(on)
    cp.model.add(y == 0).OnlyEnforceIf(on.Not())
    return y


def _sandwich(cp, c, k):
    xs = _xs(cp, c.cells)
    if len(xs) == cp.hi - cp.lo + 1:  # the line holds every value: the crusts are lo and hi
        low, high = cp.lo, cp.hi
    else:  # the line's own smallest and largest values (ISS's Lunchbox)
        # (bounds on every cell and one cell at each, below: CP-SAT 9.15 without presolve
        # called a feasible model infeasible with AddMin/MaxEquality here, a differential
        # test found: .Shape~9x9~10.NoBoxes.Sandwich~0~R7.~R7C1_5~R7C3_6~R7C9_8)
        low, high = cp.int_var(cp.lo, cp.hi, f"sw{k}_min"), cp.int_var(cp.lo, cp.hi, f"sw{k}_max")
        for x in xs:
            cp.model.add(low <= x)
            cp.model.add(x <= high)
    ends = [(_is(cp, x, low, f"sw{k}_lo{i}"), _is(cp, x, high, f"sw{k}_hi{i}"))
            for i, x in enumerate(xs)]
    cp.model.add(sum(a for a, _ in ends) == 1)
    cp.model.add(sum(b for _, b in ends) == 1)
    parts = []
    for i, x in enumerate(xs):
        before = sum(a + b for a, b in ends[:i])
        here = ends[i][0] + ends[i][1]
        inside = cp.bool_var(f"sw{k}_in{i}")
        # strictly inside <=> exactly one end before and the cell is no end: before + 2*here == 1
        cp.model.add(before + 2 * here == 1).OnlyEnforceIf(inside)
        cp.model.add(before + 2 * here != 1).OnlyEnforceIf(inside.Not())
        parts.append(_gated(cp, x, inside, f"sw{k}_y{i}"))
    cp.model.add(sum(parts) == c.total)


def _x_sum(cp, c, k):
    xs = _xs(cp, c.cells)
    first = xs[0]
    parts = [first]
    for i in range(1, len(xs)):
        counted = cp.bool_var(f"xs{k}_in{i}")
        cp.model.add(first >= i + 1).OnlyEnforceIf(counted)
        cp.model.add(first <= i).OnlyEnforceIf(counted.Not())
        parts.append(_gated(cp, xs[i], counted, f"xs{k}_y{i}"))
    cp.model.add(first <= len(xs))
    cp.model.add(first >= 1)
    cp.model.add(sum(parts) == c.total)


def _skyscraper(cp, c, k):
    xs = _xs(cp, c.cells)
    top = xs[0]
    if cp.lo < 0:  # the ground is 0: a building of height 0 (or less) is never seen
        top = cp.int_var(0, max(cp.hi, 0), f"sky{k}_top0")
        cp.model.add_max_equality(top, [xs[0], 0])
    if cp.lo > 0:
        seen = [1]
    else:
        s0 = cp.bool_var(f"sky{k}_seen0")
        cp.model.add(xs[0] > 0).OnlyEnforceIf(s0)
        cp.model.add(xs[0] <= 0).OnlyEnforceIf(s0.Not())
        seen = [s0]
    for i in range(1, len(xs)):
        s = cp.bool_var(f"sky{k}_seen{i}")
        cp.model.add(xs[i] > top).OnlyEnforceIf(s)
        cp.model.add(xs[i] <= top).OnlyEnforceIf(s.Not())
        seen.append(s)
        new_top = cp.int_var(cp.lo, cp.hi, f"sky{k}_top{i}")
        cp.model.add_max_equality(new_top, [top, xs[i]])
        top = new_top
    cp.model.add(sum(seen) == c.count)


def _chain(rel):
    def encode_line(cp, c, k):
        for a, b in zip(c.cells, c.cells[1:]):
            rel(cp, c, cp.x[a], cp.x[b])
    return encode_line


def _abs_at_least(cp, c, a, b):
    d = cp.int_var(0, cp.hi - cp.lo, "")
    cp.model.add_abs_equality(d, a - b)
    cp.model.add(d >= c.difference)


def _renban(cp, c, k):
    xs = _xs(cp, c.cells)
    cp.model.add_all_different(xs)
    lo, hi = cp.int_var(cp.lo, cp.hi, f"rb{k}_min"), cp.int_var(cp.lo, cp.hi, f"rb{k}_max")
    cp.model.add_min_equality(lo, xs)
    cp.model.add_max_equality(hi, xs)
    cp.model.add(hi - lo == len(xs) - 1)


def _palindrome(cp, c, k):
    for i in range(len(c.cells) // 2):
        cp.model.add(cp.x[c.cells[i]] == cp.x[c.cells[-1 - i]])


def _end_range(cp, c, k):
    a, b = cp.x[c.cells[0]], cp.x[c.cells[-1]]
    lo, hi = cp.int_var(cp.lo, cp.hi, f"e{k}_lo"), cp.int_var(cp.lo, cp.hi, f"e{k}_hi")
    cp.model.add_min_equality(lo, [a, b])
    cp.model.add_max_equality(hi, [a, b])
    return lo, hi


def _between(cp, c, k):
    lo, hi = _end_range(cp, c, k)
    for m in c.cells[1:-1]:
        cp.model.add(cp.x[m] > lo)
        cp.model.add(cp.x[m] < hi)


def _lockout(cp, c, k):
    lo, hi = _end_range(cp, c, k)
    cp.model.add(hi - lo >= c.difference)
    for i, m in enumerate(c.cells[1:-1]):
        below = cp.bool_var(f"lo{k}_{i}")
        cp.model.add(cp.x[m] < lo).OnlyEnforceIf(below)
        cp.model.add(cp.x[m] > hi).OnlyEnforceIf(below.Not())


def _region_sum_line(cp, c, k):
    segments = line_segments(cp.puzzle, c.cells)
    total = cp.int_var(0, cp.hi * len(c.cells), f"rsl{k}")
    for seg in segments:
        cp.model.add(sum(_xs(cp, seg)) == total)


def _zipper(cp, c, k):
    cells, size = c.cells, len(c.cells)
    centre = cp.x[cells[size // 2]] if size % 2 else cp.int_var(2 * cp.lo, 2 * cp.hi, f"zip{k}")
    for i in range(size // 2):
        cp.model.add(cp.x[cells[i]] + cp.x[cells[size - 1 - i]] == centre)


def _windows(cp, cells, size, key):
    for i in range(len(cells) - size + 1):
        cp.model.add_all_different(key[i:i + size])
    if len(cells) < size:
        cp.model.add_all_different(key)


def _entropic(cp, c, k):
    if len(cp.values) % 3:  # (as the witness: the rule names three equal thirds)
        raise UnsupportedConstraint("entropic", "cpsat: a value range that does not split into "
                                    "three equal thirds")
    third = len(cp.values) // 3
    groups = []
    for i, cell in enumerate(c.cells):
        g = cp.int_var(0, 2, f"ent{k}_{i}")
        cp.model.add_division_equality(g, cp.x[cell] - cp.lo, third)
        groups.append(g)
    _windows(cp, c.cells, 3, groups)


def _modular(cp, c, k):
    rems = []
    for i, cell in enumerate(c.cells):
        r = cp.int_var(0, c.modulus - 1, f"mod{k}_{i}")
        cp.model.add_modulo_equality(r, cp.x[cell], c.modulus)
        rems.append(r)
    _windows(cp, c.cells, c.modulus, rems)


def _domain(ok):
    def encode_cell(cp, c, k):
        allowed = [v for v in cp.values if ok(c, v)]
        cp.model.add_linear_expression_in_domain(
            cp.x[c.cell], cp.cp_model.Domain.FromValues(allowed))
    return encode_cell


def _extreme(sign):
    def encode_group(cp, c, k):
        for x in c.cells:
            for y in _neighbours(cp.puzzle, x, ORTHO):
                if y not in c.cells:
                    cp.model.add(sign * (cp.x[x] - cp.x[y]) > 0)
    return encode_group


def _quadruple(cp, c, k):
    for v in set(c.values):
        hits = [_is(cp, cp.x[x], v, f"q{k}_{v}_{x}") for x in c.cells]
        cp.model.add(sum(hits) >= c.values.count(v))


def _clone(cp, c, k):
    for a, b in zip(c.cells, c.copy):
        cp.model.add(cp.x[a] == cp.x[b])


def _global_pairs(steps, ok):
    def encode_global(cp, c, k):
        p = cp.puzzle
        table = None if ok is None else cp.table(ok)  # (one rule for every pair)
        for a in range(p.num_cells):
            for b in _neighbours(p, a, steps):
                if a < b:
                    if ok is None:
                        cp.model.add(cp.x[a] != cp.x[b])
                    else:
                        cp.pairs(a, b, table)
    return encode_global


def _diagonal(cp, c, k):
    n = cp.puzzle.size
    cp.model.add_all_different([cp.x[r * n + (n - 1 - r if c.slope == 1 else r)] for r in range(n)])


def _disjoint_groups(cp, c, k):
    boxes = cp.puzzle.boxes()
    for i in range(len(boxes[0]) if boxes else 0):
        cp.model.add_all_different([cp.x[box[i]] for box in boxes if i < len(box)])


def _negative(types, bad):
    def encode_negative(cp, c, k):
        p = cp.puzzle
        marked = {frozenset(o.cells) for o in p.constraints if o.TYPE in types}
        table = cp.table(lambda u, v: not bad(p, c, u, v))  # (one rule for every pair)
        for a in range(p.num_cells):
            for b in _neighbours(p, a, ORTHO):
                if a < b and frozenset((a, b)) not in marked:
                    cp.pairs(a, b, table)
    return encode_negative


# -- ISS's cage-like sets and global rules --------------------------------------------------

def _weighted_sum(cp, c, k):
    weights = c.weights or (1,) * len(c.cells)
    cp.model.add(sum(w * cp.x[x] for w, x in zip(weights, c.cells)) == c.total)


def _present(cp, cells, v):
    """A Boolean equivalent to "some cell of ``cells`` holds ``v``"."""
    hits = [cp.is_value(x, v) for x in cells]
    p = cp.bool_var(f"has{v}")
    cp.model.add_max_equality(p, hits)
    return p


def _rellik_cage(cp, c, k):
    cp.model.add_all_different(_xs(cp, c.cells))
    held = {}
    for size in range(1, len(c.cells) + 1):
        for s in combinations(cp.values, size):
            if sum(s) == c.total:
                for v in s:
                    if v not in held:
                        held[v] = _present(cp, c.cells, v)
                cp.model.add_bool_or([held[v].Not() for v in s])


def _count_in(cp, cells, group):
    """The number of ``cells`` whose value is in ``group``, as a linear expression."""
    return sum(cp.is_value(x, v) for x in cells for v in group)


def _equality_cage(cp, c, k):
    cp.model.add_all_different(_xs(cp, c.cells))
    half, size = len(cp.values) // 2, len(c.cells) // 2
    low, high = cp.values[:half], cp.values[len(cp.values) - half:]
    allowed = cp.cp_model.Domain.FromValues(low + high)
    for x in c.cells:
        cp.model.add_linear_expression_in_domain(cp.x[x], allowed)
    for group in ([v for v in cp.values if v % 2 == 0], low, high):
        cp.model.add(_count_in(cp, c.cells, group) == size)


def _contain_exact(cp, c, k):
    for v in set(c.values):
        cp.model.add(_count_in(cp, c.cells, [v] if v in cp.values else []) == c.values.count(v))


def _anti_taxicab(cp, c, k):
    n = cp.puzzle.size
    for a in range(n * n):
        for b in range(a + 1, n * n):
            d = abs(a // n - b // n) + abs(a % n - b % n)
            if cp.lo <= d <= cp.hi:
                cp.model.add_bool_or([cp.is_value(a, d).Not(), cp.is_value(b, d).Not()])


def _every_class(classify):
    def encode_squares(cp, c, k):
        n = cp.puzzle.size
        classes = {}
        for v in cp.values:
            classes.setdefault(classify(cp, v), []).append(v)
        for r in range(n - 1):
            for col in range(n - 1):
                square = (r * n + col, r * n + col + 1, (r + 1) * n + col, (r + 1) * n + col + 1)
                for group in classes.values():
                    cp.model.add_bool_or([cp.is_value(x, v) for x in square for v in group])
    return encode_squares


def _dutch_flatmates(cp, c, k):
    n, values = cp.puzzle.size, cp.values
    middle = values[(len(values) + 1) // 2 - 1]
    for x in range(n * n):
        mates = ([cp.is_value(x - n, cp.lo)] if x >= n else []) + (
            [cp.is_value(x + n, cp.hi)] if x + n < n * n else [])
        cp.model.add_bool_or([cp.is_value(x, middle).Not(), *mates])


# -- rules that depend on positions along a line ------------------------------------------------

def _element(cp, control, cells, target, name):
    """``control``'s value k lies in 1..len(cells) and the k-th of ``cells`` is ``target``."""
    index = cp.int_var(0, len(cells) - 1, name)
    cp.model.add(index == cp.x[control] - 1)
    cp.model.add_element(index, _xs(cp, cells), target)


def _indexing(cp, c, k):
    _element(cp, c.cell, c.cells, c.value, f"index{k}")


def _value_indexing(cp, c, k):
    _element(cp, c.cells[1], c.cells[2:], cp.x[c.cells[0]], f"vindex{k}")


def _hidden_skyscraper(cp, c, k):
    line, t = c.cells, c.value
    rising, first = None, []
    for i in range(1, len(line)):
        a, b = cp.x[line[i - 1]], cp.x[line[i]]
        here = cp.bool_var(f"hidden{k}_{i}")
        first.append(here)
        cp.model.add(b == t).OnlyEnforceIf(here)
        cp.model.add(a > t).OnlyEnforceIf(here)
        if rising is not None:
            cp.model.add_implication(here, rising)
        step = cp.bool_var(f"rise{k}_{i}")  # the values up to line[i] strictly increase
        cp.model.add(a < b).OnlyEnforceIf(step)
        if rising is not None:
            cp.model.add_implication(step, rising)
        rising = step
    cp.model.add_bool_or(first)


def _sum_line(cp, c, k):
    top = max(c.total, 1)
    states = [cp.int_var(0, top - 1, f"run{k}_{i}") for i in range(len(c.cells) + 1)]
    if c.loop:
        cp.model.add(states[0] == states[-1])
    else:
        cp.model.add(states[0] == 0)
        cp.model.add(states[-1] == 0)
    moves = [(s, v, 0 if s + v == c.total else s + v) for s in range(top) for v in cp.values
             if 0 <= s + v < c.total or s + v == c.total]
    for i, cell in enumerate(c.cells):
        cp.model.add_allowed_assignments([states[i], cp.x[cell], states[i + 1]], moves)


def _lunchbox(cp, c, k):
    xs = _xs(cp, c.cells)
    cp.model.add_all_different(xs)
    low, high = cp.int_var(cp.lo, cp.hi, f"lunch_lo{k}"), cp.int_var(cp.lo, cp.hi, f"lunch_hi{k}")
    cp.model.add_min_equality(low, xs)
    cp.model.add_max_equality(high, xs)
    at = {}
    for end, var in (("low", low), ("high", high)):
        for i, x in enumerate(xs):
            at[end, i] = b = cp.bool_var(f"lunch{k}_{end}_{i}")
            cp.model.add(x == var).OnlyEnforceIf(b)
            cp.model.add(x != var).OnlyEnforceIf(b.Not())
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            for a, b in (("low", "high"), ("high", "low")):
                cp.model.add(sum(xs[i + 1:j]) == c.total).OnlyEnforceIf([at[a, i], at[b, j]])


#: The implied sum of the values the circles hold (``encode_cnf_cages.CIRCLES_TOTAL``).
CIRCLES_TOTAL = True


def _counting_circles(cp, c, k):
    total = []
    for v in cp.values:
        hits = sum(cp.is_value(x, v) for x in c.cells)
        if 1 <= v <= len(c.cells):
            held = cp.bool_var(f"circles{k}_{v}")
            cp.model.add(hits == v * held)
            total.append(v * held)
        else:
            cp.model.add(hits == 0)
    if CIRCLES_TOTAL and total:
        cp.model.add(sum(total) == len(c.cells))


def _equal_sum(cp, c, k):
    segments, at = [], 0
    for n in c.lengths:
        if n:
            segments.append(c.cells[at:at + n])
        at += n
    if len(segments) < 2:
        return
    common = cp.int_var(min(0, cp.lo) * len(c.cells), max(0, cp.hi) * len(c.cells), f"esum{k}")
    for seg in segments:
        cp.model.add(sum(_xs(cp, seg)) == common)


def _count_distinct(cp, c, k):
    cp.model.add(sum(_present(cp, c.cells, v) for v in cp.values) == cp.x[c.cell])


def _pair(cp, c, k):
    ok = set(zip(c.allowed[::2], c.allowed[1::2]))
    cells = c.cells
    pairs = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]] if c.all_pairs else \
        list(zip(cells, cells[1:]))
    for a, b in pairs:
        cp.pairs(a, b, lambda u, v: (u, v) in ok)


ENCODERS = {
    "killer_cage": _killer_cage,
    "little_killer": _sum,
    "sandwich": _sandwich,
    "x_sum": _x_sum,
    "skyscraper": _skyscraper,
    "arrow": _arrow,
    "double_arrow": _double_arrow,
    "thermometer": _chain(lambda cp, c, a, b: cp.model.add(a < b)),
    "slow_thermometer": _chain(lambda cp, c, a, b: cp.model.add(a <= b)),
    "whisper": _chain(_abs_at_least),
    "renban": _renban,
    "palindrome": _palindrome,
    "between": _between,
    "lockout": _lockout,
    "region_sum_line": _region_sum_line,
    "zipper": _zipper,
    "entropic": _entropic,
    "modular": _modular,
    "difference_dot": lambda cp, c, k: cp.pairs(*c.cells, lambda u, v: abs(u - v) == c.difference),
    "ratio_dot": lambda cp, c, k: cp.pairs(*c.cells, lambda u, v: u == c.ratio * v or v == c.ratio * u),
    "xv": lambda cp, c, k: cp.model.add(cp.x[c.cells[0]] + cp.x[c.cells[1]] == c.total),
    "greater_than": lambda cp, c, k: cp.model.add(cp.x[c.cells[0]] > cp.x[c.cells[1]]),
    "odd": _domain(lambda c, v: v % 2 == 1),
    "even": _domain(lambda c, v: v % 2 == 0),
    "minimum": _extreme(-1),
    "maximum": _extreme(1),
    "quadruple": _quadruple,
    "clone": _clone,
    "candidates": _domain(lambda c, v: v in c.values),
    "extra_region": lambda cp, c, k: cp.model.add_all_different(_xs(cp, c.cells)),
    "diagonal": _diagonal,
    "anti_knight": _global_pairs(KNIGHT, None),
    "anti_king": _global_pairs(KING, None),
    "non_consecutive": _global_pairs(ORTHO, lambda u, v: abs(u - v) != 1),
    "disjoint_groups": _disjoint_groups,
    "negative_dots": _negative(("difference_dot", "ratio_dot"), lambda p, c, u, v: (
        (c.white and abs(u - v) == 1)
        or (c.black and any(u == r * v or v == r * u for r in shown_ratios(p))))),
    "negative_xv": _negative(("xv",), lambda p, c, u, v: (
        (c.x and u + v == 10) or (c.v and u + v == 5))),
    "sum": _weighted_sum,
    "rellik_cage": _rellik_cage,
    "equality_cage": _equality_cage,
    "contain_exact": _contain_exact,
    "anti_taxicab": _anti_taxicab,
    "global_mod": _every_class(lambda cp, v: v % 3),
    "global_entropy": _every_class(lambda cp, v: (v - cp.lo) * 3 // len(cp.values)),
    "dutch_flatmates": _dutch_flatmates,
    "indexing": _indexing,
    "value_indexing": _value_indexing,
    "hidden_skyscraper": _hidden_skyscraper,
    "sum_line": _sum_line,
    "lunchbox": _lunchbox,
    "counting_circles": _counting_circles,
    "equal_sum": _equal_sum,
    "count_distinct": _count_distinct,
    "pair": _pair,
}


def _chess(cp, c, k):
    p, ruled = cp.puzzle, set(c.cells)
    for a in range(p.num_cells):
        for b in _neighbours(p, a, leaper_steps(c.moves)):
            if a < b and (not ruled or a in ruled or b in ruled):
                if not c.values:
                    cp.model.add(cp.x[a] != cp.x[b])
                for v in c.values:
                    if cp.lo <= v <= cp.hi:
                        cp.model.add_bool_or([cp.is_value(a, v).Not(), cp.is_value(b, v).Not()])


def _knightmare(cp, c, k):
    _global_pairs(KNIGHT, lambda u, v: u + v not in c.sums)(cp, c, k)


def _nabner(cp, c, k):
    for i, a in enumerate(c.cells):
        for b in c.cells[i + 1:]:
            cp.pairs(a, b, lambda u, v: abs(u - v) >= 2)


ENCODERS.update({"chess": _chess, "knightmare": _knightmare, "nabner": _nabner,
                 "diagonal_non_consecutive": _global_pairs(KING, lambda u, v: abs(u - v) != 1)})

from . import encode_cp_composite  # noqa: E402  (issue 37: or, and, regex, nfa)

ENCODERS.update(encode_cp_composite.ENCODERS)

from .encode_cp_sets import ENCODERS as _SETS  # noqa: E402  (issue 37: sets, ranks, doppelganger)

ENCODERS.update(_SETS)

from .encode_cp_chaos import ENCODERS as _CHAOS  # noqa: E402  (issue 37: chaos construction)

ENCODERS.update(_CHAOS)
