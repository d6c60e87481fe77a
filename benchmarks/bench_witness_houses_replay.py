"""The witness's houses propagator, run for run: this tree's against another version of it.

    python3 benchmarks/bench_witness_houses_replay.py iss-examples-35 --other OLD.py
    git show main:sudoku_cp/variants/witness_houses.py > /tmp/old_houses.py

A witness search on the puzzle (``id`` in ``variants/*.jsonl`` under ``--data``) is run
once with this tree's ``witness_houses.Houses``, and its first ``--runs`` calls of
``Houses.run`` are captured: the cells' masks, the masks as the planes last saw them
(a fixpoint of the houses: the state after the previous run) and the cells woken.
Each call is then replayed through this tree's ``Houses`` and through the ``Houses`` of
``--other`` (a copy of ``witness_houses.py``, any state layout: each version first builds
its own state from the masks last seen, outside the clock). Both must give the same
verdict and the same masks on every call (the fixpoint of the three rules is unique), or
the script stops and says where. It prints the CPU (``time.process_time``) of all the
replayed calls for each version: slices of 500 calls, each the best of ``--repeat``
rounds with the two versions alternated, summed.

Why: the search's node count moves with the order in which a version narrows cells (the
dom/wdeg weights learn from which propagator fails first), so two versions of the houses
are not compared fairly by timing a search; replayed calls compare the work per call.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzle_lines import variant_records  # noqa: E402
from sudoku_cp.variants import witness, witness_houses  # noqa: E402
from sudoku_cp.variants.formats import read_entry  # noqa: E402


def capture(puzzle, runs: int) -> tuple:
    """(the search's ``Houses``, [(masks, seen, dirty)] of its first ``runs`` woken calls)."""
    calls, kernel = [], []
    run = witness_houses.Houses.run

    def record(self, masks, changed, dirty):
        if dirty is not None and len(calls) < runs:
            n = self.ncells
            calls.append((masks[:n], masks[n:n + n], list(dirty)))
        kernel[:] = [self]
        return run(self, masks, changed, dirty)

    witness_houses.Houses.run = record
    try:
        witness.solve(puzzle, limit=2)
    finally:
        witness_houses.Houses.run = run
    return kernel[0], calls


def prepared(kernel, calls) -> list:
    """Each call's input for ``kernel``: its state built from the masks last seen."""
    n, out = kernel.ncells, []
    for cells, seen, dirty in calls:
        state = list(seen)
        if not kernel.run(state, [], None) or state[:n] != seen:
            raise AssertionError("the masks last seen are not a fixpoint of the houses")
        out.append((cells + state[n:], dirty))
    return out


def replay(kernel, inputs) -> float:
    start = time.process_time()
    for masks, dirty in inputs:
        kernel.run(list(masks), [], list(dirty))
    return time.process_time() - start


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("id", help="a puzzle id, e.g. iss-examples-35")
    ap.add_argument("--other", required=True, help="another witness_houses.py to compare")
    ap.add_argument("--data", default="../shared/data", help="folder holding variants/")
    ap.add_argument("--runs", type=int, default=20000, help="calls captured")
    ap.add_argument("--repeat", type=int, default=5, help="rounds; the best is kept")
    args = ap.parse_args(argv)
    entry = read_entry(variant_records(args.data)[args.id])
    spec = importlib.util.spec_from_file_location("other_houses", args.other)
    other = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(other)
    mine, calls = capture(entry.puzzle, args.runs)
    theirs = other.Houses(mine.houses, mine.full, mine.ncells)
    theirs.listened = mine.listened
    kernels = {"this tree": mine, args.other: theirs}
    inputs = {name: prepared(k, calls) for name, k in kernels.items()}
    n = mine.ncells
    for i, pair in enumerate(zip(*inputs.values())):
        outs = []
        for k, (masks, dirty) in zip(kernels.values(), pair):
            masks = list(masks)
            outs.append((k.run(masks, [], list(dirty)), masks[:n]))
        if outs[0][0] != outs[1][0] or (outs[0][0] and outs[0][1] != outs[1][1]):
            raise SystemExit(f"call {i}: the two versions differ ({outs[0][0]} / {outs[1][0]})")
    # Slices of 500 calls, each version's best of ``repeat`` per slice, summed: on a
    # shared machine a quiet moment is likelier for a short slice than for the whole.
    best = dict.fromkeys(kernels, 0.0)
    order = list(kernels)
    gc.collect()
    gc.disable()  # (the inputs are many lists: a collection would land on one version)
    try:
        for lo in range(0, len(calls), 500):
            least = dict.fromkeys(kernels, float("inf"))
            for _ in range(args.repeat):
                for name in order:
                    took = replay(kernels[name], inputs[name][lo:lo + 500])
                    least[name] = min(least[name], took)
                order.reverse()  # each version first in every other round
            for name in kernels:
                best[name] += least[name]
    finally:
        gc.enable()
    print(f"{args.id}: {len(calls)} calls replayed, the same verdicts and masks; "
          f"CPU, best of {args.repeat} per slice:")
    for name, took in best.items():
        print(f"  {name:40} {took * 1000:9.1f} ms  {took / len(calls) * 1e6:7.1f} us a call")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
