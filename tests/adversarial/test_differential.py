"""The soak in miniature: random boards of every shape through every installed backend,
against an independent counter (pycosat on a CNF written in ``benchmarks/soak.py``).

``benchmarks/soak.py --minutes N --backends all`` is the long version (docs/reliability.md
has its figures); this one runs a few dozen cases so that CI sees a disagreement, or a
time-out of one backend on a small board, at once.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("pycosat", reason="pycosat (the independent counter) is not installed")

SOAK = Path(__file__).resolve().parents[2] / "benchmarks" / "soak.py"
spec = importlib.util.spec_from_file_location("soak", SOAK)
soak = importlib.util.module_from_spec(spec)
spec.loader.exec_module(soak)


def test_every_backend_agrees_with_the_counter_on_random_boards():
    backends = soak.all_backends()
    assert {"sat", "cpsat", "backtrack", "dlx"} <= set(backends)
    results = soak.check_range(0, 40, 2711, 20.0, backends)
    bad = [r for outcome, _, r, _ in results if outcome == "DISAGREE"]
    assert not bad, bad[0]
    slow = [(label, name) for _, label, _, statuses in results
            for name, status in statuses.items() if status == "unknown"]
    assert not slow  # no backend needs 20 s on these boards
    assert {outcome for outcome, *_ in results} >= {"unique", "multiple"}
    assert all(len(statuses) == len(backends) for *_, statuses in results)
