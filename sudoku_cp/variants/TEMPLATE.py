"""TEMPLATE: the places a new constraint type touches, each with a worked example.

A constraint type is one rule (a cage, a line, a global rule...). It lives in the model
and is then found, by its JSON tag, in each of the places below; ``PLACES`` lists them
and ``tests/test_variant_types_contract.py`` walks every registered type
(``model.TYPES``) through every place and fails on the type that misses one, naming the
place. A place a type cannot have (a format with no such rule, a paradigm that declines
it) is a *declared reason*, never a silent gap.

The worked example is ``global_mod`` (ISS's ``GlobalMod``: every 2x2 square of cells holds
a value of each remainder mod 3). Added by following this file alone: ``equal_sum``,
``count_distinct``, ``pair`` and ISS's ``LookAndSay`` (read as existing types). ``count_distinct``
touched eight source files (model, rules, encode_cnf_cages, encode_cp, witness_build,
iss, fpuzzles for its declared place, display; a global rule also picture, a refusal
model_checks) plus docs/variants.md and two tests. ``chaos_construction`` (issue 37) too,
in modules of its own (``rules_chaos``, ``encode_cnf_chaos``, ``encode_cp_chaos``,
``witness_chaos``); its unknowns beyond the cells (the regions) needed one thing more,
outside this list: a solution is told apart by them, so the encoders list them in
``enc.shown`` / ``cp.shown`` (``sat`` and ``cpsat`` block over them), the witness searches
each cell's region label beside its value (``witness_chaos``: a leaf is one grid with one
split) and the cross-check reads the same grid
twice from one paradigm as two solutions (``crosscheck.reconcile``).
ISS's ``ChaosArrow`` and ``ChaosCount`` (``chaos_arrow``, ``chaos_count``) followed this file
into the chaos modules plus ``iss_chaos`` (their reader and writer); a clue that reads
another constraint's unknowns also needs its model check to ask for that constraint, the
witness to count only the splits it holds on, and its tests to set it beside its
construction (``test_variants_model.WITH_CHAOS``, the page tests' ``NEEDS``).
ISS's ``SameValues`` and ``CountDistinct`` over region cells (``chaos_same``,
``chaos_regions``) followed the same road; a clue on the whole split (not one region) is
checked once the split is made (``rules_chaos.WHOLE``), pruned as regions are placed.

1. **Model** (``model.py``): a frozen dataclass, its rule in one docstring sentence, its
   fields typed ``Cells``, ``int``, ``tuple`` or ``bool`` (the model checks them)::

       @constraint("global_mod")
       class GlobalMod:
           \"\"\"Every 2x2 square of cells holds a value of each remainder mod 3.\"\"\"

   Cells that are a set (a cage) go in ``DISTINCT_CELLS``; shapes and numbers the rule
   cannot use are refused in ``_check_shape`` / ``_check_values``.
2. **Checker** (``rules.py``, ``CHECKS``): the rule from its definition on a full grid,
   yielding a reason per break; it shares no code with anything below::

       "global_mod": _every_class(lambda p, x: x % 3, 3, "remainder mod 3"),

3. **CNF** (``encode_cnf_*.py``, each with its ``ENCODERS``, which ``encode_cnf`` gathers):
   ``(enc, c, k) -> None`` adding clauses over ``enc.x[cell][value]`` with the machinery
   of ``encode_cnf_base`` (``enc.linear``, ``enc.relation``, ``enc.differ``...); put it in
   the module of its family (``encode_cnf_sums``: sums and outside clues;
   ``encode_cnf_relations``: binary rules and lines; ``encode_cnf_cages``: sets of cells
   and counts; ``encode_cnf_globals``: whole-grid rules; ``encode_cnf_positions``: rules
   that index positions along a line)::

       for square in squares(n):              # one clause per square and class
           for group in classes.values():
               enc.add([enc.x[x][v] for x in square for v in group])

4. **CP-SAT** (``encode_cp.py``, ``ENCODERS``): ``(cp, c, k) -> None`` on ``cp.model``,
   ``cp.x[cell]``, ``cp.is_value(cell, v)``: the same squares with ``add_bool_or``
   (OR-Tools' snake_case names: ``cp.model`` has no camelCase aliases, ``new_model``).
5. **Witness** (``witness_build.py``, ``BUILDERS``): ``(c, ctx) -> [propagator]`` from
   ``witness_props`` / ``witness_lines`` / ``witness_counting`` (here ``CountIn(square,
   mask, 1, 4)`` per class), or a reason in ``witness_build.DECLINED``. Write it from the
   rule, not from the encoders. ``mip`` (``encode_mip.ENCODERS``) is optional: it
   declines any other type by name.
6. **Formats**: the ISS reader (``iss._READERS``, and the type's ISS names in
   ``iss.ISS_NAMES``) and writer (``iss_write._ISSUE_37`` or its own branch) or a reason
   in ``iss.NOT_IN_ISS``; the f-puzzles reader and writer
   (``fpuzzles._FIELDS`` / ``to_fpuzzles_dict``, names in ``fpuzzles.FPUZZLES_NAMES``) or
   a reason in ``fpuzzles.NOT_IN_FPUZZLES``. Take the meaning from the format's own
   source (ISS: ``js/solver/sudoku_builder.js``), and refuse by name what it refuses::

       "GlobalMod": lambda g, a: _global_mod(g),   # 9 values, as ISS requires

7. **Drawing** (``display.DRAW``): the marks on the page; a global rule draws nothing
   (``_nothing``) and is named in ``picture.GLOBAL`` (the caption under the picture).
   The page draws its own picture (``gui/static/variant.js`` or ``variant_more.js``; a
   global rule named in ``GLOBAL_NAMES``), and the setter offers the type from
   ``gui/catalogue.py`` by its fields (one no selection gives: a ``TYPED`` shape read in
   ``static/setter_more.js``); ``tests/test_gui_catalogue_contract.py`` walks every type
   through the page and ``tests/test_gui_setter_typed.py`` finds none "Not drawn".
8. **Docs and tests**: a row in docs/variants.md's table (rule; sat; cpsat), a held and
   a broken instance in ``tests/test_variants_model.py``'s ``held_and_broken``, and a
   test against plain enumeration on 4x4 (``tests/test_variants_iss_types.py``) and, for
   an ISS type, a few random puzzles against ISS (``benchmarks/peers/iss_types_diff.py``).
"""

from __future__ import annotations

#: (place, module, what a type needs there) for the contract test and for readers.
PLACES = (
    ("model", "sudoku_cp.variants.model", "TYPES"),
    ("checker", "sudoku_cp.variants.rules", "CHECKS"),
    ("sat", "sudoku_cp.variants.encode_cnf", "ENCODERS"),
    ("cpsat", "sudoku_cp.variants.encode_cp", "ENCODERS"),
    ("witness", "sudoku_cp.variants.witness_build", "BUILDERS or DECLINED"),
    ("iss", "sudoku_cp.variants.iss", "ISS_NAMES or NOT_IN_ISS (and iss_write.write_iss)"),
    ("fpuzzles", "sudoku_cp.variants.fpuzzles", "FPUZZLES_NAMES or NOT_IN_FPUZZLES"),
    ("drawing", "sudoku_cp.variants.display", "DRAW (and picture.GLOBAL when it draws nothing)"),
)
