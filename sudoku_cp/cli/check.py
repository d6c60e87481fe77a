"""``sudoku-cp check``: cross-check backends on puzzles, one at a time or as a batch.

Without batch options each puzzle is checked in this process and printed. Any of
``--workers``, ``--out``, ``--resume`` or ``--engine`` runs the batch engine
(``sudoku_cp.batch``): parallel workers, one JSON line per puzzle, resumable.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter

from .output import add_force, check_output

from .common import (EXIT_OK, UsageError, add_input, check_scheduler, emit, entries,
                     error_line, positive_float, positive_int, verdict_exit, where, worst)
from .show import check_line, evidence, place


def register(sub) -> None:
    """Add the ``check`` command to the CLI's subparsers (imports nothing heavy)."""
    from ..backends import BACKENDS, DEFAULT_CHECK

    p = sub.add_parser("check", help="cross-check backends: agreement and uniqueness")
    add_input(p)
    p.add_argument("--backends", metavar="LIST",
                   help=f"comma-separated backends or specs of {','.join(BACKENDS)} "
                        f"(default {','.join(DEFAULT_CHECK)})")
    p.add_argument("--time-limit", type=positive_float, metavar="S",
                   help="seconds per backend per puzzle")
    p.add_argument("--format", choices=FORMATS,
                   help="grid: the verdict and the solution drawn (default); line: one line "
                        "per puzzle (puzzle, verdict, solution, tab-separated); csv; json: one object per "
                        "puzzle (docs/json.md)")
    p.add_argument("--json", action="store_true", help="the same as --format json")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="print no result per puzzle: problems and the summary only (stderr)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="also say which variant paradigms did not run on a puzzle, and why "
                        "(without it, only those named in --backends)")
    add_batch_options(p)
    from .certificates import add_certify_options

    add_certify_options(p.add_argument_group("certificates"), with_dir=True)

    from .variant import add_options as add_variant_options

    add_variant_options(p, "check")
    p.set_defaults(run=cmd_check)


def add_batch_options(parser: argparse.ArgumentParser) -> None:
    """Add the batch options to the ``check`` parser (cheap: imports nothing heavy)."""
    g = parser.add_argument_group("batch (parallel, resumable; any of --workers, --out, "
                                  "--engine turns it on)")
    g.add_argument("--workers", type=positive_int, metavar="N",
                   help="worker processes (default: the CPU count, also the most allowed "
                        "unless --force)")
    g.add_argument("--out", metavar="RESULTS.jsonl",
                   help="write one JSON line per puzzle here (default, or '-': stdout)")
    g.add_argument("--resume", action="store_true",
                   help="skip the puzzles already in --out and append the rest")
    from ..batch import ENGINES

    g.add_argument("--engine", choices=ENGINES,
                   help="local processes (default) or a Dask cluster")
    g.add_argument("--scheduler", metavar="ADDRESS",
                   help="Dask scheduler, e.g. tcp://127.0.0.1:8786 (default: a local "
                        "cluster of --workers processes)")
    g.add_argument("--chunk-size", type=positive_int, metavar="K",
                   help="puzzles per task sent to a worker (default 32; 1000 when "
                        "--backends is fast alone)")
    g.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: when stderr is a terminal)")
    add_force(g)


def wants_batch(args) -> bool:
    """True when the command line asks for a batch run."""
    return any(getattr(args, name, None) for name in ("workers", "out", "engine", "resume"))


# -- one puzzle at a time ----------------------------------------------------------------------
#: Output formats of ``check``: a readable grid per puzzle, one line per puzzle, CSV, JSON.
FORMATS = ("grid", "line", "csv", "json")
CSV_COLUMNS = ("index", "source", "line", "verdict", "puzzle", "solution", "time_s", "error")


