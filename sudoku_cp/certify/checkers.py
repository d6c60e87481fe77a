"""The proof checkers a certificate can be checked with: ours, dratify, drat-trim.

``run_checker`` is used both when a certificate is made (``make``) and when a
directory is verified (``verify``); it lives apart from both so that neither imports
the other's side.
"""

from __future__ import annotations

import shutil
import subprocess
import time

from .drat import CheckResult, Formula, ProofFormatError, check_proof

#: Proof checkers ``--checker`` can name; the first is the default.
CHECKERS = ("ours", "dratify", "drat-trim")


# -- checkers -------------------------------------------------------------------------------
def checker_available(name: str) -> str | None:
    """None when ``name`` can run here, else the reason it cannot."""
    if name == "ours":
        return None
    if name == "dratify":
        try:
            import dratify  # noqa: F401
        except ImportError:
            return "the dratify package is not installed (pip install dratify)"
        return None
    if name == "drat-trim":
        return None if shutil.which("drat-trim") else (
            "drat-trim is not on PATH (build it from its C source: one file, cc -O2)")
    return f"unknown checker {name!r}; choose from: {', '.join(CHECKERS)}"


def run_checker(name: str, formula: Formula, proof: str | bytes,
                cnf_path: str | None = None, proof_path: str | None = None) -> CheckResult:
    """Check that ``proof`` refutes ``formula`` with checker ``name``.

    ``ours`` and ``dratify`` read the formula and proof in memory; ``drat-trim`` reads the files at
    ``cnf_path`` and ``proof_path`` (which must hold the same formula and proof).
    """
    why = checker_available(name)
    if why:
        raise ValueError(why)
    if name == "ours":
        try:
            return check_proof(formula, proof)
        except ProofFormatError as exc:
            return CheckResult(False, str(exc))
    start = time.perf_counter()
    if name == "dratify":
        import dratify

        try:
            text = _as_text(proof)
            clauses = formula.clauses()
            top = max((abs(lit) for c in clauses for lit in c), default=0)
            cnf = dratify.parse_dimacs(f"p cnf {top} {len(clauses)}\n" + "".join(
                " ".join(map(str, c)) + " 0\n" for c in clauses))
            result = dratify.check_proof(cnf, text)
        except Exception as exc:  # dratify raises on malformed proofs
            return CheckResult(False, f"dratify: {exc}", engine="dratify",
                               time_s=time.perf_counter() - start)
        ok = bool(result.ok)
        return CheckResult(ok, "refuted (dratify)" if ok else f"dratify: {result.reason}",
                           engine="dratify", time_s=time.perf_counter() - start)
    done = subprocess.run(["drat-trim", cnf_path, proof_path], capture_output=True, text=True)
    ok = "s VERIFIED" in done.stdout
    last = (done.stdout.strip().splitlines() or [""])[-1]
    return CheckResult(ok, "refuted (drat-trim)" if ok else f"drat-trim: {last}",
                       engine="drat-trim", time_s=time.perf_counter() - start)


def _as_text(proof: str | bytes) -> str:
    """A proof as text DRAT for checkers that read only text. A binary proof is decoded
    by PySAT's own decoder, not ours, so the other checker shares no code with us."""
    if isinstance(proof, str):
        return proof
    from .drat import _is_binary

    if not _is_binary(proof):
        return proof.decode("ascii", "replace")
    from pysat.solvers import Solver

    try:
        return "\n".join(Solver._proof_bin2text(bytearray(proof))) + "\n"
    except (AssertionError, IndexError) as exc:
        raise ProofFormatError(f"binary proof cannot be decoded ({exc or 'bad step mark'})") \
            from None
