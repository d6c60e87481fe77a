"""``fast`` for variants: a compiled propagating search over candidate bitmasks.

Three places, as in sigh's solver: ``program`` turns a ``VariantPuzzle`` into flat
integer arrays (one propagator per constraint, its rule written as a relation table, a
linear sum, a combination list...), declining by name what it cannot state (one
builder per constraint type in ``program_rules``, the pair rules, lines and chaos in
``program_pairs``, ``program_lines`` and ``program_chaos``);
``varkernel`` is the numba (nopython) search that runs those propagators to a fixpoint
and branches on the cell with the fewest candidates per past conflict (dom/wdeg),
counting up to a limit; ``engine`` loads the kernel, runs it in node budgets under a
time limit, and maps the result back.

It shares no code with the witness, the encoders or the checker: every rule is
restated here from the model's docstrings, and every solution it returns goes through
``rules.check_solution`` in the cross-check.

Glossary: *bit* ``i`` of a cell's mask is the value ``lo + i``; a *propagator* narrows
masks of its cells and fails when one empties; a *relation* is a binary constraint
given as a table (for each value of one cell, the mask of values the other may take).
"""
