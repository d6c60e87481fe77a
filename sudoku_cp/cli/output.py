"""The one rule for every file a command writes.

1. Validate everything first: options, backends, extras, and the output path itself,
   before any work starts and before any file is created.
2. Refuse to overwrite a file that exists and is not empty, unless ``--force``.
3. Refuse to write through a symbolic link (its target is someone else's file), unless
   ``--force``.
4. Create missing parent folders.
5. Generated files start with a ``#`` comment that gives the command, seed and options.
6. A write that fails (a full disk) names the file; what was written before is kept.

Roads not taken: writing to a temporary file and renaming it at the end (a long run
killed halfway would leave nothing, where results so far are worth keeping).
"""

from __future__ import annotations

import os
import shlex
import sys

from ..errors import OutputError, UsageError


def add_force(p) -> None:
    """The ``--force`` option of a command that writes files."""
    p.add_argument("--force", action="store_true",
                   help="overwrite existing output files, and write through symbolic links")


def check_output(path: str, *, force: bool = False, append: bool = False,
                 what: str = "output", hint: str = "") -> None:
    """Refuse ``path`` before any work if writing it would break the rule above."""
    if os.path.islink(path) and not force:
        raise UsageError(f"{path} is a symbolic link (to {os.readlink(path)}); refusing to "
                         f"write through it: give another {what}, or add --force")
    if os.path.isdir(path):
        raise UsageError(f"{path} is a folder; give a file name for the {what}")
    if not append and not force and os.path.exists(path) and os.path.getsize(path) > 0:
        raise UsageError(f"{path} exists; refusing to overwrite it: give another {what}, "
                         f"{hint}or add --force")


def check_folder(path: str, *, force: bool = False, names=()) -> None:
    """For an output folder: refuse a link, a file, or existing ``names`` in it."""
    if os.path.islink(path) and not force:
        raise UsageError(f"{path} is a symbolic link; refusing to write through it (--force)")
    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError(f"{path} exists and is not a folder")
    clash = [n for n in names if os.path.exists(os.path.join(path, n))]
    if clash and not force:
        raise UsageError(f"{path} already holds {', '.join(clash)}; refusing to overwrite: "
                         f"give another folder, or add --force")


class OutputFile:
    """A text file opened by the rule: parents created, links refused, errors named.

    Opened on the first write, so a run that fails before its first line leaves no
    empty file behind.
    """

    def __init__(self, path: str, *, force: bool = False, header: str | None = None):
        self.path, self.force, self.header = path, force, header
        self.file = None

    def write(self, text: str) -> None:
        try:
            if self.file is None:
                self._open()
            self.file.write(text)
            self.file.flush()
        except OSError as exc:
            raise OutputError(f"cannot write to {self.path}: {exc.strerror or exc} (what was "
                              f"written before is kept)") from None

    def _open(self) -> None:
        parent = os.path.dirname(self.path)
        if parent:
            os.makedirs(parent, exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
        if not self.force:
            flags |= getattr(os, "O_NOFOLLOW", 0)
        self.file = os.fdopen(os.open(self.path, flags, 0o666), "w", encoding="utf-8")
        if self.header:
            self.file.write(self.header)

    def close(self) -> None:
        if self.file is not None:
            try:
                self.file.close()
            except OSError:
                pass
            self.file = None


def header_comment(command: str, options: dict) -> str:
    """The ``#`` line at the top of a generated file: how to make it again.

    >>> header_comment("generate", {"count": 2, "seed": 7, "symmetry": "none"})
    '# sudoku-cp generate --count 2 --seed 7 --symmetry none\\n'
    """
    argv = ["sudoku-cp", command]
    for key, value in options.items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            argv.append(flag)
        elif value not in (None, False):
            argv += [flag, str(value)]
    return "# " + " ".join(shlex.quote(a) for a in argv) + "\n"


def say(text: str) -> None:
    print(f"sudoku-cp: {text}", file=sys.stderr)


def write_text(path: str | None, text: str, *, force: bool = False) -> None:
    """``text`` into the file ``path`` (through ``OutputFile``), or to standard output when
    ``path`` is None or ``-``."""
    if path and path != "-":
        out = OutputFile(path, force=force)
        try:
            out.write(text)
        finally:
            out.close()
    else:
        sys.stdout.write(text)


def write_all(items, write_one, out, bar) -> int:
    """The loop of a generating command: ``write_one(index, item)`` for each of ``items``
    (it writes the item to ``out`` or standard output and returns an exit code, or None
    for 0), a tick of ``bar`` after each; ``bar`` and ``out`` are closed however the loop
    ends, so puzzles already written are kept. A ``GenerationError`` (two paradigms
    disagreed on a puzzle) is one stderr line and ``EXIT_DISAGREE``; otherwise the last
    non-zero code ``write_one`` gave, or 0."""
    from ..errors import GenerationError
    from ..verdicts import EXIT_DISAGREE, EXIT_OK

    code = EXIT_OK
    try:
        for index, item in enumerate(items, 1):
            code = write_one(index, item) or code
            if bar is not None:
                bar.update(1)
    except GenerationError as exc:
        print(f"sudoku-cp: DISAGREE: {exc}", file=sys.stderr)
        return EXIT_DISAGREE
    finally:
        if bar is not None:
            bar.close()
        if out is not None:
            out.close()
    return code
