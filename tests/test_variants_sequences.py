"""Issue 37's composites (``or``, ``and``; ISS's ``Replicate`` read as its copies) and sequence
rules (``regex``, ``nfa``): the automaton module against independent oracles (Python's ``re``
for the regex syntax, the generator's own NFA writer for ISS's compact form), each paradigm
against plain enumeration of every 4x4 grid, paradigms on 9x9 puzzles read off random full
grids, and the ISS strings read and written back.
"""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from itertools import product
from pathlib import Path

import pytest

from sudoku_cp.errors import PuzzleError
from sudoku_cp.variants import iss_write, model as m
from sudoku_cp.variants.automaton import (accepts, compile_regex, decode_nfa, encode_nfa,
                                          unroll)
from sudoku_cp.variants.iss import parse_iss
from sudoku_cp.variants.paradigms import PARADIGMS, solve
from sudoku_cp.variants.rules import is_solution
from test_variants_properties import _all_grids_4x4, random_grid

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks" / "peers"))
import iss_random  # noqa: E402  (its own NFA writer: an oracle for the reader)

PRESENT = [name for name, module in PARADIGMS.items() if importlib.util.find_spec(module)]
GRIDS = list(_all_grids_4x4())


def _random_pattern(rng, depth=0, plain=False):
    """A pattern over 1..4 in the syntax ISS and Python's ``re`` share, with no quantifier
    inside a quantified group: there ISS's construction means more than ``re`` does (its
    optional copies skip to an end that loops on: tests/test_iss_meaning.py)."""
    roll = rng.random()
    if depth > 2 or roll < 0.35:
        return rng.choice(["1", "2", "3", "4", ".", "[12]", "[^3]", "[2-4]"])
    if roll < 0.6:
        return "".join(_random_pattern(rng, depth + 1, plain) for _ in range(rng.randint(2, 3)))
    if roll < 0.8 or plain:
        return "(" + "|".join(_random_pattern(rng, depth + 1, plain) for _ in range(2)) + ")"
    q = rng.choice(["*", "+", "?", "{2}", "{1,2}", "{2,}"])
    return "(" + _random_pattern(rng, depth + 1, True) + ")" + q


def test_the_regex_syntax_means_what_pythons_re_means():
    rng = random.Random(37)
    for _ in range(150):
        pattern = _random_pattern(rng)
        a = compile_regex(pattern, 1, 4)
        for length in range(0, 5):
            for line in product(range(1, 5), repeat=length):
                text = "".join(map(str, line))
                want = re.fullmatch(pattern.replace(".", "[1-4]").replace("[^3]", "[124]"),
                                    text) is not None
                assert accepts(a, [v - 1 for v in line]) == want, (pattern, text)


@pytest.mark.parametrize("pattern, words", [
    ("1(2", "unclosed group"), ("*1", "unexpected '*'"), ("5", "outside the values"),
    ("[]", "empty character class"), ("1{3,2}", "max below min"), ("1\\d", "unsupported"),
    ("1" * 3000, "over 4096 states"),
])
def test_a_bad_pattern_is_refused_in_one_line(pattern, words):
    with pytest.raises(PuzzleError, match=words):
        compile_regex(pattern, 1, 4)


def test_iss_nfa_strings_read_as_their_writer_meant():
    """Strings from the generator's own writer (written from ISS's format, not from
    ``automaton``) read back to the same language; ``encode_nfa`` round-trips too."""
    rng = random.Random(5)
    for _ in range(60):
        states, count = rng.randint(1, 6), 4
        moves = [(rng.randrange(states), rng.randrange(count), rng.randrange(states))
                 for _ in range(rng.randint(1, 10))]
        starts = [0] + ([1] if states > 1 and rng.random() < 0.3 else [])
        accept = sorted(set(rng.sample(range(states), rng.randint(1, states))))
        text = iss_random._nfa_string(states, starts, accept, moves, count)
        a = decode_nfa(text)
        b = decode_nfa(encode_nfa(a))
        for length in range(4):
            for line in product(range(count), repeat=length):
                now = set(starts)
                for s in line:
                    now = {t for q, x, t in moves if q in now and x == s}
                want = bool(now & set(accept))
                assert accepts(a, line) == want == accepts(b, line), (text, line)


