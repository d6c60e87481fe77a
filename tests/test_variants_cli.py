"""``check``, ``solve`` and ``export`` on variant puzzles: verdicts, exit codes, one-line
errors, batches that keep going past bad lines."""

from __future__ import annotations

import json

import lzstring
import pytest

from sudoku_cp.cli import main

from conftest import DATA

THERMO4 = ".Thermo~R1C1~R1C2~R1C3~R1C4.~R2C2_4~R3C2_1~R4C3_1.Shape~4x4"
OPEN4 = ".Thermo~R1C1~R1C2~R1C3~R1C4.Shape~4x4"
LZ = lzstring.LZString()


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_unique_prints_verdict_paradigms_and_grid(capsys):
    code, out, _ = run(capsys, "check", "--backends", "sat,cpsat", THERMO4)
    assert code == 0
    assert "puzzle 1 (PUZZLE), 4x4, 3 givens: UNIQUE  [sat solved in" in out and "cpsat" in out
    assert "1 2 3 4\n3 4 2 1\n2 1 4 3\n4 3 1 2" in out


def test_check_multiple_exits_1_and_json_record(capsys):
    code, out, _ = run(capsys, "check", "--backends", "sat,cpsat", "--json", OPEN4)
    rec = json.loads(out)
    assert code == 1 and rec["verdict"] == "multiple" and len(rec["solutions"]) == 2
    assert list(rec["backends"]) == ["sat", "cpsat"] and rec["format"] == "iss"


def test_unsupported_constraint_is_the_records_error_and_the_batch_goes_on(capsys, tmp_path):
    bad_fp = LZ.compressToBase64(json.dumps({"size": 4, "grid": [[{}] * 4] * 4,
                                             "fog": [{"cells": ["R1C1"]}],
                                             "chaosconstruction": True}))
    lines = [THERMO4, ".Container~x.End", "N4Ig!!garbage", bad_fp, "hello world", OPEN4]
    path = tmp_path / "mixed.txt"
    path.write_text("# a comment\n" + "\n".join(lines) + "\n")
    code, out, err = run(capsys, "check", "--backends", "sat,cpsat", "--json", "-f", str(path))
    recs = [json.loads(line) for line in out.splitlines()]
    assert [r["verdict"] for r in recs] == ["unique", "invalid", "invalid", "invalid", "invalid", "multiple"]
    assert recs[1]["error"] == "unsupported constraint Container"
    assert recs[3]["error"] == "unsupported constraints: fog, chaosconstruction"  # at once
    assert [r["line"] for r in recs] == [2, 3, 4, 5, 6, 7]
    from sudoku_cp.records import KEYS as RECORD_KEYS

    assert all(tuple(r) == RECORD_KEYS for r in recs)  # one schema, invalid records too
    assert code == 2  # an input error outranks 'multiple'
    assert f"{path}:3: unsupported constraint Container" in err.splitlines()


def test_malformed_fpuzzles_argument_is_one_line_exit_2(capsys):
    for text in ("N4Ig%%%", LZ.compressToBase64("{oops"),
                 LZ.compressToBase64(json.dumps({"size": 4, "grid": [[{}] * 4] * 4,
                                                 "killercage": [{"cells": ["R1C1", "R1C2"], "value": "8"}]}))):
        code, out, err = run(capsys, "check", text)
        assert code == 2
        assert len(err.splitlines()) == 1 and err.startswith("PUZZLE: ") and out == ""


def test_shared_jsonl_records_with_stated_solutions(capsys, tmp_path):
    sample = [line for line in (DATA / "variants_sample.jsonl").read_text().splitlines()
              if '"iss-examples-3"' in line or '"dclamage-uniqueVariantFPuzzles-21"' in line]
    wrong = json.loads(sample[0])
    wrong["cells"] = wrong["cells"][1:] + wrong["cells"][:1]
    path = tmp_path / "set.jsonl"
    path.write_text("\n".join(sample + [json.dumps(wrong)]) + "\n")
    code, out, _ = run(capsys, "check", "--backends", "sat,cpsat", "--json", "-f", str(path))
    verdicts = [json.loads(line)["verdict"] for line in out.splitlines()]
    assert verdicts == ["unique", "unique", "mismatch"] and code == 3


