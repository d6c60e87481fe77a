"""The witness's chaos construction as labels searched with the values (``witness_chaos``).

The counts of grid and split pairs are checked against enumeration in
``test_variants_chaos.py`` and ``test_variants_chaos_clues.py``; here, the search itself:
ISS's "Stretching" (``data/example_puzzles.js``, MIT: a chaos construction with arrows
and no givens) settles in a few hundred nodes, where counting the splits of each grid
the search found wandered over grids with no split (unknown at 10 s). Nodes, not time:
the same on any machine.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import product

import pytest

from sudoku_cp.variants import witness
from sudoku_cp.variants.iss import parse_iss
from sudoku_cp.variants.model import VariantPuzzle, ChaosConstruction
from sudoku_cp.variants.witness_chaos import Split

STRETCHING = (
    ".NoBoxes "
    ".ChaosConstruction "
    ".ChaosArrow~R1C1~0~CC1~-~CC1~CC10~CC19~CC28~CC37~CC46~CC55~CC64~CC73 "
    ".ChaosArrow~R1C2~0~CC2~-~CC2~CC11~CC20~CC29~CC38~CC47~CC56~CC65~CC74 "
    ".ChaosArrow~R1C3~0~CC3~-~CC3~CC12~CC21~CC30~CC39~CC48~CC57~CC66~CC75 "
    ".ChaosArrow~R1C4~0~CC4~-~CC4~CC13~CC22~CC31~CC40~CC49~CC58~CC67~CC76 "
    ".ChaosArrow~R1C5~0~CC5~-~CC5~CC14~CC23~CC32~CC41~CC50~CC59~CC68~CC77 "
    ".ChaosArrow~R1C6~0~CC6~-~CC6~CC15~CC24~CC33~CC42~CC51~CC60~CC69~CC78 "
    ".ChaosArrow~R1C7~0~CC7~-~CC7~CC16~CC25~CC34~CC43~CC52~CC61~CC70~CC79 "
    ".ChaosArrow~R1C8~0~CC8~-~CC8~CC17~CC26~CC35~CC44~CC53~CC62~CC71~CC80 "
    ".ChaosArrow~R1C9~0~CC9~-~CC9~CC18~CC27~CC36~CC45~CC54~CC63~CC72~CC81 "
    ".ChaosArrow~R5C4~0~CC40~CC31~CC22~CC13~CC4~-~CC40~CC49~CC58~CC67~CC76 "
    ".ChaosArrow~R2C1~0~CC10~CC11~CC12~CC13~CC14~CC15~CC16~CC17~CC18~-~CC10 "
    ".ChaosArrow~R2C2~0~CC11~CC12~CC13~CC14~CC15~CC16~CC17~CC18~-~CC11~CC10 "
    ".ChaosArrow~R2C5~0~CC14~CC15~CC16~CC17~CC18~-~CC14~CC13~CC12~CC11~CC10 "
    ".ChaosArrow~R3C1~0~CC19~CC20~CC21~CC22~CC23~CC24~CC25~CC26~CC27~-~CC19 "
    ".ChaosArrow~R5C1~0~CC37~CC38~CC39~CC40~CC41~CC42~CC43~CC44~CC45~-~CC37 "
    ".ChaosArrow~R8C5~0~CC68~CC69~CC70~CC71~CC72~-~CC68~CC67~CC66~CC65~CC64 "
    ".ChaosArrow~R8C8~0~CC71~CC72~-~CC71~CC70~CC69~CC68~CC67~CC66~CC65~CC64 "
    ".ChaosArrow~R9C1~0~CC73~CC74~CC75~CC76~CC77~CC78~CC79~CC80~CC81~-~CC73 "
    ".ChaosArrow~R9C6~0~CC78~CC79~CC80~CC81~-~CC78~CC77~CC76~CC75~CC74~CC73 "
    ".ChaosArrow~R2C6~0 "
    ".ChaosArrow~R3C3~0 "
    ".ChaosArrow~R6C4~0 "
    ".ChaosArrow~R6C7~0 "
    ".ChaosArrow~R8C6~0"
)
SOLUTION = "624135789139726854245879361961384572357418296872641935713592648486957123598263417"


def test_stretching_is_unique_with_iss_solution_in_few_nodes():
    r = witness.solve(parse_iss(STRETCHING), limit=2, time_limit=120)
    assert r.exhausted and r.solutions == [tuple(int(d) for d in SOLUTION)]
    assert r.stats["nodes"] < 2_000, r.stats


def test_a_label_cell_far_from_its_region_loses_it():
    """Region 0 holds cell 0 and cell 1 of a 4x4: cells more than two steps from both
    (the region lacks two cells) lose label 0; cells too early for region 1 lose it."""
    n, N = 4, 16
    split = Split(n, 1, 0b11110)
    masks = [0b11110] * N + [0b1111] * N
    masks[N + 0] = masks[N + 1] = 0b0001
    changed = []
    assert split.run(masks, changed)
    far = [x for x in range(N) if masks[N + x] & 1 == 0]
    assert far == [x for x in range(N)
                   if min(abs(x // n - a // n) + abs(x % n - a % n) for a in (0, 1)) > 2]
    assert not masks[N + 2] & 0b1100  # region 2 starts at cell 2 at the earliest, 3 at 3
    assert set(changed) <= set(range(2 * N))


def test_a_region_with_a_value_twice_fails():
    n, N = 4, 16
    masks = [0b11110] * N + [0b1111] * N
    masks[0] = masks[1] = 0b10  # both hold 1
    masks[N + 0] = masks[N + 1] = 0b0001
    assert not Split(n, 1, 0b11110).run(masks, [])


def test_a_lone_grid_cell_chaos_construction_counts_every_split():
    """A 2x2 with no givens: two grids, each with two splits (rows, columns)."""
    r = witness.solve(VariantPuzzle(2, box=None, constraints=(ChaosConstruction(),)), limit=10)
    assert r.exhausted and len(r.solutions) == 4 and len(set(r.solutions)) == 2


def _arrow_masks(value_mask):
    """A 4x4's labels with cells 0 and 1 in region 0, cells 2 and 3 open between 0 and 1;
    the arrow on cell 15 runs from cell 0 along the first row."""
    from sudoku_cp.variants.model import ChaosArrow
    from sudoku_cp.variants.witness_chaos import ArrowRun
    N = 16
    masks = [0b11110] * N + [0b1111] * N
    masks[15] = value_mask
    masks[N + 0] = masks[N + 1] = 0b01
    masks[N + 2] = masks[N + 3] = 0b11
    return ArrowRun(ChaosArrow(15, (0, 1, 2, 3), (4,)), N, 1, 4), masks


def test_an_arrow_run_that_must_stop_keeps_the_next_cell_out():
    arrow, masks = _arrow_masks(0b00100)  # 2: the run is cells 0 and 1
    assert arrow.run(masks, [])
    assert (masks[16 + 2], masks[16 + 3]) == (0b10, 0b11)  # past the stop: open


def test_an_arrow_run_that_may_go_on_forces_nothing():
    arrow, masks = _arrow_masks(0b01100)  # 2 or 3: cell 2 in or out, cell 3 either way
    assert arrow.run(masks, [])
    assert (masks[16 + 2], masks[16 + 3]) == (0b11, 0b11)


def test_an_arrow_run_that_must_go_on_takes_the_cells_in():
    arrow, masks = _arrow_masks(0b10000)  # 4: the whole row
    assert arrow.run(masks, [])
    assert (masks[16 + 2], masks[16 + 3]) == (0b01, 0b01)


def _count_case(seed):
    """A 4x4's count clue on random labels: (propagator, masks, counted label slots)."""
    from sudoku_cp.variants.model import ChaosCount
    from sudoku_cp.variants.witness_chaos import RegionCount
    rng = random.Random(seed)
    N = 16
    cells = rng.sample(range(N), rng.randint(2, 6))
    if rng.random() < 0.2:
        cells.append(cells[0])  # the first cell listed twice counts twice
    cell = rng.choice([x for x in range(N) if x not in cells] or [0])
    count = RegionCount(ChaosCount(cell, tuple(cells), rng.choice((0, 1))), N)
    masks = [0b11110] * N + [0b1111] * N
    for x in set(cells):
        masks[N + x] = rng.randint(1, 0b1111)
    masks[cell] = rng.randint(1, 15) << 1
    return count, masks


