"""The independent checker: does a grid of values keep every rule of a variant puzzle?

Each rule is checked from its definition, on the finished grid, one small function per
constraint type; nothing here is shared with the encoders, so an encoding mistake
cannot hide behind the same mistake in the check.

>>> from sudoku_cp.variants.model import VariantPuzzle, Thermometer
>>> p = VariantPuzzle(4, constraints=(Thermometer((0, 1)),))
>>> grid = (2, 1, 4, 3, 4, 3, 2, 1, 1, 2, 3, 4, 3, 4, 1, 2)
>>> check_solution(p, grid)
['thermometer R1C1-R1C2: 2 then 1 does not increase']
>>> is_solution(p, (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1))
True
"""

from __future__ import annotations

from itertools import combinations

from .model import VariantPuzzle


def check_solution(puzzle: VariantPuzzle, values) -> list[str]:
    """Every broken rule of ``puzzle`` in the grid ``values`` (row-major), as short sentences."""
    n = puzzle.size
    v = tuple(values)
    if len(v) != n * n:
        return [f"the grid has {len(v)} values, not {n * n}"]
    broken = []
    lo, hi = puzzle.values
    for cell, x in enumerate(v):
        if not isinstance(x, int) or not lo <= x <= hi:
            broken.append(f"{_name(puzzle, cell)} holds {x!r}, outside {lo}..{hi}")
    if broken:
        return broken
    for cell, x in puzzle.givens:
        if v[cell] != x:
            broken.append(f"given {x} at {_name(puzzle, cell)} holds {v[cell]}")
    for house in puzzle.houses():
        broken += _differ("house", puzzle, v, house)
    for c in puzzle.constraints:
        check = CHECKS[c.TYPE]
        broken += [f"{c.TYPE} {_where(puzzle, c)}: {why}" for why in check(puzzle, v, c)]
    return broken


def is_solution(puzzle: VariantPuzzle, values) -> bool:
    """True when ``values`` keeps every rule of ``puzzle``."""
    return not check_solution(puzzle, values)


def _name(p, cell):
    return f"R{cell // p.size + 1}C{cell % p.size + 1}"


def _where(p, c):
    cells = getattr(c, "cells", None) or getattr(c, "bulb", None)
    if cells is None and hasattr(c, "cell"):
        cells = (c.cell,)
    if not cells:
        return "(whole grid)"
    return "-".join(_name(p, x) for x in cells[:2]) + ("..." if len(cells) > 2 else "")


def _differ(what, p, v, cells):
    out = []
    for a, b in combinations(cells, 2):
        if v[a] == v[b]:
            out.append(f"{what} repeats {v[a]} at {_name(p, a)} and {_name(p, b)}")
    return out


def _neighbours(p, cell, steps):
    n = p.size
    r, c = divmod(cell, n)
    for dr, dc in steps:
        rr, cc = r + dr, c + dc
        if 0 <= rr < n and 0 <= cc < n:
            yield rr * n + cc


ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
KING_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))


def _pairs(p, steps):
    """Each unordered pair of cells ``steps`` apart, once."""
    for a in range(p.num_cells):
        for b in _neighbours(p, a, steps):
            if a < b:
                yield a, b


# -- one check per constraint type: each yields the reasons it is broken -----------------

def _killer_cage(p, v, c):
    yield from (why.replace("house ", "") for why in _differ("house", p, v, c.cells))
    s = sum(v[x] for x in c.cells)
    if c.total is not None and s != c.total:
        yield f"sums to {s}, not {c.total}"


def _sum_is(total):
    def check(p, v, c):
        s = sum(v[x] for x in c.cells)
        if s != c.total:
            yield f"sums to {s}, not {c.total}"
    return check


def _sandwich(p, v, c):
    line = [v[x] for x in c.cells]
    lo, hi = p.values
    i, j = sorted((line.index(lo), line.index(hi))) if lo in line and hi in line else (0, 0)
    s = sum(line[i + 1:j])
    if s != c.total:
        yield f"the sandwich sums to {s}, not {c.total}"


def _x_sum(p, v, c):
    x = v[c.cells[0]]
    s = sum(v[y] for y in c.cells[:x]) if x >= 0 else None
    if s != c.total:
        yield f"the first {x} values sum to {s}, not {c.total}"


def _skyscraper(p, v, c):
    seen, top = 0, None
    for x in c.cells:
        if top is None or v[x] > top:
            seen, top = seen + 1, v[x]
    if seen != c.count:
        yield f"{seen} visible, not {c.count}"


