"""The wall time of one ``sudoku-cp check PUZZLE`` of a variant puzzle, cold process each run.

    python3 benchmarks/startup_variant.py [--runs 9] [--id iss-examples-3] [--against TREE]
                                          [-- --backends ...]

Runs ``python -m sudoku_cp check PUZZLE --json`` ``--runs`` times, each in a new process
(this interpreter, ``sys.executable``: a version manager's shim in front of ``python3``
adds its own start), and prints the median, lowest and highest wall time, the median
CPU time of the whole process tree (the command and its workers), the load average
before and after, and which paradigms ran and why the others did not (from the last
record). Arguments after ``--`` go to ``check`` (e.g. ``-- --backends sat,cpsat``).
``--against TREE`` (another checkout, e.g. a worktree of main) runs that tree's package
too, the two alternated run by run (A B B A ...), and prints both: on a shared machine
only runs side by side in the same minutes compare.

The bytecode of the package is written by one untimed run first (``PYTHONDONTWRITEBYTECODE``
is cleared for the runs): an installed package has it from its install, and compiling
every module again is not start-up a user pays. Issue 38's target is a median of at most
0.5 s; on a machine shared with other jobs the wall is the CPU time stretched by the
load, so read the two together.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def puzzle_text(data: Path, ident: str) -> str:
    """The puzzle ``ident`` of the shared variant sets (ISS strings and f-puzzles)."""
    for name in ("iss.jsonl", "fpuzzles.jsonl"):
        path = data / "variants" / name
        if not path.exists():
            continue
        for line in path.open(encoding="utf-8"):
            if line.strip():
                entry = json.loads(line)
                if entry.get("id") == ident:
                    return entry["puzzle"]
    raise SystemExit(f"no puzzle {ident!r} in {data / 'variants'}")


def one_run(command: list[str], env: dict, cwd: Path = ROOT) -> tuple[float, float, dict]:
    """``(wall seconds, CPU seconds of the process tree, the record)`` of one check."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=cwd)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    try:
        record = json.loads(done.stdout.splitlines()[0])
    except (IndexError, json.JSONDecodeError):
        raise SystemExit(f"no record from {' '.join(command[:4])} ...: {done.stderr.strip()}")
    return wall, cpu, record


def tree_env(tree: Path) -> dict:
    """The environment that makes ``python -m sudoku_cp`` the package of ``tree``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def summary(name: str, runs: list) -> list[str]:
    walls = sorted(w for w, _, _ in runs)
    return [f"{name}wall: median {statistics.median(walls):.3f} s, lowest {walls[0]:.3f}, "
            f"highest {walls[-1]:.3f} ({len(runs)} cold processes)",
            f"{name}CPU (process tree): median {statistics.median(c for _, c, _ in runs):.3f} s"]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=9, help="cold processes timed (default 9)")
    p.add_argument("--id", default="iss-examples-3",
                   help="puzzle id in the shared variant sets (default iss-examples-3, "
                        "a thermometer puzzle)")
    p.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    p.add_argument("--against", type=Path, metavar="TREE",
                   help="another checkout, run alternately with this one (e.g. main's)")
    args = p.parse_args(argv)
    command = [sys.executable, "-m", "sudoku_cp", "check", puzzle_text(args.data, args.id),
               "--json", *extra]
    trees = [ROOT] + ([args.against.resolve()] if args.against else [])
    for tree in trees:
        one_run(command, tree_env(tree), tree)  # (writes the bytecode; not timed)
    load_before = os.getloadavg()[0]
    runs: dict[Path, list] = {tree: [] for tree in trees}
    for i in range(args.runs):
        for tree in trees if i % 2 == 0 else trees[::-1]:
            runs[tree].append(one_run(command, tree_env(tree), tree))
    load_after = os.getloadavg()[0]
    record = runs[ROOT][-1][2]
    print(f"check {args.id} {' '.join(extra)}".rstrip())
    for tree in trees:
        print("\n".join(summary(f"{tree}: " if args.against else "", runs[tree])))
    print(f"load average: {load_before:.2f} before, {load_after:.2f} after "
          f"({os.cpu_count()} CPUs)")
    print(f"verdict {record['verdict']}; ran: {', '.join(record['backends'])}")
    for name, why in record.get("not_run", {}).items():
        print(f"not run: {why if why.startswith(name) else name + ': ' + why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
