"""Bad options and bad puzzles, command by command: exit 2 and one line, never a traceback.

Each row is a command line a hostile or careless user typed; the answer must be exit 2
with exactly one line on stderr that holds the words given (what was wrong, by name),
and nothing done: no board allocated, no solver run, no file written. The rows come
from an adversarial campaign (issue 27): each of them once ran, or died with a
traceback, instead.
"""

from __future__ import annotations

import pytest

from sudoku_cp.cli import main

P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

TABLE = [
    # one size limit for every command that builds a board, before any allocation
    (["generate", "--size", "99999", "-n", "1"], "--size 99999: a 99999x99999 board is above"),
    (["generate", "--box", "9x9"], "--box 9x9: a 81x81 board is above the size limit of 64"),
    (["generate", "--size", "25", "--max-size", "16"], "above the size limit of 16"),
    (["export", "--empty", "--size", "100", "--format", "dimacs"], "--size 100"),
    (["export", "--empty", "--box", "10x10", "--format", "lp"], "--box 10x10"),
    (["bench", "x.txt", "--box", "9x8", "--out", "{tmp}/b"], "--box 9x8: a 72x72 board"),
    (["check", "--box", "9x9", P], "--box 9x9"),
    (["solve", "--max-size", "8", P], "PUZZLE: a 9x9 board is above the size limit of 8 "
                                      "(--max-size N raises it"),
    # backend lists: empty, an empty name, a name twice
    (["check", "--backends", "", P], "--backends names no backend"),
    (["check", "--backends", ",", P], "--backends names no backend"),
    (["check", "--backends", "sat,,cpsat", P], "--backends 'sat,,cpsat': an empty name"),
    (["check", "--backends", "sat,backtrack,sat", P], "--backends names sat twice"),
    (["check", "--backends", "sat,,cpsat", "--out", "{tmp}/r.jsonl", P], "an empty name"),
    (["bench", "x.txt", "--backends", "sat,sat", "--out", "{tmp}/b"], "names sat twice"),
    (["certify", "make", P, "--backends", "", "--out", "{tmp}/c"], "names no backend"),
    # options that mean nothing under the chosen engine
    (["check", P, "--scheduler", "tcp://127.0.0.1:8786"], "--scheduler needs --engine dask"),
    (["check", P, "--engine", "local", "--scheduler", "tcp://127.0.0.1:8786"],
     "--scheduler needs --engine dask"),
    (["check", P, "--chunk-size", "4"], "--chunk-size applies to a batch only"),
    # one form for a bad puzzle: WHERE: why
    (["check", P[:-1]], "PUZZLE: puzzle has 80 cells"),
    (["solve", P[:-1]], "PUZZLE: puzzle has 80 cells"),
    (["grade", P[:-1]], "PUZZLE: puzzle has 80 cells"),
    (["explain", P[:-1]], "PUZZLE: puzzle has 80 cells"),
    # explain --position over a given: the usage error form
    (["explain", P, "--position", "5" + P[1:]],
     "sudoku-cp: error: --position: r1c1 holds the given 4, not 5"),
]


@pytest.mark.parametrize("argv, words", TABLE, ids=[" ".join(a)[:60] for a, _ in TABLE])
def test_refused_in_one_line(argv, words, tmp_path, capsys):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (code, err)
    assert err.count("\n") == 1 and words in err, err
    assert "Traceback" not in err and out == ""
    assert list(tmp_path.iterdir()) == []  # nothing written
