"""The ``fast`` backend: a compiled bitmask solver (numba, nopython mode, cached on disk).

What it does, in the project's words: one 64-bit candidate mask per cell; naked and
hidden singles to a fixed point after every guess; branching on the cell with the
fewest candidates; depth-first search that counts solutions up to ``limit``. It
shares no code with ``backtrack`` (the compiled search is in ``fast.kernels``), so
the two stay independent witnesses for each other, and every solution is checked by
``is_solution`` wherever the project shows one.

**Houses are data.** ``Tables`` turns ``board.geometry.houses`` into integer arrays
once per geometry: peers per cell, cells per house, a bitset of houses per cell.
Hidden singles apply to houses of exactly n cells; a smaller extra house only needs
distinct values; a house of more than n cells cannot be filled, so such a board has
no solution.

**Limits.** n <= 64 (a mask is one int64); a larger board raises ``BoardTooLarge``.
``time_limit`` is honoured by running the compiled search in node-budget slices
(``SLICE_NODES``) and reading the clock between slices: compiled code does not read
a wall clock cheaply.

**Batch entry points.** ``check_array`` takes many puzzles as one array and returns
counts, first solutions and statistics without a Python call per puzzle;
``check_boards`` wraps it for ``Board`` objects; ``dig`` is the generator's clue
removal in one compiled call.

**Start-up.** numba is imported on first use, never by ``import sudoku_cp``. The
compiled code is cached on disk in the user's cache directory
(``~/.cache/sudoku_cp/numba`` on Linux; ``sudoku_cp.compiled_cache`` says why never
beside the package). See docs/fast.md for the first-ever compile time and the
start-up of later processes.
"""

from __future__ import annotations

import struct
import threading
import time
from itertools import chain
from pathlib import Path
from time import perf_counter

from ...board import Board, Geometry, PuzzleError, format_line, geometry
from ...result import Result
from ..base import KEEP_SHAPES, Backend, ShapeCache

#: Largest board side: one candidate mask is a 64-bit integer.
MAX_N = 64
#: Nodes per compiled slice when a time limit is set (the clock is read between slices).
SLICE_NODES = 4096
#: Solutions returned to Python per compiled call when ``limit`` is large.
OUT_ROWS = 64
#: The node budget of a search without a time limit: no limit.
NO_BUDGET = 1 << 62
#: Passes of locked candidates in the counting search: at the root (to a fixed point) and
#: at every other node (one pass, then singles): the best of the settings measured
#: (docs/fast_kernel.md, "The third round").
LOCK_PASSES = (NO_BUDGET, 1)

_kernels = None  # the fast.kernels module, once imported


class BoardTooLarge(PuzzleError):
    """A board the 64-bit masks of the ``fast`` backend cannot hold."""


# -- start-up: where the compiled code is cached ---------------------------------------------
def cache_dir() -> Path:
    """Where this backend's compiled code is kept: ``NUMBA_CACHE_DIR`` when the user set
    it, else the user's cache directory (``compiled_cache``), never beside the code."""
    from ...compiled_cache import cache_dir as where

    return where()


def kernels():
    """The compiled kernels, importing numba (and choosing the cache) on first use."""
    global _kernels
    if _kernels is None:
        from ...compiled_cache import prepare

        prepare()  # NUMBA_CACHE_DIR, before numba is imported
        from ...errors import MissingDependencyError

        try:
            import numba  # noqa: F401
        except ImportError as exc:
            raise MissingDependencyError(
                f'the fast backend needs numba: pip install "sudoku-cp[fast]" ({exc})') from exc
        from . import kernels as compiled

        _kernels = compiled
    return _kernels


