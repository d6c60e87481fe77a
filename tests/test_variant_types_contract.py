"""The contract every constraint type keeps (sudoku_cp/variants/TEMPLATE.py lists it):
each registered type is found in every place, or a reason says why not; a failure names
the type and the place it misses.

The readers and the writer are checked on the held and broken instances of
``test_variants_model`` (read back, each keeps the verdict it had on that grid).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_cp.variants import (display, encode_cnf, encode_cp, encode_mip, fpuzzles, iss,
                                iss_write, model as m, picture, rules, witness_build)
from sudoku_cp.variants.TEMPLATE import PLACES
from sudoku_cp.variants.paradigms import UnsupportedConstraint
from test_variants_model import CASES, G, N

TYPES = sorted(m.TYPES)
VARIANTS = Path(__file__).parent.parent / "sudoku_cp" / "variants"


@pytest.mark.parametrize("tag", TYPES)
def test_every_type_is_in_every_place(tag):
    missing = []
    if tag not in rules.CHECKS:
        missing.append("checker: rules.CHECKS")
    if tag not in encode_cnf.ENCODERS:
        missing.append("sat: encode_cnf.ENCODERS")
    if tag not in encode_cp.ENCODERS:
        missing.append("cpsat: encode_cp.ENCODERS")
    if (tag in witness_build.BUILDERS) == (tag in witness_build.DECLINED):
        missing.append("witness: witness_build.BUILDERS or DECLINED (one of them)")
    if (tag in iss.ISS_NAMES) == (tag in iss.NOT_IN_ISS):
        missing.append("iss: iss.ISS_NAMES or NOT_IN_ISS (one of them)")
    if (tag in fpuzzles.FPUZZLES_NAMES) == (tag in fpuzzles.NOT_IN_FPUZZLES):
        missing.append("fpuzzles: fpuzzles.FPUZZLES_NAMES or NOT_IN_FPUZZLES (one of them)")
    if tag not in display.DRAW:
        missing.append("drawing: display.DRAW")
    elif display.DRAW[tag] is display._nothing and tag not in picture.GLOBAL:
        missing.append("drawing: picture.GLOBAL (it draws nothing, so the caption names it)")
    if not (m.TYPES[tag].__doc__ or "").strip():
        missing.append("model: a docstring stating the rule")
    assert not missing, f"{tag} misses: " + "; ".join(missing)


def test_the_template_names_every_place_the_test_walks():
    assert [p for p, _, _ in PLACES] == ["model", "checker", "sat", "cpsat", "witness", "iss",
                                         "fpuzzles", "drawing"]


def test_mip_takes_a_type_or_declines_it_by_name():
    assert set(encode_mip.ENCODERS) <= set(m.TYPES) and encode_mip.WHY


def test_the_format_maps_name_only_names_the_readers_know():
    read = {name for names in iss.ISS_NAMES.values() for name in names}
    assert read - {"Given"} == set(iss._READERS), "iss.ISS_NAMES and iss._READERS differ"
    fields = {name for names in fpuzzles.FPUZZLES_NAMES.values() for name in names}
    assert fields - {"givenPencilMarks"} == set(fpuzzles.SUPPORTED)


@pytest.mark.parametrize("tag, holds, broken", CASES, ids=[c[0] for c in CASES])
def test_the_iss_writer_and_reader_keep_each_rule(tag, holds, broken):
    for c in (holds, broken):
        p = m.VariantPuzzle(N, constraints=(c,))
        try:
            text = iss_write.write_iss(p)
        except iss_write.IssWriteError as exc:
            assert tag in iss.NOT_IN_ISS or str(exc), f"{tag}: refused without a reason"
            continue
        assert tag in iss.ISS_NAMES, f"{tag}: written, yet declared not in ISS"
        back = iss.parse_iss(text)  # (a one-value candidate comes back as a given: same rule)
        assert rules.is_solution(back, G) == rules.is_solution(p, G), (tag, text)


@pytest.mark.parametrize("tag, holds, broken", CASES, ids=[c[0] for c in CASES])
def test_the_fpuzzles_writer_and_reader_keep_each_rule(tag, holds, broken):
    for c in (holds, broken):
        p = m.VariantPuzzle(N, constraints=(c,))
        try:
            text = fpuzzles.write_fpuzzles(p)
        except UnsupportedConstraint as exc:
            if tag in fpuzzles.NOT_IN_FPUZZLES:
                continue
            assert exc.where, f"{tag}: the writer refuses {c} without a reason"
            continue
        assert tag in fpuzzles.FPUZZLES_NAMES, f"{tag}: written, yet declared not carried"
        back = fpuzzles.parse_fpuzzles(text)
        assert rules.is_solution(back, G) == rules.is_solution(p, G), (tag, c)


def test_no_module_of_the_variant_stack_is_over_800_lines():
    long = {str(f.relative_to(VARIANTS)): n for f in VARIANTS.rglob("*.py")
            if (n := len(f.read_text().splitlines())) > 800}
    assert not long, long
