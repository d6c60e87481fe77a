"""benchmarks/peers/diff_iss.py refuses a ``--types`` name its generators never draw.

Before, an unknown name was passed over without a word: ``--types SumLine`` compared
puzzles with no sum line at all, and ``--types Cage,LittleKiller,Sum`` only cages and
little killers, while the command said otherwise. (Sum, SumLine, Lunchbox and
CountingCircles are drawn now, on request: iss_random_sums.)"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks" / "peers"))

import diff_iss  # noqa: E402
import iss_random  # noqa: E402
import iss_random_more  # noqa: E402
import iss_random_shape  # noqa: E402
import iss_random_sums  # noqa: E402
import iss_random_vars  # noqa: E402


def test_every_name_a_generator_draws_is_known_and_others_are_named():
    assert diff_iss.undrawn(iss_random.TYPES, (4, 6, 9)) == []
    assert diff_iss.undrawn(iss_random_shape.TYPES, ("4x6", "6x8")) == []
    assert diff_iss.undrawn(("Var",) + tuple(iss_random_vars.TYPES), (9,)) == []
    assert diff_iss.undrawn(iss_random_sums.ON_REQUEST, (4, 6, 9)) == []
    assert diff_iss.undrawn(iss_random_more.ON_REQUEST, (4, 6, 9)) == []
    assert diff_iss.undrawn(("Sum", "SumLine", "Lunchbox", "CountingCircles"), (9,)) == []
    # SlowThermo: no ISS type (the project's slow thermometers come from f-puzzles)
    assert diff_iss.undrawn(("Cage", "LittleKiller", "SlowThermo"), (4, 6, 9)) == ["SlowThermo"]
    assert diff_iss.undrawn(("SumLine", "Thermo"), ("4x6",)) == ["SumLine"]
    # a type the square generator draws but the shapes' one does not
    only_square = sorted(set(iss_random.TYPES) - set(iss_random_shape.TYPES))
    assert only_square and diff_iss.undrawn(only_square[:1], ("4x6",)) == only_square[:1]


def test_the_command_refuses_them_in_one_line_before_starting(capsys):
    with pytest.raises(SystemExit) as exc:
        diff_iss.main(["--iss", "/no/such/checkout", "--count", "1",
                       "--types", "Cage,SumLine,SlowThermo,Nope"])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "--types" in err and "Nope, SlowThermo" in err and "SumLine" not in err


@pytest.mark.parametrize("sizes, named", [("4,16", "16"), ("9,abc", "abc"), ("6,4x", "4x")])
def test_a_size_the_generator_cannot_draw_is_refused_by_name(capsys, sizes, named):
    # (16 once reached the generator's box table and ended in a KeyError traceback)
    with pytest.raises(SystemExit) as exc:
        diff_iss.main(["--iss", "/no/such/checkout", "--count", "1", "--sizes", sizes])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith("usage:") is False and "--sizes" in err
    assert err.endswith(f"not {named}") and "4, 6, 9" in err


def test_the_sizes_it_draws_pass_the_check(capsys):
    # (a bad --types after good sizes: the sizes let through, the types refused)
    for sizes in ("4,6,9", "4x6,6x8"):
        with pytest.raises(SystemExit):
            diff_iss.main(["--iss", "/no/such/checkout", "--count", "1", "--sizes", sizes,
                           "--types", "Nope"])
        assert "--types" in capsys.readouterr().err.strip().splitlines()[-1]


def test_every_iss_type_the_project_reads_is_drawn_but_the_few_named():
    """The parser's list against the generators': what no generator draws is named here
    (a generator that stops drawing a type fails this)."""
    from sudoku_cp.variants.iss import SUPPORTED

    structure = {"Shape", "NoBoxes", "Jigsaw", "End", "Var", "And"}  # (And: inside an Or)
    left = set(diff_iss.undrawn(sorted(SUPPORTED - structure), (4, 6, 9)))
    # 2x2 and neighbour rules on 9 values the filler does not keep (iss_types_diff.py
    # draws them on 9x9, from a grid the project's own sat makes)
    assert left == {"GlobalMod", "GlobalEntropy", "DutchFlatmates"}