@pytest.mark.parametrize("seed", range(300))
def test_a_region_count_keeps_what_its_bounds_allow_and_every_labelling_it_fits(seed):
    """Against the rule's statement: for each label of the first counted cell, the
    counted cells sure of it and those that may take it (the first cell always) bound the
    count; the labels no value fits leave the first cell, the values no label fits leave
    ``cell``. And no labelling of the counted cells that fits the count is lost."""
    count, masks = _count_case(seed)
    N, first, offset = 16, count.counted[0], count.offset
    before = list(masks)
    want_labels = want_values = 0
    for q in range(4):
        if not before[first] >> q & 1:
            continue
        sure = sum(1 for x in count.counted if x == first or before[x] == 1 << q)
        may = sum(1 for x in count.counted if x == first or before[x] >> q & 1)
        fits = sum(1 << v for v in range(1, 5)
                   if before[count.cell] >> v & 1 and sure <= v + offset <= may)
        if fits:
            want_labels |= 1 << q
            want_values |= fits
    ok = count.run(masks, [])
    assert ok == bool(want_labels)
    if not ok:
        return
    assert (masks[first], masks[count.cell]) == (want_labels, want_values)
    slots = sorted(set(count.counted))
    for labels in product(*[[q for q in range(4) if before[x] >> q & 1] for x in slots]):
        label = dict(zip(slots, labels))
        held = sum(1 for x in count.counted if label[x] == label[first])
        for v in range(1, 5):
            if before[count.cell] >> v & 1 and held == v + offset:
                assert masks[count.cell] >> v & 1 and all(masks[x] >> label[x] & 1 for x in slots)


