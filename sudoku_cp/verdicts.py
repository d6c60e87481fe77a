"""The verdict words: what a tool concludes about one puzzle, in one place.

The cross-checker (``sudoku_cp.crosscheck``) concludes one of the first five; the
command line adds the others for what happens around a check. The exit codes that
the command line gives them live in ``sudoku_cp.cli.common`` (``EXIT_OF``).

- ``unique``: every backend found the same single solution and finished its search.
- ``multiple``: two distinct valid solutions exist (both are given as the witness).
- ``none``: every backend finished its search without a solution.
- ``disagree``: some backend contradicts the evidence, or returned a non-solution: a bug.
- ``unknown``: a time limit stopped some backend before the question was settled.
- ``solved``: ``solve`` found a solution (it does not ask whether it is the only one).
- ``mismatch``: the input stated a solution and the puzzle's real one differs.
- ``invalid``: the line is not a puzzle; the record's ``error`` says why.
- ``error``: a backend raised an exception on this puzzle (a bug, reported, never hidden).

An interrupted search (Ctrl-C) has no verdict: it is never recorded as a result.
"""

from __future__ import annotations

from enum import Enum


class Verdict(str, Enum):
    """One puzzle's verdict; the value is the word written in JSON and text output."""

    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    DISAGREE = "disagree"
    UNKNOWN = "unknown"
    SOLVED = "solved"
    MISMATCH = "mismatch"
    INVALID = "invalid"
    ERROR = "error"

    def __str__(self) -> str:
        return self.value


#: Every verdict word, in the order summaries list them.
VERDICTS: tuple[str, ...] = tuple(v.value for v in Verdict)
