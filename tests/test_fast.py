"""The compiled ``fast`` backend: agreement with ``sat``, big boards, edge cases, the
batch entry points and the on-disk cache. (The contract suite in test_contract.py and
the property test in test_crosscheck.py run over ``fast`` as well.)"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_cp import Board, Status, compiled_cache, is_solution, solve
from sudoku_cp.board import geometry
from conftest import DATA, board_of, load, pattern_grid

pytest.importorskip("numba", reason="the fast backend needs numba (the 'fast' extra)")

from sudoku_cp.backends.fast import backend as fast  # noqa: E402


def counted(result) -> tuple[int, bool]:
    return len(result.solutions), result.exhausted


def shared_sample() -> list[tuple[str, str]]:
    return [tuple(line.split()) for line in load("shared_sets_sample.txt")]


def test_fast_agrees_with_sat_on_a_sample_of_every_shared_set():
    sample = shared_sample()
    assert len({name for name, _ in sample}) == 7
    boards = [board_of(line) for _, line in sample]
    batch = fast.check_boards(boards)
    for (name, line), board, from_batch in zip(sample, boards, batch):
        ours = solve(board, "fast", limit=2)
        theirs = solve(board, "sat", limit=2)
        assert counted(ours) == counted(theirs), (name, line)
        assert all(is_solution(board, s) for s in ours.solutions)
        if counted(theirs) == (1, True):
            assert ours.solution == theirs.solution == from_batch.solution
        assert (len(from_batch.solutions) > 0, from_batch.exhausted) == \
            (len(ours.solutions) > 0, ours.exhausted)


def test_the_batch_entry_point_counts_and_returns_first_solutions():
    lines = load("17clue_sample.txt") + load("forum_hardest_sample.txt")
    puzzles = [[0 if ch == "." else int(ch) for ch in line] for line in lines]
    puzzles.append([0] * 81)  # many solutions
    puzzles.append([5, 5] + [0] * 79)  # clashing givens
    counts, first, stats = fast.check_array(puzzles, geometry(3, 3))
    assert counts.tolist() == [1] * len(lines) + [2, 0]
    assert stats[:, 2].tolist() == [1] * len(lines) + [0, 1]  # exhausted, except the empty board
    for givens, row in zip(puzzles[:-1], first.tolist()):
        assert is_solution(Board.from_values(givens), row)
    assert first[-1].tolist() == [0] * 81
    assert (stats[:-2, 0] >= 1).all()


@pytest.mark.parametrize("box, blank", [((4, 4), 0.55), ((5, 5), 0.5)])
def test_big_boards_16x16_and_25x25(box, blank):
    import random

    rng = random.Random(12)
    grid = pattern_grid(*box)
    n = box[0] * box[1]
    relabel = [0] + rng.sample(range(1, n + 1), n)
    full = [relabel[v] for v in grid]
    givens = [0 if rng.random() < blank else v for v in full]
    board = Board.from_values(givens, box=box)
    ours = solve(board, "fast", limit=2)
    assert ours.status is Status.SOLVED and ours.exhausted is (len(ours.solutions) == 1)
    assert all(is_solution(board, s) for s in ours.solutions)
    other = solve(board, "sat" if n == 16 else "backtrack", limit=2, time_limit=60)
    assert counted(ours) == counted(other)
    # the empty board of this size: a solution, and the search stops at the limit
    empty = solve(Board.empty(box), "fast", limit=2)
    assert len(empty.solutions) == 2 and not empty.exhausted
    assert all(is_solution(Board.empty(box), s) for s in empty.solutions)


def test_clashing_givens_full_and_empty_boards():
    grid = pattern_grid(3, 3)
    full = Board.from_values(grid)
    r = solve(full, "fast", limit=2)
    assert r.solutions == (tuple(grid),) and r.exhausted
    broken = list(grid)
    broken[0], broken[1] = broken[1], broken[0]  # a full board that breaks its columns
    r = solve(Board.from_values(broken), "fast", limit=2)
    assert r.status is Status.NONE and r.exhausted
    clash = [0] * 81
    clash[0] = clash[80] = 7  # same value, no shared house: no clash
    clash[10] = 7  # shares box 1 with r1c1: a clash
    r = solve(Board.from_values(clash), "fast", limit=2)
    assert r.status is Status.NONE and r.exhausted
    r = solve(Board.empty((3, 3)), "fast", limit=5)
    assert len(set(r.solutions)) == 5 and not r.exhausted


def _distinct(solution, house) -> bool:
    return len({solution[c] for c in house}) == len(house)


@pytest.mark.parametrize("size", [2, 3, 4])
def test_extra_houses_of_every_size_count_exactly_on_4x4(size):
    # Every 4x4 solution, from the backtracker, filtered by hand: the independent count.
    every = solve(Board.empty((2, 2)), "backtrack", limit=1000).solutions
    assert len(every) == 288
    g = geometry(2, 2)
    houses = [[1, 6, 11, 12][:size], [0, 5, 10, 15][:size]]  # two diagonal-ish houses
    expected = [s for s in every if all(_distinct(s, h) for h in houses)]
    board = Board(g.with_houses(houses), (0,) * 16)
    r = solve(board, "fast", limit=1000)
    assert r.exhausted and len(r.solutions) == len(expected)
    assert set(r.solutions) == set(expected)
    assert all(is_solution(board, s) for s in r.solutions)


@pytest.mark.parametrize("size", range(2, 10))
def test_extra_houses_of_2_to_n_cells_on_9x9(size):
    g = geometry(3, 3)
    # a house along the anti-diagonal, and one of scattered cells that shares no row
    houses = [[g.cell(i, 8 - i) for i in range(size)],
              [g.cell(i, (4 * i + 1) % 9) for i in range(size)]]
    board = Board(g.with_houses(houses), (0,) * 81)
    r = solve(board, "fast", limit=2)
    assert len(r.solutions) == 2 and all(is_solution(board, s) for s in r.solutions)
    # a puzzle whose givens break only the extra house has no solution
    grid = pattern_grid(3, 3)
    cells = houses[0]
    if len({grid[c] for c in cells}) < len(cells):
        r = solve(Board(g.with_houses([cells]), tuple(grid)), "fast", limit=2)
        assert r.status is Status.NONE and r.exhausted


def test_a_house_of_more_than_n_cells_cannot_be_filled():
    g = geometry(2, 2)
    board = Board(g.with_houses([list(range(5))]), (0,) * 16)
    assert solve(board, "fast", limit=2).status is Status.NONE
    counts, _, stats = fast.check_array([[0] * 16], board.geometry)
    assert counts.tolist() == [0] and stats[0, 2] == 1


def test_boards_beyond_64x64_are_refused_with_the_reason():
    big = Board.empty((5, 13))  # 65x65
    with pytest.raises(fast.BoardTooLarge, match="64-bit masks.*65x65"):
        solve(big, "fast")
    grid = pattern_grid(8, 8)  # 64x64: value 64 is the mask's sign bit
    board = Board.from_values([0 if i % 3 == 0 else v for i, v in enumerate(grid)], box=(8, 8))
    r = solve(board, "fast", limit=2, time_limit=60)
    assert r.status is Status.SOLVED and all(is_solution(board, s) for s in r.solutions)
    assert any(64 in s for s in r.solutions) and r.exhausted is (len(r.solutions) == 1)


def test_the_bit_intrinsics_match_python_on_every_bit_including_the_sign_bit():
    import numpy as np
    from numba import njit

    fast.kernels()
    from sudoku_cp.backends.fast.kernels import popcount, trailing_zeros

    @njit
    def bits(x):  # intrinsics are callable from compiled code only
        return popcount(x), trailing_zeros(x)

    for bit in range(64):
        for extra in (0, 1 << 63, (1 << bit) - 1, 0b1011 << 40):
            x = ((1 << bit) | extra) & ((1 << 64) - 1)
            signed = np.int64(x - (1 << 64) if x >= 1 << 63 else x)
            assert bits(signed) == (bin(x).count("1"), (x & -x).bit_length() - 1)


@pytest.mark.parametrize("extra", [(), ((0, 10, 20), (3, 4), tuple(range(0, 81, 10)))])
def test_packed_tables_read_back_as_the_same_arrays(extra):
    import ctypes

    import numpy as np
    from numba import carray, cfunc, types

    fast.kernels()
    from sudoku_cp.backends.fast.kernels import tables

    @cfunc(types.int64(types.CPointer(types.int64), types.CPointer(types.int64), types.int64))
    def flatten(tab, out, size):  # the compiled reading of the pointer, written back flat
        (peers, wp, houses, wh, house_bits, nw, full_houses), npeers, n, full, lk = tables(tab)
        segments, side, box_rows, box_cols, root_passes, node_passes = lk
        flat = carray(out, (size,))
        k = 0
        for table in (peers, houses, house_bits, full_houses, npeers, segments):
            for i in range(table.shape[0]):
                flat[k] = table[i]
                k += 1
        for number in (wp, wh, nw, n, full, side, box_rows, box_cols, root_passes, node_passes):
            flat[k] = number
            k += 1
        return k

    t = fast.Tables(geometry(3, 3).with_houses(list(extra)))
    want = np.concatenate([t.peers.ravel(), t.houses.ravel(), t.house_bits.ravel().view(np.int64),
                           t.full_houses.view(np.int64), t.npeers, t.segments,
                           [t.peers.shape[1], t.houses.shape[1], t.words, t.n, t.full, t.n,
                            *t.box, *t.lock_passes]])
    out = np.zeros(len(want), dtype=np.int64)
    call = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)
    assert call(flatten.address)(t.tab.ctypes.data, out.ctypes.data, len(out)) == len(want)
    assert out.tolist() == want.tolist()


def test_stats_and_the_time_limit_in_slices():
    board = board_of(load("forum_hardest_sample.txt")[0])
    r = solve(board, "fast", limit=2)
    assert r.stats["nodes"] >= 1 and r.stats["guesses"] >= 1
    timed = solve(board, "fast", limit=2, time_limit=30)
    assert timed.solutions == r.solutions and timed.stats == r.stats  # slicing changes nothing


def test_dig_leaves_a_unique_minimal_puzzle():
    g = geometry(3, 3)
    grid = pattern_grid(3, 3)
    givens, tried_all = fast.dig(grid, g, [(c,) for c in range(80, -1, -1)])
    board = Board(g, givens)
    assert tried_all and board.clues < 40
    r = solve(board, "sat", limit=2)
    assert r.exhausted and r.solutions == (tuple(grid),)
    for c in range(81):  # minimal: no clue can go
        if givens[c]:
            fewer = list(givens)
            fewer[c] = 0
            assert len(solve(board.with_givens(fewer), "sat", limit=2).solutions) == 2
    # a clue target stops the digging there, and orbits of two cells go together
    pairs = [(c, 80 - c) for c in range(40)] + [(40,)]
    givens, tried_all = fast.dig(grid, g, pairs, target=60)
    assert not tried_all and 60 <= sum(1 for v in givens if v) <= 61
    assert all(bool(givens[c]) == bool(givens[80 - c]) for c in range(81))


@pytest.mark.parametrize("box,symmetry,count", [((2, 2), "none", 12), ((2, 3), "rot180", 12),
                                                  ((3, 3), "none", 3), ((3, 3), "rot180", 4),
                                                  ((2, 2), "rot90", 12)])
def test_the_compiled_dig_and_its_minimality_answer_agree_with_the_python_dig(box, symmetry,
                                                                               count):
    """Issue 24's dig (clues read off for forced cells, one search per cell for a solution
    that changes it, certified clues skipped): the same puzzle as the Python dig with the
    backtracker counting to two, and the same minimality answer as ``is_minimal`` asked of
    the backtracker clue by clue; with clue targets too."""
    import random

    from sudoku_cp.generate import _dig_in_order, full_grid, is_minimal, orbits

    g = geometry(*box)
    rng = random.Random(31)
    answers = set()
    for i in range(count):
        grid = full_grid(box, rng)
        order = orbits(g, symmetry)
        rng.shuffle(order)
        target = g.ncells // 2 if i % 4 == 3 else None
        givens, tried_all, minimal = fast.dig(grid, g, order, target, minimal=True)
        assert (givens, tried_all) == fast.dig(grid, g, order, target)
        expected, all_tried, _ = _dig_in_order(grid, g, order, target, "backtrack")
        assert (givens, tried_all) == (expected, all_tried)
        if tried_all:
            assert minimal == is_minimal(Board(g, givens), "backtrack")
            answers.add(minimal)
        else:
            assert minimal is None
    if symmetry == "rot90":
        assert answers == {True, False}  # both answers were exercised


@pytest.mark.parametrize("box,symmetry", [((2, 3), "mirror"), ((2, 2), "rot90"),
                                          ((3, 3), "rot180")])
def test_several_orders_in_one_call_stop_at_the_first_minimal_dig(box, symmetry):
    """``dig_orders``: each order dug as the Python dig digs it (the backtracker counting
    to two), the witnesses kept from earlier orders of the grid change no answer, and
    the call stops at the first order whose puzzle is minimal clue by clue (asked of the
    backtracker), else returns the last."""
    import random

    from sudoku_cp.generate import _dig_in_order, _orbits, full_grid, is_minimal, shuffled

    g = geometry(*box)
    orbits = _orbits(g, symmetry)
    rng = random.Random(4)
    stops = set()
    for _ in range(4 if g.n < 9 else 1):
        grid = full_grid(box, rng)
        orders = [shuffled(len(orbits), rng) for _ in range(6)]
        givens, tried_all, minimal, k = fast.dig_orders(grid, g, orbits, orders, minimal=True)
        for i, numbers in enumerate(orders):
            expected, _, _ = _dig_in_order(grid, g, [orbits[j] for j in numbers], None,
                                           "backtrack")
            answer = is_minimal(Board(g, expected), "backtrack")
            if answer or i == len(orders) - 1:
                break
        assert (k, givens, tried_all, minimal) == (i, expected, True, answer)
        stops.add(k)
    if g.n < 9:
        assert len(stops) > 1  # stopped early and late


def test_the_compiled_dig_on_a_25x25_board_agrees_with_counting_to_two():
    """Above 16x16 the dig's searches keep the counting search's locked candidates: the
    same puzzle as a removal loop that asks ``solve(limit=2)`` (the counting search) at
    each step, deep enough that searches both find witnesses and find nothing."""
    import random

    from sudoku_cp.generate import full_grid, shuffled

    g = geometry(5, 5)
    rng = random.Random(2)
    grid = full_grid((5, 5), rng)
    order = [(c,) for c in shuffled(g.ncells, rng)]
    givens, tried_all = fast.dig(grid, g, order, 300)
    stats = fast._reused_scratch(fast.tables(g)).dig_result.tolist()
    assert stats[8] > 10 and stats[9] > 3  # searches that found nothing, and a witness
    dug, count = list(grid), g.ncells
    for (cell,) in order:
        if count - 1 < 300:
            continue
        trial = list(dug)
        trial[cell] = 0
        r = solve(Board(g, tuple(trial)), "fast", limit=2)
        if r.exhausted and len(r.solutions) == 1:
            dug, count = trial, count - 1
    assert (givens, tried_all) == (tuple(dug), False)


def test_import_stays_light_and_the_cache_works_when_the_package_is_read_only(tmp_path):
    # A copy of the package whose directory counts as read-only: the compiled code must
    # be cached under the user's cache directory, and nothing written beside the code.
    # The first process compiles with numba and stores the object code; the second loads
    # it without importing numba at all (numba is made unimportable there) and solves.
    copy = tmp_path / "site"
    src = Path(fast.__file__).resolve().parents[3] / "sudoku_cp"
    subprocess.run(["cp", "-r", str(src), str(copy / "sudoku_cp")], check=False,
                   capture_output=True) if copy.mkdir() is None else None
    for pycache in (copy / "sudoku_cp").rglob("__pycache__"):
        subprocess.run(["rm", "-rf", str(pycache)], check=True)
    cache_home = tmp_path / "cache"
    script = (
        "import sys\n"
        "if sys.argv[1] == 'second':\n"
        "    sys.modules['numba'] = None  # importing numba now fails\n"
        "import sudoku_cp\n"
        "assert sys.modules.get('numba') is None, 'import sudoku_cp imported numba'\n"
        "from sudoku_cp.backends.fast import backend as fast\n"
        "assert sys.modules.get('numba') is None\n"
        "from sudoku_cp import Board, is_solution, solve\n"
        "board = Board.parse('.' * 17 + '1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...')\n"
        "r = solve(board, 'fast', limit=2)\n"
        "assert r.exhausted and len(r.solutions) == 1 and is_solution(board, r.solution)\n"
        "print(fast.cache_dir(), fast.engine().source)\n"
        "if sys.argv[1] == 'first':\n"
        "    print(fast.kernels().run._cache._cache_path)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(copy), "XDG_CACHE_HOME": str(cache_home)}
    env.pop("NUMBA_CACHE_DIR", None)
    env.pop("SUDOKU_CP_FAST_NATIVE", None)
    os.chmod(copy / "sudoku_cp" / "backends" / "fast", 0o555)
    try:
        first, second = (subprocess.run([sys.executable, "-c", script, which], env=env,
                                        capture_output=True, text=True, timeout=300)
                         for which in ("first", "second"))
    finally:
        os.chmod(copy / "sudoku_cp" / "backends" / "fast", 0o755)
    assert first.returncode == 0, first.stderr
    where, source, numba_path = first.stdout.split()
    key = compiled_cache.sources_key()  # the folder of this kernels' source
    assert Path(where) == cache_home / "sudoku_cp" / "numba" / key and source == "numba"
    assert Path(numba_path).is_relative_to(cache_home / "sudoku_cp" / "numba")
    assert len(list(Path(where).glob("fast-*.o"))) == 1  # the stored object code
    assert second.returncode == 0, second.stderr
    assert second.stdout.split() == [where, "cache"]  # loaded without numba
    assert not (copy / "sudoku_cp" / "backends" / "fast" / "__pycache__").exists() or not any(
        (copy / "sudoku_cp" / "backends" / "fast" / "__pycache__").glob("*.nb*"))


def test_a_missing_numba_names_the_extra(monkeypatch):
    monkeypatch.setattr(fast, "_kernels", None)
    monkeypatch.setitem(sys.modules, "numba", None)  # import numba now fails
    with pytest.raises(ImportError, match=r'pip install "sudoku-cp\[fast\]"'):
        fast.kernels()


def test_the_batch_hook_writes_the_records_of_the_generic_path():
    import json

    from sudoku_cp.batch import check_chunk as batch_chunk
    from sudoku_cp.pipeline import check_items

    def check_chunk(chunk, backends, time_limit):
        return [(c.verdict, c.line) for c in batch_chunk(chunk, backends, time_limit)]

    def check_chunk_fast(chunk, time_limit):  # the bulk road of the pipeline
        return [(c.verdict, c.line) for c in check_items(chunk, ["fast"], time_limit)]

    lines = load("17clue_sample.txt")[:3] + ["." * 81, "55" + "." * 79]
    boards = [board_of(line) for line in lines]
    chunk = [("in.txt", i + 1, i + 1, b.givens, b.box, b.geometry.extra,
              b.givens if i == 1 else None) for i, b in enumerate(boards)]
    chunk.append(("in.txt", 9, 9, boards[0].givens, (3, 3), ((0, 10, 20),), None))  # a variant
    generic = check_chunk(chunk, ["sat"], None)  # the generic path, another backend
    hooked = check_chunk_fast(chunk, None)
    assert [v for v, _ in hooked] == [v for v, _ in generic] == \
        ["unique", "mismatch", "unique", "multiple", "none", "unique"]  # 2: a wrong stated solution
    for (_, ours), (_, theirs) in zip(hooked, generic):
        a, b = json.loads(ours), json.loads(theirs)
        assert list(a) == list(b)  # the same keys in the same order (resume reads the prefix)
        assert a["backends"]["fast"]["claim"] == b["backends"]["sat"]["claim"]
        for key in ("line", "source", "index", "puzzle", "box", "expected_solution", "error"):
            assert a.get(key) == b.get(key)
        assert len(a["solutions"]) == len(b["solutions"])
        if a["verdict"] == "unique":
            assert a["solution"] == b["solution"]
    timed = check_chunk_fast(chunk, 30.0)
    assert [v for v, _ in timed] == [v for v, _ in hooked]


def test_more_than_128_houses_take_the_general_path_of_the_house_bitset():
    """On a 6x6 board with 120 extra houses of six cells (138 in all: three words of
    house bits, where boards up to 36x36 need one or two), every count agrees with
    ``sat``, with houses of n cells in every word, the last included."""
    import random

    rng = random.Random(7)
    box = (2, 3)
    n = 6
    grid = pattern_grid(*box)
    where = {v: [c for c in range(n * n) if grid[c] == v] for v in range(1, n + 1)}
    extra = set()
    while len(extra) < 120:  # six cells, one of each value: the grid keeps them distinct
        extra.add(tuple(sorted(rng.choice(where[v]) for v in range(1, n + 1))))
    g = geometry(*box).with_houses(sorted(extra))
    t = fast.tables(g)
    assert t.words == 3 and t.full_houses[2] != 0
    seen = set()
    for k in range(12):
        blank = (0.7, 0.85)[k % 2]  # the emptier boards need guesses
        givens = [0 if rng.random() < blank else v for v in grid]
        if k % 3 == 2:  # a planted wrong value: often no solution at all
            c = rng.randrange(n * n)
            givens[c] = grid[c] % n + 1
        board = Board(g, tuple(givens))
        ours = solve(board, "fast", limit=2)
        assert all(is_solution(board, s) for s in ours.solutions)
        assert counted(ours) == counted(solve(board, "sat", limit=2)), givens
        seen.add((len(ours.solutions), ours.stats["guesses"] > 0))
    assert {(0, False), (1, False), (2, True)} <= seen  # every verdict, and guessing
