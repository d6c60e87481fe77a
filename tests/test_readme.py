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


def test_ci_also_runs_the_tests_the_readme_command_leaves_out():
    """The README's test command leaves out the tests marked slow (so that it is quick on
    two cores); CI must then run exactly those: the same command with ``-m slow``."""
    command = quick_start()[1].split("&&", 1)[1].strip()
    left_out = re.search(r'-m "not (\w+)"', command)
    assert left_out, "the README's test command names the marker it leaves out"
    marker = left_out.group(1)
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert command.replace(left_out.group(0), f"-m {marker}") in ci
    import tomllib

    pytest_options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    options = pytest_options["ini_options"]
    assert any(m.startswith(f"{marker}:") for m in options["markers"])  # registered
    assert "--strict-markers" in options["addopts"]  # a misspelt marker fails, not skips
    assert " -m " not in f" {options['addopts']} "  # nothing else leaves tests out