def test_out_and_resume(capsys, tmp_path):
    path = tmp_path / "two.txt"
    path.write_text(f"{THERMO4}\n{OPEN4}\n")
    out = tmp_path / "r.jsonl"
    run(capsys, "check", "--backends", "sat,cpsat", "-f", str(path), "--out", str(out))
    first = out.read_text().splitlines()
    assert len(first) == 3 and "sudoku_cp_results" in first[0]  # the header, two records
    assert [json.loads(line)["line"] for line in first[1:]] == [1, 2]
    run(capsys, "check", "--backends", "sat,cpsat", "-f", str(path), "--out", str(out), "--resume")
    assert out.read_text().splitlines() == first


def test_candidates_grid_and_json(capsys):
    code, out, _ = run(capsys, "check", "--backends", "sat,cpsat", "--candidates", "--json",
                       ".Thermo~R1C1~R1C2~R1C3~R1C4.~R2C2_4~R3C2_1.Shape~4x4")
    cand = json.loads(out)["candidates"]
    assert cand["complete"] and cand["candidates"][0] == {"1": 2}
    assert cand["candidates"][14] == {"1": 1, "2": 1, "4": 1}  # R4C3: three solutions, one each
    code, out, _ = run(capsys, "check", "--backends", "sat,cpsat", "--candidates",
                       ".Thermo~R1C1~R1C2~R1C3~R1C4.~R2C2_4~R3C2_1.Shape~4x4")
    assert "candidates (values some solution gives each cell" in out and "124" in out


def test_solve_count_and_json(capsys):
    code, out, _ = run(capsys, "solve", "--count", OPEN4)
    assert code == 0 and "12 solutions (the search was exhaustive: that is all of them)" in out
    code, out, _ = run(capsys, "solve", "--backend", "cpsat", "--json", THERMO4)
    rec = json.loads(out)
    assert rec["verdict"] == "solved" and list(rec["backends"]) == ["cpsat"] and rec["count"] == "1+"


def test_export_fpuzzles_round_trip_and_refusal(capsys):
    code, out, _ = run(capsys, "export", "--format", "fpuzzles", THERMO4)
    assert code == 0
    code, back, _ = run(capsys, "export", "--format", "variant-json", out.strip())
    assert json.loads(back)["constraints"] == [{"type": "thermometer", "cells": [0, 1, 2, 3]}]
    code, out, err = run(capsys, "export", "--format", "fpuzzles", ".Lockout~3~R1C1~R1C2~R1C3")
    assert code == 2 and "unsupported constraint lockout (difference 3 in f-puzzles" in err
    code, out, err = run(capsys, "export", "--format", "fpuzzles", ".Lockout~4~R1C1~R1C2~R1C3")
    assert code == 0 and out.startswith("N4")  # f-puzzles' lockout ends differ by 4 on 9x9
    code, out, err = run(capsys, "export", "--format", "dimacs", THERMO4)
    assert code == 2 and "a variant puzzle exports as fpuzzles or variant-json" in err


def test_classic_lines_still_take_the_classic_path(capsys):
    code, out, _ = run(capsys, "check", "--json", "1...........4.3.")
    assert "backends" in json.loads(out.splitlines()[0])  # the classic record, not a variant one


def test_classic_backends_decline_with_the_reason(capsys):
    code, _, err = run(capsys, "check", "--backends", "sat,dlx", THERMO4)
    assert code == 2 and "dlx declines variant puzzles: sums, orderings and differences" in err


def test_iss_text_forms_are_detected_as_variants(capsys):
    jigsaw = "1" + "." * 15 + "0011" "0011" "2233" "2233"  # givens, then a layout (4x4)
    code, out, _ = run(capsys, "check", "--backends", "sat,cpsat", "--json", jigsaw)
    rec = json.loads(out)
    assert rec["format"] == "iss" and rec["verdict"] == "multiple"
    sample = next(json.loads(line) for line in (DATA / "variants_sample.jsonl").read_text().splitlines()
                  if '"iss-examples-48"' in line)  # a 9x9 jigsaw in the .Jigsaw~ form
    code, out, _ = run(capsys, "check", "--backends", "sat,cpsat", "--json", sample["puzzle"])
    assert json.loads(out)["solution"] == sample["cells"]