def test_iss_example_nfa_reads():
    """ISS's "Diagonal Skyscrapers" NFA (collections.js): 10 states, one start, one accept."""
    a = decode_nfa("TgRAEv-IiIiIiAyMDmaA9ERQ-qqrD9mZmc_u7u7w_4iIiIn_zMzMzIg")
    assert (a.states, a.start, a.accept) == (10, (0,), (1,))
    with pytest.raises(PuzzleError, match="base64"):
        decode_nfa("T*g")


def test_unroll_keeps_only_moves_on_accepted_paths():
    a = compile_regex("12|34", 1, 4)
    layers = unroll(a, [0, 1], 4)
    assert sorted(s for _, s, _ in layers[0]) == [0, 2] and unroll(a, [0], 4) is None


def _read_off(rng, grid, tag):
    """A constraint of ``tag`` the 4x4 ``grid`` keeps, or (sometimes) one drawn at random."""
    path = rng.sample(range(16), rng.randint(2, 4))
    vals = [grid[x] for x in path]
    if tag == "regex":
        parts = [rng.choice([str(v), ".", f"[{v}{rng.randint(1, 4)}]"]) for v in vals]
        return m.Regex(tuple(path), "".join(parts) + rng.choice(["", "?", "1*"]))
    if tag == "nfa":
        k = rng.randint(2, 4)
        chain = [0] + [rng.randrange(k) for _ in vals]
        moves = [(chain[i], v - 1, chain[i + 1]) for i, v in enumerate(vals)]
        moves += [(rng.randrange(k), rng.randrange(4), rng.randrange(k)) for _ in range(3)]
        return m.Nfa(tuple(path), k, (0,), (chain[-1],), tuple(x for t in moves for x in t))
    a, b = _read_off(rng, grid, "regex"), _read_off(rng, grid, "nfa")
    other = m.Thermometer(tuple(rng.sample(range(16), 2)))
    if tag == "and":
        return m.And((a, other))
    return m.Or((m.And((b, other)), m.Regex(tuple(rng.sample(range(16), 2)), "4[12]")))


@pytest.mark.parametrize("tag", ["regex", "nfa", "or", "and"])
@pytest.mark.parametrize("seed", range(3))
def test_each_paradigm_finds_the_grids_enumeration_finds_on_4x4(tag, seed):
    rng = random.Random(f"{tag}{seed}")
    grid = rng.choice(GRIDS)
    puzzle = m.VariantPuzzle(4, constraints=(_read_off(rng, grid, tag), _read_off(rng, grid, tag)))
    truth = {g for g in GRIDS if is_solution(puzzle, g)}
    for paradigm in PRESENT:
        r = solve(puzzle, paradigm, limit=300, time_limit=60)
        if r.status == "unsupported":
            continue
        assert r.exhausted and set(r.solutions) == truth, (paradigm, puzzle)


@pytest.mark.parametrize("seed", range(3))
def test_the_paradigms_agree_on_9x9_from_random_full_grids(seed):
    """Constraints read off a random full grid (so it keeps them), a third of its cells
    given: every paradigm finds solutions, and the same count to two."""
    rng = random.Random(seed)
    grid = random_grid(rng, 3, 3)
    cons = []
    for _ in range(3):
        path = rng.sample(range(81), 5)
        vals = [grid[x] for x in path]
        pattern = "".join(rng.choice([str(v), ".", f"[{v}{rng.randint(1, 9)}]"]) for v in vals)
        cons.append(m.Regex(tuple(path), pattern))
        a = compile_regex(pattern, 1, 9)
        cons.append(m.Or((m.Nfa(tuple(path), a.states, a.start, a.accept,
                                tuple(x for t in a.moves for x in t)),
                          m.KillerCage(tuple(path[:2]), 3))))
    givens = tuple((x, grid[x]) for x in rng.sample(range(81), 27))
    puzzle = m.VariantPuzzle(9, givens=givens, constraints=tuple(cons))
    assert is_solution(puzzle, grid)
    counts = {p: len(solve(puzzle, p, limit=2, time_limit=60).solutions) for p in PRESENT}
    assert len(set(counts.values())) == 1 and min(counts.values()) >= 1, counts


