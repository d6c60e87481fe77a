"""The ``dlx`` backend: exact cover (``encode.exact_cover``) by Algorithm X with dancing links.

Glossary (Knuth, "Dancing Links", 2000; the words of ``sudoku_cp.board`` plus these):

- **node**: one 1 of the matrix, linked to its neighbours up and down in its column.
  Every column has a **header** node; the headers of the primary columns are linked
  left and right in a ring through the **root**, node 0. Secondary columns are never
  in that ring, so they are covered when a row uses them but never chosen.
- **cover** a column: take it out of the ring, and take every row that has a 1 in
  it out of the other columns it touches. **uncover** undoes exactly that, in the
  reverse order: a removed node still knows its neighbours, so putting it back is
  two assignments (the "dancing" of the links).
- **Algorithm X**: while the ring is not empty, choose a column, cover it, and try
  each of its rows in turn: cover the row's other columns, go one level deeper,
  and undo on the way back. An empty ring is a solution.
- **S heuristic**: choose the column with the fewest rows left (for Sudoku, a cell
  with fewest candidates or a value with fewest places in a house: naked and
  hidden singles fall out of one rule). A column of size 0 is a dead end and one of
  size 1 a forced move, so the scan stops there.
- **node** (statistic): a row tried; **updates**: links changed by covering, Knuth's
  measure of the work done (``stats["nodes"]``, ``stats["updates"]``).

The links live in flat Python lists indexed by node (``L``, ``R``, ``U``, ``D``, the
column ``C`` of a node and the size ``S`` of a column), built once per geometry and
copied for each puzzle, so a search that stops at ``limit`` or at the clock leaves
nothing to repair. For each node, ``others[node]`` lists the other nodes of its row,
left to right, and ``backwards[node]`` the same right to left: covering a row walks
it forwards, uncovering backwards.

The search is iterative (Knuth's steps X1-X8 with an explicit level counter), so a
board of any size cannot hit Python's recursion limit. The clock is read every
``CLOCK_EVERY`` nodes.

A board with extra houses is searched in rounds with a node budget that doubles, the
cells of most peers first (``_restarts`` says why).

Roads not taken: recursion (too deep for 36×36 boards, and no faster); a node
object per 1 (three times slower than lists of ints); rebuilding the links per
puzzle (copying seven lists is one C call each); declining boards with partial
houses (the rounds settle them); rounds on classic boards too (their search was
not the problem, and their figures in docs/ stay as measured); rounds only when some
extra house has fewer than n cells (an empty 9x9 board with two or three extra houses
of 9 cells, solvable, took over 2.5 s in 600,000 nodes on value columns; in rounds,
under 100 nodes).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..board import Board, Geometry, PuzzleError
from ..encode.exact_cover import ExactCover, encode
from .base import Backend, ShapeCache, TimeUp

#: Read the clock once every this many nodes (a node costs a few microseconds).
CLOCK_EVERY = 4096
#: Largest number of rows (n³) the links are built for: n = 64 is 262,144 rows.
MAX_ROWS = 64 ** 3


@dataclass(frozen=True)
class Links:
    """The dancing-links lists of one geometry, before any column is covered.

    Node 0 is the root, nodes ``1 .. ncols`` the column headers (header of column
    ``j`` is node ``j + 1``), then the nodes of each row in turn; ``first[row]`` is
    the row's first node, the one in its cell column.
    """

    matrix: ExactCover
    L: list
    R: list
    U: list
    D: list
    C: list
    S: list
    others: tuple
    backwards: tuple
    row_of_node: tuple
    first: tuple
    value_of_node: tuple


def build_links(matrix: ExactCover) -> Links:
    """Link the 1s of ``matrix`` into circular lists (the state before the search)."""
    ncols = len(matrix.columns)
    headers = range(1, ncols + 1)
    L = [0] + [j - 1 for j in headers]
    R = [0] + [j + 1 for j in headers]
    # The ring: root and primary headers only; secondary headers link to themselves.
    last = matrix.primary
    L[0], R[last] = last, 0
    R[0] = 1 if last else 0
    for j in range(matrix.primary + 1, ncols + 1):
        L[j] = R[j] = j
    U = list(range(ncols + 1))
    D = list(range(ncols + 1))
    C = list(range(ncols + 1))
    S = [0] * (ncols + 1)
    others: list = [()] * (ncols + 1)
    row_of_node = [-1] * (ncols + 1)
    first = []
    for row, columns in enumerate(matrix.row_columns):
        nodes = list(range(len(U), len(U) + len(columns)))
        first.append(nodes[0])
        for node, col in zip(nodes, columns):
            h = col + 1
            # append the node at the bottom of its column
            U.append(U[h])
            D.append(h)
            D[U[h]] = node
            U[h] = node
            C.append(h)
            S[h] += 1
            L.append(0)
            R.append(0)
            row_of_node.append(row)
        for i, node in enumerate(nodes):
            others.append(tuple(nodes[i + 1:] + nodes[:i]))
    backwards = tuple(row[::-1] for row in others)
    value_of_node = tuple(matrix.rows[row][1] if row >= 0 else 0 for row in row_of_node)
    return Links(matrix, L, R, U, D, C, S, tuple(others), backwards, tuple(row_of_node),
                 tuple(first), value_of_node)


def search(links: Links, chosen: list[int], limit: int, stats: dict,
           deadline: float | None = None, *, ring: list[int] | None = None,
           budget: int | None = None, cells: int = 0,
           symmetric: bool = False) -> tuple[list[list[int]], bool]:
    """Algorithm X from the state after ``chosen`` rows (the givens) are selected.

    Returns (solutions as lists of row indices, exhausted). Works on copies of the
    link lists, so ``links`` is unchanged. ``ring`` orders the primary columns (the
    first of the fewest rows is chosen); past ``budget`` nodes the search stops
    (``stats["cut"]`` is set), not exhausted. With ``cells`` (the number of cell
    columns, which come first) it branches on cell columns only, unless some column
    is a dead end or a forced move.

    With ``symmetric``, a cell column tries only the first of the values that no
    given and no row above it uses (see ``fresh_values``): the subtrees of the others
    are the same up to swapping two values, so they hold a solution exactly when the
    tried one does. The solutions found are then one per class, not all of them.
    """
    R, U, D, S = links.R[:], links.U[:], links.D[:], links.S[:]
    L, C, others, backwards = links.L[:], links.C, links.others, links.backwards
    if ring is not None:
        prev = 0
        for h in ring:
            R[prev], L[h], prev = h, prev, h
        R[prev], L[0] = 0, prev

    def cover(c: int) -> int:
        """Cover column header ``c``; return the number of links changed."""
        left, right = L[c], R[c]
        L[right] = left
        R[left] = right
        changed = 1
        i = D[c]
        while i != c:
            row = others[i]
            for j in row:
                up, down = U[j], D[j]
                D[up] = down
                U[down] = up
                S[C[j]] -= 1
            changed += len(row)
            i = D[i]
        return changed

    def uncover(c: int) -> None:
        """Undo ``cover(c)``: the same nodes, in the opposite order."""
        i = U[c]
        while i != c:
            for j in backwards[i]:
                S[C[j]] += 1
                D[U[j]] = j
                U[D[j]] = j
            i = U[i]
        L[R[c]] = c
        R[L[c]] = c

    # Select the givens' rows: cover their columns; a column already covered means
    # two givens claim the same cell or the same value in a house.
    updates = 0
    covered = set()
    for row in chosen:
        node = links.first[row]
        for h in (C[node], *(C[j] for j in others[node])):
            if h in covered:
                stats["updates"] += updates
                return [], True
            covered.add(h)
            updates += cover(h)

    solutions: list[list[int]] = []
    x: list[int] = []  # x[level]: the node of the row tried at that level
    cols: list[int] = []  # cols[level]: the column chosen at that level
    value = links.value_of_node
    ncells = links.matrix.geometry.ncells if symmetric else 0
    used = [0] * (links.matrix.geometry.n + 1)  # rows chosen so far per value
    for row in chosen:
        used[value[links.first[row]]] += 1
    fresh_tried: list[bool] = []  # per level: a fresh value was tried there already
    nodes = 0
    clock = time.perf_counter
    exhausted = True
    try:
        while True:
            # X2: the ring is empty, a solution; else X3, choose a column (S heuristic).
            if R[0] == 0:
                solutions.append([links.row_of_node[node] for node in x])
                if len(solutions) >= limit:
                    exhausted = False
                    break
                advance = True
            else:
                c, size, j = 0, 1 << 30, R[0]
                while j:
                    s = S[j]
                    if s < size and (s <= 1 or j <= cells or not cells):
                        c, size = j, s
                        if s <= 1:  # a dead end or a forced move: no need to look further
                            break
                    j = R[j]
                # X4: cover it, and start with its first row.
                updates += cover(c)
                cols.append(c)
                x.append(D[c])
                fresh_tried.append(False)
                advance = False
            while x:
                if advance:  # X6: undo the row tried at this level, move to the next one
                    node = x[-1]
                    used[value[node]] -= 1
                    for j in backwards[node]:
                        uncover(C[j])
                    x[-1] = D[node]
                node, c = x[-1], cols[-1]
                if node != c:  # X5: try this row, then go one level deeper
                    if c <= ncells and not used[value[node]]:  # a fresh value in a cell
                        if fresh_tried[-1]:  # the same subtree as the one tried, relabelled
                            x[-1] = D[node]
                            advance = False
                            continue
                        fresh_tried[-1] = True
                    used[value[node]] += 1
                    nodes += 1
                    if not nodes % CLOCK_EVERY and deadline is not None and clock() > deadline:
                        raise TimeUp
                    if nodes == budget:
                        stats["cut"] = True
                        raise TimeUp
                    for j in others[node]:
                        updates += cover(C[j])
                    break
                # X7: every row of this column was tried; X8: back to the level above.
                uncover(c)
                x.pop()
                cols.pop()
                fresh_tried.pop()
                advance = True
            else:
                break  # above the first level: the search is exhausted
    except TimeUp:
        exhausted = False
    stats["nodes"] += nodes
    stats["updates"] += updates
    return solutions, exhausted


def _build(geometry: Geometry) -> Links:
    if geometry.n ** 3 > MAX_ROWS:
        raise PuzzleError(
            f"the dlx backend refuses a {geometry.n}x{geometry.n} board: its exact-cover "
            f"matrix would have {geometry.n ** 3:,} rows (at most {MAX_ROWS:,})")
    return build_links(encode(geometry))


#: The links of a geometry, built on first use and then cached (a few shapes at a time).
links_for = ShapeCache(_build, size=8)


class DlxBackend(Backend):
    """Exact cover by Algorithm X with dancing links and Knuth's S heuristic.

    >>> from sudoku_cp import Board
    >>> r = DlxBackend().solve(Board.empty((2, 2)), limit=300)
    >>> r.status.value, len(r.solutions), r.exhausted
    ('solved', 288, True)
    """

    name = "dlx"

    def search(self, board: Board, limit: int, deadline: float | None,
               stats: dict) -> tuple[list[tuple[int, ...]], bool]:
        """Algorithm X counts to ``limit`` itself; rows chosen become values."""
        links = links_for(board.geometry)
        matrix = links.matrix
        stats.update(nodes=0, updates=0, rows=len(matrix.rows), primary_columns=matrix.primary,
                     secondary_columns=len(matrix.columns) - matrix.primary)
        chosen = matrix.given_rows(board)
        free = fresh_values(board)
        symmetric = limit <= 2 and len(free) >= 2
        if symmetric:  # one solution per class decides it: its relabelling is the second
            stats["free_values"] = len(free)
        wanted = 1 if symmetric else limit
        if not board.geometry.extra:  # rows, columns and boxes only: one search
            found, exhausted = search(links, chosen, wanted, stats, deadline,
                                      symmetric=symmetric)
        else:
            found, exhausted = _restarts(links, chosen, wanted, stats, deadline, symmetric)
        solutions = []
        for rows in found:
            values = list(board.givens)
            for row in rows:
                cell, v = matrix.rows[row]
                values[cell] = v
            solutions.append(tuple(values))
        if symmetric and solutions:
            a, b = free[:2]
            swap = {a: b, b: a}
            solutions.append(tuple(swap.get(v, v) for v in solutions[0]))
            return solutions[:limit], False
        return solutions, exhausted


def fresh_values(board: Board) -> list[int]:
    """The values no given uses, in order.

    Houses treat values alike, so swapping two of these in a solution gives another
    solution, and a different one (every value fills a row). With two or more of
    them a board has no solution or at least two: the search need only find one
    solution, and at each cell may try just one of the values still unused (the
    others lead to the same subtree, relabelled). On an empty 8x8 board with three
    extra houses and no solution, this is what lets exact cover exhaust it
    (``benchmarks/dlx_soak_cases.py``, case 37857).

    >>> fresh_values(Board.parse("1234" + "." * 12))
    []
    >>> fresh_values(Board.parse("12" + "." * 14))
    [3, 4]
    """
    used = set(board.givens)
    return [v for v in range(1, board.geometry.n + 1) if v not in used]


#: Nodes of the first search on a board with partial houses; each restart doubles it.
FIRST_BUDGET = 2000


def _restarts(links: Links, chosen: list[int], limit: int, stats: dict,
              deadline: float | None, symmetric: bool = False) -> tuple[list[list[int]], bool]:
    """Search a board with extra houses in rounds.

    Why: a value placed early can leave a partial house with fewer values than open
    cells, and exact cover sees it only when some cell runs out of candidates, many
    levels down: the search then grinds through a subtree without solutions (11.7 s
    for one near-empty 6x6 board with two small houses). So the search branches on
    cells only, as the backtracker does (a value's places in a row are not tried
    one by one unless they force a move), the cells of most peers first among ties
    (they carry the partial houses); and a round that passes its node budget starts
    again from the top with the cells of each tie shuffled (seeded by the round: the
    same board gives the same answer) and twice the budget. Solutions found in any
    round are kept; a round that ends within its budget has seen every solution (up
    to ``limit``), so the search stays complete.

    Measured (``benchmarks/dlx_partial.py``, docs/reliability.md): cells first and
    rounds alone left near-empty 9x9 boards with houses of 6 to 8 cells at 400,000
    nodes and more; branching on cells settles them in under 2,000. Extra houses of
    n cells (primary columns) can mislead the choice of column just as well: two empty
    9x9 boards of the soak with two or three such houses, both solvable, passed
    600,000 nodes on value columns (``benchmarks/dlx_soak_cases.py``).
    """
    import random

    g = links.matrix.geometry
    degree = [len(set().union(*(g.houses[h] for h in g.houses_of[cell])))
              for cell in range(g.ncells)]
    cells = sorted(range(1, g.ncells + 1), key=lambda h: -degree[h - 1])
    values = list(range(g.ncells + 1, links.matrix.primary + 1))
    found: dict[tuple, list[int]] = {}
    budget, round_ = FIRST_BUDGET, 0
    while True:
        stats["cut"] = False
        rows, exhausted = search(links, chosen, limit, stats, deadline,
                                 ring=cells + values, budget=budget, cells=len(cells),
                                 symmetric=symmetric)
        for r in rows:
            found.setdefault(tuple(sorted(r)), r)
        if len(found) >= limit:
            return list(found.values())[:limit], False
        if not stats.pop("cut"):
            return list(found.values()), exhausted
        round_ += 1
        stats["restarts"] = round_
        budget *= 2
        rng = random.Random(round_)
        cells.sort(key=lambda h: (-degree[h - 1], rng.random()))
