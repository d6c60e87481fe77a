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
# # Sudoku as a CP model: all-different in CP-SAT
#
# Constraint programming states the puzzle almost as it is told: one integer variable per
# cell with domain 1..n, and one **all-different** constraint per house. This notebook builds
# that model for a 4×4 board, one loop per house family, checks it against
# `sudoku_cp.encode.cp`, and then looks at what OR-Tools' CP-SAT does with it: presolve,
# statistics, and a uniqueness check with a solution callback that stops at two solutions.

# %%
from pathlib import Path

import matplotlib.pyplot as plt

from sudoku_cp import Board, is_solution, solve
from sudoku_cp.backends import require
from sudoku_cp.board import geometry
from sudoku_cp.encode.cp import build, encode
from sudoku_cp.parse import read_puzzles

TESTS = Path("..") / "tests" / "data"  # notebooks run with notebooks/ as the working directory
# The OR-Tools module, imported the way the cpsat backend imports it (with advice if missing).
cp_model = require("ortools.sat.python.cp_model", "ortools", "this notebook")

# %%
# Pictures of boards: SVG from sudoku_cp.display (givens bold, solved values blue).
from sudoku_cp.display import picture, side_by_side


# %% [markdown]
# ## The model of a 4×4 board
#
# Cells are `x[r,c]` with domain 1..4. Then one comment and one loop per house family:

# %%
g = geometry(2, 2)
n, br, bc = g.n, g.box_rows, g.box_cols
model = cp_model.CpModel()
# Cells: each takes a value 1..n.
x = {(r, c): model.new_int_var(1, n, f"x[{r},{c}]") for r in range(n) for c in range(n)}
# Rows: the values of a row all differ.
for r in range(n):
    model.add_all_different([x[r, c] for c in range(n)])
# Columns: the values of a column all differ.
for c in range(n):
    model.add_all_different([x[r, c] for r in range(n)])
# Boxes: the values of a box all differ.
for r0 in range(0, n, br):
    for c0 in range(0, n, bc):
        model.add_all_different([x[r0 + r, c0 + c] for r in range(br) for c in range(bc)])


def constraints(model):
    """Each all-different of a model as the set of its variables' names."""
    names = [v.name for v in model.proto.variables]
    return [frozenset(names[e.vars[0]] for e in c.all_diff.exprs) for c in model.proto.constraints]


for house in constraints(model):
    print("all_different(" + ", ".join(sorted(house)) + ")")

# %% [markdown]
# `sudoku_cp.encode.cp.encode` builds the same model with a single loop over
# `geometry.houses` (rows, then columns, then boxes, then any extra houses of a variant), so
# that a variant such as Sudoku-X needs no new code. The two models have the same
# constraints:

# %%
library = encode(g)
assert sorted(map(sorted, constraints(library.model))) == sorted(map(sorted, constraints(model)))
print(len(library.x), "variables,", len(library.model.proto.constraints), "all-different")

# %% [markdown]
# **Givens are domains, not constraints.** `build(board)` narrows each given cell's domain
# to its value, so one base model per board shape serves every puzzle of that shape (the
# backend does this between puzzles).

# %%
board4 = Board.parse("1..." "...2" "..4." ".3..")
model4 = build(board4).model
variables = model4.proto.variables
for cell in range(board4.n):  # the first row
    print(f"{variables[cell].name}: domain {list(variables[cell].domain)}")


# %% [markdown]
# ## What the solver does with it: presolve
#
# CP-SAT does not search on all-different constraints as such. Its **presolve** rewrites the
# model first, and a log callback shows how. On the empty 9×9 board (stopping right after
# presolve), each all-different over 9 cells with 9 values is a *permutation*, and presolve
# **expands** it into one **exactly-one** constraint per value: "value v is in exactly one
# cell of this house", over Boolean literals `x[r,c] == v`. That gives 27 houses × 9 values
# = 243 constraints, the extended SAT encoding's "each value at most once" and "at least
# once" families merged, plus 81 "this cell holds exactly one value": 324, of which presolve
# settles a few more on its own (on an empty board any solution will do, so it may fix some
# choices outright). What is left is close to the extended CNF of notebook 01.

