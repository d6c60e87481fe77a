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
    """Bind numba's runtime helpers to numba again, in case the ``fast`` backend's stored
    code stubbed them before numba was imported (``compiled_cache.restore_numba_symbols``)."""
    from ..compiled_cache import restore_numba_symbols

    restore_numba_symbols()
