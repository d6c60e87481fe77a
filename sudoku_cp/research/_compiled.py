"""Loading the compiled kernels of ``sudoku_cp.research`` (numba imported on first use).

The kernels are cached on disk where the ``fast`` backend's are (``compiled_cache``): in
the user's cache directory, never beside the installed package.
"""

from __future__ import annotations

from importlib import import_module

from ..errors import missing_extra


def load(name: str):
    """The compiled module ``sudoku_cp.research.<name>``, importing numba first.

    A missing numba is a ``MissingDependencyError`` naming the ``fast`` extra.
    """
    from ..compiled_cache import prepare

    prepare()  # numba's cache in the user's cache directory, never beside installed files
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