def test_line_format_and_quiet(capsys):
    code, out, _ = run(capsys, "check", "--backends", "sat,cpsat", "--format", "line", THERMO4)
    assert out == f"{THERMO4}\tunique\t1234342121434312\n"  # as for a board: puzzle, verdict, solution
    code, out, err = run(capsys, "check", "--backends", "sat,cpsat", "-q", THERMO4)
    assert out == "" and err.startswith("check: 1 puzzle in ") and err.endswith(": unique 1\n")
    code, _, err = run(capsys, "check", "--format", "csv", THERMO4)
    assert code == 2 and "--format csv is for classic puzzles" in err


def test_check_with_sat_and_mip_on_a_shared_killer(capsys):
    """The 0-1 paradigm, asked for by name, agrees with sat on a killer sudoku (ten cages
    with totals and modular lines, no givens) and the grid is the one the record states."""
    pytest.importorskip("highspy", reason='highspy is not installed (pip install "sudoku-cp[mip]")')
    sample = next(json.loads(line) for line in (DATA / "variants_sample.jsonl").read_text().splitlines()
                  if '"iss-examples-13"' in line)
    code, out, _ = run(capsys, "check", "--backends", "sat,mip", "--json", sample["puzzle"])
    rec = json.loads(out)
    assert code == 0 and rec["verdict"] == "unique" and list(rec["backends"]) == ["sat", "mip"]
    assert rec["solution"] == sample["cells"]


def test_a_paradigm_that_raises_is_that_puzzles_error_and_the_batch_goes_on(capsys, tmp_path,
                                                                            monkeypatch):
    """A bug in one paradigm on one puzzle (a crash inside its encoder) is that puzzle's
    ``error`` record (exit 3), one line naming the paradigm; the puzzles after it are
    still checked. (A batch's workers run the same ``variants.records.check_one``; a
    monkeypatch does not reach them, so this runs in this process.)"""
    import sudoku_cp.variants.cpsat as cpsat

    real = cpsat.solve

    def crashing(puzzle, **kw):
        if any(c.TYPE == "palindrome" for c in puzzle.constraints):
            raise RuntimeError("model invalid\nsecond line of the message")
        return real(puzzle, **kw)

    monkeypatch.setattr(cpsat, "solve", crashing)
    path = tmp_path / "three.txt"
    path.write_text(f"{THERMO4}\n.Palindrome~R1C1~R1C2.Shape~4x4\n{OPEN4}\n")
    code, out, err = run(capsys, "check", "--backends", "sat,cpsat", "--json", "-f", str(path))
    recs = [json.loads(line) for line in out.splitlines()]
    assert [r["verdict"] for r in recs] == ["unique", "error", "multiple"] and code == 3
    assert recs[1]["error"] == "cpsat raised RuntimeError: model invalid"
    assert f"ERROR on puzzle 2 ({path}:2): .Palindrome~R1C1~R1C2.Shape~4x4" in err.splitlines()
    assert "  cpsat raised RuntimeError: model invalid" in err.splitlines()
    code, out, err = run(capsys, "solve", "--backend", "cpsat", "--json",
                         ".Palindrome~R1C1~R1C2.Shape~4x4")
    assert code == 3 and json.loads(out)["error"] == "cpsat raised RuntimeError: model invalid"
    assert err.strip() == "PUZZLE: cpsat raised RuntimeError: model invalid"


@pytest.mark.parametrize("text, words", [
    (".Skyscraper~R1~12~", "Skyscraper clue 12 (read from R1C1) is outside 1..9"),
    (".Quad~R1C1~12", "Quad at R1C1: value 12 is outside 1..9"),
    (".Modular~0~R1C1~R1C2~R1C3", "Modular: modulus 0 is below 1"),
    (".Cage~100~R1C1~R1C2", "killer cage sum 100 over 2 cells at R1C1 cannot be made of "
                            "distinct values 1..9 (3..17)"),  # as from f-puzzles (it said 'none')
    (LZ.compressToBase64(json.dumps({"size": 4, "grid": [[{}] * 4] * 4,
                                     "skyscraper": [{"cell": "R0C1", "value": "9"}]})),
     "skyscraper clue 9 (read from R1C1) is outside 1..4"),
])
def test_numbers_no_rule_can_use_are_one_line_exit_2(capsys, text, words):
    """Each of these once reached an encoder and ended in a traceback (PySAT's 'Wrong
    bound', a KeyError, CP-SAT refusing the model)."""
    code, out, err = run(capsys, "check", "--backends", "sat,cpsat", text)
    assert code == 2 and err.splitlines() == [f"PUZZLE: {words}"]


