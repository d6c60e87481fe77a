"""Our own DRUP/DRAT proof checker: forward checking by reverse unit propagation.

A DRAT proof is a list of steps, each adding a *lemma* (a clause) or deleting one. It
refutes a formula when every lemma is implied, and the formula plus the lemmas
propagates to a conflict. This checker replays the proof **forwards**:

1. load the formula and unit-propagate it at the top level;
2. for each added lemma ``C``: assume every literal of ``C`` false and propagate; a
   conflict shows ``C`` is implied (it is RUP, a *reverse unit propagation* lemma).
   If not, try RAT on the lemma's first literal ``p``: for every live clause ``D``
   holding ``-p``, the resolvent ``C ∪ D - {-p}`` must be RUP. Then add ``C``;
3. for each deletion, find the clause with the same literals and drop it (the
   deletion of a unit clause, or of a clause that is not there, is ignored and
   counted, as drat-trim does: ignoring a deletion can never make a wrong proof pass);
4. the proof holds as soon as propagation at the top level reaches a conflict (an
   explicit empty clause ``0`` is RUP exactly then). A proof that ends first fails.

**Why forward, not backward with core marking.** Backward checking (drat-trim's way)
checks only the lemmas the final conflict needs, which pays off on proofs of
millions of lemmas. Sudoku proofs from CaDiCaL are short (a few hundred lemmas for
a 17-clue puzzle, a few thousand for the hardest known ones), so almost all the time
goes into loading the formula, which both directions pay. Forward checking needs no
second pass, no reason bookkeeping and no core marks: the checker stays small enough to
read in one sitting, which is the point of a checker one is asked to trust.

The loop is ``_kernel.check``, compiled by numba when it is installed (the ``fast``
extra) and run as plain Python otherwise (same code, ~50× slower, still correct).

>>> xor = [[1, 2], [-1, 2], [1, -2], [-1, -2], [3, 4]]
>>> check_proof(xor, "2 0\\n0\\n").message
'refuted at proof step 1'
>>> check_proof(xor, "-3 0\\n").message
'proof step 1 (line 1): lemma -3 0 is neither RUP nor RAT'
>>> check_proof(xor, "d 1 2 0\\n").message
'the proof ends after 1 steps without a conflict (no empty clause: a truncated or incomplete proof?)'
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Sequence

from . import _kernel

#: Names of the result codes of ``_kernel.check``.
_CODES = {_kernel.REFUTED: "refuted", _kernel.NOT_IMPLIED: "lemma not implied",
          _kernel.NO_CONFLICT: "no conflict"}


class ProofFormatError(ValueError):
    """A proof or CNF file that cannot be read (bad token, truncated clause)."""


@dataclass(frozen=True)
class CheckResult:
    """What the checker found. ``ok`` is the verdict; ``message`` says why not."""

    ok: bool
    message: str
    lemmas: int = 0  # lemmas checked (added clauses)
    rat: int = 0  # of which needed the RAT check
    deletions: int = 0  # deletions applied
    ignored_deletions: int = 0  # deletions of units or of absent clauses
    time_s: float = 0.0
    engine: str = "python"

    def to_dict(self) -> dict:
        return {"ok": self.ok, "message": self.message, "lemmas": self.lemmas, "rat": self.rat,
                "deletions": self.deletions, "ignored_deletions": self.ignored_deletions,
                "time_s": round(self.time_s, 6), "engine": self.engine}


@dataclass
class Proof:
    """Parsed proof steps: ``clauses[i]`` added (``deleted[i]`` False) or deleted, and
    the 1-based line (text) or byte offset (binary) where step i starts."""

    clauses: list[list[int]]
    deleted: list[bool]
    where: list[str]


# -- reading ----------------------------------------------------------------------------
def parse_proof(data: str | bytes) -> Proof:
    """Read a DRAT proof, text (``d`` marks a deletion) or drat-trim's binary form."""
    if isinstance(data, bytes):
        if _is_binary(data):
            return _parse_binary(data)
        data = data.decode("ascii", errors="replace")
    clauses, deleted, where = [], [], []
    current: list[int] = []
    is_delete = False
    start = 0
    for number, line in enumerate(data.split("\n"), 1):
        tokens = line.split()
        if not tokens or tokens[0] == "c":
            continue
        for token in tokens:
            if not current and token == "d" and not is_delete:
                is_delete, start = True, number
                continue
            try:
                lit = int(token)
            except ValueError:
                raise ProofFormatError(f"proof line {number}: {token!r} is not a literal") from None
            if not current and not is_delete:
                start = number
            if lit == 0:
                clauses.append(current)
                deleted.append(is_delete)
                where.append(f"line {start}")
                current, is_delete = [], False
            else:
                current.append(lit)
    if current or is_delete:
        raise ProofFormatError(f"proof line {start}: the last clause has no closing 0 "
                               f"(a truncated file?)")
    return Proof(clauses, deleted, where)


