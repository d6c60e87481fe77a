"""The ``sudoku-cp`` command line. Library code returns; this module prints.

Exit codes (the most severe over all puzzles wins):
0 every puzzle solved (``solve``) or unique (``check``); 1 some puzzle has no solution
or several; 4 a time limit left some unknown; 2 usage or input error; 3 backends
disagree or a backend returned a non-solution (a bug).
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import import_module
from typing import Iterator

from .board import PuzzleError, parse_box

EXIT_OK, EXIT_NOT_UNIQUE, EXIT_INPUT, EXIT_DISAGREE, EXIT_UNKNOWN = 0, 1, 2, 3, 4
_SEVERITY = [EXIT_OK, EXIT_NOT_UNIQUE, EXIT_UNKNOWN, EXIT_INPUT, EXIT_DISAGREE]


def worst(a: int, b: int) -> int:
    """The more severe of two exit codes."""
    return max(a, b, key=_SEVERITY.index)


def verdict_exit(verdict: str) -> int:
    """The exit code for one puzzle's verdict (an unknown word such as 'error' is a bug)."""
    return {"unique": EXIT_OK, "solved": EXIT_OK, "multiple": EXIT_NOT_UNIQUE,
            "none": EXIT_NOT_UNIQUE, "unknown": EXIT_UNKNOWN,
            "invalid": EXIT_INPUT}.get(str(verdict), EXIT_DISAGREE)


#: Modules whose ``register(subparsers)`` adds more commands; each keeps heavy imports lazy.
PLUGINS = ["sudoku_cp.generate_cli", "sudoku_cp.bench_cli"]


class UsageError(Exception):
    """A problem with the command line itself (exit 2)."""


# -- input --------------------------------------------------------------------------------
def entries(args) -> Iterator[tuple[str, object]]:
    """Every puzzle named on the command line, in files (-f) or on standard input.

    Yields ``(source, entry)`` where source names where the puzzle came from.
    """
    from .parse import parse_many, read_puzzles

    box = args.box
    limit = {"max_size": args.max_size} if getattr(args, "max_size", None) else {}
    puzzles = list(args.puzzles or [])
    files = list(args.file or [])
    if not puzzles and not files:
        puzzles = ["-"]
    seen = 0
    for text in puzzles:
        found = (read_puzzles("-", box=box, **limit) if text == "-"
                 else parse_many(text, box=box, **limit))
        source = "<stdin>" if text == "-" else "<argument>"
        for entry in found:
            seen += 1
            yield source, entry
    for path in files:
        try:
            for entry in read_puzzles(path, box=box, **limit):
                seen += 1
                yield path, entry
        except OSError as exc:
            raise UsageError(f"{path}: {exc.strerror or exc}") from None
    if not seen:
        raise UsageError("no puzzle in the input: give PUZZLE arguments, -f FILE, or "
                         "puzzles on standard input")


class Outcome:
    """One command's run over its puzzles: the exit code so far (the most severe wins)."""

    def __init__(self, args) -> None:
        self.args = args
        self.code = EXIT_OK

    def add(self, code: int) -> None:
        self.code = worst(self.code, code)

    def puzzles(self) -> Iterator[tuple[int, str, object]]:
        """``(index, source, entry)`` for each puzzle that parsed; bad ones are reported
        on stderr (and as JSON with --json) and make the exit code 2."""
        for index, (source, entry) in enumerate(entries(self.args), 1):
            if entry.error:
                self.add(EXIT_INPUT)
                _report_invalid(self.args, index, source, entry)
                continue
            yield index, source, entry


def where(source: str, entry) -> str:
    return f"{source}:{entry.line}" if source not in ("<argument>",) else "argument"


def error_line(source: str, entry) -> str:
    return f"{where(source, entry)}: {entry.error}"


def emit(obj: dict) -> None:
    print(json.dumps(obj), flush=True)


