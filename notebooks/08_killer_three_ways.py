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
# # Modelling killer sudoku three ways
#
# A **killer cage** is a group of cells drawn with a dashed border and, usually, a small
# number in its corner. Its rule, as `sudoku_cp.variants.KillerCage` states it:
# *the values in the cage differ and, when a total is given, sum to the total.* A killer
# sudoku is a grid of such cages, often with no given at all.
#
# The cage is where the paradigms part ways. On the classic grid everything is
# all-different, and a SAT solver, CP-SAT and a search with naked and hidden singles end up
# doing much the same thing. A sum over distinct values is arithmetic, and each paradigm
# has to say it in its own language:
#
# - **sat**: Boolean variables "cell holds value" and clauses; the sum becomes clauses over
#   the *allowed combinations* of distinct values;
# - **cpsat**: one integer variable per cell, a native linear equality and an all-different,
#   plus the same combinations as Boolean choices (CP-SAT's own reasoning on the sum alone
#   was too weak on a killer with no givens);
# - **witness**: the project's handwritten search, with a propagator that keeps only the
#   values of some fitting set of distinct values, and sum bounds for large cages.
#
# Each one is shown on one small cage of a real puzzle, then the three solve the same
# puzzle, every answer is checked by the independent checker (`check_solution`, which
# shares no code with any of them), and they are compared on the shared killer puzzles.

# %%
import json
import statistics
from itertools import combinations
from pathlib import Path

import matplotlib.pyplot as plt

from sudoku_cp.variants import KillerCage, VariantPuzzle, check_solution, solve
from sudoku_cp.variants.formats import read_entry
from sudoku_cp.variants.picture import to_svg

DATA = Path("data")  # notebooks run with notebooks/ as the working directory
entries = [read_entry(line) for line in (DATA / "killer_variants.jsonl").read_text().splitlines()
           if line.strip() and not line.startswith("#")]
records = [json.loads(e.text) for e in entries]
print(len(entries), "puzzles:", ", ".join(r["id"] for r in records))

# %% [markdown]
# ## The puzzle: "Cages & sums"
#
# An example puzzle of sigh's Interactive Sudoku Solver (MIT), 29 cages and no given. In
# Jupyter a `VariantPuzzle` shows itself as a picture (`_repr_svg_`): cages dashed, with
# their sums.

# %%
entry = entries[0]
puzzle = entry.puzzle
print(records[0]["title"], "-", records[0]["source"])
cages = [c for c in puzzle.constraints if isinstance(c, KillerCage)]
print(len(cages), "cages;", len(puzzle.givens), "givens; cage sizes:",
      sorted({len(c.cells) for c in cages}))
puzzle

# %% [markdown]
# A cage of two cells summing to 6 can hold {1, 5} or {2, 4}, never {3, 3}: the values
# differ. The fitting sets of distinct values are the heart of all three encodings.

# %%
cage = next(c for c in cages if len(c.cells) == 2 and c.total == 6)
names = [puzzle.cell_name(x) for x in cage.cells]
print("cage", names, "total", cage.total)
for size, total in ((2, 6), (3, 15), (4, 27)):
    sets = [s for s in combinations(range(1, 10), size) if sum(s) == total]
    print(f"{size} cells summing to {total}: {len(sets)} sets", sets[:6], "..." if len(sets) > 6 else "")

# %% [markdown]
# ## 1. CNF: clauses over the allowed combinations
#
# `sudoku_cp.variants.encode_cnf` builds the formula and never solves it. Variables come from
# PySAT's `IDPool`, keyed by meaning: `(row, col, value)` for "cell holds value", and
# `("cage", k, set)` for "cage k uses this set". To see the clauses of one cage alone, encode
# a 9×9 grid with that cage and take away the clauses of the empty grid.
#
# The clauses say: exactly one set is chosen; a chosen set confines each cell to its values
# and puts each of its values in some cell; a value in a cell needs a chosen set holding it
# (a unit clause when no set holds it); and the values differ (at most one cell per value).
# Here the two cells share a column, so the clauses saying they differ are the column's own
# and the cage adds none.

# %%
from sudoku_cp.variants.encode_cnf import encode as encode_cnf