def test_bom_crlf_and_a_line_that_is_not_utf8(capsys, tmp_path, monkeypatch):
    """A file saved with a BOM and CRLF line ends reads as any other; a line holding bytes
    that are not UTF-8 is that line's error and the others are checked (the BOM made the
    first puzzle 'not a puzzle', or sent a one-line file down the classic road, and one
    bad byte refused the whole file)."""
    import io

    data = (b"\xef\xbb\xbf" + THERMO4.encode() + b"\r\n# note\r\ncaf\xe9\r\n" + OPEN4.encode() + b"\r\n")
    path = tmp_path / "saved.txt"
    path.write_bytes(data)
    code, out, err = run(capsys, "check", "--backends", "sat,cpsat", "--json", "-f", str(path))
    recs = [json.loads(line) for line in out.splitlines()]
    assert [(r["line"], r["verdict"]) for r in recs] == [(1, "unique"), (3, "invalid"), (4, "multiple")]
    assert recs[1]["error"] == "line is not valid UTF-8 (byte 0xE9 at column 4)" and code == 2
    path.write_bytes(b"\xef\xbb\xbf" + THERMO4.encode() + b"\r\n")  # one line: still a variant
    code, out, _ = run(capsys, "check", "--backends", "sat,cpsat", "--json", "-f", str(path))
    assert code == 0 and json.loads(out)["verdict"] == "unique"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, _ = run(capsys, "check", "--backends", "sat,cpsat", "--variant", "--json")
    assert [json.loads(line)["verdict"] for line in out.splitlines()] == ["unique", "invalid", "multiple"]


def test_a_cage_over_a_cell_twice_is_named(capsys):
    """An f-puzzles cage is refused naming the cell (it was checked, and reported 'none',
    exit 1, leaving the setter to find the slip). (ISS takes one: it counts the cell twice
    in the sum, tests/test_iss_meaning.py.)"""
    fp_cage = LZ.compressToBase64(json.dumps({"size": 4, "grid": [[{}] * 4] * 4, "killercage":
                                              [{"cells": ["R1C1", "R1C2", "R1C1"], "value": "6"}]}))
    for text, name in ((fp_cage, "killercage"),):
        code, _, err = run(capsys, "check", "--backends", "sat,cpsat", text)
        assert code == 2 and err.splitlines() == [f"PUZZLE: {name}: cell R1C1 is listed twice"]


def test_variant_lines_on_standard_input_are_detected(capsys, monkeypatch):
    """``sudoku-cp check < puzzles.txt`` finds the variant puzzles as ``-f`` does, by a peek
    at the waiting lines that leaves them to the reader (they went down the classic road,
    every one 'not a puzzle: ... reads as text'); classic lines still go the classic way."""
    import io

    def stdin(text):
        return io.TextIOWrapper(io.BufferedReader(io.BytesIO(text.encode())))

    monkeypatch.setattr("sys.stdin", stdin(f"# two\n{THERMO4}\n{OPEN4}\n"))
    code, out, _ = run(capsys, "check", "--backends", "sat,cpsat", "--json")
    recs = [json.loads(line) for line in out.splitlines()]
    assert [(r["line"], r["verdict"]) for r in recs] == [(2, "unique"), (3, "multiple")]
    monkeypatch.setattr("sys.stdin", stdin("1...........4.3.\n"))
    code, out, _ = run(capsys, "check", "--json", "-")
    assert "backends" in json.loads(out.splitlines()[0])  # the classic record