def cmd_check(args) -> int:
    """Check each puzzle in this process and print it in ``--format``; a summary closes.
    Classic and variant puzzles go through the same loop and the same printers: only
    the reading of the input and the backends (variant paradigms) differ."""
    from ..backends import resolve
    from ..pipeline import check_entry
    from .certificates import certifier_for, said

    from . import variant

    if args.out == "-":  # standard output, as for generate -o - and export -o - (a file
        from ..batch import ENGINES  # named '-' was written): still a batch

        args.out, args.engine = None, args.engine or ENGINES[0]
    if args.scheduler and args.engine != "dask":  # would be ignored by the local engine
        raise UsageError("--scheduler needs --engine dask (the local engine has no scheduler)")
    if args.chunk_size and not wants_batch(args):
        raise UsageError("--chunk-size applies to a batch only (--workers, --out or --engine)")
    refuse_idle_options(args)
    variants = variant.wanted(args)  # f-puzzles, ISS or JSON variant puzzles
    if args.first and not variants:
        raise UsageError("--first is for variant puzzles (a classic check's backends run in turn)")
    if variants:
        variant.refuse_classic_options(args)
        if args.format == "csv":
            raise UsageError("--format csv is for classic puzzles; a variant check writes "
                             "grid, line or json")
    if wants_batch(args):  # --workers, --out, --resume or --engine: the batch runner
        return cmd_batch(args, variant.batch_source(args) if variants else None)
    fmt = "json" if args.json else args.format or "grid"
    show = _printer(fmt, args.quiet, _asked(args))
    bar = _progress_bar(args)
    if variants:  # read as the loop goes; the paradigms checked before the first puzzle
        puzzles, backends = variant.check_source(args)
    else:
        puzzles = entries(args, variants=True)  # (read as the loop goes)
        backends = resolve(args.backends, args.time_limit)  # before the first puzzle is read
    certifier = certifier_for(args)  # holds the directory's lock until the end below
    say = bar.write if bar is not None else (lambda t: print(t, file=sys.stderr))
    counts: Counter = Counter()
    code = EXIT_OK
    start = time.perf_counter()
    pool = variant.open_pool(args) if variants else None  # the paradigms at once, warm
    try:
        for index, (source, entry) in enumerate(puzzles, 1):
            checked = check_entry(entry, backends, source=source, index=index,
                                  time_limit=args.time_limit)
            rec, verdict = checked.record, checked.verdict
            if entry.error:
                say(error_line(source, entry))
            elif verdict == "invalid":  # read, but refused by the check (a variant line
                say(f"{where(source, entry)}: {rec['error']}")  # no backend named takes)
            else:
                if certifier:  # --certify DIR: a certificate for the verdict
                    code = worst(code, said(certifier.checked(checked, entry)))
                if verdict in ("disagree", "mismatch", "error"):
                    say(f"{verdict.upper()} on puzzle {index} ({where(source, entry)}): "
                        f"{rec.get('puzzle') or entry.text}")
                    for line in rec["evidence"] or [rec["error"]]:
                        say(f"  {line}")
            counts[verdict] += 1
            code = worst(code, verdict_exit(verdict))
            show(rec, checked.report, entry)
            if bar is not None:
                bar.update(1)
    except KeyboardInterrupt:
        close_bar(bar)
        if counts:
            from ..batch import summarize, summary_line

            summary = summarize(counts, Counter(), 0, time.perf_counter() - start)
            print(summary_line(summary, "check") + " (interrupted)", file=sys.stderr)
        raise
    finally:
        close_bar(bar)
        if certifier:
            certifier.close()
        if pool is not None:
            pool.close()
    if sum(counts.values()) > 1 or args.quiet:  # one puzzle: its result says it all
        from ..batch import summarize, summary_line

        summary = summarize(counts, Counter(), 0, time.perf_counter() - start)
        print(summary_line(summary, "check"), file=sys.stderr)
    return code


def _asked(args) -> set[str] | None:
    """The variant paradigms whose ``not_run`` a check shows: all with ``--verbose``, else
    those the user named in ``--backends`` (a paradigm that declined a puzzle, unasked,
    is noise to a setter)."""
    from .common import split_list

    if getattr(args, "verbose", False):
        return None
    return {spec.split(":", 1)[0] for spec in split_list(args.backends) or ()}


def refuse_idle_options(args) -> None:
    """Refuse by name an option that would do nothing with the others given (each was
    ignored without a word: a batch printed its JSON records whatever ``--format``)."""
    if wants_batch(args):
        if args.format not in (None, "json"):
            raise UsageError(f"--format {args.format} applies to a check without a batch; a "
                             "batch (--workers, --out, --engine) writes one JSON record per "
                             "puzzle (docs/json.md)")
        if args.quiet and not args.out:
            raise UsageError("-q: a batch without --out prints its records on standard "
                             "output; give --out RESULTS.jsonl to print only the summary")
    if not args.certify:
        for name, value in (("--checker", args.checker), ("--proof-solver", args.proof_solver)):
            if value is not None:
                raise UsageError(f"{name} goes with --certify DIR (it checks or writes "
                                 "the certificates)")
    if args.cap is not None and not args.candidates:
        raise UsageError("--cap goes with --candidates (it caps the count of solutions "
                         "per candidate)")


def close_bar(bar) -> None:
    if bar is not None and not getattr(bar, "disable", False):
        bar.close()


def _printer(fmt: str, quiet: bool, asked: set[str] | None = None):
    """The function that prints one record (with its report and entry) in ``fmt``; -q
    prints none. ``asked``: the paradigms whose ``not_run`` notes are shown (None: all)."""
    if quiet:
        return lambda rec, report, entry: None
    if fmt == "json":
        return lambda rec, report, entry: emit(rec)
    if fmt == "line":
        return lambda rec, report, entry: print(f"{_text(rec, entry)}\t{rec['verdict']}\t"
                                                f"{_values(rec['solution']) or '-'}", flush=True)
    if fmt == "csv":
        import csv

        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        return lambda rec, report, entry: writer.writerow(["" if rec[k] is None else rec[k]
                                                           for k in CSV_COLUMNS])
    return lambda rec, report, entry: _print_grid(rec, report, entry, asked)


