"""The constraint types the setter's page can draw without a tool of its own.

``setter.js`` has hand-made tools for the common types (cages, lines, dots, outside clues).
Every other type of the model is offered from this catalogue, read off the model's
dataclasses, so a type added to ``variants/model.py`` can be drawn the day it lands: its
**shape** says how a selection becomes the constraint, its **number** which integer field
the value box fills, ``digits`` that a tuple of values is typed as digits.

Shapes: ``cells`` (the selection in order), ``cell+cells`` (the first cell selected, then
the others), ``cells+copy`` (the first half, then the second half in the same order),
``cell`` (one constraint per selected cell), ``global`` (no cells: a rule over the whole
grid, a switch). A type whose fields fit none of these is listed with ``shape`` None and the
reason, never dropped in silence.

A few types carry something no selection gives (a pattern, a table of pairs, an automaton,
leaper moves, other constraints); ``TYPED`` gives each a shape of its own, drawn by
``setter_more.js``: ``cells+text`` (a line, then its ``text`` typed in the text box, read as
``syntax`` says), ``text`` (no cells: the text alone), ``segments`` (each selection one more
segment of the constraint in hand), ``arms`` (a chaos arrow: its control cell and first arm,
then each selection one more arm), ``group`` (constraints already drawn, ticked in the list).

>>> by = {t["type"]: t for t in catalogue()}
>>> by["rellik_cage"]["shape"], by["rellik_cage"]["number"]
('cells', 'total')
>>> by["count_distinct"]["shape"], by["clone"]["shape"], by["global_mod"]["shape"]
('cell+cells', 'cells+copy', 'global')
>>> by["candidates"]["shape"], by["candidates"]["digits"]
('cell', True)
>>> by["regex"]["shape"], by["regex"]["text"], by["or"]["shape"], by["equal_sum"]["shape"]
('cells+text', 'pattern', 'group', 'segments')
"""

from __future__ import annotations

import dataclasses

from ..variants.model import NUMBER_FIELDS

#: type -> (shape, the text box's name, what to type in it (its placeholder), the syntax)
TYPED = {
    "regex": ("cells+text", "pattern", "1[2-4]+",
              "ISS's regular expression over the values along the line, read in order"),
    "pair": ("cells+text", "pairs", "12 23 31",
             "the value pairs allowed, first cell's value first; start with 'all' for every "
             "two cells in order, not only neighbours"),
    "nfa": ("cells+text", "automaton", "start 0; accept 1; 0 5 2, 2 3 1",
            "start states; accept states; moves 'state value next' (a value '/' is the "
            "break between segments); 'segments 2 3' cuts the line"),
    "chess": ("text", "leaper moves", "1 2; values 1 3",
              "moves 'a b' (each taken every way round, 1 2 is a knight), then optionally "
              "'values ...' for only those values"),
    "connected_values": ("text", "values", "1 2 3; size 12",
                         "the values whose cells form one orthogonally connected group, then "
                         "optionally 'size k' for a group of exactly k cells"),
    "equal_sum": ("segments", None, None, "each selection one more segment"),
    "chaos_arrow": ("arms", None, None, "the control cell and the first arm from its start "
                    "cell, then each selection one more arm from the same start"),
    "or": ("group", None, None, "the constraints ticked in the list, as its branches"),
    "and": ("group", None, None, "the constraints ticked in the list, as its parts"),
}


def catalogue() -> list[dict]:
    """Every registered constraint type: ``type``, ``label``, ``rule`` (its docstring's
    first sentence), ``shape``, ``number``, ``default``, ``digits``, ``extra`` (the other
    fields' defaults, as the model writes them), ``why`` (when ``shape`` is None), and for
    the ``TYPED`` ones ``text``, ``example`` and ``syntax``."""
    from ..variants.model import TYPES

    return [_entry(tag, cls) for tag, cls in sorted(TYPES.items())]


def _entry(tag: str, cls) -> dict:
    fields = {f.name: f for f in dataclasses.fields(cls)}
    required = {k for k, f in fields.items()
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    kinds = {k: str(f.type) for k, f in fields.items()}
    number = next((k for k in NUMBER_FIELDS if k in fields and kinds[k].startswith("int")), None)
    digits = "values" in fields and kinds["values"] == "tuple"
    cells = [k for k in fields if kinds[k] == "Cells"]
    one = "cell" in fields and kinds["cell"] == "int"
    shape, why = None, None
    if cells == ["cells", "copy"]:
        shape = "cells+copy"
    elif cells == ["cells"]:
        shape = "cell+cells" if one else "cells"
    elif not cells and one:
        shape = "cell"
    elif not cells and not one:
        shape = "global"
    else:
        why = f"fields {', '.join(fields)}: no selection gives them"
    rest = required - {"cells", "copy", "cell", number, "values" if digits else None}
    if shape and rest:
        shape, why = None, f"needs {', '.join(sorted(rest))}, which the page cannot type yet"
    default = fields[number].default if number and number not in required else None
    doc = (cls.__doc__ or "").strip().replace("``", "")
    rule = " ".join(doc.split("\n\n")[0].split(". ")[0].split()).rstrip(".") + "."
    label = tag.replace("_", " ").capitalize()
    if number:
        label += f" ({number})"
    elif digits:
        label += " (type its values)"
    extra = {k: list(f.default) if isinstance(f.default, tuple) else f.default
             for k, f in fields.items() if k not in required and k != number
             and f.default is not dataclasses.MISSING}
    entry = {"type": tag, "label": label, "rule": rule, "shape": shape, "number": number,
             "default": default, "digits": digits, "extra": extra, "why": why}
    if tag in TYPED:
        shape, text, example, syntax = TYPED[tag]
        entry.update(shape=shape, why=None, number=None, default=None, digits=False,
                     text=text, example=example, syntax=syntax,
                     label=tag.replace("_", " ").capitalize() + (f" (type its {text})" if text else ""))
    return entry
