"""Verifying certificates: a whole directory, trusting none of its files.

For each line of ``manifest.jsonl`` (see ``make``), by its verdict:

- ``unique``: the ``.sol`` file holds the manifest's solution, and
  ``check.is_solution`` accepts it for the puzzle; the ``.cnf`` file is exactly the
  puzzle's encoding with that solution blocked, *re-derived* here from the puzzle
  and the solution; the ``.drat`` proof refutes the re-derived formula;
- ``none``: the ``.cnf`` file is the puzzle's own encoding, and the proof refutes it;
- ``multiple``: the ``.sol`` file holds two different solutions, each accepted by
  ``is_solution``.

What is trusted: the puzzle text in the manifest (it *is* the claim), the encoding
(``encode.cnf``: that its models are exactly the solutions), ``is_solution``, and the
proof checker. Not trusted: the solvers, the CNF and solution files, the manifest's
sizes and check results.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from dataclasses import dataclass, field

from ..board import Board, PuzzleError, parse_box
from ..check import is_solution
from .drat import CheckResult, ProofFormatError, parse_dimacs
from .checkers import run_checker
from .make import MANIFEST, blocking_clause, refuted_formula

@dataclass
class Verified:
    """The outcome for one manifest line: ``ok``, or the ``problems`` found."""

    index: object
    verdict: str
    problems: list[str] = field(default_factory=list)
    check: CheckResult | None = None
    time_s: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict:
        return {"index": self.index, "verdict": self.verdict, "ok": self.ok,
                "problems": self.problems, "time_s": round(self.time_s, 6),
                "check": self.check.to_dict() if self.check else None}


# -- one certificate ----------------------------------------------------------------------------
def verify_record(directory: str, rec: dict, checker: str = "ours") -> Verified:
    """Check the certificate that manifest line ``rec`` describes."""
    start = time.perf_counter()
    out = Verified(rec.get("index"), str(rec.get("verdict")))
    if rec.get("kind") == "variant":  # a variant puzzle's certificate: certify/variant.py
        from .variant import verify_variant

        verify_variant(directory, rec, out, checker)
        out.time_s = time.perf_counter() - start
        return out
    try:
        board = _board(rec)
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        out.problems.append(f"manifest: the puzzle cannot be read ({exc})")
        return out
    files = rec.get("files") or {}
    solutions = []
    if out.verdict in ("unique", "multiple"):
        solutions = _solutions(directory, files, board, rec, out.problems)
        want = 1 if out.verdict == "unique" else 2
        if solutions is not None and len(solutions) != want:
            out.problems.append(f"solution: {want} solution(s) expected for verdict "
                                f"{out.verdict}, the file has {len(solutions)}")
        if out.verdict == "multiple" and solutions and len(set(map(tuple, solutions))) < 2:
            out.problems.append("solution: the two witnesses are the same solution")
    elif out.verdict != "none":
        out.problems.append(f"manifest: verdict {out.verdict!r} has no certificate")
    if out.verdict in ("unique", "none") and not out.problems:
        solution = solutions[0] if out.verdict == "unique" else None
        out.check = _check_refutation(directory, files, board, solution, rec, checker,
                                      out.problems)
    out.time_s = time.perf_counter() - start
    return out


def _board(rec: dict) -> Board:
    box = parse_box(rec["box"])
    board = Board.parse(rec["puzzle"], box=box)
    houses = rec.get("houses") or []
    return Board.from_values(board.givens, box=box, houses=houses) if houses else board


def _read(directory: str, files: dict, kind: str, problems: list[str]) -> str | None:
    name = files.get(kind)
    if not name:
        problems.append(f"{kind}: the manifest names no {kind} file")
        return None
    path = os.path.join(directory, os.path.basename(name))
    try:
        with open(path, encoding="ascii", errors="replace") as f:
            return f.read()
    except OSError as exc:
        problems.append(f"{kind}: {name}: {exc.strerror or exc}")
        return None


def _solutions(directory, files, board, rec, problems) -> list | None:
    text = _read(directory, files, "solution", problems)
    if text is None:
        return None
    solutions = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            values = Board.parse(line, box=board.box).givens
        except PuzzleError as exc:
            problems.append(f"solution: {files['solution']} line {number}: {exc}")
            return None
        if not is_solution(board, values):
            problems.append(f"solution: {files['solution']} line {number} is not a solution of "
                            f"the puzzle ({_fault(board, values)})")
        solutions.append(values)
    listed = rec.get("solutions") or []
    if [board.to_text(s) for s in solutions] != listed:
        problems.append(f"solution: {files['solution']} differs from the manifest's solutions")
    return solutions


def _fault(board: Board, values) -> str:
    from ..crosscheck import _first_fault

    return _first_fault(board, values)


def _check_refutation(directory, files, board, solution, rec, checker, problems):
    """The CNF file must be the re-derived formula; the proof must refute that formula."""
    encoding = rec.get("encoding") or "extended"
    expected, formula = refuted_formula(board, solution, encoding)
    text = _read(directory, files, "cnf", problems)
    if text is not None and text != expected:
        problems.append("cnf: " + _cnf_difference(text, formula.clauses(), board, solution,
                                                  encoding))
    name = files.get("proof")
    if not name:
        problems.append("proof: the manifest names no proof file")
        return None
    proof_path = os.path.join(directory, os.path.basename(name))
    try:
        with open(proof_path, "rb") as f:
            proof = f.read()
    except OSError as exc:
        problems.append(f"proof: {name}: {exc.strerror or exc}")
        return None
    size = (rec.get("sizes") or {}).get("proof")
    if size is not None and size != len(proof):
        problems.append(f"proof: {name} has {len(proof)} bytes, the manifest says {size} "
                        f"(truncated or changed?)")
    cnf_path = os.path.join(directory, os.path.basename(files.get("cnf", "")))
    if checker == "drat-trim" and text != expected:  # give drat-trim the re-derived formula
        cnf_path = proof_path + ".expected.cnf"
        with open(cnf_path, "w", encoding="ascii") as f:
            f.write(expected)
    result = run_checker(checker, formula, proof, cnf_path, proof_path)
    if not result.ok:
        problems.append(f"proof: {name} does not refute the CNF: {result.message}")
    return result


def _cnf_difference(text: str, clauses, board, solution, encoding) -> str:
    """Say how a CNF file differs from the formula it should hold."""
    try:
        _, found = parse_dimacs(text)
    except (ProofFormatError, ValueError) as exc:
        return f"the file cannot be read: {exc}"
    have = Counter(tuple(sorted(c)) for c in found)
    want = Counter(tuple(sorted(c)) for c in clauses)
    missing, extra = want - have, have - want
    if solution is not None:
        block = tuple(sorted(blocking_clause(board, solution, encoding)))
        if block in missing:
            return "the blocking clause of the solution is missing"
    if missing:
        first = next(iter(missing))
        return (f"{sum(missing.values())} clause(s) of the puzzle's encoding are missing "
                f"(e.g. {' '.join(map(str, first))} 0)")
    if extra:
        first = next(iter(extra))
        return (f"{sum(extra.values())} clause(s) are not in the puzzle's encoding "
                f"(e.g. {' '.join(map(str, first))} 0)")
    return "the clauses match but the text differs from the re-derived file (header or legend)"


# -- a directory ---------------------------------------------------------------------------------
def read_manifest(directory: str) -> list[dict | str]:
    """The manifest's records; an unreadable line becomes a string saying so."""
    path = os.path.join(directory, MANIFEST)
    records: list[dict | str] = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except ValueError:
                records.append(f"{MANIFEST} line {number} is not JSON (a truncated line?)")
                continue
            records.append(rec if isinstance(rec, dict) else f"{MANIFEST} line {number}: "
                                                             f"not an object")
    return records


def verify_directory(directory: str, checker: str = "ours"):
    """Yield a ``Verified`` for every line of the directory's manifest."""
    for n, rec in enumerate(read_manifest(directory), 1):
        if isinstance(rec, str):
            yield Verified(f"line {n}", "?", [f"manifest: {rec}"])
            continue
        yield verify_record(directory, rec, checker)
