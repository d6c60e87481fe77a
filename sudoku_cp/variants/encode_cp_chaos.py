"""The CP-SAT encoding of chaos construction (``encode_cp.ENCODERS`` takes it in).

A region variable ``reg[cell]`` in ``0..size-1`` per cell, with its Booleans
``in[cell][k]``, and the rule in three parts:

- *every region holds every value once*: the keys ``size * reg[cell] + x[cell] - lo``
  all differ (``size * size`` cells, as many keys: each region and value once);
- *one labelling per split*: ``top[cell]``, the largest label up to the cell
  (``AddMaxEquality``), and each label at most one above the ``top`` before it; a cell
  whose label exceeds that ``top`` is its region's first cell, the *root*;
- *connected* (a spanning tree per region): every cell but a root picks one neighbour of
  its region as its parent, with ``depth[cell] == depth[parent] + 1``; a root has depth
  0, so the parents lead to the root without a cycle.

The rows are hinted as the split (rows that differ always are one): on a 9x9 with half
a grid given, 2.9 s to two solutions where no hint found none in 40 s (measured with the
other choices: docs/variants_speed.md). The region variables are *shown* (``cp.shown``):
``cpsat`` blocks each solution over them too, so a grid with two splits is two solutions,
as ISS counts it.
"""

from __future__ import annotations


def _neighbours(n, cell):
    r, c = divmod(cell, n)
    return [x for x, ok in ((cell - n, r > 0), (cell + n, r < n - 1),
                            (cell - 1, c > 0), (cell + 1, c < n - 1)) if ok]


#: How a region is kept connected: ``tree`` (a parent per cell, depths) or ``layers`` (the
#: CNF's reachability layers as Booleans), for measurement (docs/variants_speed.md).
CONNECT = "tree"
#: How each region gets every value once: ``keys`` (one all-different over
#: ``size * region + value``: size x size cells, as many keys) or ``triples`` (a Boolean per
#: cell, region and value, exactly one per region and value), for measurement.
HOLDS = "keys"
HINT = True


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
                model.AddImplication(e, d[b][t - 1])
                model.Add(reg[x] == reg[b]).OnlyEnforceIf(e)
                ways.append(e)
            model.AddBoolOr([d[x][t].Not(), *ways])
    for x in cells:
        model.Add(d[x][n - 1] == 1)


def _regions(cp):
    """The region variables (one set per puzzle, whichever constraint asks first)."""
    if "_chaos_reg" not in cp.__dict__:
        n = cp.puzzle.size
        cp._chaos_reg = [cp.int_var(0, n - 1, f"chaos_reg[{x}]") for x in range(n * n)]
    return cp._chaos_reg


def _same(cp, a, b):
    """A Boolean true exactly when cells ``a`` and ``b`` share a region."""
    if a == b:
        return 1
    a, b = min(a, b), max(a, b)
    made = cp.__dict__.setdefault("_chaos_same", {})
    if (a, b) not in made:
        reg, s = _regions(cp), cp.bool_var(f"chaos_same[{a},{b}]")
        cp.model.Add(reg[a] == reg[b]).OnlyEnforceIf(s)
        cp.model.Add(reg[a] != reg[b]).OnlyEnforceIf(s.Not())
        made[a, b] = s
    return made[a, b]


def _chaos_arrow(cp, c, k):
    """Each arm's run: Booleans "the first j cells share the start's region", each the
    previous one and the next cell's ``_same``; one plus their sum is the value plus the
    offset."""
    runs, at = [], 0
    for length in c.lengths:
        arm, at = c.cells[at:at + length], at + length
        before = 1
        for j, cell in enumerate(arm[1:], 1):
            same = _same(cp, arm[0], cell)
            run = cp.bool_var(f"chaos_arrow{k}_run[{at},{j}]")
            parts = [x for x in (before, same) if not isinstance(x, int)]
            cp.model.AddMinEquality(run, parts) if parts else cp.model.Add(run == 1)
            runs.append(run)
            before = run
    cp.model.Add(cp.x[c.cell] + c.offset == 1 + sum(runs))


def _chaos_count(cp, c, k):
    """One ``_same`` per counted cell after the first; one plus their sum is the value
    plus the offset."""
    cp.model.Add(cp.x[c.cell] + c.offset == 1 + sum(_same(cp, c.cells[0], x) for x in c.cells[1:]))


