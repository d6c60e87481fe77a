"""``sudoku-cp warm-up``: compile the numba code now, so that no later command waits for it.

The ``fast`` engine (classic and variant) and the DRAT checker's kernel are compiled once per machine (about
two minutes of CPU in all) and kept in the user's cache directory (``sudoku_cp.compiled_cache``).
Without this command the first command that needs them pays that time; an install
script or a container build runs it once instead.
"""

from __future__ import annotations

import time

from .common import EXIT_OK


def register(sub) -> None:
    """Add the ``warm-up`` command (imports nothing heavy)."""
    p = sub.add_parser("warm-up", help="compile the fast engine and the DRAT checker now "
                                       "(once per machine, about two minutes)",
                       description=__doc__.split("\n\n")[1].replace("\n", " ").replace("``", ""))
    p.add_argument("--log", action="store_true",
                   help="write progress as plain lines (how a compile started in the "
                        "background by a check writes its warm-up.log)")
    p.set_defaults(run=cmd_warm_up)


def cmd_warm_up(args) -> int:
    """Compile (or load) both numba users; print where the code is kept and how long it took."""
    from ..backends import fast
    from ..board import Board
    from ..certify import drat
    from .. import compiled_cache
    from ..compiled_cache import cache_dir

    if getattr(args, "log", False):  # a log file: a line per notice and every 10 s
        compiled_cache.TICK = 10.0
        compiled_cache.notify = compiled_cache.progress = lambda text: print(
            f"{time.strftime('%H:%M:%S')} {text}", flush=True)
        print(f"{time.strftime('%H:%M:%S')} sudoku-cp warm-up: compiling into {cache_dir()}",
              flush=True)
    start = time.perf_counter()
    engine = fast.engine()  # MissingDependencyError (exit 2) names the extra
    if len(engine.solve_board(Board.empty((2, 2)), 300)) != 288:
        raise RuntimeError("the compiled fast engine miscounts the empty 4x4 board")
    middle = time.perf_counter()
    clauses = [[1, 2], [-1, 2], [1, -2], [-1, -2]]  # refuted by the lemmas 1, then empty
    if not drat.check_proof(clauses, "1 0\n0\n", engine="numba").ok:
        raise RuntimeError("the compiled DRAT checker rejects a valid proof")
    drat.propagate_units(drat.Formula.from_clauses(clauses), engine="numba")
    end = time.perf_counter()
    from ..variants.fastvar.engine import solve as solve_variant
    from ..variants.model import Thermometer, VariantPuzzle

    if solve_variant(VariantPuzzle(4, constraints=(Thermometer((0, 1, 2, 3)),)), limit=300).count != 12:
        raise RuntimeError("the compiled variant engine miscounts a 4x4 thermometer")
    last = time.perf_counter()
    how = "loaded" if engine.source == "cache" else "ready"
    print(f"fast engine {how} in {middle - start:.1f} s, DRAT checker in {end - middle:.1f} s, "
          f"variant engine in {last - end:.1f} s; compiled code is kept in {cache_dir()}")
    return EXIT_OK
