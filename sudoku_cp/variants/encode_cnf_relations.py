"""CNF encoders of binary relations, lines and global rules (``encode_cnf.ENCODERS``
takes them in): thermometers, whispers, renban, palindromes, between and lockout lines,
entropic and modular lines, dots, XV, greater-than, odd/even, minimum/maximum,
quadruples, clones, candidates, extra regions, diagonals, anti-knight/king,
non-consecutive, disjoint groups and the negative constraints.

Binary relations use the support encoding (``CNF.relation``: ``x[a]=va -> OR x[b]=vb``
over the vb allowed with va), one relation per pair of cells for all its rules.
"""

from __future__ import annotations

from .encode_cnf_base import _absorb, _house, rule
from .model import KING, KNIGHT, ORTHO, neighbours as _neighbours, shown_ratios
from .paradigms import UnsupportedConstraint


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


def _pair_rule(enc, c, k):
    ok = set(zip(c.allowed[::2], c.allowed[1::2]))
    rule_ = lambda a, b: (a, b) in ok  # noqa: E731
    cells = c.cells
    pairs = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]] if c.all_pairs else \
        list(zip(cells, cells[1:]))
    for a, b in pairs:
        enc.relation(a, b, rule_)


ENCODERS = {
    "pair": _pair_rule,
    "thermometer": _chain(lambda c: rule("<")),
    "slow_thermometer": _chain(lambda c: rule("<=")),
    "whisper": _chain(lambda c: rule("apart", c.difference)),
    "renban": _renban,
    "palindrome": _palindrome,
    "between": _ends_rule(_between_ok),
    "lockout": _ends_rule(_lockout_ok, lambda c: rule("apart", c.difference)),
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
ENCODERS["diagonal_non_consecutive"] = _global_pairs(KING, rule("not consecutive"))
ENCODERS["nabner"] = lambda enc, c, k: [enc.relation(a, b, rule("apart", 2))
                                        for i, a in enumerate(c.cells) for b in c.cells[i + 1:]]
