"""The solver-neutral model files in models/: up to date, and they really model Sudoku.

Every generated file is rebuilt in memory and compared byte for byte; the DIMACS files
are parsed and solved with a PySAT solver and read back through their mapping comments;
the MiniZinc examples are solved with ``minizinc`` when it is installed.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from sudoku_cp import Board
from sudoku_cp.check import is_solution
from sudoku_cp.crosscheck import Verdict, crosscheck
from sudoku_cp.encode.minizinc import MODEL, read_grid, to_minizinc_data

MODELS = Path(__file__).resolve().parent.parent / "models"


def _load_script(name: str):
    """A script of models/ as a module (models/ is not a package)."""
    spec = importlib.util.spec_from_file_location(f"models_{name}", MODELS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


regenerate = _load_script("regenerate")
GENERATED = regenerate.files()

#: Documented clause counts (models/README.md): (file, box, clauses).
CNF_FILES = [
    ("empty-4x4-minimal.cnf", (2, 2), 304),
    ("empty-4x4-extended.cnf", (2, 2), 448),
    ("empty-9x9-minimal.cnf", (3, 3), 8_829),
    ("empty-9x9-extended.cnf", (3, 3), 11_988),
    ("empty-16x16-minimal.cnf", (4, 4), 92_416),
    ("empty-16x16-extended.cnf", (4, 4), 123_904),
    ("example-9x9-extended.cnf", (3, 3), 11_988 + 17),  # + one unit clause per given
]


# -- no drift ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(GENERATED))
def test_file_matches_the_code(name):
    path = MODELS / name
    assert path.is_file(), f"models/{name} is missing: run python3 models/regenerate.py"
    assert path.read_bytes() == GENERATED[name].encode("utf-8"), (
        f"models/{name} differs from what the code produces: run python3 models/regenerate.py")


def test_no_stray_files():
    differ, extra = regenerate.stale(MODELS)
    assert extra == [], f"files in models/ that nothing generates: {extra}"
    assert differ == []


def test_every_cnf_file_is_listed_here():
    assert sorted(name for name in GENERATED if name.endswith(".cnf")) == \
        sorted(name for name, _, _ in CNF_FILES)


def test_files_are_what_the_command_line_exports(tmp_path):
    from sudoku_cp.cli import main

    out = tmp_path / "out"
    assert main(["export", "--empty", "--box", "2x2", "--format", "dimacs",
                 "--encoding", "minimal", "-o", str(out)]) == 0
    assert out.read_bytes() == (MODELS / "empty-4x4-minimal.cnf").read_bytes()
    box, text = regenerate.EXAMPLES["6x6"]
    assert main(["export", "--format", "minizinc", "--box", f"{box[0]}x{box[1]}", text,
                 "-o", str(out), "--force"]) == 0  # the same file again: --force
    assert out.read_bytes() == (MODELS / "example-6x6.dzn").read_bytes()


# -- the example puzzles ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def unique_solutions():
    """Each example's solution, as the cross-checker finds it (all backends agree)."""
    solutions = {}
    for name in regenerate.EXAMPLES:
        board = regenerate.example_board(name)
        report = crosscheck(board, ["sat", "cpsat"] if board.n > 9 else None)
        assert report.verdict is Verdict.UNIQUE, f"example {name}: {report.verdict}"
        solutions[name] = report.solution
    return solutions


def test_examples_have_unique_solutions(unique_solutions):
    assert set(unique_solutions) == {"4x4", "6x6", "9x9", "16x16"}


def test_the_9x9_example_is_from_top95():
    from conftest import load

    assert regenerate.EXAMPLES["9x9"][1] in load("top95_sample.txt")


# -- DIMACS -------------------------------------------------------------------------------------
def mapping(text: str) -> dict[int, tuple[int, int, int]]:
    """Variable id -> (row, col, value), 1-based, from the ``c var ID = rRcC#V`` comments."""
    found = re.findall(r"^c var (\d+) = r(\d+)c(\d+)#(\d+)$", text, re.M)
    return {int(v): (int(r), int(c), int(val)) for v, r, c, val in found}


def grid_from_model(model, var_map, n) -> list[int]:
    """A solution grid read back from a SAT model through the mapping comments."""
    grid = [0] * (n * n)
    for lit in model:
        if lit > 0 and lit in var_map:
            r, c, v = var_map[lit]
            assert grid[(r - 1) * n + c - 1] == 0, f"two values in r{r}c{c}"
            grid[(r - 1) * n + c - 1] = v
    return grid


