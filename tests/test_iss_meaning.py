"""ISS strings mean what ISS does with them: each case below is a place where ISS's meaning is
not the obvious one, found by the differential tester (benchmarks/peers/diff_iss.py) or by
reading ISS's builder, with the verdict ISS itself gave (sigh/Interactive-Sudoku-Solver at
e373f98, counted to two by benchmarks/peers/iss_count.mjs on 2026-11-29). Every paradigm of
the cross-check must give the same verdict.

With ``ISS`` set to a checkout of ISS (and node on PATH), a small random sample of the
differential test runs too; without it, that test is skipped and says why.
"""

import os
import shutil
import sys
from pathlib import Path

import pytest

from sudoku_cp.variants import model as m

from sudoku_cp.variants.crosscheck import crosscheck
from sudoku_cp.variants.iss import parse_iss

PEERS = Path(__file__).resolve().parents[1] / "benchmarks" / "peers"

#: A full 4x4 grid under a chaos construction without boxes (its clues then count splits).
_CHAOS_FULL = ("~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2"
               "~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1")
_H = ".Shape~4x4.NoBoxes.ChaosConstruction."

CASES = [
    # so does a Sum: a cell listed twice counts twice, with each of its weights
    (".Shape~4x4.Sum~4~R1C1~R1C2~R1C2.~R1C1_2~R1C2_1", "multiple"),
    (".Shape~4x4.Sum~4~R1C1~R1C2~R1C2.~R1C1_1~R1C2_2", "none"),
    (".Shape~4x4.Sum~7_=_1_2_-1~R1C1~R1C2~R1C2.~R1C1_3~R1C2_4", "multiple"),
    (".Shape~4x4.Sum~7_=_1_2_-1~R1C1~R1C2~R1C2.~R1C1_3~R1C2_2", "none"),
    # a cell whose weights come to 0 (or a weight of 0) adds nothing: ISS leaves it out
    # (ISS at 2026-12-01's fetch, iss_batch.mjs); the sat encoder divided by it (found by the
    # differential tester, seed w24boxcross2)
    (".Shape~4x4.Sum~10_=_-1_1_2_1~R3C4~R3C4~R3C1~R1C4", "multiple"),
    (".Shape~4x4.Sum~4_=_0_1~R1C1~R1C2.~R1C2_4", "multiple"),
    (".Shape~4x4.Sum~4_=_0_1~R1C1~R1C2.~R1C2_3", "none"),
    # nothing left: 0 = 0 holds in every grid, 3 = 0 in none
    (".Shape~4x4.Sum~0_=_1_-1~R3C4~R3C4", "multiple"),
    (".Shape~4x4.Sum~3_=_1_-1~R3C4~R3C4", "none"),
    # SameValues is one of the types an Or or a Replicate holds (ISS's LinesAndSets)
    (".Shape~4x4.Or.SameValues~2~R1C1~R2C3.Thermo~R1C1~R1C2.End.~R1C1_2~R2C3_3~R1C2_1", "none"),
    (".Shape~4x4.Or.SameValues~2~R1C1~R2C3.Thermo~R1C1~R1C2.End.~R1C1_2~R2C3_2~R1C2_1",
     "multiple"),
    (".Shape~4x4.Replicate~D~R1C1.SameValues~2~R1C1~R2C3.End.~R1C2_2~R2C4_3", "none"),
    (".Shape~4x4.Replicate~D~R1C1.SameValues~2~R1C1~R2C3.End.~R1C2_2~R2C4_2", "multiple"),
    # a cage may list a cell twice: its cells differ as a set, its sum counts the cell twice
    (".Shape~4x4.Cage~2~R1C1~R1C1.~R1C1_1", "multiple"),
    (".Shape~4x4.Cage~2~R1C1~R1C1.~R1C1_2", "none"),
    (".Shape~4x4.Cage~5~R1C1~R1C2~R1C2.~R1C1_1~R1C2_2", "multiple"),
    (".Shape~4x4.Cage~3~R1C1~R1C2~R1C2.~R1C1_1~R1C2_2", "none"),
    # Windoku's windows: boxes of ISS's shape for the region size (else the number of values),
    # one cell in from the edge and one apart; none when no such box fits (9x9 with 10 values)
    (".Shape~4x4.Windoku.~R2C2_1~R3C3_1", "none"),
    (".Shape~4x4.Windoku.~R2C2_1~R4C4_1", "multiple"),
    (".Shape~6x6.Windoku.~R2C2_1~R3C4_1", "none"),
    (".Shape~6x6.Windoku.~R2C2_1~R4C5_1", "multiple"),
    (".Shape~6x6.RegionSize~4.Windoku.~R2C2_1~R3C3_1", "none"),
    (".Shape~6x6~9.RegionSize~9.Windoku.~R2C2_1~R4C4_1", "none"),
    (".Shape~9x9~10.Windoku.~R2C2_1~R4C4_1", "multiple"),
    (".Shape~16x16.Windoku.~R2C2_1~R5C5_1", "none"),
    # DisjointSets follows ISS's box shape under NoBoxes too (a 2x2 box's positions)
    (".Shape~4x4.NoBoxes.DisjointSets.~R1C1_1~R3C3_1", "none"),
    (".Shape~4x4.NoBoxes.DisjointSets.~R1C1_1~R3C4_1", "multiple"),
    # DisjointSets follows the region size too: a set per position in a 9-cell box
    (".Shape~6x6~9.RegionSize~9.DisjointSets.~R1C1_1~R4C4_1", "none"),
    (".Shape~6x6~9.RegionSize~9.DisjointSets.~R1C1_1~R4C5_1", "multiple"),
    # a jigsaw layout may leave one region of another size out (ISS's 7x7 grids of 9-cell
    # pieces): the pieces are houses, the cell left over in none
    (".Shape~3x3~4.RegionSize~4.Jigsaw~111122223", "multiple"),
    (".Shape~3x3~4.RegionSize~4.Jigsaw~111122223.~R1C1_1~R3C2_1", "none"),
    # a Jigsaw adds its regions: the boxes stay unless NoBoxes (R1C1 and R2C2 share a box)
    (".Shape~4x4.Jigsaw~0000111122223333.~R1C1_1~R2C2_1", "none"),
    (".Shape~4x4.NoBoxes.Jigsaw~0000111122223333.~R1C1_1~R2C2_1", "multiple"),
    # more values than cells in a house: the boxes stay too, holding distinct values
    (".Shape~4x4~5.~R1C1_1~R2C2_1", "none"),
    # under values 0..n-1 a skyscraper of height 0 is not seen: four are never visible
    (".Shape~4x4~0-3.Skyscraper~R1~~4", "none"),
    # a sandwich on a line with fewer cells than values: its crusts are the line's own
    # smallest and largest values (1 and 4 here: between them only the 3)
    (".Shape~4x4~5.NoBoxes.Sandwich~0~R1.~R1C1_2~R1C2_4~R1C3_3~R1C4_1", "none"),
    (".Shape~4x4~5.NoBoxes.Sandwich~3~R1.~R1C1_2~R1C2_4~R1C3_3~R1C4_1", "multiple"),
    # (the CP-SAT model of this one with AddMin/MaxEquality was called infeasible by CP-SAT
    # 9.15 with presolve off: cpsat claimed none while sat and the witness found two)
    (".Shape~9x9~10.NoBoxes.Sandwich~0~R7.~R7C1_5~R7C3_6~R7C9_8", "multiple"),
    # an X-sum's first cell counts 1 to the line's length: a 5 in a line of 4 is no count
    (".Shape~4x4~5.Jigsaw~1111000322032233.XSum~C4~~11", "none"),
    # one outside clue per line and direction, one quadruple per square: the last one wins
    (".Shape~4x4.Sandwich~5~R1.Sandwich~0~R1", "multiple"),
    (".Shape~4x4.Quad~R1C1~1~2.Quad~R1C1~3.~R1C1_1~R1C2_2", "multiple"),
    # a modular (or entropic) line shorter than its window: its cells all differ (mod 4 here)
    (".Shape~4x4~0-3.NoBoxes.Jigsaw~0001011133332222.Modular~4~R4C3~R3C2~R3C1"
     ".Modular~2~R4C3~R3C3~R4C2~R3C1~R3C2", "none"),
    # a cage with sum 0 has any sum: its values still differ
    (".Shape~4x4.NoBoxes.Cage~0~R1C1~R2C2.~R1C1_1~R2C2_1", "none"),
    # issue 37's composites: an item of several givens inside an Or is one branch (an And)
    (".Shape~4x4.Or.~R1C1_1~R1C2_2.~R1C1_3.End.~R1C2_4", "multiple"),
    (".Shape~4x4.Or.~R1C1_1~R1C2_2.~R1C1_3.End.~R1C2_4.~R1C1_1", "none"),
    # an Or with no branch never holds; an empty And inside an Or always does
    (".Shape~4x4.Or.End", "none"),
    (".Shape~4x4.Or.Regex~MQ~R1C1.And.End.End.~R1C1_2", "multiple"),
    # a row's two X-sum clues in one item are one branch: both must hold
    (".Shape~4x4.Or.Regex~MQ~R1C1.XSum~R1~2~3.End.~R1C1_2~R1C2_1~R1C3_4", "none"),
    # Replicate~D: targets R1C1 and R1C2 (bits 0 and 1), so the thermo is copied one column
    # right, not to R1C3
    (".Shape~4x4.Replicate~D.Thermo~R1C1~R2C1.End.~R1C2_2~R2C2_1", "none"),
    (".Shape~4x4.Replicate~D.Thermo~R1C1~R2C1.End.~R1C3_2~R2C3_1", "multiple"),
    # an empty regex matches only the empty line; a regex's digits are values (0 on 0..3)
    (".Shape~4x4.Regex~~R1C1", "none"),
    (".Shape~4x4~0-3.Regex~MA~R1C1.~R1C1_0", "multiple"),
    # ISS's regex construction lets an optional copy skip to an end that loops on: its
    # "((213){2,})?" accepts 213 (one copy), where a textbook regex wants none or two+
    (".Shape~4x4.Regex~KCgyMTMpezIsfSk_~R1C1~R1C2~R1C3.~R1C1_2~R1C2_1~R1C3_3", "multiple"),
    # a dot a top-level Replicate (or And) makes is a marked dot for StrictKropki: R1C3-R1C4
    # (3, 4) has no dot, so it may not be consecutive
    (".Shape~4x4.StrictKropki.Replicate~D.WhiteDot~R1C1~R1C2.End.~R1C1_1~R1C2_2~R1C3_3", "none"),
    # -- issue 37, second batch (the grid ~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1: rows 1234 3412 2143 4321) --
    # a full-rank clue is a competition rank over the 16 lines read both ways; a clued line
    # may tie with another only under FullRankTies~any (row 1 = row 4 read backwards)
    (".Shape~4x4.FullRank~C1~10~.FullRank~C2~15~.FullRank~R4~5~", "none"),
    (".Shape~4x4.FullRank~C1~10~.FullRank~C2~15~.FullRank~R4~5~.FullRankTies~any", "unique"),
    (".Shape~4x4.FullRank~R1~1~.FullRankTies~any.~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1", "unique"),
    (".Shape~4x4.FullRank~R1~2~.FullRankTies~any.~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1", "none"),
    # two clues of one rank: their lines read the same, so only where ties are allowed
    (".Shape~4x4.FullRank~C1~10~.FullRank~C2~15~.FullRank~R4~5~.FullRank~R3~~5", "none"),
    (".Shape~4x4.FullRank~C1~10~.FullRank~C2~15~.FullRank~R4~5~.FullRank~R3~~5"
     ".FullRankTies~any", "unique"),
    # "none" forbids ties between any two lines, clued or not; "only-unclued" allows them
    (".Shape~4x4.FullRankTies~none.~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1", "none"),
    (".Shape~4x4.FullRankTies~only-unclued.~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1", "unique"),
    (".Shape~4x4.FullRank~R1~17~", "none"),  # a rank past the 16 lines: no solution
    # same values counts each value: sets 1,1,2 and 1,2,2 differ; 1,1,2 and 1,1,2 do not
    (".Shape~4x4.NoBoxes.SameValues~2~R1C1~R2C3~R1C2~R3C2~R3C1~R4C3.~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1", "none"),
    (".Shape~4x4.NoBoxes.SameValues~2~R1C1~R2C3~R1C2~R3C2~R4C4~R3C1.~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1", "unique"),
    # connected values must hold some cell (no 5 anywhere is not "connected"); the size is exact
    (".Shape~4x4~5.ConnectedValues~~5.~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1", "none"),
    (".Shape~4x4~5.ConnectedValues~~1_2_3_4.~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1", "unique"),
    (".Shape~4x4~5.ConnectedValues~~1_2_3_4~15.~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1", "none"),
    # RegionSize 9 on a 6x6 grid: 3x3 boxes (R1C1 and R3C3 share one), not the 2x3 default
    (".Shape~6x6~9.~R1C1_1~R3C3_1", "multiple"),
    (".Shape~6x6~9.RegionSize~9.~R1C1_1~R3C3_1", "none"),
    # SearchPriority is a hint for the search, no rule (nor does it hide the givens' clash)
    (".Shape~4x4.SearchPriority~3~R1C1~R1C2.~R1C1_1~R1C2_1", "none"),
    # -- issue 37, chaos construction: the regions are unknowns and ISS counts a grid once per
    # split into regions, so a full grid is two solutions at least (its rows, its columns);
    # the boxes stay beside the regions unless NoBoxes; a second ChaosConstruction is the same
    (".Shape~4x4.NoBoxes.ChaosConstruction.~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1", "multiple"),
    (".Shape~4x4.ChaosConstruction.~R1C1_1~R2C2_1", "none"),
    (".Shape~4x4~0-3.NoBoxes.ChaosConstruction.ChaosConstruction.~R1C1_0~R1C2_1~R1C3_2~R1C4_3"
     "~R2C1_1~R2C2_0~R2C3_3~R2C4_2~R3C1_2~R3C2_3~R3C3_0~R3C4_1~R4C1_3~R4C2_2~R4C3_1~R4C4_0", "multiple"),
    # ChaosArrow and ChaosCount, clues on the regions, on a full grid (so the verdict counts
    # splits): three row runs of 4 leave one split; a run of 4 from R3C1 where R3C2 holds 1
    # leaves none; an offset of 1 ("exclude the first cell"); the bare control cell (ISS's
    # 3x3 around it, its four arms); arms split at '-'
    (_H + "ChaosArrow~R1C4~~CC1~CC2~CC3~CC4.ChaosArrow~R2C2~~CC5~CC6~CC7~CC8"
     ".ChaosArrow~R3C3~~CC9~CC10~CC11~CC12." + _CHAOS_FULL, "unique"),
    (_H + "ChaosArrow~R1C4~~CC1~CC2~CC3~CC4.ChaosArrow~R2C2~~CC5~CC6~CC7~CC8"
     ".ChaosArrow~R3C2~~CC9~CC10~CC11~CC12." + _CHAOS_FULL, "none"),
    (_H + "ChaosCount~R2C2." + _CHAOS_FULL, "multiple"),
    (_H + "ChaosCount~R2C2~1." + _CHAOS_FULL, "none"),
    (_H + "ChaosArrow~R2C2." + _CHAOS_FULL, "multiple"),
    (_H + "ChaosArrow~R1C1~~CC6~CC5~-~CC6~CC7.ChaosCount~R4C4~~CC1~CC5~CC9~CC13." + _CHAOS_FULL, "multiple"),
    (_H + "ChaosCount~R2C2~~CC6~CC5~CC7~CC2~CC10.ChaosArrow~R1C3~1~CC16~CC15~CC14~CC13." + _CHAOS_FULL, "none"),
    # SameValues over sets of several region cells: the sets hold the same region labels
    (_H + "SameValues~2~CC1~CC6~CC11~CC16." + _CHAOS_FULL, "none"),
    (_H + "SameValues~2~CC1~CC2~CC5~CC6." + _CHAOS_FULL, "multiple"),
    (_H + "SameValues~3~CC1~CC2~CC5~CC6~CC9~CC10." + _CHAOS_FULL, "multiple"),
    (_H + "SameValues~3~CC1~CC6." + _CHAOS_FULL, "multiple"),  # more sets than cells: alike
    # issue 37: a Replicate within a group of Var cells copies along the group's own rows
    # (VA1<VA2 and VA2<VA3; 2x2: VA1<VA2 and VA3<VA4; down a row: VA1<VA3 and VA2<VA4)
    (".Shape~4x4.Var~A~~4.Replicate~D~VA1.Thermo~VA1~VA2.End.Thermo~VA3~R1C1.~R1C1_3", "none"),
    (".Shape~4x4.Var~A~~4.Replicate~D~VA1.Thermo~VA1~VA2.End.Thermo~VA3~R1C1.~R1C1_4", "multiple"),
    (".Shape~4x4.Var~A~~2x2.Replicate~F~VA1.Thermo~VA1~VA2.End.Thermo~VA4~R1C1.~R1C1_2", "none"),
    (".Shape~4x4.Var~A~~2x2.Replicate~F~VA1.Thermo~VA1~VA2.End.Thermo~VA4~R1C1.~R1C1_3", "multiple"),
    (".Shape~4x4.Var~A~~2x2.Replicate~D~VA1.Thermo~VA1~VA3.End.Thermo~VA4~R1C1.~R1C1_2", "none"),
    (".Shape~4x4.Var~A~~2x2.Replicate~D~VA1.Thermo~VA1~VA3.End.Thermo~VA4~R1C1.~R1C1_3", "multiple"),
    # a dot's cell with no neighbour among its cells (a Var cell beside grid cells) takes no
    # pair: ISS's builder dots the adjacent pairs and leaves it be
    (".Shape~4x4.Var~A~~2.WhiteDot~VA1~R1C1~R1C2.~R1C1_3~R1C2_1", "none"),
    (".Shape~4x4.Var~A~~2.WhiteDot~VA1~R1C1~R1C2.~R1C1_3~R1C2_2", "multiple"),
    (".Shape~4x4.Var~A~~2.X~VA1~VA2~R1C1.~R1C1_3", "none"),
    (".Shape~4x4.WhiteDot~R1C1~R1C2~R3C3.~R1C1_3~R1C2_1", "none"),
]

