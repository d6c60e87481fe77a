"""The compiled search of the ``fast`` backend alone, this tree against a baseline tree.

    python3 benchmarks/bench_kernel.py --baseline ../base [--rounds 5] [--count 10000]

Times ``fast.check_array`` (limit 2: a uniqueness check, one compiled call per set) in
microseconds of CPU time (process time: the machine may be shared) per puzzle on

- the first ``--count`` puzzles of royle_17_clue (and, apart, those of them that this
  tree's search solves without a guess and those it guesses on),
- norvig_top95, magictour_top1465 and forum_hardest_1106,
- a 16x16 sample (minimal puzzles: ``fill`` then ``dig`` to the end, fixed seeds) and a
  25x25 sample (dug down to ``--clues25`` clues, fixed seeds), made once by this tree and
  given to both.

Each tree runs in its own subprocess (``PYTHONPATH`` set to the tree, its own numba
cache), warmed up before any timing (the first call compiles or loads the cache).
The two subprocesses take turns, set by set, A B A B ... for ``--rounds`` rounds; in a
round a set is timed over as many calls as make 0.1 s (a call over top95 is about a
millisecond); the figure of a tree is its best round (the machine is shared: the minimum is the run the
least disturbed). Counts, first solutions and exhaustion flags must be identical in the
two trees, or the script stops with the first difference.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from puzzle_lines import load, values

ROOT = Path(__file__).resolve().parent.parent


# -- the worker: one tree, in its own process --------------------------------------------------
#: A set is timed over as many calls as make this much process time (one call when it
#: takes longer): one call over top95 is about a millisecond, too short to time alone.
MIN_SECONDS = 0.1


def worker(spec_path: str) -> int:
    """Load the sets named in the spec, warm up, then time one set per line of stdin."""
    import numpy as np

    from sudoku_cp.backends.fast import check_array
    from sudoku_cp.board import geometry

    spec = json.loads(Path(spec_path).read_text())
    sets = {name: (geometry(*box), np.array(rows, dtype=np.int64))
            for name, (box, rows) in spec.items()}
    for g, grid in sets.values():  # compile or load the cache; a first, untimed pass
        check_array(grid[:2], g)
    print("ready", flush=True)
    for line in sys.stdin:
        name = line.strip()
        g, grid = sets[name]
        began = time.process_time()  # CPU time: the machine may be shared
        calls = 0
        while True:  # a small set (top95 takes a millisecond) is timed over several calls
            counts, first, stats = check_array(grid, g)
            calls += 1
            spent = time.process_time() - began
            if spent >= MIN_SECONDS:
                break
        seconds = spent / calls
        digest = hashlib.sha256(counts.tobytes() + first.tobytes()
                                + stats[:, 2].tobytes()).hexdigest()
        print(json.dumps({"set": name, "seconds": seconds, "digest": digest,
                          "nodes": int(stats[:, 0].sum()), "guesses": int(stats[:, 1].sum())}),
              flush=True)
    return 0


# -- the samples -------------------------------------------------------------------------------
def sample(box: tuple[int, int], count: int, clues: int | None) -> list[list[int]]:
    """``count`` puzzles of the box shape: a fill from seed s, then clue removal in an
    order shuffled by ``random.Random(s)``, to the end (minimal) or down to ``clues``."""
    from sudoku_cp.backends import fast
    from sudoku_cp.board import geometry
    from sudoku_cp.fill import random_values

    g = geometry(*box)
    puzzles = []
    for seed in range(count):
        grid = random_values(g, seed)
        order = [(c,) for c in range(g.ncells)]
        random.Random(seed).shuffle(order)
        givens, _ = fast.dig(grid, g, order, clues)
        puzzles.append(list(givens))
    return puzzles


def guesses_zero(rows: list[list[int]]) -> list[bool]:
    """Which puzzles this tree's search solves without a guess."""
    from sudoku_cp.backends.fast import check_array
    from sudoku_cp.board import geometry

    _, _, stats = check_array(rows, geometry(3, 3))
    return (stats[:, 1] == 0).tolist()


