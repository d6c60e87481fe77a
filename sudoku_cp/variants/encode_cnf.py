"""The CNF encoding of a variant puzzle: one Boolean per (row, col, value), clauses per rule.

Builds clauses and a variable pool and never solves (``sudoku_cp.variants.sat`` does).
Cell-value variables come from an ``IDPool`` keyed by ``(row, col, value)``; auxiliary
variables by tuples that start with a string naming their constraint.

The base is the project's extended encoding: every cell exactly one value, every value
at most once per house and at least once in a house with as many cells as values.
Each constraint type has one function in ``ENCODERS``; the families:

- *binary relations* (thermometer steps, whispers, dots, XV, greater-than, anti-knight...)
  use the support encoding: ``x[a]=va -> OR x[b]=vb over the vb allowed with va``;
- *sums* (killer cages, little killers, arrows, region-sum lines, sandwiches, X-sums)
  use a layered partial-sum encoding (an MDD over one-hot cells): a state variable
  per reachable partial sum, forward and backward support clauses; killer cages with a
  total use clauses over the allowed combinations of distinct values instead, and so do
  arrow shafts and region-sum segments whose cells share a house (``_set_sum``), with
  the total a variable (the bulb's value, the number its digits spell, the common sum);
- *conditional* rules (a sandwich between positions i and j, an X-sum for x) add the
  negated condition to every clause of the encoding they switch on.

>>> from sudoku_cp.variants.model import VariantPuzzle, KillerCage
>>> enc = encode(VariantPuzzle(4, constraints=(KillerCage((0, 1), 3),)))
>>> enc.nv >= 64, len(enc.clauses) > 0
(True, True)
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from operator import itemgetter

from .model import KING, KNIGHT, ORTHO, VariantPuzzle, line_segments, neighbours as _neighbours, shown_ratios
from .paradigms import UnsupportedConstraint


class CNF:
    """Clauses and a pool; ``x[cell][value]`` is the literal "cell holds value".

    ``guard``: literals every clause starts with (``sat`` passes ``(-act,)``, so that the
    clauses of a puzzle on its live solver hold only while ``act`` is assumed); built
    into each clause here rather than prepended to 10,000 clauses afterwards."""

    def __init__(self, puzzle: VariantPuzzle, start: int | None = None, guard=()):
        from pysat.formula import IDPool

        self.puzzle = puzzle
        n, values = puzzle.size, puzzle.value_range
        self.values = values
        if start is None:
            self.pool = IDPool()
            self.x = [{v: self.pool.id((cell // n, cell % n, v)) for v in values}
                      for cell in range(n * n)]
        else:  # the cell-value literals of ``cell_literals``; auxiliaries from ``start`` on
            self.pool = IDPool(start_from=start)
            self.x = cell_literals(n, values)
        self.clauses: list[tuple[int, ...]] = []
        self.guard = tuple(guard)
        self._relations: dict = {}  # (a, b) -> rules waiting for relations_done

    @property
    def nv(self) -> int:
        return self.pool.top

    def aux(self, *key) -> int:
        return self.pool.id(key)

    def add(self, clause):
        self.clauses.append((*self.guard, *clause))

    def add_planned(self, plan, lits, guard=()):
        """The clauses of ``plan`` (over local literals 1, 2, ...) with local literal ``i``
        read as ``lits[i - 1]``, after this formula's guard and ``guard``."""
        guard = (*self.guard, *guard)
        table = [0, *lits, *guard]
        table.extend([-lit for lit in reversed(table[1:])])  # table[-i] == -table[i]
        take, cuts = plan.getters(len(lits), len(guard))
        row = take(table)
        self.clauses.extend([row[a:b] for a, b in cuts])

    def exactly_one(self, lits, guard=()):
        self.add([*guard, *lits])
        self.at_most_one(lits, guard)

    def at_most_one(self, lits, guard=()):
        self.add_planned(_at_most_one_plan(len(lits)), lits, guard)

    def relation(self, a, b, ok, guard=()):
        """``ok(value_a, value_b)`` between cells ``a`` and ``b``: support clauses
        (``_relation_plan``). Unguarded relations wait for ``relations_done``, which
        encodes every rule on one pair of cells as one relation."""
        if guard:
            self.add_planned(_relation_plan(ok, self.values), [*self.x[a].values(),
                                                               *self.x[b].values()], guard)
        elif a < b:
            self._relations.setdefault((a, b), []).append(ok)
        else:
            self._relations.setdefault((b, a), []).append(_flipped(ok))

    def relations_done(self):
        """The waiting relations, one per pair of cells: the rules on a pair together
        (arc consistency on their conjunction is what each rule's own support clauses
        would give, or stronger), and none for a pair whose only rule is ``!=`` when
        the two cells share a house (the house's clauses say it already)."""
        shared = _house_pairs(self.puzzle.houses())
        different = rule("!=")
        x, values = self.x, self.values
        for (a, b), oks in self._relations.items():
            ok = _all_of(tuple(dict.fromkeys(oks)))
            if ok is different and (a, b) in shared:
                continue
            self.add_planned(_relation_plan(ok, values), [*x[a].values(), *x[b].values()])
        self._relations.clear()

    def differ(self, cells, guard=()):
        for v in self.values:
            self.at_most_one([self.x[c][v] for c in cells], guard)

    #: ``full`` (the default) or ``lean``: see ``linear``.
    sums = "full"

    def linear(self, terms, total, tag, guard=(), force_last=True):
        """``sum(weight * value) == total`` over one-hot ``terms`` ``(lits_by_value, weight)``.

        Short unguarded sums (at most ``SHORT_SUM`` terms) get direct clauses
        (``_direct``); the others a layered partial-sum encoding (``_layered``), ``full``
        unless guarded or ``sums`` is ``lean``. The clauses depend only on the terms'
        values and weights and the total, so they are planned once for each of those
        (``_sum_plan``) and given this sum's literals.
        """
        full = self.sums == "full" and not guard
        form = "direct" if full and len(terms) <= SHORT_SUM else "full" if full else "lean"
        if form == "direct" and not force_last:
            form = "direct-"
        plan = _sum_plan(tuple((tuple(lits), w) for lits, w in terms), total, form)
        table = []
        for lits, _ in terms:
            table.extend(lits.values())
        table.extend(self.aux(tag, n) for n in range(plan.states))
        self.add_planned(plan, table, guard)