one_cage = VariantPuzzle(9, constraints=(cage,))
enc = encode_cnf(one_cage)
base = {tuple(c) for c in encode_cnf(VariantPuzzle(9)).clauses}
cage_clauses = [c for c in enc.clauses if tuple(c) not in base]


def literal(lit):
    key = enc.pool.obj(abs(lit))
    if key[0] == "cage":
        words = f"set{set(key[2])}"
    else:
        r, c, v = key
        words = f"R{r + 1}C{c + 1}={v}"
    return words if lit > 0 else "¬" + words


def family(clause):
    """Which of the cage's clause families a clause belongs to."""
    keys = [enc.pool.obj(abs(x)) for x in clause]
    is_set = [k[0] == "cage" for k in keys]
    if all(is_set):
        return "exactly one set"
    if len(clause) == 2 and not any(is_set):
        return "the values differ"
    if clause[0] < 0 and is_set[0]:
        cells = {k[:2] for k in keys[1:]}
        return "a chosen set confines a cell" if len(cells) == 1 else "a chosen set's value is in some cell"
    return "a cell's value needs a chosen set holding it"


print(len(cage_clauses), "clauses for this cage, by family (count, then one example):")
seen = {}
for clause in cage_clauses:
    seen.setdefault(family(clause), []).append(clause)
for name, group in seen.items():
    print(f"  {name:45} {len(group):3}   " + " ∨ ".join(literal(x) for x in group[0]))
print("units among them (values no set holds):",
      ", ".join(literal(c[0]) for c in cage_clauses if len(c) == 1))

# %% [markdown]
# The other road is a *partial-sum* encoding, the one the project uses for sums whose values
# may repeat (little killers, arrows): a state variable per reachable partial sum, layer by
# layer, with forward and support clauses. Both encodings are in the code (`cage="sums"`); the
# combinations are the default because they were faster on the shared set (docs/variants.md).
# Their sizes on the whole puzzle:

# %%
for how in ("combinations", "sums"):
    e = encode_cnf(puzzle, how)
    print(f"{how:13} {e.nv:6} variables {len(e.clauses):7} clauses")

# %% [markdown]
# ## 2. CP-SAT: a linear sum and an all-different
#
# `sudoku_cp.variants.encode_cp` builds an OR-Tools `CpModel` with one integer variable
# `x[r,c]` per cell (0-based names). A cage is `AddAllDifferent` and a linear equality; then,
# as in the CNF, one Boolean per fitting set, each enforcing a domain on the cells. Here are
# the constraints the cage adds, read back from the model's protocol buffer (a negative
# reference is a negated literal).

# %%
from sudoku_cp.variants.encode_cp import encode as encode_cp

cp = encode_cp(one_cage)
proto = cp.model.Proto()
houses = len(one_cage.houses())


def ref(r):
    return proto.variables[r].name if r >= 0 else "¬" + proto.variables[-r - 1].name


def domain(d):
    big = 2 ** 62
    parts = [f"{a}" if a == b else f"{'-∞' if a < -big else a}..{'∞' if b > big else b}"
             for a, b in zip(d[::2], d[1::2])]
    return "{" + ", ".join(parts) + "}"


def show(con):
    if con.has_all_diff():
        text = "AllDifferent(" + ", ".join(ref(e.vars[0]) for e in con.all_diff.exprs) + ")"
    elif con.has_linear():
        lin = con.linear
        terms = " + ".join(ref(v) if k == 1 else f"{k}·{ref(v)}" for v, k in zip(lin.vars, lin.coeffs))
        text = f"{terms} ∈ {domain(list(lin.domain))}"
    elif con.has_exactly_one():
        text = "ExactlyOne(" + ", ".join(map(ref, con.exactly_one.literals)) + ")"
    elif con.has_bool_or():
        text = "Or(" + ", ".join(map(ref, con.bool_or.literals)) + ")"
    else:
        text = str(con).split()[0]
    guard = list(con.enforcement_literal)
    return ("if " + " and ".join(map(ref, guard)) + ": " if guard else "") + text


print(len(proto.constraints) - houses, "constraints for this cage; the first ones:")
for i in range(houses, houses + 8):
    print("  " + show(proto.constraints[i]))

