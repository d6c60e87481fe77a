"""Steps from constraint pieces: a piece's unsupported candidates, said in plain words.

A killer cage's step names the cage's remaining combinations and also removes, from the
cells that see every place of a value all combinations need, that value. The rule of 45
(``innies.innies_outies``) derives sum pieces from whole houses and the cages inside or
across them.
"""

from __future__ import annotations

from .houses import _cells
from .scores import SCORES
from .search import supports
from .step import VStep

#: each family's rule in a few words, said after its name in a step's sentence.
RULE_WORDS = {
    "killer_cage": "its values differ and add up to the total",
    "little_killer": "the values along the diagonal add up to the clue",
    "arrow": "the shaft adds up to the bulb",
    "double_arrow": "the two ends add up to the cells between them",
    "thermometer": "values rise from the bulb",
    "slow_thermometer": "values never fall from the bulb",
    "whisper": "neighbours on the line differ by at least the whisper's difference",
    "renban": "the line holds a run of consecutive values",
    "palindrome": "the line reads the same both ways",
    "between": "inner cells lie strictly between the two ends",
    "lockout": "the ends are far apart and inner cells lie outside their range",
    "region_sum_line": "each box's part of the line has the same sum",
    "sum_line": "the line divides into runs that each add up to the total",
    "zipper": "cells equally far from the centre add up to the same total",
    "entropic": "every three cells in a row hold a low, a middle and a high value",
    "modular": "every few cells in a row hold different remainders",
    "difference_dot": "the two cells differ by the dot's difference",
    "ratio_dot": "one cell is the ratio times the other",
    "xv": "the two cells add up to the mark",
    "greater_than": "the first cell is larger",
    "odd": "its value is odd", "even": "its value is even",
    "candidates": "its value is one of those", "minimum": "it is below its neighbours",
    "maximum": "it is above its neighbours", "quadruple": "those values appear around it",
    "clone": "the two cells hold the same value",
    "non_consecutive": "neighbours are never consecutive",
    "negative_dots": "neighbours without a dot are neither consecutive nor in ratio 2",
    "negative_xv": "neighbours without a mark add up to neither 10 nor 5",
    "sandwich": "the values between the smallest and the largest add up to the clue",
    "x_sum": "the first X values (X the first cell's value) add up to the clue",
    "skyscraper": "that many values are seen, a larger one hiding the smaller behind it",
    "leftovers": "as many whole houses on each side, so the cells left over on one side "
                 "hold the same values as those on the other",
    "innies": "the rule of 45: what the houses hold minus the cages inside",
    "outies": "the rule of 45: the cages across the houses minus what the houses hold",
    "innies and outies": "the rule of 45: what the houses hold minus the cages touching them",
    "overlap": "both rules hold on the same cells",
}


def removed_words(p, gone) -> str:
    """``R1C2 cannot be 1 or 9; R1C3 cannot be 2``."""
    by_cell: dict[int, list] = {}
    for x, v in gone:
        by_cell.setdefault(x, []).append(v)
    parts = []
    for x, vs in by_cell.items():
        vs = sorted(vs)
        said = ", ".join(map(str, vs[:-1])) + " or " + str(vs[-1]) if len(vs) > 1 else str(vs[0])
        parts.append(f"{p.cell_name(x)} cannot be {said}")
    return "; ".join(parts)


class PieceFinder:
    """Finds the first step of one technique among its pieces (results memoised by the
    candidates of the piece's cells, so a pass over unchanged pieces is cheap)."""

    def __init__(self, technique, pieces, cap=20000):
        self.technique, self.pieces, self.cap = technique, pieces, cap
        self.memo = {}

    def __call__(self, state):
        g = state.g
        peers = g.peers
        for piece in self.pieces:
            masks = tuple(state.cands[x] for x in piece.cells)
            key = (id(piece), masks)
            found = self.memo.get(key)
            if found is None:
                found = supports(piece, masks, lambda a, b: b in peers[a], lo=g.lo, cap=self.cap)
                found = self.memo[key] = found or (None, None, 0)
            support, combos, must = found
            if support is None:
                continue
            gone = [(x, v) for x, m, s in zip(piece.cells, masks, support)
                    for v in g.values(m & ~s)]
            extra = []
            if must and not gone:  # (one thing at a time: the rule's own removals first)
                extra = _required_elsewhere(state, piece, g.values(must), gone)
            if gone or extra:
                return self._step(state, piece, gone, extra, combos)
        return None

    def _step(self, state, piece, gone, extra, combos):
        p = state.g.puzzle
        rule = RULE_WORDS.get(piece.meta.get("words", piece.kind), "")
        text = f"{piece.label[0].upper()}{piece.label[1:]} ({rule})"
        if combos:
            text += ": the combinations left are " + ", ".join(
                "+".join(map(str, c)) for c in sorted(combos))
        elif piece.meta.get("innies") and piece.meta.get("outies"):
            text += (f": {_cells(p, piece.meta['innies'])} less {_cells(p, piece.meta['outies'])}"
                     f" make {piece.meta['total']}")
        elif "total" in piece.meta:
            text += f": {_cells(p, piece.cells)} add up to {piece.meta['total']}"
        if gone:
            text += "; so " + removed_words(p, gone)
        if extra:
            need = sorted({v for _, v in extra})
            ways = "combination" if combos else "way to keep it"
            text += (f"; every {ways} uses {' and '.join(map(str, need))}, so cells seeing "
                     f"all of its places there cannot: " + removed_words(p, extra))
        source = piece.meta.get("source")
        sources = piece.meta.get("sources", () if source is None else (source,))
        return VStep(self.technique, SCORES[self.technique], (), tuple(gone + extra),
                     piece.cells, text + ".", sources=tuple(sources))


def _required_elsewhere(state, piece, required, gone):
    """A value every way of keeping the rule uses sits in the piece's cells: cells outside
    them that see all of its places there cannot hold it."""
    g = state.g
    removed = set(gone)
    out = []
    for v in sorted(required):
        where = [x for x in piece.cells if state.has(x, v) and (x, v) not in removed]
        if len(where) < 2:
            continue  # (one place: a single will place it)
        seen = set.intersection(*(g.peers[x] for x in where)) - set(piece.cells)
        out += [(y, v) for y in sorted(seen) if state.has(y, v)]
    return out