@lru_cache(maxsize=None)
def rule(kind: str, k=None):
    """The binary rule ``kind`` (with parameter ``k``) as one function per process, so
    that its clauses are planned once (``_relation_plan``) for every pair it rules.

    >>> rule("<")(1, 2), rule("apart", 5)(1, 5), rule("apart", 5) is rule("apart", 5)
    (True, False, True)
    """
    rules = {
        "<": lambda a, b: a < b,
        "<=": lambda a, b: a <= b,
        ">": lambda a, b: a > b,
        "==": lambda a, b: a == b,
        "!=": lambda a, b: a != b,
        "apart": lambda a, b: abs(a - b) >= k,  # whispers, lockout ends
        "difference": lambda a, b: abs(a - b) == k,  # a white (difference) dot
        "ratio": lambda a, b: a == k * b or b == k * a,  # a black (ratio) dot
        "total": lambda a, b: a + b == k,  # X or V
        "not consecutive": lambda a, b: abs(a - b) != 1,
        "residues differ": lambda a, b: a % k != b % k,  # modular lines
        "groups differ": lambda a, b: (a - k[0]) // k[1] != (b - k[0]) // k[1],  # entropic
        "no dot": lambda a, b: not ((k[0] and abs(a - b) == 1)  # negative dots: (white, ratios)
                                    or any(a == r * b or b == r * a for r in k[1])),
        "no xv": lambda a, b: not ((k[0] and a + b == 10) or (k[1] and a + b == 5)),
    }
    return rules[kind]


@lru_cache(maxsize=None)
def _flipped(ok):
    return lambda a, b: ok(b, a)


@lru_cache(maxsize=None)
def _all_of(oks):
    if len(oks) == 1:
        return oks[0]
    return lambda a, b: all(ok(a, b) for ok in oks)


@lru_cache(maxsize=16)
def _house_pairs(houses):
    return {(a, b) for house in houses for a, b in combinations(sorted(house), 2)}


@lru_cache(maxsize=512)
def _relation_plan(ok, values):
    """Support clauses for ``ok`` over local literals: a's values 1..n, b's n+1..2n.

    Every cell holds exactly one value, so a value that goes with every value of the
    other cell needs no clause, and one that excludes a single value of it needs only
    the binary clause against that value (the same clause from both sides, added
    once): it propagates as the support clause does, and ``!=`` (anti-knight,
    anti-king) costs 9 binary clauses a pair on 9x9 instead of 18 of ten literals."""
    count = len(values)
    table = {(va, vb): ok(va, vb) for va in values for vb in values}
    la = {v: i + 1 for i, v in enumerate(values)}
    lb = {v: count + i + 1 for i, v in enumerate(values)}
    plan, pairs = _Clauses(), set()
    for va in values:
        allowed = [vb for vb in values if table[va, vb]]
        if len(allowed) == count - 1:
            pairs.update((va, vb) for vb in values if not table[va, vb])
        elif len(allowed) < count:
            plan.add([-la[va], *(lb[vb] for vb in allowed)])
    for vb in values:
        allowed = [va for va in values if table[va, vb]]
        if len(allowed) == count - 1:
            pairs.update((va, vb) for va in values if not table[va, vb])
        elif len(allowed) < count:
            plan.add([-lb[vb], *(la[va] for va in allowed)])
    for va, vb in sorted(pairs):
        plan.add([-la[va], -lb[vb]])
    return plan


