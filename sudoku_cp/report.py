"""The outcome of one cross-check, board or variant: one ``Report``.

``sudoku_cp.crosscheck`` fills it for a board (its backends), ``sudoku_cp.variants.
crosscheck`` for a variant puzzle (its paradigms); the verdict comes from the one set of
rules in ``sudoku_cp.reconcile``. The records (``sudoku_cp.records``), the command line's
printer and the page read the same fields whichever kind of puzzle it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .reconcile import claim
from .verdicts import Verdict


@dataclass
class Report:
    """One puzzle's cross-check.

    ``puzzle``: the ``Board`` or ``VariantPuzzle`` checked; ``solutions``: valid and
    distinct, one for ``unique``, two as the witness of ``multiple``; ``results``: each
    solver's answer (a board backend's ``Result``, a paradigm's ``VariantResult``);
    ``evidence``: why (disagreements, clashes, what a time limit stopped); ``notes``: how
    (backends left out by size); ``not_run``: solver -> why it did not run;
    ``finished``: solver -> seconds from the start until its answer (solvers run at
    once); ``cancelled``: solvers stopped once two agreed; ``expected``: with a stated
    solution, ``'match'`` or ``'differs'``.
    """

    puzzle: object
    verdict: Verdict
    solutions: tuple = ()
    results: dict = field(default_factory=dict)
    evidence: list = field(default_factory=list)
    time_s: float = 0.0
    notes: list = field(default_factory=list)
    expected: str | None = None
    not_run: dict = field(default_factory=dict)
    finished: dict = field(default_factory=dict)
    cancelled: list = field(default_factory=list)

    @property
    def board(self):
        """The puzzle (the name the board side has always used)."""
        return self.puzzle

    @property
    def time(self) -> float:
        return self.time_s

    @property
    def is_board(self) -> bool:
        return getattr(self.puzzle, "KIND", "board") != "variant"

    @property
    def solution(self):
        """The solution when the verdict is unique (or the first found otherwise)."""
        return self.solutions[0] if self.solutions else None

    @property
    def ran(self) -> list[str]:
        return list(self.results)

    @property
    def claims(self) -> dict[str, str]:
        return {name: claim(r.solutions, r.exhausted) for name, r in self.results.items()}

    @property
    def agreed(self) -> list[str]:
        """The solvers whose claim is the verdict (none for ``disagree``, ``unknown``)."""
        return [n for n, c in self.claims.items() if c == self.verdict.value]

    def to_dict(self) -> dict:
        """A JSON-ready summary in the record's words (docs/json.md): a board's grids as
        its text, a variant's as lists of values; the caller adds where it came from."""
        if self.is_board:
            show = self.puzzle.to_text
            box = f"{self.puzzle.box[0]}x{self.puzzle.box[1]}"
        else:
            show, box = list, None
        claims = self.claims
        return {"box": box, "verdict": self.verdict.value,
                "solution": show(self.solution) if self.solution else None,
                "solutions": [show(s) for s in self.solutions],
                "backends": {name: {**_answer(r), "claim": claims[name]}
                             for name, r in self.results.items()},
                "agreed": self.agreed, "not_run": dict(self.not_run),
                "evidence": list(self.evidence), "notes": list(self.notes),
                "finished": {k: round(t, 6) for k, t in self.finished.items()},
                "cancelled": list(self.cancelled), "time_s": round(self.time_s, 6)}


def _answer(result) -> dict:
    d = result.to_dict()
    d.pop("claim", None)
    return d
