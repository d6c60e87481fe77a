"""The ``fast`` backend as a subsystem: a compiled bitmask search (numba).

- ``backend``: ``FastBackend`` (the declared interface, and the ``check_array``,
  ``check_many``, ``dig``, ``dig_orders`` and ``fill`` capabilities), the geometry as arrays
  (``Tables``), the bulk entry points and the start-up (where compiled code is cached);
- ``kernels``: the compiled search, fill and dig (numba, nopython mode);
- ``native``: the store of the compiled object code, so later processes start without
  importing numba.

Tools reach it through the registry and its capabilities (``backends.base``), never by
importing it; tests and benchmarks import the modules directly.
"""

from .backend import (MAX_N, BoardTooLarge, FastBackend, Tables, cache_dir, check_array,
                      check_boards, check_lines, dig, dig_orders, engine, fill, fill_counted,
                      tables)

# (``backend.kernels()``, which loads the compiled module, is not named here: the name
# ``kernels`` in this package is that module.)
__all__ = ["MAX_N", "BoardTooLarge", "FastBackend", "Tables", "cache_dir", "check_array",
           "check_boards", "check_lines", "dig", "dig_orders", "engine", "fill", "fill_counted",
           "tables"]
