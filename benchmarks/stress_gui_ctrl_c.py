"""Ctrl-C at a random moment after ``sudoku-cp gui`` shows its address, many times.

Each start runs the page as a terminal would (a process group of its own, SIGINT at its
default), waits for the address, sleeps a random delay and sends SIGINT to the whole group,
as a terminal's Ctrl-C does. It counts, per tree:

- traceback: "Traceback" in the page's standard error (its own or any child's: the fork
  server and the workers inherit it), and how many of those came from a child (the fork
  server: no frame of the page's command in it);
- bad exit: an exit code other than 130 (Ctrl-C);
- hang: the page still running 30 s after the Ctrl-C (killed then);
- left: a process of that start still alive 1 s after the page ended (found by a marker in
  its environment: a fork server in a session of its own is not in the page's group).

Trees given with ``--tree`` are interleaved start by start (A, B, A, B, ...), so that both
meet the same load. Load the other core yourself (``yes > /dev/null &``).

    python3 benchmarks/stress_gui_ctrl_c.py --tree /work/main --tree . --starts 100
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path


def default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def marked(marker: str) -> list[int]:
    """The live processes whose environment holds ``marker``."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if marker.encode() in (entry / "environ").read_bytes():
                stat = (entry / "stat").read_text()
                if stat.rsplit(")", 1)[1].split()[0] != "Z":
                    pids.append(int(entry.name))
        except OSError:
            continue
    return pids


def one_start(tree: str, delay: float, marker: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(Path(tree).resolve()), "STRESS_GUI_MARK": marker}
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_cp", "gui", "--no-browser", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=default_sigint, env=env,
                            cwd=Path(tree).resolve())  # (``-m`` puts the working directory first)
    line = proc.stdout.readline()
    if not line.startswith("sudoku-cp gui: http://"):
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return {"error": "no address: " + line + err[-400:]}
    time.sleep(delay)
    os.killpg(proc.pid, signal.SIGINT)
    hang = False
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        hang = True
        os.killpg(proc.pid, signal.SIGKILL)
    try:
        out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:  # a child still holds the pipes
        for pid in marked(marker):
            os.kill(pid, signal.SIGKILL)
        out, err = proc.communicate()
    time.sleep(1)
    left = marked(marker)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    return {"code": proc.returncode, "hang": hang, "traceback": "Traceback" in err,
            "child": "Traceback" in err and "sudoku_cp/cli" not in err, "left": len(left),
            "err": err}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tree", action="append", required=True, help="a checkout (repeat: interleaved)")
    parser.add_argument("--starts", type=int, default=100, help="starts per tree")
    parser.add_argument("--max-delay", type=float, default=3.0, help="Ctrl-C after 0..this s")
    parser.add_argument("--seed", default="forkserver2")
    parser.add_argument("--show", action="store_true", help="print each traceback")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tally = {tree: {"starts": 0, "traceback": 0, "child": 0, "bad_exit": 0, "hang": 0,
                    "left": 0, "error": 0} for tree in args.tree}
    began = time.time()
    for n in range(args.starts):
        delay = rng.uniform(0, args.max_delay)
        for tree in args.tree:
            got = one_start(tree, delay, f"stress-{os.getpid()}-{n}-{abs(hash(tree))}")
            t = tally[tree]
            t["starts"] += 1
            if "error" in got:
                t["error"] += 1
                print(f"{tree} start {n}: {got['error']}", file=sys.stderr)
                continue
            t["traceback"] += got["traceback"]
            t["child"] += got["child"]
            t["bad_exit"] += got["code"] != 130
            t["hang"] += got["hang"]
            t["left"] += got["left"] > 0
            if got["traceback"] or got["code"] != 130 or got["hang"] or got["left"]:
                print(f"{tree} start {n} delay {delay:.3f}: code {got['code']} hang {got['hang']} "
                      f"traceback {got['traceback']} left {got['left']}", flush=True)
                if args.show:
                    print(got["err"], flush=True)
        if (n + 1) % 10 == 0:
            print(f"[{n + 1}/{args.starts} {time.time() - began:.0f} s] "
                  + "; ".join(f"{tree}: {t}" for tree, t in tally.items()), flush=True)
    for tree, t in tally.items():
        print(f"{tree}: {t}")


if __name__ == "__main__":
    main()
