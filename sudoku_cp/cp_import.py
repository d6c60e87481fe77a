"""Import OR-Tools' ``cp_model`` without importing pandas (a third of its import).

``ortools.sat.python.cp_model`` imports pandas at its top for a few helpers that take
or return a ``pd.Series`` or ``pd.Index`` (``new_int_var_series``, ``solver.values``);
this project calls none of them, and pandas costs about 0.25 s of a one-off check's
start (``python3 -X importtime``; docs/variants.md, "Start-up"). So ``cp_model()``
imports it with a stand-in module named ``pandas`` whose ``Index`` and ``Series`` are
placeholder classes (the names ``cp_model`` reads while it is imported, for its type
hints), removes the stand-in at once, and then points ``cp_model.pd`` at the real
pandas, imported lazily the first time one of those helpers reads it.

Anything unexpected (another OR-Tools whose import reads more of pandas, pandas
already imported, ``SUDOKU_CP_PANDAS=1``): the plain import, as before.

>>> cp = cp_model()
>>> cp.CpModel().new_int_var(1, 9, "x").name
'x'
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
import threading
import types

_lock = threading.Lock()


def cp_model():
    """The ``ortools.sat.python.cp_model`` module, imported without pandas if it can be."""
    done = sys.modules.get("ortools.sat.python.cp_model")
    if done is not None:
        return done
    with _lock:
        if "pandas" in sys.modules or os.environ.get("SUDOKU_CP_PANDAS") == "1":
            return importlib.import_module("ortools.sat.python.cp_model")
        sys.modules["pandas"] = _stand_in()
        try:
            module = importlib.import_module("ortools.sat.python.cp_model")
        except Exception:  # it wanted more of pandas: start again with the real one
            sys.modules.pop("ortools.sat.python.cp_model", None)
            sys.modules.pop("pandas", None)
            return importlib.import_module("ortools.sat.python.cp_model")
        finally:
            if isinstance(sys.modules.get("pandas"), _StandIn):
                del sys.modules["pandas"]
        module.pd = _LazyPandas()
        return module


class _StandIn(types.ModuleType):
    """A module named ``pandas`` with the two names ``cp_model`` reads at import."""


def _stand_in() -> _StandIn:
    stand_in = _StandIn("pandas", "stands in for pandas while cp_model is imported")
    stand_in.Index = type("Index", (), {"__module__": "pandas"})
    stand_in.Series = type("Series", (), {"__module__": "pandas"})
    return stand_in


class _LazyPandas:
    """Reads of ``cp_model.pd.X``: the real pandas, imported at the first."""

    def __getattr__(self, name):
        return getattr(importlib.import_module("pandas"), name)


def new_model():
    """An empty ``CpModel`` without OR-Tools' camelCase aliases of its methods.

    OR-Tools 9.x's ``CpModel()`` makes, for every model, a deprecation wrapper of each of
    its ``add_``/``new_``/``clear_`` methods under the old camelCase name (``dir`` of the
    model, a name conversion and a ``setattr`` each, about 60): 0.35-0.8 ms a model, a
    few percent of an easy puzzle's ``cpsat`` check, paid again for every puzzle. The
    project calls the snake_case names, so its models skip that step (the class below
    leaves out only ``_add_pre_pep8_methods``). An OR-Tools without that step gives its
    plain ``CpModel``.

    >>> model = new_model()
    >>> model.new_int_var(1, 9, "x").name, hasattr(model, "AddAllDifferent")
    ('x', False)
    """
    return _model_class()()


@functools.cache
def _model_class():
    base = cp_model().CpModel
    if not callable(getattr(base, "_add_pre_pep8_methods", None)):
        return base
    return type("CpModel", (base,), {"__module__": __name__, "__doc__": base.__doc__,
                                     "_add_pre_pep8_methods": lambda self: None})
