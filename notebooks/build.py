"""Write the teaching notebooks of notebooks/ from the cells below, without outputs.

    python3 notebooks/build.py            # (re)write every notebook
    python3 notebooks/build.py --check    # exit 1 if a notebook differs from this script

The notebooks are stored without outputs; ``tests/test_notebooks.py`` runs each one
top to bottom (with the working directory notebooks/) and checks that it imports only
sudoku_cp, matplotlib and the standard library. Edit the cells here, not in Jupyter,
or edit in Jupyter, clear the outputs, and copy the change back here.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

HERE = Path(__file__).parent


def md(text: str):
    return nbformat.v4.new_markdown_cell(text.strip("\n"))


def code(text: str):
    return nbformat.v4.new_code_cell(text.strip("\n"))


#: Pictures of boards, shared by every notebook: SVG from sudoku_cp.display when it is
#: there, the text grid otherwise.
PICTURES = code('''
# Pictures of boards: SVG from sudoku_cp.display, or the text grid if it is missing.
from html import escape

try:
    from sudoku_cp.display import to_html
except ImportError:
    to_html = None


class HTML(str):
    """A string that the notebook shows as HTML."""

    def _repr_html_(self):
        return str(self)


def picture(board, solution=None, title=None, highlight=None, cell_size=26):
    """A board as a picture: givens bold, other values of ``solution`` blue."""
    if to_html is None:
        return HTML(f"<pre>{escape(title or '')}\\n{escape(board.grid(solution))}</pre>")
    return HTML(to_html(board, solution, cell_size=cell_size, title=title, highlight=highlight))


def side_by_side(*pictures):
    style = "display:flex; gap:2em; flex-wrap:wrap; align-items:flex-start"
    return HTML(f'<div style="{style}">' + "".join(pictures) + "</div>")
''')


# -- 01 -----------------------------------------------------------------------------------
SAT = [
    md('''
# Sudoku as SAT

A SAT solver knows nothing about Sudoku. It takes Boolean variables and *clauses* (ORs of
literals, a literal being a variable or its negation) and finds an assignment that makes
every clause true. This notebook turns a board into such a formula (CNF) the way
`sudoku_cp.encode.cnf` does, looks at the clause families on a 4×4 board, compares the
*minimal* and the *extended* encoding and several ways to say "at most one", counts
clauses by board size, and measures how much of a puzzle unit propagation alone settles,
before the solver makes a single decision.

The words are those of the whole project: a **board** of n×n **cells**, **values** 1..n,
**houses** (rows, columns, boxes: groups of cells whose values must all differ),
**givens**, **candidates**, **solution**.
'''),
    code('''
from collections import Counter
from pathlib import Path

import matplotlib.pyplot as plt

from sudoku_cp import Board, is_solution, solve
from sudoku_cp.backends import require
from sudoku_cp.board import default_box, geometry
from sudoku_cp.encode.amo import AMO_ENCODINGS, at_most_one, size
from sudoku_cp.encode.cnf import encode, key, new_pool, var
from sudoku_cp.parse import read_puzzles
from sudoku_cp.propagate import Propagator

DATA = Path("data")  # notebooks run with notebooks/ as the working directory
'''),
    PICTURES,
    md('''
## Variables: one per (row, col, value)

Variable *r,c,v* is true when the cell in row *r*, column *c* holds value *v*. An n×n board
has n³ of them: 64 on a 4×4 board, 729 on a 9×9 one. They come from a PySAT `IDPool`
keyed by `(row, col, value)` (rows and columns 0-based, values 1..n), so an id always
carries its meaning: `var` looks an id up, `key` reads it back.
'''),
    code('''
g4 = geometry(2, 2)
enc4 = encode(g4, "extended")
print("variables:", enc4.nv)
print("r1c1 holds 1:", var(enc4, 0, 0, 1), "  r1c2 holds 1:", var(enc4, 0, 1, 1),
      "  r4c4 holds 4:", var(enc4, 3, 3, 4))
print("variable 6 is (row, col, value) =", key(enc4, 6))


def name(lit, enc=enc4):
    """A literal as people read it: r1c2#3 is 'r1c2 holds 3', a leading - is 'not'."""
    k = key(enc, abs(lit))
    if isinstance(k, tuple) and len(k) == 3 and all(isinstance(part, int) for part in k):
        row, col, value = k
        text = f"r{row + 1}c{col + 1}#{value}"
    else:  # an auxiliary variable of an at-most-one encoding
        text = f"aux{abs(lit)}"
    return ("-" if lit < 0 else "") + text


def clause_text(clause, enc=enc4):
    return " or ".join(name(lit, enc) for lit in clause)
'''),
    md('''
## The clause families, on a 4×4 board

Four families say everything. Each is one loop below, written from the board's geometry
(`g4.rows`, `g4.cols`, `g4.boxes` are tuples of cells; `enc4.x[cell][value]` is the
variable id):

1. **cell, at least one value**: `x[c][1] or x[c][2] or ... or x[c][n]`;
2. **cell, at most one value**: not two values in one cell;
3. **house, each value at most once**: for rows, columns and boxes, not the same value
   in two cells of the house;
4. **house, each value at least once**: the value is somewhere in the house.

Families 1 and 3 already define the solutions: that is the **minimal** encoding. Families
2 and 4 are implied by them (n cells, n values, no value twice: each value appears exactly
once, and each cell has one value); adding them gives the **extended** encoding.
'''),
    code('''
