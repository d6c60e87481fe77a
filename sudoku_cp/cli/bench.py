"""``sudoku-cp bench``: the paradigm benchmark on the command line (see ``sudoku_cp.bench``).

    sudoku-cp bench norvig_top95 --backends backtrack,sat,cpsat --limit 100 --out results/

(a FILE not found as given is looked for in the data folder: ``--data DIR``, else
``$SUDOKU_CP_DATA``, else ``../shared/data``)

writes ``runs.csv``, ``summary.md``, ``cactus.png``, ``scatter.png`` and ``meta.json`` in
the output folder and prints the summary table. Exit code 3 if any answer was wrong.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from .common import (EXIT_DISAGREE, EXIT_OK, UsageError, add_data, add_max_size,
                     box_arg, find_data, positive_float, split_list)
from .output import add_force, check_folder

#: The files ``bench`` writes in its output folder.
OUTPUTS = ("runs.csv", "summary.md", "cactus.png", "scatter.png", "meta.json")


def register(sub) -> None:
    """Add the ``bench`` command to the CLI's subparsers (imports nothing heavy)."""
    from ..backends import BACKENDS, DEFAULT_CHECK
    from ..bench import CLOCKS, MODES

    p = sub.add_parser("bench", help="benchmark backends side by side on puzzle files",
                       description="Run backend specs interleaved on puzzle files; write "
                                   "runs.csv, summary.md, cactus.png, scatter.png, meta.json.")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="puzzle files, one puzzle a line; a name not found as given is looked "
                        "for in the data folder (e.g. norvig_top95)")
    add_data(p)
    p.add_argument("--backends", metavar="LIST", default=",".join(DEFAULT_CHECK),
                   help=f"comma-separated specs of {','.join(BACKENDS)}, e.g. "
                        f"sat,sat:minisat22:minimal,cpsat,dlx (default {','.join(DEFAULT_CHECK)})")
    p.add_argument("--mode", choices=list(MODES), default="unique",
                   help="solve: one solution (limit 1); unique: uniqueness check (limit 2, default)")
    p.add_argument("--repeat", type=int, default=1, metavar="K",
                   help="runs per puzzle and spec; the summary takes the median (default 1)")
    p.add_argument("--limit", type=int, metavar="M",
                   help="first M puzzles of each file (a random sample of M with --seed)")
    p.add_argument("--seed", type=int, metavar="S",
                   help="with --limit: sample M puzzles at random, repeatably")
    p.add_argument("--time-limit", type=positive_float, metavar="S",
                   help="seconds per run (a run stopped by it counts as not answered)")
    p.add_argument("--clock", choices=CLOCKS, default="cpu",
                   help="time the summary and plots use: this process's CPU time (default; "
                        "steady on a shared machine) or wall time; runs.csv has both")
    p.add_argument("--box", type=box_arg, metavar="RxC", help="box shape of the puzzles")
    add_max_size(p)
    p.add_argument("--scatter", metavar="A,B",
                   help="the two specs compared in scatter.png (default: the first two)")
    p.add_argument("--out", required=True, metavar="DIR", help="folder for the results")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: when stderr is a terminal)")
    add_force(p)
    p.set_defaults(run=cmd_bench)


