"""Variant puzzles on the command line: ``check``, ``solve`` and ``export`` dispatch here
when the input is a variant format (f-puzzles, ISS string, JSON) or ``--variant`` is given.

What differs from classic puzzles is the reading of the input and the paradigms; the
rest is shared: ``check`` runs them through its own loop and printers (``cli.check``),
``solve`` says its outcome in ``cli.show``'s words, with the same verdicts, exit codes
and labels. A puzzle that cannot be read, or that uses a constraint the project does not
support, is an ``invalid`` record whose ``error`` is one line (``unsupported constraint
NAME``), said once on standard error; the other puzzles go on and the exit code is 2.
"""

from __future__ import annotations

import json
import sys

from .common import (EXIT_OK, UsageError, emit, find_data, positive_int,
                     split_list, verdict_exit, worst)


def add_options(p, command: str) -> None:
    """The variant options of ``command`` (cheap: imports nothing heavy)."""
    g = p.add_argument_group("variant puzzles (f-puzzles, ISS strings, JSON: detected; "
                             "docs/variants.md)")
    g.add_argument("--variant", action="store_true",
                   help="read every puzzle as a variant puzzle (also plain grid lines)")
    if command == "check":
        g.add_argument("--candidates", action="store_true",
                       help="for each cell, the values some solution gives it, with the "
                            "count of solutions using each up to --cap")
        g.add_argument("--cap", type=positive_int, metavar="K",
                       help="count solutions per candidate up to K (default 2)")
        g.add_argument("--first", action="store_true",
                       help="the first verdict two paradigms agree on; the paradigms still "
                            "searching are cancelled (the record names them)")


def wanted(args) -> bool:
    """True when the input holds a variant puzzle (or ``--variant``/``--candidates`` ask)."""
    if getattr(args, "variant", False) or getattr(args, "candidates", None):
        return True
    return _any_variant(args)


def _detect(line: str) -> str | None:
    """The variant format of ``line``, or None for a line the classic reader takes.

    A line that the classic reader splits at its tabs (a spreadsheet row: ``PUZZLE<TAB>
    SOLUTION``, as ``check --format line`` prints it) is classic: joined without its tab,
    a puzzle and its solution read as givens and a jigsaw layout, and the puzzle was
    solved as a jigsaw whose regions are the solution's digits (``none``).

    >>> _detect("1" + "." * 15 + chr(9) + "1234341221434321") is None  # (a tab)
    True
    """
    from ..parse.lines import clean
    from ..variants.formats import detect

    if "\t" in line:
        cleaned = clean(line)  # (tabs become commas where they separate fields)
        if cleaned is None or "\t" not in cleaned and detect(cleaned) is None:
            return None
    return detect(line)


def _any_variant(args) -> bool:
    texts = [t for t in (args.puzzles or []) if t != "-"]
    if isinstance(args.puzzles, str):
        texts = [args.puzzles]
    if any(_detect(t) for t in texts):
        return True
    named = args.puzzles if isinstance(args.puzzles, list) else [args.puzzles] if args.puzzles else []
    if ("-" in named or not (named or args.file)) and any(_detect(t) for t in _stdin_head()):
        return True
    for path in args.file or []:
        try:
            path = find_data(path, getattr(args, "data", None))
            with open(path, encoding="utf-8-sig", errors="replace") as f:
                head = [line for _, line in zip(range(50), f)]
        except (OSError, UsageError):
            continue
        if any(_detect(line) for line in head if line.strip() and not line.startswith("#")):
            return True
    return False


def _batch(args) -> bool:
    """The batch options of ``check`` (``check.wants_batch``; command modules do not
    import each other)."""
    return any(getattr(args, name, None) for name in ("workers", "out", "engine", "resume"))