# %%
def presolve(board, enumerate_all=False):
    """The lines of CP-SAT's log that tell what presolve did, and what was left."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.log_search_progress = True
    solver.parameters.log_to_stdout = False
    solver.parameters.stop_after_presolve = True
    solver.parameters.enumerate_all_solutions = enumerate_all
    lines = []
    solver.log_callback = lines.append
    solver.solve(build(board).model)
    wanted = ("#Variables", "#kAllDiff", "#kExactlyOne", "#kLinear", "#kBoolOr", "#kAtMostOne",
              "all_diff: permutation expanded", "Presolved", "Initial")
    return [line.strip() for line in lines if any(w in line for w in wanted)]


empty9 = Board.empty((3, 3))
print("\n".join(presolve(empty9)))

# %% [markdown]
# The backend enumerates solutions (to tell *unique* from *multiple*), and then presolve must
# keep every solution, so it does less: the 243 exactly-one constraints of the houses stay,
# and the 729 Booleans stay tied to the 81 integer variables by enforced linear constraints
# (`b → x == v`, `not b → x != v`), which is how "one value per cell" is kept.

# %%
print("\n".join(presolve(empty9, enumerate_all=True)))

# %% [markdown]
# With givens, presolve's own propagation and probing go much further. On the first top95
# puzzle, one of Norvig's hard ones, presolve alone fixes every cell when a single solution
# is wanted: nothing is left for the search.

# %%
top95 = [entry.board for entry in read_puzzles(TESTS / "top95_sample.txt")]
print("\n".join(presolve(top95[0])))

# %% [markdown]
# ## Statistics of the backend's runs
#
# `solve(board, "cpsat", limit=2)` is a uniqueness check: it asks for up to two solutions.
# Its `Result.stats` carries CP-SAT's own counts: conflicts, branches, the solver's wall time,
# and the Booleans it created.

# %%
hardest = [entry.board for entry in read_puzzles(TESTS / "norvig_hardest.txt")]
solve(top95[0], "cpsat", limit=2)  # warm-up: the first call builds the base model
print(f"{'puzzle':12} {'count':>5} {'conflicts':>9} {'branches':>8} {'booleans':>8} "
      f"{'wall ms':>8} {'total ms':>8}")
stats = []
for label, boards in (("top95", top95), ("hardest", hardest)):
    for i, b in enumerate(boards, 1):
        r = solve(b, "cpsat", limit=2)
        assert r.count == "1" and is_solution(b, r.solution)
        s = r.stats
        stats.append((label, i, s["branches"], 1000 * r.time_s))
        print(f"{label + ' ' + str(i):12} {r.count:>5} {s['conflicts']:>9} {s['branches']:>8} "
              f"{s['booleans']:>8} {1000 * s['wall_time']:>8.1f} {1000 * r.time_s:>8.1f}")

# %%
fig, ax = plt.subplots(figsize=(9, 3))
colours = {"top95": "#c44e52", "hardest": "#4c72b0"}
for i, (label, _, branches, ms) in enumerate(stats):
    ax.bar(i, ms, color=colours[label])
    if branches:
        ax.text(i, ms, f"{branches} branches", ha="center", va="bottom", fontsize=8)
ax.set_xticks(range(len(stats)), [f"{label[0]}{number}" for label, number, _, _ in stats],
              fontsize=7)
ax.set_ylabel("ms per uniqueness check")
ax.set_title("CP-SAT, one worker, this machine (t = top95, h = hardest)")
ax.grid(alpha=0.3, axis="y")
fig.tight_layout()
plt.show()


# %% [markdown]
# Most of these puzzles need no branch at all: presolve and propagation on a model close to
# the extended SAT encoding settle them, and only a few need a real search. The time per
# puzzle is mostly fixed cost (copying and presolving the model, a few milliseconds), which
# is why the CP-SAT backend is slower than the SAT one on easy puzzles, not a sign of weaker
# reasoning.
#
# ## Uniqueness: a solution callback that stops at two
#
# A puzzle has exactly one solution when a search for two finds one and then proves there is
# no other. CP-SAT calls a *solution callback* for every solution it finds while enumerating;
# ours keeps them and calls `stop_search()` at the second, as the OR-Tools sample
# `stop_after_n_solutions_sample_sat.py` does. Enumeration uses one worker: several workers
# can report the same solution twice.

# %%
class StopAt(cp_model.CpSolverSolutionCallback):
    """Collect solutions (tuples of cell values) and stop the search at ``limit``."""

    def __init__(self, cells, limit=2):
        super().__init__()
        self.cells, self.limit, self.solutions = cells, limit, []

    def on_solution_callback(self):
        self.solutions.append(tuple(self.value(v) for v in self.cells))
        if len(self.solutions) >= self.limit:
            self.stop_search()


def count_up_to_two(board):
    enc = build(board)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 30
    callback = StopAt(enc.x)
    status = solver.solve(enc.model, callback)
    return solver.status_name(status), callback.solutions


puzzle = hardest[0]
fewer = puzzle.with_givens([0] + list(puzzle.givens[1:]))  # the first given removed
for label, b in (("a hard puzzle", puzzle), ("its first given removed", fewer)):
    status, found = count_up_to_two(b)
    assert all(is_solution(b, s) for s in found)
    print(f"{label:24} {b.clues} givens: status {status}, {len(found)} solution(s)")

# %% [markdown]
# `OPTIMAL` with one solution means the enumeration finished: the puzzle is unique.
# `FEASIBLE` with two means the callback stopped it: there are at least two. The backend
# reads the statuses the same way (`sudoku_cp/backends/cpsat.py`) and reports `Result.count`:

# %%
print(solve(puzzle, "cpsat", limit=2).count, solve(fewer, "cpsat", limit=2).count)
