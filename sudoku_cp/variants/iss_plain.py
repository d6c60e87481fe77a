"""The plain-text forms ISS reads besides its ``.Type~...`` items: a line of givens (any
square size from 4 to 16), givens then a jigsaw layout, the short killer format and
SudokuWiki's packed killer strings (``sudokuwiki``). Moved out of ``iss`` (which
re-exports ``parse_plain``) to keep that module under ~800 lines.

>>> parse_plain("1..." "..2." ".3.." "...4").givens
((0, 1), (6, 2), (9, 3), (15, 4))
"""

from __future__ import annotations

import re

from ..errors import PuzzleError
from . import model as m
from .sudokuwiki import looks_like_packed_killer, read_packed_killer

def _square(k):
    """The side of a plain line of ``k`` cells: 4 to 16, as for classic lines (a shorter
    line is not read as a 1x1 or 2x2 grid: '12' was a 1x1 jigsaw, 'unique')."""
    n = int(round(k ** 0.5))
    return n if n * n == k and 4 <= n <= 16 else None


def _plain_values(text, n):
    givens = []
    others = set()
    for cell, ch in enumerate(text):
        if n < 10:
            v = int(ch) if ch.isdigit() else None
        else:
            v = 0 if ch == "0" else (ord(ch) - 64 if "A" <= ch <= "Z" else None)
        if v is not None and 1 <= v <= n:
            givens.append((cell, v))
        else:
            others.add(ch)
    return givens, others


def parse_plain(text: str):
    """A puzzle from ISS's plain-text forms, or None when ``text`` is not one of them."""
    from .iss import _Grid, _layout

    t = re.sub(r"\s+", "", text)
    if looks_like_packed_killer(t):  # SudokuWiki's 3x3::k:... (variants/sudokuwiki.py)
        return read_packed_killer(t)
    if len(t) == 81 and re.search(r"[<v>^`',]", t) and re.fullmatch(r"[0-9A-Za-j^<v>`',.]*", t):
        return _short_killer(t)
    if len(t) % 2 == 0 and _square(len(t) // 2):
        n = _square(len(t) // 2)
        layout = t[n * n:]
        if len(set(layout)) == n and all(layout.count(ch) == n for ch in set(layout)):
            givens, others = _plain_values(t[:n * n], n)
            if len(others) <= 1:
                return m.VariantPuzzle(n, box=None, regions=_layout(_Grid(n), layout)[0],
                                       givens=tuple(givens))
    n = _square(len(t))
    if n and n > 1:
        givens, others = _plain_values(t, n)
        if len(others) <= 1:
            return m.VariantPuzzle(n, givens=tuple(givens))
    return None


def _short_killer(t):
    n = 9
    step = {"v": n, "^": -n, "<": -1, ">": 1, "`": -n - 1, "'": -n + 1, ",": n - 1, ".": n + 1}
    target = [i + step.get(ch, 0) for i, ch in enumerate(t)]
    cages = {}
    for i in range(n * n):
        head, hops = i, 0
        while target[head] != head:
            head = target[head]
            hops += 1
            if hops > n or not 0 <= head < n * n:
                raise PuzzleError("loop or stray arrow in the short killer format")
        ch = t[head]
        if ch.isdigit():
            total = int(ch)
        elif "A" <= ch <= "Z":
            total = ord(ch) - 55
        elif "a" <= ch <= "j":
            total = ord(ch) - 61
        else:
            continue
        cages.setdefault(head, (total, []))[1].append(i)
    return m.VariantPuzzle(9, constraints=tuple(  # (a sum of 0: any sum, as ISS builds a Cage)
        m.KillerCage(tuple(cells), total or None) for total, cells in cages.values()))
