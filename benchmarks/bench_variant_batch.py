"""The default check of variant puzzles in a batch, as a setter runs it (issue 38).

    python3 benchmarks/bench_variant_batch.py [--time-limit 10] [--workers 2] [--files A B]
                                              [--at-once]

Runs ``sudoku-cp check -f FILE --out RESULTS.jsonl`` (the default paradigms, a batch of
``--workers`` processes, each checking its puzzles' paradigms in turn) over the shared
variant sets (``../shared/data/variants``: ISS strings and f-puzzles), in a fresh process
as a user would, into a temporary folder; with ``--at-once``, ``sudoku-cp check -f FILE
--format json`` instead (no batch engine: one puzzle at a time, its paradigms at once in
warm workers, ``variants/parallel.py``). It prints:

- the wall clock of the whole command and per puzzle read (start-up included);
- each record's own ``time_s`` (the cross-check of that puzzle, its paradigms at once):
  median, 90th percentile and maximum, over the puzzles checked (refused ones apart);
  at once, also ``time_s`` less the moment the last paradigm's answer came (``finished``):
  what the record spends outside the searches (the hand-over, the checker, the verdict);
- the puzzles whose default check took more than 3 s, and those left ``unknown``;
- each paradigm's own time (its ``backends`` entry): median, 90th percentile, maximum;
- the verdicts, and the puzzles whose verdict or solution differs from the one their file
  states (there should be none).

The issue's targets: the median per puzzle <= 50 ms; every puzzle ISS settles within 1 s
settled by the default check within 3 s. A figure from a loaded machine says little:
the script prints the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "variants"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", nargs="+", type=Path,
                    default=[DATA / "iss.jsonl", DATA / "fpuzzles.jsonl"])
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--at-once", action="store_true",
                    help="check -f without the batch engine: each puzzle's paradigms at once")
    args = ap.parse_args(argv)
    missing = [str(f) for f in args.files if not f.exists()]
    if missing:
        print(f"bench_variant_batch: not found: {', '.join(missing)}", file=sys.stderr)
        return 2
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    records, walls, count = [], [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.files:
            out = Path(tmp) / f"{path.stem}.jsonl"
            cmd = [sys.executable, "-m", "sudoku_cp", "check", "-f", str(path),
                   "--time-limit", str(args.time_limit), "--no-progress"]
            cmd += ["--format", "json"] if args.at_once else \
                ["--out", str(out), "--workers", str(args.workers)]
            start = time.perf_counter()
            run = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp)
            walls.append(time.perf_counter() - start)
            text = run.stdout if args.at_once else out.read_text()
            got = [json.loads(line) for line in text.splitlines() if line.strip()]
            got = [r for r in got if "verdict" in r]  # (the file's header line apart)
            print(f"{path.name}: {len(got)} records, exit {run.returncode}, "
                  f"{walls[-1]:.1f} s wall")
            count += len(got)
            stated = _stated(path)
            for rec in got:
                rec["_stated"] = stated.get(rec["index"])
                rec["_file"] = path.name
            records += got
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    checked = [r for r in records if r["verdict"] in ("unique", "multiple", "none", "unknown",
                                                       "mismatch", "disagree")]
    times = sorted(r["time_s"] for r in checked if r["time_s"] is not None)
    verdicts: dict[str, int] = {}
    for r in records:
        verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
    print(f"\nwall: {sum(walls):.1f} s for {count} puzzles, {1000 * sum(walls) / max(count, 1):.0f} ms "
          f"per puzzle read (start-up of {len(walls)} processes included)")
    if times:
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        print(f"per checked puzzle (its record's time_s, n={len(times)}): median "
              f"{1000 * statistics.median(times):.0f} ms, p90 {1000 * p90:.0f} ms, "
              f"max {1000 * times[-1]:.0f} ms")
    outside = sorted(((r["time_s"] - max(r["finished"].values()), r) for r in checked
                      if r["time_s"] is not None and r.get("finished")), key=lambda tr: tr[0])
    after = [t for t, _ in outside]
    if after:  # (at once: what the record spends beside its paradigms' searches)
        print(f"  less its last paradigm's answer (at once: the hand-over before the lanes "
              f"start, the answers read, the checker, the verdict; n={len(after)}): median "
              f"{1000 * statistics.median(after):.2f} ms, p90 "
              f"{1000 * after[min(len(after) - 1, int(0.9 * len(after)))]:.2f} ms, max "
              f"{1000 * after[-1]:.2f} ms ({outside[-1][1]['id']})")
    per: dict[str, list] = {}
    for r in checked:
        for name, b in (r.get("backends") or {}).items():
            if b.get("time_s") is not None:
                per.setdefault(name, []).append(b["time_s"])
    for name, ts in per.items():
        ts.sort()
        print(f"  {name}: n={len(ts)}, median {1000 * statistics.median(ts):.0f} ms, p90 "
              f"{1000 * ts[min(len(ts) - 1, int(0.9 * len(ts)))]:.0f} ms, max {1000 * ts[-1]:.0f} ms")
    print("verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())))
    slow = [r for r in checked if (r["time_s"] or 0) > 3]
    print(f"over 3 s: {len(slow)}" + "".join(f"\n  {r['_file']}#{r['index']} {r['id']}: "
                                              f"{r['time_s']:.1f} s, {r['verdict']}" for r in slow))
    wrong = [r for r in checked if r["_stated"] is not None and r["verdict"] == "unique"
             and r["solution"][:len(r["_stated"])] != r["_stated"]]  # (Var cells follow)
    wrong += [r for r in checked if r["verdict"] in ("mismatch", "disagree")]
    compared = sum(r["_stated"] is not None and r["verdict"] == "unique" for r in checked)
    print(f"unique and compared with the solution the file states: {compared}")
    print(f"differs from the stated solution, or disagree: {len(wrong)}"
          + "".join(f"\n  {r['_file']}#{r['index']} {r['id']}: {r['verdict']}" for r in wrong))
    return 1 if wrong else 0


def _stated(path: Path) -> dict:
    """index (1-based, as the records count) -> the solution the file states, as values."""
    out = {}
    for i, line in enumerate((x for x in path.read_text().splitlines() if x.strip()), 1):
        item = json.loads(line)
        if item.get("cells"):
            out[i] = list(item["cells"])
    return out


if __name__ == "__main__":
    sys.exit(main())
