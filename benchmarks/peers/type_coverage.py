#!/usr/bin/env python3
"""Issue 37's coverage target: every real puzzle read, none wrong, each settled by two
paradigms agreeing; a table per constraint type.

    ISS=/work/peers/iss SVSJS=/work/peers/svsjs \\
        nice python3 benchmarks/peers/type_coverage.py --time-limit 10 [--read-only]

The puzzles: ISS's example puzzles and collections (``data/example_puzzles.js`` and
``data/collections.js`` of an ISS checkout: each entry's ``input`` and ``solution``),
SudokuVariantSolverJS's puzzle files (``puzzles/*.json``: f-puzzles strings with their
``solution``) and the shared sets (``../shared/data/variants/*.jsonl``); the same text met
twice counts once. Each is read as the project reads any input; a puzzle refused for a
constraint type counts against each type it names, other refusals (malformed input) apart.
A read puzzle is cross-checked by ``--paradigms`` (default ``sat``, ``cpsat``, ``witness``
and ``fast`` where it takes the puzzle; at once, in warm worker processes; count to two,
each with ``--time-limit``): *settled* when at least two finish and agree (one stopped by
its time limit is left aside), *wrong* when the verdict or the
unique solution differs from the solution its source states, *open* when fewer than two
settled in time. ``--retry-open SECONDS`` checks the open ones again at the end with that
longer limit and says which settle then (the table keeps the first limit's outcome). A verdict that differs from the stated solution is *wrong* unless that
solution breaks the rules by the independent checker (*stated breaks*) or keeps them while
a second checked solution exists (*second*): the source's answer is then in doubt, and the
table counts these apart. ``--read-only`` stops after reading (the refusals in seconds).

The table gives per constraint type (the format's own name, so ISS's ``Cage`` and
f-puzzles' ``killercage`` are apart): puzzles, refused, wrong, settled, open, the
paradigms that ran on any of them, and the median cross-check time of its puzzles.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE))

from iss_sets_examples import entries  # noqa: E402

PARADIGMS = ("sat", "cpsat", "witness", "fast")


def sources(iss: str | None, svsjs: str | None, shared: Path):
    """(source name, text, stated solution as a digit string or None) for every puzzle."""
    if iss:
        for f in ("data/example_puzzles.js", "data/collections.js"):
            for name, text, solution in entries(Path(iss) / f):
                yield f"iss:{Path(f).stem}:{name}", text, solution
    if svsjs:
        for f in sorted((Path(svsjs) / "puzzles").glob("*.json")):
            for d in json.loads(f.read_text()):
                if "puzzle" not in d:  # lubaf-coloring-book.json ends with an empty {}
                    continue
                yield f"svsjs:{f.stem}:{d.get('title')}", d["puzzle"], d.get("solution")
    for f in sorted(shared.glob("*.jsonl")):
        for line in f.read_text().splitlines():
            if line.strip():
                d = json.loads(line)
                yield f"shared:{d.get('id')}", line, None  # its solution is read with it


def digits(solution) -> str | None:
    """A solution as comma-separated values: from a list, or from a string of one
    character a cell (ISS writes 10..16 as A..P when a value passes 9: A is 1)."""
    if solution is None:
        return None
    if isinstance(solution, (list, tuple)):
        return ",".join(map(str, solution))
    chars = [ch for ch in str(solution) if not ch.isspace()]
    if all(ch.isdigit() for ch in chars):
        return ",".join(chars)
    return ",".join(str(ord(ch.upper()) - ord("A") + 1) if ch.isalpha() else ch for ch in chars)


def read(text: str):
    """(entry, refused type names or None); ``entry.error`` says why when unread."""
    from sudoku_cp.errors import PuzzleError
    from sudoku_cp.variants.formats import _read, VariantEntry
    from sudoku_cp.variants.paradigms import UnsupportedConstraint

    entry = VariantEntry(text.strip())
    try:
        _read(entry)
    except UnsupportedConstraint as exc:
        entry.error = str(exc)
        names = list(getattr(exc, "names", ()) or [exc.name])
        return entry, [n.split("~")[0] for n in names]  # Shape~6x8~0-7: Shape
    except PuzzleError as exc:
        entry.error = str(exc)
    return entry, None


def type_names(entry) -> list[str]:
    """The format's names of the constraint types in a read puzzle (houses as 'grid')."""
    names = sorted({entry.names.get(c.TYPE, c.TYPE) for c in entry.puzzle.constraints})
    return names or ["(givens only)"]


