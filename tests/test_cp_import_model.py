"""``cp_import.new_model``: a ``CpModel`` without OR-Tools' per-model camelCase aliases, and
the variant CP encoders calling only the snake_case names it keeps."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("ortools")

from sudoku_cp.cp_import import cp_model, new_model  # noqa: E402

PACKAGE = Path(__file__).resolve().parent.parent / "sudoku_cp"


def camel_aliases() -> set:
    """The camelCase names a plain ``CpModel()`` adds to itself (none on a new_model)."""
    plain = cp_model().CpModel()
    return {name for name in vars(plain) if name[:1].isupper()}


def test_a_new_model_is_a_cp_model_without_the_aliases():
    model = new_model()
    assert isinstance(model, cp_model().CpModel)
    assert not {name for name in vars(model) if name[:1].isupper()}
    assert type(model) is type(new_model())  # (the class is made once)


def test_a_new_model_solves_as_a_plain_one():
    m = cp_model()
    counts = []
    for model in (new_model(), m.CpModel()):
        x = [model.new_int_var(1, 3, f"x{i}") for i in range(3)]
        model.add_all_different(x)
        model.add(x[0] < x[1])
        solver = m.CpSolver()
        solver.parameters.enumerate_all_solutions = True
        seen = []

        class Keep(m.CpSolverSolutionCallback):
            def on_solution_callback(self):
                seen.append(tuple(self.value(v) for v in x))

        assert solver.solve(model, Keep()) == m.OPTIMAL
        counts.append(sorted(seen))
    assert counts[0] == counts[1] and len(counts[0]) == 3


def test_the_variant_encoders_call_no_camelcase_model_method():
    aliases = camel_aliases()
    assert "AddAllDifferent" in aliases  # (what this OR-Tools makes; else the test is void)
    call = re.compile(r"\.([A-Z][A-Za-z0-9]*)\(")
    found = []
    for path in sorted((PACKAGE / "variants").glob("encode_cp*.py")) + [PACKAGE / "variants" / "cpsat.py"]:
        for n, line in enumerate(path.read_text().splitlines(), 1):
            found += [f"{path.name}:{n} {name}" for name in call.findall(line) if name in aliases]
    assert not found, found
