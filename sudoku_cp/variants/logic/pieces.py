"""Each constraint family as pieces: small rules over a few cells the search can walk.

One builder per constraint type, keyed by type (``BUILDERS``). A long line becomes
overlapping windows or pairs (each a true consequence of its rule, so every deduction
from a window is sound, only sometimes weaker than the whole line's). The types whose
rule is only "these cells differ" (extra regions, diagonals, anti-knight/king, disjoint
groups) are groups of ``state.Geometry`` and need no piece (``GROUP_TYPES``).

The predicates here are written from the rules' definitions and share no code with the
checker ``variants.rules``, which the tests use to judge every step.
"""

from __future__ import annotations

from ..model import ORTHO, neighbours, shown_ratios
from .search import Piece
from .state import cage_name

#: types whose whole rule is a group of distinct cells (handled by the house ladder).
GROUP_TYPES = {"extra_region", "diagonal", "anti_knight", "anti_king", "disjoint_groups"}
#: Types with no deduction of their own yet (issue 37's newer types): a puzzle holding one
#: is still explained as far as the rest goes, and the engine names the type in
#: ``unhandled`` (``no logic yet for: ...``), never passes over it in silence.
NO_LOGIC_YET = {"anti_taxicab", "count_distinct", "counting_circles", "global_entropy",
                "global_mod", "hidden_skyscraper", "or", "and", "regex", "nfa"}
NO_LOGIC_YET |= {"nabner", "knightmare", "chess", "diagonal_non_consecutive"}  # (dclamage's rules, issue 37)
NO_LOGIC_YET |= {"same_values", "region_same_values", "connected_values", "doppelganger",
                 "full_rank", "full_rank_ties"}  # (issue 37, second batch)
NO_LOGIC_YET |= {"chaos_construction", "chaos_arrow", "chaos_count", "chaos_same", "chaos_regions"}  # (issue 37: regions unknown)

#: the longest line walked whole; longer ones are cut into windows of ``WINDOW`` cells.
WHOLE, WINDOW = 6, 4


def _name(p, cells):
    return "-".join(p.cell_name(x) for x in (cells[0], cells[-1])) if len(cells) > 1 \
        else p.cell_name(cells[0])


def line_piece(technique, label, line, pairs=(), whole=(), linears=(), kind="", near=None,
               **kw):
    """A piece over the distinct cells of ``line`` (a line may visit a cell twice):
    ``pairs`` are predicates on neighbours along the line, ``whole`` predicates on the
    values of every position, ``linears`` (position coefficients, constant); ``near``:
    any two cells hold different values at most ``near`` apart (a renban)."""
    cells = tuple(dict.fromkeys(line))
    index = {x: i for i, x in enumerate(cells)}
    pos = [index[x] for x in line]
    rel = []
    if near is not None:
        rel += [((i, j), lambda a, b: a != b and abs(a - b) <= near)
                for i in range(len(cells)) for j in range(i + 1, len(cells))]
    for pred in pairs:
        for a, b in zip(pos, pos[1:]):
            rel.append(((a, b), pred))
    for pred in whole:
        rel.append((tuple(range(len(cells))), (lambda pr: lambda *v: pr([v[q] for q in pos]))(pred)))
    lins = []
    for coefs, const in linears:
        merged = {}
        for i, c in coefs.items():
            merged[pos[i]] = merged.get(pos[i], 0) + c
        lins.append((merged, const))
    return Piece(technique, label, cells, tuple(rel), tuple(lins), kind=kind, **kw)


def windows(line, size=WINDOW):
    """The line itself when short, else its overlapping windows of ``size`` cells."""
    if len(set(line)) <= WHOLE:
        return [tuple(line)]
    return [tuple(line[i:i + size]) for i in range(len(line) - size + 1)]


# --- sums -------------------------------------------------------------------------------

def _cage(p, c):
    if c.total is None:
        return []
    coefs = {i: 1 for i in range(len(c.cells))}
    return [line_piece("cage combinations", cage_name(p, c), c.cells, linears=((coefs, c.total),),
                       kind=c.TYPE, combos=True, meta={"total": c.total})]


