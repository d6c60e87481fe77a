"""The bulk road of the check pipeline (``fast``'s ``check_array``): records written
from a template, and the whole-array ``is_solution_many`` it checks every first
solution with.

What must hold: a line from ``unique_line`` is the very text ``json.dumps`` makes of
``check_record`` for the same puzzle and times; ``is_solution_many`` says exactly what
``is_solution`` says, solution by solution; and a chunk through the hook gives the
verdicts and records of the generic path, whatever the mix of puzzles.
"""

from __future__ import annotations

import json
import random

import pytest

from sudoku_cp import Board, Result, is_solution
from sudoku_cp.check import is_solution_many
from sudoku_cp.crosscheck import judge
from sudoku_cp.records import check_record
from conftest import board_of, load, pattern_grid

pytest.importorskip("numba", reason="the fast backend needs numba (the 'fast' extra)")

import numpy as np  # noqa: E402

from sudoku_cp.pipeline import check_items, check_items_text, packed  # noqa: E402
from sudoku_cp.records import unique_line, unique_lines  # noqa: E402


def check_chunk(chunk, time_limit):
    """A chunk through the pipeline with ``fast`` alone: (verdict, line) per puzzle."""
    return [(c.verdict, c.line) for c in check_items(chunk, ["fast"], time_limit)]


def generic_chunk(chunk, backends, time_limit):
    """The same chunk the generic way (another backend): (verdict, line) per puzzle."""
    from sudoku_cp.batch import check_chunk as batch_chunk

    return [(c.verdict, c.line) for c in batch_chunk(chunk, backends, time_limit)]


def generic_line(board, solution, source, line, index, stats, t_fast, t_all):
    """The line the generic path writes for a unique puzzle, with the given times."""
    result = Result.of("fast", [tuple(solution)], True, t_fast,
                       {"nodes": stats[0], "guesses": stats[1], "count": 1}, 2)
    report = judge(board, {"fast": result})
    report.time_s = t_all
    return json.dumps(check_record(report, line=line, source=source, index=index))