@lru_cache(maxsize=None)
def _splits(n):
    """Every split of an n x n grid into n orthogonally connected regions of n cells,
    labelled canonically (region q holds the first cell no earlier region holds)."""
    def near(u):
        return [w for w, ok in ((u - n, u >= n), (u + n, u < n * n - n),
                                (u - 1, u % n > 0), (u + 1, u % n < n - 1)) if ok]

    def shapes(start, free):
        """The connected sets of n free cells holding start."""
        found, todo = set(), [frozenset([start])]
        while todo:
            part = todo.pop()
            if len(part) == n:
                found.add(part)
                continue
            for u in part:
                for w in near(u):
                    if w in free and w not in part and part | {w} not in found:
                        todo.append(part | {w})
        return {p for p in found if len(p) == n}

    out = []

    def place(label, q):
        if q == n:
            out.append(tuple(label))
            return
        free = {x for x in range(n * n) if label[x] < 0}
        for shape in shapes(min(free), free):
            place([q if x in shape else lab for x, lab in enumerate(label)], q + 1)
    place([-1] * (n * n), 0)
    return out


def test_a_part_of_a_region_with_one_door_takes_it():
    """Region 0 holds cells 0 and 1 of a 4x4; cells 4 (below cell 0) and 2 (right of
    cell 1) may not join it: cell 5, below cell 1, is its one way out, so it joins."""
    n, N = 4, 16
    masks = [0b11110] * N + [0b1111] * N
    masks[N + 0] = masks[N + 1] = 0b0001
    masks[N + 4] = masks[N + 2] = 0b1110
    assert Split(n, 1, 0b11110).run(masks, [])
    assert masks[N + 5] == 0b0001


@pytest.mark.parametrize("seed", range(60))
def test_the_split_keeps_every_split_its_labels_allow(seed):
    """Random label masks around a random split of a 4x4 (values all open): the split's
    propagator keeps every split the masks allow (so the door rule forces only what every
    such split has), and fails only when none is left."""
    rng = random.Random(seed)
    n, N = 4, 16
    splits = _splits(n)
    assert len(splits) == 117
    truth = rng.choice(splits)
    masks = [0b11110] * N + [1 << q | (rng.getrandbits(n) if rng.random() < 0.6 else 0)
                             for q in truth]
    allowed = [s for s in splits if all(masks[N + x] >> s[x] & 1 for x in range(N))]
    assert Split(n, 1, 0b11110).run(masks, [])
    for s in allowed:
        assert all(masks[N + x] >> s[x] & 1 for x in range(N)), (s, masks[N:])
