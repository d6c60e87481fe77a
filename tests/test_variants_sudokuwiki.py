"""SudokuWiki's packed killer strings (``3x3::k:...``, ``variants.sudokuwiki``): detected by
the entry reader, read as ISS reads them, malformed ones refused in one line.

The strings come from ISS's ``data/collections.js`` (Wecoc #1, from
forum.enjoysudoku.com/killing-with-flowers-t36181.html#p278651; a killer X from the
"human-solvable zero" thread, forum.enjoysudoku.com/human-solvable-zero-t33357.html),
with the solutions ISS records for them. The ``*_ISS`` strings are what ISS's own parser
wrote back for them (``benchmarks/peers/iss_parse.mjs``); every string of ISS's
collections is compared live by ``benchmarks/peers/sudokuwiki_vs_iss.py``.
"""

from __future__ import annotations

import pytest

from sudoku_cp.variants import model as m
from sudoku_cp.variants.formats import detect, read_entry
from sudoku_cp.variants.iss import parse_iss
from sudoku_cp.variants.paradigms import solve
from sudoku_cp.variants.rules import is_solution

WECOC = ("3x3::k:6150:6150:6401:6401:6401:6658:6658:6658:6658:6150:6401:6401:5123:4868:4868:4868:6"
     "661:6658:6150:5120:5120:5123:5123:5123:4868:6661:6661:6150:5120:5127:3336:2313:2313:5130"
     ":5130:6661:6155:5120:5127:3336:0000:1299:5130:5134:6661:6155:5127:5127:4367:4367:1299:51"
     "30:5134:6672:6155:6155:5393:5138:5138:5138:5134:5134:6672:6156:6155:5393:5393:5393:5138:"
     "6413:6413:6672:6156:6156:6156:6156:6413:6413:6413:6672:6672:")
WECOC_ISS = (".Cage~24~R1C1~R1C2~R2C1~R3C1~R4C1.Cage~25~R1C3~R1C4~R1C5~R2C2~R2C3.Cage~26~R1C6~R1C7~R1C"
     "8~R1C9~R2C9.Cage~20~R2C4~R3C4~R3C5~R3C6.Cage~19~R2C5~R2C6~R2C7~R3C7.Cage~26~R2C8~R3C8~R3"
     "C9~R4C9~R5C9.Cage~20~R3C2~R3C3~R4C2~R5C2.Cage~20~R4C3~R5C3~R6C2~R6C3.Cage~13~R4C4~R5C4.C"
     "age~9~R4C5~R4C6.Cage~20~R4C7~R4C8~R5C7~R6C7.Cage~24~R5C1~R6C1~R7C1~R7C2~R8C2.Cage~5~R5C6"
     "~R6C6.Cage~20~R5C8~R6C8~R7C7~R7C8.Cage~17~R6C4~R6C5.Cage~26~R6C9~R7C9~R8C9~R9C8~R9C9.Cag"
     "e~21~R7C3~R8C3~R8C4~R8C5.Cage~20~R7C4~R7C5~R7C6~R8C6.Cage~24~R8C1~R9C1~R9C2~R9C3~R9C4.Ca"
     "ge~25~R8C7~R8C8~R9C5~R9C6~R9C7")
WECOC_SOLUTION = "821376945795481362634529718183654297956712834247893156519267483478135629362948571"
KILLER_X = ("3x3:d:k:3841:7705:7705:7705:7705:7705:26:3847:3847:3841:27:3846:3846:3846:7705:4361:3847"
     ":3848:3841:3843:4621:4876:28:4361:4361:4619:3848:29:3843:4621:4876:4876:5395:5395:4619:3"
     "848:3844:3843:4621:4114:4114:5395:4619:30:3850:3844:4878:4880:31:4114:3605:3605:3850:385"
     "0:3844:4878:4880:4880:4372:3350:3605:4632:32:4367:4878:33:4625:4372:3350:3350:4632:4632:"
     "4367:4367:4625:4625:4372:34:4375:4375:4375:")
