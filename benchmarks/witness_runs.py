"""The witness's propagators, kind by kind: how often each ran, failed and narrowed.

    python3 benchmarks/witness_runs.py iss-examples-50 --nodes 3000
    python3 benchmarks/witness_runs.py iss-examples-35 [--each]

One ``witness.solve(limit=2)`` of a shared puzzle (``id`` in ``variants/*.jsonl`` under
``--data``), stopped after ``--nodes`` nodes if given (the search is deterministic, so the
counts are exact and the same on every run). Each propagator's ``run`` is wrapped; per
class it prints the runs, the runs that failed (a contradiction: dom/wdeg blames that
propagator's cells, or its ``failed`` cells) and those that narrowed a cell. Why: a node's
cost is its runs times their cost, and a propagator that fails often but blames no cell
teaches the search nothing (docs/variants_speed.md, twenty-fifth round, witness3).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzle_lines import variant_records  # noqa: E402
from sudoku_cp.variants import witness, witness_search  # noqa: E402
from sudoku_cp.variants.formats import read_entry  # noqa: E402


def counted(engine, tally: dict, each: bool = False) -> None:
    """Wrap each of ``engine``'s bound runs to count into ``tally`` (runs, fail, narrow),
    by class, or with ``each`` by propagator (``index:Class:cells``, its place in the
    engine, its class and its count of cells)."""
    def wrap(name, run):
        def counting(masks, changed, *dirty):
            before = len(changed)
            ok = run(masks, changed, *dirty)
            tally["runs"][name] += 1
            if not ok:
                tally["fail"][name] += 1
            elif len(changed) > before:
                tally["narrow"][name] += 1
            return ok
        return counting
    engine.runs = [wrap(f"{i}:{type(p).__name__}:{len(p.cells)}" if each else type(p).__name__, r)
                   for i, (p, r) in enumerate(zip(engine.props, engine.runs))]


def tally_runs(puzzle, nodes: int | None = None, each: bool = False):
    """(the witness's result on ``puzzle``, {"runs" / "fail" / "narrow": Counter by
    propagator class, or by propagator with ``each``}), the search stopped after
    ``nodes`` nodes if given."""
    tally = {"runs": Counter(), "fail": Counter(), "narrow": Counter()}
    make, choose = witness_search.Engine.__init__, witness_search.Engine.choose_cell
    seen = [0]

    def init(self, ncells, props):
        make(self, ncells, props)
        counted(self, tally, each)

    def budget(self, masks):
        seen[0] += 1
        if nodes is not None and seen[0] > nodes:
            raise witness_search.TimeUp
        return choose(self, masks)

    witness_search.Engine.__init__, witness_search.Engine.choose_cell = init, budget
    try:
        result = witness.solve(puzzle, limit=2)
    finally:
        witness_search.Engine.__init__, witness_search.Engine.choose_cell = make, choose
    return result, tally


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("id", help="a puzzle id, e.g. iss-examples-50")
    ap.add_argument("--data", default="../shared/data", help="folder holding variants/")
    ap.add_argument("--nodes", type=int, help="stop after this many nodes")
    ap.add_argument("--each", action="store_true",
                    help="one line per propagator (index:Class:cells), in the engine's order")
    args = ap.parse_args(argv)
    puzzle = read_entry(variant_records(args.data)[args.id]).puzzle
    result, tally = tally_runs(puzzle, args.nodes, args.each)
    print(f"{args.id}: {result.status}, {len(result.solutions)} solutions, {result.stats}")
    print(f"{'propagator':24} {'runs':>10} {'fail':>8} {'narrow':>10}")
    names = (sorted(tally["runs"], key=lambda k: int(k.split(":")[0])) if args.each
             else [name for name, _ in tally["runs"].most_common()])
    for name in names:
        runs = tally["runs"][name]
        print(f"{name:24} {runs:10,} {tally['fail'][name]:8,} {tally['narrow'][name]:10,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
