"""Minimal killer sudokus on 6×6 (2×3 boxes, no givens), searched exactly: spaanse's claims.

    nice python3 benchmarks/minimal_killer_6x6.py [--cells 8 9] [--paradigms sat cpsat]

spaanse/minimal-killer-sudoku states that no killer whose cages cover 8 cells has a unique
solution, that none with 3 cages covering 9 cells has one, and that exactly six 9-cell
ones exist up to permuting rows and columns, all on one configuration, with the sum
tuples of ``README_TUPLES``. This runs ``sudoku_cp.research.minimal_killer.search`` for
each number of covered cells, prints its figures per multiset of cage sizes, checks every
unique puzzle it finds with two variant paradigms (``variants.crosscheck``, each solution
verified by ``variants.rules``), and sets the Readme's configuration and tuples beside the
result: a tuple that differs is printed with what the paradigms say of it. Exit 1 when a
paradigm disagrees with the search.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's sudoku_cp

#: The Readme's configuration ("2 8 | 9 14 15 | 18 24 | 22 28", cells in reading order
#: from 0) and its six sum tuples, in the order of those cages (the first is the image's).
README_CAGES = ((2, 8), (9, 14, 15), (18, 24), (22, 28))
README_TUPLES = ((3, 7, 11, 8), (4, 6, 11, 9), (4, 6, 10, 9),
                 (11, 14, 6, 3), (10, 15, 3, 5), (10, 15, 4, 5))


def main(argv=None) -> int:
    from sudoku_cp.research import minimal_killer as mk
    from sudoku_cp.research.count import count_grids
    from sudoku_cp.variants.crosscheck import crosscheck

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", type=int, nargs="+", default=[8, 9])
    parser.add_argument("--paradigms", nargs="+", default=["sat", "cpsat"])
    args = parser.parse_args(argv)
    if not all(2 <= c <= mk.MAX_CELLS for c in args.cells):
        parser.error(f"--cells takes numbers from 2 to {mk.MAX_CELLS}")
    start = perf_counter()
    box = (2, 3)
    grids = mk.base_grids(box)
    total = len(grids) * 720
    print(f"grids: {len(grids):,} with first row 1..6 (fast backend) x 720 relabellings = "
          f"{total:,}; count_grids says {count_grids(box).count:,}")
    bad = 0

    def confirm(cages, sums, solution=None):
        """The paradigms' verdict, and whether it agrees with the search: unique with the
        same solution, or (``solution`` None: the search found the tuple not unique) not."""
        report = crosscheck(mk.as_variant(cages, sums), args.paradigms)
        verdict = report.verdict.value
        if solution is None:
            return verdict, verdict in ("multiple", "none")
        return verdict, verdict == "unique" and tuple(report.solution) == tuple(solution)

    found = {}
    for cells in args.cells:
        print(f"\n{cells} cells: sizes, configurations, without twin lines, orbits, "
              "passing the symbolic filter, unique puzzles (orbits)")
        result = mk.search(box, cells, grids=grids, progress=lambda r: print(
            f"  {'+'.join(map(str, r.sizes)):8} {r.configurations:>10,} {r.no_twins:>9,} "
            f"{r.orbits:>7,} {r.symbolic:>4} {len(r.puzzles):>4}", flush=True))
        by_cages = {}
        for r in result.by_sizes:
            by_cages[len(r.sizes)] = by_cages.get(len(r.sizes), 0) + len(r.puzzles)
        print(f"  unique puzzles by number of cages: {by_cages}; "
              f"search {result.time_s:.1f} s")
        for p in result.puzzles:
            verdict, agree = confirm(p.cages, p.sums, p.solution)
            bad += not agree
            print(f"  {p.to_text()}  solution {''.join(map(str, p.solution))}  "
                  f"{'+'.join(args.paradigms)}: {verdict}{'' if agree else '  DISAGREES'}")
        found[cells] = result

    if 9 in found:
        print("\nThe Readme's configuration " + " | ".join(" ".join(map(str, c))
                                                      for c in README_CAGES))
        forms = {mk.canonical_form(p.cages, box) for p in found[9].puzzles}
        same = forms == {mk.canonical_form(README_CAGES, box)}
        print(f"  the search's unique puzzles all lie on it up to row and column moves: {same}")
        ours = mk.unique_tuples(README_CAGES, box, grids)
        sizes = [len(c) for c in README_CAGES]
        mirrored = {tuple(7 * m - x for m, x in zip(sizes, sums)) for sums in ours}
        print(f"  its unique sum tuples: {len(ours)}; the same set after the complement "
              f"(each value v to 7 - v): {mirrored == set(ours)}")
        for sums in sorted(set(ours) | set(README_TUPLES)):
            where = ("both" if sums in ours and sums in README_TUPLES
                     else "Readme only" if sums in README_TUPLES else "search only")
            verdict, agree = confirm(README_CAGES, sums, ours.get(sums))
            bad += not agree
            line = (f"  {'/'.join(map(str, sums)):12} {where:12} "
                    f"{'+'.join(args.paradigms)}: {verdict}")
            if where != "both":
                line += "   puzzle: " + mk.Puzzle(README_CAGES, sums, ()).to_text()
            print(line)
    print(f"\nwall time {perf_counter() - start:.1f} s; paradigm disagreements: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
