"""A ``VariantPuzzle`` as flat arrays for the compiled search: one propagator per rule.

Propagator kinds (the kernel has one function for each):

- ``HOUSE``: the cells differ (rows, columns, boxes, regions, cages, renban, extra regions...);
- ``PAIR``: a binary relation as two tables (dots, XV, thermometer steps, whispers,
  palindromes, clones, anti-knight pairs, negative constraints...): every binary rule is
  written once here, as a Python predicate on two values, so the kernel never restates it;
- ``LINEAR``: ``sum(coef * value) == total`` (cage sums, little killers, arrows of any
  bulb, double arrows, zippers, region-sum lines), by bounds; ``SMALLSUM`` the same over
  at most three terms of coefficient ±1 and few values, exactly; ``GROUPSUM`` over four or
  more such terms, exactly, values differing within groups of cells that share a house
  (stated twice when a second grouping joins cells the first keeps apart); a sum of +1
  terms inside one house is a ``CAGE``;
- ``CAGE``: the cage's values are one of its combinations (distinct values reaching the sum);
- ``RENBAN``: the values lie in one window of ``len(cells)`` consecutive values;
- ``BETWEEN`` / ``LOCKOUT``: the inner cells against the two ends;
- ``QUAD``: each listed value appears among the cells (as often as listed);
- ``CROSS``: two full houses that share cells (pointing and claiming), implied;
  ``CROSSES``: a house's crossings with several others, as one propagator;
- ``SANDWICH``, ``XSUM``, ``SKYSCRAPER``, ``HIDDENSKY``: the outside clues, each from its
  rule (the sandwich, also a lunchbox's, and the x-sum by bounds on the cells they add up,
  the skyscraper and the hidden skyscraper exactly, and by bounds when their values differ);
- ``COUNT``: exactly so many cells hold a value of each class (contain-exact, equality cages);
- ``INDEX`` / ``VINDEX``: a cell's value picks one of a list of cells (indexing, value
  indexing); ``RELLIK``: no subset sums to the total; ``CIRCLES``: counting circles;
- ``SUMLINE``: a line (or a loop) divides into runs summing to the total, exactly;
- ``FULLRANKS`` (``FULLRANK`` when two clues share a rank or a line) / ``NOTIES``: the rows
  and columns' ranks among the readings of all of them;
  ``AUTOMATON``: a line read by a regular expression or an NFA; ``CLASSES``: a group holds
  each class of values; ``FLATMATE``, ``SAMEVALUES``; ``EITHER``: an ``or`` of branches
  that restrict values (built in ``program_lines``); ``CHAOS``, ``CHAOSCOUNT``,
  ``CHAOSARROW``: a chaos construction and its clues (built in ``program_chaos``);
  ``OR``: an ``or`` of branches that are rules, each branch's propagators run on a
  scratch copy (built in ``program_or``).

Each constraint type's builder is in ``program_rules`` (``BUILDERS``). Sums the cages
imply (innies and outies) and an equal-sum rule's common sum are derived in ``implied``.
Types it cannot state are declined by name (``UnsupportedConstraint``).

>>> from sudoku_cp.variants.model import VariantPuzzle, Thermometer, Sandwich, SumLine
>>> prog = compile_puzzle(VariantPuzzle(4, constraints=(Thermometer((0, 1, 2)),)))
>>> prog.kinds.tolist().count(PAIR), int(prog.dom[0])
(2, 15)
>>> compile_puzzle(VariantPuzzle(4, constraints=(Sandwich((0, 1, 5), 3),)))
Traceback (most recent call last):
...
sudoku_cp.variants.paradigms.UnsupportedConstraint: unsupported constraint sandwich (fast: a sandwich on cells that are not a house)
>>> compile_puzzle(VariantPuzzle(4, values=(-1, 2), constraints=(SumLine((0, 1, 2, 3), 2),)))
Traceback (most recent call last):
...
sudoku_cp.variants.paradigms.UnsupportedConstraint: unsupported constraint sum_line (fast: a sum line of total 2 over values -1..2)
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain, islice
from math import comb
from operator import is_, itemgetter

import numpy as np

from ..paradigms import UnsupportedConstraint
from .implied import circle_groups, implied_cages, linear_groups, sums_in_houses
from .program_kept import _differing, _masks, _pack, _packed, _rule_tables, _shape
from .program_lines import leftovers
from .program_peers import peer_tails

(HOUSE, PAIR, LINEAR, CAGE, RENBAN, BETWEEN, LOCKOUT, QUAD, CROSS, SMALLSUM, SANDWICH, XSUM,
 SKYSCRAPER, COUNT, INDEX, VINDEX, RELLIK, CIRCLES, GROUPSUM, SUMLINE, FULLRANK, NOTIES,
 AUTOMATON, CLASSES, FLATMATE, SAMEVALUES, EITHER, ZERODIFF, CHAOS, CHAOSCOUNT,
 CHAOSARROW, HIDDENSKY, FULLRANKS, OR, CROSSES) = range(35)

#: Masks are int64 with the sign bit unused: at most 62 values.
MAX_VALUES = 62
#: A sum of four or more terms of coefficient ±1 is kept exactly (``GROUPSUM``) when its
#: total in bit indices (each term's value less the least it can be) fits one mask.
MAX_GROUPSUM_TARGET = 62
#: A cage with more combinations than this keeps its sum by bounds only.
MAX_COMBOS = 4096
WHY = "fast: no compiled propagator for this rule yet"
#: Types declined for a reason of their own (issue 37's composites and sequences).
WHY_NOT = {t: f"fast: no compiled {what} yet, its kernel takes fixed tables of masks"
           for t, what in (("and", "union of branches"),)}
#: Types whose builder reads the grid as ``n x n`` (its diagonals, its 2x2 squares, every
#: cell's row and column): declined on a non-square grid. The model refuses them there
#: too (none names its cells), or refuses them by name (``model.SQUARE_ONLY``); this
#: keeps ``fast`` from stating a wrong rule should the model take one some day.
SQUARE_ONLY = frozenset({"diagonal", "disjoint_groups", "anti_taxicab", "global_mod",
                         "global_entropy", "dutch_flatmates", "doppelganger", "full_rank",
                         "full_rank_ties", "chaos_construction", "chaos_count", "chaos_arrow",
                         "chaos_same"})




class Program:
    """The arrays the kernel reads; ``props`` grows while compiling, ``freeze`` packs it."""

    def __init__(self, puzzle):
        self.n = puzzle.size
        self.lo, self.hi = puzzle.values
        self.nv = self.hi - self.lo + 1
        self.full = (1 << self.nv) - 1
        self.dom = [self.full] * puzzle.num_cells  # (an int64 array from ``freeze`` on)
        self.shown = puzzle.num_cells  # the cells a solution gives (``aux`` cells follow them)
        self.props: list[tuple[int, list[int], list[int]]] = []  # (kind, cells, data)
        self.tables: list[int] = []
        self._tables: dict[tuple, int] = {}
        self._relations: dict[int, tuple] = {}  # id(predicate) -> (predicate, masks, masks)
        self._pairs: dict[tuple[int, int], int] = {}  # (a, b), a < b -> its PAIR in props
        self._joins: dict[tuple, tuple] = {}  # (id, id) of two tables -> both, joined
        self.full_houses: list[tuple[int, ...]] = []  # houses holding every value once
        self._shape = _shape(puzzle, self.nv)
        self.geometry = self._shape.houses  # rows, columns, boxes or regions (made once)
        self.geometry_sets = self._shape.sets
        self._stated = 0  # how many of ``props`` are the geometry's houses (``add_geometry``)
        self._crossed = None  # (where in ``props``, ``_grouped_crossings``' tuple) once ``crossings`` ran
        self._ungrouped = False  # a ``GROUPSUM`` waits for ``_group_sums``
        self.implied_from = None  # where the implied sums begin in ``props`` (None: none)
        self.hints: dict[tuple, None] = {}  # (cells, value bit): branched on first, in order
        self.first, self.inorder = 0, 0  # cells from ``first`` on branched on first (in order)
        self.built: dict = {}  # a builder's own notes (one that states all its clues at once)

    def add_geometry(self) -> None:
        """The geometry's houses, first of ``props`` (as ``house`` on each, kept per
        geometry: most puzzles share one)."""
        if self.props:
            for house in self.geometry:
                self.house(house)
            return
        self.props.extend(self._shape.props)
        self.full_houses.extend(self._shape.full)
        self._stated = len(self.props)

    # -- building -----------------------------------------------------------------------------
    def restrict(self, cell: int, allowed) -> None:
        """Keep only the values ``allowed`` (a predicate) at ``cell``."""
        self.dom[cell] &= self.mask(v for v in range(self.lo, self.hi + 1) if allowed(v))

    def aux(self, allowed) -> int:
        """A new cell, no cell of the puzzle's, holding one of the values ``allowed`` (a
        predicate): a rule's helper (a doppelganger's missing values), left out of solutions."""
        if not isinstance(self.dom, list):  # (a program built on after ``freeze``: rare)
            self.dom = self.dom.tolist()
        self.dom.append(self.full)
        self.restrict(len(self.dom) - 1, allowed)
        return len(self.dom) - 1

    def mask(self, values) -> int:
        m = 0
        for v in values:
            if self.lo <= v <= self.hi:
                m |= 1 << (v - self.lo)
        return m

    def house(self, cells) -> None:
        cells = list(cells)
        if len(cells) > 1:
            self.props.append((HOUSE, cells, [len(cells)] + cells))
            if len(cells) == self.nv:
                self.full_houses.append(tuple(cells))

    def relation(self, a: int, b: int, ok, key=None) -> None:
        """``ok(value_a, value_b)`` must hold (a binary rule, stated once as a predicate).
        ``key``: everything ``ok`` reads (its rule and numbers, never its cells), so puzzles
        over the same values share its tables; without one, a predicate's tables are made
        once per program (a builder passes one predicate for all its pairs)."""
        if a == b:
            self.restrict(a, lambda v: ok(v, v))
            return
        if key is not None:
            ab, ba = _rule_tables(key, ok, self.lo, self.hi)
        else:
            if id(ok) not in self._relations:
                self._relations[id(ok)] = (ok,) + _masks(ok, self.lo, self.hi)
            _, ab, ba = self._relations[id(ok)]
        if a > b:
            a, b, ab, ba = b, a, ba, ab
        if (a, b) in self._pairs:  # (a second rule on the two cells: ``tabled`` joins them)
            self.tabled(((a, b, ab, ba),))
        else:  # (``tabled``'s first pair, stated here: most rules meet new pairs)
            self._pairs[(a, b)] = len(self.props)
            self.props.append((PAIR, [a, b], [a, b, ab, ba]))

    def relations(self, pairs, ok, key) -> None:
        """``relation(a, b, ok, key)`` for each (a, b) of ``pairs``, in order, the tables
        looked up once (a rule drawn between many pairs: anti-knight, negative dots...)."""
        ab, ba = _rule_tables(key, ok, self.lo, self.hi)
        same = [(a, b) for a, b in pairs]
        if any(a == b for a, b in same):  # (a cell against itself: ``relation`` restricts it)
            for a, b in same:
                self.relation(a, b, ok, key)
            return
        self.tabled([(a, b, ab, ba) for a, b in same])

    def tabled(self, items) -> None:
        """Each (a, b, ab, ba), ``a != b``: a relation of ``a`` and ``b`` given by its tables
        (``ab``: for each value of ``a``, the mask of ``b``'s values it allows; ``ba`` the
        other way), as ``relation`` states one: a second rule on the same two cells joins
        the first (both must hold)."""
        found, props = self._pairs, self.props
        for a, b, ab, ba in items:
            if a > b:
                a, b, ab, ba = b, a, ba, ab
            at = found.get((a, b))
            if at is None:  # (the tables become indices in ``freeze``)
                found[(a, b)] = len(props)
                props.append((PAIR, [a, b], [a, b, ab, ba]))
            else:  # two rules on the same two cells: one relation, both must hold
                _, _, (_, _, ab0, ba0) = props[at]
                props[at] = (PAIR, [a, b], [a, b, self._joined(ab0, ab), self._joined(ba0, ba)])

    def _joined(self, masks, more) -> tuple:
        """Two relations' tables joined (both must hold), made once per two tables (rules
        drawn between the same pairs, non-consecutive with negative dots, join the same
        tables again and again: ``freeze`` then meets one table, not one per pair)."""
        key = (id(masks), id(more))
        got = self._joins.get(key)
        if got is None:  # (it holds both: no id is reused meanwhile)
            got = self._joins[key] = (masks, more, tuple(x & y for x, y in zip(masks, more)))
        return got[2]

    def _table(self, masks: tuple) -> int:
        if masks not in self._tables:
            self._tables[masks] = len(self.tables)
            self.tables.extend(masks)
        return self._tables[masks]

    def linear(self, terms, total: int, distinct: bool = False) -> None:
        """``sum(coef * value of cell) == total`` over ``terms`` (cell, coef); cells may repeat.
        ``distinct``: the caller knows some cells of one sign share a house, so that even
        three terms are summed in groups of distinct values (``SMALLSUM`` would let a
        one-cell segment pair with two equal values: iss-examples-11 2,367 -> 1,101 nodes)."""
        merged: dict[int, int] = {}
        for cell, coef in terms:
            merged[cell] = merged.get(cell, 0) + coef
        if 0 in merged.values():
            merged = {c: k for c, k in merged.items() if k}
        if not merged:
            if total != 0:
                self.props.append((LINEAR, [], [0, total]))  # always fails
            return
        unit, least = True, 0  # (least: each +1 term at lo, each -1 term at hi)
        for k in merged.values():
            least += self.lo if k > 0 else -self.hi
            if k != 1 and k != -1:
                unit = False
        if unit and (len(merged) > 3 or distinct) and total - least <= MAX_GROUPSUM_TARGET:
            self.props.append((GROUPSUM, list(merged), (total, merged)))  # grouped in ``freeze``
            self._ungrouped = True
            return
        data = [len(merged), total]
        for cell, coef in merged.items():
            data += (cell, coef)
        small = len(merged) <= 3 and unit and self.nv <= 20
        data += [] if small else [0]  # (no groups of distinct cells yet: ``linear_groups``)
        self.props.append((SMALLSUM if small else LINEAR, list(merged), data))

    def bounds(self, terms, total: int) -> None:
        """``sum(coef * value of cell) == total`` by its bounds alone (``LINEAR``; its
        cells of one coef that all differ bounded as one group: ``linear_groups``), beside
        an exact sum whose groups of three split a longer run of such cells (a box's five
        cells on a region sum line sum to 15 or more, not 9: ``Region sum lines, hard``
        31,599 -> 16,151 nodes)."""
        merged: dict[int, int] = {}
        for cell, coef in terms:
            merged[cell] = merged.get(cell, 0) + coef
        merged = {c: k for c, k in merged.items() if k}
        if merged:
            data = [len(merged), total] + [v for cell in merged for v in (cell, merged[cell])]
            self.props.append((LINEAR, list(merged), data + [0]))

    def _group_sums(self, holding) -> None:
        """Each ``GROUPSUM``'s data: its cells in groups of 1 to 3 of one sign that share a
        house (each cell into the first group it fits), and its total in bit indices; and
        a sum the puzzle states (not one implied, from ``implied_from`` on) once more,
        grouped so that no two cells of a first group meet again, when that makes a group
        of two or more (values that differ through a second house: a diagonal grouped by
        boxes, then by disjoint groups). An implied sum's second grouping cost more than it
        saved (docs/variants_speed.md, twenty-second round: Wecoc #1 2.5 -> 1.8 s)."""
        if not self._ungrouped:
            return
        self._ungrouped = False
        most = 3 if self.nv <= 12 else 2
        again = []
        implied = len(self.props) if self.implied_from is None else self.implied_from
        for i, (kind, cells, data) in enumerate(self.props):
            if kind != GROUPSUM or not isinstance(data, tuple):
                continue
            total, merged = data
            groups, other = _groupings(cells, merged, holding, most, i < implied)
            self.props[i] = (GROUPSUM, [x for g in groups for x in g],
                             self._group_data(total, merged, groups))
            if other is not None and any(len(g) > 1 for g in other):
                again.append((GROUPSUM, [x for g in other for x in g],
                              self._group_data(total, merged, other)))
        self.props.extend(again)

    def _group_data(self, total, merged, groups) -> list[int]:
        """The kernel's data of a ``GROUPSUM``: cells, target in bit indices, groups
        (size and sign of each), then the cells group by group."""
        cells = [x for g in groups for x in g]
        up = sum(1 for x in cells if merged[x] > 0)
        out = [len(cells), total - up * self.lo + (len(cells) - up) * self.hi, len(groups)]
        for g in groups:
            out += [len(g), merged[g[0]]]
        return out + cells

    def cage(self, cells, total: int, house: bool = True) -> None:
        """Distinct values summing to ``total``: a house (unless the cells are already in
        one) plus its combinations, or its bounds when they are too many."""
        k = len(cells)
        if house:
            self.house(cells)
        if comb(self.nv, k) > MAX_COMBOS:
            self.linear([(x, 1) for x in cells], total)
            return
        combos = _combos(self.nv, k, total - k * self.lo)
        start = len(self.tables)
        self.tables.extend(combos)
        self.props.append((CAGE, list(cells), [k, start, len(combos)] + list(cells)))

    # -- packing --------------------------------------------------------------------------------
    def freeze(self) -> "Program":
        """Pack ``props`` into the CSR arrays the kernel reads."""
        self.dom = np.array(self.dom, dtype=np.int64)
        holding = self._holding()
        # each pass below reads propagators of a few kinds: one look at the kinds there
        # are, and a pass over every propagator only where its kinds are (a pair rule's
        # thousand pairs were walked five times for nothing)
        present = set(map(itemgetter(0), islice(self.props, self._stated, None)))
        if not present.isdisjoint((LINEAR, SMALLSUM, GROUPSUM)):
            sums_in_houses(self, holding)  # (it makes sums ``CAGE``s)
            present.add(CAGE)
        self._group_sums(holding)
        if OR in present:
            from .program_or import pack

            pack(self, holding)
        if CAGE in present or RENBAN in present or CLASSES in present:
            peer_tails(self, holding)  # (after ``sums_in_houses``: the cages it makes too)
        if LINEAR in present:
            linear_groups(self, holding)
        if CIRCLES in present:
            circle_groups(self, holding)
        made: dict[tuple, tuple] = {}  # (id(masks), differ) -> (masks, their table)
        both: dict[tuple, tuple] = {}  # (id(ab), id(ba), differ) -> (ab, ba, their tables)
        props = self.props
        for i in self._pairs.values():
            _, cells, (a, b, ab, ba) = props[i]
            if ab.__class__ is not tuple:  # (a program frozen again)
                continue
            differ = holding[a] & holding[b] != 0  # they differ too: one relation
            got = both.get((id(ab), id(ba), differ))
            if got is None:  # (most pairs share a few tables: each made once, in order)
                tables = []  # (the dicts hold the masks: no id is reused meanwhile)
                for masks in (ab, ba):
                    one = made.get((id(masks), differ))
                    if one is None:
                        one = made[(id(masks), differ)] = (
                            masks, self._table(_differing(masks) if differ else masks))
                    tables.append(one[1])
                got = both[(id(ab), id(ba), differ)] = (ab, ba, tables[0], tables[1])
            props[i] = (PAIR, cells, [a, b, got[2], got[3]])
        if not props:  # (a 1x1 grid: the kernel wants one propagator to queue)
            props.append((HOUSE, [0], [1, 0]))
        parts, at = [], 0  # (the geometry's houses and the crossings packed once, kept)
        for start, segment in self._segments():
            if start > at:
                parts.append(_pack(props[at:start]))
            parts.append(_packed(segment))
            at = start + len(segment)
        if at < len(props):
            parts.append(_pack(props[at:]))
        kinds, dlen, clen, data, pcells = (np.concatenate(column) for column in zip(*parts))
        self.kinds = kinds
        self.pstart = _starts(dlen)
        self.cstart = _starts(clen)
        self.data = data if len(data) else np.zeros(1, dtype=np.int64)
        self.pcells = pcells if len(pcells) else np.zeros(1, dtype=np.int64)
        self.tab = np.array(self.tables or [0], dtype=np.int64)
        if self.hints:
            self.hstart = _starts(np.array([len(cells) for cells, _ in self.hints], np.int64))
            self.hcells = _flat(cells for cells, _ in self.hints)
            self.hbits = np.array([bit for _, bit in self.hints], dtype=np.int64)
        else:
            self.hstart, self.hcells, self.hbits = (np.zeros(1, np.int64), np.zeros(1, np.int64),
                                                    np.zeros(1, np.int64))
        # who watches each cell: every propagator on it once, in order; ~i for a slow one
        # (compiled: two passes over the cells, a tenth of the dozen numpy calls of a sort)
        from .engine import watch_lists

        self.wstart, self.wlist = watch_lists(self.pcells, self.cstart, self.kinds,
                                              len(self.dom))
        return self

    def _segments(self):
        """(where, props) of the runs of ``props`` kept packed: the geometry's houses and the
        crossings, each only while ``props`` still holds those very propagators there."""
        props = self.props
        for start, segment in ((0, self._shape.props if self._stated else ()),
                               self._crossed or (0, ())):
            if segment and all(map(is_, props[start:start + len(segment)], segment)) \
                    and len(props) >= start + len(segment):
                yield start, segment

    def distinct_full(self) -> tuple:
        """The full houses, each once, in order (the geometry's own, kept, when no rule
        added one)."""
        if self._stated and len(self.full_houses) == len(self._shape.full):
            return self._shape.distinct
        return tuple(dict.fromkeys(self.full_houses))

    def _holding(self) -> list[int]:
        """Cell -> the houses (all-different ``HOUSE`` propagators) holding it, as bits of
        their indices in ``props`` (the geometry's part kept per geometry)."""
        shape, start = self._shape, self._stated
        if start:
            out = list(shape.holding)
            out += [0] * (len(self.dom) - len(out))
        else:
            out = [0] * len(self.dom)
        props = self.props
        for h in range(start, len(props)):
            kind, cells, _ = props[h]
            if kind == HOUSE:
                bit = 1 << h
                for x in cells:
                    out[x] |= bit
        return out

    def slow(self) -> np.ndarray:
        """Which propagators wait for the fast ones (houses and pairs) to settle first."""
        return self.kinds > PAIR


def _groupings(cells, merged, holding, most, stated) -> tuple:
    """A ``GROUPSUM``'s first grouping (``_grouped``) and, for a sum the puzzle ``stated``,
    its second (None for an implied one), kept by all they read: the cells, their signs,
    the houses holding each, ``most`` (a puzzle solved again, or checked by several
    paradigms, groups its sums once: 6 us a sum). A cache: emptied when it fills."""
    key = (tuple(cells), tuple([merged[x] for x in cells]), tuple([holding[x] for x in cells]),
           most, stated)
    got = _GROUPINGS.get(key)
    if got is None:
        groups = _grouped(cells, merged, holding, most, {})
        other = None
        if stated:
            first = {x: j for j, g in enumerate(groups) for x in g}
            other = _grouped(cells, merged, holding, most, first)
        if len(_GROUPINGS) >= MAX_GROUPINGS:
            _GROUPINGS.clear()
        got = _GROUPINGS[key] = (tuple(map(tuple, groups)),
                                 None if other is None else tuple(map(tuple, other)))
    return got


_GROUPINGS: dict[tuple, tuple] = {}
#: Sums' groupings kept by ``_groupings``.
MAX_GROUPINGS = 1024


def _grouped(cells, merged, holding, most, apart) -> list[list[int]]:
    """``cells`` in groups of up to ``most`` cells of one sign that share a house (``holding``:
    cell -> its houses as bits), each cell into the first group it fits; two cells of one
    group in ``apart`` (cell -> its group there) are never grouped again."""
    groups: list[list[int]] = []
    for x in cells:
        hx, sign, side = holding[x], merged[x], apart.get(x)
        for g in groups:
            if len(g) < most and merged[g[0]] == sign:
                for y in g:
                    if not hx & holding[y] or (side is not None and apart.get(y) == side):
                        break
                else:
                    g.append(x)
                    break
        else:
            groups.append([x])
    return groups


@lru_cache(maxsize=None)
def _combos(nv: int, k: int, total: int) -> tuple[int, ...]:
    """The masks of ``k`` distinct bits of ``0..nv - 1`` whose indices sum to ``total``,
    lowest first (a depth-first walk that leaves a branch once no choice can reach it).

    >>> [bin(m) for m in _combos(4, 2, 3)]
    ['0b1001', '0b110']
    """
    out = []

    def walk(first, left, need, mask):
        if left == 0:
            if need == 0:
                out.append(mask)
            return
        for i in range(first, nv - left + 1):
            least = left * i + left * (left - 1) // 2  # i, i + 1, ... i + left - 1
            most = left * (nv - 1) - left * (left - 1) // 2  # the top left values
            if need < least:
                return
            if need <= most:
                walk(i + 1, left - 1, need - i, mask | 1 << i)

    walk(0, k, total, 0)
    return tuple(out)


def _flat(lists) -> np.ndarray:
    """The lists one after another as one int64 array (``[0]`` when all are empty).

    >>> _flat([[1, 2], [], [3]]).tolist(), _flat([[]]).tolist()
    ([1, 2, 3], [0])
    """
    out = np.fromiter(chain.from_iterable(lists), dtype=np.int64)
    return out if len(out) else np.zeros(1, dtype=np.int64)


def _starts(lengths: np.ndarray) -> np.ndarray:
    """CSR offsets: 0 and the running totals of ``lengths`` (an int64 array)."""
    out = np.zeros(len(lengths) + 1, dtype=np.int64)
    lengths.cumsum(out=out[1:])
    return out


def compile_puzzle(puzzle, implied: bool = True) -> Program:
    """The ``Program`` of ``puzzle``; a type it has no propagator for is declined by name.
    ``implied``: with the sums its cages and sums imply (``implied_cages``)."""
    lo, hi = puzzle.values
    if puzzle.cols != puzzle.size:  # (rows and columns of two lengths: houses all the same)
        square = [c.TYPE for c in puzzle.constraints if c.TYPE in SQUARE_ONLY]
        if square:
            raise UnsupportedConstraint.of(
                [(t, f"fast: on square grids only (not {puzzle.shape_name})") for t in square])
    if puzzle.raw:
        raise UnsupportedConstraint("raw grid", "fast: rows and columns that are no houses")
    if hi - lo + 1 > MAX_VALUES:
        raise UnsupportedConstraint("values", f"fast: {hi - lo + 1} values, over {MAX_VALUES}")
    prog = Program(puzzle)
    prog.add_geometry()
    dom = prog.dom
    for cell, value in puzzle.givens:
        dom[cell] &= 1 << (value - lo) if lo <= value <= hi else 0
    from .program_rules import BUILDERS  # (the builders read this module's kinds)

    refused = []
    for c in puzzle.constraints:
        build = BUILDERS.get(c.TYPE)
        if build is None:
            refused.append((c.TYPE, WHY_NOT.get(c.TYPE, WHY)))
        else:
            build(prog, puzzle, c)
    if refused:
        raise UnsupportedConstraint.of(refused)
    if implied:
        prog.implied_from = len(prog.props)
        implied_cages(prog, puzzle)
    leftovers(prog)
    crossings(prog)
    return prog.freeze()


def crossings(prog) -> None:
    """The crossings of every two full houses sharing two or more cells, grouped by house
    (``_grouped_crossings``)."""
    made = _grouped_crossings(prog.distinct_full())
    prog._crossed = (len(prog.props), made)
    prog.props.extend(made)


def _crossing_pairs(houses: tuple):
    """``(i, j, shared cells sorted)`` for every two houses ``i < j`` sharing two or more
    cells, neither inside the other (one pass over the pairs of houses as sets: a dict of
    the houses holding each cell and of each pair's shared cells cost a third more: 0.35
    ms on a 9x9, paid by every puzzle on a new geometry)."""
    sets = [frozenset(h) for h in houses]
    for i, hi in enumerate(houses):
        si = sets[i]
        for j in range(i + 1, len(houses)):
            sj = sets[j]
            if si.isdisjoint(sj):
                continue
            mid = si & sj
            if len(mid) < 2 or len(mid) == len(hi) or len(mid) == len(houses[j]):
                continue
            yield i, j, sorted(mid)


@lru_cache(maxsize=64)
def _crossings(houses: tuple) -> tuple:
    """A ``CROSS`` propagator for each crossing of ``houses`` (``_crossing_pairs``)."""
    return tuple(_cross(houses, i, j, mid) for i, j, mid in _crossing_pairs(houses))


def _cross(houses: tuple, i: int, j: int, mid: list) -> tuple:
    """The ``CROSS`` of houses ``i`` and ``j``, which share the cells ``mid`` (sorted): its
    data the shared cells, then each house's cells outside the other."""
    si, sj = set(houses[i]), set(houses[j])
    a = [x for x in houses[i] if x not in sj]
    b = [x for x in houses[j] if x not in si]
    return (CROSS, mid + a + b, [len(mid), len(a), len(b)] + mid + a + b)


@lru_cache(maxsize=64)
def _grouped_crossings(houses: tuple) -> tuple:
    """The crossings of ``houses`` as few propagators (kept per geometry): the house in the
    most crossings not yet stated takes them all as one ``CROSSES`` (a box its six box-line
    crossings: its masks read once a run, one run where six were), then the next; a house
    left with one crossing states it as a ``CROSS``.

    A ``CROSSES``'s data: the house's ``k`` cells and its ``g`` crossings, ``[k, g] +
    cells``, then per crossing the house's cells it shares as bits of their places in
    ``cells``, the other house's ``n`` cells outside it and those cells: ``[bits, n] +
    outer``."""
    pairs = list(_crossing_pairs(houses))
    left = set(range(len(pairs)))
    out = []
    while left:
        ins = {}
        for t in left:
            i, j, _ = pairs[t]
            ins[i] = ins.get(i, 0) + 1
            ins[j] = ins.get(j, 0) + 1
        h = min(ins, key=lambda x: (-ins[x], x))
        mine = sorted(t for t in left if h in pairs[t][:2])
        left.difference_update(mine)
        if len(mine) == 1:
            out.append(_cross(houses, *pairs[mine[0]]))
            continue
        cells = list(houses[h])
        place = {x: n for n, x in enumerate(cells)}
        data = [len(cells), len(mine)] + cells
        watched = dict.fromkeys(cells)
        for t in mine:
            i, j, mid = pairs[t]
            other = houses[j if i == h else i]
            outer = [x for x in other if x not in place]
            data += [sum(1 << place[x] for x in mid), len(outer)] + outer
            watched.update(dict.fromkeys(outer))
        out.append((CROSSES, list(watched), data))
    return tuple(out)
