"""What a variant certificate costs against the plain check, per puzzle, in CPU seconds.

    python3 benchmarks/bench_certify_variants.py --count 4 --types killer,thermo,xv
    python3 benchmarks/bench_certify_variants.py --shared --time-limit 30

Generated 9x9 puzzles (no confirmation while generating: the check timed here is it), or
with ``--shared`` the shared variant puzzles (``../shared/data/variants``: ISS examples
and f-puzzles; those the check does not settle as unique are counted apart).
*check*: the cross-check by ``--paradigms`` (default ``sat`` and ``cpsat`` for generated
puzzles, ``check``'s default paradigms for the shared ones); *certify*: writing the CNF,
the solution and CaDiCaL's proof and checking the proof with ours (numba warmed on one
puzzle first). Every certificate is then verified as ``certify verify`` does. Prints
the median and the total of certify/check (the target: at most 5).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this tree's sudoku_cp

from sudoku_cp.certify.make import append_record  # noqa: E402
from sudoku_cp.certify.variant import make_variant_certificate  # noqa: E402
from sudoku_cp.certify.verify import verify_directory  # noqa: E402
from sudoku_cp.variants.crosscheck import DEFAULT_PARADIGMS, crosscheck  # noqa: E402
from sudoku_cp.variants.generate import generate  # noqa: E402

SHARED = ROOT.parent / "shared" / "data" / "variants"


def shared_puzzles(folder):
    """``(name, puzzle)`` of every shared variant puzzle the project reads."""
    from sudoku_cp.variants.formats import read_entry

    out, refused = [], []
    for path in sorted(Path(folder).glob("*.jsonl")):
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            entry = read_entry(line)
            (refused if entry.error else out).append((entry.ident or path.stem, entry.puzzle))
    return out, refused


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--types", default="killer,thermo,xv")
    ap.add_argument("--count", type=int, default=4)
    ap.add_argument("--seed", type=int, default=9)
    ap.add_argument("--shared", nargs="?", const=str(SHARED), metavar="DIR",
                    help=f"the shared variant puzzles instead (default {SHARED})")
    ap.add_argument("--paradigms", help="comma-separated (see above for the default)")
    ap.add_argument("--time-limit", type=float, help="per paradigm, seconds")
    args = ap.parse_args(argv)
    if args.shared:
        made, refused = shared_puzzles(args.shared)
        paradigms = args.paradigms.split(",") if args.paradigms else list(DEFAULT_PARADIGMS)
        print(f"# {len(made)} shared puzzles read, {len(refused)} refused; check by "
              f"{','.join(paradigms)}")
    else:
        made = [(m.types[0], m.puzzle) for kind in args.types.split(",")
                for m in generate(args.count, (kind,), seed=args.seed, verify=None)]
        paradigms = args.paradigms.split(",") if args.paradigms else ["sat", "cpsat"]
    warm = tempfile.mkdtemp()
    small = next(generate(1, ("thermo",), size=4, seed=0, verify=None))  # (not timed)
    make_variant_certificate(small.puzzle, "unique", [small.solution], warm, 0)
    out = tempfile.mkdtemp()
    print(f"{'puzzle':24} {'check s':>8} {'certify s':>9} {'ratio':>6} {'proof KB':>8}")
    ratios, checks, certs, unsettled = [], 0.0, 0.0, []
    for i, (name, puzzle) in enumerate(made, 1):
        t = time.process_time()
        report = crosscheck(puzzle, paradigms, time_limit=args.time_limit)
        check = time.process_time() - t
        if report.verdict.value != "unique":
            unsettled.append(f"{name}: {report.verdict.value}")
            continue
        t = time.process_time()
        rec = make_variant_certificate(puzzle, "unique", report.solutions, out, i)
        cert = time.process_time() - t
        append_record(out, rec)
        ratios.append(cert / check)
        checks, certs = checks + check, certs + cert
        print(f"{name[:24]:24} {check:8.3f} {cert:9.3f} {cert / check:6.2f} "
              f"{rec['sizes']['proof'] / 1000:8.1f}", flush=True)
    held = [v.ok for v in verify_directory(out)]
    print(f"certify/check: median {statistics.median(ratios):.2f}, max {max(ratios):.2f}, "
          f"total {certs:.1f} s / {checks:.1f} s = {certs / checks:.2f}; "
          f"{sum(held)} of {len(held)} certificates verified; not unique or not settled "
          f"(no certificate timed): {len(unsettled)}")
    for line in unsettled:
        print("  ", line)
    return 0 if all(held) else 3


if __name__ == "__main__":
    raise SystemExit(main())
