"""Imported first by the page's fork server (``jobs.PRELOAD``), and by nothing else: it makes
that process ignore Ctrl-C (SIGINT) before it imports the solvers.

A Ctrl-C reaches the whole process group. The fork server ignores SIGINT only once its
preloading is done (``multiprocessing.forkserver.main``), a second or two; one pressed
meanwhile killed it mid-import with a traceback on the console, though the server itself
stopped cleanly. The server stops the fork server (it ends when the server does), and its
workers ignore SIGINT too (``jobs._serve``). Imported in the server, it would make the
server deaf: ``tests/test_gui_cli.py`` checks that the server does not import it.

The fork server is now launched in a session of its own (``forkserver_session``), where no
terminal's Ctrl-C reaches it, its Python start-up included; this module stays as belt and
braces, and as the guard on a Python where that launch falls back to the stock one (a
window of the fork server's own start-up left then, 1 start in 80).
"""

import signal

signal.signal(signal.SIGINT, signal.SIG_IGN)
