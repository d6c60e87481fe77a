#!/usr/bin/env python3
"""Generated variant puzzles counted to two by sigh's Interactive Sudoku Solver (ISS), headless.

    ISS=/work/peers/iss python3 benchmarks/peers/generated_vs_iss.py --count 200 --seed 1

Makes ``--count`` puzzles with the variant generator (``sudoku_cp.variants.generate``),
taking the ``--variant`` types in turn (every type and ``mixed`` by default), the sizes of
``--sizes`` in turn, and irregular regions (``--jigsaw``) for every fourth round; each
puzzle is confirmed by ``sat`` and ``cpsat`` as the CLI writes it, written as the ISS
string the CLI writes (``iss_write``), and counted to two by one warm ISS process
(``iss_count.mjs``, the runner of ``diff_iss.py``). Puzzle ``K`` is drawn from
``SEED:K`` alone, so ``--only K`` makes it again.

Prints per type: generated, ISS unique (with the generator's solution), ISS not unique
(two solutions or none), other (ISS refused or capped the string, unique with another
solution, or our confirmation failed). Anything but "ISS unique" is a bug: it is shrunk
(items, then the cells of a clue, dropped while ISS and the project's cross-check still
disagree, ``diff_iss.shrink``) and printed, and appended to ``--out`` when given.
Exit 0 when every puzzle is ISS-unique, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import urllib.parse
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))  # this tree's sudoku_cp

from diff_iss import LINK, Iss, shrink  # noqa: E402


def plan(count, types, sizes):
    """``(k, type, size, jigsaw)`` for every puzzle: types in turn, then sizes, jigsaw
    every fourth round."""
    out = []
    for k in range(count):
        rnd = k // len(types)
        out.append((k, types[k % len(types)], sizes[rnd % len(sizes)], rnd % 4 == 3))
    return out


def make(seed, k, kind, size, jigsaw):
    """One puzzle of the plan: ``(iss string or None, solution string, error or None,
    seconds)``; the generator's seed is drawn from ``SEED:K``."""
    from sudoku_cp.errors import SudokuCpError
    from sudoku_cp.variants.generate import make_puzzle
    from sudoku_cp.variants.iss_write import write_iss

    start = time.perf_counter()
    own = random.Random(f"{seed}:{k}").getrandbits(32)
    try:
        made = make_puzzle(own, (kind,), size=size, regions="random" if jigsaw else None)
    except SudokuCpError as exc:
        return None, None, f"{type(exc).__name__}: {exc}", time.perf_counter() - start
    return (write_iss(made.puzzle), "".join(map(str, made.solution)), None,
            time.perf_counter() - start)


def main(argv=None) -> int:
    from sudoku_cp.variants.generate import MIXED, TYPES

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iss", default=os.environ.get("ISS"), help="ISS checkout (or $ISS)")
    ap.add_argument("--count", type=int, default=200, help="puzzles in all (types in turn)")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--types", default=",".join((*TYPES, MIXED)))
    ap.add_argument("--sizes", default="9,6", help="board sizes taken in turn per round")
    ap.add_argument("--workers", type=int, default=2, help="processes that generate")
    ap.add_argument("--time-limit", type=float, default=20.0,
                    help="per paradigm while shrinking, seconds")
    ap.add_argument("--only", type=int, metavar="K", help="make puzzle K alone and show both")
    ap.add_argument("--out", help="JSONL of the puzzles ISS does not find unique (appended)")
    args = ap.parse_args(argv)
    if not args.iss:
        ap.error("give --iss or set ISS to a checkout of sigh/Interactive-Sudoku-Solver")
    types = args.types.split(",")
    sizes = [int(s) for s in args.sizes.split(",")]
    todo = plan(args.count if args.only is None else args.only + 1, types, sizes)
    if args.only is not None:
        todo = todo[args.only:]
    iss = Iss(args.iss)
    started = time.time()
    made, unique, not_unique, other, found = Counter(), Counter(), Counter(), Counter(), []
    gen_s, iss_ms = Counter(), []
    print(f"# {len(todo)} puzzles (seed {args.seed}; types {','.join(types)}; sizes "
          f"{args.sizes}; jigsaw every fourth round)", flush=True)
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(make, args.seed, *job) for job in todo]
        for (k, kind, size, jigsaw), fut in zip(todo, futures):
            text, want, error, seconds = fut.result()
            gen_s[kind] += seconds
            made[kind] += 1
            if error is not None:
                other[kind] += 1
                row = {"k": k, "type": kind, "size": size, "jigsaw": jigsaw, "reason": error}
                found.append(row)
                print(f"NOT MADE {k} ({kind}, {size}x{size}): {error}", flush=True)
                continue
            r = iss.count(text)
            iss_ms.append(r.get("ms") or 0)
            if args.only is not None:
                print(text, "\nISS:", r, "\nours:", want)
            if r["status"] == "unique" and r["all"][0] == want:
                unique[kind] += 1
                continue
            if r["status"] in ("multiple", "no-solution"):
                not_unique[kind] += 1
                reason = f"ISS {r['status']}"
            else:
                other[kind] += 1
                reason = (f"ISS unique with another solution {r['all'][0]}"
                          if r["status"] == "unique" else f"ISS {r['status']}: {r.get('err')}")
            small = shrink(iss, text, args.time_limit) if r["status"] != "error" else text
            row = {"k": k, "type": kind, "size": size, "jigsaw": jigsaw, "reason": reason,
                   "puzzle": text, "shrunk": small,
                   "link": LINK + urllib.parse.quote(small, safe="")}
            found.append(row)
            print(f"NOT UNIQUE IN ISS {k} ({kind}, {size}x{size}): {reason}\n  {text}\n"
                  f"  shrunk: {small}", flush=True)
    iss.close()
    if args.out and found:
        with open(args.out, "a") as f:
            f.writelines(json.dumps(row) + "\n" for row in found)
    print(f"\n{'type':<14}{'generated':>10}{'ISS unique':>11}{'not unique':>11}{'other':>6}"
          f"{'gen s/p':>8}")
    for kind in types:
        print(f"{kind:<14}{made[kind]:>10}{unique[kind]:>11}{not_unique[kind]:>11}"
              f"{other[kind]:>6}{gen_s[kind] / max(made[kind], 1):>8.2f}")
    iss_ms.sort()
    print(f"{'all':<14}{sum(made.values()):>10}{sum(unique.values()):>11}"
          f"{sum(not_unique.values()):>11}{sum(other.values()):>6}")
    if iss_ms:
        print(f"ISS ms per puzzle: median {iss_ms[len(iss_ms) // 2]:.1f}, max {iss_ms[-1]:.1f}; "
              f"{time.time() - started:.0f} s in all")
    return 0 if not found else 1


if __name__ == "__main__":
    sys.exit(main())
