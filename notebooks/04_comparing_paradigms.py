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
# # Three paradigms side by side
#
# The same uniqueness check, `solve(board, backend, limit=2)`, by the three backends:
#
# - **sat**: the extended CNF in one reused CaDiCaL solver, givens as assumptions;
# - **cpsat**: the all-different model in OR-Tools CP-SAT, one worker;
# - **backtrack**: the pure-Python reference search.
#
# On 50 puzzles of Norvig's hard top95 set and 50 17-clue puzzles (the first 50 of
# `data/royle17_100.txt`). Every solution is checked by `is_solution`, and the three must
# agree. The times are *measured here, when this notebook ran*, on a small shared machine:
# read them as orders of magnitude and ratios, not as benchmarks (`sudoku-cp bench` and
# `benchmarks/` are for that).

# %%
import statistics
from pathlib import Path

import matplotlib.pyplot as plt

from sudoku_cp import is_solution, solve
from sudoku_cp.parse import read_puzzles

DATA = Path("data")  # notebooks run with notebooks/ as the working directory
sets = {
    "top95 (50)": [e.board for e in read_puzzles(DATA / "top95_50.txt")][:50],
    "17-clue (50)": [e.board for e in read_puzzles(DATA / "royle17_100.txt")][:50],
}
BACKENDS = ("sat", "cpsat", "backtrack")
COLOURS = {"sat": "#4c72b0", "cpsat": "#dd8452", "backtrack": "#55a868"}

# %% [markdown]
# Each backend first solves one puzzle untimed: the SAT backend loads its formula into a
# solver and CP-SAT builds its base model once per board shape, and that one-time cost is not
# what we compare.

# %%
for backend in BACKENDS:
    solve(sets["top95 (50)"][0], backend, limit=2)

times = {}  # (set, backend) -> seconds per puzzle
for set_name, boards in sets.items():
    for i, board in enumerate(boards):
        results = {b: solve(board, b, limit=2, time_limit=60) for b in BACKENDS}
        solutions = {r.solution for r in results.values()}
        assert len(solutions) == 1 and is_solution(board, solutions.pop()), (set_name, i)
        assert all(r.count == "1" for r in results.values()), (set_name, i)
        for b, r in results.items():
            times.setdefault((set_name, b), []).append(r.time_s)
print("all", sum(len(b) for b in sets.values()), "puzzles: the three backends agree, each unique")

# %%
print(f"{'set':14} {'backend':10} {'median ms':>10} {'mean ms':>9} {'max ms':>8} {'total s':>8}")
for (set_name, backend), ts in times.items():
    print(f"{set_name:14} {backend:10} {1000 * statistics.median(ts):>10.2f} "
          f"{1000 * statistics.mean(ts):>9.2f} {1000 * max(ts):>8.1f} {sum(ts):>8.2f}")

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 3.8), sharey=True)
for ax, set_name in zip(axes, sets):
    for j, backend in enumerate(BACKENDS):
        ts = [1000 * t for t in times[set_name, backend]]
        xs = [j + 0.25 * ((k * 0.618) % 1 - 0.5) for k in range(len(ts))]  # spread the points
        ax.scatter(xs, ts, s=12, color=COLOURS[backend], alpha=0.7)
        ax.plot([j - 0.3, j + 0.3], [statistics.median(ts)] * 2, color="black")
    ax.set_xticks(range(len(BACKENDS)), BACKENDS)
    ax.set_yscale("log")
    ax.set_title(set_name)
    ax.grid(alpha=0.3, axis="y")
axes[0].set_ylabel("ms per uniqueness check (log)")
fig.suptitle("Time per puzzle (black bar: median)")
fig.tight_layout()
plt.show()

# %% [markdown]
# A **cactus plot** sorts each backend's times and shows how many puzzles it would finish
# within a given time per puzzle: further right and lower is better, and crossing lines mean
# one backend is better on easy puzzles and the other on hard ones.

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 3.8), sharey=True)
for ax, set_name in zip(axes, sets):
    for backend in BACKENDS:
        ts = sorted(1000 * t for t in times[set_name, backend])
        ax.plot(range(1, len(ts) + 1), ts, marker=".", label=backend, color=COLOURS[backend])
    ax.set_yscale("log")
    ax.set_xlabel("puzzles solved")
    ax.set_title(set_name)
    ax.grid(alpha=0.3)
axes[0].set_ylabel("ms per puzzle (sorted)")
axes[0].legend()
fig.tight_layout()
plt.show()

