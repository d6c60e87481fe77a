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
from collections import Counter

from .common import (EXIT_OK, Outcome, UsageError, add_input, emit, entries, ms, positive_float,
                     positive_int, split_list, verdict_exit, where, worst)


def register(sub) -> None:
    """Add the ``check`` command to the CLI's subparsers (imports nothing heavy)."""
    from ..backends import BACKENDS

    p = sub.add_parser("check", help="cross-check backends: agreement and uniqueness")
    add_input(p)
    p.add_argument("--backends", metavar="LIST",
                   help=f"comma-separated backends or specs (default all: {','.join(BACKENDS)})")
    p.add_argument("--time-limit", type=positive_float, metavar="S",
                   help="seconds per backend per puzzle")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    add_batch_options(p)
    p.set_defaults(run=cmd_check)


def add_batch_options(parser: argparse.ArgumentParser) -> None:
    """Add the batch options to the ``check`` parser (cheap: imports nothing heavy)."""
    g = parser.add_argument_group("batch (parallel, resumable; any of --workers, --out, "
                                  "--engine turns it on)")
    g.add_argument("--workers", type=positive_int, metavar="N",
                   help="worker processes (default: CPU count)")
    g.add_argument("--out", metavar="RESULTS.jsonl",
                   help="write one JSON line per puzzle here (default: stdout)")
    g.add_argument("--resume", action="store_true",
                   help="skip the puzzles already in --out and append the rest")
    g.add_argument("--engine", choices=["local", "dask"],
                   help="local processes (default) or a Dask cluster")
    g.add_argument("--scheduler", metavar="ADDRESS",
                   help="Dask scheduler, e.g. tcp://127.0.0.1:8786 (default: a local "
                        "cluster of --workers processes)")
    g.add_argument("--chunk-size", type=positive_int, default=32, metavar="K",
                   help="puzzles per task sent to a worker (default 32)")
    g.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: when stderr is a terminal)")


def wants_batch(args) -> bool:
    """True when the command line asks for a batch run."""
    return any(getattr(args, name, None) for name in ("workers", "out", "engine", "resume"))


# -- one puzzle at a time ----------------------------------------------------------------------
def cmd_check(args) -> int:
    from ..crosscheck import Verdict, crosscheck

    if wants_batch(args):  # --workers, --out, --resume or --engine: the batch runner
        return cmd_batch(args)

    backends = split_list(args.backends)
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
        timing = ", ".join(f"{name} {r.status.value} in {ms(r.time_s)}"
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
    return run.code


def _expected(entry, report) -> str | None:
    """'match' or 'differs' when the input gave a solution (a CSV solution column)."""
    given = getattr(entry, "solution", None)
    if not given:
        return None
    return "match" if report.solution is not None and tuple(given) == tuple(report.solution) \
        else "differs"


# -- the batch ---------------------------------------------------------------------------------
def cmd_batch(args) -> int:
    """Run ``check`` as a batch (see ``sudoku_cp.batch``); returns the exit code.

    With ``--json`` and ``--out`` the closing summary is also printed on stdout as JSON.
    """
    from ..backends import BACKENDS, parse_spec
    from ..batch import (Batch, DaskEngine, DoneSet, LocalEngine, Sink, recover,
                         summary_line)

    out = args.out
    engine_name = args.engine or "local"
    workers = args.workers or os.cpu_count() or 1
    if args.resume and not out:
        raise UsageError("--resume needs --out RESULTS.jsonl")
    if args.scheduler and engine_name != "dask":
        raise UsageError("--scheduler needs --engine dask")
    if out and not args.resume and os.path.exists(out) and os.path.getsize(out) > 0:
        raise UsageError(f"{out} exists: add --resume to continue it, or remove it")
    backends = split_list(args.backends)
    for spec in backends or BACKENDS:
        parse_spec(spec)  # unknown names fail here, before any worker starts

    done, before = recover(out) if args.resume else (DoneSet(), Counter())
    engine = (DaskEngine(workers, args.scheduler) if engine_name == "dask"
              else LocalEngine(workers))
    bar = _progress_bar(args, done.count)
    say = bar.write if bar is not None else (lambda t: print(t, file=sys.stderr))
    code = EXIT_OK
    for verdict in before:  # the exit code covers the whole results file
        code = worst(code, verdict_exit(verdict))

    def on_record(verdict: str, line: str) -> None:
        nonlocal code
        code = worst(code, verdict_exit(verdict))
        if verdict in ("disagree", "error"):
            rec = json.loads(line)
            say(f"{verdict.upper()} on {rec['source']}:{rec['line']}: {rec['puzzle']}")
            for why in rec.get("evidence") or [rec.get("error")]:
                say(f"  {why}")
        if bar is not None:
            bar.update(1)

    from concurrent.futures import BrokenExecutor

    batch = Batch(Sink(out), on_record)
    try:
        with engine:
            batch.run(engine, entries(args), done, backends, args.time_limit, args.chunk_size)
    except KeyboardInterrupt:
        print(summary_line(batch.summary(before)) + " (interrupted: --resume continues)",
              file=sys.stderr)
        raise
    except BrokenExecutor as exc:  # a worker died (a crash in a solver, or killed): a bug
        print(f"sudoku-cp: a worker process died ({exc}); the results so far are kept and "
              f"--resume continues", file=sys.stderr)
        code = worst(code, verdict_exit("error"))
    finally:
        batch.sink.close()
        if bar is not None:
            bar.close()
    summary = batch.summary(before)
    print(summary_line(summary), file=sys.stderr)
    if args.json and out:
        print(json.dumps(summary), flush=True)
    return code


def _progress_bar(args, done_before: int):
    from ..batch import count_puzzle_lines
    from ..progress import progress_bar, wanted

    if not wanted(args.progress):  # count the input's lines only for a bar
        return None
    files = list(args.file or [])
    total = count_puzzle_lines(files) if files and not args.puzzles else None
    if total is not None:
        total = max(0, total - done_before)
    return progress_bar(total, show=True, tell_missing=True, smoothing=0.05,
                        dynamic_ncols=True, desc="check")
