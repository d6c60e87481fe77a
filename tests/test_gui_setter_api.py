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
