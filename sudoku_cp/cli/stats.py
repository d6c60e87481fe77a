"""``sudoku-cp stats``: the clue-count distribution of a puzzle sample, as drawn and
corrected by Berthier's factors into the real distribution of minimal puzzles.

For a sample made by controlled-bias generation (``generate --method controlled-bias``,
or Berthier's own collections) the corrected figures estimate the real distribution;
for any other generator they mean nothing, and the output says so.
"""

from __future__ import annotations

import sys

from .common import EXIT_OK, Outcome, UsageError, add_input, emit


def register(sub) -> None:
    """Add the ``stats`` command (imports nothing heavy)."""
    p = sub.add_parser(
        "stats", help="clue-count distribution of a sample, raw and bias-corrected",
        description="Clue counts of the puzzles read: the distribution, mean and standard "
                    "deviation with a confidence interval, and the same after Berthier's "
                    "correction factors cf(n) = C(cells, n), which turn a controlled-bias "
                    "sample into an estimate of the real distribution of minimal puzzles.")
    add_input(p)
    p.add_argument("--against", metavar="FILE",
                   help="also test (chi-square) whether FILE's clue counts have the same "
                        "distribution; FILE is looked for in the data folder too")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.set_defaults(run=cmd_stats)


def _clues(args, files=None) -> tuple[list[int], int, int]:
    """Clue counts of the puzzles the options name; the cells per board; the exit code."""
    run = Outcome(args)
    clues, cells = [], set()
    for _, _, entry in run.puzzles():
        clues.append(entry.board.clues)
        cells.add(entry.board.geometry.ncells)
    if len(cells) > 1:
        raise UsageError(f"stats needs puzzles of one size; these have {sorted(cells)} cells")
    return clues, cells.pop() if cells else 81, run.code


def cmd_stats(args) -> int:
    from argparse import Namespace

    from ..research.cbias import PUBLISHED, chi2_homogeneity, clue_stats
    from .common import find_data

    clues, ncells, code = _clues(args)
    stats = clue_stats(clues, ncells)
    test = None
    if args.against:
        other = Namespace(**{**vars(args), "puzzles": [], "file": [
            find_data(args.against, getattr(args, "data", None))]})
        theirs, their_cells, their_code = _clues(other)
        if their_cells != ncells:
            raise UsageError(f"--against {args.against} has boards of {their_cells} cells, "
                             f"not {ncells}")
        code = max(code, their_code)
        test = (len(theirs), *chi2_homogeneity(stats.histogram, clue_stats(theirs).histogram))
    if args.json:
        record = stats.to_dict()
        if test:
            record["against"] = {"file": args.against, "samples": test[0], "chi2": test[1],
                                 "dof": test[2], "p": test[3]}
        emit(record)
        return code or EXIT_OK
    lo, hi = stats.ci
    clo, chi = stats.corrected_ci
    c = f"{stats.confidence:.0%}"
    print(f"{stats.samples:,} puzzles of {ncells} cells")
    print(f"clues     sample     share   corrected share (cf = C({ncells}, n))")
    for n, k in stats.histogram.items():
        print(f"{n:5d} {k:10,d} {k / stats.samples:9.4%} {stats.corrected[n]:12.4%}")
    print(f"mean {stats.mean:.3f} (sd {stats.sd:.3f}; {c} CI {lo:.3f} .. {hi:.3f})")
    print(f"corrected mean {stats.corrected_mean:.3f} (sd {stats.corrected_sd:.3f}; "
          f"{c} CI {clo:.3f} .. {chi:.3f}): the real distribution of minimal puzzles, if this "
          f"is a controlled-bias sample")
    if ncells == 81:
        print(f"Berthier 2009 (5,926,343 puzzles): mean {PUBLISHED['cb_mean']}, corrected "
              f"{PUBLISHED['real_mean']}")
    if test:
        print(f"chi-square against {args.against} ({test[0]:,} puzzles): {test[1]:.2f} on "
              f"{test[2]} degrees of freedom, p = {test[3]:.3g}")
    if code:
        print("note: some lines were not puzzles (named above) and were left out",
              file=sys.stderr)
    return code or EXIT_OK
