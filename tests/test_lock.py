"""One writer per results file: two runs on one ``--out`` at once, and stale locks.

The concurrent test is the one that found the bug: two ``check --resume`` runs on one
half-done results file, started in the same instant. Without a lock both worked the
same puzzles and the file got garbled lines; now one is refused (exit 2, one line that
names the file and the holder's pid) and the file holds every input exactly once.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from sudoku_cp.lock import FileBusyError, hold

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent
PUZZLES = [line for line in (DATA / "17clue_sample.txt").read_text().splitlines()
           if line and not line.startswith("#")]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes and flock")


def run_cli(*args, **kw) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "sudoku_cp", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def test_second_holder_refused_with_pid_then_free_after_release(tmp_path):
    path = str(tmp_path / "r.jsonl")
    first = hold(path)
    with pytest.raises(FileBusyError) as info:
        hold(path)
    assert path in str(info.value) and f"pid {os.getpid()}" in str(info.value)
    first.release()
    with hold(path):  # free again
        pass
    assert not os.path.exists(path + ".lock")


def test_stale_lock_of_a_killed_process_does_not_block(tmp_path):
    path = str(tmp_path / "r.jsonl")
    code = ("import sys, time; from sudoku_cp.lock import hold; hold(sys.argv[1]); "
            "print('held', flush=True); time.sleep(60)")
    child = subprocess.Popen([sys.executable, "-c", code, path], stdout=subprocess.PIPE,
                             text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        assert child.stdout.readline().strip() == "held"
        with pytest.raises(FileBusyError, match=f"pid {child.pid}"):
            hold(path)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert os.path.exists(path + ".lock")  # left behind by the killed holder ...
    with hold(path):  # ... and blocking nothing
        assert open(path + ".lock").read().strip() == str(os.getpid())


def test_two_concurrent_resumes_one_refused_file_whole(tmp_path):
    puzzles = tmp_path / "in.txt"
    lines = [PUZZLES[i % len(PUZZLES)] for i in range(1200)]
    puzzles.write_text("\n".join(lines) + "\n")
    results = tmp_path / "r.jsonl"
    common = ["check", "-f", str(puzzles), "--out", str(results), "--backends", "backtrack",
              "--workers", "1", "--no-progress"]
    first = run_cli(*common)
    first.communicate(timeout=600)
    assert first.returncode == 0
    # half done, with a partial last line, as a killed run leaves it
    kept = results.read_bytes().split(b"\n")[:301]
    results.write_bytes(b"\n".join(kept) + b"\n" + kept[-1][:40])

    runs = [run_cli(*common, "--resume") for _ in range(2)]
    outs = [p.communicate(timeout=600) for p in runs]
    codes = sorted(p.returncode for p in runs)
    assert codes == [0, 2], (codes, outs)
    refused = outs[[p.returncode for p in runs].index(2)][1]
    assert "Traceback" not in refused
    assert refused.count("\n") == 1 and str(results) in refused and "pid " in refused

    records = [json.loads(line) for line in results.read_text().splitlines()[1:]]
    assert Counter(r["line"] for r in records) == Counter(range(1, 1201))
    assert not os.path.exists(str(results) + ".lock")


def test_a_batch_run_from_the_library_holds_its_results_file(tmp_path):
    """The lock belongs to the batch library, not to the command line: a script that
    drives ``BatchRun`` itself gets the same one writer per results file."""
    from sudoku_cp.batch import BatchJob, BatchRun
    from sudoku_cp.parse import parse_many

    out = str(tmp_path / "r.jsonl")
    entries = [("<argument>", e) for e in parse_many("\n".join(PUZZLES[:3]))]
    job = BatchJob(entries, {"<argument>": {"sha256": "-", "lines": 3}}, out,
                   backends=["backtrack"])
    run = BatchRun(job)
    with pytest.raises(FileBusyError, match="pid"):
        BatchRun(BatchJob([], job.inputs, out))  # a second run on the same file, at once
    run.go()  # the run ends: the file is free again, and holds the three results
    with BatchRun(BatchJob([], job.inputs, out, resume=True)) as again:
        assert sum(again.before.values()) == 3


# -- certificate directories (``check --certify DIR``, ``certify make --out DIR``) ---------
def test_second_certifier_on_one_directory_refused_until_the_first_closes(tmp_path):
    from sudoku_cp.certify.make import MANIFEST
    from sudoku_cp.certify.writer import Certifier

    directory = str(tmp_path / "certs")
    first = Certifier(directory)
    with pytest.raises(FileBusyError) as info:
        Certifier(directory, append=True)
    assert MANIFEST in str(info.value) and f"pid {os.getpid()}" in str(info.value)
    first.close()
    with Certifier(directory, append=True):  # free again
        pass
    assert os.listdir(directory) == []  # no lock file left in the directory


def test_check_certify_on_a_directory_another_run_writes_exits_2(tmp_path):
    from sudoku_cp.certify.make import MANIFEST

    directory = tmp_path / "certs"
    directory.mkdir()
    code = ("import sys, time; from sudoku_cp.lock import hold; hold(sys.argv[1]); "
            "print('held', flush=True); time.sleep(60)")
    holder = subprocess.Popen([sys.executable, "-c", code, str(directory / MANIFEST)],
                              stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        assert holder.stdout.readline().strip() == "held"
        for args in (["check", PUZZLES[0], "--certify", str(directory)],
                     ["certify", "make", PUZZLES[0], "--out", str(directory)]):
            second = run_cli(*args, "--backends", "sat")
            out, err = second.communicate(timeout=120)
            assert second.returncode == 2, (args, out, err)
            assert err.count("\n") == 1 and "Traceback" not in err
            assert str(directory) in err and f"pid {holder.pid}" in err
    finally:
        holder.kill()
        holder.wait()
    assert not (directory / MANIFEST).exists()  # nothing written by the refused runs