def _text(rec: dict, entry) -> str:
    """The puzzle as one line: a classic record's text, a variant puzzle's as given."""
    return rec.get("puzzle") or entry.text


def _values(solution) -> str | None:
    """A solution as one line: a classic record's text, or a variant record's values
    (joined, or between commas when some value has two digits)."""
    if solution is None or isinstance(solution, str):
        return solution
    return ("".join if max(solution) < 10 and min(solution) >= 0 else ",".join)(map(str, solution))


def _print_grid(rec: dict, report, entry, asked: set[str] | None = None) -> None:
    """``--format grid``: the verdict line and the evidence (``show``), the same for a
    board (its cross-check report) and a variant puzzle (``variant.view`` of its report)."""
    if report is None:  # not a puzzle, or a backend raised: already said on stderr
        return
    if report.is_board:  # a classic board
        from ..geometry import cell_name

        board = report.board
        ran = [(name, r.status.value, r.time_s) for name, r in report.results.items()]
        n, givens, grid, name = board.n, board.clues, board.grid, lambda i: cell_name(i, board.n)
        notes = rec.get("notes", ())  # e.g. backends left out on a large board
    else:
        from .variant import view

        n, givens, ran, grid, name, notes = view(rec, report, entry.puzzle, asked)
    print(check_line(rec["index"], place(rec["source"], rec["line"]), n, givens,
                     rec["verdict"], ran))
    if rec.get("candidates"):  # check --candidates: the candidates instead of a grid
        from .variant import show_candidates

        show_candidates(rec, entry.puzzle)
        evidence(rec["verdict"], (), grid, name, rec["evidence"], notes)
        return
    evidence(rec["verdict"], report.solutions, grid, name, rec["evidence"], notes)


# -- the batch ---------------------------------------------------------------------------------
def cmd_batch(args, source=None) -> int:
    """Run ``check`` as a batch (see ``sudoku_cp.batch``); returns the exit code.

    With ``--json`` and ``--out`` the closing summary is also printed on stdout as JSON.
    ``source`` is ``(entries, backends, default backends)`` for puzzles read another way
    (variant puzzles: ``cli.variant.batch_source``).
    """
    return _run_batch(args, _job(args, source))


def _run_batch(args, job) -> int:
    """The batch itself, once the options are checked."""
    from ..batch import BatchRun
    from .certificates import certifying

    # the results file is locked (a second run on it is refused, exit 2) and read back
    # (and refused if it is not this job's) in BatchRun, before anything is written; the
    # certificate directory (--certify DIR) is locked the same way, after it
    with BatchRun(job) as run, certifying(args) as certifier:
        return _go(args, run, certifier)


def _go(args, run, certifier) -> int:
    """Stream the batch, saying each problem and certifying each result as it comes."""
    from ..batch import summary_line
    from .certificates import said

    bar = _progress_bar(args)
    if bar is not None and bar.total is not None:  # what the file holds is not counted
        bar.total = max(0, bar.total - run.existing.done.count)
        bar.refresh()
    say = bar.write if bar is not None else (lambda t: print(t, file=sys.stderr))
    code = EXIT_OK
    for verdict in run.before:  # the exit code covers the whole results file
        code = worst(code, verdict_exit(verdict))

    def on_checked(checked) -> None:
        nonlocal code
        verdict = checked.verdict
        code = worst(code, verdict_exit(verdict))
        if certifier:  # --certify DIR: the parent certifies each result as it comes
            code = worst(code, said(certifier.checked(checked)))
        if verdict == "invalid":  # one line per bad puzzle, as without a batch
            rec = checked.record
            say(f"{place(rec['source'], rec['line'])}: {rec['error']}")
        elif verdict in ("disagree", "error", "mismatch"):
            rec = checked.record
            what = rec.get("puzzle") or rec.get("id") or ""  # (a variant record has no puzzle)
            say(f"{verdict.upper()} on puzzle {rec['index']} ({place(rec['source'], rec['line'])}): "
                f"{what}")
            for why in rec.get("evidence") or [rec.get("error")]:
                say(f"  {why}")
        if bar is not None:
            bar.update(1)

    def on_unique(count: int) -> None:  # a chunk's unique puzzles (never with --certify)
        nonlocal code
        code = worst(code, verdict_exit("unique"))
        if bar is not None:
            bar.update(count)

    try:
        run.go(on_checked, on_unique)
    except KeyboardInterrupt:
        print(summary_line(run.summary(), "check") + " (interrupted: --resume continues)",
              file=sys.stderr)
        raise
    finally:
        close_bar(bar)
    if run.failure:
        print(f"sudoku-cp: {run.failure}", file=sys.stderr)
        code = worst(code, verdict_exit(run.failed_verdict))
    summary = run.summary()
    print(summary_line(summary, "check"), file=sys.stderr)
    if args.json and args.out:
        print(json.dumps(summary), flush=True)
    return code


