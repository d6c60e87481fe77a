"""benchmarks/bench_rating.py on a few puzzles: ratings as SE's ER/EP/ED, the counts it prints."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERATE = {  # serate's triples (see tests/test_scales.py)
    "....7..2.8.......6.1.2.5...9.54....8.........3....85.1...3.2.8.4.......9.7..6....":
        "8.3/2.6/2.6",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......":
        "2.6/1.2/1.2",
    "12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1..3...9.4":
        "8.3/1.2/1.2",
}


def bench():
    spec = importlib.util.spec_from_file_location("bench_rating",
                                                  ROOT / "benchmarks" / "bench_rating.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_rating"] = module  # its workers find rate() by this name (fork)
    spec.loader.exec_module(module)
    return module


def test_read_takes_a_rating_or_a_triple(tmp_path):
    src = tmp_path / "r.txt"
    src.write_text("# comment\n" + "\n".join(f"{p} {t}" for p, t in SERATE.items()) +
                   "\n" + "1" * 81 + " 7.1 3\n" + "2" * 81 + "\n")
    rows = bench().read(src)
    assert rows[0][1:] == (8.3, (8.3, 2.6, 2.6))
    assert rows[3][1:] == (7.1, None) and rows[4][1:] == (None, None)


def test_the_triples_are_compared_and_written(tmp_path, capsys):
    src, out = tmp_path / "r.txt", tmp_path / "out.txt"
    src.write_text("\n".join(f"{p} {t}" for p, t in SERATE.items()) + "\n")
    assert bench().main([str(src), "--sample", "0", "--workers", "1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "same rating as SE: 100.0%" in text
    assert "same EP as SE: 100.0%" in text and "same ED as SE: 100.0%" in text
    assert "trial and error: 0 of 3" in text
    lines = [line.split() for line in out.read_text().splitlines()]
    assert {parts[0]: parts[2] for parts in lines} == SERATE
    assert all(parts[-1].endswith("s-CPU") and "lower-bound" not in parts for parts in lines)
