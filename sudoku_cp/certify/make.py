"""Writing certificates: the CNF that was refuted, the solution, and a DRAT proof.

For a ``unique`` verdict with solution S, the certificate is

- ``puzzle-NNNNNN.sol``: S, one line (checked directly by ``check.is_solution``);
- ``puzzle-NNNNNN.cnf``: the puzzle's CNF (``encode.cnf.to_dimacs``: the encoding, the
  givens as unit clauses, the ``c var`` legend) plus the *blocking clause* of S: the
  disjunction of "cell c does not hold S[c]" over the cells that are not givens. A
  model of this CNF would be a solution other than S;
- ``puzzle-NNNNNN.drat``: a DRAT proof, by a fresh proof-logging solver, that the CNF
  has no model. So S is the only solution.

``none`` is certified by a proof that the puzzle's own CNF has no model (no blocking
clause, no solution file); ``multiple`` by its two solutions in the ``.sol`` file.
Every certificate is listed on one line of ``manifest.jsonl`` (see ``record``).

The proof comes from CaDiCaL 1.9.5 by default (``DEFAULT_SOLVER``): it makes
certificates as fast as Glucose 4, and PySAT hands over its proof in binary DRAT, so the
files are half the size or less and check 1.6-2× faster than Glucose's text proofs (see
docs/certify.md and ``benchmarks/bench_certify.py --solvers cadical195,glucose4``).
"""

from __future__ import annotations

from ..errors import SudokuCpError

import json
import os
import time
from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from ..board import Board
from ..check import is_solution

if TYPE_CHECKING:
    from .drat import Formula

#: The solver whose proofs certificates carry (see the module docstring for why).
DEFAULT_SOLVER = "cadical195"
#: PySAT solvers whose proofs are sound here (maplesat's proofs are off by one literal: pysat issue 139).
PROOF_SOLVERS = ("cadical195", "cadical153", "glucose4", "glucose42", "glucose3",
                 "lingeling", "maplechrono", "maplecm")
MANIFEST = "manifest.jsonl"
#: Verdicts that get a certificate.
CERTIFIED = ("unique", "none", "multiple")


class CertificateError(SudokuCpError):
    """A certificate could not be made (the solver contradicts the verdict: a bug)."""


def file_stem(index: int) -> str:
    """The common name of one puzzle's files: ``puzzle-000042`` for index 42."""
    return f"puzzle-{index:06d}"


def blocking_clause(board: Board, solution: Sequence[int], encoding: str = "extended") -> list[int]:
    """The clause that rules out ``solution``: some non-given cell holds another value.

    >>> b = Board.parse("1..." "...2" "..4." ".3..")
    >>> blocking_clause(b, [1,2,3,4, 3,4,1,2, 2,1,4,3, 4,3,2,1])[:3]
    [-6, -11, -16]
    """
    from ..encode.cnf import cached_encode

    x = cached_encode(board.geometry, encoding).x
    return [-x[cell][v] for cell, (g, v) in enumerate(zip(board.givens, solution)) if not g]


def refuted_formula(board: Board, solution: Sequence[int] | None,
                    encoding: str = "extended") -> tuple[str, "Formula"]:
    """The CNF a certificate refutes, as DIMACS text and as a ``drat.Formula`` (the same
    clauses in the same order).

    With a solution: the puzzle's CNF plus its blocking clause (a ``unique`` claim);
    without: the puzzle's own CNF (a ``none`` claim).
    """
    from ..encode.cnf import cached_encode, givens_literals, to_dimacs

    enc = cached_encode(board.geometry, encoding)
    block = blocking_clause(board, solution, encoding) if solution is not None else None
    text = to_dimacs(board, encoding, blocking=block)
    more = [[lit] for lit in givens_literals(enc, board)]
    if block is not None:
        more.append(block)
    return text, _base_formula(board.geometry, encoding).plus(more)


@lru_cache(maxsize=8)
def _base_formula(geometry, encoding: str):
    from ..encode.cnf import cached_encode
    from .drat import Formula

    return Formula.from_clauses(cached_encode(geometry, encoding).cnf.clauses).link()


def prove(formula: "Formula", solver: str = DEFAULT_SOLVER, stats: dict | None = None) -> bytes:
    """A DRAT proof that ``formula`` has no model (binary DRAT from CaDiCaL, text from
    the others: drat-trim and ``drat.parse_proof`` read both).

    Unit propagation runs first (``drat.propagate_units``). When it alone reaches a
    conflict, the proof is the empty clause ``0``. Otherwise a fresh PySAT solver gets
    the propagated units as unit clauses and only the clauses they leave unsatisfied:
    a 17-clue puzzle's formula shrinks from ~12,000 clauses to a few thousand, and
    loading clauses is most of a proof's cost. The solver's proof holds for the whole
    formula, because every unit it was given follows from the formula by unit
    propagation, which every RUP check (ours and drat-trim's) performs first.
    ``stats``, when given, receives ``solver_clauses``: how many clauses the solver got
    (0 when propagation alone refuted the formula). Raises ``CertificateError`` when the
    solver finds a model instead.
    """
    import numpy as np
    from pysat.solvers import Solver

    from .drat import propagate_units

    if solver not in PROOF_SOLVERS:
        raise ValueError(f"solver {solver!r} cannot log proofs here; choose from: "
                         f"{', '.join(PROOF_SOLVERS)}")
    units = propagate_units(formula)
    if stats is not None:
        stats["solver_clauses"] = 0
    if units is None:
        return b"0\n"
    lits, starts = formula.lits, formula.starts
    value = np.zeros(2 * (int(np.abs(lits).max()) + 1), dtype=np.int8)
    value[2 * np.abs(units) + (units < 0)] = 1
    true = value[2 * np.abs(lits) + (lits < 0)]
    satisfied = np.maximum.reduceat(true, starts[:-1]) if len(lits) else true
    satisfied[starts[:-1] == starts[1:]] = 0  # reduceat reads past empty clauses
    flat, bounds = lits.tolist(), starts.tolist()
    with Solver(name=solver, with_proof=True) as s:
        add = _adder(s)
        for lit in units.tolist():
            add([lit])
        kept = np.flatnonzero(satisfied == 0).tolist()
        for i in kept:
            add(flat[bounds[i]:bounds[i + 1]])
        if stats is not None:
            stats["solver_clauses"] = len(units) + len(kept)
        if s.solve():
            raise CertificateError(f"{solver} found a model: the formula is satisfiable")
        return _proof_bytes(s)


