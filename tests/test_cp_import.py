"""OR-Tools' cp_model imported without pandas (``sudoku_cp.cp_import``): the same
solver, pandas left out until one of cp_model's pandas helpers reads it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytest.importorskip("ortools")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOLVE = """
import sys
from sudoku_cp.variants.crosscheck import crosscheck
from sudoku_cp.variants.model import Thermometer, VariantPuzzle
r = crosscheck(VariantPuzzle(4, givens=((5, 4), (9, 1), (14, 1)),
                             constraints=(Thermometer((0, 1, 2, 3)),)), ["cpsat", "witness"])
print(r.verdict.value, "pandas" in sys.modules)
"""


def _run(code: str, **env) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=ROOT, **env), timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_a_cpsat_check_imports_no_pandas():
    assert _run(SOLVE) == ["unique", "False"]


def test_the_plain_import_on_request():
    pytest.importorskip("pandas")
    assert _run(SOLVE, SUDOKU_CP_PANDAS="1") == ["unique", "True"]


def test_cp_models_pandas_helpers_still_work():
    pd = pytest.importorskip("pandas")
    from sudoku_cp.cp_import import cp_model

    cp = cp_model()
    model = cp.CpModel()
    xs = model.new_int_var_series("x", pd.Index(range(3)), lower_bounds=1, upper_bounds=3)
    model.add_all_different(xs.tolist())
    solver = cp.CpSolver()
    assert solver.solve(model) == cp.OPTIMAL
    assert sorted(solver.values(xs).tolist()) == [1, 2, 3]
