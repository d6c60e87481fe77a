"""The registry of backends, and ``solve``.

Every backend derives from ``base.Backend`` (the declared interface) and so has::

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
import math
from typing import Any

from ..board import Board
from ..errors import UnknownBackendError, UsageError
from ..result import Result
from .base import Backend, capability, require

#: name -> "module:Class"; the first entry is the default backend.
BACKENDS: dict[str, str] = {
    "sat": "sudoku_cp.backends.sat:SatBackend",
    "cpsat": "sudoku_cp.backends.cpsat:CpSatBackend",
    "backtrack": "sudoku_cp.backends.backtrack:BacktrackBackend",
    "fast": "sudoku_cp.backends.fast:FastBackend",
    "dlx": "sudoku_cp.backends.dlx:DlxBackend",
    "mip": "sudoku_cp.backends.mip:MipBackend",
    "asp": "sudoku_cp.backends.asp:AspBackend",
}
#: The backends ``check`` runs when none are named: one per paradigm of the first wave.
DEFAULT_CHECK = ("sat", "cpsat", "backtrack")
DEFAULT_BACKEND = next(iter(BACKENDS))
__all__ = ["BACKENDS", "DEFAULT_BACKEND", "DEFAULT_CHECK", "Backend", "backend_class",
           "capability", "check_limits", "check_spec", "get_backend", "parse_spec", "require",
           "resolve", "solve"]

_instances: dict[tuple, Any] = {}
_by_spec: dict[str, Any] = {}  # spec text -> instance, for calls without extra options


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


def check_spec(spec: str, time_limit: float | None = None) -> str:
    """Refuse, before any puzzle is read, a spec that is unknown or cannot run with
    ``time_limit``; returns the backend's name. Builds no backend and loads no solver
    package beyond what the backend's ``refuses`` needs.

    >>> check_spec("sat:lingeling", time_limit=1)
    Traceback (most recent call last):
    ...
    sudoku_cp.errors.UsageError: backend spec 'sat:lingeling': the lingeling solver cannot be stopped early, so --time-limit cannot be honoured: choose another solver (e.g. sat:cadical195) or drop the time limit
    """
    name, options = parse_spec(spec)
    refuses = getattr(backend_class(name), "refuses", None)
    why = refuses(options, time_limit) if refuses is not None else None
    if why:
        raise UsageError(f"backend spec {spec!r}: {why}")
    return name


def resolve(specs: str | None, time_limit: float | None = None,
            option: str = "--backends") -> list[str] | None:
    """The backend specs an option such as ``--backends sat,cpsat`` names, each checked
    by ``check_spec`` before any puzzle is read; None when the option is not given (the
    caller's default). An empty list, an empty name and a name given twice are refused:
    each once ran the defaults, or skipped the name, without a word.

    >>> resolve("sat, backtrack"), resolve(None)
    (['sat', 'backtrack'], None)
    >>> resolve("sat,,cpsat")
    Traceback (most recent call last):
    ...
    sudoku_cp.errors.UsageError: --backends 'sat,,cpsat': an empty name between commas
    """
    if specs is None:
        return None
    parts = [part.strip() for part in specs.split(",")]
    if not any(parts):
        raise UsageError(f"{option} names no backend: give a comma-separated list such as "
                         f"sat,cpsat (from: {', '.join(BACKENDS)})")
    if not all(parts):
        raise UsageError(f"{option} {specs!r}: an empty name between commas")
    twice = sorted({p for p in parts if parts.count(p) > 1})
    if twice:
        raise UsageError(f"{option} names {', '.join(twice)} twice")
    for spec in parts:
        check_spec(spec, time_limit)
    return parts


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
    if time_limit is None and not options and type(limit) is int and limit >= 1:
        known = _by_spec.get(backend)  # the common call: nothing to check, and a quarter
        if known is not None:  # of a microsecond less per puzzle for the fast backend
            return known.solve(board, limit=limit, time_limit=None)
    check_limits(limit, time_limit)
    if time_limit is not None and not options:
        check_spec(backend, time_limit)
    return get_backend(backend, **options).solve(board, limit=limit, time_limit=time_limit)


def check_limits(limit: int = 1, time_limit: float | None = None) -> None:
    """Refuse a solution limit below 1 and a time limit that is not a positive number.

    >>> check_limits(2, float("nan"))
    Traceback (most recent call last):
    ...
    sudoku_cp.errors.UsageError: time limit nan is not a positive number of seconds
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise UsageError(f"limit must be a whole number of at least 1, not {limit!r}")
    if time_limit is not None:
        try:
            ok = float(time_limit) > 0 and math.isfinite(float(time_limit))
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise UsageError(f"time limit {time_limit!r} is not a positive number of seconds")