n, values, x = g4.n, range(1, g4.n + 1), enc4.x


def value_at_most_once(houses):
    return [clause for house in houses for v in values
            for clause in at_most_one([x[cell][v] for cell in house])]


families = {
    "cell: at least one value": [[x[c][v] for v in values] for c in range(g4.ncells)],
    "cell: at most one value": [clause for c in range(g4.ncells)
                                for clause in at_most_one([x[c][v] for v in values])],
    "row: each value at most once": value_at_most_once(g4.rows),
    "column: each value at most once": value_at_most_once(g4.cols),
    "box: each value at most once": value_at_most_once(g4.boxes),
    "house: each value at least once": [[x[cell][v] for cell in house]
                                        for house in g4.houses for v in values],
}
for family, clauses in families.items():
    print(f"{family:34} {len(clauses):4} clauses, e.g.  {clause_text(clauses[0])}")
'''),
    code('''
# The four loops give exactly the clauses of encode(), as a multiset.
ours = Counter(tuple(c) for clauses in families.values() for c in clauses)
assert ours == Counter(tuple(c) for c in enc4.cnf.clauses)
minimal = encode(g4, "minimal")
implied = {"cell: at most one value", "house: each value at least once"}
assert len(minimal.cnf.clauses) == sum(len(c) for f, c in families.items() if f not in implied)
print(f"extended: {len(enc4.cnf.clauses)} clauses; minimal: {len(minimal.cnf.clauses)} clauses")
'''),
    md('''
The houses of the third family, highlighted: row 1, column 1 and box 1. A pair of cells in
the same row *and* box (r1c1 and r1c2) gets its clause once per house: the encoder keeps
such duplicates, so clause counts are per house.
'''),
    code('''
empty4 = Board.empty((2, 2))
side_by_side(*(picture(empty4, title=g4.house_name(h), highlight=g4.houses[h], cell_size=34)
               for h in (0, n, 2 * n)))
'''),
    md('''
Both encodings have the same solutions. On the empty 4×4 board there are 288; the SAT
backend counts them for each encoding (`limit` above 288, and `exhausted` says the count
is exact):
'''),
    code('''
for spec in ("sat:glucose4:minimal", "sat:glucose4:extended"):
    result = solve(empty4, spec, limit=1000)
    assert all(is_solution(empty4, s) for s in result.solutions)
    print(f"{spec:22} {len(result.solutions)} solutions, exhausted: {result.exhausted}")
'''),
    md('''
## Saying "at most one"

Families 2 and 3 are *at-most-one* constraints over k literals (k = n). The **pairwise**
encoding, one clause `-a or -b` per pair, needs k(k−1)/2 clauses and no new variable; it is
what `encode` writes by default. Others add auxiliary variables to need fewer clauses
(`sudoku_cp.encode.amo`):

- **sequential** (Sinz's sequential counter): `s[i]` means "one of the first i+1 literals is
  true"; 3k−4 clauses, k−1 auxiliary variables;
- **bitwise**: each literal forces a distinct binary code on ⌈log₂ k⌉ bits;
- **ladder** and **cardnetwork** (a cardinality network), taken from PySAT's `pysat.card`.

Here is each one on the four values of cell r1c1:
'''),
    code('''
cell_lits = [x[0][v] for v in values]
for amo in AMO_ENCODINGS:
    pool = new_pool(g4)  # fresh: auxiliary variables are numbered from 65
    clauses = at_most_one(cell_lits, pool, amo)
    print(f"{amo:12} {len(clauses):2} clauses, {pool.top - g4.n ** 3} auxiliary:  "
          + "; ".join(clause_text(c) for c in clauses[:5]) + ("; ..." if len(clauses) > 5 else ""))
'''),
    md('''
One at-most-one over k literals, by size (clauses / auxiliary variables); k is n for a
Sudoku, since a house has n cells and a cell n values:
'''),
    code('''
ks = (4, 9, 16, 25, 36)
print(f"{'k':>12}" + "".join(f"{k:>12}" for k in ks))
for amo in AMO_ENCODINGS:
    print(f"{amo:>12}" + "".join(f"{'%d / %d' % size(k, amo):>12}" for k in ks))
'''),
    md('''
Every at-most-one encoding allows the same assignments of the cell-value variables, so
every choice keeps the 288 solutions of the empty 4×4 board. To count them we ask a SAT
solver for a model, block its cell-value part with one clause, and ask again. (Blocking
only the cell-value part matters: the bitwise encoding leaves its auxiliary bits free when
no literal is true, so one solution can have several models.)
'''),
    code('''
solvers = require("pysat.solvers", "python-sat", "this notebook")


def count_solutions(enc, limit=1000):
    """Distinct cell-value parts of the models of ``enc`` (a projection), up to ``limit``."""
    found = 0
    with solvers.Solver(name="glucose4", bootstrap_with=enc.cnf.clauses) as s:
        while found < limit and s.solve():
            true = [lit for lit in s.get_model()[:enc.nv] if lit > 0]
            s.add_clause([-lit for lit in true])
            found += 1
    return found


for amo in AMO_ENCODINGS:
    for encoding in ("minimal", "extended"):
        enc = encode(g4, encoding, amo)
        print(f"{amo:12} {encoding:9} {len(enc.cnf.clauses):4} clauses, "
              f"{enc.pool.top:3} variables, {count_solutions(enc)} solutions")
'''),
    md('''
## Clauses and variables by board size

The pairwise clauses grow like n⁴ (3n houses × n values × n(n−1)/2 pairs), so the extended
25×25 formula has three quarters of a million clauses. The sequential counter cuts that
to about a quarter, at the price of more variables (the minimal and extended pairwise
encodings share their n³ variables, so one line of the right plot hides the other).
'''),
    code('''
sizes = (4, 6, 8, 9, 12, 16, 25)
variants = [("minimal", "pairwise"), ("extended", "pairwise"), ("extended", "sequential")]
counts = {}  # (encoding, amo) -> [(variables, clauses) per n]
for encoding, amo in variants:
    rows = []
    for n_ in sizes:
        enc = encode(geometry(*default_box(n_)), encoding, amo)
        rows.append((enc.pool.top, len(enc.cnf.clauses)))
    counts[encoding, amo] = rows

header = f"{'n':>4} {'box':>5}" + "".join(f"{e + ' ' + a:>26}" for e, a in variants)
print(header)
print(f"{'':>10}" + "".join(f"{'variables':>13}{'clauses':>13}" for _ in variants))
for i, n_ in enumerate(sizes):
    box = "%dx%d" % default_box(n_)
    print(f"{n_:>4} {box:>5}" + "".join(f"{counts[v][i][0]:>13,}{counts[v][i][1]:>13,}"
                                       for v in variants))
assert counts["minimal", "pairwise"][3][1] == 8829 and counts["extended", "pairwise"][3][1] == 11988
'''),
    code('''
fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.8))
for variant in variants:
    label = " ".join(variant)
    left.plot(sizes, [c for _, c in counts[variant]], marker="o", label=label)
    right.plot(sizes, [v for v, _ in counts[variant]], marker="o", label=label)
