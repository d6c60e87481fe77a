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
    cells = puzzle.num_cells  # (the grid's and the extra cells)
    v = tuple(values)
    if len(v) != cells:
        return [f"the grid has {len(v)} values, not {cells}"]
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


def clashes(puzzle: VariantPuzzle) -> list[str]:
    """Givens that repeat a value in a house, as readable sentences (empty if none): why
    a puzzle has no solution where its givens alone say it (``check.clashes`` for boards).

    >>> clashes(VariantPuzzle(4, givens=((0, 1), (5, 1))))
    ['value 1 twice in box 1 (R1C1, R2C2)']
    """
    starts, found = (0, puzzle.size, puzzle.size + puzzle.cols), []
    kinds = ("row", "column", "region" if puzzle.regions is not None else "box")
    givens = dict(puzzle.givens)
    for h, house in enumerate(puzzle.houses()):
        seen: dict[int, int] = {}
        for cell in house:
            v = givens.get(cell)
            if v is None:
                continue
            if v in seen:
                kind = sum(h >= s for s in starts) - 1  # rows, columns, then boxes or regions
                found.append(f"value {v} twice in {kinds[kind]} {h - starts[kind] + 1} "
                             f"({_name(puzzle, seen[v])}, {_name(puzzle, cell)})")
            else:
                seen[v] = cell
    return found


def _name(p, cell):
    return f"R{cell // p.cols + 1}C{cell % p.cols + 1}"


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
    rows, cols = p.size, p.cols
    if cell >= rows * cols:  # an extra cell has no neighbour
        return
    r, c = divmod(cell, cols)
    for dr, dc in steps:
        rr, cc = r + dr, c + dc
        if 0 <= rr < rows and 0 <= cc < cols:
            yield rr * cols + cc


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
    i, j = sorted((line.index(min(line)), line.index(max(line))))
    s = sum(line[i + 1:j])
    if s != c.total:
        yield f"the sandwich sums to {s}, not {c.total}"


def _x_sum(p, v, c):
    x = v[c.cells[0]]
    if not 1 <= x <= len(c.cells):
        yield f"the first cell says {x}, not a count of 1..{len(c.cells)} cells"
        return
    s = sum(v[y] for y in c.cells[:x])
    if s != c.total:
        yield f"the first {x} values sum to {s}, not {c.total}"


def _skyscraper(p, v, c):
    seen, top = 0, 0  # the ground: a building of height 0 is not seen
    for x in c.cells:
        if v[x] > top:
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
    region = _region_of(p)  # (empty without boxes or regions: one segment, as in ISS)
    sums, last = [], object()
    for x in c.cells:
        if not sums or region.get(x) != last:
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


def _sum(p, v, c):
    weights = c.weights or (1,) * len(c.cells)
    s = sum(w * v[x] for w, x in zip(weights, c.cells))
    if s != c.total:
        yield f"weighted sum is {s}, not {c.total}"


def _rellik_cage(p, v, c):
    yield from (why.replace("house ", "") for why in _differ("house", p, v, c.cells))
    held = [v[x] for x in c.cells]
    for k in range(1, len(held) + 1):
        for part in combinations(held, k):
            if sum(part) == c.total:
                yield f"{' + '.join(map(str, part))} makes {c.total}"
                return


def _equality_cage(p, v, c):
    yield from (why.replace("house ", "") for why in _differ("house", p, v, c.cells))
    lo, hi = p.values
    half = (hi - lo + 1) // 2
    held = [v[x] for x in c.cells]
    even = sum(1 for x in held if x % 2 == 0)
    low = sum(1 for x in held if x < lo + half)
    high = sum(1 for x in held if x > hi - half)
    if 2 * even != len(held):
        yield f"{even} even values of {len(held)}"
    if 2 * low != len(held) or 2 * high != len(held):
        yield f"{low} low and {high} high values of {len(held)}"


def _contain_exact(p, v, c):
    held = [v[x] for x in c.cells]
    for want in sorted(set(c.values)):
        if held.count(want) != c.values.count(want):
            yield f"{want} appears {held.count(want)} times, not {c.values.count(want)}"


