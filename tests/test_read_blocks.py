"""Plain lines read a chunk at a time for the batch runner (issue 24): the same entries as
the line-by-line reader, whatever the file holds, and a resumed run over blocks."""

from __future__ import annotations

import json

import pytest

from sudoku_cp.cli import main
from sudoku_cp.parse import PlainBlock, read_blocks, read_puzzles
from sudoku_cp.verdicts import EXIT_NOT_UNIQUE

from conftest import load

PUZZLES = load("17clue_sample.txt")
EMPTY = "." * 81


def flat(path, size, box=None):
    """``read_blocks`` opened up into (line, givens, error) per puzzle."""
    out = []
    for x in read_blocks(path, box, size):
        if isinstance(x, PlainBlock):
            n = x.geometry.ncells
            out += [(line, tuple(x.values[k * n:(k + 1) * n]), None)
                    for k, line in enumerate(x.lines)]
        else:
            out.append((x.line, x.board.givens if x.board else None, x.error))
    return out


def reference(path, box=None):
    return [(e.line, e.board.givens if e.board else None, e.error)
            for e in read_puzzles(path, box=box)]


FILES = {
    "plain": PUZZLES[:7],
    "comments": ["# " + "c" * 79, "", *PUZZLES[:3], "# x", *PUZZLES[3:6], ""],
    "grid after plain": [*PUZZLES[:3], "1.3.", "3...", "....", "..1.", PUZZLES[4]],
    "grid after a comment": [*PUZZLES[:3], "# then a grid", "1.3.", "3...", "....", "..1."],
    "bad line": [*PUZZLES[:4], "12x4", EMPTY, "1" * 81, "\udce9" + EMPTY[1:]],
    "csv": ["puzzle,solution", PUZZLES[0] + "," + "1" * 81, PUZZLES[1]],
    "bom": ["\ufeff" + PUZZLES[0], PUZZLES[1]],
    "16x16 after plain": [*PUZZLES[:2], "." * 256, PUZZLES[2]],
    "81-character comment": ["#" * 81, *PUZZLES[:5]],
    "carriage returns after plain": [*PUZZLES[:4], PUZZLES[4] + "\r", "\r", PUZZLES[5]],
    "old newlines": [PUZZLES[0] + "\r" + PUZZLES[1], PUZZLES[2]],
    "a mark in the middle": [*PUZZLES[:2], "\ufeff" + PUZZLES[2], PUZZLES[3]],
    "long line after plain": [*PUZZLES[:3], "# " + "x" * 500, *PUZZLES[3:5]],
    "bytes after plain": [*PUZZLES[:3], "\udce2\udc82", "caf\udce9", PUZZLES[3]],
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_blocks_give_the_entries_of_the_line_reader(tmp_path, name):
    path = tmp_path / "in.txt"
    path.write_text("\n".join(FILES[name]) + "\n", encoding="utf-8", errors="surrogateescape")
    want = reference(path)
    for size in (1, 2, 3, 1000):
        assert flat(path, size) == want, size
    if name == "plain":
        assert all(isinstance(x, PlainBlock) for x in read_blocks(path, None, 3))
        assert flat(path, 3, (3, 3)) == reference(path, (3, 3))


def test_blocks_without_a_last_newline_or_with_crlf_give_the_line_readers_entries(tmp_path):
    """The bytes read in blocks end where the file does: a last line without its newline,
    a file of CRLF lines (read as text from the first carriage return)."""
    path = tmp_path / "in.txt"
    for text in ("\n".join(PUZZLES[:5]), "\r\n".join(PUZZLES[:5]) + "\r\n",
                 "\n".join(PUZZLES[:3]) + "\n" + "\r\n".join(PUZZLES[3:6]),
                 "\n".join(PUZZLES[:4]) + "\n" + PUZZLES[4][:40]):
        path.write_bytes(text.encode())
        want = reference(path)
        for size in (1, 2, 3, 1000):
            assert flat(path, size) == want, (size, text[-90:])


def test_a_resumed_batch_of_blocks_checks_each_line_once(tmp_path, capsys):
    src, out = tmp_path / "in.txt", tmp_path / "results.jsonl"
    lines = ["# sample", *PUZZLES[:20], EMPTY]
    src.write_text("\n".join(lines) + "\n")
    cmd = ["check", "-f", str(src), "--backends", "fast", "--workers", "1", "--out", str(out),
           "--chunk-size", "4", "--no-progress"]
    assert main(cmd) == EXIT_NOT_UNIQUE  # the empty board has several solutions
    first = out.read_text().splitlines()
    records = [json.loads(x) for x in first[1:]]
    assert sorted(r["line"] for r in records) == list(range(2, 23))
    assert {r["verdict"] for r in records if r["line"] != 22} == {"unique"}
    assert [r["verdict"] for r in records if r["line"] == 22] == ["multiple"]
    out.write_text("\n".join(first[:8]) + "\n")  # as if stopped after seven puzzles
    capsys.readouterr()
    assert main(cmd + ["--resume"]) == EXIT_NOT_UNIQUE  # (the code covers the whole file)
    assert "7 already in the results file were skipped" in capsys.readouterr().err
    again = [json.loads(x) for x in out.read_text().splitlines()[1:]]
    assert sorted(r["line"] for r in again) == list(range(2, 23))
    assert {r["line"]: r["verdict"] for r in again} == {r["line"]: r["verdict"] for r in records}