for ax, what in ((left, "clauses"), (right, "variables")):
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xticks(sizes, [str(s) for s in sizes])
    ax.minorticks_off()
    ax.set_xlabel("n (board side)")
    ax.set_ylabel(what)
    ax.grid(alpha=0.3)
left.legend(fontsize=8)
fig.suptitle("CNF size by board size")
fig.tight_layout()
plt.show()
'''),
    md('''
## How much does unit propagation alone solve?

Before its first decision, a SAT solver only does **unit propagation**: a clause with one
literal left unassigned forces that literal. With the givens as assumptions, how many
cells does that fix? `sudoku_cp.propagate` asks a PySAT solver exactly this
(`Solver.propagate`), and also tries **failed-literal probing**: assume "this cell holds
this value", propagate, and if that ends in a conflict the value is ruled out; repeat until
a whole round rules out nothing.

In Sudoku terms, the minimal encoding's unit propagation finds only *naked singles* (a cell
with one candidate left); the extended one's "each value at least once per house" clauses
also find *hidden singles* (a value with one cell left in a house).

First one 17-clue puzzle, as the solver sees it after each step:
'''),
    code('''
puzzles = [entry.board for entry in read_puzzles(DATA / "royle17_100.txt")]
board = puzzles[0]
g9 = board.geometry
minimal9 = Propagator(g9, "minimal")
extended9 = Propagator(g9, "extended")
steps = {
    "givens": board.givens,
    "minimal, unit": minimal9.unit(board),
    "extended, unit": extended9.unit(board),
    "extended, probing": extended9.probe(board),
}
side_by_side(*(picture(board, values, title=f"{step}: {values.count(0)} empty", cell_size=24)
               for step, values in steps.items()))
'''),
    md('''
Now a sample of 100 of Gordon Royle's 17-clue puzzles (evenly spaced through his
collection; `data/royle17_100.txt`). Every value fixed is checked against the solution
the SAT backend finds: propagation must never contradict it.
'''),
    code('''
solutions = [solve(b, "sat").solution for b in puzzles]


def agrees(values, solution):
    return values is not None and all(v in (0, s) for v, s in zip(values, solution))


rows = {}
for label, prop, method in (("minimal, unit propagation", minimal9, "unit"),
                            ("extended, unit propagation", extended9, "unit"),
                            ("minimal, probing", minimal9, "probe"),
                            ("extended, probing", extended9, "probe")):
    results = [getattr(prop, method)(b) for b in puzzles]
    assert all(agrees(v, s) for v, s in zip(results, solutions))
    solved = sum(all(v) for v in results)
    empty = sum(v.count(0) for v in results) / len(results)
    rows[label] = solved / len(results)
    print(f"{label:28} solves {solved:3} of {len(puzzles)}; "
          f"{empty:5.1f} of 64 empty cells left on average")
minimal9.close()
extended9.close()
'''),
    code('''
fig, ax = plt.subplots(figsize=(7, 2.6))
ax.barh(list(rows), [100 * f for f in rows.values()], color=["#bbb", "#4c72b0", "#999", "#55a868"])
ax.invert_yaxis()
ax.set_xlim(0, 112)
ax.set_xlabel("% of the 17-clue sample solved without search")
for i, f in enumerate(rows.values()):
    ax.text(100 * f + 1, i, f"{100 * f:.0f}%", va="center")
fig.tight_layout()
plt.show()
'''),
    md('''
The at-most-one encoding does not change what unit propagation finds here: each of them
propagates "one literal true, so the others false" as the pairwise clauses do. They differ
in size, not in strength:
'''),
    code('''
