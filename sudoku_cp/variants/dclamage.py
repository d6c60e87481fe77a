"""dclamage's SudokuSolver constraint strings: the rules it takes on its command line.

dclamage's C# SudokuSolver (github.com/dclamage/SudokuSolver) reads an f-puzzles puzzle
and, beside it, constraints given as ``-c name:options`` (``--list-constraints`` names
them; ``SolverFactory.ApplyConstraints`` splits each at its first ``:``). Some of them
have no f-puzzles field at all (knightmare, chess, taxi, selftaxi, disjointoffset), so
this is the only text that carries them. A puzzle record of the variant input may list
them (``"solver_constraints": ["knightmare", "taxi:4"]``, ``formats``); they are added
to the puzzle the record's ``puzzle`` holds.

Read here, as the C# constraint classes define them:

- ``knightmare[:s1,s2...]``: cells a knight's move apart never sum to s (5 and 15 when
  none are given) -> ``knightmare``;
- ``chess:a,b[;a,b...][;v1,2...][;r1c1...]``: leaper moves, the values ruled (all when
  none), the cells ruled (pairs with a cell among them; all when none) -> ``chess``;
- ``taxi:d``: cells at taxicab distance d differ -> ``chess`` with every move (i, d-i);
- ``selftaxi``: no two cells at taxicab distance v both hold v -> ``anti_taxicab``;
- ``disjointoffset:k``: the k-th cell of every region (row-major within it) differ ->
  ``extra_region``; ``djg`` all of them -> ``disjoint_groups``;
- ``nabner:<cells>``: one line, values pairwise 2 or more apart -> ``nabner``;
- ``dnc``: diagonally touching cells are not consecutive -> ``diagonal_non_consecutive``;
- ``knight``, ``king``, ``dpos``, ``dneg``: anti-knight, anti-king, the diagonals;
- ``mskiller:s1,s2...;<cells>``: a multisum killer cage, its values differ and sum to
  one of the sums -> a ``killer_cage`` with no sum and an ``or`` of ``sum`` (one sum: a
  plain killer cage; none, or a cage as large as the values, whose sum the class leaves
  unchecked: the cage alone).

Any other name (the f-puzzles rules given this way) is refused by name.

>>> p = add_solver_constraints(VariantPuzzle(9), ["knightmare", "taxi:2", "selftaxi"])
>>> [c.TYPE for c in p.constraints]
['knightmare', 'chess', 'anti_taxicab']
>>> p.constraints[1].moves
(0, 2, 1, 1)
>>> solver_constraints(p)
['knightmare:5,15', 'chess:0,2;1,1', 'selftaxi']
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..errors import PuzzleError
from . import model as m
from .model import VariantPuzzle
from .paradigms import UnsupportedConstraint

#: The console names read here (the others of ``--list-constraints`` have f-puzzles fields).
NAMES = ("knightmare", "chess", "taxi", "selftaxi", "disjointoffset", "djg", "nabner",
         "knight", "king", "dpos", "dneg", "dnc", "mskiller")


def _ints(text: str, what: str) -> tuple:
    try:
        return tuple(int(x) for x in text.split(",") if x.strip())
    except ValueError:
        raise PuzzleError(f"{what}: {text!r} is not a list of whole numbers") from None


def _cells(text: str, n: int) -> list:
    """dclamage's cell groups (``r1c1``, ``r1-3c2``, ``r1c1r2,4c2``...) as cell indices
    (its ``d`` directions form is not read)."""
    body = text.lower()
    if not re.fullmatch(r"(r[\d,\-]+c[\d,\-]+)+", body):
        raise PuzzleError(f"{text!r} names no cells as r1c1, r1-3c2...")
    out = []
    for rows, cols in re.findall(r"r([\d,\-]+)c([\d,\-]+)", body):
        for r in _span(rows):
            for c in _span(cols):
                if not (1 <= r <= n and 1 <= c <= n):
                    raise PuzzleError(f"cell r{r}c{c} is outside the {n}x{n} grid")
                out.append((r - 1) * n + c - 1)
    return out


def _span(text: str) -> list:
    out = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        if not a.isdigit() or (b and not b.isdigit()):
            raise PuzzleError(f"{text!r} is not a row or column list")
        out.extend(range(int(a), int(b or a) + 1) if not b or int(b) >= int(a)
                   else range(int(a), int(b) - 1, -1))
    return out


def _chess(options: str, n: int):
    moves, values, cells = [], [], []
    for part in (p.strip() for p in options.split(";")):
        if not part:
            continue
        if part[0] == "v":
            values += _ints(part[1:], "chess values")
        elif part[0] in "rR":
            cells += _cells(part, n)
        else:
            pair = _ints(part, "chess move")
            if len(pair) != 2:
                raise PuzzleError(f"chess: {part!r} is not a move a,b")
            moves += [abs(pair[0]), abs(pair[1])]
    if not moves:
        raise PuzzleError("chess: at least one move a,b is needed")
    return m.Chess(tuple(moves), tuple(sorted(set(values))), tuple(dict.fromkeys(cells)))


def _multisum_cage(options: str, puzzle: VariantPuzzle) -> list:
    """``s1,s2...;<cells>`` or ``<cells>``: the cells differ and sum to one of the sums.

    >>> _multisum_cage("3,5;r1c1-2", VariantPuzzle(4))
    [KillerCage(cells=(0, 1), total=None), Or(branches=(Sum(cells=(0, 1), total=3, weights=()), Sum(cells=(0, 1), total=5, weights=())))]
    """
    head, sep, rest = options.partition(";")
    sums = ()
    if sep and re.fullmatch(r"[\d,\s]+", head):
        sums, options = tuple(dict.fromkeys(_ints(head, "mskiller sums"))), rest
    if ";" in options:
        raise PuzzleError(f"mskiller: one cell group expected, not {options.count(';') + 1}")
    cells = tuple(dict.fromkeys(_cells(options, puzzle.size)))
    lo, hi = puzzle.values
    if not sums or len(cells) == hi - lo + 1:  # (SudokuSolver checks no sum then)
        return [m.KillerCage(cells)]
    if len(sums) == 1:
        return [m.KillerCage(cells, sums[0])]
    return [m.KillerCage(cells), m.Or(tuple(m.Sum(cells, s) for s in sums))]


def _one(name: str, options: str, puzzle: VariantPuzzle) -> list:
    n = puzzle.size
    if name == "knightmare":
        return [m.Knightmare(_ints(options, "knightmare sums") or (5, 15))]
    if name == "chess":
        return [_chess(options, n)]
    if name == "taxi":
        d = _ints(options, "taxi distance")
        if len(d) != 1 or d[0] < 1:
            raise PuzzleError(f"taxi: the distance must be one whole number from 1, not {options!r}")
        return [m.Chess(tuple(x for i in range((d[0] + 2) // 2) for x in (i, d[0] - i)))]
    if name == "disjointoffset":
        k = _ints(options, "disjointoffset")
        boxes = puzzle.boxes()
        if len(k) != 1 or not boxes or not 1 <= k[0] <= min(len(b) for b in boxes):
            raise PuzzleError(f"disjointoffset: {options!r} is not a cell position 1..{n} in a region")
        return [m.ExtraRegion(tuple(sorted(box)[k[0] - 1] for box in boxes))]
    if name == "nabner":
        return [m.Nabner(tuple(_cells(options, n)))]
    if name == "mskiller":
        return _multisum_cage(options, puzzle)
    simple = {"selftaxi": m.AntiTaxicab, "djg": m.DisjointGroups, "knight": m.AntiKnight,
              "king": m.AntiKing, "dpos": lambda: m.Diagonal(1), "dneg": lambda: m.Diagonal(-1),
              "dnc": m.DiagonalNonConsecutive}
    return [simple[name]()]


def read_solver_constraints(strings, puzzle: VariantPuzzle) -> list:
    """The constraints dclamage's ``-c`` strings ``strings`` add to ``puzzle``'s grid."""
    if isinstance(strings, str) or not all(isinstance(s, str) for s in strings):
        raise PuzzleError("solver_constraints must be a list of strings like \"knightmare:5,15\"")
    out = []
    for text in strings:
        name, _, options = text.partition(":")
        name = name.strip().lower()
        if name not in NAMES:
            raise UnsupportedConstraint(name or text, "dclamage's solver constraint; known here: "
                                        + ", ".join(NAMES))
        try:
            out += _one(name, options.strip(), puzzle)
        except PuzzleError as exc:
            raise PuzzleError(f"solver constraint {text!r}: {exc}") from None
    return out


def add_solver_constraints(puzzle: VariantPuzzle, strings) -> VariantPuzzle:
    """``puzzle`` with the rules of dclamage's ``-c`` strings ``strings`` added."""
    return replace(puzzle, constraints=puzzle.constraints + tuple(read_solver_constraints(strings, puzzle)))


def _name(n: int, cell: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def solver_constraints(puzzle: VariantPuzzle) -> list:
    """dclamage's ``-c`` strings for the rules of ``puzzle`` that f-puzzles has no field
    for (knightmare, chess, anti-taxicab, diagonal non-consecutive); the other rules are left to the f-puzzles writer."""
    n, out = puzzle.size, []
    for c in puzzle.constraints:
        if c.TYPE == "knightmare":
            out.append("knightmare:" + ",".join(map(str, c.sums)))
        elif c.TYPE == "chess":
            parts = [f"{a},{b}" for a, b in zip(c.moves[::2], c.moves[1::2])]
            if c.values:
                parts.append("v" + ",".join(map(str, c.values)))
            if c.cells:
                parts.append("".join(_name(n, x) for x in c.cells))
            out.append("chess:" + ";".join(parts))
        elif c.TYPE == "anti_taxicab":
            out.append("selftaxi")
        elif c.TYPE == "diagonal_non_consecutive":
            out.append("dnc")
    return out
