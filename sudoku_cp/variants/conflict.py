"""Which rules of a puzzle with no solution cannot hold together.

"No solution" alone does not tell a setter where the draft went wrong. ``conflict``
finds a small set of the puzzle's **items** (its givens and its constraints; the rows,
columns and boxes are always kept) that has no solution on its own: a sub-puzzle made of
those items alone is solved by one paradigm (``sat`` unless told), and items are dropped
while the rest still has no solution. Items are tried in chunks, halving a chunk that
cannot go (so a conflict of k items among n costs about k log n calls, not n), then one
by one; when every call finished, the set is **minimal**: with any one item removed, the
others have a solution.

The sub-puzzles are puzzles as a setter would draw them: a negative rule ("no dot
means...") reads the dots that are left, so removing a dot may tighten it. The answer
is then still a set with no solution, only "minimal" in that sense.

>>> from sudoku_cp.variants.model import VariantPuzzle, KillerCage
>>> p = VariantPuzzle(4, givens=((0, 1), (15, 4)), constraints=(KillerCage((0, 1), 3),
...                   KillerCage((14, 15), 3)))
>>> found = conflict(p)
>>> [item.text for item in found.items], found.minimal
(['given 4 at R4C4', 'killer cage 3 at R4C3-R4C4'], True)
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from typing import Callable

from .model import NUMBER_FIELDS

#: Default seconds for the whole search (each call gets what is left).
TIME_LIMIT = 5.0


@dataclass(frozen=True)
class Item:
    """One given or one constraint of the puzzle, named for a setter."""

    kind: str        # "given" or "constraint"
    index: int       # into the puzzle's givens or constraints
    text: str        # "given 4 at R4C4", "killer cage 3 at R4C3-R4C4"
    cells: tuple     # the cells it is drawn on (empty for a global rule)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "index": self.index, "text": self.text,
                "cells": list(self.cells)}


@dataclass
class Conflict:
    """The items found, whether the set is minimal, and the solver calls it took."""

    items: list = field(default_factory=list)
    minimal: bool = True
    calls: int = 0
    time: float = 0.0

    def to_dict(self) -> dict:
        return {"items": [i.to_dict() for i in self.items], "minimal": self.minimal,
                "calls": self.calls, "time_s": round(self.time, 6)}

    def sentence(self) -> str:
        """One line: what cannot hold together."""
        names = "; ".join(i.text for i in self.items)
        if not self.items:
            return "the rows, columns and boxes alone have no solution"
        how = ("remove any one and the rest has a solution" if self.minimal
               else "a smaller set may exist: the search stopped at its time limit")
        return f"these cannot all hold: {names} ({how})"


def cells_of(constraint) -> tuple:
    """The cells a constraint is drawn on: its fields of cells, in order, once each."""
    out: list = []
    for f in dataclasses.fields(constraint):
        value = getattr(constraint, f.name)
        if f.type == "Cells":
            out.extend(value)
        elif f.name == "cell" and isinstance(value, int):
            out.append(value)
    return tuple(dict.fromkeys(out))


def describe(puzzle, constraint, names: dict | None = None) -> str:
    """A constraint in a setter's words: its name (the format's own, from ``names``), its
    number when it has one, and where it is."""
    name = (names or {}).get(constraint.TYPE) or constraint.TYPE.replace("_", " ")
    number = next((getattr(constraint, k) for k in NUMBER_FIELDS
                   if isinstance(getattr(constraint, k, None), int)
                   and not isinstance(getattr(constraint, k), bool)), None)
    cells = cells_of(constraint)
    head = name if number is None else f"{name} {number}"
    if not cells:
        return head
    if len(cells) <= 2 or len(cells) > 4:
        where = "-".join(puzzle.cell_name(c) for c in (cells[0], cells[-1])[:len(cells)])
    else:
        where = ",".join(puzzle.cell_name(c) for c in cells)
    return f"{head} at {where}"


def items_of(puzzle, names: dict | None = None) -> list:
    """Every given and constraint of ``puzzle`` as an ``Item``."""
    out = [Item("given", i, f"given {v} at {puzzle.cell_name(c)}", (c,))
           for i, (c, v) in enumerate(puzzle.givens)]
    out += [Item("constraint", i, describe(puzzle, c, names), cells_of(c))
            for i, c in enumerate(puzzle.constraints)]
    return out


def sub_puzzle(puzzle, items) -> object:
    """``puzzle`` with only ``items`` (its geometry and value range kept)."""
    givens = tuple(puzzle.givens[i.index] for i in items if i.kind == "given")
    constraints = tuple(puzzle.constraints[i.index] for i in items if i.kind == "constraint")
    return dataclasses.replace(puzzle, givens=givens, constraints=constraints)


def conflict(puzzle, *, names: dict | None = None, paradigm: str = "sat",
             time_limit: float | None = TIME_LIMIT,
             solvable: Callable | None = None) -> Conflict | None:
    """A set of ``puzzle``'s items with no solution (see the module docstring), or None
    when the puzzle has a solution, or when that was not settled in time.

    ``solvable(sub_puzzle, seconds)``: True, False, or None (not settled); default: one
    solution asked of ``paradigm``."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    if solvable is None:
        solvable = _by(paradigm)
    found = Conflict()

    def left():
        return None if deadline is None else max(0.0, deadline - time.perf_counter())

    def has_solution(items):
        if deadline is not None and time.perf_counter() >= deadline:
            return None
        found.calls += 1
        return solvable(sub_puzzle(puzzle, items), left())

    items = items_of(puzzle, names)
    first = has_solution(items)
    if first is not False:
        return None
    # Constraints first (a setter's draft is most often wrong there), then givens.
    todo = [i for i in items if i.kind == "constraint"] + [i for i in items if i.kind == "given"]
    kept: list = []
    chunk = max(1, len(todo) // 2)
    while todo:
        trial, rest = todo[:chunk], todo[chunk:]
        answer = has_solution(kept + rest)
        if answer is False:      # the trial chunk is not needed: it goes
            todo = rest
            chunk = max(1, min(chunk, len(todo) // 2 or 1))
        elif chunk > 1:          # some of it is needed: smaller chunks
            chunk //= 2
        else:                    # this one item is needed (or unknown: kept, not minimal)
            kept.append(trial[0])
            todo = rest
            if answer is None:
                found.minimal = False
    order = {id(i): k for k, i in enumerate(items)}
    found.items = sorted(kept, key=lambda i: order[id(i)])
    found.time = time.perf_counter() - start
    return found


def _by(paradigm: str):
    from .paradigms import solve

    def solvable(puzzle, seconds):
        r = solve(puzzle, paradigm, limit=1, time_limit=seconds)
        if r.count:
            return True
        return False if r.exhausted else None

    return solvable