# %% [markdown]
# The `is[cell,value]` Booleans are channelled to the integer variables (`x = v` exactly
# when the Boolean holds); they let a set say "my value 5 is in one of the cells".
#
# ## 3. The witness: a propagator per rule
#
# The witness shares nothing with the two encoders. A cell's candidates are a bitmask (bit
# `v` set while `v` is possible); each constraint becomes propagators, objects with a
# `run(masks, changed)` that narrows masks or reports a contradiction. A cage becomes an
# all-different and a `DistinctSum`: keep only values that belong to some fitting set that
# every cell can still take part in. (With more than 2,000 fitting sets, on big boards, it
# falls back to sum bounds: the smallest and largest sums the other cells can still reach.)

# %%
from sudoku_cp.variants.witness_build import build


def values(mask):
    return {v for v in range(mask.bit_length()) if mask >> v & 1}


masks, props = build(one_cage)
distinct_sum = next(p for p in props if type(p).__name__ == "DistinctSum")
a, b = cage.cells
print("before:", {names[0]: values(masks[a]), names[1]: values(masks[b])})
changed = []
distinct_sum.run(masks, changed)
print("after the cage's propagator:", {names[0]: values(masks[a]), names[1]: values(masks[b])})
masks[a] &= ~(1 << 1 | 1 << 5)  # say the row already needs 1 and 5 elsewhere
distinct_sum.run(masks, changed)
print(f"once {names[0]} loses 1 and 5:", {names[0]: values(masks[a]), names[1]: values(masks[b])})

# %% [markdown]
# The fallback, sum bounds, is the `Linear` propagator (little killers and arrows use it too).
# Three distinct values summing to 23: the other two cells give at most 9 + 8 = 17, so every
# cell holds at least 6; and if one cell is at most 7, the other two must make at least 16.

# %%
from sudoku_cp.variants.witness_props import Linear

trio = (0, 1, 2)
bounds = Linear(trio, [1, 1, 1], 23, 23, groups=[[0, 1, 2]])
masks = [0b1111111110] * 3  # values 1..9 in each of the three cells
bounds.run(masks, [])
print("sum 23 over three distinct cells:", [sorted(values(m)) for m in masks])
masks[0] &= 0b11111110  # the first cell loses 8 and 9
bounds.run(masks, [])
print("once the first is at most 7:    ", [sorted(values(m)) for m in masks])

# %% [markdown]
# The witness also reads *innies and outies* off the cages, as a human solver does: the
# values of a row, column or box sum to 45, so the cages inside a house fix the sum of the
# cells left over. Those derived sums become more `Linear` propagators:

# %%
masks, props = build(puzzle)
kinds = {}
for p in props:
    kinds[type(p).__name__] = kinds.get(type(p).__name__, 0) + 1
print(kinds)

# %% [markdown]
# ## The three solve the same puzzle
#
# `solve(puzzle, paradigm, limit=2)` asks for up to two solutions: one found and the search
# finished means the puzzle is unique. Each answer is checked against the rules by
# `check_solution` (an empty list: no rule broken) and against the solution the puzzle's
# source states.

# %%
PARADIGMS = ("sat", "cpsat", "witness")
for paradigm in PARADIGMS:
    result = solve(puzzle, paradigm, limit=2, time_limit=10)
    (grid,) = result.solutions  # exactly one: unique
    print(f"{paradigm:8} {result.status:7} solutions={result.count} exhausted={result.exhausted} "
          f"broken={check_solution(puzzle, grid)} stated={grid == entry.expected} "
          f"{1000 * result.time:7.1f} ms")


# %% [markdown]
# The picture with the solution (`to_svg(puzzle, solution=...)`; any object with a
# `_repr_svg_` method shows as a picture in Jupyter):

# %%
class Picture:
    def __init__(self, svg):
        self.svg = svg

    def _repr_svg_(self):
        return self.svg


Picture(to_svg(puzzle, solution=grid))

# %% [markdown]
# ## The paradigms on the shared killer puzzles
#
# Every puzzle of the shared sets (`shared/data/variants`) with a killer cage the project
# supports (five, copied to `data/killer_variants.jsonl`), each paradigm with `limit=2` and
# a time limit of 2 s so the notebook stays quick, and two more of ISS's cages (equality
# and rellik cages, read since issue 37; refused by name before). Times are *measured when this
# notebook ran*, on a small shared machine: read the ratios, not the absolutes (the
# benchmark in `benchmarks/bench_variants.py` is for that).

