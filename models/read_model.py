"""Read a SAT solver's model of one of these .cnf files back into a Sudoku grid.

    cadical models/example-9x9-extended.cnf > out.txt      # or kissat: "s ..." and "v ..." lines
    minisat models/example-9x9-extended.cnf out.txt        # or minisat: "SAT" then the literals
    python3 models/read_model.py models/example-9x9-extended.cnf out.txt

The meaning of each variable comes from the file's own comment lines
(``c var 10 = r1c2#1``: row 1, column 2 holds value 1), so this needs nothing but
Python. It prints the grid, one row per line, and exits 1 if the solver found no
model or the model does not give every cell exactly one value.
"""

from __future__ import annotations

import re
import sys

VAR = re.compile(r"^c var (\d+) = r(\d+)c(\d+)#(\d+)$", re.M)


def variables(cnf_text: str) -> dict[int, tuple[int, int, int]]:
    """Variable id -> (row, col, value), 1-based, from the mapping comments."""
    return {int(v): (int(r), int(c), int(x)) for v, r, c, x in VAR.findall(cnf_text)}


def literals(output_text: str) -> list[int]:
    """The literals of a model in DIMACS-style output ('v' lines, or a bare list)."""
    lits = []
    for line in output_text.splitlines():
        words = line.split()
        if words and words[0] == "v":
            words = words[1:]
        if words and all(re.fullmatch(r"-?\d+", w) for w in words):
            lits.extend(int(w) for w in words)
    return lits


def grid(cnf_text: str, output_text: str) -> list[list[int]]:
    """The n×n grid that the model's true cell-value variables describe."""
    if re.search(r"^(s )?UNSAT", output_text, re.M):
        raise ValueError("the solver found no model (UNSATISFIABLE)")
    var = variables(cnf_text)
    if not var:
        raise ValueError("the .cnf file has no 'c var' comments: give one of these models")
    lits = literals(output_text)
    if not lits:
        raise ValueError("the solver's output holds no model (no 'v' line or list of "
                         "literals): is it empty, or did the solver not run?")
    n = max(r for r, _, _ in var.values())
    rows = [[0] * n for _ in range(n)]
    for lit in lits:
        if lit > 0 and lit in var:
            r, c, value = var[lit]
            if rows[r - 1][c - 1]:
                raise ValueError(f"the model puts two values in r{r}c{c}")
            rows[r - 1][c - 1] = value
    empty = [f"r{r + 1}c{c + 1}" for r in range(n) for c in range(n) if not rows[r][c]]
    if empty:
        raise ValueError(f"the model leaves {len(empty)} cells without a value, e.g. {empty[0]}")
    return rows


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as f_cnf, open(args[1], encoding="utf-8") as f_out:
            cnf_text, output_text = f_cnf.read(), f_out.read()
    except (OSError, UnicodeDecodeError) as exc:
        where = f"{exc.filename}: {exc.strerror}" if isinstance(exc, OSError) else str(exc)
        print(f"read_model: {where}", file=sys.stderr)
        return 2
    try:
        rows = grid(cnf_text, output_text)
    except ValueError as exc:
        print(f"read_model: {exc}", file=sys.stderr)
        return 1
    width = len(str(len(rows)))
    for row in rows:
        print(" ".join(str(v).rjust(width) for v in row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