def _arrow(p, v, c):
    number = 0
    for x in c.bulb:
        number = number * 10 + v[x]
    s = sum(v[x] for x in c.shaft)
    if s != number:
        yield f"shaft sums to {s}, bulb reads {number}"


def _double_arrow(p, v, c):
    ends = v[c.cells[0]] + v[c.cells[-1]]
    mid = sum(v[x] for x in c.cells[1:-1])
    if ends != mid:
        yield f"ends sum to {ends}, middle to {mid}"


def _thermometer(p, v, c):
    for a, b in zip(c.cells, c.cells[1:]):
        if not v[a] < v[b]:
            yield f"{v[a]} then {v[b]} does not increase"


def _slow_thermometer(p, v, c):
    for a, b in zip(c.cells, c.cells[1:]):
        if v[a] > v[b]:
            yield f"{v[a]} then {v[b]} decreases"


def _whisper(p, v, c):
    for a, b in zip(c.cells, c.cells[1:]):
        if abs(v[a] - v[b]) < c.difference:
            yield f"{v[a]} and {v[b]} differ by less than {c.difference}"


def _renban(p, v, c):
    vals = sorted(v[x] for x in c.cells)
    if vals != list(range(vals[0], vals[0] + len(vals))):
        yield f"{vals} is not a run of consecutive distinct values"


def _palindrome(p, v, c):
    line = [v[x] for x in c.cells]
    if line != line[::-1]:
        yield f"{line} does not read the same backwards"


def _between(p, v, c):
    a, b = sorted((v[c.cells[0]], v[c.cells[-1]]))
    for x in c.cells[1:-1]:
        if not a < v[x] < b:
            yield f"{v[x]} at {_name(p, x)} is not strictly between {a} and {b}"


def _lockout(p, v, c):
    a, b = sorted((v[c.cells[0]], v[c.cells[-1]]))
    if b - a < c.difference:
        yield f"ends {a} and {b} differ by less than {c.difference}"
    for x in c.cells[1:-1]:
        if a <= v[x] <= b:
            yield f"{v[x]} at {_name(p, x)} lies within {a}..{b}"


def _region_of(p):
    region = {}
    for k, house in enumerate(p.boxes()):
        for x in house:
            region[x] = k
    return region


def _region_sum_line(p, v, c):
    region = _region_of(p)
    sums, last = [], None
    for x in c.cells:
        if region.get(x) != last:
            sums.append(0)
            last = region.get(x)
        sums[-1] += v[x]
    if len(set(sums)) > 1:
        yield f"segment sums {sums} differ"


