"""The independent check of chaos construction: does a finished grid split into regions?

Part of the checker (``rules.CHECKS`` takes it). A chaos construction's regions are
unknowns, so the check searches for them: ``splits`` yields every way to cut the grid
into ``size`` orthogonally connected regions of ``size`` cells, each holding every value
once. It is its own small search (grow the region of the first cell not yet placed, one
connected set at a time), sharing no code with the encoders (``encode_cnf_chaos``,
``encode_cp_chaos``) or the witness (``witness_chaos``).

>>> from sudoku_cp.variants import model as m
>>> p = m.VariantPuzzle(4, box=None, constraints=(m.ChaosConstruction(),))
>>> grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
>>> rows = tuple(tuple(range(r * 4, r * 4 + 4)) for r in range(4))
>>> rows in set(splits(p, grid))
True
>>> list(_chaos_construction(p, (1, 1, 1, 1) * 4, p.constraints[0]))
['no split into 4 connected regions of 4 cells, each holding every value once']
"""

from __future__ import annotations

from functools import lru_cache


def _neighbours(n, cell):
    r, c = divmod(cell, n)
    return [x for x, ok in ((cell - n, r > 0), (cell + n, r < n - 1),
                            (cell - 1, c > 0), (cell + 1, c < n - 1)) if ok]


def _regions_at(n, v, start, free):
    """Every connected set of ``n`` cells of ``free`` holding distinct values that
    contains ``start``, each once (a branch on each frontier cell bans the cells before
    it, so no set is reached twice)."""

    def grow(chosen, held, frontier, banned):
        if len(chosen) == n:
            yield tuple(sorted(chosen))
            return
        for i, u in enumerate(frontier):
            if v[u] in held:
                continue
            now = chosen | {u}
            later = frontier[i + 1:]
            skip = banned | set(frontier[:i + 1])
            new = [w for w in _neighbours(n, u)
                   if w in free and w not in now and w not in skip and w not in later]
            yield from grow(now, held | {v[u]}, later + new, skip)

    first = [w for w in _neighbours(n, start) if w in free]
    yield from grow({start}, {v[start]}, first, {start})


def _whole(n, free):
    """True when every connected part of ``free`` has a multiple of ``n`` cells."""
    left = set(free)
    while left:
        todo = [left.pop()]
        size = 0
        while todo:
            cell = todo.pop()
            size += 1
            for w in _neighbours(n, cell):
                if w in left:
                    left.remove(w)
                    todo.append(w)
        if size % n:
            return False
    return True


def splits(p, v, keep=None):
    """Every split of the grid ``v`` into chaos regions, as a tuple of sorted cell tuples
    (ordered by their first cell); with ``keep``, only those whose every region it accepts
    (each region is asked as soon as it is placed, with the regions placed before it)."""
    n = p.size

    def place(free, made):
        if not free:
            yield tuple(made)
            return
        start = min(free)
        for region in _regions_at(n, v, start, free):
            rest = free - set(region)
            if _whole(n, rest) and (keep is None or keep(region, made)):
                yield from place(rest, made + [region])

    yield from place(frozenset(range(n * n)), [])


def _first(c):
    return c.cells[0]


def _arrow_run(inside, c):
    """The run of each arm from its start while in the start's region, summed (start once)."""
    run, at = 1, 0
    for length in c.lengths:
        arm = c.cells[at:at + length]
        at += length
        for cell in arm[1:]:
            if cell not in inside:
                break
            run += 1
    return run


def _count(inside, c):
    return sum(x in inside for x in c.cells)


#: A clue's number read off the region of its first cell (a set of cells).
NUMBER = {"chaos_arrow": _arrow_run, "chaos_count": _count}


def _regions_met(split, c):
    """How many regions of the split the clue's cells meet."""
    return sum(any(x in region for x in c.cells) for region in map(set, split))


def _may_meet(made, c, want):
    """Whether the regions placed so far (``made``) leave ``want`` regions met possible:
    those met so far, and at least one more (at most one per cell left) if cells are left."""
    placed = [set(r) for r in made]
    met = sum(any(x in r for x in c.cells) for r in placed)
    left = len({x for x in c.cells if not any(x in r for r in placed)})
    return met + (left > 0) <= want <= met + left


#: Clues read off the region of their first cell, without a control cell; and clues read
#: off the whole split.
HOLDS = {"chaos_same": lambda inside, c: all(x in inside for x in c.cells)}
WHOLE = {"chaos_regions": lambda split, v, c: _regions_met(split, c) == v[c.cell]}


def fitting_splits(p, v):
    """The splits of ``v`` (as ``splits``) on which every clue on the regions holds. A
    clue on the region of its first cell is tested as that region is placed; a clue on
    the whole split once the split is made."""
    clues = [c for c in p.constraints if c.TYPE in NUMBER or (c.TYPE in HOLDS and c.size == 1)]
    whole = [c for c in p.constraints if c.TYPE in WHOLE]
    sets = [c for c in p.constraints if c.TYPE == "chaos_same" and c.size > 1]

    def keep(region, made):
        inside = set(region)
        return all((HOLDS[c.TYPE](inside, c) if c.TYPE in HOLDS
                    else NUMBER[c.TYPE](inside, c) == v[c.cell] + c.offset)
                   for c in clues if _first(c) in inside) and \
            all(_may_meet((*made, region), c, v[c.cell]) for c in whole)

    for split in splits(p, v, keep if clues or whole else None):
        if all(WHOLE[c.TYPE](split, v, c) for c in whole) and all(_alike(split, c) for c in sets):
            yield split


def _alike(split, c):
    """The sets of ``c`` (``size`` cells each, in order) meet every region alike."""
    region = {x: k for k, r in enumerate(split) for x in r}
    labels = {tuple(sorted(region[x] for x in c.cells[i:i + c.size]))
              for i in range(0, len(c.cells), c.size)}
    return len(labels) == 1


def _fits(p, v) -> bool:
    """Whether some split of ``v`` holds every clue on the regions (``fitting_splits``).

    Kept for the last few grids: the construction and each of its clues ask the same
    question of one grid (``check_solution`` asks them in turn), and on a 9x9 with a
    score of clues the search took ~0.05-0.1 s each: 22 asks, ~1 s, on iss-examples-50."""
    return _fits_grid(p, tuple(v))


@lru_cache(maxsize=4)
def _fits_grid(p, v: tuple) -> bool:
    return next(fitting_splits(p, v), None) is not None


def _chaos_construction(p, v, c):
    if not _fits(p, v):
        clues = any(x.TYPE in NUMBER or x.TYPE in HOLDS or x.TYPE in WHOLE for x in p.constraints)
        yield (f"no split into {p.size} connected regions of {p.size} cells, "
               f"each holding every value once" + (" and every clue on the regions held"
                                                   if clues else ""))


def _clue(p, v, c):
    """A clue on the regions breaks when no split holds it with the others (the chaos
    construction's own check then says so too)."""
    if not _fits(p, v):
        at = c.cell if hasattr(c, "cell") else c.cells[0]
        yield f"no split into regions on which {p.cell_name(at)}'s clue holds"


CHECKS = {"chaos_construction": _chaos_construction, "chaos_arrow": _clue, "chaos_count": _clue,
          "chaos_same": _clue, "chaos_regions": _clue}
