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


def test_a_compile_in_the_background_runs_once_detached_and_logs(monkeypatch, tmp_path):
    """A default check that leaves fast out starts its compile in the background: one
    process at a time (a second call while it runs starts none), detached from the
    caller, its output in warm-up.log; a pid file of a run that has ended is cleared."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv(compiled_cache.BACKGROUND_ENV, "1")
    script = ("import os, sys, time; print('pid', os.getpid(), 'session', os.getsid(0), "
              "'env', os.environ['SUDOKU_CP_BACKGROUND_COMPILE'], flush=True); time.sleep(3)")
    monkeypatch.setattr(compiled_cache, "BACKGROUND_COMMAND", ["-c", script])
    log = compiled_cache.in_background()
    assert log == tmp_path / "warm-up.log"
    pid = int((tmp_path / "warm-up.pid").read_text())
    assert compiled_cache.in_background() == log  # running: no second process
    assert int((tmp_path / "warm-up.pid").read_text()) == pid
    deadline = time.monotonic() + 30
    while "session" not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    words = log.read_text().split()
    assert words[1] == str(pid) and words[3] == str(pid)  # a session of its own
    assert words[5] == "0"  # and it never starts another one itself
    os.waitpid(pid, 0)  # (ended: the next call starts a fresh one)
    assert compiled_cache.in_background() == log
    assert int((tmp_path / "warm-up.pid").read_text()) != pid
    monkeypatch.setenv(compiled_cache.BACKGROUND_ENV, "0")
    (tmp_path / "warm-up.pid").unlink()
    assert compiled_cache.in_background() is None and not (tmp_path / "warm-up.pid").exists()


def test_a_default_variant_check_without_compiled_code_says_it_compiles_in_the_background(
        monkeypatch, tmp_path):
    from sudoku_cp.backends.fast import backend as fast_backend
    from sudoku_cp.variants import fast as variant_fast
    from sudoku_cp.variants.fastvar import engine as fastvar_engine

    started = []
    monkeypatch.setattr(fast_backend, "warm", lambda: False)
    monkeypatch.setattr(fastvar_engine, "warm", lambda: True)
    monkeypatch.setattr(compiled_cache, "in_background",
                        lambda: started.append(1) or tmp_path / "warm-up.log")
    why = variant_fast.not_ready()
    assert started == [1] and "compiled in the background now" in why
    assert str(tmp_path / "warm-up.log") in why
    monkeypatch.setattr(compiled_cache, "in_background", lambda: None)
    assert "`sudoku-cp warm-up` compiles it once" in variant_fast.not_ready()


def test_a_warm_cache_is_remembered_a_cold_one_asked_again(monkeypatch, tmp_path):
    """``is_cold`` keeps a warm answer for the process (a default check asks before every
    puzzle, and the walk of a large cache cost milliseconds); a cold one is asked again,
    as a compile in the background may end meanwhile; another folder is its own."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "a"))
    (tmp_path / "a" / "deep").mkdir(parents=True)
    assert compiled_cache.is_cold("varkernel.")
    (tmp_path / "a" / "deep" / "varkernel.run-1.py311.nbi").write_bytes(b"")
    assert not compiled_cache.is_cold("varkernel.")  # (the cold answer was not kept)
    walks = []
    monkeypatch.setattr(Path, "rglob", lambda self, pattern: walks.append(self) or iter(()))
    assert not compiled_cache.is_cold("varkernel.") and walks == []  # kept: no walk
    assert compiled_cache.is_cold("kernels.") and len(walks) == 1  # another stem: walked
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "b"))
    assert compiled_cache.is_cold("varkernel.") and len(walks) == 2  # another folder
