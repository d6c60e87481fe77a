"""The page's fork server runs in a session of its own, so a terminal's Ctrl-C never reaches it
(``gui/forkserver_session.py``); its workers still start warm and do their work."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from sudoku_cp.gui import forkserver_session

ROOT = Path(__file__).resolve().parent.parent

# In a fresh process: the fork server is one per process, and this test must see its launch.
SCRIPT = r"""
import os, sys
from multiprocessing import forkserver
from sudoku_cp import Board
from sudoku_cp.gui.jobs import Jobs

jobs = Jobs(1)
jobs.warm()
worker = jobs._idle[0].proc.pid
server = forkserver._forkserver._forkserver_pid
answer = jobs.run("solve", (Board.parse(".4.3" "3..." ".2.." "...4"), 2, "sat", 10.0), timeout=60)
jobs.stop_all()
jobs.stop_fork_server()
print(os.getsid(0), os.getpgid(0), server, os.getsid(server), os.getpgid(server),
      worker, os.getsid(worker), answer["status"])
"""


def test_this_python_launches_the_fork_server_the_way_forkserver_session_assumes():
    # Fails loudly on a Python whose multiprocessing launches its fork server another way:
    # the page would then fall back to the stock launch, in reach of the terminal's Ctrl-C.
    assert forkserver_session.supported()


def test_the_fork_server_and_its_workers_are_in_a_session_of_their_own():
    run = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert run.returncode == 0, run.stderr
    sid, pgid, server, server_sid, server_pgid, worker, worker_sid, status = run.stdout.split()
    assert server_sid == server_pgid == server != sid  # a session (and group) of its own
    assert server_pgid != pgid
    assert worker_sid == server  # forked by it: in its session, not in the page's group
    assert status == "solved"


def test_where_the_internals_differ_the_stock_launch_is_used(monkeypatch):
    from multiprocessing import forkserver

    launched = []
    monkeypatch.setattr(forkserver, "util", object())  # not multiprocessing.util
    monkeypatch.setattr(forkserver, "ensure_running", lambda: launched.append("stock"))
    assert not forkserver_session.supported()
    assert forkserver_session.ensure_running() is False and launched == ["stock"]


def test_the_new_session_launch_passes_only_the_fds_asked_and_keeps_the_process(tmp_path):
    # (what ForkServer needs of util.spawnv_passfds: the pid, the fds it names kept open)
    keep_r, keep_w = os.pipe()
    other_r, other_w = os.pipe()
    os.set_inheritable(other_r, True)  # inheritable, but not asked for: closed in the child
    out = tmp_path / "out.txt"
    code = (f"import os; seen = [os.getsid(0), os.read({keep_r}, 1) == b'x', "
            f"os.path.exists('/proc/self/fd/{other_r}')]; "
            f"open({str(out)!r}, 'w').write(' '.join(map(str, seen)))")
    try:
        pid = forkserver_session._spawn_in_new_session(sys.executable, [sys.executable, "-c", code],
                                                      [keep_r])
        os.write(keep_w, b"x")
        _, status = os.waitpid(pid, 0)  # the caller reaps it, as ForkServer does
    finally:
        for fd in (keep_r, keep_w, other_r, other_w):
            os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    assert out.read_text().split() == [str(pid), "True", "False"]
    assert forkserver_session.LAUNCHED[-1].pid == pid
