"""Loading the compiled kernels of ``sudoku_cp.research`` (numba imported on first use).

The kernels are cached on disk like those of the ``fast`` backend: beside this module
when the package directory is writable, else in the user's cache directory.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module
from pathlib import Path

from ..errors import missing_extra


def _user_cache() -> Path:
    try:
        from platformdirs import user_cache_dir
    except ImportError:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        return base / "sudoku_cp" / "numba"
    return Path(user_cache_dir("sudoku_cp")) / "numba"


def load(name: str):
    """The compiled module ``sudoku_cp.research.<name>``, importing numba first.

    A missing numba is a ``MissingDependencyError`` naming the ``fast`` extra.
    """
    here = Path(__file__).resolve().parent
    if not os.environ.get("NUMBA_CACHE_DIR") and not os.access(here, os.W_OK | os.X_OK):
        target = _user_cache()
        target.mkdir(parents=True, exist_ok=True)
        os.environ["NUMBA_CACHE_DIR"] = str(target)
        if "numba" in sys.modules:
            sys.modules["numba"].config.CACHE_DIR = str(target)
    try:
        import numba  # noqa: F401
    except ImportError:
        raise missing_extra("counting, estimating and canonical forms", "fast", "numba") from None
    _numba_symbols()
    return import_module(f"{__package__}.{name}")


def _numba_symbols() -> None:
    """Bind numba's runtime helpers (``NRT_*``, ``numba_*``) to numba again.

    The ``fast`` backend's stored object code, when loaded, binds the helpers it names
    but never calls to stubs that abort the process; that binding is process-wide, so
    numba code linked after it (these kernels are linked on first call, after ``load``)
    would abort at its first ``NRT_Free``. Rebinding is cheap and harmless when nothing
    was stubbed; callers call ``load`` right before calling a kernel.
    """
    try:
        import llvmlite.binding as ll
        from numba import _dynfunc, _helperlib
        from numba.core.runtime import _nrt_python
    except ImportError:  # another numba layout: nothing known to rebind
        return
    for helpers in (_helperlib.c_helpers, _dynfunc.c_helpers):
        for name, address in helpers.items():
            ll.add_symbol("numba_" + name, address)
    for name, address in _nrt_python.c_helpers.items():
        ll.add_symbol(name if name.startswith("_") else "NRT_" + name, address)
