"""Soak test: the cross-checker against an independent solution counter, for hours.

Each *check* draws one random board (deterministic from ``--seed`` and its index),
cross-checks it the way a batch run does (the batch runner's worker function
``sudoku_cp.batch.check_chunk``, the check pipeline's worker side), and compares the
verdict with an independent counter written here: its own CNF (one variable per
cell and value, its own house lists, givens as unit clauses) solved by ``pycosat``,
which sees at most two solutions. No code is shared with ``sudoku_cp.encode``.

- unique: the counter finds exactly one solution, and it is the cross-checker's;
- multiple / none: the counter finds two / zero;
- anything else is a **disagreement**, printed at once with the board, and kept in
  ``STATE.disagreements.jsonl`` (so is a check a time limit left ``unknown``).

The boards: shapes 2x2 to 4x4 boxes (4x4 to 16x16 boards), classic, Sudoku-X (both
diagonals) or 1-3 extra houses of 2..n cells (half of them drawn at random, half drawn
to fit a known grid); givens kept from a grid of that variant at a random density,
sometimes with a wrong value planted, so the cases are unique, multiple and none; some
boards up to 9x9 are drawn near-empty (``SPARSE``).
Large boards are drawn less often (they cost far more).

``--backends LIST`` picks the backends of the cross-check (default: the check's
defaults, sat, cpsat and backtrack; ``all``: every registered backend whose package is
installed, dlx, fast, mip and asp too). The closing lines count the checks per board
size and backend, and each backend's time-outs (``unknown`` answers) per board size.

The cases run in chunks on ``--workers`` processes (one per core by default), each
process keeping its backends between cases like a batch worker. The run stops by
itself at ``--checks`` checks or after ``--minutes``, prints its count, and saves its
position in ``--state`` (only past cases whose chunk has finished); running again
with the same state file resumes where it stopped (same seed, next index)::

    nice -n 19 python3 benchmarks/soak.py --checks 1000000 --minutes 150 --state soak.json
    python3 benchmarks/soak.py --checks 300          # a quick look: a few seconds
    python3 benchmarks/soak.py --minutes 5 --checks 1000000 --backends all --time-limit 10
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from collections import Counter, deque
from concurrent.futures import ProcessPoolExecutor
from itertools import chain
from pathlib import Path

# the source tree this script sits in, never an installed copy that may be older
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: (box rows, box cols) and how often each is drawn.
SHAPES = {(2, 2): 30, (2, 3): 25, (3, 2): 5, (2, 4): 10, (3, 3): 24, (3, 4): 4, (4, 4): 2}
#: How often each variant is drawn.
VARIANTS = {"classic": 45, "x": 20, "houses": 35}
#: The share of boards up to 9x9 drawn near-empty (at most 15% givens).
SPARSE = 0.15


# -- the independent counter -------------------------------------------------------------------
def house_lists(br: int, bc: int, extra: list[list[int]]) -> list[list[int]]:
    """Rows, columns and boxes of the shape, then the extra houses."""
    n = br * bc
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [[(top + i) * n + left + j for i in range(br) for j in range(bc)]
             for top in range(0, n, br) for left in range(0, n, bc)]
    return rows + cols + boxes + [list(h) for h in extra]


_BASE: dict[tuple[int, int], list[list[int]]] = {}


def _house_clauses(n: int, house, clauses: list[list[int]]) -> None:
    """Each value at most once in the house; at least once when it has n cells."""
    for v in range(1, n + 1):
        for i, a in enumerate(house):
            for b in house[i + 1:]:
                clauses.append([-(a * n + v), -(b * n + v)])
        if len(house) == n:  # a house of n cells holds every value
            clauses.append([cell * n + v for cell in house])


def base_clauses(br: int, bc: int) -> list[list[int]]:
    """The classic board's clauses (variable cell*n + v, v in 1..n), built once per shape."""
    clauses = _BASE.get((br, bc))
    if clauses is None:
        n = br * bc
        clauses = []
        for cell in range(n * n):
            clauses.append([cell * n + v for v in range(1, n + 1)])
            for v in range(1, n + 1):
                for w in range(v + 1, n + 1):
                    clauses.append([-(cell * n + v), -(cell * n + w)])
        for house in house_lists(br, bc, []):
            _house_clauses(n, house, clauses)
        _BASE[(br, bc)] = clauses
    return clauses


