"""What a variant certificate costs against the plain check, per puzzle, in CPU seconds.

    python3 benchmarks/bench_certify_variants.py --count 4 --types killer,thermo,xv

Generated 9x9 puzzles (no confirmation while generating: the check timed here is it).
*check*: the cross-check by ``sat`` and ``cpsat``; *certify*: writing the CNF, the solution
and CaDiCaL's proof and checking the proof with ours (numba warmed on one puzzle first).
Every certificate is then verified as ``certify verify`` does.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this tree's sudoku_cp

from sudoku_cp.certify.make import append_record  # noqa: E402
from sudoku_cp.certify.variant import make_variant_certificate  # noqa: E402
from sudoku_cp.certify.verify import verify_directory  # noqa: E402
from sudoku_cp.variants.crosscheck import crosscheck  # noqa: E402
from sudoku_cp.variants.generate import generate  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--types", default="killer,thermo,xv")
    ap.add_argument("--count", type=int, default=4)
    ap.add_argument("--seed", type=int, default=9)
    args = ap.parse_args(argv)
    made = [m for kind in args.types.split(",")
            for m in generate(args.count, (kind,), seed=args.seed, verify=None)]
    warm = tempfile.mkdtemp()
    make_variant_certificate(made[0].puzzle, "unique", [made[0].solution], warm, 0)
    out = tempfile.mkdtemp()
    print(f"{'type':14} {'check s':>8} {'certify s':>9} {'proof KB':>8}")
    ratios = []
    for i, m in enumerate(made, 1):
        t = time.process_time()
        report = crosscheck(m.puzzle, ["sat", "cpsat"])
        check = time.process_time() - t
        assert report.verdict.value == "unique"
        t = time.process_time()
        rec = make_variant_certificate(m.puzzle, "unique", [m.solution], out, i)
        cert = time.process_time() - t
        append_record(out, rec)
        ratios.append(cert / check)
        print(f"{m.types[0]:14} {check:8.3f} {cert:9.3f} {rec['sizes']['proof'] / 1000:8.1f}",
              flush=True)
    held = [v.ok for v in verify_directory(out)]
    print(f"median certify/check: {statistics.median(ratios):.2f}; "
          f"{sum(held)} of {len(held)} certificates verified")
    return 0 if all(held) else 3


if __name__ == "__main__":
    raise SystemExit(main())
