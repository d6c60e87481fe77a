"""Progress bars on standard error for the long-running commands (tqdm, optional)."""

from __future__ import annotations

import sys


def wanted(show: bool | None) -> bool:
    """Whether to draw a bar: as asked, or (``None``) only when stderr is a terminal."""
    return sys.stderr.isatty() if show is None else show


def progress_bar(total: int | None, *, show: bool | None = None, tell_missing: bool = False,
                 **options):
    """A tqdm bar counting puzzles (or another ``unit``) on standard error, or None when
    not wanted.

    tqdm is an optional dependency (the ``progress`` extra): without it there is no bar,
    and ``tell_missing`` says so on standard error.

    >>> progress_bar(10, show=False) is None
    True
    """
    if not wanted(show):
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        if tell_missing:
            print("sudoku-cp: no progress bar without tqdm (pip install tqdm)", file=sys.stderr)
        return None
    options.setdefault("unit", "puzzle")
    return tqdm(total=total, file=sys.stderr, **options)
