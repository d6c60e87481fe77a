"""A check's paradigms at once (``variants.parallel``): the same verdicts as in turn, a
planted wrong paradigm still loud, ``--first`` cancelling, and no worker left behind.

A paradigm is planted by patching ``crosscheck.get_paradigm`` before the pool's workers
are forked (they start at the first check), so each worker inherits the plant.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import time

import pytest

from sudoku_cp.variants import crosscheck as vc
from sudoku_cp.variants import model as m
from sudoku_cp.variants import parallel
from sudoku_cp.variants.paradigms import VariantResult

pytestmark = pytest.mark.skipif(not parallel.available(), reason="no fork on this platform")

#: Unique: a 4x4 thermometer and three givens.
THERMO = m.VariantPuzzle(4, givens=((5, 4), (9, 1), (14, 1)),
                         constraints=(m.Thermometer((0, 1, 2, 3)),))
ISS = ".Thermo~R1C1~R1C2~R1C3~R1C4.~R2C2_4~R3C2_1~R4C3_1.Shape~4x4"
PARADIGMS = ["sat", "cpsat", "witness"]


def _plant(monkeypatch, name, solve):
    """Make paradigm ``name`` the function ``solve`` (in the workers forked after this)."""
    real = vc.get_paradigm
    monkeypatch.setattr(vc, "get_paradigm", lambda n: solve if n == name else real(n))


def _dead(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # (a zombie still answers kill 0: joined workers are reaped, so none should be one)
    with open(f"/proc/{pid}/stat") as f:
        return f.read().split(")")[-1].split()[0] == "Z"


def test_at_once_the_same_verdict_and_when_each_finished():
    alone = vc.crosscheck(THERMO, PARADIGMS)
    with parallel.Pool() as pool:
        first = vc.crosscheck(THERMO, PARADIGMS)
        pids = {n: lane.process.pid for n, lane in pool.lanes.items()}
        again = vc.crosscheck(THERMO, PARADIGMS)  # the same warm workers
        assert {n: lane.process.pid for n, lane in pool.lanes.items()} == pids
    for report in (first, again):
        assert report.verdict is alone.verdict and report.solutions == alone.solutions
        assert sorted(report.agreed) == sorted(PARADIGMS) and not report.cancelled
        assert set(report.finished) == set(PARADIGMS)
        assert all(0 <= t <= report.time for t in report.finished.values())
    assert alone.finished == {} and parallel.current() is None
    assert all(_dead(pid) for pid in pids.values()) and not mp.active_children()


@pytest.mark.parametrize("wrong, said", [
    ("grid", "cpsat returned a non-solution: "),
    ("none", "cpsat says none, but sat"),
])
def test_a_planted_wrong_paradigm_still_disagrees(monkeypatch, wrong, said):
    def liar(puzzle, limit=2, time_limit=None, **kw):
        if wrong == "none":
            return VariantResult("cpsat", [], True)
        return VariantResult("cpsat", [(1,) * 16], True)

    _plant(monkeypatch, "cpsat", liar)
    with parallel.Pool():
        report = vc.crosscheck(THERMO, PARADIGMS)
    assert report.verdict.value == "disagree" and report.agreed == []
    assert any(said in line for line in report.evidence), report.evidence


def test_first_cancels_the_paradigms_still_searching(monkeypatch):
    def stuck(puzzle, **kw):
        time.sleep(600)

    _plant(monkeypatch, "cpsat", stuck)
    with parallel.Pool(first=True) as pool:
        stuck_pid = pool.start(PARADIGMS).lanes["cpsat"].process.pid
        report = vc.crosscheck(THERMO, PARADIGMS)
        assert report.cancelled == ["cpsat"] and report.verdict.value == "unique"
        assert sorted(report.agreed) == ["sat", "witness"] and "cpsat" not in report.ran
        assert set(report.finished) == {"sat", "witness"}
        assert _dead(stuck_pid) and "cpsat" not in pool.lanes
        again = vc.crosscheck(THERMO, PARADIGMS)  # a fresh cpsat worker, cancelled again
        assert again.cancelled == ["cpsat"] and again.verdict.value == "unique"
    assert not mp.active_children()


def test_first_stops_at_a_disagreement(monkeypatch):
    """Two answers that cannot both hold settle ``disagree``: --first waits for no more."""
    def stuck(puzzle, **kw):
        time.sleep(600)

    _plant(monkeypatch, "cpsat", lambda p, **kw: VariantResult("cpsat", [], True))
    real = vc.get_paradigm
    monkeypatch.setattr(vc, "get_paradigm",
                        lambda n: stuck if n == "witness" else real(n))
    with parallel.Pool(first=True):
        report = vc.crosscheck(THERMO, PARADIGMS)
    assert report.verdict.value == "disagree" and report.cancelled == ["witness"]


def test_a_paradigm_that_raises_or_dies_is_an_error_that_names_it(monkeypatch):
    def broken(puzzle, **kw):
        raise RuntimeError("planted")

    _plant(monkeypatch, "cpsat", broken)
    with parallel.Pool() as pool:
        with pytest.raises(vc.ParadigmError, match="cpsat raised RuntimeError: planted"):
            vc.crosscheck(THERMO, PARADIGMS)
        _plant(monkeypatch, "cpsat", lambda p, **kw: os._exit(3))
        pool._drop("cpsat")  # (the next is forked after the second plant)
        with pytest.raises(vc.ParadigmError, match="cpsat ended without an answer.*code 3"):
            vc.crosscheck(THERMO, PARADIGMS)
        monkeypatch.undo()
        pool._drop("cpsat")
        assert vc.crosscheck(THERMO, PARADIGMS).verdict.value == "unique"  # the pool goes on
    assert not mp.active_children()


def test_an_interrupt_kills_the_searches_under_way(monkeypatch):
    def stuck(puzzle, **kw):
        time.sleep(600)

    def interrupted(conns, timeout=None):
        raise KeyboardInterrupt

    _plant(monkeypatch, "cpsat", stuck)
    with parallel.Pool() as pool:
        vc.crosscheck(THERMO, ["sat", "witness"])  # workers started
        pool.lane("cpsat")
        old = pool.lanes["cpsat"].process.pid
        monkeypatch.setattr(parallel, "wait", interrupted)
        with pytest.raises(KeyboardInterrupt):
            vc.crosscheck(THERMO, PARADIGMS)
        assert _dead(old)
    assert not mp.active_children()


def test_check_first_on_the_command_line(capsys, monkeypatch):
    from sudoku_cp.cli.app import main

    def stuck(puzzle, **kw):
        time.sleep(600)

    _plant(monkeypatch, "cpsat", stuck)
    assert main(["check", ISS, "--backends", "sat,cpsat,witness", "--first", "--json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["verdict"] == "unique" and rec["cancelled"] == ["cpsat"]
    assert sorted(rec["agreed"]) == ["sat", "witness"] and set(rec["finished"]) == {"sat", "witness"}
    assert not mp.active_children() and parallel.current() is None
    assert main(["check", ISS, "--backends", "sat,cpsat,witness", "--first"]) == 0
    assert "cpsat cancelled: two paradigms agreed first" in capsys.readouterr().out


def test_a_one_off_check_leaves_fast_out_and_says_why(capsys, tmp_path):
    from sudoku_cp.cli.app import main

    assert main(["check", ISS, "--json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["verdict"] == "unique" and sorted(rec["backends"]) == sorted(PARADIGMS)
    assert rec["not_run"] == {"fast": parallel.ONE_OFF}
    path = tmp_path / "one.txt"  # a file is a batch, however short: fast is not left out for it
    path.write_text(ISS + "\n")
    assert main(["check", "-f", str(path), "--json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["verdict"] == "unique" and rec["not_run"].get("fast") != parallel.ONE_OFF
    assert not mp.active_children() and parallel.current() is None


def test_the_one_off_rule_and_the_order_workers_start_in():
    with parallel.Pool(one_off=True) as pool:
        assert pool.left_out("fast") == parallel.ONE_OFF and pool.left_out("sat") is None
        pool.start()
        assert list(pool.lanes) == ["cpsat", "sat", "witness"]  # the slowest import first
        report = vc.crosscheck(THERMO)
        assert report.verdict.value == "unique" and report.not_run == {"fast": parallel.ONE_OFF}
        asked = vc.crosscheck(THERMO, ["witness", "sat"])  # named: run as asked
        assert asked.ran == ["witness", "sat"] and asked.not_run == {}
    with parallel.Pool() as pool:
        assert pool.left_out("fast") == parallel._left_out("fast")  # ready or not: its own word
        assert pool.left_out("fast") != parallel.ONE_OFF


def test_first_is_refused_where_it_means_nothing(capsys):
    from sudoku_cp.cli.app import main

    assert main(["check", "1" + "." * 15, "--first"]) == 2
    assert "--first is for variant puzzles" in capsys.readouterr().err
    assert main(["check", ISS, "--first", "--workers", "1"]) == 2
    assert "--first runs one puzzle's paradigms at once" in capsys.readouterr().err


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.add(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return found


#: A check whose paradigms never answer (planted in the process that runs it).
STUCK_CHECK = """
import sys, time
from sudoku_cp.variants import crosscheck as vc
vc.get_paradigm = lambda name: (lambda puzzle, **kw: time.sleep(600))
from sudoku_cp.cli.app import main
sys.exit(main(["check", sys.argv[1], "--backends", "sat,cpsat,witness"]))
"""


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc (Linux)")
def test_no_worker_outlives_a_killed_check():
    """A check killed outright (SIGKILL: no clean-up of its own runs) takes its workers
    with it (``PR_SET_PDEATHSIG``), even those in the middle of a search."""
    import signal
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).parent.parent
    p = subprocess.Popen([sys.executable, "-c", STUCK_CHECK, ISS],
                         env=dict(os.environ, PYTHONPATH=str(root)),
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    try:
        for _ in range(600):  # until its three workers are up (at most a minute)
            workers = _children(p.pid)
            if len(workers) >= 3 or p.poll() is not None:
                break
            time.sleep(0.1)
        assert p.poll() is None and len(workers) >= 3, "no three workers seen"
        time.sleep(0.5)  # (they have the puzzle by now, and sleep in the planted search)
        p.kill()
        p.wait()
        for _ in range(100):  # the kernel kills them at once; give the scheduler a moment
            if all(_dead(pid) for pid in workers):
                break
            time.sleep(0.1)
        assert all(_dead(pid) for pid in workers)
    finally:
        p.kill()
        for pid in workers:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


@pytest.mark.parametrize("beside", [True, False])
def test_the_witness_runs_beside_unless_every_core_is_taken(monkeypatch, beside):
    """In one process the witness searches on a thread of its own beside the others
    (``BESIDE``); a batch worker whose engine takes every core turns that off
    (``workers.init_worker(every_core=True)``), and the witness then runs in turn, on
    the calling thread. The verdict is the same either way."""
    import threading

    from sudoku_cp import workers

    monkeypatch.setattr(vc, "BESIDE", True)
    if not beside:
        import signal

        kept = signal.getsignal(signal.SIGINT)  # (a worker leaves Ctrl-C to its parent)
        try:
            workers.init_worker(os.getpid(), variants=True, every_core=True)
        finally:
            signal.signal(signal.SIGINT, kept)
        assert vc.BESIDE is False
    seen = []
    real = vc.get_paradigm("witness")

    def witness(puzzle, **kw):
        seen.append(threading.current_thread() is threading.main_thread())
        return real(puzzle, **kw)

    _plant(monkeypatch, "witness", witness)
    report = vc.crosscheck(THERMO, PARADIGMS)
    assert report.verdict.value == "unique"
    assert seen == [not beside]


def test_a_batch_worker_freezes_what_its_start_up_made():
    """A variant batch worker's start-up objects are frozen out of the collector's sight
    (``workers.freeze_start_up``): a full collection then walks only what its puzzles make."""
    import subprocess
    import sys

    code = ("import gc, os\n"
            "from sudoku_cp.workers import init_worker\n"
            "init_worker(os.getppid(), ['sat'], (), None, True, True)\n"
            "print(gc.get_freeze_count(), len(gc.get_objects()))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, env={**os.environ})
    frozen, tracked = map(int, out.stdout.split())
    assert frozen > 10_000 and tracked < frozen  # (the modules and tables are frozen)


_IMPORTED_WITH_GC: list = []  # (filled in a worker: each forked worker has its own copy)


@pytest.mark.parametrize("user_blas, blas", [(None, "1"), ("3", "3")])
def test_a_worker_imports_with_the_collector_off_and_searches_with_it_on(
        monkeypatch, user_blas, blas):
    """A lane's start-up (its solver's import) runs with the collector off, its objects
    then frozen; its searches run with the collector on again; BLAS has one thread
    unless the user said how many (``parallel._quiet_start_up``)."""
    import gc

    def imported(name):
        _IMPORTED_WITH_GC.append(gc.isenabled())

    def spy(puzzle, limit=2, time_limit=None, **kw):
        return VariantResult("cpsat", [], True, stats={
            "import": list(_IMPORTED_WITH_GC), "search": gc.isenabled(),
            "frozen": gc.get_freeze_count(), "blas": os.environ.get("OPENBLAS_NUM_THREADS")})

    if user_blas is None:
        monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    else:
        monkeypatch.setenv("OPENBLAS_NUM_THREADS", user_blas)
    monkeypatch.setattr(parallel, "_import", imported)
    _plant(monkeypatch, "cpsat", spy)
    with parallel.Pool(one_off=True):  # (a one-off check's workers only import)
        report = vc.crosscheck(THERMO, ["cpsat", "sat"])
    seen = report.results["cpsat"].stats
    assert seen["import"] == [False] and seen["search"] is True and seen["frozen"] > 1000
    assert seen["blas"] == blas and gc.isenabled()


def test_a_batch_asks_once_whether_fast_is_ready_and_again_while_it_is_not(monkeypatch):
    from sudoku_cp.variants import paradigms

    answers = iter(["fast: not compiled yet", None])
    asked = []

    def not_ready(name):
        asked.append(name)
        return next(answers, None)

    monkeypatch.setattr(paradigms, "not_ready", not_ready)
    with parallel.Pool() as pool:
        assert pool.left_out("fast") == "fast: not compiled yet"
        assert pool.left_out("fast") is None  # asked again: it was not ready
        assert pool.left_out("fast") is None and pool.left_out("fast") is None
        assert asked == ["fast", "fast"] and pool.left_out("sat") is None
        assert asked == ["fast", "fast"]  # (sat takes every type: nothing to ask)
    with parallel.Pool(one_off=True) as pool:
        assert pool.left_out("fast") == parallel.ONE_OFF and asked == ["fast", "fast"]
