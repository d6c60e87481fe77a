"""A chaos construction and its clues as propagators of ``fast`` (``program`` takes them in).

The regions are unknowns: one *label cell* a grid cell (``Program.aux``, left out of the
solutions), its bit ``q`` "the cell lies in region ``q``", so ``n`` regions need ``n``
values (a chaos region holds every value once: the values are ``n`` anyway). One
``CHAOS`` propagator keeps the split (``varchaos._chaos``); a second chaos construction
is the same rule on the same split (as ISS keeps one). ``chaos_count`` and
``chaos_arrow`` read the label cells (``CHAOSCOUNT``, ``CHAOSARROW``); ``chaos_same``
over single cells makes their label cells equal; ``chaos_same`` over larger sets and
``chaos_regions`` are declined by name.

The search branches over every cell, value and label alike, the fewest candidates per
weight, as ISS's candidate selector does (``BRANCH``); measured against the labels in
reading order in docs/variants_speed.md ("Twelfth round — chaos", "Chaos, second round").

>>> from sudoku_cp.variants.model import VariantPuzzle, ChaosConstruction
>>> from sudoku_cp.variants.fastvar.program import compile_puzzle
>>> prog = compile_puzzle(VariantPuzzle(4, box=None, constraints=(ChaosConstruction(),)))
>>> len(prog.dom), prog.shown, prog.kinds.tolist().count(CHAOS)
(32, 16, 1)
"""

from __future__ import annotations

from ..paradigms import UnsupportedConstraint

# ``program``'s kind numbers, restated here: ``program`` imports this module at its end
# (tests/test_variants_fastvar_chaos.py checks the two lists agree).
CHAOS, CHAOSCOUNT, CHAOSARROW = 28, 29, 30
#: Branch first on where each region starts, its earliest cell that can (measured, slower).
HINTS = False
#: How the search branches: on the labels before the values, ``"labels"`` (the usual
#: choice among them), ``"order"`` (the first unfixed in reading order), ``"pairs"`` (as
#: ``"order"``, a value cell of two candidates first); or over every cell, None (the
#: usual choice), ``"weighted"`` (fewest candidates per weight, a cell weighed by the
#: choices on it that failed, as ISS weighs, not by the split's failures, which name
#: every cell) or ``"linked"`` (as ``"weighted"``, a cell four times as heavy when its
#: label, or its label's grid cell, is fixed: ISS's linked cells).
BRANCH = "linked"


def _neighbours(n, cell):
    r, c = divmod(cell, n)
    return [x if ok else -1 for x, ok in ((cell - n, r > 0), (cell + n, r < n - 1),
                                          (cell - 1, c > 0), (cell + 1, c < n - 1))]


def labels(prog, p) -> list[int]:
    """The label cells (made, with the ``CHAOS`` propagator, on first use)."""
    made = getattr(prog, "chaos_labels", None)
    if made is not None:
        return made
    n = p.size
    if prog.nv != n:
        raise UnsupportedConstraint("chaos_construction",
                                    f"fast: {prog.nv} values for regions of {n} cells")
    cells = list(range(n * n))
    made = prog.chaos_labels = [prog.aux(lambda v: True) for _ in cells]
    data = [n, len(cells)] + cells + made
    for x in cells:
        data += _neighbours(n, x)
    prog.props.append((CHAOS, cells + made, data))
    if BRANCH:
        prog.first, prog.inorder = made[0], {"order": 1, "pairs": 2, "weighted": 3,
                                             "linked": 4}.get(BRANCH, 0)
    if HINTS:
        for q in range(n):  # each region's first cell placed first (its earliest cell that can)
            prog.hints[(tuple(made), 1 << q)] = None
    return made


def _construction(prog, p, c):
    labels(prog, p)


def _count(prog, p, c):
    lab = labels(prog, p)
    counted = [lab[x] for x in c.cells[1:]]
    first = lab[c.cells[0]]
    prog.props.append((CHAOSCOUNT, [c.cell, first, *counted],
                       [len(counted), c.offset, c.cell, first, *counted]))


def _arrow(prog, p, c):
    lab = labels(prog, p)
    first = lab[c.cells[0]]
    arms, at = [], 0
    for length in c.lengths:
        arms.append([lab[x] for x in c.cells[at + 1:at + length]])
        at += length
    after = [x for arm in arms for x in arm]
    prog.props.append((CHAOSARROW, [c.cell, first, *after],
                       [len(arms), c.offset, c.cell, first, *(len(a) for a in arms), *after]))


def _equal(a, b):
    return a == b


def _same(prog, p, c):
    if c.size != 1:
        raise UnsupportedConstraint("chaos_same", "fast: no compiled propagator for sets of "
                                    "several region cells yet")
    lab = labels(prog, p)
    for x in c.cells[1:]:
        prog.relation(lab[c.cells[0]], lab[x], _equal)


BUILDERS = {"chaos_construction": _construction, "chaos_count": _count,
            "chaos_arrow": _arrow, "chaos_same": _same}
