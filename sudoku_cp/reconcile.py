"""The verdict rules of every cross-check, board or variant, in one place.

A cross-check asks several solvers (a board's backends, a variant's paradigms) for up to
two solutions each. What each one *claims* follows from what it returned (``claim``);
the verdict follows from the claims and from the solutions that pass the puzzle's own
independent checker (``reconcile``). ``sudoku_cp.crosscheck`` (a board) and
``sudoku_cp.variants.crosscheck`` (a variant puzzle) only run their solvers and hand the
results here, with their checker's ``fault`` and their way of naming cells (``differ``):
the same results give the same verdict and the same evidence, in the same words.

The rules, in order:

1. a returned grid that the checker rejects is evidence of a bug (``disagree``), as is
   one solver returning the same grid twice, except where the regions are unknowns too
   (a chaos construction: one grid with two splits into regions is two solutions);
2. two distinct valid solutions: ``multiple``, unless a solver claims ``unique`` or
   ``none`` against them (``disagree``, the two grids and their differing cells named);
3. one valid solution: a solver claiming ``none`` is a bug (``disagree``), whoever else
   ran and whatever the time limit did; one claiming ``multiple`` without a second valid
   grid is one too;
4. a solver stopped by the time limit: ``unknown``, saying what the others found;
5. otherwise ``unique`` (one valid solution, every solver finished) or ``none``.
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from .verdicts import Verdict

Grid = tuple


def claim(solutions: Sequence, exhausted: bool) -> str:
    """What a solver's answer says about the number of solutions.

    >>> claim([(1,), (2,)], False), claim([(1,)], True), claim([], True), claim([(1,)], False)
    ('multiple', 'unique', 'none', 'unknown')
    """
    k = len(solutions)
    if k >= 2:
        return "multiple"
    if exhausted:
        return "unique" if k == 1 else "none"
    return "unknown"


def reconcile(found: Mapping[str, Sequence[Grid]], claims: Mapping[str, str],
              fault: Callable[[Grid], str | None], differ: Callable[[Grid, Grid], str], *,
              regions_unknown: bool = False) -> tuple[Verdict, tuple, list[str]]:
    """``(verdict, solutions, evidence)`` from what each solver returned.

    ``found[name]``: the grids solver ``name`` returned; ``claims[name]``: its claim;
    ``fault(grid)``: why the puzzle's checker rejects ``grid`` (None: a solution), asked
    once for each distinct grid (the solvers mostly return the same one);
    ``differ(a, b)``: the cells where two grids differ, in words.

    >>> same = lambda a, b: "r1c1"
    >>> reconcile({"a": [(1,)], "b": [(1,)]}, {"a": "unique", "b": "unique"}, lambda g: None, same)
    (<Verdict.UNIQUE: 'unique'>, ((1,),), [])
    >>> reconcile({"a": [(1,)], "b": [(1,), (2,)]}, {"a": "unique", "b": "multiple"},
    ...           lambda g: None, same)[2]
    ['a says unique, but two solutions exist (they differ at r1c1)']
    """
    evidence: list[str] = []
    valid: list[Grid] = []
    by: dict[Grid, list[str]] = {}  # valid grid -> the solvers that returned it
    faults: dict[Grid, str | None] = {}  # grid -> the checker's answer, asked once a grid
    twice = None
    for name, grids in found.items():
        seen = set()
        for grid in grids:
            grid = tuple(grid)
            if grid in seen:
                twice = twice or name
                continue
            seen.add(grid)
            if grid not in faults:  # (the paradigms mostly return the same grid)
                faults[grid] = fault(grid)
            why = faults[grid]
            if why:
                evidence.append(f"{name} returned a non-solution: {why}")
                continue
            if grid not in by:
                valid.append(grid)
            by.setdefault(grid, []).append(name)
    if twice and not regions_unknown:
        evidence.append(f"{twice} returned the same grid twice")
    if evidence:
        return Verdict.DISAGREE, tuple(valid[:2]), evidence

    if twice and len(valid) == 1:  # one grid, two splits into regions: two solutions
        wrong = [n for n, c in claims.items() if c in ("unique", "none")]
        evidence += [f"{n} says {claims[n]}, but the grid splits into regions two ways"
                     for n in wrong]
        return (Verdict.DISAGREE if wrong else Verdict.MULTIPLE), (valid[0], valid[0]), evidence
    if len(valid) >= 2:
        a, b = valid[0], valid[1]
        wrong = [n for n, c in claims.items() if c in ("unique", "none")]
        evidence += [f"{n} says {claims[n]}, but two solutions exist "
                     f"(they differ at {differ(a, b)})" for n in wrong]
        return (Verdict.DISAGREE if wrong else Verdict.MULTIPLE), (a, b), evidence
    if valid:  # (before the time limit's unknown: a false none is a bug whoever else ran)
        finders = ", ".join(by[valid[0]])
        evidence += [f"{n} says none, but {finders} found a valid solution"
                     for n, c in claims.items() if c == "none"]
        evidence += [f"{n} says multiple, but returned no second valid solution"
                     for n, c in claims.items() if c == "multiple"]
        if evidence:
            return Verdict.DISAGREE, tuple(valid), evidence
    if "unknown" in claims.values():
        return Verdict.UNKNOWN, tuple(valid), [unsettled(claims, valid)]
    return (Verdict.UNIQUE, tuple(valid), []) if valid else (Verdict.NONE, (), [])


def unsettled(claims: Mapping[str, str], valid) -> str:
    """Which solvers the time limit stopped, and what the others found (one line).

    >>> unsettled({"sat": "unique", "cpsat": "unique", "witness": "unknown"}, [(1,)])
    'witness stopped by the time limit; sat and cpsat agree: unique'
    >>> unsettled({"sat": "unknown", "cpsat": "none", "witness": "unknown"}, [])
    'sat and witness stopped by the time limit; cpsat says none'
    >>> unsettled({"sat": "unknown", "cpsat": "unknown"}, [(1,)])
    'sat and cpsat stopped by the time limit; none finished (a solution was found, maybe not the only one)'
    """
    slow = [n for n, c in claims.items() if c == "unknown"]
    settled = {n: c for n, c in claims.items() if c != "unknown"}
    line = f"{names(slow)} stopped by the time limit; "
    if not settled:
        found = " (a solution was found, maybe not the only one)" if valid else ""
        return line + "none finished" + found
    if len(set(settled.values())) > 1:  # (reconcile finds the clashes it knows of first)
        return line + ", ".join(f"{n} says {c}" for n, c in settled.items())
    said = next(iter(settled.values()))
    if len(settled) == 1:
        return line + f"{names(settled)} says {said}"
    return line + f"{names(settled)} agree: {said}"


def names(items) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def differing_cells(a: Grid, b: Grid, name: Callable[[int], str], show: int = 4) -> str:
    """The cells where grids ``a`` and ``b`` differ, the first ``show`` named.

    >>> differing_cells((1, 2, 3), (1, 3, 2), lambda i: f"c{i}")
    'c1, c2'
    """
    cells = [name(i) for i, (x, y) in enumerate(zip(a, b)) if x != y]
    more = f" and {len(cells) - show} more" if len(cells) > show else ""
    return ", ".join(cells[:show]) + more
