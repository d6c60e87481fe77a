"""``sudoku-cp export``: a puzzle's model for an external solver, in any format of the
table ``encode.formats.EXPORTS`` (DIMACS CNF, MiniZinc data, exact cover, LP, MPS, ASP)."""

from __future__ import annotations

import sys

from .common import EXIT_INPUT, EXIT_OK, UsageError, add_input, entries, error_line
from .output import add_force, check_output, write_text


def register(sub) -> None:
    """Add the ``export`` command to the CLI's subparsers."""
    from ..encode.cnf import ENCODINGS
    from ..encode.formats import EXPORTS

    from .variant import EXPORT_FORMATS as VARIANT_FORMATS, add_options as add_variant_options

    formats = (*EXPORTS, *VARIANT_FORMATS)
    p = sub.add_parser("export", help="write a puzzle's model for an external solver "
                                      f"({', '.join(formats)})")
    add_input(p, many=False)
    p.add_argument("--format", choices=formats, default=formats[0],
                   help="DIMACS CNF (the SAT encoding), MiniZinc data (the CP model), "
                        "exact cover (DLX rows), LP or MPS (0-1 program), ASP facts; for a "
                        "variant puzzle: an f-puzzles string or the project's variant JSON")
    p.add_argument("--encoding", choices=ENCODINGS,
                   help=f"CNF encoding, for --format dimacs (default {ENCODINGS[0]})")
    p.add_argument("--empty", action="store_true",
                   help="export the empty board (with --box or --size)")
    p.add_argument("--size", type=int, metavar="N", help="board side for --empty")
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    add_force(p)
    add_variant_options(p, "export")
    p.set_defaults(run=cmd_export)


def cmd_export(args) -> int:
    from ..board import Board, default_box

    from . import variant

    _refuse_idle_options(args, variant.EXPORT_FORMATS)
    if args.output and args.output != "-":
        check_output(args.output, force=args.force, what="-o FILE")

    if not args.empty and (args.format in variant.EXPORT_FORMATS or variant.wanted(args)):
        variant.refuse_classic_options(args)
        return variant.cmd_export(args)  # f-puzzles, ISS or JSON variant puzzles
    if args.empty:
        if args.box is None and args.size is None:
            raise UsageError("export --empty needs --box RxC or --size N")
        box = args.box or default_box(args.size)
        board = Board.empty(box)
    else:
        found = list(entries(args))
        if len(found) != 1:
            raise UsageError(f"export takes one puzzle, got {len(found)}")
        source, entry = found[0]
        if entry.error:
            print(error_line(source, entry), file=sys.stderr)
            return EXIT_INPUT
        board = entry.board
    from ..encode.formats import export

    text = export(board, args.format, **({"encoding": args.encoding} if args.encoding else {}))
    write_text(args.output, text, force=args.force)
    return EXIT_OK


def _refuse_idle_options(args, variant_formats) -> None:
    """Refuse by name what this export would ignore (each was ignored without a word: the
    PUZZLE beside --empty, --size without it, --encoding for a format other than dimacs)."""
    from ..encode.formats import EXPORTS, options_of

    if args.empty:
        if args.puzzles or args.file:
            raise UsageError("export --empty writes the empty board: give no PUZZLE or -f FILE")
        if args.format in variant_formats:
            raise UsageError(f"--format {args.format} writes a variant puzzle; --empty "
                             f"exports a classic board ({', '.join(EXPORTS)})")
        if args.box and args.size is not None and args.box[0] * args.box[1] != args.size:
            raise UsageError(f"--box {args.box[0]}x{args.box[1]} does not fit --size {args.size}")
    elif args.size is not None:
        raise UsageError("export --size N goes with --empty (a puzzle has its own size)")
    if args.encoding and "encoding" not in options_of(args.format):
        raise UsageError(f"--encoding applies to --format dimacs (the CNF), not to "
                         f"--format {args.format}")
