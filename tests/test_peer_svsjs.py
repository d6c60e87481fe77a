"""A small sample of the differential test against dclamage's SudokuVariantSolverJS.

Runs when node is on PATH and ``$SVSJS`` names a built checkout (``npm install && npm run
build``: ``dist/bundle.js``); skipped, saying which is missing, otherwise. The full run is
``benchmarks/peers/diff_svsjs.py`` (thousands of puzzles, shrinking, the table).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path

import pytest

PEERS = Path(__file__).resolve().parent.parent / "benchmarks" / "peers"
CHECKOUT = os.environ.get("SVSJS")


def _why_not() -> str | None:
    if not CHECKOUT:
        return "set SVSJS to a built checkout of dclamage/SudokuVariantSolverJS to run this sample"
    if shutil.which("node") is None:
        return "node is not on PATH"
    if not (Path(CHECKOUT) / "dist" / "bundle.js").is_file():
        return f"{CHECKOUT}/dist/bundle.js is missing: run npm install && npm run build there"
    return None


pytestmark = pytest.mark.skipif(_why_not() is not None, reason=_why_not() or "")


@pytest.fixture(scope="module")
def diff():
    sys.path.insert(0, str(PEERS))
    spec = importlib.util.spec_from_file_location("diff_svsjs", PEERS / "diff_svsjs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_twenty_random_puzzles_agree_with_svsjs(diff):
    records = diff.sample(CHECKOUT, 20, seed=35, sizes=(4, 6), time_limit=5.0)
    wrong = [f"#{r['index']} {', '.join(r['types'])}: ours {r['ours']}, svsjs {r['svsjs']} {r['link']}"
             for r in records if r["outcome"] == "disagree"]
    assert not wrong, "\n".join(wrong)
    assert sum(r["outcome"] == "agree" for r in records) >= 15  # few time out or err
