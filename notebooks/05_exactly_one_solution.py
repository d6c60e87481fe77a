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
# # Exactly one solution
#
# A proper puzzle has **exactly one solution**. Checking that needs more than solving: after
# finding a solution, the solver must prove there is no other. Every backend does it the same
# way, `solve(board, backend, limit=2)`: look for up to two solutions. One found and the search
# *exhausted*: unique. Two found: not unique, and the second is a *witness*. This notebook
# checks uniqueness, looks at a puzzle with two solutions, and generates and grades a unique
# puzzle.

# %%
from pathlib import Path

from sudoku_cp import Verdict, crosscheck, is_solution, solve
from sudoku_cp.board import cell_name
from sudoku_cp.generate import generate
from sudoku_cp.grade import grade
from sudoku_cp.parse import read_puzzles

TESTS = Path("..") / "tests" / "data"  # notebooks run with notebooks/ as the working directory
puzzles = [e.board for e in read_puzzles(TESTS / "17clue_sample.txt")]

# %%
# Pictures of boards: SVG from sudoku_cp.display (givens bold, solved values blue).
from sudoku_cp.display import picture, side_by_side


# %% [markdown]
# ## A uniqueness check
#
# `Result.count` tells what is known: `'1'` (one solution, search exhausted), `'2+'` (the
# limit was reached), `'0'`, or `'?'` after a time limit. The cross-checker runs all three
# backends with `limit=2`, checks every solution with `is_solution`, and gives one verdict.

# %%
board = puzzles[0]
for backend in ("sat", "cpsat", "backtrack"):
    r = solve(board, backend, limit=2)
    print(f"{backend:10} count {r.count:3} exhausted {r.exhausted}  {1000 * r.time_s:6.1f} ms")
report = crosscheck(board)
print("verdict:", report.verdict.value)
picture(board, report.solution, title=f"{board.clues} givens, unique")

# %% [markdown]
# ## A puzzle with two solutions
#
# A 17-clue puzzle is *minimal*: remove any given and it has more than one solution. Removing
# the last given of the first one gives a 16-clue board, and the cross-checker returns the
# verdict `multiple` with two distinct, valid solutions as its witness:

# %%
last = max(c for c, v in enumerate(board.givens) if v)
fewer = board.with_givens([0 if c == last else v for c, v in enumerate(board.givens)])
report = crosscheck(fewer)
print("removed:", cell_name(last, fewer.n), "=", board.givens[last])
print("verdict:", report.verdict.value, " claims:", report.claims)
assert report.verdict is Verdict.MULTIPLE
first, second = report.solutions
assert first != second and is_solution(fewer, first) and is_solution(fewer, second)
differ = [c for c in range(fewer.geometry.ncells) if first[c] != second[c]]
print(f"the two solutions differ in {len(differ)} cells:",
      ", ".join(f"{cell_name(c, fewer.n)} ({first[c]}/{second[c]})" for c in differ))
side_by_side(picture(fewer, first, "solution 1", highlight=differ),
             picture(fewer, second, "solution 2", highlight=differ))

# %% [markdown]
# The highlighted cells can swap their values without breaking any house: each value
# involved appears an even number of times among them in every row, column and box it
# touches (a *deadly pattern* when it is a rectangle of four cells). How many solutions does
# the 16-clue board have? The SAT backend can go on enumerating, with blocking clauses:

# %%
r = solve(fewer, "sat", limit=10_000, time_limit=60)
print(f"{len(r.solutions)} solutions, exhausted: {r.exhausted} (count {r.count})")
assert all(is_solution(fewer, s) for s in r.solutions)

# %% [markdown]
# ## Generating a unique puzzle
#
# `sudoku_cp.generate.generate` fills a random full grid, then removes givens in random order,
# keeping each removal only while the puzzle stays unique, and before it hands the puzzle
# over has it confirmed unique by two backends of different paradigms (`fast` and `sat`
# when numba is installed; `verified` names them). Below, the cross-checker confirms it
# once more. Everything random comes from `seed`: the same seed gives the same puzzle.

# %%
made = next(generate(1, seed=2024))
again = next(generate(1, seed=2024))
assert made.board == again.board
print(f"{made.clues} givens, level {made.level}, minimal: {made.minimal}")
print(f"its own seed (drawn from 2024): {made.seed}")
print("confirmed unique by:", ", ".join(made.verified))
print(made.board.to_text())
assert crosscheck(made.board).verdict is Verdict.UNIQUE
side_by_side(picture(made.board, title="generated, seed 2024"),
             picture(made.board, made.solution, title="its solution"))

# %% [markdown]
# ## Grading it
#
# `sudoku_cp.grade.grade` solves the puzzle the way a person would, always with the easiest
# technique that makes progress (singles, locked candidates, subsets, fish, wings, chains,
# forcing chains, and real trial and error when nothing else applies). The rating is the
# hardest step's score on Sudoku Explainer's scale and the level its band (notebook 06
# follows a hard puzzle step by step). Beside it, the reference backtracker's search nodes.

# %%
rating = grade(made.board)
print("rating:", rating.rating, " level:", rating.level, " hardest:", rating.hardest,
      " solved by logic:", rating.solved_by_logic, " backtracker nodes:", rating.nodes)
for technique, times in rating.techniques.items():
    print(f"  {technique:14} {times:3}")

# %% [markdown]
# The same works for other box shapes. A 6×6 puzzle (boxes of 2×3) with a clue pattern that
# is symmetric under a half turn:

# %%
small = next(generate(1, box=(2, 3), symmetry="rot180", seed=7))
print(f"{small.clues} givens, level {small.level}:", grade(small.board).techniques)
side_by_side(picture(small.board, title="6x6, rot180"),
             picture(small.board, small.solution, title="its solution"))
