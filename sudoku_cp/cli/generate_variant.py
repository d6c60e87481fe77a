"""``generate --variant TYPE[,TYPE...]``: variant puzzles (``sudoku_cp.variants.generate``).

The same output rules as classic ``generate`` (``cli/output.py``): the output file is
checked before any work, never overwritten without ``--force``, and starts with a ``#``
line giving the seed and options (not for ``--format json``, whose records carry their
own seed, as classic ``--json`` does). ``--difficulty LEVEL`` grades each puzzle with the
variant logic engine and makes up to ``--attempts`` puzzles (default ``LEVEL_ATTEMPTS``)
until one is at that level. Exit codes: 0 ok; 1 some puzzle missed its level (still
written, with a note on standard error, as classic ``generate`` does); 3 the paradigms
disagreed about a generated puzzle (the evidence goes to standard error).
"""

from __future__ import annotations

import json
import sys

from .common import EXIT_NOT_UNIQUE, UsageError, check_scheduler

#: Output formats of a variant puzzle, one line each.
FORMATS = ("iss", "fpuzzles", "json")
#: Classic options a variant run does not take (their defaults, to tell them apart).
CLASSIC_ONLY = {"clues": None, "orbit_minimal": False, "min_rating": None,
                "max_rating": None, "backend": None, "json": False, "symmetry": "none",
                "method": "top-down", "time_limit": None}


def add_variant_options(p) -> None:
    """``--variant``, ``--format`` and ``--patience`` on the ``generate`` parser."""
    from ..variants.generate import MIXED, PATIENCE, TYPES

    g = p.add_argument_group("variant puzzles")
    g.add_argument("--variant", metavar="TYPE[,TYPE...]",
                   help=f"make variant puzzles of these types ({', '.join(TYPES)}, {MIXED}): "
                        "clues read off a random full grid, givens removed (to none where "
                        "the constraints allow, as zero-given killers), then constraints "
                        "pruned while the solution stays unique; each puzzle confirmed by "
                        "two paradigms (sat and fast; cpsat where fast is not compiled yet) "
                        "before it is written")
    g.add_argument("--format", choices=FORMATS, default=None,
                   help="with --variant: an ISS string (default), an f-puzzles string or "
                        "the project's JSON record, one a line")
    g.add_argument("--jigsaw", action="store_true",
                   help="with --variant: irregular regions instead of boxes, drawn per puzzle")
    g.add_argument("--patience", type=int, default=PATIENCE, metavar="K",
                   help=f"with --variant and without --minimal: stop removing after K "
                        f"failed removals in a row (default {PATIENCE})")


def cmd_generate_variant(args) -> int:
    import random

    from ..variants.generate import LEVEL_ATTEMPTS, LEVELS, VERIFY, generate, parse_types
    from ..progress import progress_bar
    from .output import OutputFile, check_output, header_comment, write_all

    refused = [k for k, default in CLASSIC_ONLY.items() if getattr(args, k, default) != default]
    if refused or args.verify_with:
        name = (refused or ["verify_with"])[0].replace("_", "-")
        raise UsageError(f"--{name} is for classic puzzles, not with --variant")
    types = parse_types(args.variant)
    fmt = args.format or "iss"
    difficulty = None if args.difficulty in (None, "any") else args.difficulty
    if difficulty is not None and difficulty not in LEVELS:
        raise UsageError(f"--difficulty {difficulty}: a variant puzzle's levels are "
                         f"{', '.join(LEVELS)} (the variant rating's bands, docs/generator.md)")
    attempts = args.attempts or LEVEL_ATTEMPTS
    if args.attempts and difficulty is None:
        raise UsageError("--attempts goes with --difficulty for variant puzzles (puzzles "
                         "made per puzzle written until one is at the level)")
    size = args.size or (args.box[0] * args.box[1] if args.box else 9)
    box = args.box or "default"
    if args.jigsaw and args.box:
        raise UsageError("--jigsaw draws irregular regions: no --box with it")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    try:
        from ..variants.model import VariantPuzzle

        VariantPuzzle(size, box=box)
    except Exception as exc:
        raise UsageError(str(exc)) from None
    if args.scheduler and args.engine != "dask":
        raise UsageError("--scheduler needs --engine dask")
    if args.scheduler:
        check_scheduler(args.scheduler)
    out = None
    if args.output and args.output != "-":
        check_output(args.output, force=args.force, what="-o FILE")
        settings = {"count": args.count, "variant": ",".join(types), "size": size,
                    "box": f"{args.box[0]}x{args.box[1]}" if args.box else None,
                    "jigsaw": args.jigsaw, "minimal": args.minimal, "patience": None if args.minimal else args.patience,
                    "seed": seed, "no_verify": not args.verify, "format": fmt,
                    "difficulty": difficulty, "attempts": attempts if difficulty else None}
        out = OutputFile(args.output, force=args.force,
                         header=None if fmt == "json" else header_comment("generate", settings))
    bar = progress_bar(args.count, show=False if args.quiet else None)
    options = dict(size=size, box=box, regions="random" if args.jigsaw else None,
                   minimal=args.minimal, seed=seed, patience=args.patience,
                   verify=VERIFY if args.verify else None,
                   difficulty=difficulty, attempts=attempts)
    if args.workers is None and args.engine is None:
        return write_all(generate(args.count, types, **options), _writer(fmt, out), out, bar)
    from ..batch import DaskEngine, LocalEngine

    workers = args.workers or 1
    engine = (DaskEngine(workers, args.scheduler) if args.engine == "dask"
              else LocalEngine(workers))
    try:
        with engine:  # (the file is closed after the engine, below)
            return write_all(generate(args.count, types, engine=engine, **options),
                             _writer(fmt, out), None, bar)
    finally:
        if out is not None:
            out.close()


def _writer(fmt, out):
    """``write_all``'s ``write_one``: the puzzle as one line to ``out`` or stdout."""

    def write_one(index, made):
        if made.missed:
            print(f"sudoku-cp: puzzle {index} (seed {made.seed}) missed: "
                  f"{'; '.join(made.missed)}", file=sys.stderr)
        line = variant_line(made, fmt)
        if out is not None:
            out.write(line + "\n")
        else:
            print(line, flush=True)
        return EXIT_NOT_UNIQUE if made.missed else None

    return write_one


def variant_line(made, fmt: str) -> str:
    """One generated puzzle as one line of ``fmt``."""
    if fmt == "json":
        return json.dumps(made.to_dict())
    if fmt == "fpuzzles":
        from ..variants.fpuzzles import write_fpuzzles

        return write_fpuzzles(made.puzzle)
    from ..variants.iss_write import write_iss

    return write_iss(made.puzzle)