for amo in AMO_ENCODINGS:
    with Propagator(g9, "extended", amo) as prop:
        results = [prop.unit(b) for b in puzzles]
    solved = sum(all(v) for v in results)
    print(f"{amo:12} extended, unit propagation: solves {solved} of {len(puzzles)}, "
          f"{sum(v.count(0) for v in results)} empty cells left in all")
'''),
    md('''
What this means: with the minimal encoding unit propagation hardly gets anywhere on these
puzzles (17 givens seldom leave a naked single), while the extended encoding's redundant clauses
let it finish a large share of them (on the whole collection of 49,158 puzzles: 44.6%;
the first-20 sample in `tests/data` is easier than average) and probing finishes all of
them. That is why the `sat` backend uses the extended encoding, and why the solver's search
on 17-clue puzzles is so short: most of the work is propagation.
'''),
]


# -- 02 -----------------------------------------------------------------------------------
CP = [
    md('''
# Sudoku as a CP model: all-different in CP-SAT

Constraint programming states the puzzle almost as it is told: one integer variable per
cell with domain 1..n, and one **all-different** constraint per house. This notebook builds
that model for a 4×4 board, one loop per house family, checks it against
`sudoku_cp.encode.cp`, and then looks at what OR-Tools' CP-SAT does with it: presolve,
statistics, and a uniqueness check with a solution callback that stops at two solutions.
'''),
    code('''
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
'''),
    PICTURES,
    md('''
## The model of a 4×4 board

Cells are `x[r,c]` with domain 1..4. Then one comment and one loop per house family:
'''),
    code('''
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
'''),
    md('''
`sudoku_cp.encode.cp.encode` builds the same model with a single loop over
`geometry.houses` (rows, then columns, then boxes, then any extra houses of a variant), so
that a variant such as Sudoku-X needs no new code. The two models have the same
constraints:
'''),
    code('''
library = encode(g)
assert sorted(map(sorted, constraints(library.model))) == sorted(map(sorted, constraints(model)))
print(len(library.x), "variables,", len(library.model.proto.constraints), "all-different")
'''),
    md('''
**Givens are domains, not constraints.** `build(board)` narrows each given cell's domain
to its value, so one base model per board shape serves every puzzle of that shape (the
backend does this between puzzles).
'''),
    code('''
board4 = Board.parse("1..." "...2" "..4." ".3..")
model4 = build(board4).model
variables = model4.proto.variables
for cell in range(board4.n):  # the first row
    print(f"{variables[cell].name}: domain {list(variables[cell].domain)}")
'''),
    md('''
## What the solver does with it: presolve

CP-SAT does not search on all-different constraints as such. Its **presolve** rewrites the
model first, and a log callback shows how. On the empty 9×9 board (stopping right after
presolve), each all-different over 9 cells with 9 values is a *permutation*, and presolve
**expands** it into one **exactly-one** constraint per value: "value v is in exactly one
cell of this house", over Boolean literals `x[r,c] == v`. That gives 27 houses × 9 values
= 243 constraints, the extended SAT encoding's "each value at most once" and "at least
once" families merged, plus 81 "this cell holds exactly one value": 324, of which presolve
settles a few more on its own (on an empty board any solution will do, so it may fix some
choices outright). What is left is close to the extended CNF of notebook 01.
'''),
    code('''
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
print("\\n".join(presolve(empty9)))
'''),
    md('''
The backend enumerates solutions (to tell *unique* from *multiple*), and then presolve must
keep every solution, so it does less: the 243 exactly-one constraints of the houses stay,
and the 729 Booleans stay tied to the 81 integer variables by enforced linear constraints
(`b → x == v`, `not b → x != v`), which is how "one value per cell" is kept.
'''),
    code('''
print("\\n".join(presolve(empty9, enumerate_all=True)))
'''),
    md('''
With givens, presolve's own propagation and probing go much further. On the first top95
puzzle, one of Norvig's hard ones, presolve alone fixes every cell when a single solution
is wanted: nothing is left for the search.
'''),
    code('''
top95 = [entry.board for entry in read_puzzles(TESTS / "top95_sample.txt")]
print("\\n".join(presolve(top95[0])))
'''),
    md('''
## Statistics of the backend's runs

`solve(board, "cpsat", limit=2)` is a uniqueness check: it asks for up to two solutions.
Its `Result.stats` carries CP-SAT's own counts: conflicts, branches, the solver's wall time,
and the Booleans it created.
'''),
    code('''
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
'''),
    code('''
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
'''),
    md('''
Most of these puzzles need no branch at all: presolve and propagation on a model close to
the extended SAT encoding settle them, and only a few need a real search. The time per
puzzle is mostly fixed cost (copying and presolving the model, a few milliseconds), which
is why the CP-SAT backend is slower than the SAT one on easy puzzles, not a sign of weaker
reasoning.

## Uniqueness: a solution callback that stops at two

A puzzle has exactly one solution when a search for two finds one and then proves there is
no other. CP-SAT calls a *solution callback* for every solution it finds while enumerating;
ours keeps them and calls `stop_search()` at the second, as the OR-Tools sample
`stop_after_n_solutions_sample_sat.py` does. Enumeration uses one worker: several workers
can report the same solution twice.
'''),
    code('''
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
'''),
    md('''