class _Clauses:
    """Clauses over local literals 1, 2, ..., read off a table of a use's literals
    (``CNF.add_planned``) by one ``itemgetter`` over all the clauses' literals in a row,
    then cut into clauses by slices: a few C calls per clause, not a loop in Python, and
    one object per plan for the garbage collector to follow (an ``itemgetter`` per
    clause made 93,000 of them over the shared sets, each full collection slower)."""

    def __init__(self):
        self.clauses, self._getters = [], {}

    def add(self, clause):
        self.clauses.append(tuple(clause))

    def getters(self, top, guards):
        """``(take, cuts)``: ``take(table)`` gives every clause's literals in a row, each
        clause led by ``guards`` literals read from the table's entries after the
        ``top`` local literals (so the clauses' own literals keep their numbers), and
        ``cuts`` the ``(start, stop)`` of each clause in that row."""
        key = top, guards
        if key not in self._getters:
            head = tuple(range(top + 1, top + guards + 1))
            row, cuts = [], []
            for clause in self.clauses:
                cuts.append((len(row), len(row) + guards + len(clause)))
                row.extend(head + clause)
            take = itemgetter(*row) if len(row) > 1 else (lambda table: tuple(table[i] for i in row))
            self._getters[key] = take, cuts
        return self._getters[key]


class _Plan(_Clauses):
    """The clauses of one sum over local numbers: 1, 2, ... for the terms' values in
    order, then the auxiliary states (``_sum_plan``)."""

    def __init__(self, shape):
        super().__init__()
        self.top, self.terms = 0, []
        for values, w in shape:
            self.terms.append(({v: self.top + 1 + i for i, v in enumerate(values)}, w))
            self.top += len(values)
        self.first_state = self.top + 1

    @property
    def states(self):
        return self.top - self.first_state + 1

    def aux(self, *key):
        self.top += 1
        return self.top

    exactly_one = CNF.exactly_one

    def at_most_one(self, lits, guard=()):
        for a, b in combinations(lits, 2):
            self.add([*guard, -a, -b])


@lru_cache(maxsize=64)
def _at_most_one_plan(count):
    """Pairwise at-most-one over local literals 1..count."""
    plan = _Clauses()
    for a, b in combinations(range(1, count + 1), 2):
        plan.add((-a, -b))
    return plan


@lru_cache(maxsize=4096)
def _sum_plan(shape, total, form):
    plan = _Plan(shape)
    if form.startswith("direct"):
        _direct(plan, plan.terms, total, form == "direct")
    else:
        _layered(plan, plan.terms, total, form == "full")
    return plan