# %%
for paradigm in PARADIGMS:  # load each solver package once, untimed
    solve(VariantPuzzle(4), paradigm, limit=1)

LIMIT = 2.0
rows = []
short = {r["id"]: r["id"].replace("dclamage-uniqueVariantFPuzzles", "fpuzzles") for r in records}
for entry, record in zip(entries, records):
    if entry.error:
        rows.append((record["id"], record["title"], entry.error, {}))
        continue
    times = {}
    for paradigm in PARADIGMS:
        r = solve(entry.puzzle, paradigm, limit=2, time_limit=LIMIT)
        if r.status == "timeout":
            times[paradigm] = None
            continue
        assert r.count == 1 and r.exhausted, (record["id"], paradigm)
        assert not check_solution(entry.puzzle, r.solutions[0]) and r.solutions[0] == entry.expected
        times[paradigm] = r.time
    kinds = sorted({c.TYPE for c in entry.puzzle.constraints})
    rows.append((record["id"], record["title"], ", ".join(kinds), times))
print("every answer unique, the stated solution, and passed by check_solution")

print(f"{'puzzle':34} {'rules':40} " + " ".join(f"{p:>9}" for p in PARADIGMS))
for ident, title, rules, times in rows:
    cells = [f"{1000 * times[p]:7.1f}ms" if times.get(p) is not None else
             (f"{'> 2 s':>9}" if p in times else f"{'-':>9}") for p in PARADIGMS]
    print(f"{(short[ident] + ' ' + title)[:34]:34} {rules[:40]:40} " + " ".join(cells))

# %% [markdown]
# Every answer that came back is unique and is the stated solution, checked by the checker.
# A time-out is no answer, never a wrong one. The picture: each puzzle's time per paradigm,
# on a log scale (a time-out is drawn at the limit, hatched).

# %%
solved = [(ident, times) for ident, _, _, times in rows if times]
COLOURS = {"sat": "#4c72b0", "cpsat": "#dd8452", "witness": "#55a868"}
fig, ax = plt.subplots(figsize=(9, 3.6))
width = 0.26
for j, paradigm in enumerate(PARADIGMS):
    for i, (ident, times) in enumerate(solved):
        t = times[paradigm]
        ax.bar(i + (j - 1) * width, 1000 * (LIMIT if t is None else t), width,
               color=COLOURS[paradigm], hatch="//" if t is None else None,
               label=paradigm if i == 0 else None, edgecolor="white")
ax.set_yscale("log")
ax.set_xticks(range(len(solved)), [short[ident] for ident, _ in solved], fontsize=8)
ax.set_ylabel("ms to check uniqueness (log)")
ax.axhline(1000 * LIMIT, color="grey", lw=0.8, ls="--")
ax.legend()
ax.set_title("Killer puzzles of the shared sets: three paradigms, limit=2")
plt.tight_layout()

# %%
for paradigm in PARADIGMS:
    done = [t[paradigm] for _, t in solved if t[paradigm] is not None]
    wins = sum(1 for _, t in solved
               if t[paradigm] is not None and t[paradigm] == min(x for x in t.values() if x is not None))
    print(f"{paradigm:8} checked {len(done)}/{len(solved)} within {LIMIT:g} s, "
          f"median {1000 * statistics.median(done or [float('nan')]):7.1f} ms, fastest on {wins}")

# %%
for ident, times in solved:
    done = {p: t for p, t in times.items() if t is not None}
    best = min(done, key=done.get) if done else "-"  # (all over the limit: a busy machine)
    late = [p for p, t in times.items() if t is None]
    print(f"{short[ident]:18} fastest: {best:8}" + (f"  over {LIMIT:g} s: {', '.join(late)}" if late else ""))

# %% [markdown]
# What to look for: the puzzle with no givens and big cages ("Killing with flowers") is the
# hard one. There clause learning over the combinations (`sat`) can carry what it learns
# about one cage to the next, while the witness propagates each cage on its own and must
# search. docs/variants.md and docs/variants_speed.md have the full measurements on every
# shared puzzle, with longer time limits, side by side with sigh's solver.