# %%
# The ranking as measured in this run (it can change from run to run on a busy machine).
for set_name in sets:
    order = sorted(BACKENDS, key=lambda b: statistics.median(times[set_name, b]))
    medians = [statistics.median(times[set_name, b]) for b in order]
    ratio = medians[-1] / medians[0]
    print(f"{set_name}: fastest by median {order[0]}, then {order[1]}, then {order[2]} "
          f"({ratio:.0f}x between first and last)")

# %% [markdown]
# ## What the differences mean
#
# - **All three answer the same question and agree**; the differences are in cost, and most
#   of it is not search. A 17-clue puzzle needs almost no search from any of them: unit
#   propagation on the extended encoding, CP-SAT's presolve, and naked plus hidden singles
#   in the backtracker settle most cells (see notebook 01).
# - **sat** pays little per puzzle: the formula is loaded once and each puzzle is a call
#   with the givens as assumptions, plus a second call with a blocking clause to prove
#   uniqueness. Its time is mostly the Python side of those two calls. The solver also
#   keeps what it learnt: a clause learnt on one puzzle follows from the base formula, so
#   it holds for every later puzzle, and the first puzzles of a run tend to be the slowest.
# - **cpsat** has a floor of a few milliseconds per puzzle: the model is copied and presolved
#   on every call, whatever the puzzle. On these 9×9 puzzles that floor dominates; its
#   reasoning is not weaker (after presolve it solves much the same exactly-one formula as
#   the extended CNF, notebook 02).
# - **backtrack** does everything in Python. It is competitive on 17-clue puzzles, where
#   singles do nearly all the work, and falls behind on top95, where it must search
#   (notebook 03).
# - On this shared 2-core machine the times move by tens of percent between runs; a
#   ranking that flips between two runs was a tie. The ratios between orders of magnitude
#   are what to take away.

# %% [markdown]
# ## Three more paradigms: exact cover, 0-1 programming, answer set programming
#
# The literature and the courses that teach Sudoku as a model use three more formulations,
# each with its own classic model. All three are backends with the same interface:
#
# - **dlx**: *exact cover*. Rows are (cell, value) choices; columns are what must be covered
#   exactly once: every cell, and every value in every row, column and box. Knuth's
#   Algorithm X with dancing links picks rows until every column is covered.
# - **mip**: *0-1 integer programming*. Binary x[r,c,v], one linear equality per cell and per
#   value of each house, solved by HiGHS (LP relaxations and branch and bound).
# - **asp**: *answer set programming*. A clingo program: a choice rule per cell, integrity
#   constraints per house; clingo grounds it and its solver clasp searches.
#
# Here is one cell, r1c1 of a 4×4 board, in each of the five models (the backtracker has
# none: it searches the board itself).

# %%
import importlib.util

from sudoku_cp import Board
from sudoku_cp.board import geometry
from sudoku_cp.encode import asp, cnf, cp, exact_cover, mip

g4 = geometry(2, 2)
enc = cnf.encode(g4, "extended")
ids = set(enc.x[0][1:])
print("CNF, clauses that mention r1c1:", sum(1 for cl in enc.cnf.clauses if ids & {abs(l) for l in cl}),
      "of", len(enc.cnf.clauses))
print("    the first:", [cl for cl in enc.cnf.clauses if ids & {abs(l) for l in cl}][0])

cp_model = cp.encode(g4).model
print("CP-SAT, all-different constraints over x[0,0]:",
      sum(1 for c in cp_model.proto.constraints if any(0 in e.vars for e in c.all_diff.exprs)))

matrix = exact_cover.encode(g4)
print("Exact cover, the rows of r1c1 (one per value) and the columns each covers:")
for row in range(4):
    print("   ", matrix.rows[row], [exact_cover.column_label(g4, matrix.columns[c])
                                    for c in matrix.row_columns[row]])

lp_text = mip.to_lp(Board.empty((2, 2)))
print("0-1 program, the constraints on x111 (r1c1 holds 1):")
print("\n".join(line for line in lp_text.splitlines() if " x111 " in line + " " and ":" in line))

print("ASP, the rule that gives every cell one value:")
print([line for line in asp.MODEL.splitlines() if line.startswith("1 {")][0])

# %% [markdown]
# The exact-cover columns and the 0-1 constraints are the same thing read twice: a column
# "value 1 in row 1" is the equality "x111 + x121 + x131 + x141 = 1". The extended CNF says
# it again as clauses (at least one, and at most one by pairs), CP-SAT as one all-different
# per house, and the ASP program as a `#count` constraint per house and value. The whole
# ASP program is short enough to read (it is `models/sudoku.lp`):

