"""``fast`` for variants against sat, cpsat and the witness, and against ISS, per family.

For every puzzle of the shared variant sets (``variants/iss.jsonl``, ``variants/fpuzzles.jsonl``
in the data folder) each paradigm counts to two (``limit=2``), warm (each paradigm has
solved a small puzzle first, so imports and compiles are outside the times), the
paradigms interleaved per puzzle. A time is kept only when the answer is the stated
solution, unique; a declined puzzle is counted as declined, by the type's name.

``--sets`` may add ``iss-checkout``: ISS's own example puzzles and collections
(``data/example_puzzles.js``, ``data/collections.js`` of the checkout ``ISS`` names; those
the shared sets hold already are not repeated), the wider set issue 38's targets name. An
entry the source gives no solution for is compared with ISS's when ISS finds it unique.

With ``ISS`` set to a checkout of sigh's Interactive Sudoku Solver (and node on PATH), one
warm ISS node process (``peers/iss_count.mjs``; its own ``ms``, start-up excluded) is kept
alive for the whole run and handed each ISS-format puzzle in the same minute as our
paradigms: per puzzle and per repeat, ISS counts it and then our paradigms, or ours and then
ISS, the order alternating puzzle by puzzle (ISS first on a puzzle that states no solution:
ours are checked against ISS's unique one), so the host's drift over minutes cancels in each
ratio. The table adds ISS's median and the geometric mean over the puzzles both settle of
fast's time / ISS's (the median of ``--repeat`` runs on both sides). A puzzle ISS caps or
refuses has no ISS side and the run goes on; if the node process dies it is started again.
ISS's own ``ms`` is its search alone; ours hold the build of the program as well, so the
last lines give the fastest paradigm's ratio both ways: to ISS's search, and to ISS's build
and search (its optimizer's implied constraints included; neither side's parse).
f-puzzles records, which ISS cannot read, have no ISS side.

    ISS=/work/peers/iss python3 benchmarks/bench_variants_fast.py [--repeat 3] [--time-limit 10]

Reported: per family (a puzzle counts once for each constraint type it uses, ``classic``
when it has none), the median ms of each paradigm over the puzzles that paradigm settled,
how many it settled, and ISS's side; then one line over all puzzles.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks" / "peers"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from sudoku_cp.errors import MissingDependencyError, SudokuCpError  # noqa: E402
from sudoku_cp.variants.formats import read_entry  # noqa: E402
from sudoku_cp.variants.fpuzzles import parse_fpuzzles  # noqa: E402
from sudoku_cp.variants.iss import parse_iss  # noqa: E402
from sudoku_cp.variants.paradigms import UnsupportedConstraint, solve  # noqa: E402

# ok, second, none, timeout or WRONG: one rule for both benchmarks
from ab_trees import verdict_of  # noqa: E402
from type_coverage import digits  # noqa: E402

PARADIGMS = ("fast", "sat", "cpsat", "witness")


def data_folder(given: str | None) -> Path:
    for candidate in (given, os.environ.get("SUDOKU_CP_DATA"), ROOT.parent / "shared" / "data",
                      "../shared/data"):
        if candidate and (Path(candidate) / "variants").is_dir():
            return Path(candidate)
    sys.exit("no data folder with variants/: pass --data DIR or set SUDOKU_CP_DATA")


TOOL = ROOT / "benchmarks" / "peers" / "iss_count.mjs"


class IssProcess:
    """A warm ISS: one node process (``peers/iss_count.mjs``) answering one JSON line per
    puzzle, kept alive between puzzles so that ISS is timed beside ours. ``command`` replaces
    the node command (the tests hand it a fake). Use as a context manager: the process is
    closed (its standard input shut, then waited for) however the run ends."""

    def __init__(self, checkout: str, cap: int = 5_000_000, command: list | None = None):
        self.command = command or ["node", str(TOOL), str(cap)]
        self.env = {**os.environ, "ISS": checkout}
        self.proc = self._start()

    def _start(self):
        return subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=True, env=self.env)

    def count(self, ident, text: str) -> dict:
        """ISS's answer line for one puzzle; ``{"status": "error"}`` when the process died
        on it (it is started again for the next puzzle) or answered nonsense."""
        try:
            self.proc.stdin.write(json.dumps({"id": ident, "puzzle": text}) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except (BrokenPipeError, OSError):
            line = ""
        if not line:
            self.close()
            self.proc = self._start()
            return {"id": ident, "status": "error", "err": "ISS's process stopped; started again"}
        try:
            return json.loads(line)
        except json.JSONDecodeError:
            return {"id": ident, "status": "error", "err": line[:300]}

    def close(self) -> None:
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def iss_settled(row: dict):
    """(ms, solution, built ms) from one ISS answer when ISS finds the puzzle unique, else
    None. ``ms`` is ISS's own clock, the search alone; ``built ms`` adds its build (the
    optimizer's implied constraints included), the parse left out: what our paradigms'
    times hold.

    >>> iss_settled({"status": "unique", "sols": 1, "all": ["12"], "ms": 2.0,
    ...              "total_ms": 9.0, "parse_ms": 1.0})
    (2.0, '12', 8.0)
    >>> iss_settled({"status": "capped", "sols": 1, "ms": 2.0}) is None
    True
    """
    if row.get("sols") != 1 or row.get("status") in ("capped", "error"):
        return None
    built = max(row.get("total_ms", row["ms"]) - row.get("parse_ms", 0.0), row["ms"])
    return row["ms"], (row.get("all") or [None])[0], built


def checkout_records(checkout: str, seen: set) -> list:
    """ISS's example puzzles and collections as records (``format`` any: read as the
    project reads any input), leaving out the texts in ``seen``."""
    from iss_sets_examples import entries

    out = []
    for f in ("data/example_puzzles.js", "data/collections.js"):
        for name, text, solution in entries(Path(checkout) / f):
            if text.strip() in seen:
                continue
            seen.add(text.strip())
            stated = digits(solution)
            out.append({"id": f"iss:{Path(f).stem}:{name}"[:60], "format": "any", "puzzle": text,
                        "cells": [int(v) for v in stated.split(",")] if stated else None})
    return out


def read(rec):
    """The puzzle of one record, or None when the project refuses it."""
    try:
        return parse(rec)
    except SudokuCpError:
        return None


def parse(rec):
    """The puzzle of one record; the project's error when it refuses it."""
    if rec["format"] == "any":
        entry = read_entry(rec["puzzle"])
        if entry.puzzle is None:
            raise SudokuCpError(entry.error)
        return entry.puzzle
    return (parse_iss if rec["format"] == "iss" else parse_fpuzzles)(rec["puzzle"])


