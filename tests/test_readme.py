"""The README's quick start and CI's script must say the same thing."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def quick_start() -> list[str]:
    text = (ROOT / "README.md").read_text()
    block = re.search(r"## Quick start.*?```(?:sh|bash)?\n(.*?)```", text, re.S)
    assert block, "README has a Quick start section with a code block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_quick_start_is_two_commands():
    lines = quick_start()
    assert len(lines) == 2
    assert "sudoku-cp check" in lines[0] and "pip install" in lines[0]
    assert "pytest" in lines[1] and "pip install" in lines[1]


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    assert quick_start()[1] in ci.splitlines()
