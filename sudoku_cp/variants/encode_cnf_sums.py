"""CNF encoders of sums and outside clues (``encode_cnf.ENCODERS`` takes them in): killer
cages, little killers, arrows, double arrows, sandwiches (and their lunchbox form),
X-sums, skyscrapers, region-sum lines, zippers.

Sums use the layered partial sums of ``CNF.linear`` (an MDD over one-hot cells); killer
cages with a total use clauses over the allowed combinations of distinct values
instead, and so do arrow shafts and region-sum segments whose cells share a house
(``_set_sum``), with the total a variable; a long arrow shaft sums the sums of its runs
of cells that share a house (``_run_terms``); *conditional* rules (a sandwich between
positions i and j, an X-sum for x) add the negated condition to every clause.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from .encode_cnf_base import _Clauses, _house_pairs, cell_terms, exactly
from .model import line_segments


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
    if SET_SUMS and len(c.shaft) > LONG_SHAFT:  # a sum of its runs' sums, each by its sets
        enc.linear(terms + _run_terms(enc, c.shaft, ("arrow_run", k)), 0, ("arrow", k))
        return
    enc.linear(terms + cell_terms(enc, c.shaft, -1), 0, ("arrow", k))


#: Arrow shafts and region-sum segments whose cells share a house take ``_set_sum``
#: (their sets of distinct values) rather than partial sums; False for measurement.
SET_SUMS = True


#: A shaft of more cells than this (none of the shared puzzles' shafts has more than 4)
#: is cut into runs of cells that share a house (``_run_terms``), and its partial sums
#: go over the runs' sums rather than cell by cell. The 78-cell shaft of a three-digit
#: pill through every other cell (issue 35) makes runs of 6 and 9 cells, whose sums are
#: 21..39 and 45: 3,057 clauses of its own instead of 572,000 (5.5 million before the
#: ladder), and sat settles it with 23 givens in ~4 ms instead of ~1.5 s.
LONG_SHAFT = 9


def _run_terms(enc, cells, tag):
    """``cells`` as terms of weight -1 of a sum: each run of consecutive cells whose
    values differ (``_differ``) one term, its sum, a literal per total it can reach
    (exactly one true), tied to the run's values by ``_set_sum``; a cell alone is the
    term of its own values."""
    runs = [[cells[0]]]
    shared = _house_pairs(enc.puzzle.houses())
    for cell in cells[1:]:
        if all((min(a, cell), max(a, cell)) in shared for a in runs[-1]):
            runs[-1].append(cell)
        else:
            runs.append([cell])
    terms = []
    for i, run in enumerate(runs):
        if len(run) == 1:
            terms.append((enc.x[run[0]], -1))
            continue
        reach = sorted({sum(s) for s in combinations(enc.values, len(run))})
        totals = {t: enc.aux(*tag, i, t) for t in reach}
        enc.exactly_one(list(totals.values()))
        _set_sum(enc, run, totals, (*tag, i, "set"))
        terms.append((totals, -1))
    return terms


def _double_arrow(enc, c, k):
    ends = cell_terms(enc, (c.cells[0], c.cells[-1]))
    enc.linear(ends + cell_terms(enc, c.cells[1:-1], -1), 0, ("double_arrow", k))


def _sandwich(enc, c, k):
    lo, hi = enc.values[0], enc.values[-1]
    line = c.cells
    if len(line) != len(enc.values):
        _lunchbox(enc, c, k)
        return
    for crust in (lo, hi):  # both crusts are on the line (a line without one breaks the rule)
        enc.add([enc.x[x][crust] for x in line])
    for i, j in combinations(range(len(line)), 2):
        for a, b in ((lo, hi), (hi, lo)):
            guard = [-enc.x[line[i]][a], -enc.x[line[j]][b]]
            inner = line[i + 1:j]
            if inner:
                enc.linear(cell_terms(enc, inner), c.total, ("sandwich", k, i, j, a), guard)
            elif c.total != 0:
                enc.add(guard)


def _lunchbox(enc, c, k):
    """A sandwich on a line with fewer cells than values: its crusts are the line's own
    smallest and largest values. One-hot positions of the two, every other cell strictly
    between their values, and the sum of the cells between them guarded by the pair."""
    line, vals = c.cells, enc.values
    low = [enc.aux("sw_min", k, i) for i in range(len(line))]
    high = [enc.aux("sw_max", k, i) for i in range(len(line))]
    enc.exactly_one(low)
    enc.exactly_one(high)
    for i, cell in enumerate(line):
        for v in vals:
            for j, other in enumerate(line):
                if j == i:
                    continue
                for u in vals:
                    if u <= v:  # the smallest is below every other value
                        enc.add([-low[i], -enc.x[cell][v], -enc.x[other][u]])
                    if u >= v:  # the largest above
                        enc.add([-high[i], -enc.x[cell][v], -enc.x[other][u]])
    for i, j in combinations(range(len(line)), 2):
        for a, b in ((low, high), (high, low)):
            guard = [-a[i], -b[j]]
            inner = line[i + 1:j]
            if inner:
                enc.linear(cell_terms(enc, inner), c.total, ("lunchbox", k, i, j, a is low), guard)
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
        for v in vals:
            if v <= 0:  # the ground: a building of height 0 (or less) is never seen
                enc.add([-enc.x[cell][v], -s])
            elif i == 0:
                enc.add([-enc.x[cell][v], s])
        if i == 0:
            continue
        for v in vals:  # seen <-> the cell's value exceeds every earlier one (and 0)
            if v <= 0:
                continue
            enc.add([-enc.x[cell][v], -s, -at_least[i - 1][v]])
            enc.add([-enc.x[cell][v], s, at_least[i - 1][v]])
    exactly(enc, seen, c.count)


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


ENCODERS = {
    "killer_cage": _killer_cage,
    "little_killer": _sum_cells,
    "sandwich": _sandwich,
    "x_sum": _x_sum,
    "skyscraper": _skyscraper,
    "arrow": _arrow,
    "double_arrow": _double_arrow,
    "region_sum_line": _region_sum_line,
    "zipper": _zipper,
}
