"""Batch checking: streamed, parallel, resumable after SIGKILL, Dask engine agrees."""

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

from sudoku_cp.results import DoneSet, read_results as recover_file
from sudoku_cp.cli import main

from conftest import DATA, load

ROOT = Path(__file__).resolve().parent.parent

MULTIPLE = "." * 81  # the empty board has many solutions
CLASH = "11" + "." * 79  # two 1s in row 1: no solution
BAD = "12x4"  # not a puzzle


def write_input(path: Path, copies: int) -> dict[int, str]:
    """A puzzle file of ``copies`` blocks (20 17-clue puzzles, one line of each other
    kind, a comment); returns the expected verdict of every puzzle line."""
    puzzles = load("17clue_sample.txt")
    lines, expected = [], {}
    for _ in range(copies):
        lines.append("# a comment line")
        for p in puzzles:
            lines.append(p)
            expected[len(lines)] = "unique"
        for text, verdict in ((MULTIPLE, "multiple"), (CLASH, "none"), (BAD, "invalid")):
            lines.append(text)
            expected[len(lines)] = verdict
    path.write_text("\n".join(lines) + "\n")
    return expected


def read_results(path: Path) -> list[dict]:
    """The records of a results file (its first line is the header)."""
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["sudoku_cp_results"] == 1
    return [json.loads(line) for line in lines[1:]]


def assert_complete(results: list[dict], expected: dict[int, str]) -> None:
    seen = Counter(r["line"] for r in results)
    assert set(seen) == set(expected), "a puzzle line is missing or invented"
    assert max(seen.values()) == 1, "a puzzle line was written twice"
    assert {r["line"]: r["verdict"] for r in results} == expected


