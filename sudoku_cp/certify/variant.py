"""Certificates for variant puzzles: the CNF, the solution, and a DRAT proof.

For a ``unique`` verdict with solution S, as for a classic puzzle (``make``):

- ``puzzle-NNNNNN.sol``: S, the values separated by spaces on one line (checked by
  ``variants.rules.check_solution``, which shares no code with any encoder);
- ``puzzle-NNNNNN.cnf``: the CNF of ``variants.encode_cnf.encode`` (givens as unit
  clauses), its header naming the encoding and carrying one comment per constraint
  (its JSON), a legend of the cell-value variables, and last the blocking clause of S
  (some cell that is not a given holds another value);
- ``puzzle-NNNNNN.drat``: a DRAT proof (CaDiCaL, ``make.prove``) that this CNF has no model.

``none``: a proof that the puzzle's own CNF has no model; ``multiple``: its two solutions.
The manifest line says ``"kind": "variant"`` and holds the puzzle as the project's JSON
(``VariantPuzzle.to_dict``). ``verify_variant`` re-derives the CNF from that JSON and the
solution, compares it with the file, checks the solution by the rules and the proof with
the chosen checker. What is trusted: the encoding (that its models are exactly the
puzzle's solutions; docs/certify.md says how it is tested), the rules checker and the
proof checker.

>>> from sudoku_cp.variants.model import VariantPuzzle, Thermometer
>>> p = VariantPuzzle(4, givens=((5, 4), (9, 1), (14, 1)), constraints=(Thermometer((0, 1, 2, 3)),))
>>> text, formula = variant_formula(p, (1, 2, 3, 4, 3, 4, 2, 1, 2, 1, 4, 3, 4, 3, 1, 2))
>>> [line for line in text.splitlines() if line.startswith("c constraint")]
['c constraint 1: {"type": "thermometer", "cells": [0, 1, 2, 3]}']
"""

from __future__ import annotations

import json
import os
import time

from .make import CERTIFIED, DEFAULT_SOLVER, CertificateError, file_stem, prove

#: The name a certificate gives its encoding (the manifest and the CNF header say it).
ENCODING = "sudoku_cp.variants.encode_cnf (extended base, killer cages: combinations)"


def variant_formula(puzzle, solution=None):
    """``(dimacs_text, drat.Formula)``: the puzzle's CNF, plus the blocking clause of
    ``solution`` when one is given (a ``unique`` claim); the same clauses in the same order."""
    from ..variants.encode_cnf import encode
    from ..variants.model import constraint_to_dict
    from .drat import Formula

    enc = encode(puzzle)
    clauses = [list(c) for c in enc.clauses]
    if solution is not None:
        given = dict(puzzle.givens)
        clauses.append([-enc.x[c][v] for c, v in enumerate(solution) if c not in given])
    n = puzzle.size
    lo, hi = puzzle.values
    houses = f"regions {len(puzzle.regions)}" if puzzle.regions else f"box {puzzle.box}"
    lines = [f"c sudoku_cp variant CNF: {ENCODING}",
             f"c grid {n}x{n}, values {lo}..{hi}, {houses}, {len(puzzle.givens)} givens "
             f"(unit clauses)"]
    for k, c in enumerate(puzzle.constraints, 1):
        lines.append(f"c constraint {k}: {json.dumps(constraint_to_dict(c))}")
    if solution is not None:
        lines.append("c the last clause blocks the solution: " + " ".join(map(str, solution)))
    for cell in range(puzzle.num_cells):
        for v, lit in enc.x[cell].items():
            lines.append(f"c var {lit} = r{cell // n + 1}c{cell % n + 1}#{v}")
    lines.append(f"p cnf {enc.nv} {len(clauses)}")
    lines += [" ".join(map(str, c)) + " 0" for c in clauses]
    return "\n".join(lines) + "\n", Formula.from_clauses(clauses)


def _solution_text(solutions) -> str:
    return "".join(" ".join(map(str, s)) + "\n" for s in solutions)


