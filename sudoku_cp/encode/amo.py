"""At-most-one encodings: clauses saying that at most one of some literals is true.

Sudoku's CNF needs "at most one" twice: each value at most once per house, and (in
the extended encoding) each cell at most one value. ``encode.cnf.encode(..., amo=NAME)``
takes the clauses for both families from here. Every encoding allows exactly the
same assignments of the given literals; they differ in size and in the auxiliary
variables they add, drawn from the formula's ``IDPool``:

- ``pairwise``: one binary clause ``-a or -b`` per pair, k(k-1)/2 clauses, no auxiliary
  variable. The default, and what ``encode`` has always written.
- ``sequential``: Sinz's sequential counter. Auxiliary ``s[i]`` means "some literal
  among the first i+1 is true"; 3k-4 clauses and k-1 auxiliary variables.
- ``bitwise``: each literal implies a distinct binary code on ceil(log2 k) auxiliary
  bits, so two true literals would need two codes at once; k·ceil(log2 k) clauses.
- ``ladder``: the ladder (regular) encoding of PySAT's ``pysat.card``.
- ``cardnetwork``: a cardinality network (sorting-network based), from ``pysat.card``.

Pairwise and sequential are written out here, since they are the two a reader
should see; the others come from ``pysat.card``. Like every encoder in sudoku_cp,
these return clauses and never solve.

>>> from pysat.formula import IDPool
>>> pairwise([1, 2, 3])
[[-1, -2], [-1, -3], [-2, -3]]
>>> sequential([1, 2, 3], IDPool(start_from=4))
[[-1, 4], [-2, 5], [-4, 5], [-2, -4], [-3, -5]]
>>> [size(9, name) for name in AMO_ENCODINGS]
[(36, 0), (23, 8), (36, 4), (36, 10), (53, 35)]
"""

from __future__ import annotations

from ..errors import UsageError

from itertools import combinations
from typing import Any, Sequence

#: The at-most-one encodings ``at_most_one`` knows; the first is the default.
AMO_ENCODINGS = ("pairwise", "sequential", "bitwise", "ladder", "cardnetwork")

#: Encodings taken from ``pysat.card``, by their ``EncType`` name.
_PYSAT = {"bitwise": "bitwise", "ladder": "ladder", "cardnetwork": "cardnetwrk"}


def check_encoding(encoding: str) -> str:
    """``encoding`` if it names an at-most-one encoding, else a ValueError listing them."""
    if encoding not in AMO_ENCODINGS:
        raise UsageError(f"unknown at-most-one encoding {encoding!r}; "
                         f"choose from: {', '.join(AMO_ENCODINGS)}")
    return encoding


def at_most_one(lits: Sequence[int], pool: Any = None,
                encoding: str = "pairwise") -> list[list[int]]:
    """Clauses true exactly when at most one of ``lits`` is true.

    ``pool`` (a ``pysat.formula.IDPool``) gives the auxiliary variables; ``pairwise``
    needs none and may go without.

    >>> at_most_one([1, 2, 3])
    [[-1, -2], [-1, -3], [-2, -3]]
    """
    check_encoding(encoding)
    lits = list(lits)
    if encoding == "pairwise":
        return pairwise(lits)
    if pool is None:
        raise UsageError(f"the {encoding} encoding adds variables: pass the formula's IDPool")
    if len(lits) < 2:
        return []
    if encoding == "sequential":
        return sequential(lits, pool)
    from pysat.card import CardEnc, EncType

    enc_type = getattr(EncType, _PYSAT[encoding])
    return [list(c) for c in CardEnc.atmost(lits, bound=1, vpool=pool, encoding=enc_type).clauses]


def pairwise(lits: Sequence[int]) -> list[list[int]]:
    """Not both of any two: ``[-a, -b]`` for every pair, in ``combinations`` order."""
    return [[-a, -b] for a, b in combinations(lits, 2)]


def sequential(lits: Sequence[int], pool: Any) -> list[list[int]]:
    """Sinz's sequential counter: ``s[i]`` is true when one of ``lits[0..i]`` is.

    Clauses: ``x[i] -> s[i]``; ``s[i-1] -> s[i]``; ``x[i] -> not s[i-1]`` (a true
    literal must be the first); the last literal gets only the third. Auxiliary
    variables are keyed ``("sequential", lits, i)`` in the pool.
    """
    k = len(lits)
    if k < 2:
        return []
    key = tuple(lits)
    s = [pool.id(("sequential", key, i)) for i in range(k - 1)]
    clauses = [[-lits[0], s[0]]]
    for i in range(1, k - 1):
        clauses.append([-lits[i], s[i]])
        clauses.append([-s[i - 1], s[i]])
        clauses.append([-lits[i], -s[i - 1]])
    clauses.append([-lits[k - 1], -s[k - 2]])
    return clauses


def size(k: int, encoding: str = "pairwise") -> tuple[int, int]:
    """(clauses, auxiliary variables) of one at-most-one over ``k`` literals, by building it.

    >>> size(4), size(4, "sequential")
    ((6, 0), (8, 3))
    """
    from pysat.formula import IDPool

    pool = IDPool(start_from=k + 1)
    clauses = at_most_one(range(1, k + 1), pool, encoding)
    return len(clauses), pool.top - k