def refuse_classic_options(args) -> None:
    """Refuse, before any work, an option that means nothing for a variant puzzle (each
    was ignored without a word)."""
    if getattr(args, "first", False) and _batch(args):
        raise UsageError("--first runs one puzzle's paradigms at once in this process: drop "
                         "--workers, --out, --resume and --engine")
    if getattr(args, "image", None):
        raise UsageError("--image draws classic puzzles; a variant puzzle's picture comes from "
                         "the gui or sudoku_cp.variants.picture.to_svg")
    if getattr(args, "box", None):
        raise UsageError("--box sets the boxes of classic puzzles; a variant puzzle carries its "
                         "own (ISS Shape~ and Jigsaw~, the f-puzzles size and regions, the JSON box)")


def read_entries(args):
    """``(index, source, line, entry)`` for every puzzle of the input, bad ones included."""
    from ..variants.formats import read_entry

    index = arguments = 0
    texts = args.puzzles if isinstance(args.puzzles, list) else [args.puzzles] if args.puzzles else []
    if not texts and not args.file:
        texts = ["-"]
    for text in texts:
        if text == "-":
            from ..parse.stream import stdin_lines

            lines = stdin_lines().read().splitlines()
            for n, line in _lines(lines):
                index += 1
                yield index, "<stdin>", n, _at(read_entry(line), n)
        else:
            index += 1
            arguments += 1  # (each argument is one puzzle: its number stands for its line)
            yield index, "<argument>", arguments, _at(read_entry(text), arguments)
    for path in args.file or []:
        path = find_data(path, getattr(args, "data", None))
        try:  # a BOM is dropped; a line that is not UTF-8 is that line's error, not the file's
            with open(path, encoding="utf-8-sig", errors="surrogateescape") as f:
                content = f.read()
        except OSError as exc:
            raise UsageError(f"{path}: {getattr(exc, 'strerror', None) or exc}") from None
        for n, line in _lines(_split_json(content)):
            index += 1
            yield index, path, n, _at(read_entry(line), n)
    if not index:  # as for classic puzzles: an empty input is a mistake, not a clean run
        raise UsageError("no puzzle in the input: give PUZZLE arguments, -f FILE, or "
                         "puzzles on standard input")


def _stdin_head() -> list[str]:
    """The first lines waiting on standard input, peeked at and left there for the reader
    (none from a terminal, or from a stream that cannot be peeked at)."""
    stdin = sys.stdin
    buf = getattr(stdin, "buffer", None)
    try:
        if buf is None or stdin.isatty():
            return []
        if hasattr(buf, "peek"):
            data = buf.peek(1 << 16)
        elif buf.seekable():
            at = buf.tell()
            data = buf.read(1 << 16)
            buf.seek(at)
        else:
            return []
    except (OSError, ValueError):
        return []
    lines = data.decode("utf-8-sig", "replace").splitlines()[:50]
    return [line for line in lines if line.strip() and not line.lstrip().startswith("#")]


def _at(entry, line: int):
    entry.line = line
    return entry


def _split_json(content: str) -> list[str]:
    """A file's lines; a file that is one JSON document (an object or a list) as its items."""
    stripped = content.strip()
    if stripped[:1] in "[{" and "\n" in stripped:
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError:
            if _is_json(stripped.splitlines()[0]):
                return content.splitlines()  # JSON lines, some of them bad: each its own error
            return [content]  # one document spread over lines, broken: one error, with where
        items = data if isinstance(data, list) else [data]
        return [json.dumps(item) for item in items]
    return content.splitlines()


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except json.JSONDecodeError:
        return False
    return True


def _lines(lines):
    for n, line in enumerate(lines, 1):
        if line.strip() and not line.lstrip().startswith("#"):
            yield n, line


def open_pool(args):
    """The worker processes that run a check's paradigms at once, reused from puzzle to
    puzzle (``variants.parallel``; None where there is no fork: they run in turn). The
    caller closes it. A check of one puzzle given as an argument is a one-off: its
    default check leaves ``fast`` out (``parallel.ONE_OFF`` says why)."""
    from ..variants.parallel import Pool, available

    if not available():
        if args.first:
            raise UsageError("--first runs the paradigms at once, which needs fork "
                             "(Linux or macOS)")
        return None
    return Pool(first=args.first, one_off=one_off(args)).__enter__().start(_paradigms(args))


