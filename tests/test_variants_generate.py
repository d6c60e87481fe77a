"""``generate --variant``: every generated puzzle unique by a paradigm that did not dig it,
seeds reproducible, minimal means minimal, the formats read back, the output-file rules."""

from __future__ import annotations

import json
import random

import pytest

from sudoku_cp.cli import main
from sudoku_cp.variants.clues import read_clues
from sudoku_cp.variants.crosscheck import crosscheck
from sudoku_cp.variants.fpuzzles import parse_fpuzzles, write_fpuzzles
from sudoku_cp.variants.generate import (TYPES, Digger, generate, make_puzzle, parse_types,
                                         random_grid)
from sudoku_cp.variants.iss import parse_iss
from sudoku_cp.variants.iss_write import write_iss
from sudoku_cp.variants.model import VariantPuzzle
from sudoku_cp.variants.rules import check_solution


@pytest.mark.parametrize("kind", TYPES)
def test_every_clue_read_off_a_grid_holds_in_it(kind):
    shape = VariantPuzzle(9)
    rng = random.Random(11)
    grid = random_grid(shape, rng)
    pool = read_clues(kind, shape, grid, rng)
    assert pool
    assert check_solution(VariantPuzzle(9, constraints=tuple(pool)), grid) == []


@pytest.mark.parametrize("kind", [*TYPES, "mixed"])
def test_generated_6x6_puzzle_is_unique_by_the_witness_and_reads_back(kind):
    made = make_puzzle(7, (kind,), size=6)
    p = made.puzzle
    assert made.verified in (("sat", "fast"), ("sat", "cpsat"))
    report = crosscheck(p, ["witness", "cpsat"])  # a search that shares nothing with the digger
    assert report.verdict.value == "unique" and report.solution == made.solution
    assert parse_iss(write_iss(p)) == p
    back = parse_fpuzzles(write_fpuzzles(p))
    assert back.givens == p.givens and sorted(map(repr, back.constraints)) == \
        sorted(map(repr, p.constraints))


@pytest.mark.parametrize("kind", ["killer", "thermo"])
def test_irregular_regions(kind, capsys):
    made = make_puzzle(2, (kind,), size=6, regions="random")
    p = made.puzzle
    assert p.regions is not None and p.regions != VariantPuzzle(6).boxes()
    assert crosscheck(p, ["witness", "cpsat"]).solution == made.solution
    assert parse_iss(write_iss(p)) == p
    code, out, _ = run(capsys, "generate", "--variant", kind, "--size", "6", "--jigsaw",
                       "--seed", "1", "-q")
    assert code == 0 and ".Jigsaw~" in out and ".NoBoxes" in out


def test_zero_given_9x9_killer():
    made = next(generate(1, ("killer",), seed=1))
    assert made.puzzle.givens == () and made.verified in (("sat", "fast"), ("sat", "cpsat"))
    assert all(c.TYPE == "killer_cage" for c in made.puzzle.constraints)


def test_seeds_reproduce_the_run_and_each_puzzle_alone():
    run = [m.puzzle for m in generate(3, ("thermo",), size=6, seed=42, verify=None)]
    again = list(generate(3, ("thermo",), size=6, seed=42, verify=None))
    assert [m.puzzle for m in again] == run
    assert make_puzzle(again[1].seed, ("thermo",), size=6, verify=None).puzzle == run[1]
    assert [m.puzzle for m in generate(3, ("thermo",), size=6, seed=43, verify=None)] != run


def test_minimal_means_no_given_or_constraint_can_go():
    made = make_puzzle(5, ("killer",), size=6, minimal=True)
    p = made.puzzle
    for k in range(len(p.constraints)):
        fewer = VariantPuzzle(6, givens=p.givens, constraints=p.constraints[:k] + p.constraints[k + 1:])
        assert crosscheck(fewer, ["cpsat", "witness"]).verdict.value == "multiple"
    for k in range(len(p.givens)):
        fewer = VariantPuzzle(6, givens=p.givens[:k] + p.givens[k + 1:], constraints=p.constraints)
        assert crosscheck(fewer, ["cpsat", "witness"]).verdict.value == "multiple"


