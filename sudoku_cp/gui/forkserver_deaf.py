"""Imported first by the page's fork server (``jobs.PRELOAD``), and by nothing else: it makes
that process ignore Ctrl-C (SIGINT) before it imports the solvers.

A Ctrl-C reaches the whole process group. The fork server ignores SIGINT only once its
preloading is done (``multiprocessing.forkserver.main``), a second or two; one pressed
meanwhile killed it mid-import with a traceback on the console, though the server itself
stopped cleanly. The server stops the fork server (it ends when the server does), and its
workers ignore SIGINT too (``jobs._serve``). Imported in the server, it would make the
server deaf: ``tests/test_gui_cli.py`` checks that the server does not import it.
"""

import signal

signal.signal(signal.SIGINT, signal.SIG_IGN)