def one_off(args) -> bool:
    """True when the command line names exactly one puzzle and no file (nor stdin).

    >>> from argparse import Namespace as N
    >>> one_off(N(puzzles=["P"], file=None)), one_off(N(puzzles=["P", "Q"], file=None))
    (True, False)
    >>> one_off(N(puzzles=["-"], file=None)), one_off(N(puzzles=[], file=["f.txt"]))
    (False, False)
    """
    puzzles = args.puzzles if isinstance(args.puzzles, list) else [args.puzzles]
    return len(puzzles) == 1 and puzzles[0] not in (None, "-") and not args.file


def _paradigms(args):
    from ..variants.paradigms import ALL_PARADIGMS as PARADIGMS, CLASSIC_ONLY as DECLINED

    names = split_list(getattr(args, "backends", None))
    for name in names or ():
        if name in DECLINED:
            raise UsageError(f"{name} declines variant puzzles: {DECLINED[name]}; variant "
                             f"paradigms: {', '.join(PARADIGMS)}")
        if name not in PARADIGMS:
            raise UsageError(f"unknown variant paradigm {name!r}; choose from {', '.join(PARADIGMS)}")
    return names


def _base(index, source, line, entry):
    from ..variants.records import base

    return base(index, source, line, entry)


def record(**fields) -> dict:
    from ..variants.records import record as make

    return make(**fields)


def check_source(args):
    """What ``check`` runs on, one puzzle at a time (``cli.check.cmd_check``, the loop
    classic puzzles go through too): ``(source, entry)`` pairs, read as the loop goes,
    and the paradigms, checked now."""
    return _sourced(args), _paradigms(args)


def batch_source(args):
    """What a batch of variant puzzles runs on: ``(entries, paradigms, default paradigms)``
    for ``cli.check.cmd_batch``."""
    from ..variants.crosscheck import DEFAULT_PARADIGMS

    return _sourced(args), _paradigms(args), DEFAULT_PARADIGMS


def _sourced(args):
    """``(source, entry)`` for every puzzle, each entry knowing its line and the
    candidates cap (``--candidates``)."""
    cap = (args.cap or 2) if getattr(args, "candidates", False) else None
    for _, source, line, entry in read_entries(args):
        entry.cap = cap
        yield source, entry


def view(rec, report, puzzle, asked=None):
    """What ``check``'s printer needs of a variant puzzle, as it has of a board: ``(size,
    givens, [(paradigm, status, seconds)], grid, cell name, notes)``. A paradigm that did
    not run is a note only when ``asked`` names it (None: every one, ``--verbose``)."""
    ran = [(name, _status(r), r.time) for name, r in report.results.items()]
    skipped = [f"{name} not run: {why}" for name, why in rec["not_run"].items()
               if asked is None or name in asked]
    skipped += [f"{name} cancelled: two paradigms agreed first (--first)"
                for name in rec.get("cancelled") or ()]
    return (puzzle.shape_name, len(puzzle.givens), ran, lambda s: _grid(s, puzzle.cols, puzzle.extra),
            puzzle.cell_name, rec["notes"] + skipped)


def _status(result) -> str:
    """A paradigm's answer in the words a classic backend's status uses."""
    if result.solutions:
        return "solved"
    return "none" if result.exhausted else "unknown"


def _grid(values, cols, extra=()) -> str:
    """The values a row of ``cols`` per line; the extra cells' (ISS's Var) after, by name."""
    grid = values[:len(values) - len(extra)]
    width = max(len(str(v)) for v in grid)
    lines = [" ".join(str(v).rjust(width) for v in grid[r:r + cols]) for r in range(0, len(grid), cols)]
    if extra:
        lines.append("extra cells: " + " ".join(f"{name}={v}" for name, v in zip(extra, values[len(grid):])))
    return "\n".join(lines)


