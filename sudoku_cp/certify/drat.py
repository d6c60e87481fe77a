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

from ..errors import SudokuCpError

import time
from dataclasses import dataclass
from typing import Sequence

from . import _kernel

#: Names of the result codes of ``_kernel.check``.
_CODES = {_kernel.REFUTED: "refuted", _kernel.NOT_IMPLIED: "lemma not implied",
          _kernel.NO_CONFLICT: "no conflict"}


class ProofFormatError(SudokuCpError, ValueError):
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


class Proof:
    """Parsed proof steps, flat: step i is ``lits[starts[i]:starts[i+1]]`` (DIMACS
    literals), a deletion when ``deleted[i]``; ``place(i)`` says where it starts in the
    file (a line of a text proof, a byte of a binary one)."""

    def __init__(self, lits, starts, deleted, where, unit: str) -> None:
        self.lits, self.starts, self.deleted, self.where, self.unit = (
            lits, starts, deleted, where, unit)

    def __len__(self) -> int:
        return len(self.starts) - 1

    def clause(self, i: int) -> list[int]:
        return self.lits[self.starts[i]:self.starts[i + 1]].tolist()

    def place(self, i: int) -> str:
        return f"{self.unit} {int(self.where[i])}"


# -- reading ----------------------------------------------------------------------------
def parse_proof(data: str | bytes, engine: str = "auto") -> Proof:
    """Read a DRAT proof, text (``d`` marks a deletion) or drat-trim's binary form
    (told apart by its first bytes, as drat-trim does)."""
    if isinstance(data, bytes):
        if _is_binary(data):
            return _parse_binary(data, engine)
        data = data.decode("ascii", errors="replace")
    return _parse_text(data)


def _parse_text(data: str) -> Proof:
    import numpy as np

    flat: list[int] = []
    ends: list[int] = []
    deleted: list[bool] = []
    where: list[int] = []
    open_step = False
    is_delete = False
    for number, line in enumerate(data.split("\n"), 1):
        tokens = line.split()
        if not tokens or tokens[0] == "c":
            continue
        for token in tokens:
            if not open_step:
                open_step, is_delete = True, token == "d"
                where.append(number)
                if is_delete:
                    continue
            try:
                lit = int(token)
            except ValueError:
                raise ProofFormatError(f"proof line {number}: {token!r} is not a literal") from None
            if lit == 0:
                ends.append(len(flat))
                deleted.append(is_delete)
                open_step = False
            else:
                flat.append(lit)
    if open_step:
        raise ProofFormatError(f"proof line {where[-1]}: the last clause has no closing 0 "
                               f"(a truncated file?)")
    starts = np.zeros(len(ends) + 1, dtype=np.int64)
    starts[1:] = ends
    return Proof(np.array(flat, dtype=np.int64), starts, np.array(deleted, dtype=bool),
                 np.array(where, dtype=np.int64), "line")


def _is_binary(data: bytes) -> bool:
    head = data[:64]
    return bool(head) and head[0] in (0x61, 0x64) and any(
        b not in b"0123456789- \t\r\ndc" for b in head)


