"""benchmarks/peers/diff_iss.py with one paradigm (``--paradigms cpsat``) compares its answers.

The cross-check's verdict wants two paradigms agreeing, so with one alone every unique
and every none answer came back ``unknown`` and went uncompared ("ours unknown"): a
differential of one paradigm tested only its multiple answers (round 27's batch3 run of
cpsat alone: 86 of 150 uncompared). ``ours`` now takes that paradigm's own claim, its
solutions still checked by the rules."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks" / "peers"))

import diff_iss  # noqa: E402

THERMO = ".Thermo~R1C1~R1C2~R1C3~R1C4.{givens}.Shape~4x4"  # (README's 4x4 examples)
CASES = [  # givens, the verdict, the solution when unique
    ("~R2C2_4~R3C2_1~R4C3_1", "unique", "1234342121434312"),
    ("~R2C2_4~R3C2_1", "multiple", None),
    ("~R1C1_2", "none", None),  # a thermometer of four from 2 cannot fit 1..4
]


@pytest.mark.parametrize("paradigm", ["sat", "witness"])
@pytest.mark.parametrize("givens, verdict, solution", CASES)
def test_one_paradigm_alone_is_compared_as_two_are(paradigm, givens, verdict, solution):
    text = THERMO.format(givens=givens)
    assert diff_iss.ours(text, 10, [paradigm])[:2] == (verdict, solution)
    assert diff_iss.ours(text, 10, [paradigm, "sat"])[:2] == (verdict, solution)