def _little_killer(p, c):
    coefs = {i: 1 for i in range(len(c.cells))}
    return [line_piece("little killer", f"little killer {c.total} along {_name(p, c.cells)}",
                       c.cells, linears=((coefs, c.total),), kind=c.TYPE)]


def _arrow(p, c):
    line = tuple(c.bulb) + tuple(c.shaft)
    k = len(c.bulb)
    coefs = {i: 10 ** (k - 1 - i) for i in range(k)}
    coefs.update({k + j: -1 for j in range(len(c.shaft))})
    if len(set(line)) != len(line):
        return [line_piece("arrow", f"arrow at {p.cell_name(c.bulb[0])}", line,
                           whole=[lambda v: _digits(v[:k]) == sum(v[k:])], kind=c.TYPE)]
    return [line_piece("arrow", f"arrow at {p.cell_name(c.bulb[0])}", line,
                       linears=((coefs, 0),), kind=c.TYPE)]


def _digits(values):
    n = 0
    for v in values:
        n = n * 10 + v
    return n


def _double_arrow(p, c):
    k = len(c.cells)
    coefs = {i: (1 if i in (0, k - 1) else -1) for i in range(k)}
    if len(set(c.cells)) != k:
        return [line_piece("arrow", f"double arrow {_name(p, c.cells)}", c.cells,
                           whole=[lambda v: v[0] + v[-1] == sum(v[1:-1])], kind=c.TYPE)]
    return [line_piece("arrow", f"double arrow {_name(p, c.cells)}", c.cells,
                       linears=((coefs, 0),), kind=c.TYPE)]


# --- lines ------------------------------------------------------------------------------

def _pairs_line(technique, word, pred):
    def build(p, c):
        return [line_piece(technique, f"{word} {_name(p, c.cells)}", w, pairs=[pred(c)], kind=c.TYPE)
                for w in windows(c.cells)]
    return build


def _thermo(pred, word, gap):
    """A thermometer is walked whole: its order prunes every branch. Cells further apart
    are related too (``gap(d)``: the least rise over ``d`` steps), so the chains and the
    forcing steps see a link between any two of its cells, not only neighbours."""
    def build(p, c):
        piece = line_piece("thermometer", f"{word} from {p.cell_name(c.cells[0])}", c.cells,
                           pairs=[pred], kind=c.TYPE)
        k = len(c.cells)
        if len(set(c.cells)) == k:
            far = tuple(((i, j), (lambda d: lambda a, b: b - a >= d)(gap(j - i)))
                        for i in range(k) for j in range(i + 2, k))
            piece = Piece(piece.technique, piece.label, piece.cells, piece.relations + far,
                          kind=c.TYPE)
        return [piece]
    return build


def _renban(p, c):
    """The whole line; any two of its cells differ by less than its length (a pair check
    that prunes the walk long before the last cell)."""
    k = len(set(c.cells))
    return [line_piece("line", f"renban {_name(p, c.cells)}", c.cells,
                       whole=[lambda v: max(v) - min(v) == len(set(v)) - 1 == k - 1],
                       kind=c.TYPE, near=k - 1)]