def _zipper(p, v, c):
    cells = c.cells
    k = len(cells)
    sums = {v[cells[i]] + v[cells[k - 1 - i]] for i in range(k // 2)}
    if k % 2:
        sums.add(v[cells[k // 2]])
    if len(sums) > 1:
        yield f"pair sums {sorted(sums)} differ"


def _entropic(p, v, c):
    lo, hi = p.values
    third = (hi - lo + 1) // 3
    for i in range(max(1, len(c.cells) - 2)):  # a line of one or two cells: one window
        window = c.cells[i:i + 3]
        groups = {(v[x] - lo) // third for x in window}
        if len(groups) != len(window):
            yield f"cells {i + 1}..{i + len(window)} repeat a low, middle or high value"


def _modular(p, v, c):
    m = c.modulus
    for i in range(max(1, len(c.cells) - m + 1)):  # a line shorter than m: one window
        window = c.cells[i:i + m]
        rems = [v[x] % m for x in window]
        if len(set(rems)) != len(window):
            yield f"cells {i + 1}..{i + len(window)} repeat a remainder mod {m}"


def _difference_dot(p, v, c):
    a, b = c.cells
    if abs(v[a] - v[b]) != c.difference:
        yield f"{v[a]} and {v[b]} do not differ by {c.difference}"


def _ratio_dot(p, v, c):
    a, b = c.cells
    if v[a] != c.ratio * v[b] and v[b] != c.ratio * v[a]:
        yield f"{v[a]} and {v[b]} are not in ratio {c.ratio}"


def _xv(p, v, c):
    a, b = c.cells
    if v[a] + v[b] != c.total:
        yield f"{v[a]} + {v[b]} is not {c.total}"


def _greater_than(p, v, c):
    a, b = c.cells
    if not v[a] > v[b]:
        yield f"{v[a]} is not larger than {v[b]}"


def _odd(p, v, c):
    if v[c.cell] % 2 != 1:
        yield f"{v[c.cell]} is not odd"


def _even(p, v, c):
    if v[c.cell] % 2 != 0:
        yield f"{v[c.cell]} is not even"


def _minimum(p, v, c):
    for x in c.cells:
        for y in _neighbours(p, x, ORTHOGONAL):
            if y not in c.cells and not v[x] < v[y]:
                yield f"{v[x]} at {_name(p, x)} is not smaller than {v[y]} at {_name(p, y)}"


def _maximum(p, v, c):
    for x in c.cells:
        for y in _neighbours(p, x, ORTHOGONAL):
            if y not in c.cells and not v[x] > v[y]:
                yield f"{v[x]} at {_name(p, x)} is not larger than {v[y]} at {_name(p, y)}"


def _quadruple(p, v, c):
    pool = [v[x] for x in c.cells]
    for want in c.values:
        if want in pool:
            pool.remove(want)
        else:
            yield f"{want} is missing"


def _clone(p, v, c):
    for a, b in zip(c.cells, c.copy):
        if v[a] != v[b]:
            yield f"{_name(p, a)} holds {v[a]} but its clone {_name(p, b)} holds {v[b]}"


def _candidates(p, v, c):
    if v[c.cell] not in c.values:
        yield f"{v[c.cell]} is not one of {list(c.values)}"


def _extra_region(p, v, c):
    yield from _differ("region", p, v, c.cells)


def _diagonal(p, v, c):
    n = p.size
    cells = [r * n + (n - 1 - r if c.slope == 1 else r) for r in range(n)]
    yield from _differ("diagonal", p, v, cells)


def _pairwise_differ(steps):
    def check(p, v, c):
        for a, b in _pairs(p, steps):
            if v[a] == v[b]:
                yield f"{v[a]} at {_name(p, a)} and {_name(p, b)}"
    return check


def _non_consecutive(p, v, c):
    for a, b in _pairs(p, ORTHOGONAL):
        if abs(v[a] - v[b]) == 1:
            yield f"{v[a]} at {_name(p, a)} and {v[b]} at {_name(p, b)} are consecutive"


def _disjoint_groups(p, v, c):
    groups = {}
    boxes = p.boxes()
    for box in boxes:
        for k, x in enumerate(box):
            groups.setdefault(k, []).append(x)
    for cells in groups.values():
        yield from _differ("group", p, v, cells)


def _marked(p, types):
    return {frozenset(c.cells) for c in p.constraints if c.TYPE in types}


def _negative_dots(p, v, c):
    dotted = _marked(p, ("difference_dot", "ratio_dot"))
    ratios = {2} | {d.ratio for d in p.constraints if d.TYPE == "ratio_dot"}  # every ratio shown
    for a, b in _pairs(p, ORTHOGONAL):
        if frozenset((a, b)) in dotted:
            continue
        x, y = v[a], v[b]
        if c.white and abs(x - y) == 1:
            yield f"{x} and {y} at {_name(p, a)}, {_name(p, b)} are consecutive without a dot"
        for k in sorted(ratios) if c.black else ():
            if x == k * y or y == k * x:
                yield f"{x} and {y} at {_name(p, a)}, {_name(p, b)} are in ratio {k} without a dot"


def _negative_xv(p, v, c):
    marked = _marked(p, ("xv",))
    for a, b in _pairs(p, ORTHOGONAL):
        if frozenset((a, b)) in marked:
            continue
        s = v[a] + v[b]
        if (c.x and s == 10) or (c.v and s == 5):
            yield f"{v[a]} and {v[b]} at {_name(p, a)}, {_name(p, b)} sum to {s} without a mark"


CHECKS = {
    "killer_cage": _killer_cage, "little_killer": _sum_is(None), "sandwich": _sandwich,
    "x_sum": _x_sum, "skyscraper": _skyscraper, "arrow": _arrow, "double_arrow": _double_arrow,
    "thermometer": _thermometer, "slow_thermometer": _slow_thermometer, "whisper": _whisper,
    "renban": _renban, "palindrome": _palindrome, "between": _between, "lockout": _lockout,
    "region_sum_line": _region_sum_line, "zipper": _zipper, "entropic": _entropic,
    "modular": _modular, "difference_dot": _difference_dot, "ratio_dot": _ratio_dot,
    "xv": _xv, "greater_than": _greater_than, "odd": _odd, "even": _even,
    "minimum": _minimum, "maximum": _maximum, "quadruple": _quadruple, "clone": _clone,
    "candidates": _candidates, "extra_region": _extra_region, "diagonal": _diagonal,
    "anti_knight": _pairwise_differ(KNIGHT), "anti_king": _pairwise_differ(KING_DIAGONAL),
    "non_consecutive": _non_consecutive, "disjoint_groups": _disjoint_groups,
    "negative_dots": _negative_dots, "negative_xv": _negative_xv,
}