# -- commands --------------------------------------------------------------------------------
def cmd_solve(args) -> int:
    from .backends import solve
    from .check import is_solution

    if args.image:
        from .display import check_image_path

        try:
            check_image_path(args.image)
        except (ValueError, ImportError) as exc:  # wrong suffix, or PNG without the extra
            raise UsageError(str(exc)) from None
    run = Outcome(args)
    for index, source, entry in run.puzzles():
        board = entry.board
        result = solve(board, args.backend, limit=args.limit, time_limit=args.time_limit)
        verified = [(s, is_solution(board, s)) for s in result.solutions]
        good = [s for s, ok in verified if ok]
        bad = [s for s, ok in verified if not ok]
        if args.image:
            from .display import image_path, save_image

            save_image(board, image_path(args.image, index), good[0] if good else None)
        status = "invalid-solution" if bad else result.status.value
        run.add(verdict_exit(status))  # 'invalid-solution' is a bug: 3
        if args.json:
            emit({"index": index, "puzzle": board.to_text(), "box": _box(board),
                  "verdict": status, "solution": board.to_text(good[0]) if good else None,
                  "solutions": [board.to_text(s) for s in good],
                  "backends": {args.backend: result.to_dict()}, "error": None})
            continue
        print(f"puzzle {index} ({where(source, entry)}), {board.n}x{board.n}, "
              f"{board.clues} givens: {status} by {args.backend} in {_ms(result.time_s)}")
        for s in good:
            print(board.grid(s))
            print()
        if bad:
            print(f"BUG: {args.backend} returned {len(bad)} non-solution(s): "
                  f"{board.to_text(bad[0])}", file=sys.stderr)
        if not good and result.status.value == "none":
            from .check import clashes

            for clash in clashes(board):
                print(f"  clash: {clash}")
    return run.code


def cmd_check(args) -> int:
    from .batch import run_batch, wants_batch
    from .crosscheck import Verdict, crosscheck

    if wants_batch(args):  # --workers, --out, --resume or --engine: the batch runner
        return run_batch(args)

    backends = _split(args.backends)
    run = Outcome(args)
    for index, source, entry in run.puzzles():
        board = entry.board
        report = crosscheck(board, backends, time_limit=args.time_limit)
        run.add(verdict_exit(report.verdict))
        if report.verdict is Verdict.DISAGREE:
            print(f"DISAGREE on puzzle {index} ({where(source, entry)}): {board.to_text()}",
                  file=sys.stderr)
            for line in report.evidence:
                print(f"  {line}", file=sys.stderr)
        expected = _expected(entry, report)
        if expected == "differs":
            print(f"puzzle {index} ({where(source, entry)}): the solution given in the input "
                  f"differs from the one the backends found", file=sys.stderr)
        if args.json:
            record = {"index": index, "puzzle": board.to_text(), **report.to_dict(), "error": None}
            if expected:
                record["expected_solution"] = expected
            emit(record)
            continue
        timing = ", ".join(f"{name} {r.status.value} in {_ms(r.time_s)}"
                           for name, r in report.results.items())
        print(f"puzzle {index} ({where(source, entry)}), {board.n}x{board.n}, "
              f"{board.clues} givens: {report.verdict.value.upper()}  [{timing}]")
        if report.verdict is Verdict.MULTIPLE:
            print("two solutions, as the witness:")
        for s in report.solutions:
            print(board.grid(s))
            print()
        if report.verdict is not Verdict.DISAGREE:
            for line in report.evidence:
                print(f"  {line}")
        for line in getattr(report, "notes", ()):  # e.g. backends left out on a large board
            print(f"  note: {line}")
    return run.code


def cmd_export(args) -> int:
    from .board import Board, default_box

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
        from .encode.cnf import to_dimacs

        text = to_dimacs(board, encoding=args.encoding)
    else:
        from .encode.minizinc import to_minizinc_data

        try:
            text = to_minizinc_data(board)
        except ValueError as exc:  # e.g. a variant's extra houses: the model has none
            raise UsageError(str(exc)) from None
    if args.output and args.output != "-":
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    return EXIT_OK


# -- helpers ---------------------------------------------------------------------------------
def _expected(entry, report) -> str | None:
    """'match' or 'differs' when the input gave a solution (a CSV solution column)."""
    given = getattr(entry, "solution", None)
    if not given:
        return None
    return "match" if report.solution is not None and tuple(given) == tuple(report.solution) \
        else "differs"


