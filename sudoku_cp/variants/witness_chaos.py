"""The witness's chaos construction: count the splits of each grid its search finds.

A chaos construction's regions are unknowns, and a solution is a grid with one split into
regions (``model.ChaosConstruction``). On the values alone the rule asks nothing the rows
do not: rows that differ are themselves a split. So the witness adds no propagator for it
(``witness_build``); for each grid its search finds, ``count_splits`` labels the cells in
reading order, a region's label at most one above the largest so far (one labelling per
split), each region's values distinct and at most ``size`` cells, and a region part shut
in by labelled cells refused unless it is the whole region; the grid counts once per
split (``witness.solve``), and only the splits on which every clue on the regions
(``chaos_arrow``, ``chaos_count``) holds. Written from the rule, apart from the checker's search
(``rules_chaos``) and the encoders.

>>> count_splits(2, (1, 2, 2, 1), 9)  # rows or columns
2
>>> count_splits(2, (1, 2, 1, 2), 9)  # rows only
1
"""

from __future__ import annotations


def times(puzzle, grid, cap: int, deadline=None) -> int:
    """How many solutions the grid is (up to ``cap``): one, or for a chaos construction
    its number of splits into regions."""
    if not any(c.TYPE == "chaos_construction" for c in puzzle.constraints):
        return 1
    clues = [c for c in puzzle.constraints if c.TYPE in _CLUES]
    return count_splits(puzzle.size, grid, cap,
                        lambda label: all(_CLUES[c.TYPE](c, grid, label) for c in clues),
                        deadline)


def _run(c, grid, label):
    """The arrow's runs: on each arm, the cells from its start before the first one of
    another region; the start once."""
    total, at = 1, 0
    for length in c.lengths:
        arm, at = c.cells[at:at + length], at + length
        j = 1
        while j < len(arm) and label[arm[j]] == label[arm[0]]:
            j += 1
        total += j - 1
    return total == grid[c.cell] + c.offset


def _count(c, grid, label):
    return [label[x] for x in c.cells].count(label[c.cells[0]]) == grid[c.cell] + c.offset


def _same(c, grid, label):
    """The sets of ``size`` cells hold the same labels, counts included."""
    k = c.size
    return len({tuple(sorted(label[x] for x in c.cells[i:i + k]))
                for i in range(0, len(c.cells), k)}) == 1


def _regions(c, grid, label):
    return len({label[x] for x in c.cells}) == grid[c.cell]


_CLUES = {"chaos_arrow": _run, "chaos_count": _count, "chaos_same": _same, "chaos_regions": _regions}


def chaos_construction(c, ctx):
    """No propagator: the rows are a split of any grid whose rows differ (``times``)."""
    return []


def chaos_clue(c, ctx):
    """No propagator for a clue on the regions (``chaos_arrow``, ``chaos_count``): each
    grid found counts only the splits on which every clue holds (``times``), so a grid
    whose control values fit no split counts none. Sound but blind: the search does not
    prune on them, so the witness is slow where the clues decide much."""
    return []


def count_splits(n: int, grid, cap: int, keep=None, deadline=None) -> int:
    """How many splits of ``grid`` (row-major, ``n`` x ``n``) into chaos regions, up to
    ``cap`` (only those whose labels ``keep`` accepts, when given). ``TimeUp`` past
    ``deadline`` (a ``time.perf_counter()`` value): a 9x9 grid has very many splits."""
    import time

    from .witness_search import TimeUp

    steps = [0]
    label = [-1] * (n * n)
    size, held = [0] * n, [0] * n
    found, low = 0, min(grid)

    def shut(cell):
        """The labelled part of ``cell``'s region around it, if no cell of it borders an
        unlabelled cell (else None)."""
        q, part, todo = label[cell], {cell}, [cell]
        while todo:
            u = todo.pop()
            r, c = divmod(u, n)
            for w, ok in ((u - n, r > 0), (u + n, r < n - 1), (u - 1, c > 0), (u + 1, c < n - 1)):
                if not ok:
                    continue
                if label[w] == -1:
                    return None
                if label[w] == q and w not in part:
                    part.add(w)
                    todo.append(w)
        return part

    def place(x, top):
        nonlocal found
        steps[0] += 1
        if deadline is not None and not steps[0] % 4096 and time.perf_counter() > deadline:
            raise TimeUp
        if x == n * n:
            if all(len(shut(u)) == n for u in range(n * n - n, n * n)) and (
                    keep is None or keep(label)):
                found += 1
            return
        bit = 1 << (grid[x] - low)
        for q in range(min(top + 2, n)):
            if size[q] == n or held[q] & bit:
                continue
            label[x], size[q], held[q] = q, size[q] + 1, held[q] | bit
            ok = True
            for u in (x - n, x) if x >= n else (x,):
                part = shut(u) if u >= 0 else None
                if part is not None and len(part) != n:
                    ok = False
                    break
            if ok:
                place(x + 1, max(top, q))
            label[x], size[q], held[q] = -1, size[q] - 1, held[q] & ~bit
            if found >= cap:
                return

    place(0, -1)
    return found