#: ISS strings ISS itself refuses (its message, e373f98), each refused here in one line.
REFUSED = [
    (".PillArrow~1~R1C1~R1C2", "pill size must be 2 or 3"),  # ISS: "Pill size must be 2 or 3"
    (".PillArrow~4~R1C1~R1C2~R1C3~R1C4~R2C4", "pill size must be 2 or 3"),
    # "Pill cells must be adjacent and in reading order when sorted"
    (".PillArrow~2~R1C2~R2C1~R3C3", "reading order"),
    (".PillArrow~2~R1C1~R1C3~R2C2", "reading order"),
    (".Shape~3x3~4.RegionSize~4.Jigsaw~111122334", "inconsistent region sizes"),
    (".Shape~3x3~4.RegionSize~4.Jigsaw~111122233", "must have 4 cells"),  # 333 is a piece
    (".Shape~4x4.Or.AntiKnight.End", "AntiKnight"),  # "not allowed in Or"
    (".Shape~4x4.Regex~MTA~R1C1~R1C2", "'0' is outside the values 1..4"),  # pattern "10"
    (".Shape~4x4.End", "End item closes no"),  # "Unmatched .End"
    (".Shape~4x4.Or.~R1C1_1", "not closed by End"),  # "Unterminated composite constraint: Or"
    # "StrictKropki is not well defined with ○ ±1 inside an 'Or' constraint."
    (".Shape~4x4.StrictKropki.Or.WhiteDot~R1C1~R1C2.Thermo~R1C1~R1C2.End", "not well defined"),
    # "Constraint ChaosConstruction is not allowed in Or." (issue 37)
    (".Shape~4x4.Or.ChaosConstruction.End", "no ChaosConstruction inside Or"),
    # "All Replicate constraints must be in the same cell group." (issue 37: Var cells)
    (".Shape~4x4.Var~A~~4.Replicate~D~R1C1.Thermo~VA1~R1C1.End", "same cell group"),
    (".Shape~4x4.Var~A~~2x2.Var~B~~2.Replicate~B~VA1.Thermo~VA1~VB1.End", "same cell group"),
    # "Shifted cell is out of bounds.": a Var group's rows end where its layout ends
    (".Shape~4x4.Var~A~~2x2.Replicate~C~VA1.Thermo~VA1~VA2.End", "outside its group VA"),
    (".Shape~4x4.Var~A~~2x3.Replicate~G~VA2.Thermo~VA2~VA5.End", "outside its group VA"),
    # "WhiteDot enforces nothing: no adjacent cell pairs in [VA1,R1C1]"
    (".Shape~4x4.Var~A~~2.WhiteDot~VA1~R1C1", "enforces nothing"),
    # "Number of cells must be a multiple of the number of sets"
    (_H + "SameValues~3~CC1~CC6~CC11~CC16." + _CHAOS_FULL, "multiple of the number of sets"),
]


