"""A batch's results file and every way it can be damaged, foreign or misused (issue 9):
resume validates before it touches anything, knows its input by content, refuses a
changed one; outputs are never written through a link; a full disk names the file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_cp.cli import main

from conftest import load

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = load("top95_sample.txt")[:6]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def done_run(tmp_path, capsys):
    """A finished batch: the input, its results file, and the check command."""
    src, out = tmp_path / "in.txt", tmp_path / "r.jsonl"
    src.write_text("\n".join(PUZZLES) + "\n")
    argv = ["check", "-f", str(src), "--backends", "backtrack", "--workers", "1",
            "--out", str(out)]
    code, _, _ = run(capsys, *argv)
    assert code == 0
    return src, out, argv


def test_the_results_file_starts_with_a_header_naming_the_input_by_content(done_run):
    src, out, _ = done_run
    head = json.loads(out.read_text().splitlines()[0])
    import hashlib

    assert head["inputs"][str(src)]["sha256"] == hashlib.sha256(src.read_bytes()).hexdigest()
    assert head["backends"] == ["backtrack"]


@pytest.mark.parametrize("damage", ['{"line": -1, "source": "SRC", "index": 1, "verdict": "unique"}',
                                    '{"line": 1e12, "source": "SRC", "index": 1, "verdict": "unique"}',
                                    '{"line": 1000000000, "source": "SRC", "index": 1, "verdict": "unique"}',
                                    '[1, 2]', 'null', '1e400',
                                    '{"line": 1, "source": "SRC", "index": 1, "verdict": "great"}',
                                    '{"line": 1, "source": "other.txt", "index": 1, "verdict": "unique"}'])
def test_resume_refuses_a_damaged_results_file_and_leaves_it_untouched(done_run, capsys, damage):
    src, out, argv = done_run
    lines = out.read_text().splitlines()
    lines.insert(2, damage.replace("SRC", str(src)))
    out.write_text("\n".join(lines) + "\n")
    before = out.read_bytes()
    code, _, err = run(capsys, *argv, "--resume")
    assert code == 2 and f"{out}:3" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert out.read_bytes() == before


def test_resume_refuses_a_file_that_is_not_a_results_file(tmp_path, capsys):
    src, out = tmp_path / "in.txt", tmp_path / "precious.txt"
    src.write_text("\n".join(PUZZLES) + "\n")
    out.write_text("my notes\nthe last line, with no newline")
    before = out.read_bytes()
    code, _, err = run(capsys, "check", "-f", str(src), "--workers", "1", "--out", str(out),
                       "--resume")
    assert code == 2 and "not a sudoku-cp results file" in err
    assert out.read_bytes() == before


def test_resume_knows_the_input_by_content_not_by_path(done_run, capsys, monkeypatch):
    src, out, argv = done_run
    monkeypatch.chdir(src.parent)
    argv = [a if a != str(src) else "./in.txt" for a in argv]
    code, _, err = run(capsys, *argv, "--resume")
    assert code == 0 and f"{len(PUZZLES)} already in the results file were skipped" in err
    assert len(out.read_text().splitlines()) == 1 + len(PUZZLES)  # nothing checked twice


def test_resume_refuses_an_input_that_changed(done_run, capsys):
    src, out, argv = done_run
    src.write_text("\n".join(reversed(PUZZLES)) + "\n")
    before = out.read_bytes()
    code, _, err = run(capsys, *argv, "--resume")
    assert code == 2 and "changed" in err and out.read_bytes() == before


def test_resume_needs_its_input_in_files(done_run, capsys, monkeypatch):
    _, out, _ = done_run
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(PUZZLES[0] + "\n"))
    code, _, err = run(capsys, "check", "--workers", "1", "--out", str(out), "--resume")
    assert code == 2 and "standard input" in err


def test_outputs_are_not_written_through_a_symlink(tmp_path, capsys):
    src, victim, link = tmp_path / "in.txt", tmp_path / "victim", tmp_path / "R.jsonl"
    src.write_text(PUZZLES[0] + "\n")
    victim.write_text("")
    link.symlink_to(victim)
    code, _, err = run(capsys, "check", "-f", str(src), "--workers", "1", "--out", str(link),
                       "--backends", "backtrack")
    assert code == 2 and "symbolic link" in err and victim.read_text() == ""
    code, _, err = run(capsys, "generate", "-n", "1", "--box", "2x2", "-o", str(link))
    assert code == 2 and "symbolic link" in err and victim.read_text() == ""
    code, _, _ = run(capsys, "check", "-f", str(src), "--workers", "1", "--out", str(link),
                     "--backends", "backtrack", "--force")
    assert code == 0 and victim.read_text().count("\n") == 2  # asked for: header and record


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_names_the_file_and_the_summary_is_still_printed(tmp_path):
    src = tmp_path / "in.txt"
    src.write_text("\n".join(PUZZLES) + "\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "sudoku_cp", "check", "-f", str(src),
                           "--backends", "backtrack", "--workers", "1", "--out", "/dev/full",
                           "--force"], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "/dev/full" in done.stderr and "No space left" in done.stderr
    assert "check: " in done.stderr  # the summary (one form, batch or not)


def test_workers_are_capped_at_the_cpu_count_unless_forced(tmp_path, capsys):
    src = tmp_path / "in.txt"
    src.write_text(PUZZLES[0] + "\n")
    code, out, err = run(capsys, "check", "-f", str(src), "--workers", "10000",
                         "--backends", "backtrack")
    assert code == 0 and f"capped at {os.cpu_count()}" in err


@pytest.mark.parametrize("address", ["not a url", "tcp://", "http//x"])
def test_a_scheduler_address_that_is_not_one_is_a_usage_error(tmp_path, capsys, address):
    src = tmp_path / "in.txt"
    src.write_text(PUZZLES[0] + "\n")
    code, _, err = run(capsys, "check", "-f", str(src), "--engine", "dask",
                       "--scheduler", address)
    assert code == 2 and "--scheduler" in err and len(err.strip().splitlines()) == 1


def test_closed_stdin_is_a_usage_error(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "sudoku_cp", "check"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2 and "no puzzle" in done.stderr
    done = subprocess.run(f"{sys.executable} -m sudoku_cp check <&-", shell=True,
                          capture_output=True, text=True, env=env, timeout=60,
                          executable="/bin/bash")
    assert done.returncode == 2 and "standard input is closed" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_generated_files_follow_the_output_rule(tmp_path, capsys):
    out = tmp_path / "new" / "folder" / "p.txt"  # parents are created
    code, _, _ = run(capsys, "generate", "-n", "2", "--box", "2x2", "-o", str(out), "--no-verify")
    assert code == 0
    header, *puzzles = out.read_text().splitlines()
    seed = header.split("--seed ")[1].split()[0]  # a seed was drawn and written down
    again = tmp_path / "again.txt"
    code, _, _ = run(capsys, "generate", "-n", "2", "--box", "2x2", "--seed", seed, "-o",
                     str(again), "--no-verify")
    assert again.read_text().splitlines()[1:] == puzzles  # the header makes them again
    code, _, err = run(capsys, "check", "-f", str(out), "--backends", "backtrack", "-q")
    assert code == 0 and "unique 2" in err  # the header is a comment to every reader

    code, _, err = run(capsys, "generate", "-n", "1", "--box", "2x2", "-o", str(out))
    assert code == 2 and "--force" in err and out.read_text().splitlines()[1:] == puzzles
    code, _, _ = run(capsys, "generate", "-n", "1", "--box", "2x2", "-o", str(out), "--force",
                     "--no-verify")
    assert code == 0 and len(out.read_text().splitlines()) == 2


def test_a_bad_spec_leaves_no_file_behind(tmp_path, capsys):
    out = tmp_path / "p.txt"
    code, _, err = run(capsys, "generate", "-n", "1", "--box", "2x2", "--clues", "1000",
                       "-o", str(out))
    assert code == 2 and not out.exists() and "Traceback" not in err
    results = tmp_path / "r.jsonl"
    code, _, err = run(capsys, "check", PUZZLES[0], "--backends", "nonesuch",
                       "--out", str(results))
    assert code == 2 and not results.exists()


def test_image_and_export_outputs_follow_the_rule(tmp_path, capsys):
    two = tmp_path / "two.txt"
    two.write_text("\n".join(PUZZLES[:2]) + "\n")
    same = tmp_path / "same.svg"
    code, out, err = run(capsys, "solve", "-f", str(two), "--image", str(same))
    assert code == 2 and "{index}" in err and out == "" and not same.exists()
    pattern = tmp_path / "img" / "p{index}.svg"  # the folder is made
    code, _, _ = run(capsys, "solve", "-f", str(two), "--image", str(pattern))
    assert code == 0 and (tmp_path / "img" / "p1.svg").exists() and (tmp_path / "img" / "p2.svg").exists()
    code, _, err = run(capsys, "solve", "-f", str(two), "--image", str(pattern))
    assert code == 2 and "--force" in err
    assert run(capsys, "solve", "-f", str(two), "--image", str(pattern), "--force")[0] == 0

    cnf = tmp_path / "deep" / "p.cnf"
    assert run(capsys, "export", PUZZLES[0], "-o", str(cnf))[0] == 0
    assert cnf.read_text().startswith("c") or cnf.read_text().startswith("p")
    code, _, err = run(capsys, "export", PUZZLES[0], "-o", str(cnf))
    assert code == 2 and "--force" in err


def test_resume_with_other_backends_or_time_limit_is_refused_untouched(tmp_path, capsys):
    # the records of two runs were mixed under a header that names the first one's
    from sudoku_cp.cli import main

    puzzles = tmp_path / "p.txt"
    puzzles.write_text("1..." "...2" "..4." ".3.." "\n")
    out = tmp_path / "r.jsonl"
    assert main(["check", "-f", str(puzzles), "--out", str(out), "--workers", "1",
                 "--backends", "backtrack"]) == 0
    before = out.read_bytes()
    for extra, said in ((["--backends", "sat"], "--backends backtrack, this run has sat"),
                        (["--backends", "backtrack", "--time-limit", "5"],
                         "--time-limit none, this run has 5")):
        capsys.readouterr()
        assert main(["check", "-f", str(puzzles), "--out", str(out), "--workers", "1",
                     "--resume", *extra]) == 2
        assert said in capsys.readouterr().err and out.read_bytes() == before