def _adder(s):
    """``add(clause)`` for solver ``s``: CaDiCaL's C entry point when PySAT exposes it
    (its two Python wrappers cost as much as the call itself), else ``s.add_clause``."""
    inner = getattr(s, "solver", None)
    if type(inner).__name__ == "Cadical195" and getattr(inner, "cadical", None) is not None:
        from pysat.solvers import pysolvers

        native, handle = getattr(pysolvers, "cadical195_add_cl", None), inner.cadical
        if native is not None:
            return lambda clause: native(handle, clause)
    return s.add_clause


def _proof_bytes(s) -> bytes:
    """The solver's proof: CaDiCaL's binary DRAT as it wrote it (PySAT would decode it
    to text in a Python loop, slower than the whole certificate); text otherwise."""
    inner = getattr(s, "solver", None)
    trace, handle = getattr(inner, "prfile", None), getattr(inner, "prfp", None)
    if type(inner).__name__.startswith("Cadical") and trace is not None and handle is not None:
        from pysat.solvers import pysolvers

        pysolvers.flushpr(handle)
        trace.seek(0)
        return trace.read()
    lines = s.get_proof() or []
    return ("\n".join(lines) + "\n").encode("ascii") if lines else b""


def make_certificate(board: Board, verdict: str, solutions: Sequence[Sequence[int]],
                     directory: str, index: int, *, solver: str = DEFAULT_SOLVER,
                     encoding: str = "extended", checker: str | None = "ours") -> dict:
    """Write one puzzle's certificate into ``directory``; returns its manifest record.

    The new certificate is checked at once with ``checker`` (``checkers.run_checker``);
    the record's ``check`` says what was found (``checker=None`` skips this check, for
    a caller that verifies the directory afterwards). Solutions are checked by
    ``is_solution`` before anything is written.
    """
    from .checkers import run_checker

    if verdict not in CERTIFIED:
        raise ValueError(f"no certificate for verdict {verdict!r} (only {', '.join(CERTIFIED)})")
    wanted = {"unique": 1, "multiple": 2, "none": 0}[verdict]
    if len(solutions) < wanted or (verdict != "multiple" and len(solutions) != wanted):
        raise ValueError(f"verdict {verdict} needs {wanted} solution(s), got {len(solutions)}")
    solutions = list(solutions)[:2] if verdict == "multiple" else list(solutions)
    for s in solutions:
        if not is_solution(board, s):
            raise CertificateError(f"not a solution: {board.to_text(s)}")
    start = time.perf_counter()
    stem = os.path.join(directory, file_stem(index))
    files: dict[str, str] = {}
    texts: dict[str, str | bytes] = {}
    if verdict in ("unique", "multiple"):
        texts["solution"] = "".join(board.to_text(s) + "\n" for s in solutions)
    check = None
    stats: dict = {}
    if verdict in ("unique", "none"):
        solution = solutions[0] if verdict == "unique" else None
        texts["cnf"], formula = refuted_formula(board, solution, encoding)
        texts["proof"] = prove(formula, solver, stats)
    suffix = {"solution": ".sol", "cnf": ".cnf", "proof": ".drat"}
    for kind, text in texts.items():
        files[kind] = stem + suffix[kind]
        with open(files[kind], "wb") as f:
            f.write(text if isinstance(text, bytes) else text.encode("ascii"))
    made = time.perf_counter() - start
    if verdict in ("unique", "none") and checker is not None:
        check = run_checker(checker, formula, texts["proof"], files["cnf"], files["proof"])
    return {
        "index": index, "puzzle": board.to_text(), "box": f"{board.box[0]}x{board.box[1]}",
        "houses": [list(h) for h in board.geometry.extra], "encoding": encoding,
        "verdict": verdict, "solution": board.to_text(solutions[0]) if verdict == "unique" else None,
        "solutions": [board.to_text(s) for s in solutions],
        "files": {k: os.path.basename(p) for k, p in files.items()},
        "sizes": {k: len(t) for k, t in texts.items()},
        "solver": solver if "proof" in texts else None,
        "solver_clauses": stats.get("solver_clauses"),
        "make_s": round(made, 6),
        "check": check.to_dict() if check is not None else None,
    }


def append_record(directory: str, record: dict) -> None:
    """Append ``record`` to the directory's manifest, as one line in one write (so
    several processes may append to the same manifest)."""
    data = (json.dumps(record) + "\n").encode()
    fd = os.open(os.path.join(directory, MANIFEST), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)
