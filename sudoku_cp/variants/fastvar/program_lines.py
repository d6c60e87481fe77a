"""``program``'s builders for whole-line and small-group rules (kernels in ``varlines``).

- full rank: the clue's reading starts with the value ``lo + (rank - 1) // 4`` and has
  ``(rank - 1) % 4`` of the other readings starting with that value below it (with ``n``
  values on an ``n x n`` grid, each value starts exactly four of the ``4n`` readings);
  ``full_rank_ties`` ``none``: no two readings tie;
- regular expressions and NFAs: the automaton (``automaton``, the rule's definition)
  unrolled along the line, each step's states numbered apart;
- global mod and global entropy: every 2x2 square holds each of three classes of values;
- Dutch flatmates: one small rule per cell; same values: equal counts per group;
- an ``or`` whose branches only restrict values (givens, candidates, odd, even, and an
  ``and`` of those): each branch as its cells' masks (any other ``or``: ``program_or``);
- doppelganger (values ``0..n``): a helper cell per row, column and box holding the value
  it misses (the house and its helper hold every value once), the helpers of one kind
  differ, and at each 0 its three helpers differ.

>>> from sudoku_cp.variants.model import VariantPuzzle, Regex
>>> from sudoku_cp.variants.fastvar.program import compile_puzzle
>>> prog = compile_puzzle(VariantPuzzle(4, constraints=(Regex((0, 1, 2), "12+"),)))
>>> i = prog.kinds.tolist().index(AUTOMATON)
>>> prog.pcells[prog.cstart[i]:prog.cstart[i + 1]].tolist()
[0, 1, 2]
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..paradigms import UnsupportedConstraint

# ``program``'s kind numbers, restated here: ``program`` imports this module at its end
# (tests/test_variants_fastvar_lines.py checks the two lists agree).
LINEAR, FULLRANK, NOTIES, AUTOMATON, CLASSES, FLATMATE, SAMEVALUES, EITHER, ZERODIFF = (
    2, 20, 21, 22, 23, 24, 25, 26, 27)
FULLRANKS = 32


def _equal(a, b):
    return a == b


def _fail(prog) -> None:
    prog.props.append((LINEAR, [], [0, 1]))  # 0 == 1: no solution


def readings(n: int) -> list[tuple[int, ...]]:
    """Every row and column of an ``n x n`` grid, each read both ways."""
    return list(_readings(n))


@lru_cache(maxsize=16)
def _readings(n: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for line in ([tuple(r * n + k for k in range(n)) for r in range(n)]
                 + [tuple(r * n + k for r in range(n)) for k in range(n)]):
        out += [line, line[::-1]]
    return tuple(out)


@lru_cache(maxsize=16)
def _reading_set(n: int) -> frozenset:
    """The readings of an ``n x n`` grid as a set (is a clue's line a whole row or column)."""
    return frozenset(_readings(n))


@lru_cache(maxsize=256)
def _others(n: int, line: tuple) -> tuple:
    """The cells of every reading but ``line``, in order, one after another: only a clue
    sharing its rank or its line with another reads them (made when one does, not for
    every reading of a size at its first puzzle: ~4 ms on a 9x9, for nothing)."""
    return tuple(x for other in _readings(n) if other != line for x in other)


def _ties_allowed(p) -> bool:
    """A clued reading may tie with another only when every tie rule says ``any``."""
    said = {x.ties for x in p.constraints if x.TYPE == "full_rank_ties"}
    return said == {"any"}


def _full_rank(prog, p, c):
    """The first clue builds every clue of the puzzle: as one ``FULLRANKS`` when no two
    share a rank or a line (else each alone, a ``FULLRANK`` against every reading)."""
    n = p.size
    if prog.nv != n:
        raise UnsupportedConstraint("full_rank", f"fast: {prog.nv} values on a {n}x{n} grid "
                                    "(it counts four readings per first value)")
    clues, stated = prog.built.get("full_rank") or (None, None)
    if clues is None:  # (read once, not by each clue: 36 clues each looking for itself)
        clues = [x for x in p.constraints if x.TYPE == "full_rank"]
        stated = {id(x) for x in clues}
        prog.built["full_rank"] = clues, stated
    if id(c) not in stated:  # (a clue inside another rule: not stated here)
        raise UnsupportedConstraint("full_rank", "fast: a rank clue inside another rule")
    if c is not clues[0]:
        return
    if not _reading_set(n).issuperset(tuple(x.cells) for x in clues):
        raise UnsupportedConstraint("full_rank", "fast: a rank clue on cells that are no "
                                    "whole row or column")
    if not all(1 <= x.rank <= 4 * n for x in clues):
        _fail(prog)
        return
    strict = int(not _ties_allowed(p))
    every = _readings(n)
    for x in clues:
        bit = prog.mask((prog.lo + (x.rank - 1) // 4,))  # (the clue's first value)
        prog.dom[x.cells[0]] &= bit
        for edge in (every[0], every[2 * n - 2], every[2 * n], every[4 * n - 2]):  # where
            prog.hints[(edge, bit)] = None  # that value goes on each edge
    lines = [tuple(x.cells) for x in clues]
    if len(set(lines)) < len(lines) or len({x.rank for x in clues}) < len(clues):
        for x, line in zip(clues, lines):
            data = [n, (x.rank - 1) % 4, strict] + list(line) + list(_others(n, line))
            prog.props.append((FULLRANK, list(range(n * n)), data))
        return
    clued = set(lines)
    unclued = [line for line in every if line not in clued]
    data = [n, strict, len(unclued)] + [x for line in unclued for x in line]
    sets: dict[int, list] = {}
    for x in sorted(clues, key=lambda x: x.rank):
        sets.setdefault((x.rank - 1) // 4, []).append(x)
    data.append(len(sets))
    for first, given in sets.items():
        data += [1 << first, len(given)]
        for i, x in enumerate(given):
            below = (x.rank - 1) % 4 - i  # the clues below it are smaller, the rest greater
            data += [below, 3 - (x.rank - 1) % 4 - (len(given) - 1 - i)] + list(x.cells)
    prog.props.append((FULLRANKS, list(range(n * n)), data))


def _full_rank_ties(prog, p, c):
    if c.ties != "none" or any(kind == NOTIES for kind, _, _ in prog.props):
        return
    n = p.size
    data = [n]
    for line in readings(n):
        data += line
    prog.props.append((NOTIES, list(range(n * n)), data))


def _segments(c) -> list:
    """The line's places: its cells, None (the break) between two segments."""
    out, at = [], 0
    for i, k in enumerate(getattr(c, "lengths", ()) or (len(c.cells),)):
        if i:
            out.append(None)
        out += list(c.cells[at:at + k])
        at += k
    return out


def _sequence(prog, p, c):
    from ..model_composite import automaton_of

    a = automaton_of(p, c)
    count = prog.nv  # the break's symbol
    places = _segments(c)
    fits, made = _laid_out(a, count, tuple(place is None for place in places))
    if not fits:
        raise UnsupportedConstraint(c.TYPE, f"fast: symbols past {count} values")
    if made is None:
        _fail(prog)
        return
    if not places:
        return
    template, slots = made
    data = template.copy()  # (an array: ``program_kept._pack`` joins it as it is)
    data[slots] = [-1 if place is None else place for place in places]
    prog.props.append((AUTOMATON, sorted({x for x in places if x is not None}), data))


@lru_cache(maxsize=256)
def _laid_out(a, count: int, breaks: tuple):
    """Whether automaton ``a``'s symbols fit ``count`` values (the break's symbol
    ``count``, at most 62), and if so ``_unrolled``'s data as the kernel reads it, one
    int64 array: the head, then each place's cell (its slot, left 0) and step; and the
    slots' indices (None as there). Kept per automaton and shape, one lookup per line: a
    line's data is this with its cells written in, one copy, not thousands of Python ints
    made into an array per line."""
    import numpy as np

    if max((s for _, s, _ in a.moves), default=-1) > count or count > 62:
        return False, None
    made = _unrolled(a, count, breaks)
    if made is None:
        return True, None
    head, steps = made
    data, slots = list(head), []
    for step in steps:
        slots.append(len(data))
        data.append(0)
        data += step
    return True, (np.array(data, dtype=np.int64), np.array(slots, dtype=np.int64))


@lru_cache(maxsize=256)
def _unrolled(a, count: int, breaks: tuple):
    """The automaton ``a`` unrolled along a line whose places are breaks where ``breaks``
    says (cells elsewhere): the data's head and each place's step less its cell, or None
    when no path reads from a start to an accepting end (kept per automaton and shape: a
    puzzle's lines often share both)."""
    cell_moves: dict[int, list] = {}  # state -> its moves on a value: (its bit, next state)
    gap_moves: dict[int, list] = {}  # state -> its moves on the break's symbol: (1, next)
    for q, s, t in a.moves:
        if s == count:
            gap_moves.setdefault(q, []).append((1, t))
        else:
            cell_moves.setdefault(q, []).append((1 << s, t))
    now, layers = set(a.start), []
    for gap in breaks:  # forward: the moves a path from a start can take at each place
        moves = gap_moves if gap else cell_moves
        layer = [(q, bit, t) for q in sorted(now) for bit, t in moves.get(q, ())]
        layers.append(layer)
        now = {t for _, _, t in layer}
    live = now & set(a.accept)
    for i in range(len(layers) - 1, -1, -1):  # backward: those on a path to an accepting end
        layers[i] = [m for m in layers[i] if m[2] in live]
        live = {q for q, _, _ in layers[i]}
    if not live:
        return None
    if not breaks:
        return (), ()
    # each place's states numbered after the place before's, in the order first met (the
    # first place's in order): a layer's sources are the targets of the layer before it
    ids = {q: i for i, q in enumerate(sorted(live))}
    starts = list(ids.values())
    made, steps = len(ids), []
    for layer in layers:
        after: dict[int, int] = {}  # the next place's states -> their numbers
        step = [len(layer)]
        for q, bit, t in layer:
            to = after.get(t)
            if to is None:
                to = after[t] = made
                made += 1
            step += (ids[q], bit, to)
        steps.append(tuple(step))
        ids = after
    ends = sorted(ids.values())
    return tuple([len(breaks), made, len(starts)] + starts + [len(ends)] + ends), tuple(steps)


def _every_square(classify):
    """Every 2x2 square of cells holds a value of each of three classes."""
    def build(prog, p, c):
        groups: dict[int, list[int]] = {}
        for v in range(prog.lo, prog.hi + 1):
            groups.setdefault(classify(prog, v), []).append(v)
        n = p.size
        if n < 2:
            return
        if len(groups) < 3:
            _fail(prog)
            return
        masks = [prog.mask(vs) for vs in groups.values()]
        for r in range(n - 1):
            for k in range(n - 1):
                cells = [r * n + k, r * n + k + 1, (r + 1) * n + k, (r + 1) * n + k + 1]
                prog.props.append((CLASSES, cells, [4, len(masks)] + masks + cells))
    return build


def _dutch_flatmates(prog, p, c):
    n = p.size
    middle = prog.lo + (prog.nv + 1) // 2 - 1
    bits = [prog.mask((v,)) for v in (middle, prog.lo, prog.hi)]
    for x in range(n * n):
        above = x - n if x >= n else -1
        below = x + n if x + n < n * n else -1
        if above < 0 and below < 0:
            prog.restrict(x, lambda v: v != middle)
            continue
        prog.props.append((FLATMATE, [y for y in (x, above, below) if y >= 0],
                           [x, above, below] + bits))


def _same_values(prog, p, c):
    k = len(c.cells) // c.sets
    cells = list(c.cells[:k * c.sets])
    if k == 1:
        for x in cells[1:]:
            prog.relation(cells[0], x, _equal, "equal")
    elif k > 1:
        prog.props.append((SAMEVALUES, sorted(set(cells)), [c.sets, k] + cells))


def _restrictions(prog, c):
    """The ``(cell, mask)`` pairs of a rule that only restricts cells' values, or None."""
    values = range(prog.lo, prog.hi + 1)
    if c.TYPE == "candidates":
        return [(c.cell, prog.mask(c.values))]
    if c.TYPE in ("odd", "even"):
        return [(c.cell, prog.mask(v for v in values if v % 2 == (c.TYPE == "odd")))]
    if c.TYPE == "and":
        parts = [_restrictions(prog, part) for part in c.parts]
        return None if any(part is None for part in parts) else [x for part in parts for x in part]
    return None


def _either(prog, p, c):
    if all(branch.TYPE == "candidates" for branch in c.branches):
        _either_candidates(prog, c)
        return
    restricting = [_restrictions(prog, branch) for branch in c.branches]
    if any(pairs is None for pairs in restricting):  # (a branch that is a rule)
        from .program_or import either

        either(prog, p, c)
        return
    branches = []
    for pairs in restricting:
        merged: dict[int, int] = {}
        for x, mask in pairs:
            merged[x] = merged.get(x, prog.full) & mask
        if not merged:
            return  # a branch that asks nothing always holds
        if all(merged.values()):  # (one that leaves a cell no value never holds)
            branches.append(merged)
    if not branches:
        _fail(prog)
        return
    cells = sorted({x for b in branches for x in b})
    index = {x: i for i, x in enumerate(cells)}
    data = [len(branches), len(cells)] + cells
    for b in branches:
        data += [len(b)] + [v for x, mask in b.items() for v in (index[x], mask)]
    prog.props.append((EITHER, cells, data))


def _either_candidates(prog, c):
    """``_either`` of branches that each give one cell's candidates (ISS's "this value in
    one of these cells"): the same ``EITHER``, without merging each branch's cells (36 such
    rules were a third of iss-examples-57's build)."""
    branches = [(b.cell, m) for b in c.branches if (m := prog.mask(b.values))]
    if not branches:  # (every branch leaves its cell no value)
        _fail(prog)
        return
    cells = sorted({x for x, _ in branches})
    index = {x: i for i, x in enumerate(cells)}
    data = [len(branches), len(cells)] + cells
    for x, m in branches:
        data += (1, index[x], m)
    prog.props.append((EITHER, cells, data))


#: Doppelganger in ``fast``: off by measurement. The helper cells settle its puzzles
#: exactly (tests/test_variants_fastvar_lines.py turns it on), but weakly: iss-examples-47
#: took 188,000 nodes and 9 s CPU where the witness takes 330 nodes and 0.4 s and sat
#: 0.1 s, and a default check waits for its slowest paradigm (docs/variants_speed.md).
DOPPELGANGER = False


def _doppelganger(prog, p, c):
    n = p.size
    if not DOPPELGANGER:
        raise UnsupportedConstraint("doppelganger", "fast: off by measurement, its search is "
                                    "far slower than the other paradigms' (iss-examples-47: "
                                    "9 s against 0.1-0.4 s)")
    if (prog.lo, prog.hi) != (0, n):
        raise UnsupportedConstraint("doppelganger", f"fast: values {prog.lo}..{prog.hi}, "
                                    f"not 0..{n}")
    rows = [[r * n + k for k in range(n)] for r in range(n)]
    cols = [[r * n + k for r in range(n)] for k in range(n)]
    missed = {}  # (kind, house) -> its helper cell
    for kind, houses in enumerate((rows, cols, [list(b) for b in p.boxes()])):
        helpers = []
        for i, house in enumerate(houses):
            helper = prog.aux(lambda v: v != 0)
            prog.house(house + [helper])
            missed[kind, i] = helper
            helpers.append(helper)
        prog.house(helpers)
    box_of = {x: i for i, b in enumerate(p.boxes()) for x in b}
    zero = prog.mask((0,))
    for x in range(n * n):
        seen = [missed[0, x // n], missed[1, x % n]]
        if x in box_of:
            seen.append(missed[2, box_of[x]])
        for a, b in combinations(seen, 2):
            prog.props.append((ZERODIFF, [x, a, b], [x, zero, a, b]))


def leftovers(prog) -> None:
    """Two full houses that share all their cells but one each: those two cells hold the
    same value (the one the shared cells leave), stated as an equal pair (a doppelganger's
    helper and the puzzle's own cell for a house's missing value meet this way)."""
    for y, x in _leftover_pairs(prog.distinct_full()):
        prog.relation(y, x, _equal, "equal")


@lru_cache(maxsize=64)
def _leftover_pairs(houses: tuple) -> tuple:
    """``leftovers``' pairs of cells (kept per set of full houses: most puzzles share one).
    A house less one cell is keyed as its cells' bits less that cell's (a frozenset per
    cell cost twice as much, on every new geometry)."""
    rest: dict[int, int] = {}
    out = []
    for house in houses:
        whole = 0
        for x in house:
            whole |= 1 << x
        for x in house:
            y = rest.setdefault(whole & ~(1 << x), x)
            if y != x:
                out.append((y, x))
    return tuple(out)


BUILDERS = {
    "doppelganger": _doppelganger,
    "or": _either,
    "full_rank": _full_rank,
    "full_rank_ties": _full_rank_ties,
    "regex": _sequence,
    "nfa": _sequence,
    "global_mod": _every_square(lambda prog, v: v % 3),
    "global_entropy": _every_square(lambda prog, v: (v - prog.lo) * 3 // prog.nv),
    "dutch_flatmates": _dutch_flatmates,
    "same_values": _same_values,
}