def run_one(puzzle, paradigm: str, time_limit: float):
    """(wall ms, result) of one count to two, or "declined"."""
    start = time.perf_counter()
    try:
        r = solve(puzzle, paradigm, limit=2, time_limit=time_limit)
    except UnsupportedConstraint:
        return "declined"
    return (time.perf_counter() - start) * 1000, r


def judged(puzzle, run, cells):
    """A ``run_one`` answer as ms, or a word: declined, timeout, WRONG, second, none."""
    if run == "declined":
        return run
    ms, r = run
    # (two checked solutions, "second": the source's "unique" is in doubt, not us)
    verdict = verdict_of(puzzle, r, list(cells))  # (Var cells follow the stated ones)
    return ms if verdict == "ok" else verdict


def time_puzzle(index: int, rec: dict, puzzle, paradigms, iss, repeat: int,
                time_limit: float) -> dict | None:
    """One puzzle's row: ``repeat`` rounds, each ISS's count (``iss``: an ``IssProcess``, or
    None) and each paradigm's, ISS first on even ``index`` and ours first on odd (ISS first
    too when the record states no solution: ours are checked against ISS's); the median of
    the rounds on each side. None when neither the record nor ISS gives the solution."""
    asks_iss = iss is not None and rec["format"] != "fpuzzles"
    if rec.get("cells") is None and not asks_iss:
        return None
    iss_first = asks_iss and (index % 2 == 0 or rec.get("cells") is None)
    answers, runs = [], {p: [] for p in paradigms}

    def ask_iss():
        answers.append(iss.count(rec["id"], rec["puzzle"]))
        settled = iss_settled(answers[-1])
        if rec.get("cells") is None and settled and settled[1]:
            rec["cells"] = [int(v) for v in digits(settled[1]).split(",")]

    for _ in range(repeat):
        if iss_first:
            ask_iss()
            if rec.get("cells") is None:
                return None
        for p in paradigms:
            runs[p].append(run_one(puzzle, p, time_limit))
        if asks_iss and not iss_first:
            ask_iss()
    times = {}
    for p in paradigms:
        verdicts = [judged(puzzle, run, rec["cells"]) for run in runs[p]]
        nums = [t for t in verdicts if isinstance(t, float)]
        times[p] = statistics.median(nums) if len(nums) == len(verdicts) else verdicts[-1]
    settled = [iss_settled(a) for a in answers]
    unique = bool(settled) and all(settled)  # (ISS is deterministic: one answer, N clocks)
    row = {"id": rec["id"], "families": families(puzzle), "ms": times,
           "iss": statistics.median([s[0] for s in settled]) if unique else None,
           "iss_built": statistics.median([s[2] for s in settled]) if unique else None}
    if asks_iss:
        row["iss_runs"] = [a.get("ms") if iss_settled(a) else a.get("status") for a in answers]
        row["iss_first"] = iss_first
    return row