`OPTIMAL` with one solution means the enumeration finished: the puzzle is unique.
`FEASIBLE` with two means the callback stopped it: there are at least two. The backend
reads the statuses the same way (`sudoku_cp/backends/cpsat.py`) and reports `Result.count`:
'''),
    code('''
print(solve(puzzle, "cpsat", limit=2).count, solve(fewer, "cpsat", limit=2).count)
'''),
]


# -- 03 -----------------------------------------------------------------------------------
BACKTRACK = [
    md('''
# The reference backtracker

`sudoku_cp.backends.backtrack` is a pure-Python search, written to be read and to check the
solvers against. It keeps the **candidates** of each cell as a bitmask, applies **naked
singles** and **hidden singles** until nothing changes, and then guesses in the **most
constrained cell** (fewest candidates, MRV), depth first. This notebook looks at each piece
and at the search tree it builds on an easy puzzle and on a hard one.

Words: a **mask** has bit v−1 set when value v is still a candidate; a cell is *fixed* when
its mask has one bit. A **node** is a state the search reaches without contradiction; a
**backtrack** is a guess whose propagation ends in one.
'''),
    code('''
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.ticker import MaxNLocator

from sudoku_cp import is_solution, solve
from sudoku_cp.backends.backtrack import choose_cell, initial_masks, propagate, tables
from sudoku_cp.board import cell_name
from sudoku_cp.grade import grade
from sudoku_cp.parse import read_puzzles

DATA = Path("data")  # notebooks run with notebooks/ as the working directory
TESTS = Path("..") / "tests" / "data"
easy = [entry.board for entry in read_puzzles(DATA / "norvig_easy50_sample.txt")]
hardest = [entry.board for entry in read_puzzles(TESTS / "norvig_hardest.txt")]
top95 = [entry.board for entry in read_puzzles(TESTS / "top95_sample.txt")]
'''),
    PICTURES,
    md('''
## Candidates as bitmasks

`initial_masks` gives every empty cell all n candidates and fixes the givens. Eliminating a
fixed value from its **peers** (the cells that share a house with it) is one `&~bit` per
peer. We do just that, once, to see the candidates a person would pencil in:
'''),
    code('''
board = hardest[0]
t = tables(board.geometry)
n = board.n


def candidates(mask):
    return [v for v in range(1, n + 1) if mask >> (v - 1) & 1]


def pencil(board):
    """Masks after removing each given's value from its peers, once (no singles yet)."""
    masks = initial_masks(board, t)
    for cell, v in enumerate(board.givens):
        if v:
            for p in t.peers[cell]:
                if not board.givens[p]:
                    masks[p] &= ~(1 << (v - 1))
    return masks


masks = pencil(board)
for cell in (0, 1, 2):
    print(f"{cell_name(cell, n)}: mask {masks[cell]:0{n}b} -> candidates {candidates(masks[cell])}")
'''),
    code('''
def draw_candidates(board, masks, ax, title="", mark=()):
    """Pencil marks: fixed cells large, candidates small in a box-shaped sub-grid."""
    g = board.geometry
    br, bc = g.box_rows, g.box_cols
    for cell in mark:
        r, c = divmod(cell, n)
        ax.add_patch(plt.Rectangle((c, r), 1, 1, color="#fff2a8"))
    for i in range(n + 1):
        ax.plot([0, n], [i, i], color="black", lw=2 if i % br == 0 else 0.5)
        ax.plot([i, i], [0, n], color="black", lw=2 if i % bc == 0 else 0.5)
    for cell, m in enumerate(masks):
        r, c = divmod(cell, n)
        vals = candidates(m)
        if len(vals) == 1:
            given = board.givens[cell] != 0
            ax.text(c + 0.5, r + 0.55, str(vals[0]), ha="center", va="center", fontsize=13,
                    weight="bold" if given else "normal", color="black" if given else "#1f5bd6")
        else:
            for v in vals:
                sr, sc = divmod(v - 1, bc)
                ax.text(c + (sc + 0.5) / bc, r + (sr + 0.55) / br, str(v), ha="center",
                        va="center", fontsize=5.5, color="#555")
    ax.set_xlim(0, n)
    ax.set_ylim(n, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontsize=10)
'''),
    md('''
## Naked and hidden singles

A **naked single** is a cell with one candidate left; a **hidden single** is a value with
one possible cell left in some house. Both fix a cell, which removes its value from its
peers, which may create more singles. Here they are on the pencilled board (the singles
highlighted), and then after `propagate`, the backend's loop that applies both until
nothing changes:
'''),
    code('''
def naked_singles(masks):
    return [c for c, m in enumerate(masks) if not board.givens[c] and m and not m & (m - 1)]


def hidden_singles(masks):
    found = set()
    for house in board.houses:
        for v in range(1, n + 1):
            places = [c for c in house if masks[c] >> (v - 1) & 1]
            if len(places) == 1 and masks[places[0]] != 1 << (v - 1):
                found.add((places[0], v))  # not already fixed (a given or a naked single)
    return sorted(found)


naked = naked_singles(masks)
hidden = hidden_singles(masks)
print("naked singles: ",
      ", ".join(f"{cell_name(c, n)}={candidates(masks[c])[0]}" for c in naked) or "none")
print("hidden singles:", ", ".join(f"{cell_name(c, n)}={v}" for c, v in hidden) or "none")

