"""The CNF machinery every variant encoder shares: the formula (``CNF``: a pool keyed by
``(row, col, value)``, clauses, relations, sums), the binary rules, the planned clause
templates, and the layered and direct encodings of a sum.

Split from ``encode_cnf`` (issue 37) so that no module of the variant stack passes ~800
lines; the encoders of each family (``encode_cnf_sums``, ``encode_cnf_relations``,
``encode_cnf_cages``, ``encode_cnf_globals``, ``encode_cnf_positions``) import from here,
and ``encode_cnf`` gathers them into ``ENCODERS``. Nothing here solves.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from functools import lru_cache
from itertools import combinations
from operator import itemgetter

from ..errors import SudokuCpError
from .model import VariantPuzzle


class EncodingTimeUp(SudokuCpError):
    """The deadline passed before the formula was built (``sat`` answers ``timeout``)."""


#: The deadline of the encoding under way on this thread. The plans of sums are cached
#: by their shape and shared by every puzzle, so the deadline, which is the caller's,
#: reaches their building here rather than through their (cached) arguments.
_clock = threading.local()


@contextmanager
def _until(deadline):
    before = getattr(_clock, "deadline", None)
    _clock.deadline = deadline
    try:
        yield
    finally:
        _clock.deadline = before


def _on_time():
    """Raise ``EncodingTimeUp`` once the deadline of the encoding under way has passed."""
    deadline = getattr(_clock, "deadline", None)
    if deadline is not None and time.perf_counter() > deadline:
        raise EncodingTimeUp


#: Clauses built between two looks at the clock in the loops over a plan's clauses.
CLOCK_EVERY = 20_000


class CNF:
    """Clauses and a pool; ``x[cell][value]`` is the literal "cell holds value".

    ``guard``: literals every clause starts with (``sat`` passes ``(-act,)``, so that the
    clauses of a puzzle on its live solver hold only while ``act`` is assumed); built
    into each clause here rather than prepended to 10,000 clauses afterwards.
    ``deadline``: see the module's docstring."""

    def __init__(self, puzzle: VariantPuzzle, start: int | None = None, guard=(),
                 deadline: float | None = None):
        from pysat.formula import IDPool

        self.puzzle = puzzle
        w, values = puzzle.cols, puzzle.value_range
        self.values = values
        if start is None:
            self.pool = IDPool()
            self.x = [{v: self.pool.id((cell // w, cell % w, v)) for v in values}
                      for cell in range(puzzle.num_cells)]
        else:  # the cell-value literals of ``cell_literals``; auxiliaries from ``start`` on
            self.pool = IDPool(start_from=start)
            self.x = cell_literals(puzzle.num_cells, values)
        self.clauses: list[tuple[int, ...]] = []
        self.guard = tuple(guard)
        self.deadline = deadline
        self._relations: dict = {}  # (a, b) -> rules waiting for relations_done
        self.shown: list[int] = []  # unknowns a solution is told apart by (chaos regions)

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
        for at in range(0, len(cuts), CLOCK_EVERY):
            if at:
                _on_time()
            self.clauses.extend([row[a:b] for a, b in cuts[at:at + CLOCK_EVERY]])

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
            for n, clause in enumerate(self.clauses):
                if n % CLOCK_EVERY == CLOCK_EVERY - 1:
                    _on_time()
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
        """Pairwise, or over ``LADDER_ABOVE`` literals a ladder (Sinz's sequential
        counter): ``r[i]`` "one of ``lits[:i + 1]`` holds", three clauses a literal
        instead of one per pair; unit propagation draws the same conclusions."""
        if len(lits) <= LADDER_ABOVE:
            for a, b in combinations(lits, 2):
                self.add([*guard, -a, -b])
            return
        rungs = [self.aux() for _ in lits[:-1]]
        for i, lit in enumerate(lits):
            if i < len(rungs):
                self.add([*guard, -lit, rungs[i]])
            if i > 0:
                self.add([*guard, -lit, -rungs[i - 1]])
                if i < len(rungs):
                    self.add([*guard, -rungs[i - 1], rungs[i]])


#: Groups of more literals than this take the ladder in ``_Plan.at_most_one``: only the
#: states of a sum's layer come so many (a long arrow shaft summed cell by cell with a
#: bulb of two or three digits: ~700 states a layer, 5 of 5.5 million clauses pairwise on
#: a 78-cell shaft, before ``LONG_SHAFT``, and still on one whose cells share no house);
#: the largest layer of the shared puzzles has 33, so their clauses stay as measured.
LADDER_ABOVE = 64


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
        _on_time()
        reach.append({t + w * v for t in reach[-1] for v in lits})
    back = [set() for _ in range(k + 1)]
    back[k] = {total} & reach[k]
    for i in range(k - 1, -1, -1):
        _on_time()
        lits, w = terms[i]
        before = {u - w * v for u in back[i + 1] for v in lits}  # (filtered in reach's order)
        back[i] = {t for t in reach[i] if t in before}
    if not back[0]:
        enc.add([])  # unreachable total: the (guarded) rule is false
        return
    state = [{t: None for t in back[i]} for i in range(k + 1)]
    for i in range(1, k):
        for t in back[i]:
            state[i][t] = enc.aux(i, t)
        if full:  # a ladder's in order of the sums: its rungs read "the sum is at most"
            big = len(back[i]) > LADDER_ABOVE
            enc.exactly_one([state[i][t] for t in (sorted(back[i]) if big else back[i])])

    def lit(i, t):
        return state[i][t]  # None for the fixed first and last layers

    for i, (lits, w) in enumerate(terms):
        _on_time()
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


def cell_literals(cells: int, values) -> list[dict[int, int]]:
    """``x[cell][value]`` for ``cells`` cells, numbered as a fresh ``CNF`` numbers them
    (1 up, cell by cell)."""
    k = len(values)
    return [{v: cell * k + i + 1 for i, v in enumerate(values)} for cell in range(cells)]


def _house(enc, cells, count):
    enc.differ(cells)
    if len(cells) == count:
        for v in enc.values:
            enc.add([enc.x[c][v] for c in cells])


def exactly(enc, lits, bound, guard=None) -> None:
    """Exactly ``bound`` of ``lits`` are true (a sequential counter), or, with ``guard``,
    only when that literal is true (each clause gains ``-guard``). More than there are
    literals is no solution (the guard false)."""
    from pysat.card import CardEnc, EncType

    if bound > len(lits):
        enc.add([] if guard is None else [-guard])
        return
    card = CardEnc.equals(lits=lits, bound=bound, top_id=enc.pool.top,
                          encoding=EncType.seqcounter)
    enc.pool.top = max(enc.pool.top, card.nv)
    for clause in card.clauses:
        enc.add(clause if guard is None else [-guard, *clause])


def _absorb(enc, cnf):
    enc.pool.top = max(enc.pool.top, cnf.nv)
    for clause in cnf.clauses:
        enc.add(clause)