def _anti_taxicab(p, v, c):
    n = p.size
    for a, b in combinations(range(n * n), 2):
        distance = abs(a // n - b // n) + abs(a % n - b % n)
        if v[a] == v[b] == distance:
            yield f"{v[a]} at {_name(p, a)} and {_name(p, b)}, {distance} steps apart"


def _squares(p):
    n = p.size
    for r in range(n - 1):
        for col in range(n - 1):
            yield (r * n + col, r * n + col + 1, (r + 1) * n + col, (r + 1) * n + col + 1)


def _every_class(classify, count, what):
    def check(p, v, c):
        for square in _squares(p):
            if len({classify(p, v[x]) for x in square}) != count:
                yield f"the 2x2 square at {_name(p, square[0])} lacks a {what}"
    return check


def _third(p, x):
    lo, hi = p.values
    return (x - lo) * 3 // (hi - lo + 1)


def _dutch_flatmates(p, v, c):
    n, (lo, hi) = p.size, p.values
    middle = lo + (hi - lo + 2) // 2 - 1
    for cell in range(n * n):
        if v[cell] != middle:
            continue
        above = cell >= n and v[cell - n] == lo
        below = cell + n < n * n and v[cell + n] == hi
        if not (above or below):
            yield f"{middle} at {_name(p, cell)} has no {lo} above and no {hi} below"


def _lunchbox(p, v, c):
    yield from (why.replace("house ", "") for why in _differ("house", p, v, c.cells))
    held = [v[x] for x in c.cells]
    i, j = sorted((held.index(min(held)), held.index(max(held))))
    s = sum(held[i + 1:j])
    if s != c.total:
        yield f"between its smallest and largest value sums to {s}, not {c.total}"


def _indexing(p, v, c):
    k = v[c.cell]
    if not 1 <= k <= len(c.cells):
        yield f"{_name(p, c.cell)} holds {k}, which indexes none of {len(c.cells)} cells"
    elif v[c.cells[k - 1]] != c.value:
        yield f"cell {k} ({_name(p, c.cells[k - 1])}) holds {v[c.cells[k - 1]]}, not {c.value}"


def _value_indexing(p, v, c):
    k, rest = v[c.cells[1]], c.cells[2:]
    if not 1 <= k <= len(rest):
        yield f"{_name(p, c.cells[1])} holds {k}, which points past the line"
    elif v[rest[k - 1]] != v[c.cells[0]]:
        yield f"{_name(p, rest[k - 1])} holds {v[rest[k - 1]]}, not {v[c.cells[0]]}"


def _hidden_skyscraper(p, v, c):
    tallest = None
    for x in c.cells:
        if tallest is not None and v[x] < tallest:
            if v[x] != c.value:
                yield f"the first hidden skyscraper is {v[x]}, not {c.value}"
            return
        tallest = v[x] if tallest is None else max(tallest, v[x])
    yield "no skyscraper is hidden"


def _counting_circles(p, v, c):
    held = [v[x] for x in c.cells]
    for x in sorted(set(held)):
        if held.count(x) != x:
            yield f"{x} is in {held.count(x)} circles"


def _splits(values, total):
    """Whether ``values`` in order divide into runs that each sum to ``total``."""
    run = 0
    for x in values:
        run += x
        if run == total:
            run = 0
        elif run > total:
            return False
    return run == 0


def _sum_line(p, v, c):
    held = [v[x] for x in c.cells]
    starts = range(len(held)) if c.loop else (0,)
    if not any(_splits(held[k:] + held[:k], c.total) for k in starts):
        yield f"does not divide into runs summing to {c.total}"


def segments_of(c):
    """The non-empty segments of an equal-sum constraint, in order."""
    out, at = [], 0
    for k in c.lengths:
        if k:
            out.append(c.cells[at:at + k])
        at += k
    return out


def _equal_sum(p, v, c):
    sums = [sum(v[x] for x in seg) for seg in segments_of(c)]
    if len(set(sums)) > 1:
        yield f"segments sum to {', '.join(map(str, sums))}"


def _count_distinct(p, v, c):
    distinct = len({v[x] for x in c.cells})
    if v[c.cell] != distinct:
        yield f"{_name(p, c.cell)} holds {v[c.cell]}, but {distinct} values differ"


def _pair(p, v, c):
    ok = set(zip(c.allowed[::2], c.allowed[1::2]))
    cells = c.cells
    pairs = combinations(cells, 2) if c.all_pairs else zip(cells, cells[1:])
    for a, b in pairs:
        if (v[a], v[b]) not in ok:
            yield f"{v[a]} at {_name(p, a)} then {v[b]} at {_name(p, b)} is no allowed pair"


def _nabner(p, v, c):
    for a, b in combinations(c.cells, 2):
        if abs(v[a] - v[b]) <= 1:
            yield f"{v[a]} at {_name(p, a)} and {v[b]} at {_name(p, b)} are equal or consecutive"


def _knightmare(p, v, c):
    for a, b in _pairs(p, KNIGHT):
        if v[a] + v[b] in c.sums:
            yield f"{v[a]} at {_name(p, a)} and {v[b]} at {_name(p, b)} sum to {v[a] + v[b]}"


def _chess(p, v, c):
    moves = set()
    for a, b in zip(c.moves[::2], c.moves[1::2]):  # every direction, either way round
        moves |= {(a, b), (-a, b), (a, -b), (-a, -b), (b, a), (-b, a), (b, -a), (-b, -a)}
    moves.discard((0, 0))
    for a, b in _pairs(p, tuple(moves)):
        if c.cells and a not in c.cells and b not in c.cells:
            continue
        if v[a] == v[b] and (not c.values or v[a] in c.values):
            yield f"{v[a]} at {_name(p, a)} and {_name(p, b)}, a leaper's move apart"


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
    "sum": _sum, "rellik_cage": _rellik_cage, "equality_cage": _equality_cage,
    "contain_exact": _contain_exact, "anti_taxicab": _anti_taxicab,
    "global_mod": _every_class(lambda p, x: x % 3, 3, "remainder mod 3"),
    "global_entropy": _every_class(_third, 3, "low, middle or high value"),
    "dutch_flatmates": _dutch_flatmates, "lunchbox": _lunchbox, "indexing": _indexing,
    "value_indexing": _value_indexing, "hidden_skyscraper": _hidden_skyscraper,
    "counting_circles": _counting_circles, "sum_line": _sum_line, "equal_sum": _equal_sum,
    "count_distinct": _count_distinct, "pair": _pair,
}
def _diagonal_non_consecutive(p, v, c):
    for a, b in _pairs(p, KING_DIAGONAL):
        if abs(v[a] - v[b]) == 1:
            yield f"{v[a]} at {_name(p, a)} and {v[b]} at {_name(p, b)} are consecutive"


