"""The paradigm registry: each paradigm solves a ``VariantPuzzle`` behind one signature.

A paradigm is a module with ``solve(puzzle, *, limit=2, time_limit=None) -> VariantResult``.
``limit=2`` asks "is it unique?"; ``exhausted`` says the search finished, so fewer than
``limit`` solutions means exactly that many. Modules are imported on first use, so
``import sudoku_cp.variants`` loads no solver package.

A paradigm that cannot encode a constraint type raises ``UnsupportedConstraint`` naming it.
``PARADIGMS`` take every constraint type of the model; ``HOUSES_ONLY`` are the compiled
paradigms a default check runs only once their code is compiled (``not_ready``): ``fast``
began with puzzles that are classic grids with extra houses and now takes most types
(``variants.fastvar``), declining the rest by name. ``ON_REQUEST``
take some of the types (``mip``: those stated as linear 0-1 rows), decline the others by
name, and run only when asked for by name: a default check leaves them out.

>>> sorted(PARADIGMS), sorted(HOUSES_ONLY), sorted(ON_REQUEST)
(['cpsat', 'sat', 'witness'], ['fast'], ['mip'])
>>> get_paradigm("nope")
Traceback (most recent call last):
...
sudoku_cp.errors.UnknownBackendError: unknown variant paradigm 'nope'; choose from sat, cpsat, witness, fast, mip
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module

from ..errors import PuzzleError, UnknownBackendError

#: Name -> module; the first entry is the default.
PARADIGMS = {
    "sat": "sudoku_cp.variants.sat",
    "cpsat": "sudoku_cp.variants.cpsat",
    "witness": "sudoku_cp.variants.witness",
}

#: Name -> module: compiled paradigms (the name is historical: ``fast`` took houses only;
#: it now takes most types and declines the rest by name).
HOUSES_ONLY = {
    "fast": "sudoku_cp.variants.fast",
}

#: Name -> module: paradigms for some of the types, run only when asked for by name.
ON_REQUEST = {
    "mip": "sudoku_cp.variants.mip",
}

#: Every paradigm a name can ask for.
ALL_PARADIGMS = {**PARADIGMS, **HOUSES_ONLY, **ON_REQUEST}

#: The classic backends that take no variant puzzle, and why.
CLASSIC_ONLY = {
    "dlx": "sums, orderings and differences are not exact-cover constraints",
    "backtrack": "its candidate tables know houses only",
    "asp": "no variant encoding written for it yet",
}


def of_backends(specs) -> list[str] | None:
    """The paradigms a classic run's backend specs ask of a variant puzzle met among its
    boards (``check -f`` of a mixed file): None (the default check) for None; else each
    spec's name, which must be a paradigm (``UnknownBackendError`` names why not).

    >>> of_backends(None), of_backends(["sat", "cpsat"])
    (None, ['sat', 'cpsat'])
    >>> of_backends(["sat", "backtrack"])
    Traceback (most recent call last):
    ...
    sudoku_cp.errors.UnknownBackendError: backtrack declines variant puzzles: its candidate tables know houses only; variant paradigms: sat, cpsat, witness, fast, mip
    """
    if specs is None:
        return None
    names = []
    for spec in specs:
        name = spec.split(":", 1)[0]
        if name in CLASSIC_ONLY:
            raise UnknownBackendError(f"{name} declines variant puzzles: {CLASSIC_ONLY[name]}; "
                                      f"variant paradigms: {', '.join(ALL_PARADIGMS)}")
        if name not in ALL_PARADIGMS or name != spec:
            raise UnknownBackendError(f"{spec} is not a variant paradigm; variant paradigms: "
                                      f"{', '.join(ALL_PARADIGMS)}")
        names.append(name)
    return names


#: Paradigms whose search is Python code, holding the GIL from start to end. Each also
#: takes ``stop`` (a ``threading.Event``: once set, it stops as at its time limit). A
#: cross-check runs one of them on a thread beside the others, whose solvers (PySAT,
#: CP-SAT) release the GIL while they search: on two cores the check takes about the
#: longer of the two, not their sum. The others stay on the calling thread, where a
#: Ctrl-C reaches them (PySAT takes SIGINT for itself while it solves, on any thread).
PYTHON_SEARCH = ("witness",)


class UnsupportedConstraint(PuzzleError):
    """A constraint type a format or a paradigm does not support; the message names it.

    A reader refuses every unsupported item of a puzzle at once (``of``): ``names`` lists
    them all, as the setter typed them; ``name`` is the first.

    >>> str(UnsupportedConstraint("lockout"))
    'unsupported constraint lockout'
    >>> e = UnsupportedConstraint.of([("lockout", ""), ("Windoku", "on a 4x4 grid")])
    >>> str(e), e.names
    ('unsupported constraints: lockout, Windoku (on a 4x4 grid)', ('lockout', 'Windoku'))
    >>> str(UnsupportedConstraint("killer_cage", "fast: only houses").spoken({"killer_cage": "Cage"}))
    'unsupported constraint Cage (fast: only houses)'
    """

    def __init__(self, name: str, where: str = "", *, also: tuple = ()):
        self.items = ((name, where),) + tuple(also)  # (name, why) for each item refused
        self.name, self.where = name, where
        self.names = tuple(n for n, _ in self.items)
        said = [n + (f" ({w})" if w else "") for n, w in self.items]
        super().__init__(f"unsupported constraint {said[0]}" if len(said) == 1
                         else f"unsupported constraints: {', '.join(said)}")

    @classmethod
    def of(cls, items) -> "UnsupportedConstraint":
        """One refusal of ``items`` (``(name, why)`` pairs), each named once, in order."""
        unique = list(dict.fromkeys(items))
        return cls(*unique[0], also=tuple(unique[1:]))

    def spoken(self, names: dict) -> "UnsupportedConstraint":
        """The same refusal in a format's names (``names``: constraint type -> its name there)."""
        return self.of([(names.get(n, n), w) for n, w in self.items])

    def __reduce__(self):  # (pickled with its items, not with its message as the name)
        return _unsupported, (self.items,)