def _layered(enc, terms, total, full):
    """A layered partial-sum encoding (an MDD): states are the partial sums reachable from
    0 and able to reach ``total``. Forward clauses move along the chosen value, and every
    true state needs an incoming and an outgoing choice. ``full`` adds what lets unit
    propagation reason from values back to states: exactly one state per layer, each
    value of a term needs a state before and after it that it joins, and a state with a
    value leads back to the state before. Measured (docs/variants_speed.md): about half
    the conflicts on the long sums of little killers, zipper and region-sum lines;
    guarded sums (sandwich, X-sum: many of them, each switched on by a condition) are
    lean, where the extra clauses cost more to build than they save.
    """
    k = len(terms)
    reach = [{0}]
    for lits, w in terms:
        reach.append({t + w * v for t in reach[-1] for v in lits})
    back = [set() for _ in range(k + 1)]
    back[k] = {total} & reach[k]
    for i in range(k - 1, -1, -1):
        lits, w = terms[i]
        back[i] = {t for t in reach[i] if any(t + w * v in back[i + 1] for v in lits)}
    if not back[0]:
        enc.add([])  # unreachable total: the (guarded) rule is false
        return
    state = [{t: None for t in back[i]} for i in range(k + 1)]
    for i in range(1, k):
        for t in back[i]:
            state[i][t] = enc.aux(i, t)
        if full:
            enc.exactly_one(list(state[i].values()))

    def lit(i, t):
        return state[i][t]  # None for the fixed first and last layers

    for i, (lits, w) in enumerate(terms):
        if full:
            for v, xv in lits.items():  # a value joins a state before and one after
                joins = [t for t in back[i] if t + w * v in back[i + 1]]
                if not joins:
                    enc.add([-xv])
                    continue
                if i > 0:
                    enc.add([-xv, *(lit(i, t) for t in joins)])
                if i + 1 < k:
                    enc.add([-xv, *(lit(i + 1, t + w * v) for t in joins)])
            if 0 < i + 1 < k:  # a state and the value before it give the state before
                for u in back[i + 1]:
                    for v, xv in lits.items():
                        t = u - w * v
                        if i == 0 or t not in back[i]:
                            if i > 0 or t != 0:
                                enc.add([-lit(i + 1, u), -xv])
                        else:
                            enc.add([-lit(i + 1, u), -xv, lit(i, t)])
        for t in back[i]:
            pre = [] if lit(i, t) is None else [-lit(i, t)]
            outgoing = []
            for v, xv in lits.items():
                nxt = t + w * v
                if nxt in back[i + 1]:
                    outgoing.append(xv)
                    post = [] if lit(i + 1, nxt) is None else [lit(i + 1, nxt)]
                    if post:
                        enc.add([*pre, -xv, *post])
                elif pre or not full:  # (full: a value no state joins is out already)
                    enc.add([*pre, -xv])
            enc.add([*pre, *outgoing])
        if i > 1:
            for t in back[i]:  # every true state needs a predecessor
                plits, pw = terms[i - 1]
                preds = [lit(i - 1, t - pw * v) for v in plits if t - pw * v in back[i - 1]]
                enc.add([-lit(i, t), *preds])


