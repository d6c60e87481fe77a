"""The compiled ``fast`` backend against ``backtrack``, and ``sat`` against a bare PySAT loop.

Everything is measured in one run, interleaved block by block, so that the ratios
survive a shared, noisy machine (absolute figures on a loaded machine are lower
bounds). Clock: process time for the in-process figures (single-threaded work),
wall time for the commands run as subprocesses.

    python3 benchmarks/bench_fast.py                      # the issue 12 targets
    python3 benchmarks/bench_fast.py --agree              # + fast vs sat on every shared set
    python3 benchmarks/bench_fast.py --cold               # + first-ever compile time
    python3 benchmarks/bench_fast.py --sections 1,2       # only some sections

Sections:

1. uniqueness checks per second on the first ``--count`` 17-clue puzzles and on
   forum_hardest_1106: ``fast`` through its batch entry point (``check_array``, one
   call per block) and through ``solve``; ``backtrack`` through ``solve``; the ratios.
   Every verdict must agree and every solution pass ``is_solution``.
2. ``sudoku-cp check -f royle_17_clue.txt --backends fast --workers 2`` over the whole
   file: wall time, and wall time after start-up (minus the same command on one puzzle);
   the CPU time of every process of the run (read from /proc), which a loaded machine
   changes far less than the wall time; with ``--baseline DIR`` the same for another
   source tree, in turn.
3. the generator: verified minimal 9x9 puzzles per second (wall and per CPU second),
   digging with ``fast`` (not graded, and graded too) and with ``sat``.
4. the ``sat`` backend against a bare reused PySAT loop (CaDiCaL 1.9.5, the extended
   encoding, givens as assumptions, a blocking clause under an activation literal for
   the second call), interleaved puzzle by puzzle, the order rotating; the backend given
   a Board and given the text; on the first ``--count`` 17-clue puzzles, norvig_top95
   and forum_hardest_1106, ``--rounds4`` rounds each (the median shown, with every
   round's ratio); then one run on the 17-clue puzzles with the solver's ``solve`` and
   ``get_model`` timed apart: each check divided into first call, second call, model
   and the Python around them.
5. start-up of a second process that solves with ``fast`` (caches warm): with the stored
   object code (no numba import), with numba's own cache, and the floor of importing numpy.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_cp import Board, is_solution, solve  # noqa: E402
from sudoku_cp.board import geometry  # noqa: E402

from puzzle_lines import load, values  # noqa: E402

clock = time.process_time


# -- 1. fast vs backtrack ----------------------------------------------------------------------
def checks(lines: list[str], block: int, with_backtrack: bool) -> dict:
    from sudoku_cp.backends.fast import check_array

    import numpy as np

    g = geometry(3, 3)
    boards = [Board.from_values(values(line)) for line in lines]
    # The batch entry point takes the puzzles as one int64 array; like the Boards given
    # to solve, the arrays are built outside the clock. The same call given the Boards'
    # tuples (a list of them, converted inside) is timed too ("tuples").
    tuples = [[b.givens for b in boards[i:i + block]] for i in range(0, len(boards), block)]
    arrays = [np.array(t, dtype=np.int64) for t in tuples]
    check_array([values(lines[0])], g)  # compiled code loaded before the clock starts
    solve(boards[0], "fast", limit=2)
    solve(boards[0], "backtrack", limit=2)
    t = {"batch": 0.0, "tuples": 0.0, "solve": 0.0, "backtrack": 0.0}
    for i in range(0, len(boards), block):
        chunk = boards[i:i + block]
        givens = arrays[i // block]  # built outside the clock, like the Boards for solve
        start = clock()
        counts, first, stats = check_array(givens, g)
        t["batch"] += clock() - start
        start = clock()
        again = check_array(tuples[i // block], g)
        t["tuples"] += clock() - start
        assert (again[0] == counts).all() and (again[1] == first).all()
        start = clock()
        ours = [solve(b, "fast", limit=2) for b in chunk]
        t["solve"] += clock() - start
        theirs = None
        if with_backtrack:
            start = clock()
            theirs = [solve(b, "backtrack", limit=2) for b in chunk]
            t["backtrack"] += clock() - start
        for k, board in enumerate(chunk):  # outside the clock: every answer is checked
            verdict = (len(ours[k].solutions), ours[k].exhausted)
            assert verdict == (int(counts[k]), bool(stats[k, 2])), board
            assert all(is_solution(board, s) for s in ours[k].solutions)
            assert counts[k] == 0 or is_solution(board, first[k].tolist())
            if theirs is not None:
                assert verdict == (len(theirs[k].solutions), theirs[k].exhausted), board
    n = len(boards)
    rates = {k: n / v for k, v in t.items() if v > 0}
    return rates


# -- 2. the batch command ------------------------------------------------------------------------
def tree_cpu(root: int) -> dict[int, tuple[int, float]]:
    """CPU seconds so far of ``root`` and every process below it, ``{pid: (ppid, s)}``
    (Linux /proc; empty elsewhere). The batch's workers are children of a forkserver
    that nobody waits for, so they never show in the parent's rusage."""
    found: dict[int, tuple[int, float]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return found
    stats = {}
    for name in entries:
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            stats[int(name)] = (int(fields[1]), (int(fields[11]) + int(fields[12]))
                                / os.sysconf("SC_CLK_TCK"))
    for pid, (ppid, cpu) in stats.items():
        p = pid
        while p in stats and p != root:
            p = stats[p][0]
        if p == root:
            found[pid] = (ppid, cpu)
    return found


def timed_run(cmd: list[str], env: dict, stdout,
              cwd: Path = ROOT) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds of the whole process tree and of the parent alone
    (sampled every 20 ms, so a little low), and the exit code."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=stdout, stderr=subprocess.DEVNULL, cwd=cwd)
    seen: dict[int, tuple[int, float]] = {}
    while proc.poll() is None:
        seen.update(tree_cpu(proc.pid))
        time.sleep(0.02)
    wall = time.perf_counter() - start
    parent = seen.get(proc.pid, (0, 0.0))[1]
    return wall, sum(cpu for _, cpu in seen.values()), parent, proc.returncode


def batch_command(path: Path, workers: int, tree: Path = ROOT) -> dict:
    """The batch command run from the source tree ``tree`` (this one, or a baseline)."""
    cmd = [sys.executable, "-m", "sudoku_cp", "check", "--backends", "fast",
           "--workers", str(workers), "--no-progress"]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    with tempfile.TemporaryDirectory() as tmp:
        one = Path(tmp) / "one.txt"
        one.write_text(load(path, 1)[0] + "\n")
        up = timed_run(cmd + ["-f", str(one)], env, subprocess.DEVNULL, tree)
        out = Path(tmp) / "out.jsonl"
        with open(out, "w") as f:
            run = timed_run(cmd + ["-f", str(path.resolve())], env, f, tree)
        unique = out.read_text().count('"verdict": "unique"')
    assert run[3] == 0, run[3]
    return {"wall": run[0], "startup": up[0], "cpu": run[1], "cpu_startup": up[1],
            "parent": run[2], "parent_startup": up[2], "unique": unique}


# -- 3. the generator ----------------------------------------------------------------------------
def generator(count: int, rounds: int) -> dict:
    """Best rate over ``rounds`` of ``count`` minimal 9x9 puzzles, each verified as the
    generator verifies by default (``verifiers()``): (wall, CPU) puzzles per second for
    fast digging, fast digging with every puzzle graded too, and sat digging."""
    from sudoku_cp.generate import generate

    list(generate(1, minimal=True, seed=0, backend="fast"))
    list(generate(1, minimal=True, seed=0, backend="sat"))
    runs = {"fast": ("fast", False), "fast, graded": ("fast", True), "sat": ("sat", False)}
    best: dict[str, tuple[float, float]] = {}
    for r in range(rounds):
        for label, (backend, graded) in runs.items():
            wall, cpu = time.perf_counter(), time.process_time()
            made = list(generate(count, minimal=True, seed=100 + r, backend=backend))
            if graded:
                levels = [p.level for p in made]  # grading is lazy: reading it grades
                assert len(levels) == count
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            assert all(p.minimal and not p.missed for p in made)
            assert all(p.verified == verifiers() for p in made), made[0].verified
            old = best.get(label, (0.0, 0.0))
            best[label] = (max(old[0], count / wall), max(old[1], count / cpu))
    return best


def verifiers() -> tuple[str, ...]:
    """Who confirms each generated 9x9 puzzle by default: ``fast`` and ``sat`` where numba
    is installed, else the cross-checker's default backends (``generate.default_verifiers``;
    the benchmark asserted the second long after the generator moved to the first)."""
    from sudoku_cp.backends import DEFAULT_CHECK
    from sudoku_cp.generate import default_verifiers
    from sudoku_cp.geometry import geometry

    return tuple(default_verifiers(geometry(3, 3)) or DEFAULT_CHECK)


# -- 4. sat vs the bare loop -----------------------------------------------------------------------
def sat_vs_bare(lines: list[str], split: bool = False) -> dict:
    """Checks per second of the bare loop and of the backend, from the puzzle's text
    (the backend's time includes building the Board) and from a ready Board.

    The three take turns puzzle by puzzle, the order rotating, each with a solver of its
    own (learned clauses must not carry over). With ``split`` the solver's ``solve`` and
    ``get_model`` are timed on their own as well (a wrapper around both, the same for
    all three), so that each check's time divides into first call, second call, model
    and the Python around them; the wrapper's own cost lands in "Python", alike for all.
    """
    from pysat.solvers import Cadical195, Solver

    from sudoku_cp.backends.sat import SatBackend
    from sudoku_cp.encode.cnf import encode

    g = geometry(3, 3)
    enc = encode(g, "extended")
    nv, n = enc.nv, g.n
    backend = SatBackend("cadical195")
    other = SatBackend("cadical195")  # its own solver: learned clauses must not carry over
    boards = [Board.from_values(values(line)) for line in lines]
    state = {"bare": None, "act": 0, "second": None}
    parts = {name: dict.fromkeys(("first", "second", "model"), 0.0)
             for name in ("bare", "text", "board")}
    timed = {"who": None}

    def bare_check(i: int, line: str) -> None:
        bare = state["bare"]
        if i % nv == 0:  # rebuilt as often as the backend rebuilds (SatBackend.REBUILD_AFTER)
            if bare is not None:
                bare.delete()
            bare = state["bare"] = Solver(name="cadical195", bootstrap_with=enc.cnf.clauses)
            state["act"] = nv + 1
        act = state["act"]
        assumptions = [c * n + int(ch) for c, ch in enumerate(line) if ch not in ".0"]
        bare.solve(assumptions=assumptions)
        model = bare.get_model()
        bare.add_clause([-act] + [-lit for lit in model[:nv] if lit > 0])
        state["second"] = bare.solve(assumptions=assumptions + [act])
        bare.add_clause([-act])
        state["act"] = act + 1

    results: dict = {}
    contenders = {
        "bare": lambda i, line: bare_check(i, line),
        "text": lambda i, line: results.__setitem__(
            "text", other.solve(Board.from_values(values(line)), limit=2)),
        "board": lambda i, line: results.__setitem__("board", backend.solve(boards[i], limit=2)),
    }
    originals = Cadical195.solve, Cadical195.get_model
    if split:  # time the two solver methods apart; "first" is a puzzle's first solve call
        calls = {"n": 0}

        def solve_timed(self, assumptions=[]):  # noqa: B006 (PySAT's own signature)
            start = time.perf_counter()
            try:
                return originals[0](self, assumptions)
            finally:
                part = "first" if calls["n"] == 0 else "second"
                calls["n"] += 1
                parts[timed["who"]][part] += time.perf_counter() - start

        def model_timed(self):
            start = time.perf_counter()
            try:
                return originals[1](self)
            finally:
                parts[timed["who"]]["model"] += time.perf_counter() - start

        Cadical195.solve, Cadical195.get_model = solve_timed, model_timed
    t = dict.fromkeys(contenders, 0.0)
    forced = 0
    names = list(contenders)
    clock_ = time.perf_counter if split else clock
    try:
        for i, line in enumerate(lines):
            for name in names[i % 3:] + names[:i % 3]:
                timed["who"] = name
                if split:
                    calls["n"] = 0
                start = clock_()
                contenders[name](i, line)
                t[name] += clock_() - start
            result = results["board"]
            assert not state["second"] and result.exhausted and len(result.solutions) == 1, line
            assert results["text"].solutions == result.solutions
            assert is_solution(boards[i], result.solution)
            forced += result.stats["forced_by_propagation"]
    finally:
        Cadical195.solve, Cadical195.get_model = originals
        state["bare"].delete()
        backend.close()
        other.close()
    rates = {k: len(lines) / v for k, v in t.items()}
    rates["forced"] = forced / len(lines)
    if split:  # microseconds per check: first call, second call, model, the rest (Python)
        rates["split"] = {
            name: {**{k: v / len(lines) * 1e6 for k, v in p.items()},
                   "python": (t[name] - sum(p.values())) / len(lines) * 1e6,
                   "total": t[name] / len(lines) * 1e6}
            for name, p in parts.items()}
    return rates


# -- 5. start-up --------------------------------------------------------------------------------
SOLVE_ONCE = (
    "import time; t = time.perf_counter()\n"
    "from sudoku_cp import Board, solve\n"
    "from sudoku_cp.backends.fast import check_array, dig, fill\n"
    "from sudoku_cp.board import geometry\n"
    "solve(Board.empty((3, 3)), 'fast', limit=2)\n"
    "check_array([[0] * 81], geometry(3, 3))\n"
    "grid = [(3 * (r % 3) + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9)]\n"
    "dig(grid, geometry(3, 3), [(c,) for c in range(81)])\n"
    "fill(geometry(3, 3), 1, 10_000)\n"
)


def children_cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def startup(env_extra: dict | None = None, code: str = SOLVE_ONCE) -> tuple[float, float]:
    """Wall and CPU seconds of a fresh process that runs ``code`` (by default: loads
    fast and solves once)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env_extra or {})}
    start, cpu = time.perf_counter(), children_cpu()
    subprocess.run([sys.executable, "-c", code], env=env, check=True)
    return time.perf_counter() - start, children_cpu() - cpu


def agree(data: Path) -> None:
    """fast (batch entry point) against sat, verdict by verdict, on every shared set."""
    from sudoku_cp.backends.fast import check_array

    g = geometry(3, 3)
    for path in sorted(data.glob("*.txt")):
        lines = load(path)
        counts, first, stats = check_array([values(s) for s in lines], g)
        start = time.perf_counter()
        for k, line in enumerate(lines):
            board = Board.from_values(values(line))
            theirs = solve(board, "sat", limit=2)
            ours = (min(int(counts[k]), 2), bool(stats[k, 2]) or counts[k] >= 2)
            assert ours == (len(theirs.solutions), theirs.exhausted or len(theirs.solutions) >= 2), \
                (path.name, k, line)
            if counts[k] == 1:
                assert theirs.solution == tuple(first[k].tolist())
        print(f"  {path.name:28} {len(lines):6} puzzles: every verdict agrees "
              f"(sat took {time.perf_counter() - start:.0f} s)", flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    p.add_argument("--count", type=int, default=10_000, help="17-clue puzzles (default 10000)")
    p.add_argument("--block", type=int, default=250, help="puzzles per interleaved block")
    p.add_argument("--generate", type=int, default=100, help="puzzles per generator round")
    p.add_argument("--rounds", type=int, default=2, help="generator rounds (best counts)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--agree", action="store_true", help="also fast vs sat on every shared set")
    p.add_argument("--cold", action="store_true", help="also the first-ever compile time")
    p.add_argument("--rounds4", type=int, default=3,
                   help="section 4: rounds per set (each round interleaved; all ratios shown)")
    p.add_argument("--sections", default="1,2,3,4,5", help="which sections to run (default all)")
    p.add_argument("--baseline", type=Path, metavar="DIR",
                   help="section 2 also runs the command from this source tree, in turn "
                        "with this one (e.g. an older commit: git archive COMMIT | tar -x -C DIR)")
    args = p.parse_args(argv)
    data = args.data
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} "
          f"(shared: absolute figures are lower bounds, ratios hold)")

    run = {int(x) for x in args.sections.split(",")}
    if 1 in run:
        section1(args, data)
    if 2 in run:
        section2(args, data)
    if 3 in run:
        section3(args)
    if 4 in run:
        section4(args, data)
    if 5 in run:
        section5(args)
    if args.agree:
        print("\n6. fast (batch) vs sat, every verdict, every shared set")
        agree(data)
    return 0


def section1(args, data: Path) -> None:
    print("\n1. uniqueness checks per second (process time, interleaved blocks of "
          f"{args.block})")
    for name, lines in (("17-clue", load(data / "royle_17_clue.txt", args.count)),
                        ("forum_hardest_1106", load(data / "forum_hardest_1106.txt"))):
        r = checks(lines, args.block, True)
        print(f"  {name:19} {len(lines):6} puzzles: fast batch {r['batch']:9,.0f}/s   "
              f"fast solve {r['solve']:8,.0f}/s   backtrack {r['backtrack']:6,.0f}/s   "
              f"ratios {r['batch'] / r['backtrack']:5.1f}x (batch) "
              f"{r['solve'] / r['backtrack']:5.1f}x (solve)\n"
              f"  {'':19} {'':6}          fast batch given a list of tuples "
              f"{r['tuples']:9,.0f}/s ({r['tuples'] / r['backtrack']:.1f}x)",
              flush=True)



def section2(args, data: Path) -> None:
    print("\n2. sudoku-cp check -f royle_17_clue.txt --backends fast "
          f"--workers {args.workers} (wall time; CPU time of the process tree)")
    trees = [("this tree", ROOT)]
    if args.baseline:  # another source tree (e.g. an older commit), run in turn with this one
        trees.insert(0, ("baseline", args.baseline.resolve()))
    for _, tree in trees:  # each tree's compiled code in its cache before any clock starts
        batch_command(data / "norvig_easy50.txt", 1, tree)
    for name, tree in trees * (2 if args.baseline else 1):
        r = batch_command(data / "royle_17_clue.txt", args.workers, tree)
        cpu, parent = r["cpu"] - r["cpu_startup"], r["parent"] - r["parent_startup"]
        print(f"  {name}: {r['unique']} unique; {r['wall']:.2f} s in all, start-up "
              f"{r['startup']:.2f} s (the same command on one puzzle), "
              f"{r['wall'] - r['startup']:.2f} s after start-up\n"
              f"    CPU after start-up: {cpu:.2f} s in all processes, {parent:.2f} s in the "
              f"parent: on {args.workers} free cores at least "
              f"{max(parent, cpu / args.workers):.2f} s of wall time", flush=True)


def section3(args) -> None:
    print(f"\n3. generator: verified minimal 9x9 puzzles per second (best of {args.rounds} "
          f"rounds of {args.generate}; each verified by {' and '.join(verifiers())})")
    g = generator(args.generate, args.rounds)
    for label, (wall, cpu) in g.items():
        print(f"  digging with {label:13} {wall:6.1f}/s wall, {cpu:6.1f} per CPU second")
    print(f"  fast over sat: {g['fast'][0] / g['sat'][0]:.2f}x (wall)", flush=True)


def section4(args, data: Path) -> None:
    print("\n4. sat backend vs a bare reused PySAT loop (CaDiCaL 1.9.5), interleaved per "
          f"puzzle (order rotating), process time; the median of {args.rounds4} rounds per set")
    sets = (("17-clue", load(data / "royle_17_clue.txt", args.count)),
            ("top95", load(data / "norvig_top95.txt")),
            ("forum_hardest_1106", load(data / "forum_hardest_1106.txt")))
    for name, lines in sets:
        runs = sorted((sat_vs_bare(lines) for _ in range(args.rounds4)),
                      key=lambda r: r["board"] / r["bare"])
        s = runs[len(runs) // 2]  # the median round
        ratios = ", ".join(f"{r['board'] / r['bare']:.2f}x" for r in runs)  # (sorted)
        print(f"  {name}: bare loop {s['bare']:,.0f}/s; sat backend {s['board']:,.0f}/s given a "
              f"Board ({s['board'] / s['bare']:.2f}x; rounds: {ratios}), "
              f"{s['text']:,.0f}/s from the text ({s['text'] / s['bare']:.2f}x); second call "
              f"skipped for {s['forced']:.0%} (first call made no decision)", flush=True)
    split = sat_vs_bare(sets[0][1], split=True)["split"]
    print("  17-clue, microseconds per check (wall clock, a separate run with the two solver "
          "methods timed apart):")
    for name, label in (("bare", "bare loop"), ("board", "sat, Board"), ("text", "sat, text")):
        p = split[name]
        print(f"    {label:11} {p['total']:6.1f} = first call {p['first']:5.1f} + second call "
              f"{p['second']:5.1f} + get_model {p['model']:5.1f} + Python {p['python']:5.1f}",
              flush=True)


def section5(args) -> None:
    print("\n5. start-up of a process that solves with fast (caches warm; median of 5, the "
          "rows interleaved)")
    rows = {
        "stored object code (the default)": ("", {}),
        "numba's own cache (SUDOKU_CP_FAST_NATIVE=0)": ("", {"SUDOKU_CP_FAST_NATIVE": "0"}),
        "floor: python -c 'import numpy'": ("import numpy", {}),
    }
    startup()  # both caches warm before any clock starts
    startup({"SUDOKU_CP_FAST_NATIVE": "0"})
    times: dict[str, list] = {name: [] for name in rows}
    for _ in range(5):
        for name, (code, env) in rows.items():
            times[name].append(startup(env, code or SOLVE_ONCE))
    for name, got in times.items():
        wall, cpu = sorted(got)[2]
        print(f"  {name:45} {wall:5.2f} s wall, {cpu:5.2f} s CPU")
    print("  (python start, import, the compiled code, a solve, a batch call, a dig and a fill)")
    if args.cold:
        with tempfile.TemporaryDirectory() as tmp:
            cold = startup({"NUMBA_CACHE_DIR": tmp})
            warm = startup({"NUMBA_CACHE_DIR": tmp})
        print(f"  first-ever (empty cache): {cold[0]:.1f} s wall, {cold[1]:.1f} s CPU; "
              f"the next process {warm[0]:.2f} s wall, {warm[1]:.2f} s CPU", flush=True)


if __name__ == "__main__":
    sys.exit(main())
