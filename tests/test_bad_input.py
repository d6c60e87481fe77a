"""Bad input through the command line: one class of bad line per test (issue 9).

Each test writes a file with valid puzzles around the bad line(s) and asserts the exit
code (2: input), one stderr line per bad line naming file and line, and that every valid
puzzle of the file still has its result line, in each command that reads puzzles.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


def puzzles(name: str) -> list[str]:
    return [line.strip() for line in open(DATA / name)
            if line.strip() and not line.startswith("#")]


# 20 from tests/data/17clue_sample.txt and 10 from tests/data/top95_sample.txt: 30 valid.
VALID = puzzles("17clue_sample.txt")[:20] + puzzles("top95_sample.txt")[:10]


def run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "sudoku_cp", *args], capture_output=True,
                          env=env, timeout=300)


def results(stdout: bytes) -> list[dict]:
    records = [json.loads(line) for line in stdout.decode().splitlines() if line.strip()]
    return [r for r in records if "verdict" in r]  # a batch's first line is its header


def assert_all_reported(records: list[dict], valid: list[str], bad: int) -> None:
    """Every valid puzzle has its result; each bad line one 'invalid' record."""
    done = [r["puzzle"] for r in records if r.get("verdict") != "invalid"]
    assert sorted(done) == sorted(valid)
    assert sum(r.get("verdict") == "invalid" for r in records) == bad


def assert_stderr(proc: subprocess.CompletedProcess, path: Path, bad_lines: list[int]) -> None:
    lines = [line for line in proc.stderr.decode().splitlines() if f"{path}:" in line]
    assert [int(line.split(":")[1]) for line in lines] == bad_lines, proc.stderr
    assert "Traceback" not in proc.stderr.decode()


def write(tmp_path: Path, lines: list[bytes | str]) -> Path:
    path = tmp_path / "puzzles.txt"
    path.write_bytes(b"\n".join(x if isinstance(x, bytes) else x.encode() for x in lines)
                     + b"\n")
    return path


@pytest.mark.parametrize("command", [["solve", "--json"], ["check", "--json"],
                                     ["grade", "--json"]])
def test_title_line_does_not_swallow_puzzles(tmp_path, command):
    """The issue's case: a title that looks like a grid row, then 30 valid puzzles."""
    path = write(tmp_path, ["Set A | hard | 2024", *VALID])
    proc = run(*command, "-f", str(path))
    assert proc.returncode == 2
    assert_all_reported(results(proc.stdout), VALID, bad=1)
    assert_stderr(proc, path, [1])


def test_title_line_in_a_batch_keeps_every_result(tmp_path):
    path = write(tmp_path, ["Set A | hard | 2024", *VALID])
    out = tmp_path / "r.jsonl"
    proc = run("check", "-f", str(path), "--out", str(out), "--workers", "1", "--no-progress")
    assert proc.returncode == 2, proc.stderr
    assert_all_reported(results(out.read_bytes()), VALID, bad=1)


@pytest.mark.parametrize("space", ["\u00a0", "\v", "\u3000"])
def test_cells_separated_by_unusual_spaces(tmp_path, space):
    """81 cells separated by a no-break space, a vertical tab or U+3000 are a puzzle."""
    lines = [space.join(VALID[0]), *VALID[1:6]]
    proc = run("check", "--json", "--backends", "sat", "-f", str(write(tmp_path, lines)))
    assert proc.returncode == 0, proc.stderr
    assert_all_reported(results(proc.stdout), VALID[:6], bad=0)


@pytest.mark.parametrize("command", [["solve", "--json"], ["check", "--json"],
                                     ["grade", "--json"]])
def test_a_line_that_is_not_utf8(tmp_path, command):
    path = write(tmp_path, [VALID[0], b"caf\xe9 " + VALID[1].encode(), *VALID[2:6]])
    proc = run(*command, "-f", str(path))
    assert proc.returncode == 2
    assert_all_reported(results(proc.stdout), [VALID[0], *VALID[2:6]], bad=1)
    assert_stderr(proc, path, [2])
    assert "not valid UTF-8 (byte 0xE9 at column 4)" in proc.stderr.decode()


def test_not_utf8_on_stdin_in_a_batch(tmp_path):
    data = b"\n".join([VALID[0].encode(), b"\xff\xfe", VALID[1].encode()]) + b"\n"
    out = tmp_path / "r.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "sudoku_cp", "check", "--out", str(out),
                           "--workers", "1", "--no-progress"], input=data, capture_output=True,
                          env=env, timeout=300)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr.decode()
    assert_all_reported(results(out.read_bytes()), VALID[:2], bad=1)


def test_board_above_the_size_limit(tmp_path):
    """A 10,000-character line is a 100x100 board: refused, one line, the rest runs."""
    path = write(tmp_path, [VALID[0], "." * 10_000, VALID[1]])
    out = tmp_path / "r.jsonl"
    proc = run("check", "-f", str(path), "--out", str(out), "--workers", "1", "--no-progress")
    assert proc.returncode == 2
    records = results(out.read_bytes())
    assert_all_reported(records, VALID[:2], bad=1)
    [bad] = [r for r in records if r["verdict"] == "invalid"]
    assert "100x100" in bad["error"] and "--max-size" in bad["error"]


def test_max_size_sets_the_limit():
    """--max-size N reads boards up to NxN: 9 reads a 9x9 puzzle, 8 refuses it."""
    proc = run("solve", "--json", "--max-size", "9", VALID[0])
    assert proc.returncode == 0, proc.stderr
    proc = run("solve", "--json", "--max-size", "8", VALID[0], VALID[1])
    assert proc.returncode == 2
    assert [r["verdict"] for r in results(proc.stdout)] == ["invalid", "invalid"]
    assert "above the size limit of 8" in proc.stderr.decode()
    assert run("solve", "--max-size", "0", VALID[0]).returncode == 2