def _chaos_construction(cp, c, k):
    if k != next(i for i, x in enumerate(cp.puzzle.constraints) if x.TYPE == c.TYPE):
        return  # (a second chaos construction is the same rule: one split, as ISS keeps one)
    model, n = cp.model, cp.puzzle.size
    cells, regions = range(n * n), range(n)
    reg = _regions(cp)
    cp.shown.extend(reg)
    inside = [[cp.bool_var(f"chaos{k}_in[{x},{q}]") for q in regions] for x in cells]
    for x in cells:
        model.AddExactlyOne(inside[x])
        model.Add(reg[x] == sum(q * b for q, b in enumerate(inside[x])))
    if HINT:
        for x in cells:
            model.AddHint(reg[x], x // n)
    if HOLDS == "keys":  # every region holds every value once: (region, value) all differ
        model.AddAllDifferent([n * reg[x] + cp.x[x] - cp.lo for x in cells])
    for q in (regions if HOLDS == "triples" else ()):  # the same, a Boolean per triple
        for v in cp.values:
            ys = []
            for x in cells:
                y = cp.bool_var(f"chaos{k}_y[{x},{q},{v}]")
                isv = cp.is_value(x, v)
                model.AddImplication(y, inside[x][q])
                model.AddImplication(y, isv)
                model.AddBoolOr([y, inside[x][q].Not(), isv.Not()])
                ys.append(y)
            model.AddExactlyOne(ys)
    top = [cp.int_var(0, n - 1, f"chaos{k}_top[{x}]") for x in cells]
    root = [cp.bool_var(f"chaos{k}_root[{x}]") for x in cells]
    model.Add(reg[0] == 0)
    model.Add(top[0] == 0)
    model.Add(root[0] == 1)
    for x in cells[1:]:  # labels in order of first appearance; a root is a region's first cell
        model.AddMaxEquality(top[x], [top[x - 1], reg[x]])
        model.Add(reg[x] <= top[x - 1] + 1)
        model.Add(reg[x] == top[x - 1] + 1).OnlyEnforceIf(root[x])
        model.Add(reg[x] <= top[x - 1]).OnlyEnforceIf(root[x].Not())
    if CONNECT == "layers":
        _layers(cp, k, n, reg, root)
        return
    depth = [cp.int_var(0, n - 1, f"chaos{k}_depth[{x}]") for x in cells]
    for x in cells:  # a spanning tree per region, rooted at its first cell
        parents = []
        for b in _neighbours(n, x):
            p = cp.bool_var(f"chaos{k}_parent[{x},{b}]")
            model.Add(reg[x] == reg[b]).OnlyEnforceIf(p)
            model.Add(depth[x] == depth[b] + 1).OnlyEnforceIf(p)
            parents.append(p)
        model.AddExactlyOne([root[x], *parents])
        model.Add(depth[x] == 0).OnlyEnforceIf(root[x])


def _chaos_same(cp, c, k):
    """Sets of one cell: each shares the first one's region. Larger sets: every cell of
    them meets as many cells of each set in its region (a count of ``_same``)."""
    if c.size == 1:
        for x in c.cells[1:]:
            same = _same(cp, c.cells[0], x)
            if not isinstance(same, int):
                cp.model.Add(same == 1)
        return
    sets = [c.cells[i:i + c.size] for i in range(0, len(c.cells), c.size)]
    for x in dict.fromkeys(c.cells):
        first = sum(_same(cp, x, y) for y in sets[0])
        for other in sets[1:]:
            cp.model.Add(first == sum(_same(cp, x, y) for y in other))


def _chaos_regions(cp, c, k):
    """A cell opens a region when it shares none of the cells before it; the value is the
    number of cells that do."""
    cells = list(dict.fromkeys(c.cells))
    opens = []
    for i, x in enumerate(cells[1:], 1):
        met = cp.bool_var(f"chaos_regions{k}_met[{i}]")  # shares an earlier cell's region
        cp.model.AddMaxEquality(met, [_same(cp, y, x) for y in cells[:i]])
        opens.append(met.Not())
    cp.model.Add(cp.x[c.cell] == 1 + sum(opens))


ENCODERS = {"chaos_construction": _chaos_construction, "chaos_arrow": _chaos_arrow,
            "chaos_count": _chaos_count, "chaos_same": _chaos_same, "chaos_regions": _chaos_regions}