def cmd_bench(args) -> int:
    from .. import bench
    from ..backends import resolve

    specs = resolve(args.backends, args.time_limit)  # (required: never None here)
    if args.repeat < 1 or (args.limit is not None and args.limit < 1):
        raise UsageError("--repeat and --limit must be at least 1")
    if args.seed is not None and args.limit is None:  # (was ignored without a word)
        raise UsageError("--seed goes with --limit M (it draws the M puzzles at random)")
    pair = (split_list(args.scatter) or []) if args.scatter else specs[:2]
    if len(pair) == 1:
        pair = pair * 2
    if len(pair) != 2 or not set(pair) <= set(specs):
        raise UsageError(f"--scatter needs two of the benchmarked specs ({', '.join(specs)})")
    args.files = [find_data(path, args.data) for path in args.files]
    for path in args.files:  # (else a bare "[Errno 21]" once the plotting was checked)
        if os.path.isdir(path):
            raise UsageError(f"{path}: Is a directory (give the puzzle files in it)")
    bench.require_plots()  # before the work, not after it
    check_folder(args.out, force=args.force, names=OUTPUTS)

    puzzles = {}
    for path in args.files:
        items, invalid = bench.sample_puzzles(path, args.limit, args.seed, args.box,
                                              args.max_size)
        if invalid:
            print(f"{path}: {invalid} lines are not puzzles and were skipped", file=sys.stderr)
        puzzles[path] = items
    os.makedirs(args.out, exist_ok=True)
    meta = bench.machine_meta(_command(args, specs, pair), args.seed, args.files)
    meta.update(mode=args.mode, clock=args.clock, repeat=args.repeat, limit=args.limit,
                time_limit=args.time_limit, specs=specs,
                puzzles={os.path.basename(p): len(v) for p, v in puzzles.items()})

    bar = _bar(args, sum(len(v) for v in puzzles.values()))
    wrong = []

    def on_puzzle(runs) -> None:
        for run in runs:
            if run.verified != "ok":
                msg = f"WRONG ANSWER: {run.spec} on {run.file}:{run.line}: {run.verified}"
                wrong.append(msg)
                (bar.write if bar else lambda m: print(m, file=sys.stderr))(msg)
        if bar is not None:
            bar.update(1)

    try:
        runs = bench.run_bench(puzzles, specs, mode=args.mode, repeat=args.repeat,
                               time_limit=args.time_limit, on_puzzle=on_puzzle)
    finally:
        if bar is not None:
            bar.close()
    meta["load_average_after"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    meta["resolved"] = {}  # what each spec ran as (a default solver can change between versions)
    for run in runs:
        meta["resolved"].setdefault(run.spec, {k: run.stats[k] for k in ("solver", "encoding")
                                               if k in run.stats})

    rows = bench.summarize(runs, args.clock)
    table = bench.summary_markdown(rows, args.mode, args.clock)
    out = args.out
    bench.write_runs_csv(runs, os.path.join(out, "runs.csv"))
    with open(os.path.join(out, "summary.md"), "w", encoding="utf-8") as f:
        f.write(f"Command: `{meta['command']}`  \n{meta['date']}, mode {args.mode}, "
                f"{meta['machine']['cpu_model']} ({meta['machine']['cpu_count']} CPUs)\n\n")
        f.write(table)
        if wrong:
            f.write("\n**WRONG ANSWERS**\n\n" + "\n".join(f"- {m}" for m in wrong) + "\n")
    with open(os.path.join(out, "meta.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")
    bench.plot_cactus(runs, os.path.join(out, "cactus.png"), specs, args.clock)
    bench.plot_scatter(runs, os.path.join(out, "scatter.png"), pair[0], pair[1],
                       args.time_limit, args.clock)

    print(table, end="")
    print(f"\nwrote runs.csv, summary.md, cactus.png, scatter.png, meta.json in {out}")
    if wrong:
        print(f"{len(wrong)} WRONG ANSWERS (see summary.md)", file=sys.stderr)
        return EXIT_DISAGREE
    return EXIT_OK


def _command(args, specs, pair) -> list[str]:
    """The command line that repeats this run, rebuilt from the parsed options."""
    argv = ["bench", *args.files, "--backends", ",".join(specs), "--mode", args.mode]
    for flag, value in (("--repeat", args.repeat), ("--limit", args.limit),
                        ("--seed", args.seed), ("--time-limit", args.time_limit)):
        if value is not None and not (flag == "--repeat" and value == 1):
            argv += [flag, str(value)]
    if args.clock != "cpu":
        argv += ["--clock", args.clock]
    if args.box:
        argv += ["--box", f"{args.box[0]}x{args.box[1]}"]
    return argv + ["--scatter", ",".join(pair), "--out", args.out]


def _bar(args, total: int):
    from ..progress import progress_bar

    return progress_bar(total, show=args.progress, desc="bench", dynamic_ncols=True)
