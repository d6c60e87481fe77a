"""One tool, one voice (issue 36): 20 puzzles, 10 classic and 10 variant, two of each kind
(unique, multiple, none, cut short by a time limit, malformed), through ``check``,
``solve``, ``solve --count`` and a batch ``check -f --out``; prints, per command and
kind, the exit code, the verdict words and the shape of the output (numbers, cell names
and grids taken out) of both roads, and whether they are the same.

    python3 benchmarks/one_voice.py

Exit code 0 when every pair is the same, 1 otherwise (the first difference is printed).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
import tempfile
from pathlib import Path

#: Two hard classic puzzles (forum_hardest_1106): no backend settles either in 1 ms.
HARD = ("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1")


def iss_givens(line: str) -> str:
    """A classic line as an ISS string of givens: the same puzzle, read as a variant."""
    n = int(len(line) ** 0.5)
    return "." + "~".join([""] + [f"R{i // n + 1}C{i % n + 1}_{v}" for i, v in enumerate(line)
                                  if v != "."]) + ("" if n == 9 else f".Shape~{n}x{n}")


#: kind -> two puzzles of each road.
CLASSIC = {
    "unique": ("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
               "1..." "...2" "..4." ".3.."),
    "multiple": ("1" + "." * 15, "12.." + "." * 12),
    "none": ("11" + "." * 14, "1..." "1..." + "." * 8),
    "cut": HARD,
    "malformed": ("1..X" + "." * 12, "1" * 17),
}
VARIANT = {
    "unique": (".Thermo~R1C1~R1C2~R1C3~R1C4.~R2C2_4~R3C2_1~R4C3_1.Shape~4x4",
               iss_givens(CLASSIC["unique"][1])),
    "multiple": (".Thermo~R1C1~R1C2~R1C3~R1C4.~R2C2_4~R3C2_1.Shape~4x4",
                 ".Cage~10~R1C1~R1C2~R1C3~R1C4.Shape~4x4"),
    "none": (".~R1C1_1~R1C2_1.Shape~4x4", ".~R1C1_1~R2C1_1.Shape~4x4"),
    "cut": tuple(iss_givens(h) for h in HARD),
    "malformed": (".Thermo~R1C1~R10C1.Shape~4x4", ".~R1C1_7.Shape~4x4"),
}
#: A count the time limit cuts short (``solve --count``): nearly empty 9x9 grids.
COUNT_CUT = {"classic": ("1" + "." * 80, "12" + "." * 79),
             "variant": (".Thermo~R1C1~R1C2~R1C3", ".Thermo~R1C1~R1C2~R1C3~R1C4")}
KINDS = tuple(CLASSIC)
COMMANDS = ("check", "solve", "count", "batch")


def argv(command: str, kind: str, puzzle: str, out: str) -> list[str]:
    cut = kind == "cut"
    if command == "check":
        return ["check", "--backends", "sat,cpsat", *(["--time-limit", "0.001"] if cut else []),
                puzzle]
    if command == "solve":
        return ["solve", *(["--time-limit", "0.001"] if cut else []), puzzle]
    if command == "count":
        return ["solve", "--count", *(["--time-limit", "0.3", "--samples", "50"] if cut else []),
                puzzle]
    return ["check", "--backends", "sat,cpsat", *(["--time-limit", "0.001"] if cut else []),
            "--workers", "1", "--out", out, "-f", _file(puzzle, out)]


def _file(puzzle: str, out: str) -> str:
    path = Path(out).with_suffix(".txt")
    path.write_text(puzzle + "\n")
    return str(path)


def shape(text: str) -> list[str]:
    """The text with what a puzzle is made of taken out: numbers, cell names, grids; a
    classic count's estimate (``  instead: about ...``: a variant puzzle has no estimator)
    and the wording of a time limit's evidence (each road's cross-check words it; the
    verdict and exit code are what must agree) set aside."""
    out: list[str] = []
    for line in text.splitlines():
        if line.startswith("  instead: about "):
            continue
        line = line.replace(" (a solution was found, maybe not the only one)", "")
        if "time limit" in line and line.startswith("  ") and "solution" not in line:
            line = "  <time limit evidence>"
        line = re.sub(r"\b[rR]\d+[cC]\d+\b", "<cell>", line)
        line = re.sub(r"(<cell>, )+<cell>", "<cells>", line)
        line = re.sub(r"\b1 given\b", "2 givens", line)  # (the number's grammar, not the shape)
        line = re.sub(r"\d+(\.\d+)?", "<n>", line)
        if re.fullmatch(r"[\s<n>|+\-]+", line):  # a row of a grid, or a border
            line = "<grid>"
        if line == "<grid>" and out and out[-1] == "<grid>":
            continue
        out.append(line)
    return out


def run(args: list[str]) -> tuple[int, str, str]:
    from sudoku_cp.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def said(command: str, kind: str, puzzle: str, folder: str) -> dict:
    """What one run said: exit code, verdict, the shape of stdout (a batch: of its record's
    keys) and of stderr (each line's reason taken out), and the count of stderr lines."""
    out_file = str(Path(folder) / f"{command}-{kind}-{abs(hash(puzzle))}.jsonl")
    code, out, err = run(argv(command, kind, puzzle, out_file))
    errs = [re.sub(r"^\S+: .*", "<where>: <why>", line) for line in err.splitlines()]
    if command == "batch":
        recs = [json.loads(line) for line in Path(out_file).read_text().splitlines()[1:]]
        verdict = recs[0]["verdict"]
        body = [",".join(recs[0])]  # the record's keys, in order
    else:
        body = shape(out)
        words = re.findall(r"\b(UNIQUE|MULTIPLE|NONE|UNKNOWN|INVALID|DISAGREE|solved|unknown|"
                           r"none)\b", out)
        verdict = words[0].lower() if words else ("invalid" if code == 2 else "-")
    if kind == "cut":  # which backend the limit caught first is a race: keep the verdict line
        body = [re.sub(r"\b(solved|none|unknown) in", "<status> in", body[0])] + \
            [line for line in body[1:] if line.startswith("  ")] if body else body
    return {"code": code, "verdict": verdict, "out": body, "err": errs,
            "err_lines": len(err.splitlines())}


def main() -> int:
    rows, first = [], None
    with tempfile.TemporaryDirectory() as folder:
        for command in COMMANDS:
            for kind in KINDS:
                if command == "solve" and kind == "cut":
                    continue  # solve has no uniqueness to cut short: one solution is quick
                for k in (0, 1):
                    counted = command == "count" and kind == "cut"
                    c = said(command, kind, (COUNT_CUT["classic"] if counted else CLASSIC[kind])[k],
                             folder)
                    v = said(command, kind, (COUNT_CUT["variant"] if counted else VARIANT[kind])[k],
                             folder)
                    same = (c["code"], c["verdict"], c["out"], c["err"]) == \
                        (v["code"], v["verdict"], v["out"], v["err"])
                    rows.append((command, kind, k + 1, c, v, same))
                    if not same and first is None:
                        first = (command, kind, c, v)
    print(f"{'command':8} {'kind':10} #  {'exit':>9} {'verdict':>19} {'stderr lines':>13}  same")
    for command, kind, k, c, v, same in rows:
        print(f"{command:8} {kind:10} {k}  {c['code']:>4}/{v['code']:<4} "
              f"{c['verdict']:>9}/{v['verdict']:<9} {c['err_lines']:>6}/{v['err_lines']:<6}  "
              f"{'yes' if same else 'NO'}")
    total, equal = len(rows), sum(r[-1] for r in rows)
    print(f"\n{equal} of {total} runs said the same way by both roads (classic/variant: exit "
          f"code, verdict, output shape, stderr shape); 20 puzzles, {len(COMMANDS)} commands")
    if first:
        command, kind, c, v = first
        print(f"first difference: {command} {kind}\n  classic: {c}\n  variant: {v}")
    return 0 if first is None else 1


if __name__ == "__main__":
    sys.exit(main())