propagated = initial_masks(board, t)
ok = propagate(propagated, [c for c, v in enumerate(board.givens) if v], t.all_houses, t)
fixed = sum(1 for m in propagated if not m & (m - 1))
print(f"propagate() to a fixed point: {'no contradiction' if ok else 'contradiction'}, "
      f"{fixed} of {n * n} cells fixed")

fig, axes = plt.subplots(1, 2, figsize=(11, 5.5))
singles = set(naked) | {c for c, _ in hidden}
draw_candidates(board, masks, axes[0], "givens' values removed from their peers", singles)
draw_candidates(board, propagated, axes[1], "after naked and hidden singles", ())
fig.tight_layout()
plt.show()
'''),
    md('''
The grader (`sudoku_cp.grade`) solves the way a person does, easiest technique first, and
counts what it used; for this puzzle singles are not enough:
'''),
    code('''
print(grade(board))
'''),
    md('''
## Most constrained cell first

When propagation stops, the search guesses. `choose_cell` picks the unfixed cell with the
fewest candidates (MRV); among those, the one whose candidates appear in most peers, so that
each guess eliminates as much as possible. A wrong guess in a cell with two candidates costs
at most one failed branch.
'''),
    code('''
cell = choose_cell(propagated, t)
print(f"MRV cell: {cell_name(cell, n)}, candidates {candidates(propagated[cell])}")
fig, ax = plt.subplots(figsize=(5.5, 5.5))
draw_candidates(board, propagated, ax, f"the search guesses first in {cell_name(cell, n)}", [cell])
plt.show()
'''),
    md('''
## The search tree

Below, the same search as `iter_solutions` in the backend, written recursively to keep the
tree: every guess is a child; it is a **node** if its propagation succeeds, a **dead end**
(a backtrack) if it ends in a contradiction. Like a uniqueness check, it explores the whole
tree, so its counts must equal the backend's `stats` for `limit=2` on a unique puzzle.
'''),
    code('''
def search_tree(board):
    """(depth, parent index, kind) for every guess, kind 'node', 'dead' or 'solution'."""
    t = tables(board.geometry)
    masks = initial_masks(board, t)
    assert propagate(masks, [c for c, v in enumerate(board.givens) if v], t.all_houses, t)
    tree = []

    def visit(masks, depth, parent, kind):
        me = len(tree)
        cell = choose_cell(masks, t) if kind == "node" else -1
        if kind == "node" and cell < 0:
            kind = "solution"
        tree.append((depth, parent, kind))
        if kind != "node":
            return
        m = masks[cell]
        while m:  # lowest candidate first, as the backend tries them
            bit = m & -m
            m ^= bit
            child = list(masks)
            child[cell] = bit
            ok = propagate(child, [cell], t.house_bits[cell], t)
            visit(child, depth + 1, me, "node" if ok else "dead")

    visit(masks, 0, -1, "node")
    return tree


def tree_size(tree):
    return sum(k != "dead" for _, _, k in tree), sum(k == "dead" for _, _, k in tree)


# The hardest of Norvig's 'hardest' for this search, and the first easy puzzle.
hard_results = [solve(b, "backtrack", limit=2) for b in hardest]
worst = max(range(len(hardest)), key=lambda i: hard_results[i].stats["nodes"])
examples = {"easy50 #1": easy[0], f"hardest #{worst + 1}": hardest[worst]}
trees = {}
for label, b in examples.items():
    r = solve(b, "backtrack", limit=2)
    trees[label] = tree = search_tree(b)
    nodes, dead = tree_size(tree)
    assert (nodes, dead) == (r.stats["nodes"], r.stats["backtracks"]) and r.count == "1"
    print(f"{label:12} nodes {nodes:3}, backtracks {dead:3}, depth {max(d for d, _, _ in tree)}, "
          f"{1000 * r.time_s:.1f} ms")
'''),
    code('''
def draw_tree(tree, ax, title):
    """Leaves left to right in search order, each parent above the middle of its children."""
    children = {i: [] for i in range(len(tree))}
    for i, (_, parent, _) in enumerate(tree):
        if parent >= 0:
            children[parent].append(i)
    xs, next_leaf = {}, [0]

    def place(i):
        if not children[i]:
            xs[i] = next_leaf[0]
            next_leaf[0] += 1
        else:
            for c in children[i]:
                place(c)
            xs[i] = sum(xs[c] for c in children[i]) / len(children[i])

    place(0)
    for i, (depth, parent, _) in enumerate(tree):
        if parent >= 0:
            ax.plot([xs[parent], xs[i]], [tree[parent][0], depth], color="#999", lw=0.8, zorder=1)
    style = {"node": ("o", "#4c72b0", 25), "dead": ("x", "#c44e52", 25),
             "solution": ("*", "#55a868", 160)}
    for kind, (marker, colour, s) in style.items():
        pts = [(xs[i], d) for i, (d, _, k) in enumerate(tree) if k == kind]
        if pts:
            ax.scatter(*zip(*pts), marker=marker, color=colour, s=s, zorder=2, label=kind)
    depth = max(d for d, _, _ in tree)
    ax.set_ylim(max(depth, 1) + 0.5, -0.5)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel("depth (guesses)")
    ax.set_xticks([])
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="lower left")


fig, axes = plt.subplots(1, 2, figsize=(11, 3.8), gridspec_kw={"width_ratios": [1, 4]})
for ax, (label, tree) in zip(axes, trees.items()):
    nodes, dead = tree_size(tree)
    draw_tree(tree, ax, f"{label}: {nodes} node{'s' * (nodes != 1)}, {dead} backtracks")
