"""One backend interface, a registry of backends, and ``solve``.

Every backend is a class with a ``name`` and one method::

    solve(board, *, limit=1, time_limit=None) -> Result

``limit`` is how many distinct solutions to look for (uniqueness is ``limit=2``);
``time_limit`` is in seconds and makes the backend answer ``Status.UNKNOWN`` (or stop
with what it found) instead of hanging. Backends keep per-shape state (an encoded
formula, a base model) between calls, so a batch does not rebuild it for every puzzle.

Solver packages are imported when a backend is first built, never by ``import sudoku_cp``.
The first entry of ``BACKENDS`` is the default.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..board import Board
from ..result import Result

#: name -> "module:Class"; the first entry is the default backend.
BACKENDS: dict[str, str] = {
    "sat": "sudoku_cp.backends.sat:SatBackend",
    "cpsat": "sudoku_cp.backends.cpsat:CpSatBackend",
    "backtrack": "sudoku_cp.backends.backtrack:BacktrackBackend",
    "fast": "sudoku_cp.backends.fast:FastBackend",
}
DEFAULT_BACKEND = next(iter(BACKENDS))

_instances: dict[tuple, Any] = {}
_by_spec: dict[str, Any] = {}  # spec text -> instance, for calls without extra options


class UnknownBackendError(ValueError):
    """A backend name that is not in the registry."""


class MissingDependencyError(ImportError):
    """A backend whose solver package is not installed."""


def backend_class(name: str) -> type:
    """The class registered under ``name``; unknown names list the valid ones."""
    try:
        target = BACKENDS[name]
    except KeyError:
        raise UnknownBackendError(
            f"unknown backend {name!r}; choose from: {', '.join(BACKENDS)}"
        ) from None
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split a backend spec such as ``sat:cadical195:extended`` into a name and options.

    Positional parts after the name fill the backend's ``SPEC_OPTIONS`` in order;
    ``key=value`` parts name the option.

    >>> parse_spec("sat:glucose4:minimal")
    ('sat', {'solver': 'glucose4', 'encoding': 'minimal'})
    >>> parse_spec("cpsat:workers=1")
    ('cpsat', {'workers': '1'})
    """
    name, *parts = spec.strip().split(":")
    cls = backend_class(name)
    positional = list(getattr(cls, "SPEC_OPTIONS", ()))
    options: dict[str, str] = {}
    for i, part in enumerate(parts):
        if "=" in part:
            key, _, value = part.partition("=")
            options[key] = value
        elif i < len(positional):
            options[positional[i]] = part
        else:
            raise UnknownBackendError(
                f"backend spec {spec!r}: {name} takes at most {len(positional)} "
                f"positional options ({', '.join(positional) or 'none'})"
            )
    return name, options


def get_backend(spec: str = DEFAULT_BACKEND, **options: Any):
    """A shared backend instance for a name or spec, with its options.

    Instances are cached so that a batch reuses encoded formulas and solvers.
    """
    if not options:  # the common call, solve(board, "name"): one dict lookup
        backend = _by_spec.get(spec)
        if backend is not None:
            return backend
    name, spec_options = parse_spec(spec)
    spec_options.update(options)
    key = (name, tuple(sorted(spec_options.items())))
    backend = _instances.get(key)
    if backend is None:
        try:
            backend = backend_class(name)(**spec_options)
        except (TypeError, ValueError) as exc:  # an unknown option or a bad value
            raise UnknownBackendError(f"backend spec {spec!r}: {exc}") from None
        _instances[key] = backend
    if not options:
        _by_spec[spec] = backend
    return backend


def solve(board: Board, backend: str = DEFAULT_BACKEND, *, limit: int = 1,
          time_limit: float | None = None, **options: Any) -> Result:
    """Solve ``board`` with one backend, looking for up to ``limit`` solutions.

    >>> from sudoku_cp import Board
    >>> r = solve(Board.parse("1..." "...2" "..4." ".3.."), "backtrack", limit=2)
    >>> r.status.value, len(r.solutions), r.exhausted
    ('solved', 1, True)
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    return get_backend(backend, **options).solve(board, limit=limit, time_limit=time_limit)


def require(module: str, package: str, backend: str):
    """Import a solver package, or explain how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingDependencyError(
            f"the {backend} backend needs {package}: pip install {package} ({exc})"
        ) from exc
