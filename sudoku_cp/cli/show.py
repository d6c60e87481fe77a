"""How the command line says what it found, for classic and variant puzzles alike.

One label for where a puzzle came from (``PUZZLE``, ``FILE:LINE``), one verdict line per
command, one way to show the evidence (two solutions and the cells where they differ
for ``multiple``, the clashing givens for ``none``), one closing summary. ``check`` and
``solve`` print through these whichever road (classic or variant) checked the puzzle,
so the two read as one tool (issue 36; docs/cli.md).

>>> place("<argument>", 1), place("<argument>", 3), place("in.txt", 7)
('PUZZLE', 'PUZZLE:3', 'in.txt:7')
"""

from __future__ import annotations

from typing import Callable, Sequence

from .common import ms


def place(source: str, line: int | None) -> str:
    """Where a puzzle came from, for every message: ``FILE:LINE``, ``<stdin>:LINE``, or
    ``PUZZLE`` for an argument, as argparse names it (``PUZZLE:K``: its K-th line or argument)."""
    if source == "<argument>":
        return "PUZZLE" if line in (1, None) else f"PUZZLE:{line}"
    return f"{source}:{line}"


def check_line(index: int, where: str, n: int, givens: int, verdict: str,
               ran: Sequence[tuple[str, str, float]]) -> str:
    """``check``'s line for one puzzle: where, size, givens, the verdict, and what each
    backend or paradigm said, in what time.

    >>> check_line(1, "PUZZLE", 4, 3, "unique", [("sat", "solved", 0.0021)])
    'puzzle 1 (PUZZLE), 4x4, 3 givens: UNIQUE  [sat solved in 2.1 ms]'
    """
    timing = ", ".join(f"{name} {status} in {ms(seconds)}" for name, status, seconds in ran)
    return (f"puzzle {index} ({where}), {_shape(n)}, {_givens(givens)}: {verdict.upper()}  "
            f"[{timing}]")


def _shape(n) -> str:
    """``4x4`` for a side, or the shape as given (``4x6``, a non-square variant grid)."""
    return n if isinstance(n, str) else f"{n}x{n}"


def _givens(count: int) -> str:
    return f"{count} given" if count == 1 else f"{count} givens"


def solve_line(index: int, where: str, n: int, givens: int, verdict: str, backend: str,
               seconds: float, found: str) -> str:
    """``solve``'s line for one puzzle.

    >>> solve_line(2, "in.txt:4", 4, 3, "none", "sat", 0.001, "0 solutions")
    'puzzle 2 (in.txt:4), 4x4, 3 givens: none by sat in 1.0 ms: 0 solutions'
    """
    return (f"puzzle {index} ({where}), {_shape(n)}, {_givens(givens)}: {verdict} by {backend} "
            f"in {ms(seconds)}: {found}")


def found(count: int, exhausted: bool, limit: int, counting: bool = False,
          returned: int | None = None) -> str:
    """How many solutions a search found, and whether that is all of them, in words.

    >>> found(1, True, 2)
    '1 solution (the search was exhaustive: there is no other)'
    >>> found(2, False, 2)
    '2 solutions (stopped at --limit 2: there may be more)'
    >>> found(2, False, 9, counting=True)
    'at least 2 solutions (the time limit stopped the count: a lower bound, the count is unknown)'
    """
    words = f"{count} solution{'s' if count != 1 else ''}"
    if exhausted:
        rest = "there is no other" if count == 1 else "that is all of them" if count else \
            "there is none"
        return f"{words} (the search was exhaustive: {rest})"
    if (count if returned is None else returned) >= limit:  # (returned: valid or not)
        return f"{words} (stopped at --limit {limit}: there may be more)"
    if counting:
        return f"at least {words} (the time limit stopped the count: a lower bound, the count " \
               f"is unknown)"
    return f"{words} (stopped by the time limit: there may be more)"


def cut_short(count: int, exhausted: bool, limit: int) -> bool:
    """Whether a search stopped at the time limit (not exhaustive, below its limit): a
    count cut short so is ``unknown``, exit 4, whichever backend or paradigm counted."""
    return not exhausted and count < limit


def count_text(count: int, exhausted: bool, limit: int) -> str:
    """The count as a record's ``count`` says it: ``'3'`` exact, ``'2+'`` stopped at the
    limit, ``'>=3'`` (``'?'`` for none) stopped by the time limit.

    >>> count_text(3, True, 9), count_text(2, False, 2), count_text(3, False, 9)
    ('3', '2+', '>=3')
    """
    if exhausted:
        return str(count)
    if count >= limit:
        return f"{count}+"
    return f">={count}" if count else "?"


def differ(a: Sequence[int], b: Sequence[int], name: Callable[[int], str]) -> str:
    """The cells where two solutions differ, named the puzzle's way (the first dozen).

    >>> differ((1, 2, 3, 4), (1, 3, 2, 4), lambda i: f"c{i}")
    'they differ in 2 cells: c1, c2'
    """
    cells = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    more = f" and {len(cells) - SHOWN} more" if len(cells) > SHOWN else ""
    return f"they differ in {len(cells)} cells: {', '.join(map(name, cells[:SHOWN]))}{more}"


#: The most cells ``differ`` names.
SHOWN = 12


def evidence(verdict: str, solutions: Sequence, grid: Callable[[Sequence[int]], str],
             name: Callable[[int], str], why: Sequence[str], notes: Sequence[str]) -> None:
    """Print the solutions and the evidence under a verdict line: the solution of a unique
    puzzle, the two of a ``multiple`` one and where they differ, the clashes of a ``none``
    (``why``: the record's evidence), and the notes."""
    two = verdict == "multiple" and len(solutions) == 2
    if two:
        print("two solutions, as the witness:")
    for s in solutions:
        print(grid(s))
        print()
    if two:
        print(f"  {differ(solutions[0], solutions[1], name)}")
    if verdict not in ("disagree", "mismatch"):  # (said on standard error, with the puzzle)
        for line in why:
            print(f"  {line}")
    for line in notes:
        print(f"  note: {line}")


