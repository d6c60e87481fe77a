"""``fast``'s build from a geometry's full houses: the crossings (``program._crossings``:
a ``CROSS`` for every two houses sharing two or more cells, neither inside the other) and
the leftover pairs (``program_lines._leftover_pairs``: two houses equal but for one cell
each hold the same value there), each checked against its definition on random houses
(jigsaw-like tilings, rows, columns and extra regions, cells in any order)."""

from __future__ import annotations

import random

import pytest

from sudoku_cp.variants.fastvar.program import CROSS, _crossings
from sudoku_cp.variants.fastvar.program_lines import _leftover_pairs


def _houses(rng: random.Random) -> tuple:
    """Rows, columns, a random tiling into regions and a few extra regions of an n x n
    grid (n 3..7), each house's cells shuffled; some extra regions are another house with
    one cell swapped (leftover pairs), some are repeated."""
    n = rng.randint(3, 7)
    cells = list(range(n * n))
    rows = [list(range(r * n, r * n + n)) for r in range(n)]
    cols = [list(range(c, n * n, n)) for c in range(n)]
    order = cells[:]
    rng.shuffle(order)
    regions = [order[i:i + n] for i in range(0, n * n, n)]
    houses = rows + cols + regions
    for _ in range(rng.randint(0, 4)):
        base = rng.choice(houses)
        if rng.random() < 0.5:
            swap = rng.choice([x for x in cells if x not in base])
            houses.append(base[:-1] + [swap])
        elif rng.random() < 0.5:
            houses.append(list(base))
        else:
            houses.append(rng.sample(cells, n))
    for h in houses:
        rng.shuffle(h)
    return tuple(tuple(h) for h in houses)


@pytest.mark.parametrize("seed", range(40))
def test_crossings_are_every_two_houses_sharing_part_of_each(seed):
    houses = _houses(random.Random(seed))
    want = []
    for i, a in enumerate(houses):
        for j in range(i + 1, len(houses)):
            b = houses[j]
            mid = sorted(set(a) & set(b))
            if 2 <= len(mid) < min(len(a), len(b)):
                ra = [x for x in a if x not in b]
                rb = [x for x in b if x not in a]
                want.append((CROSS, mid + ra + rb, [len(mid), len(ra), len(rb)] + mid + ra + rb))
    assert list(_crossings.__wrapped__(houses)) == want


@pytest.mark.parametrize("seed", range(40))
def test_leftover_pairs_are_the_cells_two_houses_leave_each_other(seed):
    houses = _houses(random.Random(seed))
    got = _leftover_pairs.__wrapped__(houses)
    # each pair (y, x): x's house less x is the first house seen that is so less y
    want = []
    first: dict[frozenset, int] = {}
    for h in houses:
        for x in h:
            rest = frozenset(h) - {x}
            y = first.setdefault(rest, x)
            if y != x:
                want.append((y, x))
    assert list(got) == want
    for y, x in got:  # and by the definition: some two houses equal but for y and x
        assert any(set(a) - {y} == set(b) - {x} and y in a and x in b
                   for a in houses for b in houses)
