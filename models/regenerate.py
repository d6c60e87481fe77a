"""Regenerate every file in models/ from the code (tests/test_models.py fails on drift).

    python3 models/regenerate.py           # rewrite what changed, list what it did
    python3 models/regenerate.py --check   # change nothing; exit 1 if a file is stale

The DIMACS files are what ``sudoku-cp export --format dimacs`` writes, the ``.dzn``
files what ``--format minizinc`` writes, the ``.dlx`` files ``--format exact-cover``, the
``-mip.lp`` and ``-mip.mps`` files ``--format lp`` and ``--format mps``, and the ``-asp.lp``
files ``--format asp`` (instances for ``sudoku.lp``); see models/README.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: Example puzzles, name -> (box shape, one-line text). Each has a unique solution
#: (tests/test_models.py cross-checks it). The 9x9 is the first of Norvig's top95
#: (tests/data/top95_sample.txt); the others were made by blanking cells of a valid
#: grid one at a time while the solution stayed unique.
EXAMPLES: dict[str, tuple[tuple[int, int], str]] = {
    "4x4": ((2, 2), ".2.....3.1..4..."),
    "6x6": ((2, 3), "..14.5...........1.3..6.....3.62...."),
    "9x9": ((3, 3), "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2....."
                    "1.4......"),
    "16x16": ((4, 4), "..CE2BG.81..7......4.6.9B...E5.....2.F..6.....38.6....1.F..C..D..48.A.D."
                      ".3G...FE..6A...8E......2....5.9..D.61C...EF..2..4....D..8.2.95.E....C.4."
                      "..4......8..9....A..C1F.5.9E3..........2.F...B7A.D...C......8.G3.3G86...."
                      ".B..E...C..B.2A.4.......9.6..4....1..AD"),
}
#: Box shapes whose empty board is written in every CNF encoding.
EMPTY_BOXES = ((2, 2), (3, 3), (4, 4))
CNF_ENCODINGS = ("minimal", "extended")
#: The example whose CNF (givens as unit clauses) is written too.
CNF_EXAMPLE = "9x9"

#: Debian's MiniZinc 2.6 with Gecode 6.2 decomposes alldifferent into pairwise !=
#: (Gecode's library there predates MiniZinc's fzn_ names); this include directory
#: hands it to Gecode's own all-different propagator instead.
GECODE_DEBIAN_SHIM = """\
% For Debian's MiniZinc 2.6 + Gecode 6.2 only: minizinc -I gecode-debian --solver gecode ...
% Gecode's library there predates MiniZinc's fzn_ names, so without this file alldifferent
% becomes pairwise disequalities (a 16x16 then takes minutes instead of milliseconds).
% This passes it to Gecode's native all_different_int, which honours `:: domain`.
predicate all_different_int(array[int] of var int: x);
predicate fzn_all_different_int(array[int] of var int: x) = all_different_int(x);
"""

#: The other paradigms' files: exact cover (.dlx), 0-1 programs (-mip.lp, -mip.mps) and
#: ASP instances (-asp.lp), as (file name, format, example name or box shape of an empty board).
PARADIGM_FILES = (
    ("empty-4x4.dlx", "exact-cover", (2, 2)),
    ("empty-9x9.dlx", "exact-cover", (3, 3)),
    ("example-9x9.dlx", "exact-cover", "9x9"),
    ("empty-9x9-mip.lp", "lp", (3, 3)),
    ("empty-9x9-mip.mps", "mps", (3, 3)),
    ("example-9x9-mip.lp", "lp", "9x9"),
    ("example-9x9-mip.mps", "mps", "9x9"),
    ("example-4x4-asp.lp", "asp", "4x4"),
    ("example-9x9-asp.lp", "asp", "9x9"),
    ("example-16x16-asp.lp", "asp", "16x16"),
)

#: Files in models/ that are written by hand, not generated.
HANDWRITTEN = ("README.md", "regenerate.py", "read_model.py")


def example_board(name: str):
    """The example puzzle ``name`` as a Board (read without the text parser)."""
    from sudoku_cp.board import SYMBOLS, Board

    box, text = EXAMPLES[name]
    return Board.from_values([0 if ch == "." else SYMBOLS.index(ch) + 1 for ch in text], box=box)


def files() -> dict[str, str]:
    """Every generated file of models/: relative path -> text."""
    from sudoku_cp.board import Board
    from sudoku_cp.encode.cnf import to_dimacs
    from sudoku_cp.encode.minizinc import MODEL, to_minizinc_data

    out = {"sudoku.mzn": MODEL, "gecode-debian/fzn_all_different_int.mzn": GECODE_DEBIAN_SHIM}
    for name in EXAMPLES:
        out[f"example-{name}.dzn"] = to_minizinc_data(example_board(name))
    for box in EMPTY_BOXES:
        n = box[0] * box[1]
        for encoding in CNF_ENCODINGS:
            out[f"empty-{n}x{n}-{encoding}.cnf"] = to_dimacs(Board.empty(box), encoding=encoding)
    out[f"example-{CNF_EXAMPLE}-extended.cnf"] = to_dimacs(example_board(CNF_EXAMPLE),
                                                           encoding="extended")
    from sudoku_cp.encode.asp import MODEL as ASP_MODEL
    from sudoku_cp.encode.formats import export

    out["sudoku.lp"] = ASP_MODEL
    for name, fmt, source in PARADIGM_FILES:
        board = example_board(source) if isinstance(source, str) else Board.empty(source)
        out[name] = export(board, fmt)
    return out


def stale(directory: Path = HERE) -> tuple[list[str], list[str]]:
    """(generated files that are missing or differ, files that nothing generates)."""
    wanted = files()
    differ = [name for name, text in wanted.items()
              if not (directory / name).is_file()
              or (directory / name).read_bytes() != text.encode("utf-8")]
    present = {p.relative_to(directory).as_posix() for p in directory.rglob("*")
               if p.is_file() and "__pycache__" not in p.parts}
    extra = sorted(present - set(wanted) - set(HANDWRITTEN))
    return differ, extra


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 when a file is missing or stale")
    args = parser.parse_args(argv)
    differ, extra = stale()
    for name in extra:
        print(f"not generated (remove it or add it to regenerate.py): {name}")
    if args.check:
        for name in differ:
            print(f"stale: {name}")
        if not (differ or extra):
            print("models/ is up to date")
        return 1 if differ or extra else 0
    wanted = files()
    for name in differ:
        path = HERE / name
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.write(wanted[name])
        print(f"wrote {name}")
    if not differ:
        print("models/ is up to date")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))  # the sudoku_cp of this work tree
    sys.exit(main())
