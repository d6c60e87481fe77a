"""ISS's composite items: ``Or``, ``And`` and ``Replicate``, each closed by ``End``
(``js/sudoku_parser.js``: a stack of open composites; ``js/solver/sudoku_builder.js``).

- ``Or``: each item inside is one branch; an item that stands for several constraints (a
  row's two outside clues, several givens) is one branch holding all of them (an
  ``And``, as ISS wraps them). No branch at all: the rule never holds.
- ``And``: every item inside holds (ISS keeps one outside clue per place there, as at the
  top level).
- ``Replicate~targets~origin``: the items inside, copied once per target cell, shifted by
  the target's offset from ``origin`` (``R1C1`` unless given); ``targets`` is a base64url
  bit set of cells after the origin, six to a character, lowest bit first. The origin, the
  targets and every cell inside are of one cell group, as ISS requires: the grid, or one
  group of ``Var`` cells, where a copy moves within the group's own rows (``_Groups``). Read as the
  copies themselves (an ``And``): the model has no replicate, and the writer writes the
  copies, which ISS reads with the same meaning.

Inside a composite ISS takes only its line, set, pairwise, given, outside-clue (not in a
``Replicate``) and state-machine types; the others are refused by name as ISS refuses
them.
"""

from __future__ import annotations

import re

from ..errors import PuzzleError
from . import model as m

COMPOSITES = ("Or", "And", "Replicate")

#: ISS types of the categories a composite may hold (``_ALLOWED_CATEGORIES``), among the
#: types this project reads; the outside clues are not allowed in a Replicate.
OUTSIDE = {"HiddenSkyscraper", "LittleKiller", "NumberedRoom", "Sandwich", "Skyscraper", "XSum",
           "FullRank"}
INSIDE = {"", "AllDifferent", "Arrow", "Between", "BlackDot", "Cage", "ContainAtLeast",
          "ContainExact", "CountDistinct", "CountingCircles", "DoubleArrow", "Entropic",
          "EqualSum", "EqualityCage", "GreaterThan", "Indexing", "Lockout", "LookAndSay",
          "Lunchbox", "Modular", "Palindrome", "PillArrow", "Quad", "Regex", "RegionSumLine",
          "RellikCage", "Renban", "Sum", "SumLine", "Thermo", "V", "ValueIndexing", "Whisper",
          "WhiteDot", "X", "Zipper", "Pair", "PairX", "NFA", "SameValues"} | OUTSIDE | set(COMPOSITES)

_CELL = re.compile(r"^([Rr])([0-9a-gA-G])([Cc])([0-9a-gA-G])(_.*)?$")
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def tree(items):
    """``(name, args)`` items as a tree: a composite's node is ``(name, args, children)``,
    any other ``(name, args, None)``; an unmatched or missing ``End`` is refused."""
    root: list = []
    stack = [root]
    for name, args in items:
        if name == "End":
            if len(stack) == 1:
                raise PuzzleError("an End item closes no Or, And or Replicate")
            stack.pop()
            continue
        node = (name, args, [] if name in COMPOSITES else None)
        stack[-1].append(node)
        if node[2] is not None:
            stack.append(node[2])
    if len(stack) != 1:
        raise PuzzleError("an Or, And or Replicate is not closed by End")
    return root


def names(nodes):
    """Every item name in ``nodes``, nested ones too."""
    for name, _, children in nodes:
        yield name
        if children is not None:
            yield from names(children)


def read(g, node, read_item) -> list:
    """The constraints a composite node stands for; ``read_item(g, name, args)`` reads one
    plain item (givens as ``Candidates``)."""
    name, args, children = node
    for child, _, _ in children:
        if child not in INSIDE or (name == "Replicate" and child in OUTSIDE):
            raise PuzzleError(f"ISS takes no {child or 'Given'} inside {name}")
    if name == "Replicate":
        return [m.And(tuple(_replicate(g, args, children, read_item)))]
    if name == "And":
        from .iss import _last_wins

        return [m.And(tuple(_last_wins(_each(g, children, read_item, False))))]
    return [m.Or(tuple(_each(g, children, read_item, True)))]


def _each(g, children, read_item, branches):
    out = []
    for child in children:
        made = read(g, child, read_item) if child[2] is not None else read_item(g, child[0], child[1])
        if branches and len(made) > 1:
            out.append(m.And(tuple(made)))
        else:
            out += made
    return out


