"""The ``certify`` command, and the options ``check --certify DIR`` declares.

- ``sudoku-cp certify make PUZZLE... --out DIR``: settle each puzzle (with ``--backends``,
  default ``sat``) and write its certificate; exit codes as ``check`` (0 all unique,
  1 some multiple or none, 4 unknown), and 3 when a certificate fails its own check.
- ``sudoku-cp certify verify DIR``: re-check every certificate of a directory; exit 0
  when every one holds, 3 when any fails (each failure is named on stderr), 2 when
  there is nothing to verify.
- ``sudoku-cp certify drat CNF PROOF``: check one DRAT proof against one DIMACS CNF
  with our checker; exit 0 when it refutes the CNF, 3 when not.
- ``sudoku-cp certify text PROOF``: print a proof (CaDiCaL writes binary DRAT) as text.
- ``sudoku-cp check ... --certify DIR``: the cross-check as usual, and a certificate
  for every settled verdict (also in batch mode, where the parent writes them).

Heavy imports (numpy, numba, PySAT) happen inside the run functions.
"""

from __future__ import annotations

import json
import os
import sys

from .certificates import CHECKERS, add_certify_options, said


def register(sub) -> None:
    """Add ``certify`` to the CLI's subparsers (``check`` adds ``--certify`` itself)."""
    from .common import add_input as _add_input, positive_float as _positive_float

    checkers = CHECKERS
    p = sub.add_parser("certify", help="write and verify certificates of uniqueness (DRAT proofs)",
                       description="Certificates of uniqueness: the solution, the CNF with that "
                                   "solution blocked, and a DRAT proof that it has no model.")
    actions = p.add_subparsers(dest="certify_action", metavar="ACTION")
    actions.required = True

    m = actions.add_parser("make", help="settle puzzles and write their certificates")
    _add_input(m)
    m.add_argument("--out", required=True, metavar="DIR", help="directory for the certificates")
    m.add_argument("--backends", default="sat", metavar="LIST",
                   help="backends that settle each puzzle (default sat)")
    m.add_argument("--time-limit", type=_positive_float, metavar="S",
                   help="seconds per backend per puzzle")
    add_certify_options(m)
    m.add_argument("--json", action="store_true", help="print each manifest record as JSON")
    m.set_defaults(run=cmd_make)

    v = actions.add_parser("verify", help="re-check every certificate in a directory")
    v.add_argument("directory", metavar="DIR")
    v.add_argument("--checker", choices=checkers, default="ours",
                   help="proof checker (default ours: sudoku_cp.certify.drat)")
    v.add_argument("--json", action="store_true", help="one JSON object per certificate")
    v.add_argument("-q", "--quiet", action="store_true", help="print only the failures")
    v.set_defaults(run=cmd_verify)

    d = actions.add_parser("drat", help="check one DRAT proof against one DIMACS CNF")
    d.add_argument("cnf", metavar="CNF")
    d.add_argument("proof", metavar="PROOF")
    d.add_argument("--engine", choices=("auto", "numba", "python"), default="auto",
                   help="compiled loop (numba) or plain Python (default: numba when installed)")
    d.set_defaults(run=cmd_drat)

    t = actions.add_parser("text", help="print a DRAT proof (binary or text) as text DRAT")
    t.add_argument("proof", metavar="PROOF")
    t.set_defaults(run=cmd_text)


# -- commands -------------------------------------------------------------------------------
def cmd_make(args) -> int:
    from ..backends import resolve
    from ..certify.writer import Certifier

    from .certificates import check_directory

    check_directory(args.out, "--out")
    backends = resolve(args.backends, args.time_limit)
    with Certifier(args.out, args.checker, args.proof_solver) as certifier:
        return _make_each(args, backends, certifier)


