"""The ``fast`` backend's ``Tables`` (a geometry as integer arrays) against the definitions.

``Tables`` builds its arrays with numpy at once (a geometry's first solve pays for it);
here every array is rebuilt cell by cell from the words of ``Tables``'s docstring and the
geometry's own ``peers`` and ``houses``, on random geometries: box shapes from 1x4 to
4x4 with random extra houses of every length (a single cell, a pair, a full house, a
house of more than n cells).
"""

from __future__ import annotations

import random

import pytest

from sudoku_cp.board import Geometry

np = pytest.importorskip("numpy")

from sudoku_cp.backends.fast import backend as fast  # noqa: E402  (numba is not imported)


def random_geometry(rng: random.Random) -> Geometry:
    br, bc = rng.choice([(1, 4), (2, 2), (2, 3), (3, 2), (1, 5), (3, 3), (2, 4), (3, 4), (4, 4)])
    n = br * bc
    extra = [tuple(rng.sample(range(n * n), rng.randrange(1, n + 3)))
             for _ in range(rng.randrange(0, 12))]
    extra += [tuple(rng.sample(range(n * n), 2)) for _ in range(rng.choice((0, 0, 40)))]
    return Geometry(br, bc, tuple(extra))


def padded(rows, width: int) -> list[list[int]]:
    return [list(r) + [0] * (width - len(r)) for r in rows]


def expected(g: Geometry) -> dict:
    """Every array of ``Tables`` from the definitions, in plain Python."""
    n, br, bc = g.n, g.box_rows, g.box_cols
    peers = [sorted({p for h in g.houses if c in h for p in h} - {c}) for c in range(g.ncells)]
    words = max(1, -(-len(g.houses) // 64))
    house_bits = [[0] * words for _ in range(g.ncells)]
    full_houses = [0] * words
    for h, cells in enumerate(g.houses):
        if len(cells) == n:
            full_houses[h // 64] |= 1 << (h % 64)
            for c in cells:
                house_bits[c][h // 64] |= 1 << (h % 64)
    # where a box meets a row (row by row, box by box across), then a column (likewise)
    rows = [[r * n + j * bc + k for k in range(bc)] for r in range(n) for j in range(br)]
    cols = [[(i * br + k) * n + c for k in range(br)] for c in range(n) for i in range(bc)]
    return {
        "peers": padded(peers, max(1, max(map(len, peers)))),
        "npeers": [len(p) for p in peers],
        "houses": padded(g.houses, max(map(len, g.houses))),
        "hlen": [len(h) for h in g.houses],
        "house_bits": house_bits,
        "full_houses": full_houses,
        "segments": [c for seg in rows + cols for c in seg],
        "impossible": any(len(h) > n for h in g.houses),
        "words": words,
    }


@pytest.mark.parametrize("seed", range(40))
def test_tables_match_the_definitions_on_random_geometries(seed):
    g = random_geometry(random.Random(seed))
    t = fast.Tables(g)
    want = expected(g)
    got = {name: getattr(t, name) for name in want}
    for name in ("peers", "npeers", "houses", "hlen", "house_bits", "full_houses", "segments"):
        bits = name in ("house_bits", "full_houses")
        assert got[name].dtype == (np.uint64 if bits else np.int64), name
        got[name] = got[name].tolist()
    assert got == want


@pytest.mark.parametrize("box", [(3, 3), (4, 4), (1, 9)])
def test_tables_of_classic_shapes(box):
    """No extra house: every cell has the same number of peers, 3n - 1 - br - bc with
    boxes (row, column and box overlap), 2n - 2 as a Latin square (boxes 1 x n repeat
    the rows)."""
    g = Geometry(*box)
    t = fast.Tables(g)
    n = g.n
    peers = 2 * n - 2 if 1 in box else 3 * n - 1 - sum(box)
    assert set(t.npeers.tolist()) == {peers}
    assert t.peers.shape == (g.ncells, peers)
    assert t.full_houses.tolist() == expected(g)["full_houses"]