@pytest.mark.parametrize("text, words", REFUSED)
def test_what_iss_refuses_is_refused_in_one_line(text, words):
    from sudoku_cp.errors import SudokuCpError

    with pytest.raises(SudokuCpError, match=words) as info:
        parse_iss(text)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("text, iss_says", CASES)
def test_every_paradigm_reads_the_string_as_iss_does(text, iss_says):
    report = crosscheck(parse_iss(text), ["sat", "cpsat", "witness"])
    assert report.verdict.value == iss_says, report.evidence
    assert len(report.ran) >= 2


def test_a_short_killer_cage_of_sum_0_takes_any_sum():
    """ISS's short killer format: a cage headed by 0 is a Cage of sum 0, which ISS builds
    as its cells differing, no sum (its collection's "Killer sudoku [0 cage, hard]")."""
    text = "0<" + "1" * 79  # (the other cells: one-cell cages of sum 1)
    cages = [c for c in parse_iss(text).constraints if len(c.cells) == 2]
    assert cages == [m.KillerCage((0, 1), None)]


def test_a_later_clue_on_the_same_line_replaces_the_earlier():
    p = parse_iss(".Shape~4x4.Sandwich~5~R1.Sandwich~0~R1.XSum~C1~3~.XSum~C1~4~2")
    assert sorted((c.TYPE, c.total) for c in p.constraints) == [
        ("sandwich", 0), ("x_sum", 2), ("x_sum", 4)]


def test_the_random_iss_strings_are_reproducible_and_read():
    sys.path.insert(0, str(PEERS))
    try:
        import iss_random
    finally:
        sys.path.remove(str(PEERS))
    texts = [iss_random.puzzle_string(f"t:{i}") for i in range(30)]
    assert texts == [iss_random.puzzle_string(f"t:{i}") for i in range(30)]
    kinds = set()
    for text in texts:
        p = parse_iss(text)  # every generated type is one the project reads
        kinds |= {c.TYPE for c in p.constraints}
    assert len(kinds) >= 15


@pytest.mark.skipif(not os.environ.get("ISS") or not shutil.which("node"),
                    reason="set ISS to a checkout of sigh/Interactive-Sudoku-Solver (node on PATH) "
                           "to compare a random sample with ISS itself")
def test_a_random_sample_agrees_with_iss():
    sys.path.insert(0, str(PEERS))
    try:
        import diff_iss
    finally:
        sys.path.remove(str(PEERS))
    assert diff_iss.main(["--count", "30", "--seed", "pytest", "--workers", "1",
                          "--no-shrink", "--time-limit", "20"]) == 0