def _replicate(g, args, children, read_item):
    bits = args[0] if args else ""
    origin = g.cell(args[1]) if len(args) > 1 and args[1] else 0
    groups = _Groups(g)
    targets = [origin + i for i in range(len(bits) * 6)
               if (_B64.find(bits[i // 6]) if bits[i // 6] in _B64 else 0) >> (i % 6) & 1]
    out = []
    for target in targets:
        if target >= g.size * g.cols + len(g.var):
            raise PuzzleError(f"target {target - origin} cells after the origin "
                              f"is outside the grid")
        if groups.of(target) != groups.of(origin):  # (ISS's words)
            raise PuzzleError("all its cells must be in the same cell group "
                              "(the grid, or one Var group)")
        out += _each(g, _moved(children, lambda a: groups.shifted(a, origin, target)),
                     read_item, False)
    return out


class _Groups:
    """ISS's cell groups (``CellGraph`` in ``js/cell_geometry.js``): the grid, and each group of
    extra cells laid out in its own rows (``iss_vars.groups``). A Replicate copies its items
    within one group: a cell moves by its offset from the origin, counted from the target in
    rows then columns, and must land on a cell of that group."""

    def __init__(self, g):
        self.g = g
        self.name = {cell: name for name, cell in g.var.items()}
        self.at = {place: cell for cell, place in g.place.items()}

    def of(self, cell):
        return self.g.place[cell][0] if cell in self.g.place else ""

    def position(self, cell):
        return self.g.place[cell][1:] if cell in self.g.place else divmod(cell, self.g.cols)

    def cell(self, group, r, c):
        if group:
            return self.at.get((group, r, c))
        return r * self.g.cols + c if 0 <= r < self.g.size and 0 <= c < self.g.cols else None

    def shifted(self, arg, origin, target):
        """A cell argument (``R1C2``, ``VA1``, or a given's ``R1C2_5``) moved from ``origin``
        to ``target``; any other argument as it is."""
        match = _CELL.match(arg)
        head, _, tail = arg.partition("_")
        if match:
            cell, tail = self.g.cell(arg[:len(arg) - len(match.group(5) or "")]), match.group(5) or ""
        elif head in self.g.var:
            cell, tail = self.g.var[head], ("_" + tail if tail else "")
        else:
            return arg
        group = self.of(origin)
        if self.of(cell) != group:
            raise PuzzleError(f"{arg} is not in the origin's cell group (ISS: all "
                              f"Replicate constraints must be in the same cell group)")
        (r, c), (r0, c0), (tr, tc) = (self.position(x) for x in (cell, origin, target))
        down = self.cell(group, tr + r - r0, tc)  # (ISS steps the rows first, then the columns)
        moved = self.cell(group, tr + r - r0, tc + c - c0) if down is not None else None
        if moved is None:
            raise PuzzleError(f"{arg} shifted falls outside " + (f"its group {group}" if group else "the grid"))
        if group:
            return self.name[moved] + tail
        digits = "0123456789abcdefg"
        return f"R{digits[moved // self.g.cols + 1]}C{digits[moved % self.g.cols + 1]}{tail}"


def _moved(nodes, shift):
    """Items shifted: a plain item's cells; a composite's items inside (its own header,
    targets and origin, stays: ISS's ``CompositeConstraintBase.makeShifted``)."""
    return [(name, [shift(a) for a in args], None) if kids is None
            else (name, args, _moved(kids, shift)) for name, args, kids in nodes]


#: ISS's strict rules and the marks they read: a mark inside an Or makes the rule ill
#: defined, and ISS refuses the puzzle (``_strictHandlersForType`` in sudoku_builder.js).
STRICT = {"negative_dots": ("StrictKropki", {"difference_dot", "ratio_dot"}),
          "negative_xv": ("StrictXV", {"xv"})}


def unconditional(constraints) -> list:
    """The top level's constraints with every ``And`` there (an ``And`` or a ``Replicate``
    item) opened into its parts: ISS builds them as unconditional rules, so a dot inside
    one is a marked dot for ``StrictKropki`` as any other. A strict rule beside a mark
    inside an ``Or`` is refused, as ISS refuses it."""
    out = []
    for c in constraints:
        out += unconditional(c.parts) if c.TYPE == "and" else [c]
    for tag, (name, marks) in STRICT.items():
        if any(c.TYPE == tag for c in out):
            inside = next((x for c in out if c.TYPE == "or" for x in _within(c) if x.TYPE in marks), None)
            if inside is not None:
                raise PuzzleError(f"{name} is not well defined with a mark "
                                  f"({inside.TYPE.replace('_', ' ')}) inside an Or (ISS refuses it too)")
    return out


def _within(c):
    for part in getattr(c, "branches", ()) or getattr(c, "parts", ()):
        yield part
        yield from _within(part)
