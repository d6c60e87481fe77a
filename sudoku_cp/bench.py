"""The paradigm benchmark: backends side by side on puzzle files, with native statistics.

``run_bench`` runs every backend spec on every sampled puzzle, **interleaved**: for
each puzzle, each spec in turn (the order rotates from puzzle to puzzle), so that all
specs see the same machine load, and a drift in load cannot favour whichever ran
last. Before a spec's first timed run on a board shape it solves that puzzle once
untimed, so the one-time cost of encoding the formula or building the model is not
charged to the first puzzle. Every solution is checked with the independent
``is_solution``; in ``unique`` mode the specs' claims are also checked against each
other (a spec that says *unique* or *none* while two valid solutions, or one, were
found is wrong). A wrong answer is recorded in ``verified`` and reported loudly.

Modes: ``solve`` asks for one solution (``limit=1``); ``unique`` asks for two
(``limit=2``), the uniqueness check that ``check`` runs.

Sampling (``sample_puzzles``): ``limit=M`` takes the first M puzzles of each file;
with a ``seed`` it takes a uniform random sample of M instead (reservoir sampling:
the same seed and file give the same sample), kept in file order.

Two clocks are read around each ``backend.solve`` call: the CPU time of this process
(``cpu_s``, all its threads, as SAT competitions count) and the wall time (``wall_s``);
the backend's own figure is ``backend_time_s``. The summary and plots use CPU time
unless told ``clock="wall"``: on a shared machine a process waiting for a core makes
wall times of identical work differ tenfold, while its CPU time and the solvers'
native statistics (conflicts, propagations, nodes) stay put. With ``repeat > 1`` the
summary takes each puzzle's median over the repeats. "Puzzles per second" is puzzles
divided by the summed time: the throughput of one core working through the sample.

Roads not taken: running each spec over the whole sample in turn (simpler, but one
noisy minute on a shared machine then lands on one spec only); wall time alone (on a
machine shared with other work it measured the scheduler as much as the solver).
"""

from __future__ import annotations

import csv
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Callable, Iterable, Sequence

from .board import Board

MODES = {"solve": 1, "unique": 2}
CLOCKS = ("cpu", "wall")
#: Native statistics given a column of their own in runs.csv (all of them are in ``stats``).
STAT_COLUMNS = ("conflicts", "decisions", "propagations", "restarts", "branches",
                "nodes", "backtracks", "guesses", "updates", "simplex_iterations", "choices")


@dataclass
class Run:
    """One timed run of one spec on one puzzle: a row of ``runs.csv``."""

    file: str
    line: int
    puzzle: str
    spec: str
    mode: str
    repeat: int
    status: str
    solutions: int
    exhausted: bool
    answered: bool  # the mode's question was settled (not stopped by the time limit)
    cpu_s: float
    wall_s: float
    backend_time_s: float
    verified: str = "ok"  # "ok", or "WRONG: why"
    stats: dict = field(default_factory=dict)


# -- input -------------------------------------------------------------------------------------
def sample_puzzles(path: str, limit: int | None = None, seed: int | None = None,
                   box: tuple[int, int] | None = None,
                   max_size: int | None = None) -> tuple[list[tuple[int, Board]], int]:
    """``([(line, board), ...], invalid_lines)``: the first ``limit`` puzzles of a file,
    or a seeded uniform sample of ``limit`` of them, in file order. Reads the file once,
    keeping at most ``limit`` boards.
    """
    from .parse import read_puzzles

    rng = random.Random(seed) if seed is not None and limit is not None else None
    kept: list[tuple[int, Board]] = []
    invalid = seen = 0
    for entry in read_puzzles(path, box=box, **({"max_size": max_size} if max_size else {})):
        if entry.error:
            invalid += 1
            continue
        seen += 1
        if limit is None or len(kept) < limit:
            kept.append((entry.line, entry.board))
            if rng is None and limit is not None and len(kept) >= limit:
                break
        elif rng is not None:
            j = rng.randrange(seen)  # reservoir sampling (algorithm R)
            if j < limit:
                kept[j] = (entry.line, entry.board)
    kept.sort(key=lambda item: item[0])
    return kept, invalid