CHECKS.update({"nabner": _nabner, "knightmare": _knightmare, "chess": _chess,
               "diagonal_non_consecutive": _diagonal_non_consecutive})



# -- composites and sequences (issue 37): ISS's Or, And, Regex, NFA ----------------------------

def _or(p, v, c):
    failures = [list(CHECKS[b.TYPE](p, v, b)) for b in c.branches]
    if all(failures):
        first = next((f[0] for f in failures if f), "it has no branch")
        yield f"none of its {len(c.branches)} branches holds (the first: {first})"


def _and(p, v, c):
    for part in c.parts:
        for why in CHECKS[part.TYPE](p, v, part):
            yield f"{part.TYPE}: {why}"


def _sequence(p, v, c):
    """The automaton run on the line's symbols: every state it can be in, step by step."""
    from .model_composite import automaton_of  # (the definition: a regex compiled, an NFA as given)

    a = automaton_of(p, c)
    lo, hi = p.values
    symbols, at = [], 0
    for i, k in enumerate(getattr(c, "lengths", ()) or (len(c.cells),)):
        if i:
            symbols.append(hi - lo + 1)  # the break between two segments
        symbols += [v[x] - lo for x in c.cells[at:at + k]]
        at += k
    step = {}
    for q, s, t in a.moves:
        step.setdefault((q, s), set()).add(t)
    states = set(a.start)
    for s in symbols:
        states = {t for q in states for t in step.get((q, s), ())}
    if not states & set(a.accept):
        yield f"{''.join(str(v[x]) for x in c.cells[:12])} is not accepted"


CHECKS.update({"or": _or, "and": _and, "regex": _sequence, "nfa": _sequence})


from .rules_sets import CHECKS as _SETS  # noqa: E402  (issue 37: sets, ranks, doppelganger)

CHECKS.update(_SETS)

from .rules_chaos import CHECKS as _CHAOS  # noqa: E402  (issue 37: chaos construction)

CHECKS.update(_CHAOS)