def _is_binary(data: bytes) -> bool:
    head = data[:64]
    return bool(head) and head[0] in (0x61, 0x64) and any(
        b not in b"0123456789- \t\r\ndc" for b in head)


def _parse_binary(data: bytes) -> Proof:
    """drat-trim's binary DRAT: 'a' or 'd', then variable-length literals, then 0."""
    clauses, deleted, where = [], [], []
    i, size = 0, len(data)
    while i < size:
        mark = data[i]
        if mark not in (0x61, 0x64):
            raise ProofFormatError(f"binary proof byte {i}: step mark {mark:#x} is not 'a' or 'd'")
        start = i
        i += 1
        clause: list[int] = []
        while True:
            value, shift = 0, 0
            while True:
                if i >= size:
                    raise ProofFormatError(f"binary proof byte {start}: the last clause has no "
                                           f"closing 0 (a truncated file?)")
                byte = data[i]
                i += 1
                value |= (byte & 0x7F) << shift
                shift += 7
                if not byte & 0x80:
                    break
            if value == 0:
                break
            clause.append(-(value >> 1) if value & 1 else value >> 1)
        clauses.append(clause)
        deleted.append(mark == 0x64)
        where.append(f"byte {start}")
    return Proof(clauses, deleted, where)


def parse_dimacs(text: str) -> tuple[int, list[list[int]]]:
    """``(variables, clauses)`` of DIMACS CNF text; the header's counts must hold."""
    header = None
    clauses: list[list[int]] = []
    current: list[int] = []
    for number, line in enumerate(text.split("\n"), 1):
        tokens = line.split()
        if not tokens or tokens[0] == "c":
            continue
        if tokens[0] == "p":
            if header is not None or len(tokens) != 4 or tokens[1] != "cnf":
                raise ProofFormatError(f"CNF line {number}: bad header {line.strip()!r}")
            header = (int(tokens[2]), int(tokens[3]))
            continue
        for token in tokens:
            try:
                lit = int(token)
            except ValueError:
                raise ProofFormatError(f"CNF line {number}: {token!r} is not a literal") from None
            if lit == 0:
                clauses.append(current)
                current = []
            else:
                current.append(lit)
    if header is None:
        raise ProofFormatError("CNF: no 'p cnf' header")
    if current:
        raise ProofFormatError("CNF: the last clause has no closing 0 (a truncated file?)")
    if len(clauses) != header[1]:
        raise ProofFormatError(f"CNF: the header promises {header[1]} clauses, the file has "
                               f"{len(clauses)} (a truncated file?)")
    return header[0], clauses


