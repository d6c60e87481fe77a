"""The list of slow tests (tests/slow.txt, read by conftest.SLOW) names tests that exist,
so that a renamed test does not silently move back into the README's quick command."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import SLOW

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("entry", sorted(SLOW))
def test_each_slow_entry_names_a_test_function_that_exists(entry):
    path, _, function = entry.partition("::")
    assert (ROOT / path).is_file() and Path(path).name.startswith("test_"), f"{entry}: no file"
    assert re.fullmatch(r"\w+", function), f"{entry}: name a whole test function"
    source = (ROOT / path).read_text()
    # defined there, or imported from another test file and run there again
    assert re.search(rf"^def {function}\(|^from .* import .*\b{function}\b|^\s+{function},$",
                     source, re.M), f"{entry}: no such test"


def test_the_slow_marker_is_given_in_one_place():
    """Nothing else marks tests slow: tests/slow.txt is the one place to look."""
    marked = [p.name for p in (ROOT / "tests").rglob("test_*.py")
              if "mark.slow" in p.read_text() and p.name != Path(__file__).name]
    assert marked == []
