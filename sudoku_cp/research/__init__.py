"""Research results of the field, reproduced: counting grids, estimating counts, canonical forms.

- ``count``: the exact number of complete grids of a box shape, by enumeration with
  symmetry reduction (4×4, 6×6, 8×8).
- ``estimate``: Knuth's random-path estimate of a solution count, with its confidence
  interval and the number of samples (any puzzle, any size the compiled masks hold).
- ``canon``: the minimal lexicographic form (minlex) of a 9×9 puzzle or grid under the
  Sudoku symmetry group, for deduplication.
- ``minimal_killer``: every unique killer with no givens whose cages cover a given
  number of cells (4×4, 6×6), one per orbit of the row and column moves.

Each module imports numba only when its compiled code is first needed, so
``import sudoku_cp`` (and ``import sudoku_cp.research``) stays quick.
"""
