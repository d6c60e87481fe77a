"""Variant puzzles on the command line: ``check``, ``solve`` and ``export`` dispatch here
when the input is a variant format (f-puzzles, ISS string, JSON) or ``--variant`` is given.

Same verdicts, exit codes and ``--json`` records as for classic puzzles. A puzzle that
cannot be read, or that uses a constraint the project does not support, is an
``invalid`` record whose ``error`` is one line (``unsupported constraint NAME``); the
other puzzles go on and the exit code is 2.
"""

from __future__ import annotations

import json
import sys
from collections import Counter

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


def refuse_classic_options(args) -> None:
    """Refuse, before any work, an option that means nothing for a variant puzzle (each
    was ignored without a word, and ``check --certify DIR --out R`` ended in a traceback)."""
    if getattr(args, "certify", None):
        raise UsageError("--certify writes certificates for classic puzzles; a variant puzzle "
                         "has none yet")
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


def _where(source, line):
    return "argument" if source == "<argument>" or line is None else f"{source}:{line}"


#: The classic backends and why they take no variant puzzle.
DECLINED = {
    "dlx": "sums, orderings and differences are not exact-cover constraints",
    "backtrack": "its candidate tables know houses only",
    "asp": "no variant encoding written for it yet",
}


def _paradigms(args):
    from ..variants.paradigms import ALL_PARADIGMS as PARADIGMS

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


def cmd_check(args) -> int:
    """``check`` over variant puzzles in this process: one verdict per puzzle, printed or
    as JSON lines (a batch, ``--out``/``--workers``, goes through ``cli.check.cmd_batch``
    with ``batch_source``: the same results file, lock and resume as classic puzzles)."""
    from ..pipeline import check_entry

    paradigms = _paradigms(args)
    if args.format == "csv" and not args.json:
        raise UsageError("--format csv is for classic puzzles; a variant check writes grid, "
                         "line or json")
    as_json = args.json or args.format == "json"
    show = _show_line if args.format == "line" and not as_json else _show
    counts, code = Counter(), EXIT_OK
    for index, (source, entry) in enumerate(_sourced(args), 1):
        rec = check_entry(entry, paradigms, source=source, index=index,
                          time_limit=args.time_limit).record
        counts[rec["verdict"]] += 1
        code = worst(code, verdict_exit(rec["verdict"]))
        if rec["verdict"] in ("invalid", "error"):
            print(f"{_where(rec['source'], rec['line'])}: {rec['error']}", file=sys.stderr)
        if as_json:
            emit(rec)
        elif not args.quiet:
            show(rec)
    summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    print(f"{sum(counts.values())} variant puzzle(s): {summary or 'none'}", file=sys.stderr)
    return code


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


def _show_line(rec) -> None:
    """One tab-separated line: where, verdict, the solution (values joined) or the error."""
    sol = rec["solution"]
    text = rec["error"] or ("" if sol is None else
                            ("".join(map(str, sol)) if max(sol) < 10 else ",".join(map(str, sol))))
    print(f"{_where(rec['source'], rec['line'])}\t{rec['id'] or ''}\t{rec['verdict']}\t{text}")


def _grid(values, size) -> str:
    width = max(len(str(v)) for v in values)
    return "\n".join(" ".join(str(v).rjust(width) for v in values[r * size:(r + 1) * size])
                     for r in range(size))


def _show(rec) -> None:
    where = _where(rec["source"], rec["line"])
    name = f" {rec['id']}" if rec["id"] else ""
    if rec["verdict"] in ("invalid", "error"):
        print(f"puzzle {rec['index']}{name} ({where}): {rec['verdict']}: {rec['error']}")
        return
    ran = ", ".join(f"{k} {v * 1000:.1f} ms" for k, v in rec["times"].items())
    print(f"puzzle {rec['index']}{name} ({where}), {rec['size']}x{rec['size']}: "
          f"{rec['verdict']} (ran {ran})")
    for k, why in rec["not_run"].items():
        print(f"  {k} not run: {why}")
    for line in rec["evidence"] + rec["notes"]:
        print(f"  {line}")
    if rec["candidates"]:
        _show_candidates(rec)
    elif rec["solution"]:
        print(_grid(rec["solution"], rec["size"]))
    print()


def _show_candidates(rec) -> None:
    cand = rec["candidates"]
    n = rec["size"]
    cells = ["".join(sorted(c, key=int)) if all(len(v) == 1 for v in c) else ",".join(sorted(c, key=int))
             for c in cand["candidates"]]
    width = max(len(c) for c in cells) or 1
    print(f"candidates (values some solution gives each cell; counts up to {cand['cap']}"
          f"{'' if cand['complete'] else ', stopped by the time limit'}):")
    for r in range(n):
        print(" ".join((c or "-").ljust(width) for c in cells[r * n:(r + 1) * n]))
    many = [(i, v, k) for i, c in enumerate(cand["candidates"]) for v, k in c.items() if len(c) > 1]
    for i, v, k in many[:20]:
        more = "+" if k >= cand["cap"] else ""
        print(f"  R{i // n + 1}C{i % n + 1}={v}: {k}{more} solution(s)")