def families(puzzle) -> list[str]:
    tags = sorted({c.TYPE for c in puzzle.constraints})
    if puzzle.regions is not None:
        tags.append("irregular")
    if puzzle.values[0] != 1:
        tags.append(f"values {puzzle.values[0]}..{puzzle.values[1]}")
    return tags or ["classic"]


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", help="the data folder (default ../shared/data)")
    ap.add_argument("--sets", default="iss,fpuzzles")
    ap.add_argument("--paradigms", default=",".join(PARADIGMS))
    ap.add_argument("--repeat", type=int, default=1, help="runs per puzzle; the median is kept")
    ap.add_argument("--time-limit", type=float, default=10.0, help="per paradigm, seconds")
    ap.add_argument("--out", help="write one JSON line per puzzle here")
    ap.add_argument("--only", help="comma-separated families (constraint types, as in the "
                    "table): only the puzzles using one of them")
    args = ap.parse_args(argv)
    data = data_folder(args.data)
    paradigms = args.paradigms.split(",")
    sets = args.sets.split(",")
    records = [json.loads(line) for name in sets if name != "iss-checkout"
               for line in (data / "variants" / f"{name}.jsonl").read_text().splitlines()]
    if "iss-checkout" in sets:
        if not os.environ.get("ISS"):
            print("bench_variants_fast: --sets iss-checkout needs ISS set to a checkout",
                  file=sys.stderr)
            return 2
        records += checkout_records(os.environ["ISS"], {r["puzzle"].strip() for r in records})
    only = set(args.only.split(",")) if args.only else None
    if only:
        records = [r for r in records if only & set(families(read(r)) if read(r) else ())]
    # a variant and a houses-only puzzle: fast hands the second to the classic engine, whose
    # kernel loads apart (about 40 ms, which the first houses-only puzzle timed would pay)
    warm = [parse_iss(".Thermo~R1C1~R1C2~R1C3~R1C4.Shape~4x4"), parse_iss(".Shape~4x4")]
    for p in list(paradigms):
        try:
            for w in warm:
                solve(w, p, limit=2)
        except MissingDependencyError as exc:
            print(f"# {p} not run: {exc}")
            paradigms.remove(p)
    try:
        out = open(args.out, "w") if args.out else None
    except OSError as exc:  # a folder, or a place that cannot be written: one line, exit 2
        print(f"bench_variants_fast: cannot write --out {args.out}: {exc.strerror}", file=sys.stderr)
        return 2
    iss = IssProcess(os.environ["ISS"]) if os.environ.get("ISS") else None
    try:
        if iss:  # (ISS warm too: its first puzzle pays node's compiles)
            for w in (".Thermo~R1C1~R1C2~R1C3~R1C4.Shape~4x4", ".Shape~4x4"):
                iss.count("warm", w)
        rows = measure(records, paradigms, iss, args.repeat, args.time_limit, out)
    finally:
        if iss:
            iss.close()
        if out:
            out.close()
    summarise(rows, paradigms, iss is not None)
    return 0


def measure(records, paradigms, iss, repeat: int, time_limit: float, out=None) -> list:
    """Every record's row (``time_puzzle``), printed as it comes and written to ``out``."""
    rows = []
    print(f"{'puzzle':36} " + " ".join(f"{p:>9}" for p in paradigms) + f" {'ISS ms':>8}")
    for index, rec in enumerate(records):
        try:
            puzzle = parse(rec)
        except SudokuCpError as exc:
            print(f"{rec['id']:36} refused: {str(exc)[:70]}")
            continue
        row = time_puzzle(index, rec, puzzle, paradigms, iss, repeat, time_limit)
        if row is None:
            print(f"{rec['id']:36} no solution stated, none from ISS: not timed")
            continue
        rows.append(row)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
        print(f"{rec['id']:36} " + " ".join(
            f"{t:9.1f}" if isinstance(t, float) else f"{t:>9}" for t in row["ms"].values())
            + (f" {row['iss']:8.1f}" if row["iss"] is not None else ""), flush=True)
    return rows


