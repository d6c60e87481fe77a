"""Shared helpers for the tests: sample puzzles and valid grids of any box shape."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from sudoku_cp import Board

# A default check on a machine without the compiled code starts its compile in the
# background (compiled_cache.in_background); the tests compile what they use themselves,
# and tests/test_compiled_cache.py tests the background road on its own.
os.environ.setdefault("SUDOKU_CP_BACKGROUND_COMPILE", "0")

DATA = Path(__file__).parent / "data"
ALL_BACKENDS = ["backtrack", "sat", "cpsat", "fast", "dlx", "mip", "asp"]
#: Backends whose solver package may be missing: the package, and the extra that installs it.
OPTIONAL = {"fast": ("numba", "fast"), "mip": ("highspy", "mip"), "asp": ("clingo", "asp")}


def backend_param(name: str):
    """A test parameter for a backend, skipped (with the reason) when its package is absent."""
    if name in OPTIONAL:
        module, extra = OPTIONAL[name]
        missing = importlib.util.find_spec(module) is None
        return pytest.param(name, marks=pytest.mark.skipif(
            missing, reason=f'{module} is not installed (pip install "sudoku-cp[{extra}]")'))
    return name


BACKEND_PARAMS = [backend_param(name) for name in ALL_BACKENDS]


def load(name: str) -> list[str]:
    """Puzzle lines of a sample file in tests/data (comments skipped)."""
    lines = (DATA / name).read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def board_of(line: str, box=None) -> Board:
    """A board from a compact line, without going through the parser under test."""
    symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return Board.from_values([0 if ch in ".0" else symbols.index(ch.upper()) + 1 for ch in line],
                             box=box)


def walked(puzzle: str, advance: int):
    """``(state, solution)`` after up to ``advance`` rounds of the logic engine's path into
    ``puzzle`` (fewer when it is solved or stuck): where a property test then asks one
    technique directly, even where an easier step exists."""
    from sudoku_cp.logic.api import solution_of
    from sudoku_cp.logic.solver import apply, next_step
    from sudoku_cp.logic.state import State

    board = board_of(puzzle)
    s = State.from_board(board)
    for _ in range(advance):
        found = [] if s.solved else next_step(s, assume_unique=True)
        if not found:
            break
        for step in found:
            apply(s, step)
    return s, solution_of(board)


def loaded_by(statements: str, modules) -> list[str]:
    """Which of ``modules`` (a package name counts its submodules) a fresh interpreter has
    loaded after running ``statements``, importing this checkout's ``sudoku_cp``: the
    tests that keep ``import sudoku_cp``, the command line and its parser light."""
    import os
    import subprocess
    import sys

    code = (f"import sys\n{statements}\n"
            f"print(','.join(sorted(m for m in {tuple(modules)!r} if any("
            f"k == m or k.startswith(m + '.') for k in sys.modules))))")
    root = str(Path(__file__).parent.parent)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": root}, check=True).stdout
    return [m for m in out.strip().split(",") if m]


def grids_4x4() -> list[tuple[int, ...]]:
    """Every valid 4x4 grid (288), by plain enumeration of rows filtered by the houses:
    an oracle that shares nothing with the code under test."""
    import itertools

    houses = ([[r * 4 + c for c in range(4)] for r in range(4)]
              + [[r * 4 + c for r in range(4)] for c in range(4)]
              + [[(br + r) * 4 + bc + c for r in range(2) for c in range(2)]
                 for br in (0, 2) for bc in (0, 2)])
    out = []
    for picked in itertools.product(itertools.permutations(range(1, 5)), repeat=4):
        grid = [v for row in picked for v in row]
        if all(len({grid[c] for c in h}) == 4 for h in houses):
            out.append(tuple(grid))
    return out


def pattern_grid(box_rows: int, box_cols: int) -> list[int]:
    """A valid full grid for any box shape: a shifted pattern (no solver involved)."""
    n = box_rows * box_cols
    return [(box_cols * (r % box_rows) + r // box_rows + c) % n + 1
            for r in range(n) for c in range(n)]


@pytest.fixture(params=BACKEND_PARAMS)
def backend(request):
    return request.param


class LyingBackend:
    """A deliberately wrong backend: says 'no solution' to everything (for disagreement tests)."""

    name = "liar"
    SPEC_OPTIONS = ()

    def solve(self, board, *, limit=1, time_limit=None):
        from sudoku_cp import Result, Status

        return Result(self.name, Status.NONE, (), True, 0.0, {}, limit)


@pytest.fixture(autouse=True, scope="module")
def _drop_solver_caches():
    """After each test module, let go of the solvers and formulas the library keeps per
    board shape (a live SAT solver per shape, cached encodings, dancing links, tables),
    and hand the freed memory back: kept across the whole suite they added up to the
    suite's peak (1.33 GB in issue 27's measurement), though no test needs another
    module's. A library user's process keeps them, bounded as the library bounds them."""
    yield
    import gc
    import sys

    from sudoku_cp.backends import _by_spec, _instances

    _instances.clear()
    _by_spec.clear()
    for name, attr in (("sudoku_cp.encode.cnf", "cached_encode"),
                       ("sudoku_cp.encode.cnf", "_dimacs_blocks")):
        module = sys.modules.get(name)
        if module is not None:
            getattr(module, attr).cache_clear()
    for name, attr in (("sudoku_cp.backends.dlx", "links_for"), ("sudoku_cp.search", "tables"),
                       ("sudoku_cp.backends.fast.backend", "tables"),
                       ("sudoku_cp.logic.state", "tables")):  # the ShapeCaches
        module = sys.modules.get(name)
        if module is not None:
            getattr(module, attr).clear()
    gc.collect()
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL("libc.so.6").malloc_trim(0)  # give freed heap pages back to the system
        except (OSError, AttributeError):
            pass


@pytest.fixture
def no_nested_chains(monkeypatch):
    """The ladder without SE's nested forcing chains (tests/test_nested.py covers them):
    a puzzle that needs them falls to trial and error in a fraction of the time."""
    from sudoku_cp.logic import solver

    monkeypatch.setattr(solver, "LADDER", tuple(r for r in solver.LADDER if r[0] != "nested"))


def slow_tests() -> set[str]:
    """The test functions listed in tests/slow.txt (``file::function``)."""
    lines = (Path(__file__).parent / "slow.txt").read_text().splitlines()
    return {line.split()[1] for line in lines if line.strip() and not line.startswith("#")}


#: Marked ``slow``: the README's test command leaves them out, CI runs them next.
SLOW = slow_tests()


def pytest_collection_modifyitems(config, items):
    """Mark the tests listed in tests/slow.txt."""
    for item in items:
        if item.nodeid.split("[")[0] in SLOW:
            item.add_marker(pytest.mark.slow)