# -- running -------------------------------------------------------------------------------------
def run_bench(puzzles: dict[str, list[tuple[int, Board]]], specs: Sequence[str], *,
              mode: str = "unique", repeat: int = 1, time_limit: float | None = None,
              on_puzzle: Callable[[list[Run]], None] | None = None) -> list[Run]:
    """Run every spec on every puzzle (``{file: [(line, board)]}``), interleaved; all runs.

    ``on_puzzle`` is called with each puzzle's runs as they finish (progress, warnings).
    """
    from .backends import get_backend
    from .check import is_solution

    if mode not in MODES:
        raise ValueError(f"mode {mode!r}: choose from {', '.join(MODES)}")
    limit = MODES[mode]
    backends = {spec: get_backend(spec) for spec in specs}
    warmed: set = set()
    runs: list[Run] = []
    turn = 0
    names = [os.path.basename(p) for p in puzzles]
    for path, items in puzzles.items():
        name = os.path.basename(path) if names.count(os.path.basename(path)) == 1 else path
        for line, board in items:
            for spec in specs:  # untimed warm-up on each new board shape
                if (spec, board.geometry) not in warmed:
                    backends[spec].solve(board, limit=limit, time_limit=time_limit)
                    warmed.add((spec, board.geometry))
            order = list(specs[turn % len(specs):]) + list(specs[:turn % len(specs)])
            turn += 1
            these: list[Run] = []
            valid: list[tuple[int, ...]] = []  # every valid solution any spec found
            for rep in range(repeat):
                for spec in order:
                    cpu, start = time.process_time(), time.perf_counter()
                    result = backends[spec].solve(board, limit=limit, time_limit=time_limit)
                    wall = time.perf_counter() - start
                    cpu = time.process_time() - cpu
                    bad = [s for s in result.solutions if not is_solution(board, s)]
                    k = len(result.solutions)
                    these.append(Run(
                        name, line, board.to_text(), spec, mode, rep, result.status.value,
                        k, result.exhausted, result.exhausted or k >= limit, cpu, wall,
                        result.time_s,
                        f"WRONG: non-solution {board.to_text(bad[0])}" if bad else "ok",
                        dict(result.stats)))
                    valid.extend(tuple(s) for s in result.solutions if s not in bad)
            _cross_verify(these, set(valid), mode)
            runs.extend(these)
            if on_puzzle is not None:
                on_puzzle(these)
    return runs


def _cross_verify(runs: list[Run], found: set, mode: str) -> None:
    """Mark the claims that the valid solutions ``found`` by any spec contradict."""
    for run in runs:
        if run.verified != "ok" or not run.exhausted:
            continue
        if run.solutions == 0 and found:
            run.verified = "WRONG: says none, but another spec found a valid solution"
        elif mode == "unique" and run.solutions == 1 and len(found) >= 2:
            run.verified = "WRONG: says unique, but two valid solutions were found"


# -- summary ----------------------------------------------------------------------------------------
def per_puzzle_times(runs: Iterable[Run], clock: str = "cpu"
                     ) -> dict[tuple[str, str], dict[tuple[str, int], tuple]]:
    """``{(file, spec): {(file, line): (median time, answered)}}`` over the repeats."""
    if clock not in CLOCKS:
        raise ValueError(f"clock {clock!r}: choose from {', '.join(CLOCKS)}")
    grouped: dict = {}
    for run in runs:
        grouped.setdefault((run.file, run.spec), {}).setdefault((run.file, run.line), []).append(run)
    return {key: {p: (statistics.median(getattr(r, f"{clock}_s") for r in rs),
                      all(r.answered for r in rs))
                  for p, rs in puzzles.items()} for key, puzzles in grouped.items()}