def _report_invalid(args, index: int, source: str, entry) -> None:
    print(error_line(source, entry), file=sys.stderr)
    if args.json:
        emit({"index": index, "puzzle": entry.text, "line": entry.line, "verdict": "invalid",
              "error": entry.error})


def _box(board) -> str:
    return f"{board.box[0]}x{board.box[1]}"


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def _split(text: str | None) -> list[str] | None:
    if not text:
        return None
    return [part.strip() for part in text.split(",") if part.strip()]


def _box_arg(text: str) -> tuple[int, int]:
    try:
        return parse_box(text)
    except PuzzleError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("a time limit must be positive")
    return value


def _positive_int_arg(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return int(text)


def _add_input(p: argparse.ArgumentParser, many: bool = True) -> None:
    p.add_argument("puzzles", nargs="*" if many else "?", metavar="PUZZLE",
                   help="puzzle text (one line, '.' or '0' empty); '-' or none reads stdin")
    p.add_argument("-f", "--file", action="append", metavar="FILE",
                   help="file with one puzzle per line ('#' comments and blank lines skipped)")
    p.add_argument("--box", type=_box_arg, metavar="RxC",
                   help="box shape, e.g. 3x2 (default: square, or the widest box not above sqrt(n) rows)")
    p.add_argument("--max-size", type=_positive_int_arg, default=None, metavar="N",
                   help="largest board side read (default 64); a larger board is an invalid line")


def build_parser() -> argparse.ArgumentParser:
    from . import __version__
    from .backends import BACKENDS, DEFAULT_BACKEND
    from .batch import add_batch_options

    parser = argparse.ArgumentParser(
        prog="sudoku-cp",
        description="Sudoku as a constraint problem: CNF/SAT, all-different CP-SAT and a "
                    "reference backtracker, cross-checked for agreement and uniqueness.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("solve", help="solve puzzles with one backend")
    _add_input(p)
    p.add_argument("--backend", default=DEFAULT_BACKEND, metavar="SPEC",
                   help=f"{'|'.join(BACKENDS)}, or a spec such as sat:glucose4:minimal "
                        f"(default {DEFAULT_BACKEND})")
    p.add_argument("--limit", type=int, default=1, metavar="K", help="show up to K solutions")
    p.add_argument("--time-limit", type=_positive_float, metavar="S", help="seconds per puzzle")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument("--image", metavar="PATH",
                   help="also draw each puzzle and its solution to PATH (.svg, or .png with "
                        "the 'image' extra); '{index}' in PATH numbers several puzzles")
    p.set_defaults(run=cmd_solve)

    p = sub.add_parser("check", help="cross-check backends: agreement and uniqueness")
    _add_input(p)
    p.add_argument("--backends", metavar="LIST",
                   help=f"comma-separated backends or specs (default all: {','.join(BACKENDS)})")
    p.add_argument("--time-limit", type=_positive_float, metavar="S",
                   help="seconds per backend per puzzle")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    add_batch_options(p)
    p.set_defaults(run=cmd_check)

    p = sub.add_parser("export", help="write a puzzle's model as DIMACS CNF or MiniZinc data")
    _add_input(p, many=False)
    p.add_argument("--format", choices=["dimacs", "minizinc"], default="dimacs")
    p.add_argument("--encoding", choices=["minimal", "extended"], default="extended",
                   help="CNF encoding (default extended)")
    p.add_argument("--empty", action="store_true", help="export the empty board (with --box or --size)")
    p.add_argument("--size", type=int, metavar="N", help="board side for --empty")
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    p.set_defaults(run=cmd_export)

    for module in PLUGINS:  # commands that live beside their feature (generate, grade, bench)
        try:
            mod = import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        mod.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    from .backends import MissingDependencyError, UnknownBackendError

    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "puzzles", None) is not None and not isinstance(args.puzzles, list):
        args.puzzles = [args.puzzles]
    try:
        return args.run(args)
    except (UsageError, PuzzleError, UnknownBackendError, MissingDependencyError, OSError) as exc:
        print(f"sudoku-cp: error: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("sudoku-cp: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. piped into head
        return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