def settled(report):
    """(verdict, the paradigms that finished and agree on it). The cross-check calls a
    puzzle unknown when any paradigm ran out of time; here two that finished and agree
    settle it (the target's "settled by two paradigms agreeing")."""
    if report.verdict.value != "unknown":
        finished = [n for n, r in report.results.items()
                    if r.exhausted or len(r.solutions) >= 2]
        return report.verdict.value, finished
    claims = {n: ("multiple" if len(r.solutions) >= 2 else
                  ("unique" if r.solutions else "none") if r.exhausted else None)
              for n, r in report.results.items()}
    done = {n: c for n, c in claims.items() if c}
    if len(done) >= 2 and len(set(done.values())) == 1:
        return next(iter(done.values())), list(done)
    return "unknown", list(done)


def doubt(puzzle, want: str, verdict: str) -> str:
    """``wrong``, unless the source's own solution is in doubt: ``stated breaks`` when it
    breaks the rules by the independent checker (the solution is another puzzle's, or the
    text means more than it says), ``second`` when it keeps them and a second solution,
    also checked, was found (the source called a puzzle of two solutions unique)."""
    from sudoku_cp.variants.rules import check_solution

    if verdict == "disagree" or not want:
        return "wrong"
    stated = tuple(int(v) for v in want.split(","))
    if len(stated) != puzzle.num_cells:
        return "wrong"
    if check_solution(puzzle, stated):
        return "stated breaks"
    return "second" if verdict == "multiple" else "wrong"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iss", default=os.environ.get("ISS"))
    ap.add_argument("--svsjs", default=os.environ.get("SVSJS"))
    ap.add_argument("--shared", default=str(HERE.parents[1] / ".." / "shared" / "data" / "variants"))
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--read-only", action="store_true")
    ap.add_argument("--out", help="one JSON line per puzzle")
    ap.add_argument("--paradigms", default=",".join(PARADIGMS),
                    help="comma-separated (default: %(default)s)")
    ap.add_argument("--only", nargs="+", metavar="TEXT",
                    help="only the puzzles whose name holds one of these texts")
    ap.add_argument("--retry-open", type=float, metavar="SECONDS",
                    help="check the puzzles left open again with this time limit")
    args = ap.parse_args(argv)
    paradigms = tuple(args.paradigms.split(","))
    from sudoku_cp.variants.parallel import Pool

    with Pool():
        return _run(args, paradigms)


def _check(entry, paradigms, time_limit):
    """(report, seconds, verdict, agreeing) of one cross-check."""
    from sudoku_cp.variants.crosscheck import crosscheck

    start = time.perf_counter()
    report = crosscheck(entry.puzzle, paradigms, time_limit=time_limit, type_names=entry.names)
    seconds = time.perf_counter() - start
    verdict, agreeing = settled(report)
    if len(agreeing) < 2 and verdict != "disagree":  # one paradigm alone (the others declined or ran out) is not two
        verdict = "unknown"
    return report, seconds, verdict, agreeing


def _outcome(entry, report, verdict, want) -> str:
    """open, settled, or (``doubt``) wrong / second / stated breaks."""
    grid = entry.puzzle.grid_cells  # (a source states the grid, not ISS's Var cells)
    got = digits(report.solution[:grid]) if report.solution else None
    if verdict == "unknown":
        return "open"
    if verdict == "disagree" or (want and (verdict != "unique" or got != want)):
        return doubt(entry.puzzle, want, verdict)
    return "settled"