def count_solutions(br: int, bc: int, extra, givens) -> list[tuple[int, ...]]:
    """Up to two solutions, by pycosat on the CNF written here."""
    import pycosat

    n = br * bc
    clauses: list[list[int]] = []
    for house in extra:
        _house_clauses(n, list(house), clauses)
    clauses.extend([cell * n + v] for cell, v in enumerate(givens) if v)
    found = []
    for model in pycosat.itersolve(chain(base_clauses(br, bc), clauses)):
        found.append(tuple((x - 1) % n + 1 for x in model if 0 < x <= n ** 3))
        if len(found) == 2:
            break
    return found


def valid(br: int, bc: int, extra, givens, grid) -> bool:
    """The counter's own check of a solution: givens kept, every house different."""
    n = br * bc
    if len(grid) != n * n or any(g and g != v for g, v in zip(givens, grid)):
        return False
    return all(len({grid[c] for c in h}) == len(h) for h in house_lists(br, bc, extra))


# -- the boards ---------------------------------------------------------------------------------
def pattern_grid(br: int, bc: int, rng: random.Random) -> list[int]:
    """A classic solution grid: the shifted pattern, then random relabelling and
    permutations of bands, stacks, and rows and columns within them."""
    n = br * bc
    base = [[(bc * (r % br) + r // br + c) % n + 1 for c in range(n)] for r in range(n)]
    rows = [b * br + r for b in rng.sample(range(bc), bc) for r in rng.sample(range(br), br)]
    cols = [s * bc + c for s in rng.sample(range(br), br) for c in rng.sample(range(bc), bc)]
    label = [0] + rng.sample(range(1, n + 1), n)
    return [label[base[r][c]] for r in rows for c in cols]


def variant_grid(br: int, bc: int, extra, rng: random.Random) -> list[int] | None:
    """A solution of the empty variant board, pushed apart by n random givens that
    differ from the givens already placed in their houses (so the seed rarely clashes)."""
    n = br * bc
    houses = house_lists(br, bc, extra)
    houses_of: list[list[int]] = [[] for _ in range(n * n)]
    for house in houses:
        for cell in house:
            houses_of[cell].append(house)
    for _ in range(5):
        seed = [0] * (n * n)
        for cell in rng.sample(range(n * n), n):
            used = {seed[c] for h in houses_of[cell] for c in h}
            free = [v for v in range(1, n + 1) if v not in used]
            if free:
                seed[cell] = rng.choice(free)
        found = count_solutions(br, bc, extra, seed)
        if found:
            return list(found[0])
    return None


def fitting_house(grid: list[int], size: int, rng: random.Random) -> list[int]:
    """``size`` random cells holding different values in ``grid`` (a house it satisfies)."""
    by_value: dict[int, list[int]] = {}
    for cell, v in enumerate(grid):
        by_value.setdefault(v, []).append(cell)
    return [rng.choice(by_value[v]) for v in rng.sample(sorted(by_value), size)]


def draw_board(rng: random.Random):
    """One random case: (box, variant, extra houses, givens)."""
    br, bc = rng.choices(list(SHAPES), weights=list(SHAPES.values()))[0]
    n = br * bc
    variant = rng.choices(list(VARIANTS), weights=list(VARIANTS.values()))[0]
    extra: list[list[int]] = []
    grid: list[int] | None = pattern_grid(br, bc, rng) if variant == "classic" else None
    if variant == "x":
        extra = [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    elif variant == "houses" and rng.random() < 0.5:  # houses the grid below satisfies
        grid = pattern_grid(br, bc, rng)
        extra = [fitting_house(grid, rng.randint(2, n), rng) for _ in range(rng.randint(1, 3))]
    elif variant == "houses":  # houses at random: a grid of them is searched for
        extra = [rng.sample(range(n * n), rng.randint(2, n)) for _ in range(rng.randint(1, 3))]
    if grid is None:
        grid = variant_grid(br, bc, extra, rng)
    if grid is None:  # no solution found quickly: an unseeded pattern grid makes 'none' cases
        grid = pattern_grid(br, bc, rng)
    low = 0.3 if n <= 9 else 0.55
    density = rng.uniform(low, 0.85)
    if n <= 9 and rng.random() < SPARSE:  # near-empty: where dlx once ground on small houses
        density = rng.uniform(0.0, 0.15)
    givens = [v if rng.random() < density else 0 for v in grid]
    if rng.random() < 0.1:  # plant a wrong value: mostly 'none'
        cell = rng.randrange(n * n)
        givens[cell] = rng.randint(1, n)
    return (br, bc), variant, extra, givens


# -- the run ------------------------------------------------------------------------------------
def all_backends() -> list[str]:
    """Every registered backend whose solver package is installed."""
    import importlib.util

    from sudoku_cp.backends import BACKENDS

    needs = {"fast": "numba", "mip": "highspy", "asp": "clingo"}
    return [name for name in BACKENDS
            if name not in needs or importlib.util.find_spec(needs[name]) is not None]


def check_one(index: int, seed: int, time_limit: float,
              backends: list[str] | None = None) -> tuple[str, str, dict]:
    """Cross-check case ``index`` through the batch worker and compare with the counter.

    Returns (outcome, shape-variant label, record); outcome is the agreed verdict,
    'unknown' (a time limit cut the cross-check short) or 'DISAGREE'.
    """
    from sudoku_cp.batch import check_chunk

    rng = random.Random(f"{seed}:{index}")
    (br, bc), variant, extra, givens = draw_board(rng)
    item = ("soak", index, index, tuple(givens), (br, bc), tuple(map(tuple, extra)), None)
    [checked] = check_chunk([item], backends, time_limit)
    verdict, record = checked.verdict, checked.record
    found = count_solutions(br, bc, extra, givens)
    if not all(valid(br, bc, extra, givens, s) for s in found):
        return "DISAGREE", "", {**record, "why": "the counter returned a non-solution"}
    expected = ("none", "unique", "multiple")[len(found)]
    label = f"{br * bc}x{br * bc} {variant}"
    if verdict == "unknown":
        return "unknown", label, record
    if verdict != expected:
        return "DISAGREE", label, {**record, "extra": extra, "why": f"counter says {expected}"}
    if expected == "unique" and record.get("solution") is not None:
        from sudoku_cp.board import Board

        mine = Board.from_values(found[0], (br, bc)).to_text()
        if record["solution"] != mine:
            return "DISAGREE", label, {**record, "why": "another unique solution"}
    return verdict, label, record


def check_range(begin: int, end: int, seed: int, time_limit: float,
                backends: list[str] | None = None) -> list[tuple]:
    """Cases ``begin .. end-1`` in one worker: ``(outcome, label, record or None,
    {backend: status})`` each (the record only for a disagreement or an unknown, which
    are kept)."""
    out = []
    for index in range(begin, end):
        outcome, label, record = check_one(index, seed, time_limit, backends)
        keep = outcome in ("DISAGREE", "unknown")
        statuses = {name: r.get("status") for name, r in (record.get("backends") or {}).items()}
        out.append((outcome, label, record if keep else None, statuses))
    return out


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the parent, which saves the state and stops them."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--checks", type=int, default=1000, help="stop after this many (total)")
    p.add_argument("--minutes", type=float, default=None, help="stop after this long")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--time-limit", type=float, default=60.0, help="seconds per backend")
    p.add_argument("--state", default=None, help="JSON file to resume from and save to")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                   help="worker processes (default: one per core)")
    p.add_argument("--chunk", type=int, default=200, help="cases per task")
    p.add_argument("--backends", default=None, metavar="LIST",
                   help="backends of the cross-check (default: sat,cpsat,backtrack; 'all': "
                        "every installed one)")
    args = p.parse_args(argv)
    backends = (all_backends() if args.backends == "all"
                else args.backends.split(",") if args.backends else None)

    state = {"seed": args.seed, "next": 0, "outcomes": {}, "kinds": {}, "seconds": 0.0,
             "backends": backends, "per_backend": {}, "timeouts": {}}
    state_path = Path(args.state) if args.state else None
    if state_path and state_path.exists():
        state = json.loads(state_path.read_text())
        if state["seed"] != args.seed:
            sys.exit(f"{state_path} was made with --seed {state['seed']}, not {args.seed}")
        if state.get("backends") != backends:
            sys.exit(f"{state_path} was made with --backends {state.get('backends')}")
    outcomes, kinds = Counter(state["outcomes"]), Counter(state["kinds"])
    per_backend = Counter(state.get("per_backend", {}))  # "9x9 dlx": checks
    timeouts = Counter(state.get("timeouts", {}))  # "9x9 dlx": unknown answers
    bad_log = state_path.with_suffix(".disagreements.jsonl") if state_path else None

    def save() -> None:
        state.update(outcomes=dict(outcomes), kinds=dict(kinds), per_backend=dict(per_backend),
                     timeouts=dict(timeouts))
        if state_path:
            tmp = state_path.with_suffix(".tmp")
            tmp.write_text(json.dumps(state, indent=1))
            tmp.replace(state_path)

    def take(results: list[tuple]) -> None:
        for outcome, label, record, statuses in results:
            outcomes[outcome] += 1
            kinds[label] += 1
            size = label.split()[0] if label else "?"
            for name, status in statuses.items():
                per_backend[f"{size} {name}"] += 1
                timeouts[f"{size} {name}"] += status == "unknown"
            if record is not None:  # kept, so each can be looked at again
                print(outcome, json.dumps(record), flush=True)
                if bad_log:
                    with open(bad_log, "a") as f:
                        f.write(json.dumps({"outcome": outcome, **record}) + "\n")
        state["next"] += len(results)

    start = last_save = time.perf_counter()
    deadline = start + args.minutes * 60 if args.minutes else None
    spent_before = state["seconds"]
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    pool = ProcessPoolExecutor(args.workers, multiprocessing.get_context(method),
                               initializer=_quiet_worker)
    pending: deque = deque()  # futures in case order: the state only moves past finished ones
    queued = state["next"]
    try:
        while state["next"] < args.checks:
            out_of_time = deadline is not None and time.perf_counter() > deadline
            while not out_of_time and queued < args.checks and len(pending) < 2 * args.workers:
                end = min(queued + args.chunk, args.checks)
                pending.append(pool.submit(check_range, queued, end, args.seed, args.time_limit,
                                           backends))
                queued = end
            if not pending:
                break
            take(pending.popleft().result())
            now = time.perf_counter()
            state["seconds"] = spent_before + now - start
            if now - last_save > 30:
                save()
                last_save = now
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
    for future in pending:
        future.cancel()
    pool.shutdown(wait=False, cancel_futures=True)
    save()
    total = state["next"]
    print(f"soak: {total} checks (seed {args.seed}), {outcomes['DISAGREE']} disagreements, "
          f"{outcomes['unknown']} unknown; verdicts "
          + ", ".join(f"{v} {outcomes[v]}" for v in ("unique", "multiple", "none"))
          + f"; {state['seconds']:.0f} s of wall time in all, {args.workers} workers")
    print("by board: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()) if k))
    print("checks by size and backend: " + ", ".join(f"{k} {v}" for k, v in
                                                      sorted(per_backend.items(), key=_size)))
    print("time-outs by size and backend: " + (", ".join(
        f"{k} {v}" for k, v in sorted(timeouts.items(), key=_size) if v) or "none"))
    return 1 if outcomes["DISAGREE"] else 0


def _size(item) -> tuple:
    size, _, name = item[0].partition(" ")
    return (int(size.split("x")[0]) if size[0].isdigit() else 0, name)


if __name__ == "__main__":
    sys.exit(main())