def show_candidates(rec, puzzle=None) -> None:
    """``check --candidates``: the values some solution gives each cell, and the counts
    (the grid's cells, a row a line, then any extra cell of ``puzzle`` on its own line)."""
    cand = rec["candidates"]
    extra = puzzle.extra if puzzle is not None else ()
    n = (len(cand["candidates"]) - len(extra)) // rec["size"]  # the columns (size is the rows)
    cells = ["".join(sorted(c, key=int)) if all(len(v) == 1 for v in c) else ",".join(sorted(c, key=int))
             for c in cand["candidates"]]
    width = max(len(c) for c in cells) or 1
    print(f"candidates (values some solution gives each cell; counts up to {cand['cap']}"
          f"{'' if cand['complete'] else ', stopped by the time limit'}):")
    grid, rest = cells[:len(cells) - len(extra)], cells[len(cells) - len(extra):]
    for r in range(0, len(grid), n):
        print(" ".join((c or "-").ljust(width) for c in grid[r:r + n]))
    if extra:
        print("extra cells: " + " ".join(f"{name}={c or '-'}" for name, c in zip(extra, rest)))
    many = [(i, v, k) for i, c in enumerate(cand["candidates"]) for v, k in c.items() if len(c) > 1]
    for i, v, k in many[:20]:
        more = "+" if k >= cand["cap"] else ""
        name = puzzle.cell_name(i) if puzzle is not None else f"R{i // n + 1}C{i % n + 1}"
        print(f"  {name}={v}: {k}{more} solution(s)")


def cmd_solve(args) -> int:
    """``solve`` over variant puzzles with one paradigm (``--backend sat|cpsat|witness``),
    said as ``solve`` says it of a board (``cli.show``): the same line, the same words
    for the count, ``unknown`` (exit 4) for a count the time limit cut short."""
    from ..errors import SudokuCpError
    from ..variants.crosscheck import first_line
    from ..variants.paradigms import UnsupportedConstraint, get_paradigm
    from ..variants.rules import check_solution, clashes
    from ..variants.tally import Tally
    from .show import count_text, cut_short, found, place, solve_line

    name = _solve_paradigm(args.backend)
    solve = get_paradigm(name)
    limit = args.limit if args.limit is not None else (sys.maxsize if args.count else 1)
    code = EXIT_OK
    for index, source, line, entry in read_entries(args):
        rec, result = _base(index, source, line, entry), None
        if entry.error:
            rec.update(verdict="invalid", error=entry.error)
        else:
            tally = Tally(entry.puzzle) if args.count else None  # counted, not kept
            try:
                result = solve(entry.puzzle, limit=limit, time_limit=args.time_limit,
                               **({"into": tally} if tally is not None else {}))
            except SudokuCpError as exc:  # e.g. a paradigm named by the user that declines
                if isinstance(exc, UnsupportedConstraint):  # (in the names the setter typed)
                    exc = exc.spoken(entry.names)
                rec.update(verdict="invalid", error=str(exc))
            except Exception as exc:  # a bug in the paradigm: this puzzle's record says it
                rec.update(verdict="error", error=f"{name} raised {type(exc).__name__}: "
                                                  f"{first_line(exc)}")
        if result is not None and tally is not None:  # (checked as they came)
            bad, good, ngood = [b for b, _ in tally.bad], [list(s) for s in tally.kept], tally.valid
        elif result is not None:
            bad = [s for s in result.solutions if check_solution(entry.puzzle, s)]
            good = [list(s) for s in result.solutions if not check_solution(entry.puzzle, s)]
            ngood = len(good)
        if result is not None:
            # a count the time limit cut short settles nothing: "unknown", as for a board
            timed_out = bool(args.count and cut_short(ngood, result.exhausted, limit))
            verdict = ("disagree" if bad else "unknown" if timed_out else "solved" if good
                       else "none" if result.exhausted else "unknown")
            rec.update(verdict=verdict, backends={name: result.to_dict(claim=False)},
                       time_s=round(result.time, 6), solution=good[0] if good else None,
                       solutions=[] if args.count else good,
                       evidence=[f"{name} returned a non-solution: {check_solution(entry.puzzle, bad[0])[0]}"]
                       if bad else clashes(entry.puzzle) if verdict == "none" else [])
        code = worst(code, verdict_exit(rec["verdict"]))
        if rec["verdict"] in ("invalid", "error"):  # one line on stderr, as for a board
            print(f"{place(source, line)}: {rec['error']}", file=sys.stderr)
        if args.json:
            out = record(**rec)
            if result is not None:  # solve adds how many and whether all, as for a board
                out.update(count=count_text(ngood, result.exhausted, limit),
                           exhausted=result.exhausted)
                if args.count:
                    out["count_is"] = ("lower bound" if timed_out else "exact"
                                       if result.exhausted else "capped by --limit")
            else:
                out.update(count=None, exhausted=None)
            emit(out)
            continue
        if result is None:
            continue
        if bad:
            print(f"BUG: {name} returned {len(bad)} non-solution(s): {rec['evidence'][0]}",
                  file=sys.stderr)
        print(solve_line(index, place(source, line), entry.puzzle.shape_name,
                         len(entry.puzzle.givens), rec["verdict"], name, result.time,
                         found(ngood, result.exhausted, limit, counting=args.count)))
        for note in rec["notes"]:  # (cosmetic elements skipped, as check says)
            print(f"  note: {note}")
        if not args.count:
            for k, s in enumerate(good, 1):
                if len(good) > 1:
                    print(f"solution {k}:")
                print(_grid(s, entry.puzzle.cols, entry.puzzle.extra))
                print()
        if verdict == "none":
            for clash in rec["evidence"]:
                print(f"  clash: {clash}")
    return code