class Tree:
    """A worker subprocess running the benchmark on one source tree."""

    def __init__(self, name: str, root: Path, spec: Path, cache: Path | None) -> None:
        env = dict(os.environ, PYTHONPATH=str(root))
        if cache is not None:  # keep the baseline's compiled code out of its tree
            env["NUMBA_CACHE_DIR"] = str(cache)
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        self.name, self.root = name, root
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker", str(spec)],
            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=root)
        ready = self.proc.stdout.readline().strip()
        if ready != "ready":
            raise SystemExit(f"{name}: the worker did not start ({ready!r})")

    def time(self, set_name: str) -> dict:
        self.proc.stdin.write(set_name + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--baseline", type=Path, help="another source tree (required)")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--count", type=int, default=10000, help="17-clue puzzles")
    p.add_argument("--count16", type=int, default=20)
    p.add_argument("--count25", type=int, default=10)
    p.add_argument("--clues25", type=int, default=330)
    p.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    p.add_argument("--worker", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        return worker(args.worker)
    if args.baseline is None:
        p.error("--baseline DIR is required (a source tree to compare with)")
    sys.path.insert(0, str(ROOT))
    began = time.perf_counter()
    seventeen = [values(s) for s in load(args.data / "royle_17_clue.txt", args.count)]
    guessless = guesses_zero(seventeen)
    spec = {
        "17-clue": ((3, 3), seventeen),
        "17-clue, no guess": ((3, 3), [r for r, z in zip(seventeen, guessless) if z]),
        "17-clue, guessing": ((3, 3), [r for r, z in zip(seventeen, guessless) if not z]),
        "top95": ((3, 3), [values(s) for s in load(args.data / "norvig_top95.txt")]),
        "top1465": ((3, 3), [values(s) for s in load(args.data / "magictour_top1465.txt")]),
        "forum_hardest": ((3, 3), [values(s) for s in
                                   load(args.data / "forum_hardest_1106.txt")]),
        "16x16 minimal": ((4, 4), sample((4, 4), args.count16, None)),
        f"25x25 {args.clues25} clues": ((5, 5), sample((5, 5), args.count25, args.clues25)),
    }
    print(f"samples made in {time.perf_counter() - began:.1f} s; "
          f"best of {args.rounds} rounds, trees alternating set by set", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        spec_path = Path(tmp) / "spec.json"
        spec_path.write_text(json.dumps(spec))
        trees = [Tree("this", ROOT, spec_path, None),
                 Tree("baseline", args.baseline.resolve(), spec_path, Path(tmp) / "cache")]
        try:
            best = {(t.name, s): float("inf") for t in trees for s in spec}
            last: dict = {}
            for r in range(args.rounds):
                for s in spec:
                    for t in (trees if r % 2 == 0 else trees[::-1]):
                        row = t.time(s)
                        best[t.name, s] = min(best[t.name, s], row["seconds"])
                        last[t.name, s] = row
                    a, b = last["this", s], last["baseline", s]
                    if a["digest"] != b["digest"]:
                        raise SystemExit(f"{s}: counts or first solutions differ between trees")
        finally:
            for t in trees:
                t.close()
    print(f"{'set':22} {'puzzles':>7} {'this us':>9} {'base us':>9} {'speed-up':>8}"
          f"   nodes this/base   guesses this/base")
    for s, (_, rows) in spec.items():
        a, b = best["this", s] / len(rows) * 1e6, best["baseline", s] / len(rows) * 1e6
        ra, rb = last["this", s], last["baseline", s]
        print(f"{s:22} {len(rows):7} {a:9.2f} {b:9.2f} {b / a:7.2f}x"
              f"   {ra['nodes']:>8}/{rb['nodes']:<8} {ra['guesses']:>8}/{rb['guesses']:<8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
