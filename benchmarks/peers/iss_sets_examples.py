#!/usr/bin/env python3
"""ISS's own example puzzles that use the second batch of issue-37 types (SameValues,
RegionSameValues, ConnectedValues, Doppelganger, FullRank, FullRankTies, RegionSize,
SearchPriority): how many this project reads, and how many it solves to the solution ISS
states (the cross-check: sat, cpsat, witness, each with its time limit).

    ISS=/work/peers/iss python3 benchmarks/peers/iss_sets_examples.py [--time-limit 60]

Reads ``data/example_puzzles.js`` and ``data/collections.js`` of an ISS checkout (the
``input`` and ``solution`` fields of each entry) and ``../shared/data/variants/iss.jsonl``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

NAMES = ("SameValues", "RegionSameValues", "ConnectedValues", "Doppelganger", "FullRank",
         "FullRankTies", "RegionSize", "SearchPriority")
_FIELD = re.compile(r"""(name|input|solution):\s*(?:'([^']*)'|"([^"]*)"|`([^`]*)`)""", re.S)


def entries(path):
    """(name, input, solution or None) for each entry of an ISS data file."""
    name, text, out = "", None, []
    for m in _FIELD.finditer(Path(path).read_text()):
        kind, value = m.group(1), next(g for g in m.groups()[1:] if g is not None)
        if kind == "name":
            if text is not None:
                out.append((name, text, None))
            name, text = value, None
        elif kind == "input":
            if text is not None:
                out.append((name, text, None))
            text = value
        elif text is not None:
            out.append((name, text, value))
            text = None
    if text is not None:
        out.append((name, text, None))
    return out


def main(argv=None) -> int:
    from sudoku_cp.errors import PuzzleError
    from sudoku_cp.variants.crosscheck import crosscheck
    from sudoku_cp.variants.iss import parse_iss

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iss", default=os.environ.get("ISS"))
    ap.add_argument("--time-limit", type=float, default=60.0)
    args = ap.parse_args(argv)
    found = []
    for f in ("data/example_puzzles.js", "data/collections.js"):
        found += [(f"{f}: {n}", t, s) for n, t, s in entries(Path(args.iss) / f)]
    shared = HERE.parents[1] / ".." / "shared" / "data" / "variants" / "iss.jsonl"
    if shared.exists():
        for line in shared.read_text().splitlines():
            d = json.loads(line)
            found.append((d["id"], d["puzzle"], d.get("solution")))
    found = [e for e in found if any(re.search(rf"\.\s*{n}\b", e[1]) for n in NAMES)]
    seen = set()
    tally = {"read": 0, "refused": 0, "unique, the stated solution": 0,
             "the stated solution, uniqueness unsettled": 0, "differ": 0, "unsettled": 0}
    for name, text, solution in found:
        if text in seen:
            continue
        seen.add(text)
        try:
            puzzle = parse_iss(text)
        except PuzzleError as exc:
            tally["refused"] += 1
            print(f"refused  {name}: {exc}")
            continue
        tally["read"] += 1
        report = crosscheck(puzzle, time_limit=args.time_limit)
        got = "".join(map(str, report.solution)) if report.solution else None
        verdict = report.verdict.value
        if solution and got == solution.replace("\n", "").strip():
            tally["unique, the stated solution" if verdict == "unique"
                  else "the stated solution, uniqueness unsettled"] += 1
            print(f"agree    {name}: {verdict}")
        elif verdict in ("unknown", "timeout") or not solution:
            tally["unsettled"] += 1
            print(f"unsettled {name}: {verdict} (stated: {bool(solution)})")
        else:
            tally["differ"] += 1
            print(f"DIFFER   {name}: {verdict} {got} vs {solution}")
    print(f"{len(seen)} puzzles: {tally}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
