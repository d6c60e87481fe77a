"""The ``sudoku-cp`` parser and ``main``: commands are registered, not written, here.

Each command lives in a module of this package with ``register(subparsers)``, which
adds its parser and sets ``run`` (a function ``args -> exit code``); ``COMMANDS``
lists them. A new command is one new module here and one line in ``COMMANDS``.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from importlib import import_module

from ..errors import SudokuCpError
from .common import EXIT_BROKEN_PIPE, EXIT_INPUT, EXIT_INTERRUPTED, check_board_size, find_data

#: Command modules of this package, in the order ``--help`` lists them.
COMMANDS = ["sudoku_cp.cli.solve", "sudoku_cp.cli.check", "sudoku_cp.cli.export",
            "sudoku_cp.cli.generate", "sudoku_cp.cli.bench", "sudoku_cp.cli.explain",
            "sudoku_cp.cli.gui", "sudoku_cp.cli.certify", "sudoku_cp.cli.canon",
            "sudoku_cp.cli.stats", "sudoku_cp.cli.warmup"]


#: Each command's name -> the module that registers it. A command line that names one
#: builds that command's parser alone: the others' modules are not imported (their
#: imports are a tenth of a second of a one-off check's start).
NAMES = {"solve": "sudoku_cp.cli.solve", "check": "sudoku_cp.cli.check",
         "export": "sudoku_cp.cli.export", "generate": "sudoku_cp.cli.generate",
         "grade": "sudoku_cp.cli.generate", "bench": "sudoku_cp.cli.bench",
         "explain": "sudoku_cp.cli.explain", "gui": "sudoku_cp.cli.gui",
         "certify": "sudoku_cp.cli.certify", "canon": "sudoku_cp.cli.canon",
         "stats": "sudoku_cp.cli.stats", "warm-up": "sudoku_cp.cli.warmup"}


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser of every command; or, when ``argv`` starts with a command's name, the
    parser of that command alone (the same answers for that command line)."""
    from .. import __version__

    parser = argparse.ArgumentParser(
        prog="sudoku-cp",
        description="Sudoku as a constraint problem: CNF/SAT, all-different CP-SAT and a "
                    "reference backtracker, cross-checked for agreement and uniqueness.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    named = NAMES.get(argv[0]) if argv else None
    for module in [named] if named else COMMANDS:
        import_module(module).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    A Ctrl-C is exit 130 and one line from the first moment: while the command
    modules load too (a tenth of a second or more on a busy machine).
    """
    try:
        argv = sys.argv[1:] if argv is None else argv
        args = build_parser(argv).parse_args(argv)
    except KeyboardInterrupt:
        print("sudoku-cp: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    if sys.stderr is not None and sys.stderr.isatty():  # at a terminal: say when compiling
        from .. import compiled_cache

        compiled_cache.notify = lambda text: print("\r\033[K" + text, file=sys.stderr, flush=True)
        compiled_cache.progress = lambda text: print("\r\033[K" + text, end="", file=sys.stderr,
                                                     flush=True)
    if getattr(args, "puzzles", None) is not None and not isinstance(args.puzzles, list):
        args.puzzles = [args.puzzles]  # a command that takes one PUZZLE
    try:
        if getattr(args, "file", None):  # FILE names not found as given: the data folder
            data = getattr(args, "data", None)
            args.file = (find_data(args.file, data) if isinstance(args.file, str)  # one -f FILE
                         else [find_data(path, data) for path in args.file])
        check_board_size(args)  # one limit for every command that builds a board
        return args.run(args)
    except KeyboardInterrupt:
        print("sudoku-cp: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # e.g. piped into head: stop quietly, as a Unix tool would
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except (SudokuCpError, OSError) as exc:
        print(f"sudoku-cp: error: {_said(exc)}", file=sys.stderr)
        return EXIT_INPUT
    except Exception as exc:
        if _interrupted(exc):  # Ctrl-C inside a C extension's import or call
            print("sudoku-cp: interrupted", file=sys.stderr)
            return EXIT_INTERRUPTED
        raise


def entry() -> None:
    """The ``sudoku-cp`` program: ``main``, then exit with its code.

    Once ``main`` has returned, the run's work is done and written; a Ctrl-C from then on
    is ignored, so that one arriving while Python shuts down cannot print a traceback
    under a finished run (or turn its exit code into 130). ``main`` itself leaves the
    process's SIGINT handling alone: a caller may run it many times.
    """
    try:
        code = main()
    finally:
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        except (KeyboardInterrupt, ValueError):  # ValueError: not the main thread
            pass
    _exit_now(code)
    sys.exit(code)


def _exit_now(code: int) -> None:
    """End the process with ``code`` now, skipping the interpreter's teardown (freeing
    every module and object one by one: about 30 ms of CPU after a variant check, all of
    it after the answer is printed). What an exit must still do is done first: the
    ``atexit`` functions run and the standard streams are flushed.

    Only for the program alone: not when another thread runs (an ordinary exit waits
    for it), nor under a tracer or profiler (``coverage``, ``python -m cProfile``, a
    debugger: they report after the program returns), nor with ``python -i``; and not
    when a stream cannot be flushed. Then it returns and the caller exits as usual."""
    import atexit
    import threading

    if (threading.active_count() != 1 or not isinstance(code, int) or sys.flags.inspect
            or sys.gettrace() is not None or sys.getprofile() is not None):
        return
    atexit._run_exitfuncs()  # (once: they are not run again by an ordinary exit)
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):  # (e.g. a closed pipe: the ordinary exit says it)
        return
    os._exit(code)


def _said(exc: BaseException) -> str:
    """An error as one line: an OSError as ``PATH: what went wrong`` (the form the
    commands use), not Python's ``[Errno 2] No such file or directory: 'PATH'``.

    >>> _said(FileNotFoundError(2, "No such file or directory", "in.txt"))
    'in.txt: No such file or directory'
    """
    if isinstance(exc, OSError) and exc.strerror and exc.filename is not None:
        return f"{exc.filename}: {exc.strerror}"
    return str(exc)


def _silence_stdout() -> None:
    """Point stdout at the null device, so the flush at exit cannot fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout already closed, or not a real file
        pass


def _interrupted(exc: BaseException | None) -> bool:
    """Whether a KeyboardInterrupt is in the chain of causes of ``exc``.

    A Ctrl-C while a solver package is being imported surfaces as an ImportError
    ("initialization failed") whose context is the KeyboardInterrupt.
    """
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


if __name__ == "__main__":  # pragma: no cover
    entry()
