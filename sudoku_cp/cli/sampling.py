"""``generate --method controlled-bias``: Berthier's controlled-bias generator on the CLI.

Not a command of its own: ``sudoku_cp.cli.generate`` adds ``--method`` and
``--time-limit`` and hands the run over here. The options of the top-down generator
that do not apply (a symmetry, a clue target, a level) are refused by name.
"""

from __future__ import annotations

import sys

from .common import (EXIT_DISAGREE, EXIT_NOT_UNIQUE, EXIT_OK, UsageError, check_scheduler,
                     emit, positive_float, positive_int)
from .output import OutputFile, check_output, header_comment

METHODS = ("top-down", "controlled-bias")


def add_cbias_options(p) -> None:
    p.add_argument("--method", choices=METHODS, default="top-down",
                   help="top-down (default: dig clues out of a random grid) or controlled-bias "
                        "(Berthier's generator: minimal puzzles whose clue-count bias is known, "
                        "for statistics; slow by nature, see docs/research.md)")
    p.add_argument("--time-limit", type=positive_float, metavar="S",
                   help="with --method controlled-bias: stop after S seconds and keep the "
                        "puzzles found (exit 1 if fewer than COUNT)")
    from ..batch import ENGINES

    p.add_argument("--workers", type=positive_int, metavar="N",
                   help="with --method controlled-bias or --variant: run the work on N "
                        "worker processes (default: in this process); the same --seed gives "
                        "the same puzzles with any N")
    p.add_argument("--engine", choices=ENGINES,
                   help="with --method controlled-bias or --variant: local processes "
                        "(default) or a Dask cluster (--workers processes, or --scheduler)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="with --engine dask: a Dask scheduler, e.g. tcp://127.0.0.1:8786")


def wants_cbias(args) -> bool:
    if args.method != "controlled-bias":
        given = [name for name, value in (("--time-limit", args.time_limit),
                                          ("--workers", args.workers), ("--engine", args.engine),
                                          ("--scheduler", args.scheduler)) if value is not None]
        if given:
            raise UsageError(f"{', '.join(given)} go{'es' if len(given) == 1 else ''} with "
                             f"--method controlled-bias")
        return False
    if args.scheduler and args.engine != "dask":
        raise UsageError("--scheduler needs --engine dask")
    refused = [name for name, given in (
        ("--symmetry", args.symmetry != "none"), ("--clues", args.clues is not None),
        ("--orbit-minimal", args.orbit_minimal), ("--difficulty", args.difficulty is not None),
        ("--min-rating", args.min_rating is not None),
        ("--max-rating", args.max_rating is not None), ("--attempts", args.attempts is not None),
        ("--backend", args.backend is not None)) if given]
    if refused:
        raise UsageError(f"{', '.join(refused)} do{'es' if len(refused) == 1 else ''} not apply "
                         f"to --method controlled-bias (its puzzles are minimal, every "
                         f"uniqueness check runs in the fast engine)")
    return True


def _sample(args, box, seed, progress):
    """The run, in this process or on the batch engine the options ask for."""
    from ..research.cbias import controlled_bias

    run = dict(box=tuple(box), seed=seed, time_limit=args.time_limit, progress=progress)
    if args.workers is None and args.engine is None:
        return controlled_bias(args.count, **run)
    from ..batch import DaskEngine, LocalEngine

    if args.scheduler:
        check_scheduler(args.scheduler)
    workers = args.workers or 1
    engine = (DaskEngine(workers, args.scheduler) if args.engine == "dask"
              else LocalEngine(workers))
    with engine:
        return controlled_bias(args.count, engine=engine, **run)


def run_cbias(args) -> int:
    import random

    from ..board import Board, default_box, geometry
    from ..crosscheck import crosscheck

    box = args.box or (default_box(args.size) if args.size else (3, 3))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    out = None
    if args.output and args.output != "-":
        check_output(args.output, force=args.force, what="-o FILE")
        settings = {"count": args.count, "box": f"{box[0]}x{box[1]}",
                    "method": "controlled-bias", "seed": seed, "time_limit": args.time_limit}
        out = OutputFile(args.output, force=args.force,
                         header=None if args.json else header_comment("generate", settings))

    g = geometry(*box)
    written = [0]  # puzzles written so far: each goes out as soon as its chunk is taken

    class Disagree(Exception):
        pass

    def write_new(sample) -> None:
        import json

        for index in range(written[0] + 1, len(sample.puzzles) + 1):
            board = Board(g, sample.puzzles[index - 1])
            if args.verify:
                report = crosscheck(board)
                if report.verdict.value != "unique":
                    print(f"sudoku-cp: DISAGREE: controlled-bias puzzle {index} is "
                          f"{report.verdict.value} by the cross-check: {board.to_text()}",
                          file=sys.stderr)
                    raise Disagree
            record = {"index": index, "puzzle": board.to_text(), "clues": board.clues,
                      "method": "controlled-bias", "seed": seed}
            if out is not None:
                out.write((json.dumps(record) if args.json else board.to_text()) + "\n")
            elif args.json:
                emit(record)
            else:
                print(board.to_text(), flush=True)
            written[0] = index

    def progress(sample) -> None:
        write_new(sample)
        if not args.quiet:
            print(f"controlled-bias: {sample.tries:,} tries, {len(sample.puzzles):,} "
                  f"puzzles, {sample.time_s:.0f} s ({sample.tries / sample.time_s:,.0f} "
                  f"tries/s)", file=sys.stderr, flush=True)

    code = EXIT_OK
    try:
        sample = _sample(args, box, seed, progress)
        write_new(sample)
    except Disagree:
        return EXIT_DISAGREE
    finally:
        if out is not None:
            out.close()
    found = len(sample.puzzles)
    per = (f"1 minimal puzzle per {sample.tries / sample.found:,.0f} tries" if sample.found
           else "no puzzle yet")
    rate = sample.tries / max(sample.time_s, 1e-9)
    cpu = max(sample.cpu_s, 1e-9)
    print(f"controlled-bias: {found:,} minimal puzzles in {sample.time_s:.1f} s from "
          f"{sample.tries:,} tries on {sample.grids:,} grids ({rate:,.0f} tries/s, "
          f"{sample.tries / cpu:,.0f} tries and {sample.found / cpu:.3f} puzzles per CPU "
          f"second over {sample.cpu_s:,.1f} CPU s; {sample.checks:,} uniqueness checks, "
          f"{sample.searches:,} searched; {per}; seed {seed})", file=sys.stderr)
    if found < args.count:
        print(f"sudoku-cp: --time-limit {args.time_limit:g} s passed with {found} of "
              f"{args.count} puzzles", file=sys.stderr)
        code = EXIT_NOT_UNIQUE
    return code
