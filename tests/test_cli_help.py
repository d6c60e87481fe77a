"""What ``--help`` shows a user: plain text, never the docstrings' reStructuredText marks."""

from __future__ import annotations

import pytest

from sudoku_cp.cli import main

COMMANDS = ["solve", "check", "explain", "grade", "generate", "canon", "stats", "export",
            "bench", "certify", "gui", "warm-up"]


@pytest.mark.parametrize("argv", [["--help"]] + [[name, "--help"] for name in COMMANDS])
def test_help_is_plain_text(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 0
    shown = capsys.readouterr().out
    assert shown.startswith("usage: sudoku-cp")
    assert "``" not in shown
