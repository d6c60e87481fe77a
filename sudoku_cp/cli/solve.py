"""``sudoku-cp solve``: solve puzzles with one backend and print the solutions."""

from __future__ import annotations

import sys

from .counting import add_count_options, cut_by_time, run_count, wants_count
from .output import add_force, check_output
from .common import (EXIT_OK, Outcome, UsageError, add_input, box_text, emit,
                     positive_float, positive_int, verdict_exit, where)
from .show import found, solve_line


def register(sub) -> None:
    """Add the ``solve`` command to the CLI's subparsers (imports nothing heavy)."""
    from ..backends import BACKENDS, DEFAULT_BACKEND

    p = sub.add_parser("solve", help="solve puzzles with one backend")
    add_input(p)
    p.add_argument("--backend", default=DEFAULT_BACKEND, metavar="SPEC",
                   help=f"{'|'.join(BACKENDS)}, or a spec such as sat:glucose4:minimal "
                        f"(default {DEFAULT_BACKEND})")
    p.add_argument("--limit", type=positive_int, metavar="K",
                   help="look for up to K solutions (default 1; with --count, no limit)")
    p.add_argument("--count", action="store_true",
                   help="count the solutions instead of printing them (exhaustive unless "
                        "--limit caps the count), like QQWing's --count-solutions")
    p.add_argument("--time-limit", type=positive_float, metavar="S", help="seconds per puzzle")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument("--image", metavar="PATH",
                   help="also draw each puzzle and its solution to PATH (.svg, or .png with "
                        "the 'image' extra); '{index}' in PATH numbers several puzzles")
    add_count_options(p)
    add_force(p)
    from .variant import add_options as add_variant_options

    add_variant_options(p, "solve")
    p.set_defaults(run=cmd_solve)


def cmd_solve(args) -> int:
    from ..backends import get_backend, solve
    from ..check import clashes, is_solution
    from ..records import record

    if wants_count(args):  # grid counts and estimates: see cli/counting.py
        return run_count(args)

    from . import variant

    if variant.wanted(args):  # f-puzzles, ISS or JSON variant puzzles: their own module
        variant.refuse_classic_options(args)
        return variant.cmd_solve(args)
    get_backend(args.backend)  # an unknown spec fails before the first puzzle
    if args.image:
        _check_images(args)
    limit = args.limit if args.limit is not None else (UNCOUNTED if args.count else 1)
    run = Outcome(args)
    puzzles = run.puzzles()
    if args.image and "{index}" not in args.image:
        puzzles = _one_picture(puzzles, args.image)
    for index, source, entry in puzzles:
        board = entry.board
        result = solve(board, args.backend, limit=limit, time_limit=args.time_limit)
        good = [s for s in result.solutions if is_solution(board, s)]
        bad = len(result.solutions) - len(good)
        # a count the time limit cut short settles nothing: "unknown", as check says of a
        # search that did not finish (exit 4), with the solutions found as a lower bound
        timed_out = bool(args.count and cut_by_time(result))
        verdict = "disagree" if bad else "unknown" if timed_out else result.status.value
        run.add(verdict_exit(verdict))
        if args.image:
            _save_image(args, board, index, good[0] if good else None)
        words = _found(result, len(good), counting=args.count)
        if bad:
            print(f"BUG: {args.backend} returned {bad} non-solution(s): "
                  f"{board.to_text(result.solutions[0])}", file=sys.stderr)
        if args.json:
            shown = good if not args.count else []
            emit(record(line=entry.line, source=source, index=index, verdict=verdict,
                        puzzle=board.to_text(), box=box_text(board),
                        solution=board.to_text(good[0]) if good else None,
                        solutions=[board.to_text(s) for s in shown],
                        backends={args.backend: result.to_dict()},
                        evidence=[f"{args.backend} returned {bad} non-solution(s)"] if bad else [],
                        time_s=result.time_s, count=result.count, exhausted=result.exhausted,
                        **({"count_is": "lower bound" if timed_out else "exact"
                            if result.exhausted else "capped by --limit"} if args.count else {})))
            continue
        print(solve_line(index, where(source, entry), board.n, board.clues, verdict,
                         args.backend, result.time_s, words))
        if timed_out:  # too many to count in time: estimate
            run_count(args, [(board, "  instead")])
        if not args.count:
            for k, s in enumerate(good, 1):
                if len(good) > 1:
                    print(f"solution {k}:")
                print(board.grid(s))
                print()
        if not good and result.status.value == "none":
            for clash in clashes(board):
                print(f"  clash: {clash}")
    return run.code if run.code else EXIT_OK


#: The limit ``--count`` searches to when no ``--limit`` caps it: in practice, all.
UNCOUNTED = sys.maxsize


def _found(result, good: int, counting: bool = False) -> str:
    """How many solutions, and whether that is all of them, in words (``show.found``: the
    words a variant puzzle's solve says too)."""
    return found(good, result.exhausted, result.limit, counting, len(result.solutions))


def _check_images(args) -> None:
    from ..display import check_image_path, image_path

    try:
        check_image_path(args.image)
    except ValueError as exc:  # a wrong suffix
        raise UsageError(str(exc)) from None
    check_output(str(image_path(args.image, 1)), force=args.force, what="--image")


def _one_picture(puzzles, path: str):
    """Puzzles for an ``--image`` name without ``{index}``: refuse a second one before any
    work (one name cannot hold several pictures)."""
    first = next(puzzles, None)
    second = next(puzzles, None)
    if second is not None:
        raise UsageError(f"--image {path} names one file, but there are several puzzles: "
                         f"put {{index}} in the name, e.g. pictures/p{{index}}.svg")
    return iter([first] if first is not None else [])


def _save_image(args, board, index: int, solution) -> None:
    """Draw one puzzle by the output rule: no overwrite, no link, parent folders made."""
    from ..display import image_path, save_image
    from ..errors import OutputError

    path = image_path(args.image, index)
    if index > 1:
        check_output(str(path), force=args.force, what="--image")
    try:
        if path.parent != path:
            path.parent.mkdir(parents=True, exist_ok=True)
        save_image(board, path, solution)
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
