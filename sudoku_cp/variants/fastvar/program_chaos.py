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
#: Pin regions 0, 1 and 2 to three cells far apart (``anchors``), as ISS does.
ANCHORS = True
#: Branch first on where each region starts, its earliest cell that can (measured, slower).
HINTS = False
#: How the search branches: on the labels before the values, ``"labels"`` (the usual
#: choice among them), ``"order"`` (the first unfixed in reading order), ``"pairs"`` (as
#: ``"order"``, a value cell of two candidates first); or over every cell, None (the
#: usual choice), ``"weighted"`` (fewest candidates per weight, a cell weighed by the
#: choices on it that failed, as ISS weighs, not by the split's failures, which name
#: every cell) or ``"linked"`` (as ``"weighted"``, a cell twice as heavy when its
#: label, or its label's grid cell, is fixed: ISS's linked cells).
BRANCH = "linked"
#: Counts reasoned region by region, as ISS's handler does (``varchaos._count_by_region``):
#: for each region the first cell may be, what the count and each counted cell may be.
COUNT_BY_REGION = True
#: With it, a count whose first cell has every neighbour counted is one more than the
#: cells fixed to a region while no neighbour is fixed to it (a neighbour must join).
COUNT_NEAR = True


def anchors(n) -> list[int]:
    """Up to three cells, pairwise ``n`` or more steps apart (so in three regions), that
    take regions 0, 1 and 2, as ISS pins them: the first cell, the first edge cell far
    enough from it (top and bottom rows, column by column, then the side columns), the
    first cell in reading order far from both; the other regions follow in order of first
    appearance. Fewer regions or no such cells: the first cell alone.

    >>> anchors(9), anchors(6), anchors(2)
    ([0, 17, 73], [0, 11, 31], [0])
    """
    def far(a, b):
        return abs(a // n - b // n) + abs(a % n - b % n) >= n

    if n < 3:
        return [0]
    edge = [x for c in range(n) for x in (c, (n - 1) * n + c)]
    edge += [x for r in range(1, n - 1) for x in (r * n, r * n + n - 1)]
    second = next((x for x in edge if far(0, x)), None)
    third = next((x for x in range(n * n) if far(0, x) and second is not None
                  and far(second, x)), None)
    return [0] if third is None else sorted([0, second, third])


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
    pinned = anchors(n) if ANCHORS else [0]
    for q, x in enumerate(pinned):
        prog.dom[made[x]] &= 1 << q
    data.append((1 << len(pinned)) - 1)
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
    near = [x for x in _neighbours(p.size, c.cells[0]) if x >= 0]
    enclosed = [lab[x] for x in near] if COUNT_NEAR and p.size > 1 and set(near) <= set(c.cells[1:]) else []
    prog.props.append((CHAOSCOUNT, [c.cell, first, *counted],
                       [len(counted), c.offset, c.cell, first, *counted,
                        int(COUNT_BY_REGION), len(enclosed), *enclosed]))


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