def _direct(enc, terms, total, force_last=True):
    """A short sum without states: for every choice of values on all terms but one,
    the last is the one value that completes the total (or none, and the choice is
    excluded; not for the last term unless ``force_last``); and every value needs, on each other term, a value some completion uses (support; none
    when every value of that term is one: the term's own at-least-one says it)."""
    k = len(terms)
    for i, (lits, w) in enumerate(terms):
        if i == k - 1 and not force_last:
            continue
        choices = [(0, ())]  # (weighted sum, negated literals) over the other terms
        for j, (lj, wj) in enumerate(terms):
            if j != i:
                choices = [(t + wj * v, (*neg, -x)) for t, neg in choices for v, x in lj.items()]
        for t, neg in choices:
            rest = total - t
            need = lits.get(rest // w) if rest % w == 0 else None
            enc.add(neg if need is None else (*neg, need))
    for i, (lits, w) in enumerate(terms):
        for j, (ljs, wj) in enumerate(terms):
            if j == i:
                continue
            reach = {0}  # the sums the terms other than i and j can make
            for m, (lm, wm) in enumerate(terms):
                if m != i and m != j:
                    reach = {t + wm * vm for t in reach for vm in lm}
            for v, xv in lits.items():
                rest = total - w * v
                support = [xj for vj, xj in ljs.items() if rest - wj * vj in reach]
                if len(support) < len(ljs):
                    enc.add([-xv, *support])


#: Sums of at most this many terms get ``_direct`` clauses (no state variables).
SHORT_SUM = 3



def cell_terms(enc, cells, weight=1):
    return [(enc.x[c], weight) for c in cells]


#: How killer cages with a total are encoded: ``combinations`` (the default, chosen by
#: measurement: docs/variants.md) or ``sums`` (the layered partial sums other sums use).
CAGE_ENCODINGS = ("combinations", "sums")


def encode(puzzle: VariantPuzzle, cage: str = CAGE_ENCODINGS[0]) -> CNF:
    """The CNF of ``puzzle`` (givens as unit clauses); an unknown type is refused by name."""
    enc = CNF(puzzle)
    enc.cage = cage
    _cells_and_houses(enc)
    for cell, value in puzzle.givens:
        enc.add([enc.x[cell][value]])
    _own(enc)
    return enc


def shape_key(puzzle: VariantPuzzle) -> tuple:
    """What the classic part of a puzzle's CNF depends on: its size, values and houses."""
    return puzzle.size, tuple(puzzle.value_range), puzzle.houses()


def encode_shape(puzzle: VariantPuzzle) -> CNF:
    """The classic part alone, the same for every puzzle of ``shape_key(puzzle)``: every
    cell one value, every house distinct (and complete when it has as many cells as
    values). Its only variables are the cell-value literals of ``cell_literals``."""
    enc = CNF(puzzle)
    _cells_and_houses(enc)
    return enc


def encode_own(puzzle: VariantPuzzle, start: int, cage: str = CAGE_ENCODINGS[0],
               guard=()) -> CNF:
    """The rest: the clauses of ``puzzle``'s own constraints, auxiliary variables numbered
    from ``start`` on, and no givens (the caller assumes them). With ``encode_shape``'s
    clauses and the givens as units it is the formula of ``encode``. Every clause starts
    with the literals of ``guard``."""
    enc = CNF(puzzle, start, guard)
    enc.cage = cage
    _own(enc)
    return enc


def cell_literals(n: int, values) -> list[dict[int, int]]:
    """``x[cell][value]``, numbered as a fresh ``CNF`` numbers them (1 up, cell by cell)."""
    k = len(values)
    return [{v: cell * k + i + 1 for i, v in enumerate(values)} for cell in range(n * n)]


def _cells_and_houses(enc):
    count = len(enc.values)
    for cell in range(enc.puzzle.num_cells):
        enc.exactly_one(list(enc.x[cell].values()))
    for house in enc.puzzle.houses():
        _house(enc, house, count)


def _own(enc):
    for k, c in enumerate(enc.puzzle.constraints):
        encoder = ENCODERS.get(c.TYPE)
        if encoder is None:
            raise UnsupportedConstraint(c.TYPE, "sat")
        encoder(enc, c, k)
    enc.relations_done()


def _house(enc, cells, count):
    enc.differ(cells)
    if len(cells) == count:
        for v in enc.values:
            enc.add([enc.x[c][v] for c in cells])


# -- one encoder per constraint type ------------------------------------------------------------

def _killer_cage(enc, c, k):
    enc.differ(c.cells)
    if c.total is None:
        return
    if enc.cage == "sums":
        enc.linear(cell_terms(enc, c.cells), c.total, ("cage_sum", k))
        return
    sets = _cage_sets(tuple(enc.values), len(c.cells), c.total)
    if not sets:
        enc.add([])
        return
    choice = [enc.aux("cage", k, s) for s in sets]
    enc.exactly_one(choice)
    for s, ch in zip(sets, choice):
        for cell in c.cells:
            enc.add([-ch, *(enc.x[cell][v] for v in s)])
        for v in s:
            enc.add([-ch, *(enc.x[cell][v] for cell in c.cells)])
    for cell in c.cells:
        for v in enc.values:
            enc.add([-enc.x[cell][v], *(ch for s, ch in zip(sets, choice) if v in s)])


@lru_cache(maxsize=1024)
def _cage_sets(values, size, total):
    """The sets of ``size`` distinct ``values`` that sum to ``total``."""
    return [s for s in combinations(values, size) if sum(s) == total]


def _differ(enc, cells) -> bool:
    """Whether every two of ``cells`` share a house of the shape (so their values differ)."""
    shared = _house_pairs(enc.puzzle.houses())
    return all((a, b) in shared for a, b in combinations(sorted(cells), 2))


def _set_sum(enc, cells, totals, tag):
    """``cells``, whose values differ (``_differ``), sum to the ``t`` whose literal
    ``totals[t]`` holds (the caller keeps exactly one of ``totals`` true): through the
    sets of distinct values the cells may hold, as a killer cage's are, so a value every
    set with a possible total needs goes to the only cell left for it, and the total
    follows the set. A partial-sum encoding knows neither that the values differ nor
    that each value of the set appears."""
    plan = _set_sum_plan(enc.values, len(cells), tuple(totals))
    table = [lit for cell in cells for lit in enc.x[cell].values()]
    table.extend(totals.values())
    table.extend(enc.aux(*tag, n) for n in range(plan.sets))
    enc.add_planned(plan, table)


@lru_cache(maxsize=256)
def _set_sum_plan(values, size, totals):
    """``_set_sum``'s clauses over local literals: the cells' values (cell by cell), the
    totals, then one choice per set of ``size`` distinct values with one of the totals."""
    plan, k = _Clauses(), len(values)
    x = [{v: c * k + i + 1 for i, v in enumerate(values)} for c in range(size)]
    total = {t: size * k + i + 1 for i, t in enumerate(totals)}
    sets = [s for s in combinations(values, size) if sum(s) in total]
    first = size * k + len(totals) + 1
    by_total = {t: [] for t in totals}
    holding = {v: [] for v in values}
    for n, s in enumerate(sets):
        ch = first + n
        by_total[sum(s)].append(ch)
        plan.add([-ch, total[sum(s)]])
        for v in s:
            holding[v].append(ch)
            plan.add([-ch, *(xc[v] for xc in x)])
        for xc in x:
            plan.add([-ch, *(xc[v] for v in s)])
    for t in totals:
        plan.add([-total[t], *by_total[t]])
    for xc in x:
        for v in values:
            plan.add([-xc[v], *holding[v]])
    plan.sets = len(sets)
    return plan


def _number(enc, cells, wanted, tag):
    """One literal per number in ``wanted`` that ``cells`` can spell as decimal digits
    (values 0..9 only: a larger value is no digit, and two fillings could spell one
    number), exactly one of them true, each equivalent to its digits:
    ``{number: literal}``. Digits that spell no wanted number are ruled out."""
    digits = [list(enc.x[c].items()) for c in cells]
    spelt = {}
    for choice in product(*digits):
        t = 0
        for v, _ in choice:
            t = 10 * t + v
        if t in wanted and t not in spelt:
            spelt[t] = enc.aux(*tag, t)
        enc.add([*(-lit for _, lit in choice), *([spelt[t]] if t in spelt else [])])
    enc.exactly_one(list(spelt.values()))
    nb = len(cells)
    for t, lit in spelt.items():
        for i, cell in enumerate(cells):
            enc.add([-lit, enc.x[cell][t // 10 ** (nb - 1 - i) % 10]])
    for i, cell in enumerate(cells):
        for v, lit in enc.x[cell].items():
            enc.add([-lit, *(n for t, n in spelt.items() if t // 10 ** (nb - 1 - i) % 10 == v)])
    return spelt


def _sum_cells(enc, c, k):
    enc.linear(cell_terms(enc, c.cells), c.total, ("sum", k))


def _arrow(enc, c, k):
    nb = len(c.bulb)
    terms = [(enc.x[cell], 10 ** (nb - 1 - i)) for i, cell in enumerate(c.bulb)]
    if SET_SUMS and len(c.shaft) > 1 and _differ(enc, c.shaft):  # the shaft's sum by its sets
        reach = {sum(s) for s in combinations(enc.values, len(c.shaft))}
        if nb == 1:  # the bulb's value is the total
            bulb = enc.x[c.bulb[0]]
            for v, lit in bulb.items():
                if v not in reach:
                    enc.add([-lit])
            _set_sum(enc, c.shaft, {v: lit for v, lit in bulb.items() if v in reach},
                     ("arrow_set", k))
            return
        if all(0 <= v <= 9 for v in enc.values):  # digits: each number spelt one way
            total = _number(enc, c.bulb, reach, ("arrow_total", k))
            _set_sum(enc, c.shaft, total, ("arrow_set", k))
            return
    enc.linear(terms + cell_terms(enc, c.shaft, -1), 0, ("arrow", k))


#: Arrow shafts and region-sum segments whose cells share a house take ``_set_sum``
#: (their sets of distinct values) rather than partial sums; False for measurement.
SET_SUMS = True


def _double_arrow(enc, c, k):
    ends = cell_terms(enc, (c.cells[0], c.cells[-1]))
    enc.linear(ends + cell_terms(enc, c.cells[1:-1], -1), 0, ("double_arrow", k))


def _sandwich(enc, c, k):
    lo, hi = enc.values[0], enc.values[-1]
    line = c.cells
    for i, j in combinations(range(len(line)), 2):
        for a, b in ((lo, hi), (hi, lo)):
            guard = [-enc.x[line[i]][a], -enc.x[line[j]][b]]
            inner = line[i + 1:j]
            if inner:
                enc.linear(cell_terms(enc, inner), c.total, ("sandwich", k, i, j, a), guard)
            elif c.total != 0:
                enc.add(guard)


def _x_sum(enc, c, k):
    for x in enc.values:
        guard = [-enc.x[c.cells[0]][x]]
        if x < 1 or x > len(c.cells):
            enc.add(guard)
            continue
        terms = [({v: l for v, l in enc.x[c.cells[0]].items() if v == x}, 1)]
        enc.linear(terms + cell_terms(enc, c.cells[1:x]), c.total, ("x_sum", k, x), guard)


def _skyscraper(enc, c, k):
    line, vals = c.cells, enc.values
    # at_least[i][v]: the largest value among the first i+1 cells is >= v
    at_least = []
    for i, cell in enumerate(line):
        row = {}
        for v in vals:
            m = enc.aux("sky", k, i, v)
            row[v] = m
            here = [enc.x[cell][u] for u in vals if u >= v]
            before = [at_least[i - 1][v]] if i else []
            enc.add([-m, *here, *before])
            for lit in here + before:
                enc.add([m, -lit])
        at_least.append(row)
    seen = []
    for i, cell in enumerate(line):
        s = enc.aux("sky_seen", k, i)
        seen.append(s)
        if i == 0:
            enc.add([s])
            continue
        for v in vals:  # seen <-> the cell's value exceeds every earlier one
            enc.add([-enc.x[cell][v], -s, -at_least[i - 1][v]])
            enc.add([-enc.x[cell][v], s, at_least[i - 1][v]])
    from pysat.card import CardEnc, EncType

    card = CardEnc.equals(lits=seen, bound=c.count, top_id=enc.pool.top, encoding=EncType.seqcounter)
    _absorb(enc, card)


def _absorb(enc, cnf):
    enc.pool.top = max(enc.pool.top, cnf.nv)
    for clause in cnf.clauses:
        enc.add(clause)


def _chain(ok):
    def encode_line(enc, c, k):
        for a, b in zip(c.cells, c.cells[1:]):
            enc.relation(a, b, ok(c))
    return encode_line


def _pair(ok):
    def encode_pair(enc, c, k):
        a, b = c.cells
        enc.relation(a, b, ok(c))
    return encode_pair


def _renban(enc, c, k):
    enc.differ(c.cells)
    size = len(c.cells)
    starts = [s for s in enc.values if s + size - 1 <= enc.values[-1]]
    runs = [enc.aux("renban", k, s) for s in starts]
    enc.exactly_one(runs)
    for s, r in zip(starts, runs):
        for cell in c.cells:
            enc.add([-r, *(enc.x[cell][v] for v in range(s, s + size))])
        for v in range(s, s + size):  # as many cells as values: each of the run's appears
            enc.add([-r, *(enc.x[cell][v] for cell in c.cells)])


def _palindrome(enc, c, k):
    cells = c.cells
    for i in range(len(cells) // 2):
        enc.relation(cells[i], cells[-1 - i], rule("=="))


def _ends_rule(inner_ok, ends_ok=None):
    def encode_line(enc, c, k):
        a, b = c.cells[0], c.cells[-1]
        if ends_ok:
            enc.relation(a, b, ends_ok(c))
        for va in enc.values:
            for vb in enc.values:
                bad = [vm for vm in enc.values if not inner_ok(c, va, vb, vm)]
                for m in c.cells[1:-1]:
                    for vm in bad:
                        enc.add([-enc.x[a][va], -enc.x[b][vb], -enc.x[m][vm]])
    return encode_line


def _between_ok(c, a, b, m):
    return min(a, b) < m < max(a, b)


def _lockout_ok(c, a, b, m):
    return not min(a, b) <= m <= max(a, b)


def _region_sum_line(enc, c, k):
    segments = line_segments(enc.puzzle, c.cells)
    if len(segments) < 2:
        return
    # the common sum lies within every segment's range (a single cell's values, at most)
    low = max(len(s) for s in segments) * min(enc.values)
    top = min(len(s) for s in segments) * max(enc.values)
    sums = {t: enc.aux("rsl", k, t) for t in range(low, top + 1)}
    enc.exactly_one(list(sums.values()))
    for i, seg in enumerate(segments):
        if SET_SUMS and len(seg) > 1 and _differ(enc, seg):
            _set_sum(enc, seg, sums, ("rsl_set", k, i))
        else:
            enc.linear(cell_terms(enc, seg) + [(sums, -1)], 0, ("rsl_seg", k, i))


def _zipper(enc, c, k):
    cells = c.cells
    size = len(cells)
    pairs = [(cells[i], cells[size - 1 - i]) for i in range(size // 2)]
    if size % 2:
        centre = enc.x[cells[size // 2]]
    else:
        centre = {t: enc.aux("zip", k, t) for t in range(2 * enc.values[0], 2 * enc.values[-1] + 1)}
        enc.exactly_one(list(centre.values()))
    for i, (a, b) in enumerate(pairs):
        enc.linear(cell_terms(enc, (a, b)) + [(centre, -1)], 0, ("zip_pair", k, i),
                   force_last=ZIPPER_FORCES_CENTRE)


#: Whether each zipper pair's direct clauses include those by which the pair's two
#: values force the centre. Without them the pair's other clauses still force it,
#: through the centre's own at-least-one, one step later: iss-examples-10 (zipper lines)
#: about a sixth faster with 27% fewer of its sums' clauses. Other short sums keep them
#: (dropped everywhere, f-puzzles 29's short arrows were a quarter slower in one run;
#: docs/variants_speed.md, sixth round).
ZIPPER_FORCES_CENTRE = False


def _window(ok, size_of):
    def encode_line(enc, c, k):
        size = size_of(c)
        for i in range(len(c.cells)):
            for j in range(i + 1, min(i + size, len(c.cells))):
                enc.relation(c.cells[i], c.cells[j], ok(enc, c))
    return encode_line


def _entropy_ok(enc, c):
    if len(enc.values) % 3:  # (as the witness: the rule names three equal thirds)
        raise UnsupportedConstraint("entropic", "sat: a value range that does not split into "
                                    "three equal thirds")
    return rule("groups differ", (enc.values[0], len(enc.values) // 3))


def _unit(ok):
    def encode_cell(enc, c, k):
        for v in enc.values:
            if not ok(c, v):
                enc.add([-enc.x[c.cell][v]])
    return encode_cell


def _extreme(less):
    def encode_group(enc, c, k):
        for x in c.cells:
            for y in _neighbours(enc.puzzle, x, ORTHO):
                if y not in c.cells:
                    enc.relation(x, y, less)
    return encode_group


def _quadruple(enc, c, k):
    from pysat.card import CardEnc, EncType

    for v in set(c.values):
        need = c.values.count(v)
        lits = [enc.x[x][v] for x in c.cells]
        if need == 1:
            enc.add(lits)
        else:
            _absorb(enc, CardEnc.atleast(lits, bound=need, top_id=enc.pool.top,
                                         encoding=EncType.seqcounter))


def _clone(enc, c, k):
    for a, b in zip(c.cells, c.copy):
        enc.relation(a, b, rule("=="))


def _global_pairs(steps, ok):
    def encode_global(enc, c, k):
        p = enc.puzzle
        for a in range(p.num_cells):
            for b in _neighbours(p, a, steps):
                if a < b:
                    enc.relation(a, b, ok)
    return encode_global


def _diagonal(enc, c, k):
    n = enc.puzzle.size
    cells = [r * n + (n - 1 - r if c.slope == 1 else r) for r in range(n)]
    _house(enc, cells, len(enc.values))


def _disjoint_groups(enc, c, k):
    boxes = enc.puzzle.boxes()
    for i in range(len(boxes[0]) if boxes else 0):
        _house(enc, [box[i] for box in boxes if i < len(box)], len(enc.values))


def _marked(puzzle, types):
    return {frozenset(c.cells) for c in puzzle.constraints if c.TYPE in types}


def _negative_dots(enc, c, k):
    dotted = _marked(enc.puzzle, ("difference_dot", "ratio_dot"))

    _negative(enc, dotted, rule("no dot", (c.white, shown_ratios(enc.puzzle) if c.black else ())))


def _negative_xv(enc, c, k):
    marked = _marked(enc.puzzle, ("xv",))
    _negative(enc, marked, rule("no xv", (c.x, c.v)))


def _negative(enc, marked, ok):
    p = enc.puzzle
    for a in range(p.num_cells):
        for b in _neighbours(p, a, ORTHO):
            if a < b and frozenset((a, b)) not in marked:
                enc.relation(a, b, ok)


ENCODERS = {
    "killer_cage": _killer_cage,
    "little_killer": _sum_cells,
    "sandwich": _sandwich,
    "x_sum": _x_sum,
    "skyscraper": _skyscraper,
    "arrow": _arrow,
    "double_arrow": _double_arrow,
    "thermometer": _chain(lambda c: rule("<")),
    "slow_thermometer": _chain(lambda c: rule("<=")),
    "whisper": _chain(lambda c: rule("apart", c.difference)),
    "renban": _renban,
    "palindrome": _palindrome,
    "between": _ends_rule(_between_ok),
    "lockout": _ends_rule(_lockout_ok, lambda c: rule("apart", c.difference)),
    "region_sum_line": _region_sum_line,
    "zipper": _zipper,
    "entropic": _window(_entropy_ok, lambda c: 3),
    "modular": _window(lambda enc, c: rule("residues differ", c.modulus), lambda c: c.modulus),
    "difference_dot": _pair(lambda c: rule("difference", c.difference)),
    "ratio_dot": _pair(lambda c: rule("ratio", c.ratio)),
    "xv": _pair(lambda c: rule("total", c.total)),
    "greater_than": _pair(lambda c: rule(">")),
    "odd": _unit(lambda c, v: v % 2 == 1),
    "even": _unit(lambda c, v: v % 2 == 0),
    "minimum": _extreme(rule("<")),
    "maximum": _extreme(rule(">")),
    "quadruple": _quadruple,
    "clone": _clone,
    "candidates": _unit(lambda c, v: v in c.values),
    "extra_region": lambda enc, c, k: _house(enc, c.cells, len(enc.values)),
    "diagonal": _diagonal,
    "anti_knight": _global_pairs(KNIGHT, rule("!=")),
    "anti_king": _global_pairs(KING, rule("!=")),
    "non_consecutive": _global_pairs(ORTHO, rule("not consecutive")),
    "disjoint_groups": _disjoint_groups,
    "negative_dots": _negative_dots,
    "negative_xv": _negative_xv,
}
