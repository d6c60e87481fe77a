"""The teaching notebooks: each runs top to bottom, is stored without outputs, imports
only sudoku_cp, matplotlib and the standard library, and matches its Jupytext source
``notebooks/NN_name.py`` (what ``notebooks/build.py`` writes from it).

Running needs the notebook tools of the ``test`` extra (nbclient, nbformat, ipykernel,
matplotlib); without them the run tests are skipped with a reason, the static checks
(which read the files as JSON) still run. The kernel is started with the repository root
first on PYTHONPATH, so the notebooks use this working tree's sudoku_cp, as the other
tests do, and its interpreter is checked to be the one running the tests.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))
#: Top-level modules a notebook may import.
ALLOWED = {"sudoku_cp", "matplotlib"} | set(sys.stdlib_module_names)
#: Seconds one cell may run before the notebook fails (they take a few seconds at most).
CELL_TIMEOUT = 120


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[str]:
    return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in nb["cells"] if c["cell_type"] == "code"]


def imported_modules(source: str) -> set[str]:
    """Top-level names of every module a cell imports (a cell must be plain Python)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_there_are_notebooks():
    names = {p.name for p in PATHS}
    assert names >= {
        "01_sudoku_as_sat.ipynb", "02_sudoku_as_cp.ipynb", "03_reference_backtracker.ipynb",
        "04_comparing_paradigms.ipynb", "05_exactly_one_solution.ipynb",
        "08_killer_three_ways.ipynb", "09_regex_and_or_three_ways.ipynb",
    }


def test_every_notebook_has_its_source_and_every_source_its_notebook():
    sources = {p.stem for p in NOTEBOOKS.glob("[0-9][0-9]_*.py")}
    assert sources == {p.stem for p in PATHS}


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.name)
def test_stored_without_outputs(path):
    nb = read(path)
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [], f"{path.name}: cell {i} has stored outputs"
            assert cell.get("execution_count") is None, f"{path.name}: cell {i} was executed"
    assert nb["metadata"]["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.name)
def test_imports_only_sudoku_cp_matplotlib_and_stdlib(path):
    for i, source in enumerate(code_cells(read(path))):
        others = imported_modules(source) - ALLOWED
        assert not others, f"{path.name}: cell {i} imports {sorted(others)}"


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.name)
def test_matches_its_jupytext_source(path):
    """The .ipynb is what notebooks/build.py writes from NN_name.py (edit the .py, run it)."""
    pytest.importorskip("nbformat", reason="needs the test extra (nbformat)")
    pytest.importorskip("jupytext", reason="needs the test extra (jupytext)")
    spec = importlib.util.spec_from_file_location("notebooks_build", NOTEBOOKS / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    source = path.with_suffix(".py")
    assert source.is_file(), f"{path.name} has no Jupytext source {source.name}"
    assert path.read_text(encoding="utf-8") == build.text(source), (
        f"{path.name} differs from {source.name}: run python3 notebooks/build.py")


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.name)
def test_runs_top_to_bottom(path):
    nbformat = pytest.importorskip("nbformat", reason="needs the test extra (nbformat)")
    nbclient = pytest.importorskip("nbclient", reason="needs the test extra (nbclient)")
    pytest.importorskip("ipykernel", reason="needs the test extra (ipykernel)")
    pytest.importorskip("matplotlib", reason="needs the test extra (matplotlib)")

    nb = nbformat.read(path, as_version=4)
    # One more cell, never saved: which interpreter did the kernel run?
    nb.cells.append(nbformat.v4.new_code_cell("import sys; print(sys.executable)"))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    client = nbclient.NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOKS)}})
    try:
        client.execute(env=env)
    except nbclient.exceptions.CellExecutionError as exc:
        message = re.sub(r"\x1b\[[0-9;]*m", "", str(exc))  # no terminal colours
        pytest.fail(f"{path.name} failed:\n{message}", pytrace=False)
    executable = "".join(out.get("text", "") for out in nb.cells[-1].outputs).strip()
    assert Path(executable).resolve() == Path(sys.executable).resolve()