@pytest.mark.parametrize("name,box,clauses", CNF_FILES)
def test_cnf_parses_and_solves_to_a_valid_grid(name, box, clauses, unique_solutions):
    from pysat.formula import CNF
    from pysat.solvers import Solver

    path = MODELS / name
    cnf = CNF(from_file=str(path))
    n = box[0] * box[1]
    assert len(cnf.clauses) == clauses
    assert cnf.nv == n ** 3
    text = path.read_text()
    assert re.search(rf"^p cnf {n ** 3} {clauses}$", text, re.M)
    var_map = mapping(text)
    assert len(var_map) == n ** 3
    # The documented formula of the README: id = ((row-1)*n + (col-1))*n + value.
    assert all(vid == ((r - 1) * n + c - 1) * n + v for vid, (r, c, v) in var_map.items())

    with Solver(name="cadical153", bootstrap_with=cnf.clauses) as solver:
        assert solver.solve()
        grid = grid_from_model(solver.get_model(), var_map, n)
    if name.startswith("example-"):
        board = regenerate.example_board(name.split("-")[1])
        assert tuple(grid) == unique_solutions[name.split("-")[1]]
    else:
        board = Board.empty(box)
    assert is_solution(board, grid)


def test_example_cnf_has_the_givens_as_unit_clauses():
    board = regenerate.example_board("9x9")
    text = (MODELS / "example-9x9-extended.cnf").read_text()
    var_map = {v: k for k, v in mapping(text).items()}
    units = [int(line.split()[0]) for line in text.splitlines()
             if re.fullmatch(r"-?\d+ 0", line)]
    n = board.n
    expected = [var_map[(cell // n + 1, cell % n + 1, v)]
                for cell, v in enumerate(board.givens) if v]
    assert units == expected


# -- MiniZinc, as text ------------------------------------------------------------------------
def test_model_file_is_the_model():
    assert (MODELS / "sudoku.mzn").read_text() == MODEL


def test_model_has_one_comment_and_one_constraint_per_family():
    assert 'include "alldifferent.mzn";' in MODEL
    for name in ("box_rows", "box_cols"):
        assert re.search(rf"^int: {name};$", MODEL, re.M)
    assert re.search(r"^array\[N, N\] of 0\.\.n: givens;$", MODEL, re.M)
    blocks = MODEL.split("\n\n")
    for family in ("Rows", "Columns", "Boxes"):
        [block] = [b for b in blocks if b.startswith(f"% {family}:")]
        assert block.count("constraint") == 1 and block.count("alldifferent(") == 1
    assert MODEL.count("alldifferent(") == 3
    assert re.search(r"^solve satisfy;$", MODEL, re.M)
    assert "output [" in MODEL


def read_dzn(text: str) -> tuple[int, int, list[int]]:
    box_rows = int(re.search(r"^box_rows = (\d+);$", text, re.M).group(1))
    box_cols = int(re.search(r"^box_cols = (\d+);$", text, re.M).group(1))
    body = re.search(r"givens = \[\|(.*)\|\];", text, re.S).group(1)
    rows = [[int(v) for v in row.split(",")] for row in body.split("|")]
    n = box_rows * box_cols
    assert len(rows) == n and all(len(row) == n for row in rows)
    return box_rows, box_cols, [v for row in rows for v in row]


@pytest.mark.parametrize("name", list(regenerate.EXAMPLES))
def test_dzn_holds_the_puzzle(name):
    board = regenerate.example_board(name)
    box_rows, box_cols, givens = read_dzn((MODELS / f"example-{name}.dzn").read_text())
    assert (box_rows, box_cols) == board.box
    assert tuple(givens) == board.givens


def test_dzn_refuses_extra_houses():
    board = Board.from_values([0] * 16, houses=[(0, 5, 10, 15)])
    with pytest.raises(ValueError, match="extra houses"):
        to_minizinc_data(board)


# -- MiniZinc, solved ---------------------------------------------------------------------------
MINIZINC = shutil.which("minizinc")
needs_minizinc = pytest.mark.skipif(
    MINIZINC is None,
    reason="the minizinc command is not installed (Debian: apt-get install minizinc); "
           "the model and data files are still checked as text above")


@functools.lru_cache(maxsize=None)
def gecode_flags() -> tuple[str, ...]:
    """``--solver gecode``, plus the models/gecode-debian include directory when this
    MiniZinc turns alldifferent into pairwise disequalities (Debian's 2.6 + Gecode 6.2)."""
    flags = ("--solver", "gecode")
    compiled = subprocess.run(
        [MINIZINC, *flags, "-c", "--output-to-stdout", "--no-output-ozn",
         str(MODELS / "sudoku.mzn"), str(MODELS / "example-4x4.dzn")],
        capture_output=True, text=True, timeout=120)
    assert compiled.returncode == 0, compiled.stderr
    if "all_different" not in compiled.stdout:
        flags = ("-I", str(MODELS / "gecode-debian"), *flags)
    return flags


@needs_minizinc
@pytest.mark.parametrize("name", list(regenerate.EXAMPLES))
def test_minizinc_finds_the_one_solution(name, unique_solutions):
    board = regenerate.example_board(name)
    run = subprocess.run(
        [MINIZINC, *gecode_flags(), "--num-solutions", "2", str(MODELS / "sudoku.mzn"),
         str(MODELS / f"example-{name}.dzn")],
        capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("----------") == 1, "expected exactly one solution"
    assert "==========" in run.stdout, "the search did not finish"
    grid = read_grid(run.stdout, board.n)
    assert is_solution(board, grid)
    assert grid == unique_solutions[name]


# -- reading an external solver's answer back ---------------------------------------------------
read_model = _load_script("read_model")


def test_read_model_reads_both_output_styles(tmp_path, capsys, unique_solutions):
    from pysat.formula import CNF
    from pysat.solvers import Solver

    cnf_path = MODELS / "example-9x9-extended.cnf"
    with Solver(name="minisat22", bootstrap_with=CNF(from_file=str(cnf_path)).clauses) as s:
        assert s.solve()
        model = s.get_model() + [0]
    competition = "s SATISFIABLE\n" + "\n".join(
        "v " + " ".join(map(str, model[i:i + 10])) for i in range(0, len(model), 10)) + "\n"
    minisat = "SAT\n" + " ".join(map(str, model)) + "\n"
    expected = list(unique_solutions["9x9"])
    for text in (competition, minisat):
        rows = read_model.grid(cnf_path.read_text(), text)
        assert [v for row in rows for v in row] == expected
    out = tmp_path / "out.txt"
    out.write_text(competition)
    assert read_model.main([str(cnf_path), str(out)]) == 0
    printed = [int(v) for v in capsys.readouterr().out.split()]
    assert printed == expected


def test_read_model_refuses_unsat_and_partial_models(tmp_path, capsys):
    cnf_path = MODELS / "empty-4x4-minimal.cnf"
    for text in ("s UNSATISFIABLE\n", "UNSAT\n", "s SATISFIABLE\nv 1 6 0\n"):
        out = tmp_path / "out.txt"
        out.write_text(text)
        assert read_model.main([str(cnf_path), str(out)]) == 1
    assert "read_model:" in capsys.readouterr().err


# -- the other paradigms: exact cover, 0-1 programs, ASP -----------------------------------------
def test_every_paradigm_file_is_what_the_command_line_exports(tmp_path):
    from sudoku_cp.cli import main

    out = tmp_path / "out"
    for name, fmt, source in regenerate.PARADIGM_FILES:
        if isinstance(source, str):
            box, text = regenerate.EXAMPLES[source]
            argv = ["export", "--format", fmt, "--box", f"{box[0]}x{box[1]}", text]
        else:
            argv = ["export", "--format", fmt, "--empty", "--box", f"{source[0]}x{source[1]}"]
        assert main([*argv, "-o", str(out), "--force"]) == 0
        assert out.read_bytes() == (MODELS / name).read_bytes(), name


def read_exact_cover(text: str) -> tuple[list[str], set[str], list[list[str]]]:
    """(primary columns, secondary columns, rows) from Knuth's DLX input format."""
    lines = [line for line in text.splitlines() if line and not line.startswith("|")]
    primary, _, secondary = lines[0].partition("|")
    return primary.split(), set(secondary.split()), [line.split() for line in lines[1:]]


def exact_covers(primary, secondary, rows, limit):
    """Exact covers (lists of row indices) by Algorithm X over dicts of sets: the short
    textbook version, independent of backends.dlx. Secondary columns may stay uncovered."""
    cols = {c: set() for c in [*primary, *secondary]}
    for i, row in enumerate(rows):
        for c in row:
            cols[c].add(i)
    found: list[list[int]] = []

    def select(i):
        removed = []
        for c in rows[i]:
            for j in cols[c]:
                for other in rows[j]:
                    if other != c:
                        cols[other].discard(j)
            removed.append(cols.pop(c))
        return removed

    def deselect(i, removed):
        for c in reversed(rows[i]):
            cols[c] = removed.pop()
            for j in cols[c]:
                for other in rows[j]:
                    if other != c:
                        cols[other].add(j)

    def search(chosen):
        open_primary = [c for c in cols if c not in secondary]
        if not open_primary:
            found.append(list(chosen))
            return
        col = min(open_primary, key=lambda c: len(cols[c]))
        for i in sorted(cols[col]):
            removed = select(i)
            chosen.append(i)
            search(chosen)
            chosen.pop()
            deselect(i, removed)
            if len(found) >= limit:
                return

    search([])
    return found


def grid_from_rows(rows, n):
    """The grid of a cover: each row names its cell column ``pRC`` and its row-value ``rRV``."""
    symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    grid = [0] * (n * n)
    for row in rows:
        cell = next(c for c in row if c.startswith("p"))
        value = next(c for c in row if c.startswith("r"))
        r, c = symbols.index(cell[1]), symbols.index(cell[2])
        grid[r * n + c] = symbols.index(value[2]) + 1
    return grid


def test_exact_cover_of_the_empty_4x4_has_288_solutions():
    primary, secondary, rows = read_exact_cover((MODELS / "empty-4x4.dlx").read_text())
    assert (len(primary), len(secondary), len(rows)) == (64, 0, 64)
    covers = exact_covers(primary, secondary, rows, limit=1000)
    assert len(covers) == 288
    grids = {tuple(grid_from_rows([rows[i] for i in cover], 4)) for cover in covers}
    assert len(grids) == 288 and all(is_solution(Board.empty((2, 2)), g) for g in grids)


def test_exact_cover_example_has_the_one_solution(unique_solutions):
    primary, _, rows = read_exact_cover((MODELS / "example-9x9.dlx").read_text())
    assert len(primary) == 324 and len(rows) == 17 + (81 - 17) * 9
    covers = exact_covers(primary, set(), rows, limit=2)
    assert len(covers) == 1
    assert tuple(grid_from_rows([rows[i] for i in covers[0]], 9)) == unique_solutions["9x9"]


def test_exact_cover_marks_small_extra_houses_secondary():
    from sudoku_cp.encode.exact_cover import to_text

    board = Board.from_values([0] * 16, houses=[(0, 5, 10)])
    primary, secondary, _ = read_exact_cover(to_text(board))
    assert len(primary) == 64 and secondary == {f"x1.{v}" for v in "1234"}


needs_highspy = pytest.mark.skipif(
    importlib.util.find_spec("highspy") is None,
    reason='highspy is not installed (pip install "sudoku-cp[mip]"); the files are still '
           "compared with the code above")


def solve_with_highs(path: Path, n: int):
    """Read an LP or MPS file with HiGHS, solve it, and read the grid back from x names."""
    import highspy

    symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    assert h.readModel(str(path)) == highspy.HighsStatus.kOk
    h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    lp = h.getLp()
    assert lp.num_col_ == n ** 3
    values = h.getSolution().col_value
    grid = [0] * (n * n)
    for j, value in enumerate(values):
        if value > 0.5:
            name = h.getColName(j)[1]
            r, c, v = (symbols.index(ch) for ch in name[1:])
            assert grid[r * n + c] == 0, f"two values in {name}"
            grid[r * n + c] = v + 1
    return grid, lp


@needs_highspy
@pytest.mark.parametrize("name", ["empty-9x9-mip.lp", "empty-9x9-mip.mps",
                                  "example-9x9-mip.lp", "example-9x9-mip.mps"])
def test_mip_files_solve_to_a_valid_grid(name, unique_solutions):
    grid, lp = solve_with_highs(MODELS / name, 9)
    assert lp.num_row_ == 324
    if name.startswith("example"):
        assert tuple(grid) == unique_solutions["9x9"]
    else:
        assert is_solution(Board.empty((3, 3)), grid)


needs_clingo = pytest.mark.skipif(
    importlib.util.find_spec("clingo") is None,
    reason='clingo is not installed (pip install "sudoku-cp[asp]"); the files are still '
           "compared with the code above")


@needs_clingo
@pytest.mark.parametrize("name", ["4x4", "9x9", "16x16"])
def test_asp_program_and_instance_have_the_one_solution(name, unique_solutions):
    import clingo

    from sudoku_cp.encode.asp import read_answer

    control = clingo.Control(["0"], logger=lambda code, message: None)  # "0": every model
    control.load(str(MODELS / "sudoku.lp"))
    control.load(str(MODELS / f"example-{name}-asp.lp"))
    control.ground([("base", [])])
    answers = []
    result = control.solve(on_model=lambda m: answers.append(m.symbols(shown=True)))
    assert result.exhausted and len(answers) == 1
    n = regenerate.example_board(name).n
    assert tuple(read_answer(answers[0], n)) == unique_solutions[name]


def test_asp_model_file_is_the_model():
    from sudoku_cp.encode.asp import MODEL

    assert (MODELS / "sudoku.lp").read_text() == MODEL
    for family in ("Cells", "Givens", "Houses"):
        assert f"% {family}:" in MODEL


def test_read_model_names_an_empty_output_and_a_missing_file(tmp_path, capsys):
    cnf = str(Path(__file__).resolve().parent.parent / "models" / "example-9x9-extended.cnf")
    empty = tmp_path / "out.txt"
    empty.write_text("")
    assert read_model.main([cnf, str(empty)]) == 1
    err = capsys.readouterr().err
    assert "holds no model" in err and err.count("\n") == 1
    assert read_model.main([cnf, str(tmp_path / "nope.txt")]) == 2
    assert "nope.txt: No such file" in capsys.readouterr().err
