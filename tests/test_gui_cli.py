"""The ``gui`` command: bad input before serving, the printed address, the browser, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from sudoku_cp.cli import main

pytest.importorskip("uvicorn", reason="the gui extra (uvicorn) is not installed")

EASY4 = ".4.3" "3..." ".2.." "...4"
ROOT = Path(__file__).resolve().parent.parent


def default_sigint() -> None:
    """In the child: Ctrl-C as a terminal gives it, whatever the test runner inherited."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*args: str, env=None) -> tuple[subprocess.Popen, str]:
    """Run ``sudoku-cp gui ARGS`` and return the process and the URL it printed."""
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_cp", "gui", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=default_sigint,
                            env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})
    line = proc.stdout.readline()
    assert line.startswith("sudoku-cp gui: http://"), line + proc.stderr.read()
    return proc, line.split()[2]


def stop(proc: subprocess.Popen) -> tuple[int, str, str]:
    """Press Ctrl-C (the terminal sends it to every process of the group) and wait."""
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=15)
    return proc.returncode, out, err


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.load(r)


def test_serves_the_puzzle_given_and_stops_cleanly_on_ctrl_c():
    proc, url = start(EASY4, "--no-browser", "--port", "0")
    try:
        assert url.startswith("http://127.0.0.1:") and not url.endswith(":0/")
        info = get(url + "api/info")
        assert info["initial"] == EASY4
        with urllib.request.urlopen(url, timeout=10) as r:
            assert b"app.js" in r.read()
        ask = urllib.request.Request(url + "api/solve", data=json.dumps({"puzzle": EASY4}).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(ask, timeout=30) as r:  # a worker process is running now
            assert json.load(r)["status"] == "solved"
    finally:
        code, out, err = stop(proc)
    assert code == 130 and "stopped" in out and "Traceback" not in err


def test_opens_the_browser_at_the_printed_address(tmp_path):
    opened = tmp_path / "opened.txt"
    browser = tmp_path / "browser.sh"
    browser.write_text(f'#!/bin/sh\necho "$1" > {opened}\n')
    browser.chmod(0o755)
    proc, url = start("--port", "0", env={"BROWSER": str(browser)})
    try:
        deadline = time.time() + 10
        while not (opened.exists() and opened.read_text().strip()) and time.time() < deadline:
            time.sleep(0.05)
        assert opened.read_text().strip() == url
    finally:
        assert stop(proc)[0] == 130


def test_warns_when_listening_beyond_this_machine():
    proc, url = start("--host", "0.0.0.0", "--no-browser")
    get(url + "api/info")  # serving
    code, out, err = stop(proc)
    assert code == 130 and "warning: listening on 0.0.0.0" in err and "--host 127.0.0.1" in err


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.2])
def test_ctrl_c_as_the_server_starts_stops_it(delay):
    """Ctrl-C at once after the address is shown, while the server is still starting:
    it stops (exit 130). A KeyboardInterrupt raised just as an import had taken Python's
    import lock left it held, and the server served on, never stopping (1 start in 40
    under load); now Ctrl-C only asks the server to stop."""
    proc, url = start("--no-browser")
    time.sleep(delay)
    os.killpg(proc.pid, signal.SIGINT)
    try:
        assert proc.wait(timeout=30) == 130  # (the process itself: its fork server, killed
    finally:                                 # as it ends, may hold the pipes a moment more)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()


def test_only_the_fork_server_imports_the_module_that_makes_it_deaf():
    # (the fork server imports it first, so that a Ctrl-C while it preloads the solvers
    # does not kill it mid-import with a traceback; imported here, the page would be deaf)
    code = ("import signal, sys; import sudoku_cp.cli, sudoku_cp.gui.app, sudoku_cp.gui.jobs; "
            "assert 'sudoku_cp.gui.forkserver_deaf' not in sys.modules; "
            "assert signal.getsignal(signal.SIGINT) is signal.default_int_handler; "
            "assert sudoku_cp.gui.jobs.PRELOAD[0] == 'sudoku_cp.gui.forkserver_deaf'")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         preexec_fn=default_sigint,  # (xdist's workers ignore SIGINT: inherited)
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("argv, words", [
    (["gui", "1.3?" + "." * 12, "--no-browser"], "r1c4"),
    (["gui", "-f", "/no/such/file.txt", "--no-browser"], "/no/such/file.txt"),
    (["gui", EASY4, "-f", __file__, "--no-browser"], "not both"),
    (["gui", "--host", "256.1.1.1", "--no-browser"], "cannot listen"),
])
def test_bad_input_exits_2_with_one_line_before_serving(capsys, argv, words):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_file_with_no_good_puzzle_is_refused(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text("# nothing\n12?4\n")
    assert main(["gui", "-f", str(path), "--no-browser"]) == 2
    assert f"{path}:2:" in capsys.readouterr().err


def test_a_missing_extra_names_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if it were not installed
    assert main(["gui", "--no-browser"]) == 2
    assert 'pip install "sudoku-cp[gui]"' in capsys.readouterr().err


def test_import_sudoku_cp_does_not_import_the_web_stack():
    from conftest import loaded_by

    assert loaded_by("import sudoku_cp, sudoku_cp.cli; sudoku_cp.cli.build_parser()",
                     ("starlette", "uvicorn")) == []


def test_host_check_stays_on_under_a_wildcard_host_and_allow_host_adds_a_name():
    proc, url = start("--host", "0.0.0.0", "--allow-host", "sudoku.lan", "--no-browser")
    try:
        def status(host: str) -> int:
            ask = urllib.request.Request(url + "api/info", headers={"Host": host})
            try:
                with urllib.request.urlopen(ask, timeout=10) as r:
                    return r.status
            except urllib.error.HTTPError as exc:
                return exc.code
        assert status("evil.example") == 400  # a re-pointed name: DNS rebinding
        assert status("sudoku.lan:80") == 200 and status("127.0.0.1") == 200
    finally:
        code, out, err = stop(proc)
    assert code == 130 and "Traceback" not in err