def _make_each(args, backends, certifier) -> int:
    """``certify make``'s loop over the puzzles, with the directory locked."""
    from ..crosscheck import crosscheck
    from .common import Outcome, emit, verdict_exit, where

    run = Outcome(args)
    for index, source, entry in run.puzzles():
        board = entry.board
        report = crosscheck(board, backends, time_limit=args.time_limit)
        verdict = report.verdict.value
        run.add(verdict_exit(verdict))
        certified = certifier.certify(index, board, verdict, report.solutions)
        run.add(said(certified))
        rec = certified.record
        if args.json:
            emit(rec or {"index": index, "puzzle": board.to_text(), "verdict": verdict,
                         "certificate": None, "evidence": report.evidence})
            continue
        text = f"puzzle {index} ({where(source, entry)}): {verdict}"
        if rec is None:
            text += ", no certificate" + (f" ({'; '.join(report.evidence)})"
                                          if report.evidence else "")
        elif "proof" not in rec["files"]:
            text += f", certified by two solutions in {rec['files']['solution']}"
        else:
            ok = "holds" if rec["check"]["ok"] else "FAILS"
            text += (f", certificate {rec['files']['proof']} ({rec['sizes']['proof']} bytes of "
                     f"proof) {ok}, made in {rec['make_s'] * 1000:.1f} ms, checked in "
                     f"{rec['check']['time_s'] * 1000:.1f} ms")
        print(text)
    return run.code


def cmd_verify(args) -> int:
    from ..certify.checkers import checker_available
    from ..certify.make import MANIFEST
    from ..certify.verify import verify_directory
    from .common import EXIT_DISAGREE, EXIT_INPUT, EXIT_OK, UsageError

    why = checker_available(args.checker)
    if why:
        raise UsageError(why)
    if not os.path.isfile(os.path.join(args.directory, MANIFEST)):
        raise UsageError(f"{args.directory}: no {MANIFEST} (not a certificate directory)")
    total, failed = 0, []
    for result in verify_directory(args.directory, args.checker):
        total += 1
        if not result.ok:
            failed.append(result.index)
        if args.json:
            print(json.dumps(result.to_dict()), flush=True)
        elif not result.ok:
            print(f"certificate of puzzle {result.index} ({result.verdict}) FAILS:",
                  file=sys.stderr)
            for problem in result.problems:
                print(f"  {problem}", file=sys.stderr)
        elif not args.quiet:
            print(f"certificate of puzzle {result.index} ({result.verdict}) holds")
    if not total:
        print(f"sudoku-cp: error: {args.directory}: the manifest lists no certificate",
              file=sys.stderr)
        return EXIT_INPUT
    if failed:
        named = ", ".join(map(str, failed[:20])) + (" ..." if len(failed) > 20 else "")
        print(f"{len(failed)} of {total} certificates FAIL (puzzles {named})", file=sys.stderr)
        return EXIT_DISAGREE
    print(f"all {total} certificates hold (checker: {args.checker})", file=sys.stderr)
    return EXIT_OK


def cmd_drat(args) -> int:
    from ..certify.drat import ProofFormatError, check_proof, parse_dimacs
    from .common import EXIT_DISAGREE, EXIT_OK, UsageError

    try:
        with open(args.cnf, encoding="ascii", errors="replace") as f:
            _, clauses = parse_dimacs(f.read())
        with open(args.proof, "rb") as f:
            proof = f.read()
    except ProofFormatError as exc:
        raise UsageError(f"{args.cnf}: {exc}") from None
    try:
        result = check_proof(clauses, proof, engine=args.engine)
    except ProofFormatError as exc:  # a proof that cannot be read refutes nothing
        print(f"NOT VERIFIED: {args.proof}: {exc}")
        return EXIT_DISAGREE
    except ImportError as exc:
        raise UsageError(str(exc)) from None
    print(f"{'VERIFIED' if result.ok else 'NOT VERIFIED'}: {result.message} "
          f"({result.lemmas} lemmas, {result.rat} by RAT, {result.deletions} deletions, "
          f"{result.engine}, {result.time_s * 1000:.1f} ms)")
    return EXIT_OK if result.ok else EXIT_DISAGREE


def cmd_text(args) -> int:
    from ..certify.drat import ProofFormatError, parse_proof, proof_text
    from .common import EXIT_OK, UsageError

    try:
        with open(args.proof, "rb") as f:
            text = proof_text(parse_proof(f.read()))
    except ProofFormatError as exc:
        raise UsageError(f"{args.proof}: {exc}") from None
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:  # piped into head: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return EXIT_OK
