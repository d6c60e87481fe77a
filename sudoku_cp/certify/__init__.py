"""Certified verdicts: a uniqueness claim anyone can re-check without trusting a solver.

A ``unique`` verdict is certified by its solution (checked by ``check.is_solution``)
and a DRAT proof that the puzzle's CNF, with that solution blocked, has no model; a
``none`` verdict by a DRAT proof that the puzzle's CNF has no model; a ``multiple``
verdict by two different solutions. The modules:

- ``make``: writes certificates and the manifest (``make_certificate``);
- ``drat``: our own DRUP/DRAT checker (forward RUP checking, RAT when needed), with
  its inner loop in ``_kernel`` (compiled by numba when installed);
- ``verify``: checks a certificate directory, re-deriving every CNF from the puzzle
  (``verify_directory``), with our checker, dratify or drat-trim.

The command line is ``sudoku-cp certify make|verify|drat`` and
``sudoku-cp check --certify DIR`` (``sudoku_cp.cli.certify``); docs/certify.md
describes the files and what a certificate proves and trusts. Nothing here is imported
by ``import sudoku_cp``; numpy, numba and PySAT are imported when first needed.
"""