@pytest.mark.parametrize("argv, words", [
    (["--backend", "dlx"], "dlx declines variant puzzles: sums, orderings"),
    (["--backend", "sat:glucose4"], "--backend sat:glucose4: a variant paradigm takes no solver spec"),
    (["--backend", "nope"], "unknown variant paradigm 'nope'; variant paradigms: sat, cpsat"),
])
def test_solve_refuses_what_it_would_not_do(capsys, argv, words):
    """Each of these solved with sat (or drew nothing) without a word, exit 0."""
    code, out, err = run(capsys, "solve", *argv, THERMO4)
    assert code == 2 and out == "" and words in err


def test_solve_with_a_paradigm_asked_for_by_name(capsys):
    code, out, _ = run(capsys, "solve", "--backend", "witness", THERMO4)
    assert code == 0 and "solved by witness" in out


@pytest.mark.parametrize("argv, words", [
    (["solve", "--image", "p.svg"], "--image draws classic puzzles"),
    (["solve", "--box", "2x2"], "--box sets the boxes of classic puzzles"),
    (["export", "--format", "fpuzzles", "--box", "2x2"], "--box sets the boxes of classic puzzles"),
])
def test_classic_only_options_are_refused_before_any_work(capsys, tmp_path, argv, words):
    """They were ignored without a word (no picture, exit 0). (``check --certify DIR
    --out R`` was refused here too; the batch road certifies variant puzzles now:
    tests/test_variants_certify.py.)"""
    argv = [str(tmp_path / a) if a in ("CERT", "R.jsonl") else a for a in argv]
    code, out, err = run(capsys, *argv, THERMO4)
    assert code == 2 and out == "" and words in err and list(tmp_path.iterdir()) == []


def test_an_input_with_no_puzzle_is_exit_2_as_for_classic_puzzles(capsys, tmp_path):
    """A file of comments only checked '0 variant puzzle(s): none', exit 0 (a wrong file
    passed for a clean run); the classic road says this, exit 2."""
    path = tmp_path / "notes.txt"
    path.write_text("# only a comment\n\n")
    for command in ("check", "solve"):
        code, out, err = run(capsys, command, "--variant", "-f", str(path))
        assert code == 2 and "no puzzle in the input" in err


def test_a_broken_json_document_is_one_error_saying_where(capsys, tmp_path):
    """A pretty-printed JSON file with one slip was read line by line: an error for every
    line of it, none saying where the slip is. JSON lines keep one entry per line."""
    doc = json.dumps([{"format": "iss", "puzzle": THERMO4}], indent=2).replace("}\n]", "\n]")
    path = tmp_path / "set.json"
    path.write_text(doc)
    code, out, err = run(capsys, "check", "--backends", "sat,cpsat", "--json", "-f", str(path))
    recs = [json.loads(line) for line in out.splitlines()]
    assert len(recs) == 1 and code == 2
    assert recs[0]["error"] == "bad JSON: Expecting ',' delimiter at line 6 column 1"
    path.write_text(f'{{"format": "iss", "puzzle": "{OPEN4}"}}\n{{"size": \n')
    code, out, _ = run(capsys, "check", "--backends", "sat,cpsat", "--json", "-f", str(path))
    assert [json.loads(line)["verdict"] for line in out.splitlines()] == ["multiple", "invalid"]


def test_cosmetic_elements_are_named_by_solve_and_export(capsys):
    """check named them; solve's text and export said nothing of what they dropped."""
    text = LZ.compressToBase64(json.dumps({"size": 4, "grid": [[{}] * 4] * 4,
                                           "line": [{"lines": [["R1C1", "R1C2"]]}]}))
    code, out, _ = run(capsys, "solve", text)
    assert "  note: ignored cosmetic f-puzzles element(s): line" in out.splitlines()
    label = LZ.compressToBase64(json.dumps({"size": 4, "grid": [[{}] * 4] * 4, "successMessage": "Yes!",
                                            "cage": [{"cells": ["R1C1", "R1C2"], "value": "A"}]}))
    code, out, _ = run(capsys, "check", "--backends", "sat,cpsat", label)
    assert code == 1 and [x for x in out.splitlines() if "note:" in x] == [
        "  note: ignored cosmetic f-puzzles element(s): successMessage, cage",
        '  note: cage with text "A" is a label, not a sum']
    code, out, err = run(capsys, "export", "--format", "variant-json", text)
    assert code == 0 and "cosmetic f-puzzles element(s) not exported: line" in err