def _unsupported(items):
    return UnsupportedConstraint.of(items)


@dataclass
class VariantResult:
    """What one paradigm found: solutions (row-major value tuples) and whether it finished.

    ``status``: ``"solved"`` (search finished), ``"limit"`` (stopped at ``limit`` solutions,
    still exhausted in the sense that more may exist), ``"timeout"`` or ``"unsupported"``.
    """

    paradigm: str
    solutions: list = field(default_factory=list)
    exhausted: bool = False
    status: str = "solved"
    stats: dict = field(default_factory=dict)
    time: float = 0.0

    @property
    def count(self) -> int:
        return len(self.solutions)

    def to_dict(self, claim: bool = True) -> dict:
        """What it answered, in a record's ``backends`` shape (as a board backend's
        ``Result.to_dict``, with its ``claim`` as ``check`` writes it: docs/json.md)."""
        from ..reconcile import claim as claim_of

        k = len(self.solutions)
        said = claim_of(self.solutions, self.exhausted)
        out = {"status": "solved" if k else "none" if self.exhausted else "unknown",
               "solutions": k, "exhausted": self.exhausted, "time_s": round(self.time, 6),
               "stats": {key: v for key, v in self.stats.items()
                         if isinstance(v, (int, float, str, bool)) or v is None}}
        return {**out, "claim": said} if claim else out


def get_paradigm(name: str):
    """The ``solve`` function of the paradigm called ``name``."""
    if name not in ALL_PARADIGMS:
        raise UnknownBackendError(
            f"unknown variant paradigm {name!r}; choose from {', '.join(ALL_PARADIGMS)}")
    return import_module(ALL_PARADIGMS[name]).solve


def not_ready(name: str) -> str | None:
    """Why a default check should not wait for paradigm ``name`` now (its module's
    ``not_ready()``, e.g. ``fast`` before its one-time compile), or None."""
    hook = getattr(import_module(ALL_PARADIGMS[name]), "not_ready", None)
    return hook() if hook is not None else None


def solve(puzzle, paradigm: str = "sat", *, limit: int = 2, time_limit: float | None = None):
    """Solve ``puzzle`` with one paradigm; see ``VariantResult``."""
    return get_paradigm(paradigm)(puzzle, limit=limit, time_limit=time_limit)
