"""Reading the shared puzzle sets, for the benchmark scripts beside this file.

Imports nothing of ``sudoku_cp``, so a script that runs another source tree in a
subprocess (``bench_kernel.py``) can use it without pulling in this tree's package.
"""

from __future__ import annotations

import json
from pathlib import Path


def load(path: Path, count: int | None = None) -> list[str]:
    """Puzzle lines of a shared data file (``#`` comments and blank lines skipped; a line's
    first field only), at most ``count`` of them."""
    lines = []
    for raw in path.read_text().splitlines():
        raw = raw.strip()
        if raw and not raw.startswith("#"):
            lines.append(raw.split()[0])
            if count is not None and len(lines) >= count:
                break
    return lines


def variant_records(data) -> dict[str, str]:
    """The shared variant puzzles (``DATA/variants/*.jsonl``) as raw record lines by ``id``
    (``#`` comments and blank lines skipped), in file order."""
    records = {}
    for path in sorted((Path(data) / "variants").glob("*.jsonl")):
        for raw in path.read_text().splitlines():
            if raw.strip() and not raw.startswith("#"):
                records[json.loads(raw)["id"]] = raw
    return records


def values(line: str) -> list[int]:
    """The values of a one-line puzzle of single-digit symbols (``.`` or ``0`` empty)."""
    return [0 if ch in ".0" else int(ch) for ch in line]


def write_head(path: Path, count: int, dest: Path) -> Path:
    """Copy ``path``'s lines to ``dest`` up to and including its ``count``-th puzzle line
    (comments and blank lines copied, not counted): the same file, fewer puzzles."""
    with open(path) as src, open(dest, "w") as out:
        kept = 0
        for line in src:
            out.write(line)
            kept += bool(line.strip()) and not line.startswith("#")
            if kept >= count:
                break
    return dest
