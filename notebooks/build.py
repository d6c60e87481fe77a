"""Write each notebook's .ipynb from its Jupytext source beside it, without outputs.

    python3 notebooks/build.py            # (re)write every notebook
    python3 notebooks/build.py --check    # exit 1 if a notebook differs from its source

The source of ``NN_name.ipynb`` is ``NN_name.py`` in Jupytext's percent format: ``# %%``
starts a code cell, ``# %% [markdown]`` a prose cell whose lines are comments. Edit the
``.py`` (any editor, or Jupyter with Jupytext's pairing) and run this script. The written
notebooks have no outputs, fixed cell ids and one kernelspec, so rebuilding gives the same
bytes; ``tests/test_notebooks.py`` runs each one and checks it matches its source.
"""

from __future__ import annotations

import sys
from pathlib import Path

import jupytext
import nbformat

HERE = Path(__file__).parent
#: Notebook sources: two digits, an underscore, a name (this script is not one).
SOURCES = sorted(HERE.glob("[0-9][0-9]_*.py"))


def notebook(source: Path) -> "nbformat.NotebookNode":
    """The notebook of one Jupytext source, as it is stored: no outputs, fixed ids."""
    nb = jupytext.read(source, fmt="py:percent")
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    cells = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            new = nbformat.v4.new_code_cell(cell.source)
        else:
            new = nbformat.v4.new_markdown_cell(cell.source)
        new["id"] = f"cell-{i}"  # from a counter, so that rebuilding gives the same file
        cells.append(new)
    nb.cells = cells
    nbformat.validate(nb)
    return nb


def text(source: Path) -> str:
    """What ``NN_name.ipynb`` must hold for the source ``NN_name.py``."""
    return nbformat.writes(notebook(source)) + "\n"


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    check = "--check" in argv
    stale = []
    for source in SOURCES:
        path = source.with_suffix(".ipynb")
        want = text(source)
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != want:
                stale.append(path.name)
        else:
            path.write_text(want, encoding="utf-8")
    orphans = sorted(p.name for p in HERE.glob("*.ipynb") if not p.with_suffix(".py").exists())
    if orphans:
        print("notebooks without a .py source:", ", ".join(orphans), file=sys.stderr)
    if stale:
        print("out of date (run python3 notebooks/build.py):", ", ".join(stale), file=sys.stderr)
    return 1 if stale or orphans else 0


if __name__ == "__main__":
    sys.exit(main())
