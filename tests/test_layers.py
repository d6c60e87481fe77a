"""The floor plan holds: no module imports one of a higher layer (docs/floor_plan.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_no_import_climbs_a_layer():
    done = subprocess.run([sys.executable, str(ROOT / "docs" / "floor_plan.py"), "--check"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 imports that climb" in done.stdout


def test_the_check_finds_a_climb(tmp_path, monkeypatch):
    """A planted import from the vocabulary layer up into the command line is caught."""
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import floor_plan
    finally:
        sys.path.pop(0)
    package = tmp_path / "sudoku_cp"
    (package / "cli").mkdir(parents=True)
    (package / "errors.py").write_text("from .cli import main\n")
    (package / "cli" / "__init__.py").write_text("def main():\n    pass\n")
    monkeypatch.setattr(floor_plan, "PACKAGE", package)
    modules, climbs = floor_plan.survey()
    assert climbs == [("errors", "cli")]
