"""``python -m sudoku_cp`` is the ``sudoku-cp`` command."""

import sys

from .cli import main

sys.exit(main())
