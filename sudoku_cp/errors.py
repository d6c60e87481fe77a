"""Every error sudoku_cp raises on purpose, under one root.

``SudokuCpError`` is the root: a caller (the command line, a notebook, a web page)
catches it to turn any of the package's errors into a message, and lets everything
else (a real bug) show its traceback. Each subclass also derives from the built-in
exception it refines, so ``except ValueError`` keeps working where it did before.

- ``PuzzleError``: input that is not a puzzle; the message names the line, cell or symbol.
- ``UsageError``: a command line or API call that asks for something impossible.
- ``UnknownBackendError``: a backend name or spec that is not registered.
- ``MissingDependencyError``: an optional package (an extra of sudoku-cp) is not
  installed; the message says what to install, e.g. ``pip install "sudoku-cp[fast]"``.
- ``OutputError``: a file that cannot be written; the message names the file.
- ``GenerationError``: a backend contradicted what the generator knows (a bug, not bad
  input), with the evidence; ``VerificationError``: the cross-checker did not confirm a
  generated puzzle.

Errors that belong to one subsystem are defined there but derive from the root too
(``certify.CertificateError``, ``certify.drat.ProofFormatError``, ``gui.jobs.JobError``,
``gui.work.BadRequest``, ``logic.SeveralSolutionsError``,
``variants.crosscheck.ParadigmError`` ...); ``tests/test_errors.py`` walks every module
and holds every exception class to that.

Roads not taken: one error class per module (callers kept hand-written lists of them
to catch, and the lists drifted); error codes in place of classes (Python callers
expect exceptions they can catch by kind).
"""

from __future__ import annotations


class SudokuCpError(Exception):
    """The root of every error sudoku_cp raises on purpose."""


class PuzzleError(SudokuCpError, ValueError):
    """Input that is not a puzzle: the message names the line, cell or symbol."""


class UsageError(SudokuCpError, ValueError):
    """A request that cannot be carried out as asked (a bad option, a clash of options)."""


class UnknownBackendError(SudokuCpError, ValueError):
    """A backend name or spec that is not in the registry."""


class MissingDependencyError(SudokuCpError, ImportError):
    """An optional package is not installed; the message names the extra to install."""


def missing_extra(what: str, extra: str, module: str | None = None) -> MissingDependencyError:
    """The error for a missing optional package, with the install command.

    >>> str(missing_extra("PNG pictures", "image", "matplotlib"))
    'PNG pictures need matplotlib: pip install "sudoku-cp[image]"'
    """
    needs = f" need {module}" if module else " need an optional package"
    return MissingDependencyError(f'{what}{needs}: pip install "sudoku-cp[{extra}]"')


class OutputError(SudokuCpError, OSError):
    """A file that cannot be written (a full disk, a folder in the way); names the file."""


class GenerationError(SudokuCpError, RuntimeError):
    """A backend contradicted what the generator knows (a bug, not bad input)."""

    def __init__(self, message: str, evidence=(), report=None):
        self.evidence = list(evidence)
        self.report = report
        super().__init__(message + "".join(f"\n  {line}" for line in self.evidence))


class VerificationError(GenerationError):
    """The cross-checker did not confirm a generated puzzle; ``report`` holds the evidence."""
