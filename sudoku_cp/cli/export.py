"""``sudoku-cp export``: a puzzle's model for an external solver (DIMACS CNF, MiniZinc
data, and the formats of ``encode.formats``: exact cover, LP, MPS, ASP)."""

from __future__ import annotations

import sys

from .common import EXIT_INPUT, EXIT_OK, UsageError, add_input, entries, error_line
from .output import OutputFile, add_force, check_output


#: What ``export`` writes beside the formats of ``encode.formats``: the owners of these
#: two are ``encode.cnf`` and ``encode.minizinc``.
EXPORT_FORMATS = ("dimacs", "minizinc")


def register(sub) -> None:
    """Add the ``export`` command to the CLI's subparsers."""
    from ..encode.cnf import ENCODINGS
    from ..encode.formats import EXPORTS

    from .variant import EXPORT_FORMATS as VARIANT_FORMATS, add_options as add_variant_options

    formats = (*EXPORT_FORMATS, *EXPORTS, *VARIANT_FORMATS)
    p = sub.add_parser("export", help="write a puzzle's model for an external solver "
                                      f"({', '.join(formats)})")
    add_input(p, many=False)
    p.add_argument("--format", choices=formats, default=EXPORT_FORMATS[0],
                   help="DIMACS CNF (the SAT encoding), MiniZinc data (the CP model), "
                        "exact cover (DLX rows), LP or MPS (0-1 program), ASP facts; for a "
                        "variant puzzle: an f-puzzles string or the project's variant JSON")
    p.add_argument("--encoding", choices=ENCODINGS, default=ENCODINGS[0],
                   help=f"CNF encoding (default {ENCODINGS[0]})")
    p.add_argument("--empty", action="store_true",
                   help="export the empty board (with --box or --size)")
    p.add_argument("--size", type=int, metavar="N", help="board side for --empty")
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    add_force(p)
    add_variant_options(p, "export")
    p.set_defaults(run=cmd_export)


def cmd_export(args) -> int:
    from ..board import Board, default_box

    if args.output and args.output != "-":
        check_output(args.output, force=args.force, what="-o FILE")
    from . import variant

    if not args.empty and (args.format in variant.EXPORT_FORMATS or variant.wanted(args)):
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
    if args.format == "dimacs":
        from ..encode.cnf import to_dimacs

        text = to_dimacs(board, encoding=args.encoding)
    elif args.format != "minizinc":  # the formats of encode.formats (exact cover, MIP, ASP)
        from ..encode.formats import export

        try:
            text = export(board, args.format)
        except ValueError as exc:  # e.g. a board too large for one-symbol names
            raise UsageError(str(exc)) from None
    else:
        from ..encode.minizinc import to_minizinc_data

        try:
            text = to_minizinc_data(board)
        except ValueError as exc:  # e.g. a variant's extra houses: the model has none
            raise UsageError(str(exc)) from None
    if args.output and args.output != "-":
        out = OutputFile(args.output, force=args.force)
        try:
            out.write(text)
        finally:
            out.close()
    else:
        sys.stdout.write(text)
    return EXIT_OK