# %%
print(asp.MODEL)

# %% [markdown]
# ### The six side by side, with their own statistics
#
# Each paradigm counts its work in its own unit: conflicts for SAT and CP-SAT, nodes for the
# two searches in Python, simplex iterations and branch-and-bound nodes for MIP, choices and
# conflicts for ASP. On the same puzzles (a smaller sample: HiGHS and clingo are slower per
# call from Python):

# %%
SIX = ["sat", "cpsat", "backtrack", "dlx"] + [
    name for name, module in (("mip", "highspy"), ("asp", "clingo"))
    if importlib.util.find_spec(module) is not None]
WORK = {  # the statistic that counts each paradigm's search
    "sat": ("conflicts", "decisions"), "cpsat": ("conflicts", "branches"),
    "backtrack": ("nodes", "backtracks"), "dlx": ("nodes", "updates"),
    "mip": ("simplex_iterations", "nodes"), "asp": ("choices", "conflicts"),
}
sample = {name: boards[:15] for name, boards in sets.items()}
for backend in SIX:
    solve(sample["top95 (50)"][0], backend, limit=2)  # one-time set-up, untimed

six = {}  # (set, backend) -> list of results
for set_name, boards in sample.items():
    for board in boards:
        results = {b: solve(board, b, limit=2, time_limit=60) for b in SIX}
        assert len({r.solution for r in results.values()}) == 1
        assert all(r.count == "1" and is_solution(board, r.solution) for r in results.values())
        for b, r in results.items():
            six.setdefault((set_name, b), []).append(r)

print(f"{'set':14} {'backend':10} {'median ms':>10}   work per puzzle (mean)")
for (set_name, backend), rs in six.items():
    first, second = WORK[backend]
    mean = lambda key: statistics.mean(r.stats[key] for r in rs)
    print(f"{set_name:14} {backend:10} {1000 * statistics.median(r.time_s for r in rs):>10.2f}"
          f"   {first} {mean(first):.1f}, {second} {mean(second):.1f}")

# %%
if "mip" in SIX:
    presolved = sum(r.stats["presolve_solved"] for rs in (six[s, "mip"] for s in sample) for r in rs)
    print(f"mip: HiGHS never ran the simplex method (presolve and probing settled it) on "
          f"{presolved} of {sum(len(b) for b in sample.values())} puzzles")
if "asp" in SIX:
    rs = six["17-clue (50)", "asp"]
    print(f"asp: grounding the 9x9 program once took {1000 * rs[0].stats['ground_once_s']:.1f} ms; "
          f"solving a 17-clue puzzle takes {1000 * statistics.median(r.stats['solve_s'] for r in rs):.2f} ms "
          "(median): grounding once per shape is what makes it cheap")

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 3.8), sharey=True)
colours6 = {**COLOURS, "dlx": "#8172b3", "mip": "#c44e52", "asp": "#937860"}
for ax, set_name in zip(axes, sample):
    for backend in SIX:
        ts = sorted(1000 * r.time_s for r in six[set_name, backend])
        ax.plot(range(1, len(ts) + 1), ts, marker=".", label=backend, color=colours6[backend])
    ax.set_yscale("log")
    ax.set_xlabel("puzzles solved")
    ax.set_title(f"{set_name.split()[0]} ({len(sample[set_name])})")
    ax.grid(alpha=0.3)
axes[0].set_ylabel("ms per uniqueness check (sorted)")
fig.legend(*axes[0].get_legend_handles_labels(), loc="lower center", ncol=len(SIX))
fig.suptitle("Six paradigms, cactus plot")
fig.tight_layout(rect=(0, 0.08, 1, 1))
plt.show()

# %% [markdown]
# ### Reading the statistics side by side
#
# - **dlx nodes** are rows tried; **updates** are links changed while covering, Knuth's
#   measure of the work. The S heuristic (the column with fewest rows left) is naked and
#   hidden singles in one rule, so on 17-clue puzzles most nodes are forced moves.
# - **mip**: HiGHS's presolve and probing fix most variables before any LP is solved; when
#   they settle a puzzle, simplex iterations and branch-and-bound nodes are 0 and the time is
#   the floor of building and presolving the model, twice for the no-good re-solve.
# - **asp choices and conflicts** are clasp's, counted like a SAT solver's decisions and
#   conflicts: the grounded program is close to the extended CNF, and on these puzzles the
#   counts are of the same order as sat's.
# - The times mix search with the cost of crossing from Python into each solver; the
#   counts of work are what each paradigm's search did, and they do not depend on the load
#   of the machine.
