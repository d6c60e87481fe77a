# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # What the literature says, reproduced
#
# Four famous results about Sudoku, each computed live here (or, where it takes minutes,
# quoted from a documented run in `docs/research.md` with the command that produced it):
#
# 1. **How many grids?** 288 for 4×4, 28,200,960 for 6×6, 29,136,487,207,403,520 for 8×8
#    (2×4 boxes), and Felgenhauer and Jarvis's 6,670,903,752,021,072,936,960 for 9×9.
# 2. **Estimating what cannot be counted**: Knuth's random paths, with a confidence interval.
# 3. **When are two puzzles the same puzzle?** Minlex canonical forms.
# 4. **How many clues does a minimal puzzle have?** Berthier's controlled-bias generator and
#    his correction into the real distribution (mean about 26.58, not the 24.4 of a
#    top-down generator).
#
# The compiled code needs numba (`pip install "sudoku-cp[fast]"`).

# %%
import math
import random
from pathlib import Path

from sudoku_cp import Board
from sudoku_cp.parse import read_puzzles
from sudoku_cp.research.canon import canon, canon_with_map, dedupe, random_transform
from sudoku_cp.research.cbias import (PUBLISHED, clue_stats, controlled_bias,
                                      correction_factors, histogram_stats)
from sudoku_cp.research.count import count_grids
from sudoku_cp.research.estimate import estimate_count

DATA = Path("data")  # notebooks run with notebooks/ as the working directory
TESTS = Path("..") / "tests" / "data"

# %% [markdown]
# ## 1. Counting grids exactly
#
# A complete grid is a solution of the empty board. Enumerating them all is hopeless past
# 6×6, so the count uses symmetries: relabelling fixes the first row (× n!), the first band
# falls into a few classes under column permutations that keep the stacks, and the lower
# rows are enumerated only in one canonical order of their first column (× a known factor).

# %%
for box in [(2, 2), (2, 3), (3, 2)]:
    result = count_grids(box)
    print(f"{box[0]}x{box[1]} boxes: {result.count:,} grids "
          f"({result.band_classes} first-band classes of {result.first_bands}, "
          f"lower-row factor {result.factor}) in {result.time_s:.3f} s")

# %% [markdown]
# The 8×8 count takes minutes on a shared machine (`docs/research.md`: 500 s of wall time,
# 153 s of CPU), and matches the published 29,136,487,207,403,520. 9×9 is out of reach of
# this enumeration; Felgenhauer and Jarvis needed band classes and hours of compiled search.

# %% [markdown]
# ## 2. Estimating a count: Knuth's random paths
#
# Walk one random path down the search tree (the cell with the fewest candidates, a
# candidate chosen uniformly) and multiply the candidate counts met; a dead end scores 0.
# The mean score is exactly the number of solutions. Many paths give an estimate and a
# confidence interval — never an exact count.

# %%
EXACT = {(2, 2): 288, (2, 3): 28_200_960, (2, 4): 29_136_487_207_403_520,
         (3, 3): 6_670_903_752_021_072_936_960}
for box, exact in EXACT.items():
    e = estimate_count(Board.empty(box), samples=20_000, seed=1)
    print(f"{box[0]}x{box[1]}: {e.text()}; exact {exact:.4e}, "
          f"{'inside' if e.contains(exact) else 'OUTSIDE'} the interval, "
          f"off by {100 * (e.mean / exact - 1):+.2f}%")

# %% [markdown]
# A 95% interval misses the true count about one time in twenty, and here the 4×4 one does
# (with seed 1; seeds 2 to 10 all hold it): an interval, not a guarantee.
#
# The same estimator answers "about how many solutions" for a puzzle with too many to
# count; with givens it also places hidden singles before each choice (a forced move keeps
# every solution, so the mean is unchanged and far fewer paths die).

# %%
puzzle = Board.parse(
    "41..6........5..4.......31...5..7....9..........912..82...4.57.......68.....7..9.")
print(estimate_count(puzzle, samples=20_000, seed=3).text(), "- exhaustive search: 2,842")

# %% [markdown]
# ## 3. The same puzzle: minlex canonical forms
#
# Relabel the values, permute rows inside a band, bands, columns inside a stack, stacks,
# transpose: the puzzle is the same. Its **minlex form** is the smallest image read row by
# row (an empty cell before every value). Equal forms, same puzzle.

# %%
royle = [e.board for e in read_puzzles(DATA / "royle17_100.txt")]
board = royle[0]
rng = random.Random(2026)
moved = Board.from_values(list(random_transform((3, 3), rng).apply(board.givens)))
print("puzzle: ", board.to_text())
print("moved:  ", moved.to_text())
print("forms:  ", canon(board).to_text())
print("        ", canon(moved).to_text())
form, transform, automorphisms = canon_with_map(board)
print("the map from the puzzle to its form:", transform.apply(board.givens) == form,
      "| automorphisms:", automorphisms)

