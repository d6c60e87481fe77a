"""Benchmark scripts are imported by tests with their folder put first on ``sys.path``
(``benchmarks/``, ``benchmarks/peers/``): a script named as an installed package would
shadow it for the rest of that test process. ``benchmarks/peers/coverage.py`` did: numba
imports ``coverage`` for its own coverage support, and a Dask worker of a later test failed
with "module 'coverage' has no attribute 'types'"."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = [ROOT / "benchmarks", ROOT / "benchmarks" / "peers"]
#: Modules a dependency imports when they are there, installed or not here (numba:
#: ``coverage``, for its own coverage support): a script of that name is taken for them.
PROBED = {"coverage"}


def test_no_benchmark_script_is_named_as_a_module_of_its_own():
    outside = [p for p in sys.path if Path(p or ".").resolve() not in FOLDERS]
    clashes = []
    for folder in FOLDERS:
        for script in folder.glob("*.py"):
            name = script.stem
            if name in sys.stdlib_module_names or name in PROBED:
                clashes.append(f"{script.relative_to(ROOT)}: the module {name} of Python "
                               "or of a dependency")
                continue
            if name in sys.modules:  # imported already (another test of this process)
                where = getattr(sys.modules[name], "__file__", None) or ""
                if not where.startswith(str(folder)):
                    clashes.append(f"{script.relative_to(ROOT)}: the imported module {name}")
                continue
            saved = sys.path[:]
            try:
                sys.path[:] = outside
                spec = importlib.util.find_spec(name)
            finally:
                sys.path[:] = saved
            if spec and not str(spec.origin or "").startswith(str(folder)):
                clashes.append(f"{script.relative_to(ROOT)}: an installed module {name}")
    assert not clashes, clashes
