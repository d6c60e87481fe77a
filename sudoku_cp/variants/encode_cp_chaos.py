"""The CP-SAT encoding of chaos construction (``encode_cp.ENCODERS`` takes it in).

A region variable ``reg[cell]`` in ``0..size-1`` per cell, with its Booleans
``in[cell][k]`` (exactly one a cell), and the rule in three parts, all on Booleans:

- *every region holds every value once*: a Boolean per cell, region and value (the cell
  is in the region and holds the value), exactly one per region and value;
- *one labelling per split*: ``seen[cell][k]`` "label ``k`` is met up to the cell"; label
  ``k`` needs ``k - 1`` met before it; a cell whose label was not met before it is its
  region's first cell, the *root*;
- *connected* (reachability layers): ``d[cell][t]`` "reached from its root in ``t`` steps
  through neighbours of its region", every cell by ``t = size - 1``.

"Two cells share a region" is a Boolean tied to the ``in`` Booleans by clauses, and two
implied rules use it on neighbours: every cell shares its region with a neighbour, and
two neighbours of one region share it with a third next to them (a region of ``size``
cells, connected, has no part of one or two cells alone). CP-SAT's linear relaxation is
off for a model with a chaos construction (``cp.parameters``): with it, 4,000 conflicts
took 10 s on a 9x9. The rows are hinted as the split (rows that differ always are one):
on a 9x9 with a quarter of a grid given, two solutions in 0.9 s against 21 s without.
Each choice against the earlier model (a spanning tree with depths, one all-different
over ``size * region + value``, a ``top`` label by ``AddMaxEquality``) is measured in
docs/variants_speed.md; the switches below keep the earlier ones for measurement. The region variables are *shown* (``cp.shown``):
``cpsat`` blocks each solution over them too, so a grid with two splits is two
solutions, as ISS counts it.
"""

from __future__ import annotations


def _neighbours(n, cell):
    r, c = divmod(cell, n)
    return [x for x, ok in ((cell - n, r > 0), (cell + n, r < n - 1),
                            (cell - 1, c > 0), (cell + 1, c < n - 1)) if ok]


#: How a region is kept connected: ``layers`` (reachability layers as Booleans) or
#: ``tree`` (a parent per cell, depths).
CONNECT = "layers"
#: How each region gets every value once: ``triples`` (a Boolean per cell, region and
#: value, exactly one per region and value) or ``keys`` (one all-different over
#: ``size * region + value``: size x size cells, as many keys).
HOLDS = "triples"
#: How labels follow their first appearance: ``seen`` (prefix Booleans, as clauses) or
#: ``top`` (the largest label so far, by ``AddMaxEquality``).
SYMMETRY = "seen"
#: "Two cells share a region": ``clauses`` on the ``in`` Booleans or ``reified`` (an
#: equality of the region variables, enforced both ways).
SAME = "clauses"
#: The implied rules on neighbours: ``lone`` (every cell shares its region with a
#: neighbour), ``pair`` (two neighbours of one region share it with a third next to them).
IMPLIED = frozenset({"lone", "pair"})
#: The rows hinted as the split (``AddHint``), and CP-SAT's ``linearization_level`` for a
#: model with a chaos construction (None: CP-SAT's default).
HINT = True
LINEARIZATION = 0
#: How a chaos arrow's run Booleans ("the arm's first cells share the start's region") are
#: tied to their parts: ``clauses`` (the run implies each part; all parts imply the run) or
#: ``min`` (``AddMinEquality``, before 2026-11-30): iss-examples-49 16,329 -> 11,803
#: conflicts (docs/variants_speed.md, sixteenth round).
RUNS = "clauses"


def _layers(cp, k, n, reg, root):
    """Reached within ``t`` steps of its root through neighbours of its region, every cell
    by ``t = n - 1``."""
    model, cells = cp.model, range(n * n)
    d = [[root[x]] for x in cells]
    for t in range(1, n):
        for x in cells:
            d[x].append(cp.bool_var(f"chaos{k}_d[{x},{t}]"))
        for x in cells:
            ways = [d[x][t - 1]]
            for b in _neighbours(n, x):
                e = cp.bool_var(f"chaos{k}_e[{x},{b},{t}]")
                model.add_implication(e, d[b][t - 1])
                if SAME == "clauses":
                    model.add_implication(e, _same(cp, x, b))
                else:
                    model.add(reg[x] == reg[b]).OnlyEnforceIf(e)
                ways.append(e)
            model.add_bool_or([d[x][t].Not(), *ways])
    for x in cells:
        model.add(d[x][n - 1] == 1)


