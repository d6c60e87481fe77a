"""``sudoku-cp gui``: play, get hints, check and generate in the browser.

A Starlette app (``sudoku_cp.gui.app.create_app``) serves one static page
(``static/``: HTML, CSS and JavaScript, no build step, nothing from the network) and a thin
JSON API over the library. Long work runs in worker processes that a time limit or the
page's Cancel button can stop (``sudoku_cp.gui.jobs``). Needs the ``gui`` extra:
``pip install "sudoku-cp[gui]"``.
"""
