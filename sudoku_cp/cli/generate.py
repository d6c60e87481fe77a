"""The ``generate`` and ``grade`` commands.

Imports of the solvers stay inside the run functions, so ``sudoku-cp --help`` stays
fast. Exit codes follow ``sudoku_cp.cli.common``:

- ``generate``: 0 ok; 1 some puzzle missed a target (``--clues``, ``--minimal``,
  ``--difficulty``, ``--min-rating``, ``--max-rating``), still written, with a note on
  standard error; 3 the backends disagreed about a generated puzzle (the evidence goes to
  standard error).
- ``grade``: 0 every puzzle graded; 1 some puzzle has no solution or several (not
  graded: a rating assumes one solution); 2 some line is not a puzzle.
"""

from __future__ import annotations

import argparse
import sys
import time

from .common import (EXIT_NOT_UNIQUE, Outcome, UsageError, add_input,
                     add_max_size, box_arg, box_text, count_arg, emit, positive_float, where)
from .sampling import add_cbias_options, run_cbias, wants_cbias
from .output import OutputFile, add_force, check_output, header_comment, write_all
from .generate_variant import add_variant_options, cmd_generate_variant


def register(sub) -> None:
    """Add the ``generate`` and ``grade`` subcommands to the CLI's subparsers."""
    from ..generate import SYMMETRIES
    from ..logic.ratings import LEVELS  # light: no solver behind it

    p = sub.add_parser("generate", help="make puzzles with exactly one solution",
                       description="Make puzzles with exactly one solution: a random full "
                                   "grid, clues removed while the solution stays unique, "
                                   "confirmed unique by two backends of different "
                                   "paradigms (fast and sat; without numba sat, cpsat "
                                   "and backtrack) before it is written; graded for "
                                   "--json or a level target.")
    p.add_argument("-n", "--count", type=count_arg, default=1, metavar="COUNT",
                   help="how many puzzles (default 1)")
    size = p.add_mutually_exclusive_group()
    size.add_argument("--size", type=count_arg, metavar="N", help="board side, e.g. 4, 6, 9, 16")
    size.add_argument("--box", type=box_arg, metavar="RxC", help="box shape, e.g. 2x3 (default 3x3)")
    add_max_size(p)
    p.add_argument("--symmetry", default="none",
                   choices=[*SYMMETRIES, *SYMMETRY_ALIASES, "random"],
                   help="symmetry of the clue pattern (default none); QQWing's names "
                        "rotate180 and rotate90 also work, and random draws one per puzzle")
    p.add_argument("--clues", type=count_arg, metavar="K", help="stop removing clues at K")
    p.add_argument("--minimal", action="store_true",
                   help="no clue can be removed without losing uniqueness, checked clue by "
                        "clue with any symmetry (searches until found)")
    p.add_argument("--orbit-minimal", action="store_true",
                   help="no orbit of the symmetry can be removed (weaker than --minimal)")
    p.add_argument("--difficulty", choices=[*LEVELS, ANY_LEVEL],
                   help="keep only puzzles of this level, a band of the rating (docs/logic.md; "
                        "any: every level, as in QQWing)")
    p.add_argument("--min-rating", type=_rating, metavar="R",
                   help="keep only puzzles rated at least R (Sudoku Explainer's scale)")
    p.add_argument("--max-rating", type=_rating, metavar="R",
                   help="keep only puzzles rated at most R")
    p.add_argument("--seed", type=int, metavar="S",
                   help="master seed: same seed, same puzzles (default: drawn at random and "
                        "written in the header of -o FILE)")
    p.add_argument("--attempts", type=count_arg, default=None, metavar="A",
                   help="fresh grids per puzzle before a missed target is reported (default 30)")
    p.add_argument("--backend", metavar="SPEC",
                   help="backend for uniqueness checks while removing clues (default fast "
                        "when numba is installed, else sat)")
    check = p.add_mutually_exclusive_group()
    check.add_argument("--verify-with", metavar="SPECS",
                       help="backends that confirm each puzzle before it is written, "
                            "separated by commas (default: fast and sat when numba is "
                            "installed, else the cross-checker's sat, cpsat and backtrack)")
    check.add_argument("--no-verify", dest="verify", action="store_false",
                       help="write each puzzle without that confirmation")
    p.add_argument("--no-grade", dest="grade", action="store_false",
                   help="with --json, leave level, rating, techniques and nodes null instead "
                        "of grading each puzzle (grading costs more than making a 9x9 one); "
                        "a level or rating target grades anyway")
    p.add_argument("-o", "--output", metavar="FILE", help="write puzzles here (each flushed as made)")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    add_cbias_options(p)
    add_variant_options(p)
    add_force(p)
    p.set_defaults(run=cmd_generate)

    p = sub.add_parser("grade", help="rate puzzles by the techniques a person needs",
                       description="Rate puzzles by the techniques a person needs, easiest "
                                   "first: the rating (Sudoku Explainer's scale) is the "
                                   "hardest step's score, the level its band: "
                                   f"{', '.join(LEVELS)} (docs/logic.md).")
    add_input(p)
    p.add_argument("--time-limit", type=positive_float, metavar="S",
                   help="seconds per puzzle; a puzzle cut short reports its rating so far "
                        "as a lower bound")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument("--format", choices=("text", "serate"), default="text",
                   help="serate: one line per puzzle, ER/EP/ED as Sudoku Explainer's serate "
                        "prints them (0.0/0.0/0.0 for a puzzle with no solution or several)")
    p.add_argument("--scale", choices=("se", "hodoku"), default="se",
                   help="the level shown: Sudoku Explainer's bands (se) or HoDoKu's score and "
                        "level from HoDoKu's own solve path (hodoku; docs/logic.md)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="a bar per puzzle on stderr: the cells filled as it is rated "
                        "(default: when stderr is a terminal; needs tqdm)")
    p.set_defaults(run=cmd_grade)


