"""The work a job may ask for, by name: each task gets plain data and returns plain data.

The classic tasks live in ``work``, the variant ones in ``variant`` (imported when one is
first run: a worker that never sees a variant never loads the variant model). Both stand
below this table, which the worker processes (``jobs``) read.
"""

from __future__ import annotations

from .work import check, generate, grade, hint, path, solve


def _variant_task(name: str):
    """A task of ``gui.variant`` (or of ``gui.vhints``: hints, path, grade), imported when
    first run."""
    def run(*args):
        if name in ("variant_hint", "variant_path", "variant_grade"):
            from . import vhints as module
        else:
            from . import variant as module
        return module.TASKS[name](*args)
    return run


TASKS = {"check": check, "solve": solve, "hint": hint, "path": path, "grade": grade,
         "generate": generate,
         **{name: _variant_task(name) for name in
            ("variant_check", "variant_solve", "variant_possibilities",
             "variant_hint", "variant_path", "variant_grade")}}
