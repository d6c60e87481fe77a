"""The ``explain`` command: the steps a person takes, one sentence each.

``sudoku-cp explain PUZZLE`` prints the numbered steps from the givens to the
solution, always the easiest technique first; ``--first`` prints only the next step
(a hint); ``--position GRID`` starts from a player's grid (their values on top of the
givens); ``--json`` prints one JSON object per step (the fields of
``sudoku_cp.logic.Step``); ``--image PATH`` draws each printed step as SVG.

Exit codes: 0 explained; 1 the puzzle has no solution or several, or the position
contradicts the solution (the message names the wrong value); 2 the input is not a
puzzle (one line naming the problem).
"""

from __future__ import annotations

import sys


def register(sub) -> None:
    """Add the ``explain`` subcommand to the CLI's subparsers."""
    from .common import box_arg as _box_arg, positive_float as _positive_float

    p = sub.add_parser("explain", help="explain a puzzle step by step, as a person solves it",
                       description="The steps a person takes, easiest technique first, one "
                                   "sentence each (docs/logic.md).")
    p.add_argument("puzzle", metavar="PUZZLE",
                   help="puzzle text (one line, '.' or '0' empty), or a 729-character sukaku "
                        "(pencil-mark) line; '-' reads it from stdin")
    p.add_argument("--box", type=_box_arg, metavar="RxC", help="box shape, e.g. 2x3")
    p.add_argument("--position", metavar="GRID",
                   help="a player's grid in the same form: their values on top of the givens")
    p.add_argument("--first", action="store_true", help="only the next step (a hint)")
    p.add_argument("--assume-unique", action="store_true",
                   help="allow uniqueness techniques (unique rectangles, BUG+1)")
    p.add_argument("--time-limit", type=_positive_float, metavar="S",
                   help="stop after S seconds (the steps so far are printed)")
    p.add_argument("--json", action="store_true", help="one JSON object per step")
    p.add_argument("--image", metavar="PATH",
                   help="draw each printed step as SVG; '{index}' in PATH numbers the steps")
    from .output import add_force

    add_force(p)
    p.set_defaults(run=cmd_explain)


def _board(text: str, box, what: str):
    from .common import UsageError
    from ..parse import parse_many

    found = parse_many(text, box=box)
    if not found:
        raise UsageError(f"{what}: no puzzle in {text!r}")
    if len(found) != 1:
        raise UsageError(f"{what}: give exactly one puzzle, not {len(found)}")
    if found[0].error:
        raise UsageError(f"{what}: {found[0].error}")
    return found[0].board


def cmd_explain(args) -> int:
    from ..board import PuzzleError
    from ..logic import explain
    from ..logic.api import NoSolutionError, SeveralSolutionsError, WrongValueError
    from .common import EXIT_INPUT, EXIT_NOT_UNIQUE, EXIT_OK, UsageError, emit

    from .marks import is_sukaku, read_marks, solution_of

    marks = solution = None
    if args.puzzle == "-":  # as every command: '-' is standard input
        if sys.stdin is None or sys.stdin.closed:
            raise UsageError("standard input is closed: give the PUZZLE as an argument")
        args.puzzle = sys.stdin.read().lstrip("\ufeff")
        if not args.puzzle.strip():
            raise UsageError("no puzzle on standard input")
    from ..variants.formats import detect

    if detect(args.puzzle) not in (None, "sukaku"):  # f-puzzles, ISS, JSON: the variant engine
        from .vlogic import explain_variant

        return explain_variant(args, args.puzzle)
    try:
        if is_sukaku(args.puzzle, args.box):  # pencil marks: the engine starts from them
            board, marks, sukaku = read_marks(args.puzzle)
        else:
            board = _board(args.puzzle, args.box, "PUZZLE")
    except UsageError as exc:  # a bad puzzle: one line in the form every command uses
        print(exc, file=sys.stderr)
        return EXIT_INPUT
    if marks is not None:
        try:
            solution = solution_of(sukaku, args.time_limit)
        except PuzzleError as exc:  # several solutions, none, or not settled in time
            print(f"sudoku-cp: {exc}", file=sys.stderr)
            return EXIT_NOT_UNIQUE
    position = None
    if args.position:
        other = _board(args.position, args.box or board.box, "--position")
        if other.geometry != board.geometry:
            raise UsageError(f"--position is {other.n}x{other.n}, the puzzle {board.n}x{board.n}")
        position = other.givens
    if args.image and not args.image.lower().endswith(".svg"):
        raise UsageError(f"--image {args.image}: steps are drawn as .svg")
    if args.image:  # the output rule, before any work: no overwrite, no link, parents made
        from ..display import image_path
        from .output import check_output

        check_output(str(image_path(args.image, 1)), force=args.force, what="--image")
    try:
        steps = explain(board, position=position, assume_unique=args.assume_unique,
                        first=args.first, time_limit=args.time_limit, candidates=marks,
                        solution=solution)
    except (NoSolutionError, SeveralSolutionsError, WrongValueError) as exc:
        print(f"sudoku-cp: {exc}", file=sys.stderr)
        return EXIT_NOT_UNIQUE
    except PuzzleError as exc:  # a --position that does not fit the puzzle: bad input
        raise UsageError(f"--position: {exc}") from None
    for index, step in enumerate(steps, 1):
        if args.json:
            emit({"index": index, **step.to_dict()})
        else:
            flag = "  [assumes one solution]" if step.assumes_uniqueness else ""
            print(f"{index}. {step.text}  ({step.rating}){flag}")
        if args.image:
            from ..display import image_path
            from .output import check_output, write_text

            path = str(image_path(args.image, index))
            if index > 1:
                check_output(path, force=args.force, what="--image")
            write_text(path, step.to_svg(), force=args.force)
    if not steps and not args.json:
        print("the board is already full")
    return EXIT_OK
