"""``solve --count --empty`` and ``solve --estimate``: how many grids, how many solutions.

Not a command of its own: ``sudoku_cp.cli.solve`` adds these options and hands the run
over here when one of them is given. An exact count is printed as a number; an estimate
always as "about", with its confidence interval and the samples used.
"""

from __future__ import annotations

import sys

from .common import (EXIT_OK, Outcome, UsageError, box_text, emit, positive_int, where)

#: Random paths of an estimate unless ``--samples`` says otherwise.
SAMPLES = 10_000


def add_count_options(p) -> None:
    """The counting options of ``solve`` (imports nothing heavy)."""
    p.add_argument("--empty", action="store_true",
                   help="count the complete grids: the solutions of the empty board of --box "
                        "RxC or --size N (exact up to 8x8, else estimated); needs --count or "
                        "--estimate")
    p.add_argument("--size", type=positive_int, metavar="N", help="board side for --empty")
    p.add_argument("--estimate", action="store_true",
                   help="estimate the number of solutions by Knuth's random paths, with a "
                        "confidence interval (never printed as an exact count); --count "
                        "gives one by itself when the exact count passes --time-limit")
    p.add_argument("--samples", type=positive_int, metavar="K",
                   help=f"random paths for --estimate (default {SAMPLES})")
    p.add_argument("--seed", type=int, metavar="S",
                   help="random seed for --estimate (default 0)")


def wants_count(args) -> bool:
    """Whether this ``solve`` run is one for this module."""
    if args.empty and not (args.count or args.estimate):
        raise UsageError("solve --empty needs --count (exact where feasible) or --estimate")
    if args.size is not None and not args.empty:
        raise UsageError("solve --size N goes with --empty")
    if not (args.estimate or args.empty or args.count and args.time_limit):  # no estimate
        for name in ("samples", "seed"):
            if getattr(args, name) is not None:
                raise UsageError(f"--{name} goes with --estimate (or with --empty, or "
                                 "--count --time-limit S, which may end in an estimate)")
    if args.empty or args.estimate:  # counted here, by no backend: refuse what solves
        from ..backends import DEFAULT_BACKEND

        run = "--empty" if args.empty else "--estimate"
        for option, given in (("--image", args.image), ("--limit", args.limit is not None),
                              ("--backend", args.backend != DEFAULT_BACKEND)):
            if given:
                raise UsageError(f"{option} does not apply to solve {run} (it counts by its "
                                 "own enumeration or random paths, and draws nothing)")
    return bool(args.empty or args.estimate)


def cut_by_time(result) -> bool:
    """Whether a count stopped at the time limit (not exhaustive, below its limit)."""
    return not result.exhausted and len(result.solutions) < result.limit


def run_count(args, boards=None) -> int:
    """Count or estimate for the run's puzzles, or estimate ``boards`` (``(board, what)``
    pairs: ``solve --count`` passes a puzzle whose exact count passed --time-limit)."""
    if args.samples is not None and args.samples < 2:
        raise UsageError(f"--samples needs at least 2 random paths, not {args.samples}")
    if boards is not None:
        for board, what in boards:
            _estimate(args, board, what)
        return EXIT_OK
    if args.empty:
        return _empty(args)
    run = Outcome(args)
    for index, source, entry in run.puzzles():
        _estimate(args, entry.board, f"puzzle {index} ({where(source, entry)}), "
                  f"{entry.board.n}x{entry.board.n}, {entry.board.clues} givens")
    return run.code


def _empty(args) -> int:
    from ..board import Board, default_box
    from ..research.count import MAX_EXACT_N

    if args.puzzles or args.file:
        raise UsageError("solve --empty counts the empty board: give no PUZZLE or -f FILE")
    if args.box is None and args.size is None:
        raise UsageError("solve --empty needs --box RxC or --size N")
    box = args.box or default_box(args.size)
    if args.size is not None and box[0] * box[1] != args.size:
        raise UsageError(f"--box {box[0]}x{box[1]} does not fit --size {args.size}")
    board = Board.empty(box)
    what = f"empty {board.n}x{board.n} board ({box_text(board)} boxes)"
    if args.estimate or board.n > MAX_EXACT_N:
        if not args.estimate:
            print(f"note: an exact count of {board.n}x{board.n} grids is out of reach of "
                  f"enumeration here (exact up to {MAX_EXACT_N}x{MAX_EXACT_N}): estimating",
                  file=sys.stderr)
        _estimate(args, board, what, grids=True)
        return EXIT_OK
    from ..research.count import count_grids

    result = count_grids(box)
    if args.json:
        emit({"kind": "grid-count", "box": box_text(board), "count": str(result.count),
              "exact": True, "time_s": result.time_s, "band_classes": result.band_classes,
              "first_bands": result.first_bands, "lower_factor": result.factor})
    else:
        print(f"{what}: {result.count:,} complete grids (exact: enumeration with symmetry "
              f"reduction, {result.band_classes} first-band classes) in {result.time_s:.2f} s")
    return EXIT_OK


def _estimate(args, board, what: str, grids: bool = False) -> None:
    from ..research.estimate import estimate_count

    est = estimate_count(board, samples=args.samples or SAMPLES, seed=args.seed or 0)
    if args.json:
        emit({"kind": "estimate", "box": box_text(board), "puzzle": board.to_text(),
              **est.to_dict()})
        return
    noun = "complete grids" if grids else "solutions"
    print(f"{what}: {est.text().replace(' (', f' {noun} (', 1)} in {est.time_s:.2f} s")
