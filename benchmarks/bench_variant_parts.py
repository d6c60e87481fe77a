"""Where an easy variant puzzle's time goes, per paradigm (issue 38: the default check's cost).

    python3 benchmarks/bench_variant_parts.py [--below 60] [--repeat 3] [--paradigms sat,cpsat,witness]

For every puzzle of the shared variant sets (``variants/iss.jsonl``, ``variants/fpuzzles.jsonl``
in the data folder) that a paradigm settles in under ``--below`` ms of CPU (the easy ones,
most of a setter's batch), each paradigm counts to two (``limit=2``, a time limit of 10 s as
the default check sets), warm, and its CPU time (``time.process_time``: the machine may be
loaded; every thread of the process counts) is split into the parts its module calls:

- ``sat``: ``encode_own`` (the puzzle's own clauses, in Python), ``_add_all`` (loading them
  into the solver), ``_solve_sliced`` (the solver's calls: a first solution, then the proof
  that there is no second), and the rest (shape lookup, reading the model, statistics);
- ``cpsat``: ``encode`` (the CP model, in Python) and ``interruptible_solve`` (CP-SAT);
- ``witness``: ``build`` (the propagators) and the rest (the search).

Each puzzle's best of ``--repeat`` runs is kept (the parts of that run); the medians are
over the puzzles. The parts are measured by wrapping those functions of the paradigm's
module for the run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_variants_fast import data_folder, read  # noqa: E402
from sudoku_cp.variants.iss import parse_iss  # noqa: E402
from sudoku_cp.variants.paradigms import UnsupportedConstraint  # noqa: E402

#: paradigm -> (its module, the functions of it whose CPU time is a part)
PARTS = {"sat": ("sudoku_cp.variants.sat", ("encode_own", "_add_all", "_solve_sliced")),
         "cpsat": ("sudoku_cp.variants.cpsat", ("encode", "interruptible_solve")),
         "witness": ("sudoku_cp.variants.witness", ("build",))}


def timed(module, names, spent: dict) -> None:
    """Wrap ``module``'s functions ``names`` so that their CPU time adds up in ``spent``
    (an inner call of one of them inside another is counted once, by the outer)."""
    depth = [0]
    for name in names:
        def wrapper(*args, _f=getattr(module, name), _name=name, **kwargs):
            if depth[0]:
                return _f(*args, **kwargs)
            depth[0] += 1
            start = time.process_time()
            try:
                return _f(*args, **kwargs)
            finally:
                spent[_name] = spent.get(_name, 0.0) + time.process_time() - start
                depth[0] -= 1
        setattr(module, name, wrapper)


def main(argv=None) -> int:
    from importlib import import_module

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", help="the data folder (default ../shared/data)")
    ap.add_argument("--paradigms", default="sat,cpsat,witness")
    ap.add_argument("--below", type=float, default=60.0, help="easy: settled under this many ms")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    unknown = [p for p in args.paradigms.split(",") if p not in PARTS]
    if unknown:
        print(f"bench_variant_parts: no parts known for {', '.join(unknown)} "
              f"(known: {', '.join(PARTS)})", file=sys.stderr)
        return 2
    data = data_folder(args.data)
    records = [json.loads(line) for name in ("iss", "fpuzzles")
               for line in (data / "variants" / f"{name}.jsonl").read_text().splitlines()
               if line.strip()]
    puzzles = [(r["id"], p) for r in records if (p := read(r)) is not None]
    warm = parse_iss(".Thermo~R1C1~R1C2~R1C3~R1C4.Shape~4x4")
    for paradigm in args.paradigms.split(","):
        module = import_module(PARTS[paradigm][0])
        spent: dict[str, float] = {}
        timed(module, PARTS[paradigm][1], spent)
        module.solve(warm, limit=2)
        rows = []
        for _, puzzle in puzzles:
            best = None
            for _ in range(args.repeat):
                spent.clear()
                start = time.process_time()
                try:
                    module.solve(puzzle, limit=2, time_limit=10)
                except UnsupportedConstraint:
                    break
                total = time.process_time() - start
                if best is None or total < best[0]:
                    best = (total, dict(spent))
                if total * 1000 > args.below:
                    break
            if best is not None and best[0] * 1000 < args.below:
                rows.append(best)
        if not rows:
            print(f"{paradigm}: no puzzle under {args.below:g} ms")
            continue
        parts = [(name, [r[1].get(name, 0.0) for r in rows]) for name in PARTS[paradigm][1]]
        rest = [r[0] - sum(r[1].values()) for r in rows]
        print(f"{paradigm}: {len(rows)} puzzles under {args.below:g} ms, CPU median "
              f"{1000 * statistics.median(r[0] for r in rows):.2f} ms; medians of its parts: "
              + ", ".join(f"{name} {1000 * statistics.median(ts):.2f}" for name, ts in parts)
              + f", the rest {1000 * statistics.median(rest):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