def _job(args, source=None):
    """The batch job the options ask for, every option checked before any work."""
    from ..backends import DEFAULT_CHECK, resolve
    from ..batch import ENGINES, BatchJob, default_chunk_size

    engine = args.engine or ENGINES[0]
    if args.resume and not args.out:
        raise UsageError("--resume needs --out RESULTS.jsonl")
    if args.scheduler and engine != "dask":
        raise UsageError("--scheduler needs --engine dask")
    if args.scheduler:
        check_scheduler(args.scheduler)
    if args.out:
        check_output(args.out, force=args.force, append=args.resume, what="--out",
                     hint="add --resume to continue it, ")
    workers = _workers(args)
    inputs = _input_digests(args)
    backends, defaults = ((resolve(args.backends, args.time_limit), DEFAULT_CHECK)  # (before
                          if source is None else source[1:])  # any worker starts)
    blocks = args.chunk_size or default_chunk_size(backends)  # plain lines a chunk at a time
    puzzles = (entries(args, blocks, variants=True) if source is None  # (read as the run goes)
               else source[0])
    return BatchJob(puzzles, inputs, args.out, args.resume, args.force, backends, defaults,
                    args.time_limit, engine, workers, args.scheduler, args.chunk_size,
                    values=bool(getattr(args, "certify", None)))


def _workers(args) -> int:
    """``--workers``, capped at the CPU count unless ``--force`` (each one loads solvers).
    A forced count above the CPU count is capped at the puzzles the input can hold when
    it is all in files and arguments: every worker starts and loads its solvers before
    the first chunk, so ``--workers 100000 --force`` on one puzzle started processes until
    the machine gave out."""
    cores = os.cpu_count() or 1
    if args.workers is None:
        return cores
    if args.scheduler or args.workers <= cores:  # (a cluster's workers are not ours)
        return args.workers
    if not args.force:
        print(f"sudoku-cp: --workers {args.workers} capped at {cores}, the CPU count "
              f"(--force starts them all)", file=sys.stderr)
        return cores
    puzzles = _most_puzzles(args, args.workers)
    if puzzles < args.workers:
        print(f"sudoku-cp: --workers {args.workers} capped at {max(cores, puzzles)}: the "
              f"input holds {puzzles} puzzle{'s' if puzzles > 1 else ''} at most",
              file=sys.stderr)
    return max(cores, puzzles)


def _most_puzzles(args, cap: int) -> int:
    """``cap``, or fewer when the input is all in files and arguments and holds fewer
    lines that may be puzzles (not blank, not comments); standard input is not read ahead."""
    from ..batch import count_puzzle_lines

    texts = args.puzzles or []
    if "-" in texts or not (texts or args.file):
        return cap
    lines = count_puzzle_lines(args.file or [], cap - len(texts))
    if lines is None:
        return cap  # (a file that cannot be read is said when the input is read)
    return max(1, min(cap, len(texts) + lines))


def _input_digests(args) -> dict:
    """Each input's content digest for the results header (hashed only when there is a
    results file: a batch to standard output writes no header); stdin cannot be resumed."""
    from ..results import digest, digest_text

    inputs = {}
    texts = [t for t in (args.puzzles or []) if t != "-"]
    if texts:
        inputs["<argument>"] = digest_text(texts)
    if "-" in (args.puzzles or []) or not (args.puzzles or args.file):
        if args.resume:
            raise UsageError("--resume needs its input in files (-f FILE) or arguments: "
                             "standard input cannot be read twice")
        inputs["<stdin>"] = {"sha256": "-", "lines": 1 << 62}
    for path in args.file or []:
        try:
            if args.out:
                inputs[path] = digest(path)
            else:  # no results file, no header to name it in: only say now if it is unreadable
                with open(path, "rb"):
                    inputs[path] = {"sha256": None, "lines": None}
        except OSError as exc:
            raise UsageError(f"{path}: {exc.strerror or exc}") from None
    return inputs


def _progress_bar(args):
    from ..batch import count_puzzle_lines
    from ..progress import progress_bar, wanted

    if not wanted(args.progress):  # count the input's lines only for a bar
        return None
    files = list(args.file or [])
    total = count_puzzle_lines(files) if files and not args.puzzles else None
    return progress_bar(total, show=True, tell_missing=True, smoothing=0.05,
                        dynamic_ncols=True, desc="check")