@pytest.mark.parametrize("kind", ["sandwich", "thermo", "little-killer"])
def test_givens_put_back_until_unique_leave_the_grid_the_only_solution(kind):
    """``add_givens``: every given dropped, then put back where a second solution
    differs; the givens kept with the whole pool leave the grid the only solution
    (counted by the witness, which shares no code with the digger's SAT solver), in
    fewer solver calls than the board has cells."""
    shape = VariantPuzzle(6)
    rng = random.Random(7)
    grid = random_grid(shape, rng)
    pool = read_clues(kind, shape, grid, rng)
    d = Digger(shape, grid, pool)
    try:
        d.add_givens(random.Random(1))
        kept = sorted(i for i in d.kept if i < shape.num_cells)
        assert 0 < d.calls < shape.num_cells
    finally:
        d.close()
    p = VariantPuzzle(6, givens=tuple((c, grid[c]) for c in kept), constraints=tuple(pool))
    report = crosscheck(p, ["witness", "sat"])
    assert report.verdict.value == "unique" and report.solution == tuple(grid)


def test_a_counterexample_rejects_a_drop_without_a_solver_call():
    shape = VariantPuzzle(4)
    rng = random.Random(3)
    grid = random_grid(shape, rng)
    d = Digger(shape, grid, read_clues("kropki", shape, grid, rng))
    try:
        item = d.constraint_items(random.Random(0))[0]
        d.counter.append({item})  # a grid breaking this item alone
        calls = d.calls
        d.dig([item])
        assert d.calls == calls and d.rejects == 1 and item in d.kept
    finally:
        d.close()


def test_unknown_type_gets_the_list():
    with pytest.raises(Exception, match="known: killer"):
        parse_types("killer,sudoku")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_writes_a_header_and_never_overwrites(capsys, tmp_path):
    path = tmp_path / "k.txt"
    code, _, _ = run(capsys, "generate", "--variant", "killer", "--size", "4", "-n", "2",
                     "--seed", "9", "-o", str(path), "-q")
    lines = path.read_text().splitlines()
    assert code == 0 and lines[0].startswith("# sudoku-cp generate") and "--seed 9" in lines[0]
    assert len(lines) == 3 and all(line.startswith(".Shape~4x4") for line in lines[1:])
    code, _, err = run(capsys, "generate", "--variant", "killer", "--size", "4", "-o", str(path))
    assert code != 0 and "refusing to overwrite" in err
    code, _, _ = run(capsys, "generate", "--variant", "killer", "--size", "4", "--seed", "9",
                     "-n", "2", "-o", str(path), "--force", "-q")
    assert code == 0 and path.read_text().splitlines() == lines


def test_cli_json_and_fpuzzles(capsys):
    code, out, _ = run(capsys, "generate", "--variant", "xv", "--size", "6", "--seed", "2",
                       "--format", "json", "-q")
    rec = json.loads(out)
    assert code == 0 and rec["format"] == "json" and rec["verified_by"] in (["sat", "fast"], ["sat", "cpsat"])
    p = VariantPuzzle.from_dict(rec["puzzle"])
    code, out, _ = run(capsys, "generate", "--variant", "xv", "--size", "6", "--seed", "2",
                       "--format", "fpuzzles", "-q")
    assert parse_fpuzzles(out.strip()).constraints == p.constraints


def test_cli_refuses_classic_options_with_variant(capsys):
    code, _, err = run(capsys, "generate", "--variant", "killer", "--clues", "20")
    assert code != 0 and "--clues is for classic puzzles" in err
    code, _, err = run(capsys, "generate", "--format", "iss")
    assert code != 0 and "--format goes with --variant" in err


def test_difficulty_levels_are_the_ratings_bands():
    from sudoku_cp.variants.generate import LEVELS
    from sudoku_cp.variants.logic.scores import BANDS

    assert LEVELS == tuple(name for _, name in BANDS)


@pytest.mark.parametrize("level", ["easy", "extreme"])
def test_difficulty_keeps_a_puzzle_at_the_level_or_says_it_missed(level):
    """Each puzzle is graded by the logic engine (its own solve, not the generator's
    claim): the level written is the level a fresh grade finds, and a puzzle not at the
    asked level carries a note saying so."""
    from sudoku_cp.variants.logic import solve_path

    made = list(generate(2, ("thermo",), size=4, seed=5, difficulty=level, attempts=4))
    for p in made:
        path = solve_path(p.puzzle)
        assert p.grade["level"] == path.level and p.grade["rating"] == path.rating
        assert (p.grade["level"] == level) != bool(p.missed)
        assert 1 <= p.stats["level_attempts"] <= 4
        if p.missed:
            assert p.stats["level_attempts"] == 4 and level in p.missed[0]
        assert p.to_dict()["grade"] == p.grade


