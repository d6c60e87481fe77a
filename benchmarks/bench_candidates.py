"""Time the setters' "all possibilities" (``check --candidates``) on shared puzzles and drafts.

    python3 benchmarks/bench_candidates.py --data ../shared/data
    python3 benchmarks/bench_candidates.py --data ../shared/data --no-phases

A setter asks for the candidates of a draft: a puzzle still missing rules, so with many
solutions. The drafts here are made from the shared variant puzzles the ``sat`` paradigm
supports, each in two forms: the puzzle as published (unique) and a draft of it (the
first two thirds of its rules, the first half of its givens). Every one of the 51 would
take long on the slowest, so the default is a sample named by ``--ids`` (the killer
with no givens, ``iss-examples-18``, among them: the hardest for ``sat``).

For each and each cap (``--caps``, default 1 and 2), one call of
``sudoku_cp.variants.sat.candidates`` in this process, timed in CPU seconds; prints the
time, the solutions met and the candidates that survive, then the totals.
``--no-phases`` turns off the steering of the solver towards the values still short
(for a same-run comparison); a tree whose ``candidates`` has no such option is run
without it.
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzle_lines import variant_records  # noqa: E402
from sudoku_cp.variants.formats import read_entry  # noqa: E402
from sudoku_cp.variants.sat import candidates  # noqa: E402

IDS = ("iss-examples-3,iss-examples-10,iss-examples-18,iss-examples-25,iss-examples-43,"
       "dclamage-uniqueVariantFPuzzles-9")


def draft(puzzle):
    """The puzzle with the first two thirds of its rules and the first half of its givens."""
    rules = puzzle.constraints[:max(1, 2 * len(puzzle.constraints) // 3)]
    return dataclasses.replace(puzzle, constraints=tuple(rules),
                               givens=tuple(puzzle.givens[:len(puzzle.givens) // 2]))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="../shared/data", help="folder holding variants/")
    ap.add_argument("--ids", default=IDS, help="puzzle ids, comma-separated")
    ap.add_argument("--caps", default="1,2", help="caps to count up to, comma-separated")
    ap.add_argument("--no-phases", action="store_true",
                    help="do not steer the solver towards the values still short")
    args = ap.parse_args(argv)
    records = variant_records(args.data)
    options = {}
    if "phases" in inspect.signature(candidates).parameters:
        options["phases"] = not args.no_phases
    caps = [int(c) for c in args.caps.split(",") if c]
    total = 0.0
    for ident in args.ids.split(","):
        if ident not in records:
            ap.error(f"no puzzle with id {ident} under {args.data}/variants")
        entry = read_entry(records[ident])
        if entry.error:
            print(f"{ident}: {entry.error}")
            continue
        for name, puzzle in ((ident, entry.puzzle), (ident + " draft", draft(entry.puzzle))):
            for cap in caps:
                start = time.process_time()
                counts, complete, seen = candidates(puzzle, cap=cap, **options)
                spent = time.process_time() - start
                total += spent
                alive = sum(1 for cell in counts for k in cell.values() if k)
                print(f"{name:42} cap {cap}  {1000 * spent:9.1f} ms  solutions met {len(seen):4}"
                      f"  candidates alive {alive:4}  complete={complete}")
    print(f"total {1000 * total:.1f} ms CPU" + (f" (phases={options['phases']})" if options else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
