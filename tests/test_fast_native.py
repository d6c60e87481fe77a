"""The fast backend's stored object code: loaded only when it is whole and linkable.

The main path (a first process stores, a second loads without numba) is in
tests/test_fast.py; here the ways a stored file must be refused, and the switch.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

pytest.importorskip("numba", reason="the fast backend needs numba (the fast extra)")

from sudoku_cp.backends.fast import backend as fast, native as fast_native  # noqa: E402
from sudoku_cp.board import Board  # noqa: E402
from sudoku_cp.check import is_solution  # noqa: E402


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """A directory holding this machine's object file and index (stored if need be)."""
    fast.engine()
    key = fast_native.cache_key()
    obj, index = fast_native._paths(fast.cache_dir(), key)
    if not index.exists():  # e.g. SUDOKU_CP_FAST_NATIVE=0 in this process
        assert fast_native.store(fast.kernels().compile_entries, fast.cache_dir())
    directory = tmp_path_factory.mktemp("stored")
    shutil.copy(obj, directory)
    shutil.copy(index, directory)
    return directory, key


def copy_of(stored, tmp_path):
    directory, key = stored
    for f in directory.iterdir():
        shutil.copy(f, tmp_path)
    return fast_native._paths(tmp_path, key)


def test_a_whole_file_loads_and_solves(stored):
    functions = fast_native.load(*stored)
    assert set(functions) == set(fast_native.ENTRIES)
    board = Board.parse("." * 17 + "1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...")
    r = fast.FastBackend(fast._Engine(functions, "cache")).solve(board, limit=2)
    assert r.exhausted and len(r.solutions) == 1 and is_solution(board, r.solution)


def test_a_changed_byte_is_refused(stored, tmp_path):
    obj, _ = copy_of(stored, tmp_path)
    code = bytearray(obj.read_bytes())
    code[len(code) // 2] ^= 0xFF
    obj.write_bytes(bytes(code))
    assert fast_native.load(tmp_path, stored[1]) is None


def test_a_symbol_nobody_provides_is_refused_before_llvm_sees_it(stored, tmp_path):
    _, index = copy_of(stored, tmp_path)
    data = json.loads(index.read_text())
    data["externals"].append("no_such_symbol_anywhere")
    index.write_text(json.dumps(data))
    assert fast_native.load(tmp_path, stored[1]) is None


def test_another_key_or_no_file_is_a_miss(stored, tmp_path):
    assert fast_native.load(stored[0], "0" * 32) is None
    assert fast_native.load(tmp_path, stored[1]) is None


def test_the_numba_runtime_names_are_only_the_unreachable_error_path(stored):
    # Everything the object needs from outside is Python's C API or one of the stubs:
    # if a kernel change brought in an allocation or a reshape, numba's runtime would
    # show up here (and the file would not load without numba).
    index = json.loads(fast_native._paths(*stored)[1].read_text())
    outside = [name for name in index["externals"]
               if not name.startswith(("Py", "_Py")) and name not in fast_native.STUBS]
    assert outside == []


def test_the_switch_turns_the_stored_code_off():
    script = ("from sudoku_cp.backends.fast import backend as fast\n"
              "from sudoku_cp import Board, solve\n"
              "assert solve(Board.empty((2, 2)), 'fast', limit=300).count == '288'\n"
              "print(fast.engine().source)\n")
    got = {}
    for value in ("0", "1"):
        env = {**os.environ, "SUDOKU_CP_FAST_NATIVE": value}
        out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                             text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        got[value] = out.stdout.strip()
    assert got == {"0": "numba", "1": "cache"}


def test_a_store_that_fails_is_not_tried_again(tmp_path, monkeypatch):
    calls = []

    def broken(cache=True):
        calls.append(cache)
        raise RuntimeError("no compiler today")

    assert fast_native.store_once(broken, tmp_path) is None
    assert fast_native.store_once(broken, tmp_path) is None
    assert calls == [False]  # the second process (call) saw the marker
    marker, = tmp_path.glob("fast-*.failed")
    assert "no compiler today" in marker.read_text()
    # a day later the failure may have passed: the next process tries once more
    old = marker.stat().st_mtime - fast_native.RETRY_AFTER - 60
    os.utime(marker, (old, old))
    assert fast_native.store_once(broken, tmp_path) is None
    assert calls == [False, False]
    assert marker.stat().st_mtime > old  # and the marker is fresh again


def test_a_store_sweeps_the_trial_directories_of_killed_processes(tmp_path, monkeypatch):
    """A process killed while storing leaves its ``.trial-*`` directory; the next store
    removes such directories once they are an hour old, and no younger one."""
    stale, live = tmp_path / ".trial-abc-1", tmp_path / ".trial-abc-2"
    for trial in (stale, live):
        trial.mkdir()
        (trial / "fast-abc.o").write_bytes(b"half an object")
    old = stale.stat().st_mtime - fast_native.STALE_TRIAL - 60
    os.utime(stale, (old, old))

    def broken(cache=True):
        raise RuntimeError("no compiler today")

    with pytest.raises(RuntimeError):  # store itself raises (store_once would not)
        fast_native.store(broken, tmp_path)
    assert not stale.exists() and live.exists()


def test_a_first_process_stores_the_code_it_compiled_without_compiling_again(tmp_path):
    """The first run on a machine compiles the entry points (numba's cache is cold), and
    ``store`` reads their modules from those cfuncs; a second compile is asked for only
    when numba loaded them from its cache (then it cannot show their modules)."""
    calls = []

    def compile_entries(cache=True):
        calls.append(cache)
        return fast.kernels().compile_entries(cache=False)

    fresh = fast.kernels().compile_entries(cache=False)  # compiled here, as on a cold cache
    assert fast_native.store(compile_entries, tmp_path, fresh)
    assert calls == []
    assert fast_native.load(tmp_path) is not None
    fast.kernels().compile_entries()  # numba's cache now has them, so these are loaded
    loaded = fast.kernels().compile_entries()
    assert fast_native._readable(loaded) is None
    assert fast_native.store(compile_entries, tmp_path / "again", loaded)
    assert calls == [False]