def test_cli_difficulty_for_variants(capsys):
    code, _, err = run(capsys, "generate", "--variant", "killer", "--difficulty", "master")
    assert code != 0 and "levels are easy, medium, hard, expert, extreme" in err
    code, _, err = run(capsys, "generate", "--variant", "killer", "--attempts", "3")
    assert code != 0 and "--attempts goes with --difficulty" in err
    code, out, err = run(capsys, "generate", "--variant", "thermo", "--size", "4", "-n", "3",
                         "--seed", "1", "--difficulty", "easy", "--attempts", "2",
                         "--format", "json", "-q")
    recs = [json.loads(line) for line in out.splitlines()]
    missed = [r for r in recs if r.get("missed")]
    assert len(recs) == 3 and all(r["grade"]["level"] in ("easy",) or r["missed"] for r in recs)
    assert code == (1 if missed else 0)
    assert err.count("missed: difficulty easy") == len(missed)


# -- on the batch engines (generate --variant --workers N / --engine dask) ---------------------
def test_a_puzzle_with_a_level_does_not_depend_on_the_puzzles_before_it():
    """With --difficulty a puzzle takes a varying number of attempts; its own seed alone
    draws them, so two workers, each making every other puzzle, write the same ones."""
    from sudoku_cp.batch import LocalEngine

    options = dict(size=4, seed=5, difficulty="easy", attempts=3, verify=None)
    want = list(generate(3, ("thermo",), **options))
    assert max(m.stats["level_attempts"] for m in want) > 1  # (more than one attempt drawn)
    with LocalEngine(2) as engine:
        got = list(generate(3, ("thermo",), engine=engine, **options))
    said = lambda run: [(m.puzzle, m.grade, m.missed) for m in run]  # noqa: E731
    assert said(got) == said(want)


def test_local_workers_make_the_same_puzzles_in_order():
    from sudoku_cp.batch import LocalEngine

    want = [m.puzzle for m in generate(5, ("thermo", "killer"), size=6, seed=3, verify=None)]
    with LocalEngine(2) as engine:
        got = [m.puzzle for m in generate(5, ("thermo", "killer"), size=6, seed=3, verify=None,
                                          engine=engine)]
    assert got == want


def test_the_same_puzzles_with_the_local_and_dask_engines(capsys):
    """The CLI's run for a seed: in this process, on two local workers and on a Dask
    LocalCluster of two, line for line."""
    pytest.importorskip("distributed")
    argv = ["generate", "--variant", "thermo,killer", "--size", "6", "-n", "4", "--seed", "3", "-q"]
    outs = {}
    for name, more in (("alone", []), ("local", ["--workers", "2"]),
                       ("dask", ["--engine", "dask", "--workers", "2"])):
        code, outs[name], err = run(capsys, *argv, *more)
        assert code == 0, err
    assert len(outs["alone"].splitlines()) == 4
    assert outs["local"] == outs["alone"] and outs["dask"] == outs["alone"]


@pytest.mark.parametrize("argv, words", [
    (["--scheduler", "tcp://127.0.0.1:8786"], "--scheduler needs --engine dask"),
    (["--method", "controlled-bias"], "--method is for classic puzzles"),
    (["--time-limit", "5"], "--time-limit is for classic puzzles"),
])
def test_cli_refuses_engine_options_that_do_not_apply(capsys, argv, words):
    code, out, err = run(capsys, "generate", "--variant", "thermo", "--size", "4", *argv)
    assert code == 2 and out == "" and words in err


def test_cpsat_stands_in_for_fast_where_it_is_not_compiled(monkeypatch):
    """The default confirmation is sat and fast; on a machine where fast's compiled code
    is not there yet the generator does not wait for it: cpsat confirms instead."""
    from sudoku_cp.variants import paradigms
    from sudoku_cp.variants.generate import VERIFY, confirm

    made = make_puzzle(7, ("thermo",), size=6, verify=None)
    monkeypatch.setattr(paradigms, "not_ready", lambda name: "not compiled here")
    assert VERIFY == ("sat", "fast")
    assert confirm(made.puzzle, made.solution, VERIFY) == ("sat", "cpsat")