def test_resume_after_sigkill_loses_and_duplicates_nothing(tmp_path):
    src, out = tmp_path / "in.txt", tmp_path / "results.jsonl"
    expected = write_input(src, copies=150)  # 3,450 puzzle lines
    cmd = [sys.executable, "-m", "sudoku_cp", "check", "-f", str(src), "--backends", "sat",
           "--workers", "2", "--chunk-size", "8", "--out", str(out)]
    proc = subprocess.Popen(cmd, cwd=ROOT, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and out.stat().st_size > 300 * 700:  # a few hundred lines in
            break
        time.sleep(0.005)
    assert proc.poll() is None, "the run finished before it could be killed: " + \
        proc.stderr.read().decode()
    os.killpg(proc.pid, signal.SIGKILL)  # the run, its forkserver and its workers
    proc.wait()
    proc.stderr.close()
    written = out.read_text().count("\n") - 1  # the header is not a result
    assert 0 < written < len(expected)
    with open(out, "ab") as f:  # as if killed in the middle of a write
        f.write(b'{"line": 4, "source": "' + str(src).encode() + b'", "index": 3, "verd')

    done = subprocess.run(cmd + ["--resume"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2, done.stderr  # an invalid line is the most severe outcome
    assert f"{written} already in the results file were skipped" in done.stderr
    assert out.read_bytes().endswith(b"\n")
    assert_complete(read_results(out), expected)


HEAD = json.dumps({"sudoku_cp_results": 1, "inputs": {"f.txt": {"sha256": "ab", "lines": 9}}})


def test_reading_results_stops_before_a_partial_last_line(tmp_path):
    out = tmp_path / "r.jsonl"
    good = [json.dumps({"line": n, "source": "f.txt", "index": n, "verdict": v})
            for n, v in ((2, "unique"), (3, "invalid"), (7, "multiple"))]
    text = HEAD + "\n" + "\n".join(good) + "\n"
    out.write_text(text + '{"line": 9, "source": "f.t')
    found = recover_file(str(out))
    assert found.keep == len(text.encode())
    assert out.read_text().endswith('"f.t')  # reading changes nothing
    assert [(("f.txt", n) in found.done) for n in (2, 3, 7, 9)] == [True, True, True, False]
    assert found.verdicts == Counter(unique=1, invalid=1, multiple=1)


def test_done_set_is_per_source():
    done = DoneSet()
    for line in (1, 8, 1_000_003):
        done.add("a", line)
    done.add("a", 8)
    assert done.count == 3
    assert ("a", 1_000_003) in done and ("b", 8) not in done and ("a", 9) not in done


def test_bad_lines_are_recorded_and_the_rest_checked(tmp_path):
    src, out = tmp_path / "in.txt", tmp_path / "r.jsonl"
    expected = write_input(src, copies=1)
    code = main(["check", "-f", str(src), "--workers", "2", "--out", str(out),
                 "--backends", "sat,backtrack"])
    assert code == 2
    results = read_results(out)
    assert_complete(results, expected)
    bad = next(r for r in results if r["verdict"] == "invalid")
    assert bad["error"] and bad["puzzle"] == BAD
    good = next(r for r in results if r["verdict"] == "unique")
    assert set(good["backends"]) == {"sat", "backtrack"} and len(good["solution"]) == 81
    assert good["index"] >= 1 and good["source"] == str(src)


def test_stdout_without_out_and_exit_code(tmp_path, capsys):
    src = tmp_path / "in.txt"
    src.write_text("\n".join(load("top95_sample.txt")[:4]) + "\n")
    assert main(["check", "-f", str(src), "--workers", "1", "--backends", "sat"]) == 0
    captured = capsys.readouterr()
    records = [json.loads(line) for line in captured.out.splitlines()]
    assert sorted(r["line"] for r in records) == [1, 2, 3, 4]
    assert "4 puzzles" in captured.err and "unique 4" in captured.err


def test_existing_results_need_resume(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    out.write_text('{"line": 1}\n')
    code = main(["check", "-f", str(DATA / "top95_sample.txt"), "--out", str(out)])
    assert code == 2 and "--resume" in capsys.readouterr().err


def test_a_time_limit_stops_hard_puzzles_not_the_batch(tmp_path):
    out = tmp_path / "r.jsonl"
    code = main(["check", "-f", str(DATA / "forum_hardest_sample.txt"), "--workers", "1",
                 "--out", str(out), "--backends", "backtrack", "--time-limit", "0.001"])
    results = read_results(out)
    assert len(results) == 5 and "unknown" in {r["verdict"] for r in results}
    assert code == 4  # EXIT_UNKNOWN: a time limit left some puzzle unsettled


def test_dask_engine_agrees_with_local_workers(tmp_path):
    pytest.importorskip("distributed")
    src = tmp_path / "in.txt"
    expected = write_input(src, copies=2)
    verdicts = {}
    for engine in ("local", "dask"):
        out = tmp_path / f"{engine}.jsonl"
        code = main(["check", "-f", str(src), "--engine", engine, "--workers", "2",
                     "--backends", "sat,cpsat", "--chunk-size", "4", "--out", str(out)])
        assert code == 2
        results = read_results(out)
        assert_complete(results, expected)
        # a multiple verdict's witness depends on each solver's history: compare verdicts,
        # and the solution itself where it is unique
        verdicts[engine] = {r["line"]: (r["verdict"], r.get("solution") if
                                        r["verdict"] == "unique" else None) for r in results}
    assert verdicts["dask"] == verdicts["local"]


def test_the_dask_engine_serves_no_dashboard():
    pytest.importorskip("distributed")
    import urllib.error
    import urllib.request

    from sudoku_cp.batch import DaskEngine

    with DaskEngine(1, None) as engine:
        port = engine.cluster.scheduler.http_server.port
        assert port != 8787  # not the well-known dashboard port
        for route in ("/status", "/health", "/info/main/workers.html"):
            with pytest.raises(urllib.error.HTTPError) as exc:
                urllib.request.urlopen(f"http://127.0.0.1:{port}{route}", timeout=10)
            assert exc.value.code == 404


def test_a_chunk_of_lines_is_written_whole_and_counted(tmp_path):
    """A chunk that comes back as its lines (``CheckedChunk``) is written as it came, in
    one piece; its unique puzzles are counted for ``on_unique``, its others shown to
    ``on_record`` one by one."""
    from sudoku_cp.batch import Batch
    from sudoku_cp.pipeline import Checked, CheckedChunk
    from sudoku_cp.results import Sink

    lines = ['{"line": 1, "verdict": "unique"}', '{"line": 2, "verdict": "none"}',
             '{"line": 3, "verdict": "unique"}']
    chunk = CheckedChunk(("\n".join(lines) + "\n").encode(), 2, (Checked("none", lines[1], 2),))
    seen, uniques = [], []
    sink = Sink(str(tmp_path / "r.jsonl"))
    batch = Batch(sink, seen.append, uniques.append)
    batch.collect(chunk)
    batch.collect([Checked("invalid", '{"line": 4, "verdict": "invalid"}', 4)])
    sink.close()
    assert (tmp_path / "r.jsonl").read_text().splitlines() == \
        lines + ['{"line": 4, "verdict": "invalid"}']
    assert batch.counts == Counter(unique=2, none=1, invalid=1)
    assert uniques == [2] and [(c.verdict, c.index) for c in seen] == [("none", 2), ("invalid", 4)]
    plain = Batch(Sink(str(tmp_path / "s.jsonl")), seen.append)  # no on_unique: one by one
    seen.clear()
    plain.collect(chunk)
    plain.sink.close()
    assert [c.verdict for c in seen] == ["unique", "unique", "none"]


def test_every_local_worker_starts_with_the_engine():
    """All ``--workers`` processes start when the engine does, not one per chunk sent:
    a run of one chunk still starts (and loads) every worker at once."""
    from sudoku_cp.batch import LocalEngine

    with LocalEngine(2) as engine:
        assert len(engine.processes) == 2 and all(p.is_alive() for p in engine.processes)
    assert not engine.processes
    with LocalEngine(2, ["fast"]) as engine:  # the run's backends load as they start
        assert len(engine.processes) == 2


def _variant_kernel_loaded(_):
    from sudoku_cp.variants.fastvar import engine

    return engine._kernel is not None


def test_a_variant_batchs_workers_load_fasts_variant_search_as_they_start():
    """With variant puzzles ahead (the first entry is one), each worker loads ``fast``'s
    compiled variant search at start-up, so no puzzle of the run pays numba's first load
    (about 1 s a worker); a classic run's workers leave it alone."""
    pytest.importorskip("numba")
    from sudoku_cp.batch import LocalEngine
    from sudoku_cp.variants.fastvar import engine
    from sudoku_cp.variants.model import Thermometer, VariantPuzzle

    engine.solve(VariantPuzzle(4, constraints=(Thermometer((0, 1)),)))  # (compiled, if cold)
    for variants in (True, False):
        with LocalEngine(1, ["fast", "sat"], variants) as pool:
            pool.submit_call(_variant_kernel_loaded, 0)
            assert list(pool.finished()) == [variants]


def _square(x):
    return x * x


def _fail(x):
    raise ValueError(f"no {x}")


def test_the_local_pool_answers_every_call_raises_errors_and_cancels():
    """Many more calls than workers: every answer once; a worker's exception raised in
    the parent; ``cancel`` drops what was not started; a killed worker is a broken pool."""
    import signal

    from concurrent.futures.process import BrokenProcessPool

    from sudoku_cp.batch import LocalEngine

    with LocalEngine(2) as pool:
        for x in range(40):
            pool.submit_call(_square, x)
        got = []
        while pool.in_flight:
            got.extend(pool.finished())
        assert sorted(got) == [x * x for x in range(40)]
        pool.submit_call(_fail, 3)
        with pytest.raises(ValueError, match="no 3"):
            list(pool.finished())
        for x in range(20):
            pool.submit_call(_square, x)
        pool.cancel()
        assert pool.in_flight == 0 and list(pool.finished()) == []
    with pytest.raises(BrokenProcessPool):
        with LocalEngine(1) as pool:
            os.kill(pool.processes[0].pid, signal.SIGKILL)
            pool.submit_call(_square, 2)
            list(pool.finished())


def test_a_worker_gone_before_a_call_is_sent_is_a_broken_pool():
    """A call sent to a worker that died is a broken pool (exit 3 in a batch), not a
    closed pipe (which the command line takes for a reader of its output gone away)."""
    import signal

    from concurrent.futures.process import BrokenProcessPool

    from sudoku_cp.batch import LocalEngine

    with pytest.raises(BrokenProcessPool):
        with LocalEngine(1) as pool:
            assert list(pool.finished()) == []  # nothing asked: nothing to wait for
            os.kill(pool.processes[0].pid, signal.SIGKILL)
            pool.processes[0].join()
            for x in range(200):  # (the first sends may still fit in the pipe)
                pool.submit_call(_square, x)
            while pool.in_flight:
                list(pool.finished())


def test_a_chunks_lines_come_back_in_a_shared_buffer_whose_name_is_gone():
    """Without ``--certify`` a local worker puts a chunk's lines in the shared buffer the
    parent lent it: the engine hands them on as a view of it, the same lines the pipe
    would carry (but for the times), and the buffers have no name left in /dev/shm once
    the engine is open (a run killed with SIGKILL leaves nothing behind). Lines that do
    not fit in a buffer come the pipe's way."""
    import re

    from sudoku_cp.batch import LocalEngine
    from sudoku_cp.parse import read_blocks
    from sudoku_cp.pipeline import block_item, check_items_text
    from sudoku_cp.workers import Slots, put_lines

    def untimed(text: bytes) -> bytes:
        return re.sub(rb'"time_s": [0-9.e-]+', b'"time_s": 0', bytes(text))

    path = str(DATA / "17clue_sample.txt")
    items = [block_item(path, b, 1, DoneSet())[0] for b in read_blocks(path, None, 5)]
    with LocalEngine(2, ["fast"]) as engine:
        names = engine.slots.names
        assert len(names) == engine.capacity
        if os.path.isdir("/dev/shm"):
            assert not any(os.path.exists(f"/dev/shm/{n.lstrip('/')}") for n in names)
        for item in items:
            engine.submit([item], ["fast"], None, False)
        got = []
        while engine.in_flight:
            for chunk in engine.finished():
                assert isinstance(chunk.text, memoryview) and chunk.stored == -1
                got.append((chunk.unique, untimed(chunk.text)))
        assert sorted(engine.slots.free) == sorted(names)  # every buffer given back
    expected = [check_items_text([item], ["fast"], None) for item in items]
    assert sorted(got) == sorted((c.unique, untimed(c.text)) for c in expected)
    small = Slots(1, size=100)
    try:
        assert not put_lines(small.names[0], b"x" * 10)  # not mapped in this process
    finally:
        small.close()


def test_without_shared_memory_every_chunk_takes_the_pipe(monkeypatch):
    """Where no shared memory can be had (a full or missing /dev/shm) the engine has no
    buffers and every chunk's lines come back through the executor's pipe, as bytes."""
    import multiprocessing.shared_memory as shm

    from sudoku_cp.batch import LocalEngine
    from sudoku_cp.parse import read_blocks
    from sudoku_cp.pipeline import block_item
    from sudoku_cp.workers import Slots

    def refused(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(shm, "SharedMemory", refused)
    slots = Slots(3)
    assert slots.names == [] and slots.take() is None
    slots.close()
    path = str(DATA / "17clue_sample.txt")
    items = [block_item(path, b, 1, DoneSet())[0] for b in read_blocks(path, None, 10)]
    with LocalEngine(1, ["fast"]) as engine:
        for item in items:
            engine.submit([item], ["fast"], None, False)
        got = []
        while engine.in_flight:
            got.extend(engine.finished())
    assert [type(c.text) for c in got] == [bytes] * len(items)
    assert sum(c.unique for c in got) == sum(len(i[2]) for i in items)


def test_forced_workers_are_capped_at_the_puzzles_the_input_holds(tmp_path, monkeypatch,
                                                                 capsys):
    # every worker starts and loads its solvers before the first chunk: --workers 100000
    # --force on one puzzle started processes until the run was killed
    from argparse import Namespace

    from sudoku_cp.cli.check import _workers

    monkeypatch.setattr("os.cpu_count", lambda: 2)
    path = tmp_path / "three.txt"
    path.write_text("# a comment\n\n" + "1...\n" * 3)
    ask = dict(force=True, scheduler=None, puzzles=[], file=[str(path)])
    assert _workers(Namespace(workers=100_000, **ask)) == 3
    assert "capped at 3" in capsys.readouterr().err
    one = {**ask, "file": [], "puzzles": ["1..."]}  # never below the CPU count
    assert _workers(Namespace(workers=100_000, **one)) == 2
    assert _workers(Namespace(workers=2, **one)) == 2  # (within the CPUs: as asked)
    stdin = {**ask, "file": [], "puzzles": ["-"]}  # not read ahead: the number asked
    assert _workers(Namespace(workers=7, **stdin)) == 7


def test_out_dash_is_standard_output_not_a_file_named_dash(tmp_path, monkeypatch, capsys):
    # generate -o - and export -o - write to stdout; check --out - wrote a file named '-'
    monkeypatch.chdir(tmp_path)
    assert main(["check", "1..." "...2" "..4." ".3..", "--backends", "backtrack",
                 "--workers", "1", "--out", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "unique"
    assert not (tmp_path / "-").exists()