# -- checking ---------------------------------------------------------------------------
def check_proof(formula: Sequence[Sequence[int]], proof: Proof | str | bytes, *,
                engine: str = "auto") -> CheckResult:
    """Check that ``proof`` refutes ``formula`` (a list of clauses of DIMACS literals).

    ``engine``: ``"numba"``, ``"python"`` or ``"auto"`` (numba when installed).
    """
    import numpy as np

    start = time.perf_counter()
    if not isinstance(proof, Proof):
        proof = parse_proof(proof)
    nformula = len(formula)
    every = list(formula) + proof.clauses
    sizes = np.fromiter((len(c) for c in every), dtype=np.int64, count=len(every))
    starts = np.zeros(len(every) + 1, dtype=np.int64)
    np.cumsum(sizes, out=starts[1:])
    flat = np.fromiter((lit for c in every for lit in c), dtype=np.int64, count=int(starts[-1]))
    lits = (2 * np.abs(flat) + (flat < 0)).astype(np.int64)
    kinds = np.zeros(len(every), dtype=np.int8)
    kinds[nformula:] = [_kernel.DELETE if d else _kernel.LEMMA for d in proof.deleted]
    nlits = 2 * (int(np.abs(flat).max()) + 1) if len(flat) else 2
    run, name = _engine(engine)
    work = _work_arrays(len(every), nlits, python=name == "python")
    if name == "python":  # plain lists: indexing numpy scalars one by one is slower still
        lits, starts, kinds = lits.tolist(), starts.tolist(), kinds.tolist()
    out = work["out"]
    run(lits, starts, kinds, nformula, work["deleted"], work["head"], work["nxt"], work["val"],
        work["trail"], work["mark"], work["bucket"], work["chain"], out)
    code, step = int(out[0]), int(out[1])
    counts = dict(lemmas=int(out[2]), rat=int(out[3]), deletions=int(out[4]),
                  ignored_deletions=int(out[5]))
    elapsed = time.perf_counter() - start
    if code == _kernel.REFUTED:
        message = ("the formula alone propagates to a conflict" if step < 0
                   else f"refuted at proof step {step - nformula + 1}")
        return CheckResult(True, message, time_s=elapsed, engine=name, **counts)
    if code == _kernel.NOT_IMPLIED:
        i = step - nformula
        lemma = " ".join(map(str, proof.clauses[i] + [0]))
        message = f"proof step {i + 1} ({proof.where[i]}): lemma {lemma} is neither RUP nor RAT"
    else:
        message = (f"the proof ends after {len(proof.clauses)} steps without a conflict "
                   f"(no empty clause: a truncated or incomplete proof?)")
    return CheckResult(False, message, time_s=elapsed, engine=name, **counts)


def _work_arrays(nclauses: int, nlits: int, python: bool) -> dict:
    import numpy as np

    nbuckets = 1 << max(4, (2 * nclauses).bit_length())
    arrays = {
        "deleted": np.zeros(nclauses, dtype=np.int8),
        "head": np.full(nlits, -1, dtype=np.int64),
        "nxt": np.full(2 * nclauses, -1, dtype=np.int64),
        "val": np.zeros(nlits, dtype=np.int8),
        "trail": np.zeros(nlits // 2 + 1, dtype=np.int64),
        "mark": np.zeros(nlits, dtype=np.int8),
        "bucket": np.full(nbuckets, -1, dtype=np.int64),
        "chain": np.full(nclauses, -1, dtype=np.int64),
        "out": np.zeros(6, dtype=np.int64),
    }
    if python:
        arrays = {k: (v if k == "out" else v.tolist()) for k, v in arrays.items()}
    return arrays


_compiled = None


def _engine(engine: str):
    """The check function for ``engine`` and its name; numba is imported only here."""
    global _compiled
    if engine not in ("auto", "numba", "python"):
        raise ValueError(f"unknown checker engine {engine!r}; choose from: auto, numba, python")
    if engine == "python":
        return _kernel.check, "python"
    if _compiled is None:
        try:
            import numba
        except ImportError:
            if engine == "numba":
                raise ImportError('the numba engine needs numba: pip install "sudoku-cp[fast]"') \
                    from None
            return _kernel.check, "python"
        _compiled = _jit(numba)
    return _compiled, "numba"


def _jit(numba):
    """Compile the kernel: every helper first, so ``check`` calls compiled code."""
    import types

    names = ["propagate", "conflict", "length", "undo", "assume_negation", "refutes_negation",
             "is_rup", "is_rat", "attach", "same_clause", "clause_hash", "check"]
    namespace = dict(vars(_kernel))
    module = types.SimpleNamespace()
    for name in names:
        fn = vars(_kernel)[name]
        rebound = types.FunctionType(fn.__code__, namespace, name, fn.__defaults__)
        namespace[name] = numba.njit(cache=True, nogil=True)(rebound)
        setattr(module, name, namespace[name])
    return module.check
