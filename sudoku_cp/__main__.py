"""``python -m sudoku_cp`` is the ``sudoku-cp`` command."""

import sys

try:
    from .cli import entry
except KeyboardInterrupt:  # Ctrl-C before the command line is even loaded
    print("sudoku-cp: interrupted", file=sys.stderr)
    sys.exit(130)

entry()