def summarise(rows, paradigms, with_iss: bool) -> None:
    by_family = defaultdict(list)
    for r in rows:
        for f in r["families"]:
            by_family[f].append(r)
    head = f"\n{'family':24} {'n':>3} " + " ".join(f"{p + ' ms':>12}" for p in paradigms)
    if with_iss:
        head += f" {'ISS ms':>9} {'fast/ISS':>9}"
    print(head + "   (median over the puzzles each settled, and how many)")
    for fam in sorted(by_family) + ["all puzzles"]:
        group = rows if fam == "all puzzles" else by_family[fam]
        cells = []
        for p in paradigms:
            ts = [r["ms"][p] for r in group if isinstance(r["ms"][p], float)]
            cells.append(f"{statistics.median(ts):8.1f} ({len(ts)})" if ts else f"{'-':>12}")
        line = f"{fam[:24]:24} {len(group):3} " + " ".join(f"{c:>12}" for c in cells)
        if with_iss:
            both = [(r["ms"]["fast"], r["iss"]) for r in group
                    if "fast" in r["ms"] and isinstance(r["ms"]["fast"], float) and r["iss"]]
            isst = [r["iss"] for r in group if r["iss"]]
            line += (f" {statistics.median(isst):9.2f}" if isst else f" {'-':>9}")
            line += (f" {geomean([f / max(i, 0.05) for f, i in both]):8.1f}x" if both else f" {'-':>9}")
        print(line)
    if with_iss:
        print(fastest_line(rows) + " (ISS's own clock: its search alone)")
        print(fastest_line(rows, "iss_built") + " (ISS's build and search, as ours are timed;"
              " neither side's parse)")
        late = over_a_second(rows)
        print(f"ISS within 1 s, our fastest paradigm not within 1 s: {len(late)}"
              + "".join(f"\n  {i}: ISS {iss:.0f} ms, ours {ours}" for i, iss, ours in late))
    wrong = [r["id"] for r in rows for p in paradigms if r["ms"].get(p) == "WRONG"]
    print(f"\nwrong answers: {len(wrong)} {' '.join(wrong)}")
    second = sorted({r["id"] for r in rows for p in paradigms if r["ms"].get(p) == "second"})
    if second:
        print(f"a second checked solution where the source states one (the source in doubt): "
              f"{len(second)} {' '.join(second)}")


def fastest(row):
    """Our fastest paradigm's ms on one row, or None when none settled it.

    >>> fastest({"ms": {"fast": 3.0, "sat": 2.5, "cpsat": "timeout"}}), fastest({"ms": {}})
    (2.5, None)
    """
    return min((t for t in row["ms"].values() if isinstance(t, float)), default=None)


def over_a_second(rows) -> list:
    """(id, ISS ms, our fastest) of the puzzles ISS settles within 1 s and no paradigm of
    ours within 1 s (issue 38's second target). A puzzle where a paradigm of ours found a
    second checked solution is not among them: the source is in doubt, and the summary
    lists it apart.

    >>> over_a_second([{"id": "a", "ms": {"fast": 1500.0, "sat": "timeout"}, "iss": 20.0},
    ...                {"id": "b", "ms": {"fast": 900.0}, "iss": 5.0},
    ...                {"id": "c", "ms": {"fast": "timeout"}, "iss": 2000.0},
    ...                {"id": "d", "ms": {"fast": "second", "sat": "second"}, "iss": 16.0}])
    [('a', 20.0, '1500 ms')]
    """
    out = []
    for r in rows:
        if not r.get("iss") or r["iss"] > 1000 or "second" in r["ms"].values():
            continue
        best = fastest(r)
        if best is None or best > 1000:
            out.append((r["id"], r["iss"], f"{best:.0f} ms" if best is not None else
                        "/".join(sorted({str(t) for t in r["ms"].values()}))))
    return out


def fastest_line(rows, key: str = "iss") -> str:
    """The fastest paradigm's time over ISS's (``key``: ``iss`` its own clock, the search;
    ``iss_built`` with its build), per puzzle both settle (ISS's time taken as at least
    0.05 ms, as in the table): geometric mean and median.

    >>> fastest_line([{"ms": {"fast": 2.0, "sat": 1.0}, "iss": 0.5},
    ...               {"ms": {"fast": "declined", "sat": 8.0}, "iss": 1.0}])
    'fastest paradigm / ISS over 2 puzzles both settle: geometric mean 4.00, median 5.00'
    """
    ratios = []
    for r in rows:
        best = fastest(r)
        if best is not None and r.get(key):
            ratios.append(best / max(r[key], 0.05))
    if not ratios:
        return "fastest paradigm / ISS: no puzzle both settle"
    return (f"fastest paradigm / ISS over {len(ratios)} puzzles both settle: geometric mean "
            f"{geomean(ratios):.2f}, median {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    raise SystemExit(main())
