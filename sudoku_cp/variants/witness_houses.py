"""Every full house of the grid as one propagator, driven by the values cells lose.

A full house holds as many cells as there are values (rows, columns, boxes, irregular
regions, diagonals, disjoint groups, full extra regions), so its cells take every value
once. ``Houses`` enforces all of them together, with the three rules a separate
propagator per house and per pair of houses would apply:

- **naked singles**: a decided cell's value leaves every cell sharing a house with it;
- **hidden singles**: a value with one place left in a house goes there (none: fail);
- **locked candidates**: for two houses that share cells (a box and a row), a value of
  one house whose places there all lie in the shared cells leaves the other house's rest.

Besides each cell's mask of values it keeps, per value, a *plane*: the set of cells
still holding that value, as one int with a bit per cell (the classic sudoku kernel's
view). A house's places for a value are then one AND (``plane & house``), so a hidden
single or a locked value costs a few operations instead of a scan of the house.

It is woken with the cells narrowed since it last ran (``run(masks, changed, dirty)``)
and works from what they *lost*: each cell's mask as the planes last saw it is kept, so
a narrowed cell's lost values are one AND; only the (house, value) pairs that lost a
place are checked, and a cell decided clears its peers through the plane of its value
(only the peers that still hold it are touched). Its own narrowings are fed back the
same way, to the common fixpoint of the three rules.

Its state (the planes and the masks they saw) lives in the masks list after the cells,
``state`` slots from ``ncells`` on, so the search's copy of the list at each guess
saves and restores it too.

For the search's dom/wdeg weights it reports, per cell, how many house rules watch it
(``degree``: its houses and house pairs) and, when it fails, the cells of the house or
pair that failed (``failed``), as separate propagators would.
"""

from __future__ import annotations

from itertools import combinations

#: A shared part of two houses wider than this is tested value by value, not listed
#: by its subsets (only irregular regions reach it).
_SUBSETS = 8


class _Tables:
    """What one set of houses needs, worked out once: their cells as bits, each cell's
    houses and peers, and for locked candidates each house's shared parts with others."""

    def __init__(self, houses, full: int, ncells: int) -> None:
        self.houses = [tuple(h) for h in houses]
        if any(len(h) != full.bit_count() for h in self.houses):
            raise ValueError("every house of Houses holds one cell per value")
        self.cells = tuple(sorted({c for h in self.houses for c in h}))
        if self.cells and self.cells[-1] >= ncells:
            raise ValueError("a house cell outside the grid")
        self.house_bits = [0] * ncells  # per cell: bit i set when house i holds it
        self.house_cells = [sum(1 << c for c in set(h)) for h in self.houses]
        for i, h in enumerate(self.houses):
            for c in h:
                self.house_bits[c] |= 1 << i
        self.peer_bits = [0] * ncells  # per cell: the cells sharing a house with it
        for c in self.cells:
            for i in _bits(self.house_bits[c]):
                self.peer_bits[c] |= self.house_cells[i]
            self.peer_bits[c] &= ~(1 << c)
        # locked[h]: for each house sharing two or more cells with house h, (the shared
        # cells, the other house's rest, the pair's cells for blame), all as bits.
        self.locked: list[list[tuple[int, int, tuple[int, ...]]]] = [[] for _ in self.houses]
        pair_count = [0] * ncells
        for i, one in enumerate(self.house_cells):
            for j in range(i + 1, len(self.house_cells)):
                other = self.house_cells[j]
                shared = one & other
                if shared & (shared - 1):
                    blame = tuple(sorted(set(self.houses[i]) | set(self.houses[j])))
                    self.locked[i].append((shared, other & ~shared, blame))
                    self.locked[j].append((shared, one & ~shared, blame))
                    for c in blame:
                        pair_count[c] += 1
        self.degree = {c: self.house_bits[c].bit_count() + pair_count[c] for c in self.cells}
        self.house_sets = [frozenset(_bits(b)) for b in self.house_bits]
        # by_places[h]: for each set of places a value may have left in house h (two or
        # more cells, all within one shared part), the other houses' rests to clear.
        self.by_places: list[dict[int, list[tuple[int, tuple[int, ...]]]]] = [{} for _ in self.houses]
        self.wide: list[list[tuple[int, int, tuple[int, ...]]]] = [[] for _ in self.houses]
        for h, entries in enumerate(self.locked):
            for shared, rest, blame in entries:
                cells = list(_bits(shared))
                if len(cells) > _SUBSETS:  # too many subsets to list: tested one by one
                    self.wide[h].append((shared, rest, blame))
                    continue
                for k in range(2, len(cells) + 1):
                    for pick in combinations(cells, k):
                        key = sum(1 << c for c in pick)
                        self.by_places[h].setdefault(key, []).append((rest, blame))
        # the most places a value can have in a house and still be locked in a shared part
        self.widest = max([1] + [shared.bit_count() for row in self.locked for shared, _, _ in row])


#: Tables of the houses met lately (a batch of puzzles of one shape builds them once).
_TABLES: dict[tuple, _Tables] = {}


def _tables(houses, full: int, ncells: int) -> _Tables:
    key = (tuple(tuple(h) for h in houses), full, ncells, _SUBSETS)
    tables = _TABLES.get(key)
    if tables is None:
        if len(_TABLES) >= 16:
            _TABLES.clear()
        tables = _TABLES[key] = _Tables(houses, full, ncells)
    return tables


