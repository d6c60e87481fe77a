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
        # the masks as the planes saw them, then the planes, then the cells decided whose
        # peers have lost their value
        self.state = ncells + self.top + 1
        self.cell_bits = sum(1 << c for c in self.cells)
        self.values = tuple(v for v in range(self.top) if full >> v & 1)
        self.failed: tuple[int, ...] = self.cells
        # the cells whose narrowing is reported in ``changed`` (the engine sets it to
        # those another propagator watches)
        self.listened = (1 << ncells) - 1

    def _fail(self, cells) -> bool:
        self.failed = tuple(cells)
        return False

    def run(self, masks: list[int], changed: list[int], dirty) -> bool:
        """Narrow ``masks`` to the common fixpoint of the houses, from the ``dirty``
        cells (None: start afresh from every cell); append the cells narrowed to
        ``changed`` (every one, or at least those in ``listened``); False on a
        contradiction.

        The chain of singles is worked on the planes alone: the decided cells are
        those in exactly one plane (counted over the planes at once), a value's
        decided cells clear its plane of their peers with one AND, and the cells'
        masks are written back from the planes once the fixpoint is reached."""
        n, full, top = self.ncells, self.full, self.top
        base = n + n
        house_bits, house_cells, peer_bits = self.house_bits, self.house_cells, self.peer_bits
        if dirty is None:  # as if every cell had held every value: all is news
            masks[n:base] = [full] * n
            every = self.cell_bits
            planes = [every if full >> v & 1 else 0 for v in range(top)]
            done = 0
            work = self.cells
        else:
            planes = masks[base:base + top]
            done = masks[base + top]
            work = dirty
        check = [0] * top  # per value: the houses (as bits) that lost a place of it
        pend = 0  # the values with houses to check
        for c in work:  # bring the planes up to date with the cells narrowed elsewhere
            m = masks[c]
            lost = masks[n + c] & ~m
            if not lost:
                continue
            masks[n + c] = m
            pend |= lost
            keep, hb = ~(1 << c), house_bits[c]
            while lost:
                low = lost & -lost
                lost ^= low
                v = low.bit_length() - 1
                planes[v] &= keep
                check[v] |= hb
        before = planes[:]
        houses, cells_bits = self.houses, self.cell_bits
        by_places, wide, widest = self.by_places, self.wide, self.widest
        values = self.values
        while True:
            # Naked singles: the cells in exactly one plane, not yet cleared from.
            once = twice = 0
            for plane in planes:
                twice |= once & plane
                once |= plane
            empty = cells_bits & ~once
            if empty:
                c = (empty & -empty).bit_length() - 1
                return self._fail(houses[(house_bits[c] & -house_bits[c]).bit_length() - 1])
            new = once & ~twice & ~done & cells_bits
            touched = 0
            if new:
                done |= new
                for v in values:
                    mine = new & planes[v]
                    if not mine:
                        continue
                    clear = hbs = 0
                    while mine:
                        low = mine & -mine
                        mine ^= low
                        c = low.bit_length() - 1
                        clear |= peer_bits[c]
                        hbs |= house_bits[c]
                    plane = planes[v]
                    hit = plane & clear
                    if hit:
                        planes[v] = plane ^ hit
                        news = check[v]
                        while hit:
                            low = hit & -hit
                            hit ^= low
                            news |= house_bits[low.bit_length() - 1]
                        check[v] = news
                        pend |= 1 << v
                    # a house holding a decided cell of v has v's one place: nothing to check
                    check[v] &= ~hbs
            if not pend:
                break
            # Hidden singles and locked candidates, value by value.
            forced = {}
            any_forced = again = 0
            while pend:
                vbit = pend & -pend
                pend ^= vbit
                v = vbit.bit_length() - 1
                todo = check[v]
                if not todo:
                    continue
                check[v] = 0
                plane = planes[v]
                while todo:
                    hbit = todo & -todo
                    todo ^= hbit
                    h = hbit.bit_length() - 1
                    places = plane & house_cells[h]
                    count = places.bit_count()
                    if count > widest:
                        continue  # too many places for a single or a locked value
                    if count < 2:
                        if not places:
                            return self._fail(houses[h])
                        if places & any_forced & ~forced.get(v, 0):
                            return self._fail(houses[h])  # forced to two values
                        forced[v] = forced.get(v, 0) | places
                        any_forced |= places
                        continue
                    clears = by_places[h].get(places)
                    if wide[h]:
                        clears = (clears or []) + [(rest, blame) for shared, rest, blame in wide[h]
                                                   if not places & ~shared]
                    if clears:
                        for rest, blame in clears:
                            hit = plane & rest
                            if not hit:
                                continue
                            plane ^= hit
                            if hit & ~once_others(planes, v, hit):
                                return self._fail(blame)
                            news = check[v]
                            while hit:
                                low = hit & -hit
                                hit ^= low
                                news |= house_bits[low.bit_length() - 1]
                            check[v] = news
                            again |= vbit
                planes[v] = plane
            if any_forced:  # a forced cell loses its other values
                for u in values:
                    lose = planes[u] & any_forced & ~forced.get(u, 0)
                    if lose:
                        planes[u] ^= lose
                        news = check[u]
                        while lose:
                            low = lose & -lose
                            lose ^= low
                            news |= house_bits[low.bit_length() - 1]
                        check[u] = news
                        again |= 1 << u
            pend = again
        # Write the narrowings back to the cells' masks.
        narrowed = 0
        for v in values:
            gone = before[v] & ~planes[v]
            if gone:
                narrowed |= gone
                drop = ~(1 << v)
                while gone:
                    low = gone & -gone
                    gone ^= low
                    p = low.bit_length() - 1
                    masks[p] &= drop
        listened = self.listened
        add = changed.append
        while narrowed:
            low = narrowed & -narrowed
            narrowed ^= low
            p = low.bit_length() - 1
            masks[n + p] = masks[p]
            if low & listened:
                add(p)
        masks[base:base + top + 1] = planes + [done]
        return True


def once_others(planes, v, cells):
    """The ``cells`` that some plane other than ``v``'s still holds."""
    held = 0
    for u, plane in enumerate(planes):
        if u != v:
            held |= plane & cells
    return held


def _bits(x: int):
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low
