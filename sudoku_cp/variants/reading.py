"""What a format's reader hands back: the puzzle, what it skipped, and the format's names.

A setter reads messages in the names they typed (``killercage`` in f-puzzles, ``Cage`` in
ISS), not in the model's (``killer_cage``). So a reader keeps, beside the puzzle, the name
its format gives each constraint type it read (``names``); a refusal or a note about the
puzzle is said in those names (``UnsupportedConstraint.spoken``, ``ConstraintError.spoken``).

>>> from sudoku_cp.variants.model import DifferenceDot, KillerCage
>>> said = Said()
>>> said.add("Cage", [KillerCage((0, 1), 3)])
[KillerCage(cells=(0, 1), total=3)]
>>> out = said.add("WhiteDot", [DifferenceDot((0, 1), 1)]) + said.add("Cage", [KillerCage((2, 3), 4)])
>>> said.names
{'killer_cage': 'Cage', 'difference_dot': 'WhiteDot'}
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Reading:
    """One puzzle as a format's reader read it.

    ``ignored``: the items drawn or shown but carrying no rule, as the format names them;
    ``notes``: sentences explaining some of them (a cage whose text is a label); ``names``:
    constraint type -> the format's name for it (``"X/V"`` when two names gave one type).
    """

    puzzle: object
    ignored: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    names: dict = field(default_factory=dict)


class Said:
    """The format's names of the constraint types read so far, in the order met."""

    def __init__(self):
        self._names: dict[str, list] = {}

    def add(self, name: str, constraints) -> list:
        """Note that ``constraints`` were read from the format's ``name``; returns them."""
        constraints = list(constraints)
        for c in constraints:
            said = self._names.setdefault(c.TYPE, [])
            if name not in said:
                said.append(name)
        return constraints

    @property
    def names(self) -> dict:
        return {kind: "/".join(said) for kind, said in self._names.items()}
