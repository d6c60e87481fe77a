"""How the ``sudoku-cp`` program ends (``cli.app.entry``): without the interpreter's
teardown when it is the program alone, yet with its ``atexit`` functions run, its output
flushed and its exit code; with the ordinary exit under a profiler."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: A program that runs ``entry`` with an atexit function and an object whose finalizer
#: speaks only if the interpreter tears the modules down.
PROGRAM = """
import atexit, os, sys
class Loud:
    def __del__(self, write=os.write):
        write(1, b"torn down\\n")
loud = Loud()
atexit.register(lambda: print("atexit ran"))
if {profiled}:
    sys.setprofile(lambda *a: None)
sys.argv = ["sudoku-cp", *{argv!r}]
from sudoku_cp.cli import entry
entry()
"""


def _run(argv, profiled=False):
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    code = PROGRAM.format(argv=argv, profiled=profiled)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env=env, cwd=ROOT)


@pytest.mark.parametrize("argv, code", [
    (["check", "1..." "...2" "..4." ".3..", "--backends", "backtrack", "--format", "line"], 0),
    (["check", "1.1." + "." * 12, "--box", "2x2", "--backends", "backtrack"], 1),
    (["check", "1..."], 2),
])
def test_the_program_ends_at_once_with_its_output_code_and_atexit(argv, code):
    done = _run(argv)
    assert done.returncode == code, done.stderr
    assert "atexit ran" in done.stdout and "torn down" not in done.stdout
    if code == 0:
        assert done.stdout.splitlines()[0].endswith("unique\t1234341221434321")


def test_under_a_profiler_the_ordinary_exit():
    done = _run(["check", "1..." "...2" "..4." ".3..", "--backends", "backtrack"], profiled=True)
    assert done.returncode == 0, done.stderr
    assert "atexit ran" in done.stdout and "torn down" in done.stdout
