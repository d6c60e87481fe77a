"""One error root: every exception class the package defines derives from SudokuCpError.

A caller (the command line, a notebook, the page) catches ``SudokuCpError`` to turn any
of the package's errors into a message; a class outside the root escapes that net and
shows a traceback. This walks every module of the package, so a new class cannot slip.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import sudoku_cp
from sudoku_cp.errors import SudokuCpError

#: Modules that need an optional package to import; skipped (with the reason) without it.
OPTIONAL = {"sudoku_cp.backends.fast.kernels": "numba",
            "sudoku_cp.certify._kernel": "numba"}


def _modules():
    for info in pkgutil.walk_packages(sudoku_cp.__path__, "sudoku_cp."):
        if info.name.endswith("__main__"):
            continue
        yield info.name


@pytest.mark.parametrize("name", sorted(_modules()))
def test_every_exception_class_derives_from_the_root(name):
    needs = OPTIONAL.get(name)
    if needs and importlib.util.find_spec(needs) is None:
        pytest.skip(f"{needs} is not installed")
    module = importlib.import_module(name)
    outside = [cls.__qualname__ for _, cls in inspect.getmembers(module, inspect.isclass)
               if issubclass(cls, BaseException) and cls.__module__ == name
               and not issubclass(cls, SudokuCpError)]
    assert not outside, f"{name} defines exceptions outside SudokuCpError: {outside}"


def test_the_walk_reaches_the_subpackages():
    names = set(_modules())
    assert {"sudoku_cp.errors", "sudoku_cp.backends.base", "sudoku_cp.logic.state",
            "sudoku_cp.certify.make", "sudoku_cp.gui.jobs"} <= names
