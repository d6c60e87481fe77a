"""The rules ``fast``'s chaos split gained in its second round, each on a board of
labels drawn for it (4x4, regions of 4 cells): ``varchaos._doors`` (a part of a region's
fixed cells with one way out grows through it; with none, fails) and
``varchaos._pockets`` (the open cells between fixed ones must hold whole new regions
and what the regions beside them still need). Called directly, with no propagator
watching, so each rule is seen alone; the counting tests in
``test_variants_fastvar_chaos.py`` hold them to sat and the checker.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from sudoku_cp.compiled_cache import prepare  # noqa: E402

prepare()

from sudoku_cp.variants.fastvar import program_chaos, varchaos  # noqa: E402

N = 4
A, B, C, D = 1, 2, 4, 8  # the four regions' bits


def _run(rule, labels):
    """``rule`` on a 4x4 whose label masks are ``labels`` (reading order): whether it
    holds, and the label masks after."""
    cells = N * N
    d = [N, cells, *range(cells), *range(cells, 2 * cells)]
    for x in range(cells):
        d += program_chaos._neighbours(N, x)
    d = np.array(d, dtype=np.int64)
    dom = np.array([(1 << N) - 1] * cells + list(labels), dtype=np.int64)
    nprops = 1
    wstart = np.zeros(len(dom) + 1, dtype=np.int64)
    wlist = np.zeros(1, dtype=np.int64)
    queue = np.zeros(2 * nprops, dtype=np.int64)
    inq = np.zeros(nprops, dtype=np.bool_)
    state = np.zeros(16, dtype=np.int64)
    ok = rule(dom, d, N, cells, 2 + cells, 2 + 2 * cells, wstart, wlist, queue, inq, state,
              nprops)
    return ok, dom[cells:].tolist()


ALL = A | B | C | D


def test_a_part_with_one_door_grows_through_it():
    # region A: cell 0 (two ways out) and cell 10 (walled in but for cell 11)
    labels = [A, ALL, ALL, ALL,
              ALL, ALL, B, ALL,
              ALL, C, A, A | D,
              ALL, ALL, C, ALL]
    ok, after = _run(varchaos._doors, labels)
    assert ok
    assert after[11] == A
    assert after[1] == ALL and after[4] == ALL  # two doors: nothing forced


def test_a_part_with_no_door_fails():
    labels = [A, ALL, ALL, ALL,
              ALL, ALL, B, ALL,
              ALL, C, A, D,
              ALL, ALL, C, ALL]
    assert not _run(varchaos._doors, labels)[0]


# A = {0, 1}, room 2 beside the pocket {4, 5} only; B, C fixed; D open in {10, 11, 14, 15}
POCKETS = [A, A, B, B,
           A | D, A | D, B, B,
           C, C, A | D, A | D,
           C, C, A | D, A | D]


def test_a_pocket_with_no_room_for_a_new_region_loses_its_label():
    ok, after = _run(varchaos._pockets, POCKETS)
    assert ok
    assert after[4] == A and after[5] == A
    assert after[10] == A | D  # the other pocket holds region D whole


def test_a_pocket_smaller_than_the_room_it_must_give_fails():
    labels = list(POCKETS)
    labels[1] = B  # A now has one fixed cell, room 3, and only the pocket {4, 5} beside it
    assert not _run(varchaos._pockets, labels)[0]


def test_a_pocket_not_filled_by_whole_regions_fails():
    labels = list(POCKETS)
    labels[4] = labels[5] = A  # A full; cell 15 given to C (over-full: this rule looks at
    labels[15] = C              # pockets only), so three open cells and no region beside
    assert not _run(varchaos._pockets, labels)[0]


def _split(labels, values):
    """The whole split (``varchaos._chaos``) once on a 4x4 with these label and value
    masks (no label order: every region counts as pinned); whether it holds, and the
    label and value masks after."""
    cells = N * N
    d = [N, cells, *range(cells), *range(cells, 2 * cells)]
    for x in range(cells):
        d += program_chaos._neighbours(N, x)
    d.append(ALL)
    d = np.array(d, dtype=np.int64)
    dom = np.array(list(values) + list(labels), dtype=np.int64)
    wstart = np.zeros(len(dom) + 1, dtype=np.int64)
    ok = varchaos._chaos(dom, d, 0, wstart, np.zeros(1, dtype=np.int64),
                         np.zeros(2, dtype=np.int64), np.zeros(1, dtype=np.bool_),
                         np.zeros(16, dtype=np.int64), 1)
    return ok, dom[cells:].tolist(), dom[:cells].tolist()


def test_a_cell_fixed_by_a_hidden_single_seeds_its_regions_reach_in_the_same_run():
    # D may be the top row and the right column; of those cells only cell 15 can hold a
    # 4, so it is D's (the value rule), and from it D reaches cells 11, 7 and 3 within its
    # room of three: exactly four cells, so they are D and the rest of the row is not.
    # (The connectivity reads the cells fixed as the values were reasoned, not before.)
    ABC = A | B | C
    labels = [ALL, ALL, ALL, ALL,
              ABC, ABC, ABC, ALL,
              ABC, ABC, ABC, ALL,
              ABC, ABC, ABC, ALL]
    values = [ALL if labels[x] == ABC or x == 15 else A | B | C for x in range(N * N)]
    ok, after, vals = _split(labels, values)
    assert ok
    assert vals[15] == D  # (the value 4 is bit D)
    assert [after[x] for x in (3, 7, 11, 15)] == [D] * 4
    assert after[0] == after[1] == after[2] == ABC
