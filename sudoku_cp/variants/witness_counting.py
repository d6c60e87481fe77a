"""Witness propagators for counting rules: how many cells take values of a class, which
values a rellik cage may not make, the Dutch flatmates' neighbours.

Each has ``cells`` and ``run(masks, changed) -> bool`` as in ``witness_props``; each is
written here from the rule's definition, sharing no code with the encoders or the checker.
"""

from __future__ import annotations

from itertools import combinations

from .witness_props import values


def _single(m: int) -> bool:
    return m != 0 and not m & (m - 1)


class CountIn:
    """Between ``least`` and ``most`` of ``cells`` take a value in ``group`` (a mask).

    Cells that must be in the group count towards ``least``; those that may be, towards
    ``most``. When the sure ones reach ``most`` the others leave the group; when the
    possible ones are just ``least`` they all enter it.

    >>> masks = [0b110, 0b010, 0b100]
    >>> CountIn((0, 1, 2), 0b010, 1, 1).run(masks, []), masks
    (True, [4, 2, 4])
    """

    def __init__(self, cells, group: int, least: int, most: int) -> None:
        self.cells, self.group, self.least, self.most = tuple(cells), group, least, most

    def run(self, masks, changed) -> bool:
        group, sure, maybe = self.group, [], []
        for x in self.cells:
            m = masks[x]
            if m & group:
                (maybe if m & ~group else sure).append(x)
        if len(sure) > self.most or len(sure) + len(maybe) < self.least:
            return False
        if maybe and len(sure) == self.most:
            keep = ~group
        elif maybe and len(sure) + len(maybe) == self.least:
            keep = group
        else:
            return True
        for x in maybe:
            masks[x] &= keep
            changed.append(x)
        return True


class Rellik:
    """No one or more of the (distinct) values in ``cells`` sum to ``total``: a value that
    would complete a forbidden set with the values already fixed leaves the open cells."""

    def __init__(self, cells, total: int, full: int) -> None:
        self.cells, self.total = tuple(cells), total
        pool = list(values(full))
        self.sets = [frozenset(s) for k in range(1, len(self.cells) + 1)
                     for s in combinations(pool, k) if sum(s) == total]

    def run(self, masks, changed) -> bool:
        fixed = {m.bit_length() - 1 for m in (masks[x] for x in self.cells) if _single(m)}
        banned = 0
        for s in self.sets:
            missing = s - fixed
            if not missing:
                return False
            if len(missing) == 1:
                banned |= 1 << next(iter(missing))
        if banned:
            for x in self.cells:
                m = masks[x]
                if not _single(m) and m & banned:
                    m &= ~banned
                    if not m:
                        return False
                    masks[x] = m
                    changed.append(x)
        return True


class Flatmate:
    """``cell`` holds ``middle`` only with ``low`` in the cell ``above`` or ``high`` in the
    cell ``below`` (either may be None, off the grid)."""

    def __init__(self, cell, above, below, middle, low, high) -> None:
        self.cells = tuple(x for x in (cell, above, below) if x is not None)
        self.cell, self.above, self.below = cell, above, below
        self.middle, self.low, self.high = 1 << middle, 1 << low, 1 << high

    def run(self, masks, changed) -> bool:
        m = masks[self.cell]
        if not m & self.middle:
            return True
        up = self.above is not None and masks[self.above] & self.low
        down = self.below is not None and masks[self.below] & self.high
        if not (up or down):
            masks[self.cell] = m & ~self.middle
            changed.append(self.cell)
            return masks[self.cell] != 0
        if m == self.middle and not (up and down):
            mate, want = (self.above, self.low) if up else (self.below, self.high)
            if masks[mate] != want:
                masks[mate] = want
                changed.append(mate)
        return True


class Predicate:
    """A rule ``ok(values)`` on the values of ``cells`` in order, checked by forward
    checking: once one cell is open, its values that break the rule leave it; once none
    is, the rule holds or the branch fails. Weak, and complete with the search (a rule
    with no stronger propagator yet: hidden skyscrapers, count-distinct cells, lunchboxes and
    sum lines on values below 0...).

    >>> masks = [0b0110, 0b1000]
    >>> Predicate((0, 1), lambda vs: vs[0] + vs[1] == 5).run(masks, []), masks
    (True, [4, 8])
    """

    def __init__(self, cells, ok) -> None:
        self.cells, self.ok = tuple(cells), ok

    def run(self, masks, changed) -> bool:
        open_at = None
        held = []
        for i, x in enumerate(self.cells):
            m = masks[x]
            if _single(m):
                held.append(m.bit_length() - 1)
            elif open_at is None or open_at == x:
                open_at = x
                held.append(None)
            else:
                return True  # two cells open: nothing to check yet
        if open_at is None:
            return self.ok(held)
        keep = 0
        for v in values(masks[open_at]):
            if self.ok([v if h is None else h for h in held]):
                keep |= 1 << v
        if keep != masks[open_at]:
            if not keep:
                return False
            masks[open_at] = keep
            changed.append(open_at)
        return True


class Index:
    """``control``'s value k indexes ``cells`` (1-based) and the k-th holds a value of
    ``target`` (a cell, whose mask is the target, or a fixed value when ``value``)."""

    def __init__(self, control, cells, target=None, value=None) -> None:
        self.control, self.line = control, tuple(cells)
        self.target, self.value = target, value
        self.cells = (control, *self.line) + ((target,) if target is not None else ())

    def run(self, masks, changed) -> bool:
        want = masks[self.target] if self.target is not None else 1 << self.value
        m, keep, reach = masks[self.control], 0, 0
        for k in values(m):
            if 1 <= k <= len(self.line) and masks[self.line[k - 1]] & want:
                keep |= 1 << k
                reach |= masks[self.line[k - 1]] & want
        if not keep:
            return False
        if keep != m:
            masks[self.control] = keep
            changed.append(self.control)
        if _single(keep):
            cell = self.line[keep.bit_length() - 2]
            if masks[cell] & ~want:
                masks[cell] &= want
                changed.append(cell)
        if self.target is not None and masks[self.target] & ~reach:
            masks[self.target] &= reach
            changed.append(self.target)
        return True
