"""The setter's endpoints: variant/export (each format reads back) and the differing cells'
two values in a variant check (what edit mode highlights)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette", reason="the gui extra (starlette) is not installed")
pytest.importorskip("pysat", reason="the variant paradigms need python-sat")
try:
    import httpx2  # noqa: F401
except ImportError:
    pytest.importorskip("httpx", reason="Starlette's test client needs httpx2 or httpx")

from starlette.testclient import TestClient  # noqa: E402

from sudoku_cp.gui.app import create_app  # noqa: E402
from sudoku_cp.variants.formats import read_entry  # noqa: E402
from sudoku_cp.variants.model import NegativeDots, NonConsecutive  # noqa: E402

DRAFT = {"size": 4, "givens": [[0, 1]], "constraints": [
    {"type": "killer_cage", "cells": [1, 2], "total": 5},
    {"type": "thermometer", "cells": [13, 14]},
    {"type": "difference_dot", "cells": [8, 9], "difference": 1}]}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(time_limit=30, workers=2)) as c:
        yield c


def test_export_reads_back(client):
    r = client.post("/api/variant/export", json={"puzzle": json.dumps(DRAFT)})
    assert r.status_code == 200, r.text
    d = r.json()
    want = read_entry(json.dumps(DRAFT)).puzzle
    for key in ("json", "fpuzzles", "fpuzzles_link", "iss", "iss_link"):
        back = read_entry(d[key]).puzzle
        assert (back.size, back.givens, set(back.constraints)) == \
               (want.size, want.givens, set(want.constraints)), key


def test_export_says_why_not(client):
    odd = dict(DRAFT, constraints=[{"type": "odd", "cell": 3}])
    d = client.post("/api/variant/export", json={"puzzle": json.dumps(odd)}).json()
    assert "odd" in d["iss_error"] and "iss" not in d and d["fpuzzles"]


def test_check_names_both_values_where_solutions_differ(client):
    d = client.post("/api/variant/check", json={"puzzle": json.dumps(DRAFT)}).json()
    assert d["verdict"] == "multiple"
    assert d["differ"] and [c for c, _, _ in d["differ_values"]] == d["differ"]
    assert all(a != b for _, a, b in d["differ_values"])


# One of every constraint type the model has, on a 9x9 (R(r, c): 1-based row and column).
def R(r, c):
    return (r - 1) * 9 + c - 1


EVERY = {
    "killer_cage": {"cells": [R(1, 1), R(1, 2)], "total": 10},
    "little_killer": {"cells": [R(1, 2), R(2, 3), R(3, 4), R(4, 5), R(5, 6), R(6, 7), R(7, 8), R(8, 9)], "total": 40},
    "sandwich": {"cells": [R(3, c) for c in range(1, 10)], "total": 12},
    "x_sum": {"cells": [R(r, 4) for r in range(1, 10)], "total": 20},
    "skyscraper": {"cells": [R(9, c) for c in range(9, 0, -1)], "count": 3},
    "arrow": {"bulb": [R(5, 1)], "shaft": [R(5, 2), R(5, 3)]},
    "double_arrow": {"cells": [R(6, 1), R(6, 2), R(6, 3)]},
    "thermometer": {"cells": [R(7, 1), R(7, 2), R(7, 3)]},
    "slow_thermometer": {"cells": [R(8, 1), R(8, 2)]},
    "whisper": {"cells": [R(9, 1), R(9, 2)], "difference": 5},
    "renban": {"cells": [R(2, 5), R(2, 6)]},
    "palindrome": {"cells": [R(4, 6), R(4, 7), R(4, 8)]},
    "between": {"cells": [R(5, 7), R(5, 8), R(5, 9)]},
    "lockout": {"cells": [R(6, 7), R(6, 8), R(6, 9)], "difference": 4},
    "region_sum_line": {"cells": [R(7, 3), R(7, 4)]},
    "zipper": {"cells": [R(8, 4), R(8, 5), R(8, 6)]},
    "entropic": {"cells": [R(9, 4), R(9, 5), R(9, 6)]},
    "modular": {"cells": [R(1, 6), R(1, 7), R(1, 8)], "modulus": 3},
    "difference_dot": {"cells": [R(2, 8), R(2, 9)], "difference": 1},
    "ratio_dot": {"cells": [R(3, 8), R(3, 9)], "ratio": 2},
    "xv": {"cells": [R(4, 8), R(4, 9)], "total": 10},
    "greater_than": {"cells": [R(7, 8), R(7, 9)]},
    "odd": {"cell": R(1, 9)},
    "even": {"cell": R(2, 7)},
    "minimum": {"cells": [R(8, 8)]},
    "maximum": {"cells": [R(8, 7)]},
    "quadruple": {"cells": [R(5, 4), R(5, 5), R(6, 4), R(6, 5)], "values": [1, 2]},
    "clone": {"cells": [R(9, 8)], "copy": [R(1, 3)]},
    "candidates": {"cell": R(9, 9), "values": [4, 6]},
    "extra_region": {"cells": [R(3, 5), R(3, 6), R(4, 5)]},
    "diagonal": {"slope": 1},
    "anti_knight": {}, "anti_king": {}, "non_consecutive": {}, "disjoint_groups": {},
    "negative_dots": {"white": True, "black": True},
    "negative_xv": {"x": True, "v": True},
    # issue 37: ISS's sets, global rules and indexing
    "sum": {"cells": [R(1, 4), R(2, 4)], "total": 7, "weights": [1, 2]},
    "rellik_cage": {"cells": [R(1, 5), R(2, 5)], "total": 4},
    "equality_cage": {"cells": [R(3, 7), R(4, 7)]},
    "contain_exact": {"cells": [R(5, 5), R(6, 6), R(4, 4)], "values": [2, 2]},
    "lunchbox": {"cells": [R(6, 1), R(7, 1), R(8, 1)], "total": 0},
    "sum_line": {"cells": [R(1, 1), R(2, 1), R(2, 2)], "total": 10, "loop": True},
    "counting_circles": {"cells": [R(3, 3), R(7, 7)]},
    "value_indexing": {"cells": [R(4, 1), R(4, 2), R(4, 3)]},
    "count_distinct": {"cell": R(9, 3), "cells": [R(8, 3), R(7, 3)]},
    "equal_sum": {"cells": [R(6, 8), R(7, 8), R(7, 9)], "lengths": [1, 2]},
    "indexing": {"cell": R(2, 7), "cells": [R(2, c) for c in range(1, 10)], "value": 7},
    "hidden_skyscraper": {"cells": [R(r, 2) for r in range(9, 0, -1)], "value": 4},
    "anti_taxicab": {}, "global_mod": {}, "global_entropy": {}, "dutch_flatmates": {},
    "pair": {"cells": [R(6, 2), R(6, 3), R(7, 2)], "allowed": [1, 2, 2, 3, 3, 1], "all_pairs": True},
    # issue 37: dclamage's rules
    "nabner": {"cells": [R(1, 1), R(2, 2), R(3, 3)]}, "knightmare": {"sums": [5, 15]},
    "chess": {"moves": [2, 2], "values": [1, 3], "cells": []}, "diagonal_non_consecutive": {},
    # issue 37: composites and sequences (the NFA as ISS's string reads back: states numbered
    # start, accepting, others; moves sorted)
    "or": {"branches": [{"type": "thermometer", "cells": [R(1, 1), R(1, 2)]},
                        {"type": "killer_cage", "cells": [R(1, 1), R(1, 2)], "total": 9}]},
    "and": {"parts": [{"type": "thermometer", "cells": [R(2, 1), R(2, 2)]},
                      {"type": "xv", "cells": [R(2, 1), R(2, 2)], "total": 5}]},
    "regex": {"cells": [R(3, 1), R(3, 2), R(3, 3)], "pattern": "1[2-4]+"},
    "nfa": {"cells": [R(4, 1), R(4, 2)], "states": 3, "start": [0], "accept": [1],
            "moves": [0, 4, 2, 2, 2, 1], "lengths": []},
    # (issue 37, second batch; doppelganger needs values 0..9, so this 9x9 only exports JSON)
    "same_values": {"cells": [R(1, 8), R(5, 9), R(2, 6), R(3, 4)], "sets": 2},
    "region_same_values": {}, "doppelganger": {}, "full_rank_ties": {"ties": "any"},
    "connected_values": {"values": [1, 2, 3, 4, 5, 6, 7, 8], "size": 72},
    "full_rank": {"cells": [R(3, c) for c in range(9, 0, -1)], "rank": 20},
    "chaos_construction": {},  # (issue 37: the regions are unknowns)
    "chaos_arrow": {"cell": R(1, 1), "cells": [R(2, 2), R(2, 3), R(2, 2), R(3, 2)],
                    "lengths": [2, 2], "offset": 0},
    "chaos_count": {"cell": R(9, 9), "cells": [R(8, 8), R(8, 9), R(9, 8)], "offset": 1},
    "chaos_same": {"cells": [R(1, 1), R(1, 2), R(2, 1)]},
    "chaos_regions": {"cell": R(9, 9), "cells": [R(8, 8), R(8, 9), R(9, 8)]},
}
#: What a type needs beside it in a puzzle (a clue on the regions needs the chaos construction).
NEEDS = {"chaos_arrow": [{"type": "chaos_construction"}],
         "chaos_count": [{"type": "chaos_construction"}],
         "chaos_same": [{"type": "chaos_construction"}],
         "chaos_regions": [{"type": "chaos_construction"}]}


def test_every_model_type_is_listed():
    from sudoku_cp.variants.model import TYPES

    assert set(EVERY) == set(TYPES)


@pytest.mark.parametrize("kind", sorted(EVERY))
def test_every_type_exports_and_reads_back(client, kind):
    """JSON always; f-puzzles and ISS whenever they carry it (else they say why)."""
    con = {"type": kind, **EVERY[kind]}
    puzzle = {"size": 9, "givens": [[40, 5]], "constraints": NEEDS.get(kind, []) + [con]}
    r = client.post("/api/variant/export", json={"puzzle": json.dumps(puzzle)})
    assert r.status_code == 200, r.text
    d = r.json()
    want = read_entry(json.dumps(puzzle)).puzzle
    carried = []
    for key in ("json", "fpuzzles_link", "iss_link"):
        if key not in d:
            assert d[key.replace("_link", "_error")]  # said why not
            continue
        back = read_entry(d[key])
        assert not back.error, (key, back.error)
        got = set(back.puzzle.constraints)
        if key == "fpuzzles_link" and kind == "non_consecutive":  # f-puzzles' own name for it, the same rule
            got = {NonConsecutive() if c == NegativeDots(True, False) else c for c in got}
        expect = set(want.constraints)
        if key == "iss_link" and kind == "and":  # ISS builds a top-level And as its parts
            expect = set(want.constraints[0].parts)
        assert (back.puzzle.givens, got) == (want.givens, expect), (key, d[key])
        carried.append(key)
    print(kind, carried)