def _run(args, paradigms) -> int:

    seen, rows = set(), []
    refused, malformed, scripts = Counter(), [], []
    table = defaultdict(lambda: {"puzzles": 0, "refused": 0, "wrong": 0, "settled": 0,
                                 "open": 0, "second": 0, "stated breaks": 0, "ran": set(),
                                 "times": []})
    for name, text, stated in sources(args.iss, args.svsjs, Path(args.shared)):
        if text in seen or (args.only and not any(t in name for t in args.only)):
            continue
        seen.add(text)
        row = {"name": name}
        if text.startswith("/data/scripts/"):  # ISS runs this script to build the puzzle
            row["script"] = text
            scripts.append(name)
            print(f"script   {name}: {text}", flush=True)
            rows.append(row)
            continue
        entry, names = read(text)
        if names:
            row["refused"] = names
            refused.update(set(names))
            for t in set(names):
                table[t]["puzzles"] += 1
                table[t]["refused"] += 1
            print(f"refused  {name}: {entry.error}", flush=True)
        elif entry.error:
            row["malformed"] = entry.error
            malformed.append((name, entry.error))
            print(f"unread   {name}: {entry.error}", flush=True)
        elif not args.read_only:
            want = digits(stated) if stated else (
                digits(entry.expected[:entry.puzzle.grid_cells]) if entry.expected else None)
            report, seconds, verdict, agreeing = _check(entry, paradigms, args.time_limit)
            outcome = _outcome(entry, report, verdict, want)
            row["entry"], row["want"] = entry, want  # (for --retry-open; not written)
            row.update(verdict=verdict, outcome=outcome, ran=report.ran, agreeing=agreeing, seconds=round(seconds, 3),
                       not_run=report.not_run)
            for t in type_names(entry):
                cell = table[t]
                cell["puzzles"] += 1
                cell[outcome] += 1
                cell["ran"].update(report.ran)
                cell["times"].append(seconds)
            print(f"{outcome:8} {name}: {verdict} in {seconds:.1f} s, {','.join(agreeing) or 'none'} "
                  f"agreeing of {','.join(report.ran)}"
                  + (f" (not run: {report.not_run})" if report.not_run else ""), flush=True)
        else:
            for t in type_names(entry):
                table[t]["puzzles"] += 1
        rows.append(row)
    retried = _retry(rows, paradigms, args.retry_open) if args.retry_open else None
    for r in rows:
        r.pop("entry", None), r.pop("want", None)
    if args.out:
        Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(f"\n{len(seen)} puzzles; refused for a type: {sum(1 for r in rows if 'refused' in r)}; "
          f"unread otherwise: {len(malformed)}; ISS scripts, not read: {len(scripts)}; wrong: {sum(r.get('outcome') == 'wrong' for r in rows)}; "
          f"open: {sum(r.get('outcome') == 'open' for r in rows)}; a second solution to a stated "
          f"one: {sum(r.get('outcome') == 'second' for r in rows)}; the stated solution breaks "
          f"the rules: {sum(r.get('outcome') == 'stated breaks' for r in rows)}")
    if retried is not None:
        print(f"open at {args.time_limit:g} s, checked again at {args.retry_open:g} s: "
              f"{len(retried)}; settled then: {sum(r == 'settled' for r in retried)}, "
              f"still open: {sum(r == 'open' for r in retried)}, wrong: "
              f"{sum(r == 'wrong' for r in retried)}")
    print("refusals by type: " + (", ".join(f"{t} {k}" for t, k in refused.most_common()) or "none"))
    print("\n| type | puzzles | refused | wrong | settled | open | 2nd / stated breaks "
          "| paradigms ran | median s |")
    print("|---|---:|---:|---:|---:|---:|---:|---|---:|")
    for t in sorted(table, key=str.lower):
        c = table[t]
        med = f"{statistics.median(c['times']):.2f}" if c["times"] else "-"
        print(f"| {t} | {c['puzzles']} | {c['refused']} | {c['wrong']} | {c['settled']} | "
              f"{c['open']} | {c['second']} / {c['stated breaks']} | "
              f"{','.join(p for p in paradigms if p in c['ran']) or '-'} | {med} |")
    return 0


def _retry(rows, paradigms, seconds_limit) -> list[str]:
    """Check the open puzzles of ``rows`` again with ``seconds_limit``; each row gains
    ``retry`` (its outcome, agreeing paradigms and seconds then). The outcomes, in order."""
    outcomes = []
    for row in rows:
        if row.get("outcome") != "open":
            continue
        entry = row["entry"]
        report, seconds, verdict, agreeing = _check(entry, paradigms, seconds_limit)
        outcome = _outcome(entry, report, verdict, row.get("want"))
        row["retry"] = {"time_limit": seconds_limit, "verdict": verdict, "outcome": outcome,
                        "agreeing": agreeing, "seconds": round(seconds, 3)}
        outcomes.append(outcome)
        print(f"{outcome:8} {row['name']} at {seconds_limit:g} s: {verdict} in {seconds:.1f} s, "
              f"{','.join(agreeing) or 'none'} agreeing of {','.join(report.ran)}", flush=True)
    return outcomes


if __name__ == "__main__":
    sys.exit(main())
