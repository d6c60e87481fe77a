"""The ``generate`` and ``grade`` commands (registered by ``sudoku_cp.cli``).

Imports of the generator, the grader and the solvers stay inside the run functions,
so ``sudoku-cp --help`` stays fast. Exit codes follow ``sudoku_cp.cli``:

- ``generate``: 0 ok; 1 some puzzle missed a target (``--clues``, ``--minimal``,
  ``--difficulty``), still written, with a note on standard error; 3 the backends
  disagreed about a generated puzzle (the evidence goes to standard error).
- ``grade``: 0 every puzzle graded; 1 some puzzle has no solution or several (those
  with several are still graded); 2 some line is not a puzzle.
"""

from __future__ import annotations

import argparse
import sys

SYMMETRY_CHOICES = ("none", "rot180", "rot90", "mirror", "diagonal")
LEVEL_CHOICES = ("easy", "medium", "hard", "expert")


def register(sub) -> None:
    """Add the ``generate`` and ``grade`` subcommands to the CLI's subparsers."""
    from .cli import _add_input, _box_arg

    p = sub.add_parser("generate", help="make puzzles with exactly one solution",
                       description="Make puzzles with exactly one solution: a random full "
                                   "grid, clues removed while the solution stays unique, "
                                   "graded, and cross-checked by every backend.")
    p.add_argument("-n", "--count", type=_count, default=1, metavar="COUNT",
                   help="how many puzzles (default 1)")
    size = p.add_mutually_exclusive_group()
    size.add_argument("--size", type=_count, metavar="N", help="board side, e.g. 4, 6, 9, 16")
    size.add_argument("--box", type=_box_arg, metavar="RxC", help="box shape, e.g. 2x3 (default 3x3)")
    p.add_argument("--symmetry", choices=SYMMETRY_CHOICES, default="none",
                   help="symmetry of the clue pattern (default none)")
    p.add_argument("--clues", type=_count, metavar="K", help="stop removing clues at K")
    p.add_argument("--minimal", action="store_true",
                   help="no clue can be removed without losing uniqueness, checked clue by "
                        "clue with any symmetry (searches until found)")
    p.add_argument("--orbit-minimal", action="store_true",
                   help="no orbit of the symmetry can be removed (weaker than --minimal)")
    p.add_argument("--difficulty", choices=LEVEL_CHOICES, help="keep only puzzles of this level")
    p.add_argument("--seed", type=int, metavar="S", help="master seed: same seed, same puzzles")
    p.add_argument("--attempts", type=_count, default=None, metavar="A",
                   help="fresh grids per puzzle before a missed target is reported (default 30)")
    p.add_argument("--backend", metavar="SPEC",
                   help="backend for uniqueness checks while removing clues (default sat)")
    p.add_argument("--no-verify", dest="verify", action="store_false",
                   help="skip the cross-check of each puzzle by every backend")
    p.add_argument("-o", "--output", metavar="FILE", help="write puzzles here (each flushed as made)")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=cmd_generate)

    p = sub.add_parser("grade", help="rate puzzles by the techniques a person needs",
                       description="Rate puzzles by the techniques they need: easy (singles), "
                                   "medium (locked candidates, pairs), hard (triples, X-wing, "
                                   "or one guess), expert (two or more guesses).")
    _add_input(p)
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.set_defaults(run=cmd_grade)


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} must not be negative")
    return value


def cmd_generate(args) -> int:
    from .board import default_box
    from .cli import EXIT_DISAGREE, EXIT_NOT_UNIQUE, EXIT_OK, UsageError, emit
    from .generate import ATTEMPTS, GenerationError, generate

    box = args.box or (default_box(args.size) if args.size else (3, 3))
    puzzles = generate(args.count, box=box, symmetry=args.symmetry, clues=args.clues,
                       minimal=args.minimal, difficulty=args.difficulty, seed=args.seed,
                       verify=args.verify, backend=args.backend, orbit_minimal=args.orbit_minimal,
                       attempts=args.attempts or ATTEMPTS)
    out = None
    if args.output and args.output != "-":
        try:
            out = open(args.output, "w", encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"{args.output}: {exc.strerror or exc}") from None
    bar = _progress(args.count, args.quiet)
    code = EXIT_OK
    try:
        for index, puzzle in enumerate(puzzles, 1):
            if puzzle.missed:
                code = EXIT_NOT_UNIQUE
                print(f"sudoku-cp: puzzle {index} (seed {puzzle.seed}) missed: "
                      f"{'; '.join(puzzle.missed)}", file=sys.stderr)
            if out is not None:
                out.write(_line(puzzle, args.json) + "\n")
                out.flush()
            elif args.json:
                emit(puzzle.to_dict())
            else:
                print(puzzle.board.to_text(), flush=True)
            if bar is not None:
                bar.update(1)
    except GenerationError as exc:
        print(f"sudoku-cp: DISAGREE: {exc}", file=sys.stderr)
        return EXIT_DISAGREE
    finally:
        if bar is not None:
            bar.close()
        if out is not None:
            out.close()
    return code


def _line(puzzle, as_json: bool) -> str:
    import json

    return json.dumps(puzzle.to_dict()) if as_json else puzzle.board.to_text()


def _progress(total: int, quiet: bool):
    """A tqdm bar on standard error, or None (quiet, not a terminal, or no tqdm)."""
    from .progress import progress_bar

    return progress_bar(total, show=False if quiet else None)


def cmd_grade(args) -> int:
    from .board import PuzzleError
    from .cli import EXIT_NOT_UNIQUE, Outcome, _box, emit, where
    from .grade import grade

    run = Outcome(args)
    for index, source, entry in run.puzzles():
        board = entry.board
        try:
            rating = grade(board)
        except PuzzleError as exc:
            run.add(EXIT_NOT_UNIQUE)
            print(f"{where(source, entry)}: {exc}", file=sys.stderr)
            if args.json:
                emit({"index": index, "puzzle": board.to_text(), "box": _box(board),
                      "difficulty": None, "error": str(exc)})
            continue
        if not rating.unique:
            run.add(EXIT_NOT_UNIQUE)
        if args.json:
            emit({"index": index, "puzzle": board.to_text(), "box": _box(board),
                  **rating.to_dict(), "error": None})
            continue
        used = ", ".join(f"{name} {k}" for name, k in rating.techniques.items())
        note = "" if rating.unique else "  (not unique: graded along one solution)"
        print(f"puzzle {index} ({where(source, entry)}), {board.n}x{board.n}, "
              f"{board.clues} givens: {rating.level}  [{used}]  nodes {rating.nodes}{note}")
    return run.code