fig.tight_layout()
plt.show()
'''),
    md('''
The easy puzzle needs no guess: naked and hidden singles solve it at the root, and the
"tree" is one node that is already the solution. The hard one needs guesses; most wrong
guesses die at once (a red cross right under its parent), because singles propagate a wrong
value into a contradiction within a step or two. The search then has to go on after the
solution is found, to prove there is no second one.

## Size of the search on three sets

Nodes and backtracks of `solve(board, "backtrack", limit=2)`, the uniqueness check:
'''),
    code('''
print(f"{'set':22} {'puzzles':>7} {'nodes: median':>14} {'max':>5} {'backtracks: max':>16} "
      f"{'ms: max':>8}")
for label, boards in (("norvig_easy50 (10)", easy), ("norvig_hardest", hardest),
                      ("top95 (first 10)", top95)):
    results = [solve(b, "backtrack", limit=2) for b in boards]
    assert all(r.count == "1" and is_solution(b, r.solution) for b, r in zip(boards, results))
    nodes = sorted(r.stats["nodes"] for r in results)
    print(f"{label:22} {len(boards):>7} {nodes[len(nodes) // 2]:>14} {nodes[-1]:>5} "
          f"{max(r.stats['backtracks'] for r in results):>16} "
          f"{max(1000 * r.time_s for r in results):>8.1f}")
'''),
    md('''
Norvig's "hardest" set was hard for the solvers of its day; with naked and hidden singles
and MRV most of its puzzles take a handful of nodes here. The top95 set is the harder one
for this search.
'''),
]


# -- 04 -----------------------------------------------------------------------------------
COMPARE = [
    md('''
# Three paradigms side by side

The same uniqueness check, `solve(board, backend, limit=2)`, by the three backends:

- **sat**: the extended CNF in one reused CaDiCaL solver, givens as assumptions;
- **cpsat**: the all-different model in OR-Tools CP-SAT, one worker;
- **backtrack**: the pure-Python reference search.

On 50 puzzles of Norvig's hard top95 set and 50 17-clue puzzles (the first 50 of
`data/royle17_100.txt`). Every solution is checked by `is_solution`, and the three must
agree. The times are *measured here, when this notebook ran*, on a small shared machine:
read them as orders of magnitude and ratios, not as benchmarks (`sudoku-cp bench` and
`benchmarks/` are for that).
'''),
    code('''
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
'''),
    md('''
Each backend first solves one puzzle untimed: the SAT backend loads its formula into a
solver and CP-SAT builds its base model once per board shape, and that one-time cost is not
what we compare.
'''),
    code('''
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
'''),
    code('''
print(f"{'set':14} {'backend':10} {'median ms':>10} {'mean ms':>9} {'max ms':>8} {'total s':>8}")
for (set_name, backend), ts in times.items():
    print(f"{set_name:14} {backend:10} {1000 * statistics.median(ts):>10.2f} "
          f"{1000 * statistics.mean(ts):>9.2f} {1000 * max(ts):>8.1f} {sum(ts):>8.2f}")
'''),
    code('''
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
'''),
    md('''
A **cactus plot** sorts each backend's times and shows how many puzzles it would finish
within a given time per puzzle: further right and lower is better, and crossing lines mean
one backend is better on easy puzzles and the other on hard ones.
'''),
    code('''
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
'''),
    code('''
# The ranking as measured in this run (it can change from run to run on a busy machine).
for set_name in sets:
    order = sorted(BACKENDS, key=lambda b: statistics.median(times[set_name, b]))
    medians = [statistics.median(times[set_name, b]) for b in order]
    ratio = medians[-1] / medians[0]
    print(f"{set_name}: fastest by median {order[0]}, then {order[1]}, then {order[2]} "
          f"({ratio:.0f}x between first and last)")
'''),
    md('''
## What the differences mean

- **All three answer the same question and agree**; the differences are in cost, and most
  of it is not search. A 17-clue puzzle needs almost no search from any of them: unit
  propagation on the extended encoding, CP-SAT's presolve, and naked plus hidden singles
  in the backtracker settle most cells (see notebook 01).
- **sat** pays little per puzzle: the formula is loaded once and each puzzle is a call
  with the givens as assumptions, plus a second call with a blocking clause to prove
  uniqueness. Its time is mostly the Python side of those two calls. The solver also
  keeps what it learnt: a clause learnt on one puzzle follows from the base formula, so
  it holds for every later puzzle, and the first puzzles of a run tend to be the slowest.
- **cpsat** has a floor of a few milliseconds per puzzle: the model is copied and presolved
  on every call, whatever the puzzle. On these 9×9 puzzles that floor dominates; its
  reasoning is not weaker (after presolve it solves much the same exactly-one formula as
  the extended CNF, notebook 02).
- **backtrack** does everything in Python. It is competitive on 17-clue puzzles, where
  singles do nearly all the work, and falls behind on top95, where it must search
  (notebook 03).
- On this shared 2-core machine the times move by tens of percent between runs; a
  ranking that flips between two runs was a tie. The ratios between orders of magnitude
  are what to take away.
'''),
]


# -- 05 -----------------------------------------------------------------------------------
UNIQUE = [
    md('''
# Exactly one solution

