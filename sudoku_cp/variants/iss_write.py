"""Write a variant puzzle as an ISS constraint string (the reader is ``iss.read_iss``).

Only the types the generator makes, and their ISS names: ``Cage``, ``LittleKiller``,
``Thermo``, ``Arrow``, ``WhiteDot``, ``BlackDot``, ``X``, ``V``, ``Whisper``, ``Renban``,
``Sandwich``; givens as one ``.~R1C1_5~...`` item; irregular regions as ``.NoBoxes.Jigsaw``
(ISS adds a jigsaw's regions to the boxes unless told ``NoBoxes``). Another type, a box
shape ISS cannot say, or a value range other than ``1..n`` is refused by name: the
string would mean something else. A separate module from the reader, which other work
edits, on purpose: this one only writes.

>>> from sudoku_cp.variants.model import VariantPuzzle, Thermometer
>>> write_iss(VariantPuzzle(4, givens=((5, 3),), constraints=(Thermometer((0, 1)),)))
'.Shape~4x4.~R2C2_3.Thermo~R1C1~R1C2'
"""

from __future__ import annotations

from .clues import diagonals
from .paradigms import UnsupportedConstraint

_DIGITS = "0123456789abcdefg"


def cell_name(n: int, cell: int) -> str:
    """ISS's ``R<row>C<col>``: one base-17 digit each (ISS reads no ``R10C1``)."""
    r, c = divmod(cell, n)
    return f"R{_DIGITS[r + 1]}C{_DIGITS[c + 1]}"


def write_iss(p) -> str:
    """The ISS string of ``p`` (see the module docstring for what it can carry)."""
    from .model import DEFAULT_BOXES

    n = p.size
    if n > 16:
        raise UnsupportedConstraint(f"a {n}x{n} grid", "ISS strings")
    if p.values != (1, n):
        raise UnsupportedConstraint(f"values {p.values[0]}..{p.values[1]}", "ISS strings")
    items = [f"Shape~{n}x{n}"]
    if p.regions is not None:
        label = {cell: _DIGITS[k] if k < 10 else chr(ord("A") + k - 10)
                 for k, region in enumerate(p.regions) for cell in region}
        items += ["NoBoxes", "Jigsaw~" + "".join(label[c] for c in range(n * n))]
    elif p.box != DEFAULT_BOXES.get(n):
        raise UnsupportedConstraint("no boxes" if p.box is None else f"box {p.box}", "ISS strings")
    if p.givens:
        items.append("~" + "~".join(f"{cell_name(n, c)}_{v}" for c, v in p.givens))
    items += [_item(p, c) for c in p.constraints]
    return "".join("." + item for item in items)


def _item(p, c) -> str:
    n, t = p.size, c.TYPE
    cells = lambda xs: "~".join(cell_name(n, x) for x in xs)  # noqa: E731
    if t == "killer_cage":
        if c.total is None:
            raise UnsupportedConstraint("killer_cage", "a cage without a sum in ISS strings "
                                                       "(ISS reads sum 0 as 'any sum')")
        return f"Cage~{c.total}~{cells(c.cells)}"
    if t == "little_killer":
        if c.cells not in diagonals(n):
            raise UnsupportedConstraint("little_killer", "a diagonal ISS does not name")
        return f"LittleKiller~{c.total}~{cell_name(n, c.cells[0])}"
    if t == "sandwich":
        a, b = c.cells[0], c.cells[1]
        if b - a == 1 and a % n == 0 and len(c.cells) == n:
            return f"Sandwich~{c.total}~R{a // n + 1}"
        if b - a == n and a < n and len(c.cells) == n:
            return f"Sandwich~{c.total}~C{a + 1}"
        raise UnsupportedConstraint("sandwich", "read from the right or from below")
    if t == "arrow":
        if len(c.bulb) != 1:
            raise UnsupportedConstraint("arrow", "a pill bulb (write PillArrow)")
        return f"Arrow~{cells(c.bulb + c.shaft)}"
    if t == "whisper":
        return f"Whisper~{c.difference}~{cells(c.cells)}"
    simple = {"thermometer": "Thermo", "renban": "Renban"}
    if t in simple:
        return f"{simple[t]}~{cells(c.cells)}"
    if t == "difference_dot" and c.difference == 1:
        return f"WhiteDot~{cells(c.cells)}"
    if t == "ratio_dot" and c.ratio == 2:
        return f"BlackDot~{cells(c.cells)}"
    if t == "xv" and c.total in (5, 10):
        return f"{'X' if c.total == 10 else 'V'}~{cells(c.cells)}"
    raise UnsupportedConstraint(t, "ISS strings (this writer)")