class _Engine:
    """The compiled entry points (ctypes callables, see ``fast.native.ENTRIES``) and
    where they came from: ``"cache"`` (the stored object code, numba not imported) or
    ``"numba"`` (compiled, or loaded from numba's own cache, in this process)."""

    def __init__(self, functions: dict, source: str) -> None:
        self.source = source
        self.solve = functions["solve"]
        self.check_many = functions["check_many"]
        self.dig = functions["dig"]
        self.fill = functions["fill"]

    def solve_board(self, board: Board, limit: int) -> list[tuple[int, ...]]:
        """Up to ``limit`` solutions of ``board`` (a self-test of the entry points)."""
        return FastBackend(self).solve(board, limit=limit).solutions


_engine: _Engine | None = None


def engine() -> _Engine:
    """The compiled entry points: from the stored object code when this machine has it
    (no numba import), else compiled by numba, and then stored for later processes
    (``fast.native``)."""
    global _engine
    if _engine is None:
        from . import native as fast_native

        directory = cache_dir()
        functions = None
        if fast_native.enabled():
            try:
                functions = fast_native.load(directory)
            except Exception:  # a cache that cannot be used is a cache miss
                functions = None
        if functions is not None:
            _engine = _Engine(functions, "cache")
        else:
            from ...compiled_cache import FIRST_COMPILE, compiling, is_cold

            with compiling("the fast engine", FIRST_COMPILE["fast"], is_cold("kernels.")):
                compiled = kernels().compile_entries()
                _engine = _Engine(fast_native.functions(
                    {name: cf.address for name, cf in compiled.items()}), "numba")
                if fast_native.enabled():
                    fast_native.store_once(kernels().compile_entries, directory, compiled)
    return _engine


def warm() -> bool:
    """True when a solve will not start with the one-time compile: the engine is loaded
    in this process, or its object code or numba's cache is stored on this machine."""
    if _engine is not None:
        return True
    from ...compiled_cache import is_cold

    try:
        stored = any(cache_dir().glob("fast-*.o"))
    except OSError:
        stored = False
    return stored or not is_cold("kernels.")


