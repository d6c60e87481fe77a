"""SudokuWiki's packed killer strings read by ISS and by this project: the same puzzle?

Takes every ``3x3:...`` string in ISS's ``data/collections.js`` (its killer collections,
sources in that file), has ISS's own parser write each back as an ISS string
(``iss_parse.mjs``), reads that with this project's ISS reader, and compares it with this
project's reading of the SudokuWiki string (cages as sets of cells with their totals, and
the diagonals). Prints one line per string and a summary; exit 1 on any difference.

    ISS=/work/peers/iss python3 benchmarks/peers/sudokuwiki_vs_iss.py
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path


def strings(iss: Path) -> list[str]:
    text = (iss / "data" / "collections.js").read_text()
    return re.findall(r"'(3x3:[^']*)'", text)


def shape(p):
    return sorted((c.TYPE, tuple(sorted(getattr(c, "cells", ()))), getattr(c, "total", None),
                   getattr(c, "slope", None)) for c in p.constraints)


def main() -> int:
    from sudoku_cp.variants.formats import read_entry
    from sudoku_cp.variants.iss import parse_iss

    iss = Path(os.environ.get("ISS", "/work/peers/iss"))
    if not (iss / "data" / "collections.js").is_file():
        print(f"sudokuwiki_vs_iss: {iss} is no checkout of sigh/Interactive-Sudoku-Solver "
              f"(no data/collections.js); set ISS to one", file=sys.stderr)
        return 2
    found = strings(iss)
    lines = "".join(json.dumps({"id": i, "text": s}) + "\n" for i, s in enumerate(found))
    here = Path(__file__).parent / "iss_parse.mjs"
    run = subprocess.run(["node", str(here)], input=lines, capture_output=True, text=True,
                         env={**os.environ, "ISS": str(iss)})
    if run.returncode:
        why = (run.stderr.strip().splitlines() or ["no message"])[-1]
        print(f"sudokuwiki_vs_iss: ISS's parser failed under node ({iss}): {why}", file=sys.stderr)
        return 2
    out = run.stdout
    bad = 0
    for answer in map(json.loads, out.splitlines()):
        ours = read_entry(found[answer["id"]])
        if "error" in answer or ours.error:
            same = "error" in answer and ours.error is not None
            print(answer["id"], "both refuse" if same else f"ISS: {answer.get('error')}; us: {ours.error}")
        else:
            same = shape(ours.puzzle) == shape(parse_iss(answer["iss"]))
            print(answer["id"], "same" if same else "DIFFERENT", len(ours.puzzle.constraints),
                  "constraints")
        bad += not same
    print(f"{len(found)} strings from ISS's collections, {bad} read differently")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