def summarize(runs: Sequence[Run], clock: str = "cpu") -> list[dict]:
    """One row per file and spec (in the order first run): answered, wrong, median, p95,
    max time, puzzles/s."""
    wrong: dict = {}
    for run in runs:
        if run.verified != "ok":
            wrong[(run.file, run.spec)] = wrong.get((run.file, run.spec), 0) + 1
    rows = []
    files = list(dict.fromkeys(r.file for r in runs))
    specs = list(dict.fromkeys(r.spec for r in runs))  # the first puzzle runs them in order
    groups = per_puzzle_times(runs, clock)
    for file, spec in sorted(groups, key=lambda k: (files.index(k[0]), specs.index(k[1]))):
        puzzles = groups[(file, spec)]
        times = sorted(t for t, _ in puzzles.values())
        rows.append({
            "file": file, "spec": spec, "puzzles": len(times),
            "answered": sum(1 for _, ok in puzzles.values() if ok),
            "wrong": wrong.get((file, spec), 0),
            "median_ms": 1000 * statistics.median(times),
            "p95_ms": 1000 * times[max(0, math.ceil(0.95 * len(times)) - 1)],
            "max_ms": 1000 * times[-1],
            "per_s": len(times) / sum(times) if sum(times) > 0 else float("inf"),
        })
    return rows


