"""``sudoku-cp solve``: solve puzzles with one backend and print the solutions."""

from __future__ import annotations

import sys

from .common import (EXIT_OK, Outcome, UsageError, add_input, box_text, emit, ms,
                     positive_float, verdict_exit, where)


def register(sub) -> None:
    """Add the ``solve`` command to the CLI's subparsers (imports nothing heavy)."""
    from ..backends import BACKENDS, DEFAULT_BACKEND

    p = sub.add_parser("solve", help="solve puzzles with one backend")
    add_input(p)
    p.add_argument("--backend", default=DEFAULT_BACKEND, metavar="SPEC",
                   help=f"{'|'.join(BACKENDS)}, or a spec such as sat:glucose4:minimal "
                        f"(default {DEFAULT_BACKEND})")
    p.add_argument("--limit", type=int, default=1, metavar="K", help="show up to K solutions")
    p.add_argument("--time-limit", type=positive_float, metavar="S", help="seconds per puzzle")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument("--image", metavar="PATH",
                   help="also draw each puzzle and its solution to PATH (.svg, or .png with "
                        "the 'image' extra); '{index}' in PATH numbers several puzzles")
    p.set_defaults(run=cmd_solve)


def cmd_solve(args) -> int:
    from ..backends import solve
    from ..check import is_solution

    if args.image:
        from ..display import check_image_path

        try:
            check_image_path(args.image)
        except ValueError as exc:  # a wrong suffix
            raise UsageError(str(exc)) from None
    run = Outcome(args)
    for index, source, entry in run.puzzles():
        board = entry.board
        result = solve(board, args.backend, limit=args.limit, time_limit=args.time_limit)
        verified = [(s, is_solution(board, s)) for s in result.solutions]
        good = [s for s, ok in verified if ok]
        bad = [s for s, ok in verified if not ok]
        if args.image:
            from ..display import image_path, save_image

            save_image(board, image_path(args.image, index), good[0] if good else None)
        status = "invalid-solution" if bad else result.status.value
        run.add(verdict_exit(status))  # 'invalid-solution' is a bug: 3
        if args.json:
            emit({"index": index, "puzzle": board.to_text(), "box": box_text(board),
                  "verdict": status, "solution": board.to_text(good[0]) if good else None,
                  "solutions": [board.to_text(s) for s in good],
                  "backends": {args.backend: result.to_dict()}, "error": None})
            continue
        print(f"puzzle {index} ({where(source, entry)}), {board.n}x{board.n}, "
              f"{board.clues} givens: {status} by {args.backend} in {ms(result.time_s)}")
        for s in good:
            print(board.grid(s))
            print()
        if bad:
            print(f"BUG: {args.backend} returned {len(bad)} non-solution(s): "
                  f"{board.to_text(bad[0])}", file=sys.stderr)
        if not good and result.status.value == "none":
            from ..check import clashes

            for clash in clashes(board):
                print(f"  clash: {clash}")
    return run.code if run.code else EXIT_OK