def make_variant_certificate(puzzle, verdict: str, solutions, directory: str, index: int, *,
                             solver: str = DEFAULT_SOLVER, checker: str | None = "ours") -> dict:
    """Write one variant puzzle's certificate; returns its manifest record (checked at
    once with ``checker`` unless None)."""
    from ..variants.rules import check_solution
    from .checkers import run_checker

    if verdict not in CERTIFIED:
        raise ValueError(f"no certificate for verdict {verdict!r}")
    solutions = [tuple(s) for s in solutions][:2 if verdict == "multiple" else 1 if verdict == "unique" else 0]
    for s in solutions:
        broken = check_solution(puzzle, s)
        if broken:
            raise CertificateError(f"not a solution: {broken[0]}")
    start = time.perf_counter()
    stem = os.path.join(directory, file_stem(index))
    texts: dict = {}
    if solutions:
        texts["solution"] = _solution_text(solutions)
    stats: dict = {}
    if verdict in ("unique", "none"):
        texts["cnf"], formula = variant_formula(puzzle, solutions[0] if solutions else None)
        texts["proof"] = prove(formula, solver, stats)
    suffix = {"solution": ".sol", "cnf": ".cnf", "proof": ".drat"}
    files = {k: stem + suffix[k] for k in texts}
    for kind, text in texts.items():
        with open(files[kind], "wb") as f:
            f.write(text if isinstance(text, bytes) else text.encode("utf-8"))
    made = time.perf_counter() - start
    check = None
    if "proof" in texts and checker is not None:
        check = run_checker(checker, formula, texts["proof"], files["cnf"], files["proof"])
    return {"index": index, "kind": "variant", "puzzle": puzzle.to_dict(), "encoding": ENCODING,
            "verdict": verdict, "solutions": [list(s) for s in solutions],
            "files": {k: os.path.basename(p) for k, p in files.items()},
            "sizes": {k: len(t) for k, t in texts.items()},
            "solver": solver if "proof" in texts else None,
            "solver_clauses": stats.get("solver_clauses"), "make_s": round(made, 6),
            "check": check.to_dict() if check is not None else None}


def verify_variant(directory: str, rec: dict, out, checker: str = "ours"):
    """Fill ``out`` (a ``verify.Verified``) with what is wrong with a variant certificate."""
    from ..variants.model import VariantPuzzle
    from ..variants.rules import check_solution
    from .checkers import run_checker

    problems = out.problems
    try:
        puzzle = VariantPuzzle.from_dict(rec["puzzle"])
    except Exception as exc:  # the manifest is not trusted either
        problems.append(f"manifest: the puzzle cannot be read ({exc})")
        return
    if rec.get("encoding") != ENCODING:
        problems.append(f"manifest: encoding {rec.get('encoding')!r} is not {ENCODING!r}")
        return
    files = rec.get("files") or {}
    text = lambda kind, binary=False: _read(directory, files, kind, problems, binary)  # noqa: E731
    solutions = []
    if out.verdict in ("unique", "multiple"):
        raw = text("solution")
        if raw is None:
            return
        for number, line in enumerate(raw.splitlines(), 1):
            try:
                values = tuple(int(x) for x in line.split())
            except ValueError:
                problems.append(f"solution: line {number} is not a list of values")
                return
            broken = check_solution(puzzle, values)
            if broken:
                problems.append(f"solution: line {number} is not a solution ({broken[0]})")
            solutions.append(values)
        if [list(s) for s in solutions] != rec.get("solutions"):
            problems.append("solution: the file differs from the manifest's solutions")
        want = 1 if out.verdict == "unique" else 2
        if len(solutions) != want or len(set(solutions)) != len(solutions):
            problems.append(f"solution: {want} different solution(s) expected, "
                            f"the file has {len(solutions)}")
    elif out.verdict != "none":
        problems.append(f"manifest: verdict {out.verdict!r} has no certificate")
    if problems or out.verdict not in ("unique", "none"):
        return
    expected, formula = variant_formula(puzzle, solutions[0] if solutions else None)
    cnf = text("cnf")
    if cnf is not None and cnf != expected:
        problems.append("cnf: the file is not the puzzle's encoding with the solution blocked "
                        "(re-derived from the manifest's puzzle)")
    proof = text("proof", True)
    if proof is None:
        return
    cnf_path = os.path.join(directory, os.path.basename(files.get("cnf", "")))
    proof_path = os.path.join(directory, os.path.basename(files["proof"]))
    if checker == "drat-trim" and cnf != expected:  # drat-trim reads the re-derived formula
        cnf_path = proof_path + ".expected.cnf"
        with open(cnf_path, "w", encoding="utf-8") as f:
            f.write(expected)
    out.check = run_checker(checker, formula, proof, cnf_path, proof_path)
    if not out.check.ok:
        problems.append(f"proof: {files['proof']} does not refute the CNF: {out.check.message}")


def _read(directory, files, kind, problems, binary=False):
    name = files.get(kind)
    if not name:
        problems.append(f"{kind}: the manifest names no {kind} file")
        return None
    try:
        with open(os.path.join(directory, os.path.basename(name)), "rb") as f:
            data = f.read()
    except OSError as exc:
        problems.append(f"{kind}: {name}: {exc.strerror or exc}")
        return None
    return data if binary else data.decode("utf-8", errors="replace")