def _solve_paradigm(spec: str) -> str:
    """The variant paradigm ``solve --backend SPEC`` names; a classic backend that takes no
    variant puzzle, a solver spec or an unknown name is refused before any work (they
    were all replaced by ``sat`` without a word)."""
    from ..variants.paradigms import ALL_PARADIGMS, CLASSIC_ONLY as DECLINED

    if spec in ALL_PARADIGMS:
        return spec
    name = spec.split(":", 1)[0]
    choose = f"variant paradigms: {', '.join(ALL_PARADIGMS)}"
    if name in DECLINED:
        raise UsageError(f"{name} declines variant puzzles: {DECLINED[name]}; {choose}")
    if name in ALL_PARADIGMS:
        raise UsageError(f"--backend {spec}: a variant paradigm takes no solver spec; {choose}")
    raise UsageError(f"unknown variant paradigm {spec!r}; {choose}")


#: ``export`` formats for variant puzzles.
EXPORT_FORMATS = ("fpuzzles", "variant-json")


def cmd_export(args) -> int:
    """``export --format fpuzzles|variant-json`` of one variant puzzle; a rule the format
    cannot carry is refused by name (exit 2)."""
    from ..errors import PuzzleError
    from ..variants.fpuzzles import write_fpuzzles
    from .output import write_text

    if args.format not in EXPORT_FORMATS:
        raise UsageError(f"--format {args.format} takes a classic puzzle; a variant puzzle "
                         f"exports as {' or '.join(EXPORT_FORMATS)}")
    found = list(read_entries(args))
    if len(found) != 1:
        raise UsageError(f"export takes one puzzle, got {len(found)}")
    index, source, line, entry = found[0]
    if entry.error:
        from .show import place

        raise PuzzleError(f"{place(source, line)}: {entry.error}")
    text = (write_fpuzzles(entry.puzzle) if args.format == "fpuzzles" else entry.puzzle.to_json()) + "\n"
    write_text(args.output, text, force=args.force)
    if entry.ignored:  # drawn only, never a rule: not carried over, and said so
        print(f"sudoku-cp: note: cosmetic f-puzzles element(s) not exported: "
              f"{', '.join(entry.ignored)}", file=sys.stderr)
    return EXIT_OK