def _rating(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if value != value or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a rating such as 4.2")
    return value


#: QQWing's names for the same symmetries, and ``random`` (a symmetry drawn per puzzle).
SYMMETRY_ALIASES = {"rotate180": "rot180", "rotate90": "rot90"}
#: ``--difficulty any``, as in QQWing: no level asked for.
ANY_LEVEL = "any"


def cmd_generate(args) -> int:
    import random

    from ..board import default_box

    if args.variant:  # variant puzzles: see cli/generate_variant.py
        return cmd_generate_variant(args)
    if args.format:
        raise UsageError("--format goes with --variant (classic puzzles: --json)")
    if wants_cbias(args):  # Berthier's generator: see cli/sampling.py
        return run_cbias(args)
    box = args.box or (default_box(args.size) if args.size else (3, 3))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    symmetry = SYMMETRY_ALIASES.get(args.symmetry, args.symmetry)
    difficulty = None if args.difficulty == ANY_LEVEL else args.difficulty
    if args.min_rating is not None and args.max_rating is not None \
            and args.min_rating > args.max_rating:
        raise UsageError(f"--min-rating {args.min_rating} is above --max-rating {args.max_rating}")
    if not args.grade and not args.json:  # (was taken and did nothing)
        raise UsageError("--no-grade goes with --json (a puzzle line carries no grade)")
    options = dict(box=box, clues=args.clues, minimal=args.minimal,
                   orbit_minimal=args.orbit_minimal, difficulty=difficulty,
                   verify=_verify(args), backend=args.backend, min_rating=args.min_rating,
                   max_rating=args.max_rating)
    puzzles = _puzzles(args.count, symmetry, seed, args.attempts, options)
    to_file = args.output and args.output != "-"
    out = None
    if to_file:
        check_output(args.output, force=args.force, what="-o FILE")
        settings = {"count": args.count, "box": f"{box[0]}x{box[1]}", "symmetry": args.symmetry,
                    "clues": args.clues, "minimal": args.minimal,
                    "orbit_minimal": args.orbit_minimal,
                    "difficulty": args.difficulty, "min_rating": args.min_rating,
                    "max_rating": args.max_rating, "seed": seed, "attempts": args.attempts,
                    "backend": args.backend, "verify_with": args.verify_with,
                    "no_verify": not args.verify, "no_grade": not args.grade,
                    "json": args.json}
        out = OutputFile(args.output, force=args.force,
                         header=None if args.json else header_comment("generate", settings))
    bar = _progress(args.count, args.quiet)
    def write_one(index, puzzle):
        if puzzle.missed:
            print(f"sudoku-cp: puzzle {index} (seed {puzzle.seed}) missed: "
                  f"{'; '.join(puzzle.missed)}", file=sys.stderr)
        if out is not None:
            out.write(_line(puzzle, args.json, args.grade) + "\n")
        elif args.json:
            emit(puzzle.to_dict(graded=args.grade))
        else:
            print(puzzle.board.to_text(), flush=True)
        return EXIT_NOT_UNIQUE if puzzle.missed else None

    return write_all(puzzles, write_one, out, bar)


def _puzzles(count: int, symmetry: str, seed: int, attempts, options: dict):
    """The generator's puzzles; ``random`` draws each puzzle's symmetry from the seed.

    Options are checked here, before any output file is opened.
    """
    import random

    from ..generate import ATTEMPTS, SYMMETRIES, generate

    attempts = attempts or ATTEMPTS
    try:
        if symmetry != "random":
            return generate(count, symmetry=symmetry, seed=seed, attempts=attempts, **options)
        generate(0, symmetry="none", seed=seed, attempts=attempts, **options)  # checks
    except ValueError as exc:  # an impossible target, e.g. more clues than cells
        raise UsageError(str(exc)) from None
    rng = random.Random(seed)
    drawn = [(rng.choice(list(SYMMETRIES)), rng.getrandbits(63)) for _ in range(count)]
    return (p for sym, s in drawn
            for p in generate(1, symmetry=sym, seed=s, attempts=attempts, **options))


def _verify(args):
    """``generate``'s ``verify``: False, the backends named by --verify-with, or True."""
    if not args.verify:
        return False
    if args.verify_with is None:
        return True
    specs = [part.strip() for part in args.verify_with.split(",") if part.strip()]
    if not specs:
        raise UsageError("--verify-with names no backend (use --no-verify to skip the check)")
    return specs


def _line(puzzle, as_json: bool, graded: bool = True) -> str:
    import json

    return json.dumps(puzzle.to_dict(graded=graded)) if as_json else puzzle.board.to_text()


def _progress(total: int, quiet: bool):
    """A tqdm bar on standard error, or None (quiet, not a terminal, or no tqdm)."""
    from ..progress import progress_bar

    return progress_bar(total, show=False if quiet else None)


def _graded(run):
    """``run.puzzles()`` with sukaku lines as well: ``(index, source, entry, sukaku)``,
    ``sukaku`` the ``(board, candidates, puzzle)`` of a pencil-mark line, else None."""
    from .common import EXIT_INPUT, entries, report_invalid
    from .marks import is_sukaku, read_marks

    for index, (source, entry) in enumerate(entries(run.args), 1):
        if entry.error and is_sukaku(entry.text, getattr(run.args, "box", None)):
            try:
                yield index, source, entry, read_marks(entry.text, where(source, entry))
            except UsageError as exc:
                run.add(EXIT_INPUT)
                print(exc, file=sys.stderr)
            continue
        if entry.error:
            run.add(EXIT_INPUT)
            report_invalid(run.args, index, source, entry)
            continue
        yield index, source, entry, None


def cmd_grade(args) -> int:
    from ..errors import PuzzleError
    from ..grade import grade
    from .marks import solution_of
    from ..logic.api import SeveralSolutionsError
    from ..records import record

    from .vlogic import grade_variants, variant_input

    if variant_input(args):  # f-puzzles, ISS, JSON: the variant engine (cli.vlogic)
        return grade_variants(args)
    serate = args.format == "serate"
    if serate and (args.json or args.scale != "se"):
        raise UsageError("--format serate prints SE's ER/EP/ED only: it does not combine "
                         f"with {'--json' if args.json else '--scale hodoku'}")
    run = Outcome(args)
    for index, source, entry, sukaku in _graded(run):
        marks = solution = None
        if sukaku is None:
            board = entry.board
        else:  # pencil marks: proved unique under them, then the engine starts from them
            board, marks, _ = sukaku
        head = dict(line=entry.line, source=source, index=index,
                    puzzle=board.to_text() if sukaku is None else entry.text.strip(),
                    box=box_text(board))
        bar = _grade_bar(board, index, args.progress)
        began = time.perf_counter()
        try:
            if sukaku is not None:
                solution = solution_of(sukaku[2], args.time_limit)
            rating = grade(board, time_limit=args.time_limit, candidates=marks,
                           solution=solution, progress=bar and bar.tell,
                           hodoku=args.scale == "hodoku")
        except PuzzleError as exc:  # no solution, or several: a rating assumes one
            run.add(EXIT_NOT_UNIQUE)
            print(f"{where(source, entry)}: {exc}", file=sys.stderr)
            if serate:  # serate's line for a puzzle it cannot rate, so lines stay aligned
                print("0.0/0.0/0.0", flush=True)
            if args.json:
                several = isinstance(exc, SeveralSolutionsError)
                emit(record(verdict="multiple" if several else "none", error=str(exc),
                            level=None, **head))
            continue
        finally:
            if bar is not None:
                bar.close()
        if args.json:
            fields = rating.to_dict()
            fields.pop("unique", None)  # the verdict says it
            solved = board.to_text(rating.solution)  # (a unique record names its solution)
            emit(record(verdict="unique", solution=solved, solutions=[solved],
                        time_s=time.perf_counter() - began, **fields, **head))
            continue
        if serate:
            print(rating.serate + ("" if rating.complete else " lower-bound"), flush=True)
            continue
        used = ", ".join(f"{name} {k}" for name, k in rating.techniques.items())
        bound = "" if rating.complete else "  (time limit: a lower bound)"
        if args.scale == "hodoku":
            hodoku_used = ", ".join(f"{name} {k}" for name, k in rating.hodoku_techniques.items())
            print(f"puzzle {index} ({where(source, entry)}), {board.n}x{board.n}, "
                  f"{board.clues} givens: HoDoKu {rating.hodoku_level} "
                  f"{rating.hodoku_score}{bound}  [{hodoku_used}]")
            continue
        guesses = (f", {rating.guesses} guess{'es' if rating.guesses > 1 else ''}"
                   if rating.guesses else "")
        print(f"puzzle {index} ({where(source, entry)}), {board.n}x{board.n}, "
              f"{board.clues} givens: {rating.level} {rating.rating}{bound}, hardest "
              f"{rating.hardest or 'none (no step: the board is full)'}{guesses}  [{used}]  "
              f"nodes {rating.nodes}")
    return run.code



class _GradeBar:
    """One puzzle's bar for ``grade``: the cells filled so far, and the stage."""

    def __init__(self, bar, index: int) -> None:
        self.bar, self.index, self.stage = bar, index, None

    def tell(self, stage: str, placed: int) -> None:
        if stage != self.stage:  # drawn at once: a stage can last many seconds
            self.stage = stage
            self.bar.set_description(f"puzzle {self.index}: {stage}")
        self.bar.update(placed - self.bar.n)  # (tqdm redraws at most every 0.1 s)

    def close(self) -> None:
        self.bar.close()


def _grade_bar(board, index: int, show: bool | None) -> _GradeBar | None:
    """A bar over the puzzle's cells, or None (not a terminal, --no-progress, no tqdm)."""
    from ..progress import progress_bar

    bar = progress_bar(board.geometry.ncells, show=show, tell_missing=bool(show),
                       unit="cell", leave=False, dynamic_ncols=True)
    return None if bar is None else _GradeBar(bar, index)
