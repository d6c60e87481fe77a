"""The certificate options and hook that ``check --certify DIR`` and ``certify make``
share (a toolkit module, like ``common`` and ``output``)."""

from __future__ import annotations

from contextlib import contextmanager

import sys

#: The proof checkers (``certify.checkers.CHECKERS``, without importing it).
CHECKERS = ("ours", "dratify", "drat-trim")


def add_certify_options(p, with_dir: bool = False) -> None:
    """The certificate options: ``--certify DIR`` (on ``check``), ``--checker`` and
    ``--proof-solver``."""
    if with_dir:
        p.add_argument("--certify", metavar="DIR",
                       help="write a certificate for every unique, none or multiple verdict "
                            "into DIR (see 'sudoku-cp certify')")
    p.add_argument("--checker", choices=CHECKERS, default=None if with_dir else "ours",
                   help="checker run on each new certificate (default ours)")
    p.add_argument("--proof-solver", default=None, metavar="NAME",
                   help="PySAT solver that writes the proofs (default cadical195)")


def check_directory(path: str, option: str) -> None:
    """Refuse a certificate directory that is a file (it said ``PATH: File exists``)."""
    import os

    from .common import UsageError

    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError(f"{option} {path} is a file; certificates go into a directory: "
                         "give a new directory or one of certificates")


def certifier_for(args):
    """The certifier that ``check --certify DIR`` asks for, or None without the option."""
    directory = getattr(args, "certify", None)
    if not directory:
        return None
    from ..certify.writer import Certifier

    check_directory(directory, "--certify")
    return Certifier(directory, getattr(args, "checker", None) or "ours",
                     getattr(args, "proof_solver", None), append=bool(getattr(args, "resume", 0)))


@contextmanager
def certifying(args):
    """``certifier_for(args)`` held for a ``with``: the directory's lock is let go at
    the end (None without ``--certify``)."""
    certifier = certifier_for(args)
    try:
        yield certifier
    finally:
        if certifier is not None:
            certifier.close()


def said(certified) -> int:
    """Say a failed certificate on stderr; the exit code it adds (3 when it failed)."""
    from .common import EXIT_DISAGREE, EXIT_OK

    if not certified.failed:
        return EXIT_OK
    print(f"CERTIFICATE of puzzle {certified.index} {certified.problem}", file=sys.stderr)
    return EXIT_DISAGREE
