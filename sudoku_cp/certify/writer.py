"""``Certifier``: certificates for a run's verdicts, written into one directory.

``check --certify DIR`` and ``certify make`` hand it each checked puzzle; it writes the
certificate (``make.make_certificate``), appends the manifest line, checks the new
certificate with the chosen checker, and returns what happened. It prints nothing:
the command line says it.

One run at a time writes a directory: the certifier holds the lock of its manifest
(``sudoku_cp.lock``, a side file ``manifest.jsonl.lock`` with the holder's pid) from
before it looks at the manifest until ``close()``, so a second run on the same
directory is refused at once, with the holder's pid, instead of interleaving its
certificates and manifest lines with the first run's.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Sequence

from ..errors import UsageError
from ..lock import hold
from .checkers import checker_available
from .make import (CERTIFIED, DEFAULT_SOLVER, MANIFEST, PROOF_SOLVERS, CertificateError,
                   append_record, make_certificate)


@dataclass(frozen=True)
class Certified:
    """One puzzle's certificate: its manifest ``record`` (None when the verdict needs
    none, or it could not be made), and the ``problem`` when it failed."""

    index: int
    record: dict | None = None
    problem: str | None = None

    @property
    def failed(self) -> bool:
        return self.problem is not None


class Certifier:
    """Writes the certificates of one run into ``directory``."""

    def __init__(self, directory: str, checker: str = "ours", solver: str | None = None,
                 append: bool = False) -> None:
        why = checker_available(checker)
        if why:
            raise UsageError(why)
        self.solver = solver or DEFAULT_SOLVER
        if self.solver not in PROOF_SOLVERS:
            raise UsageError(f"--proof-solver {self.solver!r} cannot log proofs here; choose "
                             f"from: {', '.join(PROOF_SOLVERS)}")
        manifest = os.path.join(directory, MANIFEST)
        try:
            os.makedirs(directory, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"{directory}: {exc.strerror or exc}") from None
        self.lock = hold(manifest)  # before the manifest is looked at: no race between runs
        if os.path.exists(manifest) and os.path.getsize(manifest) and not append:
            self.lock.release()
            raise UsageError(f"{directory} already holds certificates ({MANIFEST}): "
                             f"use a new directory")
        self.directory, self.checker = directory, checker
        self.failed: list[int] = []

    def close(self) -> None:
        """Let go of the directory's lock (the run is over)."""
        self.lock.release()

    def __enter__(self) -> "Certifier":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def certify(self, index: int, board, verdict: str,
                solutions: Sequence[Sequence[int]]) -> Certified:
        """The certificate of one settled puzzle (unique, none or multiple)."""
        if verdict not in CERTIFIED:
            return Certified(index)
        try:
            rec = make_certificate(board, verdict, solutions, self.directory, index,
                                   solver=self.solver, checker=self.checker)
        except CertificateError as exc:
            self.failed.append(index)
            return Certified(index, None, f"could not be made: {exc}")
        append_record(self.directory, rec)
        check = rec.get("check")
        if check is not None and not check["ok"]:
            self.failed.append(index)
            return Certified(index, rec, f"fails its check: {check['message']}")
        return Certified(index, rec)

    def checked(self, checked, entry=None) -> Certified:
        """The certificate of a ``pipeline.Checked`` (its board and solutions as values);
        a variant puzzle's by ``certify.variant``: ``entry`` its ``VariantEntry`` in one
        process, else the puzzle's text that the ``Checked`` carries (a batch)."""
        if checked.verdict not in CERTIFIED:
            return Certified(checked.index)
        if entry is not None and hasattr(entry, "puzzle"):
            return self.variant(checked.index, entry.puzzle, checked.verdict,
                                checked.report.solutions)
        if getattr(checked, "variant", None) is not None:  # from a batch's worker: its text
            from ..variants.formats import read_entry

            read = read_entry(checked.variant)
            if read.error:  # (it was read once already, by the worker)
                self.failed.append(checked.index)
                return Certified(checked.index, None, f"could not be made: {read.error}")
            return self.variant(checked.index, read.puzzle, checked.verdict, checked.solutions)
        return self.certify(checked.index, checked.board, checked.verdict, checked.solutions)

    def variant(self, index: int, puzzle, verdict: str, solutions) -> Certified:
        """The certificate of one settled variant puzzle."""
        from .variant import make_variant_certificate

        try:
            rec = make_variant_certificate(puzzle, verdict, solutions, self.directory, index,
                                           solver=self.solver, checker=self.checker)
        except CertificateError as exc:
            self.failed.append(index)
            return Certified(index, None, f"could not be made: {exc}")
        return self._recorded(index, rec)

    def _recorded(self, index: int, rec: dict) -> Certified:
        append_record(self.directory, rec)
        check = rec.get("check")
        if check is not None and not check["ok"]:
            self.failed.append(index)
            return Certified(index, rec, f"fails its check: {check['message']}")
        return Certified(index, rec)