def _top(cp, k, n, reg, root):
    """Labels in order of first appearance: ``top[cell]``, the largest label up to the
    cell; a root's label is one above the ``top`` before it."""
    model, cells = cp.model, range(n * n)
    top = [cp.int_var(0, n - 1, f"chaos{k}_top[{x}]") for x in cells]
    model.add(top[0] == 0)
    for x in cells[1:]:
        model.add_max_equality(top[x], [top[x - 1], reg[x]])
        model.add(reg[x] <= top[x - 1] + 1)
        model.add(reg[x] == top[x - 1] + 1).OnlyEnforceIf(root[x])
        model.add(reg[x] <= top[x - 1]).OnlyEnforceIf(root[x].Not())


def _first_seen(cp, k, n, inside, root):
    """Labels in order of first appearance, as clauses: ``seen[cell][q]`` "label ``q`` is
    met up to the cell"; label ``q`` needs ``q - 1`` met before; a cell is a root when
    its label was not met before it."""
    model, cells = cp.model, range(n * n)
    seen = [[cp.bool_var(f"chaos{k}_seen[{x},{q}]") for q in range(n)] for x in cells]
    for x in cells:
        for q in range(n):
            model.add_implication(inside[x][q], seen[x][q])
            if x == 0:
                model.add_implication(seen[x][q], inside[x][q])
                continue
            model.add_implication(seen[x - 1][q], seen[x][q])
            model.add_bool_or([seen[x][q].Not(), seen[x - 1][q], inside[x][q]])
            if q:
                model.add_implication(inside[x][q], seen[x - 1][q - 1])
            model.add_bool_or([inside[x][q].Not(), seen[x - 1][q], root[x]])
            model.add_bool_or([inside[x][q].Not(), seen[x - 1][q].Not(), root[x].Not()])


def _shared(cp, a, b):
    """A Boolean true exactly when cells ``a`` and ``b`` share a region, as clauses on the
    Booleans ``in``."""
    made = cp.__dict__.setdefault("_chaos_shared", {})
    if (a, b) not in made:
        inside, model, n = cp._chaos_in, cp.model, cp.puzzle.size
        s = made[a, b] = cp.bool_var(f"chaos_shared[{a},{b}]")
        for q in range(n):
            model.add_bool_or([s.Not(), inside[a][q].Not(), inside[b][q]])
            model.add_bool_or([s.Not(), inside[b][q].Not(), inside[a][q]])
            model.add_bool_or([s, inside[a][q].Not(), inside[b][q].Not()])
    return made[a, b]


def _regions(cp):
    """The region variables (one set per puzzle, whichever constraint asks first)."""
    if "_chaos_reg" not in cp.__dict__:
        n = cp.puzzle.size
        reg = cp._chaos_reg = [cp.int_var(0, n - 1, f"chaos_reg[{x}]") for x in range(n * n)]
        inside = cp._chaos_in = [[cp.bool_var(f"chaos_in[{x},{q}]") for q in range(n)]
                                 for x in range(n * n)]
        for x in range(n * n):
            cp.model.add_exactly_one(inside[x])
            cp.model.add(reg[x] == sum(q * b for q, b in enumerate(inside[x])))
    return cp._chaos_reg


def _same(cp, a, b):
    """A Boolean true exactly when cells ``a`` and ``b`` share a region."""
    if a == b:
        return 1
    a, b = min(a, b), max(a, b)
    if SAME == "clauses":
        _regions(cp)
        return _shared(cp, a, b)
    made = cp.__dict__.setdefault("_chaos_same", {})
    if (a, b) not in made:
        reg, s = _regions(cp), cp.bool_var(f"chaos_same[{a},{b}]")
        cp.model.add(reg[a] == reg[b]).OnlyEnforceIf(s)
        cp.model.add(reg[a] != reg[b]).OnlyEnforceIf(s.Not())
        made[a, b] = s
    return made[a, b]


def _chaos_arrow(cp, c, k):
    """Each arm's run: Booleans "the first j cells share the start's region", each the
    previous one and the next cell's ``_same`` (as clauses: ``RUNS``); one plus their sum
    is the value plus the offset."""
    runs, at = [], 0
    for length in c.lengths:
        arm, at = c.cells[at:at + length], at + length
        before = 1
        for j, cell in enumerate(arm[1:], 1):
            same = _same(cp, arm[0], cell)
            run = cp.bool_var(f"chaos_arrow{k}_run[{at},{j}]")
            parts = [x for x in (before, same) if not isinstance(x, int)]
            if not parts:
                cp.model.add(run == 1)
            elif RUNS == "clauses":  # run <-> every part
                for part in parts:
                    cp.model.add_implication(run, part)
                cp.model.add_bool_or([run, *(part.Not() for part in parts)])
            else:
                cp.model.add_min_equality(run, parts)
            runs.append(run)
            before = run
    cp.model.add(cp.x[c.cell] + c.offset == 1 + sum(runs))