def test_composites_nest_and_replicate_shifts_its_items():
    p = parse_iss(".Shape~4x4.Or.Thermo~R1C1~R1C2.And.~R1C1_1.X~R1C1~R1C2.End.End"
                  ".Replicate~F~R2C1.WhiteDot~R2C1~R3C1.End")
    first, *copies = p.constraints
    assert first == m.Or((m.Thermometer((0, 1)), m.And((m.Candidates(0, (1,)), m.XV((0, 1), 10)))))
    # targets: bits 0 and 2 after R2C1 (R2C1 itself, R2C3): the dot copied there, and at the
    # top level as plain rules (ISS builds a top-level And or Replicate unconditionally)
    assert copies == [m.DifferenceDot((4, 8)), m.DifferenceDot((6, 10))]
    inner = parse_iss(".Shape~4x4.Or.Replicate~F~R2C1.WhiteDot~R2C1~R3C1.End.~R1C1_1.End")
    assert inner.constraints[0].branches[0] == m.And((m.DifferenceDot((4, 8)),
                                                      m.DifferenceDot((6, 10))))


def test_the_writer_carries_composites_and_sequences_back():
    a = compile_regex("(12)+", 1, 4)
    flat = tuple(x for t in a.moves for x in t)
    brk = tuple(x for q in a.accept for x in (q, 4, a.start[0]))  # the break: back to the start
    p = m.VariantPuzzle(4, constraints=(
        m.Or((m.XV((0, 1), 5), m.And((m.Candidates(2, (3,)), m.Regex((2, 3), "34"))))),
        m.Nfa((8, 9, 12, 13), a.states, a.start, a.accept, flat + brk, (2, 2))))
    back = parse_iss(iss_write.write_iss(p))
    assert {g for g in GRIDS if is_solution(back, g)} == {g for g in GRIDS if is_solution(p, g)}
    with pytest.raises(iss_write.IssWriteError, match="inside Or"):
        iss_write.write_iss(m.VariantPuzzle(4, constraints=(m.Or((m.AntiKnight(),)),)))


def test_a_multi_segment_nfa_without_a_break_symbol_is_refused_as_iss_does():
    text = iss_random._nfa_string(2, [0], [1], [(0, 0, 1)], 4)
    with pytest.raises(PuzzleError, match="needs 5 symbols"):
        parse_iss(f".Shape~4x4.NFA~{text}~R1C1~-~R1C2")


@pytest.mark.skipif("cpsat" not in PRESENT, reason="ortools is not installed")
@pytest.mark.parametrize("tag", ["regex", "nfa", "or"])
def test_the_cpsat_flow_kept_for_large_automata_finds_the_same_grids(tag, monkeypatch):
    from sudoku_cp.variants import encode_cp_composite

    monkeypatch.setattr(encode_cp_composite, "MAX_DFA", 1)  # every automaton too large
    rng = random.Random(f"flow-{tag}")
    grid = rng.choice(GRIDS)
    puzzle = m.VariantPuzzle(4, constraints=(_read_off(rng, grid, tag), _read_off(rng, grid, tag)))
    r = solve(puzzle, "cpsat", limit=300, time_limit=60)
    assert r.exhausted and set(r.solutions) == {g for g in GRIDS if is_solution(puzzle, g)}


def test_the_picture_draws_sequence_lines_and_an_ors_branches():
    from sudoku_cp.variants.display import to_svg

    p = m.VariantPuzzle(4, constraints=(
        m.Or((m.Thermometer((0, 1)), m.Regex((4, 5), "1."))),
        m.Nfa((8, 9, 12), 1, (0,), (0,), (0, 0, 0, 0, 4, 0), (2, 1))))
    svg = to_svg(p)
    assert 'class="or"' in svg and 'class="regex"' in svg and "thermometer" in svg
    assert svg.count('class="nfa"') == 2 and "not drawn" not in svg  # one line per segment