def cmd_solve(args) -> int:
    """``solve`` over variant puzzles with one paradigm (``--backend sat|cpsat|witness``)."""
    from ..variants.paradigms import UnsupportedConstraint, get_paradigm
    from ..variants.rules import check_solution

    name = _solve_paradigm(args.backend)
    solve = get_paradigm(name)
    limit = args.limit if args.limit is not None else (sys.maxsize if args.count else 1)
    code = EXIT_OK
    for index, source, line, entry in read_entries(args):
        rec = _base(index, source, line, entry)
        if entry.error:
            rec.update(verdict="invalid", error=entry.error)
            print(f"{_where(source, line)}: {entry.error}", file=sys.stderr)
        else:
            from ..errors import SudokuCpError

            try:
                result = solve(entry.puzzle, limit=limit, time_limit=args.time_limit)
            except SudokuCpError as exc:
                if isinstance(exc, UnsupportedConstraint):  # (in the names the setter typed)
                    exc = exc.spoken(entry.names)
                rec.update(verdict="invalid", error=str(exc))
                print(f"{_where(source, line)}: {exc}", file=sys.stderr)
                result = None
            except Exception as exc:  # a bug in the paradigm: this puzzle's record says it
                from ..variants.crosscheck import first_line

                rec.update(verdict="error", error=f"{name} raised {type(exc).__name__}: "
                                                  f"{first_line(exc)}")
                print(f"{_where(source, line)}: {rec['error']}", file=sys.stderr)
                result = None
            if result is not None:
                bad = [s for s in result.solutions if check_solution(entry.puzzle, s)]
                good = [list(s) for s in result.solutions if not check_solution(entry.puzzle, s)]
                if bad:
                    verdict = "disagree"
                elif result.status == "timeout" and not good:
                    verdict = "unknown"
                else:
                    verdict = "solved" if good else "none"
                rec.update(verdict=verdict, ran=[name], count=len(good),
                           exhausted=result.exhausted, time_s=round(result.time, 6),
                           times={name: round(result.time, 6)},
                           solution=good[0] if good else None,
                           solutions=[] if args.count else good, size=entry.puzzle.size)
        code = worst(code, verdict_exit(rec["verdict"]))
        if args.json:
            count, exhausted = rec.pop("count", None), rec.pop("exhausted", None)
            out = record(**rec)
            out.update(count=count, exhausted=exhausted)  # solve adds how many and whether all
            emit(out)
        elif rec["verdict"] not in ("invalid", "error"):
            words = _count_words(rec, limit)
            print(f"puzzle {index} ({_where(source, line)}), {rec['size']}x{rec['size']}: "
                  f"{rec['verdict']} by {name} in {rec['time_s'] * 1000:.1f} ms: {words}")
            for note in rec["notes"]:  # (cosmetic elements skipped, as check says)
                print(f"  {note}")
            if not args.count:
                for s in rec["solutions"]:
                    print(_grid(s, rec["size"]))
                    print()
    return code


def _solve_paradigm(spec: str) -> str:
    """The variant paradigm ``solve --backend SPEC`` names; a classic backend that takes no
    variant puzzle, a solver spec or an unknown name is refused before any work (they
    were all replaced by ``sat`` without a word)."""
    from ..variants.paradigms import ALL_PARADIGMS

    if spec in ALL_PARADIGMS:
        return spec
    name = spec.split(":", 1)[0]
    choose = f"variant paradigms: {', '.join(ALL_PARADIGMS)}"
    if name in DECLINED:
        raise UsageError(f"{name} declines variant puzzles: {DECLINED[name]}; {choose}")
    if name in ALL_PARADIGMS:
        raise UsageError(f"--backend {spec}: a variant paradigm takes no solver spec; {choose}")
    raise UsageError(f"unknown variant paradigm {spec!r}; {choose}")


def _count_words(rec, limit) -> str:
    k = rec["count"]
    words = f"{k} solution{'s' if k != 1 else ''}"
    if rec["exhausted"]:
        return words + " (the search was exhaustive)"
    if k >= limit:
        return words + f" (stopped at --limit {limit}: there may be more)"
    return words + " (stopped by the time limit: there may be more)"


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
        raise PuzzleError(f"{_where(source, line)}: {entry.error}")
    text = (write_fpuzzles(entry.puzzle) if args.format == "fpuzzles" else entry.puzzle.to_json()) + "\n"
    write_text(args.output, text, force=args.force)
    if entry.ignored:  # drawn only, never a rule: not carried over, and said so
        print(f"sudoku-cp: note: cosmetic f-puzzles element(s) not exported: "
              f"{', '.join(entry.ignored)}", file=sys.stderr)
    return EXIT_OK
