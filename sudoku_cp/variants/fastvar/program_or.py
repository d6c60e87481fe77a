"""``program``'s ``or`` of branches that are rules (ISS's ``Or``): one ``OR`` propagator.

Each branch is built apart, by the same builders, into a program of its own (``branch``)
sharing the puzzle's tables; ``pack`` (from ``Program.freeze``) writes each branch's
propagators into the ``OR``'s data. The kernel (``varkernel._or``) runs each branch's
propagators on a scratch copy of the candidates to their common fixpoint, drops a branch
that fails, and keeps, at every cell of the rule, the union of what the branches left: a
value some branch's solution uses is never removed. No branch left fails.

An ``or`` whose branches only restrict values stays an ``EITHER`` (``program_lines``).
Inside a branch: an ``and`` is its parts in that branch, an ``or`` is its branches among
the others; an ``or`` inside an ``and``, a rule that makes helper cells or branches by
decisions (chaos) is declined by name.

The ``OR``'s data: branch count, cell count, the scratch its propagators need, the cells,
then each branch as its length (itself included) and its propagators, each as kind, data
length and data (its restrictions first, as an ``EITHER`` of one branch).

>>> from sudoku_cp.variants.model import VariantPuzzle, Or, Skyscraper, Odd
>>> from sudoku_cp.variants.fastvar.program import compile_puzzle
>>> prog = compile_puzzle(VariantPuzzle(4, constraints=(
...     Or((Skyscraper((0, 1, 2, 3), 4), Odd(5))),)))
>>> OR in prog.kinds.tolist()
True
"""

from __future__ import annotations

from ..paradigms import UnsupportedConstraint
from .implied import linear_groups

# ``program``'s kind numbers, restated here (tests/test_variants_fastvar_or.py checks them).
PAIR, LINEAR, CAGE, RENBAN, GROUPSUM, CLASSES, EITHER, OR = 1, 2, 3, 4, 18, 23, 26, 33
#: Rules a branch cannot hold: their builders make helper cells or decide by search.
NOT_IN_BRANCH = frozenset({"doppelganger", "chaos_construction", "chaos_count",
                           "chaos_arrow", "chaos_same"})


def either(prog, puzzle, c) -> None:
    """``c``, an ``or``, as one ``OR`` propagator over its branches' rules (its data
    packed in ``pack``); an ``or`` with a branch that always holds asks nothing."""
    from .program import Program

    subs = []
    for branch in _branches(c):
        sub = Program(puzzle)
        sub.tables, sub._tables = prog.tables, prog._tables  # (one table of masks)
        for rule in branch:
            _build(sub, puzzle, rule)
        if len(sub.dom) != len(prog.dom):
            raise UnsupportedConstraint("or", "fast: a branch of this or makes helper cells")
        if not sub.props and all(m == sub.full for m in sub.dom):
            return  # a branch that asks nothing always holds
        subs.append(sub)
    if not subs:
        prog.props.append((LINEAR, [], [0, 1]))  # (0 == 1: no branch, no solution)
        return
    cells = sorted({x for s in subs for x in _cells(s)})
    prog.props.append((OR, cells, subs))


def _branches(c) -> list[list]:
    """Each branch of the ``or`` ``c`` as the rules that must all hold (``and``s opened,
    ``or``s inside an ``or`` among its branches)."""
    out = []
    for b in c.branches:
        if b.TYPE == "or":
            out += _branches(b)
        else:
            out.append(_parts(b))
    return out


def _parts(rule) -> list:
    if rule.TYPE != "and":
        return [rule]
    return [x for part in rule.parts for x in _parts(part)]


def _build(sub, puzzle, rule) -> None:
    from .program_rules import BUILDERS

    build = None if rule.TYPE in NOT_IN_BRANCH else BUILDERS.get(rule.TYPE)
    if build is None or rule.TYPE == "or":
        raise UnsupportedConstraint("or", f"fast: a branch of this or holds a rule "
                                    f"({rule.TYPE}) it cannot state inside a branch")
    try:
        build(sub, puzzle, rule)
    except UnsupportedConstraint as exc:
        raise UnsupportedConstraint("or", f"fast: inside a branch, {exc}") from exc
    if sub.first or sub.inorder:
        raise UnsupportedConstraint("or", f"fast: a branch of this or holds a rule "
                                    f"({rule.TYPE}) that branches in order")


def _cells(sub) -> list[int]:
    return [x for _, cells, _ in sub.props for x in cells] + \
        [x for x, m in enumerate(sub.dom) if m != sub.full]


def pack(prog, holding) -> None:
    """Each ``OR``'s branches (programs, from ``either``) packed into its data, ``holding``
    (cell -> its houses' bits, ``Program._holding``) telling which cells differ."""
    for i, (kind, cells, subs) in enumerate(prog.props):
        if kind != OR or isinstance(subs[0], int):  # (packed: a program frozen again)
            continue
        size, blocks = 0, []
        for sub in subs:
            block, need = _branch_data(prog, sub, holding)
            size = max(size, need)
            blocks += [len(block) + 1] + block
        prog.props[i] = (OR, cells, [len(subs), len(cells), size] + cells + blocks)


def _branch_data(prog, sub, holding) -> tuple[list[int], int]:
    """One branch's propagators as (kind, data length, data)... and the scratch they need."""
    shift = len(prog.props)  # (the branch's houses, as bits above the puzzle's)
    both = [h | (o << shift) for h, o in zip(holding, sub._holding())]
    sub._group_sums(both)
    linear_groups(sub, both)
    out, size = [], 0
    restricted = [(x, m) for x, m in enumerate(sub.dom) if m != sub.full]
    if restricted:  # (an ``EITHER`` of one branch: these cells within these masks)
        data = [1, len(restricted)] + [x for x, _ in restricted] + [len(restricted)]
        data += [v for j, (_, m) in enumerate(restricted) for v in (j, m)]
        out += [EITHER, len(data)] + data
    for kind, _, data in sub.props:
        if kind == PAIR:
            a, b, ab, ba = data
            data = [a, b, prog._table(ab), prog._table(ba)]
        elif not isinstance(data, list):
            data = data.tolist()
        if kind == CAGE and len(data) == 3 + data[0]:  # (no peers, no rest of a house)
            data = data + [0, 0, 0]
        elif kind == RENBAN and len(data) == 1 + data[0]:  # (no peers: ``program_peers``)
            data = data + [0]
        elif kind == CLASSES and len(data) == 2 + data[0] + data[1]:
            data = data + [0]
        if kind == GROUPSUM:
            size = max(size, 3 * (data[2] + 1))
        elif kind == RENBAN:
            size = max(size, 2 * data[0])
        out += [kind, len(data)] + data
    return out, size