# %%
copies = royle + [Board.from_values(list(random_transform((3, 3), rng).apply(b.givens)))
                  for b in royle[:30]]
result = dedupe(copies)
print(f"{result.total} puzzles (100 of Royle's, 30 of them moved again): "
      f"{result.distinct} distinct")

# %% [markdown]
# On the whole collection (`sudoku-cp canon -f royle_17_clue.txt --dedupe`,
# `docs/research.md`): 49,158 puzzles, 49,158 distinct.
#
# ## 4. How many clues does a minimal puzzle have?
#
# A top-down generator digs clues out until none can go: it favours few clues, by an
# unknown bias. Berthier's **controlled-bias** generator deletes clues in a random order,
# and at the first deletion that breaks uniqueness it puts the clue back and keeps the
# puzzle only if it is minimal, else throws the whole try away. A minimal n-clue puzzle then
# comes out with probability 1/C(81, n): the bias is known, and the correction factor
# cf(n) = C(81, n) turns a sample into the real distribution.
#
# The law can be seen on a 4×4 grid, where every minimal puzzle can be counted. First a
# sample of 2,000 from one grid:

# %%
grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
sample = controlled_bias(2000, box=(2, 2), seed=11, grid=grid, batch=5000)
drawn = clue_stats([sum(1 for v in p if v) for p in sample.puzzles]).histogram
print(f"{len(sample.puzzles)} puzzles from one 4x4 grid in {sample.tries:,} tries:", drawn)

# %% [markdown]
# Now count every minimal puzzle of that grid. A set of cells keeps the solution unique
# when none of the other 287 grids agrees with it on all of them, and it is minimal when
# taking away any one of its cells loses that. The law says an n-clue minimal puzzle comes
# out in proportion to M(n)/C(16, n), M(n) being how many there are, and the sample above
# should follow that.

# %%
from sudoku_cp import solve

others = [s for s in solve(Board.empty((2, 2)), "backtrack", limit=1000).solutions
          if list(s) != grid]
unique = [True] * (1 << 16)  # indexed by a set of cells as a bitmask
for other in others:
    agree = sum(1 << c for c in range(16) if other[c] == grid[c])
    subset = agree
    while True:  # every subset of the cells where the two grids agree leaves both open
        unique[subset] = False
        if subset == 0:
            break
        subset = (subset - 1) & agree
M = {n: 0 for n in range(17)}  # minimal puzzles by clue count
for cells in range(1 << 16):
    if unique[cells] and not any(unique[cells & ~(1 << c)] for c in range(16) if cells >> c & 1):
        M[bin(cells).count("1")] += 1
M = {n: m for n, m in M.items() if m}
weight = {n: m / math.comb(16, n) for n, m in M.items()}
print("minimal puzzles of the grid, by clues:", M)
for n, w in weight.items():
    print(f"{n} clues: law {w / sum(weight.values()):.3f}, "
          f"sample {drawn.get(n, 0) / len(sample.puzzles):.3f}")

# %% [markdown]
# Berthier's factors (normalised to cf(26) = 1) and his own histogram of 5,926,343 puzzles:

# %%
print({n: round(f, 4) for n, f in correction_factors(range(22, 31)).items()})
BERTHIER = {20: 2, 21: 164, 22: 6651, 23: 110103, 24: 704089, 25: 1814413, 26: 2002349,
            27: 1007700, 28: 247259, 29: 31449, 30: 2088, 31: 74, 32: 2}
stats = histogram_stats(BERTHIER)
print(f"controlled-bias mean {stats.mean:.3f} (published {PUBLISHED['cb_mean']}), "
      f"corrected {stats.corrected_mean:.3f} (published {PUBLISHED['real_mean']})")

# %%
import matplotlib.pyplot as plt

clues = list(stats.histogram)
fig, ax = plt.subplots(figsize=(7, 3))
ax.bar([n - 0.2 for n in clues], [k / stats.samples for k in stats.histogram.values()],
       width=0.4, label="controlled-bias sample")
ax.bar([n + 0.2 for n in clues], list(stats.corrected.values()), width=0.4,
       label="corrected: real minimal puzzles")
ax.set_xlabel("clues")
ax.set_ylabel("share")
ax.legend()
plt.show()

# %% [markdown]
# The generator is slow by nature — Berthier's files hold one minimal 9×9 puzzle per
# 254,113 tries; the run in `docs/research.md` gives this machine's rate. A few 9×9 tries:

# %%
run = controlled_bias(1, seed=5, batch=20_000, time_limit=5)
print(f"{run.tries:,} tries in {run.time_s:.1f} s ({run.tries / run.time_s:,.0f}/s): "
      f"{len(run.puzzles)} minimal puzzle(s)")