def _palindrome(p, c):
    k = len(c.cells)
    return [line_piece("pair rule", f"palindrome {_name(p, c.cells)}",
                       (c.cells[i], c.cells[k - 1 - i]), pairs=[lambda a, b: a == b], kind=c.TYPE)
            for i in range(k // 2) if c.cells[i] != c.cells[k - 1 - i]]


def _ends_rule(word, inner_ok, ends_ok=lambda a, b, c: True):
    def build(p, c):
        ends, inner = (c.cells[0], c.cells[-1]), c.cells[1:-1]
        label = f"{word} {_name(p, c.cells)}"

        def ok(v):
            a, b = sorted((v[0], v[-1]))
            return ends_ok(a, b, c) and all(inner_ok(a, b, x) for x in v[1:-1])

        if len(set(c.cells)) <= WHOLE:
            return [line_piece("line", label, c.cells, whole=[ok], kind=c.TYPE)]
        return [line_piece("line", label, (ends[0], x, ends[1]), whole=[ok], kind=c.TYPE)
                for x in inner]
    return build


def _region_sum(p, c):
    from ..model import line_segments

    segs = line_segments(p, c.cells)
    out = []
    for s, t in zip(segs, segs[1:]):
        line = tuple(s) + tuple(t)
        coefs = {i: (1 if i < len(s) else -1) for i in range(len(line))}
        out.append(line_piece("line", f"region-sum line {_name(p, c.cells)}", line,
                              linears=((coefs, 0),), kind=c.TYPE))
    return out


def _zipper(p, c):
    cells, k = c.cells, len(c.cells)
    label = f"zipper {_name(p, cells)}"
    pairs = [(cells[i], cells[k - 1 - i]) for i in range(k // 2)]
    out = []
    if k % 2:
        for a, b in pairs:
            out.append(line_piece("line", label, (a, b, cells[k // 2]),
                                  linears=(({0: 1, 1: 1, 2: -1}, 0),), kind=c.TYPE))
    else:
        for (a, b), (x, y) in zip(pairs, pairs[1:]):
            out.append(line_piece("line", label, (a, b, x, y),
                                  linears=(({0: 1, 1: 1, 2: -1, 3: -1}, 0),), kind=c.TYPE))
    return out


def _period_pairs(label, cells, period, key, kind):
    """Two-cell pieces of a line whose every ``period`` consecutive cells hold different
    ``key``s (an entropic line's thirds, a modular line's remainders): cells nearer than
    ``period`` along it differ in key, and, on a line longer than ``period``, cells
    exactly ``period`` apart share it (both windows between them hold every key once).
    Two-cell rules also give the chains and cell forcing their links."""
    out = []
    for i, a in enumerate(cells):
        for d in range(1, period + 1):
            if i + d >= len(cells) or cells[i + d] == a:
                continue
            if d < period:
                pred = lambda x, y: key(x) != key(y)  # noqa: E731
            elif len(cells) > period:
                pred = lambda x, y: key(x) == key(y)  # noqa: E731
            else:
                continue
            out.append(line_piece("line", label, (a, cells[i + d]), pairs=[pred], kind=kind))
    return out


def _entropic(p, c):
    lo, hi = p.values
    third = (hi - lo + 1) // 3
    label = f"entropic line {_name(p, c.cells)}"
    windows_ = [line_piece("line", label, c.cells[i:i + 3],
                           whole=[lambda v: len({(x - lo) // third for x in v}) == len(v)],
                           kind=c.TYPE)
                for i in range(max(1, len(c.cells) - 2))]
    return windows_ + _period_pairs(label, c.cells, 3, lambda x: (x - lo) // third, c.TYPE)


def _modular(p, c):
    m = c.modulus
    label = f"modular line {_name(p, c.cells)}"
    windows_ = [line_piece("line", label, c.cells[i:i + m],
                           whole=[lambda v: len({x % m for x in v}) == len(v)], kind=c.TYPE)
                for i in range(max(1, len(c.cells) - m + 1))]
    return windows_ + _period_pairs(label, c.cells, m, lambda x: x % m, c.TYPE)


# --- pairs and cells ----------------------------------------------------------------------

def _pair(word, pred):
    def build(p, c):
        return [line_piece("pair rule", f"{word(c)} {_name(p, c.cells)}", c.cells,
                           pairs=[pred(c)], kind=c.TYPE)]
    return build


def _cell(word, ok):
    def build(p, c):
        return [line_piece("cell rule", f"{word(c)} at {p.cell_name(c.cell)}", (c.cell,),
                           whole=[lambda v: ok(c, v[0])], kind=c.TYPE)]
    return build


def _extreme(sign, word):
    def build(p, c):
        out = []
        for x in c.cells:
            for y in neighbours(p, x, ORTHO):
                if y not in c.cells:
                    out.append(line_piece("pair rule", f"{word} at {p.cell_name(x)}", (x, y),
                                          pairs=[lambda a, b: sign * (a - b) > 0], kind=c.TYPE))
        return out
    return build


def _quadruple(p, c):
    def ok(v):
        pool = list(v)
        for want in c.values:
            if want not in pool:
                return False
            pool.remove(want)
        return True
    return [line_piece("pair rule", f"quadruple {list(c.values)} at {p.cell_name(c.cells[0])}",
                       c.cells, whole=[ok], kind=c.TYPE)]


def _clone(p, c):
    return [line_piece("pair rule", f"clone of {p.cell_name(a)} at {p.cell_name(b)}", (a, b),
                       pairs=[lambda x, y: x == y], kind=c.TYPE)
            for a, b in zip(c.cells, c.copy) if a != b]


def _orthogonal_pairs(p):
    n = p.size
    for x in range(n * n):
        for y in neighbours(p, x, ((0, 1), (1, 0))):
            yield x, y


def _non_consecutive(p, c):
    return [line_piece("pair rule", "non-consecutive", pair, pairs=[lambda a, b: abs(a - b) != 1],
                       kind=c.TYPE) for pair in _orthogonal_pairs(p)]


def _marked(p, types):
    return {frozenset(c.cells) for c in p.constraints if c.TYPE in types}


def _negative_dots(p, c):
    dotted = _marked(p, ("difference_dot", "ratio_dot"))
    ratios = shown_ratios(p) if c.black else ()

    def ok(a, b):
        return not ((c.white and abs(a - b) == 1) or any(a == r * b or b == r * a for r in ratios))
    return [line_piece("pair rule", "no dot (negative constraint)", pair, pairs=[ok], kind=c.TYPE)
            for pair in _orthogonal_pairs(p) if frozenset(pair) not in dotted]


def _negative_xv(p, c):
    marked = _marked(p, ("xv",))

    def ok(a, b):
        return not ((c.x and a + b == 10) or (c.v and a + b == 5))
    return [line_piece("pair rule", "no X or V (negative constraint)", pair, pairs=[ok], kind=c.TYPE)
            for pair in _orthogonal_pairs(p) if frozenset(pair) not in marked]


# --- outside clues --------------------------------------------------------------------------

def _sandwich(p, c):
    lo, hi = p.values
    if hi - lo + 1 == len(c.cells) == len(set(c.cells)):  # both ends in the row: cases
        cases = []
        for i in range(len(c.cells)):
            for j in range(i + 1, len(c.cells)):
                # the two ends first (the walk checks them before any inner cell)
                span = (c.cells[i], c.cells[j]) + tuple(c.cells[i + 1:j])
                coefs = {q: 1 for q in range(2, len(span))}
                cases.append(Piece("outside clue", "", span, linears=((coefs, c.total),),
                                   relations=(((0, 1), lambda a, b: {a, b} == {lo, hi}),),
                                   meta={"others": 1 | 1 << (hi - lo)}))
        return [Piece("outside clue", f"sandwich {c.total} on {_name(p, c.cells)}",
                      tuple(c.cells), kind=c.TYPE, cases=tuple(cases))]

    def ok(v):
        if lo not in v or hi not in v:
            return c.total == 0
        i, j = sorted((v.index(lo), v.index(hi)))
        return sum(v[i + 1:j]) == c.total
    return [line_piece("outside clue", f"sandwich {c.total} on {_name(p, c.cells)}", c.cells,
                       whole=[ok], kind=c.TYPE)]


def _x_sum(p, c):
    """One case per value X of the first cell: it holds X and the first X cells add up to
    the clue (X = 0: nothing, so the clue is 0)."""
    cases = []
    for x in range(max(p.values[0], 0), p.values[1] + 1):
        first = c.cells[:max(x, 1)]
        if x == 0 and c.total != 0:
            continue
        coefs = {i: 1 for i in range(len(first))} if x else {}
        cases.append(Piece("outside clue", "", tuple(first),
                           relations=(((0,), (lambda x: lambda v: v == x)(x)),),
                           linears=((coefs, c.total),)))
    return [Piece("outside clue", f"x-sum {c.total} from {p.cell_name(c.cells[0])}",
                  tuple(c.cells), kind=c.TYPE, cases=tuple(cases))]


def _skyscraper(p, c):
    """The whole row, pruned on every prefix (never more seen than the clue; once the
    tallest value is seen, exactly the clue), and, for values from 0 up, a bound on each
    cell: the i-th (from 0) sees at most i before it and ``hi - v`` after, so
    ``v <= hi + i + 1 - count``. A building of height 0 or less is not seen (as ISS)."""
    lo, hi = p.values
    k, want = len(c.cells), c.count

    def seen_of(v):
        seen, top = 0, 0
        for x in v:
            if x > top:
                seen, top = seen + 1, x
        return seen

    def prefix_ok(i):
        def ok(*v):
            seen = seen_of(v)
            if seen > want or seen + (k - 1 - i) < want:
                return False
            return seen == want or max(v) < hi
        return ok

    label = f"skyscraper {want} from {p.cell_name(c.cells[0])}"
    cells = tuple(dict.fromkeys(c.cells))
    if len(cells) != k:
        return [line_piece("outside clue", label, c.cells, whole=[lambda v: seen_of(v) == want],
                           kind=c.TYPE)]
    rel = tuple((tuple(range(i + 1)), prefix_ok(i)) for i in range(k - 1))
    rel += ((tuple(range(k)), lambda *v: seen_of(v) == want),)
    out = [Piece("outside clue", label, cells, relations=rel, kind=c.TYPE)]
    if lo >= 0:
        for i, x in enumerate(cells):
            bound = hi + i + 1 - want
            if bound < hi:
                out.append(line_piece("outside clue", label, (x,),
                                      whole=[lambda v, b=bound: v[0] <= b], kind=c.TYPE))
    return out


BUILDERS = {
    "killer_cage": _cage, "little_killer": _little_killer, "arrow": _arrow,
    "double_arrow": _double_arrow,
    "thermometer": _thermo(lambda a, b: a < b, "thermometer", lambda d: d),
    "slow_thermometer": _thermo(lambda a, b: a <= b, "slow thermometer", lambda d: 0),
    "whisper": _pairs_line("line", "whisper", lambda c: lambda a, b: abs(a - b) >= c.difference),
    "renban": _renban, "palindrome": _palindrome,
    "between": _ends_rule("between line", lambda a, b, x: a < x < b),
    "lockout": _ends_rule("lockout line", lambda a, b, x: not a <= x <= b,
                          lambda a, b, c: b - a >= c.difference),
    "region_sum_line": _region_sum, "zipper": _zipper, "entropic": _entropic,
    "modular": _modular,
    "difference_dot": _pair(lambda c: "white dot" if c.difference == 1 else f"difference {c.difference} dot",
                            lambda c: lambda a, b: abs(a - b) == c.difference),
    "ratio_dot": _pair(lambda c: "black dot" if c.ratio == 2 else f"ratio {c.ratio} dot",
                       lambda c: lambda a, b: a == c.ratio * b or b == c.ratio * a),
    "xv": _pair(lambda c: {10: "X", 5: "V"}.get(c.total, f"sum {c.total}"),
                lambda c: lambda a, b: a + b == c.total),
    "greater_than": _pair(lambda c: "greater-than sign", lambda c: lambda a, b: a > b),
    "odd": _cell(lambda c: "odd cell", lambda c, v: v % 2 == 1),
    "even": _cell(lambda c: "even cell", lambda c, v: v % 2 == 0),
    "candidates": _cell(lambda c: f"pencilmarks {list(c.values)}", lambda c, v: v in c.values),
    "minimum": _extreme(-1, "minimum"), "maximum": _extreme(1, "maximum"),
    "quadruple": _quadruple, "clone": _clone, "non_consecutive": _non_consecutive,
    "negative_dots": _negative_dots, "negative_xv": _negative_xv,
    "sandwich": _sandwich, "x_sum": _x_sum, "skyscraper": _skyscraper,
}


from .pieces_more import BUILDERS_MORE  # noqa: E402  (it builds on line_piece above)

BUILDERS.update(BUILDERS_MORE)


def build_pieces(puzzle):
    """``(pieces, unhandled types)``: every piece of the puzzle's constraints, and the
    constraint types present that no builder or group covers (named, never skipped).
    Each piece's ``meta["source"]`` is the index of its constraint in the puzzle."""
    pieces, missing = [], []
    for index, c in enumerate(puzzle.constraints):
        build = BUILDERS.get(c.TYPE)
        if build is not None:
            for piece in build(puzzle, c):
                piece.meta["source"] = index
                pieces.append(piece)
        elif c.TYPE not in GROUP_TYPES and c.TYPE not in missing:
            missing.append(c.TYPE)
    return pieces, missing