A proper puzzle has **exactly one solution**. Checking that needs more than solving: after
finding a solution, the solver must prove there is no other. Every backend does it the same
way, `solve(board, backend, limit=2)`: look for up to two solutions. One found and the search
*exhausted*: unique. Two found: not unique, and the second is a *witness*. This notebook
checks uniqueness, looks at a puzzle with two solutions, and generates and grades a unique
puzzle.
'''),
    code('''
from pathlib import Path

from sudoku_cp import Verdict, crosscheck, is_solution, solve
from sudoku_cp.board import cell_name
from sudoku_cp.generate import generate
from sudoku_cp.grade import grade
from sudoku_cp.parse import read_puzzles

TESTS = Path("..") / "tests" / "data"  # notebooks run with notebooks/ as the working directory
puzzles = [e.board for e in read_puzzles(TESTS / "17clue_sample.txt")]
'''),
    PICTURES,
    md('''
## A uniqueness check

`Result.count` tells what is known: `'1'` (one solution, search exhausted), `'2+'` (the
limit was reached), `'0'`, or `'?'` after a time limit. The cross-checker runs all three
backends with `limit=2`, checks every solution with `is_solution`, and gives one verdict.
'''),
    code('''
board = puzzles[0]
for backend in ("sat", "cpsat", "backtrack"):
    r = solve(board, backend, limit=2)
    print(f"{backend:10} count {r.count:3} exhausted {r.exhausted}  {1000 * r.time_s:6.1f} ms")
report = crosscheck(board)
print("verdict:", report.verdict.value)
picture(board, report.solution, title=f"{board.clues} givens, unique")
'''),
    md('''
## A puzzle with two solutions

A 17-clue puzzle is *minimal*: remove any given and it has more than one solution. Removing
the last given of the first one gives a 16-clue board, and the cross-checker returns the
verdict `multiple` with two distinct, valid solutions as its witness:
'''),
    code('''
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
'''),
    md('''
The highlighted cells can swap their values without breaking any house: each value
involved appears an even number of times among them in every row, column and box it
touches (a *deadly pattern* when it is a rectangle of four cells). How many solutions does
the 16-clue board have? The SAT backend can go on enumerating, with blocking clauses:
'''),
    code('''
r = solve(fewer, "sat", limit=10_000, time_limit=60)
print(f"{len(r.solutions)} solutions, exhausted: {r.exhausted} (count {r.count})")
assert all(is_solution(fewer, s) for s in r.solutions)
'''),
    md('''
## Generating a unique puzzle

`sudoku_cp.generate.generate` fills a random full grid, then removes givens in random order,
keeping each removal only while the puzzle stays unique (a `limit=2` check each time), and
finally cross-checks the puzzle with every backend. Everything random comes from `seed`:
the same seed gives the same puzzle.
'''),
    code('''
made = next(generate(1, seed=2024))
again = next(generate(1, seed=2024))
assert made.board == again.board
print(f"{made.clues} givens, level {made.level}, minimal: {made.minimal}")
print(f"its own seed (drawn from 2024): {made.seed}")
print(made.board.to_text())
assert crosscheck(made.board).verdict is Verdict.UNIQUE
side_by_side(picture(made.board, title="generated, seed 2024"),
             picture(made.board, made.solution, title="its solution"))
'''),
    md('''
## Grading it

`sudoku_cp.grade.grade` solves the puzzle the way a person would, always with the easiest
technique that makes progress (singles, locked candidates, subsets, fish, wings, chains,
forcing chains, and real trial and error when nothing else applies). The rating is the
hardest step's score on Sudoku Explainer's scale and the level its band (notebook 06
follows a hard puzzle step by step). Beside it, the reference backtracker's search nodes.
'''),
    code('''
rating = grade(made.board)
print("rating:", rating.rating, " level:", rating.level, " hardest:", rating.hardest,
      " solved by logic:", rating.solved_by_logic, " backtracker nodes:", rating.nodes)
for technique, times in rating.techniques.items():
    print(f"  {technique:14} {times:3}")
'''),
    md('''
The same works for other box shapes. A 6×6 puzzle (boxes of 2×3) with a clue pattern that
is symmetric under a half turn:
'''),
    code('''
small = next(generate(1, box=(2, 3), symmetry="rot180", seed=7))
print(f"{small.clues} givens, level {small.level}:", grade(small.board).techniques)
side_by_side(picture(small.board, title="6x6, rot180"),
             picture(small.board, small.solution, title="its solution"))
'''),
]


NOTEBOOKS = {
    "01_sudoku_as_sat.ipynb": SAT,
    "02_sudoku_as_cp.ipynb": CP,
    "03_reference_backtracker.ipynb": BACKTRACK,
    "04_comparing_paradigms.ipynb": COMPARE,
    "05_exactly_one_solution.ipynb": UNIQUE,
}


def notebook(cells) -> "nbformat.NotebookNode":
    nb = nbformat.v4.new_notebook()
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    # Fresh cell ids from a counter, so that rebuilding gives the same files.
    nb.cells = [nbformat.from_dict({**cell, "id": f"cell-{i}"}) for i, cell in enumerate(cells)]
    nbformat.validate(nb)
    return nb


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    check = "--check" in argv
    stale = []
    for name, cells in NOTEBOOKS.items():
        text = nbformat.writes(notebook(cells)) + "\n"
        path = HERE / name
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.write_text(text, encoding="utf-8")
    if stale:
        print("out of date (run python3 notebooks/build.py):", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