class Houses:
    """All-different with naked / hidden singles over full houses, plus locked candidates
    between any two of them that share two or more cells."""

    delta = True  # run(masks, changed, dirty): woken with the cells that changed

    def __init__(self, houses, full: int, ncells: int) -> None:
        """``houses``: cell tuples of ``full.bit_count()`` cells each, cells below ``ncells``."""
        self.full, self.ncells = full, ncells
        t = _tables(houses, full, ncells)  # shared, never written
        self.houses, self.cells, self.house_bits = t.houses, t.cells, t.house_bits
        self.house_cells, self.peer_bits, self.house_sets = t.house_cells, t.peer_bits, t.house_sets
        self.locked, self.by_places, self.wide, self.widest = t.locked, t.by_places, t.wide, t.widest
        self.degree = t.degree
        self.top = full.bit_length()  # planes for values 0 .. top - 1
        self.state = ncells + self.top  # the masks as the planes saw them, then the planes
        self.failed: tuple[int, ...] = self.cells
        # the cells whose narrowing is reported in ``changed`` (the engine sets it to
        # those another propagator watches)
        self.listened = (1 << ncells) - 1
        self.check: list[set[int]] = [set() for _ in range(self.top)]

    def _fail(self, cells) -> bool:
        self.failed = tuple(cells)
        for todo in self.check:
            todo.clear()
        return False

    def run(self, masks: list[int], changed: list[int], dirty) -> bool:
        """Narrow ``masks`` to the common fixpoint of the houses, from the ``dirty``
        cells (None: start afresh from every cell); append the cells narrowed to
        ``changed`` (every one, or at least those in ``listened``); False on a
        contradiction."""
        n, full, house_bits = self.ncells, self.full, self.house_bits
        base = n + n
        if dirty is None:  # as if every cell had held every value: all is news
            masks[n:base] = [full] * n
            every = (1 << n) - 1
            planes = [every] * self.top
            work = list(self.cells)
        else:
            planes = masks[base:base + self.top]
            work = list(dirty)
        houses, house_cells, peer_bits = self.houses, self.house_cells, self.peer_bits
        house_sets, by_places, wide, widest = self.house_sets, self.by_places, self.wide, self.widest
        check = self.check  # per value: the houses that lost a place (empty between runs)
        pending = 0  # the values with houses to check
        add, listened = changed.append, self.listened
        while True:
            # Bring the planes up to date with every cell narrowed; a cell just decided
            # clears its value from the peers still holding it.
            while work:
                c = work.pop()
                m = masks[c]
                lost = masks[n + c] & ~m
                if not lost:
                    continue
                masks[n + c] = m
                pending |= lost
                keep, hs = ~(1 << c), house_sets[c]
                while lost:
                    low = lost & -lost
                    lost ^= low
                    v = low.bit_length() - 1
                    planes[v] &= keep
                    check[v] |= hs
                if not m & (m - 1):
                    # Decided: its value leaves the peers. In every house of c, c is now
                    # the value's only place, so only the peers' other houses are news.
                    v = m.bit_length() - 1
                    hit = planes[v] & peer_bits[c]
                    if hit:
                        planes[v] ^= hit
                        news = check[v]
                        pending |= m
                        while hit:
                            low = hit & -hit
                            hit ^= low
                            p = low.bit_length() - 1
                            old = masks[p]
                            if not old & m:
                                continue  # it lost the value already (not yet seen here)
                            mp = old ^ m
                            if not mp:
                                both = house_bits[c] & house_bits[p]
                                return self._fail(houses[(both & -both).bit_length() - 1])
                            masks[p] = mp
                            if low & listened:
                                add(p)
                            if mp & (mp - 1) and masks[n + p] == old:
                                masks[n + p] = mp  # seen: nothing else to do for it
                                news |= house_sets[p]
                            else:  # decided in turn, or other losses not seen yet
                                work.append(p)
                        # c is the value's only place in its own houses: nothing to check
                        news -= hs
            if not pending:
                break
            # One value's houses that lost a place: hidden singles, locked candidates.
            bit = pending & -pending
            pending ^= bit
            v = bit.bit_length() - 1
            todo = check[v]
            plane = planes[v]
            work = []
            for h in todo:
                places = plane & house_cells[h]
                count = places.bit_count()
                if count > widest:
                    continue  # too many places for a single or a locked value
                if count < 2:
                    if not places:
                        return self._fail(houses[h])
                    c = places.bit_length() - 1
                    m = masks[c]
                    if m != bit:
                        if not m & bit:
                            return self._fail(houses[h])
                        masks[c] = bit
                        add(c)
                        work.append(c)
                    continue
                clears = by_places[h].get(places)
                if wide[h]:
                    clears = (clears or []) + [(rest, blame) for shared, rest, blame in wide[h]
                                               if not places & ~shared]
                if clears:
                    for rest, blame in clears:
                        hit = plane & rest
                        plane &= ~hit
                        while hit:
                            low = hit & -hit
                            hit ^= low
                            p = low.bit_length() - 1
                            mp = masks[p] & ~bit
                            if not mp:
                                return self._fail(blame)
                            masks[p] = mp
                            add(p)
                            work.append(p)
            todo.clear()
            planes[v] = plane
        masks[base:base + self.top] = planes
        return True


def _bits(x: int):
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low
