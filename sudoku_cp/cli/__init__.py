"""The ``sudoku-cp`` command line. Library code returns; this package prints.

- ``sudoku_cp.cli.common``: the shared toolkit (exit codes, input entries, ``Outcome``,
  validators, the comma-list splitter, JSON output); command modules use only these.
- ``sudoku_cp.cli.app``: the parser and ``main``; ``COMMANDS`` lists the command
  modules, each with ``register(subparsers)``.
- One module per command group: ``solve``, ``check`` (and the batch), ``export``,
  ``generate`` (with ``grade``), ``bench``, ``explain``, ``gui``, ``certify``.

Errors: every error the package raises on purpose derives from
``sudoku_cp.errors.SudokuCpError``; ``main`` turns one into a single line and exit 2.
"""

from .app import COMMANDS, build_parser, entry, main
from .common import (EXIT_DISAGREE, EXIT_INPUT, EXIT_INTERRUPTED, EXIT_NOT_UNIQUE, EXIT_OK,
                     EXIT_UNKNOWN, Outcome, add_input, box_arg, box_text, emit, entries, ms,
                     positive_float, split_list, verdict_exit, where, worst)
from ..errors import UsageError

__all__ = ["COMMANDS", "build_parser", "entry", "main", "EXIT_OK", "EXIT_NOT_UNIQUE",
           "EXIT_INPUT", "EXIT_DISAGREE", "EXIT_UNKNOWN", "EXIT_INTERRUPTED", "Outcome",
           "UsageError", "add_input", "box_arg", "box_text", "emit", "entries", "ms",
           "positive_float", "split_list", "verdict_exit", "where", "worst"]