def _chaos_count(cp, c, k):
    """One ``_same`` per counted cell after the first; one plus their sum is the value
    plus the offset."""
    cp.model.add(cp.x[c.cell] + c.offset == 1 + sum(_same(cp, c.cells[0], x) for x in c.cells[1:]))


def _chaos_construction(cp, c, k):
    if k != next(i for i, x in enumerate(cp.puzzle.constraints) if x.TYPE == c.TYPE):
        return  # (a second chaos construction is the same rule: one split, as ISS keeps one)
    model, n = cp.model, cp.puzzle.size
    cells, regions = range(n * n), range(n)
    reg = _regions(cp)
    if LINEARIZATION is not None:
        cp.parameters["linearization_level"] = LINEARIZATION
    cp.shown.extend(reg)
    inside = cp._chaos_in
    if HINT:
        for x in cells:
            model.add_hint(reg[x], x // n)
    if HOLDS == "keys":  # every region holds every value once: (region, value) all differ
        model.add_all_different([n * reg[x] + cp.x[x] - cp.lo for x in cells])
    for q in (regions if HOLDS == "triples" else ()):  # the same, a Boolean per triple
        for v in cp.values:
            ys = []
            for x in cells:
                y = cp.bool_var(f"chaos{k}_y[{x},{q},{v}]")
                isv = cp.is_value(x, v)
                model.add_implication(y, inside[x][q])
                model.add_implication(y, isv)
                model.add_bool_or([y, inside[x][q].Not(), isv.Not()])
                ys.append(y)
            model.add_exactly_one(ys)
    root = [cp.bool_var(f"chaos{k}_root[{x}]") for x in cells]
    model.add(reg[0] == 0)
    model.add(root[0] == 1)
    if SYMMETRY == "seen":
        _first_seen(cp, k, n, inside, root)
    else:
        _top(cp, k, n, reg, root)
    if "lone" in IMPLIED and n > 1:  # implied: no region of one cell, nor of two alone
        for x in cells:
            model.add_bool_or([_same(cp, x, b) for b in _neighbours(n, x)])
    if "pair" in IMPLIED and n > 2:
        for a in cells:
            for b in _neighbours(n, a):
                if a < b:
                    model.add_bool_or([_same(cp, a, b).Not(),
                                     *(_same(cp, a, c) for c in _neighbours(n, a) if c != b),
                                     *(_same(cp, b, c) for c in _neighbours(n, b) if c != a)])
    if CONNECT == "layers":
        _layers(cp, k, n, reg, root)
        return
    depth = [cp.int_var(0, n - 1, f"chaos{k}_depth[{x}]") for x in cells]
    for x in cells:  # a spanning tree per region, rooted at its first cell
        parents = []
        for b in _neighbours(n, x):
            p = cp.bool_var(f"chaos{k}_parent[{x},{b}]")
            model.add(reg[x] == reg[b]).OnlyEnforceIf(p)
            model.add(depth[x] == depth[b] + 1).OnlyEnforceIf(p)
            parents.append(p)
        model.add_exactly_one([root[x], *parents])
        model.add(depth[x] == 0).OnlyEnforceIf(root[x])


def _chaos_same(cp, c, k):
    """Sets of one cell: each shares the first one's region. Larger sets: every cell of
    them meets as many cells of each set in its region (a count of ``_same``)."""
    if c.size == 1:
        for x in c.cells[1:]:
            same = _same(cp, c.cells[0], x)
            if not isinstance(same, int):
                cp.model.add(same == 1)
        return
    sets = [c.cells[i:i + c.size] for i in range(0, len(c.cells), c.size)]
    for x in dict.fromkeys(c.cells):
        first = sum(_same(cp, x, y) for y in sets[0])
        for other in sets[1:]:
            cp.model.add(first == sum(_same(cp, x, y) for y in other))


def _chaos_regions(cp, c, k):
    """A cell opens a region when it shares none of the cells before it; the value is the
    number of cells that do."""
    cells = list(dict.fromkeys(c.cells))
    opens = []
    for i, x in enumerate(cells[1:], 1):
        met = cp.bool_var(f"chaos_regions{k}_met[{i}]")  # shares an earlier cell's region
        cp.model.add_max_equality(met, [_same(cp, y, x) for y in cells[:i]])
        opens.append(met.Not())
    cp.model.add(cp.x[c.cell] == 1 + sum(opens))


ENCODERS = {"chaos_construction": _chaos_construction, "chaos_arrow": _chaos_arrow,
            "chaos_count": _chaos_count, "chaos_same": _chaos_same, "chaos_regions": _chaos_regions}
