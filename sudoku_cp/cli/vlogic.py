"""``explain`` and ``grade`` of variant puzzles (f-puzzles, ISS strings, JSON): the
variant logic engine (``sudoku_cp.variants.logic``) behind the classic commands' words.

As for classic puzzles, the solution is first found and proved unique (the ``sat``
paradigm, ``limit=2``): a puzzle with no solution or several is refused (exit 1), and
every step the engine takes is checked against that solution before it is printed (a
safety net: the steps never look at it).
"""

from __future__ import annotations

import sys
import time

from ..errors import SudokuCpError
from .common import EXIT_INPUT, EXIT_NOT_UNIQUE, EXIT_OK, emit, where


class WrongStep(SudokuCpError, RuntimeError):
    """A step removed the solution's value: a bug in the engine, said plainly."""


def variant_input(args) -> bool:
    """True when some input line is an f-puzzles, ISS or JSON variant puzzle (a sukaku
    pencil-mark line stays with the classic engine, which starts from its marks)."""
    from .common import UsageError, find_data
    from .variant import _detect, _stdin_head

    def variant(line: str) -> bool:
        return bool(line.strip()) and not line.startswith("#") and \
            _detect(line) not in (None, "sukaku")

    named = args.puzzles if isinstance(args.puzzles, list) else [args.puzzles] if args.puzzles else []
    if any(variant(t) for t in named if t != "-"):
        return True
    if ("-" in named or not (named or args.file)) and any(variant(t) for t in _stdin_head()):
        return True
    for path in args.file or []:
        try:
            with open(find_data(path, getattr(args, "data", None)), encoding="utf-8-sig",
                      errors="replace") as f:
                if any(variant(line) for _, line in zip(range(50), f)):
                    return True
        except (OSError, UsageError):
            continue
    return False


def unique_solution(puzzle, time_limit=None):
    """The one solution of ``puzzle``, or a ``(message)`` string saying why there is none."""
    from ..variants.paradigms import solve

    result = solve(puzzle, "sat", limit=2, time_limit=time_limit)
    if result.count == 0:
        return "the puzzle has no solution" if result.status == "solved" else \
            "the puzzle was not solved in the time limit"
    if result.count > 1:
        return "the puzzle has several solutions: nothing to explain or rate"
    return tuple(result.solutions[0])


def check_path(puzzle, path, solution) -> None:
    """Refuse a path with a step against the solution."""
    for step in path.steps:
        for cell, value in step.eliminations:
            if solution[cell] == value:
                raise WrongStep(f"internal error: the step '{step.text}' removes {value} from "
                                f"{puzzle.cell_name(cell)}, the solution's value")


def _summary(path) -> str:
    used = ", ".join(f"{t} {k}" for t, k in path.techniques.items())
    if path.solved:
        how = ("by logic alone" if path.by_logic
               else f"with {path.trials} trial step{'s' if path.trials > 1 else ''}")
        head = f"{path.level} {path.rating} ({how})"
    else:
        head = f"not solved: stuck after {len(path.steps)} steps (rating so far {path.rating})"
    if path.unhandled:
        head += f"; no logic yet for: {', '.join(path.unhandled)}"
    return f"{head}  [{used}]"


def explain_variant(args, text: str) -> int:
    """``sudoku-cp explain`` of one variant puzzle."""
    from ..variants.formats import read_entry
    from ..variants.logic import solve_path

    entry = read_entry(text)
    if entry.error:
        print(f"PUZZLE: {entry.error}", file=sys.stderr)
        return EXIT_INPUT
    for option in ("position", "image", "assume_unique", "box"):
        if getattr(args, option, None):
            print(f"--{option.replace('_', '-')} is for classic puzzles; a variant puzzle is "
                  f"explained from its givens", file=sys.stderr)
            return EXIT_INPUT
    solution = unique_solution(entry.puzzle, args.time_limit)
    if isinstance(solution, str):
        print(f"sudoku-cp: {solution}", file=sys.stderr)
        return EXIT_NOT_UNIQUE
    path = solve_path(entry.puzzle, first=args.first, time_limit=args.time_limit)
    check_path(entry.puzzle, path, solution)
    for index, step in enumerate(path.steps, 1):
        if args.json:
            emit({"index": index, **step.to_dict()})
        else:
            print(f"{index}. {step.text}  ({step.score})")
    if args.json and not args.first:
        emit({"summary": True, **path.to_dict()})
    elif not args.first:
        print(_summary(path))
    return EXIT_OK


def grade_variants(args) -> int:
    """``sudoku-cp grade`` of variant puzzles: one line (or JSON object) per puzzle."""
    from ..variants.logic import solve_path
    from .variant import read_entries

    code = EXIT_OK
    for index, source, _, entry in read_entries(args):
        head = {"line": entry.line, "source": source, "index": index, "format": entry.format}
        if entry.error:
            code = max(code, EXIT_INPUT)
            print(f"{where(source, entry)}: {entry.error}", file=sys.stderr)
            if args.json:
                emit({**head, "verdict": "invalid", "error": entry.error})
            continue
        began = time.perf_counter()
        solution = unique_solution(entry.puzzle, args.time_limit)
        if isinstance(solution, str):
            code = max(code, EXIT_NOT_UNIQUE)
            print(f"{where(source, entry)}: {solution}", file=sys.stderr)
            if args.json:
                emit({**head, "verdict": "multiple" if "several" in solution else "none",
                      "error": solution})
            continue
        path = solve_path(entry.puzzle, time_limit=args.time_limit)
        check_path(entry.puzzle, path, solution)
        p = entry.puzzle
        if args.json:
            emit({**head, "verdict": "unique", **path.to_dict(),
                  "types": sorted({c.TYPE for c in p.constraints}),
                  "time_s": round(time.perf_counter() - began, 6)})
            continue
        kinds = ", ".join(sorted({c.TYPE for c in p.constraints})) or "no constraint"
        print(f"puzzle {index} ({where(source, entry)}), {p.size}x{p.size} variant ({kinds}): "
              f"{_summary(path)}", flush=True)
    return code