# -- geometry as arrays ----------------------------------------------------------------------
class Tables:
    """A geometry as the integer arrays the kernels read (built once per geometry).

    ``peers[c, :npeers[c]]`` are the peers of cell c; ``houses[h, :hlen[h]]`` the cells
    of house h; ``full`` the mask with every value (-1 when n = 64: all 64 bits);
    ``impossible`` is True when some house has more than n cells. The kernels mark houses for the hidden-single search in a
    bitset of ``words`` int64s: ``house_bits[c]`` holds the houses of exactly n cells
    that contain cell c, ``full_houses`` all of them (smaller houses are never
    searched: they need distinct values, not every value). ``segments`` are the cells
    where a box meets a row or a column, for locked candidates (``_segments``), and
    ``lock_passes`` how many passes of them the counting search makes (``LOCK_PASSES``).
    """

    def __init__(self, g: Geometry) -> None:
        import numpy as np

        n = g.n
        if n > MAX_N:
            raise BoardTooLarge(
                f"the fast backend keeps candidates in 64-bit masks, so it solves boards up to "
                f"{MAX_N}x{MAX_N}; this board is {n}x{n}: use the sat or backtrack backend")
        self.n, self.ncells = n, g.ncells
        self.full = -1 if n == 64 else (1 << n) - 1
        self.houses, self.hlen = _ragged(g.houses)
        self.impossible = bool((self.hlen > n).any())
        self.peers, self.npeers = _peer_table(self.houses, self.hlen, self.ncells)
        self.words = max(1, -(-len(self.hlen) // 64))
        self.house_bits, self.full_houses = _house_bits(self.houses, self.hlen, n,
                                                        self.ncells, self.words)
        self.box = g.box
        self.segments = _segments(g)
        self.lock_passes = LOCK_PASSES
        self.np = np
        self.tab = self.packed()
        self.tab_address = self.tab.ctypes.data  # what the entry points take

    def packed(self):
        """The same tables as one int64 array (``fast.kernels.tables`` reads it back)."""
        np = self.np
        head = [self.n, self.full, self.ncells, len(self.hlen), self.peers.shape[1],
                self.houses.shape[1], self.words, *self.box, *self.lock_passes]
        return np.concatenate([np.array(head, dtype=np.int64), self.peers.ravel(), self.npeers,
                               self.houses.ravel(), self.house_bits.ravel().view(np.int64),
                               self.full_houses.view(np.int64), self.segments])


def _segments(g: Geometry):
    """The cells where a box meets a row, then where a box meets a column, for locked
    candidates (``fast.kernels.locked``): row r's segments are the rows ``r * box_rows +
    j`` of the table, j the box across (box_cols cells each); then column c's, ``c *
    box_cols + i``, i the box down (box_rows cells each). Only the box shape's rows,
    columns and boxes: an extra house takes no part in locked candidates."""
    import numpy as np

    # (the segments of a row, one after another, are the row itself; a column's likewise)
    cells = np.arange(g.ncells, dtype=np.int64)
    return np.concatenate([cells, cells.reshape(g.n, g.n).T.ravel()])


def _ragged(rows) -> tuple:
    """``rows`` (sequences of cells) as one table padded with zeros, and their lengths."""
    import numpy as np

    lengths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
    table = np.zeros((len(rows), max(int(lengths.max(initial=0)), 1)), dtype=np.int64)
    flat = np.fromiter(chain.from_iterable(rows), dtype=np.int64, count=int(lengths.sum()))
    rows_at = np.repeat(np.arange(len(rows)), lengths)
    table[rows_at, np.arange(len(flat)) - np.repeat(np.cumsum(lengths) - lengths, lengths)] = flat
    return table, lengths


def _peer_table(houses, hlen, ncells: int) -> tuple:
    """The peers of every cell (sorted, padded with zeros) and how many, from the house
    table: every ordered pair of cells of one house, once. The same as ``_ragged(g.peers)``
    in arrays at once, where ``Geometry.peers`` makes a set per cell in Python (a
    geometry's first solve paid that, 0.3 ms for a 9x9, 1.5 ms for a 16x16)."""
    import numpy as np

    pairs = [np.empty(0, dtype=np.int64)]
    for size in np.unique(hlen).tolist():  # houses of one length at a time: k x L x L pairs
        if size < 2:
            continue
        cells = houses[hlen == size, :size]
        a = np.repeat(cells, size, axis=1).reshape(-1, size, size)
        b = np.tile(cells, size).reshape(-1, size, size)
        apart = a != b
        pairs.append(a[apart] * ncells + b[apart])
    seen = np.zeros(ncells * ncells, dtype=np.bool_)  # 16 MB at most (64x64), no sort
    seen[np.concatenate(pairs)] = True
    codes = np.flatnonzero(seen)  # in order: each cell's peers sorted, each once
    cells, peers = np.divmod(codes, ncells)
    npeers = np.bincount(cells, minlength=ncells).astype(np.int64)
    table = np.zeros((ncells, max(int(npeers.max(initial=0)), 1)), dtype=np.int64)
    table[cells, np.arange(len(codes)) - np.repeat(np.cumsum(npeers) - npeers, npeers)] = peers
    return table, npeers


def _house_bits(houses, hlen, n: int, ncells: int, words: int) -> tuple:
    """``house_bits`` (per cell, the bitset of the houses of exactly n cells it is in) and
    ``full_houses`` (all of them): see ``Tables``."""
    import numpy as np

    full = np.flatnonzero(hlen == n)
    bits = np.left_shift(np.uint64(1), (full % 64).astype(np.uint64))
    house_bits = np.zeros((ncells, words), dtype=np.uint64)
    full_houses = np.zeros(words, dtype=np.uint64)
    np.bitwise_or.at(full_houses, full // 64, bits)
    np.bitwise_or.at(house_bits, (houses[full, :n].ravel(), np.repeat(full // 64, n)),
                     np.repeat(bits, n))
    return house_bits, full_houses


#: The arrays for a geometry, built on first use and then cached (a few shapes at a time).
tables: ShapeCache[Geometry, Tables] = ShapeCache(Tables, KEEP_SHAPES)


# -- scratch --------------------------------------------------------------------------------------
class _Scratch:
    """The buffers of one search on one geometry, with the addresses the entry points
    take. ``frames`` has a row per cell plus one, the deepest a search can go; numpy
    leaves the pages of rows never reached untouched, so a 64x64 board's 134 MB of
    frames cost only what the search uses.

    The givens of ``FastBackend.solve`` go into ``given_bytes`` (values are at most 64,
    so a byte each), which ``givens`` views: copying a Board's tuple into a bytearray
    takes a tenth of the time of building a new array for every call.
    """

    def __init__(self, t: Tables, out_rows: int = 1) -> None:
        np = t.np
        self.t = t
        self.given_bytes = bytearray(t.ncells)
        self.givens = np.frombuffer(self.given_bytes, dtype=np.uint8)  # a writable view
        self.givens_address = self.givens.ctypes.data
        self.frames = np.empty((t.ncells + 1, t.ncells), dtype=np.int64)
        # state, cells, rems, todo, changed peers, segments (see fast.kernels._split)
        self.work = np.zeros(5 * t.ncells + 6 + t.peers.shape[1], dtype=np.int64)
        self.state = self.work[:4]  # a view: the kernel writes it
        self.dirty = np.zeros(t.words, dtype=np.int64)  # a bitset of houses
        self.aux = self.dug = self.dig_result = None  # the dig's own, made on its first use
        self.resize(out_rows)

    def resize(self, out_rows: int) -> None:
        """Room for ``out_rows`` solutions per call: int64 rows for the batch entry
        points, and the same number of byte rows (``out_bytes``) for ``solve``, whose
        solutions become tuples fastest from bytes."""
        np = self.t.np
        self.out = np.zeros((out_rows, self.t.ncells), dtype=np.int64)
        self.rows = out_rows
        self.out_bytes = out = bytearray(out_rows * self.t.ncells)
        size = self.t.ncells
        self.unpack = unpack = struct.Struct(f"{size}B").unpack_from  # bytes to a tuple, in C
        self.solution = lambda k: unpack(out, k * size)  # the k-th solution found
        self.search = (self.frames.ctypes.data, self.work.ctypes.data, self.dirty.ctypes.data,
                       self.out.ctypes.data)
        self.out_array = np.frombuffer(out, dtype=np.uint8)  # pins the buffer: no resize
        self.block = np.array([self.givens_address, self.frames.ctypes.data,
                               self.work.ctypes.data, self.dirty.ctypes.data,
                               self.out_array.ctypes.data,
                               self.t.tab_address, self.t.ncells, out_rows, 0, 0, 0],
                              dtype=np.int64)
        self.block_address = self.block.ctypes.data  # what solve's entry point reads
        self.aimed = None  # the limit of a whole search the block is set for, if any

    def aim(self, want: int, budget: int, fresh: int) -> None:
        """Set the block for the next call of solve's entry point: ``want`` more
        solutions in at most ``budget`` nodes, from the root when ``fresh`` is 1."""
        self.block[8:11] = (want, budget, fresh)
        self.aimed = want if budget == NO_BUDGET and fresh else None


_SCRATCH = threading.local()  # per thread: the last scratch of the generator or a batch


def _reused_scratch(t: Tables) -> _Scratch:
    """The ``_Scratch`` of the last geometry this thread dug, filled or checked a batch
    of, kept for the next call (the generator makes a few hundred a second, and building
    one costs more than a 9x9 fill or four 17-clue checks); only the last is kept, so
    memory stays bounded like ``tables``."""
    s = getattr(_SCRATCH, "last", None)
    if s is None or s.t is not t:
        s = _SCRATCH.last = _Scratch(t)
    return s


# -- the batch entry points ------------------------------------------------------------------
def check_array(puzzles, geometry: Geometry, limit: int = 2):
    """Count the solutions of many puzzles of one geometry in one compiled call.

    ``puzzles`` is an array-like of shape (P, n*n), values 0..n (0 empty). Returns
    ``(counts, first, stats)``: ``counts[i]`` solutions found (at most ``limit``;
    exact when ``stats[i, 2]`` is 1, the search exhausted), ``first[i]`` the first
    solution (zeros when none) and ``stats[i] = (nodes, guesses, exhausted)``.
    Values are not range-checked here: pass givens of valid boards.

    >>> from sudoku_cp.board import geometry
    >>> counts, first, stats = check_array([[1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 4, 0, 0, 3, 0, 0],
    ...                                     [0] * 16], geometry(2, 2))
    >>> counts.tolist(), stats[:, 2].tolist()
    ([1, 2], [1, 0])
    """
    t = tables(geometry)
    np = t.np
    grid = _from_rows(puzzles, t) if isinstance(puzzles, list) else None
    if grid is None:
        grid = np.ascontiguousarray(puzzles, dtype=np.int64).reshape(-1, t.ncells)
    count = grid.shape[0]
    # the three results in one array: an address costs 2 µs to read, a 17-clue solve 4
    block = np.zeros(count * (4 + t.ncells), dtype=np.int64)
    counts = block[:count]
    stats = block[count:4 * count].reshape(count, 3)
    first = block[4 * count:].reshape(count, t.ncells)
    if t.impossible:  # a house of more than n cells: no solution, nothing to search
        stats[:, 2] = 1
        return counts, first, stats
    if count:
        s = _reused_scratch(t)  # building one costs 15 µs
        at = block.ctypes.data
        engine().check_many(grid.ctypes.data, count, t.ncells, limit, at,
                            at + 8 * 4 * count, at + 8 * count, *s.search, t.tab_address)
    return counts, first, stats


def check_lines(lines, box: tuple[int, int] | str | None = None, limit: int = 2):
    """Text in, verdicts out: ``check_array`` on one-line puzzles, without a ``Board``
    per puzzle.

    ``lines`` are puzzles of one board size, one per string, in the form of
    ``Board.parse``. Plain lines of n*n symbols (n >= 6; ``.`` or ``0`` for an empty
    cell) are turned into one array at once; when some line is not plain, every line
    goes through ``Board.parse``. A line that is no puzzle raises ``PuzzleError``
    with its number and the parser's own message. Returns ``(counts, first, stats)``
    as ``check_array`` does.

    >>> counts, first, stats = check_lines(["." * 81, "1" * 81])
    >>> counts.tolist(), stats[:, 2].tolist()
    ([2, 0], [0, 1])
    >>> check_lines(["." * 81, "." * 80 + "?"])
    Traceback (most recent call last):
    ...
    sudoku_cp.errors.PuzzleError: line 2: unknown symbol '?' at r9c9 (cell 81)
    """
    from ...geometry import parse_box
    from ...text import NOT_A_SYMBOL, _plain, plain_values

    if isinstance(box, str):
        box = parse_box(box)
    lines = list(lines)
    if not lines:
        return check_array([], geometry(*(box or (3, 3))), limit)
    first_board = _parsed(lines, 0, box)
    g = first_board.geometry
    size = len(lines[0])
    grid = None
    if plain_values(lines[0], box) is not None and all(len(s) == size for s in lines):
        np = tables(g).np
        try:
            raw = "".join(lines).encode("latin-1")
        except UnicodeEncodeError:
            raw = None
        if raw is not None:
            values = np.frombuffer(raw.translate(_plain(g.n)[1]), dtype=np.uint8)
            values = values.reshape(len(lines), size)
            if not (values == NOT_A_SYMBOL).any():
                grid = values.astype(np.int64)
    if grid is None:  # the general road, line by line: the parser names any problem
        rows = []
        for i in range(len(lines)):
            board = _parsed(lines, i, box)
            if board.geometry != g:
                raise PuzzleError(f"line {i + 1}: a {board.n}x{board.n} board among "
                                  f"{g.n}x{g.n} boards: check one size at a time")
            rows.append(board.givens)
        grid = rows
    return check_array(grid, g, limit)


def _parsed(lines, i: int, box) -> Board:
    try:
        return Board.parse(lines[i], box)
    except PuzzleError as exc:
        raise PuzzleError(f"line {i + 1}: {exc}") from None


def _from_rows(rows: list, t: Tables):
    """A list of tuples (or lists, or bytes) of n*n values as one int64 array, through
    bytes: several times faster than numpy reading the tuples value by value. None when
    some row is not such a sequence, or some value is not an integer in 0..255."""
    np = t.np
    if t.n > 255 or not all(type(r) in _ROW_TYPES and len(r) == t.ncells for r in rows):
        return None
    try:
        raw = b"".join(map(bytes, rows))
    except (TypeError, ValueError):  # a float, a string, a value below 0 or above 255
        return None
    return np.frombuffer(raw, dtype=np.uint8).astype(np.int64).reshape(len(rows), t.ncells)


_ROW_TYPES = (tuple, list, bytes)


def check_boards(boards, limit: int = 2) -> list[Result]:
    """``Result``s for many boards: one compiled call per run of boards of one geometry."""
    results: list[Result] = [None] * len(boards)  # type: ignore[list-item]
    start = 0
    while start < len(boards):
        g = boards[start].geometry
        stop = start
        while stop < len(boards) and boards[stop].geometry == g:
            stop += 1
        began = time.perf_counter()
        counts, first, stats = check_array([b.givens for b in boards[start:stop]], g, limit)
        each = (time.perf_counter() - began) / (stop - start)
        for i in range(stop - start):
            results[start + i] = _result(int(counts[i]), first[i], stats[i], limit, each)
        start = stop
    return results


def _result(count: int, first, stats, limit: int, seconds: float) -> Result:
    """A Result from one row of ``check_array``; a second solution is known to exist
    but not returned (batch callers ask only for the count and the first)."""
    exhausted = bool(stats[2])
    solutions = (tuple(first.tolist()),) if count else ()
    return Result.of(FastBackend.name, solutions, exhausted, seconds,
                     {"nodes": int(stats[0]), "guesses": int(stats[1]), "count": count}, limit)


def dig(grid, g: Geometry, order, target: int | None = None, *, minimal: bool = False):
    """The generator's clue removal in one compiled call (see ``generate.dig``).

    ``order`` lists orbits (tuples of cells) in the order to try; an orbit is removed
    when the puzzle stays unique, and skipped when it would leave fewer than ``target``
    clues. Returns ``(givens, tried_all)``; with ``minimal=True``, ``(givens, tried_all,
    minimal)``, where ``minimal`` says whether no single clue can be removed (asked in the
    same call, only when every orbit was tried; else None). A witness solution that
    disagrees with a clue is a bug: ``generate.GenerationError``.
    """
    order = list(order)  # a list: its plan is not kept (see ``_dig_plan``)
    givens, tried_all, verdict, _ = dig_orders(grid, g, order, [range(len(order))], target,
                                               minimal=minimal)
    return (givens, tried_all, verdict) if minimal else (givens, tried_all)


def dig_orders(grid, g: Geometry, orbits, orders, target: int | None = None, *,
               minimal: bool = False) -> tuple[tuple[int, ...], bool, bool | None, int]:
    """``dig`` in one compiled call for several orders of the same ``orbits`` (a
    sequence of tuples of cells; each order lists their numbers): the first order's dig,
    or with ``minimal=True`` the first order whose dig is minimal clue by clue (the
    last one tried when none is). Returns ``(givens, tried_all, minimal, k)``, ``k`` the
    number of the order whose puzzle it is; ``minimal`` is None when not asked or when
    not every orbit was tried."""
    t = tables(g)
    np = t.np
    cells, start = _dig_plan(t, orbits)
    order_array = np.array(orders, dtype=np.int64).reshape(len(orders), len(orbits))
    grid_array = np.array(grid, dtype=np.int64)
    s = _reused_scratch(t)
    if s.aux is None:
        words = (t.ncells + 63) // 64  # a set of cells
        s.aux = np.zeros((t.n + 3) * t.ncells + 2 * t.n + 2 * words + 1 + DIG_WITNESSES * words,
                         dtype=np.int64)
        s.dug = np.zeros(t.ncells, dtype=np.int64)
        s.dig_result = np.zeros(11, dtype=np.int64)
    engine().dig(grid_array.ctypes.data, t.ncells, order_array.ctypes.data, len(orders),
                 len(orbits), cells.ctypes.data, len(cells), start.ctypes.data,
                 -1 if target is None else target, int(minimal), s.dug.ctypes.data,
                 s.dig_result.ctypes.data, *s.search, s.aux.ctypes.data, len(s.aux),
                 t.tab_address)
    tried_all, _, wrong, verdict, _, used = s.dig_result.tolist()[:6]
    if wrong:
        from ...errors import GenerationError

        raise GenerationError("fast found a solution of a dug puzzle that breaks a clue",
                              [format_line(grid, g.n)])
    return (tuple(s.dug.tolist()), bool(tried_all), None if verdict < 0 else bool(verdict),
            used)


#: Witnesses (the cells where a second solution differs from the grid) the compiled dig
#: keeps while it digs one grid in several orders: a later order's removal that leaves
#: no clue in one of them fails without a search.
DIG_WITNESSES = 1024
_PLANS: dict = {}  # id of an orbits tuple -> (the tuple, its cells, where each orbit starts)


def _dig_plan(t: Tables, orbits):
    """The ``orbits`` as the arrays the compiled dig reads: their cells, one after
    another, and where each starts; kept for the generator's orbits (one tuple per
    geometry and symmetry, asked for per puzzle)."""
    kept = _PLANS.get(id(orbits))
    if kept is not None and kept[0] is orbits:
        return kept[1], kept[2]
    np = t.np
    cells = np.array([c for orbit in orbits for c in orbit], dtype=np.int64)
    start = np.zeros(len(orbits) + 1, dtype=np.int64)
    np.cumsum([len(o) for o in orbits], out=start[1:])
    if isinstance(orbits, tuple):
        if len(_PLANS) > 64:
            _PLANS.clear()
        _PLANS[id(orbits)] = (orbits, cells, start)
    return cells, start


def fill(g: Geometry, seed: int, budget: int) -> list[int]:
    """The generator's random fill in one compiled call: the values of a solution of
    the empty board, the same as ``sudoku_cp.fill.fill(g, seed, budget)`` gives."""
    return fill_counted(g, seed, budget)[0]


def fill_counted(g: Geometry, seed: int, budget: int) -> tuple[list[int], int]:
    """``fill``, and how many times the fill restarted (each fill over ``budget`` nodes)."""
    t = tables(g)
    np = t.np
    stream = np.array([seed & ((1 << 64) - 1)], dtype=np.uint64)
    values = np.zeros(t.ncells, dtype=np.int64)
    s = _reused_scratch(t)
    frames, work, dirty, out = s.search
    restarts = engine().fill(stream.ctypes.data, budget, values.ctypes.data, t.ncells, frames,
                             work, dirty, out, t.tab_address)
    return values.tolist(), restarts


# -- the backend -----------------------------------------------------------------------------
class FastBackend(Backend):
    """Compiled bitmask search: singles to a fixed point, MRV branching, counting to ``limit``.

    An instance keeps search buffers per geometry, so it is not thread-safe: use one
    per thread (the batch runner uses processes).
    """

    name = "fast"
    SPEC_OPTIONS = ()

    def __init__(self, compiled: _Engine | None = None) -> None:
        self.engine = compiled or engine()
        self._shapes: dict[Geometry, tuple[Tables, _Scratch]] = {}
        self._last: tuple = (None, None)  # the last geometry and its shape: no hashing

    def _shape(self, g: Geometry) -> tuple[Tables, _Scratch]:
        if self._last[0] is g:
            return self._last[1]
        shape = self._shapes.get(g)
        if shape is None:
            t = tables(g)
            shape = self._shapes[g] = (t, _Scratch(t, 2))
        self._last = (g, shape)
        return shape

    # -- declared capabilities (backends.base.CAPABILITIES) -----------------------------------
    def check_array(self, puzzles, geometry: Geometry, limit: int = 2):
        """Many puzzles of one geometry in one compiled call (see ``check_array``)."""
        return check_array(puzzles, geometry, limit)

    def check_many(self, boards, limit: int = 2) -> list[Result]:
        """``Result``s for many boards, one compiled call per run of one geometry."""
        return check_boards(boards, limit)

    def dig(self, grid, geometry: Geometry, order, target: int | None = None, *,
            minimal: bool = False):
        """The generator's clue removal in one compiled call (see ``dig``)."""
        return dig(grid, geometry, order, target, minimal=minimal)

    def dig_orders(self, grid, geometry: Geometry, orbits, orders, target: int | None = None,
                   *, minimal: bool = False):
        """``dig`` in several orders in one compiled call (see ``dig_orders``)."""
        return dig_orders(grid, geometry, orbits, orders, target, minimal=minimal)

    def fill(self, geometry: Geometry, seed: int, budget: int) -> list[int]:
        """The generator's random fill in one compiled call (see ``fill``)."""
        return fill(geometry, seed, budget)

    def search(self, board: Board, limit: int, deadline: float | None,
               stats: dict) -> tuple[tuple[tuple[int, ...], ...] | list, bool]:
        """The compiled search counts to ``limit`` itself.

        >>> r = FastBackend().solve(Board.empty((2, 2)), limit=300)
        >>> r.status.value, len(r.solutions), r.exhausted, r.stats["guesses"] > 0
        ('solved', 288, True, True)
        """
        t, w = self._shape(board.geometry)
        if t.impossible:  # a house of more than n cells: no solution, nothing to search
            stats.update(nodes=0, guesses=0)
            return (), True
        w.given_bytes[:] = board.givens  # into the array the kernel reads (w.givens)
        if limit > w.rows and w.rows < OUT_ROWS:
            w.resize(min(limit, OUT_ROWS))
        run, block, rows = self.engine.solve, w.block_address, w.rows
        if deadline is None and limit <= rows:  # the common case: one call does it all
            if w.aimed != limit:
                w.aim(limit, NO_BUDGET, 1)
            found = run(block)
            solutions = (w.unpack(w.out_bytes),) if found == 1 else tuple(
                map(w.solution, range(found)))
            _, nodes, guesses, exhausted = w.state.tolist()
        else:  # in slices: at most ``rows`` solutions, or SLICE_NODES nodes, per call
            budget = NO_BUDGET if deadline is None else SLICE_NODES
            solutions = []
            fresh = 1
            while True:
                w.aim(min(limit - len(solutions), rows), budget, fresh)
                found = run(block)
                fresh = 0
                solutions.extend(map(w.solution, range(found)))
                _, nodes, guesses, exhausted = w.state.tolist()
                if exhausted or len(solutions) >= limit or (
                        deadline is not None and perf_counter() >= deadline):
                    break
        stats["nodes"] = nodes
        stats["guesses"] = guesses
        return solutions, exhausted == 1
