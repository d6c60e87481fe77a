"""Compiled code is kept in the user's cache directory, never beside the package.

numba's default (``__pycache__`` beside the source) wrote into an installed
``site-packages/sudoku_cp``; a later ``pip install -e .`` left that folder behind and
it shadowed the editable package (issue 27).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudoku_cp import compiled_cache
from sudoku_cp.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_the_cache_is_the_users_even_when_the_package_folder_is_writable(monkeypatch, tmp_path):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "platform", "linux")
    assert os.access(ROOT / "sudoku_cp", os.W_OK)  # writable here, and still not used
    key = compiled_cache.sources_key()
    assert compiled_cache.cache_dir() == tmp_path / "sudoku_cp" / "numba" / key
    from sudoku_cp.backends import fast

    assert fast.cache_dir() == tmp_path / "sudoku_cp" / "numba" / key
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))  # the user's choice wins
    assert fast.cache_dir() == tmp_path / "mine"


def test_new_kernel_source_is_a_new_cache_folder():
    # numba checks only a cached function's own file: the research kernels, which inline
    # fast's, once ran stale copies after fast's kernels changed. The folder follows them.
    key = compiled_cache.sources_key()
    assert len(key) == 12 and key == compiled_cache.sources_key(compiled_cache.SHARED_SOURCES)
    assert compiled_cache.sources_key(("compiled_cache.py",)) != key  # another source
    assert compiled_cache.sources_key(("no/such/file.py",)) != key


def _compiled(path: Path) -> bool:
    """True for a module of numba-compiled functions (``@njit``, ``@intrinsic``)."""
    text = path.read_text(encoding="utf-8")
    return "@njit" in text or "@intrinsic" in text


def test_every_compiled_module_another_one_calls_is_a_shared_source():
    # A compiled function inlines what it calls from another file, and numba would not
    # compile it again when only that file changed (fastvar's kernel, split in three).
    import ast

    package = ROOT / "sudoku_cp"
    called = set()
    for path in package.rglob("*.py"):
        if not _compiled(path):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.level:
                    base = path.parent
                    for _ in range(node.level - 1):
                        base = base.parent
                    target = base.joinpath(*node.module.split(".")).with_suffix(".py")
                elif node.module.startswith("sudoku_cp."):
                    target = ROOT.joinpath(*node.module.split(".")).with_suffix(".py")
                else:
                    continue
                if target.is_file() and _compiled(target) and target != path:
                    called.add(target.relative_to(package).as_posix())
    assert {"variants/fastvar/varbase.py", "variants/fastvar/varclues.py"} <= called
    assert called <= set(compiled_cache.SHARED_SOURCES), called - set(compiled_cache.SHARED_SOURCES)


def test_a_change_in_any_shared_source_is_a_new_folder(monkeypatch, tmp_path):
    for name in compiled_cache.SHARED_SOURCES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes((ROOT / "sudoku_cp" / name).read_bytes())
    monkeypatch.setattr(compiled_cache, "__file__", str(tmp_path / "compiled_cache.py"))
    key = compiled_cache.sources_key.__wrapped__  # (not the cached answer)
    before = key(compiled_cache.SHARED_SOURCES)
    for name in compiled_cache.SHARED_SOURCES:
        with open(tmp_path / name, "a", encoding="utf-8") as f:
            f.write("# changed\n")
        after = key(compiled_cache.SHARED_SOURCES)
        assert after != before, name
        before = after


def test_numba_reads_the_folder_prepare_sets(tmp_path):
    pytest.importorskip("numba", reason="numba is not installed (the fast extra)")
    code = ("from sudoku_cp import compiled_cache as c; c.prepare(); import numba; "
            "print(numba.config.CACHE_DIR)")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("NUMBA_CACHE_DIR", None)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True, timeout=120).stdout
    folder = tmp_path / "sudoku_cp" / "numba" / compiled_cache.sources_key()
    assert Path(out.strip()) == folder and folder.is_dir()


def test_a_cold_cache_is_told(monkeypatch, tmp_path):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    said = []
    monkeypatch.setattr(compiled_cache, "notify", said.append)
    assert compiled_cache.is_cold("kernels.")
    compiled_cache.notice("the fast engine", 25)
    assert len(said) == 1 and "compiling the fast engine once" in said[0]
    assert str(tmp_path) in said[0] and "warm-up" in said[0]
    (tmp_path / "deep" / "dir").mkdir(parents=True)
    (tmp_path / "deep" / "dir" / "_canon_kernels.run-9.py311.nbi").write_bytes(b"")  # not fast's
    assert compiled_cache.is_cold("kernels.")
    (tmp_path / "deep" / "dir" / "kernels.run-78.py311.nbi").write_bytes(b"")
    assert not compiled_cache.is_cold("kernels.") and compiled_cache.is_cold("_kernel.")


def test_a_first_compile_shows_its_progress_and_says_when_it_is_done(monkeypatch, tmp_path):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    said, ticks = [], []
    monkeypatch.setattr(compiled_cache, "notify", said.append)
    monkeypatch.setattr(compiled_cache, "progress", ticks.append)
    monkeypatch.setattr(compiled_cache, "TICK", 0.01)
    with compiled_cache.compiling("the fast engine", 70):
        deadline = time.monotonic() + 10
        while len(ticks) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
    assert len(ticks) >= 3 and all("compiling the fast engine: " in t for t in ticks)
    assert len(said) == 2 and "about 70 s" in said[0]
    assert said[1].startswith("sudoku-cp: compiled the fast engine in ")
    count = len(ticks)
    time.sleep(0.05)
    assert len(ticks) == count  # the ticker stopped with the block


def test_a_warm_cache_or_a_quiet_caller_hears_nothing(monkeypatch):
    said = []
    monkeypatch.setattr(compiled_cache, "notify", said.append)
    monkeypatch.setattr(compiled_cache, "progress", said.append)
    with compiled_cache.compiling("the fast engine", 70, cold=False):
        pass
    monkeypatch.setattr(compiled_cache, "notify", None)
    with compiled_cache.compiling("the fast engine", 70):
        pass
    assert said == []


def test_warm_up_compiles_both_and_says_where(capsys):
    pytest.importorskip("numba", reason="numba is not installed (the fast extra)")
    assert main(["warm-up"]) == 0
    out = capsys.readouterr().out
    assert "fast engine" in out and "DRAT checker" in out
    assert f"kept in {compiled_cache.cache_dir()}" in out
