"""How far two runs of ``bench_variants_fast.py --out`` move apart, puzzle by puzzle.

    python3 benchmarks/rows_spread.py RUN1.jsonl RUN2.jsonl

Over the puzzles both runs settle on both sides (our fastest paradigm, ISS's own ``ms``),
for ours, ISS and the ratio ours / ISS (ISS at least 0.05 ms, as the benchmark takes it):
the geometric mean of run 2 over run 1 (the drift of the whole run) and the median of
|ln(run 2 / run 1)| per puzzle as a factor (the spread), and how many ratios moved by more
than a quarter. On one tree a ratio that holds moves less than either of its sides.
"""

from __future__ import annotations

import json
import math
import statistics
import sys

from bench_variants_fast import fastest


def best(row):
    """Our fastest time on a row ISS settled too, else None."""
    return fastest(row) if row.get("iss") else None


def spread(one: dict, two: dict) -> dict:
    """Per side (``ours``, ``iss``, ``ratio``): (drift, spread, moved > 25 %) over the ids
    both settle, and ``n``.

    >>> a = {"x": {"ms": {"fast": 2.0}, "iss": 1.0}, "y": {"ms": {"fast": 4.0}, "iss": 1.0}}
    >>> b = {"x": {"ms": {"fast": 4.0}, "iss": 2.0}, "y": {"ms": {"fast": 8.0}, "iss": 2.0}}
    >>> s = spread(a, b)
    >>> s["n"], s["ours"], s["ratio"]
    (2, (2.0, 2.0, 2), (1.0, 1.0, 0))
    """
    logs = {"ours": [], "iss": [], "ratio": []}
    for k in sorted(one.keys() & two.keys()):
        b1, b2 = best(one[k]), best(two[k])
        if b1 is None or b2 is None:
            continue
        i1, i2 = max(one[k]["iss"], 0.05), max(two[k]["iss"], 0.05)
        logs["ours"].append(math.log(b2 / b1))
        logs["iss"].append(math.log(i2 / i1))
        logs["ratio"].append(math.log((b2 / i2) / (b1 / i1)))
    out = {"n": len(logs["ratio"])}
    for side, xs in logs.items():
        out[side] = (round(math.exp(statistics.fmean(xs)), 3) if xs else None,
                     round(math.exp(statistics.median(abs(x) for x in xs)), 3) if xs else None,
                     sum(abs(x) > math.log(1.25) for x in xs))
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    one, two = ({r["id"]: r for r in map(json.loads, open(f))} for f in argv)
    s = spread(one, two)
    print(f"{s['n']} puzzles both runs settle on both sides; run 2 / run 1:")
    for side in ("ours", "iss", "ratio"):
        drift, typical, moved = s[side]
        print(f"  {side:6} drift x{drift}  spread x{typical} (median per puzzle)  "
              f"moved by more than 25%: {moved}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
