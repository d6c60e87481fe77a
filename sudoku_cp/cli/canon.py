"""``sudoku-cp canon``: minlex canonical forms, and ``--dedupe`` to keep one puzzle per class.

Puzzles are read as ``solve`` reads them; every puzzle of one box shape is canonicalised
in one compiled call (``sudoku_cp.research.canon``). Output: one minlex line per puzzle,
or with ``--dedupe`` one line per class (its minlex form, in the order first seen) and a
summary on standard error.
"""

from __future__ import annotations

import sys
from time import perf_counter, process_time

from .common import EXIT_INPUT, EXIT_OK, Outcome, add_input, box_text, emit, where


def register(sub) -> None:
    """Add the ``canon`` command (imports nothing heavy)."""
    p = sub.add_parser(
        "canon", help="minlex canonical forms under the Sudoku symmetry group",
        description="Print each puzzle's minimal lexicographic form (minlex) under "
                    "relabelling, row and band permutations, column and stack permutations "
                    "and (square boxes) transposition: two puzzles are the same puzzle "
                    "exactly when their forms are equal. Boards up to 9x9.")
    add_input(p)
    p.add_argument("--dedupe", action="store_true",
                   help="print each distinct form once (first seen first) and a count of "
                        "puzzles and distinct puzzles on standard error")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per puzzle: index, source, line, puzzle, minlex, "
                        "duplicate_of (the index of the first puzzle of its class, or null)")
    p.set_defaults(run=cmd_canon)


def cmd_canon(args) -> int:
    import numpy as np

    from ..board import format_line
    from ..errors import SudokuCpError
    from ..research._compiled import load
    from ..research.canon import canon_array, tables

    run = Outcome(args)
    shapes: dict = {}  # box -> [(index, source, entry)]
    for index, source, entry in run.puzzles():
        board = entry.board
        if board.geometry.extra:
            print(f"{where(source, entry)}: canonical forms are for classic boards, not "
                  f"variants with extra houses", file=sys.stderr)
            run.add(EXIT_INPUT)
            continue
        shapes.setdefault(board.box, []).append((index, source, entry))
    warm = perf_counter()
    ready = []
    for box, items in shapes.items():
        try:
            tables(*box)
        except SudokuCpError as exc:
            for _, source, entry in items:
                print(f"{where(source, entry)}: {exc}", file=sys.stderr)
            run.add(EXIT_INPUT)
            continue
        ready.append((box, items))
    if ready:
        load("_canon_kernels").canon_many(np.zeros((1, 16), np.int64), 2, 4, 2,
                                          *_small_tables())  # load the compiled code
    start, cpu = perf_counter(), process_time()
    warm = start - warm
    forms = {}
    for box, items in ready:
        array = np.array([entry.board.givens for _, _, entry in items], np.int64)
        n = box[0] * box[1]
        for (index, _, _), row in zip(items, canon_array(array, box)):
            forms[index] = format_line(row.tolist(), n)
    elapsed, cpu = perf_counter() - start, process_time() - cpu
    first: dict = {}
    items = sorted((index, source, entry) for group in shapes.values()
                   for index, source, entry in group if index in forms)
    for index, source, entry in items:
        form = forms[index]
        key = (entry.board.box, form)
        duplicate_of = first.get(key)
        if duplicate_of is None:
            first[key] = index
        if args.json:
            emit({"index": index, "source": source, "line": entry.line,
                  "box": box_text(entry.board), "puzzle": entry.board.to_text(),
                  "minlex": form, "duplicate_of": duplicate_of})
        elif not args.dedupe or duplicate_of is None:
            print(form)
    if args.dedupe:
        rate = len(items) / elapsed if elapsed > 0 else 0.0
        per_cpu = len(items) / cpu if cpu > 0 else 0.0
        print(f"{len(items):,} puzzles, {len(first):,} distinct "
              f"({len(items) - len(first):,} duplicates); canonicalised in {elapsed:.2f} s "
              f"({rate:,.0f}/s; {per_cpu:,.0f} per CPU second; after {warm:.2f} s loading "
              f"tables and compiled code)", file=sys.stderr)
    return run.code if run.code else EXIT_OK


def _small_tables():
    from ..research.canon import tables

    tab = tables(2, 2)
    return tab.taus, tab.minpat, tab.tstart, tab.tlist