KILLER_X_ISS = (".Diagonal~1.Diagonal~-1.Cage~15~R1C1~R2C1~R3C1.Cage~30~R1C2~R1C3~R1C4~R1C5~R1C6~R2C6.Cag"
     "e~15~R1C8~R1C9~R2C8.Cage~15~R2C3~R2C4~R2C5.Cage~17~R2C7~R3C6~R3C7.Cage~15~R2C9~R3C9~R4C9"
     ".Cage~15~R3C2~R4C2~R5C2.Cage~18~R3C3~R4C3~R5C3.Cage~19~R3C4~R4C4~R4C5.Cage~18~R3C8~R4C8~"
     "R5C7.Cage~21~R4C6~R4C7~R5C6.Cage~15~R5C1~R6C1~R7C1.Cage~16~R5C4~R5C5~R6C5.Cage~15~R5C9~R"
     "6C8~R6C9.Cage~19~R6C2~R7C2~R8C2.Cage~19~R6C3~R7C3~R7C4.Cage~14~R6C6~R6C7~R7C7.Cage~17~R7"
     "C5~R8C5~R9C5.Cage~13~R7C6~R8C6~R8C7.Cage~18~R7C8~R8C8~R8C9.Cage~17~R8C1~R9C1~R9C2.Cage~1"
     "8~R8C4~R9C3~R9C4.Cage~17~R9C7~R9C8~R9C9")
KILLER_X_SOLUTION = "875329146312674958469815372146298735253746819798153624687432591521987463934561287"


def _rules(p):
    return sorted((c.TYPE, tuple(sorted(getattr(c, "cells", ()))), getattr(c, "total", None),
                   getattr(c, "slope", None)) for c in p.constraints)


@pytest.mark.parametrize("text, iss, solution", [
    (WECOC, WECOC_ISS, WECOC_SOLUTION), (KILLER_X, KILLER_X_ISS, KILLER_X_SOLUTION)])
def test_a_string_reads_as_the_puzzle_iss_reads(text, iss, solution):
    assert detect(text) == "iss"
    entry = read_entry(text)
    assert entry.error is None
    assert _rules(entry.puzzle) == _rules(parse_iss(iss))
    grid = tuple(int(ch) for ch in solution)
    assert is_solution(entry.puzzle, grid)
    cells = sorted(x for c in entry.puzzle.constraints if c.TYPE == "killer_cage" for x in c.cells)
    assert len(cells) == len(set(cells))  # each cell in one cage at most


def test_the_killer_x_is_unique_with_its_recorded_solution():
    p = read_entry(KILLER_X).puzzle
    assert {c.TYPE for c in p.constraints} == {"diagonal", "killer_cage"}
    r = solve(p, "sat", limit=2, time_limit=120)
    assert r.exhausted and [tuple(s) for s in r.solutions] == [tuple(int(ch) for ch in KILLER_X_SOLUTION)]


def test_whitespace_and_a_missing_last_colon_read_the_same():
    spaced = WECOC.replace(":", ": ", 20)
    assert read_entry(spaced).puzzle == read_entry(WECOC).puzzle == read_entry(WECOC[:-1]).puzzle


def test_a_number_below_256_is_a_cell_in_no_cage():
    p = read_entry("3x3::k:" + "2817:2817:" + "14:" * 79).puzzle
    assert p.constraints == (m.KillerCage((0, 1), 11),)


@pytest.mark.parametrize("text, error", [
    ("3x3::k:1:2:", "SudokuWiki killer string: 81 cells expected after '3x3::k:', found 2"),
    ("3x3::k:" + "0:" * 82, "SudokuWiki killer string: 81 cells expected after '3x3::k:', found 82"),
    ("3x3::x:" + "0:" * 81, "SudokuWiki string: only killer strings ('k') are read, not 'x'"),
    ("3x3:q:k:" + "0:" * 81, "SudokuWiki killer string: unknown flag 'q' (read: '' or 'd')"),
    ("3x3::k:" + "0:" * 40 + "x1:" + "0:" * 40, "SudokuWiki killer string: R5C5 holds 'x1', not a number"),
    ("3x3::k:" + "2305:2050:2050:" + "0:" * 78, None),  # cage 1: 9 in R1C1; cage 2: 8 in two
    ("3x3::k:" + "2817:3073:" + "0:" * 79, "SudokuWiki killer string: cage 1 has sum 11 and, at R1C2, sum 12"),
    ("3x3::k:" + "513:" * 2 + "0:" * 79, "killer cage sum 2 over 2 cells at R1C1 cannot be made"),
], ids=range(8))
def test_a_malformed_string_is_one_line_naming_the_problem(text, error):
    """(The last: a sum no cage of distinct values reaches, refused as for any killer.)"""
    entry = read_entry(text)
    if error is None:
        assert entry.error is None
        return
    assert entry.puzzle is None and entry.error.startswith(error) and "\n" not in entry.error