def summary_markdown(rows: Sequence[dict], mode: str, clock: str = "cpu") -> str:
    """The summary as a Markdown table (what ``bench`` prints and saves as summary.md)."""
    answered = "solved" if mode == "solve" else "settled"
    lines = [f"| file | spec | puzzles | {answered} | wrong | median {clock} ms "
             f"| p95 ms | max ms | puzzles/s |", "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        wrong = f"**{r['wrong']}**" if r["wrong"] else "0"
        lines.append(f"| {r['file']} | {r['spec']} | {r['puzzles']} | {r['answered']} | {wrong} "
                     f"| {r['median_ms']:.2f} | {r['p95_ms']:.2f} | {r['max_ms']:.1f} "
                     f"| {r['per_s']:.0f} |")
    return "\n".join(lines) + "\n"


# -- files ------------------------------------------------------------------------------------------
def write_runs_csv(runs: Sequence[Run], path: str) -> None:
    """Every run, one row each, with the common native statistics as columns."""
    head = ["file", "line", "spec", "mode", "repeat", "status", "solutions", "exhausted",
            "answered", "cpu_s", "wall_s", "backend_time_s", "verified", *STAT_COLUMNS, "stats", "puzzle"]
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(head)
        for r in runs:
            d = asdict(r)
            w.writerow([d["file"], d["line"], d["spec"], d["mode"], d["repeat"], d["status"],
                        d["solutions"], d["exhausted"], d["answered"], f"{d['cpu_s']:.6f}",
                        f"{d['wall_s']:.6f}", f"{d['backend_time_s']:.6f}", d["verified"],
                        *(r.stats.get(k, "") for k in STAT_COLUMNS),
                        json.dumps(r.stats, sort_keys=True), d["puzzle"]])


def read_runs_csv(path: str) -> list[Run]:
    """The runs of a ``runs.csv``, to summarise or plot again without re-running."""
    runs = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            runs.append(Run(row["file"], int(row["line"]), row["puzzle"], row["spec"],
                            row["mode"], int(row["repeat"]), row["status"], int(row["solutions"]),
                            row["exhausted"] == "True", row["answered"] == "True",
                            float(row["cpu_s"]), float(row["wall_s"]),
                            float(row["backend_time_s"]), row["verified"],
                            json.loads(row["stats"])))
    return runs


def machine_meta(argv: Sequence[str], seed: int | None, files: Sequence[str]) -> dict:
    """What a reader needs to cite and repeat a run: machine, versions, seed, command."""
    import hashlib
    import shlex
    from datetime import datetime, timezone
    from importlib.metadata import PackageNotFoundError, version

    from . import __version__

    def pkg(name: str) -> str | None:
        try:
            return version(name)
        except PackageNotFoundError:
            return None

    def cpu_model() -> str | None:
        try:
            with open("/proc/cpuinfo", encoding="utf-8") as f:
                for line in f:
                    if line.lower().startswith("model name"):
                        return line.split(":", 1)[1].strip()
        except OSError:
            pass
        return platform.processor() or None

    def digest(path: str) -> str:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()

    return {
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "command": shlex.join(["sudoku-cp", *argv]),
        "seed": seed,
        "machine": {"platform": platform.platform(), "cpu_count": os.cpu_count(),
                    "cpu_model": cpu_model(),
                    "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None},
        "python": sys.version.split()[0],
        "versions": {"sudoku_cp": __version__, "python-sat": pkg("python-sat"),
                     "ortools": pkg("ortools"), "highspy": pkg("highspy"),
                     "clingo": pkg("clingo"), "matplotlib": pkg("matplotlib")},
        "files": {os.path.basename(p): {"path": p, "sha256": digest(p)} for p in files},
    }


# -- plots ------------------------------------------------------------------------------------------
def require_plots() -> None:
    """Fail at once, naming the extra, when the plots cannot be drawn (no matplotlib):
    a command calls this before the benchmark runs, not after."""
    _pyplot()


def _pyplot():
    try:
        import matplotlib
    except ImportError as exc:
        from .errors import MissingDependencyError

        raise MissingDependencyError(f'bench plots need matplotlib: pip install '
                                     f'"sudoku-cp[bench]" ({exc})') from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_cactus(runs: Sequence[Run], path: str, specs: Sequence[str],
                clock: str = "cpu") -> None:
    """Puzzles answered (x) against the time each took, sorted (y, log): one line a spec."""
    plt = _pyplot()
    times: dict[str, list[float]] = {s: [] for s in specs}
    for (_, spec), puzzles in per_puzzle_times(runs, clock).items():
        times[spec].extend(t for t, ok in puzzles.values() if ok)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for spec in specs:
        ts = sorted(times[spec])
        ax.plot(range(1, len(ts) + 1), ts, label=spec, linewidth=1.5)
    ax.set_yscale("log")
    ax.set_xlabel("puzzles answered")
    ax.set_ylabel(f"{clock} time per puzzle (s), sorted")
    files = sorted({r.file for r in runs})
    ax.set_title(f"cactus: {', '.join(files)}", fontsize=9)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_scatter(runs: Sequence[Run], path: str, a: str, b: str,
                 time_limit: float | None = None, clock: str = "cpu") -> None:
    """Per-puzzle time of spec ``a`` (x) against ``b`` (y), log-log, with the diagonal."""
    plt = _pyplot()
    times = per_puzzle_times(runs, clock)
    fig, ax = plt.subplots(figsize=(5.5, 5.5))
    lo, hi, stopped = math.inf, 0.0, False
    for file in sorted({r.file for r in runs}):
        xa, xb = times.get((file, a), {}), times.get((file, b), {})
        common = sorted(set(xa) & set(xb))
        xs = [xa[p][0] for p in common]
        ys = [xb[p][0] for p in common]
        if not xs:
            continue
        settled = [xa[p][1] and xb[p][1] for p in common]
        dots = ax.scatter([x for x, ok in zip(xs, settled) if ok],
                          [y for y, ok in zip(ys, settled) if ok], s=8, alpha=0.6, label=file)
        if not all(settled):  # a time limit stopped one of the two: a cross, same colour
            stopped = True
            ax.scatter([x for x, ok in zip(xs, settled) if not ok],
                       [y for y, ok in zip(ys, settled) if not ok], s=30, marker="x",
                       color=dots.get_facecolor()[0], label=f"{file}: time limit")
        lo, hi = min(lo, *xs, *ys), max(hi, *xs, *ys)
    if hi > 0:
        lo = max(lo / 1.5, 1e-6)
        hi = max(hi * 1.5, (time_limit or 0) if stopped else 0)
        ax.plot([lo, hi], [lo, hi], color="grey", linewidth=1, linestyle="--")
        ax.set_xlim(lo, hi)
        ax.set_ylim(lo, hi)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel(f"{a}: {clock} time (s)")
    ax.set_ylabel(f"{b}: {clock} time (s)")
    ax.set_title(f"per puzzle: below the diagonal, {b} is faster", fontsize=9)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8, markerscale=2)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
