"""Certificates of uniqueness: writing, our DRAT checker, and the directory verifier.

Each corruption the issue names (a proof with a clause removed, a wrong lemma added, a
solution with one cell changed, a CNF without its blocking clause, a truncated file)
must be rejected with a message that names what failed.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile

import pytest
from conftest import board_of, load
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_cp import Board
from sudoku_cp.backends import solve
from sudoku_cp.certify.drat import (Formula, ProofFormatError, check_proof, parse_dimacs,
                                    parse_proof, proof_text, propagate_units)
from sudoku_cp.certify.make import (MANIFEST, append_record, blocking_clause, file_stem,
                                    make_certificate, refuted_formula)
from sudoku_cp.certify.checkers import checker_available
from sudoku_cp.certify.verify import verify_directory, verify_record
from sudoku_cp.cli import main
from sudoku_cp.encode.cnf import cached_encode, givens_literals, var

#: The first forum_hardest puzzle needs real search: its proof has hundreds of lemmas.
HARD = load("forum_hardest_sample.txt")[0]


def certify(directory, board, index=1):
    """Settle ``board`` with the sat backend and write its certificate; returns the record."""
    result = solve(board, "sat", limit=2)
    verdict = ("multiple" if len(result.solutions) == 2 else
               "unique" if result.solutions else "none")
    rec = make_certificate(board, verdict, result.solutions, str(directory), index)
    append_record(str(directory), rec)
    return rec


@pytest.fixture(scope="module")
def hard_dir(tmp_path_factory):
    directory = tmp_path_factory.mktemp("hard")
    certify(directory, board_of(HARD))
    return directory


@pytest.fixture
def cert(hard_dir, tmp_path):
    """A fresh copy of a good certificate of a hard puzzle, to corrupt."""
    target = tmp_path / "cert"
    shutil.copytree(hard_dir, target)
    return target


def problems(directory) -> list[str]:
    results = list(verify_directory(str(directory)))
    assert len(results) == 1
    return results[0].problems


def path(directory, suffix, index=1):
    return directory / (file_stem(index) + suffix)


# -- a good certificate ----------------------------------------------------------------------
def test_good_certificate_holds_and_says_what_it_checked(cert):
    rec = json.loads((cert / MANIFEST).read_text())
    assert rec["verdict"] == "unique" and rec["check"]["ok"]
    assert rec["check"]["lemmas"] > 10  # a real proof, not unit propagation alone
    assert set(rec["files"]) == {"solution", "cnf", "proof"}
    assert rec["sizes"]["proof"] == os.path.getsize(path(cert, ".drat"))
    assert problems(cert) == []


def test_cnf_file_is_the_dimacs_export_plus_the_blocking_clause(cert):
    board = board_of(HARD)
    solution = solve(board, "sat").solution
    text = path(cert, ".cnf").read_text()
    assert "c var 1 = r1c1#1" in text
    _, clauses = parse_dimacs(text)
    assert clauses[-1] == blocking_clause(board, solution)
    assert len(clauses[-1]) == 81 - board.clues
    units = [c[0] for c in clauses if len(c) == 1]
    assert units == givens_literals(cached_encode(board.geometry), board)


# -- each corruption is named ----------------------------------------------------------------
def needed_lemma(formula, lines: list[str]) -> int:
    """The index of the last added lemma without which the proof fails (most lemmas of a
    CDCL proof are not needed: the conflict is reached another way)."""
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].startswith("d ") or lines[i] == "0":
            continue
        if not check_proof(formula, "\n".join(lines[:i] + lines[i + 1:]) + "\n").ok:
            return i
    raise AssertionError("no lemma is needed: the proof is unit propagation alone")


def test_proof_with_a_clause_removed_is_rejected(cert):
    _, formula = refuted_formula(board_of(HARD), solve(board_of(HARD), "sat").solution)
    lines = proof_text(parse_proof(path(cert, ".drat").read_bytes())).splitlines()
    del lines[needed_lemma(formula, lines)]
    path(cert, ".drat").write_text("\n".join(lines) + "\n")
    found = problems(cert)
    assert any(p.startswith("proof: puzzle-000001.drat does not refute the CNF: ") and
               ("neither RUP nor RAT" in p or "without a conflict" in p) for p in found), found


def test_proof_with_a_wrong_lemma_added_is_rejected(cert):
    board = board_of(HARD)
    cell = next(c for c, v in enumerate(board.givens) if v)
    wrong = -var(cached_encode(board.geometry), cell // 9, cell % 9, board.givens[cell])
    text = proof_text(parse_proof(path(cert, ".drat").read_bytes()))
    path(cert, ".drat").write_text(f"{wrong} 0\n" + text)
    found = problems(cert)
    assert any(f"proof step 1 (line 1): lemma {wrong} 0 is neither RUP nor RAT" in p
               for p in found), found


def test_solution_with_one_cell_changed_is_rejected(cert):
    board = board_of(HARD)
    sol = path(cert, ".sol").read_text().strip()
    cell = next(c for c, v in enumerate(board.givens) if not v)
    other = "1" if sol[cell] != "1" else "2"
    path(cert, ".sol").write_text(sol[:cell] + other + sol[cell + 1:] + "\n")
    found = problems(cert)
    assert any("solution: puzzle-000001.sol line 1 is not a solution" in p and "twice" in p
               for p in found), found


def test_cnf_without_its_blocking_clause_is_rejected(cert):
    lines = path(cert, ".cnf").read_text().splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("p cnf"))
    _, nv, count = lines[header].rsplit(" ", 2)
    lines[header] = f"p cnf {nv} {int(count) - 1}"
    path(cert, ".cnf").write_text("\n".join(lines[:-1]) + "\n")
    assert "cnf: the blocking clause of the solution is missing" in problems(cert)


@pytest.mark.parametrize("suffix", [".drat", ".cnf", ".sol", MANIFEST])
def test_truncated_file_is_rejected(cert, suffix):
    target = cert / MANIFEST if suffix == MANIFEST else path(cert, suffix)
    data = target.read_bytes()
    target.write_bytes(data[: len(data) // 2])
    found = problems(cert)
    kind = {".drat": "proof:", ".cnf": "cnf:", ".sol": "solution:", MANIFEST: "manifest:"}[suffix]
    assert any(p.startswith(kind) for p in found), found


def test_truncated_proof_message_says_it_is_cut_short(cert):
    data = path(cert, ".drat").read_bytes()
    path(cert, ".drat").write_bytes(data[:-3])
    assert any("cut short" in p or "without a conflict" in p for p in problems(cert))


def test_cli_verify_exits_3_naming_the_failed_certificate(cert, capsys):
    assert main(["certify", "verify", str(cert), "-q"]) == 0
    path(cert, ".drat").write_bytes(b"")
    assert main(["certify", "verify", str(cert)]) == 3
    err = capsys.readouterr().err
    assert "certificate of puzzle 1 (unique) FAILS" in err and "1 of 1 certificates FAIL" in err


def test_cli_verify_without_manifest_is_an_input_error(tmp_path, capsys):
    assert main(["certify", "verify", str(tmp_path)]) == 2
    assert "no manifest.jsonl" in capsys.readouterr().err


# -- the other verdicts ----------------------------------------------------------------------
def test_multiple_and_none_are_certified(tmp_path):
    several = Board.parse("1..." "...." "...." "....")
    clash = Board.parse("11.." "...." "...." "....")
    assert certify(tmp_path, several, 1)["verdict"] == "multiple"
    rec = certify(tmp_path, clash, 2)
    assert rec["verdict"] == "none" and rec["check"]["ok"] and "solution" not in rec["files"]
    assert all(r.ok for r in verify_directory(str(tmp_path)))
    sol = path(tmp_path, ".sol", 1)
    first = sol.read_text().splitlines()[0]
    sol.write_text(first + "\n" + first + "\n")  # the same solution twice is no witness
    bad = [r for r in verify_directory(str(tmp_path)) if not r.ok]
    assert [r.index for r in bad] == [1]
    assert any("the two witnesses are the same solution" in p for p in bad[0].problems)


def test_check_certify_writes_certificates_in_both_modes(tmp_path, capsys):
    lines = load("17clue_sample.txt")[:3]
    assert main(["check", *lines, "--backends", "sat", "--certify", str(tmp_path / "a")]) == 0
    puzzles = tmp_path / "in.txt"
    puzzles.write_text("\n".join(lines) + "\n")
    assert main(["check", "-f", str(puzzles), "--backends", "sat", "--workers", "1",
                 "--out", str(tmp_path / "r.jsonl"), "--certify", str(tmp_path / "b")]) == 0
    for d in ("a", "b"):
        results = list(verify_directory(str(tmp_path / d)))
        assert sorted(r.index for r in results) == [1, 2, 3] and all(r.ok for r in results)
    capsys.readouterr()
    assert main(["check", lines[0], "--backends", "sat", "--certify", str(tmp_path / "a")]) == 2
    assert "already holds certificates" in capsys.readouterr().err


# -- the checker itself ----------------------------------------------------------------------
def test_rat_lemmas_are_accepted_and_checked():
    # x3 <-> (x1 and x2) by extended resolution: the first definition clause is RAT on -3.
    formula = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
    assert check_proof(formula, "-3 1 0\n-3 2 0\n3 -1 -2 0\n2 0\n0\n").ok
    bad = check_proof(formula, "3 0\n-3 0\n")
    assert not bad.ok and "lemma -3 0 is neither RUP nor RAT" in bad.message


def test_deletions_are_applied():
    formula = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
    assert check_proof(formula, "2 0\n0\n").ok
    result = check_proof(formula, "d -1 2 0\n2 0\n")
    assert not result.ok and result.deletions == 1


def test_binary_and_text_proofs_agree_and_engines_agree(hard_dir):
    data = path(hard_dir, ".drat").read_bytes()
    proof = parse_proof(data)
    again = parse_proof(proof_text(proof))
    assert again.lits.tolist() == proof.lits.tolist()
    assert again.deleted.tolist() == proof.deleted.tolist()
    _, formula = refuted_formula(board_of(HARD), solve(board_of(HARD), "sat").solution)
    fast, slow = check_proof(formula, data), check_proof(formula, data, engine="python")
    assert fast.engine == "numba" and slow.engine == "python"
    assert (fast.ok, fast.message, fast.lemmas) == (slow.ok, slow.message, slow.lemmas)
    assert fast.ok and fast.lemmas > 10
    assert formula.linked is not None  # the shape's watches, linked once
    unlinked = check_proof(Formula(formula.lits, formula.starts), data)
    assert (unlinked.ok, unlinked.message) == (fast.ok, fast.message)
    with pytest.raises(ProofFormatError, match="cut short"):
        parse_proof(data[:-1])
    with pytest.raises(ProofFormatError, match="no closing 0"):
        parse_proof("1 2 0\n3")


def test_unit_propagation_alone():
    assert propagate_units(Formula.from_clauses([[1], [-1, 2]])).tolist() == [1, 2]
    assert propagate_units(Formula.from_clauses([[1], [-1]])) is None


# -- every certificate the toolkit writes, its own checker accepts ---------------------------
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(box=st.sampled_from([(2, 2), (2, 3), (3, 3)]), seed=st.integers(0, 10**6),
       keep=st.floats(0.1, 0.6), clash=st.booleans())
def test_every_certificate_written_is_accepted(tmp_path, box, seed, keep, clash):
    from sudoku_cp.generate import full_grid

    rng = random.Random(seed)
    grid = list(full_grid(box, rng))
    givens = [v if rng.random() < keep else 0 for v in grid]
    if clash:  # a wrong given: usually no solution
        cell = rng.randrange(len(givens))
        givens[cell] = givens[cell] % (box[0] * box[1]) + 1
    board = Board.from_values(givens, box=box)
    directory = tempfile.mkdtemp(dir=tmp_path)  # one per example: hypothesis reuses tmp_path
    rec = certify(directory, board)
    assert rec["check"] is None or rec["check"]["ok"], rec["check"]
    result = verify_record(str(directory), rec)
    assert result.ok, result.problems


# -- another checker on the same proofs -------------------------------------------------------
@pytest.mark.parametrize("other", ["dratify", "drat-trim"])
def test_another_checker_agrees_with_ours(hard_dir, tmp_path, other):
    """The same proofs, good and corrupted, get the same verdict from dratify (a Python
    package) and drat-trim (C, built by the user and put on PATH), when present."""
    why = checker_available(other)
    if why:
        pytest.skip(why)
    board = board_of(HARD)
    _, formula = refuted_formula(board, solve(board, "sat").solution)
    lines = proof_text(parse_proof(path(hard_dir, ".drat").read_bytes())).splitlines()
    cell = next(c for c, v in enumerate(board.givens) if v)
    wrong = -var(cached_encode(board.geometry), cell // 9, cell % 9, board.givens[cell])
    removed = list(lines)
    del removed[needed_lemma(formula, lines)]
    cases = {"good": (lines, True), "wrong lemma": ([f"{wrong} 0"] + lines, False),
             "lemma removed": (removed, False), "truncated": (lines[: len(lines) // 2], False)}
    for name, (proof, holds) in cases.items():
        directory = tmp_path / name.replace(" ", "-")
        shutil.copytree(hard_dir, directory)
        path(directory, ".drat").write_text("\n".join(proof) + "\n")
        ours = next(verify_directory(str(directory), "ours"))
        theirs = next(verify_directory(str(directory), other))
        assert theirs.check.engine == other
        assert ours.check.ok == theirs.check.ok == holds, (name, ours.problems, theirs.problems)


def test_cli_drat_and_text_on_one_certificate(hard_dir, tmp_path, capsys):
    cnf, drat = str(path(hard_dir, ".cnf")), str(path(hard_dir, ".drat"))
    assert main(["certify", "drat", cnf, drat]) == 0
    assert capsys.readouterr().out.startswith("VERIFIED: refuted at proof step")
    assert main(["certify", "text", drat]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[-1] == "0" and parse_proof(text).lits.size > 0
    half = tmp_path / "half.drat"
    half.write_text("\n".join(text.splitlines()[:3]) + "\n")
    assert main(["certify", "drat", cnf, str(half)]) == 3
    assert "NOT VERIFIED" in capsys.readouterr().out


def test_imports_stay_light():
    """The CLI (with its certify command) and the package import no numba, numpy or PySAT."""
    from conftest import loaded_by

    assert loaded_by("import sudoku_cp, sudoku_cp.certify, sudoku_cp.cli.certify, sudoku_cp.cli\n"
                     "sudoku_cp.cli.build_parser()", ("numba", "numpy", "pysat")) == []


@st.composite
def formula_and_proof(draw):
    """A small random CNF and a random proof of added and deleted clauses, ending in 0."""
    nv = draw(st.integers(2, 5))
    lit = st.integers(1, nv).flatmap(lambda v: st.sampled_from([v, -v]))
    clause = st.lists(lit, min_size=1, max_size=3, unique_by=abs)
    formula = draw(st.lists(clause, min_size=3, max_size=14))
    steps = []
    for _ in range(draw(st.integers(1, 6))):
        if formula and draw(st.booleans()) and draw(st.booleans()):
            steps.append("d " + " ".join(map(str, draw(st.sampled_from(formula)))) + " 0")
        else:
            lemma = draw(st.lists(lit, max_size=2, unique_by=abs))
            steps.append(" ".join(map(str, lemma + [0])))
    return formula, "\n".join(steps + ["0"]) + "\n"


@settings(max_examples=150, deadline=None)
@given(case=formula_and_proof())
def test_random_proofs_get_one_verdict_from_both_engines_and_dratify(case):
    """Differential test on small random formulas and proofs (valid and not): the compiled
    and the plain-Python loop agree, and so does dratify when installed."""
    formula, proof = case
    ours = check_proof(formula, proof)
    assert check_proof(formula, proof, engine="python").ok == ours.ok
    if checker_available("dratify") is None:
        import dratify

        nv = max(abs(x) for c in formula for x in c)
        cnf = dratify.parse_dimacs(f"p cnf {nv} {len(formula)}\n" + "".join(
            " ".join(map(str, c)) + " 0\n" for c in formula))
        assert dratify.check_proof(cnf, proof).ok == ours.ok, (ours.message,)


def test_a_full_grid_is_certified_by_its_empty_blocking_clause(tmp_path):
    from conftest import pattern_grid

    board = Board.from_values(pattern_grid(2, 3), box=(2, 3))
    rec = certify(tmp_path, board)
    assert rec["verdict"] == "unique" and rec["check"]["ok"]
    assert path(tmp_path, ".cnf").read_text().endswith("\n0\n")  # nothing left to block
    assert all(r.ok for r in verify_directory(str(tmp_path)))
    with pytest.raises(ValueError, match="needs 1 solution"):
        make_certificate(board, "unique", [], str(tmp_path), 2)


def test_certify_drat_and_text_name_a_missing_file_in_one_line(tmp_path, capsys):
    # they said Python's "[Errno 2] No such file or directory: '...'"
    from sudoku_cp.cli import main

    missing = str(tmp_path / "none.drat")
    for argv in (["certify", "text", missing], ["certify", "drat", missing, missing],
                 ["certify", "text", str(tmp_path)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "Errno" not in err and len(err.splitlines()) == 1
        assert err.startswith(f"sudoku-cp: error: {argv[2]}: ")


def test_a_file_as_the_certificate_directory_is_named_as_such(tmp_path, capsys):
    # both said "PATH: File exists" (before that, "[Errno 17] File exists: 'PATH'")
    from sudoku_cp.cli import main

    afile = tmp_path / "notes.txt"
    afile.write_text("mine\n")
    for argv in (["check", "1..." "...2" "..4." ".3..", "--backends", "backtrack",
                  "--certify", str(afile)],
                 ["certify", "make", "1..." "...2" "..4." ".3..", "--out", str(afile)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert f"{afile} is a file; certificates go into a directory" in err
        assert len(err.splitlines()) == 1 and afile.read_text() == "mine\n"