def _parse_binary(data: bytes, engine: str) -> Proof:
    import numpy as np

    decode, name = _engine(engine, "decode_binary")
    raw = np.frombuffer(data, dtype=np.uint8) if name == "numba" else data
    lits = np.zeros(len(raw), dtype=np.int64)
    ends = np.zeros(len(raw) // 2 + 1, dtype=np.int64)
    kinds = np.zeros(len(raw) // 2 + 1, dtype=np.int8)
    where = np.zeros(len(raw) // 2 + 1, dtype=np.int64)
    steps = decode(raw, lits, ends, kinds, where)
    if steps < 0:
        raise ProofFormatError(f"binary proof byte {-steps - 1}: a step is cut short or does "
                               f"not start with 'a' or 'd' (a truncated file?)")
    starts = np.zeros(steps + 1, dtype=np.int64)
    starts[1:] = ends[:steps]
    return Proof(lits[:starts[-1]], starts, kinds[:steps] == _kernel.DELETE, where[:steps],
                 "byte")


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
class Formula:
    """Clauses stored flat: ``lits[starts[i]:starts[i+1]]`` is clause i (DIMACS literals).

    Building this from 12,000 Python lists costs milliseconds; ``plus`` appends a few
    clauses to a cached one in microseconds, so a batch builds each shape's base once.
    """

    def __init__(self, lits, starts, linked=None) -> None:
        self.lits, self.starts = lits, starts
        self.linked = linked  # (clauses, head, nxt) from ``link``, shared by extensions

    def link(self) -> "Formula":
        """Link the watches of every clause once (``_kernel.link_watches``), so each check
        of this formula or of one ``plus`` more clauses skips that step: loading the
        watches of a 9x9 formula is most of the time of checking a short proof.
        Returns self; a formula with a unit or empty clause stays unlinked."""
        import numpy as np

        if self.linked is None:
            index = 2 * np.abs(self.lits) + (self.lits < 0)
            head = np.full(int(index.max()) + 2 if len(index) else 2, -1, dtype=np.int64)
            nxt = np.full(2 * len(self), -1, dtype=np.int64)
            link, _ = _engine("auto", "link_watches")
            if link(index, self.starts, len(self), head, nxt):
                self.linked = (len(self), head, nxt)
        return self

    @classmethod
    def from_clauses(cls, clauses: Sequence[Sequence[int]]) -> "Formula":
        import numpy as np

        sizes = np.fromiter((len(c) for c in clauses), dtype=np.int64, count=len(clauses))
        starts = np.zeros(len(clauses) + 1, dtype=np.int64)
        np.cumsum(sizes, out=starts[1:])
        lits = np.fromiter((lit for c in clauses for lit in c), dtype=np.int64,
                           count=int(starts[-1]))
        return cls(lits, starts)

    def plus(self, clauses: Sequence[Sequence[int]]) -> "Formula":
        """This formula with ``clauses`` appended (a new object; self is unchanged)."""
        import numpy as np

        more = Formula.from_clauses(clauses)
        return self.extended(more.lits, more.starts)

    def extended(self, lits, starts) -> "Formula":
        """This formula with flat clauses ``lits``/``starts`` appended."""
        import numpy as np

        return Formula(np.concatenate([self.lits, lits]),
                       np.concatenate([self.starts, starts[1:] + self.starts[-1]]), self.linked)

    def __len__(self) -> int:
        return len(self.starts) - 1

    def clauses(self) -> list[list[int]]:
        flat, starts = self.lits.tolist(), self.starts.tolist()
        return [flat[starts[i]:starts[i + 1]] for i in range(len(self))]


def check_proof(formula: Formula | Sequence[Sequence[int]], proof: Proof | str | bytes, *,
                engine: str = "auto") -> CheckResult:
    """Check that ``proof`` refutes ``formula`` (a ``Formula`` or a list of clauses of
    DIMACS literals).

    ``engine``: ``"numba"``, ``"python"`` or ``"auto"`` (numba when installed).
    """
    import numpy as np

    start = time.perf_counter()
    if not isinstance(proof, Proof):
        proof = parse_proof(proof, engine)
    if not isinstance(formula, Formula):
        formula = Formula.from_clauses(formula)
    nformula = len(formula)
    kinds = np.where(proof.deleted, _kernel.DELETE, _kernel.LEMMA)
    out, _ = _run(formula.extended(proof.lits, proof.starts), nformula, kinds, engine)
    code, step = int(out[0]), int(out[1])
    counts = dict(lemmas=int(out[2]), rat=int(out[3]), deletions=int(out[4]),
                  ignored_deletions=int(out[5]))
    name = _engine(engine)[1]
    elapsed = time.perf_counter() - start
    if code == _kernel.REFUTED:
        message = ("the formula alone propagates to a conflict" if step < 0
                   else f"refuted at proof step {step - nformula + 1}")
        return CheckResult(True, message, time_s=elapsed, engine=name, **counts)
    if code == _kernel.NOT_IMPLIED:
        i = step - nformula
        lemma = " ".join(map(str, proof.clause(i) + [0]))
        message = f"proof step {i + 1} ({proof.place(i)}): lemma {lemma} is neither RUP nor RAT"
    else:
        message = (f"the proof ends after {len(proof)} steps without a conflict "
                   f"(no empty clause: a truncated or incomplete proof?)")
    return CheckResult(False, message, time_s=elapsed, engine=name, **counts)


def propagate_units(formula: Formula, *, engine: str = "auto"):
    """Unit propagation of ``formula`` at the top level: ``None`` when it reaches a
    conflict, else the literals it sets (DIMACS, as a numpy array).

    >>> propagate_units(Formula.from_clauses([[1], [-1, 2], [-2, 3, 4]])).tolist()
    [1, 2]
    >>> propagate_units(Formula.from_clauses([[1], [-1, 2], [-2]])) is None
    True
    """
    import numpy as np

    out, work = _run(formula, len(formula), [], engine)
    if out[0] == _kernel.REFUTED:
        return None
    val = np.asarray(work["val"])
    true = np.flatnonzero(val == 1)  # literal indices 2v (positive) or 2v+1 (negative)
    return np.where(true & 1, -(true >> 1), true >> 1)


def _run(formula: Formula, nformula: int, kinds: list[int], engine: str):
    """Run the kernel on ``formula`` whose first ``nformula`` clauses are the input and
    the rest proof steps of ``kinds``; returns ``(out, work arrays)``."""
    import numpy as np

    flat = formula.lits
    lits = 2 * np.abs(flat) + (flat < 0)
    starts = formula.starts
    every = np.zeros(len(formula), dtype=np.int8)
    every[nformula:] = kinds
    nlits = int(lits.max()) + 2 if len(lits) else 2
    nlits += nlits & 1
    run, name = _engine(engine)
    work = _work_arrays(len(formula), nlits)
    first = 0
    if formula.linked is not None and formula.linked[0] <= nformula:
        first, head, nxt = formula.linked
        work["head"][:len(head)] = head
        work["nxt"][:len(nxt)] = nxt
    if name == "python":  # plain lists: indexing numpy scalars one by one is slower still
        lits, starts, every = lits.tolist(), starts.tolist(), every.tolist()
        work = {k: (v if k == "out" else v.tolist()) for k, v in work.items()}
    run(lits, starts, every, nformula, first, work["deleted"], work["head"], work["nxt"],
        work["val"], work["trail"], work["mark"], work["bucket"], work["chain"], work["out"])
    return work["out"], work


def _work_arrays(nclauses: int, nlits: int) -> dict:
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
    return arrays


_compiled = None


def _engine(engine: str, function: str = "check"):
    """The kernel's ``function`` for ``engine``, and the engine's name; numba is imported
    only here."""
    global _compiled
    if engine not in ("auto", "numba", "python"):
        raise ValueError(f"unknown checker engine {engine!r}; choose from: auto, numba, python")
    if engine == "python":
        return getattr(_kernel, function), "python"
    if _compiled is None:
        from ..compiled_cache import FIRST_COMPILE, is_cold, notice, prepare

        prepare()  # NUMBA_CACHE_DIR, before numba is imported
        try:
            import numba
        except ImportError:
            if engine == "numba":
                raise ImportError('the numba engine needs numba: pip install "sudoku-cp[fast]"') \
                    from None
            return getattr(_kernel, function), "python"
        if is_cold("_kernel."):  # numba compiles at the first calls, in the caller
            notice("the DRAT checker", FIRST_COMPILE["drat"])
        _compiled = _jit(numba)
    return getattr(_compiled, function), "numba"


def _jit(numba):
    """Compile the kernel: every helper first, so ``check`` calls compiled code."""
    import types

    names = ["propagate", "conflict", "length", "undo", "assume_negation", "refutes_negation",
             "is_rup", "is_rat", "attach", "same_clause", "clause_hash", "check", "decode_binary",
             "link_watches"]
    namespace = dict(vars(_kernel))
    module = types.SimpleNamespace()
    for name in names:
        fn = vars(_kernel)[name]
        rebound = types.FunctionType(fn.__code__, namespace, name, fn.__defaults__)
        namespace[name] = numba.njit(cache=True, nogil=True)(rebound)
        setattr(module, name, namespace[name])
    return module


def proof_text(proof: Proof) -> str:
    """The proof as text DRAT (one step a line, ``d`` before a deletion).

    >>> proof_text(parse_proof(b"a\\x02\\x05\\x00d\\x02\\x00"))
    '1 -2 0\\nd 1 0\\n'
    """
    lines = []
    for i in range(len(proof)):
        step = " ".join(map(str, proof.clause(i) + [0]))
        lines.append(f"d {step}" if proof.deleted[i] else step)
    return "".join(line + "\n" for line in lines)
