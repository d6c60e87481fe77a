"""The verdict words: what a tool concludes about one puzzle, in one place.

The cross-checker (``sudoku_cp.crosscheck``) concludes one of the first five; the
command line adds the others for what happens around a check. Each verdict has its
exit code here too (``EXIT_OF``), so a batch run, the command line and a script that
drives the library agree on what a results file's worst verdict means.

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


# -- the exit code of each verdict ----------------------------------------------------------
EXIT_OK, EXIT_NOT_UNIQUE, EXIT_INPUT, EXIT_DISAGREE, EXIT_UNKNOWN = 0, 1, 2, 3, 4
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141
#: Exit codes from least to most severe.
SEVERITY = [EXIT_OK, EXIT_NOT_UNIQUE, EXIT_UNKNOWN, EXIT_INPUT, EXIT_DISAGREE]

#: The exit code of each verdict (see ``sudoku_cp.verdicts``).
EXIT_OF: dict[str, int] = {
    Verdict.UNIQUE: EXIT_OK, Verdict.SOLVED: EXIT_OK,
    Verdict.MULTIPLE: EXIT_NOT_UNIQUE, Verdict.NONE: EXIT_NOT_UNIQUE,
    Verdict.UNKNOWN: EXIT_UNKNOWN, Verdict.INVALID: EXIT_INPUT,
    Verdict.DISAGREE: EXIT_DISAGREE, Verdict.MISMATCH: EXIT_DISAGREE,
    Verdict.ERROR: EXIT_DISAGREE,
}


def worst(a: int, b: int) -> int:
    """The more severe of two exit codes.

    >>> worst(EXIT_NOT_UNIQUE, EXIT_UNKNOWN), worst(EXIT_DISAGREE, EXIT_INPUT)
    (4, 3)
    """
    return max(a, b, key=SEVERITY.index)


def verdict_exit(verdict: str) -> int:
    """The exit code for one puzzle's verdict (a word outside ``Verdict`` is a bug: 3)."""
    return EXIT_OF.get(str(verdict), EXIT_DISAGREE)