def unique_boards():
    """Unique puzzles of several sizes with their solutions (one cell emptied from a
    full pattern grid is unique; 17-clue puzzles solved by the pattern of the sample)."""
    out = []
    for box in ((2, 2), (2, 3), (3, 3), (4, 4), (5, 5), (6, 6), (8, 8)):
        grid = pattern_grid(*box)
        givens = list(grid)
        givens[len(grid) // 2] = 0
        out.append((Board.from_values(givens, box=box), grid))
    from sudoku_cp import solve

    for line in load("17clue_sample.txt")[:3]:
        board = board_of(line)
        out.append((board, solve(board, "backtrack").solution))
    return out


@pytest.mark.parametrize("source", ["in.txt", "../shared/data/royle_17_clue.txt",
                                    'odd "name"\\with\ttab.txt', "données/écrit ☃.txt",
                                    "<stdin>"])
def test_a_template_line_is_the_generic_record_byte_for_byte(source):
    times = [(0.0, 0.0), (1e-07, 2.5e-06), (0.000123456789, 0.00012999), (12.5, 13.0000004)]
    for k, (board, solution) in enumerate(unique_boards()):
        t_fast, t_all = times[k % len(times)]
        item = (source, 7 + k, 100 + k, board.givens, board.box, (), None)
        stats = (3 + k, 5 * k, 1)
        ours = unique_line(item, board.to_text(), board.box, board.to_text(solution), stats,
                           t_fast, t_all)
        assert ours == generic_line(board, solution, source, 7 + k, 100 + k, stats,
                                    t_fast, t_all)


@pytest.mark.parametrize("bits", [True, False], ids=["sums of powers of two", "sorted"])
def test_is_solution_many_says_what_is_solution_says(bits, monkeypatch):
    import sudoku_cp.check

    if not bits:  # the road of boards too large for 64-bit sums, on these small ones
        monkeypatch.setattr(sudoku_cp.check, "MAX_BITS_N", 0)
    rng = random.Random(12)
    for box in ((2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 4)):
        grid = pattern_grid(*box)
        n = box[0] * box[1]
        diagonal = {}  # an extra house the grid satisfies: diagonal cells of distinct values
        for r in range(n):
            diagonal.setdefault(grid[r * n + r], r * n + r)
        extra = (tuple(diagonal.values())[:3],) if box[0] != box[1] else ()
        boards, sols = [], []
        for _ in range(60):
            givens = [v if rng.random() < 0.3 else 0 for v in grid]
            sol = list(grid)
            kind = rng.randrange(6)
            if kind == 1:  # two cells swapped: rows or columns break (or a given)
                a, b = rng.sample(range(n * n), 2)
                sol[a], sol[b] = sol[b], sol[a]
            elif kind == 2:  # a value out of range
                sol[rng.randrange(n * n)] = rng.choice([0, n + 1, -1])
            elif kind == 3:  # a given changed
                cell = rng.randrange(n * n)
                givens[cell] = sol[cell] % n + 1
            elif kind == 4:  # two whole rows swapped: still a Latin square, maybe not boxes
                r1, r2 = rng.sample(range(n), 2)
                sol[r1 * n:(r1 + 1) * n], sol[r2 * n:(r2 + 1) * n] = \
                    sol[r2 * n:(r2 + 1) * n], sol[r1 * n:(r1 + 1) * n]
            board = Board(Board.from_values(givens, box=box).geometry.with_houses(extra),
                          tuple(givens))
            boards.append(board)
            sols.append(sol)
        ours = is_solution_many(box, [b.givens for b in boards], sols, extra).tolist()
        theirs = [is_solution(b, s) for b, s in zip(boards, sols)]
        assert ours == theirs, box
        assert 0 < sum(theirs) < len(theirs)  # both kinds were tried


def test_many_template_lines_are_the_lines_made_one_by_one():
    """``unique_lines`` for a whole run is ``unique_line`` for each puzzle, texts that
    need escaping and a puzzle from no line included."""
    boards = unique_boards()[-3:]  # 9x9
    times = (2.5e-06, 1.25e-05)
    for texts in ([b.to_text() for b, _ in boards], ['"a\\b"', "é\t", "plain"]):
        where = [("in.txt", line, 100 + k) for k, line in enumerate((7, None, 9))]
        stats = [(3, 1, 1), (40, 7, 1), (0, 0, 1)]
        solutions = [b.to_text(s) for b, s in boards]
        ours = unique_lines("in.txt", (3, 3), "fast", [w[1] for w in where],
                            [w[2] for w in where], texts, solutions,
                            [s[0] for s in stats], [s[1] for s in stats], *times)
        assert ours == [unique_line(w, t, (3, 3), sol, st, *times)
                        for w, t, sol, st in zip(where, texts, solutions, stats)]
        assert [json.loads(line)["puzzle"] for line in ours] == texts


def test_a_chunk_as_text_is_the_lines_of_check_items_in_order():
    """``check_items_text`` (what a worker sends when the parent only writes): the lines
    of ``check_items`` joined in order, the unique ones counted, every other puzzle
    named; the same for a plain block of lines, a chunk of entries and another backend."""
    from sudoku_cp.pipeline import block_item
    from sudoku_cp.parse.stream import PlainBlock
    from sudoku_cp.board import geometry
    from sudoku_cp.results import DoneSet

    lines = load("17clue_sample.txt")[:4] + ["." * 81, "55" + "." * 79] + \
        load("17clue_sample.txt")[4:6]
    boards = [board_of(line) for line in lines]
    values = b"".join(bytes(b.givens) for b in boards)
    block = PlainBlock("in.txt", tuple(range(3, 3 + len(boards))), values, geometry(3, 3))
    plain, _ = block_item("in.txt", block, 1, DoneSet())
    chunk = [("in.txt", i + 3, i + 1, b.givens, b.box, b.geometry.extra, None)
             for i, b in enumerate(boards)]
    for items, backends in (([plain], ["fast"]), (chunk, ["fast"]), (chunk, ["sat"])):
        text = check_items_text(items, backends, None)
        each = check_items(items, backends, None, values=False)
        assert [json.loads(line)["line"] for line in text.text.decode().splitlines()] == \
            [c.index + 2 for c in each] == list(range(3, 11))
        strip = lambda r: {k: v for k, v in json.loads(r).items() if k != "time_s"}  # noqa
        ours = [strip(line) for line in text.text.decode().splitlines()]
        theirs = [strip(c.line) for c in each]
        for a, b in zip(ours, theirs):  # (a solver's statistics vary with its history)
            for r in (a, b):
                r["backends"] = {k: {x: y for x, y in v.items() if x not in ("time_s", "stats")}
                                 for k, v in r["backends"].items()}
            if a["verdict"] == "multiple":  # two solutions: each search finds its own
                a["solutions"] = b["solutions"] = a["evidence"] = b["evidence"] = None
                a["solution"] = b["solution"] = None
        assert ours == theirs
        assert text.text.endswith(b"\n") and text.unique == 6
        assert [(c.verdict, c.index) for c in text.others] == [("multiple", 5), ("none", 6)]
        assert all(json.loads(c.line)["index"] == c.index for c in text.others)


def test_is_solution_many_refuses_wrong_shapes():
    g = np.zeros((2, 16), dtype=np.int64)
    assert is_solution_many((2, 2), g, np.ones((2, 15), dtype=np.int64)).tolist() == [False] * 2
    assert is_solution_many((3, 3), g, np.ones((2, 16), dtype=np.int64)).tolist() == [False] * 2


def test_a_mixed_chunk_gives_the_generic_verdicts_and_records():
    lines = load("17clue_sample.txt")[:4] + ["." * 81, "55" + "." * 79]
    boards = [board_of(line) for line in lines]
    sixteen = Board.from_values([0] + pattern_grid(4, 4)[1:], box=(4, 4))
    chunk = [("in.txt", i + 1, i + 1, b.givens, b.box, b.geometry.extra,
              b.givens if i == 1 else None) for i, b in enumerate(boards)]
    chunk.insert(3, ("in.txt", 20, 20, sixteen.givens, (4, 4), (), None))  # another shape
    chunk.append(("in.txt", 9, 9, boards[0].givens, (3, 3), ((0, 10, 20),), None))  # a variant
    ours, theirs = check_chunk(chunk, None), generic_chunk(chunk, ["sat"], None)
    assert [v for v, _ in ours] == [v for v, _ in theirs] == \
        ["unique", "mismatch", "unique", "unique", "unique", "multiple", "none", "unique"]
    for (_, a), (_, b) in zip(ours, theirs):
        a, b = json.loads(a), json.loads(b)
        del a["time_s"], b["time_s"]
        a["backends"] = {"x": {k: v for k, v in a["backends"]["fast"].items()
                               if k not in ("time_s", "stats")}}
        b["backends"] = {"x": {k: v for k, v in b["backends"]["sat"].items()
                               if k not in ("time_s", "stats")}}
        assert a.pop("agreed") == (["fast"] if b["agreed"] else [])  # (each its own name)
        b.pop("agreed")
        if a["verdict"] == "multiple":  # each backend finds its own two solutions
            for key in ("solution", "solutions", "evidence"):
                del a[key], b[key]
        assert a == b and list(a) == list(b)


def test_a_bad_item_is_named_not_checked():
    from sudoku_cp.board import PuzzleError

    good = board_of(load("17clue_sample.txt")[0])
    bad = ("in.txt", 2, 2, (10,) + good.givens[1:], (3, 3), (), None)
    with pytest.raises(PuzzleError, match="value 10 at r1c1 is outside 1..9"):
        check_chunk([("in.txt", 1, 1, good.givens, (3, 3), (), None), bad], None)


def test_a_fast_batch_run_writes_the_records_of_a_sat_run_and_resumes(tmp_path):
    """End to end: plain lines (the parser's short road), a grid, a bad line, a puzzle
    with two solutions; --out, the exit code, the stderr line for the bad line, and a
    --resume that finds nothing left to do."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    puzzles = load("17clue_sample.txt")[:6]
    grid = "\n".join(board_of(puzzles[0]).to_text()[r * 9:r * 9 + 9] for r in range(9))
    src = tmp_path / "in.txt"
    src.write_text("\n".join(puzzles[:3] + ["", grid, "", "1.3?" + "." * 77, "." * 81,
                                            *puzzles[3:]]) + "\n")
    runs = {}
    for backend in ("fast", "sat"):
        out = tmp_path / f"{backend}.jsonl"
        cmd = [sys.executable, "-m", "sudoku_cp", "check", "-f", str(src), "--backends",
               backend, "--workers", "2", "--out", str(out), "--no-progress"]
        done = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=120)
        assert done.returncode == 2, done.stderr  # the bad line
        assert f"{src}:15: unknown symbol '?' at r1c4" in done.stderr
        records = [json.loads(line) for line in out.read_text().splitlines()[1:]]
        runs[backend] = {r["line"]: (r["verdict"], r["puzzle"], r["solution"], r["error"])
                         for r in records}
        again = subprocess.run(cmd + ["--resume"], cwd=root, capture_output=True, text=True,
                               timeout=120)
        assert again.returncode == 2 and "9 already in the results file were skipped" in \
            again.stderr
        assert out.read_text().count("\n") == 10  # the header and nine records, once each
    fast_run, sat_run = runs["fast"], runs["sat"]
    assert sorted(v for v, *_ in fast_run.values()) == \
        ["invalid", "multiple"] + ["unique"] * 7
    for line, (verdict, puzzle, solution, error) in fast_run.items():
        theirs = sat_run[line]
        assert (verdict, puzzle, error) == (theirs[0], theirs[1], theirs[3])
        if verdict == "unique":
            assert solution == theirs[2]


def test_givens_travel_as_bytes_or_tuples_with_the_same_records():
    boards = [board_of(line) for line in load("17clue_sample.txt")[:3]]
    big = Board.from_values(pattern_grid(16, 16)[:-1] + [0], box=(16, 16))  # n = 256: a tuple
    assert packed(boards[0]) == bytes(boards[0].givens) and packed(big) == big.givens

    def records(givens):
        chunk = [("in.txt", i + 1, i + 1, g, (3, 3), (), None) for i, g in enumerate(givens)]
        return [json.loads(line) for _, line in check_chunk(chunk, None)]

    as_bytes = records([packed(b) for b in boards])
    mixed = records([packed(boards[0]), boards[1].givens, list(boards[2].givens)])
    for a, b in zip(as_bytes, mixed):
        assert [a[k] for k in ("verdict", "puzzle", "solution")] == \
            [b[k] for k in ("verdict", "puzzle", "solution")]
    short = ("in.txt", 4, 4, packed(boards[0])[:-1], (3, 3), (), None)
    from sudoku_cp.board import PuzzleError

    with pytest.raises(PuzzleError, match="81 cells, not 80|80 cells"):
        check_chunk([("in.txt", 1, 1, packed(boards[0]), (3, 3), (), None), short], None)


def test_check_array_reads_rows_of_any_kind_alike():
    from sudoku_cp.backends.fast import check_array
    from sudoku_cp.board import geometry

    rows = [board_of(line).givens for line in load("17clue_sample.txt")[:4]]
    rows.append((5, 5) + (0,) * 79)  # clashing givens: no solution
    g = geometry(3, 3)
    want = check_array(np.array(rows, dtype=np.int64), g)
    for given in (rows, [list(r) for r in rows], [bytes(r) for r in rows],
                  [rows[0], list(rows[1]), bytes(rows[2]), list(rows[3]), rows[4]],
                  [rows[0], list(rows[1]), rows[2], np.array(rows[3]), rows[4]],
                  [v for r in rows for v in r]):  # a flat list: numpy reshapes it
        got = check_array(given, g)
        for a, b in zip(got, want):
            assert (a == b).all()
    assert check_array([tuple(rows[0])], g)[0].tolist() == [1]
